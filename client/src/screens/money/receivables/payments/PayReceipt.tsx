import { Suspense, useCallback, useEffect, useMemo, useState, useTransition } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, type PreloadedQuery, useFragment, useMutation, usePreloadedQuery, useQueryLoader, useSubscription } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { PayReceipt_receipt$data, PayReceipt_receipt$key } from '../../../../__generated__/PayReceipt_receipt.graphql';
import type { PayReceiptQuery, PayReceiptQuery$data } from '../../../../__generated__/PayReceiptQuery.graphql';
import type { PayReceiptChargeMutation, PayReceiptChargeMutation$data } from '../../../../__generated__/PayReceiptChargeMutation.graphql';
import type { PayReceiptVerifyMutation } from '../../../../__generated__/PayReceiptVerifyMutation.graphql';
import type { PayReceiptUpdatesSubscription } from '../../../../__generated__/PayReceiptUpdatesSubscription.graphql';
import { formatPesos, formatPlusPesos } from '../../../../format.js';
import {
  expiryYears,
  MAX_FAILED_ATTEMPTS,
  PAYMENT_MESSAGES,
  REDIRECT_CODE,
  SAVED_CARD_GONE_CODE,
  TOO_MANY_ATTEMPTS_CODE,
  type PayMethod,
} from '../../../../../../core/payments.js';
import { downloadFile } from '../../../../components/download.js';
import { ErrorBoundary } from '../../../../components/ErrorBoundary.js';
import { fieldError, useZodForm } from '../../../../components/forms.js';
import { settleCallError, typedError, type TypedError } from '../../../../components/mutationResult.js';
import { notify } from '../../../../components/notify.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { cardBrand, cvvLength, deviceSessionId, tokenizeCard } from '../../../../payments/tokenize.js';
import { documentFileName, documentUrl } from '../receipts/documents.js';
import { RECEIPT_ALREADY_PAID_CODE } from '../receipts/receiptMutation.js';
import { newIdempotencyKey } from '../receipts/receiptTexts.js';
import { emptyPayForm, groupCardNumber, isRedirectUrl, lastFour, NEW_CARD, payFormSchema, type PayFormValues } from './payForm.js';

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
      online methods amount feePaidByPayer msiChoices failedAttempts
      fees { method fee total deposit }
      cards { id cardNumber brand cardType holderName expirationMonth expirationYear automaticCharge }
      gatewayName gatewayAccountId gatewayPublicKey gatewaySandboxMode tokenBaseUrl
      latestCharge {
        chargeId status method amount fee total reference redirectUrl authorization errorCode errorMessage message failedAttempts
        instructions { type reference barcodeUrl clabe bank name agreement }
      }
    }
  }
