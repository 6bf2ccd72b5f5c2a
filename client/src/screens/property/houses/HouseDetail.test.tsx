import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import HouseDetailQuery, { type HouseDetailQuery as HouseDetailQueryType } from '../../../__generated__/HouseDetailQuery.graphql.js';
import { renderScreen } from '../../../test/renderScreen.js';
import { globalId } from '../../../relay/ids.js';
import '../../../i18n/all.js';
import HouseDetail from './HouseDetail.js';
import { houseRoutes } from './routes.js';

const session = vi.hoisted(() => ({ grants: [] as string[], houseId: null as number | null }));
vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(session.grants),
    superAdmin: false,
    session: {
      activeModules: ['BASE', 'COBRANZA'],
      neighborhood: { databaseId: 1, neighborhoodType: 'NEIGHBORHOOD' },
      house: session.houseId ? { id: 'h', databaseId: session.houseId, label: 'Casa 7' } : null,
    },
  }),
}));

const ADMIN = ['AReceiptsRead', 'AHousesRead', 'AHousesUpdate', 'AStatementsRead', 'AResidentsRead', 'ABalancesAuthorise'];

const HOUSE = {
  id: globalId('House', '7'),
  databaseId: 7,
  label: '7',
  status: 'ACTIVE',
  catastral: 'CAT-0007',
  block: null,
  lot: null,
  exteriorNumber: '7',
  interiorNumber: null,
  dimension: '180.00',
  parkingSpots: 2,
  houseTypeName: 'Casa habitación',
  streetName: 'Avenida de los Olivos',
  condominiumName: null,
  mallName: null,
  ownerHasAccount: true,
  pendingOwnerEmail: null,
  owner: { firstName: 'Patricia', lastName: 'Ruiz', email: 'propietario@demo.mx', mobile: '5512345678', landline: null },
  users: [
    { userDatabaseId: 1, firstName: 'Patricia', lastName: 'Ruiz', email: 'propietario@demo.mx', roleName: 'Propietario', roleKind: 'OWNER' },
    { userDatabaseId: 2, firstName: 'Luis', lastName: 'Ruiz', email: 'residente@demo.mx', roleName: 'Residente', roleKind: 'RESIDENT' },
  ],
  balance: {
    pendingReceipts: '3000.00',
    wallets: [{ walletDatabaseId: 1, type: 'ORDINARY', name: 'Cuotas ordinarias', balance: '500.00' }],
    deposit: null,
  },
};

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  amount: i === 10 ? '3000.00' : i === 9 ? '1500.00' : '0.00',
  payments: i === 10 ? 2 : i === 9 ? 1 : 0,
}));

const STATS = {
  asOf: '2026-11-28',
  pendingReceipts: 2,
  pendingAmount: '3000.00',
  overdueReceipts: 1,
  overdueAmount: '1500.00',
  oldestOverdueDueDate: '2026-10-10',
  paidReceipts: 4,
  paidAmount: '6000.00',
  paidOnTime: 3,
  lastPaymentDate: '2026-11-15',
  walletsTotal: '500.00',
  position: '-2500.00',
  monthlyPayments: months,
};

const PENDING = {
  totalCount: 2,
  edges: [
    {
      node: {
        id: globalId('Receipt', '31'),
        databaseId: 31,
        description: 'Mantenimiento octubre 2026',
        year: 2026,
        month: 10,
        dueDate: '2026-10-10',
        amount: '1500.00',
        status: 'PENALTY',
      },
    },
    {
      node: {
        id: globalId('Receipt', '32'),
        databaseId: 32,
        description: 'Mantenimiento noviembre 2026',
        year: 2026,
        month: 11,
        dueDate: '2026-12-10',
        amount: '1500.00',
        status: 'NEW',
      },
    },
  ],
};

/** The mock answers, by GraphQL type. */
const RESOLVERS = {
  Node: () => HOUSE,
  House: () => HOUSE,
  HouseStats: () => STATS,
  ReceiptConnection: () => PENDING,
};

