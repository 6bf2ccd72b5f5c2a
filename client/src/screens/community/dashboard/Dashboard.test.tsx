import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.js';
import { screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import DashboardQuery, { type DashboardQuery as DashboardQueryType } from '../../../__generated__/DashboardQuery.graphql.js';
import '../../../i18n/all.js';
import Dashboard from './Dashboard.js';

const session = vi.hoisted(() => ({ current: { grants: new Set<string>(), session: {} as Record<string, unknown> } }));
vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: session.current.grants, superAdmin: false, session: session.current.session }),
}));

const OLIVOS = { id: 'TmVpZ2hib3Job29kOjE=', name: 'Residencial Los Olivos', neighborhoodTypeName: 'Fraccionamiento' };
const COUNTS = [
  { status: 'NEW', count: 4 },
  { status: 'MISSING_BALANCE', count: 3 },
  { status: 'INCOMPLETE', count: 2 },
  { status: 'ACTIVE', count: 30 },
  { status: 'BLOCKED', count: 1 },
  { status: 'DELETED', count: 5 },
];

const NO_RULES = {
  visitorEmailRequired: false,
  visitorReasonRequired: false,
  visitorPictureRequired: false,
  visitorRequireVehicleInfo: false,
  visitorAllowPermanent: false,
  restrictVehicles: false,
  requiredVehicleTag: false,
  requiredVehicleAuthorization: false,
};
const GUARD = ['SecVehicleRead', 'SecVisitorsCreate', 'SecVisitorsRead', 'SecVisitorsUpdate'];

/** Renders "/" for an account with `grants`; the server answers the widgets it may see, null the others. */
function renderDashboard(
  grants: string[],
  house: { label: string } | null,
  widgets: boolean,
  setupProgress: unknown = null,
  welcomeUrl: string | null = null,
  {
    roleName = 'Administrador',
    community = {},
    dashboard = {},
  }: { roleName?: string; community?: Record<string, unknown>; dashboard?: Record<string, unknown> } = {},
) {
  session.current = {
    grants: new Set(grants),
    session: { user: { firstName: 'Adriana' }, neighborhood: OLIVOS, house, account: { label: 'Residencial Los Olivos' } },
  };
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Account: () => ({ roleName }),
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Neighborhood: () => ({ name: OLIVOS.name, modules: ['BASE'], ...NO_RULES, ...community }),
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Dashboard: () => ({
        houseStatusCounts: widgets ? COUNTS : null,
        houseStats: widgets ? { total: 40, ownerActive: 28, ownerPending: 9, withoutOwner: 3 } : null,
        setupProgress,
        welcomeUrl,
        // The money widgets are tested through the browser journey; the owner's receipts are none here.
        monthlyIncomes: null,
        monthlyOutcomes: null,
        debts: null,
        latestPaidReceipts: null,
        latestInReviewReceipts: null,
        gatewayPanel: null,
        ownPendingReceipts: house ? { totalCount: 0, receipts: [] } : null,
        ownHouseBalance: house
          ? { pendingReceipts: '0.00', wallets: [{ walletDatabaseId: 1, type: 'ORDINARY', name: 'Ordinario', balance: '0.00' }], deposit: null }
          : null,
        ...dashboard,
      }),
    }),
  );
  environment.mock.queuePendingOperation(DashboardQuery, {});
  const queryRef = loadQuery<DashboardQueryType>(environment, DashboardQuery, {});
  renderScreen(environment, '/', <Dashboard queryRef={queryRef} />);
}

