import { useCallback, useEffect, useRef, useTransition } from 'react';
import { Alert, Button, Stack, Table } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceiptCfdisQuery } from '../../../../__generated__/ReceiptCfdisQuery.graphql';
import type { ReceiptCfdis_receipt$key } from '../../../../__generated__/ReceiptCfdis_receipt.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { CfdiTable } from './CfdiTable.js';
import { toCfdiRow } from './cfdiRow.js';
import { useCfdiActions } from './useCfdiActions.js';
import { formatPeriod } from '../../../../format.js';

export const receiptCfdisQuery = graphql`
  query ReceiptCfdisQuery($id: ID!) {
    node(id: $id) { ...ReceiptCfdis_receipt @alias }
  }
`;

const receiptFragment = graphql`
  fragment ReceiptCfdis_receipt on Receipt @refetchable(queryName: "ReceiptCfdisRefetchQuery") {
    id databaseId description year month status houseDatabaseId houseLabel
    cfdiActions { allowGenerateCfdi }
    cfdis { ...cfdiRow_cfdi }
  }
`;

/**
 * /receipts/{receiptId}/cfdis: a receipt's invoices (the valid one, and those cancelled or failed) with the
 * list's row actions (a PPD invoice's payment complements among them), and «Generar CFDI» while the receipt has
 * no valid invoice (paid: PUE; not yet paid, for administrators: PPD). `?cancel=1` (the
 * receipt menu's «Cancelar factura») opens the cancellation of its valid invoice.
 */
export default function ReceiptCfdis({ queryRef }: ScreenProps<ReceiptCfdisQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ReceiptCfdisQuery>(receiptCfdisQuery, queryRef);
  const receipt = data.node?.ReceiptCfdis_receipt ?? null;
  if (!receipt) {
    return (
      <Stack maw={640}>
        <Alert color="yellow">{t('receipts.detail.notFound')}</Alert>
      </Stack>
    );
  }
  return <View receipt={receipt} />;
}

function View({ receipt: key }: { receipt: ReceiptCfdis_receipt$key }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [receipt, refetch] = useRefetchableFragment(receiptFragment, key);
  const [reloading, startTransition] = useTransition();
  const reload = useCallback(
    () =>
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  const actions = useCfdiActions(reload);
  const rows = (receipt.cfdis ?? []).map(toCfdiRow);
  const paid = receipt.status === 'PAID';
  const stamped = rows.find((r) => r.status === 'STAMPED');
  const askCancel = actions.askCancel;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || search.get('cancel') !== '1') return;
    asked.current = true;
    if (stamped && actions.table.may.cancel) askCancel(stamped);
    const next = new URLSearchParams(search);
    next.delete('cancel');
    setSearch(next, { replace: true });
  }, [search, setSearch, stamped, askCancel, actions.table.may.cancel]);

  return (
    <Stack maw={1100} style={{ opacity: reloading ? 0.6 : 1 }}>
      <PageHeader
        title={t('cfdis.receiptTitle')}
        description={t('cfdis.receiptDescription', {
          description: `${receipt.description} · ${formatPeriod(receipt.year, receipt.month)}`,
          house: t('receipts.house', { label: receipt.houseLabel }),
        })}
        secondary={{ label: t('cfdis.backToReceipt'), to: `/houses/${receipt.houseDatabaseId}/receipts/${receipt.databaseId}` }}
      >
        {receipt.cfdiActions.allowGenerateCfdi && !rows.some((r) => r.status === 'ERROR') && (
          <Button loading={actions.generating} onClick={() => void actions.generate(receipt.id)}>
            {t('cfdis.generate')}
          </Button>
        )}
      </PageHeader>
      {!paid && rows.length === 0 && (
        <Alert color="blue">{t(receipt.cfdiActions.allowGenerateCfdi ? 'cfdis.receiptNotPaidAdmin' : 'cfdis.receiptNotPaid')}</Alert>
      )}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <CfdiTable rows={rows} hideReceipt {...actions.table} />
        </Table.ScrollContainer>
      ) : (
        paid && <EmptyState title={t('cfdis.receiptEmpty')} hint={t('cfdis.receiptEmptyHint')} />
      )}
      {actions.dialogs}
    </Stack>
  );
}
