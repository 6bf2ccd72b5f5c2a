// The review screen of a receipt in REVIEW whose external payment an older database did not keep (issue 25):
// it says so instead of a dead end, offers «Cancelar revisión» to the administration, and the form to
// capture the payment anew; a record without its account asks for one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import ReceiptReviewQuery, { type ReceiptReviewQuery as Query } from '../../../../__generated__/ReceiptReviewQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import ReceiptReview from './ReceiptReview.js';

const session = { grants: new Set<string>() };
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: session.grants, superAdmin: false, session: { activeModules: ['COBRANZA'] } }),
}));

const RECEIPT_ID = 'UmVjZWlwdDo0Mg==';
const ADMIN = ['AReceiptsRead', 'AReceiptsUpdate', 'AReceiptsExternalPaymentsUpdate'];
const OWNER = ['OReceiptsRead', 'OReceiptsExternalPaymentsUpdate'];

function renderReview(grants: string[], externalPayment: Record<string, unknown> | null): RelayMockEnvironment {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'ReceiptReviewQuery'
      ? null
      : MockPayloadGenerator.generate(operation, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          Receipt: () => ({
            id: RECEIPT_ID,
            databaseId: 42,
            houseDatabaseId: 7,
            houseLabel: 'Calle Olivo 12',
            description: 'Mantenimiento',
            year: 2025,
            month: 1,
            amount: '1300.00',
            status: 'REVIEW',
            externalPayment,
          }),
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          PaymentAccount: () => ({ databaseId: 3, description: 'Cuenta Banorte', maskedNumber: '•••• 7897', bankName: 'BANORTE' }),
        }),
  );
  environment.mock.queuePendingOperation(ReceiptReviewQuery, { id: RECEIPT_ID });
  const queryRef = loadQuery<Query>(environment, ReceiptReviewQuery, { id: RECEIPT_ID });
  renderScreen(environment, `/receipts/42/review`, <ReceiptReview queryRef={queryRef} />);
  return environment;
}

const sent = (environment: RelayMockEnvironment, name: string) => environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

afterEach(() => cleanup());

describe('ReceiptReview of a receipt without its external payment', () => {
  it('tells the administration what happened and cancels the review on confirmation', async () => {
    const environment = renderReview(ADMIN, null);
    await screen.findByText('Este recibo está en revisión, pero no tiene los datos de su pago externo');
    expect(screen.getByText(/Cancela la revisión para que el recibo vuelva a estar pendiente de pago/)).toBeTruthy();
    // The form is there to capture the payment anew.
    expect(screen.getByRole('button', { name: 'Aceptar pago' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancelar revisión' }));
    });
    expect(await screen.findByText(/Se descartará la revisión y el recibo volverá a quedar pendiente de pago/)).toBeTruthy();
    expect(sent(environment, 'ReceiptReviewCancelMutation')).toHaveLength(0);
    const buttons = screen.getAllByRole('button', { name: 'Cancelar revisión' });
    await act(async () => {
      fireEvent.click(buttons[buttons.length - 1]);
    });
    const [cancel] = sent(environment, 'ReceiptReviewCancelMutation');
    expect(cancel.request.variables.input).toMatchObject({ receiptId: RECEIPT_ID, idempotencyKey: expect.any(String) });
  });

  it('tells a house user to send the payment again, without the administration’s cancel', async () => {
    renderReview(OWNER, null);
    await screen.findByText('Este recibo está en revisión, pero no tiene los datos de su pago externo');
    expect(screen.getByText(/Envía abajo los datos de tu pago/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar revisión' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });

  it('asks for the account when the record kept none (or one no longer open)', async () => {
    renderReview(ADMIN, {
      method: 'TRANSFER',
      cardType: null,
      incomeAccountDatabaseId: null,
      accountEnding: null,
      authorization: 'SPEI',
      notes: null,
      message: 'Transferencia desde mi banca en línea',
      paymentDate: '2025-01-08',
      attachmentFileId: null,
      state: 'REVIEW',
      sentAt: null,
      unknownPaymentDatabaseId: null,
    });
    await screen.findByText('El pago no indica una cuenta vigente donde se recibió: elígela antes de guardar o aceptar.');
    expect(screen.getByText('Transferencia desde mi banca en línea')).toBeTruthy();
    expect(screen.queryByText(/Enviado el/)).toBeNull();
  });
});
