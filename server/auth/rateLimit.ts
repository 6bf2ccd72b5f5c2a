import type { Prisma } from '../db/client.js';

// Failed sign-ins allowed in a window, per account (from any address) and per address (any account).
export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** Minutes to wait before the next attempt, or 0 when it may go ahead. */
export async function signInWaitMinutes(prisma: Prisma, email: string, ip: string): Promise<number> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const [byAccount, byAddress] = await Promise.all([
    prisma.signInAttempt.count({ where: { email, succeeded: false, attemptedAt: { gte: since } } }),
    prisma.signInAttempt.count({ where: { ip, succeeded: false, attemptedAt: { gte: since } } }),
  ]);
  return byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS ? SIGN_IN_WINDOW_MINUTES : 0;
}

export async function recordSignInAttempt(prisma: Prisma, email: string, ip: string, succeeded: boolean) {
  await prisma.signInAttempt.create({ data: { email, ip, succeeded } });
}
