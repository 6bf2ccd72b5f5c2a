import { type ReactNode, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaintenanceDetailQuery } from '../../../../__generated__/MaintenanceDetailQuery.graphql';
import type { MaintenanceDetail_query$key } from '../../../../__generated__/MaintenanceDetail_query.graphql';
import type { MaintenanceDetailDeleteMutation } from '../../../../__generated__/MaintenanceDetailDeleteMutation.graphql';
import type { GenerateMaintenanceDialogGenerateMutation } from '../../../../__generated__/GenerateMaintenanceDialogGenerateMutation.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { downloadFile } from '../../../../components/download.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { generatedNotice, generateMutation } from './GenerateMaintenanceDialog.js';
import { newIdempotencyKey } from './keys.js';
import { Figure, MAINTENANCES_PATH, MaintenanceStatusBadge, MaintenanceTypeBadge } from './labels.js';

export const maintenanceDetailQuery = graphql`
  query MaintenanceDetailQuery($id: ID!) {
    ...MaintenanceDetail_query
  }
`;

const maintenanceDetailFragment = graphql`
  fragment MaintenanceDetail_query on Query {
    node(id: $id) {
      ... on Maintenance {
        id
        databaseId
        description
        ordinary
        period
        dueDate
        amount
        status
        hasDiscount
        discountType
        discount
        discountEndDate
        hasPenalty
        penaltyType
        penalty
        deadlineDate
        generatedAt
        summary { receipts paidReceipts pendingReceipts charged collected outstanding }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation MaintenanceDetailDeleteMutation($input: DeleteMaintenanceInput!) {
    deleteMaintenance(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteMaintenanceSuccess { data { deletedId message } }
    }
  }
`;

type T = (key: string, options?: Record<string, unknown>) => string;

/** "5% de la cuota" or "$50.00". */
function feeText(t: T, type: string, value: unknown): string {
  if (value == null) return '—';
  return type === 'PERCENTAGE' ? t('maintenances.percentOfFee', { value: Number(value) }) : formatPesos(String(value));
}

/**
 * /maintenances/{maintenanceId}: a maintenance's terms (discount and penalty with their dates) and its
 * receipts in figures; generate its receipts, print them, delete it while it is new, and its receipts and incomes.
 */
export default function MaintenanceDetail({ queryRef }: ScreenProps<MaintenanceDetailQuery>) {
  const data = usePreloadedQuery<MaintenanceDetailQuery>(maintenanceDetailQuery, queryRef);
  return <MaintenanceDetailView query={data} />;
}

