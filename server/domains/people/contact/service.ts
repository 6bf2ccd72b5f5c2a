// The public contact form: a message for the platform's support address, through the mail outbox.
import { CONTACT_MESSAGES, CONTACT_TYPES, ContactSchema } from '../../../../core/contact.js';
import { type AttemptRule, takeAttempt } from '../../../auth/rateLimit.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import type { ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { write } from '../../../kernel/write.js';

/**
 * Messages per hour from one network address, and from everyone together: enough for people, not for a flood
 * of support's mailbox. The sender's e-mail is not counted: it is not verified, and counting it would let
 * anyone lock someone else out of support.
 */
export const CONTACT_RULES: readonly AttemptRule[] = [
  { scope: 'address', max: 5, windowMinutes: 60 },
  { scope: 'key', max: 100, windowMinutes: 60 },
];

/** Queues the message for support with the sender's address to answer to; answers what the page tells the person. */
export async function sendContactRequest(ctx: ServiceContext, raw: unknown): Promise<string> {
  const input = parseInput(ContactSchema, raw);
  await takeAttempt(ctx.prisma, '#contact', ctx.ip, CONTACT_RULES);
  await write(ctx, {}, async ({ tx, afterCommit }) => {
    await queueEmail(tx, {
      to: ctx.config.supportEmail,
      subject: `Contacto: ${CONTACT_TYPES[input.contactType]}`,
      text: [
        `Motivo: ${CONTACT_TYPES[input.contactType]} (${input.contactType})`,
        `Correo de quien escribe: ${input.visitorEmail}`,
        `Dirección de red: ${ctx.ip}`,
        '',
        input.message,
      ].join('\n'),
    });
    afterCommit(() => kickMailer(ctx.prisma));
  });
  return CONTACT_MESSAGES.received;
}
