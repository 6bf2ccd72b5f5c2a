// The card part of the pay form: a saved card or a new one (number with its brand, holder, expiry, CVV),
// interest-free months, keeping the card and its automatic charge.
import { useMemo } from 'react';
import { Alert, Badge, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { expiryYears, PAYMENT_MESSAGES } from '../../../../../../core/payments.js';
import { fieldError } from '../../../../components/forms.js';
import { cardBrand, cvvLength } from '../../../../payments/tokenize.js';
import { groupCardNumber, lastFour, NEW_CARD, type PayFormValues } from './payForm.js';
import type { PayOptions } from './PayForm.js';
import { brandName } from './payParts.js';

export function CardFields({
  form,
  options,
  blocked,
  authorized,
  onCardChange,
  onAutomaticCharge,
}: {
  form: UseFormReturn<PayFormValues, any, any>;
  options: PayOptions;
  /** Too many failed attempts: card payments wait. */
  blocked: boolean;
  /** The payer authorized the automatic charge in this visit. */
  authorized: boolean;
  onCardChange: () => void;
  onAutomaticCharge: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const cardId = form.watch('cardId');
  const number = form.watch('number');
  const chosenCard = options.cards.find((c) => c.id === cardId) ?? null;
  const newCard = cardId === NEW_CARD;
  const brand = cardBrand(number);
  const years = useMemo(() => expiryYears(new Date().getFullYear()).map(String), []);
  const months = useMemo(() => Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') })), []);
  const cardLabel = (c: PayOptions['cards'][number]) => t('payments.pay.cardLabel', { brand: brandName(t, c.brand), last: lastFour(c.cardNumber) });

  return (
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
                onCardChange();
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
          description={form.watch('saveAutomaticCharge') && authorized ? t('payments.pay.automaticChargeAuthorized') : t('payments.pay.automaticChargeHint')}
          checked={form.watch('saveAutomaticCharge')}
          onChange={(e) => onAutomaticCharge(e.currentTarget.checked)}
          error={fieldError(form, 'saveAutomaticCharge')}
        />
      )}
    </Stack>
  );
}
