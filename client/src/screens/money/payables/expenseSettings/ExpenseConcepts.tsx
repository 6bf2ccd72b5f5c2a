import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseConceptsQuery } from '../../../../__generated__/ExpenseConceptsQuery.graphql';
import type { ExpenseConcepts_query$key } from '../../../../__generated__/ExpenseConcepts_query.graphql';
import type { ExpenseConceptsDeleteMutation } from '../../../../__generated__/ExpenseConceptsDeleteMutation.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { SearchFilter } from '../../../../components/SearchFilter.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { EXPENSE_CONCEPTS_PATH, EXPENSE_SETTINGS_PATH } from './paths.js';
import { ConfirmDelete } from '../../../../components/ConfirmDelete.js';

export const expenseConceptsQuery = graphql`
  query ExpenseConceptsQuery($first: Int!, $offset: Int!, $name: String) {
    ...ExpenseConcepts_query @arguments(first: $first, offset: $offset, name: $name)
  }
`;

const listFragment = graphql`
  fragment ExpenseConcepts_query on Query
  @refetchable(queryName: "ExpenseConceptsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }) {
    expenseConcepts(first: $first, offset: $offset, filter: { concept: $name }) {
      totalCount
      edges { node { id databaseId concept internalId } }
    }
  }
`;

const deleteMutation = graphql`
  mutation ExpenseConceptsDeleteMutation($input: DeleteExpenseConceptInput!) {
    deleteExpenseConcept(input: $input) { __typename ... on Error { code message } ... on MutationDeleteExpenseConceptSuccess { data { deletedId } } }
  }
`;

interface Row {
  id: string;
  databaseId: number;
  concept: string;
  internalId: string | null;
}

/** /neighborhood/settings/expenses/concepts: what expenses are classified by, filtered by name or internal id (?name=) and paged. */
export default function ExpenseConcepts({ queryRef, route }: ScreenProps<ExpenseConceptsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ExpenseConceptsQuery>(expenseConceptsQuery, queryRef);
  return <ExpenseConceptList query={data} route={route} />;
}

function ExpenseConceptList({ query, route }: { query: ExpenseConcepts_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<ExpenseConceptsDeleteMutation>(deleteMutation);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const mayWrite = grants.has('CExpensesUpdate');
  const rows: Row[] = data.expenseConcepts?.edges.map(({ node }) => ({ ...node, internalId: node.internalId ?? null })) ?? [];
  const create = mayWrite ? { label: t('concepts.expenseConcepts.create'), to: `${EXPENSE_CONCEPTS_PATH}/form` } : null;

  const confirm = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id } }, 'deleteExpenseConcept', { success: t('concepts.expenseConcepts.deleted') });
    setToDelete(null);
    if (ok) reload();
  };

  const actions = (row: Row) =>
    mayWrite && (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to={`${EXPENSE_CONCEPTS_PATH}/${row.databaseId}/edit`}
          aria-label={t('concepts.expenseConcepts.editNamed', { name: row.concept })}
        >
          {t('list.edit')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setToDelete(row)}
          aria-label={t('concepts.expenseConcepts.deleteNamed', { name: row.concept })}
        >
          {t('list.delete')}
        </Button>
      </Group>
    );
  const internalId = (row: Row) =>
    row.internalId ?? (
      <Text span c="dimmed">
        —
      </Text>
    );

  return (
    <Stack>
      <PageHeader
        title={t('concepts.expenseConcepts.title')}
        description={t('concepts.expenseConcepts.listDescription')}
        action={create}
        secondary={{ label: t('concepts.expenseConcepts.toSettings'), to: EXPENSE_SETTINGS_PATH }}
      />
      <SearchFilter name="name" label={t('concepts.expenseConcepts.filter')} maw={360} />
      {/* Phones: one card per concept (a table would scroll sideways). */}
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {row.concept}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('concepts.expenseConcepts.internalId')}: {internalId(row)}
                  </Text>
                </div>
                {actions(row)}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.expenseConcepts?.totalCount ?? 0}
        empty={
          search.get('name') ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('concepts.expenseConcepts.empty')} hint={t('concepts.expenseConcepts.emptyHint')} action={create} />
          )
        }
      >
        <Table striped highlightOnHover visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('concepts.expenseConcepts.concept')}</Table.Th>
              <Table.Th>{t('concepts.expenseConcepts.internalId')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.concept}</Table.Td>
                <Table.Td>{internalId(row)}</Table.Td>
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <ConfirmDelete
        opened={!!toDelete}
        title={t('concepts.expenseConcepts.deleteTitle')}
        message={toDelete ? t('concepts.expenseConcepts.deleteConfirm', { name: toDelete.concept }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
