import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import ReceiptDetailQuery, { type ReceiptDetailQuery as ReceiptDetailQueryType } from '../../../../__generated__/ReceiptDetailQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import ReceiptDetail from './ReceiptDetail.js';

vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['AReceiptsRead', 'AReceiptsUpdate']),
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], neighborhood: { databaseId: 1 } },
  }),
}));

const RECEIPT_ID = globalId('Receipt', '42');
const NO_ACTIONS = {
  allowUpdateReceipt: false,
  allowAddPenalization: false,
  allowDeletePenalization: false,
  allowAddDiscount: false,
  allowDeleteDiscount: false,
  allowDeleteReceipt: false,
  allowCancelReview: false,
  allowDeleteReference: false,
  allowSendPaymentInstructions: false,
  allowPayWithWallet: false,
  allowDeletePayment: false,
};

const receipt = (fields: Record<string, unknown> = {}) => ({
  id: RECEIPT_ID,
  databaseId: 42,
  houseDatabaseId: 7,
  houseLabel: 'M1B7',
  description: 'Mantenimiento noviembre 2026',
  year: 2026,
  month: 11,
  dueDate: '2026-11-10',
  sourceAmount: '1500.00',
  discountAmount: null,
  penaltyAmount: null,
  amount: '1500.00',
  transactionTotal: null,
  hasDiscount: false,
  discountEndDate: null,
  hasPenalty: true,
  deadlineDate: '2026-11-10',
  penaltyDate: null,
  status: 'NEW',
  paymentMethod: null,
  paymentDate: null,
  realPaymentDate: null,
  paymentAuthorization: null,
  paymentReference: null,
  accountEnding: null,
  cardType: null,
  creditsWallet: false,
  notes: null,
  maintenanceDatabaseId: 3,
  maintenanceOrdinary: true,
  agreementDatabaseId: null,
  concept: { description: 'Cuota de mantenimiento' },
  wallet: { name: 'Cuotas ordinarias', type: 'ORDINARY' },
  documents: { receipt: false, paymentInstructions: false, externalPayment: false, cfdiXml: false, cfdiPdf: false, attachment: false },
  actions: { ...NO_ACTIONS, allowUpdateReceipt: true, allowAddPenalization: true, allowDeleteReceipt: true },
  cfdiActions: { allowReadCfdi: false, allowGenerateCfdi: false, allowCancelCfdi: false },
  ...fields,
});

function renderDetail() {
  const environment = createMockEnvironment();
  const variables = { id: RECEIPT_ID };
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Node: () => ({ __typename: 'Receipt', ...receipt() }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Receipt: () => receipt(),
    }),
  );
  environment.mock.queuePendingOperation(ReceiptDetailQuery, variables);
  const queryRef = loadQuery<ReceiptDetailQueryType>(environment, ReceiptDetailQuery, variables);
  renderScreen(
    environment,
    '/houses/7/receipts/42',
    <Routes>
      <Route path="/houses/:houseId/receipts/:receiptId" element={<ReceiptDetail queryRef={queryRef} />} />
      <Route path="*" element={<p>lista de recibos</p>} />
    </Routes>,
    { notifications: true },
  );
  return environment;
}

