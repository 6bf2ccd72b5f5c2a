// The next step of a period, by status: «Iniciar captura» (NEW), «Capturar lecturas» (READY), «Generar
// recibos» with how many receipts it makes (COMPLETED), «Ver recibos» and «Ver ingresos» (APPLIED); edit
// and delete where the server allows them (its `editable` and `deletable`). The server refuses what the
// status no longer allows, and its message shows.
import { useState } from 'react';
import { ActionIcon, Button, Group, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PeriodActionsBeginMutation } from '../../../../__generated__/PeriodActionsBeginMutation.graphql';
import type { PeriodActionsCountQuery } from '../../../../__generated__/PeriodActionsCountQuery.graphql';
import type { PeriodActionsDeleteMutation } from '../../../../__generated__/PeriodActionsDeleteMutation.graphql';
import type { PeriodActionsGenerateMutation } from '../../../../__generated__/PeriodActionsGenerateMutation.graphql';
import { useAppMutation } from '../../../../components/mutations.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { newIdempotencyKey } from '../maintenances/keys.js';
import { periodFormPath, periodPath } from './paths.js';

const beginMutation = graphql`
  mutation PeriodActionsBeginMutation($input: BeginServicePeriodMeasurementsInput!) {
    beginServicePeriodMeasurements(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationBeginServicePeriodMeasurementsSuccess { data { message period { id status editable deletable } } }
    }
  }
`;

const generateMutation = graphql`
  mutation PeriodActionsGenerateMutation($input: GenerateServicePeriodReceiptsInput!) {
    generateServicePeriodReceipts(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationGenerateServicePeriodReceiptsSuccess { data { message created period { id status editable deletable } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation PeriodActionsDeleteMutation($input: DeleteServicePeriodInput!) {
    deleteServicePeriod(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteServicePeriodSuccess { data { deletedId message } }
    }
  }
`;

const countQuery = graphql`
  query PeriodActionsCountQuery($id: ID!) {
    node(id: $id) {
      ... on ServicePeriod { id measurementCounts { total captured } }
    }
  }
`;

export interface ActionPeriod {
  id: string;
  databaseId: number;
  description: string;
  status: string;
  editable: boolean;
  deletable: boolean;
}

