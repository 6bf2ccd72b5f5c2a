// Agreement reads in one SQL statement (DESIGN.md section 9): the page's rows are cut on the agreement table
// (newest first) and only those are joined to their house and counted their unpaid receipts; the filter's
// total is a scalar count beside them. Dates come back as YYYY-MM-DD text
// and money as numeric text, so nothing passes through a float or a time zone.
import { sql, type Expression, type SqlBool } from 'kysely';
import { houseLabel } from '../../../../../core/houseLabel.js';
import type { HouseListFilter } from '../../../../../core/houseRules.js';
import type { KyselyDb } from '../../../../db/client.js';
import type { KeysetPage } from '../../../../graphql/builder.js';
import { houseListCondition } from '../../../property/houses/filter.js';
import type { AgreementView } from './service.js';

export interface AgreementFilter {
  /** The owners-list filter of the agreement's house (the community's list); without it, any house. */
  house?: HouseListFilter | null;
  houseId?: number | null;
  ids?: number[] | null;
}

function conditions(neighborhoodId: number, f: AgreementFilter): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [sql<SqlBool>`a."neighborhoodId" = ${neighborhoodId}`];
  if (f.house) c.push(sql<SqlBool>`EXISTS (SELECT 1 FROM "House" h WHERE h.id = a."houseId" AND ${houseListCondition(neighborhoodId, f.house)})`);
  if (f.houseId != null) c.push(sql<SqlBool>`a."houseId" = ${f.houseId}`);
  if (f.ids) c.push(f.ids.length ? sql<SqlBool>`a.id IN (${sql.join(f.ids)})` : sql<SqlBool>`false`);
  return c;
}

export function agreementsPageQuery(k: KyselyDb, neighborhoodId: number, filter: AgreementFilter, page: KeysetPage<number>, withTotal: boolean) {
  const where = conditions(neighborhoodId, filter);
  return k
    .with('page', (db) =>
      db
        .selectFrom('Agreement as a')
        .selectAll('a')
        .where((eb) => eb.and(where))
        .$if(page.after != null, (qb) => qb.where('a.id', '<', page.after!))
        .$if(page.before != null, (qb) => qb.where('a.id', '>', page.before!))
        .orderBy('a.id', page.backwards ? 'asc' : 'desc')
        .limit(page.limit)
        .offset(page.offset),
    )
    .selectFrom('page as a')
    .innerJoin('House as h', 'h.id', 'a.houseId')
    .select([
      'a.id',
      'a.neighborhoodId',
      'a.houseId',
      'h.interiorNumber',
      'h.exteriorNumber',
      'h.block',
      'h.lot',
      'h.catastral',
      sql<string>`a."debtAmount"::text`.as('debt'),
      sql<string>`a."downPayment"::text`.as('downPayment'),
      'a.instalments',
      'a.frequency',
      sql<string>`to_char(a."firstDueDate", 'YYYY-MM-DD')`.as('firstDueDate'),
      sql<string>`CASE WHEN a."cancelledAt" IS NOT NULL THEN 0 ELSE (SELECT count(*) FROM "Receipt" r
                    WHERE r."agreementId" = a.id AND r."deletedAt" IS NULL AND r.status <> 'PAID'::"ReceiptStatus") END`.as('pendingReceipts'),
      sql<Date>`a."createdAt" AT TIME ZONE 'UTC'`.as('createdAt'),
      sql<Date | null>`a."cancelledAt" AT TIME ZONE 'UTC'`.as('cancelledAt'),
      ...(withTotal ? [sql<string>`(SELECT count(*) FROM "Agreement" a WHERE ${sql.join(where, sql` AND `)})`.as('total')] : []),
    ])
    .orderBy('a.id', page.backwards ? 'asc' : 'desc');
}

export function agreementsCountQuery(k: KyselyDb, neighborhoodId: number, filter: AgreementFilter) {
  const where = conditions(neighborhoodId, filter);
  return k
    .selectFrom('Agreement as a')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.and(where));
}

type AgreementRow = Awaited<ReturnType<ReturnType<typeof agreementsPageQuery>['execute']>>[number] & { total?: string };

export function agreementView(r: AgreementRow): AgreementView {
  return {
    id: r.id,
    neighborhoodId: r.neighborhoodId,
    houseId: r.houseId,
    houseLabel: houseLabel(r),
    debt: r.debt,
    downPayment: r.downPayment,
    instalments: r.instalments,
    frequency: r.frequency as AgreementView['frequency'],
    firstDueDate: r.firstDueDate,
    pendingReceipts: Number(r.pendingReceipts),
    createdAt: r.createdAt,
    cancelledAt: r.cancelledAt,
  };
}

/** A page of agreements with the filter's total when asked (one statement; a second only for a cursor page or past the end). */
export async function agreementsPage(k: KyselyDb, neighborhoodId: number, filter: AgreementFilter, page: KeysetPage<number>, wantsTotal: boolean) {
  const byCursor = page.after != null || page.before != null;
  const rows = (await agreementsPageQuery(k, neighborhoodId, filter, page, wantsTotal && !byCursor).execute()) as AgreementRow[];
  let total: number | undefined;
  if (wantsTotal) {
    total =
      !byCursor && (rows.length || page.offset === 0)
        ? rows.length
          ? Number(rows[0].total)
          : 0
        : Number((await agreementsCountQuery(k, neighborhoodId, filter).executeTakeFirstOrThrow()).n);
  }
  return { rows: rows.map(agreementView), total };
}
