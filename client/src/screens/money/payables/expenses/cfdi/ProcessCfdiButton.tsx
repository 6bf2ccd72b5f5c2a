import { useState } from 'react';
import { Button, FileButton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../../components/notify.js';
import { MAX_CFDI_BYTES, type ProcessedCfdi, processCfdiFile } from './processCfdi.js';

export type { ProcessedCfdi } from './processCfdi.js';

/** 'Cargar CFDi (XML)': reads a provider's CFDI on the server and hands the processed invoice to the form. */
export function ProcessCfdiButton({ onProcessed }: { onProcessed: (cfdi: ProcessedCfdi) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_CFDI_BYTES) return setError(t('expenseCfdis.tooLarge'));
    if (!/\.xml$/i.test(file.name)) return setError(t('expenseCfdis.wrongType'));
    setBusy(true);
    const result = await processCfdiFile(file, t('expenseCfdis.failure'));
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      notify('danger', result.message);
      return;
    }
    notify('success', t('expenseCfdis.processed', { uuid: result.cfdi.uuid }));
    onProcessed(result.cfdi);
  };

  return (
    <Stack gap={4}>
      <FileButton onChange={(file) => void send(file)} accept=".xml,text/xml,application/xml">
        {(props) => (
          <Button variant="default" loading={busy} {...props} data-testid="process-cfdi">
            {t('expenseCfdis.load')}
          </Button>
        )}
      </FileButton>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
