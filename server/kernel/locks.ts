// Row locks: the one way a write holds rows until its transaction ends (SELECT … FOR UPDATE), so concurrent
// writes on the same rows queue instead of deciding from what they read before (DESIGN.md section 3b).
// Several rows are locked in id order, so two writers locking overlapping sets never deadlock.
import { Prisma } from '../db/generated/client.js';
import type { Tx } from './context.js';

type Locker = Pick<Tx, '$queryRaw'>;
/** A table, as Prisma names its model. */
export type LockableTable = Prisma.ModelName;
type RowId = number | string;

/** Tables whose id is a uuid (a text parameter is cast to it). */
const UUID_IDS: ReadonlySet<LockableTable> = new Set<LockableTable>(['Charge', 'StoredFile', 'Session']);

/** Extra conditions on the locked rows: the community they must belong to. */
export interface LockScope {
  neighborhoodId?: number;
}

function scopeSql(scope: LockScope | undefined): Prisma.Sql {
  return scope?.neighborhoodId !== undefined ? Prisma.sql` AND "neighborhoodId" = ${scope.neighborhoodId}` : Prisma.empty;
}

/** Locks one row of `table` until the transaction ends; answers whether it exists (within `scope`). */
export async function lockRow(tx: Locker, table: LockableTable, id: RowId, scope?: LockScope): Promise<boolean> {
  const key = UUID_IDS.has(table) ? Prisma.sql`${id}::uuid` : Prisma.sql`${id}`;
  const rows = await tx.$queryRaw<unknown[]>`SELECT id FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${key}${scopeSql(scope)} FOR UPDATE`;
  return rows.length > 0;
}

/** Locks rows of `table` in id order until the transaction ends; answers the ids found (within `scope`), in order. */
export async function lockRows<T extends RowId>(tx: Locker, table: LockableTable, ids: readonly T[], scope?: LockScope): Promise<T[]> {
  if (ids.length === 0) return [];
  const type = UUID_IDS.has(table) ? 'uuid' : typeof ids[0] === 'number' ? 'int' : 'text';
  const rows = await tx.$queryRaw<{ id: T }[]>`SELECT id FROM ${Prisma.raw(`"${table}"`)}
    WHERE id = ANY(${[...ids]}::${Prisma.raw(type)}[])${scopeSql(scope)} ORDER BY id FOR UPDATE`;
  return rows.map((r) => r.id);
}
