// Throttles for password guesses and public sign-ups, atomic with any number of app instances: an
// attempt takes PostgreSQL advisory locks on its counters (key and address, key, address) if they are
// free, counts the attempts in the window, and is recorded before the locks are released at commit; over
// the limit it is refused (429) and not recorded. The password check happens after, outside the locks:
// however many requests race, at most `max` of them reach it. A busy lock is tried again a few times (an address's for a few seconds),
// never waited on, and only a few attempts per counter may be at it at once in one instance (the rest
// answer 429 at once), so a crowd of attempts cannot fill the connection pool. PostgreSQL (or PGlite)
// holds the counters; memory holds only how many attempts are under way.
import type { Prisma } from '../db/client.js';
import { RateLimitedError, reason, TooManyAttemptsError } from '../kernel/errors.js';

export interface AttemptRule {
  /** What is counted: the same key from the same address, the key from any address, or the address for any key. */
  scope: 'key+address' | 'key' | 'address';
  max: number;
  windowMinutes: number;
}

/**
 * Password guesses (sign-in, sign-up with an existing login, the current password in changeMyPassword),
 * counted per account e-mail. A lock-out from one address does not lock the owner out from another; a
 * slower limit per account stops guessing spread over many addresses; a limit per address stops one
 * address from trying many accounts.
 */
export const PASSWORD_RULES: readonly AttemptRule[] = [
  { scope: 'key+address', max: 5, windowMinutes: 15 },
  { scope: 'key', max: 50, windowMinutes: 60 },
  { scope: 'address', max: 30, windowMinutes: 15 },
];

/** Public community sign-ups per address. */
export const SIGN_UP_RULES: readonly AttemptRule[] = [{ scope: 'address', max: 5, windowMinutes: 60 }];

/** Keys of attempts that are not password guesses start with '#', which no e-mail address does. */
export const SIGN_UP_KEY = '#signup';

export interface Attempt {
  id: bigint;
  key: string;
}

/**
 * Records one attempt and refuses it (TooManyAttemptsError for password guesses, RateLimitedError
 * otherwise) when a rule is over its limit. A password guess counts as failed until `attemptSucceeded`.
 */
export async function takeAttempt(prisma: Prisma, key: string, ip: string, rules: readonly AttemptRule[]): Promise<Attempt> {
  const guesses = !key.startsWith('#');
  const busy = () => (guesses ? new TooManyAttemptsError(1, 'ACCOUNT_ATTEMPTS_IN_PROGRESS') : new RateLimitedError('ATTEMPTS_IN_PROGRESS'));
  const held: string[] = [];
  // A crowd on one key (or one address) is refused in this instance before it touches the database: a
  // few attempts at a time per slot go on to the locks, the others answer 429 at once.
  const occupy = (slots: { name: string; max: number }[]) => {
    if (slots.some((slot) => (inFlight.get(slot.name) ?? 0) >= slot.max)) throw busy();
    for (const slot of slots) {
      inFlight.set(slot.name, (inFlight.get(slot.name) ?? 0) + 1);
      held.push(slot.name);
    }
  };
  try {
    occupy([
      ...(rules.some((r) => r.scope === 'key+address') ? [{ name: pairName(key, ip), max: MAX_IN_FLIGHT_PER_KEY }] : []),
      ...(rules.some((r) => r.scope === 'address') ? [{ name: `ip:${ip}`, max: MAX_IN_FLIGHT_PER_ADDRESS }] : []),
    ]);
    // An address the person signed in from before is not held to the account's global limit (nor to its
    // lock and slots): guesses spread over other addresses cannot lock the owner out of their usual one.
    const knownAddress =
      guesses &&
      rules.some((r) => r.scope === 'key') &&
      (await prisma.signInAttempt.count({
        where: { email: key, ip, succeeded: true, attemptedAt: { gte: new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000) } },
      })) > 0;
    const applied = rules.filter((rule) => !(knownAddress && rule.scope === 'key'));
    if (applied.some((r) => r.scope === 'key')) occupy([{ name: `key:${key}`, max: MAX_IN_FLIGHT_PER_KEY }]);
    // The locks are tried, never waited for: attempts on one account must not hold the database's
    // connections (and everyone else's requests) while they queue. A busy lock is tried again a few
    // times, holding no connection in between, then the attempt is refused.
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await countAndRecord(prisma, key, ip, applied);
      } catch (error) {
        if (!(error instanceof LockBusy)) throw error;
        // A busy account is refused after a few tries: a crowd on one account is an attack. A busy address
        // is waited for longer (backing off 10, 20, 40 … 200 ms): people behind one NAT signing in to
        // different accounts together take turns however slow the database is at the moment.
        if (error.scope === 'address' ? Date.now() - started >= ADDRESS_LOCK_PATIENCE_MS : attempt >= LOCK_TRIES) throw busy();
        const pause = Math.min(200, 10 * 2 ** Math.min(attempt - 1, 5));
        await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
      }
    }
  } finally {
    for (const name of held) {
      const left = (inFlight.get(name) ?? 1) - 1;
      if (left > 0) inFlight.set(name, left);
      else inFlight.delete(name);
    }
  }
}

