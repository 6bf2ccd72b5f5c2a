// The sandbox's account-side API, as Openpay's:
//   customers: GET /customers (external_id, creation filters, offset, limit), PUT /customers/{id} (name and
//     email required; last_name, phone_number, address), DELETE /customers/{id} (its saved cards and bank accounts go with it;
//     its charges stay);
//   bank accounts: POST, GET, DELETE /customers/{id}/bankaccounts[/{id}] (a CLABE once per customer, 2001; answered
//     masked), a payout's destination_id (as a saved card on the merchant, /cards, with allows_payouts);
//   GET /v1/{merchant_id}: the merchant (the community's name, its balance from the sandbox's transactions,
//     a CLABE of its own);
//   fees: POST /fees {customer_id, amount, description, order_id?} takes the amount from the customer's
//     balance (4001 when it is short), GET /fees lists them;
//   webhooks: POST /webhooks {url, user?, password?, event_types?}, GET /webhooks, GET and DELETE
//     /webhooks/{id}, POST /webhooks/{id}/verify/{code}. A webhook is kept (verified, its password never
//     answered) but nothing is sent to it: the sandbox notifies each community's own receiver (./webhooks.ts).
import { createHash } from 'node:crypto';
import type { Tx } from '../../../kernel/context.js';
import { lockRow } from '../../../kernel/locks.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import {
  amountOf,
  EMAIL,
  findObject,
  ID,
  listQuery,
  type Merchant,
  objectOf,
  publicCharge,
  readAddress,
  readJson,
  requireCustomer,
  type SandboxDeps,
  SandboxError,
  type SandboxRoute,
  text,
} from './api.js';
import { clabeWithCheckDigit, type Json, newId, openpayDate, type SandboxObject } from './records.js';
import { listTransactions } from './transactions.js';
import { Response } from '../../../http/response.js';

// ---- customers ----

/** The fields a customer is created or updated with. */
export function customerFields(body: Json): Json {
  const name = text(body, 'name', 100, true);
  const email = text(body, 'email', 100, true);
  if (!EMAIL.test(email)) throw new SandboxError(1001, 400, 'email is not a valid address');
  const address = objectOf(body, 'address');
  return {
    name,
    last_name: text(body, 'last_name', 100) ?? null,
    email,
    phone_number: text(body, 'phone_number', 100) ?? null,
    address: address ? readAddress(address, 'address') : null,
  };
}

export async function lockedCustomer(tx: Tx, merchant: Pick<Merchant, 'merchantId'>, id: string): Promise<SandboxObject> {
  await lockRow(tx, 'SandboxGatewayObject', id);
  return requireCustomer(tx, merchant.merchantId, id);
}

