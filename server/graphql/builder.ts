import SchemaBuilder, { type ArgBuilder } from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ErrorsPlugin from '@pothos/plugin-errors';
import DirectivesPlugin from '@pothos/plugin-directives';
import HouseScopePlugin from './houseScopePlugin.js';
import { DateResolver, DateTimeResolver } from 'graphql-scalars';
import type PrismaTypes from '../db/generated/pothos-types.js';
import { getDatamodel } from '../db/generated/pothos-types.js';
import type { Context } from '../kernel/context.js';
import type { Grant } from '../../core/grants.js';
import { formatMoney, parseMoney } from '../../core/money.js';
import { forbidden, unauthenticated } from './errorMapping.js';
import { Kind, type GraphQLResolveInfo, type SelectionNode } from 'graphql';
import { InputError } from '../kernel/errors.js';
import { logError } from '../http/requestLog.js';
import { parsePrismaCursor } from '@pothos/plugin-prisma';

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: {
    signedIn: boolean;
    /** Any one of these grants (after module gating) opens the field. */
    grant: readonly Grant[];
    superAdmin: boolean;
  };
  Directives: {
    grant: { locations: 'FIELD_DEFINITION' | 'OBJECT'; args: { any: readonly Grant[] } };
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: Date; Output: Date | string };
    Decimal: { Input: string; Output: string | { toFixed(n: number): string } };
    /** An uploaded file (GraphQL multipart request); input only. */
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin, DirectivesPlugin, HouseScopePlugin],
  scopeAuth: {
    authScopes: (ctx) => ({
      signedIn: !!ctx.actor,
      grant: (wanted) => !!ctx.actor && wanted.some((g) => ctx.actor!.grants.has(g)),
      superAdmin: !!ctx.actor?.superAdmin,
    }),
    unauthorizedError: (_parent, ctx) => (ctx.actor ? forbidden() : unauthenticated()),
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
  // A typed error result (InputError, ConflictError...) is an expected refusal: one line at LOG_LEVEL=debug.
  errors: { defaultTypes: [], onResolvedError: (error) => logError(error) },
  directives: { useGraphQLToolsUnorderedDirectives: true },
});

/**
 * A value a scalar refuses is bad input (400 BAD_USER_INPUT), whether it arrives as a variable or a
 * literal and whoever sends it: graphql-js and graphql-jit wrap what parseValue throws, and the error
 * mapping (errorMapping.ts) finds the InputError inside.
 */
const scalarInputError = (message: string) => new InputError([{ field: 'value', message }]);

builder.addScalarType('DateTime', DateTimeResolver);
builder.addScalarType('Date', DateResolver);
builder.scalarType('Decimal', {
  description: 'Money as a string with two decimals, e.g. "1500.50" (core/money.ts; never a float)',
  serialize: (value) => formatMoney(value),
  parseValue: (value) => {
    // A JSON number would already have passed through a float: amounts travel as strings.
    if (typeof value !== 'string') throw scalarInputError('Escribe la cantidad como texto, por ejemplo "1500.50"');
    if (!parseMoney(value)) throw scalarInputError('Escribe una cantidad con hasta dos decimales');
    return value.trim();
  },
});

