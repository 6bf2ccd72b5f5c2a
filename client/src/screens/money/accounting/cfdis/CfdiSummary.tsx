import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPesos } from '../../../../format.js';
import { CFDI_STATUS_COLORS, CFDI_STATUSES, type CfdiStatus } from './cfdiRules.js';

export interface CfdiSummaryItem {
  status: CfdiStatus;
  count: number;
  total: string;
}

/** The resume of the filtered list: how many invoices and how much money in each status. */
export function CfdiSummary({ items, dimmed }: { items: readonly CfdiSummaryItem[]; dimmed?: boolean }) {
  const { t } = useTranslation();
  const byStatus = new Map(items.map((i) => [i.status, i]));
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      component="section"
      aria-label={t('cfdis.summary.title')}
      data-testid="cfdi-summary"
      style={{ opacity: dimmed ? 0.6 : 1 }}
    >
      {CFDI_STATUSES.map((status) => {
        const item = byStatus.get(status) ?? { status, count: 0, total: '0.00' };
        return (
          <Paper key={status} withBorder radius="md" p="sm" data-testid={`cfdi-summary-${status}`}>
            <Stack gap={4} align="flex-start">
              <Badge color={CFDI_STATUS_COLORS[status]} variant="light" miw="max-content">
                {t(`cfdis.status.${status}`)}
              </Badge>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPesos(item.total)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('cfdis.summary.count', { count: item.count })}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