`;

const chargeMutation = graphql`
  mutation PayReceiptChargeMutation($input: ChargeReceiptInput!) {
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

const verifyMutation = graphql`
  mutation PayReceiptVerifyMutation($input: VerifyReceiptChargeInput!) {
    verifyReceiptCharge(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationVerifyReceiptChargeSuccess { data { message charge { status } } }
    }
  }
`;

const updatesSubscription = graphql`
  subscription PayReceiptUpdatesSubscription($receiptId: ID!) {
    receiptPaymentUpdated(receiptId: $receiptId) { receiptId chargeId status at }
  }
`;

type Options = PayReceiptQuery$data['receiptPayOptions'];
type ChargeResult = PayReceiptChargeMutation$data['chargeReceipt'];

/**
 * The receipt's online payment (spec 1 sections 4, 5, 8): the methods with their fees, the card form
 * (tokenized at the gateway, never sent to our server), store and bank references with their
 * instructions, and the live state of a payment in process. Shown to payers of an open receipt when the
 * community takes online payments.
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

type Receipt = PayReceipt_receipt$data;

function PayPanel({
  queryRef,
  receipt,
  onReload,
  onRefresh,
}: {
  queryRef: PreloadedQuery<PayReceiptQuery>;
  receipt: Receipt;
  onReload: () => void;
  onRefresh: () => void;
}) {
  const data = usePreloadedQuery<PayReceiptQuery>(optionsQuery, queryRef);
  const options = data.receiptPayOptions;
  if (!options.online) return null;
  if (receipt.status === 'IN_PROGRESS') return <InProgress receipt={receipt} options={options} onReload={onReload} />;
  if (!receipt.actions.allowPayment) return null;
  return <PayForm receipt={receipt} options={options} onReload={onReload} onRefresh={onRefresh} />;
}

// ---- the pay form ------------------------------------------------------------------------------

function PayForm({ receipt, options, onReload, onRefresh }: { receipt: Receipt; options: Options; onReload: () => void; onRefresh: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods: PayMethod[] = useMemo(
    () => [...(options.methods as PayMethod[]).filter((m) => m !== 'WALLET'), ...(receipt.actions.allowPayWithWallet ? (['WALLET'] as const) : [])],
    [options.methods, receipt.actions.allowPayWithWallet],
  );
  const firstCard = options.cards.find((c) => c.automaticCharge) ?? options.cards[0];
  const schema = useMemo(() => payFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: emptyPayForm(methods[0] ?? 'CARD', firstCard ? firstCard.id : NEW_CARD) });
  const [commit] = useMutation<PayReceiptChargeMutation>(chargeMutation);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [authorizing, setAuthorizing] = useState(false);
  const [authorized, setAuthorized] = useState(false);

  const method = form.watch('method') as PayMethod;
  const cardId = form.watch('cardId');
  const number = form.watch('number');
  const chosenCard = options.cards.find((c) => c.id === cardId) ?? null;
  const newCard = cardId === NEW_CARD;
  const brand = cardBrand(number);
  const blocked = method === 'CARD' && options.failedAttempts >= MAX_FAILED_ATTEMPTS;
  const fee = options.fees.find((f) => f.method === method) ?? null;
  const total = fee ? (fee.total as string) : (options.amount as string);
  const years = useMemo(() => expiryYears(new Date().getFullYear()).map(String), []);
  const months = useMemo(() => Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') })), []);

  // A saved card that vanished (2080) or a new list: keep the choice valid.
  useEffect(() => {
    const current = form.getValues('cardId');
    if (current !== NEW_CARD && !options.cards.some((c) => c.id === current)) form.setValue('cardId', firstCard ? firstCard.id : NEW_CARD);
  }, [options.cards, firstCard, form]);

  const charge = (input: Record<string, unknown>) =>
    new Promise<ChargeResult | null>((resolve) => {
      commit({
        variables: { input: input as never },
        onCompleted: (response) => resolve(response.chargeReceipt),
        onError: (e) => {
          settleCallError(e);
          resolve(null);
        },
      });
    });

  const showFailure = (message: string) => {
    setFailure(message);
    notify('danger', message);
  };

  const onTypedError = (error: TypedError) => {
    if (error.__typename === 'InputError') {
      const fields: Record<string, keyof PayFormValues> = {
        acceptTos: 'acceptTos',
        authorize: 'saveAutomaticCharge',
        msi: 'msi',
        cardToken: 'number',
        cardId: 'cardId',
        method: 'method',
      };
      let shown = false;
      for (const issue of error.issues ?? []) {
        const name = fields[issue.field.replace(/^input\./, '')];
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

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    // One key per attempt: a double click sends the same attempt, a retry after an answer is a new one.
    const idempotencyKey = newIdempotencyKey();
    const input: Record<string, unknown> = {
      receiptId: receipt.id,
      method: values.method,
      acceptTos: values.acceptTos,
      origin: window.location.origin,
      idempotencyKey,
    };
    if (values.method === 'CARD') {
      input.deviceSessionId = deviceSessionId();
      if (values.cardId === NEW_CARD) {
        try {
          input.cardToken = await tokenizeCard(
            { baseUrl: options.tokenBaseUrl ?? '', merchantId: options.gatewayAccountId ?? '', publicKey: options.gatewayPublicKey ?? '' },
            {
              number: values.number,
              holderName: values.holder,
              expirationMonth: Number(values.month),
              expirationYear: Number(values.year),
              cvv: values.cvv,
            },
          );
        } catch {
          setSubmitting(false);
          showFailure(PAYMENT_MESSAGES.tokenFailed);
          return;
        }
        input.persistCard = values.persistCard;
      } else {
        input.cardId = values.cardId;
      }
      input.saveAutomaticCharge = values.saveAutomaticCharge;
      input.authorize = values.saveAutomaticCharge && (authorized || !!chosenCard?.automaticCharge);
      if (values.msi) input.msi = Number(values.msi);
    }
    const result = await charge(input);
    const error = typedError(result);
    if (!result || error) {
      setSubmitting(false);
      form.setValue('cvv', '');
      if (error) onTypedError(error);
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

  const methodLabel = (m: PayMethod) => t(`payments.pay.methods.${m}`);
  const feeOf = (m: PayMethod) => options.fees.find((f) => f.method === m) ?? null;
  const cardLabel = (c: Options['cards'][number]) => t('payments.pay.cardLabel', { brand: brandName(t, c.brand), last: lastFour(c.cardNumber) });

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

          <Controller
            control={form.control}
            name="method"
            render={({ field: f }) => (
              <Radio.Group
                value={f.value}
                onChange={(value) => {
                  f.onChange(value);
                  setFailure(null);
                }}
                label={t('payments.pay.method')}
              >
                <SimpleGrid cols={{ base: 1, sm: 2, lg: methods.length > 3 ? 4 : methods.length }} spacing="sm" mt="xs">
                  {methods.map((m) => {
                    const mf = feeOf(m);
                    return (
                      <Radio.Card key={m} value={m} radius="md" p="sm" data-testid={`method-${m}`} aria-label={methodLabel(m)}>
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Radio.Indicator mt={2} />
                          <Stack gap={2} miw={0}>
                            <Text fw={600} size="sm">
                              {methodLabel(m)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t(`payments.pay.methodHints.${m}`)}
                            </Text>
                            <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                              {mf && options.feePaidByPayer ? t('payments.pay.fee', { fee: formatPesos(mf.fee as string) }) : t('payments.pay.noFee')}
                              {' · '}
                              <Text span fw={600} size="xs">
                                {formatPesos((mf?.total ?? options.amount) as string)}
                              </Text>
                            </Text>
                          </Stack>
                        </Group>
                      </Radio.Card>
                    );
                  })}
                </SimpleGrid>
              </Radio.Group>
            )}
          />

          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="pay-summary">
            <Stack gap={4}>
              <Row label={t('payments.pay.amount')} value={formatPesos(options.amount as string)} />
              {fee && (
                <Row
                  label={options.feePaidByPayer ? t('payments.pay.feeLabel') : t('payments.pay.feeLabelAbsorbed')}
                  value={options.feePaidByPayer ? formatPlusPesos(fee.fee) : formatPesos('0')}
                />
              )}
              <Divider my={2} />
              <Row label={t('payments.pay.total')} value={formatPesos(total)} strong testId="pay-total" />
              {fee && (
                <Text size="xs" c="dimmed">
                  {options.feePaidByPayer
                    ? t('payments.pay.feeAdded', { fee: formatPesos(fee.fee as string) })
                    : t('payments.pay.feeAbsorbed', { fee: formatPesos(fee.fee as string) })}
                </Text>
              )}
            </Stack>
          </Paper>

          {method === 'CARD' && (
            <Stack gap="sm">
              {blocked && (
                <Alert color="yellow" title={t('payments.pay.tooManyAttemptsTitle')} data-testid="too-many-attempts">
                  {PAYMENT_MESSAGES.tooManyAttempts}
                </Alert>
              )}
              {options.cards.length > 0 && (
                <Controller
                  control={form.control}
                  name="cardId"
                  render={({ field: f }) => (
                    <Radio.Group
                      value={f.value}
                      onChange={(value) => {
                        f.onChange(value);
                        form.setValue('saveAutomaticCharge', false);
                        setAuthorized(false);
                      }}
                      label={t('payments.pay.savedCards')}
                      error={fieldError(form, 'cardId')}
                    >
                      <Stack gap="xs" mt="xs">
                        {options.cards.map((c) => (
                          <Radio
                            key={c.id}
                            value={c.id}
                            label={
                              <Group gap="xs" wrap="wrap">
                                <Text size="sm">{cardLabel(c)}</Text>
                                {c.automaticCharge && (
                                  <Badge size="xs" variant="light" color="teal">
                                    {t('payments.pay.automaticBadge')}
                                  </Badge>
                                )}
                              </Group>
                            }
                          />
                        ))}
                        <Radio value={NEW_CARD} label={t('payments.pay.newCard')} />
                      </Stack>
                    </Radio.Group>
                  )}
                />
              )}
              {newCard && (
                <Stack gap="sm" data-testid="new-card">
                  <Controller
                    control={form.control}
                    name="number"
                    render={({ field: f }) => (
                      <TextInput
                        label={t('payments.pay.number')}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="0000 0000 0000 0000"
                        maxLength={23}
                        value={f.value}
                        onChange={(e) => f.onChange(groupCardNumber(e.currentTarget.value))}
                        onBlur={f.onBlur}
                        ref={f.ref}
                        error={fieldError(form, 'number')}
                        rightSectionWidth={brand ? 140 : undefined}
                        rightSection={
                          brand ? (
                            <Badge variant="light" data-testid="card-brand">
                              {brandName(t, brand)}
                            </Badge>
                          ) : null
                        }
                        withAsterisk
                      />
                    )}
                  />
                  <TextInput
                    label={t('payments.pay.holder')}
                    placeholder={t('payments.pay.holderPlaceholder')}
                    autoComplete="cc-name"
                    maxLength={80}
                    {...form.register('holder')}
                    error={fieldError(form, 'holder')}
                    withAsterisk
                  />
                  <SimpleGrid cols={{ base: 3 }} spacing="sm">
                    <Controller
                      control={form.control}
                      name="month"
                      render={({ field: f }) => (
                        <Select
                          label={t('payments.pay.month')}
                          data={months}
                          value={f.value}
                          onChange={f.onChange}
                          onBlur={f.onBlur}
                          error={fieldError(form, 'month')}
                          placeholder="MM"
                          allowDeselect={false}
                          autoComplete="cc-exp-month"
                          withAsterisk
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="year"
                      render={({ field: f }) => (
                        <Select
                          label={t('payments.pay.year')}
                          data={years}
                          value={f.value}
                          onChange={f.onChange}
                          onBlur={f.onBlur}
                          error={fieldError(form, 'year')}
                          placeholder="AAAA"
                          allowDeselect={false}
                          autoComplete="cc-exp-year"
                          withAsterisk
                        />
                      )}
                    />
                    <TextInput
                      label={t('payments.pay.cvv')}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      maxLength={cvvLength(brand)}
                      {...form.register('cvv')}
                      error={fieldError(form, 'cvv')}
                      withAsterisk
                    />
                  </SimpleGrid>
                  <Text size="xs" c="dimmed" mt={-6}>
                    {brand === 'american_express' ? t('payments.pay.cvvHintAmex') : t('payments.pay.cvvHint', { digits: cvvLength(brand) })}
                  </Text>
                </Stack>
              )}
              {options.msiChoices.length > 0 && (
                <Controller
                  control={form.control}
                  name="msi"
                  render={({ field: f }) => (
                    <Select
                      label={t('payments.pay.msi')}
                      data={[
                        { value: '', label: t('payments.pay.msiNone') },
                        ...options.msiChoices.map((m) => ({ value: String(m), label: t('payments.pay.msiOption', { months: m }) })),
                      ]}
                      value={f.value ?? ''}
                      onChange={(value) => f.onChange(value || null)}
                      error={fieldError(form, 'msi')}
                      allowDeselect={false}
                    />
                  )}
                />
              )}
              {newCard && (
                <Checkbox
                  label={t('payments.pay.persistCard')}
                  description={t('payments.pay.persistCardHint')}
                  checked={form.watch('persistCard')}
                  onChange={(e) => form.setValue('persistCard', e.currentTarget.checked)}
                />
              )}
              {!chosenCard?.automaticCharge && (
                <Checkbox
                  label={t('payments.pay.automaticCharge')}
                  description={
                    form.watch('saveAutomaticCharge') && authorized ? t('payments.pay.automaticChargeAuthorized') : t('payments.pay.automaticChargeHint')
                  }
                  checked={form.watch('saveAutomaticCharge')}
                  onChange={(e) => onAutomaticCharge(e.currentTarget.checked)}
                  error={fieldError(form, 'saveAutomaticCharge')}
                />
              )}
            </Stack>
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

/**
 * Spec 1 section 5: automatic charge to a card needs the payer's authorization first. The dialog's buttons
 * are the choice: «Autorizar y activar» authorizes and turns it on, «No activar» (or closing) leaves it off.
 */
export function AuthorizeDialog({ opened, onCancel, onConfirm }: { opened: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const phone = useMatches({ base: true, sm: false });
  return (
    <Modal opened={opened} onClose={onCancel} title={t('payments.authorize.title')} fullScreen={phone}>
      <Stack>
        <Text size="sm">{t('payments.authorize.body')}</Text>
        <Text size="sm" fw={500}>
          {t('payments.authorize.statement')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('payments.authorize.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('payments.authorize.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// ---- a payment in process ----------------------------------------------------------------------

function InProgress({ receipt, options, onReload }: { receipt: Receipt; options: Options; onReload: () => void }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const charge = options.latestCharge?.status === 'IN_PROGRESS' ? options.latestCharge : null;
  const [verify, verifying] = useMutation<PayReceiptVerifyMutation>(verifyMutation);
  const instructions = charge?.instructions ?? null;

  const subscription = useMemo<GraphQLSubscriptionConfig<PayReceiptUpdatesSubscription>>(
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
  useSubscription<PayReceiptUpdatesSubscription>(subscription);

  const check = () =>
    verify({
      variables: { input: { receiptId: receipt.id } },
      onCompleted: (response) => {
        const result = response.verifyReceiptCharge;
        const error = typedError(result);
        if (error) notify('danger', error.message ?? '');
        else if (result.__typename === 'MutationVerifyReceiptChargeSuccess' && result.data) {
          notify(result.data.charge?.status === 'COMPLETED' ? 'success' : 'info', result.data.message);
        }
        onReload();
      },
      onError: settleCallError,
    });

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
          <Anchor component="button" type="button" size="sm" onClick={check} disabled={verifying}>
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

function Row({ label, value, strong, mono, testId }: { label: string; value: string; strong?: boolean; mono?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        ta="right"
        data-testid={testId}
        ff={mono ? 'monospace' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** "Visa", "Mastercard", "American Express" for the gateway's brand names. */
export function brandName(t: (key: string) => string, brand: string): string {
  const key = `payments.cards.brand.${brand}`;
  const text = t(key);
  return text === key ? brand : text;
}
