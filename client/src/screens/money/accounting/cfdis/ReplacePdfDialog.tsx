import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Uploader } from '../../../../components/Uploader.js';

/** The PDF replacement's size limit. */
export const PDF_MAX_MB = 5;

export interface ReplacePdfDialogProps {
  cfdi: { folio: string } | null;
  busy?: boolean;
  onClose: () => void;
  /** The uploaded file's id (POST /api/1.0/files). */
  onConfirm: (fileId: string) => void;
}

/** APdfCfdiUpdate: an administrator's own PDF for a stamped invoice; the stamped XML stays as it is. */
export function ReplacePdfDialog({ cfdi, busy, onClose, onConfirm }: ReplacePdfDialogProps) {
  const { t } = useTranslation();
  const [fileId, setFileId] = useState<string | null>(null);
  const opened = cfdi !== null;
  useEffect(() => {
    if (opened) setFileId(null);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('cfdis.replacePdf.title', { folio: cfdi?.folio ?? '' })}>
      <Stack>
        <Text size="sm">{t('cfdis.replacePdf.intro')}</Text>
        {opened && (
          <Uploader
            endpoint="/api/1.0/files"
            maxSizeMb={PDF_MAX_MB}
            pattern={/\.pdf$/i}
            accept="application/pdf"
            onUploaded={setFileId}
            onRemoved={() => setFileId(null)}
            hint={t('cfdis.replacePdf.onlyPdf')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!fileId} loading={busy} onClick={() => fileId && onConfirm(fileId)}>
            {t('cfdis.replacePdf.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
