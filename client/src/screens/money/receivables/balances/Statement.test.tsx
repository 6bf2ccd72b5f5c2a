import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import StatementQuery, { type StatementQuery as StatementQueryType } from '../../../../__generated__/StatementQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import '../../../../i18n/all.js';
import Statement from './Statement.js';
import { statementRoutes } from './routes.js';

vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['OReceiptsRead']),
    superAdmin: false,
    session: {
      activeModules: ['BASE', 'COBRANZA'],
      neighborhood: { databaseId: 3, neighborhoodType: 'NEIGHBORHOOD' },
      house: { id: 'h', databaseId: 41, label: 'M1 L1' },
    },
  }),
}));

const STATEMENT = {
  houseLabel: 'M1 L1',
  communityName: 'Residencial Los Olivos',
  ownerName: 'Patricia Ruiz',
  from: '2026-01-01',
  to: '2026-12-31',
  opening: '-950.00',
  charges: '-1900.00',
  payments: '950.00',
  adjustments: '1000.00',
  closing: '-900.00',
  rows: [
    { date: '2026-01-10', kind: 'CHARGE', description: 'Mantenimiento enero 2026', amount: '-950.00', receiptDatabaseId: 1 },
    { date: '2026-01-15', kind: 'PAYMENT', description: 'Pago de Mantenimiento enero 2026 (tarjeta)', amount: '950.00', receiptDatabaseId: 1 },
    { date: '2026-02-10', kind: 'CHARGE', description: 'Mantenimiento febrero 2026', amount: '-950.00', receiptDatabaseId: 2 },
    { date: '2026-02-20', kind: 'ADJUSTMENT', description: 'Ajuste de saldo: Bonificación', amount: '1000.00', receiptDatabaseId: null },
  ],
};

const route = statementRoutes.find((r) => r.path === '/houses/statements') as ScreenRoute;

function renderStatement(statement: typeof STATEMENT = STATEMENT) {
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: {}, search: new URLSearchParams('from=2026-01-01&to=2026-12-31') }) as StatementQueryType['variables'];
  const resolve = (operation: Parameters<typeof MockPayloadGenerator.generate>[0]) =>
    // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
    MockPayloadGenerator.generate(operation, { HouseStatement: () => statement });
  environment.mock.queueOperationResolver(resolve);
  environment.mock.queuePendingOperation(StatementQuery, variables);
  const queryRef = loadQuery<StatementQueryType>(environment, StatementQuery, variables);
  renderScreen(
    environment,
    '/houses/statements?from=2026-01-01&to=2026-12-31',
    <Routes>
      <Route path="/houses/statements" element={<Statement queryRef={queryRef} route={route} />} />
    </Routes>,
  );
  return { environment, variables };
}

afterEach(() => vi.unstubAllGlobals());

describe('Statement', () => {
  it('asks for the own house over the period of the query string', () => {
    const { variables } = renderStatement();
    expect(variables).toMatchObject({ houseId: null, admin: false, from: '2026-01-01', to: '2026-12-31' });
    const year = new Date().getFullYear();
    // Without dates, or with dates out of order: the current year.
    expect(route.variables!({ params: {}, search: new URLSearchParams() })).toMatchObject({ from: `${year}-01-01`, to: `${year}-12-31` });
    expect(route.variables!({ params: {}, search: new URLSearchParams('from=2026-05-01&to=2026-02-01') })).toMatchObject({ from: `${year}-01-01` });
    expect(route.variables!({ params: {}, search: new URLSearchParams('from=2026-02-30') })).toMatchObject({ from: `${year}-01-01` });
    const admin = statementRoutes.find((r) => r.path === '/houses/:houseId/statements')!;
    expect(admin.variables!({ params: { houseId: '41' }, search: new URLSearchParams() })).toMatchObject({ houseId: btoa('House:41'), admin: true });
  });

  it('shows the totals, and each row under Cargo or Abono with the balance after it', async () => {
    renderStatement();
    await screen.findByRole('heading', { name: 'Estado de cuenta' });
    expect(screen.getByText('M1 L1 · Patricia Ruiz · Residencial Los Olivos')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Movimientos del 01/01/2026 al 31/12/2026' })).toBeTruthy();
    const totals = screen.getByTestId('statement-totals');
    expect(within(within(totals).getByRole('region', { name: 'Saldo inicial' })).getByText('-$950.00')).toBeTruthy();
    expect(within(within(totals).getByRole('region', { name: 'Cargos' })).getByText('-$1,900.00')).toBeTruthy();
    expect(within(within(totals).getByRole('region', { name: 'Pagos' })).getByText('$950.00')).toBeTruthy();
    expect(within(within(totals).getByRole('region', { name: 'Ajustes' })).getByText('$1,000.00')).toBeTruthy();
    const closing = within(totals).getByRole('region', { name: 'Saldo final' });
    expect(within(closing).getByText('-$900.00')).toBeTruthy();
    expect(within(closing).getByText('Adeudo')).toBeTruthy();

    const table = screen.getByTestId('statement-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Fecha', 'Descripción', 'Cargo', 'Abono', 'Saldo']);
    const cells = (text: string) =>
      within(within(table).getByText(text).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Mantenimiento enero 2026')).toEqual(['10/01/2026', 'Mantenimiento enero 2026', '$950.00', '', '-$1,900.00']);
    expect(cells('Pago de Mantenimiento enero 2026 (tarjeta)')).toEqual([
      '15/01/2026',
      'Pago de Mantenimiento enero 2026 (tarjeta)',
      '',
      '$950.00',
      '-$950.00',
    ]);
    expect(cells('Ajuste de saldo: Bonificación')).toEqual(['20/02/2026', 'Ajuste de saldo: Bonificación', '', '$1,000.00', '-$900.00']);
    // The footer: what each column adds up to and the closing balance.
    const footer = within(table).getAllByRole('row').at(-1)!;
    expect(within(footer).getByText('$1,900.00')).toBeTruthy();
    expect(within(footer).getByText('$1,950.00')).toBeTruthy();
    expect(within(footer).getByText('-$900.00')).toBeTruthy();
  });

  it('says so when the period has no movements', async () => {
    renderStatement({ ...STATEMENT, charges: '0.00', payments: '0.00', adjustments: '0.00', opening: '0.00', closing: '0.00', rows: [] });
    await screen.findByText('Sin movimientos en el periodo');
    expect(screen.queryByTestId('statement-table')).toBeNull();
  });

  it('downloads the PDF of the same period for the session house', async () => {
    const fetch = vi.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-disposition': 'attachment; filename="estado.pdf"' }),
      blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    }));
    vi.stubGlobal('fetch', fetch);
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderStatement();
    await screen.findByRole('heading', { name: 'Estado de cuenta' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('estado.pdf');
    expect(fetch).toHaveBeenCalledWith('/api/1.0/neighborhoods/3/houses/41/statement/pdf?from=2026-01-01&to=2026-12-31', { credentials: 'same-origin' });
    click.mockRestore();
  });
});
