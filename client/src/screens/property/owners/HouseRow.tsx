import { useState } from 'react';
import { Anchor, Badge, Button, Group, Menu, Modal, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseRow_house$key } from '../../../__generated__/HouseRow_house.graphql';
import type { HouseRowDeleteMutation } from '../../../__generated__/HouseRowDeleteMutation.graphql';
import type { HouseRowReactivateMutation } from '../../../__generated__/HouseRowReactivateMutation.graphql';
import type { HouseRowBlockMutation } from '../../../__generated__/HouseRowBlockMutation.graphql';
import type { HouseRowUnblockMutation } from '../../../__generated__/HouseRowUnblockMutation.graphql';
import type { HouseStatus } from '../../../../../core/houseRules.js';
import { HouseStatusBadge } from '../../../components/StatusBadge.js';
import { useAppMutation } from '../../../components/mutations.js';
import { useSession } from '../../../components/SessionProvider.js';
import { ResendActivation } from './Resend.js';
import { personName } from '../../../../../core/houseLabel.js';

const houseFragment = graphql`
  fragment HouseRow_house on House {
    id databaseId label catastral status houseTypeName streetName exteriorNumber interiorNumber ownerHasAccount
    owner { firstName lastName email }
  }
`;

const deleteMutation = graphql`
  mutation HouseRowDeleteMutation($input: HouseIdInput!) {
    deleteHouse(input: $input) { __typename ... on Error { code message } ... on MutationDeleteHouseSuccess { data { house { id status } } } }
  }
`;
const reactivateMutation = graphql`
  mutation HouseRowReactivateMutation($input: HouseIdInput!) {
    reactivateHouse(input: $input) { __typename ... on Error { code message } ... on MutationReactivateHouseSuccess { data { house { id status } } } }
  }
`;
const blockMutation = graphql`
  mutation HouseRowBlockMutation($input: HouseIdInput!) {
    blockHouse(input: $input) { __typename ... on Error { code message } ... on MutationBlockHouseSuccess { data { house { id status } } } }
  }
`;
const unblockMutation = graphql`
  mutation HouseRowUnblockMutation($input: HouseIdInput!) {
    unblockHouse(input: $input) { __typename ... on Error { code message } ... on MutationUnblockHouseSuccess { data { house { id status } } } }
  }
`;

export const ACTIVATABLE: readonly string[] = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'];

/** One house of the owners list with its status badges and actions; `onChanged` reloads the page after a status change. */
export function HouseRow({ house: houseKey, onChanged }: { house: HouseRow_house$key; onChanged: () => void }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const row = useFragment(houseFragment, houseKey);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useAppMutation<HouseRowDeleteMutation>(deleteMutation);
  const reactivate = useAppMutation<HouseRowReactivateMutation>(reactivateMutation);
  const block = useAppMutation<HouseRowBlockMutation>(blockMutation);
  const unblock = useAppMutation<HouseRowUnblockMutation>(unblockMutation);
  const status = row.status as HouseStatus;
  const owner = row.owner ? personName(row.owner) : null;
  const canUpdate = grants.has('AHousesUpdate');
  const canDelete = grants.has('AHousesDelete');
  const input = { input: { id: row.id } };
  const after = (ok: unknown) => {
    if (ok) onChanged();
  };

  const items = [
    grants.has('AReceiptsRead') && status !== 'DELETED' && (
      <Menu.Item key="house" component={Link} to={`/houses/${row.databaseId}`}>
        {t('houses.view')}
      </Menu.Item>
    ),
    grants.has('AReceiptsRead') && (
      <Menu.Item key="receipts" component={Link} to={`/houses/${row.databaseId}/receipts`}>
        {t('owners.actions.receipts')}
      </Menu.Item>
    ),
    grants.has('AStatementsRead') && (
      <Menu.Item key="statements" component={Link} to={`/houses/${row.databaseId}/statements`}>
        {t('owners.actions.statements')}
      </Menu.Item>
    ),
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
      <Menu.Item key="block" onClick={async () => after(await block.run(input, 'blockHouse', { success: t('owners.blocked') }))}>
        {t('owners.actions.block')}
      </Menu.Item>
    ),
    canUpdate && status === 'BLOCKED' && (
      <Menu.Item key="unblock" onClick={async () => after(await unblock.run(input, 'unblockHouse', { success: t('owners.unblocked') }))}>
        {t('owners.actions.unblock')}
      </Menu.Item>
    ),
    canDelete && status === 'DELETED' && (
      <Menu.Item key="reactivate" onClick={async () => after(await reactivate.run(input, 'reactivateHouse', { success: t('owners.reactivated') }))}>
        {t('owners.actions.reactivate')}
      </Menu.Item>
    ),
    canDelete && status !== 'DELETED' && (
      <Menu.Item key="delete" color="red" onClick={() => setConfirmDelete(true)}>
        {t('owners.actions.delete')}
      </Menu.Item>
    ),
  ].filter(Boolean);
  // The house's label opens it: its form for those who edit houses, else its receipts.
  const opens =
    canUpdate && status !== 'DELETED' ? `/owners/edit/${row.databaseId}` : grants.has('AReceiptsRead') ? `/houses/${row.databaseId}/receipts` : null;
  const resendable = (canUpdate || grants.has('AActivationBulkCreate')) && !!row.owner && !row.ownerHasAccount && status !== 'DELETED';

  return (
    <Table.Tr>
      <Table.Td>
        {opens ? (
          <Anchor component={Link} to={opens} fw={500} size="sm">
            {row.label}
          </Anchor>
        ) : (
          <Text fw={500} size="sm">
            {row.label}
          </Text>
        )}
        {row.catastral && row.catastral !== row.label && (
          <Text size="xs" c="dimmed">
            {row.catastral}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-card="wide">
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
        <HouseStatusBadge status={status} style={{ minWidth: 'max-content' }} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.owner && (
          <Badge color={row.ownerHasAccount ? 'teal' : 'gray'} variant="outline" style={{ minWidth: 'max-content' }}>
            {row.ownerHasAccount ? t('owners.withAccount') : t('owners.withoutAccount')}
          </Badge>
        )}
      </Table.Td>
      {/* Phones leave the type out of the card: the street and the status say more there. */}
      <Table.Td visibleFrom="sm">{row.houseTypeName ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{[row.streetName, row.exteriorNumber].filter(Boolean).join(' ') || '—'}</Table.Td>
      <Table.Td data-card="actions">
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
                const ok = await remove.run(input, 'deleteHouse', { success: t('owners.deleted') });
                setConfirmDelete(false);
                after(ok);
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
