import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUsersQuery } from '../../__generated__/AdminUsersQuery.graphql';
import type { AdminUsersDeleteMutation } from '../../__generated__/AdminUsersDeleteMutation.graphql';
import type { AdminUsersResendMutation } from '../../__generated__/AdminUsersResendMutation.graphql';
import { PagedList, usePage } from '../../components/PagedList.js';
import { searchWithFilter } from '../../components/paging.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';

const query = graphql`
  query AdminUsersQuery($first: Int!, $offset: Int!, $search: String, $roleId: ID) {
    administrationUsers(first: $first, offset: $offset, filter: { search: $search, roleId: $roleId }) {
      totalCount
      edges { node { id databaseId firstName lastName email pending pendingSignup isViewer role { id name } } }
    }
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

type Row = NonNullable<AdminUsersQuery['response']['administrationUsers']>['edges'][number]['node'];

const fullName = (u: { firstName: string; lastName?: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(' ');

export default function AdminUsers() {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search, setSearch] = useSearchParams();
  const { pageSize, offset } = usePage();
  const [fetchKey, setFetchKey] = useState(0);
  const [typed, setTyped] = useState(search.get('search') ?? '');
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const roleDatabaseId = search.get('role');
  const data = useLazyLoadQuery<AdminUsersQuery>(
    query,
    { first: pageSize, offset, search: search.get('search') || null, roleId: roleDatabaseId ? btoa(`CommunityRole:${roleDatabaseId}`) : null },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const remove = useAppMutation<AdminUsersDeleteMutation>(deleteMutation);
  const resend = useAppMutation<AdminUsersResendMutation>(resendMutation);

  const setFilter = (name: string, value: string | null) => setSearch(searchWithFilter(search, name, value));
  const applySearch = useDebouncedCallback((value: string) => setFilter('search', value), 300);

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

  const sendAgain = async (row: Row) => {
    // A refusal (already signed up, too many e-mails) is shown as a danger notice by useAppMutation.
    if (!(await resend.run({ input: { id: row.id } }, 'resendAdministrationSignupCode'))) return;
    notify('success', t('adminUsers.resent'));
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
    const ok = !!(await remove.run({ input: { id: toDelete.id } }, 'deleteAdministrationUser'));
    setToDelete(null);
    if (ok) {
      notify('success', t('adminUsers.deleted'));
      setFetchKey((k) => k + 1);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('adminUsers.title')}</Title>
        {grants.has('CUsersCreate') && (
          <Button component={Link} to="/neighborhood/settings/users/form">
            {t('adminUsers.create')}
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('adminUsers.search')}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            applySearch(e.currentTarget.value);
          }}
          w={320}
        />
        <Select
          label={t('adminUsers.role')}
          placeholder={t('adminUsers.allRoles')}
          clearable
          data={data.administrationRoles.map((r) => ({ value: String(r.databaseId), label: r.name }))}
          value={roleDatabaseId}
          onChange={(value) => setFilter('role', value)}
          w={260}
        />
      </Group>
      <PagedList totalCount={data.administrationUsers?.totalCount ?? 0}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminUsers.name')}</Table.Th>
              <Table.Th>{t('adminUsers.email')}</Table.Th>
              <Table.Th>{t('adminUsers.role')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{row.pending ? row.email : fullName(row)}</Text>
                    {row.pending && (
                      <Badge color="blue" variant="light" size="sm">
                        {t('adminUsers.invited')}
                      </Badge>
                    )}
                    {row.pendingSignup && (
                      <Badge color="yellow" variant="light" size="sm">
                        {t('adminUsers.pending')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{row.role.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
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
          {toDelete ? t('adminUsers.deleteConfirm', { name: toDelete.pending ? t('adminUsers.invited') : fullName(toDelete), email: toDelete.email }) : ''}
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
    </Stack>
  );
}
