// Sessions: sign-in (under the atomic password-guess throttle), sign-out, account switch and devices.
// This module owns the writes of the Session table (ending sessions on removed accounts: memberships.ts).
import type { z } from 'zod';
import { actorOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { NotFoundError, SignInError } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { verifyAgainstNothing, verifyPassword } from '../../../auth/passwords.js';
import { attemptSucceeded, PASSWORD_RULES, takeAttempt, type Attempt } from '../../../auth/rateLimit.js';
import { forgetSession, loadViewer } from '../../../auth/viewer.js';
import { sessionCookie } from '../../../auth/cookies.js';
import { hashToken, newToken } from '../../../auth/tokens.js';

import { emailInput, MAX_EMAIL, MAX_PASSWORD, SignInSchema } from '../../../../core/account.js';

export { emailInput, MAX_EMAIL, MAX_PASSWORD, SignInSchema };

export type SignInInput = z.input<typeof SignInSchema>;

/** A context that may answer an HTTP request: the session cookie travels in setCookies when present. */
export type SessionContext = ServiceContext & { setCookies?: string[] };

export interface OpenedSession {
  sessionId: string;
  /** The secret: never stored (only its hash), never part of a write's stored result. */
  token: string;
  expiresAt: Date;
  viaCookie: boolean;
}

/** Writes a new session row inside the caller's transaction; `continueAs` after commit makes it the request's. */
export async function insertSession(
  tx: Tx,
  ctx: ServiceContext,
  input: { userId: number; membershipId: number | null; viaCookie: boolean },
): Promise<OpenedSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionDays * 86_400_000);
  const session = await tx.session.create({
    data: {
      tokenHash: hashToken(token),
      publicToken: newToken(),
      userId: input.userId,
      membershipId: input.membershipId,
      viaCookie: input.viaCookie,
      ip: ctx.ip.slice(0, 100),
      userAgent: ctx.userAgent?.slice(0, 300),
      expiresAt,
    },
    select: { id: true },
  });
  return { sessionId: session.id, token, expiresAt, viaCookie: input.viaCookie };
}

/** The request continues as the new session's viewer; a browser session's cookie goes with the response. */
export async function continueAs(ctx: SessionContext, session: OpenedSession) {
  if (session.viaCookie) ctx.setCookies?.push(sessionCookie(session.token, ctx.config.sessionDays * 86_400, ctx.config.secureCookies));
  ctx.actor = await loadViewer(ctx.db, session.sessionId, 'id');
}

/** Opens a session for the user on an account, in its own write; sets the cookie when the context answers HTTP. */
export async function openSession(ctx: SessionContext, userId: number, membershipId: number | null, viaCookie = true) {
  // Each call opens its own session: a request's Idempotency-Key never replays one (nor stores its token).
  ctx.idempotencyKey = null;
  const session = await write(ctx, {}, async ({ tx, audit }) => {
    const opened = await insertSession(tx, ctx, { userId, membershipId, viaCookie });
    await audit({ action: 'OPEN_SESSION', entity: 'Session', entityId: opened.sessionId, data: { viaCookie }, userId });
    return opened;
  });
  await continueAs(ctx, session);
  return session;
}

/**
 * The user behind an e-mail and password. The guess is recorded before the password is checked and
 * refused (429) once the throttle is over its limit, so concurrent guesses cannot all reach the check;
 * unknown e-mails cost the same time as wrong passwords. The caller marks the attempt succeeded.
 */
export async function checkCredentials(ctx: ServiceContext, email: string, password: string) {
  const attempt = await takeAttempt(ctx.prisma, email, ctx.ip, PASSWORD_RULES);
  const user = await ctx.prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  const passwordOk = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
  if (!user || !passwordOk) throw new SignInError();
  return { user, attempt };
}

/** Checks a signed-in user's current password (changeMyPassword) under the same throttle as sign-in. */
export async function checkCurrentPassword(ctx: ServiceContext, password: string): Promise<{ ok: boolean; attempt: Attempt }> {
  const viewer = actorOf(ctx);
  const attempt = await takeAttempt(ctx.prisma, viewer.email, ctx.ip, PASSWORD_RULES);
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { passwordHash: true } });
  const ok = user.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
  if (ok) await attemptSucceeded(ctx.prisma, attempt);
  return { ok, attempt };
}

