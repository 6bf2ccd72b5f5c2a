// The built-in sandbox gateway: Openpay's REST API answered inside this app under
// /sandbox/openpay/v1/{merchant_id}/…, so the browser's tokenization and the server's Openpay adapter run
// unchanged against it. A merchant is a community whose gatewayAccountId is the merchant id; tokens
// take its public key (or its private key), everything else its private key. Its records live in
// SandboxGatewayObject (kind token, customer, card, charge, payout, fee, webhook, webhook_endpoint); the
// order_id of a charge is unique per merchant (Openpay's 1006). Test cards and their behaviours: ./cards.ts.
// Capture, refund and the list filters: ./transactions.ts; customers' list, update and delete, the merchant,
// fees and webhooks: ./accounts.ts. Openpay's Node library drives all of it in openpayLibrary.test.ts.
// Besides Openpay's API:
//   POST /v1/{m}/charges/{id}/simulate {action: pay | fail | chargeback_created | chargeback_rejected |
//        chargeback_accepted, delay_ms?}  (private key) changes a charge and queues its webhook; as at Openpay,
//        a charged-back charge then reads with status chargeback_pending, chargeback_adjustment (rejected)
//        or chargeback_accepted;
//   GET/POST /3ds/{m}/{chargeId}  the 3-D Secure page ("Autorizar" / "Rechazar");
//   GET /barcode/{reference}  a store reference's barcode (SVG).
// Payouts (POST/GET /v1/{m}/payouts, GET /payouts/{id}): answered in_progress and settled once their
// settle time (PAYOUT_SETTLE_MS later) has passed, when read again, or at once by
//   POST /v1/{m}/payouts/{id}/simulate {action: pay | fail}.
// Test destinations, by the holder name (any case): one containing RECHAZO fails when it settles (the
// receiving bank refuses it); FONDOS is refused at once (4001, not enough funds); SIN RESPUESTA is made
// but its answer is lost (504), so the caller must find it by its order_id. Any other valid CLABE or card
// settles as completed. A CLABE with a wrong check digit or a card failing Luhn is a 400.
// Card numbers and CVVs are read only to create a token, a saved card or a charge: never stored, never logged, never answered.
import { randomInt } from 'node:crypto';
import type { Config } from '../../../config.js';
import { lockRow } from '../../../kernel/locks.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { limitBody } from '../../../http/bodyLimit.js';
import {
  amountOf,
  authorizationCode,
  EMAIL,
  errorResponse,
  findObject,
  ID,
  lockCharge,
  type Merchant,
  objectOf,
  publicCard,
  publicCharge,
  readAddress,
  readJson,
  requireCustomer,
  type SandboxDeps,
  SandboxError,
  type SandboxRoute,
  text,
} from './api.js';
import { gatewayKeys } from '../keys.js';
import { constantTimeEqual, parseBasicAuthorization } from '../openpay.js';
import { brandOf, type CardBehaviour, describeCard, luhnValid, maskCardNumber } from './cards.js';
import { barcodeSvg, threeDSecurePage } from './pages.js';
import { clabeWithCheckDigit, type Json, newId, openpayDate, type SandboxObject } from './records.js';
import { accountRoutes, customerFields, savedDestination } from './accounts.js';
import { listTransactions, transactionRoutes } from './transactions.js';
import { DEFAULT_DELAY_MS, queueWebhook } from './webhooks.js';
import { speiRoutes } from './spei.js';
import { isResponse, Response } from '../../../http/response.js';

export type { SandboxDeps } from './api.js';
export const SANDBOX_GATEWAY_PREFIX = '/sandbox/openpay';
const MSI_PLANS = [3, 6, 9, 12, 18];

/** The community whose keys open this merchant id, and which key was used. */
async function authenticate(deps: SandboxDeps, merchantId: string, request: Request, need: 'public' | 'private'): Promise<Merchant> {
  const given = parseBasicAuthorization(request.headers.get('authorization'));
  if (!given?.user) throw new SandboxError(1002, 401, 'The api key or merchant id are invalid');
  for (const n of await gatewayKeys().ofMerchant(deps.db.prisma, deps.config, merchantId)) {
    if (constantTimeEqual(given.user, n.privateKey)) return { merchantId, neighborhoodId: n.neighborhoodId, role: 'private' };
    if (constantTimeEqual(given.user, n.publicKey)) {
      if (need === 'private') throw new SandboxError(1010, 403, 'The public key cannot be used for this operation');
      return { merchantId, neighborhoodId: n.neighborhoodId, role: 'public' };
    }
  }
  throw new SandboxError(1002, 401, 'The api key or merchant id are invalid');
}

// ---- tokens ----

