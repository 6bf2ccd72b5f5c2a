// The Session's objects (user, community, house, accounts) in one statement: every app start and the legacy
// GET /users/session ask for them together. Each field hands in the query Pothos planned for it; the fields
// asked in one tick are read through the viewer's account in one statement. When they ask only for columns
// (and the accounts for their role, community and house), the statement is written here from the planned
// selects (plainSessionRead) and its JSON answer given Prisma's types; otherwise Prisma reads them with its
// relation joins.
import type { Viewer } from '../../../auth/viewer.js';
import type { Context } from '../../../kernel/context.js';
import { getDatamodel } from '../../../db/generated/pothos-types.js';
import { Prisma } from '../../../db/generated/client.js';

export type SessionPart = 'user' | 'neighborhood' | 'house' | 'accounts';
export type PothosQuery = { select?: Record<string, unknown>; include?: Record<string, unknown> } & Record<string, unknown>;
export type Pending = Map<SessionPart, { query: PothosQuery; resolve: (value: unknown) => void; reject: (error: unknown) => void }>;

const pendingByContext = new WeakMap<object, Pending>();

/** A Session field's object or list, read together with the other fields asked in the same tick. */
export function readSessionPart(ctx: Context, viewer: Viewer, part: SessionPart, query: PothosQuery): Promise<unknown> {
  let pending = pendingByContext.get(ctx);
  if (!pending) {
    const batch: Pending = new Map();
    pending = batch;
    pendingByContext.set(ctx, batch);
    queueMicrotask(() => {
      pendingByContext.delete(ctx);
      readParts(ctx, viewer, batch).then(
        (values) => {
          for (const [name, waiting] of batch) waiting.resolve(values[name]);
        },
        (error) => {
          for (const waiting of batch.values()) waiting.reject(error);
        },
      );
    });
  }
  return new Promise((resolve, reject) => pending.set(part, { query, resolve, reject }));
}

/** A relation's selection inside a select: the field's own query, or the whole row. */
const relation = (query: PothosQuery) => (query.select || query.include ? query : true);

/** The parts asked in one tick, in one statement. */
export async function readParts(ctx: Context, viewer: Viewer, parts: Pending): Promise<Partial<Record<SessionPart, unknown>>> {
  const user = parts.get('user')?.query;
  const accounts = parts.get('accounts')?.query;
  const accountsSelect = accounts && { ...accounts, where: { active: true }, orderBy: { id: 'asc' as const } };
  // The accounts ride on the user row unless the user's own query reads its memberships already.
  const accountsOnUser = accountsSelect && !(user?.select?.memberships || user?.include?.memberships);
  if (!viewer.membershipId || (accounts && !accountsOnUser)) return readSeparately(ctx, viewer, parts);
  const plain = plainSessionRead(parts);
  if (plain) {
    const [row] = await ctx.db.sql<Record<string, unknown>>(plain.sql, [viewer.membershipId, ...plain.parameters]);
    if (!row) return readSeparately(ctx, viewer, parts);
    return plain.values(row, viewer);
  }

  const select: Record<string, unknown> = {};
  const neighborhood = parts.get('neighborhood')?.query;
  if (neighborhood) select.neighborhood = relation(neighborhood);
  const house = parts.get('house')?.query;
  if (house) select.house = house.select ? { ...house, select: { ...house.select, neighborhoodId: true } } : relation(house);
  if (user || accounts) {
    const own = user ?? { select: { id: true } };
    const memberships = accountsOnUser ? { memberships: accountsSelect } : {};
    select.user = own.select ? { ...own, select: { ...own.select, ...memberships } } : { ...own, include: { ...own.include, ...memberships } };
  }
  const row = (await ctx.prisma.membership.findUnique({ where: { id: viewer.membershipId }, select: select as never })) as Record<string, any> | null;
  if (!row) return readSeparately(ctx, viewer, parts);
  const values: Partial<Record<SessionPart, unknown>> = {};
  if (neighborhood) values.neighborhood = row.neighborhood;
  if (house) values.house = row.house && row.house.neighborhoodId === viewer.neighborhoodId ? row.house : null;
  if (user || accounts) {
    const { memberships, ...own } = row.user;
    if (user) values.user = accountsOnUser ? own : row.user;
    if (accounts) values.accounts = memberships;
  }
  return values;
}

/** Without an account (a super administrator outside any community), each object by itself. */
export async function readSeparately(ctx: Context, viewer: Viewer, parts: Pending): Promise<Partial<Record<SessionPart, unknown>>> {
  const read = async (part: SessionPart, query: PothosQuery): Promise<unknown> => {
    switch (part) {
      case 'user':
        return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: viewer.userId } } as never);
      case 'neighborhood':
        return viewer.neighborhoodId ? ctx.prisma.neighborhood.findUnique({ ...query, where: { id: viewer.neighborhoodId } } as never) : null;
      case 'house':
        return viewer.houseId && viewer.neighborhoodId
          ? ctx.prisma.house.findFirst({ ...query, where: { id: viewer.houseId, neighborhoodId: viewer.neighborhoodId } } as never)
          : null;
      case 'accounts':
        return ctx.prisma.membership.findMany({ ...query, where: { userId: viewer.userId, active: true }, orderBy: { id: 'asc' } } as never);
    }
  };
  const entries = await Promise.all([...parts].map(async ([part, { query }]) => [part, await read(part, query)] as const));
  return Object.fromEntries(entries);
}

