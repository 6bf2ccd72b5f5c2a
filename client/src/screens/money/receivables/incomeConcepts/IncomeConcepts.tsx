import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { IncomeConceptsQuery } from '../../../../__generated__/IncomeConceptsQuery.graphql';
import type { IncomeConcepts_query$data, IncomeConcepts_query$key } from '../../../../__generated__/IncomeConcepts_query.graphql';
import type { IncomeConceptsDeleteMutation } from '../../../../__generated__/IncomeConceptsDeleteMutation.graphql';
import { INCOME_CONCEPT_FLAGS, type IncomeConceptFlag } from '../../../../../../core/incomeConcepts.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { SearchFilter } from '../../../../components/SearchFilter.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { CONCEPTS_PATH } from './paths.js';
import { ConfirmDelete } from '../../../../components/ConfirmDelete.js';

export const incomeConceptsQuery = graphql`
  query IncomeConceptsQuery($first: Int!, $offset: Int!, $description: String) {
    ...IncomeConcepts_query @arguments(first: $first, offset: $offset, description: $description)
  }
`;

const listFragment = graphql`
  fragment IncomeConcepts_query on Query
  @refetchable(queryName: "IncomeConceptsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, description: { type: "String" }) {
    incomeConcepts(first: $first, offset: $offset, filter: { description: $description }) {
      totalCount
      edges {
        node {
          id
          databaseId
          description
          systemKey
          deletable
          increaseBalance
          notifyPayment
          visibleToOwner
          mandatory
          allowAmount
          allowComments
          allowAttachments
          accountingAccount
          wallet { name type }
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation IncomeConceptsDeleteMutation($input: DeleteIncomeConceptInput!) {
    deleteIncomeConcept(input: $input) { __typename ... on Error { code message } ... on MutationDeleteIncomeConceptSuccess { data { deletedId } } }
  }
`;

/** Flag badges: what an administrator needs to tell concepts apart at a glance. */
const BADGE_COLORS: Record<IncomeConceptFlag, string> = {
  increaseBalance: 'teal',
  notifyPayment: 'blue',
  visibleToOwner: 'gray',
  mandatory: 'orange',
  allowAmount: 'violet',
  allowComments: 'cyan',
  allowAttachments: 'gray',
};

type Row = NonNullable<IncomeConcepts_query$data['incomeConcepts']>['edges'][number]['node'];

/** /neighborhood/settings/concepts: the income concepts, filtered by description (?description=) and paged. */
export default function IncomeConcepts({ queryRef, route }: ScreenProps<IncomeConceptsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<IncomeConceptsQuery>(incomeConceptsQuery, queryRef);
  return <IncomeConceptList query={data} route={route} />;
}

function IncomeConceptList({ query, route }: { query: IncomeConcepts_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<IncomeConceptsDeleteMutation>(deleteMutation);
  const [toDelete, setToDelete] = useState<{ id: string; description: string } | null>(null);
  const rows: Row[] = data.incomeConcepts?.edges.map((e) => e.node) ?? [];
  const create = grants.has('CConceptCreate') ? { label: t('concepts.income.create'), to: `${CONCEPTS_PATH}/form` } : null;
  const mayEdit = grants.has('CConceptUpdate');
  const mayDelete = grants.has('CConceptDelete');

  const nameBlock = (row: Row, withWallet = false) => (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {row.description}
        </Text>
        {row.systemKey && (
          <Badge variant="outline" color="gray" size="sm" miw="max-content">
            {t('concepts.income.system')}
          </Badge>
        )}
      </Group>
      {(withWallet || row.accountingAccount) && (
        <Text size="xs" c="dimmed">
          {[withWallet ? row.wallet.name : null, row.accountingAccount ? t('concepts.income.accountShort', { account: row.accountingAccount }) : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );

  // Edit first, delete after it, in the same places on every row.
  const actions = (row: Row) => (
    <Group gap="xs" wrap="nowrap">
      {mayEdit && (
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to={`${CONCEPTS_PATH}/${row.databaseId}/edit`}
          aria-label={t('concepts.income.editNamed', { name: row.description })}
        >
          {t('list.edit')}
        </Button>
      )}
      {mayDelete && row.deletable && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setToDelete({ id: row.id, description: row.description })}
          aria-label={t('concepts.income.deleteNamed', { name: row.description })}
        >
          {t('list.delete')}
        </Button>
      )}
    </Group>
  );

  const confirm = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id } }, 'deleteIncomeConcept', { success: t('concepts.income.deleted') });
    setToDelete(null);
    if (ok) reload();
  };

  return (
    <Stack>
      <PageHeader title={t('concepts.income.title')} description={t('concepts.income.listDescription')} action={create} />
      <SearchFilter name="description" label={t('concepts.income.filter')} maw={360} />
      {/* Phones: one card per concept (a table would scroll sideways). */}
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="concept-cards">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Stack gap={6}>
                {nameBlock(row, true)}
                <Group gap={4}>
                  <FlagBadges row={row} />
                </Group>
                {actions(row)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.incomeConcepts?.totalCount ?? 0}
        empty={
          search.get('description') ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('concepts.income.empty')} action={create} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('concepts.income.description')}</Table.Th>
              <Table.Th>{t('concepts.income.wallet')}</Table.Th>
              <Table.Th>{t('concepts.income.behaviour')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{nameBlock(row)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {row.wallet.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <FlagBadges row={row} />
                  </Group>
                </Table.Td>
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <ConfirmDelete
        opened={!!toDelete}
        title={t('concepts.income.deleteTitle')}
        message={toDelete ? t('concepts.income.deleteConfirm', { name: toDelete.description }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}

function FlagBadges({ row }: { row: Record<IncomeConceptFlag, boolean> }) {
  const { t } = useTranslation();
  // Owners see a concept and may attach files by default: only the exception is worth a badge.
  const on = INCOME_CONCEPT_FLAGS.filter((f) => (f === 'visibleToOwner' || f === 'allowAttachments' ? !row[f] : row[f]));
  if (on.length === 0)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return on.map((f) => (
    <Badge key={f} variant="light" color={BADGE_COLORS[f]} size="sm" miw="max-content">
      {t(`concepts.income.badges.${f}`)}
    </Badge>
  ));
}