/** A card's data as a token, a saved card or a charge receives it: what is kept of it and its test behaviour. */
function readCard(body: Json): { card: Json; info: Json } {
  const rawNumber = text(body, 'card_number', 19, true);
  if (!/^\d{13,19}$/.test(rawNumber)) throw new SandboxError(1001, 400, 'card_number must contain between 13 and 19 digits');
  if (!luhnValid(rawNumber)) throw new SandboxError(2004, 422, `The card number verification digit is invalid`);
  const card = describeCard(rawNumber);
  if (!card || !brandOf(rawNumber)) throw new SandboxError(2011, 422, 'The card type is not supported');
  const holderName = text(body, 'holder_name', 80, true);
  const year = text(body, 'expiration_year', 2, true);
  const month = text(body, 'expiration_month', 2, true);
  if (!/^\d{2}$/.test(year)) throw new SandboxError(1001, 400, 'expiration_year must be two digits');
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) throw new SandboxError(1001, 400, 'expiration_month must be between 01 and 12');
  const now = new Date();
  const expiry = (2000 + Number(year)) * 12 + Number(month);
  if (expiry < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) throw new SandboxError(2005, 400, 'The expiration date has already passed');
  const cvv = body.cvv2 === undefined || body.cvv2 === null || body.cvv2 === '' ? undefined : String(body.cvv2);
  if (!cvv) throw new SandboxError(2006, 400, 'The CVV2 security code is required');
  const cvvLength = card.brand === 'american_express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(cvv)) throw new SandboxError(2009, 412, 'The CVV2 security code is invalid');
  const cardData: Json = {
    card_number: maskCardNumber(rawNumber),
    holder_name: holderName,
    expiration_year: year,
    expiration_month: month.padStart(2, '0'),
    address: body.address === undefined || body.address === null ? null : readAddress(objectOf(body, 'address')!, 'address'),
    creation_date: openpayDate(now),
    brand: card.brand,
  };
  return { card: cardData, info: { type: card.type, bankName: card.bankName, bankCode: card.bankCode, behaviour: card.behaviour } };
}

async function createToken(deps: SandboxDeps, merchant: Merchant, body: Json): Promise<Json> {
  const { card, info } = readCard(body);
  const id = newId('k');
  await deps.db.prisma.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'token', data: { id, card, sandbox: info } } });
  return { id, card };
}

// ---- customers and cards ----

async function createCustomer(deps: SandboxDeps, merchant: Merchant, body: Json): Promise<Json> {
  const externalId = text(body, 'external_id', 100) ?? null;
  const id = newId('a');
  const data: Json = {
    id,
    ...customerFields(body),
    creation_date: openpayDate(new Date()),
    external_id: externalId,
    clabe: body.requires_account === true ? clabeWithCheckDigit(`646180${String(randomInt(10 ** 11)).padStart(11, '0')}`) : null,
    balance: 0,
    status: 'active',
  };
  try {
    await deps.db.prisma.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'customer', orderId: externalId, data } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SandboxError(2003, 409, 'The customer with this external_id already exists');
    throw error;
  }
  return data;
}

/** A card saved on a customer, or on the merchant (customerId null): from a token, or from the card's data. */
async function addCard(deps: SandboxDeps, merchant: Merchant, customerId: string | null, body: Json): Promise<Json> {
  if (customerId) await requireCustomer(deps.db.prisma, merchant.merchantId, customerId);
  text(body, 'device_session_id', 255);
  let card: Json;
  let info: Json;
  if (body.token_id === undefined && body.card_number !== undefined) ({ card, info } = readCard(body));
  else {
    const tokenId = text(body, 'token_id', 45, true);
    const token = await findObject(deps.db.prisma, merchant.merchantId, 'token', tokenId);
    if (!token) throw new SandboxError(1005, 404, `The token '${tokenId}' does not exist`);
    ({ card, sandbox: info } = token.data);
  }
  const id = newId('k');
  const data: Json = {
    ...card,
    id,
    type: info.type,
    allows_charges: true,
    allows_payouts: info.type === 'debit',
    creation_date: openpayDate(new Date()),
    bank_name: info.bankName,
    bank_code: info.bankCode,
    ...(customerId ? { customer_id: customerId } : {}),
    sandbox: { behaviour: info.behaviour },
  };
  await deps.db.prisma.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'card', parentId: customerId, data } });
  return publicCard(data);
}

async function findCard(deps: SandboxDeps, merchant: Merchant, customerId: string | null, cardId: string): Promise<SandboxObject> {
  const card = await findObject(deps.db.prisma, merchant.merchantId, 'card', cardId);
  if (!card || card.parentId !== customerId) throw new SandboxError(1005, 404, `The card with id '${cardId.slice(0, 45)}' does not exist`);
  return card;
}

// ---- charges ----

interface Source {
  card: Json;
  behaviour: CardBehaviour;
}

