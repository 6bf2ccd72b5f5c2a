import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TransferBalanceQuery } from '../../../../__generated__/TransferBalanceQuery.graphql';
import type { TransferBalance_query$key } from '../../../../__generated__/TransferBalance_query.graphql';
import type { TransferBalanceMutation } from '../../../../__generated__/TransferBalanceMutation.graphql';
import { MONEY_PATTERN, money, parseMoney } from '../../../../../../core/money.js';
import { formatPesos } from '../../../../format.js';
import { fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { useAttemptKey, type WalletView, WalletCards, walletOption } from './shared.js';

export const transferBalanceQuery = graphql`
  query TransferBalanceQuery($houseId: ID!) {
    ...TransferBalance_query
  }
`;

const transferBalanceFragment = graphql`
  fragment TransferBalance_query on Query {
    house: node(id: $houseId) { ... on House { label } }
    houseBalance(houseId: $houseId) { wallets { walletDatabaseId name type balance } }
  }
`;

const transferMutation = graphql`
  mutation TransferBalanceMutation($input: TransferHouseBalanceInput!) {
    transferHouseBalance(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationTransferHouseBalanceSuccess {
        data { message balance { wallets { walletDatabaseId name type balance } } }
      }
    }
  }
`;

type T = (key: string, options?: Record<string, unknown>) => string;

const FIELDS = ['fromWalletId', 'toWalletId', 'amount'] as const;

/** Two different wallets and an amount above zero that the source wallet's balance covers. */
export function transferSchema(t: T, wallets: readonly WalletView[]) {
  return z
    .object({
      fromWalletId: z.string({ error: t('balances.fromRequired') }).min(1, t('balances.fromRequired')),
      toWalletId: z.string({ error: t('balances.toRequired') }).min(1, t('balances.toRequired')),
      amount: z
        .string()
        .trim()
        .min(1, t('balances.amountRequired'))
        .refine((v) => {
          const m = MONEY_PATTERN.test(v) ? parseMoney(v) : null;
          return !!m && m.greaterThan(0);
        }, t('balances.transferAmountInvalid')),
    })
    .superRefine((values, ctx) => {
      if (values.fromWalletId && values.fromWalletId === values.toWalletId) {
        ctx.addIssue({ code: 'custom', path: ['toWalletId'], message: t('balances.sameWallet') });
      }
      const from = wallets.find((w) => String(w.walletDatabaseId) === values.fromWalletId);
      const amount = MONEY_PATTERN.test(values.amount.trim()) ? parseMoney(values.amount) : null;
      if (!from || !amount?.greaterThan(0)) return;
      const available = money(from.balance);
      if (!available.greaterThan(0)) ctx.addIssue({ code: 'custom', path: ['fromWalletId'], message: t('balances.nothingToTransfer') });
      else if (amount.greaterThan(available)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: t('balances.overBalance', { amount: formatPesos(available) }) });
      }
    });
}

/** /houses/{houseId}/transfer-balance (ABalancesAuthorise): money of the house from one of its wallets to another. */
export default function TransferBalance({ queryRef }: ScreenProps<TransferBalanceQuery>) {
  const data = usePreloadedQuery<TransferBalanceQuery>(transferBalanceQuery, queryRef);
  return <TransferBalanceView query={data} />;
}

function TransferBalanceView({ query }: { query: TransferBalance_query$key }) {
  const { t } = useTranslation();
  const { houseId = '' } = useParams();
  const data = useFragment(transferBalanceFragment, query);
  // The balances the last transfer answered replace the loaded ones.
  const [wallets, setWallets] = useState<readonly WalletView[]>(() => data.houseBalance.wallets.map(walletView));
  // Only wallets with a type take part in a transfer (ORDINARY, EXTRAORDINARY, MEASURED_SERVICE).
  const typed = useMemo(() => wallets.filter((w) => !!w.type), [wallets]);
  const schema = useMemo(() => transferSchema(t, typed), [t, typed]);
  const ordinary = typed.find((w) => w.type === 'ORDINARY');
  const form = useZodForm(schema, { defaultValues: { fromWalletId: ordinary ? String(ordinary.walletDatabaseId) : '', toWalletId: '', amount: '' } });
  const transfer = useAppMutation<TransferBalanceMutation>(transferMutation);
  const attempt = useAttemptKey();
  const fromId = form.watch('fromWalletId');
  const from = typed.find((w) => String(w.walletDatabaseId) === fromId);
  const base = `/houses/${houseId}`;
  // A server error no field of the form shows (the source balance changed meanwhile, a wallet gone): shown above the button.
  const failure = transfer.error;
  const inPlace = failure && !(failure.issues?.length && failure.issues.every((i) => (FIELDS as readonly string[]).includes(i.field.replace(/^input\./, ''))));

  const submit = form.handleSubmit(async (values) => {
    const input = {
      houseId: globalId('House', houseId),
      fromWalletId: Number(values.fromWalletId),
      toWalletId: Number(values.toWalletId),
      amount: values.amount,
    };
    const result = await transfer.run({ input: { ...input, idempotencyKey: attempt.keyFor(input) } }, 'transferHouseBalance', {
      form: form as never,
      notifyTypedError: false,
      success: (r: { data?: { message?: string } }) => r.data?.message ?? t('balances.transferDone'),
    });
    if (result && 'data' in result && result.data) {
      attempt.done();
      setWallets(result.data.balance.wallets.map(walletView));
      form.reset({ fromWalletId: values.fromWalletId, toWalletId: values.toWalletId, amount: '' });
    }
  });

  return (
    <Stack maw={960}>
      <PageHeader
        title={t('balances.transferTitle')}
        description={data.house?.label ? t('balances.houseOf', { label: data.house.label }) : t('balances.transferDescription')}
        secondary={{ label: t('balances.backToBalance'), to: `${base}/balance` }}
      />
      <WalletCards wallets={wallets} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="transfer-title">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={3} fz="h4" id="transfer-title">
                {t('balances.transferFormTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('balances.transferHint')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="fromWalletId"
                render={({ field: f }) => (
                  <Select
                    label={t('balances.fromWallet')}
                    required
                    data={typed.map(walletOption)}
                    value={f.value || null}
                    onChange={(value) => {
                      f.onChange(value ?? '');
                      if (value && value === form.getValues('toWalletId')) form.setValue('toWalletId', '');
                    }}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    allowDeselect={false}
                    error={fieldError(form, 'fromWalletId')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="toWalletId"
                render={({ field: f }) => (
                  <Select
                    label={t('balances.toWallet')}
                    required
                    placeholder={t('balances.chooseWallet')}
                    data={typed.filter((w) => String(w.walletDatabaseId) !== fromId).map(walletOption)}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ?? '')}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    allowDeselect={false}
                    error={fieldError(form, 'toWalletId')}
                  />
                )}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="amount"
                render={({ field: f }) => (
                  <QuantityField
                    label={t('balances.amount')}
                    description={from ? t('balances.available', { amount: formatPesos(from.balance) }) : t('balances.chooseSource')}
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
            {inPlace && (
              <Alert color="red" variant="light" title={t('balances.transferFailed')} data-testid="transfer-error">
                {failure.message}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={transfer.inFlight}>
                {t('balances.transferSubmit')}
              </Button>
              <Button variant="default" component={Link} to={`${base}/balance`}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function walletView(w: { walletDatabaseId: number; name: string; type: string; balance: unknown }): WalletView {
  return { walletDatabaseId: w.walletDatabaseId, name: w.name, type: w.type, balance: w.balance as string };
}
