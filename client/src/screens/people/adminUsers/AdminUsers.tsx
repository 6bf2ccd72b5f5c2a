import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchFilter } from '../../../components/SearchFilter.js';
import type { AdminUsersQuery } from '../../../__generated__/AdminUsersQuery.graphql';
import type { AdminUsers_query$data, AdminUsers_query$key } from '../../../__generated__/AdminUsers_query.graphql';
import type { AdminUsers_roles$key } from '../../../__generated__/AdminUsers_roles.graphql';
import type { AdminUsersDeleteMutation } from '../../../__generated__/AdminUsersDeleteMutation.graphql';
import type { AdminUsersResendMutation } from '../../../__generated__/AdminUsersResendMutation.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { searchWithFilter } from '../../../components/paging.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { personName } from '../../../../../core/houseLabel.js';

export const adminUsersQuery = graphql`
  query AdminUsersQuery($first: Int!, $offset: Int!, $search: String, $roleId: ID) {
    ...AdminUsers_query @arguments(first: $first, offset: $offset, search: $search, roleId: $roleId)
    ...AdminUsers_roles
  }
`;

const listFragment = graphql`
  fragment AdminUsers_query on Query
  @refetchable(queryName: "AdminUsersRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, search: { type: "String" }, roleId: { type: "ID" }) {
    administrationUsers(first: $first, offset: $offset, filter: { search: $search, roleId: $roleId }) {
      totalCount
      edges { node { id databaseId firstName lastName email pending pendingSignup isViewer role { id name } } }
    }
  }
`;

const rolesFragment = graphql`
  fragment AdminUsers_roles on Query {
    administrationRoles { id databaseId name }
  }
`;

const deleteMutation = graphql`
  mutation AdminUsersDeleteMutation($input: DeleteAdministrationUserInput!) {
    deleteAdministrationUser(input: $input) { __typename ... on Error { code message } ... on MutationDeleteAdministrationUserSuccess { data { deletedId } } }
  }
`;

const resendMutation = graphql`
  mutation AdminUsersResendMutation($input: ResendAdministrationSignupCodeInput!) {
    resendAdministrationSignupCode(input: $input) { __typename ... on Error { code message } ... on MutationResendAdministrationSignupCodeSuccess { data { domain } } }
  }
`;

/** Resend buttons stay disabled this long after a successful send (spec 3 section 4). */
const RESEND_WAIT_MS = 30_000;
const FORM = '/neighborhood/settings/users/form';

type Row = NonNullable<AdminUsers_query$data['administrationUsers']>['edges'][number]['node'];

/** /neighborhood/settings/users: the community's administration accounts, searched (?search=), filtered by role (?role=) and paged. */
export default function AdminUsers({ queryRef, route }: ScreenProps<AdminUsersQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = usePreloadedQuery<AdminUsersQuery>(adminUsersQuery, queryRef);
  return (
    <Stack>
      <PageHeader
        title={t('adminUsers.title')}
        description={t('adminUsers.description')}
        action={grants.has('CUsersCreate') ? { label: t('adminUsers.create'), to: FORM } : null}
      />
      <AdminUserFilters roles={data} />
      <AdminUserList query={data} route={route} />
    </Stack>
  );
}

function AdminUserFilters({ roles: key }: { roles: AdminUsers_roles$key }) {
  const { t } = useTranslation();
  const { administrationRoles } = useFragment(rolesFragment, key);
  const [search, setSearch] = useSearchParams();
  const setFilter = (name: string, value: string | null) => setSearch(searchWithFilter(search, name, value));
  return (
    <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap" maw={620}>
      <SearchFilter name="search" label={t('adminUsers.search')} miw={220} />
      <Select
        label={t('adminUsers.role')}
        placeholder={t('adminUsers.allRoles')}
        clearable
        data={administrationRoles.map((r) => ({ value: String(r.databaseId), label: r.name }))}
        value={search.get('role')}
        onChange={(value) => setFilter('role', value)}
        miw={220}
      />
    </Group>
  );
}

function AdminUserList({ query, route }: { query: AdminUsers_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const remove = useAppMutation<AdminUsersDeleteMutation>(deleteMutation);
  const resend = useAppMutation<AdminUsersResendMutation>(resendMutation);

  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const id of timers.current) clearTimeout(id);
    },
    [],
  );

  const canEdit = grants.has('CUsersUpdate');
  const canDelete = grants.has('CUsersDelete');
  const canResend = grants.has('CUsersUpdate') || grants.has('CUsersCreate');
  const rows = data.administrationUsers?.edges.map((e) => e.node) ?? [];
  const filtered = !!(search.get('search') || search.get('role'));

  const sendAgain = async (row: Row) => {
    // A refusal (already signed up, too many e-mails) is shown as a danger notice by useAppMutation.
    if (!(await resend.run({ input: { id: row.id } }, 'resendAdministrationSignupCode', { success: t('adminUsers.resent') }))) return;
    setWaiting((w) => new Set(w).add(row.id));
    timers.current.push(
      window.setTimeout(
        () =>
          setWaiting((w) => {
            const next = new Set(w);
            next.delete(row.id);
            return next;
          }),
        RESEND_WAIT_MS,
      ),
    );
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const ok = !!(await remove.run({ input: { id: toDelete.id } }, 'deleteAdministrationUser', { success: t('adminUsers.deleted') }));
    setToDelete(null);
    if (ok) reload();
  };

  return (
    <>
      <PagedList
        totalCount={data.administrationUsers?.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState
              title={t('adminUsers.empty')}
              hint={t('adminUsers.emptyHint')}
              action={grants.has('CUsersCreate') ? { label: t('adminUsers.create'), to: FORM } : null}
            />
          )
        }
      >
        <Table striped highlightOnHover style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminUsers.name')}</Table.Th>
              <Table.Th>{t('adminUsers.email')}</Table.Th>
              <Table.Th>{t('adminUsers.role')}</Table.Th>
              <Table.Th>{t('adminUsers.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.pending ? (
                    <Text size="sm" c="dimmed" fs="italic">
                      {t('adminUsers.unknownName')}
                    </Text>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {personName(row)}
                      </Text>
                      {row.isViewer && (
                        <Badge variant="outline" color="gray" size="xs" miw="max-content">
                          {t('adminUsers.you')}
                        </Badge>
                      )}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{row.role.name}</Table.Td>
                <Table.Td>
                  {row.pending ? (
                    <Badge color="blue" variant="light" size="sm" miw="max-content">
                      {t('adminUsers.invited')}
                    </Badge>
                  ) : row.pendingSignup ? (
                    <Badge color="yellow" variant="light" size="sm" miw="max-content">
                      {t('adminUsers.pending')}
                    </Badge>
                  ) : (
                    <Badge color="green" variant="light" size="sm" miw="max-content">
                      {t('adminUsers.active')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {canResend && (row.pendingSignup || row.pending) && (
                      <Button size="xs" variant="subtle" onClick={() => void sendAgain(row)} disabled={waiting.has(row.id)} loading={resend.inFlight}>
                        {t('adminUsers.resend')}
                      </Button>
                    )}
                    {canEdit && (
                      <Button size="xs" variant="subtle" component={Link} to={`/neighborhood/settings/users/${row.databaseId}/edit`}>
                        {t('list.edit')}
                      </Button>
                    )}
                    {canDelete && !row.isViewer && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(row)}>
                        {t('list.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={t('adminUsers.deleteTitle')}>
        <Text>
          {toDelete ? t('adminUsers.deleteConfirm', { name: toDelete.pending ? t('adminUsers.invited') : personName(toDelete), email: toDelete.email }) : ''}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.inFlight}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
