// Vehicle revision points of a community (spec 3 sections 3 and 5): this module owns every write of the
// RevisionPoint table. Rules are stored as JSON: [{ startHour, endHour, monday..sunday }].
import { z } from 'zod';
import { RevisionPointSchema, type RevisionPointValues } from '../../../../core/revisionPoints.js';
import { communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { boundedText, parseInput } from '../../../kernel/input.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, reason } from '../../../kernel/errors.js';
import { lockRow } from '../../../kernel/locks.js';
import { write } from '../../../kernel/write.js';
import { message } from '../../../kernel/reasons.js';
import { containsText, sameText } from '../../../kernel/textFilter.js';

export { RevisionPointSchema };

/** Who may read revision points (the C grants of their screen). */
export const REVISION_POINT_READERS = ['CRevisionPointRead', 'CRevisionPointCreate', 'CRevisionPointUpdate', 'CRevisionPointDelete'] as const;

export const REVISION_POINT_NOT_FOUND = message('REVISION_POINT_NOT_FOUND');
/** Most points one bulk save may carry. */
export const MAX_BULK = 50;

const ListFilter = z.object({ name: boundedText(120, 'El filtro').nullish() }).nullish();

export function revisionPointWhere(ctx: ServiceContext, rawFilter?: { name?: string | null } | null) {
  const filter = parseInput(ListFilter, rawFilter);
  return {
    neighborhoodId: communityOf(ctx),
    ...(filter?.name ? { name: containsText(filter.name) } : {}),
  };
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

function rowData(input: RevisionPointValues) {
  return {
    name: input.name,
    activeFrom: asDate(input.activeFrom),
    activeUntil: input.activeUntil ? asDate(input.activeUntil) : null,
    minutes: input.minutes,
    rules: input.rules as unknown as object[],
  };
}

/** The name is unique per community whatever its case (read inside the write's transaction). */
async function ensureUniqueName(tx: Tx, neighborhoodId: number, name: string, exceptId?: number) {
  const same = await tx.revisionPoint.findFirst({
    where: { neighborhoodId, name: sameText(name), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw new ConflictError(reason('REVISION_POINT_NAME_TAKEN', { name }));
}

async function findOwn(db: Pick<Tx, 'revisionPoint'>, neighborhoodId: number, id: number) {
  const point = await db.revisionPoint.findFirst({ where: { id, neighborhoodId } });
  if (!point) throw new NotFoundError('REVISION_POINT_NOT_FOUND');
  return point;
}

export async function createRevisionPoint(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(RevisionPointSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createRevisionPoint', input } }, async ({ tx, audit }) => {
    await ensureUniqueName(tx, neighborhoodId, input.name);
    const created = await tx.revisionPoint.create({ data: { neighborhoodId, ...rowData(input) }, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'RevisionPoint', entityId: created.id, data: { ...input } });
    return created.id;
  });
}

export async function updateRevisionPoint(ctx: ServiceContext, id: number, raw: unknown) {
  const input = parseInput(RevisionPointSchema, raw);
  const neighborhoodId = communityOf(ctx);
  await findOwn(ctx.prisma, neighborhoodId, id);
  return write(ctx, {}, async ({ tx, audit }) => {
    const current = await findOwn(tx, neighborhoodId, id);
    await ensureUniqueName(tx, neighborhoodId, input.name, id);
    await tx.revisionPoint.update({ where: { id }, data: rowData(input) });
    await audit({ action: 'UPDATE', entity: 'RevisionPoint', entityId: id, data: { from: snapshot(current), to: input } });
    return id;
  });
}

export async function deleteRevisionPoint(ctx: ServiceContext, id: number) {
  const neighborhoodId = communityOf(ctx);
  const point = await findOwn(ctx.prisma, neighborhoodId, id);
  return write(ctx, { audit: { action: 'DELETE', entity: 'RevisionPoint', entityId: id, data: snapshot(point) } }, async ({ tx }) => {
    // Under the point's lock, as bookings are (vehicles/service.ts bookSpace): appointments ahead keep it (docs/decisions.md).
    await lockRow(tx, 'RevisionPoint', id, { neighborhoodId });
    if (await tx.revisionPointSpace.count({ where: { revisionPointId: id, status: 'CONFIRMED', start: { gt: new Date() } } })) {
      throw new ConflictError('REVISION_POINT_HAS_APPOINTMENTS');
    }
    const { count } = await tx.revisionPoint.deleteMany({ where: { id, neighborhoodId } });
    if (count === 0) throw new NotFoundError('REVISION_POINT_NOT_FOUND');
    return id;
  });
}

/**
 * The legacy PUT of the whole list: each entry with an id updates that point, each without one creates a
 * point; points not listed stay as they are (deleting is DELETE on one point). All or nothing, in one
 * write: creating needs CRevisionPointCreate, updating CRevisionPointUpdate.
 */
export async function saveRevisionPoints(ctx: ServiceContext, entries: { id: number | null; revisionPoint: unknown }[]): Promise<number[]> {
  if (entries.length === 0) throw new InputError([{ field: 'points', message: 'Envía al menos un punto de revisión' }]);
  if (entries.length > MAX_BULK) throw new InputError([{ field: 'points', message: `Se admiten como máximo ${MAX_BULK} puntos de revisión` }]);
  const grants = ctx.actor?.grants;
  if (entries.some((e) => e.id === null) && !grants?.has('CRevisionPointCreate')) throw new ForbiddenError();
  if (entries.some((e) => e.id !== null) && !grants?.has('CRevisionPointUpdate')) throw new ForbiddenError();
  const issues: { field: string; message: string }[] = [];
  const parsed = entries.map((entry, i) => {
    try {
      return { id: entry.id, input: parseInput(RevisionPointSchema, entry.revisionPoint) };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      issues.push(...error.issues.map((issue) => ({ field: `points.${i}.${issue.field}`, message: issue.message })));
      return null;
    }
  });
  if (issues.length) throw new InputError(issues);
  const points = parsed.map((p) => p!);
  const ids = points.flatMap((p) => (p.id === null ? [] : [p.id]));
  if (new Set(ids).size !== ids.length) throw new InputError([{ field: 'points', message: 'Un punto de revisión aparece más de una vez' }]);
  const names = points.map((p) => p.input.name.toLocaleLowerCase('es'));
  if (new Set(names).size !== names.length) throw new InputError([{ field: 'points', message: 'Dos puntos de revisión no pueden llamarse igual' }]);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const existing = await tx.revisionPoint.findMany({ where: { id: { in: ids }, neighborhoodId } });
    if (existing.length !== ids.length) throw new NotFoundError('REVISION_POINT_NOT_FOUND');
    const saved: number[] = [];
    for (const point of points) {
      await ensureUniqueName(tx, neighborhoodId, point.input.name, point.id ?? undefined);
      if (point.id === null) {
        const created = await tx.revisionPoint.create({ data: { neighborhoodId, ...rowData(point.input) }, select: { id: true } });
        await audit({ action: 'CREATE', entity: 'RevisionPoint', entityId: created.id, data: { ...point.input } });
        saved.push(created.id);
      } else {
        const current = existing.find((e) => e.id === point.id)!;
        await tx.revisionPoint.update({ where: { id: point.id }, data: rowData(point.input) });
        await audit({ action: 'UPDATE', entity: 'RevisionPoint', entityId: point.id, data: { from: snapshot(current), to: point.input } });
        saved.push(point.id);
      }
    }
    return saved;
  });
}

/** A stored point as the audit log keeps it. */
function snapshot(point: { name: string; activeFrom: Date; activeUntil: Date | null; minutes: number; rules: unknown }) {
  return {
    name: point.name,
    activeFrom: point.activeFrom.toISOString().slice(0, 10),
    activeUntil: point.activeUntil?.toISOString().slice(0, 10) ?? null,
    minutes: point.minutes,
    rules: point.rules,
  };
}
