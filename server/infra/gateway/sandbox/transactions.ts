// The sandbox's second step on a card charge and its transaction lists, as Openpay's API has them:
//   POST /charges/{id}/capture {amount?}      completes a charge made with capture: false (in_progress and
//                                             authorized), for its amount or less; charge.succeeded follows;
//   POST /charges/{id}/refund {description?, amount?}  a completed card charge turns refunded with its
//                                             `refund` transaction (charge.refunded); an uncaptured one is
//                                             released instead (cancelled, charge.cancelled);
// both also under /customers/{customer_id}/charges/{id}/…. A charge that cannot take the step answers 3006
// (412, the operation is not allowed for this transaction); an amount over the charge's, 1003 (422).
// Lists (charges, payouts, fees) take Openpay's filters: order_id, creation, creation[gte], creation[lte]
// (yyyy-mm-dd, Mexico City's day), amount, amount[gte], amount[lte], status (any case), offset and limit.
import type { Tx } from '../../../kernel/context.js';
import { amountOf, ID, listQuery, lockCharge, type Merchant, publicCharge, readJson, type SandboxDeps, SandboxError, type SandboxRoute, text } from './api.js';
import { type Json, newId, openpayDate, type SandboxObject } from './records.js';
import { queueWebhook } from './webhooks.js';

const TRANSACTION_STATUSES = [
  'in_progress',
  'completed',
  'refunded',
  'chargeback_pending',
  'chargeback_accepted',
  'chargeback_adjustment',
  'charge_pending',
  'cancelled',
  'failed',
];

/** Rows read past the database's filters when status or amount filter in memory (a sandbox's lists are short). */
const SCAN_LIMIT = 5_000;

function amountBound(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return undefined;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) throw new SandboxError(1001, 400, `${name} must be an amount`);
  return Number(value);
}

