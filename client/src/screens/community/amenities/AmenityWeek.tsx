import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { graphql, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AmenityWeek_query$key } from '../../../__generated__/AmenityWeek_query.graphql';
import type { AmenityWeekBookMutation, AmenityWeekBookMutation$data } from '../../../__generated__/AmenityWeekBookMutation.graphql';
import { isCharged } from '../../../../../core/amenities.js';
import { addDays, weekdayOf } from '../../../../../core/amenitySlots.js';
import { todayIn } from '../../../../../core/receipts.js';
import { DateField } from '../../../components/DateField.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { useSession } from '../../../components/SessionProvider.js';
import { globalId } from '../../../relay/ids.js';
import { COMMUNITY_TIME_ZONE, formatDate, formatPesos, formatTime } from '../../../format.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import type { BookableAmenity } from './ScheduleAmenity.js';
import { useAmenityChanges } from './useAmenityChanges.js';
import { bookingTotal, chosenSlots, type GridSlot, isChosen, pickSlot, type Selection } from './slotSelection.js';

const weekFragment = graphql`
  fragment AmenityWeek_query on Query
  @refetchable(queryName: "AmenityWeekRefetchQuery")
  @argumentDefinitions(houseId: { type: "ID" }, amenityId: { type: "ID!" }, withSlots: { type: "Boolean!" }, from: { type: "String" }) {
    amenitySlots(houseId: $houseId, amenityId: $amenityId, from: $from) @include(if: $withSlots) {
      __typename
      ... on Error { message }
      ... on QueryAmenitySlotsSuccess {
        data { amenityDatabaseId from to days { day slots { start end unit available mine bookingDatabaseId } } }
      }
    }
  }
`;

const bookMutation = graphql`
  mutation AmenityWeekBookMutation($input: BookAmenityInput!) {
    bookAmenity(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationBookAmenitySuccess {
        data { message booking { id databaseId status start end holdUntil receiptDatabaseId depositReceiptDatabaseId houseDatabaseId } }
      }
    }
  }
`;

/** The notes of a booking: optional, up to this many characters (the server's limit). */
export const NOTES_MAX = 500;
/** Who opens a house's receipt to pay it (the receipt detail's grants). */
const RECEIPT_READERS = ['AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'];

type Booked = NonNullable<AmenityWeekBookMutation$data['bookAmenity']['data']>;

/**
 * Seven days of an amenity's slots, paged by 7 days (previous, next, or a day in a Monday-first picker: ?from=).
 * Free slots in a row are chosen with clicks; the total (cost × slots plus the deposit) shows under the grid
 * with «Reservar», which asks for notes and books. A slot taken meanwhile answers the server's message and
 * shows the grid again.
 */
