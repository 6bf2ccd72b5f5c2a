// /houses/schedule-amenity: the week grid of an amenity, choosing hours in a row (a taken one refused), the
// total with the deposit, and the booking's answer («Pagar» for a held one; a slot taken meanwhile refetches).
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import ScheduleAmenityQuery, { type ScheduleAmenityQuery as ScheduleAmenityQueryType } from '../../../__generated__/ScheduleAmenityQuery.graphql.js';
import { renderScreen } from '../../../test/renderScreen.js';
import '../../../i18n/all.js';
import { amenityBookingPropertyRoutes } from './routes.js';
import ScheduleAmenity from './ScheduleAmenity.js';

vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['OAmenitiesScheduleCreate', 'OAmenitiesScheduleDelete', 'OReceiptsRead']),
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], house: { id: 'SG91c2U6Nw==', databaseId: 7, label: '112' } },
  }),
}));

const route = amenityBookingPropertyRoutes.find((r) => r.path === '/houses/schedule-amenity')!;
const DAY = '2099-01-05';

/** An hour of DAY in the community (UTC-6): 9 → 09:00 a 10:00. */
const hour = (h: number, state: { available?: boolean; mine?: boolean } = {}) => ({
  start: `${DAY}T${String(h + 6).padStart(2, '0')}:00:00.000Z`,
  end: `${DAY}T${String(h + 7).padStart(2, '0')}:00:00.000Z`,
  unit: 'HOUR',
  available: state.available ?? true,
  mine: state.mine ?? false,
  bookingDatabaseId: state.mine ? 40 : null,
});

const SALON = {
  amenityId: 'QW1lbml0eToz',
  databaseId: 3,
  name: 'Salón de fiestas',
  description: null,
  fromTime: '09:00',
  toTime: '14:00',
  reservationUnit: 'HOUR',
  cost: '100.00',
  deposit: '500.00',
  ownersOnly: true,
  scheduleAllowed: true,
  scheduleRefusal: null,
  availableFrom: null,
  availableTo: null,
};

const WEEK = {
  amenityDatabaseId: 3,
  from: DAY,
  to: '2099-01-11',
  days: [
    { day: DAY, slots: [hour(9), hour(10), hour(11, { available: false }), hour(12, { available: false, mine: true }), hour(13)] },
    { day: '2099-01-06', slots: [] },
  ],
};

function renderSchedule(amenity: typeof SALON = SALON, url = `/houses/schedule-amenity?amenity=3&from=${DAY}`) {
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: {}, search: new URL(url, 'http://test').searchParams }) as ScheduleAmenityQueryType['variables'];
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Query: () => ({ houseAmenities: [amenity], amenitySlots: { __typename: 'QueryAmenitySlotsSuccess', data: WEEK } }),
    }),
  );
  environment.mock.queuePendingOperation(ScheduleAmenityQuery, variables);
  const queryRef = loadQuery<ScheduleAmenityQueryType>(environment, ScheduleAmenityQuery, variables);
  renderScreen(environment, url, <ScheduleAmenity queryRef={queryRef} route={route} />, { notifications: true });
  return environment;
}

const slotButton = (name: RegExp) => screen.getByRole('button', { name });

function mutationOf(environment: ReturnType<typeof createMockEnvironment>): OperationDescriptor {
  const operation = environment.mock.getAllOperations().find((op) => op.request.node.params.operationKind === 'mutation');
  if (!operation) throw new Error('no mutation');
  return operation;
}

