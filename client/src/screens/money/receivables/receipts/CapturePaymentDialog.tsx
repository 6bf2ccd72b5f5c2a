import { Suspense, useEffect, useMemo } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text, TextInput, useMatches } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CapturePaymentDialogQuery } from '../../../../__generated__/CapturePaymentDialogQuery.graphql';
import type { CapturePaymentDialogMutation } from '../../../../__generated__/CapturePaymentDialogMutation.graphql';
import { sumMoney } from '../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../format.js';
import { ADJUSTABLE_STATUSES, type ReceiptStatus } from '../../../../../../core/receipts.js';
import { DateField } from '../../../../components/DateField.js';
import { ErrorBoundary } from '../../../../components/ErrorBoundary.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { today } from './receiptTexts.js';
import { useReceiptMutation } from './receiptMutation.js';

const optionsQuery = graphql`
  query CapturePaymentDialogQuery($houseId: ID!) {
    houseReceipts(houseId: $houseId, first: 100, filter: { group: PENDING }) {
      edges { node { id description dueDate amount status } }
    }
    incomeAccounts(first: 100) {
      edges { node { databaseId accountType description maskedNumber bankName } }
    }
  }
`;

const captureMutation = graphql`
  mutation CapturePaymentDialogMutation($input: CapturePaymentInput!) {
    capturePayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCapturePaymentSuccess { data { message total } }
    }
  }
`;

/** Spec 2 sections 5 and 9: only CLABE and CARD accounts receive a captured payment. */
export const CAPTURE_ACCOUNT_TYPES: readonly string[] = ['CLABE', 'CARD'];

/**
 * "Registrar pago" (administrators with AReceiptsExternalPaymentsCreate): a payment received into one of
 * the community's CLABE or card accounts, for some of the house's pending receipts.
 */
export function CapturePaymentDialog({ opened, houseId, onClose, onDone }: { opened: boolean; houseId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  // Phones: the whole screen, so the list of receipts scrolls with the page.
  const phone = useMatches({ base: true, sm: false });
  // The options are fetched when the dialog opens (a fetch the user starts), fresh each time.
  const [queryRef, loadQuery, disposeQuery] = useQueryLoader<CapturePaymentDialogQuery>(optionsQuery);
  useEffect(() => {
    if (opened) loadQuery({ houseId }, { fetchPolicy: 'network-only' });
    else disposeQuery();
  }, [opened, houseId, loadQuery, disposeQuery]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('receipts.capture.title')} size="lg" fullScreen={phone}>
      <ErrorBoundary>
        <Suspense
          fallback={
            <Group justify="center" p="lg">
              <Loader size="sm" />
            </Group>
          }
        >
          {opened && queryRef && <CaptureForm queryRef={queryRef} houseId={houseId} onClose={onClose} onDone={onDone} />}
        </Suspense>
      </ErrorBoundary>
    </Modal>
  );
}

function CaptureForm({
  queryRef,
  houseId,
  onClose,
  onDone,
}: {
  queryRef: PreloadedQuery<CapturePaymentDialogQuery>;
  houseId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<CapturePaymentDialogQuery>(optionsQuery, queryRef);
  const capture = useReceiptMutation<CapturePaymentDialogMutation>(captureMutation);
  const receipts = data.houseReceipts.edges.map(({ node }) => ({ ...node, amount: node.amount as string, status: node.status as ReceiptStatus }));
  const accounts = (data.incomeAccounts?.edges ?? []).map(({ node }) => node).filter((a) => CAPTURE_ACCOUNT_TYPES.includes(a.accountType));
  const schema = useMemo(
    () =>
      z.object({
        receiptIds: z.array(z.string()).min(1, t('receipts.validation.receipts')),
        incomeAccountId: z.string({ error: t('receipts.validation.account') }).min(1, t('receipts.validation.account')),
        paymentDate: z
          .string({ error: t('receipts.validation.paymentDate') })
          .regex(/^\d{4}-\d{2}-\d{2}$/, t('receipts.validation.paymentDate'))
          .refine((d) => d <= today(), t('receipts.validation.futureDate')),
        authorization: z.string().max(100, t('receipts.validation.authorization')),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { receiptIds: [], incomeAccountId: '', paymentDate: today(), authorization: '' } });
  const chosen = form.watch('receiptIds');
  const total = sumMoney(receipts.filter((r) => chosen.includes(r.id)).map((r) => r.amount));

  const save = form.handleSubmit(async (values) => {
    const ok = await capture.run(
      {
        houseId,
        receiptIds: values.receiptIds,
        incomeAccountId: Number(values.incomeAccountId),
        paymentDate: values.paymentDate,
        authorization: values.authorization.trim() || null,
      },
      'capturePayment',
      {
        form: form as never,
        success: (result: { data: { message: string } }) => result.data.message,
        onAlreadyPaid: () => {
          onClose();
          onDone();
        },
      },
    );
    if (ok) {
      onClose();
      onDone();
    }
  });

  if (data.incomeAccounts === null || data.incomeAccounts === undefined) {
    return (
      <Alert color="yellow" role="alert">
        {t('receipts.capture.accountsUnavailable')}
      </Alert>
    );
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('receipts.capture.description')}
        </Text>
        {receipts.length === 0 ? (
          <Alert color="blue">{t('receipts.capture.noReceipts')}</Alert>
        ) : (
          <Controller
            control={form.control}
            name="receiptIds"
            render={({ field: f }) => (
              <Checkbox.Group label={t('receipts.capture.receipts')} value={f.value} onChange={f.onChange} error={fieldError(form, 'receiptIds')} withAsterisk>
                <Stack gap="xs" mt="xs">
                  {receipts.map((r) => {
                    const blocked = !ADJUSTABLE_STATUSES.includes(r.status);
                    return (
                      <Checkbox
                        key={r.id}
                        value={r.id}
                        disabled={blocked}
                        styles={{ body: { width: '100%' }, labelWrapper: { flex: 1 } }}
                        label={
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Text size="sm">{r.description}</Text>
                            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                              {formatPesos(r.amount)}
                            </Text>
                          </Group>
                        }
                        description={blocked ? t('receipts.capture.blocked') : t('receipts.dueOn', { date: formatDate(r.dueDate as string) })}
                      />
                    );
                  })}
                </Stack>
              </Checkbox.Group>
            )}
          />
        )}
        <Text size="sm" fw={600} data-testid="capture-total">
          {t('receipts.capture.total', { amount: formatPesos(total) })}
        </Text>
        {accounts.length === 0 ? (
          <Alert color="yellow">{t('receipts.capture.noAccounts')}</Alert>
        ) : (
          <Controller
            control={form.control}
            name="incomeAccountId"
            render={({ field: f }) => (
              <Select
                label={t('receipts.capture.account')}
                description={t('receipts.capture.accountHint')}
                placeholder={t('receipts.capture.accountPlaceholder')}
                withAsterisk
                data={accounts.map((a) => ({
                  value: String(a.databaseId),
                  label: [a.description, a.maskedNumber, a.bankName].filter(Boolean).join(' · '),
                }))}
                value={f.value || null}
                onChange={(value) => f.onChange(value ?? '')}
                onBlur={f.onBlur}
                ref={f.ref}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={fieldError(form, 'incomeAccountId')}
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="paymentDate"
          render={({ field: f }) => (
            <DateField
              label={t('receipts.capture.paymentDate')}
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
        <TextInput label={t('receipts.capture.authorization')} description={t('receipts.capture.authorizationHint')} {...field(form, 'authorization')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={capture.inFlight} disabled={receipts.length === 0 || accounts.length === 0}>
            {t('receipts.capture.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
