// Delivery of the e-mail outbox through SMTP (nodemailer). Without SMTP_URL nothing is sent: the
// outbox is the mailbox, readable at /dev/mailbox.
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../onFirstUse.js';

const nodemailer = onFirstUse<typeof Nodemailer>('nodemailer');
import type { Config } from '../../config.js';
import type { Prisma } from '../../db/client.js';
import type { Context } from '../../kernel/context.js';
import { AppError, type Why } from '../../kernel/errors.js';
import { onQueued } from './outbox.js';

export const MAX_ATTEMPTS = 5;
export const POLL_MS = 5_000;
/** Wait before retry n (after n failed attempts): 30 s, 1.5 min, 3.5 min, 7.5 min. */
const RETRY_BASE_MS = 30_000;
/** Rows older than this are never sent: their links and codes would be stale. */
const MAX_AGE_MS = 24 * 3_600_000;
const BATCH = 20;

/** Spec 1 section 8: the e-mail could not be delivered (resend flows). */
export class MailDeliveryError extends AppError {
  constructor(why: Why = 'MAIL_NOT_DELIVERED') {
    super(why, 503);
  }
}

export interface Mailer {
  /** Whether an SMTP server is configured (otherwise the outbox is the mailbox). */
  readonly smtp: boolean;
  /** Delivers pending rows now instead of at the next poll. */
  kick(): void;
  /** Sends one outbox row synchronously; true when delivered (always true without SMTP). */
  deliver(outboxId: bigint): Promise<boolean>;
  /** Runs one delivery pass (tests and the poll). */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

const mailers = new WeakMap<object, Mailer>();

function retryWhere(now: number) {
  return Array.from({ length: MAX_ATTEMPTS }, (_, attempts) => ({
    attempts,
    createdAt: { lte: new Date(now - RETRY_BASE_MS * (2 ** attempts - 1)), gte: new Date(now - MAX_AGE_MS) },
  }));
}

/** Starts the background sender of an app (one per database client); stop() ends it. */
export function startMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>, prisma: Prisma, options: { pollMs?: number } = {}): Mailer {
  // Short timeouts: a resend waits for the answer, and shutdown waits for the pass in flight.
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer().createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  /** Claims one attempt of a row (another instance may poll the same outbox) and sends it. */
  async function attempt(row: { id: bigint; to: string; subject: string; text: string; attempts: number }, final: boolean): Promise<boolean> {
    const claimed = await prisma.emailOutbox.updateMany({
      where: { id: row.id, sentAt: null, attempts: row.attempts },
      data: { attempts: final ? MAX_ATTEMPTS : row.attempts + 1 },
    });
    if (claimed.count === 0) return false;
    try {
      await transport!.sendMail({ from: config.mailFrom, to: row.to, subject: row.subject, text: row.text });
      await prisma.emailOutbox.update({ where: { id: row.id }, data: { sentAt: new Date(), error: null } });
      return true;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      await prisma.emailOutbox.update({ where: { id: row.id }, data: { error: message.slice(0, 500) } });
      if (config.env !== 'test') console.warn(`E-mail ${row.id} to ${row.to} not delivered: ${message}`);
      return false;
    }
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await prisma.emailOutbox.findMany({
        where: { sentAt: null, OR: retryWhere(Date.now()) },
        orderBy: { id: 'asc' },
        take: BATCH,
        select: { id: true, to: true, subject: true, text: true, attempts: true },
      });
      for (const row of rows) if (!stopped && (await attempt(row, false))) sent++;
      if (rows.length < BATCH || stopped) return sent;
    }
  }

  async function flush(): Promise<number> {
    if (!transport || stopped) return 0;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await pass().catch((error) => {
          if (!stopped) console.error('E-mail delivery pass failed', error);
          return 0;
        });
      } while (again && !stopped);
      return total;
    })().finally(() => (running = null));
    return running;
  }

  const mailer: Mailer = {
    smtp: !!transport,
    kick: () => void flush(),
    flush,
    async deliver(outboxId) {
      if (!transport) return true;
      // queueEmail kicked a pass that may be sending this very row: let it finish first.
      await running?.catch(() => 0);
      const select = { id: true, to: true, subject: true, text: true, attempts: true, sentAt: true, error: true } as const;
      const row = await prisma.emailOutbox.findUnique({ where: { id: outboxId }, select });
      if (!row) return false;
      if (row.sentAt) return true;
      // The person is told the result now: a failed row is not retried in the background (they may resend).
      if (await attempt(row, true)) return true;
      // Another instance may hold the attempt: wait a little for its outcome.
      for (let i = 0; i < 20; i++) {
        const now = await prisma.emailOutbox.findUnique({ where: { id: outboxId }, select });
        if (!now || now.sentAt) return !!now;
        if (now.error) return false;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return false;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unregister();
      await running?.catch(() => 0);
      transport?.close();
      mailers.delete(prisma);
    },
  };

  const unregister = transport ? onQueued(prisma, mailer.kick) : () => false;
  if (transport) {
    timer = setInterval(mailer.kick, options.pollMs ?? POLL_MS);
    timer.unref();
    mailer.kick();
  }
  mailers.set(prisma, mailer);
  return mailer;
}

/** The mailer of the app this context belongs to (null outside a running app). */
export function mailerOf(ctx: Pick<Context, 'prisma'>): Mailer | null {
  return mailers.get(ctx.prisma) ?? null;
}

/**
 * Delivers a queued e-mail before answering (the resend flows tell the person whether it left):
 * with SMTP it is sent now (false when the server refuses it); without SMTP the outbox is the mailbox,
 * so it counts as delivered.
 */
export async function deliverNow(ctx: Pick<Context, 'prisma'>, outboxId: bigint): Promise<boolean> {
  const mailer = mailerOf(ctx);
  return mailer ? mailer.deliver(outboxId) : true;
}
