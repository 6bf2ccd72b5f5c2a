// The Openpay adapter: Openpay's REST API over fetch (no SDK). It takes its fetch and base URL by
// constructor, so the same code talks to Openpay (sandbox-api.openpay.mx or api.openpay.mx) and to the
// built-in sandbox gateway in-process (server/infra/gateway/sandbox/).
//
// Webhooks: Openpay calls our URL with HTTP Basic credentials set when the webhook is registered. We
// register user = merchant id and password = webhookCredentials(account).password, derived from the
// private key, so nothing more is stored and a key change changes the password.
//
// Chargeback events (decided here; the built-in sandbox sends exactly this): the body's `transaction` is
// the original charge and `chargeback` is { id, status: 'created' | 'rejected' | 'accepted', amount,
// creation_date }. When a chargeback event comes without a `chargeback` object, its id is
// `cb_${transaction.id}` (a charge is charged back at most once). The body is only a claim: the receiver
// reads the charge again, whose status shows its chargeback (chargeback_pending, chargeback_accepted,
// chargeback_adjustment; GatewayTransaction.chargeback).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '../../../core/money.js';
import { webhookBodyProblem } from './webhookBody.js';
import {
  type ChargeRequest,
  type GatewayAccount,
  type GatewayCard,
  type GatewayChargebackState,
  type GatewayChargeStatus,
  GatewayError,
  type GatewayEvent,
  type GatewayPaymentMethod,
  type GatewayPayout,
  type GatewayPayoutStatus,
  type GatewayTransaction,
  GatewayUnavailableError,
  type PaymentGateway,
  type PayoutRequest,
} from './types.js';

export const OPENPAY_SANDBOX_URL = 'https://sandbox-api.openpay.mx';
export const OPENPAY_LIVE_URL = 'https://api.openpay.mx';
export const DEFAULT_TIMEOUT_MS = 30_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface OpenpayOptions {
  /** Shown in the wallet panel. */
  name?: string;
  fetch?: FetchLike;
  /** The API's base (without /v1); by default Openpay's sandbox or live URL as the account says. */
  baseUrl?: string;
  /** Where the browser tokenizes; by default the same as the API's base. */
  tokenBaseUrl?: string;
  timeoutMs?: number;
}

/** The HTTP Basic credentials Openpay must send to our webhook URL for this community. */
export function webhookCredentials(account: Pick<GatewayAccount, 'merchantId' | 'privateKey'>): { user: string; password: string } {
  return {
    user: account.merchantId,
    password: createHmac('sha256', account.privateKey).update(`webhook:${account.merchantId}`).digest('hex'),
  };
}

