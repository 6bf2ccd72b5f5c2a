// Password recovery: a one-time code mailed to the user opens the password setup screen.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ServiceContext } from '../../../kernel/context.js';
import { boundedText, parseInput } from '../../../kernel/input.js';
import { NotFoundError, RateLimitedError } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { hashPassword } from '../../../auth/passwords.js';
import { takeAttempt } from '../../../auth/rateLimit.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { updateOwnAccount } from '../accounts/service.js';
import { announceSignedOut, continueAs, endUserSessions, insertSession, type SessionContext } from '../session/service.js';
import { RecoverPasswordSchema, SetupPasswordSchema } from '../../../../core/passwords.js';
import { message } from '../../../kernel/reasons.js';

export const PASSWORD_CODE_HOURS = 24;
export const MAX_RECOVERY_EMAILS_PER_HOUR = 5;

export const RecoverSchema = z.object({
  ...RecoverPasswordSchema.shape,
  domain: boundedText(60, 'El dominio').nullish(),
});

/** Mails a recovery code when the account exists; the answer is the same either way (no account probing). */
export async function requestPasswordRecovery(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(RecoverSchema, raw);
  const user = await ctx.prisma.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, firstName: true } });
  if (!user) return;
  // At most a few recovery e-mails per account and hour, so the form cannot be used to flood a mailbox;
  // over the limit the answer stays the same.
  try {
    await takeAttempt(ctx.prisma, `#recover:${user.id}`, ctx.ip, [{ scope: 'key', max: MAX_RECOVERY_EMAILS_PER_HOUR, windowMinutes: 60 }]);
  } catch (error) {
    if (error instanceof RateLimitedError) return;
    throw error;
  }
  const code = randomBytes(18).toString('base64url');
  await write(ctx, { audit: { action: 'REQUEST_PASSWORD_RECOVERY', entity: 'User', entityId: user.id, userId: user.id } }, async ({ tx, afterCommit }) => {
    await updateOwnAccount(tx, user.id, { passwordCode: code, passwordCodeExpiresAt: new Date(Date.now() + PASSWORD_CODE_HOURS * 3_600_000) });
    await queueEmail(tx, {
      to: user.email,
      subject: 'Recupera tu contraseña',
      text: `Hola ${user.firstName}: para elegir una contraseña nueva abre ${ctx.config.publicUrl ?? ''}/setup-password/${code}. El enlace vence en ${PASSWORD_CODE_HOURS} horas.`,
    });
    afterCommit(() => kickMailer(ctx.prisma));
  });
}

const CODE_INVALID = message('PASSWORD_CODE_INVALID');
const codeInput = z.string().trim().min(1, CODE_INVALID).max(100, CODE_INVALID);

async function userByCode(db: Pick<ServiceContext['prisma'], 'user'>, raw: string) {
  const parsed = codeInput.safeParse(raw);
  if (!parsed.success) throw new NotFoundError('PASSWORD_CODE_INVALID');
  const user = await db.user.findUnique({
    where: { passwordCode: parsed.data },
    select: { id: true, email: true, firstName: true, passwordCodeExpiresAt: true },
  });
  if (!user?.passwordCodeExpiresAt || user.passwordCodeExpiresAt < new Date()) throw new NotFoundError('PASSWORD_CODE_INVALID');
  return user;
}

export async function passwordCodeInfo(ctx: ServiceContext, code: string) {
  const user = await userByCode(ctx.prisma, code);
  return { email: user.email, firstName: user.firstName };
}

export { SetupPasswordSchema };

/** Sets the password from a recovery code (spent once), ends the user's sessions and signs in. */
export async function setupPasswordWithCode(ctx: SessionContext, raw: unknown) {
  const input = parseInput(SetupPasswordSchema, raw);
  const passwordHash = await hashPassword(input.password);
  // The result carries the new session's token: never stored under an Idempotency-Key.
  ctx.idempotencyKey = null;
  const { userId, session } = await write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    const user = await userByCode(tx, input.code);
    await updateOwnAccount(tx, user.id, { passwordHash, passwordCode: null, passwordCodeExpiresAt: null, emailVerified: true });
    const ended = await endUserSessions(tx, user.id);
    afterCommit(() => announceSignedOut(ctx, user.id, ended));
    const membership = await tx.membership.findFirst({ where: { userId: user.id, active: true }, orderBy: { id: 'asc' }, select: { id: true } });
    const session = await insertSession(tx, ctx, { userId: user.id, membershipId: membership?.id ?? null, viaCookie: true });
    await audit({ action: 'SETUP_PASSWORD', entity: 'User', entityId: user.id, userId: user.id });
    return { userId: user.id, session };
  });
  await continueAs(ctx, session);
  return userId;
}
