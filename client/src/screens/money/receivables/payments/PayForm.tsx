// The pay form (spec 1 sections 5, 8, 9): the method, the card (saved or new, tokenized at the gateway,
// never sent to our server), the summary with the fee, the terms; the charge and what its answer means.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayForm_options$data, PayForm_options$key } from '../../../../__generated__/PayForm_options.graphql';
import type { ChargeReceiptInput, PayFormChargeMutation } from '../../../../__generated__/PayFormChargeMutation.graphql';
import { formatPesos } from '../../../../format.js';
import {
  MAX_FAILED_ATTEMPTS,
  PAYMENT_MESSAGES,
  REDIRECT_CODE,
  SAVED_CARD_GONE_CODE,
  TOO_MANY_ATTEMPTS_CODE,
  type PayMethod,
} from '../../../../../../core/payments.js';
import { fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation, type TypedError } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { deviceSessionId, tokenizeCard } from '../../../../payments/tokenize.js';
import { RECEIPT_ALREADY_PAID_CODE } from '../receipts/receiptMutation.js';
import { newIdempotencyKey } from '../receipts/receiptTexts.js';
import { AuthorizeDialog } from './AuthorizeDialog.js';
import { CardFields } from './CardFields.js';
import { MethodChoice } from './MethodChoice.js';
import { emptyPayForm, isRedirectUrl, NEW_CARD, payFormSchema, type PayFormValues } from './payForm.js';
import type { PayReceiptData } from './PayReceipt.js';
import { PaySummary } from './PaySummary.js';

const optionsFragment = graphql`
  fragment PayForm_options on ReceiptPayOptions {
    methods amount feePaidByPayer msiChoices failedAttempts
    fees { method fee total deposit }
    cards { id cardNumber brand cardType holderName expirationMonth expirationYear automaticCharge }
    gatewayName gatewayAccountId gatewayPublicKey gatewaySandboxMode tokenBaseUrl
  }
`;

const chargeMutation = graphql`
  mutation PayFormChargeMutation($input: ChargeReceiptInput!) {
    chargeReceipt(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationChargeReceiptSuccess {
        data {
          message
          charge { chargeId status method amount fee total reference redirectUrl errorCode errorMessage message failedAttempts }
        }
      }
    }
  }
`;

export type PayOptions = PayForm_options$data;

/** Server issues of the charge's input, by the form field that shows them. */
const ISSUE_FIELDS: Record<string, keyof PayFormValues> = {
  acceptTos: 'acceptTos',
  authorize: 'saveAutomaticCharge',
  msi: 'msi',
  cardToken: 'number',
  cardId: 'cardId',
  method: 'method',
};

