import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import type { GraphQLResponse, OperationDescriptor } from 'relay-runtime';
import ReceiptDetailQuery, { type ReceiptDetailQuery as ReceiptDetailQueryType } from '../../../../__generated__/ReceiptDetailQuery.graphql.js';
import PayReceiptQuery from '../../../../__generated__/PayReceiptQuery.graphql.js';
import { PAYMENT_MESSAGES } from '../../../../../../core/payments.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import ReceiptDetail from '../receipts/ReceiptDetail.js';
import { TokenizeError } from '../../../../payments/tokenize.js';
import { groupCardNumber, groupMasked, isRedirectUrl, payFormSchema } from './payForm.js';

vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['OReceiptsRead', 'OReceiptsPaymentsCreate']),
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA', 'PAGO_EN_LINEA'], neighborhood: { databaseId: 1 } },
  }),
}));

const tokenize = vi.fn();
vi.mock('../../../../payments/tokenize.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../payments/tokenize.js')>()),
  // The spy answers a token or an error; the rejection is made here, outside the spy.
  tokenizeCard: async (...args: unknown[]) => {
    const answer = tokenize(...args);
    if (answer instanceof Error) throw answer;
    return answer;
  },
}));

const RECEIPT_ID = globalId('Receipt', '42');
const CARD_ID = globalId('SavedCard', '5');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const NO_ACTIONS = {
  allowPayment: false,
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
  description: 'Cuota extraordinaria de alberca',
  year: 2031,
  month: 1,
  dueDate: '2031-01-31',
  sourceAmount: '1500.00',
  discountAmount: null,
  penaltyAmount: null,
  amount: '1500.00',
  transactionTotal: null,
  hasDiscount: false,
  discountEndDate: null,
  hasPenalty: false,
  deadlineDate: null,
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
  maintenanceDatabaseId: null,
  maintenanceOrdinary: null,
  agreementDatabaseId: null,
  documents: { receipt: false, paymentInstructions: false, externalPayment: false, cfdiXml: false, cfdiPdf: false, attachment: false },
  actions: { ...NO_ACTIONS, allowPayment: true },
  concept: { description: 'Cuota' },
  wallet: { name: 'Cuotas extraordinarias', type: 'EXTRAORDINARY' },
  ...fields,
});

const payOptions = (fields: Record<string, unknown> = {}) => ({
  online: true,
  methods: ['CARD', 'STORE', 'BANK'],
  amount: '1500.00',
  feePaidByPayer: true,
  msiChoices: [],
  failedAttempts: 0,
  fees: [
    { method: 'CARD', fee: '46.00', total: '1546.00', deposit: '1500.00' },
    { method: 'STORE', fee: '46.00', total: '1546.00', deposit: '1500.00' },
    { method: 'BANK', fee: '8.00', total: '1508.00', deposit: '1500.00' },
  ],
  cards: [],
  gatewayName: 'Openpay',
  gatewayAccountId: 'mdemo0000000000000000',
  gatewayPublicKey: 'pk_demo_1',
  gatewaySandboxMode: false,
  tokenBaseUrl: '/sandbox/openpay',
  latestCharge: null,
  ...fields,
});

