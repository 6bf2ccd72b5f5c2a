import type { Prisma } from '../../db/client.js';

export interface Email {
  to: string;
  subject: string;
  text: string;
  neighborhoodId?: number | null;
}

/** Queues an e-mail in the outbox; delivery happens outside the request. */
export async function queueEmail(prisma: Prisma, email: Email) {
  await prisma.emailOutbox.create({
    data: { to: email.to, subject: email.subject, text: email.text, neighborhoodId: email.neighborhoodId ?? null },
  });
}