export function PayForm({
  receipt,
  options: key,
  onReload,
  onRefresh,
}: {
  receipt: PayReceiptData;
  options: PayForm_options$key;
  onReload: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useFragment(optionsFragment, key);
  const methods: PayMethod[] = useMemo(
    () => [...(options.methods as PayMethod[]).filter((m) => m !== 'WALLET'), ...(receipt.actions.allowPayWithWallet ? (['WALLET'] as const) : [])],
    [options.methods, receipt.actions.allowPayWithWallet],
  );
  const firstCard = options.cards.find((c) => c.automaticCharge) ?? options.cards[0];
  const schema = useMemo(() => payFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: emptyPayForm(methods[0] ?? 'CARD', firstCard ? firstCard.id : NEW_CARD) });
  const pay = useAppMutation<PayFormChargeMutation>(chargeMutation);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [authorizing, setAuthorizing] = useState(false);
  const [authorized, setAuthorized] = useState(false);

  const method = form.watch('method') as PayMethod;
  const cardId = form.watch('cardId');
  const chosenCard = options.cards.find((c) => c.id === cardId) ?? null;
  const blocked = method === 'CARD' && options.failedAttempts >= MAX_FAILED_ATTEMPTS;
  const fee = options.fees.find((f) => f.method === method) ?? null;
  const total = fee ? (fee.total as string) : (options.amount as string);

  // A saved card that vanished (2080) or a new list: keep the choice valid.
  useEffect(() => {
    const current = form.getValues('cardId');
    if (current !== NEW_CARD && !options.cards.some((c) => c.id === current)) form.setValue('cardId', firstCard ? firstCard.id : NEW_CARD);
  }, [options.cards, firstCard, form]);

  const showFailure = (message: string) => {
    setFailure(message);
    notify('danger', message);
  };

  const onTypedError = (error: TypedError) => {
    if (error.__typename === 'InputError') {
      let shown = false;
      for (const issue of error.issues ?? []) {
        const name = ISSUE_FIELDS[issue.field.replace(/^input\./, '')];
        if (name) {
          form.setError(name, { type: 'server', message: issue.message });
          shown = true;
        }
      }
      if (!shown) showFailure(error.message ?? '');
      return;
    }
    if (error.code === RECEIPT_ALREADY_PAID_CODE) {
      notify('warning', t('receipts.alreadyPaid'));
      onReload();
      return;
    }
    if (error.code === SAVED_CARD_GONE_CODE) {
      // Spec 1 section 8: the saved card is gone — the page data reloads.
      notify('warning', error.message ?? '');
      onReload();
      return;
    }
    if (error.__typename === 'ConflictError') {
      notify('warning', error.message ?? '');
      onReload();
      return;
    }
    showFailure(error.message ?? '');
    if (error.__typename === 'PaymentError' || error.code === TOO_MANY_ATTEMPTS_CODE) onRefresh();
  };

  /** The card part of the charge: a token of a new card from the gateway, or the saved card; null when tokenizing failed. */
  const cardInput = async (values: PayFormValues): Promise<Partial<ChargeReceiptInput> | null> => {
    const device = deviceSessionId();
    let card: Partial<ChargeReceiptInput>;
    if (values.cardId === NEW_CARD) {
      try {
        const cardToken = await tokenizeCard(
          { baseUrl: options.tokenBaseUrl ?? '', merchantId: options.gatewayAccountId ?? '', publicKey: options.gatewayPublicKey ?? '' },
          { number: values.number, holderName: values.holder, expirationMonth: Number(values.month), expirationYear: Number(values.year), cvv: values.cvv },
        );
        card = { cardToken, persistCard: values.persistCard };
      } catch {
        return null;
      }
    } else card = { cardId: values.cardId };
    return {
      deviceSessionId: device,
      ...card,
      saveAutomaticCharge: values.saveAutomaticCharge,
      authorize: values.saveAutomaticCharge && (authorized || !!chosenCard?.automaticCharge),
      ...(values.msi ? { msi: Number(values.msi) } : {}),
    };
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    // One key per attempt: a double click sends the same attempt, a retry after an answer is a new one.
    const input: ChargeReceiptInput = {
      receiptId: receipt.id,
      method: values.method,
      acceptTos: values.acceptTos,
      origin: window.location.origin,
      idempotencyKey: newIdempotencyKey(),
    };
    if (values.method === 'CARD') {
      const card = await cardInput(values);
      if (!card) {
        setSubmitting(false);
        showFailure(PAYMENT_MESSAGES.tokenFailed);
        return;
      }
      Object.assign(input, card);
    }
    const failed: { error?: TypedError } = {};
    const result = await pay.run({ input }, 'chargeReceipt', { onTypedError: (error) => (failed.error = error) });
    if (!result) {
      setSubmitting(false);
      form.setValue('cvv', '');
      if (failed.error) onTypedError(failed.error);
      return;
    }
    if (result.__typename !== 'MutationChargeReceiptSuccess' || !result.data) return;
    const { charge: done, message } = result.data;
    if (!done) {
      setSubmitting(false);
      notify('success', message);
      onReload();
      return;
    }
    if (done.status === 'COMPLETED') {
      notify('success', message);
      navigate(`/receipt/payed?receipt=${receipt.databaseId}&house=${receipt.houseDatabaseId}`);
      return;
    }
    if (done.status === 'IN_PROGRESS' && done.errorCode === REDIRECT_CODE && isRedirectUrl(done.redirectUrl)) {
      // 3-D Secure: the bank's page, which returns to payment-verification.
      window.location.assign(done.redirectUrl);
      return;
    }
    setSubmitting(false);
    if (done.status === 'IN_PROGRESS') {
      notify('info', done.message);
      onReload();
      return;
    }
    showFailure(done.errorMessage ?? done.message);
    onRefresh();
  });

  const onAutomaticCharge = (checked: boolean) => {
    form.setValue('saveAutomaticCharge', checked);
    form.clearErrors('saveAutomaticCharge');
    if (checked && !authorized && !chosenCard?.automaticCharge) setAuthorizing(true);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('payments.pay.title')} data-testid="pay-receipt">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div>
              <Title order={4}>{t('payments.pay.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('payments.pay.description')}
              </Text>
            </div>
            {options.gatewaySandboxMode && (
              <Badge color="orange" variant="light">
                {t('payments.pay.sandbox')}
              </Badge>
            )}
          </Group>

          <MethodChoice form={form} methods={methods} options={options} onChange={() => setFailure(null)} />
          <PaySummary options={options} fee={fee} total={total} />

          {method === 'CARD' && (
            <CardFields
              form={form}
              options={options}
              blocked={blocked}
              authorized={authorized}
              onCardChange={() => setAuthorized(false)}
              onAutomaticCharge={onAutomaticCharge}
            />
          )}

          {(method === 'STORE' || method === 'BANK') && (
            <Text size="sm" c="dimmed">
              {method === 'STORE' ? t('payments.inProgress.storeHint') : t('payments.inProgress.bankHint')}
            </Text>
          )}

          <Controller
            control={form.control}
            name="acceptTos"
            render={({ field: f }) => (
              <Checkbox
                label={t('payments.pay.acceptTos')}
                checked={f.value}
                onChange={(e) => f.onChange(e.currentTarget.checked)}
                onBlur={f.onBlur}
                ref={f.ref}
                error={fieldError(form, 'acceptTos')}
              />
            )}
          />

          {failure && (
            <Alert color="red" title={t('payments.pay.failedTitle')} role="alert" data-testid="pay-failure">
              {failure}
            </Alert>
          )}

          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            {method === 'CARD' ? (
              <Text size="xs" c="dimmed" maw={460}>
                {t('payments.pay.securedBy', { gateway: options.gatewayName ?? t('payments.pay.securedByDefault') })}
              </Text>
            ) : (
              <span />
            )}
            <Button type="submit" loading={submitting} disabled={blocked} data-testid="pay-submit">
              {t(`payments.pay.submit.${method}`, { total: formatPesos(total) })}
            </Button>
          </Group>
        </Stack>
      </form>
      <AuthorizeDialog
        opened={authorizing}
        onCancel={() => {
          setAuthorizing(false);
          form.setValue('saveAutomaticCharge', false);
        }}
        onConfirm={() => {
          setAuthorizing(false);
          setAuthorized(true);
          form.setValue('saveAutomaticCharge', true);
        }}
      />
    </Paper>
  );
}
