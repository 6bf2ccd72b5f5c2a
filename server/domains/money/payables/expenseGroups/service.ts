// Expense groups (spec 2 section 7: next group folio and serie, create a group): this module owns every
// write of ExpenseGroup and of Expense.groupId. A group names two or more live expenses of the community
// (not DELETED nor REJECTED, in no other group) under a folio unique per community and serie.
import { decodeGlobalID } from '@pothos/plugin-relay';
import { z } from 'zod';
import { MAX_FOLIO, MAX_SERIE, SERIE_MESSAGE } from '../../../../../core/expenseSettings.js';
import { boundedText } from '../../../../../core/input.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { isUniqueViolation } from '../../../../kernel/dbErrors.js';
import { ConflictError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';

export const GROUP_READERS = ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'] as const;
export const MIN_GROUP = 2;
export const MAX_GROUP = 500;

export const EXPENSE_NOT_FOUND = message('EXPENSE_NOT_FOUND');
export const GROUP_TOO_SMALL = `Selecciona al menos ${MIN_GROUP} egresos para agruparlos`;
export const folioTaken = (serie: string | null, folio: number) => `El folio ${serie ? `${serie}-` : ''}${folio} ya es de otro grupo de egresos`;

const FOLIO_MESSAGE = 'El folio debe ser un número entero mayor o igual a 1';

export const ExpenseGroupSchema = z.object({
  expenseIds: z
    .array(z.string().max(200), { error: 'Los egresos deben ser una lista' })
    .max(MAX_GROUP, `Agrupa como máximo ${MAX_GROUP} egresos`)
    .transform((ids) => [...new Set(ids.map((id) => id.trim()))])
    .refine((ids) => ids.length >= MIN_GROUP, GROUP_TOO_SMALL),
  folio: z.number({ error: FOLIO_MESSAGE }).int(FOLIO_MESSAGE).min(1, FOLIO_MESSAGE).max(MAX_FOLIO, FOLIO_MESSAGE).nullish(),
  serie: z
    .string()
    .max(MAX_SERIE * 4, SERIE_MESSAGE)
    .nullish()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      if (!/^[A-Za-z0-9]+$/.test(text) || text.length > MAX_SERIE) {
        ctx.addIssue({ code: 'custom', message: SERIE_MESSAGE });
        return z.NEVER;
      }
      return text.toUpperCase();
    }),
  comment: boundedText(1000, 'El comentario')
    .nullish()
    .transform((v) => v || null),
});

export interface GroupCreated {
  groupId: number;
  expenseIds: number[];
}

/** The database id of an Expense global id (or a legacy number); anything else matches no row. */
export function expenseRowId(value: string): number {
  if (/^\d{1,10}$/.test(value)) return rowId(value);
  try {
    const { typename, id } = decodeGlobalID(value);
    return typename === 'Expense' ? rowId(id) : -1;
  } catch {
    return -1;
  }
}

async function groupSettings(tx: Tx, neighborhoodId: number) {
  const settings = await tx.expenseSettings.findUnique({ where: { neighborhoodId }, select: { groupInitialFolio: true, groupSerie: true } });
  return { initialFolio: settings?.groupInitialFolio ?? 1, serie: settings?.groupSerie ?? null };
}

/** The folio the next group of a serie takes: one more than the highest, never below the settings' initial folio. */
async function nextFolio(tx: Tx, neighborhoodId: number, serie: string | null, initialFolio: number) {
  const last = await tx.expenseGroup.aggregate({ where: { neighborhoodId, serie }, _max: { folio: true } });
  return Math.max(initialFolio, (last._max.folio ?? 0) + 1);
}

/** The serie of the expense settings and the folio the next group of it would take. */
export async function nextGroupFolio(ctx: ServiceContext): Promise<{ serie: string | null; folio: number }> {
  const neighborhoodId = communityOf(ctx);
  const settings = await groupSettings(ctx.prisma, neighborhoodId);
  return { serie: settings.serie, folio: await nextFolio(ctx.prisma, neighborhoodId, settings.serie, settings.initialFolio) };
}

/**
 * Groups expenses ({ expenseIds, folio?, serie?, comment? }). Without a serie the settings' group serie is
 * used; without a folio the next one of that serie. Writes of one community's groups take turns (advisory
 * lock), so two concurrent creates with one folio give one group and one conflict; the unique index backs it.
 */
export async function createExpenseGroup(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<GroupCreated> {
  const input = parseInput(ExpenseGroupSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const ids = input.expenseIds.map(expenseRowId);
  try {
    return await write(ctx, { idempotencyKey, request: { operation: 'createExpenseGroup', input } }, async ({ tx, audit }) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`expenseGroup:${neighborhoodId}`}))::text AS held`;
      const settings = await groupSettings(tx, neighborhoodId);
      const serie = input.serie ?? settings.serie;
      const folio = input.folio ?? (await nextFolio(tx, neighborhoodId, serie, settings.initialFolio));
      const valid = ids.filter((id) => id > 0);
      // Row locks: an expense edited, deleted or grouped meanwhile waits for this write (or this one for it).
      const rows =
        valid.length === ids.length
          ? await tx.$queryRaw<{ id: number; status: string; groupId: number | null; folio: number | null; serie: string | null }[]>`
              SELECT "id", "status"::text AS "status", "groupId", "folio", "serie" FROM "Expense"
              WHERE "neighborhoodId" = ${neighborhoodId} AND "id" = ANY(${valid}::int[]) ORDER BY "id" FOR UPDATE`
          : [];
      if (rows.length !== ids.length) throw new NotFoundError('EXPENSE_NOT_FOUND');
      for (const row of rows) {
        const name = row.folio != null ? `${row.serie ? `${row.serie}-` : ''}${row.folio}` : `#${row.id}`;
        if (row.status === 'DELETED' || row.status === 'REJECTED') {
          throw new ConflictError(reason('EXPENSE_NOT_GROUPABLE', { name, deleted: row.status === 'DELETED' }));
        }
        if (row.groupId != null) throw new ConflictError(reason('EXPENSE_ALREADY_GROUPED', { name }));
      }
      const taken = await tx.expenseGroup.findFirst({ where: { neighborhoodId, serie, folio }, select: { id: true } });
      if (taken) throw new ConflictError(reason('EXPENSE_GROUP_FOLIO_NUMBER_TAKEN', { serie, folio }));
      const group = await tx.expenseGroup.create({
        data: { neighborhoodId, serie, folio, comment: input.comment, createdByUserId: ctx.actor?.userId ?? null },
        select: { id: true },
      });
      const expenseIds = rows.map((r) => r.id);
      await tx.expense.updateMany({ where: { id: { in: expenseIds }, neighborhoodId }, data: { groupId: group.id } });
      await audit({ action: 'CREATE', entity: 'ExpenseGroup', entityId: group.id, data: { serie, folio, comment: input.comment, expenseIds } });
      for (const id of expenseIds) {
        await audit({ action: 'GROUP', entity: 'Expense', entityId: id, data: { groupId: group.id, serie, folio, comment: input.comment } });
      }
      return { groupId: group.id, expenseIds };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('EXPENSE_GROUP_FOLIO_TAKEN');
    throw error;
  }
}