const operations = (environment: RelayMockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

/** How many times each query was answered. */
let answered: Record<string, number> = {};

function renderPay(options: Record<string, unknown> = {}, receiptFields: Record<string, unknown> = {}) {
  const environment = createMockEnvironment();
  answered = {};
  // relay-test-utils drops a resolver once it answers: each answer queues a fresh one for the next query.
  const resolver = (operation: OperationDescriptor): GraphQLResponse | undefined => {
    const name = operation.request.node.params.name;
    let payload: GraphQLResponse | undefined;
    if (name === 'ReceiptDetailQuery' || name === 'ReceiptDetailRefetchQuery') {
      payload = MockPayloadGenerator.generate(operation, {
        // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
        Node: () => ({ __typename: 'Receipt', ...receipt(receiptFields) }),
        // biome-ignore lint/correctness/noComponentHookFactories: as above
        Receipt: () => receipt(receiptFields),
      });
    } else if (name === 'PayReceiptQuery') {
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      payload = MockPayloadGenerator.generate(operation, { ReceiptPayOptions: () => payOptions(options) });
    }
    if (payload) {
      answered[name] = (answered[name] ?? 0) + 1;
      environment.mock.queueOperationResolver((next) => resolver(next));
      // The options load through a query loader, which the mock environment only answers when expected.
      if (name === 'PayReceiptQuery') environment.mock.queuePendingOperation(PayReceiptQuery, { receiptId: RECEIPT_ID });
    }
    return payload;
  };
  environment.mock.queueOperationResolver(resolver);
  environment.mock.queuePendingOperation(PayReceiptQuery, { receiptId: RECEIPT_ID });
  const variables = { id: RECEIPT_ID };
  environment.mock.queuePendingOperation(ReceiptDetailQuery, variables);
  const queryRef = loadQuery<ReceiptDetailQueryType>(environment, ReceiptDetailQuery, variables);
  renderScreen(
    environment,
    '/houses/7/receipts/42',
    <Routes>
      <Route path="/houses/:houseId/receipts/:receiptId" element={<ReceiptDetail queryRef={queryRef} />} />
      <Route path="/receipt/payed" element={<p>pago completado</p>} />
      <Route path="*" element={<p>otra página</p>} />
    </Routes>,
    { notifications: true },
  );
  return environment;
}

async function panel() {
  return within(await screen.findByTestId('pay-receipt'));
}

async function pick(label: string, option: string) {
  const p = await panel();
  await act(async () => {
    fireEvent.click(p.getByRole('combobox', { name: label }));
  });
  await act(async () => {
    fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
  });
}

async function fillCard(number: string, cvv = '123') {
  const p = await panel();
  fireEvent.change(p.getByLabelText(/Número de tarjeta/), { target: { value: number } });
  fireEvent.change(p.getByLabelText(/Nombre del titular/), { target: { value: 'Patricia Ruiz' } });
  await pick('Mes', '12');
  await pick('Año', String(new Date().getFullYear() + 3));
  fireEvent.change(p.getByLabelText(/CVV/), { target: { value: cvv } });
}

async function submit(name: RegExp | string) {
  const p = await panel();
  await act(async () => {
    fireEvent.click(p.getByRole('button', { name }));
  });
}

const acceptTerms = async () => {
  const p = await panel();
  fireEvent.click(p.getByRole('checkbox', { name: 'Acepto los Términos y condiciones y las Políticas de privacidad' }));
};

beforeEach(() => tokenize.mockReset());

describe('pay form rules', () => {
  const t = ((key: string) => key) as never;
  const base = {
    method: 'CARD',
    cardId: 'new',
    number: '4111 1111 1111 1111',
    holder: 'Ana',
    month: '12',
    year: String(new Date().getFullYear() + 1),
    cvv: '123',
    msi: null,
    persistCard: false,
    saveAutomaticCharge: false,
    acceptTos: true,
  } as const;
  const issues = (values: Record<string, unknown>) => {
    const result = payFormSchema(t).safeParse({ ...base, ...values });
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('checks a new card: Luhn, CVV of 3 digits or 4 for American Express, expiry, terms', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ number: '4111 1111 1111 1112' })).toEqual(['number']);
    expect(issues({ number: '6011 1111 1111 1117' })).toEqual(['number']);
    expect(issues({ number: '3456 780000 00007', cvv: '123' })).toEqual(['cvv']);
    expect(issues({ number: '3456 780000 00007', cvv: '1234' })).toEqual([]);
    expect(issues({ cvv: '1234' })).toEqual(['cvv']);
    expect(issues({ month: '13' })).toEqual(['month']);
    expect(issues({ year: String(new Date().getFullYear() + 25) })).toEqual(['year']);
    expect(issues({ month: '1', year: String(new Date().getFullYear()) }).length).toBeLessThanOrEqual(1);
    expect(issues({ acceptTos: false })).toEqual(['acceptTos']);
    expect(issues({ number: `4111${'\u0000'.repeat(20)}` })).toContain('number');
    // A saved card or another method needs none of the card fields.
    expect(issues({ cardId: CARD_ID, number: '', cvv: '', month: null, year: null })).toEqual([]);
    expect(issues({ method: 'STORE', cardId: '', number: 'x' })).toEqual([]);
  });

  it('groups numbers as typed, masks saved ones, and only follows http(s) redirects', () => {
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('345678000000007')).toBe('3456 780000 00007');
    expect(groupCardNumber('41a1-1')).toBe('4111');
    expect(groupMasked('411111XXXXXX1111')).toBe('4111 11•• •••• 1111');
    expect(isRedirectUrl('https://bank.example/3ds?id=1')).toBe(true);
    expect(isRedirectUrl('http://127.0.0.1:3000/sandbox/openpay/3ds/m/c')).toBe(true);
    expect(isRedirectUrl('javascript:alert(1)')).toBe(false);
    expect(isRedirectUrl('/relative')).toBe(false);
    expect(isRedirectUrl(null)).toBe(false);
  });
});