/** An Authorization header value for HTTP Basic. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** The user and password of an HTTP Basic header, or null. */
export function parseBasicAuthorization(header: string | null): { user: string; password: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Equal strings, compared in constant time (over their digests, so lengths leak nothing either). */
export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

type Json = Record<string, any>;

const STATUSES: Record<string, GatewayChargeStatus> = {
  in_progress: 'in_progress',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  charge_pending: 'charge_pending',
  // A charged-back charge was paid; its chargeback is read from the same status (CHARGEBACK_STATES).
  chargeback_pending: 'completed',
  chargeback_accepted: 'completed',
  chargeback_adjustment: 'completed',
  refunded: 'cancelled',
  expired: 'cancelled',
};

/** What a charged-back charge's status says of its chargeback (the webhook receiver checks chargeback events on it). */
const CHARGEBACK_STATES: Record<string, GatewayChargebackState> = {
  chargeback_pending: 'pending',
  chargeback_accepted: 'accepted',
  chargeback_adjustment: 'adjustment',
};

function str(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

function amountOf(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string') return formatMoney(value);
  throw new GatewayUnavailableError('La pasarela de pago respondió un monto ilegible');
}

export function toGatewayCard(card: Json): GatewayCard {
  return {
    id: String(card.id),
    cardNumber: String(card.card_number ?? ''),
    brand: String(card.brand ?? ''),
    type: String(card.type ?? ''),
    holderName: String(card.holder_name ?? ''),
    expirationMonth: String(card.expiration_month ?? ''),
    expirationYear: String(card.expiration_year ?? ''),
    bankName: str(card.bank_name),
  };
}

function paymentMethodOf(pm: Json | null | undefined): GatewayPaymentMethod | null {
  if (!pm || typeof pm !== 'object') return null;
  switch (pm.type) {
    case 'store':
      return { type: 'store', reference: String(pm.reference ?? ''), barcodeUrl: str(pm.barcode_url) };
    case 'bank_transfer':
      return { type: 'bank_transfer', clabe: String(pm.clabe ?? ''), bank: String(pm.bank ?? ''), name: String(pm.name ?? ''), agreement: str(pm.agreement) };
    case 'redirect':
      return { type: 'redirect', url: String(pm.url ?? '') };
    default:
      return null;
  }
}

/** Openpay's transaction object as a GatewayTransaction. */
export function toGatewayTransaction(tx: Json): GatewayTransaction {
  if (!tx || typeof tx !== 'object' || typeof tx.id !== 'string') throw new GatewayUnavailableError('La pasarela de pago respondió una transacción ilegible');
  const status = STATUSES[String(tx.status)];
  if (!status) throw new GatewayUnavailableError(`La pasarela de pago respondió un estado desconocido: ${String(tx.status).slice(0, 40)}`);
  const method = tx.method === 'store' || tx.method === 'bank_account' ? tx.method : 'card';
  const chargeback = Object.hasOwn(CHARGEBACK_STATES, String(tx.status)) ? CHARGEBACK_STATES[String(tx.status)] : undefined;
  return {
    id: tx.id,
    orderId: str(tx.order_id),
    status,
    method,
    amount: amountOf(tx.amount),
    authorization: str(tx.authorization),
    creationDate: String(tx.creation_date ?? ''),
    operationDate: str(tx.operation_date),
    dueDate: str(tx.due_date),
    card:
      tx.card && typeof tx.card === 'object'
        ? { cardNumber: String(tx.card.card_number ?? ''), brand: String(tx.card.brand ?? ''), type: String(tx.card.type ?? '') }
        : null,
    paymentMethod: paymentMethodOf(tx.payment_method),
    errorCode: typeof tx.error_code === 'number' ? tx.error_code : null,
    errorMessage: str(tx.error_message),
    ...(chargeback ? { chargeback } : {}),
    ...(tx.refund && typeof tx.refund === 'object' && typeof tx.refund.id === 'string'
      ? { refund: { id: tx.refund.id, amount: amountOf(tx.refund.amount), operationDate: str(tx.refund.operation_date) } }
      : {}),
  };
}

const PAYOUT_STATUSES: Record<string, GatewayPayoutStatus> = { in_progress: 'in_progress', completed: 'completed', failed: 'failed', cancelled: 'failed' };

/** Openpay's payout transaction as a GatewayPayout. */
export function toGatewayPayout(tx: Json): GatewayPayout {
  if (!tx || typeof tx !== 'object' || typeof tx.id !== 'string') throw new GatewayUnavailableError('La pasarela de pago respondió un retiro ilegible');
  const status = PAYOUT_STATUSES[String(tx.status)];
  if (!status) throw new GatewayUnavailableError(`La pasarela de pago respondió un estado desconocido: ${String(tx.status).slice(0, 40)}`);
  return {
    id: tx.id,
    orderId: str(tx.order_id),
    status,
    method: tx.method === 'card' ? 'card' : 'bank_account',
    amount: amountOf(tx.amount),
    creationDate: String(tx.creation_date ?? ''),
    operationDate: str(tx.operation_date),
    errorCode: typeof tx.error_code === 'number' ? tx.error_code : null,
    errorMessage: str(tx.error_message),
  };
}

/** Openpay's payout request body for our PayoutRequest. */
export function payoutBody(request: PayoutRequest): Json {
  const d = request.destination;
  return {
    method: d.type,
    ...(d.type === 'bank_account'
      ? { bank_account: { clabe: d.clabe, holder_name: d.holderName } }
      : { card: { card_number: d.cardNumber, holder_name: d.holderName } }),
    amount: Number(formatMoney(request.amount)),
    description: request.description,
    order_id: request.orderId,
  };
}

/** Openpay's charge request body for our ChargeRequest. */
export function chargeBody(request: ChargeRequest): Json {
  const body: Json = {
    method: request.method,
    amount: Number(formatMoney(request.amount)),
    currency: 'MXN',
    description: request.description,
    order_id: request.orderId,
  };
  if (request.method === 'card') {
    body.source_id = request.sourceId;
    if (request.deviceSessionId) body.device_session_id = request.deviceSessionId;
    if (request.msi && request.msi > 1) body.payment_plan = { payments: request.msi };
    if (request.capture === false) body.capture = false;
    if (request.use3dSecure) {
      body.use_3d_secure = true;
      if (request.redirectUrl) body.redirect_url = request.redirectUrl;
    }
  } else if (request.dueDate) {
    body.due_date = request.dueDate;
  }
  // A charge on a saved card's customer already names its customer; a merchant charge may carry one.
  if (!request.customerId && request.customer) {
    body.customer = {
      name: request.customer.name,
      ...(request.customer.lastName ? { last_name: request.customer.lastName } : {}),
      email: request.customer.email,
      ...(request.customer.phoneNumber ? { phone_number: request.customer.phoneNumber } : {}),
    };
  }
  return body;
}

/** A webhook body as a GatewayEvent (the request already authenticated). */
export function parseWebhookBody(body: string): GatewayEvent {
  let parsed: Json;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new GatewayError(1001, 'The webhook body is not JSON', 400, 'request');
  }
  const problem = webhookBodyProblem(parsed);
  if (problem) throw new GatewayError(1001, problem, 400, 'request');
  if (!parsed || typeof parsed !== 'object' || typeof parsed.type !== 'string' || !parsed.type || parsed.type.length > 100)
    throw new GatewayError(1001, 'The webhook body has no type', 400, 'request');
  const eventDate = String(parsed.event_date ?? '');
  const transaction = parsed.transaction && typeof parsed.transaction === 'object' ? toGatewayTransactionOrInvalid(parsed.transaction) : null;
  const chargebackId = parsed.type.startsWith('chargeback.') ? (str(parsed.chargeback?.id) ?? (transaction ? `cb_${transaction.id}` : null)) : null;
  const id = str(parsed.id) ?? `${parsed.type}:${transaction?.id ?? parsed.verification_code ?? ''}:${eventDate}`;
  return { id, type: parsed.type, eventDate, transaction, chargebackId };
}

function toGatewayTransactionOrInvalid(tx: Json): GatewayTransaction {
  try {
    return toGatewayTransaction(tx);
  } catch (error) {
    throw new GatewayError(1001, `The webhook transaction is not valid: ${(error as Error).message}`, 400, 'request');
  }
}

export class OpenpayGateway implements PaymentGateway {
  readonly name: string;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenpayOptions = {}) {
    this.name = options.name ?? 'Openpay';
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private baseUrl(account: GatewayAccount): string {
    return this.options.baseUrl ?? (account.sandbox ? OPENPAY_SANDBOX_URL : OPENPAY_LIVE_URL);
  }

  tokenBaseUrl(account: GatewayAccount): string {
    return this.options.tokenBaseUrl ?? this.baseUrl(account);
  }

  /** One call to the API: Openpay's error bodies become GatewayError, no answer GatewayUnavailableError. */
  private async call(account: GatewayAccount, method: 'GET' | 'POST' | 'DELETE', path: string, body?: Json): Promise<any> {
    const url = `${this.baseUrl(account)}/v1/${encodeURIComponent(account.merchantId)}${path}`;
    const headers: Record<string, string> = { authorization: basicAuthorization(account.privateKey, ''), accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError';
      throw new GatewayUnavailableError(timedOut ? 'La pasarela de pago no respondió a tiempo' : 'No fue posible comunicarse con la pasarela de pago');
    }
    let json: any = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    if (response.ok) {
      // A success we cannot read: the operation may have happened, so its outcome is unknown.
      if (json === undefined || (json === null && method !== 'DELETE')) throw new GatewayUnavailableError('La pasarela de pago respondió algo ilegible');
      return json;
    }
    if (json && typeof json === 'object' && typeof json.error_code === 'number') {
      const category = json.category === 'request' || json.category === 'internal' ? json.category : 'gateway';
      throw new GatewayError(json.error_code, String(json.description ?? ''), Number(json.http_code) || response.status, category);
    }
    // A proxy's 502/503/504 or an unreadable 5xx: we do not know whether the gateway acted.
    if (response.status >= 500) throw new GatewayUnavailableError();
    throw new GatewayError(1000, `Unexpected answer ${response.status}`, response.status, 'internal');
  }

  async createCustomer(
    account: GatewayAccount,
    customer: { externalId: string; name: string; lastName?: string | null; email: string },
  ): Promise<{ id: string; clabe: string | null }> {
    const answer = await this.call(account, 'POST', '/customers', {
      external_id: customer.externalId,
      name: customer.name,
      ...(customer.lastName ? { last_name: customer.lastName } : {}),
      email: customer.email,
      requires_account: true,
    });
    return { id: String(answer.id), clabe: str(answer.clabe) };
  }

  async addCard(account: GatewayAccount, customerId: string, card: { tokenId: string; deviceSessionId?: string }): Promise<GatewayCard> {
    const answer = await this.call(account, 'POST', `/customers/${encodeURIComponent(customerId)}/cards`, {
      token_id: card.tokenId,
      ...(card.deviceSessionId ? { device_session_id: card.deviceSessionId } : {}),
    });
    return toGatewayCard(answer);
  }

  async deleteCard(account: GatewayAccount, customerId: string, cardId: string): Promise<void> {
    await this.call(account, 'DELETE', `/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(cardId)}`);
  }

  async charge(account: GatewayAccount, request: ChargeRequest): Promise<GatewayTransaction> {
    const path = request.customerId ? `/customers/${encodeURIComponent(request.customerId)}/charges` : '/charges';
    return toGatewayTransaction(await this.call(account, 'POST', path, chargeBody(request)));
  }

  async getCharge(account: GatewayAccount, transactionId: string, customerId?: string | null): Promise<GatewayTransaction> {
    const prefix = customerId ? `/customers/${encodeURIComponent(customerId)}` : '';
    return toGatewayTransaction(await this.call(account, 'GET', `${prefix}/charges/${encodeURIComponent(transactionId)}`));
  }

  async capture(account: GatewayAccount, transactionId: string, options: { amount?: string; customerId?: string | null } = {}): Promise<GatewayTransaction> {
    const prefix = options.customerId ? `/customers/${encodeURIComponent(options.customerId)}` : '';
    const body = options.amount === undefined ? {} : { amount: Number(formatMoney(options.amount)) };
    return toGatewayTransaction(await this.call(account, 'POST', `${prefix}/charges/${encodeURIComponent(transactionId)}/capture`, body));
  }

  async refund(
    account: GatewayAccount,
    transactionId: string,
    options: { amount?: string; description?: string; customerId?: string | null } = {},
  ): Promise<GatewayTransaction> {
    const prefix = options.customerId ? `/customers/${encodeURIComponent(options.customerId)}` : '';
    const body = {
      ...(options.description ? { description: options.description } : {}),
      ...(options.amount === undefined ? {} : { amount: Number(formatMoney(options.amount)) }),
    };
    return toGatewayTransaction(await this.call(account, 'POST', `${prefix}/charges/${encodeURIComponent(transactionId)}/refund`, body));
  }

  async findChargeByOrderId(account: GatewayAccount, orderId: string, customerId?: string | null): Promise<GatewayTransaction | null> {
    const prefix = customerId ? `/customers/${encodeURIComponent(customerId)}` : '';
    const answer = await this.call(account, 'GET', `${prefix}/charges?order_id=${encodeURIComponent(orderId)}`);
    if (!Array.isArray(answer)) throw new GatewayUnavailableError('La pasarela de pago respondió una lista ilegible');
    const found = answer.find((tx) => tx?.order_id === orderId);
    return found ? toGatewayTransaction(found) : null;
  }

  async payout(account: GatewayAccount, request: PayoutRequest): Promise<GatewayPayout> {
    return toGatewayPayout(await this.call(account, 'POST', '/payouts', payoutBody(request)));
  }

  async getPayout(account: GatewayAccount, payoutId: string): Promise<GatewayPayout> {
    return toGatewayPayout(await this.call(account, 'GET', `/payouts/${encodeURIComponent(payoutId)}`));
  }

  async findPayoutByOrderId(account: GatewayAccount, orderId: string): Promise<GatewayPayout | null> {
    const answer = await this.call(account, 'GET', `/payouts?order_id=${encodeURIComponent(orderId)}`);
    if (!Array.isArray(answer)) throw new GatewayUnavailableError('La pasarela de pago respondió una lista ilegible');
    const found = answer.find((tx) => tx?.order_id === orderId);
    return found ? toGatewayPayout(found) : null;
  }

  parseWebhook(account: GatewayAccount, headers: Headers, body: string): GatewayEvent {
    const given = parseBasicAuthorization(headers.get('authorization'));
    const expected = webhookCredentials(account);
    // Both comparisons always run, so the answer's timing does not say which one failed.
    const userOk = constantTimeEqual(given?.user ?? '', expected.user);
    const passwordOk = constantTimeEqual(given?.password ?? '', expected.password);
    if (!given || !userOk || !passwordOk) throw new GatewayError(1002, 'The webhook credentials are not valid', 401, 'request');
    return parseWebhookBody(body);
  }
}
