// /services/{serviceId}/periods/{periodId}/measurements: the readings of the period, typed on screen or
// uploaded in the capture sheet, then «Completar».
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { graphql, useMutation, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PeriodMeasurementsQuery } from '../../../../__generated__/PeriodMeasurementsQuery.graphql';
import type { PeriodMeasurements_period$key } from '../../../../__generated__/PeriodMeasurements_period.graphql';
import type { PeriodMeasurementsSaveMutation } from '../../../../__generated__/PeriodMeasurementsSaveMutation.graphql';
import type { PeriodMeasurementsCompleteMutation } from '../../../../__generated__/PeriodMeasurementsCompleteMutation.graphql';
import SheetQuery, { type PeriodMeasurementsSheetQuery } from '../../../../__generated__/PeriodMeasurementsSheetQuery.graphql.js';
import ImportOperation, { type PeriodMeasurementsImportMutation } from '../../../../__generated__/PeriodMeasurementsImportMutation.graphql.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { broadcastSessionClosed, postGraphQL } from '../../../../relay/request.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from '../maintenances/keys.js';
import type { CaptureRow, SaveItem, SaveResult } from './capture.js';
import { CaptureTable } from './CaptureTable.js';
import { PeriodStatusBadge } from './labels.js';
import { type ActionPeriod, PeriodActions } from './PeriodActions.js';
import { periodsPath } from './paths.js';

export const periodMeasurementsQuery = graphql`
  query PeriodMeasurementsQuery($id: ID!, $first: Int!, $offset: Int!, $house: String) {
    node(id: $id) {
      ... on ServicePeriod {
        id
        databaseId
        description
        status
        editable
        deletable
        serviceDatabaseId
        serviceDescription
      }
      ...PeriodMeasurements_period @alias @arguments(first: $first, offset: $offset, house: $house)
    }
  }
`;

const measurementsFragment = graphql`
  fragment PeriodMeasurements_period on ServicePeriod
  @refetchable(queryName: "PeriodMeasurementsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, house: { type: "String" }) {
    measurementCounts { total captured missing }
    measurements(first: $first, offset: $offset, search: $house) {
      totalCount
      edges { node { houseId houseLabel previous measurement edited } }
    }
  }
`;

const saveMutation = graphql`
  mutation PeriodMeasurementsSaveMutation($input: SaveServicePeriodMeasurementsInput!) {
    saveServicePeriodMeasurements(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationSaveServicePeriodMeasurementsSuccess {
        data { message saved period { id status editable deletable measurementCounts { total captured missing } } }
      }
    }
  }
`;

const completeMutation = graphql`
  mutation PeriodMeasurementsCompleteMutation($input: CompleteServicePeriodMeasurementsInput!) {
    completeServicePeriodMeasurements(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCompleteServicePeriodMeasurementsSuccess {
        data { message period { id status editable deletable measurementCounts { total captured missing } } }
      }
    }
  }
`;

// Sent over plain fetch with their generated texts: the sheet's bytes never enter the Relay store, and the
// upload goes as a GraphQL multipart request.
graphql`
  query PeriodMeasurementsSheetQuery($id: ID!) {
    node(id: $id) {
      ... on ServicePeriod { measurementsSheet { fileName contentType base64 } }
    }
  }
`;
graphql`
  mutation PeriodMeasurementsImportMutation($periodId: ID!, $file: File!, $idempotencyKey: String) {
    importServicePeriodMeasurements(periodId: $periodId, file: $file, idempotencyKey: $idempotencyKey) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MeasurementsSheetError { rows { row house message } }
      ... on MutationImportServicePeriodMeasurementsSuccess { data { message saved } }
    }
  }
`;

export default function PeriodMeasurements({ queryRef, route }: ScreenProps<PeriodMeasurementsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<PeriodMeasurementsQuery>(periodMeasurementsQuery, queryRef);
  const { serviceId } = useParams();
  const period = data.node?.databaseId && String(data.node.serviceDatabaseId) === serviceId ? data.node : null;
  const list = data.node?.PeriodMeasurements_period;
  if (!period?.databaseId || !list) return <Alert color="yellow">{t('servicePeriods.notFound')}</Alert>;
  return (
    <Capture
      period={{
        id: period.id!,
        databaseId: period.databaseId,
        description: period.description ?? '',
        status: period.status ?? 'NEW',
        editable: !!period.editable,
        deletable: !!period.deletable,
      }}
      service={{ databaseId: period.serviceDatabaseId!, description: period.serviceDescription ?? '' }}
      list={list}
      route={route}
    />
  );
}

