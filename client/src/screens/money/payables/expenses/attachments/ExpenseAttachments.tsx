import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { ExpenseAttachmentsQuery } from '../../../../../__generated__/ExpenseAttachmentsQuery.graphql';
import type { ExpenseAttachments_query$key } from '../../../../../__generated__/ExpenseAttachments_query.graphql';
import type { ExpenseAttachmentsAttachMutation } from '../../../../../__generated__/ExpenseAttachmentsAttachMutation.graphql';
import type { ExpenseAttachmentsDeleteMutation } from '../../../../../__generated__/ExpenseAttachmentsDeleteMutation.graphql';
import { downloadFile } from '../../../../../components/download.js';
import { EmptyState } from '../../../../../components/EmptyState.js';
import { useAppMutation } from '../../../../../components/mutations.js';
import { notify } from '../../../../../components/notify.js';
import { PageHeader } from '../../../../../components/PageHeader.js';
import { useSession } from '../../../../../components/SessionProvider.js';
import { Uploader } from '../../../../../components/Uploader.js';
import type { ScreenProps } from '../../../../../router/screenRoute.js';
import { ConfirmDelete } from '../../../../../components/ConfirmDelete.js';

export const expenseAttachmentsQuery = graphql`
  query ExpenseAttachmentsQuery($expenseId: ID!) {
    ...ExpenseAttachments_query @arguments(expenseId: $expenseId)
  }
`;

const fragment = graphql`
  fragment ExpenseAttachments_query on Query
  @refetchable(queryName: "ExpenseAttachmentsRefetchQuery")
  @argumentDefinitions(expenseId: { type: "ID!" }) {
    expenseAttachments(expenseId: $expenseId) {
      expenseId
      expenseDatabaseId
      status
      serie
      folio
      description
      canAttach
      items { id isCfdi fileName fileUrl contentType size createdAt deletable }
    }
  }
`;

const attachMutation = graphql`
  mutation ExpenseAttachmentsAttachMutation($input: AttachExpenseFileInput!) {
    attachExpenseFile(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAttachExpenseFileSuccess { data { attachment { id } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation ExpenseAttachmentsDeleteMutation($input: DeleteExpenseAttachmentInput!) {
    deleteExpenseAttachment(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteExpenseAttachmentSuccess { data { deletedId } }
    }
  }
`;

/** /expenses/{expenseId}/attachments and /expenses-attachments/{expenseId}: an expense's files, add and delete. */
export default function ExpenseAttachments({ queryRef }: ScreenProps<ExpenseAttachmentsQuery>) {
  const data = usePreloadedQuery<ExpenseAttachmentsQuery>(expenseAttachmentsQuery, queryRef);
  return <AttachmentList query={data} />;
}

const kb = (size: number) => (size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`);

function AttachmentList({ query }: { query: ExpenseAttachments_query$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(fragment, query);
  const attach = useAppMutation<ExpenseAttachmentsAttachMutation>(attachMutation);
  const remove = useAppMutation<ExpenseAttachmentsDeleteMutation>(deleteMutation);
  const [toDelete, setToDelete] = useState<{ id: string; fileName: string } | null>(null);
  const [uploaderKey, setUploaderKey] = useState(0);
  const view = data.expenseAttachments;
  if (!view) return <Alert color="yellow">{t('expenseAttachments.notFound')}</Alert>;
  const mayWrite = grants.has('AExpensesCreate') || grants.has('AExpensesUpdate');
  const reload = () => refetch({ expenseId: view.expenseId }, { fetchPolicy: 'network-only' });
  const name = view.folio != null ? `${view.serie ? `${view.serie}-` : ''}${view.folio}` : `#${view.expenseDatabaseId}`;

  const attached = async (fileId: string) => {
    const ok = await attach.run({ input: { expenseId: view.expenseId, fileId } }, 'attachExpenseFile', { success: t('expenseAttachments.attached') });
    setUploaderKey((k) => k + 1);
    if (ok && ok.__typename === 'MutationAttachExpenseFileSuccess') reload();
  };
  const confirm = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id, expenseId: view.expenseId } }, 'deleteExpenseAttachment', {
      success: t('expenseAttachments.deleted'),
    });
    setToDelete(null);
    if (ok && ok.__typename === 'MutationDeleteExpenseAttachmentSuccess') reload();
  };
  const download = async (item: { fileUrl: string; fileName: string }) => {
    const result = await downloadFile(item.fileUrl, item.fileName);
    if (!result.ok) notify('danger', (result.data as { description?: string } | undefined)?.description ?? t('expenseAttachments.downloadFailed'));
  };

  return (
    <Stack maw={900}>
      <PageHeader
        title={t('expenseAttachments.title', { name })}
        description={view.description ?? t('expenseAttachments.description')}
        secondary={{ label: t('expenseAttachments.toDetail'), to: `/expenses/${view.expenseDatabaseId}/detail` }}
      />
      {mayWrite && view.canAttach && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Text fw={500}>{t('expenseAttachments.add')}</Text>
            <Uploader
              key={uploaderKey}
              endpoint="/api/1.0/files"
              maxSizeMb={10}
              pattern={/\.(pdf|png|jpe?g|webp)$/i}
              accept="application/pdf,image/png,image/jpeg,image/webp"
              hint={t('expenseAttachments.hint')}
              onUploaded={attached}
            />
          </Stack>
        </Paper>
      )}
      {view.items.length === 0 ? (
        <EmptyState title={t('expenseAttachments.empty')} hint={t('expenseAttachments.emptyHint')} />
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('expenseAttachments.file')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('expenseAttachments.size')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component="button" type="button" onClick={() => download(item)}>
                      {item.fileName}
                    </Anchor>
                    {item.isCfdi && (
                      <Badge size="sm" variant="light" color="grape">
                        {t('expenseAttachments.cfdi')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{kb(item.size)}</Table.Td>
                <Table.Td>
                  {mayWrite && item.deletable && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setToDelete(item)}
                      aria-label={t('expenseAttachments.deleteNamed', { name: item.fileName })}
                    >
                      {t('list.delete')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDelete
        opened={!!toDelete}
        title={t('expenseAttachments.deleteTitle')}
        message={toDelete ? t('expenseAttachments.deleteConfirm', { name: toDelete.fileName }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