export function AmenityWeek({
  query,
  amenity,
  route,
  houseId,
  houseDatabaseId,
  listPath,
}: {
  query: AmenityWeek_query$key;
  amenity: BookableAmenity;
  route: ScreenRoute;
  /** The path's house (administration); null books for the viewer's house. */
  houseId: number | null;
  houseDatabaseId: number | null;
  listPath: string;
}) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(weekFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  // The route's answer is of no amenity (none was chosen when the page loaded) or of another one (chosen
  // since): this amenity's week from the server, once.
  const answer = data.amenitySlots;
  const stale = !answer || (answer.__typename === 'QueryAmenitySlotsSuccess' && answer.data?.amenityDatabaseId !== amenity.databaseId);
  const asked = useRef(false);
  useEffect(() => {
    if (stale && !asked.current) {
      asked.current = true;
      reload();
    }
  }, [stale, reload]);
  // Another house booked, paid, cancelled or let a hold expire: the grid again (the choice kept when still free).
  useAmenityChanges([amenity.amenityId], reload);
  const book = useAppMutation<AmenityWeekBookMutation>(bookMutation);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [refusedNote, setRefusedNote] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [booked, setBooked] = useState<Booked | null>(null);
  // The answer shows above the grid: on a phone the page was scrolled down to the chosen slots.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (booked) resultRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [booked]);

  const result = data.amenitySlots;
  const week = result?.__typename === 'QueryAmenitySlotsSuccess' ? result.data : null;
  const days = week?.days ?? [];
  const unit = amenity.reservationUnit === 'DAY' ? 'DAY' : 'HOUR';
  const today = todayIn(COMMUNITY_TIME_ZONE);
  const firstDay = amenity.availableFrom && amenity.availableFrom > today ? amenity.availableFrom : today;
  const weekFrom = week?.from ?? null;

  // Another week: the choice starts over.
  const [shownWeek, setShownWeek] = useState(weekFrom);
  if (shownWeek !== weekFrom) {
    setShownWeek(weekFrom);
    setSelection(null);
    setRefusedNote(false);
  }

  const goTo = (from: string) => {
    const next = new URLSearchParams(search);
    next.set('from', from < firstDay ? firstDay : from);
    setSearch(next);
  };

  const pick = (day: string, index: number) => {
    const { selection: next, refused } = pickSlot(unit, days, selection, day, index);
    setSelection(next);
    setRefusedNote(refused);
    setBooked(null);
  };

  // The grid came again and a chosen slot is no longer free: the choice starts over.
  const chosenNow = chosenSlots(unit, days, selection);
  const taken = chosenNow.some((s) => !s.available);
  if (taken) setSelection(null);
  const slots = taken ? [] : chosenNow;
  const cost = (amenity.cost as string | null) ?? null;
  const deposit = (amenity.deposit as string | null) ?? null;
  const charged = !!cost && isCharged(cost);
  const withDeposit = !!deposit && isCharged(deposit);
  const totals = bookingTotal(charged ? cost : null, withDeposit ? deposit : null, slots.length);
  const howLong = t(unit === 'DAY' ? 'amenityBookings.schedule.summaryDays' : 'amenityBookings.schedule.summaryHours', { count: slots.length });

  const openConfirm = () => {
    setNotes('');
    setIdempotencyKey(newIdempotencyKey());
    setConfirming(true);
  };

  const confirm = async () => {
    const first = slots[0];
    const last = slots[slots.length - 1];
    if (!first || !last || notes.length > NOTES_MAX) return;
    const answer = await book.run(
      {
        input: {
          amenityId: amenity.amenityId,
          houseId: houseId != null ? globalId('House', String(houseId)) : null,
          start: first.start as string,
          end: last.end as string,
          unit,
          notes: notes.trim() || null,
          idempotencyKey,
        },
      },
      'bookAmenity',
      {
        onTypedError: (failure) => {
          const issues = failure.issues?.map((i) => i.message).join(' ');
          notify('danger', issues || failure.message || '');
          if (failure.__typename === 'ConflictError') {
            setConfirming(false);
            setSelection(null);
            reload();
          }
        },
      },
    );
    if (answer?.data) {
      setConfirming(false);
      setSelection(null);
      setBooked(answer.data);
      reload();
    }
  };

  const mayOpenReceipt = RECEIPT_READERS.some((g) => grants.has(g));
  const payPath = (receipt: number | null | undefined) =>
    receipt != null && houseDatabaseId != null ? `/houses/${booked?.booking.houseDatabaseId ?? houseDatabaseId}/receipts/${receipt}` : null;

  if (stale) {
    return (
      <Text c="dimmed" data-testid="slots-loading">
        {t('app.loading')}
      </Text>
    );
  }
  if (result && !week) {
    return (
      <Alert color="red" data-testid="slots-error">
        {'message' in result ? result.message : ''}
      </Alert>
    );
  }

  const nextFrom = week ? addDays(week.to, 1) : null;
  const hasNext = !!nextFrom && !(amenity.availableTo && nextFrom > amenity.availableTo);
  const hasPrevious = !!week && week.from > firstDay;

  return (
    <Stack gap="sm">
      {booked && (
        <Alert ref={resultRef} color={booked.booking.status === 'HELD' ? 'yellow' : 'green'} data-testid="booking-result" role="status">
          <Stack gap="xs">
            <Text size="sm">{booked.message}</Text>
            {booked.booking.status === 'HELD' && booked.booking.holdUntil && (
              <Text size="sm">
                {t('amenityBookings.schedule.heldHint', { time: `${formatDate(booked.booking.holdUntil)} ${formatTime(booked.booking.holdUntil)}` })}
              </Text>
            )}
            <Group gap="sm" wrap="wrap">
              {booked.booking.status === 'HELD' && mayOpenReceipt && payPath(booked.booking.receiptDatabaseId) && (
                <Button component={Link} to={payPath(booked.booking.receiptDatabaseId)!} size="sm">
                  {t('amenityBookings.schedule.pay')}
                </Button>
              )}
              {booked.booking.status === 'HELD' && mayOpenReceipt && payPath(booked.booking.depositReceiptDatabaseId) && (
                <Button component={Link} to={payPath(booked.booking.depositReceiptDatabaseId)!} size="sm" variant="light">
                  {t('amenityBookings.schedule.payDeposit')}
                </Button>
              )}
              <Button component={Link} to={listPath} variant="default" size="sm">
                {t('amenityBookings.schedule.viewBookings')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={3} fz="h4">
          {week ? t('amenityBookings.schedule.week', { from: formatDate(week.from), to: formatDate(week.to) }) : ''}
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Button variant="default" disabled={!hasPrevious || pending} onClick={() => week && goTo(addDays(week.from, -7))}>
            {t('amenityBookings.schedule.previous')}
          </Button>
          <Button variant="default" disabled={!hasNext || pending} onClick={() => nextFrom && goTo(nextFrom)}>
            {t('amenityBookings.schedule.next')}
          </Button>
          <DateField
            aria-label={t('amenityBookings.schedule.goTo')}
            placeholder={t('amenityBookings.schedule.goTo')}
            clearable={false}
            minDate={firstDay}
            maxDate={amenity.availableTo ?? undefined}
            value={week?.from ?? null}
            onChange={(value) => value && goTo(String(value).slice(0, 10))}
            w={150}
          />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {unit === 'DAY' ? t('amenityBookings.schedule.hintDay') : t('amenityBookings.schedule.hintHour')}
      </Text>
      {refusedNote && (
        <Text size="sm" c="red" role="alert">
          {t('amenityBookings.schedule.notContiguous')}
        </Text>
      )}
      {days.length === 0 ? (
        <Text c="dimmed">{t('amenityBookings.schedule.noDays')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: 7 }} spacing="xs" style={{ opacity: pending ? 0.6 : 1 }} data-testid="amenity-week">
          {days.map((d) => {
            const dayLabel = `${t(`amenityBookings.weekdays.${weekdayOf(d.day)}`)} ${formatDate(d.day)}`;
            return (
              <Paper key={d.day} withBorder radius="md" p="xs" component="section" aria-label={dayLabel}>
                <Text size="sm" fw={600} mb={6} tt="capitalize">
                  {dayLabel}
                </Text>
                {d.slots.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('amenityBookings.schedule.noSlots')}
                  </Text>
                ) : (
                  <Stack gap={4}>
                    {d.slots.map((slot, index) => (
                      <SlotButton
                        key={slot.start as string}
                        slot={slot as GridSlot}
                        unit={unit}
                        dayLabel={dayLabel}
                        chosen={isChosen(unit, days, selection, d.day, index)}
                        onPick={() => pick(d.day, index)}
                      />
                    ))}
                  </Stack>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {slots.length > 0 && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          data-testid="booking-summary"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 2, background: 'var(--mantine-color-body)' }}
        >
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600}>
                {whenText(t, unit, slots)} · {howLong}
              </Text>
              {charged && (
                <Text size="sm">
                  {t('amenityBookings.schedule.costLine', { count: slots.length, price: formatPesos(cost), amount: formatPesos(totals.cost) })}
                </Text>
              )}
              {withDeposit && <Text size="sm">{t('amenityBookings.schedule.depositLine', { amount: formatPesos(totals.deposit) })}</Text>}
              <Text size="sm" fw={600} data-testid="booking-total">
                {charged || withDeposit ? t('amenityBookings.schedule.total', { amount: formatPesos(totals.total) }) : t('amenityBookings.schedule.free')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="subtle" onClick={() => setSelection(null)}>
                {t('amenityBookings.schedule.clear')}
              </Button>
              <Button onClick={openConfirm}>{t('amenityBookings.schedule.book')}</Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('amenityBookings.schedule.confirmTitle')}>
        <Stack gap="sm">
          <Text fw={600}>{amenity.name}</Text>
          <Text size="sm">
            {whenText(t, unit, slots)} · {howLong}
          </Text>
          {charged && (
            <Text size="sm">{t('amenityBookings.schedule.costLine', { count: slots.length, price: formatPesos(cost), amount: formatPesos(totals.cost) })}</Text>
          )}
          {withDeposit && <Text size="sm">{t('amenityBookings.schedule.depositLine', { amount: formatPesos(totals.deposit) })}</Text>}
          <Text size="sm" fw={600}>
            {charged || withDeposit ? t('amenityBookings.schedule.total', { amount: formatPesos(totals.total) }) : t('amenityBookings.schedule.free')}
          </Text>
          <Textarea
            label={t('amenityBookings.schedule.notes')}
            description={t('amenityBookings.schedule.notesHint')}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            error={notes.length > NOTES_MAX ? t('amenityBookings.schedule.notesTooLong') : undefined}
            rightSection={
              <Text size="xs" c={notes.length > NOTES_MAX ? 'red' : 'dimmed'} pr={6}>
                {notes.length}/{NOTES_MAX}
              </Text>
            }
            rightSectionWidth={70}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} loading={book.inFlight} disabled={notes.length > NOTES_MAX}>
              {t('amenityBookings.schedule.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "lunes 30/11/2026, 09:00 a 11:00" (hours) or "30/11/2026 a 02/12/2026" (days). */
function whenText(t: T, unit: 'HOUR' | 'DAY', slots: GridSlot[]): string {
  const first = slots[0];
  const last = slots[slots.length - 1];
  if (!first || !last) return '';
  if (unit === 'DAY') {
    const from = formatDate(first.start);
    const to = formatDate(last.start);
    return from === to ? from : t('amenityBookings.schedule.whenRange', { from, to });
  }
  return `${formatDate(first.start)}, ${t('amenityBookings.schedule.slotRange', { from: formatTime(first.start), to: formatTime(last.end) })}`;
}

/** One slot: free (a button to choose), chosen, the house's own booking, taken by another house, or past. */
function SlotButton({ slot, unit, dayLabel, chosen, onPick }: { slot: GridSlot; unit: 'HOUR' | 'DAY'; dayLabel: string; chosen: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  const time = t('amenityBookings.schedule.slotRange', { from: formatTime(slot.start), to: formatTime(slot.end) });
  const past = !slot.available && !slot.mine && Date.parse(slot.start) <= Date.now();
  const state = slot.mine
    ? t('amenityBookings.schedule.mine')
    : !slot.available
      ? past
        ? t('amenityBookings.schedule.past')
        : t('amenityBookings.schedule.taken')
      : chosen
        ? t('amenityBookings.schedule.selected')
        : null;
  const label = state
    ? t('amenityBookings.schedule.slotLabelState', { day: dayLabel, time, state })
    : t('amenityBookings.schedule.slotLabel', { day: dayLabel, time });
  const common = { fullWidth: true, size: 'xs' as const, h: 'auto', py: 4, 'aria-label': label, styles: { label: { whiteSpace: 'normal' as const } } };
  const content = (
    <Stack gap={0} align="center">
      <span>{unit === 'DAY' ? t('amenityBookings.schedule.wholeDay') : time}</span>
      {unit === 'DAY' && (
        <Text span size="xs" inherit={false} c={chosen ? undefined : 'dimmed'}>
          {time}
        </Text>
      )}
      {state && !chosen && (
        <Text span size="xs" fw={500}>
          {state}
        </Text>
      )}
    </Stack>
  );
  if (slot.mine) {
    // The house's own booking: highlighted, not a choice.
    return (
      <Button {...common} variant="light" color="teal" aria-disabled data-slot="mine" style={{ cursor: 'default' }} onClick={(e) => e.preventDefault()}>
        {content}
      </Button>
    );
  }
  if (!slot.available) {
    return (
      <Button {...common} variant="default" disabled data-slot={past ? 'past' : 'taken'}>
        {content}
      </Button>
    );
  }
  return (
    <Button {...common} variant={chosen ? 'filled' : 'default'} aria-pressed={chosen} data-slot={chosen ? 'chosen' : 'free'} onClick={onPick}>
      {content}
    </Button>
  );
}
