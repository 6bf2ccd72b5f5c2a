import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CANCEL_MOTIVES, type CancelMotive, cancelRequest, regenerateForced } from './cfdiRules.js';

export interface CancelCfdiDialogProps {
  /** The invoice to cancel; null closes the dialog. */
  cfdi: { folio: string; receiverRfc: string; receiverName: string } | null;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (request: { motive: CancelMotive; regenerate: boolean }) => void;
}

/**
 * SAT's cancellation: the motive (01–04) and whether a new invoice replaces this one ("Regenerar").
 * Regenerating is SAT's substitution: motive 01 keeps it on, and choosing it picks motive 01.
 */
export function CancelCfdiDialog({ cfdi, busy, onClose, onConfirm }: CancelCfdiDialogProps) {
  const { t } = useTranslation();
  const [motive, setMotive] = useState<CancelMotive | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opened = cfdi !== null;
  useEffect(() => {
    if (!opened) return;
    setMotive(null);
    setError(null);
  }, [opened]);
  const forced = regenerateForced(motive);
  const choose = (value: CancelMotive) => {
    setMotive(value);
    setError(null);
  };

  const submit = () => {
    if (!motive) {
      setError(t('cfdis.cancel.motiveRequired'));
      return;
    }
    onConfirm(cancelRequest(motive));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('cfdis.cancel.title', { folio: cfdi?.folio ?? '' })} size="lg">
      <Stack>
        <Text size="sm">{t('cfdis.cancel.intro', { receiver: cfdi ? `${cfdi.receiverName} (${cfdi.receiverRfc})` : '' })}</Text>
        <Radio.Group label={t('cfdis.cancel.motive')} value={motive} onChange={(value) => choose(value as CancelMotive)} error={error} withAsterisk>
          <Stack gap="sm" mt="xs">
            {CANCEL_MOTIVES.map((m) => (
              <Radio key={m} value={m} label={t(`cfdis.cancel.motives.${m}`)} description={t(`cfdis.cancel.motiveHints.${m}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox
          label={t('cfdis.cancel.regenerate')}
          description={forced ? t('cfdis.cancel.regenerateForced') : t('cfdis.cancel.regenerateHint')}
          checked={forced}
          disabled={forced}
          onChange={(e) => e.currentTarget.checked && choose('01')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('cfdis.cancel.keep')}
          </Button>
          <Button color="red" loading={busy} onClick={submit}>
            {t('cfdis.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
