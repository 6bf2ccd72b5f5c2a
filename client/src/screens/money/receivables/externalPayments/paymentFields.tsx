// The fields of an external payment (spec 1 section 7: method, card_type, id_income_account,
// account_ending, authorization, notes, message, payment_date, attachment), shared by the payment form
// and its review.
import { useMemo } from 'react';
import { Alert, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { Uploader } from '../../../../components/Uploader.js';
import { today } from '../receipts/receiptTexts.js';

export const EXTERNAL_METHODS = ['TRANSFER', 'DEPOSIT', 'CARD', 'CHECK'] as const;
export const CARD_TYPES = ['CREDIT', 'DEBIT'] as const;

export interface PaymentAccountOption {
  databaseId: number;
  description: string;
  maskedNumber: string | null | undefined;
  bankName: string | null | undefined;
}

export interface ExternalPaymentValues {
  method: string;
  cardType: string;
  incomeAccountId: string;
  accountEnding: string;
  authorization: string;
  paymentDate: string;
  notes: string;
  message: string;
  attachmentFileId: string | null;
}

export function useExternalPaymentForm(defaults: Partial<ExternalPaymentValues>) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z
        .object({
          method: z.enum(EXTERNAL_METHODS, { error: t('externalPayments.validation.method') }),
          cardType: z.string(),
          incomeAccountId: z.string().min(1, t('externalPayments.validation.account')),
          accountEnding: z.string().regex(/^(\d{4})?$/, t('externalPayments.validation.accountEnding')),
          authorization: z.string().max(100, t('externalPayments.validation.authorization')),
          paymentDate: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, t('externalPayments.validation.paymentDate'))
            .refine((d) => d <= today(), t('externalPayments.validation.futureDate')),
          notes: z.string().max(1000, t('externalPayments.validation.long')),
          message: z.string().max(1000, t('externalPayments.validation.long')),
          attachmentFileId: z.string().nullable(),
        })
        .superRefine((v, ctx) => {
          if (v.method === 'CARD' && !(CARD_TYPES as readonly string[]).includes(v.cardType))
            ctx.addIssue({ code: 'custom', path: ['cardType'], message: t('externalPayments.validation.cardType') });
        }),
    [t],
  );
  return useZodForm(schema, {
    defaultValues: {
      method: 'TRANSFER',
      cardType: '',
      incomeAccountId: '',
      accountEnding: '',
      authorization: '',
      paymentDate: today(),
      notes: '',
      message: '',
      attachmentFileId: null,
      ...defaults,
    } as never,
  });
}

/** The mutation input of the form's values. */
export function externalPaymentInput(values: ExternalPaymentValues) {
  return {
    method: values.method,
    cardType: values.method === 'CARD' ? values.cardType : null,
    incomeAccountId: Number(values.incomeAccountId),
    accountEnding: values.accountEnding.trim() || null,
    authorization: values.authorization.trim() || null,
    paymentDate: values.paymentDate,
    notes: values.notes.trim() || null,
    message: values.message.trim() || null,
    attachmentFileId: values.attachmentFileId,
  };
}

export function ExternalPaymentFields({
  form,
  accounts,
  withMessage,
  hasAttachment,
}: {
  form: UseFormReturn<any, any, any>;
  accounts: readonly PaymentAccountOption[];
  withMessage: boolean;
  hasAttachment?: boolean;
}) {
  const { t } = useTranslation();
  const method = form.watch('method');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="method"
          render={({ field: f }) => (
            <Select
              label={t('externalPayments.method.label')}
              withAsterisk
              data={EXTERNAL_METHODS.map((m) => ({ value: m, label: t(`externalPayments.method.${m}`) }))}
              value={f.value || null}
              onChange={(v) => f.onChange(v ?? '')}
              onBlur={f.onBlur}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={fieldError(form, 'method')}
            />
          )}
        />
        {method === 'CARD' && (
          <Controller
            control={form.control}
            name="cardType"
            render={({ field: f }) => (
              <Select
                label={t('externalPayments.cardType.label')}
                withAsterisk
                data={CARD_TYPES.map((c) => ({ value: c, label: t(`externalPayments.cardType.${c}`) }))}
                value={f.value || null}
                onChange={(v) => f.onChange(v ?? '')}
                onBlur={f.onBlur}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={fieldError(form, 'cardType')}
              />
            )}
          />
        )}
      </SimpleGrid>
      {accounts.length === 0 ? (
        <Alert color="yellow">{t('externalPayments.noAccounts')}</Alert>
      ) : (
        <Controller
          control={form.control}
          name="incomeAccountId"
          render={({ field: f }) => (
            <Select
              label={t('externalPayments.account')}
              description={t('externalPayments.accountHint')}
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
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="paymentDate"
          render={({ field: f }) => (
            <DateField
              label={t('externalPayments.paymentDate')}
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
        <TextInput label={t('externalPayments.authorization')} maxLength={100} {...field(form, 'authorization')} />
        <TextInput
          label={t('externalPayments.accountEnding')}
          description={t('externalPayments.accountEndingHint')}
          inputMode="numeric"
          maxLength={4}
          {...field(form, 'accountEnding')}
        />
      </SimpleGrid>
      <Textarea label={t('externalPayments.notes')} autosize minRows={2} maxLength={1000} {...field(form, 'notes')} />
      {withMessage && <Textarea label={t('externalPayments.message')} autosize minRows={2} maxLength={1000} {...field(form, 'message')} />}
      <Stack gap={4}>
        <Uploader
          endpoint="/api/1.0/files"
          maxSizeMb={10}
          pattern={/\.(pdf|png|jpe?g|webp)$/i}
          accept=".pdf,.png,.jpg,.jpeg,.webp"
          hint={`${t('externalPayments.attachment')}: ${t('externalPayments.attachmentHint')}`}
          onUploaded={(id) => form.setValue('attachmentFileId', id, { shouldDirty: true })}
          onRemoved={() => form.setValue('attachmentFileId', null, { shouldDirty: true })}
        />
        {hasAttachment && (
          <Alert color="gray" p="xs">
            {t('externalPayments.attachmentKept')}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
