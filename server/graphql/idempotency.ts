// The Idempotency-Key header of an HTTP request (REST rows arrive here as GraphQL requests): a mutation
// sent again with the same key and the same document and variables answers the first response without
// running; another body answers 422; a repeat while the first still runs answers 409. The key's row is
// claimed before execution, marked written inside the transaction of the request's write (kernel/write.ts),
// and holds the response once execution ends. A request that wrote nothing releases its key.
import { createHash } from 'node:crypto';
import { getOperationAST, GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../kernel/context.js';
import { ConflictError, IdempotencyKeyReusedError, InputError, type AppError } from '../kernel/errors.js';
import { isUniqueViolation } from '../kernel/dbErrors.js';
import { IDEMPOTENCY_KEY_PATTERN, idempotencyHash } from '../kernel/write.js';
import { toGraphQLError } from './errorMapping.js';

/** A key still pending after this long belongs to a request that died with its process: it is released. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * The hash header keys kept before they shared kernel/write.ts's idempotencyHash (the input's JSON as sent, keys
 * unsorted): a repeat of a request claimed before that change still matches its key. Keys live a week
 * (server/infra/housekeeping.ts); this can go a week after the change is deployed.
 */
function unsortedHash(ctx: Context): string {
  return createHash('sha256')
    .update(ctx.httpRequest?.operation ?? '')
    .update('\0')
    .update(JSON.stringify(ctx.httpRequest?.input ?? null))
    .digest('hex');
}

export function useIdempotencyKeys(): Plugin<Context> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as Context;
      const key = ctx.idempotencyKey;
      if (!key || !ctx.actor || getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return;
      const refuse = (error: AppError) => setResultAndStopExecution({ errors: [toGraphQLError(error)] });
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
        refuse(new InputError([{ field: 'idempotencyKey', message: 'La clave de idempotencia debe tener de 1 a 200 caracteres visibles' }]));
        return;
      }
      const userId = ctx.actor.userId;
      const requestHash = idempotencyHash(ctx.httpRequest?.operation ?? '', ctx.httpRequest?.input);
      const row = { userId, key, operation: 'http', requestHash };
      for (let attempt = 0; ; attempt++) {
        try {
          await ctx.prisma.idempotencyKey.create({ data: row });
          break;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
        const first = await ctx.prisma.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
        if (first?.pending && Date.now() - first.createdAt.getTime() > ABANDONED_AFTER_MS && attempt === 0) {
          await ctx.prisma.idempotencyKey.deleteMany({ where: { id: first.id, pending: true } });
          continue;
        }
        if (first && first.requestHash !== requestHash && first.requestHash !== unsortedHash(ctx)) return refuse(new IdempotencyKeyReusedError());
        if (first?.response) return setResultAndStopExecution(replay(first.response as StoredResult));
        return refuse(new ConflictError('OPERATION_IN_PROGRESS'));
      }
      // The request's first write marks the key inside its transaction (kernel/write.ts).
      ctx.idempotencyKey = null;
      ctx.headerIdempotency = { userId, key };
      return {
        async onExecuteDone({ result }) {
          if (!('data' in result || 'errors' in result)) return;
          const claimed = { userId_key: { userId, key } };
          const stored = await ctx.prisma.idempotencyKey.findUnique({ where: claimed, select: { pending: true } });
          // Nothing was written (a validation failure, a typed error before the write): the key is free again.
          if (stored?.pending) await ctx.prisma.idempotencyKey.deleteMany({ where: { userId, key, pending: true } });
          else await ctx.prisma.idempotencyKey.update({ where: claimed, data: { response: JSON.parse(JSON.stringify(result)) } });
        },
      };
    },
  };
}

interface StoredResult {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

/** The stored response as an execution result again (its errors as GraphQL errors, so they are not masked). */
function replay(stored: StoredResult): ExecutionResult {
  return {
    ...(stored.data !== undefined ? { data: stored.data } : {}),
    ...(stored.errors ? { errors: stored.errors.map((e) => new GraphQLError(e.message, { path: e.path, extensions: e.extensions })) } : {}),
  };
}
