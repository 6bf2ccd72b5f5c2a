import { useEffect, useState } from 'react';
import { Badge, Button, Group, Menu, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnersQuery, OwnersQuery$data } from '../../__generated__/OwnersQuery.graphql';
import type { OwnersStatusMutation } from '../../__generated__/OwnersStatusMutation.graphql';
import type { OwnersReactivateMutation } from '../../__generated__/OwnersReactivateMutation.graphql';
import type { OwnersBlockMutation } from '../../__generated__/OwnersBlockMutation.graphql';
import type { OwnersUnblockMutation } from '../../__generated__/OwnersUnblockMutation.graphql';
import { HOUSE_STATUSES, HOUSE_STATUS_LABELS, type HouseStatus } from '../../../../core/houseRules.js';
import { PagedList, usePage } from '../../components/PagedList.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { OnboardingMode } from './OnboardingMode.js';
import { useSession } from '../../components/SessionProvider.js';
import { HouseSearch } from './HouseSearch.js';
import { ResendActivation, ResendActivations } from './Resend.js';
import {
  activeFilterCount,
  filterQueryString,
  houseFilterFromSearch,
  searchWithFilter,
  searchWithoutFilters,
  TEXT_FILTERS,
  type OwnerFilterKey,
} from './filters.js';

const query = graphql`
  query OwnersQuery($first: Int!, $offset: Int!, $filter: HouseFilter) {
    houses(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges {
        node {
          id databaseId label catastral status houseTypeName streetName exteriorNumber interiorNumber ownerHasAccount
          owner { firstName lastName email }
        }
      }
    }
    houseTypes(first: 100) { edges { node { databaseId title } } }
    streets(first: 100) { edges { node { databaseId name } } }
    condominiums { databaseId name }
    malls { databaseId name }
  }
`;

const deleteMutation = graphql`
  mutation OwnersStatusMutation($input: HouseIdInput!) {
    deleteHouse(input: $input) { __typename ... on Error { code message } ... on MutationDeleteHouseSuccess { data { house { id status } } } }
  }
`;
const reactivateMutation = graphql`
  mutation OwnersReactivateMutation($input: HouseIdInput!) {
    reactivateHouse(input: $input) { __typename ... on Error { code message } ... on MutationReactivateHouseSuccess { data { house { id status } } } }
  }
`;
const blockMutation = graphql`
  mutation OwnersBlockMutation($input: HouseIdInput!) {
    blockHouse(input: $input) { __typename ... on Error { code message } ... on MutationBlockHouseSuccess { data { house { id status } } } }
  }
`;
const unblockMutation = graphql`
  mutation OwnersUnblockMutation($input: HouseIdInput!) {
    unblockHouse(input: $input) { __typename ... on Error { code message } ... on MutationUnblockHouseSuccess { data { house { id status } } } }
  }
`;

type Row = NonNullable<OwnersQuery$data['houses']>['edges'][number]['node'];

const STATUS_COLORS: Record<HouseStatus, string> = {
  NEW: 'blue',
  MISSING_BALANCE: 'orange',
  INCOMPLETE: 'yellow',
  ACTIVE: 'green',
  BLOCKED: 'red',
  DELETED: 'gray',
};

const ACTIVATABLE: readonly string[] = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'];

