// /owners/massive-load: download the template, upload the filled sheet; on failure every row with its
// errors (nothing was imported), on success the counts. Files travel through the legacy REST routes
// (binary download, multipart upload); the session cookie goes with them.
import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../components/SessionProvider.js';
import { errorMessage } from '../../components/errors.js';
import { notify } from '../../components/notify.js';
import { broadcastSessionClosed } from '../../relay/request.js';

const MAX_MB = 5;

interface RowErrors {
  row: number;
  catastral: string | null;
  errors: string[];
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Saves a download through a temporary blob link. */
export async function downloadFile(url: string, fallbackName: string): Promise<{ ok: true } | { ok: false; status: number; data: unknown }> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    if (response.status === 401) broadcastSessionClosed();
    return { ok: false, status: response.status, data: await response.json().catch(() => undefined) };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return { ok: true };
}

export default function MassiveLoad() {
  const { t } = useTranslation();
  const { session } = useSession();
  const base = `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}`;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [rows, setRows] = useState<RowErrors[] | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);

  const template = async () => {
    setDownloading(true);
    try {
      const result = await downloadFile(`${base}/houses/massive-loads`, 'plantilla-carga-masiva.xlsx');
      if (!result.ok) notify('danger', errorMessage({ status: result.status, data: result.data, key: 'massiveLoadTemplate' }));
    } catch {
      notify('danger', errorMessage({ status: 0, key: 'massiveLoadTemplate' }));
    } finally {
      setDownloading(false);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setRows(null);
    setCounts(null);
    if (chosen && !/\.xlsx$/i.test(chosen.name)) setFileError(t('massiveLoad.wrongType'));
    else if (chosen && chosen.size > MAX_MB * 1024 * 1024) setFileError(t('massiveLoad.tooLarge', { max: MAX_MB }));
    else setFileError(null);
  };

  const upload = async () => {
    if (!file || fileError) return;
    setUploading(true);
    setRows(null);
    setCounts(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const response = await fetch(`${base}/massiveHouses`, { method: 'POST', credentials: 'same-origin', headers: { 'x-graphql-csrf': '1' }, body: form });
      const data = await response.json().catch(() => undefined);
      if (response.status === 401) broadcastSessionClosed();
      if (response.ok) {
        setCounts(data as Counts);
        notify('success', t('massiveLoad.done'));
      } else if (Array.isArray(data?.houseslist)) {
        setRows(data.houseslist as RowErrors[]);
      } else {
        notify('danger', errorMessage({ status: response.status, data, key: 'massiveHouses' }));
      }
    } catch {
      notify('danger', errorMessage({ status: 0, key: 'massiveHouses' }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack maw={960}>
      <Title order={2}>{t('massiveLoad.title')}</Title>
      <Text>{t('massiveLoad.intro')}</Text>
      <Group>
        <Button variant="default" onClick={() => void template()} loading={downloading}>
          {t('massiveLoad.downloadTemplate')}
        </Button>
      </Group>
      <Group align="flex-end">
        <FileInput
          label={t('massiveLoad.file')}
          placeholder={t('massiveLoad.choose')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          w={360}
        />
        <Button onClick={() => void upload()} disabled={!file || !!fileError} loading={uploading}>
          {t('massiveLoad.upload')}
        </Button>
      </Group>

      {rows && (
        <Stack data-testid="massive-load-errors">
          <Alert color="red" title={t('massiveLoad.failedTitle')}>
            {t('massiveLoad.nothingImported', { count: rows.length })}
          </Alert>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('massiveLoad.row')}</Table.Th>
                <Table.Th>{t('massiveLoad.catastral')}</Table.Th>
                <Table.Th>{t('massiveLoad.errors')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.catastral ?? '—'}</Table.Td>
                  <Table.Td>
                    <List size="sm">
                      {r.errors.map((e) => (
                        <List.Item key={e}>{e}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      {counts && (
        <Alert color="green" title={t('massiveLoad.doneTitle')} data-testid="massive-load-done">
          <Stack gap="xs">
            <Text>{t('massiveLoad.counts', { ...counts })}</Text>
            <Anchor component={Link} to="/owners">
              {t('massiveLoad.backToOwners')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Group>
        <Button variant="subtle" component={Link} to="/owners">
          {t('massiveLoad.back')}
        </Button>
      </Group>
    </Stack>
  );
}