type Model = 'User' | 'Neighborhood' | 'House' | 'Membership' | 'Role';
type Column = { name: string; type: string; kind: string };
/** json_build_object takes at most 100 arguments: 50 columns. */
const MAX_COLUMNS = 50;

let scalarColumns: Map<Model, Map<string, Column>> | undefined;
function columnsOf(model: Model): Map<string, Column> {
  if (!scalarColumns) {
    const { datamodel } = getDatamodel() as unknown as { datamodel: { models: Record<string, { fields: (Column & { kind: string })[] }> } };
    scalarColumns = new Map();
    for (const name of ['User', 'Neighborhood', 'House', 'Membership', 'Role'] as Model[]) {
      // Bytes would need decoding; no Session object asks for one.
      const fields = datamodel.models[name].fields.filter((f) => (f.kind === 'scalar' || f.kind === 'enum') && f.type !== 'Bytes');
      scalarColumns.set(name, new Map(fields.map((f) => [f.name, f])));
    }
  }
  return scalarColumns.get(model)!;
}

/**
 * The columns an object's query asks for when it asks for columns only: its select's, or every column for
 * a whole row (an object type without select mode plans `{}`, a relation of one `true`); with the ones
 * the read itself needs. Null when it asks for relations.
 */
function selectedColumns(model: Model, query: PothosQuery | true | undefined, always: string[] = []): string[] | null {
  const columns = columnsOf(model);
  if (query === true || (query && !query.select && !query.include)) return [...columns.keys()];
  if (!query?.select || query.include) return null;
  const names = new Set(always);
  for (const [name, wanted] of Object.entries(query.select)) {
    if (!wanted) continue;
    if (wanted !== true || !columns.has(name)) return null;
    names.add(name);
  }
  return [...names];
}

/**
 * A JSON object of the row's columns; NUMERIC and BIGINT as text (JSON numbers would round them). Above 50
 * columns (json_build_object takes 100 arguments) the parts are joined as jsonb.
 */
function objectSql(model: Model, alias: string, names: string[]): string {
  const columns = columnsOf(model);
  const value = (name: string) => {
    const type = columns.get(name)!.type;
    return type === 'Decimal' || type === 'BigInt' ? `${alias}."${name}"::text` : `${alias}."${name}"`;
  };
  const parts: string[] = [];
  for (let i = 0; i < names.length; i += MAX_COLUMNS) {
    parts.push(
      `json_build_object(${names
        .slice(i, i + MAX_COLUMNS)
        .map((name) => `'${name}', ${value(name)}`)
        .join(', ')})`,
    );
  }
  return parts.length === 1 ? parts[0] : `(${parts.map((part) => `${part}::jsonb`).join(' || ')})::json`;
}

/** Gives the JSON object's columns Prisma's types: dates, decimals and big integers. */
function reviver(model: Model, names: string[]): (object: Record<string, unknown>) => Record<string, unknown> {
  const columns = columnsOf(model);
  const convert: [string, (value: any) => unknown][] = [];
  for (const name of names) {
    const type = columns.get(name)!.type;
    if (type === 'DateTime') convert.push([name, utcDate]);
    else if (type === 'Decimal') convert.push([name, (value: string) => new Prisma.Decimal(value)]);
    else if (type === 'BigInt') convert.push([name, (value: string) => BigInt(value)]);
  }
  return (object) => {
    for (const [name, to] of convert) if (object[name] != null) object[name] = to(object[name]);
    return object;
  };
}

/** PostgreSQL's JSON writes timestamps without a zone, and dates alone; Prisma reads both as UTC. */
function utcDate(text: string): Date {
  if (text.length === 10) return new Date(`${text}T00:00:00Z`);
  return new Date(/(Z|[+-]\d\d(:?\d\d)?)$/.test(text) ? text : `${text}Z`);
}

interface PlainRead {
  sql: string;
  parameters: unknown[];
  values: (row: Record<string, unknown>, viewer: Viewer) => Partial<Record<SessionPart, unknown>>;
}

const plainReads = new Map<string, Omit<PlainRead, 'parameters'> | null>();

/**
 * The statement that answers these parts when they ask only for columns, and the accounts page (no cursor)
 * for its role, community and house columns; null when any asks for more (Prisma reads them then).
 */