async function chargeSource(deps: SandboxDeps, merchant: Merchant, customerId: string | null, sourceId: string): Promise<Source> {
  const token = await findObject(deps.db.prisma, merchant.merchantId, 'token', sourceId);
  if (token) {
    const info = token.data.sandbox as Json;
    return {
      card: { ...token.data.card, type: info.type, allows_charges: true, allows_payouts: false, bank_name: info.bankName, bank_code: info.bankCode },
      behaviour: info.behaviour,
    };
  }
  const card = await findObject(deps.db.prisma, merchant.merchantId, 'card', sourceId);
  if (card && card.parentId === customerId) {
    const { id: _id, customer_id: _customer, creation_date: _created, sandbox, ...rest } = card.data;
    return { card: rest, behaviour: sandbox.behaviour };
  }
  throw new SandboxError(1005, 404, `The card or token '${sourceId.slice(0, 45)}' does not exist`);
}

/** A charge with the card's data in `card` instead of a source_id (the card is not saved). */
function rawCardSource(body: Json): Source {
  const { card, info } = readCard(body);
  const { creation_date: _created, ...rest } = card;
  return {
    card: { ...rest, type: info.type, allows_charges: true, allows_payouts: false, bank_name: info.bankName, bank_code: info.bankCode },
    behaviour: info.behaviour,
  };
}

/** capture: false on a card the bank would approve: the charge is only authorized. */
function preauthorizes(body: Json, behaviour: CardBehaviour): boolean {
  if (body.capture === undefined || body.capture === null || body.capture === true || body.capture === 'true') return false;
  if (body.capture !== false && body.capture !== 'false') throw new SandboxError(1001, 400, 'capture must be true or false');
  return behaviour.kind === 'approve' || behaviour.kind === 'lostAnswer' || behaviour.kind === 'delayed';
}

/** The address the browser reaches this app at: PUBLIC_URL, else the merchant's redirect_url, else a path on the same origin. */
function appOrigin(config: Config, hint?: string | null): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (hint) {
    try {
      const url = new URL(hint);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {}
  }
  return '';
}

