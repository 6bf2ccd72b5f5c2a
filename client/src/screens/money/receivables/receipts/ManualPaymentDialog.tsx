import { Suspense, useEffect, useMemo } from 'react';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Textarea, useMatches } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ManualPaymentDialogQuery } from '../../../../__generated__/ManualPaymentDialogQuery.graphql';
import type { ManualPaymentDialogMutation } from '../../../../__generated__/ManualPaymentDialogMutation.graphql';
import { money, parseMoney } from '../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../format.js';
import { DateField } from '../../../../components/DateField.js';
import { ErrorBoundary } from '../../../../components/ErrorBoundary.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import { Uploader } from '../../../../components/Uploader.js';
import { today } from './receiptTexts.js';
import { useReceiptMutation } from './receiptMutation.js';

const optionsQuery = graphql`
  query ManualPaymentDialogQuery($houseId: ID) {
    manualPaymentOptions(houseId: $houseId) {
      defaultDueDate
      concepts { conceptDatabaseId description maxAmount maxPaymentDate allowAttachments }
    }
  }
`;

const createMutation = graphql`
  mutation ManualPaymentDialogMutation($input: CreateManualPaymentInput!) {
    createManualPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateManualPaymentSuccess { data { message receiptDatabaseId } }
    }
  }
`;

/**
 * "Solicitar pago" (spec 1 sections 3 and 5): a receipt for a concept that allows an amount — at most the
 * concept's maximum (|negative balance| of its wallet, else 100000), due no later than its last payment
 * date; house users get the server's default due date (10 days ahead). When the concept allows
 * attachments, a file (the proof) is uploaded through POST /api/1.0/files and sent with the request.
 */
export function ManualPaymentDialog({
  opened,
  houseId,
  onClose,
  onDone,
}: {
  opened: boolean;
  /** The house (administrators); null: the own house. */
  houseId: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMatches({ base: true, sm: false });
  // The options are fetched when the dialog opens (a fetch the user starts), fresh each time.
  const [queryRef, loadQuery, disposeQuery] = useQueryLoader<ManualPaymentDialogQuery>(optionsQuery);
  useEffect(() => {
    if (opened) loadQuery({ houseId }, { fetchPolicy: 'network-only' });
    else disposeQuery();
  }, [opened, houseId, loadQuery, disposeQuery]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('receipts.manual.title')} size="md" fullScreen={phone}>
      <ErrorBoundary>
        <Suspense
          fallback={
            <Group justify="center" p="lg">
              <Loader size="sm" />
            </Group>
          }
        >
          {opened && queryRef && <ManualForm queryRef={queryRef} houseId={houseId} onClose={onClose} onDone={onDone} />}
        </Suspense>
      </ErrorBoundary>
    </Modal>
  );
}

interface Concept {
  conceptDatabaseId: number;
  description: string;
  maxAmount: string;
  maxPaymentDate: string | null;
  allowAttachments: boolean;
}

