import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { UnknownPaymentIdentifyQuery } from '../../../../__generated__/UnknownPaymentIdentifyQuery.graphql';
import type { UnknownPaymentIdentify_query$key } from '../../../../__generated__/UnknownPaymentIdentify_query.graphql';
import type { UnknownPaymentIdentifyMutation } from '../../../../__generated__/UnknownPaymentIdentifyMutation.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { HouseSearch } from '../../../property/owners/HouseSearch.js';
import { newIdempotencyKey } from '../receipts/receiptTexts.js';
import { matchSearch } from './matchQuery.js';

export const unknownPaymentIdentifyQuery = graphql`
  query UnknownPaymentIdentifyQuery($id: ID!) {
    ...UnknownPaymentIdentify_query
  }
`;

const unknownPaymentIdentifyFragment = graphql`
  fragment UnknownPaymentIdentify_query on Query {
    node(id: $id) {
      ... on UnknownPayment {
        id databaseId amount authorization paymentDate comments status incomeAccountDatabaseId incomeAccountDescription
        houseDatabaseId houseLabel conceptDatabaseId
      }
    }
    unknownPaymentConcepts { databaseId description }
  }
`;

const identifyMutation = graphql`
  mutation UnknownPaymentIdentifyMutation($input: IdentifyUnknownPaymentInput!) {
    identifyUnknownPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationIdentifyUnknownPaymentSuccess { data { message unknownPayment { id status houseDatabaseId conceptDatabaseId } } }
    }
  }
`;

/**
 * /unknown_payments/{idUnknownPayment}/identify: the house and income concept the payment belongs to; then
 * the receipts of that house and concept that it could pay.
 */
export default function UnknownPaymentIdentify({ queryRef }: ScreenProps<UnknownPaymentIdentifyQuery>) {
  const data = usePreloadedQuery<UnknownPaymentIdentifyQuery>(unknownPaymentIdentifyQuery, queryRef);
  return <UnknownPaymentIdentifyView query={data} />;
}

function UnknownPaymentIdentifyView({ query }: { query: UnknownPaymentIdentify_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFragment(unknownPaymentIdentifyFragment, query);
  const up = data.node?.databaseId ? data.node : null;
  const identify = useAppMutation<UnknownPaymentIdentifyMutation>(identifyMutation);
  const [houseLabel, setHouseLabel] = useState<string | null>(up?.houseLabel ?? null);
  const schema = useMemo(
    () =>
      z.object({
        houseId: z.string().min(1, t('unknownPayments.validation.house')),
        conceptId: z.string().min(1, t('unknownPayments.validation.concept')),
        comments: z.string().max(1000, t('unknownPayments.validation.comments')),
      }),
    [t],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      houseId: up?.houseDatabaseId != null ? String(up.houseDatabaseId) : '',
      conceptId: up?.conceptDatabaseId != null ? String(up.conceptDatabaseId) : '',
      comments: up?.comments ?? '',
    },
  });
  if (!up?.id || up.databaseId == null) return <Alert color="yellow">{t('unknownPayments.identifyScreen.notFound')}</Alert>;

  const save = form.handleSubmit(async (v) => {
    const ok = await identify.run(
      {
        input: {
          id: up.id as string,
          houseId: globalId('House', v.houseId),
          conceptId: Number(v.conceptId),
          comments: v.comments.trim() || null,
          idempotencyKey: newIdempotencyKey(),
        },
      },
      'identifyUnknownPayment',
      { form: form as never, success: (r: { data: { message: string } }) => r.data.message },
    );
    if (!ok) return;
    navigate(
      `/unknown_payment/receipts?${matchSearch({
        amount: up.amount as string,
        authorization: up.authorization,
        payment_date: up.paymentDate as string,
        id_income_account: up.incomeAccountDatabaseId,
        id_house: v.houseId,
        id_receipt_concept: v.conceptId,
        id_unknown_payment: up.databaseId,
      })}`,
    );
  });

  return (
    <Stack maw={760}>
      <PageHeader
        title={t('unknownPayments.identifyScreen.title')}
        description={t('unknownPayments.identifyScreen.description', {
          amount: formatPesos(up.amount as string),
          date: formatDate(up.paymentDate as string),
          account: up.incomeAccountDescription,
        })}
        secondary={{ label: t('unknownPayments.form.back'), to: '/unknown_payments' }}
      />
      {up.status === 'MATCHED' ? (
        <Alert color="green">{t('unknownPayments.identifyScreen.matched')}</Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={save} noValidate>
            <Stack>
              <Stack gap={4}>
                <HouseSearch
                  onPick={(house) => {
                    form.setValue('houseId', String(house.databaseId), { shouldValidate: true, shouldDirty: true });
                    setHouseLabel(house.catastral ?? `#${house.databaseId}`);
                  }}
                />
                {houseLabel && form.watch('houseId') && (
                  <Text size="sm" data-testid="identify-house">
                    {t('unknownPayments.identifyScreen.houseChosen', { label: houseLabel })}
                  </Text>
                )}
                {fieldError(form, 'houseId') && (
                  <Text size="xs" c="red">
                    {fieldError(form, 'houseId')}
                  </Text>
                )}
              </Stack>
              <Controller
                control={form.control}
                name="conceptId"
                render={({ field: f }) => (
                  <Select
                    label={t('unknownPayments.identifyScreen.concept')}
                    withAsterisk
                    searchable
                    data={data.unknownPaymentConcepts.map((c) => ({ value: String(c.databaseId), label: c.description }))}
                    value={f.value || null}
                    onChange={(v) => f.onChange(v ?? '')}
                    onBlur={f.onBlur}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    error={fieldError(form, 'conceptId')}
                  />
                )}
              />
              <Textarea label={t('unknownPayments.identifyScreen.comments')} autosize minRows={2} maxLength={1000} {...field(form, 'comments')} />
              <Group>
                <Button type="submit" loading={identify.inFlight}>
                  {t('unknownPayments.identifyScreen.submit')}
                </Button>
                <Button variant="subtle" component={Link} to="/unknown_payments">
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
