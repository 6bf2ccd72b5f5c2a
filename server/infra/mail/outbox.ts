import type { Prisma } from '../../db/client.js';

export interface Email {
  to: string;
  subject: string;
  text: string;
  neighborhoodId?: number | null;
}

type OutboxWriter = Pick<Prisma, 'emailOutbox'>;

/** Called after a row is queued: the running mailer (if any) delivers it without waiting for its next poll. */
const kicks = new WeakMap<object, () => void>();

export function onQueued(prisma: object, kick: () => void) {
  kicks.set(prisma, kick);
  return () => kicks.delete(prisma);
}

/**
 * Queues an e-mail in the outbox: the only way code sends mail. Delivery happens outside the request
 * (server/domains/mail/sender.ts), or the outbox is the mailbox (/dev/mailbox) when no SMTP server is
 * configured. Returns the outbox id (deliverNow sends it synchronously when the caller must know).
 */
export async function queueEmail(prisma: OutboxWriter, email: Email): Promise<bigint> {
  const row = await prisma.emailOutbox.create({
    data: { to: email.to, subject: email.subject, text: email.text, neighborhoodId: email.neighborhoodId ?? null },
    select: { id: true },
  });
  // A transaction client has no kick registered: the row is picked up by the next poll after commit.
  kicks.get(prisma)?.();
  return row.id;
}

/** After a write that queued e-mails commits (write()'s afterCommit): the running mailer delivers them now. */
export function kickMailer(prisma: object) {
  kicks.get(prisma)?.();
}