async function chooseAndConfirm(environment: ReturnType<typeof createMockEnvironment>) {
  fireEvent.click(await screen.findByRole('button', { name: /09:00 a 10:00$/ }));
  fireEvent.click(slotButton(/10:00 a 11:00$/));
  fireEvent.click(screen.getByRole('button', { name: 'Reservar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirmar reservación' });
  fireEvent.change(within(dialog).getByLabelText(/^Notas/), { target: { value: 'Cumpleaños' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reservación' }));
  return await vi.waitFor(() => mutationOf(environment));
}

describe('ScheduleAmenity', () => {
  it('shows the amenity and its week: taken and own slots are not choices', async () => {
    renderSchedule();
    expect(await screen.findByTestId('amenity-card')).toBeTruthy();
    expect(screen.getByText('Solo propietarios')).toBeTruthy();
    expect(screen.getByText('$100.00 por hora')).toBeTruthy();
    expect(screen.getByText('Depósito $500.00')).toBeTruthy();
    expect(screen.getByText('Semana del 05/01/2099 al 11/01/2099')).toBeTruthy();
    expect(slotButton(/11:00 a 12:00, Ocupado$/)).toHaveProperty('disabled', true);
    expect(slotButton(/12:00 a 13:00, Tu reservación$/).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('region', { name: 'martes 06/01/2099' }).textContent).toContain('Sin horarios');
  });

  it('chooses hours in a row and shows cost × hours plus the deposit; refuses a run over a taken hour', async () => {
    renderSchedule();
    fireEvent.click(await screen.findByRole('button', { name: /09:00 a 10:00$/ }));
    fireEvent.click(slotButton(/10:00 a 11:00$/));
    expect(slotButton(/09:00 a 10:00, Elegido$/).getAttribute('aria-pressed')).toBe('true');
    const summary = screen.getByTestId('booking-summary');
    expect(summary.textContent).toContain('2 horas');
    expect(summary.textContent).toContain('2 × $100.00 = $200.00');
    expect(summary.textContent).toContain('Depósito: $500.00');
    expect(screen.getByTestId('booking-total').textContent).toBe('Total: $700.00');

    // 13:00 is past the taken 11:00: refused, the run stays.
    fireEvent.click(slotButton(/13:00 a 14:00$/));
    expect(screen.getByRole('alert').textContent).toBe('Elige horarios seguidos: hay uno ocupado en medio.');
    expect(screen.getByTestId('booking-total').textContent).toBe('Total: $700.00');
    // A taken hour is not even clickable.
    fireEvent.click(slotButton(/11:00 a 12:00, Ocupado$/));
    expect(screen.getByTestId('booking-summary').textContent).toContain('2 horas');
  });

  it('books the run with its notes and, when held for payment, offers «Pagar» on the receipt', async () => {
    const environment = renderSchedule();
    const mutation = await chooseAndConfirm(environment);
    expect(mutation.request.variables.input).toMatchObject({
      amenityId: 'QW1lbml0eToz',
      houseId: null,
      start: `${DAY}T15:00:00.000Z`,
      end: `${DAY}T17:00:00.000Z`,
      unit: 'HOUR',
      notes: 'Cumpleaños',
    });
    expect(mutation.request.variables.input.idempotencyKey).toBeTruthy();
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: {
          bookAmenity: {
            __typename: 'MutationBookAmenitySuccess',
            data: {
              message: 'La reservación está pendiente de pago: págala en las próximas 4 horas o se cancelará',
              booking: {
                id: 'QW1lbml0eUJvb2tpbmc6NDE=',
                databaseId: 41,
                status: 'HELD',
                start: `${DAY}T15:00:00.000Z`,
                end: `${DAY}T17:00:00.000Z`,
                holdUntil: '2099-01-01T22:00:00.000Z',
                receiptDatabaseId: 55,
                depositReceiptDatabaseId: 56,
                houseDatabaseId: 7,
              },
            },
          },
        },
      });
    });
    const result = await screen.findByTestId('booking-result');
    expect(result.textContent).toContain('La reservación está pendiente de pago');
    expect(result.textContent).toContain('01/01/2099 16:00');
    expect(within(result).getByRole('link', { name: 'Pagar' }).getAttribute('href')).toBe('/houses/7/receipts/55');
    // The grid comes again from the server.
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('AmenityWeekRefetchQuery'));
  });

  it("a slot taken meanwhile shows the server's message and the grid again", async () => {
    const environment = renderSchedule();
    const mutation = await chooseAndConfirm(environment);
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: { bookAmenity: { __typename: 'ConflictError', __isError: 'ConflictError', code: 409, message: 'Alguien más reservó ese horario' } },
      });
    });
    expect(await screen.findByText('Alguien más reservó ese horario')).toBeTruthy();
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('AmenityWeekRefetchQuery'));
    expect(screen.queryByTestId('booking-result')).toBeNull();
  });

  it('shows the grid again when a booking of the amenity changes (amenitySlotsChanged)', async () => {
    const environment = renderSchedule();
    await screen.findByTestId('amenity-week');
    const subscription = environment.mock.getAllOperations().find((op) => op.request.node.params.name === 'useAmenityChangesSubscription');
    expect(subscription?.request.variables).toEqual({ amenityId: 'QW1lbml0eToz' });
    await act(async () => {
      environment.mock.nextValue(subscription!, {
        data: { amenitySlotsChanged: { amenityDatabaseId: 3, kind: 'BOOKED', at: '2099-01-01T18:00:00.000Z' } },
      });
    });
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('AmenityWeekRefetchQuery'));
  });

  it('opened without an amenity: takes the first one the house may book and asks for its week', async () => {
    const environment = renderSchedule(SALON, '/houses/schedule-amenity');
    await screen.findByTestId('slots-loading');
    const refetch = await vi.waitFor(() => {
      const op = environment.mock.getAllOperations().find((o) => o.request.node.params.name === 'AmenityWeekRefetchQuery');
      if (!op) throw new Error('no refetch yet');
      return op;
    });
    expect(refetch.request.variables).toMatchObject({ amenityId: btoa('Amenity:3'), withSlots: true, from: null });
    await act(async () => {
      environment.mock.resolve(refetch, { data: { amenitySlots: { __typename: 'QueryAmenitySlotsSuccess', data: WEEK } } });
    });
    expect(await screen.findByText('Semana del 05/01/2099 al 11/01/2099')).toBeTruthy();
  });

  it('an amenity the house may not book shows why, and no grid', async () => {
    renderSchedule({
      ...SALON,
      scheduleAllowed: false,
      scheduleRefusal: 'No puedes reservar este espacio común porque tus pagos no se encuentran al corriente.',
    } as never);
    expect((await screen.findByTestId('schedule-refusal')).textContent).toContain('tus pagos no se encuentran al corriente');
    expect(screen.queryByTestId('amenity-week')).toBeNull();
  });
});