export function PeriodActions({
  serviceId,
  period,
  onChanged,
  compact = true,
}: {
  serviceId: number;
  period: ActionPeriod;
  onChanged: () => void;
  /** In a list row: the main step as a small button, the rest in «⋯». */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { grants } = useSession();
  const begin = useAppMutation<PeriodActionsBeginMutation>(beginMutation);
  const generate = useAppMutation<PeriodActionsGenerateMutation>(generateMutation);
  const remove = useAppMutation<PeriodActionsDeleteMutation>(deleteMutation);
  const environment = useRelayEnvironment();
  const [confirm, setConfirm] = useState<'generate' | 'delete' | null>(null);
  // Houses with a reading, asked for when «Generar recibos» opens its confirmation.
  const [toGenerate, setToGenerate] = useState<number | null>(null);
  const [keys, setKeys] = useState(() => ({ begin: newIdempotencyKey(), generate: newIdempotencyKey(), remove: newIdempotencyKey() }));
  const mayUpdate = grants.has('AServicesPeriodsUpdate');
  const mayDelete = grants.has('AServicesPeriodsDelete');
  const capture = periodPath(serviceId, period.databaseId, 'measurements');
  const name = period.description;
  const size = compact ? 'xs' : 'sm';

  const startCapture = async () => {
    const result = await begin.run({ input: { id: period.id, idempotencyKey: keys.begin } }, 'beginServicePeriodMeasurements', {
      success: (r) => r?.data?.message ?? null,
    });
    setKeys((k) => ({ ...k, begin: newIdempotencyKey() }));
    if (result) navigate(capture);
  };
  const askGenerate = () => {
    setToGenerate(null);
    setConfirm('generate');
    fetchQuery<PeriodActionsCountQuery>(environment, countQuery, { id: period.id }, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => setToGenerate(data?.node?.measurementCounts?.captured ?? 0))
      .catch(() => setToGenerate(null));
  };
  const generateReceipts = async () => {
    const result = await generate.run({ input: { id: period.id, idempotencyKey: keys.generate } }, 'generateServicePeriodReceipts', {
      success: (r) => (r?.data ? t('servicePeriods.generated', { message: r.data.message, count: r.data.created ?? 0 }) : null),
    });
    setKeys((k) => ({ ...k, generate: newIdempotencyKey() }));
    setConfirm(null);
    if (result) onChanged();
  };
  const deletePeriod = async () => {
    const result = await remove.run({ input: { id: period.id, idempotencyKey: keys.remove } }, 'deleteServicePeriod', {
      success: (r) => r?.data?.message ?? null,
    });
    setKeys((k) => ({ ...k, remove: newIdempotencyKey() }));
    setConfirm(null);
    if (result) onChanged();
  };

  const main =
    period.status === 'NEW' && mayUpdate ? (
      <Button size={size} onClick={() => void startCapture()} loading={begin.inFlight} aria-label={t('servicePeriods.beginCaptureOf', { period: name })}>
        {t('servicePeriods.beginCapture')}
      </Button>
    ) : period.status === 'READY' && compact ? (
      <Button size={size} component={Link} to={capture} aria-label={t('servicePeriods.captureReadingsOf', { period: name })}>
        {t('servicePeriods.captureReadings')}
      </Button>
    ) : period.status === 'COMPLETED' && mayUpdate ? (
      <Button size={size} onClick={askGenerate} aria-label={t('servicePeriods.generateReceiptsOf', { period: name })}>
        {t('servicePeriods.generateReceipts')}
      </Button>
    ) : period.status === 'APPLIED' ? (
      <>
        <Button size={size} variant="light" component={Link} to={periodPath(serviceId, period.databaseId, 'receipts')}>
          {t('servicePeriods.viewReceipts')}
        </Button>
        {grants.has('AServicePeriodIncomesRead') && (
          <Button size={size} variant="default" component={Link} to={periodPath(serviceId, period.databaseId, 'incomes')}>
            {t('servicePeriods.viewIncomes')}
          </Button>
        )}
      </>
    ) : null;
  const edit = period.editable && mayUpdate;
  const drop = period.deletable && mayDelete;
  const seeReadings = compact && period.status === 'COMPLETED';

  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap" data-testid={`period-actions-${period.databaseId}`}>
      {main}
      {(edit || drop || seeReadings) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('servicePeriods.more', { period: name })}>
              <Text fw={700} aria-hidden>
                ⋯
              </Text>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {seeReadings && (
              <Menu.Item component={Link} to={capture}>
                {t('servicePeriods.seeReadings')}
              </Menu.Item>
            )}
            {edit && (
              <Menu.Item component={Link} to={periodFormPath(serviceId, period.databaseId)}>
                {t('servicePeriods.edit')}
              </Menu.Item>
            )}
            {drop && (
              <Menu.Item color="red" onClick={() => setConfirm('delete')}>
                {t('servicePeriods.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal opened={confirm === 'generate'} onClose={() => setConfirm(null)} title={t('servicePeriods.generateTitle')}>
        <Stack>
          {toGenerate === null ? (
            <Loader size="sm" />
          ) : (
            <Text size="sm" data-testid="generate-count">
              {t('servicePeriods.generateConfirm', { count: toGenerate, period: name })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('servicePeriods.cancel')}
            </Button>
            <Button onClick={() => void generateReceipts()} loading={generate.inFlight} disabled={toGenerate === null}>
              {t('servicePeriods.generateSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirm === 'delete'} onClose={() => setConfirm(null)} title={t('servicePeriods.deleteTitle')}>
        <Stack>
          <Text size="sm">{t('servicePeriods.deleteConfirm', { period: name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('servicePeriods.cancel')}
            </Button>
            <Button color="red" onClick={() => void deletePeriod()} loading={remove.inFlight}>
              {t('servicePeriods.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
