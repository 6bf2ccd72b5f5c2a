// The one write path. Every write runs through write(): one transaction (serializable on PostgreSQL,
// retried on serialization failures and deadlocks), its audit records inside it, its effects (events,
// e-mail kicks, jobs) released only after commit, and an optional idempotency key.
import { createHash } from 'node:crypto';
import type { ServiceContext, Tx } from './context.js';
import { recordAudit, type AuditRecord } from './audit.js';
import { ConflictError, IdempotencyKeyReusedError, InputError } from './errors.js';
import { isUniqueViolation } from './dbErrors.js';
import { message } from './reasons.js';

export interface WriteScope {
  tx: Tx;
  /** Records one more audit row inside this transaction. */
  audit: (record: AuditRecord) => Promise<void>;
  /** Runs after commit (never if the write fails): publish events, kick the mailer, start jobs. */
  afterCommit: (effect: () => unknown) => void;
}

export interface WriteOptions {
  /** The audit record of this write, written in the same transaction (records that need the result: scope.audit). */
  audit?: AuditRecord | null;
  /**
   * A mutation's idempotencyKey input: repeats with the same key and `request` answer the first result;
   * another request answers 422; a repeat while the first runs answers 409. (The Idempotency-Key header
   * protects the whole HTTP request instead: server/graphql/idempotency.ts.)
   */
  idempotencyKey?: string | null;
  /** What the key protects: the operation's name and its input (compared as a hash on repeats). */
  request?: { operation: string; input?: unknown };
  /** Longest the transaction may run (default 30 s); bulk loads (5,000 rows) need more. */
  timeoutMs?: number;
  /**
   * The write takes the row locks it depends on first (money writes: the house's row, lockHouse), so it
   * runs READ COMMITTED on PostgreSQL instead of SERIALIZABLE: concurrent payments of different houses
   * then never abort each other over shared index pages.
   */
  rowLocks?: boolean;
}

const MAX_ATTEMPTS = 5;

/** The publisher and after-commit queue of each running write's transaction (scopeOfTx). */
const running = new WeakMap<object, { afterCommit: WriteScope['afterCommit']; pubsub: ServiceContext['pubsub'] }>();

/**
 * What a domain event's subscriber, which only gets the transaction, needs to announce a change after commit:
 * null outside write().
 */
export function scopeOfTx(tx: Tx) {
  return running.get(tx) ?? null;
}
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const KEY_PATTERN = IDEMPOTENCY_KEY_PATTERN;

/** What a write needs of its context: a service context, or less for infrastructure (uploads). */
export type WriteContext = Pick<ServiceContext, 'prisma' | 'db' | 'actor' | 'ip'> & Partial<Pick<ServiceContext, 'headerIdempotency' | 'pubsub'>>;

/** Runs `fn` as one audited, retried, optionally idempotent write. The result must be plain JSON data. */
export async function write<T>(ctx: WriteContext, options: WriteOptions, fn: (scope: WriteScope) => Promise<T>): Promise<T> {
  // The Idempotency-Key header of the HTTP request (claimed by server/graphql/idempotency.ts): its first write marks it.
  const header = ctx.headerIdempotency;
  if (header) {
    ctx.headerIdempotency = null;
    return run(ctx, options, fn, { ...header, storeResult: false });
  }
  const taken = takeIdempotencyKey(ctx, options);
  if (!taken) return run(ctx, options, fn, null);

  const { key, request } = taken;
  const userId = ctx.actor!.userId;
  const requestHash = idempotencyHash(request.operation, request.input);
  const first = await claimKey(ctx, { userId, key, operation: request.operation, requestHash });
  if (first) {
    if (first.requestHash !== requestHash || first.operation !== request.operation) throw new IdempotencyKeyReusedError();
    if (first.pending) throw new ConflictError('OPERATION_IN_PROGRESS');
    return (first.response as { value: T }).value;
  }
  try {
    return await run(ctx, options, fn, { userId, key, storeResult: true });
  } catch (error) {
    // A failed write stores nothing: the same key may be sent again once the input is fixed.
    await ctx.prisma.idempotencyKey.deleteMany({ where: { userId, key, pending: true } }).catch(() => {});
    throw error;
  }
}

export const WRITE_CONFLICT = message('WRITE_CONFLICT');
/** A key still pending after this long belongs to a write that died with its process: it is released. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Inserts the key (null: this request owns it) or answers the row that already holds it. */
async function claimKey(ctx: WriteContext, row: { userId: number; key: string; operation: string; requestHash: string }) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await ctx.prisma.idempotencyKey.create({ data: row });
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const first = await ctx.prisma.idempotencyKey.findUnique({ where: { userId_key: { userId: row.userId, key: row.key } } });
    if (!first) throw new ConflictError('OPERATION_IN_PROGRESS');
    if (!first.pending || Date.now() - first.createdAt.getTime() < ABANDONED_AFTER_MS) return first;
    await ctx.prisma.idempotencyKey.deleteMany({ where: { id: first.id, pending: true } });
  }
  throw new ConflictError('OPERATION_IN_PROGRESS');
}

