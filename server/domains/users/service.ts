import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { actorOf } from '../../kernel/context.js';
import { parseInput, phoneInput } from '../../kernel/input.js';
import { ConflictError, InputError, NotFoundError } from '../../kernel/errors.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { audit } from '../../kernel/audit.js';
import { blankToNull, capitalize } from '../../../core/validators.js';
import { queueEmail } from '../../infra/mail/outbox.js';

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => blankToNull(v ?? null));

export const BasicDataSchema = z.object({
  firstName: z.string().trim().min(1, 'El nombre es requerido').max(100).transform(capitalize),
  lastName: optionalText(100).transform((v) => (v ? capitalize(v.trim()) : null)),
  birthDate: z.iso.date('La fecha de nacimiento debe tener el formato AAAA-MM-DD').nullish(),
  mobile: phoneInput('El teléfono celular debe tener 10 dígitos'),
  landline: phoneInput('El teléfono fijo debe tener 10 dígitos'),
});

export async function updateBasicData(ctx: Context, raw: unknown) {
  const viewer = actorOf(ctx);
  const input = parseInput(BasicDataSchema, raw);
  await ctx.prisma.user.update({
    where: { id: viewer.userId },
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: input.birthDate ? new Date(`${input.birthDate}T00:00:00Z`) : null,
      mobile: input.mobile,
      landline: input.landline,
    },
  });
  await audit(ctx, 'UPDATE_BASIC_DATA', 'User', viewer.userId, { fields: Object.keys(input) });
  ctx.pubsub.publish('user:session', viewer.userId, { kind: 'PROFILE_UPDATED', sessionId: viewer.sessionId, at: new Date() });
  return viewer.userId;
}

export const EmailChangeSchema = z.object({
  oldEmail: z.string().trim().toLowerCase().pipe(z.email('El correo electrónico actual no es válido')),
  email: z.string().trim().toLowerCase().pipe(z.email('El correo electrónico nuevo no es válido')),
});

/** Starts an e-mail change: the new address must be confirmed with the code sent to it. */
export async function requestEmailChange(ctx: Context, raw: unknown) {
  const viewer = actorOf(ctx);
  const input = parseInput(EmailChangeSchema, raw);
  if (input.oldEmail !== viewer.email) throw new InputError([{ field: 'oldEmail', message: 'El correo electrónico actual no coincide' }]);
  if (input.email === viewer.email) throw new InputError([{ field: 'email', message: 'El correo electrónico nuevo debe ser distinto del actual' }]);
  const taken = await ctx.prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw new ConflictError('Ya existe una cuenta con ese correo electrónico');
  const code = String(randomInt(100000, 1000000)) + String(randomInt(100000, 1000000));
  await ctx.prisma.user.update({ where: { id: viewer.userId }, data: { newEmail: input.email, emailCode: code } });
  await queueEmail(ctx.prisma, {
    to: input.email,
    subject: 'Confirma tu nuevo correo electrónico',
    text: `Para confirmar tu nuevo correo electrónico usa el código ${code} o abre ${ctx.config.publicUrl ?? ''}/verify-email/${code}.`,
    neighborhoodId: viewer.neighborhoodId,
  });
  await audit(ctx, 'REQUEST_EMAIL_CHANGE', 'User', viewer.userId, { newEmail: input.email });
  return viewer.userId;
}

/** Confirms an e-mail change (or a first e-mail verification) by its code. */
export async function verifyEmail(ctx: Context, code: string) {
  const user = await ctx.prisma.user.findUnique({ where: { emailCode: code.trim() } });
  if (!user) throw new NotFoundError('El código de verificación no es válido o ya fue usado');
  const email = user.newEmail ?? user.email;
  const taken = user.newEmail ? await ctx.prisma.user.findUnique({ where: { email }, select: { id: true } }) : null;
  if (taken) throw new ConflictError('Ya existe una cuenta con ese correo electrónico');
  await ctx.prisma.user.update({ where: { id: user.id }, data: { email, newEmail: null, emailCode: null, emailVerified: true } });
  await audit(ctx, 'VERIFY_EMAIL', 'User', user.id, { email }, user.id);
  return user.id;
}

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'La contraseña actual es requerida'),
    password: z.string().min(8, 'La contraseña nueva debe tener al menos 8 caracteres').max(200),
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: 'Las contraseñas no coinciden' });

/** Changes the password and ends every other session of the user. */
export async function changePassword(ctx: Context, raw: unknown) {
  const viewer = actorOf(ctx);
  const input = parseInput(PasswordChangeSchema, raw);
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new InputError([{ field: 'currentPassword', message: 'La contraseña actual no es correcta' }]);
  }
  await ctx.prisma.$transaction([
    ctx.prisma.user.update({ where: { id: viewer.userId }, data: { passwordHash: await hashPassword(input.password) } }),
    ctx.prisma.session.updateMany({
      where: { userId: viewer.userId, endedAt: null, id: { not: viewer.sessionId } },
      data: { endedAt: new Date() },
    }),
  ]);
  await audit(ctx, 'CHANGE_PASSWORD', 'User', viewer.userId);
  return viewer.userId;
}
