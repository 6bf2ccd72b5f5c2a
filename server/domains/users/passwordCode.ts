// Password recovery: a one-time code mailed to the user opens the password setup screen.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { parseInput } from '../../kernel/input.js';
import { NotFoundError } from '../../kernel/errors.js';
import { hashPassword } from '../../auth/passwords.js';
import { openSession } from '../session/service.js';
import { audit } from '../../kernel/audit.js';
import { queueEmail } from '../../infra/mail/outbox.js';

export const PASSWORD_CODE_HOURS = 24;
export const MAX_RECOVERY_EMAILS_PER_HOUR = 5;

export const RecoverSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('El correo electrónico no es válido')),
  domain: z.string().trim().nullish(),
});

/** Mails a recovery code when the account exists; the answer is the same either way (no account probing). */
export async function requestPasswordRecovery(ctx: Context, raw: unknown) {
  const input = parseInput(RecoverSchema, raw);
  const user = await ctx.prisma.user.findUnique({ where: { email: input.email } });
  if (!user) return;
  // At most a few recovery e-mails per account and hour, so the form cannot be used to flood a mailbox.
  const recent = await ctx.prisma.auditLog.count({
    where: { action: 'REQUEST_PASSWORD_RECOVERY', entity: 'User', entityId: String(user.id), createdAt: { gte: new Date(Date.now() - 3_600_000) } },
  });
  if (recent >= MAX_RECOVERY_EMAILS_PER_HOUR) return;
  const code = randomBytes(18).toString('base64url');
  await ctx.prisma.user.update({
    where: { id: user.id },
    data: { passwordCode: code, passwordCodeExpiresAt: new Date(Date.now() + PASSWORD_CODE_HOURS * 3_600_000) },
  });
  await queueEmail(ctx.prisma, {
    to: user.email,
    subject: 'Recupera tu contraseña',
    text: `Hola ${user.firstName}: para elegir una contraseña nueva abre ${ctx.config.publicUrl ?? ''}/setup-password/${code}. El enlace vence en ${PASSWORD_CODE_HOURS} horas.`,
  });
  await audit(ctx, 'REQUEST_PASSWORD_RECOVERY', 'User', user.id, undefined, user.id);
}

async function userByCode(ctx: Context, code: string) {
  const user = await ctx.prisma.user.findUnique({ where: { passwordCode: code.trim() } });
  if (!user || !user.passwordCodeExpiresAt || user.passwordCodeExpiresAt < new Date()) {
    throw new NotFoundError('El enlace para elegir tu contraseña no es válido o ya venció. Solicita uno nuevo');
  }
  return user;
}

export async function passwordCodeInfo(ctx: Context, code: string) {
  const user = await userByCode(ctx, code);
  return { email: user.email, firstName: user.firstName };
}

export const SetupPasswordSchema = z
  .object({
    code: z.string().min(1),
    password: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres').max(200),
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: 'Las contraseñas no coinciden' });

/** Sets the password from a recovery code, ends the user's other sessions and signs in. */
export async function setupPasswordWithCode(ctx: Context, raw: unknown) {
  const input = parseInput(SetupPasswordSchema, raw);
  const user = await userByCode(ctx, input.code);
  await ctx.prisma.$transaction([
    ctx.prisma.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(input.password), passwordCode: null, passwordCodeExpiresAt: null, emailVerified: true },
    }),
    ctx.prisma.session.updateMany({ where: { userId: user.id, endedAt: null }, data: { endedAt: new Date() } }),
  ]);
  const membership = await ctx.prisma.membership.findFirst({ where: { userId: user.id, active: true }, orderBy: { id: 'asc' }, select: { id: true } });
  await openSession(ctx, user.id, membership?.id ?? null);
  await audit(ctx, 'SETUP_PASSWORD', 'User', user.id, undefined, user.id);
  return user.id;
}
