import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { graphql, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AmenityList_query$key } from '../../../__generated__/AmenityList_query.graphql';
import type { AmenityListDeleteMutation } from '../../../__generated__/AmenityListDeleteMutation.graphql';
import type { AmenityListSwitchMutation } from '../../../__generated__/AmenityListSwitchMutation.graphql';
import { isCharged } from '../../../../../core/amenities.js';
import { formatPesos } from '../../../format.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { searchWithFilter } from '../../../components/paging.js';
import { SearchFilter } from '../../../components/SearchFilter.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';

const listFragment = graphql`
  fragment AmenityList_query on Query
  @refetchable(queryName: "AmenityListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }, enabled: { type: "Boolean" }) {
    amenities(first: $first, offset: $offset, filter: { name: $name, enabled: $enabled }) {
      totalCount
      edges { node { id databaseId name fromTime toTime reservationUnit cost deposit ownersOnly enabled } }
    }
  }
`;

const deleteMutation = graphql`
  mutation AmenityListDeleteMutation($input: DeleteAmenityInput!) {
    deleteAmenity(input: $input) { __typename ... on Error { code message } ... on MutationDeleteAmenitySuccess { data { deletedId } } }
  }
`;

const switchMutation = graphql`
  mutation AmenityListSwitchMutation($input: SetAmenityEnabledInput!) {
    setAmenityEnabled(input: $input) { __typename ... on Error { code message } ... on MutationSetAmenityEnabledSuccess { data { amenity { id enabled } } } }
  }
`;

export const SETTINGS_PATH = '/neighborhood/settings/amenities';

interface Row {
  id: string;
  databaseId: number;
  name: string;
  fromTime: string;
  toTime: string;
  reservationUnit: string;
  cost: string | null;
  deposit: string | null;
  ownersOnly: boolean;
  enabled: boolean;
}

/**
 * The community's amenities, filtered by name (?name=) and state (?status=), paged. In settings: the enabled
 * badge, edit, and delete (only while enabled, spec 3 section 4); in the administration: a switch per row.
 */
