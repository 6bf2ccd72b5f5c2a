// Receipt reads in one SQL statement (DESIGN.md section 9): the receipts of a house and of a maintenance
// are the hottest lists of the money domains. A page is a keyset cut on id (newest first) with the total
// folded in as count(*) OVER (), joined to its concept, wallet, maintenance and house; dates come back as
// YYYY-MM-DD text and money as numeric text, so nothing passes through a float or a time zone.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { KyselyDb } from '../../../../db/client.js';
import type { KeysetPage } from '../../../../graphql/builder.js';
import { statusesOfGroup, type PaymentMethod, type ReceiptGroup, type ReceiptStatus } from '../../../../../core/receipts.js';

export interface ReceiptRow {
  id: number;
  neighborhoodId: number;
  houseId: number;
  maintenanceId: number | null;
  maintenanceOrdinary: boolean | null;
  agreementId: number | null;
  measuredServiceId: number | null;
  conceptId: number;
  conceptDescription: string;
  conceptIncreaseBalance: boolean;
  walletId: number;
  walletType: 'ORDINARY' | 'EXTRAORDINARY' | 'MEASURED_SERVICE';
  walletName: string;
  description: string;
  year: number;
  month: number;
  dueDate: string;
  sourceAmount: string;
  discountAmount: string | null;
  penaltyAmount: string | null;
  amount: string;
  hasDiscount: boolean;
  discountEndDate: string | null;
  hasPenalty: boolean;
  deadlineDate: string | null;
  penaltyDate: string | null;
  status: ReceiptStatus;
  paymentMethod: PaymentMethod | null;
  transactionTotal: string | null;
  paymentDate: Date | null;
  /** paymentDate's day (YYYY-MM-DD) in the community's time zone. */
  paymentDay?: string | null;
  realPaymentDate: string | null;
  paymentAuthorization: string | null;
  paymentReference: string | null;
  accountEnding: string | null;
  incomeAccountId: number | null;
  cardType: string | null;
  /** The externalPayment column as stored: read it with readExternalPayment (externalPaymentRecord.ts). */
  externalPayment: unknown;
  hasNotes: boolean;
  creditsWallet: boolean;
  attachmentFileId: string | null;
  houseInteriorNumber: string | null;
  houseExteriorNumber: string | null;
  houseBlock: string | null;
  houseLot: string | null;
  houseCatastral: string | null;
  houseStatus: string;
  total?: string | number;
  /** The house's balance of the receipt's wallet, when the page was read with it. */
  walletBalance?: string;
  /** Invoicing's state of the receipt (its valid invoice or null), when the page was read with it. */
  invoice?: unknown;
}

type InvoiceColumn = (receiptId: Expression<number>) => RawBuilder<unknown>;
let invoiceColumn: InvoiceColumn | null = null;

/** Invoicing gives a receipts page the SQL of each row's invoice state (receipts never read invoicing's tables themselves). */
export function provideInvoiceColumn(column: InvoiceColumn): void {
  invoiceColumn = column;
}

export interface ReceiptFilter {
  houseId?: number | null;
  maintenanceId?: number | null;
  group?: ReceiptGroup | null;
  agreementId?: number | null;
  paymentMethod?: PaymentMethod | null;
  paymentStatus?: ReceiptStatus | null;
  ids?: number[] | null;
}

const dateText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

function conditions(neighborhoodId: number, f: ReceiptFilter): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [sql<SqlBool>`r."neighborhoodId" = ${neighborhoodId}`, sql<SqlBool>`r."deletedAt" IS NULL`];
  if (f.houseId != null) c.push(sql<SqlBool>`r."houseId" = ${f.houseId}`);
  if (f.maintenanceId != null) c.push(sql<SqlBool>`r."maintenanceId" = ${f.maintenanceId}`);
  if (f.agreementId != null) c.push(sql<SqlBool>`r."agreementId" = ${f.agreementId}`);
  if (f.paymentMethod) c.push(sql<SqlBool>`r."paymentMethod" = ${f.paymentMethod}::"PaymentMethod"`);
  if (f.paymentStatus) c.push(sql<SqlBool>`r.status = ${f.paymentStatus}::"ReceiptStatus"`);
  if (f.group) {
    const statuses = statusesOfGroup(f.group);
    c.push(sql<SqlBool>`r.status IN (${sql.join(statuses.map((s) => sql`${s}::"ReceiptStatus"`))})`);
  }
  if (f.ids) c.push(f.ids.length ? sql<SqlBool>`r.id IN (${sql.join(f.ids)})` : sql<SqlBool>`false`);
  return c;
}

/**
 * One page of receipts (newest first), `limit` rows, with the filter's total when asked. The page's ids are
 * cut first on the receipt table alone (its indexes; the total as count(*) OVER () before the limit), then
 * only those rows are joined to their concept, wallet, house and maintenance.
 */
/**
 * `extras.balance`: each row also carries its house's balance of its wallet (walletBalance), which the
 * receipt's actions need; `extras.invoice`: its valid invoice (invoice), which its documents need. A list
 * that shows them reads them here instead of in statements of their own.
 */
