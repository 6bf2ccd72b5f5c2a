// Legacy /api/1.0 routes of online payments (spec 1 section 7): the charge request, its verification and
// the house's saved cards. Card numbers never reach this server: a legacy body that carries one is refused
// before anything reads it further (the browser tokenizes cards with the gateway).
import { z } from 'zod';
import { fileResponse, globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { RECEIPT_ALREADY_PAID } from '../../../../../core/receipts.js';
import { LEGACY_CODES } from '../../../../kernel/errors.js';
import { HOUSE_SCOPE, ids as receiptIds, legacyReceipt, RECEIPT_SELECTION, receiptOfPath } from '../receipts/rest.js';

const HOUSE = '/neighborhoods/{n}/houses/{h}';
const RECEIPT = `${HOUSE}/receipts/{id}`;

const CHARGE_FIELDS = `chargeId status method amount fee total reference redirectUrl authorization errorCode errorMessage message failedAttempts
  instructions { type reference barcodeUrl clabe bank name agreement }`;
export const CARD_FIELDS = 'databaseId cardNumber brand cardType holderName expirationMonth expirationYear automaticCharge';

const flag = z.union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(1), z.literal(0)]).transform((v) => v === true || v === 'true' || v === 1);
const legacyId = z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]).transform(Number);

const ChargeBody = z
  .object({
    receipt_payment_method: z.string().max(20),
    id_card: legacyId.nullish(),
    card_token: z.string().max(100).nullish(),
    session_id: z.string().max(255).nullish(),
    persist_card: flag.nullish(),
    save_automatic_charge: flag.nullish(),
    authorize: flag.nullish(),
    accept_tos: flag.nullish(),
    msi: legacyId.nullish(),
    // Legacy clients sent the card itself; only its tokenization flags are read (number and CVV are refused below).
    card: z.object({ msi: legacyId.nullish(), persist: flag.nullish() }).passthrough().nullish(),
    cvv: z.unknown().optional(),
    save_as_prefered: flag.nullish(),
  })
  .passthrough();

export const legacyCharge = (c: any) => ({
  id: c.chargeId,
  status: c.status,
  receipt_payment_method: c.method,
  amount: c.amount,
  fee: c.fee,
  total: c.total,
  reference: c.reference,
  payment_instructions: c.instructions
    ? {
        type: c.instructions.type,
        reference: c.instructions.reference,
        barcode_url: c.instructions.barcodeUrl,
        clabe: c.instructions.clabe,
        bank: c.instructions.bank,
        name: c.instructions.name,
        agreement: c.instructions.agreement,
      }
    : null,
  redirect_url: c.redirectUrl,
  authorization: c.authorization,
  failed_attempts: c.failedAttempts,
  message: c.message,
});

/** The gateway's brand names as spec 1 sections 3 and 9 spell them (visa, master_card, american_express). */
const LEGACY_BRANDS: Record<string, string> = { mastercard: 'master_card', amex: 'american_express' };
export const legacyBrand = (brand: string | null) => (brand === null ? null : (LEGACY_BRANDS[brand.toLowerCase()] ?? brand.toLowerCase()));

export const legacyCard = (c: any) => ({
  id: c.databaseId,
  card_number: c.cardNumber,
  card_type: c.cardType,
  brand: legacyBrand(c.brand),
  holder_name: c.holderName,
  expiration_month: c.expirationMonth,
  expiration_year: c.expirationYear,
  automatic_charge: c.automaticCharge,
});

function cardRoute(method: 'DELETE' | 'POST', suffix: string, mutation: string): RestRoute {
  const input = `${mutation[0].toUpperCase()}${mutation.slice(1)}Input`;
  return {
    method,
    path: `${HOUSE}/cards/{id}${suffix}`,
    body: method === 'POST' ? z.object({ authorize: flag.nullish() }).passthrough().optional() : undefined,
    operation: `mutation($input: ${input}!) { ${mutation}(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on Mutation${input.replace(/Input$/, '')}Success { data { message card { ${CARD_FIELDS} } } } } }`,
    variables: ({ params, body }) => ({
      input: { cardId: globalId('SavedCard', params.id), ...(method === 'POST' ? { authorize: body?.authorize ?? false } : {}) },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data[mutation]);
      return { message: payload.message, card: payload.card ? legacyCard(payload.card) : null };
    },
  };
}

