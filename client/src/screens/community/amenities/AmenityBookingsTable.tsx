import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AmenityBookingsTable_bookings$data, AmenityBookingsTable_bookings$key } from '../../../__generated__/AmenityBookingsTable_bookings.graphql';
import type { AmenityBookingsTableCancelMutation } from '../../../__generated__/AmenityBookingsTableCancelMutation.graphql';
import { isCharged } from '../../../../../core/amenities.js';
import { useAppMutation } from '../../../components/mutations.js';
import { useSession } from '../../../components/SessionProvider.js';
import { formatDate, formatPesos, formatTime } from '../../../format.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';

const rowsFragment = graphql`
  fragment AmenityBookingsTable_bookings on AmenityBooking @relay(plural: true) {
    id
    databaseId
    amenityName
    houseDatabaseId
    houseLabel
    userName
    start
    end
    unit
    status
    holdUntil
    receiptDatabaseId
    depositReceiptDatabaseId
    notes
    cancelledAt
    amount
    paid
    depositAmount
    depositPaid
    depositReturnedAt
    canReturnDeposit
    canCancel
  }
`;

const cancelMutation = graphql`
  mutation AmenityBookingsTableCancelMutation($input: CancelAmenityBookingInput!) {
    cancelAmenityBooking(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCancelAmenityBookingSuccess { data { message booking { id status cancelledAt } } }
    }
  }
`;

type Booking = AmenityBookingsTable_bookings$data[number];

/** A row with its money as text. */
export interface BookingRow extends Omit<Booking, 'amount' | 'depositAmount' | 'depositReturnedAt'> {
  amount: string | null;
  depositAmount: string | null;
  depositReturnedAt: string | null;
}

/** Who opens a house's receipt to pay it (the receipt detail's grants). */
const RECEIPT_READERS = ['AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'];

function rowOf(b: Booking): BookingRow {
  return {
    ...b,
    amount: (b.amount as string | null | undefined) ?? null,
    depositAmount: (b.depositAmount as string | null | undefined) ?? null,
    depositReturnedAt: (b.depositReturnedAt as string | null | undefined) ?? null,
  };
}

/**
 * The reservations of a list: amenity, (house and who booked, in the community's list), when, status (held
 * with its hold time, confirmed, cancelled), amount and payment, deposit state, notes; «Pagar» for a held
 * booking's receipt, «Cancelar» when the booking may be cancelled, «Devolver depósito» when it may be returned.
 * Phones show each row as a card (PagedList).
 */
