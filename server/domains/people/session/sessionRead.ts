// The Session's objects (user, community, house, accounts) in one statement: every app start and the legacy
// GET /users/session ask for them together. Each field hands in the query Pothos planned for it; the fields
// asked in one tick are read through the viewer's account with Prisma's relation joins, one statement.
import type { Viewer } from '../../../auth/viewer.js';
import type { Context } from '../../../kernel/context.js';

export type SessionPart = 'user' | 'neighborhood' | 'house' | 'accounts';
type PothosQuery = { select?: Record<string, unknown>; include?: Record<string, unknown> } & Record<string, unknown>;
type Pending = Map<SessionPart, { query: PothosQuery; resolve: (value: unknown) => void; reject: (error: unknown) => void }>;

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

async function readParts(ctx: Context, viewer: Viewer, parts: Pending): Promise<Partial<Record<SessionPart, unknown>>> {
  const user = parts.get('user')?.query;
  const accounts = parts.get('accounts')?.query;
  const accountsSelect = accounts && { ...accounts, where: { active: true }, orderBy: { id: 'asc' as const } };
  // The accounts ride on the user row unless the user's own query reads its memberships already.
  const accountsOnUser = accountsSelect && !(user?.select?.memberships || user?.include?.memberships);
  if (!viewer.membershipId || (accounts && !accountsOnUser)) return readSeparately(ctx, viewer, parts);

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
async function readSeparately(ctx: Context, viewer: Viewer, parts: Pending): Promise<Partial<Record<SessionPart, unknown>>> {
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