const operations = (environment: RelayMockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

async function chooseAction(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Acciones' }));
  });
  await act(async () => {
    // Mantine's menu transition does not always finish in jsdom: the item is clicked wherever it is.
    fireEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('receipt actions menu', () => {
  it('offers only what the flags allow, and a receipt paid meanwhile (2079) warns and reloads it', async () => {
    const environment = renderDetail();
    await screen.findByRole('heading', { name: 'Mantenimiento noviembre 2026' });
    expect(screen.getByTestId('receipt-status').textContent).toBe('Nuevo');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Acciones' }));
    });
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map((el) => el.textContent);
    expect(items).toEqual(['Recalcular', 'Agregar multa', 'Eliminar recibo']);
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Agregar multa', hidden: true }));
    });
    const [penalty] = operations(environment, 'ReceiptActionsAddPenaltyMutation');
    expect(penalty.request.variables.input.receiptId).toBe(RECEIPT_ID);
    expect(penalty.request.variables.input.idempotencyKey).toMatch(UUID);
    await act(async () => {
      environment.mock.resolve(penalty, {
        data: {
          addReceiptPenalty: {
            __typename: 'ConflictError',
            // Relay asks which abstract type an inline fragment on the Error interface matched.
            __isError: 'ConflictError',
            code: 2079,
            message: 'No se completó la solicitud debido a que el recibo fue pagado anteriormente',
          },
        },
      });
    });
    await screen.findByText('No se completó la solicitud debido a que el recibo fue pagado anteriormente');
    expect(document.querySelector('[data-kind="warning"]')).toBeTruthy();
    // The receipt again from the server (it is PAID now).
    await waitFor(() => expect(operations(environment, 'ReceiptDetailRefetchQuery')).toHaveLength(1));
    const [reload] = operations(environment, 'ReceiptDetailRefetchQuery');
    expect(reload.request.variables).toMatchObject({ id: RECEIPT_ID });
    await act(async () => {
      environment.mock.resolve(reload, {
        data: {
          node: {
            __typename: 'Receipt',
            ...receipt({ status: 'PAID', paymentMethod: 'CARD', transactionTotal: '1425.00', paymentDate: '2026-11-03T16:00:00.000Z', actions: NO_ACTIONS }),
          },
        },
      });
    });
    await waitFor(() => expect(screen.getByTestId('receipt-status').textContent).toBe('Pagado'));
    expect(screen.queryByRole('button', { name: 'Acciones' })).toBeNull();
  });

  it('sends a new idempotency key per attempt and says "not altered" as information', async () => {
    const environment = renderDetail();
    await screen.findByRole('heading', { name: 'Mantenimiento noviembre 2026' });
    await chooseAction('Recalcular');
    const [first] = operations(environment, 'ReceiptActionsRecalculateMutation');
    await act(async () => {
      environment.mock.reject(first, new Error('sin conexión'));
    });
    await chooseAction('Recalcular');
    // Only pending operations are listed: the first one was answered.
    const [second] = operations(environment, 'ReceiptActionsRecalculateMutation');
    expect(second.request.variables.input.idempotencyKey).toMatch(UUID);
    expect(second.request.variables.input.idempotencyKey).not.toBe(first.request.variables.input.idempotencyKey);
    await act(async () => {
      environment.mock.resolve(second, {
        data: {
          recalculateReceipt: {
            __typename: 'MutationRecalculateReceiptSuccess',
            data: { message: 'El recibo no ha sido alterado', recalculated: false, receipt: { __typename: 'Receipt', ...receipt() } },
          },
        },
      });
    });
    await screen.findByText('El recibo no ha sido alterado');
    expect(document.querySelector('[data-kind="info"]')).toBeTruthy();
  });

  it('asks before deleting, says a maintenance receipt becomes a debt, and goes back to the list', async () => {
    const environment = renderDetail();
    await screen.findByRole('heading', { name: 'Mantenimiento noviembre 2026' });
    await chooseAction('Eliminar recibo');
    expect(operations(environment, 'ReceiptActionsDeleteMutation')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Eliminar el recibo Mantenimiento noviembre 2026 por $1,500.00?');
    expect(dialog.textContent).toContain('saldo negativo');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Eliminar recibo' }).at(-1)!);
    });
    const [remove] = operations(environment, 'ReceiptActionsDeleteMutation');
    expect(remove.request.variables.input.idempotencyKey).toMatch(UUID);
    await act(async () => {
      environment.mock.resolve(remove, {
        data: { deleteReceipt: { __typename: 'MutationDeleteReceiptSuccess', data: { message: 'El recibo ha sido eliminado' } } },
      });
    });
    await screen.findByText('lista de recibos');
    await screen.findByText('El recibo ha sido eliminado');
  });
});
