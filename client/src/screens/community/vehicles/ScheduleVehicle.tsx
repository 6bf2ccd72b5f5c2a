import { Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, ScrollArea, Select, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { fetchQuery, graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader, useRelayEnvironment } from 'react-relay';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScheduleVehicleBookMutation } from '../../../__generated__/ScheduleVehicleBookMutation.graphql';
import type { ScheduleVehicleCancelMutation } from '../../../__generated__/ScheduleVehicleCancelMutation.graphql';
import type { ScheduleVehicleQuery, ScheduleVehicleQuery$data } from '../../../__generated__/ScheduleVehicleQuery.graphql';
import type { ScheduleVehicleSpacesQuery, ScheduleVehicleSpacesQuery$data } from '../../../__generated__/ScheduleVehicleSpacesQuery.graphql';
import { addDays, weekdayOf } from '../../../../../core/amenitySlots.js';
import { todayIn } from '../../../../../core/receipts.js';
import { VEHICLE_MESSAGES } from '../../../../../core/vehicles.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { COMMUNITY_TIME_ZONE, formatDate, formatTime } from '../../../format.js';
import { globalId } from '../../../relay/ids.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { appointmentWhen, communityDay, laterDay, publicAppointmentPath, scheduleBackPath, spaceState } from './vehicleTexts.js';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';

export const scheduleVehicleQuery = graphql`
  query ScheduleVehicleQuery($id: ID!) {
    vehicleSettings { revisionPoints { databaseId name } }
    vehicle(vehicleId: $id) {
      __typename
      ... on Error { message }
      ... on QueryVehicleSuccess {
        data {
          id databaseId plate typeName description houseLabel houseDatabaseId status statusName icon canBook canCancel
          appointment { id code start end status revisionPointDatabaseId revisionPointName }
        }
      }
    }
  }
`;

const spacesQuery = graphql`
  query ScheduleVehicleSpacesQuery($revisionPointId: Int!, $vehicleId: ID!, $from: String) {
    revisionPointSpaces(revisionPointId: $revisionPointId, vehicleId: $vehicleId, from: $from) {
      __typename
      ... on Error { message }
      ... on QueryRevisionPointSpacesSuccess {
        data { from to minutes revisionPointDatabaseId revisionPointName days { day spaces { minute start end status code } } }
      }
    }
  }
`;

const bookMutation = graphql`
  mutation ScheduleVehicleBookMutation($input: BookRevisionSpaceInput!) {
    bookRevisionSpace(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationBookRevisionSpaceSuccess {
        data {
          message
          appointment {
            id code start end status revisionPointDatabaseId revisionPointName
            vehicle { id status statusName icon canBook canCancel appointment { id code start end status revisionPointDatabaseId revisionPointName } }
          }
        }
      }
    }
  }
`;

const cancelMutation = graphql`
  mutation ScheduleVehicleCancelMutation($input: CancelRevisionSpaceInput!) {
    cancelRevisionSpace(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCancelRevisionSpaceSuccess { data { message vehicleDatabaseId } }
    }
  }
`;

type Vehicle = NonNullable<NonNullable<ScheduleVehicleQuery$data['vehicle']>['data']>;
type Week = NonNullable<NonNullable<ScheduleVehicleSpacesQuery$data['revisionPointSpaces']>['data']>;
type Space = Week['days'][number]['spaces'][number];

/**
 * /houses/{houseId}/vehicles/{vehicleId}/schedule: the vehicle's inspection appointment. The one it holds shows with
 * its code and «Cancelar cita»; otherwise choose a revision point (?point=) and a week of its spaces (?from=),
 * then a free space to book it. A space taken meanwhile, or an appointment booked from elsewhere, says so and
 * shows the spaces again.
 */
