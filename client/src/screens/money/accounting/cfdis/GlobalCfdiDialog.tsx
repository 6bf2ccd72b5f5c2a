import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { globalMonths } from './cfdiRules.js';
import { formatPeriod } from '../../../../format.js';

export interface GlobalCfdiDialogProps {
  opened: boolean;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (period: { year: number; month: number }) => void;
}

/** The month's global invoice (public in general): a month among the last twelve, the previous one proposed. */
export function GlobalCfdiDialog({ opened, busy, onClose, onConfirm }: GlobalCfdiDialogProps) {
  const { t } = useTranslation();
  const months = globalMonths();
  const options = months.map((m) => ({ value: `${m.year}-${m.month}`, label: formatPeriod(m.year, m.month) }));
  const proposal = options[1]?.value ?? null;
  const [value, setValue] = useState<string | null>(proposal);
  useEffect(() => {
    if (opened) setValue(proposal);
  }, [opened, proposal]);
  const submit = () => {
    if (!value) return;
    const [year, month] = value.split('-').map(Number);
    onConfirm({ year: year!, month: month! });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('cfdis.global.title')}>
      <Stack>
        <Text size="sm">{t('cfdis.global.intro')}</Text>
        <Select label={t('cfdis.global.month')} data={options} value={value} onChange={setValue} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={!value} onClick={submit}>
            {t('cfdis.global.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
