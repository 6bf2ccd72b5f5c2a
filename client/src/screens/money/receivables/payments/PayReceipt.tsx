// The receipt's online payment (spec 1 sections 4, 5, 8), shown on the receipt detail: this file loads the
// payment options and chooses the part to show — the pay form (PayForm.tsx: method choice, card fields,
// summary) or the payment in process (PaymentInProgress.tsx: store and bank instructions, live state).
import { Suspense, useCallback, useEffect, useTransition } from 'react';
import { Group, Loader, Paper, Text } from '@mantine/core';
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { PayReceipt_receipt$data, PayReceipt_receipt$key } from '../../../../__generated__/PayReceipt_receipt.graphql';
import type { PayReceiptQuery } from '../../../../__generated__/PayReceiptQuery.graphql';
import { ErrorBoundary } from '../../../../components/ErrorBoundary.js';
import { PayForm } from './PayForm.js';
import { PaymentInProgress } from './PaymentInProgress.js';

const receiptFragment = graphql`
  fragment PayReceipt_receipt on Receipt {
    id databaseId houseDatabaseId status amount
    documents { paymentInstructions }
    actions { allowPayment allowPayWithWallet }
  }
`;

const optionsQuery = graphql`
  query PayReceiptQuery($receiptId: ID!) {
    receiptPayOptions(receiptId: $receiptId) {
      online
      ...PayForm_options
      ...PaymentInProgress_options
    }
  }
`;

export type PayReceiptData = PayReceipt_receipt$data;

/**
 * The receipt's online payment: the methods with their fees, the card form (tokenized at the gateway,
 * never sent to our server), store and bank references with their instructions, and the live state of
 * a payment in process. Shown to payers of an open receipt when the community takes online payments.
 */
export function PayReceipt({ receipt: key, onReload }: { receipt: PayReceipt_receipt$key; onReload: () => void }) {
  const receipt = useFragment<PayReceipt_receipt$key>(receiptFragment, key);
  const shown = receipt.actions.allowPayment || receipt.status === 'IN_PROGRESS';
  // The options load once the receipt says it may be paid (a route query of their own would fail the
  // whole detail for a receipt the page does not show), and again when its status moves.
  const [queryRef, loadOptions] = useQueryLoader<PayReceiptQuery>(optionsQuery);
  const [, startTransition] = useTransition();
  const refresh = useCallback(
    () =>
      startTransition(() => {
        loadOptions({ receiptId: receipt.id }, { fetchPolicy: 'network-only' });
      }),
    [loadOptions, receipt.id],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status asks the server again
  useEffect(() => {
    if (shown) refresh();
  }, [shown, refresh, receipt.status]);
  const reloadAll = useCallback(() => {
    onReload();
    refresh();
  }, [onReload, refresh]);
  if (!shown) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={<PanelLoading />}>
        {queryRef ? <PayPanel queryRef={queryRef} receipt={receipt} onReload={reloadAll} onRefresh={refresh} /> : <PanelLoading />}
      </Suspense>
    </ErrorBoundary>
  );
}

function PanelLoading() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('payments.pay.loading')}
        </Text>
      </Group>
    </Paper>
  );
}

function PayPanel({
  queryRef,
  receipt,
  onReload,
  onRefresh,
}: {
  queryRef: PreloadedQuery<PayReceiptQuery>;
  receipt: PayReceiptData;
  onReload: () => void;
  onRefresh: () => void;
}) {
  const data = usePreloadedQuery<PayReceiptQuery>(optionsQuery, queryRef);
  const options = data.receiptPayOptions;
  if (!options.online) return null;
  if (receipt.status === 'IN_PROGRESS') return <PaymentInProgress receipt={receipt} options={options} onReload={onReload} />;
  if (!receipt.actions.allowPayment) return null;
  return <PayForm receipt={receipt} options={options} onReload={onReload} onRefresh={onRefresh} />;
}