function MaintenanceDetailView({ query }: { query: MaintenanceDetail_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { grants, session } = useSession();
  const data = useFragment(maintenanceDetailFragment, query);
  const generate = useAppMutation<GenerateMaintenanceDialogGenerateMutation>(generateMutation);
  const remove = useAppMutation<MaintenanceDetailDeleteMutation>(deleteMutation);
  const [generateKey, setGenerateKey] = useState(newIdempotencyKey);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [printing, setPrinting] = useState(false);
  const m = data.node?.id ? data.node : null;
  if (!m?.id || !m.databaseId) return <Alert color="yellow">{t('maintenances.notFound')}</Alert>;
  const id = m.id;

  const mayCreate = grants.has('AMaintenancesCreate');
  const base = `${MAINTENANCES_PATH}/${m.databaseId}`;
  const summary = m.summary!;
  const title = m.description ?? '';

  const runGenerate = async () => {
    const result = await generate.run({ input: { id, idempotencyKey: generateKey } }, 'generateMaintenance', { success: (r) => generatedNotice(t, r) });
    // The next press is a new request (houses activated meanwhile get theirs).
    if (result) setGenerateKey(newIdempotencyKey());
  };
  const runDelete = async () => {
    const result = await remove.run({ input: { id } }, 'deleteMaintenance', { success: (r) => r?.data?.message ?? t('maintenances.deleted') });
    setConfirmDelete(false);
    if (result) navigate(MAINTENANCES_PATH);
  };
  const print = async () => {
    setPrinting(true);
    try {
      const result = await downloadFile(
        `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}${base}/receipts/print`,
        `recibos-${m.period ?? m.databaseId}.pdf`,
      );
      if (!result.ok && result.status !== 401) notify('danger', t('maintenances.printFailed'));
    } catch {
      notify('danger', t('maintenances.printFailed'));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Stack maw={960}>
      <PageHeader title={title} secondary={{ label: t('maintenances.backToList'), to: MAINTENANCES_PATH }} />
      <Group gap="xs">
        <MaintenanceStatusBadge status={m.status ?? 'NEW'} size="lg" />
        <MaintenanceTypeBadge ordinary={!!m.ordinary} size="lg" />
      </Group>
      <Group gap="sm" wrap="wrap">
        {mayCreate && (
          <Button onClick={() => void runGenerate()} loading={generate.inFlight}>
            {t('maintenances.generateReceipts')}
          </Button>
        )}
        {grants.has('AReceiptsPrintBulk') && summary.receipts > 0 && (
          <Button variant="default" onClick={() => void print()} loading={printing}>
            {t('maintenances.printReceipts')}
          </Button>
        )}
        {grants.has('AReceiptsRead') && (
          <Button variant="default" component={Link} to={`${base}/receipts`}>
            {t('maintenances.viewReceipts')}
          </Button>
        )}
        {grants.has('AMaintenanceIncomesRead') && (
          <Button variant="default" component={Link} to={`${base}/incomes`}>
            {t('maintenances.viewIncomes')}
          </Button>
        )}
        {mayCreate && m.status === 'NEW' && (
          <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
            {t('list.delete')}
          </Button>
        )}
      </Group>
      {m.status === 'NEW' && summary.receipts === 0 && (
        <Alert color="blue" data-testid="not-generated">
          {t('maintenances.notGeneratedHint')}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('maintenances.summaryTitle')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" data-testid="maintenance-summary">
            <Figure label={t('maintenances.receipts')} value={summary.receipts} />
            <Figure label={t('maintenances.paidReceipts')} value={summary.paidReceipts} />
            <Figure label={t('maintenances.pendingReceipts')} value={summary.pendingReceipts} />
            <Figure label={t('maintenances.charged')} value={formatPesos(String(summary.charged))} />
            <Figure label={t('maintenances.collected')} value={formatPesos(String(summary.collected))} />
            <Figure label={t('maintenances.outstanding')} value={formatPesos(String(summary.outstanding))} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('maintenances.termsTitle')}
          </Title>
          <Terms>
            <Term label={t('maintenances.dueDate')} value={m.dueDate ? formatDate(String(m.dueDate)) : '—'} />
            {m.amount != null && <Term label={t('maintenances.amountPerHouse')} value={formatPesos(String(m.amount))} />}
            {m.ordinary && (
              <>
                <Term
                  label={t('maintenances.discount')}
                  value={
                    m.hasDiscount && m.discountEndDate
                      ? t('maintenances.discountValue', {
                          fee: feeText(t, m.discountType ?? 'PERCENTAGE', m.discount),
                          date: formatDate(String(m.discountEndDate)),
                        })
                      : t('maintenances.noDiscount')
                  }
                />
                <Term
                  label={t('maintenances.penalty')}
                  value={
                    m.hasPenalty && m.deadlineDate
                      ? t('maintenances.penaltyValue', {
                          fee: feeText(t, m.penaltyType ?? 'PERCENTAGE', m.penalty),
                          date: formatDate(String(m.deadlineDate)),
                        })
                      : t('maintenances.noPenalty')
                  }
                />
              </>
            )}
            <Term label={t('maintenances.generatedAt')} value={m.generatedAt ? formatDate(String(m.generatedAt)) : t('maintenances.notGenerated')} />
          </Terms>
        </Stack>
      </Paper>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('maintenances.deleteTitle')}>
        <Text>{t('maintenances.deleteConfirm', { name: title })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void runDelete()} loading={remove.inFlight}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function Terms({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {children}
    </SimpleGrid>
  );
}

function Term({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </div>
  );
}
