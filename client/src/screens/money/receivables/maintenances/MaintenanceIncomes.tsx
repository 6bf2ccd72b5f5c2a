import { useState } from 'react';
import { Alert, Button, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { MaintenanceIncomesQuery } from '../../../../__generated__/MaintenanceIncomesQuery.graphql';
import type { MaintenanceIncomes_query$key } from '../../../../__generated__/MaintenanceIncomes_query.graphql';
import { formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { MaintenanceCaptureDialog } from './MaintenanceCaptureDialog.js';
import { Figure, MAINTENANCES_PATH, methodLabel } from './labels.js';

export const maintenanceIncomesQuery = graphql`
  query MaintenanceIncomesQuery($id: ID!) {
    ...MaintenanceIncomes_query
  }
`;

const maintenanceIncomesFragment = graphql`
  fragment MaintenanceIncomes_query on Query @refetchable(queryName: "MaintenanceIncomesRefetchQuery") {
    node(id: $id) {
      ... on Maintenance {
        id
        databaseId
        description
        ordinary
        summary { receipts paidReceipts charged collected outstanding }
        incomes { total byMethod { paymentMethod receipts amount } }
      }
    }
  }
`;

/**
 * /maintenances/{maintenanceId}/incomes: what the maintenance collected, by payment method, with the total;
 * whoever captures payments records here the payments received for several of its receipts at once.
 */
export default function MaintenanceIncomes({ queryRef }: ScreenProps<MaintenanceIncomesQuery>) {
  const data = usePreloadedQuery<MaintenanceIncomesQuery>(maintenanceIncomesQuery, queryRef);
  return <MaintenanceIncomesView query={data} />;
}

function MaintenanceIncomesView({ query }: { query: MaintenanceIncomes_query$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(maintenanceIncomesFragment, query);
  const [capturing, setCapturing] = useState(false);
  const m = data.node?.id ? data.node : null;
  if (!m?.databaseId) return <Alert color="yellow">{t('maintenances.notFound')}</Alert>;
  const name = m.description ?? '';
  const lines = m.incomes?.byMethod ?? [];
  const summary = m.summary!;
  // Receipts are read to choose them: capturing needs AReceiptsRead beside the capture grant.
  const mayCapture = grants.has('AReceiptsExternalPaymentsCreate') && grants.has('AReceiptsRead') && summary.paidReceipts < summary.receipts;
  const reload = () => refetch({ id: m.id ?? null }, { fetchPolicy: 'network-only' });

  return (
    <Stack maw={880}>
      <PageHeader
        title={t('maintenances.incomesTitle')}
        description={name}
        secondary={{ label: t('maintenances.backToMaintenance'), to: `${MAINTENANCES_PATH}/${m.databaseId}` }}
      >
        {mayCapture && <Button onClick={() => setCapturing(true)}>{t('maintenanceCapture.open')}</Button>}
      </PageHeader>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label={t('maintenances.charged')} value={formatPesos(String(summary.charged))} />
          <Figure label={t('maintenances.collected')} value={formatPesos(String(summary.collected))} />
          <Figure label={t('maintenances.outstanding')} value={formatPesos(String(summary.outstanding))} />
          <Figure label={t('maintenances.paidReceipts')} value={t('maintenances.paidOf', { paid: summary.paidReceipts, count: summary.receipts })} />
        </SimpleGrid>
      </Paper>
      {lines.length === 0 ? (
        <EmptyState title={t('maintenances.noIncomes')} hint={t('maintenances.noIncomesHint')} />
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="sm" data-testid="incomes-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('maintenances.paymentMethodLabel')}</Table.Th>
                <Table.Th ta="right">{t('maintenances.receipts')}</Table.Th>
                <Table.Th ta="right">{t('maintenances.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.paymentMethod}>
                  <Table.Td>{methodLabel(t, line.paymentMethod)}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {line.receipts}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(String(line.amount))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('maintenances.total')}</Table.Th>
                <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {lines.reduce((n, l) => n + l.receipts, 0)}
                </Table.Th>
                <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text fw={700} size="sm">
                    {formatPesos(String(m.incomes?.total ?? '0'))}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayCapture && m.id && <MaintenanceCaptureDialog opened={capturing} maintenanceId={m.id} onClose={() => setCapturing(false)} onDone={reload} />}
    </Stack>
  );
}
