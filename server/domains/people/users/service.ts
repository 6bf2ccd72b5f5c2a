// The signed-in person's own account: profile, e-mail change (verified by a mailed code), password.
// The User row is written through server/domains/people/accounts/service.ts.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { actorOf, type ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { write } from '../../../kernel/write.js';
import { hashPassword } from '../../../auth/passwords.js';
import { BasicDataSchema, boundedPhone, EmailChangeSchema, PasswordChangeSchema } from '../../../../core/account.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { updateOwnAccount } from '../accounts/service.js';
import { announceSignedOut, checkCurrentPassword, endUserSessions } from '../session/service.js';

export { BasicDataSchema, boundedPhone, EmailChangeSchema, PasswordChangeSchema };

export async function updateBasicData(ctx: ServiceContext, raw: unknown) {
  const viewer = actorOf(ctx);
  const input = parseInput(BasicDataSchema, raw);
  return write(
    ctx,
    { audit: { action: 'UPDATE_BASIC_DATA', entity: 'User', entityId: viewer.userId, data: { fields: Object.keys(input) } } },
    async ({ tx, afterCommit }) => {
      await updateOwnAccount(tx, viewer.userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        birthDate: input.birthDate ? new Date(`${input.birthDate}T00:00:00Z`) : null,
        mobile: input.mobile,
        landline: input.landline,
      });
      afterCommit(() => ctx.pubsub.publish('user:session', viewer.userId, { kind: 'PROFILE_UPDATED', sessionId: viewer.sessionId, at: new Date() }));
      return viewer.userId;
    },
  );
}

/** A code mailed to an address: twelve digits, typed or opened as a link. */
export function newEmailCode() {
  return String(randomInt(100000, 1000000)) + String(randomInt(100000, 1000000));
}

/** Starts an e-mail change: the new address must be confirmed with the code sent to it. */
export async function requestEmailChange(ctx: ServiceContext, raw: unknown) {
  const viewer = actorOf(ctx);
  const input = parseInput(EmailChangeSchema, raw);
  if (input.oldEmail !== viewer.email) throw new InputError([{ field: 'oldEmail', message: 'El correo electrónico actual no coincide' }]);
  if (input.email === viewer.email) throw new InputError([{ field: 'email', message: 'El correo electrónico nuevo debe ser distinto del actual' }]);
  const code = newEmailCode();
  return write(
    ctx,
    { audit: { action: 'REQUEST_EMAIL_CHANGE', entity: 'User', entityId: viewer.userId, data: { newEmail: input.email } } },
    async ({ tx, afterCommit }) => {
      // A courtesy: the unique index on User.email decides when the change is verified.
      const taken = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
      if (taken) throw new ConflictError('EMAIL_TAKEN');
      await updateOwnAccount(tx, viewer.userId, { newEmail: input.email, emailCode: code });
      await queueEmail(tx, {
        to: input.email,
        subject: 'Confirma tu nuevo correo electrónico',
        text: `Para confirmar tu nuevo correo electrónico usa el código ${code} o abre ${ctx.config.publicUrl ?? ''}/verify-email/${code}.`,
        neighborhoodId: viewer.neighborhoodId,
      });
      afterCommit(() => kickMailer(ctx.prisma));
      return viewer.userId;
    },
  );
}

export const VerifyEmailSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{12}$/, 'El código de verificación no es válido o ya fue usado'),
});

/** Confirms an e-mail change (or a first e-mail verification) by its code: the address is verified from then on. */
export async function verifyEmail(ctx: ServiceContext, code: string) {
  let input: { code: string };
  try {
    input = parseInput(VerifyEmailSchema, { code });
  } catch {
    throw new NotFoundError('VERIFICATION_CODE_INVALID');
  }
  return write(ctx, {}, async ({ tx, audit }) => {
    const user = await tx.user.findUnique({ where: { emailCode: input.code }, select: { id: true, email: true, newEmail: true } });
    if (!user) throw new NotFoundError('VERIFICATION_CODE_INVALID');
    const email = user.newEmail ?? user.email;
    await updateOwnAccount(tx, user.id, { email, newEmail: null, emailCode: null, emailVerified: true }).catch((error) => {
      if (isUniqueViolation(error)) throw new ConflictError('EMAIL_TAKEN');
      throw error;
    });
    await audit({ action: 'VERIFY_EMAIL', entity: 'User', entityId: user.id, data: { email }, userId: user.id });
    return user.id;
  });
}

/**
 * Changes the password and ends every other session of the user. Guesses of the current password are
 * throttled like sign-in guesses (same counters): a stolen session cannot be used to guess it.
 */
export async function changePassword(ctx: ServiceContext, raw: unknown) {
  const viewer = actorOf(ctx);
  const input = parseInput(PasswordChangeSchema, raw);
  const { ok } = await checkCurrentPassword(ctx, input.currentPassword);
  if (!ok) throw new InputError([{ field: 'currentPassword', message: 'La contraseña actual no es correcta' }]);
  const passwordHash = await hashPassword(input.password);
  return write(ctx, { audit: { action: 'CHANGE_PASSWORD', entity: 'User', entityId: viewer.userId } }, async ({ tx, afterCommit }) => {
    await updateOwnAccount(tx, viewer.userId, { passwordHash });
    const ended = await endUserSessions(tx, viewer.userId, viewer.sessionId);
    afterCommit(() => announceSignedOut(ctx, viewer.userId, ended));
    return viewer.userId;
  });
}