/** A list of one kind of transaction, newest first, with Openpay's filters; `read` gives each row's answer. */
export async function listTransactions(
  deps: SandboxDeps,
  merchant: Merchant,
  kind: string,
  parentId: string | null,
  url: URL,
  read: (row: SandboxObject) => Json | Promise<Json>,
): Promise<Json[]> {
  const query = listQuery(url);
  const orderId = url.searchParams.get('order_id');
  if (orderId !== null && (orderId.length > 100 || orderId.includes('\u0000'))) throw new SandboxError(1001, 400, 'order_id is not valid');
  const rawStatus = url.searchParams.get('status');
  const status = rawStatus === null || rawStatus === '' ? undefined : rawStatus.toLowerCase();
  if (status !== undefined && !TRANSACTION_STATUSES.includes(status))
    throw new SandboxError(1001, 400, `status must be one of ${TRANSACTION_STATUSES.join(', ')}`);
  const amount = { eq: amountBound(url, 'amount'), gte: amountBound(url, 'amount[gte]'), lte: amountBound(url, 'amount[lte]') };
  const inMemory = status !== undefined || amount.eq !== undefined || amount.gte !== undefined || amount.lte !== undefined;
  const rows = await deps.db.prisma.sandboxGatewayObject.findMany({
    where: {
      merchantId: merchant.merchantId,
      kind,
      ...(parentId ? { parentId } : {}),
      ...(orderId !== null ? { orderId } : {}),
      ...(query.createdAt ? { createdAt: query.createdAt } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: inMemory ? 0 : query.offset,
    take: inMemory ? SCAN_LIMIT : query.limit,
  });
  const answers: Json[] = [];
  for (const row of rows) answers.push(await read(row as SandboxObject));
  if (!inMemory) return answers;
  return answers
    .filter(
      (t) =>
        (status === undefined || t.status === status) &&
        (amount.eq === undefined || t.amount === amount.eq) &&
        (amount.gte === undefined || t.amount >= amount.gte) &&
        (amount.lte === undefined || t.amount <= amount.lte),
    )
    .slice(query.offset, query.offset + query.limit);
}

/** The charge, locked for this transaction, when it is this merchant's (and this customer's, if one is named). */
async function lockedCharge(tx: Tx, merchant: Merchant, customerId: string | null, chargeId: string): Promise<Json> {
  const charge = await lockCharge(tx, merchant.merchantId, chargeId);
  if (customerId && charge.parentId !== customerId) throw new SandboxError(1005, 404, `The requested resource doesn't exist`);
  return { ...charge.data };
}

function notAllowed(data: Json, step: string): SandboxError {
  return new SandboxError(3006, 412, `The charge is ${publicCharge(data).status} and cannot be ${step}`);
}

/** An optional amount (absent: the whole charge), at most the charge's. */
function stepAmount(body: Json, data: Json, step: string): number {
  if (body.amount === undefined || body.amount === null) return data.amount;
  const amount = amountOf(body);
  if (amount > data.amount) throw new SandboxError(1003, 422, `The amount to ${step} is greater than the charge's amount`);
  return amount;
}

async function capture(deps: SandboxDeps, merchant: Merchant, customerId: string | null, chargeId: string, body: Json): Promise<Json> {
  return deps.db.prisma.$transaction(async (tx) => {
    const data = await lockedCharge(tx, merchant, customerId, chargeId);
    if (data.method !== 'card') throw new SandboxError(3006, 412, 'Only card charges can be captured');
    if (data.status !== 'in_progress' || data.sandbox?.capture !== 'pending') throw notAllowed(data, 'captured');
    const now = new Date();
    data.amount = stepAmount(body, data, 'capture');
    data.status = 'completed';
    data.operation_date = openpayDate(now);
    data.sandbox = { ...data.sandbox, capture: 'captured' };
    await tx.sandboxGatewayObject.update({ where: { id: chargeId }, data: { data } });
    await queueWebhook(tx, {
      merchantId: merchant.merchantId,
      neighborhoodId: data.sandbox.neighborhoodId ?? merchant.neighborhoodId,
      type: 'charge.succeeded',
      charge: data,
    });
    return publicCharge(data);
  });
}

async function refund(deps: SandboxDeps, merchant: Merchant, customerId: string | null, chargeId: string, body: Json): Promise<Json> {
  const description = text(body, 'description', 250) ?? null;
  return deps.db.prisma.$transaction(async (tx) => {
    const data = await lockedCharge(tx, merchant, customerId, chargeId);
    if (data.method !== 'card') throw new SandboxError(3006, 412, 'Only card charges can be refunded');
    const now = new Date();
    let type: string;
    if (data.status === 'in_progress' && data.sandbox?.capture === 'pending') {
      data.status = 'cancelled';
      data.sandbox = { ...data.sandbox, capture: 'released' };
      type = 'charge.cancelled';
    } else {
      if (publicCharge(data).status !== 'completed') throw notAllowed(data, 'refunded');
      data.refund = {
        id: newId('tr'),
        amount: stepAmount(body, data, 'refund'),
        authorization: data.authorization,
        method: 'card',
        operation_type: 'out',
        transaction_type: 'refund',
        status: 'completed',
        currency: 'MXN',
        creation_date: openpayDate(now),
        operation_date: openpayDate(now),
        description,
        error_message: null,
        order_id: null,
        ...(data.customer_id ? { customer_id: data.customer_id } : {}),
      };
      data.status = 'refunded';
      type = 'charge.refunded';
    }
    data.operation_date = openpayDate(now);
    await tx.sandboxGatewayObject.update({ where: { id: chargeId }, data: { data } });
    await queueWebhook(tx, { merchantId: merchant.merchantId, neighborhoodId: data.sandbox?.neighborhoodId ?? merchant.neighborhoodId, type, charge: data });
    return publicCharge(data);
  });
}

export const transactionRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    pattern: new RegExp(`^/charges/${ID}/capture$`),
    key: 'private',
    run: async (d, m, p, r) => capture(d, m, null, p[0], await readJson(r, true)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/customers/${ID}/charges/${ID}/capture$`),
    key: 'private',
    run: async (d, m, p, r) => capture(d, m, p[0], p[1], await readJson(r, true)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/charges/${ID}/refund$`),
    key: 'private',
    run: async (d, m, p, r) => refund(d, m, null, p[0], await readJson(r, true)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/customers/${ID}/charges/${ID}/refund$`),
    key: 'private',
    run: async (d, m, p, r) => refund(d, m, p[0], p[1], await readJson(r, true)),
  },
];