async function listCustomers(deps: SandboxDeps, merchant: Merchant, url: URL): Promise<Json[]> {
  const query = listQuery(url);
  const externalId = url.searchParams.get('external_id');
  if (externalId !== null && (externalId.length > 100 || externalId.includes('\u0000'))) throw new SandboxError(1001, 400, 'external_id is not valid');
  const rows = await deps.db.prisma.sandboxGatewayObject.findMany({
    where: {
      merchantId: merchant.merchantId,
      kind: 'customer',
      ...(externalId !== null ? { orderId: externalId } : {}),
      ...(query.createdAt ? { createdAt: query.createdAt } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: query.offset,
    take: query.limit,
  });
  return rows.map((row) => row.data as Json);
}

async function updateCustomer(deps: SandboxDeps, merchant: Merchant, id: string, body: Json): Promise<Json> {
  const fields = customerFields(body);
  return deps.db.prisma.$transaction(async (tx) => {
    const customer = await lockedCustomer(tx, merchant, id);
    const data = { ...customer.data, ...fields };
    await tx.sandboxGatewayObject.update({ where: { id }, data: { data } });
    return data;
  });
}

async function deleteCustomer(deps: SandboxDeps, merchant: Merchant, id: string): Promise<Response> {
  await deps.db.prisma.$transaction(async (tx) => {
    await lockedCustomer(tx, merchant, id);
    await tx.sandboxGatewayObject.deleteMany({ where: { merchantId: merchant.merchantId, kind: { in: ['card', 'bank_account'] }, parentId: id } });
    await tx.sandboxGatewayObject.delete({ where: { id } });
  });
  return new Response(null, { status: 204 });
}

// ---- bank accounts ----

/** Openpay's masked CLABE: the bank's three digits, X, the last four. */
const maskClabe = (clabe: string) => `${clabe.slice(0, 3)}${'X'.repeat(11)}${clabe.slice(-4)}`;

function publicBankAccount(data: Json): Json {
  const { sandbox: _sandbox, customer_id: _customer, ...answer } = data;
  return answer;
}

async function createBankAccount(deps: SandboxDeps, merchant: Merchant, customerId: string, body: Json): Promise<Json> {
  const clabe = text(body, 'clabe', 18, true);
  if (!/^\d{18}$/.test(clabe) || clabeWithCheckDigit(clabe.slice(0, 17)) !== clabe) throw new SandboxError(1001, 400, 'clabe is not a valid CLABE');
  const holderName = text(body, 'holder_name', 80, true);
  const alias = text(body, 'alias', 45) ?? null;
  return deps.db.prisma.$transaction(async (tx) => {
    await lockedCustomer(tx, merchant, customerId);
    const saved = await tx.sandboxGatewayObject.findMany({ where: { merchantId: merchant.merchantId, kind: 'bank_account', parentId: customerId } });
    if (saved.some((row) => (row.data as Json).sandbox?.clabe === clabe))
      throw new SandboxError(2001, 409, 'The bank account with this CLABE is already registered for the customer');
    const id = newId('b');
    const data: Json = {
      id,
      clabe: maskClabe(clabe),
      bank_code: clabe.slice(0, 3),
      bank_name: null,
      alias,
      holder_name: holderName,
      creation_date: openpayDate(new Date()),
      customer_id: customerId,
      sandbox: { clabe },
    };
    await tx.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'bank_account', parentId: customerId, data } });
    return publicBankAccount(data);
  });
}

async function requireBankAccount(deps: SandboxDeps, merchant: Merchant, customerId: string, id: string): Promise<SandboxObject> {
  const account = await findObject(deps.db.prisma, merchant.merchantId, 'bank_account', id);
  if (!account || account.parentId !== customerId) throw new SandboxError(1005, 404, `The bank account with id '${id.slice(0, 45)}' does not exist`);
  return account;
}

/** A payout's destination_id: a customer's saved bank account, or a card saved on the merchant. */
export async function savedDestination(
  deps: SandboxDeps,
  merchant: Merchant,
  method: 'bank_account' | 'card',
  id: string,
): Promise<{ destination: Json; holderName: string }> {
  if (method === 'bank_account') {
    const account = await findObject(deps.db.prisma, merchant.merchantId, 'bank_account', id);
    if (!account) throw new SandboxError(1005, 404, `The bank account with id '${id.slice(0, 45)}' does not exist`);
    const { clabe } = account.data.sandbox as Json;
    const holderName = String(account.data.holder_name);
    return { destination: { bank_account: { clabe, holder_name: holderName, bank_code: clabe.slice(0, 3), bank_name: null } }, holderName };
  }
  const card = await findObject(deps.db.prisma, merchant.merchantId, 'card', id);
  if (!card || card.parentId !== null) throw new SandboxError(1005, 404, `The card with id '${id.slice(0, 45)}' does not exist`);
  if (!card.data.allows_payouts) throw new SandboxError(3006, 412, 'The card does not allow payouts');
  const holderName = String(card.data.holder_name);
  return { destination: { card: { card_number: card.data.card_number, holder_name: holderName, type: card.data.type } }, holderName };
}

// ---- merchant ----

/** The merchant's balance: what its card charges brought in (less refunds) and its fees, less its payouts. */
function balanceOf(rows: { kind: string; data: unknown }[]): number {
  let cents = 0;
  for (const row of rows) {
    const t = row.data as Json;
    const amount = Math.round(Number(t.amount) * 100) || 0;
    if (row.kind === 'charge' && t.method === 'card') {
      const status = publicCharge(t).status;
      if (status === 'completed' || status === 'chargeback_adjustment') cents += amount;
      else if (status === 'refunded') cents += amount - Math.round(Number(t.refund?.amount) * 100);
    } else if (row.kind === 'charge' && t.status === 'completed') cents += amount;
    else if (row.kind === 'fee' && t.status === 'completed') cents += amount;
    else if (row.kind === 'payout' && t.status !== 'failed') cents -= amount;
  }
  return cents / 100;
}

