// The expense form's lines: description, quantity, unit price, discount, SAT key, the taxes (chosen, or
// as the invoice states them) and the line's amount.
import { Button, Card, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { field } from '../../../../components/forms.js';
import { formatMinusPesos, formatPesos, formatPlusPesos } from '../../../../format.js';
import { type ExpenseFormValues, type ExpenseLine, emptyLine, lineAmountOf, lineTaxes, TAX_OPTIONS } from './expenseFormValues.js';

export function ExpenseLines({
  form,
  lines,
  values,
}: {
  form: UseFormReturn<ExpenseFormValues, any, any>;
  lines: UseFieldArrayReturn<ExpenseFormValues, 'lines'>;
  /** The lines as they are now (watched), for amounts and taxes. */
  values: readonly ExpenseLine[];
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors.lines as { message?: string; root?: { message?: string } } | undefined;
  const linesError = errors?.message ?? errors?.root?.message;
  return (
    <Card withBorder>
      <Stack>
        <Text fw={600}>{t('expenses.form.lines')}</Text>
        {lines.fields.map((item, i) => {
          const line = values[i] ?? item;
          const amount = lineAmountOf(line);
          const taxes = lineTaxes(line);
          return (
            <Card key={item.id} withBorder padding="sm" data-testid={`expense-line-${i}`}>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <TextInput label={t('expenses.form.lineDescription')} {...field(form, `lines.${i}.description`)} maxLength={1000} required />
                <TextInput label={t('expenses.form.quantity')} {...field(form, `lines.${i}.quantity`)} inputMode="decimal" />
                <TextInput label={t('expenses.form.unitPrice')} {...field(form, `lines.${i}.unitPrice`)} inputMode="decimal" leftSection="$" />
                <TextInput label={t('expenses.form.discount')} {...field(form, `lines.${i}.discount`)} inputMode="decimal" leftSection="$" />
                <TextInput label={t('expenses.form.satKey')} {...form.register(`lines.${i}.satProductKey`)} maxLength={20} />
                {line.fixed ? (
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {t('expenses.form.taxes')}
                    </Text>
                    <Text size="sm">
                      {[...taxes.transferred.map((x) => formatPlusPesos(x.amount)), ...taxes.retained.map((x) => formatMinusPesos(x.amount))].join(' ') || '—'}
                    </Text>
                  </Stack>
                ) : (
                  <Controller
                    control={form.control}
                    name={`lines.${i}.options`}
                    render={({ field: f }) => (
                      <MultiSelect
                        label={t('expenses.form.taxes')}
                        data={Object.keys(TAX_OPTIONS).map((k) => ({ value: k, label: t(`expenses.form.taxOptions.${k}`) }))}
                        value={f.value}
                        onChange={f.onChange}
                      />
                    )}
                  />
                )}
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {t('expenses.form.amount')}
                  </Text>
                  <Text data-testid={`line-amount-${i}`}>{amount ? formatPesos(amount) : '—'}</Text>
                </Stack>
                <Group align="flex-end">
                  <Button variant="subtle" color="red" disabled={lines.fields.length === 1} onClick={() => lines.remove(i)}>
                    {t('expenses.form.removeLine')}
                  </Button>
                </Group>
              </SimpleGrid>
            </Card>
          );
        })}
        <Group>
          <Button variant="light" onClick={() => lines.append(emptyLine())}>
            {t('expenses.form.addLine')}
          </Button>
        </Group>
        {linesError && (
          <Text c="red" size="sm">
            {linesError}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
