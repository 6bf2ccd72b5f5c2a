import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../kernel/dbErrors.js';
import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { parseInput } from '../../kernel/input.js';
import { ConflictError } from '../../kernel/errors.js';
import { hashPassword } from '../../auth/passwords.js';
import { recordSignInAttempt } from '../../auth/rateLimit.js';
import { checkCredentials, openSession } from '../session/service.js';
import { audit } from '../../kernel/audit.js';
import { capitalize } from '../../../core/validators.js';
import { createCommunity } from '../neighborhoods/service.js';
import { queueEmail } from '../../infra/mail/outbox.js';

const email = z.string().trim().toLowerCase().pipe(z.email('El correo electrónico no es válido'));
const password = z.string().min(8, 'La contraseña debe tener al menos 8 caracteres').max(200);

export const SignUpSchema = z
  .object({
    neighborhood: z.object({
      name: z.string().trim().min(3, 'El nombre de la comunidad debe tener al menos 3 caracteres').max(120),
      domain: z
        .string()
        .trim()
        .regex(/^[a-z0-9_-]{3,60}$/, 'El dominio solo puede tener letras minúsculas, números, guiones y guiones bajos (3 a 60)'),
      neighborhoodType: z
        .enum(['NEIGHBORHOOD', 'CONDOMINIUM', 'MALL'])
        .nullish()
        .transform((v) => v ?? 'NEIGHBORHOOD'),
      country: z
        .string()
        .trim()
        .nullish()
        .transform((v) => v || 'México'),
    }),
    user: z
      .object({
        firstName: z.string().trim().min(1, 'El nombre es requerido').max(100).transform(capitalize),
        lastName: z.string().trim().max(100).nullish(),
        email,
        password,
      })
      .nullish(),
    login: z.object({ email, password: z.string().min(1, 'La contraseña es requerida') }).nullish(),
  })
  .refine((v) => !!v.user !== !!v.login, { path: ['user'], message: 'Envía los datos de la persona nueva o los de tu cuenta existente' });

/** Registers a new community with its first administrator (a new person or an existing account) and signs in. */
export async function signUpCommunity(ctx: Context, raw: unknown) {
  const input = parseInput(SignUpSchema, raw);
  const domainTaken = await ctx.prisma.neighborhood.findUnique({ where: { domain: input.neighborhood.domain }, select: { id: true } });
  if (domainTaken) throw new ConflictError(`El dominio ${input.neighborhood.domain} ya está en uso`);

  let userId: number | null = null;
  let userData: { data: Parameters<typeof ctx.prisma.user.create>[0]['data'] } | null = null;
  let verificationCode: string | null = null;
  if (input.login) {
    const user = await checkCredentials(ctx, input.login.email, input.login.password);
    await recordSignInAttempt(ctx.prisma, input.login.email, ctx.ip, true);
    userId = user.id;
  } else {
    const user = input.user!;
    const taken = await ctx.prisma.user.findUnique({ where: { email: user.email }, select: { id: true } });
    if (taken) throw new ConflictError('Ya existe una cuenta con ese correo electrónico; elige "Ya tengo cuenta" para usarla');
    verificationCode = String(randomInt(100000, 1000000)) + String(randomInt(100000, 1000000));
    userData = {
      data: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName ?? null,
        passwordHash: await hashPassword(user.password),
        emailCode: verificationCode,
      },
    };
  }

  // All or nothing: a racing sign-up for the same domain or e-mail fails whole, with a 409.
  const { community, membership, adminUserId } = await ctx.prisma
    .$transaction(async (tx) => {
      const adminUserId = userId ?? (await tx.user.create(userData!)).id;
      const community = await createCommunity(tx, {
        name: input.neighborhood.name,
        domain: input.neighborhood.domain,
        neighborhoodType: input.neighborhood.neighborhoodType,
        country: input.neighborhood.country,
      });
      const adminRole = community.roles.find((r) => r.kind === 'ADMIN')!;
      const membership = await tx.membership.create({ data: { neighborhoodId: community.id, userId: adminUserId, roleId: adminRole.id } });
      return { community, membership, adminUserId };
    })
    .catch((error) => {
      if (isUniqueViolation(error)) throw new ConflictError('El dominio o el correo electrónico ya están en uso');
      throw error;
    });
  await openSession(ctx, adminUserId, membership.id);
  if (verificationCode) {
    await queueEmail(ctx.prisma, {
      to: input.user!.email,
      subject: 'Verifica tu correo electrónico',
      text: `Bienvenido a ${community.name}. Para verificar tu correo usa el código ${verificationCode} o abre ${ctx.config.publicUrl ?? ''}/verify-email/${verificationCode}.`,
      neighborhoodId: community.id,
    });
  }
  await audit(ctx, 'SIGN_UP_COMMUNITY', 'Neighborhood', community.id, { domain: community.domain, existingLogin: !!input.login }, adminUserId);
  return community.id;
}