async function run<T>(
  ctx: WriteContext,
  options: WriteOptions,
  fn: (scope: WriteScope) => Promise<T>,
  idempotency: { userId: number; key: string; storeResult: boolean } | null,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const effects: (() => unknown)[] = [];
    try {
      const result = await ctx.prisma.$transaction(
        async (tx) => {
          const scope: WriteScope = {
            tx,
            audit: (record) => recordAudit(tx, ctx, record),
            afterCommit: (effect) => effects.push(effect),
          };
          if (ctx.pubsub) running.set(tx, { afterCommit: scope.afterCommit, pubsub: ctx.pubsub });
          const value = await fn(scope);
          if (options.audit) await recordAudit(tx, ctx, options.audit);
          if (idempotency) {
            await tx.idempotencyKey.update({
              where: { userId_key: { userId: idempotency.userId, key: idempotency.key } },
              data: { pending: false, ...(idempotency.storeResult ? { response: { value: toJson(value) } as object } : {}) },
            });
          }
          return value;
        },
        {
          maxWait: 10_000,
          timeout: options.timeoutMs ?? 30_000,
          ...(ctx.db.kind === 'postgresql' ? { isolationLevel: options.rowLocks ? ('ReadCommitted' as const) : ('Serializable' as const) } : {}),
        },
      );
      for (const effect of effects) {
        try {
          await effect();
        } catch (error) {
          console.error('Efecto posterior a la escritura falló:', error);
        }
      }
      return result;
    } catch (error) {
      if (isRetryable(error)) {
        if (attempt < MAX_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20));
          continue;
        }
        // Still colliding after every retry: nothing was written, the client may try again.
        throw new ConflictError('WRITE_CONFLICT');
      }
      throw error;
    }
  }
}

/**
 * Serialization failure (40001) or deadlock (40P01): the transaction did nothing and may run again.
 * Inside an interactive transaction @prisma/adapter-pg reports them as a DriverAdapterError of kind
 * TransactionWriteConflict, without the SQLSTATE.
 */
export function isRetryable(error: unknown): boolean {
  const e = error as { code?: string; meta?: { code?: string }; cause?: { code?: string; kind?: string }; message?: string };
  if (e?.code === 'P2034' || e?.code === '40001' || e?.code === '40P01') return true;
  if (e?.cause?.kind === 'TransactionWriteConflict' || e?.message === 'TransactionWriteConflict') return true;
  if (e?.meta?.code === '40001' || e?.meta?.code === '40P01' || e?.cause?.code === '40001' || e?.cause?.code === '40P01') return true;
  return /could not serialize access|deadlock detected|40001|40P01/.test(e?.message ?? '');
}

/**
 * The key of this write and what it protects. An explicit key (a mutation's idempotencyKey input) protects
 * the write's own `request`; the Idempotency-Key header protects the whole HTTP request (its GraphQL
 * document and variables, which for REST are the route and its body) and names its first write only.
 * Keys belong to the signed-in person: without one there is nobody to scope them to, and none is used.
 */
/**
 * The explicit key of this write (a mutation's idempotencyKey input) and what it protects (the write's own
 * `request`). Keys belong to the signed-in person: without one there is nobody to scope them to.
 */
function takeIdempotencyKey(ctx: WriteContext, options: WriteOptions): { key: string; request: { operation: string; input?: unknown } } | null {
  const key = options.idempotencyKey ?? null;
  if (key === null || !ctx.actor) return null;
  if (!KEY_PATTERN.test(key)) {
    throw new InputError([{ field: 'idempotencyKey', message: 'La clave de idempotencia debe tener de 1 a 200 caracteres visibles' }]);
  }
  if (!options.request) throw new InputError([{ field: 'idempotencyKey', message: 'Esta operación no admite clave de idempotencia' }]);
  return { key, request: options.request };
}

/**
 * The hash an idempotency key keeps of what it protects: the operation and its input, the input as JSON with
 * sorted keys. The one hash of both kinds of key: a write's idempotencyKey (here) and the Idempotency-Key
 * header (server/graphql/idempotency.ts).
 */
export function idempotencyHash(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\0')
    .update(stableJson(input ?? null))
    .digest('hex');
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === 'bigint') return String(v);
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      if (typeof (v as File).arrayBuffer === 'function' && typeof (v as File).name === 'string') return { file: (v as File).name, size: (v as File).size };
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }
    return v;
  });
}

function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
}