function renderHouse(path = '/houses/7') {
  const environment = createMockEnvironment();
  const houseId = path.split('/')[2]!;
  const variables = houseRoutes[0]!.variables!({ params: { houseId }, search: new URLSearchParams() }) as HouseDetailQueryType['variables'];
  environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
  environment.mock.queuePendingOperation(HouseDetailQuery, variables);
  const queryRef = loadQuery<HouseDetailQueryType>(environment, HouseDetailQuery, variables);
  renderScreen(
    environment,
    path,
    <Routes>
      <Route path="/houses/:houseId" element={<HouseDetail queryRef={queryRef} />} />
      <Route path="/" element={<p>inicio</p>} />
    </Routes>,
  );
  return variables;
}

afterEach(() => cleanup());

describe('HouseDetail', () => {
  it('asks for the house of the path', () => {
    session.grants = ADMIN;
    expect(renderHouse()).toEqual({ houseId: globalId('House', '7') });
  });

  it('shows the owner, the people, the location, the wallets, the figures and the pending receipts', async () => {
    session.grants = ADMIN;
    renderHouse();
    await screen.findByRole('heading', { name: 'Propiedad 7' });
    const owner = screen.getByRole('region', { name: 'Propietario' });
    expect(within(owner).getAllByText('Patricia Ruiz')).toHaveLength(2);
    expect(within(owner).getByText('Cuenta activa')).toBeTruthy();
    expect(within(owner).getByText('Celular: 5512345678')).toBeTruthy();
    expect(within(screen.getByTestId('house-people')).getByText('Luis Ruiz')).toBeTruthy();
    const location = screen.getByRole('region', { name: 'Ubicación' });
    expect(within(location).getByText('Avenida de los Olivos')).toBeTruthy();
    expect(within(location).getByText('180.00 m²')).toBeTruthy();
    expect(screen.getByTestId('wallet-panel')).toBeTruthy();

    const stats = screen.getByTestId('house-stats');
    expect(within(within(stats).getByRole('group', { name: 'Adeudo pendiente' })).getByText('$3,000.00')).toBeTruthy();
    const overdue = within(stats).getByRole('group', { name: 'Vencido' });
    expect(within(overdue).getByText('$1,500.00')).toBeTruthy();
    expect(within(overdue).getByText('1 recibo desde el 10/10/2026')).toBeTruthy();
    expect(within(within(stats).getByRole('group', { name: 'Puntualidad' })).getByText('75 %')).toBeTruthy();
    expect(within(within(stats).getByRole('group', { name: 'Último pago' })).getByText('15/11/2026')).toBeTruthy();
    expect(within(within(stats).getByRole('group', { name: 'Saldo después de pagar' })).getByText('-$2,500.00')).toBeTruthy();
    expect(within(screen.getByTestId('monthly-payments')).getAllByText(/\$/)).toHaveLength(12);

    const pending = screen.getByTestId('pending-receipts');
    const link = within(pending).getByRole('link', { name: 'Mantenimiento octubre 2026' });
    expect(link.getAttribute('href')).toBe('/houses/7/receipts/31?back=/houses/7');
    expect(screen.getByRole('link', { name: 'Ver los 2 recibos pendientes' }).getAttribute('href')).toBe('/houses/7/receipts');
  });

  it("links an administrator to this house's screens it may open", async () => {
    session.grants = ADMIN;
    renderHouse();
    const nav = await screen.findByTestId('house-links');
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Recibos', '/houses/7/receipts'],
      ['Pagos', '/houses/7/payments'],
      ['Estado de cuenta', '/houses/7/statements'],
      ['Habitantes', '/houses/7/residents'],
      ['Editar propiedad', '/owners/edit/7'],
      ['Cambiar propietario', '/owners/7/change'],
    ]);
  });

  it('links an owner on its own house to the own-house screens', async () => {
    session.grants = ['OReceiptsRead', 'OTaxUpdate', 'OResidentsCreate'];
    session.houseId = 7;
    renderHouse();
    const nav = await screen.findByTestId('house-links');
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Recibos', '/houses/receipts'],
      ['Pagos', '/houses/7/payments'],
      ['Estado de cuenta', '/houses/statements'],
      ['Habitantes', '/houses/residents'],
      ['Convenios', '/houses/agreements'],
      ['Datos fiscales', '/houses/settings'],
    ]);
    // No balance adjustment for the owner.
    expect(screen.queryByRole('link', { name: 'Ajustar saldo' })).toBeNull();
    session.houseId = null;
  });

  it('sends a path that is no house id home', async () => {
    session.grants = ADMIN;
    renderHouse('/houses/archivos');
    expect(await screen.findByText('inicio')).toBeTruthy();
  });
});
