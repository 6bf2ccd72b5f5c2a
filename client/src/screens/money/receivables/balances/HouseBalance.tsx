import { useMemo } from 'react';
import { Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { HouseBalanceQuery } from '../../../../__generated__/HouseBalanceQuery.graphql';
import type { HouseBalance_query$key } from '../../../../__generated__/HouseBalance_query.graphql';
import type { HouseBalanceAdjustMutation } from '../../../../__generated__/HouseBalanceAdjustMutation.graphql';
import { MONEY_PATTERN, money, parseMoney } from '../../../../../../core/money.js';
import { formatDateTime, formatPesos } from '../../../../format.js';
import { boundedText } from '../../../../../../core/input.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { amountColor, useAttemptKey, WalletCards } from './shared.js';
import { LEDGER_ROWS } from './variables.js';

export const houseBalanceQuery = graphql`
  query HouseBalanceQuery($houseId: ID!, $ledgerRows: Int!) {
    ...HouseBalance_query
  }
`;

const houseBalanceFragment = graphql`
  fragment HouseBalance_query on Query {
    house: node(id: $houseId) { ... on House { label } }
    houseBalance(houseId: $houseId) {
      pendingReceipts
      wallets { walletDatabaseId name type balance }
    }
    houseLedger(houseId: $houseId, first: $ledgerRows) {
      edges { node { databaseId kind amount walletName reason authorizedBy createdAt paymentMethod receiptId } }
    }
  }
`;

const adjustMutation = graphql`
  mutation HouseBalanceAdjustMutation($input: AdjustHouseBalanceInput!) {
    adjustHouseBalance(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationAdjustHouseBalanceSuccess { data { message } }
    }
  }
`;

/** The database id of a receipt from its global id ("Receipt:123" in base64). */
function receiptNumber(id: string | null | undefined): string | null {
  if (!id) return null;
  try {
    return /^Receipt:(\d+)$/.exec(atob(id))?.[1] ?? null;
  } catch {
    return null;
  }
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The adjustment form: a wallet, a signed amount other than zero (negative is a charge) and its reason. */
export function adjustmentSchema(t: T) {
  return z.object({
    walletId: z.string({ error: t('balances.walletRequired') }).min(1, t('balances.walletRequired')),
    amount: z
      .string()
      .trim()
      .min(1, t('balances.amountRequired'))
      .refine((v) => {
        const m = MONEY_PATTERN.test(v) ? parseMoney(v) : null;
        return !!m && !m.isZero();
      }, t('balances.adjustAmountInvalid')),
    reason: boundedText(500, t('balances.reasonSubject'), { required: true }),
  });
}

/** /houses/{houseId}/balance (ABalancesAuthorise): the house's wallets, an authorised adjustment with its reason, the latest movements. */
export default function HouseBalance({ queryRef }: ScreenProps<HouseBalanceQuery>) {
  const data = usePreloadedQuery<HouseBalanceQuery>(houseBalanceQuery, queryRef);
  return <HouseBalanceView query={data} />;
}

function HouseBalanceView({ query }: { query: HouseBalance_query$key }) {
  const { t } = useTranslation();
  const { houseId = '' } = useParams();
  const { grants } = useSession();
  const navigate = useNavigate();
  const data = useFragment(houseBalanceFragment, query);
  const wallets = data.houseBalance.wallets;
  const ledger = data.houseLedger.edges.map((e) => e.node);
  const schema = useMemo(() => adjustmentSchema(t), [t]);
  const ordinary = wallets.find((w) => w.type === 'ORDINARY') ?? wallets[0];
  const form = useZodForm(schema, { defaultValues: { walletId: ordinary ? String(ordinary.walletDatabaseId) : '', amount: '', reason: '' } });
  const adjust = useAppMutation<HouseBalanceAdjustMutation>(adjustMutation);
  const attempt = useAttemptKey();
  const chosen = wallets.find((w) => String(w.walletDatabaseId) === form.watch('walletId'));
  const typed = parseMoney(form.watch('amount') ?? '');
  const base = `/houses/${houseId}`;
  // What a movement was: its reason or how it was paid, and the receipt it belongs to.
  const detail = (e: { reason: string | null | undefined; paymentMethod: string | null | undefined; receiptId: string | null | undefined }) => {
    const text = e.reason ?? (e.paymentMethod ? t(`balances.methods.${e.paymentMethod}`) : null);
    const receipt = receiptNumber(e.receiptId);
    if (!text && !receipt) return null;
    return (
      <>
        {text}
        {text && receipt ? ' · ' : ''}
        {receipt && (
          <Anchor component={Link} to={`${base}/receipts/${receipt}`} inherit>
            {t('balances.receiptNumber', { number: receipt })}
          </Anchor>
        )}
      </>
    );
  };

  const submit = form.handleSubmit(async (values) => {
    const input = { houseId: globalId('House', houseId), walletId: Number(values.walletId), amount: values.amount, reason: values.reason };
    const result = await adjust.run({ input: { ...input, idempotencyKey: attempt.keyFor(input) } }, 'adjustHouseBalance', {
      form: form as never,
      success: (r: { data?: { message?: string } }) => r.data?.message ?? t('balances.adjusted'),
    });
    if (result) {
      attempt.done();
      navigate(`${base}/receipts`);
    }
  });

  return (
    <Stack maw={1100}>
      <PageHeader
        title={t('balances.title')}
        description={data.house?.label ? t('balances.houseOf', { label: data.house.label }) : t('balances.description')}
        secondary={{ label: t('balances.toReceipts'), to: `${base}/receipts` }}
      >
        {grants.has('AStatementsRead') && (
          <Button variant="default" component={Link} to={`${base}/statements`}>
            {t('balances.toStatement')}
          </Button>
        )}
        <Button variant="default" component={Link} to={`${base}/transfer-balance`}>
          {t('balances.toTransfer')}
        </Button>
      </PageHeader>
      <WalletCards wallets={wallets} pendingReceipts={data.houseBalance.pendingReceipts as string} />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="adjust-title">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={3} fz="h4" id="adjust-title">
                {t('balances.adjustTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('balances.adjustHint')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="walletId"
                render={({ field: f }) => (
                  <Select
                    label={t('balances.wallet')}
                    required
                    data={wallets.map((w) => ({ value: String(w.walletDatabaseId), label: w.name }))}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ?? '')}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    allowDeselect={false}
                    error={fieldError(form, 'walletId')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="amount"
                render={({ field: f }) => (
                  <QuantityField
                    label={t('balances.amount')}
                    description={t('balances.amountSignHint')}
                    required
                    leftSection="$"
                    value={f.value ?? ''}
                    onValue={f.onChange}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    error={fieldError(form, 'amount')}
                  />
                )}
              />
            </SimpleGrid>
            {chosen && typed && !typed.isZero() && (
              <Group gap="xs" data-testid="adjust-preview">
                <Badge variant="light" color={typed.isNegative() ? 'red' : 'green'}>
                  {typed.isNegative() ? t('balances.isCharge') : t('balances.isCredit')}
                </Badge>
                <Text size="sm">{t('balances.resulting', { wallet: chosen.name, amount: formatPesos(money(chosen.balance as string).plus(typed)) })}</Text>
              </Group>
            )}
            <Textarea label={t('balances.reasonLabel')} required autosize minRows={2} maxRows={5} {...field(form, 'reason')} />
            <Group>
              <Button type="submit" loading={adjust.inFlight}>
                {t('balances.adjustSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Stack gap="xs" component="section" aria-labelledby="ledger-title">
        <div>
          <Title order={3} fz="h4" id="ledger-title">
            {t('balances.ledgerTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('balances.ledgerHint', { count: LEDGER_ROWS })}
          </Text>
        </div>
        {ledger.length === 0 ? (
          <EmptyState title={t('balances.ledgerEmpty')} hint={t('balances.ledgerEmptyHint')} />
        ) : (
          <>
            {/* Phones: one card per movement. */}
            <Stack gap="xs" hiddenFrom="sm">
              {ledger.map((e) => (
                <Paper key={e.databaseId} withBorder radius="md" p="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2} miw={0}>
                      <Text size="sm" fw={500}>
                        {t(`balances.kinds.${e.kind}`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {e.walletName} · {formatDateTime(e.createdAt as string)}
                      </Text>
                      {detail(e) && (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {detail(e)}
                        </Text>
                      )}
                    </Stack>
                    <Text size="sm" fw={600} c={amountColor(e.amount as string)} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatPesos(e.amount as string)}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Table striped verticalSpacing="sm" visibleFrom="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('balances.date')}</Table.Th>
                  <Table.Th>{t('balances.movement')}</Table.Th>
                  <Table.Th>{t('balances.wallet')}</Table.Th>
                  <Table.Th>{t('balances.detail')}</Table.Th>
                  <Table.Th ta="right">{t('balances.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.map((e) => (
                  <Table.Tr key={e.databaseId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt as string)}</Table.Td>
                    <Table.Td>{t(`balances.kinds.${e.kind}`)}</Table.Td>
                    <Table.Td>{e.walletName}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {detail(e)}
                      </Text>
                      {e.authorizedBy && (
                        <Text size="xs" c="dimmed">
                          {t('balances.authorizedBy', { name: e.authorizedBy })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      <Text size="sm" fw={500} c={amountColor(e.amount as string)}>
                        {formatPesos(e.amount as string)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Stack>
  );
}