async function getMerchant(deps: SandboxDeps, merchant: Merchant): Promise<Json> {
  const community = await deps.db.prisma.neighborhood.findUnique({ where: { id: merchant.neighborhoodId }, select: { name: true, createdAt: true } });
  const rows = await deps.db.prisma.sandboxGatewayObject.findMany({
    where: { merchantId: merchant.merchantId, kind: { in: ['charge', 'payout', 'fee'] } },
    select: { kind: true, data: true },
  });
  const digits = BigInt(`0x${createHash('sha256').update(merchant.merchantId).digest('hex').slice(0, 15)}`) % 10n ** 11n;
  return {
    id: merchant.merchantId,
    name: community?.name ?? merchant.merchantId,
    email: null,
    phone: null,
    status: 'active',
    balance: balanceOf(rows),
    clabe: clabeWithCheckDigit(`646180${String(digits).padStart(11, '0')}`),
    creation_date: openpayDate(community?.createdAt ?? new Date()),
  };
}

// ---- fees ----

async function createFee(deps: SandboxDeps, merchant: Merchant, body: Json): Promise<Json> {
  const customerId = text(body, 'customer_id', 45, true);
  const amount = amountOf(body);
  const description = text(body, 'description', 250, true);
  const orderId = text(body, 'order_id', 100) ?? null;
  try {
    return await deps.db.prisma.$transaction(async (tx) => {
      const customer = await lockedCustomer(tx, merchant, customerId);
      const balance = Math.round(Number(customer.data.balance ?? 0) * 100);
      if (balance < Math.round(amount * 100)) throw new SandboxError(4001, 412, 'The customer does not have enough funds for the fee', 'request');
      await tx.sandboxGatewayObject.update({
        where: { id: customerId },
        data: { data: { ...customer.data, balance: (balance - Math.round(amount * 100)) / 100 } },
      });
      const now = new Date();
      const id = newId('tr');
      const fee: Json = {
        id,
        amount,
        authorization: null,
        method: 'customer',
        operation_type: 'out',
        transaction_type: 'fee',
        status: 'completed',
        currency: 'MXN',
        creation_date: openpayDate(now),
        operation_date: openpayDate(now),
        description,
        error_message: null,
        order_id: orderId,
        customer_id: customerId,
      };
      await tx.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: 'fee', parentId: customerId, orderId, data: fee } });
      return fee;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SandboxError(1006, 409, `The orderId '${orderId}' has already been processed`);
    throw error;
  }
}

// ---- webhooks ----

export const WEBHOOK_EVENT_TYPES = [
  'charge.refunded',
  'charge.failed',
  'charge.cancelled',
  'charge.created',
  'charge.succeeded',
  'charge.rescored.to.decline',
  'subscription.charge.failed',
  'payout.created',
  'payout.succeeded',
  'payout.failed',
  'transfer.succeeded',
  'fee.succeeded',
  'fee.refund.succeeded',
  'spei.received',
  'chargeback.created',
  'chargeback.rejected',
  'chargeback.accepted',
  'order.created',
  'order.activated',
  'order.payment.received',
  'order.completed',
  'order.expired',
  'order.cancelled',
  'order.payment.cancelled',
];

const ENDPOINT = 'webhook_endpoint';

function publicWebhook(data: Json): Json {
  const { password: _password, ...answer } = data;
  return answer;
}

