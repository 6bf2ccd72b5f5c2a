// The reservation lists: the community's (house, who booked, status, cancel) and the own house's («Reservar»,
// «Pagar» for a held booking), with their filters in the query string.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import CommunityAmenityBookingsQuery, {
  type CommunityAmenityBookingsQuery as CommunityQueryType,
} from '../../../__generated__/CommunityAmenityBookingsQuery.graphql.js';
import HouseAmenityBookingsQuery, { type HouseAmenityBookingsQuery as HouseQueryType } from '../../../__generated__/HouseAmenityBookingsQuery.graphql.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import { renderScreen } from '../../../test/renderScreen.js';
import '../../../i18n/all.js';
import CommunityAmenityBookings from './CommunityAmenityBookings.js';
import HouseAmenityBookings from './HouseAmenityBookings.js';
import { amenityBookingAdminRoutes, amenityBookingPropertyRoutes } from './routes.js';

const grants = vi.hoisted(() => ({ current: new Set<string>() }));
vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: grants.current,
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], house: { id: 'SG91c2U6Nw==', databaseId: 7, label: '112' } },
  }),
}));

const communityRoute = amenityBookingAdminRoutes.find((r) => r.path === '/neighborhood/scheduled-amenities')!;
const houseRoute = amenityBookingPropertyRoutes.find((r) => r.path === '/houses/scheduled-amenities')!;

const booking = (databaseId: number, fields: Record<string, unknown>) => ({
  id: `booking-${databaseId}`,
  databaseId,
  amenityName: 'Salón de fiestas',
  houseDatabaseId: 7,
  houseLabel: '112',
  userName: 'Luis Pérez',
  start: '2099-01-05T15:00:00.000Z',
  end: '2099-01-05T17:00:00.000Z',
  unit: 'HOUR',
  status: 'CONFIRMED',
  holdUntil: null,
  receiptDatabaseId: null,
  depositReceiptDatabaseId: null,
  notes: null,
  cancelledAt: null,
  amount: null,
  paid: true,
  depositAmount: null,
  depositPaid: false,
  depositReturnedAt: null,
  canReturnDeposit: false,
  canCancel: false,
  ...fields,
});

const ROWS = [
  booking(1, {
    status: 'HELD',
    holdUntil: '2099-01-01T22:00:00.000Z',
    receiptDatabaseId: 55,
    depositReceiptDatabaseId: 56,
    notes: 'Cumpleaños',
    amount: '200.00',
    paid: false,
    depositAmount: '500.00',
    canCancel: true,
  }),
  booking(2, {
    status: 'CONFIRMED',
    houseDatabaseId: 9,
    houseLabel: '114',
    userName: 'Ana Ruiz',
    amount: '200.00',
    depositAmount: '500.00',
    depositPaid: true,
    canReturnDeposit: true,
    canCancel: true,
  }),
  booking(3, { status: 'CANCELLED', cancelledAt: '2026-11-20T10:00:00.000Z' }),
  booking(4, {
    status: 'CONFIRMED',
    start: '2020-01-06T15:00:00.000Z',
    end: '2020-01-06T16:00:00.000Z',
    amount: '100.00',
    depositAmount: '500.00',
    depositPaid: true,
    depositReturnedAt: '2020-01-08T18:00:00.000Z',
  }),
];

function render<Q extends CommunityQueryType | HouseQueryType>(kind: 'community' | 'house', url: string, rows = ROWS) {
  const route: ScreenRoute = kind === 'community' ? communityRoute : houseRoute;
  const query = kind === 'community' ? CommunityAmenityBookingsQuery : HouseAmenityBookingsQuery;
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: {}, search: new URL(url, 'http://test').searchParams }) as Q['variables'];
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      AmenityBookingConnection: () => ({ totalCount: rows.length, edges: rows.map((node) => ({ node })) }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Query: () => ({
        amenities: { edges: [{ node: { id: 'QW1lbml0eToz', databaseId: 3, name: 'Salón de fiestas' } }] },
        houseAmenities: [{ amenityId: 'QW1lbml0eToz', databaseId: 3, name: 'Salón de fiestas' }],
      }),
    }),
  );
  environment.mock.queuePendingOperation(query, variables);
  const queryRef = loadQuery<Q>(environment, query, variables);
  const Screen = kind === 'community' ? CommunityAmenityBookings : HouseAmenityBookings;
  renderScreen(environment, url, <Screen queryRef={queryRef as never} route={route} />, { notifications: true });
  return { environment, variables };
}

