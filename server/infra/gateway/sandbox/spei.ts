// The sandbox's incoming SPEI transfers (issue 28). Openpay gives a customer created with requires_account a CLABE;
// a transfer from any bank to it becomes a completed bank_account transaction of that customer and a `spei.received`
// notification. Here a bank is simulated by
//   POST /v1/{merchant_id}/spei/simulate {clabe, amount, sender_name?, delay_ms?}   (private key)
// an ordinary route of the handler (./handler.ts), which records the transaction (kind charge, under its customer:
// GET /v1/{m}/customers/{c}/charges/{id} reads it) and queues its notification, delivered by the sandbox's webhook
// job as every other (./webhooks.ts). The app's wallet panel offers it to administrators in sandbox mode
// (simulateSpeiTransfer, called in process).
import { amountOf, authorizationCode, type Merchant, readJson, type SandboxDeps, SandboxError, type SandboxRoute, text } from './api.js';
import { lockedCustomer } from './accounts.js';
import { clabeWithCheckDigit, type Json, newId, openpayDate } from './records.js';
import { queueWebhook } from './webhooks.js';

export interface SpeiTransferInput {
  clabe: string;
  amount: string | number;
  senderName?: string | null;
  delayMs?: number;
  /** The sender's reference: a repeated simulation with the same one answers the first transfer (as Openpay's order_id). */
  orderId?: string | null;
}

const NO_CUSTOMER = (clabe: string) => new SandboxError(1005, 404, `No customer of this merchant has the CLABE ${clabe}`);

/**
 * Records a transfer received on a customer's CLABE and queues its `spei.received`; answers the transaction. Refusals
 * throw SandboxError (Openpay's codes: 1001 a bad CLABE, amount or sender, 1005 no customer has the CLABE).
 */
export async function simulateSpeiTransfer(
  deps: Pick<SandboxDeps, 'db'>,
  merchant: Pick<Merchant, 'merchantId' | 'neighborhoodId'>,
  input: SpeiTransferInput,
): Promise<Json> {
  const { merchantId, neighborhoodId } = merchant;
  const clabe = String(input.clabe ?? '');
  if (!/^\d{18}$/.test(clabe) || clabeWithCheckDigit(clabe.slice(0, 17)) !== clabe) throw new SandboxError(1001, 400, 'clabe is not a valid CLABE');
  const amount = amountOf({ amount: input.amount });
  const senderName = text({ sender_name: input.senderName ?? null }, 'sender_name', 80) ?? 'ORDENANTE DE PRUEBA';
  const orderId = text({ order_id: input.orderId ?? null }, 'order_id', 100);
  const delayMs = input.delayMs ?? 0;
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 86_400_000)
    throw new SandboxError(1003, 422, 'delay_ms must be an integer between 0 and 86400000');

  const prisma = deps.db.prisma;
  const found = await prisma.sandboxGatewayObject.findFirst({
    where: { merchantId, kind: 'customer', data: { path: ['clabe'], equals: clabe } },
    select: { id: true },
  });
  if (!found) throw NO_CUSTOMER(clabe);
  const now = new Date();
  const id = newId('tr');
  const data: Json = {
    id,
    authorization: authorizationCode(),
    operation_type: 'in',
    method: 'bank_account',
    transaction_type: 'charge',
    status: 'completed',
    conciliated: false,
    creation_date: openpayDate(now),
    operation_date: openpayDate(now),
    description: `Transferencia SPEI de ${senderName}`,
    error_message: null,
    order_id: orderId,
    amount,
    currency: 'MXN',
    customer_id: found.id,
    bank_account: { clabe, holder_name: senderName, bank_name: 'STP', bank_code: clabe.slice(0, 3) },
    sandbox: { neighborhoodId, spei: true },
  };
  const repeated = await prisma.$transaction(async (tx) => {
    // Read under the customer's lock: a concurrent fee, update or transfer is not overwritten.
    const customer = await lockedCustomer(tx, merchant, found.id);
    if ((customer.data as Json).clabe !== clabe) throw NO_CUSTOMER(clabe);
    if (orderId) {
      const first = await tx.sandboxGatewayObject.findFirst({ where: { merchantId, kind: 'charge', data: { path: ['order_id'], equals: orderId } } });
      if (first) {
        const earlier = first.data as Json;
        if (earlier.amount !== amount || (earlier.bank_account as Json | undefined)?.clabe !== clabe)
          throw new SandboxError(1006, 409, `The order_id '${orderId}' was already used by another transfer`);
        return earlier;
      }
    }
    await tx.sandboxGatewayObject.create({ data: { id, merchantId, kind: 'charge', parentId: customer.id, data } });
    const balance = Math.round(Number((customer.data as Json).balance ?? 0) * 100) || 0;
    await tx.sandboxGatewayObject.update({
      where: { id: customer.id },
      data: { data: { ...(customer.data as Json), balance: (balance + Math.round(amount * 100)) / 100 } },
    });
    await queueWebhook(tx, { merchantId, neighborhoodId, type: 'spei.received', charge: data, runAt: new Date(now.getTime() + delayMs) });
    return null;
  });
  const { sandbox: _sandbox, ...answer } = repeated ?? data;
  return answer;
}

/** The simulation's route (its body read and its private key checked by the handler, as every route's). */
export const speiRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    pattern: /^\/spei\/simulate$/,
    key: 'private',
    run: async (deps, merchant, _params, request) => {
      const body = await readJson(request);
      return simulateSpeiTransfer(deps, merchant, {
        clabe: body.clabe,
        amount: body.amount,
        senderName: typeof body.sender_name === 'string' ? body.sender_name : null,
        delayMs: body.delay_ms === undefined ? 0 : Number(body.delay_ms),
        orderId: typeof body.order_id === 'string' ? body.order_id : null,
      });
    },
  },
];
