import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VehiclesTable_vehicles$data, VehiclesTable_vehicles$key } from '../../../__generated__/VehiclesTable_vehicles.graphql';
import type { VehiclesTableAuthorizeMutation } from '../../../__generated__/VehiclesTableAuthorizeMutation.graphql';
import type { VehiclesTableDeleteMutation } from '../../../__generated__/VehiclesTableDeleteMutation.graphql';
import { VEHICLE_MESSAGES } from '../../../../../core/vehicles.js';
import { ConfirmDelete } from '../../../components/ConfirmDelete.js';
import { useAppMutation } from '../../../components/mutations.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { appointmentWhen } from './vehicleTexts.js';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';

const rowsFragment = graphql`
  fragment VehiclesTable_vehicles on Vehicle @relay(plural: true) {
    id
    databaseId
    plate
    typeName
    stateName
    description
    houseDatabaseId
    houseLabel
    ownerName
    tagTypeId
    tagTypeName
    tagNumber
    status
    statusName
    icon
    rejectionReason
    canUpdate
    canDelete
    canBook
    canAuthorize
    appointment { id code start end status revisionPointName }
  }
`;

const deleteMutation = graphql`
  mutation VehiclesTableDeleteMutation($input: VehicleIdInput!) {
    deleteVehicle(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteVehicleSuccess { data { message vehicleDatabaseId } }
    }
  }
`;

const authorizeMutation = graphql`
  mutation VehiclesTableAuthorizeMutation($input: VehicleIdInput!) {
    authorizeVehicle(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAuthorizeVehicleSuccess { data { message vehicle { id status statusName icon canAuthorize } } }
    }
  }
`;

type Row = VehiclesTable_vehicles$data[number];

/**
 * The vehicles of a list: plates, type and description, the house (community's list), the tag, the status icon
 * and the appointment; detail, edit, book and delete (confirmed). Phones show each row as a card.
 */
export function VehiclesTable({
  vehicles,
  community,
  pending,
  onChanged,
}: {
  vehicles: VehiclesTable_vehicles$key;
  community: boolean;
  pending?: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const rows = useFragment(rowsFragment, vehicles);
  const remove = useAppMutation<VehiclesTableDeleteMutation>(deleteMutation);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const authorize = useAppMutation<VehiclesTableAuthorizeMutation>(authorizeMutation);
  const [authorizing, setAuthorizing] = useState<string | null>(null);
  const authorizeRow = async (row: Row) => {
    setAuthorizing(row.id);
    const done = await authorize.run({ input: { vehicleId: row.id, idempotencyKey: newIdempotencyKey() } }, 'authorizeVehicle', {
      success: VEHICLE_MESSAGES.authorized,
    });
    setAuthorizing(null);
    if (done) onChanged();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const done = await remove.run({ input: { vehicleId: toDelete.id, idempotencyKey: newIdempotencyKey() } }, 'deleteVehicle', {
      success: VEHICLE_MESSAGES.deleted,
    });
    setToDelete(null);
    if (done) onChanged();
  };

  return (
    <>
      <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('vehicles.columns.vehicle')}</Table.Th>
            {community && <Table.Th>{t('vehicles.columns.house')}</Table.Th>}
            <Table.Th>{t('vehicles.columns.tag')}</Table.Th>
            <Table.Th>{t('vehicles.columns.status')}</Table.Th>
            <Table.Th>{t('vehicles.columns.appointment')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const detail = community ? `/neighborhood/vehicles/${row.databaseId}` : `/vehicles/${row.databaseId}`;
            return (
              <Table.Tr key={row.id} data-testid={`vehicle-${row.databaseId}`}>
                <Table.Td miw={170}>
                  <Anchor component={Link} to={detail} fw={700} ff="monospace" size="sm" style={{ letterSpacing: 1 }}>
                    {row.plate}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {row.typeName} · {row.stateName}
                  </Text>
                  {row.description && (
                    <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {row.description}
                    </Text>
                  )}
                </Table.Td>
                {community && (
                  <Table.Td>
                    <Text size="sm">{row.houseLabel}</Text>
                    {row.ownerName && (
                      <Text size="xs" c="dimmed">
                        {row.ownerName}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm">{row.tagTypeName ?? t('vehicles.noTag')}</Text>
                  {row.tagNumber && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {row.tagNumber}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <VehicleStatusIcon icon={row.icon} label={row.statusName} />
                    {row.rejectionReason && row.status !== 'ACTIVE' && (
                      <Text size="xs" c="red.7" lineClamp={2} maw={260}>
                        {row.rejectionReason}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {row.appointment ? (
                    <>
                      <Text size="sm">{appointmentWhen(t, row.appointment)}</Text>
                      <Text size="xs" c="dimmed">
                        {row.appointment.revisionPointName} · {t('vehicles.appointmentCode', { code: row.appointment.code })}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('vehicles.noAppointment')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-card="actions">
                  <Group gap={4} wrap="wrap" justify="flex-end">
                    {community && row.canAuthorize && row.status === 'PENDING_AUTHORIZATION' && (
                      <Button size="compact-sm" color="teal" onClick={() => authorizeRow(row)} loading={authorizing === row.id}>
                        {t('vehicles.detail.authorize')}
                      </Button>
                    )}
                    {row.canBook && (row.status === 'INCOMPLETE' || !!row.appointment) && (
                      <Button
                        component={Link}
                        to={`/houses/${row.houseDatabaseId}/vehicles/${row.databaseId}/schedule`}
                        size="compact-sm"
                        variant={row.appointment ? 'light' : 'filled'}
                      >
                        {row.appointment ? t('vehicles.changeAppointment') : t('vehicles.book')}
                      </Button>
                    )}
                    {row.canUpdate && (
                      <Button
                        component={Link}
                        to={`/houses/${row.houseDatabaseId}/vehicles/form?vehicleId=${row.databaseId}`}
                        size="compact-sm"
                        variant="light"
                      >
                        {t('vehicles.edit')}
                      </Button>
                    )}
                    {row.canDelete && (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setToDelete(row)}>
                        {t('vehicles.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('vehicles.deleteTitle')}
        message={toDelete ? t('vehicles.deleteQuestion', { plate: toDelete.plate }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