describe('the community reservations', () => {
  it('shows each reservation with its house, author, status and hold time; cancels only those not begun', async () => {
    grants.current = new Set(['AAmenitiesScheduleRead', 'AAmenitiesScheduleDelete', 'AReceiptsRead']);
    render('community', '/neighborhood/scheduled-amenities');
    const held = await screen.findByTestId('booking-1');
    expect(held.textContent).toContain('Apartada');
    expect(held.textContent).toContain('Pendiente de pago hasta 01/01/2099 16:00');
    expect(held.textContent).toContain('05/01/2099 09:00 a 11:00');
    expect(held.textContent).toContain('Notas: Cumpleaños');
    expect(within(held).getByRole('link', { name: 'Pagar' }).getAttribute('href')).toBe('/houses/7/receipts/55');
    const confirmed = screen.getByTestId('booking-2');
    expect(within(confirmed).getByRole('link', { name: '114' }).getAttribute('href')).toBe('/houses/9/scheduled-amenities');
    expect(confirmed.textContent).toContain('Ana Ruiz');
    expect(confirmed.textContent).toContain('Confirmada');
    expect(within(confirmed).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.getByTestId('booking-3').textContent).toContain('Cancelada');
    expect(within(screen.getByTestId('booking-3')).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(within(screen.getByTestId('booking-4')).queryByRole('button', { name: 'Cancelar' })).toBeNull();
  });

  it('shows amount and deposit states, and «Devolver depósito» only where canReturnDeposit', async () => {
    grants.current = new Set(['AAmenitiesScheduleRead', 'AAmenitiesDepositReturn']);
    const { environment } = render('community', '/neighborhood/scheduled-amenities');
    const held = await screen.findByTestId('booking-1');
    expect(held.textContent).toContain('$200.00');
    expect(held.textContent).toContain('Pendiente de pago');
    expect(held.textContent).toContain('$500.00');
    expect(held.textContent).toContain('Pendiente');
    expect(screen.getByTestId('booking-3').textContent).toContain('Sin costo');
    expect(screen.getByTestId('booking-3').textContent).toContain('Sin depósito');
    expect(screen.getByTestId('booking-4').textContent).toContain('Devuelto 08/01/2020');
    expect(screen.getAllByRole('button', { name: 'Devolver depósito' })).toHaveLength(1);
    const paid = screen.getByTestId('booking-2');
    expect(paid.textContent).toContain('Pagado');
    fireEvent.click(within(paid).getByRole('button', { name: 'Devolver depósito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver depósito' });
    expect(dialog.textContent).toContain('¿Devolver el depósito de $500.00 de la reservación de Salón de fiestas? Se abona al saldo a favor de 114.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver depósito' }));
    const mutation = await vi.waitFor(() => {
      const op = environment.mock.getMostRecentOperation();
      expect(op.request.node.params.name).toBe('returnDepositMutation');
      return op;
    });
    expect(mutation.request.variables.input).toMatchObject({ bookingId: 'booking-2' });
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: {
          returnAmenityDeposit: {
            __typename: 'MutationReturnAmenityDepositSuccess',
            data: {
              message: 'El depósito ha sido devuelto',
              booking: { id: 'booking-2', depositPaid: true, depositReturnedAt: '2099-01-06T18:00:00.000Z', canReturnDeposit: false, canCancel: true },
            },
          },
        },
      });
    });
    expect(await screen.findByText('El depósito ha sido devuelto')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('booking-2')).queryByRole('button', { name: 'Devolver depósito' })).toBeNull());
    expect(screen.getByTestId('booking-2').textContent).toContain('Devuelto 06/01/2099');
  });

  it("shows the server's refusal of a deposit return", async () => {
    grants.current = new Set(['AAmenitiesScheduleRead', 'AAmenitiesDepositReturn']);
    const { environment } = render('community', '/neighborhood/scheduled-amenities');
    fireEvent.click(within(await screen.findByTestId('booking-2')).getByRole('button', { name: 'Devolver depósito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver depósito' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver depósito' }));
    const mutation = await vi.waitFor(() => {
      const op = environment.mock.getMostRecentOperation();
      expect(op.request.node.params.name).toBe('returnDepositMutation');
      return op;
    });
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: { returnAmenityDeposit: { __typename: 'ConflictError', __isError: 'ConflictError', code: 409, message: 'No se devolvió el depósito' } },
      });
    });
    expect(await screen.findByText('No se devolvió el depósito')).toBeTruthy();
  });

  it("cancels after asking, with the server's message, and shows the page again", async () => {
    grants.current = new Set(['AAmenitiesScheduleRead', 'AAmenitiesScheduleDelete']);
    const { environment } = render('community', '/neighborhood/scheduled-amenities');
    fireEvent.click(within(await screen.findByTestId('booking-2')).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reservación' });
    expect(dialog.textContent).toContain('¿Cancelar la reservación de Salón de fiestas del 05/01/2099 09:00 a 11:00?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar reservación' }));
    const mutation = await vi.waitFor(() => {
      const op = environment.mock.getMostRecentOperation();
      expect(op.request.node.params.name).toBe('AmenityBookingsTableCancelMutation');
      return op;
    });
    expect(mutation.request.variables.input).toMatchObject({ bookingId: 'booking-2' });
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: {
          cancelAmenityBooking: {
            __typename: 'MutationCancelAmenityBookingSuccess',
            data: { message: 'La reservación ha sido eliminada', booking: { id: 'booking-2', status: 'CANCELLED', cancelledAt: '2026-11-29T00:00:00.000Z' } },
          },
        },
      });
    });
    expect(await screen.findByText('La reservación ha sido eliminada')).toBeTruthy();
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('CommunityAmenityBookingListRefetchQuery'));
  });

  it('reads its filters from the query string', () => {
    grants.current = new Set(['AAmenitiesScheduleRead']);
    const { variables } = render('community', '/neighborhood/scheduled-amenities?amenity=3&id_house=9&from=2099-01-01&page=2&page_size=10', []);
    expect(variables).toMatchObject({
      first: 10,
      offset: 10,
      filter: { amenityId: btoa('Amenity:3'), houseId: btoa('House:9'), from: '2099-01-01' },
    });
  });
});

describe('the own house reservations', () => {
  it('offers «Reservar» and no house column', async () => {
    grants.current = new Set(['OAmenitiesScheduleCreate', 'OAmenitiesScheduleDelete', 'OReceiptsRead']);
    render('house', '/houses/scheduled-amenities');
    await screen.findByRole('heading', { name: 'Mis reservaciones' });
    expect(screen.getAllByRole('link', { name: 'Reservar' })[0]!.getAttribute('href')).toBe('/houses/schedule-amenity');
    expect(screen.queryByRole('columnheader', { name: 'Propiedad' })).toBeNull();
    expect(within(screen.getByTestId('booking-1')).getByRole('link', { name: 'Pagar' }).getAttribute('href')).toBe('/houses/7/receipts/55');
  });
});
