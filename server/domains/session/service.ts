import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { actorOf } from '../../kernel/context.js';
import { parseInput } from '../../kernel/input.js';
import { NotFoundError, SignInError, TooManyAttemptsError } from '../../kernel/errors.js';
import { verifyAgainstNothing, verifyPassword } from '../../auth/passwords.js';
import { recordSignInAttempt, signInWaitMinutes } from '../../auth/rateLimit.js';
import { createSession, loadViewer } from '../../auth/viewer.js';
import { clearSessionCookie, sessionCookie } from '../../auth/cookies.js';
import { audit } from '../../kernel/audit.js';

export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('El correo electrónico no es válido')),
  password: z.string().min(1, 'La contraseña es requerida'),
  houseId: z.number().int().positive().nullish(),
  domain: z.string().trim().min(1).nullish(),
  apiToken: z.boolean().nullish(),
  setCookie: z.boolean().nullish(),
});

export type SignInInput = z.input<typeof SignInSchema>;


/** Opens a session for the user on an account; sets the cookie when asked; the request continues as that viewer. */
export async function openSession(ctx: Context, userId: number, membershipId: number | null, viaCookie = true) {
  const session = await createSession(ctx.prisma, { userId, membershipId, viaCookie, ip: ctx.ip, userAgent: ctx.userAgent, days: ctx.config.sessionDays });
  if (viaCookie) ctx.setCookies.push(sessionCookie(session.token, ctx.config.sessionDays * 86_400, ctx.config.secureCookies));
  ctx.actor = await loadViewer(ctx.db, session.sessionId, 'id');
  return session;
}

/**
 * The user behind an e-mail and password, under the sign-in rate limit; unknown e-mails cost the same
 * time as wrong passwords. Failures are recorded; the caller records the success.
 */
export async function checkCredentials(ctx: Context, email: string, password: string) {
  const wait = await signInWaitMinutes(ctx.prisma, email, ctx.ip);
  if (wait > 0) throw new TooManyAttemptsError(wait);
  const user = await ctx.prisma.user.findUnique({ where: { email } });
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
  if (!user || !passwordOk) {
    await recordSignInAttempt(ctx.prisma, email, ctx.ip, false);
    throw new SignInError();
  }
  return user;
}

/** Signs in and opens a session on the chosen account (community + house); returns the bearer token when asked. */
export async function signIn(ctx: Context, rawInput: SignInInput) {
  const input = parseInput(SignInSchema, rawInput);
  const user = await checkCredentials(ctx, input.email, input.password);

  const memberships = await ctx.prisma.membership.findMany({
    where: {
      userId: user.id,
      active: true,
      ...(input.domain ? { neighborhood: { domain: input.domain } } : {}),
      ...(input.houseId ? { houseId: input.houseId } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 1,
    select: { id: true },
  });
  if ((input.domain || input.houseId) && memberships.length === 0) {
    await recordSignInAttempt(ctx.prisma, input.email, ctx.ip, false);
    throw new SignInError(input.houseId ? 'No tienes acceso a esa propiedad' : 'No tienes acceso a esta comunidad');
  }

  const viaCookie = input.setCookie ?? !input.apiToken;
  const session = await openSession(ctx, user.id, memberships[0]?.id ?? null, viaCookie);
  await recordSignInAttempt(ctx.prisma, input.email, ctx.ip, true);
  await audit(ctx, 'SIGN_IN', 'Session', session.sessionId, { viaCookie }, user.id);
  return { sessionId: session.sessionId, token: input.apiToken ? session.token : null };
}

export async function signOut(ctx: Context) {
  const viewer = actorOf(ctx);
  await ctx.prisma.session.update({ where: { id: viewer.sessionId }, data: { endedAt: new Date() } });
  if (viewer.viaCookie) ctx.setCookies.push(clearSessionCookie(ctx.config.secureCookies));
  await audit(ctx, 'SIGN_OUT', 'Session', viewer.sessionId);
  ctx.actor = null;
  ctx.pubsub.publish('user:session', viewer.userId, { kind: 'SIGNED_OUT', sessionId: viewer.sessionId, at: new Date() });
}

/** Moves the session to another account of the same user; the grants and community change with it. */
export async function switchAccount(ctx: Context, accountId: number) {
  const viewer = actorOf(ctx);
  const account = await ctx.prisma.membership.findFirst({
    where: { id: accountId, userId: viewer.userId, active: true },
    select: { id: true },
  });
  if (!account) throw new NotFoundError('La cuenta no existe o ya no tienes acceso a ella');
  await ctx.prisma.session.update({ where: { id: viewer.sessionId }, data: { membershipId: account.id } });
  ctx.actor = await loadViewer(ctx.db, viewer.sessionId, 'id');
  await audit(ctx, 'SWITCH_ACCOUNT', 'Session', viewer.sessionId, { accountId });
  ctx.pubsub.publish('user:session', viewer.userId, { kind: 'ACCOUNT_SWITCHED', sessionId: viewer.sessionId, at: new Date() });
}

/** Ends one of the viewer's sessions (a device), or every other one when id is null. */
export async function endDevices(ctx: Context, sessionId: string | null) {
  const viewer = actorOf(ctx);
  const { count } = await ctx.prisma.session.updateMany({
    where: { userId: viewer.userId, endedAt: null, ...(sessionId ? { id: sessionId } : { id: { not: viewer.sessionId } }) },
    data: { endedAt: new Date() },
  });
  if (sessionId && count === 0) throw new NotFoundError('El dispositivo no existe o ya cerró su sesión');
  await audit(ctx, 'END_DEVICES', 'Session', sessionId, { count });
  if (sessionId === viewer.sessionId && viewer.viaCookie) ctx.setCookies.push(clearSessionCookie(ctx.config.secureCookies));
  return count;
}