export function plainSessionRead(parts: Pending): PlainRead | null {
  const queries: Partial<Record<SessionPart, PothosQuery>> = {};
  for (const [part, { query }] of parts) queries[part] = query;
  const accounts = queries.accounts;
  if (accounts && Object.keys(accounts).some((key) => !['select', 'take', 'skip'].includes(key))) return null;
  const take = accounts && typeof accounts.take === 'number' ? accounts.take : null;
  const skip = accounts && typeof accounts.skip === 'number' ? accounts.skip : 0;
  const key = JSON.stringify(queries, (name, value) => (name === 'take' || name === 'skip' ? undefined : value));
  let read = plainReads.get(key);
  if (read === undefined) {
    read = planPlainRead(queries);
    if (plainReads.size > 100) plainReads.clear();
    plainReads.set(key, read);
  }
  return read && { ...read, parameters: accounts ? [take, skip] : [] };
}

function planPlainRead(queries: Partial<Record<SessionPart, PothosQuery>>): Omit<PlainRead, 'parameters'> | null {
  const select: string[] = [];
  const revive: ((row: Record<string, unknown>, values: Partial<Record<SessionPart, unknown>>, viewer: Viewer) => void)[] = [];
  if (queries.user) {
    const names = selectedColumns('User', queries.user);
    if (!names) return null;
    const user = reviver('User', names);
    select.push(`${objectSql('User', 'u', names)} AS "user"`);
    revive.push((row, values) => {
      values.user = user(row.user as Record<string, unknown>);
    });
  }
  if (queries.neighborhood) {
    const names = selectedColumns('Neighborhood', queries.neighborhood);
    if (!names) return null;
    const neighborhood = reviver('Neighborhood', names);
    select.push(`CASE WHEN n.id IS NULL THEN NULL ELSE ${objectSql('Neighborhood', 'n', names)} END AS neighborhood`);
    revive.push((row, values) => {
      values.neighborhood = row.neighborhood && neighborhood(row.neighborhood as Record<string, unknown>);
    });
  }
  if (queries.house) {
    const names = selectedColumns('House', queries.house, ['id', 'neighborhoodId']);
    if (!names) return null;
    const house = reviver('House', names);
    select.push(`CASE WHEN h.id IS NULL THEN NULL ELSE ${objectSql('House', 'h', names)} END AS house`);
    // The house of an account in another community is not this session's house.
    revive.push((row, values, viewer) => {
      const value = row.house as Record<string, unknown> | null;
      values.house = value && value.neighborhoodId === viewer.neighborhoodId ? house(value) : null;
    });
  }
  if (queries.accounts) {
    const relations = { role: 'Role', neighborhood: 'Neighborhood', house: 'House' } as const;
    const own: Record<string, unknown> = {};
    const nested: [keyof typeof relations, string[]][] = [];
    for (const [name, wanted] of Object.entries(queries.accounts.select ?? {})) {
      if (name in relations && wanted) {
        const names = selectedColumns(relations[name as keyof typeof relations], wanted as PothosQuery | true);
        if (!names) return null;
        nested.push([name as keyof typeof relations, names]);
      } else own[name] = wanted;
    }
    const names = selectedColumns('Membership', { select: own });
    if (!names) return null;
    const alias = { role: 'r', neighborhood: 'an', house: 'ah' };
    const fields = [
      `'row', ${objectSql('Membership', 'a', names)}`,
      ...nested.map(([name, columns]) => {
        const object = objectSql(relations[name], alias[name], columns);
        return `'${name}', ${name === 'house' ? `CASE WHEN ah.id IS NULL THEN NULL ELSE ${object} END` : object}`;
      }),
    ];
    select.push(`(SELECT coalesce(json_agg(page.account ORDER BY page.id), '[]') FROM (
        SELECT a.id, json_build_object(${fields.join(', ')}) AS account
          FROM "Membership" a JOIN "Role" r ON r.id = a."roleId" JOIN "Neighborhood" an ON an.id = a."neighborhoodId"
          LEFT JOIN "House" ah ON ah.id = a."houseId"
         WHERE a."userId" = m."userId" AND a.active ORDER BY a.id LIMIT $2 OFFSET $3) page) AS accounts`);
    const membership = reviver('Membership', names);
    const nestedRevivers = nested.map(([name, columns]) => [name, reviver(relations[name], columns)] as const);
    revive.push((row, values) => {
      values.accounts = (row.accounts as { row: Record<string, unknown>; [relation: string]: unknown }[]).map((account) => {
        const value = membership(account.row);
        for (const [name, to] of nestedRevivers) {
          const object = account[name] as Record<string, unknown> | null;
          value[name] = object && to(object);
        }
        return value;
      });
    });
  }
  const sql = `SELECT ${select.join(',\n       ')}
  FROM "Membership" m JOIN "User" u ON u.id = m."userId"
  LEFT JOIN "Neighborhood" n ON n.id = m."neighborhoodId" LEFT JOIN "House" h ON h.id = m."houseId"
 WHERE m.id = $1`;
  return {
    sql,
    values: (row, viewer) => {
      const values: Partial<Record<SessionPart, unknown>> = {};
      for (const to of revive) to(row, values, viewer);
      return values;
    },
  };
}