/** Signs in and opens a session on the chosen account (community + house); the request continues as it. */
export async function signIn(ctx: SessionContext, rawInput: SignInInput) {
  const input = parseInput(SignInSchema, rawInput);
  const { user, attempt } = await checkCredentials(ctx, input.email, input.password);

  const memberships = await ctx.prisma.membership.findMany({
    where: {
      userId: user.id,
      active: true,
      ...(input.domain ? { neighborhood: { domain: input.domain } } : {}),
      ...(input.houseId ? { houseId: input.houseId } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 1,
    select: { id: true, neighborhoodId: true },
  });
  // A right password for an account it may not open still counts as a failed attempt.
  if ((input.domain || input.houseId) && memberships.length === 0) {
    throw new SignInError(input.houseId ? 'NO_HOUSE_ACCESS' : 'NO_COMMUNITY_ACCESS');
  }
  await attemptSucceeded(ctx.prisma, attempt);

  const viaCookie = input.setCookie ?? !input.apiToken;
  ctx.idempotencyKey = null;
  const session = await write(ctx, {}, async ({ tx, audit }) => {
    const opened = await insertSession(tx, ctx, { userId: user.id, membershipId: memberships[0]?.id ?? null, viaCookie });
    await audit({
      action: 'SIGN_IN',
      entity: 'Session',
      entityId: opened.sessionId,
      data: { viaCookie },
      userId: user.id,
      neighborhoodId: memberships[0]?.neighborhoodId ?? null,
    });
    return opened;
  });
  await continueAs(ctx, session);
  return { sessionId: session.sessionId, token: input.apiToken ? session.token : null, viaCookie };
}

/** Ends the current session; its devices and sockets hear SIGNED_OUT. */
export async function signOut(ctx: ServiceContext) {
  const viewer = actorOf(ctx);
  await write(ctx, { audit: { action: 'SIGN_OUT', entity: 'Session', entityId: viewer.sessionId } }, async ({ tx, afterCommit }) => {
    await tx.session.updateMany({ where: { id: viewer.sessionId, endedAt: null }, data: { endedAt: new Date() } });
    afterCommit(() => announceSignedOut(ctx, viewer.userId, [viewer.sessionId]));
  });
  ctx.actor = null;
  return { viaCookie: viewer.viaCookie };
}

/** After commit: forgets the ended sessions' cached viewers and tells the user's tabs and sockets (sessionEvents, websocket.ts). */
export function announceSignedOut(ctx: Pick<ServiceContext, 'pubsub'>, userId: number, sessionIds: string[]) {
  const at = new Date();
  for (const sessionId of sessionIds) {
    forgetSession(sessionId);
    ctx.pubsub.publish('user:session', userId, { kind: 'SIGNED_OUT', sessionId, at });
  }
}

/** Ends the user's open sessions (all, or all but one) inside a write; announce the result after commit. */
export async function endUserSessions(tx: Tx, userId: number, keepSessionId: string | null = null): Promise<string[]> {
  const open = await tx.session.findMany({
    where: { userId, endedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    select: { id: true },
  });
  if (open.length) await tx.session.updateMany({ where: { id: { in: open.map((s) => s.id) } }, data: { endedAt: new Date() } });
  return open.map((s) => s.id);
}

/** Moves the session to another account of the same user; the grants and community change with it. */
export async function switchAccount(ctx: ServiceContext, accountId: number) {
  const viewer = actorOf(ctx);
  await write(ctx, { audit: { action: 'SWITCH_ACCOUNT', entity: 'Session', entityId: viewer.sessionId, data: { accountId } } }, async ({ tx, afterCommit }) => {
    const account = await tx.membership.findFirst({ where: { id: accountId, userId: viewer.userId, active: true }, select: { id: true } });
    if (!account) throw new NotFoundError('MEMBERSHIP_NOT_FOUND');
    await tx.session.update({ where: { id: viewer.sessionId }, data: { membershipId: account.id } });
    afterCommit(() => {
      forgetSession(viewer.sessionId);
      ctx.pubsub.publish('user:session', viewer.userId, { kind: 'ACCOUNT_SWITCHED', sessionId: viewer.sessionId, at: new Date() });
    });
  });
  ctx.actor = await loadViewer(ctx.db, viewer.sessionId, 'id');
}

/** Ends one of the viewer's sessions (a device), or every other one when id is null. */
export async function endDevices(ctx: ServiceContext, sessionId: string | null) {
  const viewer = actorOf(ctx);
  const ended = await write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    const open = await tx.session.findMany({
      where: { userId: viewer.userId, endedAt: null, ...(sessionId ? { id: sessionId } : { id: { not: viewer.sessionId } }) },
      select: { id: true },
    });
    if (sessionId && open.length === 0) throw new NotFoundError('DEVICE_NOT_FOUND');
    const ids = open.map((s) => s.id);
    if (ids.length) await tx.session.updateMany({ where: { id: { in: ids } }, data: { endedAt: new Date() } });
    await audit({ action: 'END_DEVICES', entity: 'Session', entityId: sessionId, data: { count: ids.length } });
    afterCommit(() => announceSignedOut(ctx, viewer.userId, ids));
    return ids;
  });
  const endedOwn = ended.includes(viewer.sessionId);
  if (endedOwn) ctx.actor = null;
  return { count: ended.length, endedOwn, viaCookie: viewer.viaCookie };
}