export function receiptsPageQuery(
  k: KyselyDb,
  neighborhoodId: number,
  filter: ReceiptFilter,
  page: KeysetPage<number>,
  withTotal: boolean,
  extras: { balance?: boolean; invoice?: boolean } = {},
) {
  const where = conditions(neighborhoodId, filter);
  const direction = page.backwards ? 'asc' : 'desc';
  return k
    .with('page', (db) =>
      db
        .selectFrom('Receipt as r')
        .select('r.id')
        .$if(withTotal, (qb) => qb.select(sql<string>`count(*) OVER ()`.as('total')))
        .where((eb) => eb.and(where))
        .$if(page.after != null, (qb) => qb.where('r.id', '<', page.after!))
        .$if(page.before != null, (qb) => qb.where('r.id', '>', page.before!))
        .orderBy('r.id', direction)
        .limit(page.limit)
        .offset(page.offset),
    )
    .selectFrom('page as p')
    .innerJoin('Receipt as r', 'r.id', 'p.id')
    .innerJoin('IncomeConcept as c', 'c.id', 'r.incomeConceptId')
    .innerJoin('Wallet as w', 'w.id', 'r.walletId')
    .innerJoin('House as h', 'h.id', 'r.houseId')
    .leftJoin('Maintenance as m', 'm.id', 'r.maintenanceId')
    .select([
      'r.id',
      'r.neighborhoodId',
      'r.houseId',
      'r.maintenanceId',
      'm.ordinary as maintenanceOrdinary',
      'r.agreementId',
      'r.measuredServiceId',
      'c.id as conceptId',
      'c.description as conceptDescription',
      'c.increaseBalance as conceptIncreaseBalance',
      'w.id as walletId',
      'w.type as walletType',
      'w.name as walletName',
      'r.description',
      'r.year',
      'r.month',
      dateText('r.dueDate').as('dueDate'),
      sql<string>`r."sourceAmount"::text`.as('sourceAmount'),
      sql<string | null>`r."discountAmount"::text`.as('discountAmount'),
      sql<string | null>`r."penaltyAmount"::text`.as('penaltyAmount'),
      sql<string>`r.amount::text`.as('amount'),
      'r.hasDiscount',
      dateText('r.discountEndDate').as('discountEndDate'),
      'r.hasPenalty',
      dateText('r.deadlineDate').as('deadlineDate'),
      dateText('r.penaltyDate').as('penaltyDate'),
      'r.status',
      'r.paymentMethod',
      sql<string | null>`r."transactionTotal"::text`.as('transactionTotal'),
      sql<Date | null>`r."paymentDate" AT TIME ZONE 'UTC'`.as('paymentDate'),
      sql<
        string | null
      >`to_char((r."paymentDate" AT TIME ZONE 'UTC') AT TIME ZONE (SELECT n."timeZone" FROM "Neighborhood" n WHERE n.id = ${neighborhoodId}), 'YYYY-MM-DD')`.as(
        'paymentDay',
      ),
      dateText('r.realPaymentDate').as('realPaymentDate'),
      'r.paymentAuthorization',
      'r.paymentReference',
      'r.accountEnding',
      'r.incomeAccountId',
      'r.cardType',
      'r.externalPayment',
      sql<boolean>`r.notes IS NOT NULL`.as('hasNotes'),
      'r.creditsWallet',
      'r.attachmentFileId',
      'h.interiorNumber as houseInteriorNumber',
      'h.exteriorNumber as houseExteriorNumber',
      'h.block as houseBlock',
      'h.lot as houseLot',
      'h.catastral as houseCatastral',
      'h.status as houseStatus',
    ])
    .$if(withTotal, (qb) => qb.select(sql<string>`p.total`.as('total')))
    .$if(!!extras.invoice && invoiceColumn !== null, (qb) => qb.select(invoiceColumn!(sql.ref('r.id')).as('invoice')))
    .$if(!!extras.balance, (qb) =>
      qb.select(
        sql<string>`(SELECT COALESCE(sum(le.amount), 0)::text FROM "LedgerEntry" le WHERE le."houseId" = r."houseId" AND le."walletId" = r."walletId")`.as(
          'walletBalance',
        ),
      ),
    )
    .orderBy('r.id', direction);
}

/** How many receipts match a filter (the total of a page read by cursor). */
export function receiptsCountQuery(k: KyselyDb, neighborhoodId: number, filter: ReceiptFilter) {
  const where = conditions(neighborhoodId, filter);
  return k
    .selectFrom('Receipt as r')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.and(where));
}

/** Receipts by id (for a node or a mutation's answer), in the community. */
export async function receiptRows(k: KyselyDb, neighborhoodId: number, ids: number[]): Promise<ReceiptRow[]> {
  if (ids.length === 0) return [];
  const page: KeysetPage<number> = { size: ids.length, limit: ids.length, after: null, before: null, backwards: false, offset: 0 };
  return (await receiptsPageQuery(k, neighborhoodId, { ids }, page, false).execute()) as ReceiptRow[];
}
