// /owners/massive-load: download the template, upload the filled sheet; on failure every row with its
// errors (nothing was imported), on success the counts. Files travel through the legacy REST routes
// (binary download, multipart upload); the session cookie goes with them.
import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, List, Stack, Table, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MassiveLoadQuery } from '../../../__generated__/MassiveLoadQuery.graphql';
import type { MassiveLoad_query$key } from '../../../__generated__/MassiveLoad_query.graphql';
import { MassiveLoadFileSchema } from '../../../../../core/houses.js';
import { fieldError, useZodForm } from '../../../components/forms.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { errorMessage } from '../../../components/errors.js';
import { notify } from '../../../components/notify.js';
import { downloadFile } from '../../../components/download.js';
import { broadcastSessionClosed } from '../../../relay/request.js';

export const massiveLoadQuery = graphql`
  query MassiveLoadQuery {
    ...MassiveLoad_query
  }
`;

const typesFragment = graphql`
  fragment MassiveLoad_query on Query {
    houseTypes(first: 100) { edges { node { id title } } }
  }
`;

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

export default function MassiveLoad({ queryRef }: ScreenProps<MassiveLoadQuery>) {
  const data = usePreloadedQuery<MassiveLoadQuery>(massiveLoadQuery, queryRef);
  return <Load query={data} />;
}

function Load({ query }: { query: MassiveLoad_query$key }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const types = useFragment(typesFragment, query).houseTypes?.edges.map((e) => e.node) ?? [];
  const base = `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}`;
  const form = useZodForm(MassiveLoadFileSchema, { mode: 'onChange' });
  const [downloading, setDownloading] = useState(false);
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

  // The sheet travels as multipart to the REST route (the GraphQL client sends no files).
  const upload = form.handleSubmit(async ({ file }) => {
    setRows(null);
    setCounts(null);
    const body = new FormData();
    body.append('file', file);
    try {
      const response = await fetch(`${base}/massiveHouses`, { method: 'POST', credentials: 'same-origin', headers: { 'x-graphql-csrf': '1' }, body });
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
    }
  });

  return (
    <Stack maw={960}>
      <PageHeader title={t('massiveLoad.title')} description={t('massiveLoad.intro')} secondary={{ label: t('massiveLoad.back'), to: '/owners' }} />
      {types.length === 0 ? (
        <Alert color="yellow" title={t('massiveLoad.noTypesTitle')}>
          <Anchor component={Link} to="/neighborhood/settings/houses-types/form" size="sm">
            {t('massiveLoad.noTypes')}
          </Anchor>
        </Alert>
      ) : (
        <Text size="sm">{t('massiveLoad.types', { types: types.map((type) => type.title).join(', ') })}</Text>
      )}
      <Group>
        <Button variant="default" onClick={() => void template()} loading={downloading}>
          {t('massiveLoad.downloadTemplate')}
        </Button>
      </Group>
      <form onSubmit={upload} noValidate>
        <Group align="flex-start">
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <FileInput
                label={t('massiveLoad.file')}
                placeholder={t('massiveLoad.choose')}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={field.value ?? null}
                onChange={(file) => {
                  setRows(null);
                  setCounts(null);
                  field.onChange(file ?? undefined);
                }}
                error={fieldError(form, 'file')}
                clearable
                w={{ base: '100%', xs: 360 }}
              />
            )}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} disabled={!form.watch('file') || !!fieldError(form, 'file')} loading={form.formState.isSubmitting}>
            {t('massiveLoad.upload')}
          </Button>
        </Group>
      </form>

      {rows && (
        <Stack data-testid="massive-load-errors">
          <Alert color="red" title={t('massiveLoad.failedTitle')}>
            {t('massiveLoad.nothingImported', { count: rows.length })}
          </Alert>
          <Table.ScrollContainer minWidth={520}>
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
          </Table.ScrollContainer>
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
    </Stack>
  );
}
