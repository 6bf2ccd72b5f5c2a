import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayMethod } from '../../../../../../core/payments.js';
import { formatPesos } from '../../../../format.js';
import type { PayFormValues } from './payForm.js';
import type { PayOptions } from './PayForm.js';

/** The payment methods as cards, each with its hint, its fee and the total it charges. */
export function MethodChoice({
  form,
  methods,
  options,
  onChange,
}: {
  form: UseFormReturn<PayFormValues, any, any>;
  methods: PayMethod[];
  options: PayOptions;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const methodLabel = (m: PayMethod) => t(`payments.pay.methods.${m}`);
  const feeOf = (m: PayMethod) => options.fees.find((f) => f.method === m) ?? null;
  return (
    <Controller
      control={form.control}
      name="method"
      render={({ field: f }) => (
        <Radio.Group
          value={f.value}
          onChange={(value) => {
            f.onChange(value);
            onChange();
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
  );
}
