// A payment in process (spec 1 sections 4 and 8): the store reference or bank transfer details with their
// instructions, a card payment waiting for 3-D Secure, and the live state over the subscription.
import { useMemo } from 'react';
import { Alert, Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment, useSubscription } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { PaymentInProgress_options$key } from '../../../../__generated__/PaymentInProgress_options.graphql';
import type { PaymentInProgressVerifyMutation } from '../../../../__generated__/PaymentInProgressVerifyMutation.graphql';
import type { PaymentInProgressUpdatesSubscription } from '../../../../__generated__/PaymentInProgressUpdatesSubscription.graphql';
import { formatPesos } from '../../../../format.js';
import { PAYMENT_MESSAGES } from '../../../../../../core/payments.js';
import { downloadFile } from '../../../../components/download.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { documentFileName, documentUrl } from '../receipts/documents.js';
import { isRedirectUrl } from './payForm.js';
import type { PayReceiptData } from './PayReceipt.js';
import { Row } from './payParts.js';

const optionsFragment = graphql`
  fragment PaymentInProgress_options on ReceiptPayOptions {
    latestCharge {
      chargeId status method amount fee total reference redirectUrl authorization errorCode errorMessage message failedAttempts
      instructions { type reference barcodeUrl clabe bank name agreement }
    }
  }
`;

const verifyMutation = graphql`
  mutation PaymentInProgressVerifyMutation($input: VerifyReceiptChargeInput!) {
    verifyReceiptCharge(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationVerifyReceiptChargeSuccess { data { message charge { status } } }
    }
  }
`;

const updatesSubscription = graphql`
  subscription PaymentInProgressUpdatesSubscription($receiptId: ID!) {
    receiptPaymentUpdated(receiptId: $receiptId) { receiptId chargeId status at }
  }
`;

export function PaymentInProgress({
  receipt,
  options: key,
  onReload,
}: {
  receipt: PayReceiptData;
  options: PaymentInProgress_options$key;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const options = useFragment(optionsFragment, key);
  const charge = options.latestCharge?.status === 'IN_PROGRESS' ? options.latestCharge : null;
  const verify = useAppMutation<PaymentInProgressVerifyMutation>(verifyMutation);
  const instructions = charge?.instructions ?? null;

  const subscription = useMemo<GraphQLSubscriptionConfig<PaymentInProgressUpdatesSubscription>>(
    () => ({
      subscription: updatesSubscription,
      variables: { receiptId: receipt.id },
      onNext: (payload) => {
        const status = payload?.receiptPaymentUpdated.status;
        if (status === 'COMPLETED') notify('success', t('payments.inProgress.completed'));
        onReload();
      },
    }),
    [receipt.id, onReload, t],
  );
  useSubscription<PaymentInProgressUpdatesSubscription>(subscription);

  // The server's answer, whichever it is, reloads what the page shows; a failed call does not.
  const check = async () => {
    const answer = { typedError: false };
    const result = await verify.run({ input: { receiptId: receipt.id } }, 'verifyReceiptCharge', {
      success: (done: PaymentInProgressVerifyMutation['response']['verifyReceiptCharge']) =>
        done?.__typename === 'MutationVerifyReceiptChargeSuccess' && done.data
          ? [done.data.charge?.status === 'COMPLETED' ? 'success' : 'info', done.data.message]
          : null,
      onTypedError: (failure) => {
        answer.typedError = true;
        notify('danger', failure.message ?? '');
      },
    });
    if (result || answer.typedError) onReload();
  };

  const downloadInstructions = async () => {
    const neighborhoodId = session.neighborhood?.databaseId;
    if (!neighborhoodId) return;
    const result = await downloadFile(
      documentUrl(neighborhoodId, receipt.houseDatabaseId, receipt.databaseId, 'paymentInstructions'),
      documentFileName(receipt.databaseId, 'paymentInstructions'),
    );
    if (!result.ok) notify('danger', t('receipts.documents.failed'));
  };

  const isStore = instructions?.type === 'store';
  const isBank = instructions?.type === 'bank_transfer';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('payments.inProgress.title')} data-testid="payment-in-progress">
      <Stack gap="sm">
        <Title order={4}>{isStore ? t('payments.inProgress.storeTitle') : isBank ? t('payments.inProgress.bankTitle') : t('payments.inProgress.title')}</Title>
        <Alert color="yellow" variant="light">
          {charge?.reference ? PAYMENT_MESSAGES.inProcess : (charge?.message ?? PAYMENT_MESSAGES.inProcess)}
        </Alert>
        {charge && (isStore || isBank) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={6}>
              {isStore && (
                <Row
                  label={t('payments.inProgress.reference')}
                  value={instructions?.reference ?? charge.reference ?? ''}
                  strong
                  mono
                  testId="store-reference"
                />
              )}
              {isBank && (
                <>
                  <Row label={t('payments.inProgress.clabe')} value={instructions?.clabe ?? charge.reference ?? ''} strong mono testId="bank-clabe" />
                  {instructions?.bank && <Row label={t('payments.inProgress.bank')} value={instructions.bank} />}
                  {instructions?.name && <Row label={t('payments.inProgress.beneficiary')} value={instructions.name} />}
                  {instructions?.agreement && <Row label={t('payments.inProgress.agreement')} value={instructions.agreement} />}
                </>
              )}
              <Row label={t('payments.inProgress.amount')} value={formatPesos(charge.total as string)} strong testId="in-progress-total" />
              <Text size="xs" c="dimmed">
                {isStore ? t('payments.inProgress.storeHint') : t('payments.inProgress.bankHint')}
              </Text>
            </Stack>
            {isStore && instructions?.barcodeUrl && (
              <Image
                src={instructions.barcodeUrl}
                alt={t('payments.inProgress.barcode', { reference: instructions.reference ?? '' })}
                fit="contain"
                mah={110}
                bg="white"
                p="xs"
                radius="sm"
              />
            )}
          </SimpleGrid>
        )}
        {charge?.method === 'CARD' && <Text size="sm">{t('payments.inProgress.cardPending')}</Text>}
        <Group gap="sm" wrap="wrap">
          {charge?.method === 'CARD' && isRedirectUrl(charge.redirectUrl) && (
            <Button onClick={() => window.location.assign(charge.redirectUrl!)}>{t('payments.inProgress.continue3ds')}</Button>
          )}
          {receipt.documents.paymentInstructions && (isStore || isBank) && (
            <Button variant="light" onClick={() => void downloadInstructions()}>
              {t('payments.inProgress.instructions')}
            </Button>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => void check()} disabled={verify.inFlight}>
            {t('payments.inProgress.check')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          {t('payments.inProgress.live')}
        </Text>
      </Stack>
    </Paper>
  );
}