describe('Dashboard', () => {
  it('the wallet panel shows the community’s own CLABE and its bank when the administrator set one', async () => {
    const panel = { gatewayName: 'Openpay', configured: true, balance: '1500.00', payments: 3, depositFee: '8.00' };
    renderDashboard(['ADashboardsRead', 'AIncomesRead'], null, true, null, null, {
      dashboard: {
        latestInReviewReceipts: { totalCount: 0, receipts: [] },
        gatewayPanel: { ...panel, clabe: '032180000118359719', bankName: 'IXE Banco' },
      },
    });
    const card = await screen.findByTestId('gateway-panel');
    expect(within(card).getByText('032180000118359719')).toBeTruthy();
    expect(within(card).getByText('IXE Banco')).toBeTruthy();
  });

  it('an administrator sees houses per status, each opening the owners list filtered by it, and the owner-account stats', async () => {
    renderDashboard(['ADashboardsRead', 'AHousesRead', 'CStreetsRead', 'CUsersRead'], null, true);
    const stats = await screen.findByTestId('onboarding-stats');
    expect(within(stats).getByText('30 de 40 activas')).toBeTruthy();
    const links = within(stats).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(COUNTS.map((c) => `/owners?house_status=${c.status}`));
    expect(within(stats).getByRole('link', { name: '3 propiedades en estado Sin saldo inicial: ver propietarios' })).toBeTruthy();

    const houses = screen.getByTestId('house-stats');
    expect(within(houses).getByRole('link', { name: 'Con cuenta activada' }).getAttribute('href')).toBe('/owners?user_status=true');
    expect(within(houses).getByRole('link', { name: 'Sin cuenta activada' }).getAttribute('href')).toBe('/owners?user_status=false');
    expect(within(houses).getByText('12')).toBeTruthy();
    expect(within(houses).getByText('9 con propietario que no ha activado su cuenta y 3 sin propietario registrado.')).toBeTruthy();

    // Shortcuts lead only to built screens the account may open.
    const shortcuts = screen.getByTestId('shortcuts');
    const targets = within(shortcuts)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(targets).toEqual(expect.arrayContaining(['/owners', '/neighborhood/settings/streets', '/neighborhood/settings/users', '/user-settings']));
    expect(targets).not.toContain('/neighborhood/settings/general');
    expect(targets).not.toContain('/neighborhood/settings/houses-types');
    expect(screen.queryByTestId('my-house')).toBeNull();
  });

  it('the configuration administrator sees the counts without links to a list it may not open', async () => {
    renderDashboard(['CDashboardRead', 'CStreetsRead'], null, true);
    const stats = await screen.findByTestId('onboarding-stats');
    expect(within(stats).queryAllByRole('link')).toHaveLength(0);
    expect(within(stats).getByText('30')).toBeTruthy();
    expect(within(screen.getByTestId('house-stats')).queryAllByRole('link')).toHaveLength(0);
  });

  it('an owner sees their house with its residents and tax data, and no house counts', async () => {
    renderDashboard(['OResidentsCreate', 'OTaxUpdate', 'OReceiptsRead'], { label: '100' }, false);
    const house = await screen.findByTestId('my-house');
    expect(within(house).getByText('100')).toBeTruthy();
    expect(within(house).getByRole('link', { name: 'Habitantes' }).getAttribute('href')).toBe('/houses/residents');
    expect(within(house).getByRole('link', { name: 'Datos fiscales' }).getAttribute('href')).toBe('/houses/settings');
    expect(within(house).getByRole('link', { name: 'Recibos' }).getAttribute('href')).toBe('/houses/receipts');
    expect(screen.queryByTestId('onboarding-stats')).toBeNull();
    expect(screen.queryByTestId('house-stats')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Hola, Adriana', level: 2 })).toBeTruthy();
  });

  it('shows a setup widget per active module, folded by default except VISITAS, remembering the choice', async () => {
    window.localStorage.clear();
    const step = (module: string, name: string, path: string, configured: boolean) => ({ module, step: name, path, configured });
    renderDashboard(['CDashboardRead', 'CAccountsRead', 'CConceptsRead', 'CRead'], null, true, {
      modules: ['BASE', 'COBRANZA', 'VISITAS'],
      steps: [
        step('COBRANZA', 'ACCOUNTS', '/neighborhood/settings/accounts', true),
        step('COBRANZA', 'CONCEPTS', '/neighborhood/settings/concepts', false),
        step('VISITAS', 'BEHAVIOR', '/neighborhood/settings/behavior', true),
      ],
    });
    const cobranza = await screen.findByTestId('setup-COBRANZA');
    expect(within(cobranza).getByText('Configura Cobranza')).toBeTruthy();
    expect(within(cobranza).getByText('1 de 2 pasos configurados')).toBeTruthy();
    expect(within(cobranza).queryByText('Cuentas de ingresos')).toBeNull();
    within(cobranza).getByRole('button', { name: 'Mostrar pasos' }).click();
    expect(await within(cobranza).findByText('Conceptos de ingresos')).toBeTruthy();
    expect(window.localStorage.getItem('setup-widget:TmVpZ2hib3Job29kOjE=:COBRANZA')).toBe('shown');
    // BASE has no step this account may see: no widget.
    expect(screen.queryByTestId('setup-BASE')).toBeNull();
    const visitas = screen.getByTestId('setup-VISITAS');
    expect(within(visitas).getByText('Todo configurado')).toBeTruthy();
    expect(within(visitas).getByText('Reglas de visitas y vehículos')).toBeTruthy();
    // The default welcome, since the community gave no address of its own.
    expect(within(screen.getByTestId('welcome')).getByText('Bienvenido a Residencial Los Olivos')).toBeTruthy();
  });

  it('loads the community’s own welcome page when it has one', async () => {
    renderDashboard(['OReceiptsRead'], { label: 'Casa 1' }, false, null, 'https://olivos.example/bienvenida');
    const welcome = await screen.findByTestId('welcome');
    expect(welcome.querySelector('iframe')?.getAttribute('src')).toBe('https://olivos.example/bienvenida');
    expect(screen.queryByTestId('setup-COBRANZA')).toBeNull();
  });

  it('the security staff get a security welcome: what the account may do, the gate rules of the active modules, whom to ask', async () => {
    renderDashboard(GUARD, null, false, null, null, {
      roleName: 'Seguridad',
      community: {
        modules: ['BASE', 'VISITAS'],
        visitorEmailRequired: true,
        visitorRequireVehicleInfo: true,
        // Vehicle access is not active: its rules are not the gate's today.
        restrictVehicles: true,
      },
    });
    const home = await screen.findByTestId('security-home');
    expect(within(home).getByRole('heading', { name: 'Seguridad en Residencial Los Olivos' })).toBeTruthy();
    expect(within(home).getByText('Registrar la entrada y la salida de las visitas.')).toBeTruthy();
    expect(within(home).getByText('Consultar un vehículo por su placa.')).toBeTruthy();
    expect(within(home).getByText(/comunícate con la administración de Residencial Los Olivos/)).toBeTruthy();
    const rules = within(screen.getByTestId('access-rules'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rules).toEqual(['Cada visita da su correo electrónico.', 'Se anotan los datos del vehículo de cada visita.']);
    // The role in the header; no owners' welcome, no house, no counts.
    expect(screen.getByText('Residencial Los Olivos · Seguridad')).toBeTruthy();
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(screen.queryByText(/tus recibos/)).toBeNull();
    expect(screen.queryByTestId('my-house')).toBeNull();
    // The way to the gate, and to the plate lookup now that it is built.
    const targets = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(targets).toContain('/security/visitors');
    expect(targets).toContain('/vehicle/security');
    expect(targets).toEqual(expect.arrayContaining(['/user-settings']));
  });

  it('a guard of a community without gate rules is told so', async () => {
    renderDashboard(GUARD, null, false, null, null, { roleName: 'Seguridad', community: { modules: ['BASE', 'VISITAS', 'ACCESO_VEHICULAR'] } });
    expect(within(await screen.findByTestId('access-rules')).getByText(/no ha fijado requisitos adicionales/)).toBeTruthy();
  });

  it('the configuration administrator is welcomed to set the community up, with the role in the header', async () => {
    renderDashboard(['CDashboardRead', 'CRead', 'CStreetsRead'], null, true, null, null, { roleName: 'Administrador de configuración' });
    const welcome = await screen.findByTestId('welcome');
    expect(within(welcome).getByText(/Desde aquí configuras la comunidad/)).toBeTruthy();
    expect(within(welcome).queryByText(/registra propiedades/)).toBeNull();
    expect(screen.getByText('Residencial Los Olivos · Administrador de configuración')).toBeTruthy();
    expect(screen.queryByTestId('security-home')).toBeNull();
  });

  it('a resident without receipts is not promised receipts and sees their house', async () => {
    renderDashboard(['RResidentsCreate', 'RIncomesSummaryRead'], { label: '100' }, false, null, null, { roleName: 'Residente' });
    const welcome = await screen.findByTestId('welcome');
    expect(within(welcome).getByText(/los recibos y los pagos los lleva el propietario/)).toBeTruthy();
    expect(screen.getByText('Residencial Los Olivos · 100 · Residente')).toBeTruthy();
    expect(within(screen.getByTestId('my-house')).getByRole('link', { name: 'Habitantes' })).toBeTruthy();
  });

  it('an owner is welcomed to see and pay the receipts of their house', async () => {
    renderDashboard(['OReceiptsRead'], { label: '100' }, false, null, null, { roleName: 'Propietario' });
    expect(within(await screen.findByTestId('welcome')).getByText(/Aquí ves y pagas los recibos de tu propiedad/)).toBeTruthy();
  });
});
