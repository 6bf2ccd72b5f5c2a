import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import TransferBalanceQuery, { type TransferBalanceQuery as TransferBalanceQueryType } from '../../../../__generated__/TransferBalanceQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import TransferBalance from './TransferBalance.js';

vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['ABalancesAuthorise']),
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], neighborhood: { databaseId: 1, neighborhoodType: 'NEIGHBORHOOD' } },
  }),
}));

const WALLETS = [
  { walletDatabaseId: 11, name: 'Cuotas ordinarias', type: 'ORDINARY', balance: '1000.00' },
  { walletDatabaseId: 12, name: 'Cuotas extraordinarias', type: 'EXTRAORDINARY', balance: '-250.00' },
  { walletDatabaseId: 13, name: 'Agua', type: 'MEASURED_SERVICE', balance: '0.00' },
];

function renderTransfer() {
  const environment = createMockEnvironment();
  const variables = { houseId: btoa('House:7') };
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Query: () => ({ house: { __typename: 'House', id: variables.houseId, label: 'M1 L1' }, houseBalance: { wallets: WALLETS } }),
    }),
  );
  environment.mock.queuePendingOperation(TransferBalanceQuery, variables);
  const queryRef = loadQuery<TransferBalanceQueryType>(environment, TransferBalanceQuery, variables);
  renderScreen(
    environment,
    '/houses/7/transfer-balance',
    <Routes>
      <Route path="/houses/:houseId/transfer-balance" element={<TransferBalance queryRef={queryRef} />} />
    </Routes>,
    { notifications: true },
  );
  return environment;
}

const mutations = (environment: ReturnType<typeof createMockEnvironment>) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === 'mutation');

/** The input a label names (a Select's list is labelled by it too). */
const inputLabelled = (label: RegExp) => screen.getAllByLabelText(label).find((el): el is HTMLInputElement => el.tagName === 'INPUT')!;

/** The options of a Select, once opened (each Select keeps its own list in the page). */
async function openOptions(label: RegExp) {
  const input = inputLabelled(label);
  await act(async () => {
    fireEvent.click(input);
  });
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  return within(document.getElementById(input.getAttribute('aria-controls')!)!);
}

async function choose(label: RegExp, option: RegExp) {
  const options = await openOptions(label);
  await act(async () => {
    fireEvent.click(await options.findByRole('option', { name: option, hidden: true }));
  });
}

describe('TransferBalance', () => {
  it('shows the balances, starts from the ordinary wallet and offers only the other wallets as destination', async () => {
    renderTransfer();
    await screen.findByRole('heading', { name: 'Transferir saldo' });
    expect(screen.getByText('Propiedad M1 L1')).toBeTruthy();
    const ordinary = screen.getByRole('region', { name: 'Cuotas ordinarias' });
    expect(within(ordinary).getByText('$1,000.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Cuotas extraordinarias' })).getByText('-$250.00')).toBeTruthy();
    expect(inputLabelled(/^Monedero de origen/).value).toBe('Cuotas ordinarias · $1,000.00');
    expect(screen.getByText('Disponible: $1,000.00')).toBeTruthy();
    const options = (await (await openOptions(/^Monedero de destino/)).findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toContain('Cuotas extraordinarias · -$250.00');
    expect(options).toContain('Agua · $0.00');
    expect(options).not.toContain('Cuotas ordinarias · $1,000.00');
  });

  it('checks the destination and the source balance before sending anything', async () => {
    const environment = renderTransfer();
    await screen.findByRole('heading', { name: 'Transferir saldo' });
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await screen.findByText('Elige el monedero de destino');
    await screen.findByText('El monto no puede ser mayor al saldo del monedero de origen ($1,000.00)');
    // A wallet without balance in the house's favour has nothing to transfer.
    await choose(/^Monedero de origen/, /^Cuotas extraordinarias/);
    await choose(/^Monedero de destino/, /^Cuotas ordinarias/);
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await screen.findByText('Este monedero no tiene saldo a favor para transferir');
    expect(mutations(environment)).toHaveLength(0);
  });

  it('shows a server refusal in place and keeps what was typed', async () => {
    const environment = renderTransfer();
    await screen.findByRole('heading', { name: 'Transferir saldo' });
    await choose(/^Monedero de destino/, /^Cuotas extraordinarias/);
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(mutations(environment)).toHaveLength(1));
    const input = mutations(environment)[0].request.variables.input;
    expect(input).toMatchObject({ houseId: btoa('House:7'), fromWalletId: 11, toWalletId: 12, amount: '400' });
    expect(typeof input.idempotencyKey).toBe('string');
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          transferHouseBalance: {
            __typename: 'ConflictError',
            __isError: 'ConflictError',
            code: 409,
            message: 'El saldo del monedero de origen no alcanza para la transferencia',
          },
        },
      });
    });
    const alert = await screen.findByTestId('transfer-error');
    expect(within(alert).getByText('No se realizó la transferencia')).toBeTruthy();
    expect(within(alert).getByText('El saldo del monedero de origen no alcanza para la transferencia')).toBeTruthy();
    expect((screen.getByLabelText(/^Monto/) as HTMLInputElement).value).toBe('400');

    // A field error of the server lands under its field.
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(mutations(environment)).toHaveLength(1));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          transferHouseBalance: {
            __typename: 'InputError',
            __isError: 'InputError',
            code: 400,
            message: 'Revisa los datos',
            issues: [{ field: 'toWalletId', message: 'El monedero no existe' }],
          },
        },
      });
    });
    await screen.findByText('El monedero no existe');
    expect(screen.queryByTestId('transfer-error')).toBeNull();
  });

  it('after a transfer shows the balances the server answered', async () => {
    const environment = renderTransfer();
    await screen.findByRole('heading', { name: 'Transferir saldo' });
    await choose(/^Monedero de destino/, /^Cuotas extraordinarias/);
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(mutations(environment)).toHaveLength(1));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          transferHouseBalance: {
            __typename: 'MutationTransferHouseBalanceSuccess',
            data: {
              message: 'La transferencia se realizó correctamente',
              balance: {
                wallets: [{ ...WALLETS[0], balance: '600.00' }, { ...WALLETS[1], balance: '150.00' }, WALLETS[2]],
              },
            },
          },
        },
      });
    });
    await screen.findByText('La transferencia se realizó correctamente');
    expect(within(screen.getByRole('region', { name: 'Cuotas ordinarias' })).getByText('$600.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Cuotas extraordinarias' })).getByText('$150.00')).toBeTruthy();
    expect((screen.getByLabelText(/^Monto/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Disponible: $600.00')).toBeTruthy();
  });
});