export default function Owners() {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { pageSize, offset } = usePage();
  const [fetchKey, setFetchKey] = useState(0);
  const filter = houseFilterFromSearch(search);
  const data = useLazyLoadQuery<OwnersQuery>(query, { first: pageSize, offset, filter }, { fetchPolicy: 'store-and-network', fetchKey });
  const refresh = () => setFetchKey((k) => k + 1);
  const [exporting, setExporting] = useState(false);

  const exportHouses = async () => {
    setExporting(true);
    try {
      const qs = filterQueryString(search);
      const response = await fetch(`/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/houses/export${qs ? `?${qs}` : ''}`, {
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'propietarios.xlsx';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify('danger', t('owners.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const rows = data.houses?.edges.map((e) => e.node) ?? [];
  const options = {
    houseTypes: data.houseTypes?.edges.map((e) => ({ value: String(e.node.databaseId), label: e.node.title })) ?? [],
    streets: data.streets?.edges.map((e) => ({ value: String(e.node.databaseId), label: e.node.name })) ?? [],
    condominiums: data.condominiums.map((c) => ({ value: String(c.databaseId), label: c.name })),
    malls: data.malls.map((m) => ({ value: String(m.databaseId), label: m.name })),
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('owners.title')}</Title>
        <Group gap="xs">
          {grants.has('AActivationBulkCreate') && <ResendActivations />}
          <Button variant="default" onClick={() => void exportHouses()} loading={exporting}>
            {t('owners.export')}
          </Button>
          {grants.has('AMasiveHousesCreate') && (
            <Button variant="default" component={Link} to="/owners/massive-load">
              {t('owners.massiveLoad')}
            </Button>
          )}
          {grants.has('AHousesCreate') && (
            <Button component={Link} to="/owners/form">
              {t('owners.create')}
            </Button>
          )}
        </Group>
      </Group>
      {grants.has('CUsersUpdate') && <OnboardingMode />}
      <HouseSearch
        onPick={(house) =>
          grants.has('AHousesUpdate')
            ? navigate(`/owners/edit/${house.databaseId}`)
            : setSearch(searchWithFilter(searchWithoutFilters(search), 'catastral', house.catastral))
        }
      />
      <Filters options={options} />
      <PagedList totalCount={data.houses?.totalCount ?? 0}>
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('owners.columns.house')}</Table.Th>
                <Table.Th>{t('owners.columns.type')}</Table.Th>
                <Table.Th>{t('owners.columns.street')}</Table.Th>
                <Table.Th>{t('owners.columns.owner')}</Table.Th>
                <Table.Th>{t('owners.columns.status')}</Table.Th>
                <Table.Th>{t('owners.columns.account')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <HouseRow key={row.id} row={row} onChanged={refresh} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </Stack>
  );
}

type Option = { value: string; label: string };

function Filters({ options }: { options: { houseTypes: Option[]; streets: Option[]; condominiums: Option[]; malls: Option[] } }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(TEXT_FILTERS.map((k) => [k, search.get(k) ?? ''])));
  // The query string may change from elsewhere (back button, house search): follow it.
  const signature = TEXT_FILTERS.map((k) => search.get(k) ?? '').join('\u0000');
  useEffect(() => {
    // Only fields whose value really differs: the user's trailing space while typing stays.
    setTyped((prev) =>
      Object.fromEntries(TEXT_FILTERS.map((k) => [k, (prev[k] ?? '').trim() === (search.get(k) ?? '') ? (prev[k] ?? '') : (search.get(k) ?? '')])),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  const apply = useDebouncedCallback((key: OwnerFilterKey, value: string) => {
    setSearch((current) => searchWithFilter(current, key, value));
  }, 350);
  const set = (key: OwnerFilterKey, value: string | null) => setSearch(searchWithFilter(search, key, value));
  const select = (key: OwnerFilterKey, data: Option[]) => (
    <Select
      label={t(`owners.filters.${key}`)}
      placeholder={t('owners.filters.all')}
      data={data}
      value={search.get(key) || null}
      onChange={(v) => set(key, v)}
      clearable
      searchable={data.length > 8}
    />
  );

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('owners.filters.title')}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('owners.filters.title')}</Text>
        {activeFilterCount(search) > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSearch(searchWithoutFilters(search))}>
            {t('owners.filters.clear')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {TEXT_FILTERS.map((key) => (
          <TextInput
            key={key}
            label={t(`owners.filters.${key}`)}
            value={typed[key] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTyped((prev) => ({ ...prev, [key]: value }));
              apply(key, value);
            }}
          />
        ))}
        {select(
          'house_status',
          HOUSE_STATUSES.map((s) => ({ value: s, label: HOUSE_STATUS_LABELS[s] })),
        )}
        {select('id_house_type', options.houseTypes)}
        {select('id_street', options.streets)}
        {options.condominiums.length > 0 && select('id_condominium', options.condominiums)}
        {options.malls.length > 0 && select('id_mall', options.malls)}
        {select('user_status', [
          { value: 'true', label: t('owners.userStatus.true') },
          { value: 'false', label: t('owners.userStatus.false') },
        ])}
      </SimpleGrid>
    </Paper>
  );
}

function HouseRow({ row, onChanged }: { row: Row; onChanged: () => void }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useAppMutation<OwnersStatusMutation>(deleteMutation);
  const reactivate = useAppMutation<OwnersReactivateMutation>(reactivateMutation);
  const block = useAppMutation<OwnersBlockMutation>(blockMutation);
  const unblock = useAppMutation<OwnersUnblockMutation>(unblockMutation);
  const status = row.status as HouseStatus;
  const owner = row.owner ? [row.owner.firstName, row.owner.lastName].filter(Boolean).join(' ') : null;
  const canUpdate = grants.has('AHousesUpdate');
  const canDelete = grants.has('AHousesDelete');

  const act = async (run: () => Promise<unknown>, message: string) => {
    if (await run()) {
      notify('success', message);
      onChanged();
    }
  };

  const items = [
    canUpdate && status !== 'DELETED' && (
      <Menu.Item key="edit" component={Link} to={`/owners/edit/${row.databaseId}`}>
        {t('owners.actions.edit')}
      </Menu.Item>
    ),
    canUpdate && ACTIVATABLE.includes(status) && (
      <Menu.Item key="activate" component={Link} to={`/owners/active/${row.databaseId}`}>
        {t('owners.actions.activate')}
      </Menu.Item>
    ),
    canUpdate && status !== 'DELETED' && (
      <Menu.Item key="change" component={Link} to={`/owners/${row.databaseId}/change`}>
        {t('owners.actions.change')}
      </Menu.Item>
    ),
    canUpdate && status === 'ACTIVE' && (
      <Menu.Item key="block" onClick={() => void act(() => block.run({ input: { id: row.id } }, 'blockHouse'), t('owners.blocked'))}>
        {t('owners.actions.block')}
      </Menu.Item>
    ),
    canUpdate && status === 'BLOCKED' && (
      <Menu.Item key="unblock" onClick={() => void act(() => unblock.run({ input: { id: row.id } }, 'unblockHouse'), t('owners.unblocked'))}>
        {t('owners.actions.unblock')}
      </Menu.Item>
    ),
    canDelete && status === 'DELETED' && (
      <Menu.Item key="reactivate" onClick={() => void act(() => reactivate.run({ input: { id: row.id } }, 'reactivateHouse'), t('owners.reactivated'))}>
        {t('owners.actions.reactivate')}
      </Menu.Item>
    ),
    canDelete && status !== 'DELETED' && (
      <Menu.Item key="delete" color="red" onClick={() => setConfirmDelete(true)}>
        {t('owners.actions.delete')}
      </Menu.Item>
    ),
  ].filter(Boolean);
  const resendable = (canUpdate || grants.has('AActivationBulkCreate')) && !!row.owner && !row.ownerHasAccount && status !== 'DELETED';

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{row.label}</Text>
        {row.catastral && row.catastral !== row.label && (
          <Text size="xs" c="dimmed">
            {row.catastral}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{row.houseTypeName ?? '—'}</Table.Td>
      <Table.Td>{[row.streetName, row.exteriorNumber].filter(Boolean).join(' ') || '—'}</Table.Td>
      <Table.Td>
        {owner ? (
          <>
            <Text size="sm">{owner}</Text>
            <Text size="xs" c="dimmed">
              {row.owner?.email}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('owners.noOwner')}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge color={STATUS_COLORS[status]} variant="light">
          {HOUSE_STATUS_LABELS[status]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.owner && (
          <Badge color={row.ownerHasAccount ? 'teal' : 'gray'} variant="outline">
            {row.ownerHasAccount ? t('owners.withAccount') : t('owners.withoutAccount')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {resendable && <ResendActivation houseId={row.id} />}
          {items.length > 0 && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="light" aria-label={t('owners.actions.menu')} loading={block.inFlight || unblock.inFlight || reactivate.inFlight}>
                  {t('owners.actions.menu')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>{items}</Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('owners.deleteTitle')}>
          <Text>{t('owners.deleteConfirm', { label: row.label })}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.inFlight}
              onClick={async () => {
                const ok = await remove.run({ input: { id: row.id } }, 'deleteHouse');
                setConfirmDelete(false);
                if (ok) {
                  notify('success', t('owners.deleted'));
                  onChanged();
                }
              }}
            >
              {t('owners.actions.delete')}
            </Button>
          </Group>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}
