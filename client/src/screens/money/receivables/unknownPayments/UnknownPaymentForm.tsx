import { useMemo } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { UnknownPaymentFormQuery } from '../../../../__generated__/UnknownPaymentFormQuery.graphql';
import type { UnknownPaymentForm_query$key } from '../../../../__generated__/UnknownPaymentForm_query.graphql';
import type { UnknownPaymentFormMutation } from '../../../../__generated__/UnknownPaymentFormMutation.graphql';
import { DateField } from '../../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { newIdempotencyKey, today } from '../receipts/receiptTexts.js';
import { matchSearch, matchValues, NO_MATCHING_RECEIPTS } from './matchQuery.js';

export const unknownPaymentFormQuery = graphql`
  query UnknownPaymentFormQuery {
    ...UnknownPaymentForm_query
  }
`;

const unknownPaymentFormFragment = graphql`
  fragment UnknownPaymentForm_query on Query {
    paymentAccounts { databaseId description maskedNumber bankName }
  }
`;

const registerMutation = graphql`
  mutation UnknownPaymentFormMutation($input: RegisterUnknownPaymentInput!) {
    registerUnknownPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationRegisterUnknownPaymentSuccess { data { message unknownPaymentDatabaseId } }
    }
  }
`;

/**
 * /unknown_payments/form: an unknown payment's data, prefilled from the query string (spec 2 section 2).
 * "Buscar recibos" looks for the receipts it could pay first; "Registrar" keeps it to identify later.
 */
export default function UnknownPaymentForm({ queryRef }: ScreenProps<UnknownPaymentFormQuery>) {
  const data = usePreloadedQuery<UnknownPaymentFormQuery>(unknownPaymentFormQuery, queryRef);
  return <UnknownPaymentFormView query={data} />;
}

function UnknownPaymentFormView({ query }: { query: UnknownPaymentForm_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { grants } = useSession();
  const data = useFragment(unknownPaymentFormFragment, query);
  const prefill = matchValues(search);
  const register = useAppMutation<UnknownPaymentFormMutation>(registerMutation);
  const schema = useMemo(
    () =>
      z.object({
        incomeAccountId: z.string().min(1, t('unknownPayments.validation.account')),
        amount: z
          .string()
          .trim()
          .regex(/^\d{1,12}(\.\d{1,2})?$/, t('unknownPayments.validation.amount'))
          .refine((v) => Number(v) > 0, t('unknownPayments.validation.amount')),
        authorization: z.string().max(100, t('unknownPayments.validation.authorization')),
        paymentDate: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, t('unknownPayments.validation.paymentDate'))
          .refine((d) => d <= today(), t('unknownPayments.validation.futureDate')),
        comments: z.string().max(1000, t('unknownPayments.validation.comments')),
      }),
    [t],
  );
  const accounts = data.paymentAccounts;
  const form = useZodForm(schema, {
    defaultValues: {
      incomeAccountId: accounts.some((a) => String(a.databaseId) === prefill.id_income_account) ? prefill.id_income_account : '',
      amount: prefill.amount,
      authorization: prefill.authorization,
      paymentDate: /^\d{4}-\d{2}-\d{2}$/.test(prefill.payment_date) ? prefill.payment_date : today(),
      comments: prefill.comments,
    },
  });

  const findReceipts = form.handleSubmit((v) =>
    navigate(
      `/unknown_payment/receipts?${matchSearch({
        amount: v.amount,
        authorization: v.authorization,
        payment_date: v.paymentDate,
        id_income_account: v.incomeAccountId,
        comments: v.comments,
      })}`,
    ),
  );

  const save = form.handleSubmit(async (v) => {
    const ok = await register.run(
      {
        input: {
          incomeAccountId: Number(v.incomeAccountId),
          amount: v.amount.trim(),
          authorization: v.authorization.trim() || null,
          paymentDate: v.paymentDate,
          comments: v.comments.trim() || null,
          idempotencyKey: newIdempotencyKey(),
        },
      },
      'registerUnknownPayment',
      { form: form as never, success: (r: { data: { message: string } }) => r.data.message },
    );
    if (ok) navigate('/unknown_payments');
  });

  return (
    <Stack maw={760}>
      <PageHeader
        title={t('unknownPayments.form.title')}
        description={t('unknownPayments.form.description')}
        secondary={{ label: t('unknownPayments.form.back'), to: '/unknown_payments' }}
      />
      {search.get('no_match') === '1' && (
        <Alert color="blue" role="status" data-testid="no-matching-receipts">
          {NO_MATCHING_RECEIPTS}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <form onSubmit={save} noValidate>
          <Stack>
            <Controller
              control={form.control}
              name="incomeAccountId"
              render={({ field: f }) => (
                <Select
                  label={t('unknownPayments.form.account')}
                  withAsterisk
                  data={accounts.map((a) => ({ value: String(a.databaseId), label: [a.description, a.maskedNumber, a.bankName].filter(Boolean).join(' · ') }))}
                  value={f.value || null}
                  onChange={(v) => f.onChange(v ?? '')}
                  onBlur={f.onBlur}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  error={fieldError(form, 'incomeAccountId')}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('unknownPayments.form.amount')} withAsterisk inputMode="decimal" leftSection="$" {...field(form, 'amount')} />
              <Controller
                control={form.control}
                name="paymentDate"
                render={({ field: f }) => (
                  <DateField
                    label={t('unknownPayments.form.paymentDate')}
                    withAsterisk
                    clearable={false}
                    maxDate={today()}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : '')}
                    onBlur={f.onBlur}
                    error={fieldError(form, 'paymentDate')}
                  />
                )}
              />
            </SimpleGrid>
            <TextInput label={t('unknownPayments.form.authorization')} maxLength={100} {...field(form, 'authorization')} />
            <Textarea label={t('unknownPayments.form.comments')} autosize minRows={2} maxLength={1000} {...field(form, 'comments')} />
            <Group>
              {grants.has('AUnknownPaymentsCreate') && (
                <Button type="submit" loading={register.inFlight} disabled={accounts.length === 0}>
                  {t('unknownPayments.form.submit')}
                </Button>
              )}
              <Button variant="light" onClick={() => void findReceipts()} disabled={accounts.length === 0}>
                {t('unknownPayments.form.search')}
              </Button>
              <Button variant="subtle" component={Link} to="/unknown_payments">
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
