// The sandbox's incoming SPEI transfers (issue 28). Openpay gives a customer created with requires_account a CLABE;
// a transfer from any bank to it becomes a completed bank_account transaction of that customer and a `spei.received`
// notification. Here a bank is simulated by
//   POST /v1/{merchant_id}/spei/simulate {clabe, amount, sender_name?, delay_ms?}   (private key)
// which records the transaction (kind charge, under its customer: GET /v1/{m}/customers/{c}/charges/{id} reads it)
// and queues its notification, delivered by the sandbox's webhook job as every other (./webhooks.ts). The app's
// wallet panel offers it to administrators in sandbox mode (simulateSpeiTransfer, called in process).
import { randomInt } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { BodyTooLargeError, limitBody } from '../../../http/bodyLimit.js';
import { gatewayKeys } from '../keys.js';
import { constantTimeEqual, parseBasicAuthorization } from '../openpay.js';
import { clabeWithCheckDigit, type Json, newId, openpayDate } from './records.js';
import { queueWebhook } from './webhooks.js';

export const SPEI_SIMULATION_PATH = /^\/spei\/simulate$/;
const MAX_AMOUNT = 1_000_000;

/** An Openpay error answer of the simulation. */
export class SandboxSpeiError extends Error {
  constructor(
    readonly code: number,
    readonly httpCode: number,
    readonly description: string,
  ) {
    super(description);
  }
}

const errorAnswer = (e: SandboxSpeiError) =>
  Response.json(
    { category: 'request', description: e.description, http_code: e.httpCode, error_code: e.code, request_id: crypto.randomUUID() },
    { status: e.httpCode },
  );

export interface SpeiTransferInput {
  clabe: string;
  amount: string | number;
  senderName?: string | null;
  delayMs?: number;
}

/** Records a transfer received on a customer's CLABE and queues its `spei.received`; answers the transaction. */
export async function simulateSpeiTransfer(
  deps: { db: Database },
  merchant: { merchantId: string; neighborhoodId: number },
  input: SpeiTransferInput,
): Promise<Json> {
  const { merchantId, neighborhoodId } = merchant;
  const clabe = String(input.clabe ?? '');
  if (!/^\d{18}$/.test(clabe) || clabeWithCheckDigit(clabe.slice(0, 17)) !== clabe) throw new SandboxSpeiError(1001, 400, 'clabe is not a valid CLABE');
  const raw = typeof input.amount === 'number' ? input.amount : /^\d{1,9}(\.\d{1,2})?$/.test(String(input.amount ?? '')) ? Number(input.amount) : Number.NaN;
  if (!Number.isFinite(raw) || raw <= 0 || Math.round(raw * 100) / 100 !== raw)
    throw new SandboxSpeiError(1001, 400, 'amount must be a number greater than 0 with at most two decimals');
  if (raw > MAX_AMOUNT) throw new SandboxSpeiError(1012, 412, 'The amount is out of the allowed limits');
  const senderName = input.senderName == null || input.senderName === '' ? 'ORDENANTE DE PRUEBA' : String(input.senderName);
  if (senderName.length > 80 || /[\u0000-\u001f\u007f]/.test(senderName)) throw new SandboxSpeiError(1001, 400, 'sender_name is not valid');
  const delayMs = input.delayMs ?? 0;
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 86_400_000)
    throw new SandboxSpeiError(1003, 422, 'delay_ms must be an integer between 0 and 86400000');

  const prisma = db(deps);
  const customer = await prisma.sandboxGatewayObject.findFirst({ where: { merchantId, kind: 'customer', data: { path: ['clabe'], equals: clabe } } });
  if (!customer) throw new SandboxSpeiError(1005, 404, `No customer of this merchant has the CLABE ${clabe}`);
  const now = new Date();
  const id = newId('tr');
  const data: Json = {
    id,
    authorization: String(randomInt(1_000_000)).padStart(6, '0'),
    operation_type: 'in',
    method: 'bank_account',
    transaction_type: 'charge',
    status: 'completed',
    conciliated: false,
    creation_date: openpayDate(now),
    operation_date: openpayDate(now),
    description: `Transferencia SPEI de ${senderName}`,
    error_message: null,
    order_id: null,
    amount: raw,
    currency: 'MXN',
    customer_id: customer.id,
    bank_account: { clabe, holder_name: senderName, bank_name: 'STP', bank_code: clabe.slice(0, 3) },
    sandbox: { neighborhoodId, spei: true },
  };
  await prisma.$transaction(async (tx) => {
    await tx.sandboxGatewayObject.create({ data: { id, merchantId, kind: 'charge', parentId: customer.id, data } });
    const balance = Number(customer.data && (customer.data as Json).balance) || 0;
    await tx.sandboxGatewayObject.update({ where: { id: customer.id }, data: { data: { ...(customer.data as Json), balance: balance + raw } } });
    await queueWebhook(tx, { merchantId, neighborhoodId, type: 'spei.received', charge: data, runAt: new Date(now.getTime() + delayMs) });
  });
  const { sandbox: _sandbox, ...answer } = data;
  return answer;
}

const db = (deps: { db: Database }) => deps.db.prisma;

/** The simulation's route (`rest` is the path after /v1/{merchant_id}); null when the request is not for it. */
export async function handleSpeiSimulation(
  deps: { db: Database; config: Config },
  request: Request,
  merchantId: string,
  rest: string,
): Promise<Response | null> {
  if (!SPEI_SIMULATION_PATH.test(rest) || request.method !== 'POST') return null;
  try {
    const given = parseBasicAuthorization(request.headers.get('authorization'));
    const keys = await gatewayKeys().ofMerchant(deps.db.prisma, deps.config, merchantId);
    const key = given?.user ? keys.find((k) => constantTimeEqual(given.user, k.privateKey)) : undefined;
    if (!key) throw new SandboxSpeiError(1002, 401, 'The api key or merchant id are invalid');
    let text: string;
    try {
      text = await (await limitBody(request, 4096)).text();
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new SandboxSpeiError(1009, 413, 'The request body is too large');
      throw error;
    }
    let body: Json;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SandboxSpeiError(1001, 400, 'The request is not valid JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new SandboxSpeiError(1001, 400, 'The request must be a JSON object');
    const answer = await simulateSpeiTransfer(
      deps,
      { merchantId, neighborhoodId: key.neighborhoodId },
      {
        clabe: body.clabe,
        amount: body.amount,
        senderName: typeof body.sender_name === 'string' ? body.sender_name : null,
        delayMs: body.delay_ms === undefined ? 0 : Number(body.delay_ms),
      },
    );
    return Response.json(answer);
  } catch (error) {
    if (error instanceof SandboxSpeiError) return errorAnswer(error);
    throw error;
  }
}
