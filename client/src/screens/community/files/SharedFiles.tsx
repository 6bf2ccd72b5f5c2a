import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SharedFileList_query$key } from '../../../__generated__/SharedFileList_query.graphql';
import type { SharedFilesDeleteMutation } from '../../../__generated__/SharedFilesDeleteMutation.graphql';
import type { SharedFilesQuery } from '../../../__generated__/SharedFilesQuery.graphql';
import { FILE_ACCESS_NAMES, FILE_ACCESSES, SHARED_FILE_MESSAGES } from '../../../../../core/sharedFiles.js';
import { ConfirmDelete } from '../../../components/ConfirmDelete.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { type FilterDef, FilterBar } from '../../../components/FilterBar.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { searchWithFilter } from '../../../components/paging.js';
import { useSession } from '../../../components/SessionProvider.js';
import { formatDate } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { fileSize } from './fileTexts.js';

export const sharedFilesQuery = graphql`
  query SharedFilesQuery($first: Int!, $offset: Int!, $filter: SharedFileFilter) {
    ...SharedFileList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment SharedFileList_query on Query
  @refetchable(queryName: "SharedFileListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "SharedFileFilter" }) {
    sharedFiles(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges {
        node { id databaseId fileName tags access accessName size contentType createdAt updatedAt createdByName downloadUrl canUpdate canDelete }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation SharedFilesDeleteMutation($input: DeleteSharedFileInput!) {
    deleteSharedFile(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteSharedFileSuccess { data { message fileDatabaseId } }
    }
  }
`;

/**
 * /neighborhood/files (the administration shares, edits and deletes) and /houses/files (the residents read and
 * download what the file's access lets them): name, tags, access, size and date, searched by name or tag.
 */
export default function SharedFiles({ queryRef, route }: ScreenProps<SharedFilesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<SharedFilesQuery>(sharedFilesQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: SharedFileList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const admin = route.path.startsWith('/neighborhood');
  const action = admin && grants.has('AFilesCreate') ? { label: t('files.upload'), to: '/neighborhood/files/form' } : null;
  const remove = useAppMutation<SharedFilesDeleteMutation>(deleteMutation);
  const [toDelete, setToDelete] = useState<{ id: string; fileName: string } | null>(null);
  const filters: FilterDef[] = [
    { key: 'search', label: t('files.search'), placeholder: t('files.searchPlaceholder') },
    { key: 'tag', label: t('files.tag') },
    ...(admin ? [{ key: 'access', label: t('files.access'), options: FILE_ACCESSES.map((a) => ({ value: a, label: FILE_ACCESS_NAMES[a] })) }] : []),
  ];
  const filtered = !!(search.get('search') || search.get('tag') || search.get('access'));
  const confirmDelete = async () => {
    if (!toDelete) return;
    const done = await remove.run({ input: { fileId: toDelete.id, idempotencyKey: newIdempotencyKey() } }, 'deleteSharedFile', {
      success: SHARED_FILE_MESSAGES.deleted,
    });
    setToDelete(null);
    if (done) reload();
  };
  const rows = data.sharedFiles.edges.map((e) => e.node);
  return (
    <Stack>
      <PageHeader
        title={admin ? t('files.adminTitle') : t('files.houseTitle')}
        description={admin ? t('files.adminDescription') : t('files.houseDescription')}
        action={action}
      />
      <FilterBar filters={filters} primary="search" primaryWidth={260} />
      <PagedList
        totalCount={data.sharedFiles.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('files.empty')} hint={admin ? t('files.emptyHint') : undefined} action={action} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('files.columns.name')}</Table.Th>
              {admin && <Table.Th>{t('files.columns.access')}</Table.Th>}
              <Table.Th>{t('files.columns.size')}</Table.Th>
              <Table.Th>{t('files.columns.date')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`shared-file-${row.databaseId}`}>
                <Table.Td miw={200}>
                  <Anchor href={row.downloadUrl} target="_blank" rel="noreferrer" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.fileName}
                  </Anchor>
                  {row.tags.length > 0 && (
                    <Group gap={4} mt={4}>
                      {row.tags.map((tag) => (
                        <Badge
                          key={tag}
                          component={Link}
                          to={`?${searchWithFilter(search, 'tag', tag).toString()}`}
                          size="sm"
                          variant="light"
                          color="gray"
                          tt="none"
                          style={{ cursor: 'pointer' }}
                          aria-label={t('files.byTag', { tag })}
                        >
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
                {admin && (
                  <Table.Td>
                    <Badge variant="light" color={row.access === 'NEIGHBORS' ? 'teal' : row.access === 'OWNERS' ? 'blue' : 'gray'} tt="none">
                      {row.accessName}
                    </Badge>
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm">{fileSize(row.size)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(row.updatedAt)}</Text>
                  {admin && (
                    <Text size="xs" c="dimmed">
                      {row.createdByName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-card="actions">
                  <Group gap={4} wrap="wrap" justify="flex-end">
                    <Button component="a" href={row.downloadUrl} download size="compact-sm" variant="light">
                      {t('files.download')}
                    </Button>
                    {admin && row.canUpdate && (
                      <Button component={Link} to={`/neighborhood/files/form/${row.databaseId}`} size="compact-sm" variant="default">
                        {t('files.edit')}
                      </Button>
                    )}
                    {admin && row.canDelete && (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setToDelete({ id: row.id, fileName: row.fileName })}>
                        {t('files.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('files.deleteTitle')}
        message={toDelete ? t('files.deleteQuestion', { name: toDelete.fileName }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