export default function ScheduleVehicle({ queryRef }: ScreenProps<ScheduleVehicleQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ScheduleVehicleQuery>(scheduleVehicleQuery, queryRef);
  const { grants } = useSession();
  const admin = ['AVehiclesRead', 'AVehiclesScheduleCreate'].some((g) => grants.has(g));
  const back = scheduleBackPath(admin);
  const vehicle = data.vehicle?.data ?? null;
  if (!vehicle)
    return (
      <Stack>
        <PageHeader title={t('vehicles.schedule.title')} secondary={{ label: t('vehicles.schedule.back'), to: back }} />
        <Alert color="yellow">{t('vehicles.detail.notFound')}</Alert>
      </Stack>
    );
  return <Schedule vehicle={vehicle} points={data.vehicleSettings.revisionPoints} back={back} variables={queryRef.variables} />;
}

function Schedule({
  vehicle,
  points,
  back,
  variables,
}: {
  vehicle: Vehicle;
  points: readonly { databaseId: number; name: string }[];
  back: string;
  variables: ScheduleVehicleQuery['variables'];
}) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const { houseId } = useParams();
  const { session } = useSession();
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('point'));
  const point = points.find((p) => p.databaseId === asked) ?? points.find((p) => p.databaseId === vehicle.appointment?.revisionPointDatabaseId) ?? points[0];
  const from = /^\d{4}-\d{2}-\d{2}$/.test(search.get('from') ?? '') ? search.get('from') : null;
  const [spacesRef, loadSpaces] = useQueryLoader<ScheduleVehicleSpacesQuery>(spacesQuery);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (point) loadSpaces({ revisionPointId: point.databaseId, vehicleId: vehicle.id, from }, { fetchPolicy: reloads ? 'network-only' : 'store-and-network' });
  }, [point, vehicle.id, from, reloads, loadSpaces]);
  const reloadVehicle = () => fetchQuery<ScheduleVehicleQuery>(environment, scheduleVehicleQuery, variables, { fetchPolicy: 'network-only' }).toPromise();
  const reloadAll = () => {
    setReloads((n) => n + 1);
    void reloadVehicle();
  };

  const cancel = useAppMutation<ScheduleVehicleCancelMutation>(cancelMutation);
  const [cancelling, setCancelling] = useState(false);
  const house = houseId ? globalId('House', houseId) : null;
  const appointment = vehicle.appointment;
  const confirmCancel = async () => {
    const done = await cancel.run({ input: { vehicleId: vehicle.id, houseId: house, idempotencyKey: newIdempotencyKey() } }, 'cancelRevisionSpace', {
      success: VEHICLE_MESSAGES.cancelled,
    });
    setCancelling(false);
    if (done) reloadAll();
  };

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'point') next.delete('from');
    setSearch(next, { replace: true });
  };

  return (
    <Stack>
      <PageHeader
        title={t('vehicles.schedule.titleOf', { plate: vehicle.plate })}
        description={t('vehicles.schedule.description')}
        secondary={{ label: t('vehicles.schedule.back'), to: back }}
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Text fw={700} ff="monospace" size="lg" style={{ letterSpacing: 1 }}>
              {vehicle.plate}
            </Text>
            <Text size="sm" c="dimmed">
              {[vehicle.typeName, vehicle.description, vehicle.houseLabel].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <VehicleStatusIcon icon={vehicle.icon} label={vehicle.statusName} />
        </Group>
      </Paper>
      {appointment ? (
        <Paper withBorder radius="md" p="md" data-testid="held-appointment" style={{ borderColor: 'var(--mantine-color-teal-4)' }}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={3} fz="h4">
                {t('vehicles.schedule.held')}
              </Title>
              <Badge color="teal" variant="light" tt="none">
                {t(`vehicles.status.${appointment.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {appointment.revisionPointName} · {appointmentWhen(t, appointment)}
            </Text>
            <Text fz={{ base: 30, xs: 36 }} fw={800} ff="monospace" style={{ letterSpacing: 3 }} data-testid="appointment-code">
              {appointment.code}
            </Text>
            <Text size="sm" c="dimmed">
              {t('vehicles.schedule.heldHint')}
            </Text>
            <Group gap="sm" wrap="wrap">
              {session.neighborhood?.domain && (
                <Button component={Link} to={publicAppointmentPath(session.neighborhood.domain, appointment.code)} variant="default" size="sm" target="_blank">
                  {t('vehicles.schedule.publicLink')}
                </Button>
              )}
              {vehicle.canCancel && appointment.status === 'CONFIRMED' && (
                <Button color="red" variant="light" size="sm" onClick={() => setCancelling(true)}>
                  {t('vehicles.schedule.cancel')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      ) : points.length === 0 ? (
        <EmptyState title={t('vehicles.schedule.noPoints')} hint={t('vehicles.schedule.noPointsHint')} />
      ) : !vehicle.canBook ? (
        <Alert color="yellow">{t('vehicles.schedule.cannotBook')}</Alert>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('vehicles.schedule.point')}
            data={points.map((p) => ({ value: String(p.databaseId), label: p.name }))}
            value={point ? String(point.databaseId) : null}
            onChange={(value) => setParam('point', value)}
            allowDeselect={false}
            maw={420}
          />
          <Suspense fallback={<Loader size="sm" />}>
            {spacesRef && <WeekOfSpaces queryRef={spacesRef} vehicle={vehicle} house={house} onPage={(day) => setParam('from', day)} onChanged={reloadAll} />}
          </Suspense>
        </Stack>
      )}
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title={t('vehicles.schedule.cancelTitle')}>
        <Stack>
          <Text size="sm">{appointment ? t('vehicles.schedule.cancelQuestion', { when: appointmentWhen(t, appointment) }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(false)}>
              {t('vehicles.schedule.keep')}
            </Button>
            <Button color="red" onClick={confirmCancel} loading={cancel.inFlight}>
              {t('vehicles.schedule.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The first day of a week with a free space, else its first day. */
function firstOpenDay(week: Week | null): string | null {
  if (!week) return null;
  return (week.days.find((d) => d.spaces.some((s) => s.status === 'AVAILABLE')) ?? week.days[0])?.day ?? null;
}

function WeekOfSpaces({
  queryRef,
  vehicle,
  house,
  onPage,
  onChanged,
}: {
  queryRef: PreloadedQuery<ScheduleVehicleSpacesQuery>;
  vehicle: Vehicle;
  house: string | null;
  onPage: (from: string) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ScheduleVehicleSpacesQuery>(spacesQuery, queryRef);
  const result = data.revisionPointSpaces;
  const week = result.__typename === 'QueryRevisionPointSpacesSuccess' ? (result.data ?? null) : null;
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day = week?.days.find((d) => d.day === chosenDay) ?? week?.days.find((d) => d.day === firstOpenDay(week)) ?? null;
  const [picked, setPicked] = useState<Space | null>(null);
  const book = useAppMutation<ScheduleVehicleBookMutation>(bookMutation);
  const idempotencyKey = useMemo(() => (picked ? newIdempotencyKey() : ''), [picked]);
  const today = todayIn(COMMUNITY_TIME_ZONE);

  if (!week) return <Alert color="red">{'message' in result ? result.message : ''}</Alert>;
  const dayName = (d: string) => t(`amenityBookings.weekdays.${weekdayOf(d)}`);

  const confirm = async () => {
    if (!picked) return;
    await book.run(
      { input: { revisionPointId: week.revisionPointDatabaseId, minute: picked.minute, vehicleId: vehicle.id, houseId: house, idempotencyKey } },
      'bookRevisionSpace',
      {
        success: VEHICLE_MESSAGES.booked,
        onTypedError: (failure) => {
          if (failure.code === 410) notify('warning', VEHICLE_MESSAGES.spaceTaken);
          else if (failure.code === 409) notify('info', VEHICLE_MESSAGES.alreadyBooked);
          else notify('danger', failure.message ?? '');
        },
      },
    );
    setPicked(null);
    // Booked, or refused because the spaces changed meanwhile: the spaces and the vehicle again.
    onChanged();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={3} fz="h5">
          {t('vehicles.schedule.week', { from: formatDate(week.from), to: formatDate(week.to) })}
        </Title>
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={week.from <= today} onClick={() => onPage(laterDay(addDays(week.from, -7), today))}>
            {t('vehicles.schedule.previous')}
          </Button>
          <Button variant="default" size="xs" onClick={() => onPage(addDays(week.to, 1))}>
            {t('vehicles.schedule.next')}
          </Button>
        </Group>
      </Group>
      <ScrollArea type="never" offsetScrollbars={false}>
        <Group gap={6} wrap="nowrap" data-testid="space-days">
          {week.days.map((d) => {
            const free = d.spaces.filter((s) => s.status === 'AVAILABLE').length;
            const active = d.day === day?.day;
            return (
              <UnstyledButton
                key={d.day}
                onClick={() => setChosenDay(d.day)}
                aria-pressed={active}
                px="sm"
                py={6}
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  border: `1px solid ${active ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-default-border)'}`,
                  background: active ? 'var(--mantine-color-blue-light)' : undefined,
                  minWidth: 78,
                  textAlign: 'center',
                  opacity: free === 0 && !active ? 0.55 : 1,
                }}
              >
                <Text size="xs" tt="capitalize" c="dimmed">
                  {dayName(d.day)}
                </Text>
                <Text size="sm" fw={700}>
                  {formatDate(d.day).slice(0, 5)}
                </Text>
                <Text size="xs" c={free ? 'teal.7' : 'dimmed'}>
                  {free ? `${free} ${t('vehicles.schedule.available').toLowerCase()}` : t('vehicles.schedule.noSpaces')}
                </Text>
              </UnstyledButton>
            );
          })}
        </Group>
      </ScrollArea>
      <Text size="sm" c="dimmed">
        {t('vehicles.schedule.hint')}
      </Text>
      {day && day.spaces.length > 0 ? (
        <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs" data-testid="spaces">
          {day.spaces.map((space) => {
            const state = spaceState(space.status, space.code);
            const time = formatTime(space.start);
            const label = t('vehicles.schedule.spaceLabel', { day: `${dayName(day.day)} ${formatDate(day.day)}`, time });
            return (
              <Button
                key={space.minute}
                variant={state === 'available' ? 'default' : 'light'}
                color={state === 'mine' ? 'teal' : 'gray'}
                disabled={state === 'taken' || state === 'completed'}
                aria-label={state === 'available' ? label : `${label}: ${t(`vehicles.schedule.${state}`)}`}
                data-space={state}
                h="auto"
                py={6}
                onClick={() => state === 'available' && setPicked(space)}
              >
                <Stack gap={0} align="center">
                  <span>{time}</span>
                  {state !== 'available' && (
                    <Text span size="xs" inherit={false}>
                      {t(`vehicles.schedule.${state}`)}
                    </Text>
                  )}
                </Stack>
              </Button>
            );
          })}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" size="sm">
          {t('vehicles.schedule.noSpaces')}
        </Text>
      )}
      <Modal opened={picked !== null} onClose={() => setPicked(null)} title={t('vehicles.schedule.confirmTitle')}>
        {picked && (
          <Stack>
            <Text fw={700} ff="monospace">
              {vehicle.plate}
            </Text>
            <Text size="sm">
              {t('vehicles.schedule.confirmText', {
                point: week.revisionPointName,
                day: `${dayName(communityDay(picked.start))} ${formatDate(picked.start)}`,
                from: formatTime(picked.start),
                to: formatTime(picked.end),
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPicked(null)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={confirm} loading={book.inFlight}>
                {t('vehicles.schedule.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
