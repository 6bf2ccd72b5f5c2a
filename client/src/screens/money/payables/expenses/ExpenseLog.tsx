import { Anchor, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseLogQuery } from '../../../../__generated__/ExpenseLogQuery.graphql';
import type { ExpenseLog_query$key } from '../../../../__generated__/ExpenseLog_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { formatDateTime } from '../../../../format.js';
import { folioText } from './Expenses.js';
import { logDetails } from './logDetails.js';
import { EXPENSES_PATH, expenseDetailPath } from './paths.js';

export const expenseLogQuery = graphql`
  query ExpenseLogQuery($id: ID!) {
    ...ExpenseLog_query
  }
`;

const expenseLogFragment = graphql`
  fragment ExpenseLog_query on Query {
    node(id: $id) {
      ... on Expense {
        databaseId serie folio
        log { id action userName data createdAt }
      }
    }
  }
`;

/** /expenses/{id}/log: every action on the expense (its own and those of attachments, CFDIs, groups, withdrawals). */
export default function ExpenseLog({ queryRef }: ScreenProps<ExpenseLogQuery>) {
  const data = usePreloadedQuery<ExpenseLogQuery>(expenseLogQuery, queryRef);
  return <ExpenseLogView query={data} />;
}

function ExpenseLogView({ query }: { query: ExpenseLog_query$key }) {
  const { t, i18n } = useTranslation();
  const data = useFragment(expenseLogFragment, query);
  const node = data.node;
  const e = node?.databaseId != null ? { ...node, databaseId: node.databaseId } : null;
  if (!e) return <EmptyState title={t('expenses.empty')} hint="" action={{ label: t('expenses.detailScreen.back'), to: EXPENSES_PATH }} />;
  const actionText = (action: string) => (i18n.exists(`expenses.logScreen.actions.${action}`) ? t(`expenses.logScreen.actions.${action}`) : action);
  return (
    <Stack>
      <PageHeader title={t('expenses.logScreen.title', { folio: folioText(e) })} description={t('expenses.logScreen.description')} />
      {e.log?.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('expenses.logScreen.when')}</Table.Th>
                <Table.Th>{t('expenses.logScreen.who')}</Table.Th>
                <Table.Th>{t('expenses.logScreen.action')}</Table.Th>
                <Table.Th>{t('expenses.logScreen.data')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.log.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.createdAt)}</Table.Td>
                  <Table.Td>{l.userName ?? '—'}</Table.Td>
                  <Table.Td>{actionText(l.action)}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {logDetails(l.data, t, (key) => i18n.exists(key)).map((d) => (
                        <Text key={d.label} size="sm">
                          <Text span c="dimmed" size="sm">
                            {d.label}:
                          </Text>{' '}
                          {d.value}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <EmptyState title={t('expenses.logScreen.empty')} hint="" />
      )}
      <Anchor component={Link} to={expenseDetailPath(e.databaseId)}>
        {t('expenses.detail')}
      </Anchor>
    </Stack>
  );
}