async function createCharge(deps: SandboxDeps, merchant: Merchant, customerId: string | null, body: Json): Promise<Response> {
  if (customerId) await requireCustomer(deps.db.prisma, merchant.merchantId, customerId);
  const method = body.method;
  if (method !== 'card' && method !== 'store' && method !== 'bank_account') throw new SandboxError(1001, 400, 'method must be card, store or bank_account');
  const amount = amountOf(body);
  const description = text(body, 'description', 250, true);
  const orderId = text(body, 'order_id', 100) ?? null;
  const currency = text(body, 'currency', 3) ?? 'MXN';
  if (currency !== 'MXN') throw new SandboxError(1003, 422, 'currency must be MXN');
  const redirectUrl = text(body, 'redirect_url', 2000) ?? null;
  if (redirectUrl && !/^https?:\/\/[^\s]+$/.test(redirectUrl)) throw new SandboxError(1003, 422, 'redirect_url must be an http or https URL');
  text(body, 'device_session_id', 255);
  if (body.customer !== undefined && body.customer !== null) {
    if (typeof body.customer !== 'object' || Array.isArray(body.customer)) throw new SandboxError(1001, 400, 'customer must be an object');
    text(body.customer, 'name', 100, true);
    text(body.customer, 'last_name', 100);
    const email = text(body.customer, 'email', 100, true);
    if (!EMAIL.test(email)) throw new SandboxError(1001, 400, 'customer.email is not a valid address');
    text(body.customer, 'phone_number', 20);
  }
  const metadata = body.metadata && typeof body.metadata === 'object' ? (body.metadata as Json) : {};
  const delayMs = delayOf(metadata.sandbox_delay_ms);

  const now = new Date();
  const id = newId('tr');
  const data: Json = {
    id,
    authorization: null,
    operation_type: 'in',
    method,
    transaction_type: 'charge',
    status: 'in_progress',
    conciliated: false,
    creation_date: openpayDate(now),
    operation_date: openpayDate(now),
    description,
    error_message: null,
    order_id: orderId,
    amount,
    currency: 'MXN',
    ...(customerId ? { customer_id: customerId } : {}),
  };
  const sandbox: Json = { neighborhoodId: merchant.neighborhoodId, redirectUrl };
  let failure: SandboxError | null = null;
  let lostAnswer = false;
  let webhook: { type: string; runAt?: Date; apply?: Json } | null = null;

  if (method === 'card') {
    const raw = body.source_id === undefined || body.source_id === null ? objectOf(body, 'card') : undefined;
    const source = raw ? rawCardSource(raw) : await chargeSource(deps, merchant, customerId, text(body, 'source_id', 45, true));
    data.card = source.card;
    sandbox.behaviour = source.behaviour;
    if (body.payment_plan !== undefined && body.payment_plan !== null) {
      const payments = (body.payment_plan as Json)?.payments;
      if (!MSI_PLANS.includes(payments)) throw new SandboxError(1003, 422, 'payment_plan.payments must be 3, 6, 9, 12 or 18');
      if (source.card.type !== 'credit') throw new SandboxError(3006, 412, 'Interest-free months are only allowed with credit cards');
      data.payment_plan = { payments };
    }
    if (body.use_3d_secure === true || body.use_3d_secure === 'true') {
      data.status = 'charge_pending';
      data.authorization = id;
      data.payment_method = { type: 'redirect', url: `${appOrigin(deps.config, redirectUrl)}${SANDBOX_GATEWAY_PREFIX}/3ds/${merchant.merchantId}/${id}` };
    } else if (preauthorizes(body, source.behaviour)) {
      // capture: false holds the amount (in_progress, authorized) until POST …/capture or …/refund (./transactions.ts).
      data.authorization = authorizationCode();
      sandbox.capture = 'pending';
      lostAnswer = source.behaviour.kind === 'lostAnswer';
    } else {
      const outcome = applyBehaviour(data, source.behaviour, now, delayMs);
      failure = outcome.failure;
      lostAnswer = outcome.lostAnswer;
      webhook = outcome.webhook;
    }
  } else {
    const due = text(body, 'due_date', 40);
    let dueDate: Date;
    if (due) {
      dueDate = new Date(due);
      if (Number.isNaN(dueDate.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(due)) throw new SandboxError(1001, 400, 'due_date must be an ISO date');
      if (dueDate.getTime() <= now.getTime()) throw new SandboxError(1003, 422, 'due_date must be in the future');
    } else {
      dueDate = new Date(now.getTime() + 30 * 86_400_000);
    }
    data.due_date = openpayDate(dueDate);
    if (method === 'store') {
      const reference = `1010${String(randomInt(10 ** 6)).padStart(6, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;
      const origin = appOrigin(deps.config);
      data.payment_method = { type: 'store', reference, barcode_url: `${origin}${SANDBOX_GATEWAY_PREFIX}/barcode/${reference}?width=1&height=45&text=false` };
    } else {
      data.payment_method = {
        type: 'bank_transfer',
        bank: 'STP',
        clabe: clabeWithCheckDigit(`646180${String(randomInt(10 ** 11)).padStart(11, '0')}`),
        name: merchant.merchantId,
      };
    }
  }

  data.sandbox = sandbox;
  try {
    await deps.db.prisma.$transaction(async (tx) => {
      await tx.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'charge', parentId: customerId, orderId, data } });
      if (webhook) await queueWebhook(tx, { merchantId: merchant.merchantId, neighborhoodId: merchant.neighborhoodId, ...webhook, charge: data });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SandboxError(1006, 409, `The orderId '${orderId}' has already been processed`);
    throw error;
  }
  if (lostAnswer) return new Response('Gateway Timeout', { status: 504 });
  if (failure) return errorResponse(failure);
  return Response.json(publicCharge(data));
}

function delayOf(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_DELAY_MS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 86_400_000) throw new SandboxError(1003, 422, 'sandbox_delay_ms must be an integer between 0 and 86400000');
  return n;
}

/**
 * Applies a card's behaviour to a charge being made (or authorized on the 3-D Secure page): the charge's
 * new fields, the error to answer, and the webhook to queue.
 */
function applyBehaviour(
  data: Json,
  behaviour: CardBehaviour,
  now: Date,
  delayMs: number,
  viaThreeDSecure = false,
): { failure: SandboxError | null; lostAnswer: boolean; webhook: { type: string; runAt?: Date; apply?: Json } | null } {
  switch (behaviour.kind) {
    case 'approve':
    case 'lostAnswer':
      data.status = 'completed';
      data.authorization = authorizationCode();
      data.operation_date = openpayDate(now);
      return { failure: null, lostAnswer: behaviour.kind === 'lostAnswer' && !viaThreeDSecure, webhook: { type: 'charge.succeeded' } };
    case 'require3ds':
      if (viaThreeDSecure) return applyBehaviour(data, { kind: 'approve' }, now, delayMs, true);
      return fail(data, new SandboxError(3005, 402, 'The card was declined by the antifraud system, use 3D Secure', 'gateway'));
    case 'decline':
      return fail(data, new SandboxError(behaviour.code, behaviour.httpCode, behaviour.description, 'gateway'));
    case 'delayed': {
      data.status = 'in_progress';
      const runAt = new Date(now.getTime() + delayMs);
      return {
        failure: null,
        lostAnswer: false,
        webhook: { type: 'charge.succeeded', runAt, apply: { status: 'completed', authorization: authorizationCode(), operation_date: openpayDate(runAt) } },
      };
    }
  }
}

function fail(data: Json, error: SandboxError) {
  data.status = 'failed';
  data.error_message = error.description;
  data.error_code = error.code;
  return { failure: error, lostAnswer: false, webhook: { type: 'charge.failed' } };
}

async function listCharges(deps: SandboxDeps, merchant: Merchant, customerId: string | null, url: URL): Promise<Json[]> {
  if (customerId) await requireCustomer(deps.db.prisma, merchant.merchantId, customerId);
  return listTransactions(deps, merchant, 'charge', customerId, url, (row) => publicCharge(row.data));
}

async function getCharge(deps: SandboxDeps, merchant: Merchant, customerId: string | null, chargeId: string): Promise<Json> {
  const charge = await findObject(deps.db.prisma, merchant.merchantId, 'charge', chargeId);
  if (!charge || (customerId && charge.parentId !== customerId)) throw new SandboxError(1005, 404, `The requested resource doesn't exist`);
  return publicCharge(charge.data);
}

// ---- sandbox controls ----

const SIMULATIONS = ['pay', 'fail', 'chargeback_created', 'chargeback_rejected', 'chargeback_accepted'] as const;

async function simulate(deps: SandboxDeps, merchant: Merchant, chargeId: string, body: Json): Promise<Json> {
  const action = body.action;
  if (!SIMULATIONS.includes(action)) throw new SandboxError(1001, 400, `action must be one of ${SIMULATIONS.join(', ')}`);
  const delayMs = body.delay_ms === undefined ? 0 : delayOf(body.delay_ms);
  return deps.db.prisma.$transaction(async (tx) => {
    const charge = await lockCharge(tx, merchant.merchantId, chargeId);
    const data = { ...charge.data };
    const now = new Date();
    let type: string;
    let chargeback: Json | undefined;
    const pending = data.status === 'in_progress' || data.status === 'charge_pending';
    switch (action as (typeof SIMULATIONS)[number]) {
      case 'pay':
        if (!pending) throw new SandboxError(1013, 409, `The charge is ${data.status} and cannot be paid`);
        data.status = 'completed';
        data.authorization = authorizationCode();
        data.operation_date = openpayDate(now);
        type = 'charge.succeeded';
        break;
      case 'fail':
        if (!pending) throw new SandboxError(1013, 409, `The charge is ${data.status} and cannot fail`);
        if (data.method === 'card') {
          data.status = 'failed';
          data.error_message = 'The card was declined';
          data.error_code = 3001;
          type = 'charge.failed';
        } else {
          data.status = 'cancelled';
          type = 'charge.cancelled';
        }
        data.operation_date = openpayDate(now);
        break;
      case 'chargeback_created':
        if (data.status !== 'completed' || data.method !== 'card') throw new SandboxError(1013, 409, 'Only a completed card charge can be charged back');
        if (data.sandbox?.chargeback) throw new SandboxError(1013, 409, 'The charge already has a chargeback');
        chargeback = { id: newId('cb'), status: 'created', amount: data.amount, creation_date: openpayDate(now) };
        type = 'chargeback.created';
        break;
      default: {
        const current = data.sandbox?.chargeback as Json | undefined;
        if (current?.status !== 'created') throw new SandboxError(1013, 409, 'The charge has no open chargeback');
        const status = action === 'chargeback_rejected' ? 'rejected' : 'accepted';
        chargeback = { ...current, status };
        type = `chargeback.${status}`;
      }
    }
    data.sandbox = { ...data.sandbox, ...(chargeback ? { chargeback } : {}) };
    await tx.sandboxGatewayObject.update({ where: { id: chargeId }, data: { data } });
    await queueWebhook(tx, {
      merchantId: merchant.merchantId,
      neighborhoodId: data.sandbox.neighborhoodId ?? merchant.neighborhoodId,
      type,
      charge: data,
      chargeback,
      runAt: new Date(now.getTime() + delayMs),
    });
    return publicCharge(data);
  });
}

// ---- 3-D Secure ----

async function threeDSecure(deps: SandboxDeps, request: Request, merchantId: string, chargeId: string): Promise<Response> {
  const html = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  const charge = await findObject(deps.db.prisma, merchantId, 'charge', chargeId);
  if (!charge) return html(threeDSecurePage({ state: 'missing' }), 404);
  if (request.method === 'GET') {
    if (charge.data.status !== 'charge_pending') return html(threeDSecurePage({ state: 'done', charge: publicCharge(charge.data) }));
    return html(threeDSecurePage({ state: 'pending', charge: publicCharge(charge.data), action: `${SANDBOX_GATEWAY_PREFIX}/3ds/${merchantId}/${chargeId}` }));
  }
  if (request.method !== 'POST') return new Response('Método no permitido', { status: 405 });
  let decision: string | null = null;
  try {
    decision = (await (await limitBody(request, 4096)).formData()).get('decision') as string | null;
  } catch {
    decision = null;
  }
  if (decision !== 'authorize' && decision !== 'reject')
    return html(threeDSecurePage({ state: 'pending', charge: publicCharge(charge.data), action: '' }), 400);
  const done = await deps.db.prisma.$transaction(async (tx) => {
    const locked = await lockCharge(tx, merchantId, chargeId);
    const data = { ...locked.data };
    if (data.status !== 'charge_pending') return data;
    const now = new Date();
    let webhook: { type: string; runAt?: Date; apply?: Json } | null;
    delete data.payment_method;
    if (decision === 'reject') webhook = fail(data, new SandboxError(2010, 402, '3D Secure authentication failed', 'gateway')).webhook;
    else webhook = applyBehaviour(data, data.sandbox.behaviour, now, DEFAULT_DELAY_MS, true).webhook;
    await tx.sandboxGatewayObject.update({ where: { id: chargeId }, data: { data } });
    if (webhook) await queueWebhook(tx, { merchantId, neighborhoodId: data.sandbox.neighborhoodId, ...webhook, charge: data });
    return data;
  });
  const redirectUrl = done.sandbox?.redirectUrl as string | null;
  if (!redirectUrl) return html(threeDSecurePage({ state: 'done', charge: publicCharge(done) }));
  const target = new URL(redirectUrl);
  target.searchParams.set('id', chargeId);
  return new Response(null, { status: 303, headers: { location: target.toString() } });
}

// ---- payouts ----

/** How long a payout stays in progress before it settles. */
export const PAYOUT_SETTLE_MS = 2_000;
export const PAYOUT_REJECTED_MESSAGE = 'El banco receptor rechazó la transferencia: la cuenta no existe o está cancelada';

function payoutBehaviour(holderName: string): 'approve' | 'reject' | 'funds' | 'lostAnswer' {
  const name = holderName.toUpperCase();
  if (name.includes('RECHAZO')) return 'reject';
  if (name.includes('FONDOS')) return 'funds';
  if (name.includes('SIN RESPUESTA')) return 'lostAnswer';
  return 'approve';
}

function objectField(body: Json, field: string): Json {
  const value = body[field];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new SandboxError(1001, 400, `${field} is required`);
  return value as Json;
}

async function createPayout(deps: SandboxDeps, merchant: Merchant, body: Json): Promise<Response> {
  const method = body.method;
  if (method !== 'bank_account' && method !== 'card') throw new SandboxError(1001, 400, 'method must be bank_account or card');
  const amount = amountOf(body);
  const description = text(body, 'description', 250, true);
  const orderId = text(body, 'order_id', 100) ?? null;
  let destination: Json;
  let holderName: string;
  const destinationId = text(body, 'destination_id', 45);
  if (destinationId) ({ destination, holderName } = await savedDestination(deps, merchant, method, destinationId));
  else if (method === 'bank_account') {
    const account = objectField(body, 'bank_account');
    const clabe = text(account, 'clabe', 18, true);
    holderName = text(account, 'holder_name', 80, true);
    if (!/^\d{18}$/.test(clabe) || clabeWithCheckDigit(clabe.slice(0, 17)) !== clabe)
      throw new SandboxError(1001, 400, 'bank_account.clabe is not a valid CLABE');
    destination = { bank_account: { clabe, holder_name: holderName, bank_code: clabe.slice(0, 3), bank_name: null } };
  } else {
    const card = objectField(body, 'card');
    const number = text(card, 'card_number', 19, true);
    holderName = text(card, 'holder_name', 80, true);
    if (!/^\d{16}$/.test(number) || !luhnValid(number)) throw new SandboxError(1001, 400, 'card.card_number is not a valid card number');
    destination = { card: { card_number: maskCardNumber(number), holder_name: holderName, type: 'debit' } };
  }
  const behaviour = payoutBehaviour(holderName);
  const now = new Date();
  const id = newId('tr');
  const data: Json = {
    id,
    authorization: null,
    operation_type: 'out',
    method,
    transaction_type: 'payout',
    status: 'in_progress',
    conciliated: false,
    creation_date: openpayDate(now),
    operation_date: openpayDate(now),
    description,
    error_message: null,
    order_id: orderId,
    amount,
    currency: 'MXN',
    ...destination,
    sandbox: { neighborhoodId: merchant.neighborhoodId, behaviour, settleAt: new Date(now.getTime() + PAYOUT_SETTLE_MS).toISOString() },
  };
  let failure: SandboxError | null = null;
  if (behaviour === 'funds') {
    failure = new SandboxError(4001, 412, 'There are not enough funds in the Openpay account', 'gateway');
    data.status = 'failed';
    data.error_code = failure.code;
    data.error_message = failure.description;
  }
  try {
    await deps.db.prisma.$transaction(async (tx) => {
      await tx.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'payout', orderId, data } });
      // Its notification at settle time (payout.succeeded or payout.failed), applying the outcome first.
      if (!failure) {
        const settleAt = new Date(now.getTime() + PAYOUT_SETTLE_MS);
        const rejected = behaviour === 'reject';
        const apply: Json = rejected
          ? { status: 'failed', error_code: 1001, error_message: PAYOUT_REJECTED_MESSAGE, operation_date: openpayDate(settleAt) }
          : { status: 'completed', authorization: authorizationCode(), operation_date: openpayDate(settleAt) };
        await queueWebhook(tx, {
          merchantId: merchant.merchantId,
          neighborhoodId: merchant.neighborhoodId,
          type: rejected ? 'payout.failed' : 'payout.succeeded',
          charge: data,
          runAt: settleAt,
          apply,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SandboxError(1006, 409, `The orderId '${orderId}' has already been processed`);
    throw error;
  }
  if (failure) return errorResponse(failure);
  if (behaviour === 'lostAnswer') return new Response('Gateway Timeout', { status: 504 });
  return Response.json(publicCharge(data));
}

/** Settles an in-progress payout (its settle time passed, or forced): completed, or failed for a RECHAZO holder. */
async function settlePayout(deps: SandboxDeps, merchantId: string, payoutId: string, force?: 'pay' | 'fail'): Promise<Json> {
  return deps.db.prisma.$transaction(async (tx) => {
    await lockRow(tx, 'SandboxGatewayObject', payoutId);
    const payout = await findObject(tx, merchantId, 'payout', payoutId);
    if (!payout) throw new SandboxError(1005, 404, `The requested resource doesn't exist`);
    const data = { ...payout.data };
    if (data.status !== 'in_progress') {
      if (force) throw new SandboxError(1013, 409, `The payout is ${data.status}`);
      return data;
    }
    const now = new Date();
    if (!force && Date.parse(data.sandbox?.settleAt ?? '') > now.getTime()) return data;
    const fails = force ? force === 'fail' : data.sandbox?.behaviour === 'reject';
    data.operation_date = openpayDate(now);
    if (fails) {
      data.status = 'failed';
      data.error_code = 1001;
      data.error_message = PAYOUT_REJECTED_MESSAGE;
    } else {
      data.status = 'completed';
      data.authorization = authorizationCode();
    }
    await tx.sandboxGatewayObject.update({ where: { id: payoutId }, data: { data } });
    return data;
  });
}

async function getPayout(deps: SandboxDeps, merchant: Merchant, payoutId: string): Promise<Json> {
  return publicCharge(await settlePayout(deps, merchant.merchantId, payoutId));
}

async function listPayouts(deps: SandboxDeps, merchant: Merchant, url: URL): Promise<Json[]> {
  return listTransactions(deps, merchant, 'payout', null, url, async (row) => publicCharge(await settlePayout(deps, merchant.merchantId, row.id)));
}

async function simulatePayout(deps: SandboxDeps, merchant: Merchant, payoutId: string, body: Json): Promise<Json> {
  if (body.action !== 'pay' && body.action !== 'fail') throw new SandboxError(1001, 400, 'action must be pay or fail');
  return publicCharge(await settlePayout(deps, merchant.merchantId, payoutId, body.action));
}

// ---- routing ----

/** Cards saved on the merchant itself (Openpay's /v1/{merchant_id}/cards). */
function merchantCardRoutes(): SandboxRoute[] {
  const list = async (deps: SandboxDeps, merchant: Merchant) =>
    (
      await deps.db.prisma.sandboxGatewayObject.findMany({
        where: { merchantId: merchant.merchantId, kind: 'card', parentId: null },
        orderBy: { createdAt: 'asc' },
      })
    ).map((row) => publicCard(row.data as Json)) as unknown as Json;
  return [
    { method: 'POST', pattern: /^\/cards$/, key: 'private', run: async (d, m, _p, r) => addCard(d, m, null, await readJson(r)) },
    { method: 'GET', pattern: /^\/cards$/, key: 'private', run: async (d, m) => list(d, m) },
    { method: 'GET', pattern: new RegExp(`^/cards/${ID}$`), key: 'private', run: async (d, m, p) => publicCard((await findCard(d, m, null, p[0])).data) },
    {
      method: 'DELETE',
      pattern: new RegExp(`^/cards/${ID}$`),
      key: 'private',
      run: async (d, m, p) => {
        await d.db.prisma.sandboxGatewayObject.delete({ where: { id: (await findCard(d, m, null, p[0])).id } });
        return new Response(null, { status: 204 });
      },
    },
  ];
}

const routes: SandboxRoute[] = [
  { method: 'POST', pattern: /^\/tokens$/, key: 'public', run: async (d, m, _p, r) => createToken(d, m, await readJson(r)) },
  { method: 'POST', pattern: /^\/customers$/, key: 'private', run: async (d, m, _p, r) => createCustomer(d, m, await readJson(r)) },
  {
    method: 'GET',
    pattern: new RegExp(`^/customers/${ID}$`),
    key: 'private',
    run: async (d, m, p) => (await requireCustomer(d.db.prisma, m.merchantId, p[0])).data,
  },
  { method: 'POST', pattern: new RegExp(`^/customers/${ID}/cards$`), key: 'private', run: async (d, m, p, r) => addCard(d, m, p[0], await readJson(r)) },
  {
    method: 'GET',
    pattern: new RegExp(`^/customers/${ID}/cards$`),
    key: 'private',
    run: async (d, m, p) => {
      await requireCustomer(d.db.prisma, m.merchantId, p[0]);
      const rows = await d.db.prisma.sandboxGatewayObject.findMany({
        where: { merchantId: m.merchantId, kind: 'card', parentId: p[0] },
        orderBy: { createdAt: 'asc' },
      });
      return rows.map((row) => publicCard(row.data as Json)) as unknown as Json;
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/customers/${ID}/cards/${ID}$`),
    key: 'private',
    run: async (d, m, p) => publicCard((await findCard(d, m, p[0], p[1])).data),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/customers/${ID}/cards/${ID}$`),
    key: 'private',
    run: async (d, m, p) => {
      const card = await findCard(d, m, p[0], p[1]);
      await d.db.prisma.sandboxGatewayObject.delete({ where: { id: card.id } });
      return new Response(null, { status: 204 });
    },
  },
  ...merchantCardRoutes(),
  ...transactionRoutes,
  ...speiRoutes,
  ...accountRoutes,
  { method: 'POST', pattern: /^\/charges$/, key: 'private', run: async (d, m, _p, r) => createCharge(d, m, null, await readJson(r)) },
  { method: 'POST', pattern: new RegExp(`^/customers/${ID}/charges$`), key: 'private', run: async (d, m, p, r) => createCharge(d, m, p[0], await readJson(r)) },
  { method: 'GET', pattern: /^\/charges$/, key: 'private', run: async (d, m, _p, _r, u) => (await listCharges(d, m, null, u)) as unknown as Json },
  {
    method: 'GET',
    pattern: new RegExp(`^/customers/${ID}/charges$`),
    key: 'private',
    run: async (d, m, p, _r, u) => (await listCharges(d, m, p[0], u)) as unknown as Json,
  },
  { method: 'GET', pattern: new RegExp(`^/charges/${ID}$`), key: 'private', run: async (d, m, p) => getCharge(d, m, null, p[0]) },
  { method: 'GET', pattern: new RegExp(`^/customers/${ID}/charges/${ID}$`), key: 'private', run: async (d, m, p) => getCharge(d, m, p[0], p[1]) },
  { method: 'POST', pattern: new RegExp(`^/charges/${ID}/simulate$`), key: 'private', run: async (d, m, p, r) => simulate(d, m, p[0], await readJson(r)) },
  { method: 'POST', pattern: /^\/payouts$/, key: 'private', run: async (d, m, _p, r) => createPayout(d, m, await readJson(r)) },
  { method: 'GET', pattern: /^\/payouts$/, key: 'private', run: async (d, m, _p, _r, u) => (await listPayouts(d, m, u)) as unknown as Json },
  { method: 'GET', pattern: new RegExp(`^/payouts/${ID}$`), key: 'private', run: async (d, m, p) => getPayout(d, m, p[0]) },
  {
    method: 'POST',
    pattern: new RegExp(`^/payouts/${ID}/simulate$`),
    key: 'private',
    run: async (d, m, p, r) => simulatePayout(d, m, p[0], await readJson(r)),
  },
];

/** Answers a request under /sandbox/openpay/ (mounted by server/app.ts when PAYMENT_GATEWAY is sandbox). */
export async function handleSandboxGateway(deps: SandboxDeps, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(SANDBOX_GATEWAY_PREFIX.length);
  try {
    const page = path.match(new RegExp(`^/3ds/${ID}/${ID}$`));
    if (page) return await threeDSecure(deps, request, page[1], page[2]);
    const barcode = path.match(/^\/barcode\/(\d{1,30})$/);
    if (barcode && request.method === 'GET') {
      return new Response(barcodeSvg(barcode[1]), { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } });
    }
    const api = path.match(new RegExp(`^/v1/${ID}(/.*)?$`));
    if (!api) throw new SandboxError(1005, 404, `The requested resource doesn't exist`);
    const [, merchantId, rest = ''] = api;
    for (const route of routes) {
      const match = rest.match(route.pattern);
      if (!match) continue;
      if (route.method !== request.method) continue;
      const merchant = await authenticate(deps, merchantId, request, route.key);
      const answer = await route.run(deps, merchant, match.slice(1), request, url);
      return isResponse(answer) ? answer : Response.json(answer);
    }
    throw new SandboxError(1005, 404, `The requested resource doesn't exist`);
  } catch (error) {
    if (error instanceof SandboxError) return errorResponse(error);
    throw error;
  }
}