interface SheetRowError {
  row: number;
  house: string;
  message: string;
}

type ImportResponse = PeriodMeasurementsImportMutation['response']['importServicePeriodMeasurements'];

/** The capture sheet as a file: the GraphQL answer's base64 saved through a temporary link. */
async function downloadSheet(periodId: string): Promise<string | null> {
  const response = await postGraphQL(SheetQuery.params.name, SheetQuery.params.text ?? '', { id: periodId });
  const sheet = (response.data as PeriodMeasurementsSheetQuery['response'] | undefined)?.node?.measurementsSheet;
  if (!sheet) return response.errors?.[0]?.message ?? null;
  const bytes = Uint8Array.from(atob(sheet.base64), (c) => c.charCodeAt(0));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type: sheet.contentType }));
  link.download = sheet.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return null;
}

/** The filled sheet as a graphql-multipart-request-spec upload. */
async function postSheet(periodId: string, file: File): Promise<ImportResponse | null> {
  const body = new FormData();
  const variables = { periodId, file: null, idempotencyKey: newIdempotencyKey() };
  body.append('operations', JSON.stringify({ query: ImportOperation.params.text, variables }));
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', file, file.name);
  const response = await fetch('/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'x-graphql-csrf': '1' }, body });
  if (response.status === 401) broadcastSessionClosed();
  const json = (await response.json().catch(() => undefined)) as { data?: PeriodMeasurementsImportMutation['response'] } | undefined;
  return json?.data?.importServicePeriodMeasurements ?? null;
}

function Capture({
  period,
  service,
  list,
  route,
}: {
  period: ActionPeriod;
  service: { databaseId: number; description: string };
  list: PeriodMeasurements_period$key;
  route: ScreenRoute;
}) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(measurementsFragment, list);
  const { pending, reload } = useListRefetch(route, refetch);
  const [commitSave] = useMutation<PeriodMeasurementsSaveMutation>(saveMutation);
  const complete = useAppMutation<PeriodMeasurementsCompleteMutation>(completeMutation);
  const [completeKey, setCompleteKey] = useState(newIdempotencyKey);
  const [sheetErrors, setSheetErrors] = useState<SheetRowError[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const flushRef = useRef<(() => Promise<void>) | null>(null);
  const editable = period.status === 'READY' && grants.has('AServicesPeriodsUpdate');
  const counts = data.measurementCounts;
  const rows: CaptureRow[] =
    data.measurements?.edges.map(({ node }) => ({
      houseId: node.houseId,
      houseLabel: node.houseLabel,
      previous: node.previous,
      measurement: node.measurement ?? null,
      edited: node.edited,
    })) ?? [];

  const save = useCallback(
    (items: SaveItem[]) =>
      new Promise<SaveResult>((resolve) => {
        commitSave({
          variables: {
            input: {
              periodId: period.id,
              items: items.map((i) => ({ houseId: i.houseId, measurement: i.measurement })),
              idempotencyKey: newIdempotencyKey(),
            },
          },
          onCompleted: (response) => {
            const result = response.saveServicePeriodMeasurements;
            if (result?.__typename === 'MutationSaveServicePeriodMeasurementsSuccess') return resolve({ ok: true, errors: [] });
            if (result?.__typename === 'InputError') {
              const errors = (result.issues ?? []).flatMap((issue) => {
                const index = /^items\.(\d+)\./.exec(issue.field ?? '')?.[1];
                const item = index == null ? undefined : items[Number(index)];
                return item ? [{ houseId: item.houseId, message: issue.message }] : [];
              });
              if (errors.length) return resolve({ ok: true, errors });
            }
            const message = result && 'message' in result ? (result.message ?? undefined) : undefined;
            resolve({ ok: false, errors: [], message });
          },
          onError: () => resolve({ ok: false, errors: [] }),
        });
      }),
    [commitSave, period.id],
  );

  const download = async () => {
    setDownloading(true);
    try {
      await flushRef.current?.();
      const problem = await downloadSheet(period.id);
      if (problem) notify('danger', problem);
    } catch {
      notify('danger', t('servicePeriods.capture.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setSheetErrors(null);
    setUploading(true);
    try {
      await flushRef.current?.();
      const result = await postSheet(period.id, file);
      if (result?.__typename === 'MutationImportServicePeriodMeasurementsSuccess') {
        notify('success', t('servicePeriods.capture.uploaded', { message: result.data?.message ?? '', count: result.data?.saved ?? 0 }));
        setResetKey((k) => k + 1);
        reload();
      } else if (result?.__typename === 'MeasurementsSheetError') {
        setSheetErrors((result.rows ?? []).map((r) => ({ row: r.row, house: r.house, message: r.message })));
      } else if (result?.__typename === 'InputError') {
        notify('danger', result.issues?.map((i) => i.message).join('. ') || t('servicePeriods.capture.uploadError'));
      } else {
        notify('danger', (result && 'message' in result ? result.message : null) ?? t('servicePeriods.capture.uploadError'));
      }
    } catch {
      notify('danger', t('servicePeriods.capture.uploadError'));
    } finally {
      setUploading(false);
    }
  };

  const finish = async () => {
    await flushRef.current?.();
    const result = await complete.run({ input: { id: period.id, idempotencyKey: completeKey } }, 'completeServicePeriodMeasurements', {
      success: (r) => r?.data?.message ?? null,
    });
    setCompleteKey(newIdempotencyKey());
    if (result) reload();
  };

  return (
    <Stack>
      <PageHeader
        title={t('servicePeriods.capture.title', { period: period.description })}
        description={service.description}
        secondary={{ label: t('servicePeriods.backToPeriods'), to: periodsPath(service.databaseId) }}
      >
        <PeriodStatusBadge status={period.status} size="lg" />
        <PeriodActions serviceId={service.databaseId} period={period} onChanged={reload} compact={false} />
      </PageHeader>
      {editable ? (
        <Text size="sm" c="dimmed">
          {t('servicePeriods.capture.description')}
        </Text>
      ) : (
        <Alert color={period.status === 'NEW' ? 'yellow' : 'blue'} data-testid="capture-closed">
          {period.status === 'NEW' ? t('servicePeriods.capture.notBegun') : t('servicePeriods.capture.readOnly')}
        </Alert>
      )}
      {counts && period.status !== 'NEW' && (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 220px' }}>
              <Text size="sm" fw={500} data-testid="capture-progress">
                {t('servicePeriods.capture.progress', { done: counts.captured, total: counts.total })}
              </Text>
              <Progress value={counts.total ? (counts.captured / counts.total) * 100 : 0} size="sm" aria-hidden />
            </Stack>
            <Group gap="xs">
              <Button variant="default" onClick={() => void download()} loading={downloading}>
                {t('servicePeriods.capture.download')}
              </Button>
              {editable && (
                <FileButton onChange={(f) => void upload(f)} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
                  {(props) => (
                    <Button variant="default" loading={uploading} {...props}>
                      {t('servicePeriods.capture.upload')}
                    </Button>
                  )}
                </FileButton>
              )}
              {editable && (
                <Button onClick={() => void finish()} loading={complete.inFlight}>
                  {t('servicePeriods.capture.complete')}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}
      {sheetErrors && (
        <Stack data-testid="sheet-errors" gap="xs">
          <Alert color="red" title={t('servicePeriods.capture.uploadTitle')}>
            {t('servicePeriods.capture.uploadFailed', { count: sheetErrors.length })}
          </Alert>
          <Table.ScrollContainer minWidth={320}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('servicePeriods.capture.row')}</Table.Th>
                  <Table.Th>{t('servicePeriods.capture.house')}</Table.Th>
                  <Table.Th>{t('servicePeriods.capture.errors')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sheetErrors.map((e) => (
                  <Table.Tr key={`${e.row}-${e.message}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.house}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {period.status !== 'NEW' && (
        <>
          <FilterBar primary="house" filters={[{ key: 'house', label: t('servicePeriods.capture.filterHouse') }]} />
          <div style={{ opacity: pending ? 0.6 : 1 }}>
            {/* The table scrolls in its own narrower container, so a phone shows the reading column. */}
            {rows.length > 0 && <CaptureTable rows={rows} save={save} readOnly={!editable} flushRef={flushRef} resetKey={resetKey} />}
            <PagedList totalCount={data.measurements?.totalCount ?? 0} empty={<EmptyState title={t('servicePeriods.capture.noHouses')} />}>
              {null}
            </PagedList>
          </div>
        </>
      )}
    </Stack>
  );
}
