import { Divider, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPesos, formatPlusPesos } from '../../../../format.js';
import type { PayOptions } from './PayForm.js';
import { Row } from './payParts.js';

/** The amount, the chosen method's fee (added, or absorbed by the community) and the total. */
export function PaySummary({ options, fee, total }: { options: PayOptions; fee: PayOptions['fees'][number] | null; total: string }) {
  const { t } = useTranslation();
  return (
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
  );
}
