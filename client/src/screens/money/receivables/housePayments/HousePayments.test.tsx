import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import HousePaymentsQuery, { type HousePaymentsQuery as HousePaymentsQueryType } from '../../../../__generated__/HousePaymentsQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import HousePayments from './HousePayments.js';
import { housePaymentRoutes } from './routes.js';

const session = vi.hoisted(() => ({ grants: [] as string[] }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(session.grants),
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], neighborhood: { databaseId: 1 }, house: null },
  }),
}));

const route = housePaymentRoutes[0] as ScreenRoute;

const payment = (databaseId: number, fields: Record<string, unknown>) => ({
  id: globalId('Receipt', String(databaseId)),
  databaseId,
  houseDatabaseId: 7,
  description: 'Mantenimiento octubre 2026',
  year: 2026,
  month: 10,
  dueDate: '2026-10-10',
  amount: '1500.00',
  transactionTotal: '1500.00',
  paymentMethod: 'MANUAL',
  paymentDay: '2026-10-08',
  realPaymentDate: '2026-10-07',
  paymentAuthorization: 'SPEI-4411',
  accountEnding: null,
  ...fields,
});

const DATA = {
  house: { id: globalId('House', '7'), databaseId: 7, label: '7' },
  stats: { paidReceipts: 2, paidAmount: '3050.00', paidOnTime: 1, lastPaymentDate: '2026-11-20' },
  receipts: {
    totalCount: 2,
    edges: [
      {
        node: payment(41, {
          description: 'Mantenimiento noviembre 2026',
          month: 11,
          paymentMethod: 'CARD',
          transactionTotal: '1550.00',
          realPaymentDate: null,
          paymentDay: '2026-11-20',
          paymentAuthorization: 'AUT-99',
          accountEnding: '4242',
        }),
      },
      { node: payment(40, {}) },
    ],
  },
};

/** The mock answers, by GraphQL type, from the data of the test being rendered. */
let answer = DATA;
const RESOLVERS = {
  Node: () => answer.house,
  House: () => answer.house,
  HouseStats: () => answer.stats,
  ReceiptConnection: () => answer.receipts,
};

function renderPayments(url = '/houses/7/payments', data = DATA) {
  const environment = createMockEnvironment();
  const [path, query = ''] = url.split('?');
  const variables = route.variables!({ params: { houseId: path!.split('/')[2] }, search: new URLSearchParams(query) }) as HousePaymentsQueryType['variables'];
  answer = data;
  environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
  environment.mock.queuePendingOperation(HousePaymentsQuery, variables);
  const queryRef = loadQuery<HousePaymentsQueryType>(environment, HousePaymentsQuery, variables);
  renderScreen(
    environment,
    url,
    <Routes>
      <Route path="/houses/:houseId/payments" element={<HousePayments queryRef={queryRef} route={route} />} />
    </Routes>,
  );
  return variables;
}

afterEach(() => cleanup());

describe('HousePayments', () => {
  it('asks for the page, its size and the method of the query string', () => {
    session.grants = ['AReceiptsRead'];
    expect(renderPayments('/houses/7/payments?page=2&page_size=10&payment_method=CARD')).toEqual({
      houseId: globalId('House', '7'),
      first: 10,
      offset: 10,
      paymentMethod: 'CARD',
    });
    cleanup();
    expect(route.variables!({ params: { houseId: '7' }, search: new URLSearchParams('payment_method=CHEQUE') })).toMatchObject({
      paymentMethod: null,
      first: 20,
      offset: 0,
    });
  });

  it('lists the paid receipts with their day, method, authorization and amount, under the totals', async () => {
    session.grants = ['AReceiptsRead'];
    renderPayments();
    await screen.findByRole('heading', { name: 'Pagos' });
    expect(screen.getByText('Propiedad 7')).toBeTruthy();
    const summary = screen.getByTestId('payments-summary');
    expect(within(summary).getByText('$3,050.00')).toBeTruthy();
    expect(within(summary).getByText('1 de 2')).toBeTruthy();
    expect(within(summary).getByText('20/11/2026')).toBeTruthy();

    const table = screen.getByTestId('payments-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Fecha de pago', 'Concepto', 'Periodo', 'Método', 'Autorización', 'Monto pagado']);
    const cells = (text: string) =>
      within(within(table).getByText(text).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The day the money moved wins over the day it was recorded; the amount is what was paid.
    expect(cells('Mantenimiento octubre 2026')).toEqual([
      '07/10/2026',
      'Mantenimiento octubre 2026',
      'Octubre 2026',
      'Pago registrado',
      'SPEI-4411',
      '$1,500.00',
    ]);
    expect(cells('Mantenimiento noviembre 2026')[4]).toBe('AUT-99 · terminación 4242');
    expect(cells('Mantenimiento noviembre 2026')[5]).toBe('$1,550.00');
    const link = within(table).getByRole('link', { name: /Mantenimiento octubre 2026/ });
    expect(link.getAttribute('href')).toBe(`/houses/7/receipts/40?back=${encodeURIComponent('/houses/7/payments')}`);
    expect(screen.getByRole('link', { name: 'Ver recibos' }).getAttribute('href')).toBe('/houses/7/receipts');
    expect(screen.getByRole('link', { name: 'Ver propiedad' }).getAttribute('href')).toBe('/houses/7');
    // Phones get one card per payment.
    expect(within(screen.getByTestId('payment-cards')).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).toBeNull();
  });

  it('offers «Registrar pago» to whoever captures payments, and says so when there are none', async () => {
    session.grants = ['AReceiptsRead', 'AReceiptsExternalPaymentsCreate'];
    renderPayments('/houses/7/payments', {
      ...DATA,
      stats: { ...DATA.stats, paidReceipts: 0, paidOnTime: 0, paidAmount: '0.00', lastPaymentDate: null as unknown as string },
      receipts: { totalCount: 0, edges: [] },
    });
    expect(await screen.findByRole('button', { name: 'Registrar pago' })).toBeTruthy();
    expect(screen.getByText('La propiedad no tiene pagos')).toBeTruthy();
    expect(within(screen.getByTestId('payments-summary')).getByText('Sin pagos')).toBeTruthy();
  });
});
