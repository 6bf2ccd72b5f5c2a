import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import MaintenanceIncomesQuery, { type MaintenanceIncomesQuery as IncomesQueryType } from '../../../../__generated__/MaintenanceIncomesQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import MaintenanceIncomes from './MaintenanceIncomes.js';
import { MaintenanceCaptureDialog } from './MaintenanceCaptureDialog.js';

const session = vi.hoisted(() => ({ grants: new Set<string>() }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: session.grants,
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], neighborhood: { databaseId: 1, neighborhoodType: 'NEIGHBORHOOD' } },
  }),
}));

afterEach(() => cleanup());

const MAINTENANCE = {
  id: globalId('Maintenance', '9'),
  databaseId: 9,
  description: 'Cuota extraordinaria: pintura de fachadas',
  ordinary: false,
  summary: { receipts: 3, paidReceipts: 1, charged: '2400.00', collected: '800.00', outstanding: '1600.00' },
  incomes: { total: '800.00', byMethod: [{ paymentMethod: 'CARD', receipts: 1, amount: '800.00' }] },
};

const pending = (id: number, label: string, status = 'NEW') => ({
  id: globalId('Receipt', String(id)),
  description: 'Cuota extraordinaria: pintura de fachadas',
  houseLabel: label,
  dueDate: '2031-05-10',
  amount: '800.00',
  status,
});

/** The mock answers, by GraphQL type: the maintenance on the screen and the dialog's choices. */
const RESOLVERS = {
  Node: () => ({ __typename: 'Maintenance', ...MAINTENANCE }),
  Maintenance: () => MAINTENANCE,
  ReceiptConnection: () => ({
    totalCount: 3,
    edges: [{ node: pending(51, '12') }, { node: pending(52, '14') }, { node: pending(53, '21', 'REVIEW') }],
  }),
  IncomeAccount: () => ({ databaseId: 5, accountType: 'CLABE', description: 'Cuenta de cobranza', maskedNumber: '•••• 1234', bankName: 'BBVA' }),
};

function renderIncomes() {
  const environment = createMockEnvironment();
  const variables = { id: globalId('Maintenance', '9') };
  environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, RESOLVERS));
  environment.mock.queuePendingOperation(MaintenanceIncomesQuery, variables);
  const queryRef = loadQuery<IncomesQueryType>(environment, MaintenanceIncomesQuery, variables);
  renderScreen(
    environment,
    '/maintenances/9/incomes',
    <Routes>
      <Route path="/maintenances/:maintenanceId/incomes" element={<MaintenanceIncomes queryRef={queryRef} />} />
    </Routes>,
  );
  return environment;
}

const operation = (environment: RelayMockEnvironment, name: string) => environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);

describe('MaintenanceIncomes', () => {
  it('shows the incomes without «Registrar pagos» to whoever does not capture payments', async () => {
    session.grants = new Set(['AMaintenanceIncomesRead']);
    renderIncomes();
    expect(await screen.findByTestId('incomes-table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar pagos' })).toBeNull();
  });

  it('offers «Registrar pagos» to whoever captures payments while receipts are pending', async () => {
    session.grants = new Set(['AMaintenanceIncomesRead', 'AReceiptsRead', 'AReceiptsExternalPaymentsCreate']);
    renderIncomes();
    expect(await screen.findByRole('button', { name: 'Registrar pagos' })).toBeTruthy();
  });

  it('records the payments of several houses of the maintenance at once', async () => {
    const environment = createMockEnvironment();
    const done = vi.fn();
    renderScreen(
      environment,
      '/maintenances/9/incomes',
      <MaintenanceCaptureDialog opened maintenanceId={globalId('Maintenance', '9')} onClose={() => {}} onDone={done} />,
    );
    await waitFor(() => expect(operation(environment, 'MaintenanceCaptureDialogQuery')).toBeTruthy());
    expect(operation(environment, 'MaintenanceCaptureDialogQuery')!.request.variables).toEqual({ id: globalId('Maintenance', '9') });
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op) => MockPayloadGenerator.generate(op, RESOLVERS));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagos del mantenimiento' });
    await within(dialog).findByRole('checkbox', { name: /Propiedad 12/ });
    // A receipt in review cannot be chosen; the search narrows the list.
    expect((within(dialog).getByRole('checkbox', { name: /Propiedad 21/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Buscar propiedad'), { target: { value: '14' } });
    expect(within(dialog).queryByRole('checkbox', { name: /Propiedad 12/ })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Buscar propiedad'), { target: { value: '' } });

    await act(async () => {
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Registrar pagos' }).at(-1)!);
    });
    expect(within(dialog).getByText('Elige al menos un recibo')).toBeTruthy();
    expect(operation(environment, 'MaintenanceCaptureDialogMutation')).toBeUndefined();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Propiedad 12/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Propiedad 14/ }));
    expect(within(dialog).getByTestId('capture-total').textContent).toBe('Total de los recibos elegidos: $1,600.00');
    await act(async () => {
      fireEvent.click(
        within(dialog)
          .getAllByLabelText(/Cuenta de ingreso/)
          .find((el) => el.tagName === 'INPUT')!,
      );
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: /Cuenta de cobranza/, hidden: true }));
    });
    fireEvent.change(within(dialog).getByLabelText(/Autorización/), { target: { value: 'SPEI-LOTE-7' } });
    await act(async () => {
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Registrar pagos' }).at(-1)!);
    });
    await waitFor(() => expect(operation(environment, 'MaintenanceCaptureDialogMutation')).toBeTruthy());
    const mutation = operation(environment, 'MaintenanceCaptureDialogMutation')!;
    expect(mutation.request.variables.input).toEqual({
      maintenanceId: globalId('Maintenance', '9'),
      receiptIds: [globalId('Receipt', '51'), globalId('Receipt', '52')],
      incomeAccountId: 5,
      paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      authorization: 'SPEI-LOTE-7',
      idempotencyKey: expect.any(String),
    });
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: {
          captureMaintenanceIncomes: {
            __typename: 'MutationCaptureMaintenanceIncomesSuccess',
            data: { message: 'El pago ha sido registrado', total: '1600.00' },
          },
        },
      });
    });
    expect(done).toHaveBeenCalled();
  });
});