function ManualForm({
  queryRef,
  houseId,
  onClose,
  onDone,
}: {
  queryRef: PreloadedQuery<ManualPaymentDialogQuery>;
  houseId: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ManualPaymentDialogQuery>(optionsQuery, queryRef);
  const create = useReceiptMutation<ManualPaymentDialogMutation>(createMutation);
  const options = data.manualPaymentOptions;
  const concepts: Concept[] = useMemo(
    () =>
      options.concepts.map((c) => ({
        conceptDatabaseId: c.conceptDatabaseId,
        description: c.description,
        maxAmount: c.maxAmount as string,
        maxPaymentDate: (c.maxPaymentDate as string | null) ?? null,
        allowAttachments: c.allowAttachments,
      })),
    [options],
  );
  const defaultDueDate = (options.defaultDueDate as string | null) ?? null;
  const schema = useMemo(() => manualPaymentSchema(concepts, t), [concepts, t]);
  const form = useZodForm(schema, {
    defaultValues: {
      conceptId: concepts.length === 1 ? String(concepts[0].conceptDatabaseId) : '',
      amount: '',
      dueDate: defaultDueDate,
      notes: '',
      attachmentFileId: null,
    },
  });
  const concept = concepts.find((c) => String(c.conceptDatabaseId) === form.watch('conceptId')) ?? null;
  const allowAttachments = concept?.allowAttachments ?? false;
  // A concept without attachments drops a file chosen for another one (the server would refuse it).
  useEffect(() => {
    if (!allowAttachments) form.setValue('attachmentFileId', null);
  }, [allowAttachments, form]);

  const save = form.handleSubmit(async (values) => {
    const ok = await create.run(
      {
        houseId,
        conceptId: Number(values.conceptId),
        amount: values.amount,
        dueDate: values.dueDate || null,
        notes: values.notes.trim() || null,
        attachmentFileId: allowAttachments ? values.attachmentFileId : null,
      },
      'createManualPayment',
      { form: form as never, success: (result: { data: { message: string } }) => result.data.message },
    );
    if (ok) {
      onClose();
      onDone();
    }
  });

  if (concepts.length === 0) return <Alert color="blue">{t('receipts.manual.noConcepts')}</Alert>;

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('receipts.manual.description')}
        </Text>
        <Controller
          control={form.control}
          name="conceptId"
          render={({ field: f }) => (
            <Select
              label={t('receipts.manual.concept')}
              placeholder={t('receipts.manual.conceptPlaceholder')}
              withAsterisk
              data={concepts.map((c) => ({ value: String(c.conceptDatabaseId), label: c.description }))}
              value={f.value || null}
              onChange={(value) => f.onChange(value ?? '')}
              onBlur={f.onBlur}
              ref={f.ref}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={fieldError(form, 'conceptId')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="amount"
          render={({ field: f }) => (
            <QuantityField
              label={t('receipts.manual.amount')}
              description={concept ? t('receipts.manual.amountMax', { amount: formatPesos(concept.maxAmount) }) : undefined}
              withAsterisk
              leftSection="$"
              value={f.value ?? ''}
              onValue={f.onChange}
              onBlur={f.onBlur}
              ref={f.ref}
              error={fieldError(form, 'amount')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="dueDate"
          render={({ field: f }) => (
            <DateField
              label={t('receipts.manual.dueDate')}
              description={concept?.maxPaymentDate ? t('receipts.manual.dueDateHint', { date: formatDate(concept.maxPaymentDate) }) : undefined}
              placeholder={t('receipts.manual.dueDateToday')}
              minDate={today()}
              maxDate={concept?.maxPaymentDate ?? undefined}
              value={f.value || null}
              onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
              onBlur={f.onBlur}
              error={fieldError(form, 'dueDate')}
            />
          )}
        />
        <Textarea label={t('receipts.manual.notes')} autosize minRows={2} maxRows={5} {...field(form, 'notes')} />
        {allowAttachments && (
          <Uploader
            endpoint="/api/1.0/files"
            maxSizeMb={10}
            pattern={/\.(pdf|png|jpe?g|webp)$/i}
            accept=".pdf,.png,.jpg,.jpeg,.webp"
            hint={`${t('receipts.manual.attachment')}: ${t('receipts.manual.attachmentHint')}`}
            onUploaded={(id) => form.setValue('attachmentFileId', id, { shouldDirty: true })}
            onRemoved={() => form.setValue('attachmentFileId', null, { shouldDirty: true })}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.inFlight}>
            {t('receipts.manual.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The request's fields, checked against the chosen concept's maximum and last payment date. */
export function manualPaymentSchema(concepts: readonly Concept[], t: T) {
  return z
    .object({
      conceptId: z.string({ error: t('receipts.validation.concept') }).min(1, t('receipts.validation.concept')),
      amount: z.string({ error: t('receipts.validation.amount') }).refine((v) => {
        const m = parseMoney(v ?? '');
        return !!m && m.greaterThan(0);
      }, t('receipts.validation.amount')),
      dueDate: z.string().nullable(),
      notes: z.string().max(1000, t('receipts.validation.notes')),
      attachmentFileId: z.string().nullable(),
    })
    .superRefine((values, ctx) => {
      const concept = concepts.find((c) => String(c.conceptDatabaseId) === values.conceptId);
      if (!concept) return;
      const amount = parseMoney(values.amount);
      if (amount?.greaterThan(money(concept.maxAmount))) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: t('receipts.validation.amountMax', { amount: formatPesos(concept.maxAmount) }) });
      }
      if (values.dueDate && values.dueDate < today()) {
        ctx.addIssue({ code: 'custom', path: ['dueDate'], message: t('receipts.validation.dueDatePast') });
      }
      if (values.dueDate && concept.maxPaymentDate && values.dueDate > concept.maxPaymentDate) {
        ctx.addIssue({ code: 'custom', path: ['dueDate'], message: t('receipts.validation.dueDateMax', { date: formatDate(concept.maxPaymentDate) }) });
      }
    });
}
