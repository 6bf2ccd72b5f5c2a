import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagedList } from './PagedList.js';
import { searchWithFilter } from './paging.js';

export interface NamedRow {
  id: string;
  databaseId: number;
  name: string;
  extra?: ReactNode;
}

export interface NamedListProps {
  title: string;
  createLabel: string;
  createPath: string | null;
  editPath: ((row: NamedRow) => string) | null;
  rows: NamedRow[];
  totalCount: number;
  deleteTitle: string;
  deleteConfirm: (name: string) => string;
  /** Resolves true when the row was deleted. Null hides the delete buttons. */
  onDelete: ((row: NamedRow) => Promise<boolean>) | null;
  deleting: boolean;
  extraHeader?: string;
}

/** The settings list of named records: name filter (?name=), pager, edit links and a delete dialog. */
export function NamedList(props: NamedListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [typed, setTyped] = useState(search.get('name') ?? '');
  const [toDelete, setToDelete] = useState<NamedRow | null>(null);
  const applyFilter = useDebouncedCallback((value: string) => setSearch(searchWithFilter(search, 'name', value)), 300);

  const confirm = async () => {
    if (!toDelete || !props.onDelete) return;
    await props.onDelete(toDelete);
    setToDelete(null);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{props.title}</Title>
        {props.createPath && (
          <Button component={Link} to={props.createPath}>
            {props.createLabel}
          </Button>
        )}
      </Group>
      <TextInput
        label={t('list.filterName')}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          applyFilter(e.currentTarget.value);
        }}
        maw={360}
      />
      <PagedList totalCount={props.totalCount}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.name')}</Table.Th>
              {props.extraHeader && <Table.Th>{props.extraHeader}</Table.Th>}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                {props.extraHeader && <Table.Td>{row.extra}</Table.Td>}
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
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
