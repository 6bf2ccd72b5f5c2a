import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import ReceiptsQuery, { type ReceiptsQuery as ReceiptsQueryType } from '../../../../__generated__/ReceiptsQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import Receipts from './Receipts.js';
import { receiptListVariables } from './variables.js';

const session = vi.hoisted(() => ({
  grants: ['OReceiptsRead', 'OReceiptsCreate'] as string[],
  debtsToPay: null as null | { receipts: number; amount: string; oldestDueDate: string },
}));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(session.grants),
    superAdmin: false,
    session: {
      activeModules: ['BASE', 'COBRANZA'],
      house: { id: 'h', databaseId: 7, label: 'Casa 7' },
      neighborhood: { databaseId: 1 },
      debtsToPay: session.debtsToPay,
    },
  }),
}));

const receipt = (databaseId: number, fields: Record<string, unknown>) => ({
  id: globalId('Receipt', String(databaseId)),
  databaseId,
  houseDatabaseId: 7,
  description: 'Mantenimiento noviembre 2026',
  year: 2026,
  month: 11,
  dueDate: '2026-11-10',
  amount: '1500.00',
  transactionTotal: null,
  status: 'NEW',
  paymentMethod: null,
  paymentDate: null,
  ...fields,
});

const BALANCE = {
  pendingReceipts: '3150.00',
  wallets: [
    { walletDatabaseId: 1, type: 'ORDINARY', name: 'Cuotas ordinarias', balance: '-250.00' },
    { walletDatabaseId: 2, type: 'EXTRAORDINARY', name: 'Cuotas extraordinarias', balance: '100.00' },
  ],
  deposit: { gatewayName: 'Openpay (sandbox)', clabe: '646180157000000004', bankName: 'STP', depositFee: '8.00', sandbox: true },
};

function renderList(url: string, pattern: string) {
  const environment = createMockEnvironment();
  const [path, query = ''] = url.split('?');
  const params = Object.fromEntries(
    pattern
      .split('/')
      .map((part, i) => [part, path.split('/')[i]])
      .filter(([part]) => part.startsWith(':'))
      .map(([part, value]) => [part.slice(1), value]),
  );
  const variables = receiptListVariables({ params, search: new URLSearchParams(query) }) as ReceiptsQueryType['variables'];
  const route: ScreenRoute = { path: pattern, variables: receiptListVariables };
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      ReceiptConnection: () => ({
        totalCount: 2,
        edges: [
          { node: receipt(41, { status: 'NEW' }) },
          { node: receipt(40, { description: 'Mantenimiento octubre 2026', month: 10, dueDate: '2026-10-10', amount: '1650.00', status: 'PENALTY' }) },
        ],
      }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      HouseBalance: () => BALANCE,
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Node: () => ({ __typename: 'House', databaseId: 7, label: 'M1B7' }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      House: () => ({ databaseId: 7, label: 'M1B7' }),
    }),
  );
  environment.mock.queuePendingOperation(ReceiptsQuery, variables);
  const queryRef = loadQuery<ReceiptsQueryType>(environment, ReceiptsQuery, variables);
  renderScreen(
    environment,
    url,
    <Routes>
      <Route path={pattern} element={<Receipts queryRef={queryRef} route={route} />} />
    </Routes>,
  );
  return environment;
}

const operation = (environment: RelayMockEnvironment, name: string) => environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);

