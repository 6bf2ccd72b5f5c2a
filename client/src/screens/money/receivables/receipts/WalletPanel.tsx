import { useState } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WalletPanel_balance$key } from '../../../../__generated__/WalletPanel_balance.graphql';
import { money } from '../../../../../../core/money.js';
import { formatPesos } from '../../../../format.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { SimulateSpeiDialog } from './SimulateSpeiDialog.js';

const balanceFragment = graphql`
  fragment WalletPanel_balance on HouseBalance {
    pendingReceipts
    wallets { walletDatabaseId type name balance }
    deposit { gatewayName clabe bankName depositFee sandbox }
  }
`;

/**
 * The house's wallets (spec 1 section 2, wallet panel): the balance of each — positive in the house's
 * favour, negative a debt — and what its pending receipts expect; administrators who authorise balances
 * get the adjustment and transfer screens.
 */
export function WalletPanel({ balance: key, houseId }: { balance: WalletPanel_balance$key; houseId: string | null }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const balance = useFragment(balanceFragment, key);
  const mayAdjust = !!houseId && grants.has('ABalancesAuthorise');
  const [simulating, setSimulating] = useState(false);
  // The sandbox gateway only: administrators may send a pretend SPEI to the house's CLABE.
  const maySimulate = mayAdjust && !!balance.deposit?.sandbox && !!balance.deposit.clabe;
  const walletLabel = (w: { type: string; name: string }) => (w.type === 'MEASURED_SERVICE' ? w.name : t(`receipts.wallet.${w.type}`));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('receipts.wallet.title')} data-testid="wallet-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Text fw={600}>{t('receipts.wallet.title')}</Text>
            <Text size="xs" c="dimmed">
              {t('receipts.wallet.hint')}
            </Text>
          </div>
          {mayAdjust && (
            <Group gap="md">
              <Anchor component={Link} to={`/houses/${houseId}/balance`} size="sm">
                {t('receipts.wallet.adjust')}
              </Anchor>
              <Anchor component={Link} to={`/houses/${houseId}/transfer-balance`} size="sm">
                {t('receipts.wallet.transfer')}
              </Anchor>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, md: Math.min(4, balance.wallets.length + 1) }} spacing="sm">
          {balance.wallets.map((w) => {
            const amount = money(w.balance as string);
            const color = amount.isNegative() ? 'red.7' : amount.isZero() ? undefined : 'green.8';
            return (
              <Stack key={w.walletDatabaseId} gap={0} data-testid={`wallet-${w.type}`}>
                <Text size="sm" c="dimmed">
                  {walletLabel(w)}
                </Text>
                <Text fw={700} fz="lg" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPesos(amount)}
                </Text>
                {!amount.isZero() && (
                  <Text size="xs" c={color}>
                    {amount.isNegative() ? t('receipts.wallet.debt') : t('receipts.wallet.inFavour')}
                  </Text>
                )}
              </Stack>
            );
          })}
          <Stack gap={0} data-testid="wallet-pending">
            <Text size="sm" c="dimmed">
              {t('receipts.wallet.pending')}
            </Text>
            <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPesos(balance.pendingReceipts as string)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('receipts.wallet.pendingHint')}
            </Text>
          </Stack>
        </SimpleGrid>
        {balance.deposit && (
          <Group gap="lg" wrap="wrap" data-testid="wallet-deposit">
            <Text size="sm">
              <Text span c="dimmed">
                {t('receipts.wallet.gateway')}:{' '}
              </Text>
              {balance.deposit.gatewayName}
            </Text>
            {balance.deposit.clabe && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('receipts.wallet.clabe')}:{' '}
                </Text>
                <Text span ff="monospace">
                  {balance.deposit.clabe}
                </Text>
                {balance.deposit.bankName && ` (${balance.deposit.bankName})`}
              </Text>
            )}
            <Text size="sm">
              <Text span c="dimmed">
                {t('receipts.wallet.depositFee')}:{' '}
              </Text>
              {formatPesos(balance.deposit.depositFee as string)}
            </Text>
            {maySimulate && (
              <Button size="compact-sm" variant="light" onClick={() => setSimulating(true)}>
                {t('receipts.wallet.simulate.open')}
              </Button>
            )}
          </Group>
        )}
        {balance.deposit?.clabe && (
          <Text size="xs" c="dimmed">
            {t('receipts.wallet.speiHint')}
          </Text>
        )}
        {maySimulate && houseId && balance.deposit?.clabe && (
          <SimulateSpeiDialog houseId={houseId} clabe={balance.deposit.clabe} opened={simulating} onClose={() => setSimulating(false)} />
        )}
      </Stack>
    </Paper>
  );
}
