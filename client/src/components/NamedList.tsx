import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from './EmptyState.js';
import { PageHeader } from './PageHeader.js';
import { useTranslation } from 'react-i18next';
import { SearchFilter } from './SearchFilter.js';
import { PagedList } from './PagedList.js';

export interface NamedRow {
  id: string;
  databaseId: number;
  name: string;
}

/** A column after the name; numbers align right. */
export interface NamedColumn<R extends NamedRow> {
  key: string;
  header: string;
  align?: 'right';
  /** Hidden on phones when the column is secondary. */
  visibleFrom?: 'sm' | 'md';
  cell: (row: R) => ReactNode;
}

export interface NamedListProps<R extends NamedRow = NamedRow> {
  title: string;
  /** One line under the title saying what the list is for. */
  description?: string;
  /** What an empty list says (no filter applied); the create button is offered with it. */
  emptyTitle: string;
  emptyHint?: string;
  createLabel: string;
  createPath: string | null;
  editPath: ((row: R) => string) | null;
  rows: R[];
  totalCount: number;
  deleteTitle: string;
  deleteConfirm: (name: string) => string;
  /** Resolves true when the row was deleted. Null hides the delete buttons. */
  onDelete: ((row: R) => Promise<boolean>) | null;
  deleting: boolean;
  /** A new page is on its way: the rows shown are dimmed until it arrives. */
  pending?: boolean;
  /** Shown beside the name (badges). */
  nameExtra?: (row: R) => ReactNode;
  columns?: NamedColumn<R>[];
}

/** The settings list of named records: name filter (?name=), pager, edit links and a delete dialog. */
export function NamedList<R extends NamedRow>(props: NamedListProps<R>) {
  const { t } = useTranslation();
  const [search, _setSearch] = useSearchParams();
  const [toDelete, setToDelete] = useState<R | null>(null);

  const confirm = async () => {
    if (!toDelete || !props.onDelete) return;
    await props.onDelete(toDelete);
    setToDelete(null);
  };

  return (
    <Stack>
      <PageHeader title={props.title} description={props.description} action={props.createPath ? { label: props.createLabel, to: props.createPath } : null} />
      <SearchFilter name="name" label={t('list.filterName')} maw={360} />
      <PagedList
        totalCount={props.totalCount}
        empty={
          search.get('name') ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={props.emptyTitle} hint={props.emptyHint} action={props.createPath ? { label: props.createLabel, to: props.createPath } : null} />
          )
        }
      >
        <Table striped highlightOnHover style={{ opacity: props.pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.name')}</Table.Th>
              {props.columns?.map((column) => (
                <Table.Th key={column.key} ta={column.align} visibleFrom={column.visibleFrom}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {props.nameExtra ? (
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{row.name}</Text>
                      {props.nameExtra(row)}
                    </Group>
                  ) : (
                    row.name
                  )}
                </Table.Td>
                {props.columns?.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.align}
                    visibleFrom={column.visibleFrom}
                    style={column.align === 'right' ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {props.editPath && (
                      <Button size="xs" variant="subtle" component={Link} to={props.editPath(row)}>
                        {t('list.edit')}
                      </Button>
                    )}
                    {props.onDelete && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(row)}>
                        {t('list.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={props.deleteTitle}>
        <Text>{toDelete ? props.deleteConfirm(toDelete.name) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={props.deleting}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