export const paymentsRoutes: RestRoute[] = [
  {
    // The receipt read of the pay screen (/houses/{h}/receipts/{id}). A receipt already paid is not an
    // error for that screen: 412 with code 2079 and the receipt, which the client shows as completed.
    method: 'GET',
    path: RECEIPT,
    operation: `query($id: ID!, $houseId: ID) { ${HOUSE_SCOPE} node(id: $id) { ... on Receipt { ${RECEIPT_SELECTION} } }
      receiptPayOptions(receiptId: $id) { methods feePaidByPayer msiChoices gatewayName gatewayAccountId gatewayPublicKey gatewaySandboxMode tokenBaseUrl failedAttempts
        fees { method fee total deposit } cards { ${CARD_FIELDS} } } }`,
    variables: receiptIds,
    result: (data, req) => {
      const node = receiptOfPath(data.node, req);
      const receipt = legacyReceipt(node);
      if (node.status === 'PAID') throw new RestError(412, LEGACY_CODES.receiptAlreadyPaid, RECEIPT_ALREADY_PAID, { receipt });
      const options = data.receiptPayOptions;
      return {
        receipt,
        methods: [...(options?.methods ?? []), ...(node.actions.allowPayWithWallet ? ['WALLET'] : [])],
        cards: (options?.cards ?? []).map(legacyCard),
        fees: (options?.fees ?? []).map((f: any) => ({ method: f.method, fee: f.fee, total: f.total, deposit: f.deposit })),
        fee_paid_by_payer: options?.feePaidByPayer ?? null,
        msi: options?.msiChoices ?? [],
        failed_attempts: options?.failedAttempts ?? 0,
        gateway_name: options?.gatewayName ?? null,
        gateway_url: options?.tokenBaseUrl ?? null,
        gateway_account_id: options?.gatewayAccountId ?? null,
        gateway_public_key: options?.gatewayPublicKey ?? null,
        gateway_sandbox_mode: options?.gatewaySandboxMode ?? null,
      };
    },
  },
  {
    method: 'POST',
    path: `${RECEIPT}/charge`,
    body: ChargeBody,
    operation: `mutation($input: ChargeReceiptInput!) { chargeReceipt(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationChargeReceiptSuccess { data { message charge { ${CHARGE_FIELDS} } } } } }`,
    variables: ({ params, body }) => {
      if ((body.card && ('number' in body.card || 'cvv' in body.card)) || body.cvv !== undefined) {
        throw new RestError(400, 400, 'Los datos de la tarjeta se envían a la pasarela de pago desde el navegador: manda card_token');
      }
      return {
        input: {
          receiptId: globalId('Receipt', params.id),
          method: body.receipt_payment_method,
          cardToken: body.card_token ?? null,
          cardId: body.id_card ? globalId('SavedCard', String(body.id_card)) : null,
          deviceSessionId: body.session_id ?? null,
          persistCard: body.persist_card ?? body.card?.persist ?? body.save_as_prefered ?? false,
          saveAutomaticCharge: body.save_automatic_charge ?? false,
          authorize: body.authorize ?? false,
          acceptTos: body.accept_tos ?? false,
          msi: body.msi ?? body.card?.msi ?? null,
        },
      };
    },
    result: (data) => {
      const payload = unwrapResult<any>(data.chargeReceipt);
      if (payload.charge?.redirectUrl) throw new RestError(402, 3005, payload.charge.redirectUrl, { charge: legacyCharge(payload.charge) });
      return { message: payload.message, charge: payload.charge ? legacyCharge(payload.charge) : null };
    },
  },
  {
    method: 'GET',
    path: `${RECEIPT}/verify-charge/{tx}`,
    operation: `mutation($input: VerifyReceiptChargeInput!) { verifyReceiptCharge(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationVerifyReceiptChargeSuccess { data { message charge { ${CHARGE_FIELDS} } } } } }`,
    variables: ({ params }) => ({ input: { receiptId: globalId('Receipt', params.id), transactionId: params.tx } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.verifyReceiptCharge);
      if (payload.charge?.status === 'FAILED') throw new RestError(402, payload.charge.errorCode ?? -1, payload.charge.errorMessage ?? payload.message);
      return { message: payload.message, charge: legacyCharge(payload.charge) };
    },
  },
  {
    method: 'GET',
    path: `${HOUSE}/cards`,
    operation: `query { houseCards { houseId recurrentChargeAllowed recurrentChargeAdvice cards { ${CARD_FIELDS} } } }`,
    result: (data, req) => {
      if (data.houseCards.houseId !== globalId('House', req.params.h)) throw new RestError(404, 404, 'La propiedad no existe');
      return {
        cards: data.houseCards.cards.map(legacyCard),
        recurrent_charge_allowed: data.houseCards.recurrentChargeAllowed,
        recurrent_charge_advice: data.houseCards.recurrentChargeAdvice,
      };
    },
  },
  {
    method: 'GET',
    path: `${RECEIPT}/payment-instructions`,
    operation: `query($id: ID!) { node(id: $id) { ... on Receipt { houseDatabaseId } } paymentInstructionsPdf(receiptId: $id) { fileName contentType base64 } }`,
    variables: ({ params }) => ({ id: globalId('Receipt', params.id) }),
    result: (data, req) => {
      if (!data.paymentInstructionsPdf || String(data.node?.houseDatabaseId) !== req.params.h) {
        throw new RestError(404, 404, 'El recibo no tiene una referencia de pago pendiente');
      }
      return fileResponse(data.paymentInstructionsPdf);
    },
  },
  cardRoute('DELETE', '', 'deleteSavedCard'),
  cardRoute('POST', '/subscription', 'subscribeCardAutomaticCharge'),
  cardRoute('DELETE', '/subscription', 'unsubscribeCardAutomaticCharge'),
];