async function createWebhook(deps: SandboxDeps, merchant: Merchant, body: Json): Promise<Response> {
  const url = text(body, 'url', 2000, true);
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {}
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new SandboxError(1001, 400, 'url must be an http or https URL');
  const types = body.event_types ?? WEBHOOK_EVENT_TYPES;
  if (!Array.isArray(types) || types.length === 0 || types.length > 100 || types.some((t) => typeof t !== 'string' || !WEBHOOK_EVENT_TYPES.includes(t)))
    throw new SandboxError(1001, 400, `event_types must list events among ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  const id = newId('w');
  const data: Json = {
    id,
    url,
    user: text(body, 'user', 100) ?? null,
    password: text(body, 'password', 100) ?? null,
    event_types: [...new Set(types as string[])],
    status: 'verified',
  };
  await deps.db.prisma.sandboxGatewayObject.create({ data: { id, merchantId: merchant.merchantId, kind: ENDPOINT, data } });
  return Response.json(publicWebhook(data), { status: 201 });
}

async function requireWebhook(deps: SandboxDeps, merchant: Merchant, id: string): Promise<SandboxObject> {
  const webhook = await findObject(deps.db.prisma, merchant.merchantId, ENDPOINT, id);
  if (!webhook) throw new SandboxError(1005, 404, `The webhook with id '${id.slice(0, 45)}' does not exist`);
  return webhook;
}

export const accountRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: /^$/, key: 'private', run: async (d, m) => getMerchant(d, m) },
  { method: 'GET', pattern: /^\/customers$/, key: 'private', run: async (d, m, _p, _r, u) => (await listCustomers(d, m, u)) as unknown as Json },
  { method: 'PUT', pattern: new RegExp(`^/customers/${ID}$`), key: 'private', run: async (d, m, p, r) => updateCustomer(d, m, p[0], await readJson(r)) },
  { method: 'DELETE', pattern: new RegExp(`^/customers/${ID}$`), key: 'private', run: async (d, m, p) => deleteCustomer(d, m, p[0]) },
  {
    method: 'POST',
    pattern: new RegExp(`^/customers/${ID}/bankaccounts$`),
    key: 'private',
    run: async (d, m, p, r) => createBankAccount(d, m, p[0], await readJson(r)),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/customers/${ID}/bankaccounts$`),
    key: 'private',
    run: async (d, m, p) => {
      await requireCustomer(d.db.prisma, m.merchantId, p[0]);
      const rows = await d.db.prisma.sandboxGatewayObject.findMany({
        where: { merchantId: m.merchantId, kind: 'bank_account', parentId: p[0] },
        orderBy: { createdAt: 'asc' },
      });
      return rows.map((row) => publicBankAccount(row.data as Json)) as unknown as Json;
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/customers/${ID}/bankaccounts/${ID}$`),
    key: 'private',
    run: async (d, m, p) => publicBankAccount((await requireBankAccount(d, m, p[0], p[1])).data),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/customers/${ID}/bankaccounts/${ID}$`),
    key: 'private',
    run: async (d, m, p) => {
      await d.db.prisma.sandboxGatewayObject.delete({ where: { id: (await requireBankAccount(d, m, p[0], p[1])).id } });
      return new Response(null, { status: 204 });
    },
  },
  { method: 'POST', pattern: /^\/fees$/, key: 'private', run: async (d, m, _p, r) => createFee(d, m, await readJson(r)) },
  {
    method: 'GET',
    pattern: /^\/fees$/,
    key: 'private',
    run: async (d, m, _p, _r, u) => (await listTransactions(d, m, 'fee', null, u, (row) => row.data)) as unknown as Json,
  },
  { method: 'POST', pattern: /^\/webhooks$/, key: 'private', run: async (d, m, _p, r) => createWebhook(d, m, await readJson(r)) },
  {
    method: 'GET',
    pattern: /^\/webhooks$/,
    key: 'private',
    run: async (d, m) =>
      (await d.db.prisma.sandboxGatewayObject.findMany({ where: { merchantId: m.merchantId, kind: ENDPOINT }, orderBy: { createdAt: 'asc' } })).map((row) =>
        publicWebhook(row.data as Json),
      ) as unknown as Json,
  },
  { method: 'GET', pattern: new RegExp(`^/webhooks/${ID}$`), key: 'private', run: async (d, m, p) => publicWebhook((await requireWebhook(d, m, p[0])).data) },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/webhooks/${ID}$`),
    key: 'private',
    run: async (d, m, p) => {
      await d.db.prisma.sandboxGatewayObject.delete({ where: { id: (await requireWebhook(d, m, p[0])).id } });
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/webhooks/${ID}/verify/${ID}$`),
    key: 'private',
    run: async (d, m, p) => {
      await requireWebhook(d, m, p[0]);
      return new Response(null, { status: 204 });
    },
  },
];
