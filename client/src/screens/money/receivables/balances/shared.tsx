// What the balance screens share: the wallets as cards, signed amounts, the idempotency key of a money write
// and Spanish dates.
import { useRef } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { money } from '../../../../../../core/money.js';
import { formatPesos } from '../../../../format.js';

export interface WalletView {
  walletDatabaseId: number;
  name: string;
  type: string;
  balance: string;
}

/** Green in the house's favour, red a debt, plain at zero. */
export function amountColor(value: string): string | undefined {
  const m = money(value);
  return m.isZero() ? undefined : m.isNegative() ? 'red.8' : 'green.8';
}

/** The wallets of a house with their balances: positive in the house's favour, negative a debt. */
export function WalletCards({ wallets, pendingReceipts }: { wallets: readonly WalletView[]; pendingReceipts?: string | null }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(4, wallets.length + (pendingReceipts ? 1 : 0)) }} spacing="sm" data-testid="wallets">
      {wallets.map((w) => (
        <Paper
          key={w.walletDatabaseId}
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          data-testid={`wallet-${w.type}`}
          aria-label={w.name}
          component="section"
        >
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {w.name}
            </Text>
            <Text fz={{ base: 'lg', sm: 24 }} fw={700} c={amountColor(w.balance)} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
              {formatPesos(w.balance)}
            </Text>
            <Text size="xs" c="dimmed">
              {balanceMeaning(t, w.balance)}
            </Text>
          </Stack>
        </Paper>
      ))}
      {pendingReceipts && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="gray.0" component="section" aria-label={t('balances.pendingReceipts')}>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('balances.pendingReceipts')}
            </Text>
            <Text fz={{ base: 'lg', sm: 24 }} fw={700} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
              {formatPesos(pendingReceipts)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('balances.pendingReceiptsHint')}
            </Text>
          </Stack>
        </Paper>
      )}
    </SimpleGrid>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

export function balanceMeaning(t: T, value: string): string {
  const m = money(value);
  return m.isZero() ? t('balances.settled') : m.isNegative() ? t('balances.debt') : t('balances.inFavour');
}

/** A wallet's name with its balance, for the choices of a form. */
export function walletOption(w: WalletView): { value: string; label: string } {
  return { value: String(w.walletDatabaseId), label: `${w.name} · ${formatPesos(w.balance)}` };
}

/** A random key (works outside secure contexts, where crypto.randomUUID is missing). */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The idempotency key of a money write: the same while the same values are sent again (a retry after a
 * lost answer writes once), a new one for other values or after a success.
 */
export function useAttemptKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(values: unknown): string {
      const body = JSON.stringify(values);
      if (last.current?.body !== body) last.current = { body, key: randomKey() };
      return last.current.key;
    },
    done() {
      last.current = null;
    },
  };
}
