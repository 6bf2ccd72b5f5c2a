import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseCfdiQuery } from '../../../../../__generated__/ExpenseCfdiQuery.graphql';
import type { ExpenseCfdi_query$key } from '../../../../../__generated__/ExpenseCfdi_query.graphql';
import type { ExpenseCfdiAddMutation } from '../../../../../__generated__/ExpenseCfdiAddMutation.graphql';
import { useAppMutation } from '../../../../../components/mutations.js';
import { PageHeader } from '../../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../../router/screenRoute.js';
import { ProcessCfdiButton } from './ProcessCfdiButton.js';
import type { CfdiTax, ProcessedCfdiDetails } from './processCfdi.js';
import { sameMoney } from '../../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../../format.js';

export const expenseCfdiQuery = graphql`
  query ExpenseCfdiQuery($id: ID!) {
    ...ExpenseCfdi_query
  }
`;

const expenseCfdiFragment = graphql`
  fragment ExpenseCfdi_query on Query {
    node(id: $id) {
      ... on Expense { id databaseId status invoiced serie folio description total provider { name } }
    }
  }
`;

const addMutation = graphql`
  mutation ExpenseCfdiAddMutation($input: AddExpenseCfdiInput!) {
    addExpenseCfdi(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAddExpenseCfdiSuccess { data { id uuid processed } }
    }
  }
`;

const taxes = (list: readonly CfdiTax[]) =>
  list.map((t) => `${t.taxCode === '002' ? 'IVA' : t.taxCode === '001' ? 'ISR' : 'IEPS'} ${formatPesos(t.amount)}`).join(', ');

/** /expenses/{expenseId}/cfdi: upload a provider's XML, check what it says, add it to the approved expense. */
export default function ExpenseCfdi({ queryRef }: ScreenProps<ExpenseCfdiQuery>) {
  const data = usePreloadedQuery<ExpenseCfdiQuery>(expenseCfdiQuery, queryRef);
  return <ExpenseCfdiView query={data} />;
}

function ExpenseCfdiView({ query }: { query: ExpenseCfdi_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const expense = useFragment(expenseCfdiFragment, query).node;
  const [cfdi, setCfdi] = useState<ProcessedCfdiDetails | null>(null);
  const { run, inFlight, error } = useAppMutation<ExpenseCfdiAddMutation>(addMutation);

  if (!expense?.id) return <Alert color="yellow">{t('expenseCfdis.notFound')}</Alert>;
  const accepts = expense.status === 'APPROVED' && !expense.invoiced;
  const label = [expense.serie, expense.folio].filter((x) => x != null && x !== '').join('-') || `#${expense.databaseId}`;

  const confirm = async () => {
    if (!cfdi) return;
    const done = await run({ input: { expenseId: expense.id as string, cfdiId: cfdi.id } }, 'addExpenseCfdi', { success: t('expenseCfdis.added') });
    if (done) navigate(`/expenses/${expense.databaseId}/detail`);
  };

  return (
    <Stack>
      <PageHeader title={t('expenseCfdis.title', { expense: label })} description={t('expenseCfdis.description')} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text size="sm">
            <b>{t('expenseCfdis.provider')}:</b> {expense.provider?.name ?? '—'}
          </Text>
          <Text size="sm">
            <b>{t('expenseCfdis.total')}:</b> {formatPesos(expense.total)}
          </Text>
          <Text size="sm">
            <b>{t('expenseCfdis.status')}:</b> <Badge variant="light">{t(`expenseCfdis.statuses.${expense.status}`, { defaultValue: expense.status })}</Badge>
          </Text>
        </SimpleGrid>
      </Paper>
      {!accepts ? (
        <Alert color="yellow">{t('expenseCfdis.notAccepted')}</Alert>
      ) : (
        <>
          <Group>
            <ProcessCfdiButton onProcessed={(c) => setCfdi(c as ProcessedCfdiDetails)} />
            <Text size="sm" c="dimmed">
              {t('expenseCfdis.hint')}
            </Text>
          </Group>
          {cfdi && (
            <Paper withBorder p="md" data-testid="cfdi-preview">
              <Stack>
                <Title order={4}>{t('expenseCfdis.read')}</Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Text size="sm">
                    <b>{t('expenseCfdis.uuid')}:</b> {cfdi.uuid}
                  </Text>
                  <Text size="sm">
                    <b>{t('expenseCfdis.issuer')}:</b> {cfdi.issuerName ?? ''} ({cfdi.issuerRfc})
                  </Text>
                  <Text size="sm">
                    <b>{t('expenseCfdis.issueDate')}:</b> {formatDate(cfdi.issueDate)} · CFDI {cfdi.version}
                  </Text>
                  <Text size="sm">
                    <b>{t('expenseCfdis.file')}:</b> {cfdi.originalFileName}
                  </Text>
                </SimpleGrid>
                {!cfdi.provider && <Alert color="yellow">{t('expenseCfdis.unknownProvider', { rfc: cfdi.issuerRfc })}</Alert>}
                <Table.ScrollContainer minWidth={640}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('expenseCfdis.concept')}</Table.Th>
                        <Table.Th>{t('expenseCfdis.satKey')}</Table.Th>
                        <Table.Th ta="right">{t('expenseCfdis.quantity')}</Table.Th>
                        <Table.Th ta="right">{t('expenseCfdis.unitPrice')}</Table.Th>
                        <Table.Th ta="right">{t('expenseCfdis.discount')}</Table.Th>
                        <Table.Th ta="right">{t('expenseCfdis.amount')}</Table.Th>
                        <Table.Th>{t('expenseCfdis.taxes')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {cfdi.lines.map((line, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one CFDI never move
                        <Table.Tr key={i}>
                          <Table.Td>{line.description}</Table.Td>
                          <Table.Td>{line.satProductKey}</Table.Td>
                          <Table.Td ta="right">{line.quantity}</Table.Td>
                          <Table.Td ta="right">{formatPesos(line.unitPrice)}</Table.Td>
                          <Table.Td ta="right">{formatPesos(line.discount)}</Table.Td>
                          <Table.Td ta="right">{formatPesos(line.amount)}</Table.Td>
                          <Table.Td>
                            {taxes(line.transferred)}
                            {line.retained.length ? ` · ${t('expenseCfdis.retained')}: ${taxes(line.retained)}` : ''}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="flex-end" gap="xl">
                  <Text size="sm">
                    {t('expenseCfdis.subtotal')}: {formatPesos(cfdi.subtotal)}
                  </Text>
                  <Text size="sm">
                    {t('expenseCfdis.discount')}: {formatPesos(cfdi.discount)}
                  </Text>
                  <Text fw={700}>
                    {t('expenseCfdis.total')}: {formatPesos(cfdi.total)}
                  </Text>
                </Group>
                {!sameMoney(cfdi.total, expense.total as string) && <Alert color="yellow">{t('expenseCfdis.totalDiffers')}</Alert>}
                {error && (
                  <Alert color="red" role="alert">
                    {error.message}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setCfdi(null)}>
                    {t('expenseCfdis.cancel')}
                  </Button>
                  <Button onClick={() => void confirm()} loading={inFlight}>
                    {t('expenseCfdis.confirm')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