describe('receipts list', () => {
  it('opens on the PENDING tab with status badges in Spanish, the wallet panel, and asks the COMPLETED tab from the server', async () => {
    session.grants = ['OReceiptsRead', 'OReceiptsCreate'];
    const environment = renderList('/houses/receipts', '/houses/receipts');
    const pendingTab = await screen.findByRole('tab', { name: 'Pendientes' });
    expect(pendingTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Pagados' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Recibos' })).toBeTruthy();
    expect(screen.getByText('Propiedad Casa 7')).toBeTruthy();

    const october = screen
      .getAllByText('Mantenimiento octubre 2026')
      .map((el) => el.closest('tr'))
      .find(Boolean)!;
    expect(within(october).getByText('Con multa')).toBeTruthy();
    expect(within(october).getByText('$1,650.00')).toBeTruthy();
    expect(within(october).getByText('Octubre 2026')).toBeTruthy();
    const november = screen
      .getAllByText('Mantenimiento noviembre 2026')
      .map((el) => el.closest('tr'))
      .find(Boolean)!;
    expect(within(november).getByText('Nuevo')).toBeTruthy();
    expect(within(november).getByRole('link', { name: 'Ver recibo Mantenimiento noviembre 2026' }).getAttribute('href')).toMatch(
      /^\/houses\/7\/receipts\/41\?back=/,
    );

    const wallet = screen.getByTestId('wallet-panel');
    expect(within(wallet).getByText('Monedero ordinario')).toBeTruthy();
    expect(within(wallet).getByText('-$250.00')).toBeTruthy();
    expect(within(wallet).getByText('Adeudo')).toBeTruthy();
    expect(within(wallet).getByText('$3,150.00')).toBeTruthy();
    // The gateway's data for deposits: the house's CLABE, its bank and the fee of a transfer.
    const deposit = within(wallet).getByTestId('wallet-deposit');
    expect(deposit.textContent).toContain('646180157000000004');
    expect(deposit.textContent).toContain('(STP)');
    expect(deposit.textContent).toContain('$8.00');
    // House users ask for a payment; capturing one is for administrators.
    expect(screen.getByRole('button', { name: 'Solicitar pago' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ajustar saldo' })).toBeNull();
    // Simulating a SPEI is for administrators (sandbox gateway).
    expect(screen.queryByRole('button', { name: 'Simular transferencia SPEI' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Pagados' }));
    });
    await waitFor(() => expect(operation(environment, 'ReceiptListRefetchQuery')).toBeTruthy());
    const refetch = operation(environment, 'ReceiptListRefetchQuery')!;
    expect(refetch.request.variables).toMatchObject({ group: 'COMPLETED', houseId: null, offset: 0, paymentStatus: null });
    await act(async () => {
      environment.mock.resolve(
        refetch,
        MockPayloadGenerator.generate(refetch, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          ReceiptConnection: () => ({
            totalCount: 1,
            edges: [
              {
                node: receipt(39, {
                  description: 'Mantenimiento septiembre 2026',
                  month: 9,
                  status: 'PAID',
                  paymentMethod: 'WALLET',
                  transactionTotal: '1425.00',
                  paymentDate: '2026-09-03T15:00:00.000Z',
                }),
              },
            ],
          }),
          // biome-ignore lint/correctness/noComponentHookFactories: as above
          HouseBalance: () => BALANCE,
        }),
      );
    });
    const paid = (await screen.findAllByText('Mantenimiento septiembre 2026')).map((el) => el.closest('tr')).find(Boolean)!;
    expect(within(paid).getByText('Pagado')).toBeTruthy();
    expect(within(paid).getByText('Monedero')).toBeTruthy();
    expect(within(paid).getByText('$1,425.00')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pagados' }).getAttribute('aria-selected')).toBe('true');
  });

  it("an administrator's house list: its label, payment capture and the wallet's adjustment and transfer links", async () => {
    session.grants = ['AReceiptsRead', 'AReceiptsCreate', 'AReceiptsExternalPaymentsCreate', 'ABalancesAuthorise', 'AStatementsRead'];
    renderList('/houses/7/receipts?group=COMPLETED', '/houses/:houseId/receipts');
    expect((await screen.findByRole('tab', { name: 'Pagados' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Propiedad M1B7')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solicitar pago' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ajustar saldo' }).getAttribute('href')).toBe('/houses/7/balance');
    expect(screen.getByRole('link', { name: 'Transferir saldo' }).getAttribute('href')).toBe('/houses/7/transfer-balance');
    expect(screen.getByRole('link', { name: 'Estado de cuenta' }).getAttribute('href')).toBe('/houses/7/statements');
  });

  it('an administrator simulates a SPEI transfer to the house’s CLABE from the wallet panel (sandbox gateway)', async () => {
    session.grants = ['AReceiptsRead', 'ABalancesAuthorise'];
    const environment = renderList('/houses/7/receipts', '/houses/:houseId/receipts');
    expect(
      await screen.findByText('Las transferencias SPEI a esta CLABE se abonan al monedero ordinario de la propiedad, menos la comisión por depósito.'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Simular transferencia SPEI' }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('646180157000000004');
    const amount = within(dialog).getByLabelText('Monto transferido');
    fireEvent.change(amount, { target: { value: 'abc' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar transferencia' }));
    });
    expect(within(dialog).getByText('Escribe un monto mayor a $0.00 con dos decimales como máximo')).toBeTruthy();
    expect(operation(environment, 'SimulateSpeiDialogMutation')).toBeUndefined();
    fireEvent.change(amount, { target: { value: '1,500' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar transferencia' }));
    });
    await waitFor(() => expect(operation(environment, 'SimulateSpeiDialogMutation')).toBeTruthy());
    // One idempotency key per amount typed: a double click sends the same transfer.
    expect(operation(environment, 'SimulateSpeiDialogMutation')!.request.variables).toEqual({
      input: { houseId: globalId('House', '7'), amount: '1500.00', idempotencyKey: expect.any(String) },
    });
  });

  it('an owner sent to pay its overdue receipts reads why on its list; without debts there is no banner', async () => {
    session.grants = ['OReceiptsRead', 'OReceiptsCreate'];
    session.debtsToPay = { receipts: 2, amount: '3150.00', oldestDueDate: '2026-10-10' };
    renderList('/houses/receipts', '/houses/receipts');
    const banner = await screen.findByTestId('debts-to-pay');
    expect(within(banner).getByText('Tu comunidad pide liquidar los adeudos vencidos')).toBeTruthy();
    expect(banner.textContent).toContain('Tienes 2 recibos vencidos por $3,150.00 (el más antiguo venció el 10/10/2026). Puedes pagarlos aquí.');
    cleanup();
    session.debtsToPay = null;
    renderList('/houses/receipts', '/houses/receipts');
    await screen.findByRole('tab', { name: 'Pendientes' });
    expect(screen.queryByTestId('debts-to-pay')).toBeNull();
  });

  it('reads its filters from the query string, ignoring values that name nothing', () => {
    const variables = receiptListVariables({
      params: { houseId: '7' },
      search: new URLSearchParams('group=COMPLETED&payment_status=PAID&payment_method=WALLET&id_agreement=12&page=3&page_size=50'),
    });
    expect(variables).toMatchObject({
      houseId: globalId('House', '7'),
      admin: true,
      group: 'COMPLETED',
      paymentStatus: 'PAID',
      paymentMethod: 'WALLET',
      agreementId: 12,
      first: 50,
      offset: 100,
    });
    expect(
      receiptListVariables({ params: {}, search: new URLSearchParams('group=OTHER&payment_status=paid&payment_method=x&id_agreement=abc') }),
    ).toMatchObject({ houseId: null, admin: false, group: 'PENDING', paymentStatus: null, paymentMethod: null, agreementId: null, first: 20, offset: 0 });
  });
});
