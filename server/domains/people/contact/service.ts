// The public contact form: a message for the platform's support address, through the mail outbox.
import { CONTACT_MESSAGES, CONTACT_TYPES, ContactSchema } from '../../../../core/contact.js';
import { type AttemptRule, takeAttempt } from '../../../auth/rateLimit.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import type { ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { write } from '../../../kernel/write.js';

/** Messages from one network address, and about one sender's e-mail, per hour: enough for a person, not for a flood. */
export const CONTACT_RULES_PER_ADDRESS: readonly AttemptRule[] = [{ scope: 'address', max: 5, windowMinutes: 60 }];
export const CONTACT_RULES_PER_EMAIL: readonly AttemptRule[] = [{ scope: 'key', max: 3, windowMinutes: 60 }];

/** Queues the message for support with the sender's address to answer to; answers what the page tells the person. */
export async function sendContactRequest(ctx: ServiceContext, raw: unknown): Promise<string> {
  const input = parseInput(ContactSchema, raw);
  await takeAttempt(ctx.prisma, '#contact', ctx.ip, CONTACT_RULES_PER_ADDRESS);
  await takeAttempt(ctx.prisma, `#contact:${input.visitorEmail}`, ctx.ip, CONTACT_RULES_PER_EMAIL);
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
