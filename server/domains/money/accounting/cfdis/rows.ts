// The invoices list in one SQL statement (DESIGN.md section 9): the page's rows are cut on the invoice table
// (newest first; the outer select leaves the voucher out) and only those are read with their invoiced receipts (and houses) and
// the id of the invoice that substitutes them, the filter's total a scalar count beside them, so the list's per-invoice fields need no statement of their own. Money comes back as numeric text;
// instants as UTC.
import { sql, type Expression, type SqlBool } from 'kysely';
import { holdsAny } from '../../../../auth/houseScope.js';
import type { KyselyDb } from '../../../../db/client.js';
import type { Cfdi } from '../../../../db/generated/client.js';
import type { KeysetPage } from '../../../../graphql/builder.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { CFDI_ADMIN_READERS } from './rules.js';
import type { CfdiFilter } from './service.js';

/** An invoice of the list: its row without the voucher, its receipts and who substitutes it, already read. */
export type CfdiListRow = Omit<Cfdi, 'xml'> & {
  links: { receiptId: number; houseId: number }[];
  /** The invoice that substitutes this one, when the viewer may read it. */
  substitutedById: number | null;
};

/** cfdiReadScope (service.ts) in SQL on "Cfdi" `alias`: administrators read the community's, house users their house's receipts'. */
export function cfdiReadCondition(ctx: Pick<ServiceContext, 'actor'>, alias: string): Expression<SqlBool> {
  const c = sql.table(alias);
  const community = sql<SqlBool>`${c}."neighborhoodId" = ${communityOf(ctx)}`;
  if (holdsAny(ctx, CFDI_ADMIN_READERS)) return community;
  return sql<SqlBool>`(${community} AND ${c}.kind IN ('RECEIPT'::"CfdiKind", 'PAYMENT'::"CfdiKind") AND EXISTS (SELECT 1 FROM "CfdiReceipt" l JOIN "Receipt" r ON r.id = l."receiptId"
                        WHERE l."cfdiId" = ${c}.id AND r."houseId" = ${ctx.actor?.houseId ?? -1}))`;
}

function conditions(ctx: Pick<ServiceContext, 'actor'>, f: CfdiFilter): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [cfdiReadCondition(ctx, 'c')];
  if (f.status) c.push(sql<SqlBool>`c.status = ${f.status}::"CfdiStatus"`);
  if (f.kind) c.push(sql<SqlBool>`c.kind = ${f.kind}::"CfdiKind"`);
  // createdAt holds UTC without a zone.
  if (f.from) c.push(sql<SqlBool>`c."createdAt" >= (${f.from.toISOString()}::timestamptz AT TIME ZONE 'UTC')`);
  if (f.to) c.push(sql<SqlBool>`c."createdAt" < (${f.to.toISOString()}::timestamptz AT TIME ZONE 'UTC')`);
  if (f.receiptId != null) c.push(sql<SqlBool>`EXISTS (SELECT 1 FROM "CfdiReceipt" l WHERE l."cfdiId" = c.id AND l."receiptId" = ${f.receiptId})`);
  if (f.houseId != null)
    c.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM "CfdiReceipt" l JOIN "Receipt" r ON r.id = l."receiptId" WHERE l."cfdiId" = c.id AND r."houseId" = ${f.houseId})`,
    );
  return c;
}

const utc = (column: string) => sql<Date | null>`${sql.ref(column)} AT TIME ZONE 'UTC'`;

export function cfdisPageQuery(k: KyselyDb, ctx: Pick<ServiceContext, 'actor'>, filter: CfdiFilter, page: KeysetPage<number>, withTotal: boolean) {
  const where = conditions(ctx, filter);
  return k
    .with('page', (db) =>
      db
        .selectFrom('Cfdi as c')
        .selectAll('c')
        .where((eb) => eb.and(where))
        .$if(page.after != null, (qb) => qb.where('c.id', '<', page.after!))
        .$if(page.before != null, (qb) => qb.where('c.id', '>', page.before!))
        .orderBy('c.id', page.backwards ? 'asc' : 'desc')
        .limit(page.limit)
        .offset(page.offset),
    )
    .selectFrom('page as c')
    .select([
      'c.id',
      'c.neighborhoodId',
      'c.kind',
      'c.status',
      'c.serie',
      'c.uuid',
      utc('c.issuedAt').as('issuedAt'),
      utc('c.stampedAt').as('stampedAt'),
      'c.receiverRfc',
      'c.receiverName',
      'c.receiverRegime',
      'c.receiverUse',
      'c.receiverPostalCode',
      'c.paymentForm',
      'c.paymentMethod',
      'c.paidCfdiId',
      utc('c.paymentDate').as('paymentDate'),
      sql<string | null>`c."paymentAmount"::text`.as('paymentAmount'),
      'c.installment',
      sql<string | null>`c."previousBalance"::text`.as('previousBalance'),
      sql<string>`c.subtotal::text`.as('subtotal'),
      sql<string>`c."taxTotal"::text`.as('taxTotal'),
      sql<string>`c.total::text`.as('total'),
      'c.globalYear',
      'c.globalMonth',
      'c.pdfFileId',
      'c.errorDescription',
      'c.attempts',
      'c.substitutesId',
      'c.cancellationMotive',
      'c.cancellationAcknowledgement',
      utc('c.cancelledAt').as('cancelledAt'),
      'c.cancelledByUserId',
      'c.createdByUserId',
      utc('c.createdAt').as('createdAt'),
      utc('c.updatedAt').as('updatedAt'),
      sql<
        { receiptId: number; houseId: number }[]
      >`COALESCE((SELECT json_agg(json_build_object('receiptId', l."receiptId", 'houseId', r."houseId") ORDER BY l."receiptId")
          FROM "CfdiReceipt" l JOIN "Receipt" r ON r.id = l."receiptId" WHERE l."cfdiId" = c.id), '[]'::json)`.as('links'),
      sql<number | null>`(SELECT s.id FROM "Cfdi" s WHERE s."substitutesId" = c.id AND ${cfdiReadCondition(ctx, 's')})`.as('substitutedById'),
      ...(withTotal ? [sql<string>`(SELECT count(*) FROM "Cfdi" c WHERE ${sql.join(where, sql` AND `)})`.as('listTotal')] : []),
    ])
    .orderBy('c.id', page.backwards ? 'asc' : 'desc');
}

export function cfdisCountQuery(k: KyselyDb, ctx: Pick<ServiceContext, 'actor'>, filter: CfdiFilter) {
  const where = conditions(ctx, filter);
  return k
    .selectFrom('Cfdi as c')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.and(where));
}

/** A page of invoices with the filter's total when asked (one statement; a second only for a cursor page or past the end). */
export async function cfdisPage(k: KyselyDb, ctx: Pick<ServiceContext, 'actor'>, filter: CfdiFilter, page: KeysetPage<number>, wantsTotal: boolean) {
  const byCursor = page.after != null || page.before != null;
  // Money is numeric text where Prisma gives a Decimal: the Decimal scalar writes both alike.
  const rows = (await cfdisPageQuery(k, ctx, filter, page, wantsTotal && !byCursor).execute()) as unknown as (CfdiListRow & { listTotal?: string })[];
  let total: number | undefined;
  if (wantsTotal) {
    if (!byCursor && (rows.length || page.offset === 0)) total = rows.length ? Number(rows[0].listTotal) : 0;
    else total = Number((await cfdisCountQuery(k, ctx, filter).executeTakeFirstOrThrow()).n);
  }
  for (const row of rows) delete row.listTotal;
  return { rows: rows as unknown as Omit<Cfdi, 'xml'>[], total };
}