// Yoga parses multipart requests (graphql-multipart-request-spec) and puts a WHATWG File in the variables.
builder.scalarType('File', {
  description: 'An uploaded file, sent as a GraphQL multipart request',
  serialize: () => {
    throw new TypeError('File is an input-only scalar');
  },
  parseValue: (value) => {
    // Duck-typed: Yoga's File may come from its fetch ponyfill rather than the global class.
    const file = value as File;
    if (!file || typeof file !== 'object' || typeof file.arrayBuffer !== 'function' || typeof file.name !== 'string') {
      throw scalarInputError('Envía el archivo como multipart/form-data');
    }
    return file;
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export const MAX_PAGE_SIZE = 100;

/*
 * Pagination. Every connection pages by keyset on a stable order: prismaConnection's `cursor: 'id'`
 * makes Prisma compare against the cursor row (WHERE id > cursor), and the SQL-built hot lists
 * (owners list, audit log) use keysetPage/keysetConnection below with an explicit
 * `WHERE id > $after`. A numeric offset exists only for the legacy page/offset parameters (pager
 * screens and REST page_size/offset): offsetSkip, ignored whenever a cursor is given.
 */

/**
 * The `skip` of a connection page with the pager's `offset` argument ((page-1)*size) added; cursors
 * (after/before) take precedence over the offset.
 */
export function offsetSkip(query: { skip?: number }, args: { offset?: number | null; after?: unknown; before?: unknown }): number {
  return (query.skip ?? 0) + (args.after || args.before ? 0 : Math.max(0, args.offset ?? 0));
}

/**
 * Field options for "needs any of these grants": enforced by scope-auth and printed as
 * @grant(any: [...]) in schema.graphql. Write it once per field: `...grants('AHousesRead')`.
 */
export function grants<const G extends readonly Grant[]>(...any: G) {
  return {
    authScopes: { grant: any },
    directives: { grant: { any } },
  } as const;
}

/** The optional `idempotencyKey` of a mutation input (kernel/write.ts): a repeat with the same key answers the first result. */
export function idempotencyKeyField<F extends { string: (options: { required: false; description: string }) => any }>(f: F): ReturnType<F['string']> {
  return f.string({ required: false, description: 'Repeating the request with the same key and input answers the first result instead of writing twice' });
}

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  offset?: number | null;
}

/** What one keyset page asks of SQL: `limit` rows (one more than the page, to know whether more follow). */
export interface KeysetPage<K> {
  size: number;
  limit: number;
  after: K | null;
  before: K | null;
  /** `last`/`before` pages read the order backwards and are reversed afterwards. */
  backwards: boolean;
  /** Legacy pager offset; 0 whenever a cursor is given. */
  offset: number;
}

/** Relay arguments to a keyset page; `first`/`last` are clamped to maxSize, a cursor wins over `offset`. */
export function keysetPage<K>(
  args: ConnectionArgs,
  parse: (cursor: string) => K,
  { defaultSize = 20, maxSize = MAX_PAGE_SIZE }: { defaultSize?: number; maxSize?: number } = {},
): KeysetPage<K> {
  const { first, last, after, before } = args;
  if ((first != null && first < 0) || (last != null && last < 0))
    throw new InputError([{ field: 'first', message: 'El tamaño de página no puede ser negativo' }]);
  if (after && before) throw new InputError([{ field: 'after', message: 'Usa after o before, no ambos' }]);
  const backwards = last != null || (!!before && first == null);
  const size = Math.min(maxSize, Math.max(0, (backwards ? last : first) ?? defaultSize));
  return {
    size,
    limit: size + 1,
    after: after ? parse(after) : null,
    before: before ? parse(before) : null,
    backwards,
    offset: after || before ? 0 : Math.max(0, args.offset ?? 0),
  };
}

export interface KeysetConnection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount?: number;
}

/** The connection of the rows a keyset page read (up to `limit`, in read order). */
export function keysetConnection<T>(rows: T[], page: KeysetPage<unknown>, cursorOf: (row: T) => string, totalCount?: number): KeysetConnection<T> {
  const more = rows.length > page.size;
  const pageRows = rows.slice(0, page.size);
  if (page.backwards) pageRows.reverse();
  const edges = pageRows.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.backwards ? page.before != null : more,
      hasPreviousPage: page.backwards ? more : page.after != null || page.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  };
}

/** Whether a field's selection asks for `name` directly (through fragments too); `name` may be a path, e.g. 'edges.node.actions'. */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const [head, ...rest] = name.split('.');
  const visit = (selections: readonly SelectionNode[], key: string, path: string[]): boolean =>
    selections.some((s) => {
      if (s.kind === Kind.FIELD) {
        if (s.name.value !== key) return false;
        return path.length === 0 || (!!s.selectionSet && visit(s.selectionSet.selections, path[0], path.slice(1)));
      }
      if (s.kind === Kind.INLINE_FRAGMENT) return visit(s.selectionSet.selections, key, path);
      const fragment = info.fragments[s.name.value];
      return !!fragment && visit(fragment.selectionSet.selections, key, path);
    });
  return info.fieldNodes.some((node) => !!node.selectionSet && visit(node.selectionSet.selections, head, rest));
}

const INVALID_CURSOR = () => new InputError([{ field: 'after', message: 'El cursor no es válido' }]);

function cursorValue(cursor: string): unknown {
  try {
    return parsePrismaCursor(cursor);
  } catch {
    return null;
  }
}

/** The int row id inside a keyset cursor (formatPrismaCursor of { id }); anything else is a 400, never a 500. */
export function parseIdCursor(cursor: string): number {
  const value = cursorValue(cursor);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > 2_147_483_647) throw INVALID_CURSOR();
  return value;
}

/** The bigint row id inside a keyset cursor, as text (within PostgreSQL's bigint). */
export function parseBigIdCursor(cursor: string): string {
  const value = cursorValue(cursor);
  const text = typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,19}$/.test(text) || BigInt(text) > 9_223_372_036_854_775_807n) throw INVALID_CURSOR();
  return text;
}

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The arguments of a list read with idPage: a Relay window (first/after, last/before) or the pager's offset. */
export function idPageArgs(arg: ArgBuilder<BuilderTypes>) {
  return {
    first: arg.int({ required: false }),
    after: arg.string({ required: false }),
    last: arg.int({ required: false }),
    before: arg.string({ required: false }),
    offset: arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
  };
}

/** One page of ids (keyset on id, newest first, or the pager's offset) and the total when asked. */
export async function idPage<T extends { id: number }>(
  args: ConnectionArgs,
  wantsTotal: boolean,
  read: (cut: { id?: { lt?: number; gt?: number } }, order: 'asc' | 'desc', skip: number, take: number) => Promise<T[]>,
  count: () => Promise<number>,
) {
  const page = keysetPage(args, parseIdCursor, { defaultSize: 20, maxSize: MAX_PAGE_SIZE });
  const cut = page.backwards ? (page.before != null ? { id: { gt: page.before } } : {}) : page.after != null ? { id: { lt: page.after } } : {};
  const rows = await read(cut, page.backwards ? 'asc' : 'desc', page.offset, page.limit);
  return { page, rows, total: wantsTotal ? await count() : undefined };
}
