import { Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text, TextInput, useMatches } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MaintenanceCaptureDialogQuery } from '../../../../__generated__/MaintenanceCaptureDialogQuery.graphql';
import type { MaintenanceCaptureDialogMutation } from '../../../../__generated__/MaintenanceCaptureDialogMutation.graphql';
import { sumMoney } from '../../../../../../core/money.js';
import { ADJUSTABLE_STATUSES, type ReceiptStatus } from '../../../../../../core/receipts.js';
import { formatDate, formatPesos } from '../../../../format.js';
import { DateField } from '../../../../components/DateField.js';
import { ErrorBoundary } from '../../../../components/ErrorBoundary.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { CAPTURE_ACCOUNT_TYPES } from '../receipts/CapturePaymentDialog.js';
import { useReceiptMutation } from '../receipts/receiptMutation.js';
import { today } from '../receipts/receiptTexts.js';

/** Pending receipts the dialog offers at once (a page of the maintenance's receipts). */
export const CAPTURE_RECEIPTS_SHOWN = 100;

const optionsQuery = graphql`
  query MaintenanceCaptureDialogQuery($id: ID!) {
    node(id: $id) {
      ... on Maintenance {
        receipts(first: 100, filter: { group: PENDING }) {
          totalCount
          edges { node { id description houseLabel dueDate amount status } }
        }
      }
    }
    incomeAccounts(first: 100) {
      edges { node { databaseId accountType description maskedNumber bankName } }
    }
  }
`;

const captureMutation = graphql`
  mutation MaintenanceCaptureDialogMutation($input: CaptureMaintenanceIncomesInput!) {
    captureMaintenanceIncomes(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCaptureMaintenanceIncomesSuccess { data { message total } }
    }
  }
`;

/**
 * «Registrar pagos» of a maintenance (PUT /maintenances/{id}/incomes): the payments received into one of the
 * community's CLABE or card accounts for several of its pending receipts, of any house, all at once.
 */
export function MaintenanceCaptureDialog({
  opened,
  maintenanceId,
  onClose,
  onDone,
}: {
  opened: boolean;
  maintenanceId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMatches({ base: true, sm: false });
  const [queryRef, loadQuery, disposeQuery] = useQueryLoader<MaintenanceCaptureDialogQuery>(optionsQuery);
  useEffect(() => {
    if (opened) loadQuery({ id: maintenanceId }, { fetchPolicy: 'network-only' });
    else disposeQuery();
  }, [opened, maintenanceId, loadQuery, disposeQuery]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('maintenanceCapture.title')} size="lg" fullScreen={phone}>
      <ErrorBoundary>
        <Suspense
          fallback={
            <Group justify="center" p="lg">
              <Loader size="sm" />
            </Group>
          }
        >
          {opened && queryRef && <CaptureForm queryRef={queryRef} maintenanceId={maintenanceId} onClose={onClose} onDone={onDone} />}
        </Suspense>
      </ErrorBoundary>
    </Modal>
  );
}

function CaptureForm({
  queryRef,
  maintenanceId,
  onClose,
  onDone,
}: {
  queryRef: PreloadedQuery<MaintenanceCaptureDialogQuery>;
  maintenanceId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<MaintenanceCaptureDialogQuery>(optionsQuery, queryRef);
  const capture = useReceiptMutation<MaintenanceCaptureDialogMutation>(captureMutation);
  const [house, setHouse] = useState('');
  const receipts = (data.node?.receipts?.edges ?? []).map(({ node }) => ({ ...node, amount: node.amount as string, status: node.status as ReceiptStatus }));
  const more = (data.node?.receipts?.totalCount ?? 0) - receipts.length;
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
  const needle = house.trim().toLowerCase();
  // The search narrows what is listed; receipts already chosen stay chosen.
  const shown = needle ? receipts.filter((r) => r.houseLabel.toLowerCase().includes(needle)) : receipts;

  const save = form.handleSubmit(async (values) => {
    const ok = await capture.run(
      {
        maintenanceId,
        receiptIds: values.receiptIds,
        incomeAccountId: Number(values.incomeAccountId),
        paymentDate: values.paymentDate,
        authorization: values.authorization.trim() || null,
      },
      'captureMaintenanceIncomes',
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
          {t('maintenanceCapture.description')}
        </Text>
        {receipts.length === 0 ? (
          <Alert color="blue">{t('maintenanceCapture.noReceipts')}</Alert>
        ) : (
          <>
            <TextInput
              label={t('maintenanceCapture.search')}
              placeholder={t('maintenanceCapture.searchPlaceholder')}
              value={house}
              onChange={(e) => setHouse(e.currentTarget.value)}
            />
            <Controller
              control={form.control}
              name="receiptIds"
              render={({ field: f }) => (
                <Checkbox.Group
                  label={t('maintenanceCapture.receipts', { count: chosen.length })}
                  value={f.value}
                  onChange={f.onChange}
                  error={fieldError(form, 'receiptIds')}
                  withAsterisk
                >
                  <Stack gap="xs" mt="xs" data-testid="capture-receipts">
                    {shown.map((r) => {
                      const blocked = !ADJUSTABLE_STATUSES.includes(r.status);
                      return (
                        <Checkbox
                          key={r.id}
                          value={r.id}
                          disabled={blocked}
                          styles={{ body: { width: '100%' }, labelWrapper: { flex: 1 } }}
                          label={
                            <Group justify="space-between" wrap="nowrap" gap="xs">
                              <Text size="sm">{t('maintenanceCapture.house', { label: r.houseLabel })}</Text>
                              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                                {formatPesos(r.amount)}
                              </Text>
                            </Group>
                          }
                          description={blocked ? t('receipts.capture.blocked') : t('receipts.dueOn', { date: formatDate(r.dueDate as string) })}
                        />
                      );
                    })}
                    {shown.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {t('maintenanceCapture.noMatch')}
                      </Text>
                    )}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            {more > 0 && (
              <Text size="xs" c="dimmed">
                {t('maintenanceCapture.more', { count: more, shown: CAPTURE_RECEIPTS_SHOWN })}
              </Text>
            )}
          </>
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
            {t('maintenanceCapture.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
