// The sandbox's notifications: each one is a SandboxGatewayObject (kind webhook) queued with a job in
// the same transaction as the change it reports; the job 'sandbox.webhooks' delivers it to the
// community's webhook receiver with the community's webhook credentials, so delivery runs the real
// verification. Like Openpay, the sandbox POSTs each notification over HTTP to the receiver's URL: the app's
// own webhook endpoint, which buildApp connects (connectSandboxWebhooks) together with its fetch handler,
// the way the adapter reaches the sandbox in-process (no port, no network; tests run the job and see its
// effect at once). An answer other than 2xx throws, and the jobs mechanism retries. A delayed charge
// (test card 4000000000000044) is completed by its webhook's job, just before delivery. The jobs of one
// batch run in no set order, so a job first delivers the charge's earlier notifications that are due:
// the notifications of a charge arrive in the order they happened.
import type { Database } from '../../../db/client.js';
import type { ServiceContext, Tx } from '../../../kernel/context.js';
import { lockRow } from '../../../kernel/locks.js';
import { defineJob, enqueueJob } from '../../jobs.js';
import { gatewayAccount } from '../account.js';
import { basicAuthorization, webhookCredentials } from '../openpay.js';
import { type Json, newId, openpayDate } from './records.js';

export const SANDBOX_WEBHOOK_JOB = 'sandbox.webhooks';

/** Where the sandbox's notifications go: each community's webhook URL, and how a request reaches it. */
export interface SandboxWebhookReceiver {
  url(neighborhoodId: number): string;
  send(request: Request): Promise<Response>;
}

const receivers = new WeakMap<Database, SandboxWebhookReceiver>();

/** Connects the sandbox of this database to the app's webhook receiver (buildApp does). */
export function connectSandboxWebhooks(db: Database, receiver: SandboxWebhookReceiver): void {
  receivers.set(db, receiver);
}
/** How long a delayed confirmation waits by default (charges may set metadata.sandbox_delay_ms). */
export const DEFAULT_DELAY_MS = 3_000;

interface WebhookData {
  neighborhoodId: number;
  /** Its place among the charge's notifications (0, 1, …). */
  seq: number;
  dueAt: string;
  /** The charge this notification completes when delivered (a delayed charge). */
  chargeId: string;
  apply?: Json;
  body: Json;
  attempts: number;
  lastStatus?: number;
  deliveredAt?: string;
}

/** The notification body: Openpay's {type, event_date, transaction}; chargebacks add `chargeback` (see ../openpay.ts). */
function notificationBody(type: string, eventDate: Date, charge: Json, chargeback?: Json): Json {
  const { sandbox: _sandbox, ...transaction } = charge;
  return { type, event_date: openpayDate(eventDate), transaction, ...(chargeback ? { chargeback } : {}) };
}

export async function queueWebhook(
  tx: Pick<Tx, 'sandboxGatewayObject' | '$executeRaw'>,
  // The caller holds the charge's row (created or locked FOR UPDATE in this transaction), so seq is consistent.
  event: { merchantId: string; neighborhoodId: number; type: string; charge: Json; chargeback?: Json; runAt?: Date; apply?: Json },
): Promise<void> {
  const runAt = event.runAt ?? new Date();
  const charge = event.apply ? { ...event.charge, ...event.apply } : event.charge;
  const id = newId('wh');
  const seq = await tx.sandboxGatewayObject.count({ where: { merchantId: event.merchantId, kind: 'webhook', parentId: event.charge.id } });
  const data: WebhookData = {
    neighborhoodId: event.neighborhoodId,
    seq,
    dueAt: runAt.toISOString(),
    chargeId: event.charge.id,
    ...(event.apply ? { apply: event.apply } : {}),
    body: notificationBody(event.type, runAt, charge, event.chargeback),
    attempts: 0,
  };
  await tx.sandboxGatewayObject.create({
    data: { id, merchantId: event.merchantId, kind: 'webhook', parentId: event.charge.id, data: data as unknown as Json },
  });
  await enqueueJob(tx, { kind: SANDBOX_WEBHOOK_JOB, payload: { id }, runAt, uniqueKey: `${SANDBOX_WEBHOOK_JOB}:${id}` });
}

defineJob(SANDBOX_WEBHOOK_JOB, async (ctx, payload) => {
  const id = (payload as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return;
  const row = await ctx.prisma.sandboxGatewayObject.findUnique({ where: { id } });
  if (row?.kind !== 'webhook') return;
  const data = row.data as unknown as WebhookData;
  if (data.deliveredAt) return;
  const siblings = await ctx.prisma.sandboxGatewayObject.findMany({ where: { merchantId: row.merchantId, kind: 'webhook', parentId: row.parentId } });
  const now = Date.now();
  const earlier = siblings
    .map((w) => ({ id: w.id, data: w.data as unknown as WebhookData }))
    .filter((w) => w.id !== id && !w.data.deliveredAt && w.data.seq < data.seq && Date.parse(w.data.dueAt) <= now)
    .sort((a, b) => a.data.seq - b.data.seq);
  for (const w of earlier) await deliver(ctx, w.id, w.data);
  await deliver(ctx, id, data);
});

async function deliver(ctx: ServiceContext, id: string, data: WebhookData): Promise<void> {
  if (data.apply) {
    await ctx.prisma.$transaction(async (tx) => {
      await lockRow(tx, 'SandboxGatewayObject', data.chargeId);
      const charge = await tx.sandboxGatewayObject.findUnique({ where: { id: data.chargeId } });
      const current = charge?.data as Json | undefined;
      if (charge && current?.status === 'in_progress')
        await tx.sandboxGatewayObject.update({ where: { id: charge.id }, data: { data: { ...current, ...data.apply } } });
    });
  }
  const account = await gatewayAccount(ctx.prisma, ctx.config, data.neighborhoodId);
  if (!account) throw new Error(`Community ${data.neighborhoodId} has no gateway keys to sign the webhook`);
  const { user, password } = webhookCredentials(account);
  const headers = new Headers({ authorization: basicAuthorization(user, password), 'content-type': 'application/json', 'user-agent': 'Openpay-Sandbox/1.0' });
  const receiver = receivers.get(ctx.db);
  if (!receiver) throw new Error('No webhook receiver is connected to the sandbox gateway (buildApp connects the app)');
  const answer = await receiver.send(new Request(receiver.url(data.neighborhoodId), { method: 'POST', headers, body: JSON.stringify(data.body) }));
  await answer.body?.cancel();
  const delivered = answer.status >= 200 && answer.status < 300;
  await ctx.prisma.sandboxGatewayObject.update({
    where: { id },
    data: {
      data: {
        ...data,
        attempts: data.attempts + 1,
        lastStatus: answer.status,
        ...(delivered ? { deliveredAt: new Date().toISOString() } : {}),
      } as unknown as Json,
    },
  });
  if (!delivered) throw new Error(`The webhook receiver answered ${answer.status}`);
}