export function AmenityBookingsTable({
  bookings,
  community,
  pending,
  onChanged,
  onReturnDeposit,
}: {
  bookings: AmenityBookingsTable_bookings$key;
  /** The community's list: house and author columns and the deposit return. */
  community: boolean;
  pending?: boolean;
  onChanged: () => void;
  /** «Devolver depósito» on a row whose canReturnDeposit is true. */
  onReturnDeposit?: (row: BookingRow) => void;
}) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = useFragment(rowsFragment, bookings);
  const rows = data.map(rowOf);
  const cancel = useAppMutation<AmenityBookingsTableCancelMutation>(cancelMutation);
  const [toCancel, setToCancel] = useState<BookingRow | null>(null);
  const mayOpenReceipt = RECEIPT_READERS.some((g) => grants.has(g));

  const confirmCancel = async () => {
    if (!toCancel) return;
    const done = await cancel.run({ input: { bookingId: toCancel.id, idempotencyKey: newIdempotencyKey() } }, 'cancelAmenityBooking', {
      success: (result: { data: { message: string } }) => result.data.message,
    });
    setToCancel(null);
    if (done) onChanged();
  };

  return (
    <>
      <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('amenityBookings.list.columns.amenity')}</Table.Th>
            {community && <Table.Th>{t('amenityBookings.list.columns.house')}</Table.Th>}
            <Table.Th>{t('amenityBookings.list.columns.when')}</Table.Th>
            <Table.Th>{t('amenityBookings.list.columns.status')}</Table.Th>
            <Table.Th>{t('amenityBookings.list.columns.amount')}</Table.Th>
            <Table.Th>{t('amenityBookings.list.columns.deposit')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`booking-${row.databaseId}`}>
              <Table.Td miw={140}>
                <Text size="sm" fw={500}>
                  {row.amenityName}
                </Text>
                {row.notes && (
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {t('amenityBookings.list.notes', { notes: row.notes })}
                  </Text>
                )}
              </Table.Td>
              {community && (
                <Table.Td>
                  <Anchor component={Link} to={`/houses/${row.houseDatabaseId}/scheduled-amenities`} size="sm">
                    {row.houseLabel}
                  </Anchor>
                  {row.userName && (
                    <Text size="xs" c="dimmed">
                      {row.userName}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{whenOf(t, row)}</Text>
              </Table.Td>
              <Table.Td>
                <StatusCell row={row} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                <AmountCell row={row} />
              </Table.Td>
              <Table.Td>
                <DepositCell row={row} />
              </Table.Td>
              <Table.Td data-card="actions">
                <Group gap={4} wrap="wrap" justify="flex-end">
                  {row.status === 'HELD' && row.receiptDatabaseId != null && mayOpenReceipt && !row.paid && (
                    <Button component={Link} size="compact-sm" variant="light" to={`/houses/${row.houseDatabaseId}/receipts/${row.receiptDatabaseId}`}>
                      {t('amenityBookings.list.pay')}
                    </Button>
                  )}
                  {row.status !== 'CANCELLED' && row.depositReceiptDatabaseId != null && mayOpenReceipt && !row.depositPaid && (
                    <Button component={Link} size="compact-sm" variant="light" to={`/houses/${row.houseDatabaseId}/receipts/${row.depositReceiptDatabaseId}`}>
                      {t('amenityBookings.list.payDeposit')}
                    </Button>
                  )}
                  {row.canReturnDeposit && onReturnDeposit && (
                    <Button size="compact-sm" variant="light" color="teal" onClick={() => onReturnDeposit(row)}>
                      {t('amenityBookings.list.returnDeposit')}
                    </Button>
                  )}
                  {row.canCancel && (
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setToCancel(row)}>
                      {t('amenityBookings.list.cancel')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={toCancel !== null} onClose={() => setToCancel(null)} title={t('amenityBookings.list.cancelTitle')}>
        <Text>{toCancel ? t('amenityBookings.list.cancelQuestion', { amenity: toCancel.amenityName, when: whenOf(t, toCancel) }) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToCancel(null)}>
            {t('amenityBookings.list.keep')}
          </Button>
          <Button color="red" onClick={confirmCancel} loading={cancel.inFlight}>
            {t('amenityBookings.list.cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "30/11/2026 09:00 a 11:00" (hours) or "30/11/2026 a 02/12/2026" (days), in the community's time zone. */
export function whenOf(t: T, row: { start: unknown; end: unknown; unit: string }): string {
  if (row.unit === 'DAY') {
    const from = formatDate(row.start);
    // The end of a day booking is its last day's closing time.
    const to = formatDate(row.end);
    return from === to ? from : t('amenityBookings.schedule.whenRange', { from, to });
  }
  return `${formatDate(row.start)} ${t('amenityBookings.schedule.slotRange', { from: formatTime(row.start), to: formatTime(row.end) })}`;
}

function StatusCell({ row }: { row: BookingRow }) {
  const { t } = useTranslation();
  const color = row.status === 'CONFIRMED' ? 'green' : row.status === 'HELD' ? 'yellow' : 'gray';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={color} variant="light" miw="max-content" tt="none">
        {t(`amenityBookings.list.status.${row.status}`)}
      </Badge>
      {row.status === 'HELD' && row.holdUntil && (
        <Text size="xs" c="dimmed">
          {t('amenityBookings.list.holdUntil', { time: `${formatDate(row.holdUntil)} ${formatTime(row.holdUntil)}` })}
        </Text>
      )}
    </Stack>
  );
}

function AmountCell({ row }: { row: BookingRow }) {
  const { t } = useTranslation();
  if (row.amount == null || !isCharged(row.amount)) {
    return (
      <Text size="sm" c="dimmed">
        {t('amenityBookings.list.free')}
      </Text>
    );
  }
  if (row.status === 'CANCELLED' && !row.paid) {
    return (
      <Text size="sm" c="dimmed">
        {formatPesos(row.amount)}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{formatPesos(row.amount)}</Text>
      <Badge color={row.paid ? 'green' : 'orange'} variant="light" size="sm" miw="max-content" tt="none">
        {row.paid ? t('amenityBookings.list.paid') : t('amenityBookings.list.unpaid')}
      </Badge>
    </Stack>
  );
}

function DepositCell({ row }: { row: BookingRow }) {
  const { t } = useTranslation();
  if (row.depositAmount == null || !isCharged(row.depositAmount)) {
    return (
      <Text size="sm" c="dimmed">
        {t('amenityBookings.list.noDeposit')}
      </Text>
    );
  }
  if (row.status === 'CANCELLED' && !row.depositPaid) {
    return (
      <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPesos(row.depositAmount)}
      </Text>
    );
  }
  const [label, color] = row.depositReturnedAt
    ? [t('amenityBookings.list.depositReturned', { date: formatDate(row.depositReturnedAt) }), 'gray']
    : row.depositPaid
      ? [t('amenityBookings.list.depositPaid'), 'green']
      : [t('amenityBookings.list.depositPending'), 'orange'];
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPesos(row.depositAmount)}
      </Text>
      <Badge color={color} variant="light" size="sm" miw="max-content" tt="none">
        {label}
      </Badge>
    </Stack>
  );
}