/** Tries of a busy account's advisory lock before the attempt is refused as busy. */
const LOCK_TRIES = 5;
/** How long an attempt keeps trying a busy address lock (holding no connection between tries). */
const ADDRESS_LOCK_PATIENCE_MS = 3_000;
/** Attempts of one account (from one address, or from unknown addresses) taking their locks at once in this instance. */
export const MAX_IN_FLIGHT_PER_KEY = 3;
/** Attempts from one address at once in this instance (several people behind one NAT sign in now and then). */
export const MAX_IN_FLIGHT_PER_ADDRESS = 8;
const inFlight = new Map<string, number>();
/** How long an address that signed in to an account stays trusted by that account's global limit. */
export const KNOWN_ADDRESS_DAYS = 90;

const pairName = (key: string, ip: string) => `pair:${ip}:${key}`;

class LockBusy extends Error {
  constructor(readonly scope: AttemptRule['scope']) {
    super('lock busy');
  }
}

async function countAndRecord(prisma: Prisma, key: string, ip: string, rules: readonly AttemptRule[]): Promise<Attempt> {
  const guesses = !key.startsWith('#');
  return prisma.$transaction(
    async (tx) => {
      // One holder at a time per counter (key and address, key, address), on every instance; released at
      // commit, after the row is inserted.
      const lock = async (scope: AttemptRule['scope'], name: string) => {
        const [row] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${name})) AS ok`;
        if (!row?.ok) throw new LockBusy(scope);
      };
      if (rules.some((r) => r.scope === 'key+address')) await lock('key+address', `attempt:${pairName(key, ip)}`);
      if (rules.some((r) => r.scope === 'key')) await lock('key', `attempt:key:${key}`);
      if (rules.some((r) => r.scope === 'address')) await lock('address', `attempt:ip:${ip}`);
      const counts = await Promise.all(
        rules.map((rule) => {
          const since = new Date(Date.now() - rule.windowMinutes * 60_000);
          const sameKind = guesses ? { NOT: { email: { startsWith: '#' } } } : { email: key };
          const where = rule.scope === 'address' ? { ip, ...sameKind } : rule.scope === 'key' ? { email: key } : { email: key, ip };
          // Guesses count while they fail; other attempts (sign-ups) count whatever their outcome.
          return tx.signInAttempt.count({ where: { ...where, ...(guesses ? { succeeded: false } : {}), attemptedAt: { gte: since } } });
        }),
      );
      const over = rules.filter((rule, i) => counts[i] >= rule.max);
      if (over.length) {
        // A refused attempt is not recorded: hammering a locked key does not keep it locked past the window.
        const minutes = Math.max(...over.map((r) => r.windowMinutes));
        throw guesses ? new TooManyAttemptsError(minutes) : new RateLimitedError(reason('ATTEMPTS_LIMIT_REACHED', { minutes }));
      }
      const row = await tx.signInAttempt.create({ data: { email: key, ip, succeeded: false }, select: { id: true } });
      return { id: row.id, key };
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}

/** The attempt went through (right password, sign-up done): it no longer counts as a failure. */
export async function attemptSucceeded(prisma: Prisma, attempt: Attempt) {
  await prisma.signInAttempt.update({ where: { id: attempt.id }, data: { succeeded: true } });
}
