import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { SimulateSpeiDialogMutation } from '../../../../__generated__/SimulateSpeiDialogMutation.graphql';
import { parseMoney } from '../../../../../../core/money.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { globalId } from '../../../../relay/ids.js';
import { newIdempotencyKey } from './receiptTexts.js';

const simulateMutation = graphql`
  mutation SimulateSpeiDialogMutation($input: SimulateSpeiTransferInput!) {
    simulateSpeiTransfer(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationSimulateSpeiTransferSuccess { data { message transactionId credited } }
    }
  }
`;

/** The wallet panel read again (the same root field as the screen's, so the panel shows the new balance). */
const refreshQuery = graphql`
  query SimulateSpeiDialogRefreshQuery($houseId: ID) {
    houseBalance(houseId: $houseId) { ...WalletPanel_balance }
  }
`;

/** When the panel is read again after a simulated transfer: the gateway's notification arrives through its job. */
const REFRESH_AFTER_MS = [1_000, 3_000, 6_000];

/**
 * «Simular transferencia SPEI» (sandbox gateway, administrators): the sandbox sends a transfer to the house's
 * CLABE and notifies it as the real gateway would; the wallet panel is read again while the notification arrives.
 */
export function SimulateSpeiDialog({ houseId, clabe, opened, onClose }: { houseId: string; clabe: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const { run, inFlight } = useAppMutation<SimulateSpeiDialogMutation>(simulateMutation);
  const [amount, setAmount] = useState('');
  // One transfer per amount typed: a double click or a retry after a lost answer sends the same key.
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const value = parseMoney(amount.replace(/[$,\s]/g, ''));
    if (!value || value.lte(0)) {
      setError(t('receipts.wallet.simulate.amountInvalid'));
      return;
    }
    setError(null);
    const result = await run({ input: { houseId: globalId('House', houseId), amount: value.toFixed(2), idempotencyKey: key } }, 'simulateSpeiTransfer', {
      success: (r: any) => r?.data?.message ?? null,
      onTypedError: (failure) => setError(failure.issues?.[0]?.message ?? failure.message ?? null),
    });
    if (!result) return;
    setAmount('');
    setKey(newIdempotencyKey());
    onClose();
    for (const ms of REFRESH_AFTER_MS) {
      setTimeout(() => {
        fetchQuery(environment, refreshQuery, { houseId: globalId('House', houseId) }, { fetchPolicy: 'network-only' }).subscribe({ error: () => undefined });
      }, ms);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('receipts.wallet.simulate.title')} size="md">
      <Stack gap="sm">
        <Text size="sm">{t('receipts.wallet.simulate.description', { clabe })}</Text>
        <TextInput
          label={t('receipts.wallet.simulate.amount')}
          value={amount}
          onChange={(e) => {
            setAmount(e.currentTarget.value);
            setKey(newIdempotencyKey());
          }}
          inputMode="decimal"
          placeholder="1500.00"
          maxLength={20}
          error={error}
          data-autofocus
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('receipts.wallet.simulate.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={inFlight}>
            {t('receipts.wallet.simulate.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
