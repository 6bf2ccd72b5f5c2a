import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountingExportsDeleteMutation } from '../../../../__generated__/AccountingExportsDeleteMutation.graphql';
import type { AccountingExportsList_query$key } from '../../../../__generated__/AccountingExportsList_query.graphql';
import type { AccountingExportsQuery } from '../../../../__generated__/AccountingExportsQuery.graphql';
import type { AccountingExportsUploadedMutation } from '../../../../__generated__/AccountingExportsUploadedMutation.graphql';
import { downloadFile } from '../../../../components/download.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { ACCOUNTING_EXPORTS_PATH } from './routes.js';
import { formatDate, formatDateTime } from '../../../../format.js';

export const accountingExportsQuery = graphql`
  query AccountingExportsQuery($first: Int!, $offset: Int!) {
    ...AccountingExportsList_query @arguments(first: $first, offset: $offset)
  }
`;

const listFragment = graphql`
  fragment AccountingExportsList_query on Query
  @refetchable(queryName: "AccountingExportsListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }) {
    lastAccountingExport { id databaseId status from to }
    accountingExports(first: $first, offset: $offset) {
      totalCount
      edges { node { id databaseId from to status errorDescription createdAt processedAt fileName downloadUrl } }
    }
  }
`;

const deleteMutation = graphql`
  mutation AccountingExportsDeleteMutation($input: DeleteAccountingExportInput!) {
    deleteAccountingExport(input: $input) { __typename ... on Error { code message } ... on MutationDeleteAccountingExportSuccess { data { message } } }
  }
`;

const uploadedMutation = graphql`
  mutation AccountingExportsUploadedMutation($input: MarkAccountingExportUploadedInput!) {
    markAccountingExportUploaded(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationMarkAccountingExportUploadedSuccess { data { message accountingExport { id status } } }
    }
  }
`;

export const STATUS_COLORS: Record<string, string> = { NEW: 'gray', PROCESSING: 'blue', PROCESSED: 'green', UPLOADED: 'teal' };
/** While an export waits or is being built the list asks again every few seconds. */
export const POLL_MS = 3000;

/** /neighborhood/accounting-policies-exports (AAccountingRead): the pólizas exports, newest first, 20 per page. */
export default function AccountingExports({ queryRef, route }: ScreenProps<AccountingExportsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<AccountingExportsQuery>(accountingExportsQuery, queryRef);
  return (
    <Stack maw={1100}>
      <PageHeader title={t('accountingExports.title')} description={t('accountingExports.description')}>
        <Button component={Link} to={`${ACCOUNTING_EXPORTS_PATH}/form`}>
          {t('accountingExports.new')}
        </Button>
      </PageHeader>
      <List query={data} route={route} />
    </Stack>
  );
}

function List({ query, route }: { query: AccountingExportsList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<AccountingExportsDeleteMutation>(deleteMutation);
  const uploaded = useAppMutation<AccountingExportsUploadedMutation>(uploadedMutation);
  const [downloading, setDownloading] = useState<number | null>(null);
  const rows = data.accountingExports?.edges.map((e) => e.node) ?? [];
  const working = rows.some((r) => r.status === 'PROCESSING' || (r.status === 'NEW' && !r.errorDescription));

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [working, reload]);

  const [toDelete, setToDelete] = useState<{ id: string; databaseId: number } | null>(null);
  const confirmDelete = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id } }, 'deleteAccountingExport', { success: (r) => r?.data?.message ?? null });
    setToDelete(null);
    if (ok) reload();
  };

  const download = async (id: number, name: string | null | undefined) => {
    setDownloading(id);
    try {
      const result = await downloadFile(
        `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/accounting-exports/${id}/file`,
        name ?? `polizas-${id}.xlsx`,
      );
      if (!result.ok && result.status !== 401)
        notify('danger', (result.data as { description?: string } | undefined)?.description || t('accountingExports.downloadFailed'));
    } catch {
      notify('danger', t('accountingExports.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  const last = data.lastAccountingExport;
  return (
    <>
      {last && (
        <Text size="sm" c="dimmed" data-testid="last-export">
          {t('accountingExports.last', { from: formatDate(last.from), to: formatDate(last.to), status: t(`accountingExports.statuses.${last.status}`) })}
        </Text>
      )}
      <PagedList
        totalCount={data.accountingExports?.totalCount ?? 0}
        empty={<EmptyState title={t('accountingExports.empty')} hint={t('accountingExports.emptyHint')} />}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table striped style={{ opacity: pending ? 0.6 : 1 }} data-testid="accounting-exports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accountingExports.columns.id')}</Table.Th>
                <Table.Th>{t('accountingExports.columns.period')}</Table.Th>
                <Table.Th>{t('accountingExports.columns.createdAt')}</Table.Th>
                <Table.Th>{t('accountingExports.columns.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.databaseId}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(r.from)} – {formatDate(r.to)}
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[r.status] ?? 'gray'} variant="light">
                      {t(`accountingExports.statuses.${r.status}`)}
                    </Badge>
                    {r.errorDescription && (
                      <Text size="xs" c="red" mt={4} maw={420}>
                        {r.errorDescription}{' '}
                        {grants.has('CAccountingAccountsRead') && (
                          <Anchor component={Link} to="/neighborhood/settings/accounting-accounts" size="xs">
                            {t('accountingExports.configure')}
                          </Anchor>
                        )}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {r.downloadUrl && (
                        <Button size="xs" variant="light" loading={downloading === r.databaseId} onClick={() => void download(r.databaseId, r.fileName)}>
                          {t('accountingExports.download')}
                        </Button>
                      )}
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('accountingExports.actions')}>
                            ⋯
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            disabled={r.status !== 'PROCESSED'}
                            onClick={async () => {
                              await uploaded.run({ input: { id: r.id } }, 'markAccountingExportUploaded', { success: (x) => x?.data?.message ?? null });
                            }}
                          >
                            {t('accountingExports.markUploaded')}
                          </Menu.Item>
                          {grants.has('AAccountingDelete') && (
                            <Menu.Item color="red" disabled={r.status === 'PROCESSING'} onClick={() => setToDelete({ id: r.id, databaseId: r.databaseId })}>
                              {t('accountingExports.delete')}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={t('accountingExports.deleteTitle')}>
        <Text size="sm">{toDelete ? t('accountingExports.deleteBody', { id: toDelete.databaseId }) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('accountingExports.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirmDelete()} loading={remove.inFlight}>
            {t('accountingExports.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