describe('paying a receipt', () => {
  it('shows each method with its fee and total, and checks the card before anything leaves', async () => {
    const environment = renderPay();
    const p = await panel();
    expect(p.getByTestId('method-CARD').textContent).toContain('Comisión $46.00 · $1,546.00');
    expect(p.getByTestId('method-BANK').textContent).toContain('Comisión $8.00 · $1,508.00');
    expect(p.getByTestId('pay-total').textContent).toBe('$1,546.00');
    expect(p.getByText('La comisión de $46.00 se suma al total.')).toBeTruthy();
    fireEvent.change(p.getByLabelText(/Número de tarjeta/), { target: { value: '3456 7800 0000 007' } });
    expect((p.getByLabelText(/Número de tarjeta/) as HTMLInputElement).value).toBe('3456 780000 00007');
    expect(p.getByTestId('card-brand').textContent).toBe('American Express');
    expect(p.getByLabelText(/CVV/).getAttribute('maxlength')).toBe('4');
    fireEvent.change(p.getByLabelText(/Número de tarjeta/), { target: { value: '4111 1111 1111 1112' } });
    await submit('Pagar $1,546.00');
    await p.findByText('Revisa el número de la tarjeta');
    expect(p.getByText(PAYMENT_MESSAGES.acceptTos)).toBeTruthy();
    expect(tokenize).not.toHaveBeenCalled();
    expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(0);
  });

  it('a fee the community absorbs leaves the total at the amount', async () => {
    renderPay({
      feePaidByPayer: false,
      fees: [{ method: 'CARD', fee: '46.00', total: '1500.00', deposit: '1454.00' }],
      methods: ['CARD'],
    });
    const p = await panel();
    expect(p.getByTestId('pay-total').textContent).toBe('$1,500.00');
    expect(p.getByText('La comisión de $46.00 la absorbe la comunidad; pagas solo el importe del recibo.')).toBeTruthy();
  });

  it('tokenizes the card at the gateway, sends only the token with a fresh key and the origin, and opens the paid page', async () => {
    tokenize.mockReturnValue('tok_123');
    const environment = renderPay();
    await fillCard('4111 1111 1111 1111');
    await acceptTerms();
    await submit('Pagar $1,546.00');
    await waitFor(() => expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(1));
    expect(tokenize).toHaveBeenCalledWith(
      { baseUrl: '/sandbox/openpay', merchantId: 'mdemo0000000000000000', publicKey: 'pk_demo_1' },
      expect.objectContaining({ number: '4111 1111 1111 1111', holderName: 'Patricia Ruiz', expirationMonth: 12, cvv: '123' }),
    );
    const [charge] = operations(environment, 'PayFormChargeMutation');
    const input = charge.request.variables.input;
    expect(input).toMatchObject({ receiptId: RECEIPT_ID, method: 'CARD', cardToken: 'tok_123', acceptTos: true, origin: window.location.origin });
    expect(input.idempotencyKey).toMatch(UUID);
    expect(JSON.stringify(input)).not.toContain('4111');
    expect(JSON.stringify(input)).not.toContain('"123"');
    await act(async () => {
      environment.mock.resolve(charge, {
        data: {
          chargeReceipt: {
            __typename: 'MutationChargeReceiptSuccess',
            data: {
              message: 'El pago ha sido procesado',
              charge: {
                chargeId: 'c1',
                status: 'COMPLETED',
                method: 'CARD',
                amount: '1500.00',
                fee: '46.00',
                total: '1546.00',
                reference: null,
                redirectUrl: null,
                errorCode: null,
                errorMessage: null,
                message: 'El pago ha sido procesado',
                failedAttempts: 0,
              },
            },
          },
        },
      });
    });
    await screen.findByText('pago completado');
  });

  it('a card the gateway cannot tokenize says so and charges nothing', async () => {
    tokenize.mockReturnValue(new TokenizeError('card_number is invalid', 2004, 422));
    const environment = renderPay();
    await fillCard('4111 1111 1111 1111');
    await acceptTerms();
    await submit('Pagar $1,546.00');
    const p = await panel();
    await waitFor(() => expect(p.getByTestId('pay-failure').textContent).toContain(PAYMENT_MESSAGES.tokenFailed));
    expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(0);
  });

  it("a declined card shows the gateway's message; a saved card gone (2080) reloads the page data", async () => {
    const environment = renderPay({
      cards: [
        {
          id: CARD_ID,
          cardNumber: '411111XXXXXX1111',
          brand: 'visa',
          cardType: 'credit',
          holderName: 'Ana',
          expirationMonth: '12',
          expirationYear: '30',
          automaticCharge: false,
        },
      ],
    });
    const p = await panel();
    expect(p.getByRole('radio', { name: 'Visa terminada en 1111' })).toBeTruthy();
    expect(p.queryByLabelText(/Número de tarjeta/)).toBeNull();
    await acceptTerms();
    await submit('Pagar $1,546.00');
    await waitFor(() => expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(1));
    const [first] = operations(environment, 'PayFormChargeMutation');
    expect(first.request.variables.input).toMatchObject({ cardId: CARD_ID, method: 'CARD' });
    expect(first.request.variables.input.cardToken).toBeUndefined();
    const declined = 'La tarjeta fue declinada. Comunícate con tu banco o usa otra tarjeta.';
    await act(async () => {
      environment.mock.resolve(first, { data: { chargeReceipt: { __typename: 'PaymentError', __isError: 'PaymentError', code: 3001, message: declined } } });
    });
    await waitFor(() => expect(p.getByTestId('pay-failure').textContent).toContain(declined));
    // The failure count comes again from the server.
    await waitFor(() => expect(answered.PayReceiptQuery).toBe(2));
    expect(answered.ReceiptDetailRefetchQuery).toBeUndefined();

    await submit('Pagar $1,546.00');
    await waitFor(() => expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(1));
    const [second] = operations(environment, 'PayFormChargeMutation');
    expect(second.request.variables.input.idempotencyKey).not.toBe(first.request.variables.input.idempotencyKey);
    await act(async () => {
      environment.mock.resolve(second, {
        data: { chargeReceipt: { __typename: 'PaymentError', __isError: 'PaymentError', code: 2080, message: PAYMENT_MESSAGES.savedCardGone } },
      });
    });
    await screen.findByText(PAYMENT_MESSAGES.savedCardGone);
    expect(document.querySelector('[data-kind="warning"]')).toBeTruthy();
    // The receipt and its pay options again from the server.
    await waitFor(() => expect(operations(environment, 'ReceiptDetailRefetchQuery')).toHaveLength(1));
    await waitFor(() => expect(answered.PayReceiptQuery).toBe(3));
  });

  it('after three failures the card payment waits: the 24-hour warning and the button off', async () => {
    renderPay({ failedAttempts: 3 });
    const p = await panel();
    expect(p.getByTestId('too-many-attempts').textContent).toContain(PAYMENT_MESSAGES.tooManyAttempts);
    expect((p.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(p.getByRole('radio', { name: 'Pago en tienda' }));
    await waitFor(() => expect((p.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(false));
    expect(p.queryByTestId('too-many-attempts')).toBeNull();
  });

  it('automatic charge asks for the authorization first: «Autorizar y activar» turns it on and sends it', async () => {
    tokenize.mockReturnValue('tok_9');
    const environment = renderPay();
    await fillCard('4111 1111 1111 1111');
    const p = await panel();
    const automatic = p.getByRole('checkbox', { name: /Activar cargo automático/ }) as HTMLInputElement;
    fireEvent.click(automatic);
    const dialog = await screen.findByRole('dialog', { name: 'Autorizar cargo automático' });
    // One choice, made by the buttons: no inner box to tick first.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Autorizar y activar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Autorizar cargo automático' })).toBeNull());
    expect(automatic.checked).toBe(true);
    p.getByText('Cargo automático autorizado.');
    await acceptTerms();
    await submit('Pagar $1,546.00');
    await waitFor(() => expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(1));
    expect(operations(environment, 'PayFormChargeMutation')[0].request.variables.input).toMatchObject({ saveAutomaticCharge: true, authorize: true });
  });

  it('automatic charge: «No activar» or closing the dialog leaves it off, and the charge says so', async () => {
    tokenize.mockReturnValue('tok_9');
    const environment = renderPay();
    await fillCard('4111 1111 1111 1111');
    const p = await panel();
    const automatic = p.getByRole('checkbox', { name: /Activar cargo automático/ }) as HTMLInputElement;
    fireEvent.click(automatic);
    let dialog = await screen.findByRole('dialog', { name: 'Autorizar cargo automático' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No activar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Autorizar cargo automático' })).toBeNull());
    expect(automatic.checked).toBe(false);
    // Closing it (Escape) is the same «no».
    fireEvent.click(automatic);
    dialog = await screen.findByRole('dialog', { name: 'Autorizar cargo automático' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Autorizar cargo automático' })).toBeNull());
    expect(automatic.checked).toBe(false);
    await acceptTerms();
    await submit('Pagar $1,546.00');
    await waitFor(() => expect(operations(environment, 'PayFormChargeMutation')).toHaveLength(1));
    expect(operations(environment, 'PayFormChargeMutation')[0].request.variables.input).toMatchObject({ saveAutomaticCharge: false, authorize: false });
  });

  it('a receipt in process shows the store reference and its instructions, and listens for the payment', async () => {
    const environment = renderPay(
      {
        latestCharge: {
          chargeId: 'c2',
          status: 'IN_PROGRESS',
          method: 'STORE',
          amount: '1500.00',
          fee: '46.00',
          total: '1546.00',
          reference: '1010988251660828',
          redirectUrl: null,
          authorization: null,
          errorCode: null,
          errorMessage: null,
          message: PAYMENT_MESSAGES.inProcess,
          failedAttempts: 0,
          instructions: {
            type: 'store',
            reference: '1010988251660828',
            barcodeUrl: '/sandbox/openpay/barcode/1010988251660828',
            clabe: null,
            bank: null,
            name: null,
            agreement: null,
          },
        },
      },
      {
        status: 'IN_PROGRESS',
        actions: { ...NO_ACTIONS, allowDeleteReference: true },
        documents: { receipt: true, paymentInstructions: true, externalPayment: false, cfdiXml: false, cfdiPdf: false, attachment: false },
      },
    );
    const progress = within(await screen.findByTestId('payment-in-progress'));
    expect(progress.getByTestId('store-reference').textContent).toBe('1010988251660828');
    expect(progress.getByTestId('in-progress-total').textContent).toBe('$1,546.00');
    expect(progress.getByText(PAYMENT_MESSAGES.inProcess)).toBeTruthy();
    expect(progress.getByRole('button', { name: 'Descargar instrucciones de pago' })).toBeTruthy();
    const [subscription] = operations(environment, 'PaymentInProgressUpdatesSubscription');
    expect(subscription.request.variables).toEqual({ receiptId: RECEIPT_ID });
  });
});