export function AmenityList({ query, route, mode }: { query: AmenityList_query$key; route: ScreenRoute; mode: 'settings' | 'admin' }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<AmenityListDeleteMutation>(deleteMutation);
  const toggle = useAppMutation<AmenityListSwitchMutation>(switchMutation);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  // Spec 3 section 6: costs are shown only with the collections module.
  const collections = session.activeModules.includes('COBRANZA');
  const mayCreate = mode === 'settings' && grants.has('CAmenitiesCreate');
  const mayEdit = grants.has('CAmenitiesUpdate');
  const mayDelete = mode === 'settings' && grants.has('CAmenitiesDelete');
  const maySwitch = mode === 'admin' && (grants.has('AAmenitiesRead') || grants.has('CAmenitiesUpdate'));
  const status = search.get('status') ?? 'all';
  const rows: Row[] =
    data.amenities?.edges.map(({ node }) => ({ ...node, cost: (node.cost as string | null) ?? null, deposit: (node.deposit as string | null) ?? null })) ?? [];
  const createAction = mayCreate ? { label: t('amenities.create'), to: `${SETTINGS_PATH}/form` } : null;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const ok = await remove.run({ input: { id: toDelete.id } }, 'deleteAmenity', { success: t('amenities.deleted') });
    setToDelete(null);
    if (ok) reload();
  };

  const setEnabled = async (row: Row, enabled: boolean) => {
    setSwitching(row.id);
    const ok = await toggle.run({ input: { id: row.id, enabled } }, 'setAmenityEnabled', {
      success: enabled ? t('amenities.enabledDone') : t('amenities.disabledDone'),
    });
    setSwitching(null);
    // A state filter no longer matches the row: the page again from the server.
    if (ok && status !== 'all') reload();
  };

  const nameBlock = (row: Row) => (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={500}>
        {row.name}
      </Text>
      {mode === 'settings' && (
        <Badge variant="light" size="sm" color={row.enabled ? 'green' : 'gray'} miw="max-content">
          {row.enabled ? t('amenities.badgeEnabled') : t('amenities.badgeDisabled')}
        </Badge>
      )}
      {row.ownersOnly && (
        <Badge variant="light" size="sm" color="grape" miw="max-content">
          {t('amenities.ownersOnlyBadge')}
        </Badge>
      )}
    </Group>
  );

  const actions = (row: Row, justify: 'flex-start' | 'flex-end') => (
    <Group gap="xs" justify={justify} wrap="nowrap">
      {maySwitch && (
        <Switch
          checked={row.enabled}
          disabled={switching === row.id}
          onChange={(e) => void setEnabled(row, e.currentTarget.checked)}
          aria-label={t('amenities.switchLabel', { name: row.name })}
          label={row.enabled ? t('amenities.badgeEnabled') : t('amenities.badgeDisabled')}
          labelPosition={justify === 'flex-end' ? 'left' : 'right'}
        />
      )}
      {mayEdit && (
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to={`${SETTINGS_PATH}/form/${row.databaseId}`}
          aria-label={t('amenities.editNamed', { name: row.name })}
        >
          {t('list.edit')}
        </Button>
      )}
      {mayDelete &&
        (row.enabled ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(row)}>
            {t('list.delete')}
          </Button>
        ) : (
          <Tooltip label={t('amenities.deleteOnlyEnabled')} withArrow multiline w={220} events={{ hover: true, focus: true, touch: true }}>
            <Button size="xs" variant="subtle" color="red" data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
              {t('list.delete')}
            </Button>
          </Tooltip>
        ))}
    </Group>
  );

  return (
    <Stack>
      <PageHeader
        title={mode === 'settings' ? t('amenities.title') : t('amenities.adminTitle')}
        description={mode === 'settings' ? t('amenities.listDescription') : t('amenities.adminDescription')}
        action={createAction}
        secondary={mode === 'admin' && grants.has('CAmenitiesRead') ? { label: t('amenities.toSettings'), to: SETTINGS_PATH } : null}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchFilter name="name" label={t('list.filterName')} maw={360} style={{ flex: '1 1 220px' }} />
        <SegmentedControl
          aria-label={t('amenities.status')}
          value={status}
          onChange={(value) => setSearch(searchWithFilter(search, 'status', value === 'all' ? null : value))}
          data={[
            { value: 'all', label: t('amenities.statusAll') },
            { value: 'enabled', label: t('amenities.statusEnabled') },
            { value: 'disabled', label: t('amenities.statusDisabled') },
          ]}
        />
      </Group>
      {/* Phones: one card per amenity (a table would scroll sideways). */}
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="amenity-cards">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Stack gap={6}>
                {nameBlock(row)}
                <Text size="xs" c="dimmed">
                  {collections && row.cost && isCharged(row.cost)
                    ? `${t('amenities.hoursValue', { from: row.fromTime, to: row.toTime })} · ${costText(t, row)}`
                    : scheduleText(t, row) + (collections ? ` · ${costText(t, row)}` : '')}
                  {collections && row.deposit ? ` · ${t('amenities.depositValue', { amount: formatPesos(row.deposit) })}` : ''}
                </Text>
                {actions(row, 'flex-start')}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.amenities?.totalCount ?? 0}
        empty={
          search.get('name') || search.get('status') ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('amenities.empty')} hint={t('amenities.emptyHint')} action={createAction} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.name')}</Table.Th>
              <Table.Th>{t('amenities.schedule')}</Table.Th>
              {collections && <Table.Th ta="right">{t('amenities.cost')}</Table.Th>}
              <Table.Th ta="right">{mode === 'admin' ? t('amenities.status') : null}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{nameBlock(row)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{scheduleText(t, row)}</Text>
                </Table.Td>
                {collections && (
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <Text size="sm">{costText(t, row)}</Text>
                    {row.deposit && (
                      <Text size="xs" c="dimmed">
                        {t('amenities.depositValue', { amount: formatPesos(row.deposit) })}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>{actions(row, 'flex-end')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={t('amenities.deleteTitle')}>
        <Text>{toDelete ? t('amenities.deleteConfirm', { name: toDelete.name }) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.inFlight}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function scheduleText(t: T, row: Row): string {
  return t('amenities.scheduleValue', { from: row.fromTime, to: row.toTime, unit: t(`amenities.unitShort.${row.reservationUnit}`) });
}

function costText(t: T, row: Row): string {
  return row.cost && isCharged(row.cost)
    ? t('amenities.costValue', { amount: formatPesos(row.cost), unit: t(`amenities.per.${row.reservationUnit}`) })
    : t('amenities.free');
}
