// Transactions and balances (spec 2: /neighborhood/transactions): every movement of the community's money
// in one grid — the houses' wallet ledger (LedgerEntry) and the community's own ledger
// (CommunityLedgerEntry) — read by a few set-based statements: one page (UNION ALL of both ledgers, the
// page cut first, the names joined to the page only), the totals of the whole filter, and the balances per
// wallet and per account at both ends of the period. The grid's sum equals the ledgers' to the cent.
//
// The day of a movement (date_kind, as every report: server/domains/money/accounting/reports/period.ts):
// - SYSTEM_DATE: the day it was recorded (createdAt in the community's time zone);
// - PAYMENT_DATE: for a house's payment (DEPOSIT, RECEIPT_PAID, WALLET_PAYMENT of a paid receipt) the
//   receipt's real payment date (else its payment date), never later than the day it was recorded; for the
//   community's ledger its effective date (the expense's payment or cash date, the withdrawal's settlement);
//   for anything else the day it was recorded. A payment is recorded on or after the day it was made, so
//   createdAt ≥ the start of "from" bounds both kinds and the (neighborhoodId, createdAt) index serves them.
import { sql, type RawBuilder } from 'kysely';
import { addDays, isCalendarDay } from '../../../../../core/input.js';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { daysInMonth } from '../../../../../core/maintenance.js';
import { money, type Money, sumMoney } from '../../../../../core/money.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';
import { CommunityLedgerKind, LedgerKind, PaymentMethod } from '../../../../db/generated/enums.js';
import { startOfDayIn } from '../cfdis/rules.js';
import { type DateKind, reportPeriod } from '../reports/period.js';
import { accountBalances, type Opening, storedOpening } from '../reports/balances.js';
import { GATEWAY_ACCOUNT, localMidnight, NO_ACCOUNT } from '../reports/incomes.js';

export const TRANSACTION_READERS = ['AStatementsRead', 'ABalancesAuthorise'] as const;

// The kinds and methods are the database's enums (Prisma's generated types), in their order.
export const HOUSE_KINDS = Object.values(LedgerKind);
export const COMMUNITY_KINDS = Object.values(CommunityLedgerKind);
export const TRANSACTION_KINDS = [...HOUSE_KINDS, ...COMMUNITY_KINDS];
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const PAYMENT_METHODS = Object.values(PaymentMethod);
export const TRANSACTION_SOURCES = ['HOUSE', 'COMMUNITY'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

export const KIND_NAMES: Record<TransactionKind, string> = {
  INITIAL_BALANCE: 'Saldo inicial',
  DEPOSIT: 'Depósito',
  RECEIPT_PAID: 'Recibo pagado',
  WALLET_PAYMENT: 'Pago con Monedero',
  ADJUSTMENT: 'Ajuste',
  TRANSFER: 'Transferencia entre monederos',
  RECEIPT_DELETED: 'Recibo eliminado',
  REVERSAL: 'Reversa',
  AGREEMENT: 'Convenio',
  AGREEMENT_CANCELLED: 'Convenio cancelado',
  DEPOSIT_RETURNED: 'Depósito de reservación devuelto',
  EXPENSE_PAID: 'Egreso pagado',
  EXPENSE_CHARGED: 'Egreso cobrado',
  WITHDRAWAL: 'Retiro',
  WITHDRAWAL_FEE: 'Comisión de retiro',
};

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  CARD: 'Tarjeta',
  STORE: 'Tienda',
  BANK: 'Banco',
  WALLET: 'Monedero',
  CASH: 'Efectivo',
  CREDIT: 'Crédito',
  DEBIT: 'Débito',
  EXTERNAL: 'Pago externo',
  MANUAL: 'Manual',
};

/** The grid's filters as the service takes them (ids are row ids of the caller's community). */
export interface TransactionFilter {
  dateKind?: string | null;
  from?: string | null;
  to?: string | null;
  kinds?: readonly TransactionKind[] | null;
  source?: TransactionSource | null;
  walletId?: number | null;
  houseId?: number | null;
  paymentMethod?: PaymentMethod | null;
  /** An income account: the community's entries on it and the houses' payments received in it. */
  accountId?: number | null;
}

export interface ResolvedFilter {
  neighborhoodId: number;
  timeZone: string;
  communityName: string;
  today: string;
  dateKind: DateKind;
  from: string;
  to: string;
  /** UTC instants (timestamp text as the columns hold them): the start of "from" and of the day after "to". */
  fromAt: string;
  toNextAt: string;
  kinds: TransactionKind[] | null;
  source: TransactionSource | null;
  walletId: number | null;
  houseId: number | null;
  paymentMethod: PaymentMethod | null;
  accountId: number | null;
}

/** A Date as the text of a timestamp(3) column holding UTC. */
const utcText = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

const MAX_KINDS = TRANSACTION_KINDS.length;

export async function resolveFilter(ctx: ServiceContext, f: TransactionFilter): Promise<ResolvedFilter> {
  const period = await reportPeriod(ctx, { dateKind: f.dateKind, from: f.from, to: f.to });
  if (f.kinds && f.kinds.length > MAX_KINDS) throw new InputError([{ field: 'kinds', message: 'Demasiados tipos de movimiento' }]);
  for (const k of f.kinds ?? [])
    if (!(TRANSACTION_KINDS as readonly string[]).includes(k)) throw new InputError([{ field: 'kinds', message: `El tipo de movimiento ${k} no existe` }]);
  return {
    neighborhoodId: period.neighborhoodId,
    timeZone: period.timeZone,
    communityName: period.communityName,
    today: period.today,
    dateKind: period.dateKind,
    from: period.from,
    to: period.to,
    fromAt: utcText(startOfDayIn(period.from, period.timeZone)),
    toNextAt: utcText(startOfDayIn(addDays(period.to, 1), period.timeZone)),
    kinds: f.kinds?.length ? [...new Set(f.kinds)] : null,
    source: f.source ?? null,
    walletId: f.walletId ?? null,
    houseId: f.houseId ?? null,
    paymentMethod: f.paymentMethod ?? null,
    accountId: f.accountId ?? null,
  };
}

/** A filter for work without a session (jobs): one community's whole ledgers in a period. */
export function periodFilter(
  community: { id: number; timeZone: string; name: string },
  period: { from: string; to: string; dateKind: DateKind; today: string },
): ResolvedFilter {
  return {
    neighborhoodId: community.id,
    timeZone: community.timeZone,
    communityName: community.name,
    today: period.today,
    dateKind: period.dateKind,
    from: period.from,
    to: period.to,
    fromAt: utcText(startOfDayIn(period.from, community.timeZone)),
    toNextAt: utcText(startOfDayIn(addDays(period.to, 1), community.timeZone)),
    kinds: null,
    source: null,
    walletId: null,
    houseId: null,
    paymentMethod: null,
    accountId: null,
  };
}

const HOUSE_PAYMENT_KINDS = `('DEPOSIT','RECEIPT_PAID','WALLET_PAYMENT')`;

/** The local day an instant column falls on. */
const localDay = (column: string, tz: string) => sql`((${sql.raw(column)} AT TIME ZONE 'UTC') AT TIME ZONE ${tz})::date`;

/** The day of a house entry (le, r in scope) for the date kind. */
function houseDay(kind: DateKind, tz: string): RawBuilder<unknown> {
  const recorded = localDay('le."createdAt"', tz);
  if (kind === 'SYSTEM_DATE') return recorded;
  return sql`CASE WHEN le.kind::text IN ${sql.raw(HOUSE_PAYMENT_KINDS)} AND r.id IS NOT NULL
    THEN LEAST(COALESCE(r."realPaymentDate", ${localDay('r."paymentDate"', tz)}, ${recorded}), ${recorded}) ELSE ${recorded} END`;
}

function communityDay(kind: DateKind, tz: string): RawBuilder<unknown> {
  return kind === 'SYSTEM_DATE' ? localDay('c."createdAt"', tz) : sql`c."effectiveDate"`;
}

const wantsHouse = (f: ResolvedFilter) => f.source !== 'COMMUNITY' && (!f.kinds || f.kinds.some((k) => (HOUSE_KINDS as readonly string[]).includes(k)));
const wantsCommunity = (f: ResolvedFilter) =>
  f.source !== 'HOUSE' &&
  f.walletId == null &&
  f.houseId == null &&
  f.paymentMethod == null &&
  (!f.kinds || f.kinds.some((k) => (COMMUNITY_KINDS as readonly string[]).includes(k)));

interface BranchOptions {
  /** Leave the kind and payment-method filters out (balances). */
  balances?: boolean;
  /** Only the upper bound of the period (balances read everything up to "to"). */
  upToEnd?: boolean;
}

/** The house ledger's filters other than the dates (le, r in scope), the community's first. */
function houseFilters(f: ResolvedFilter, o: BranchOptions): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [sql`le."neighborhoodId" = ${f.neighborhoodId}`];
  if (!o.balances) {
    const kinds = f.kinds?.filter((k) => (HOUSE_KINDS as readonly string[]).includes(k));
    if (kinds?.length) where.push(sql`le.kind::text IN (${sql.join(kinds)})`);
    if (f.paymentMethod) where.push(sql`le."paymentMethod"::text = ${f.paymentMethod}`);
  }
  if (f.walletId != null) where.push(sql`le."walletId" = ${f.walletId}`);
  if (f.houseId != null) where.push(sql`le."houseId" = ${f.houseId}`);
  if (f.accountId != null) where.push(sql`r."incomeAccountId" = ${f.accountId}`);
  return where;
}

function communityBranch(f: ResolvedFilter, o: BranchOptions = {}) {
  const day = communityDay(f.dateKind, f.timeZone);
  const where: RawBuilder<unknown>[] = [sql`c."neighborhoodId" = ${f.neighborhoodId}`];
  if (f.dateKind === 'SYSTEM_DATE') {
    if (!o.upToEnd) where.push(sql`c."createdAt" >= ${f.fromAt}::timestamp`);
    where.push(sql`c."createdAt" < ${f.toNextAt}::timestamp`);
  } else {
    if (!o.upToEnd) where.push(sql`c."effectiveDate" >= ${f.from}::date`);
    where.push(sql`c."effectiveDate" <= ${f.to}::date`);
  }
  if (!o.balances) {
    const kinds = f.kinds?.filter((k) => (COMMUNITY_KINDS as readonly string[]).includes(k));
    if (kinds?.length) where.push(sql`c.kind::text IN (${sql.join(kinds)})`);
  }
  if (f.accountId != null) where.push(sql`c."accountId" = ${f.accountId}`);
  return { day, where: sql.join(where, sql` AND `) };
}

/**
 * The house ledger's rows of the filter as disjoint WHEREs over `"LedgerEntry" le LEFT JOIN "Receipt" r`, each
 * one an index range:
 * - SYSTEM_DATE: the createdAt range;
 * - PAYMENT_DATE: the entries recorded in the period (their day is never later than the day they were
 *   recorded, so only "day ≥ from" is left to test), and the payments recorded after it whose receipt was
 *   paid in it (their day is the receipt's realPaymentDate, else its paymentDate), read from the late payments.
 * For balances (upToEnd): everything recorded before "from" (`opening` known without the receipt), what
 * was recorded in the period, and the payments recorded later and paid up to "to".
 */
function houseParts(f: ResolvedFilter, o: BranchOptions = {}): { where: RawBuilder<unknown>; opening?: boolean }[] {
  const filters = houseFilters(f, o);
  const and = (...more: RawBuilder<unknown>[]) => sql.join([...filters, ...more], sql` AND `);
  const before = sql`le."createdAt" < ${f.toNextAt}::timestamp`;
  const since = sql`le."createdAt" >= ${f.fromAt}::timestamp`;
  if (f.dateKind === 'SYSTEM_DATE') return [{ where: o.upToEnd ? and(before) : and(since, before) }];
  const day = houseDay(f.dateKind, f.timeZone);
  // A payment recorded after the period and paid in it or before was recorded later than it was paid: it is
  // among the community's late payments (LatePaymentEntry, kept by triggers), a few rows instead of every entry
  // recorded since the period.
  const late = sql`le."createdAt" >= ${f.toNextAt}::timestamp AND le.kind IN ${sql.raw(HOUSE_PAYMENT_KINDS)} AND r.id IS NOT NULL
    AND r."neighborhoodId" = ${f.neighborhoodId}
    AND le.id IN (SELECT lp."entryId" FROM "LatePaymentEntry" lp WHERE lp."neighborhoodId" = ${f.neighborhoodId} AND lp."recordedAt" >= ${f.toNextAt}::timestamp)`;
  if (!o.upToEnd)
    return [
      { where: and(since, before, sql`${day} >= ${f.from}::date`) },
      {
        where: and(
          late,
          sql`(r."realPaymentDate" BETWEEN ${f.from}::date AND ${f.to}::date
            OR (r."realPaymentDate" IS NULL AND r."paymentDate" >= ${f.fromAt}::timestamp AND r."paymentDate" < ${f.toNextAt}::timestamp))`,
        ),
      },
    ];
  return [
    { where: and(sql`le."createdAt" < ${f.fromAt}::timestamp`), opening: true },
    { where: and(since, before) },
    { where: and(late, sql`(r."realPaymentDate" <= ${f.to}::date OR (r."realPaymentDate" IS NULL AND r."paymentDate" < ${f.toNextAt}::timestamp))`) },
  ];
}

/**
 * The house ledger's entries of a period's filter with their day (as `day`) and `columns` (le, r in scope):
 * one SELECT per index range of houseParts, joined by UNION ALL.
 */
export function houseEntries(f: ResolvedFilter, columns: RawBuilder<unknown>): RawBuilder<unknown> {
  const day = houseDay(f.dateKind, f.timeZone);
  return sql.join(
    houseParts(f).map((h) => sql`SELECT ${day} AS day, ${columns} FROM "LedgerEntry" le LEFT JOIN "Receipt" r ON r.id = le."receiptId" WHERE ${h.where}`),
    sql` UNION ALL `,
  );
}

/**
 * Both ledgers as one relation: day, src ('C' community, 'H' house), id, kind, amount, at (+ the keys of each).
 * withTexts (exports): also the receipt's description and the expense's folio and description, read by the
 * joins each branch already has or by key, so that nothing is joined after the sort.
 */
function movements(f: ResolvedFilter, o: { withTexts?: boolean } = {}): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  if (wantsHouse(f))
    parts.push(
      houseEntries(
        f,
        sql`'H'::text AS src, le.id, le.kind::text AS kind, le.amount, le."createdAt" AS at,
          le."houseId" AS "houseId", le."walletId" AS "walletId", le."receiptId" AS "receiptId", le."paymentMethod"::text AS "paymentMethod",
          r."incomeAccountId" AS "accountId", NULL::int AS "expenseId", NULL::int AS "withdrawalId", NULL::boolean AS "inTransit", le.reason AS reason${
            o.withTexts
              ? sql`, r.description AS "receiptDescription", NULL::text AS "expenseSerie", NULL::int AS "expenseFolioNumber", NULL::text AS "expenseDescription"`
              : sql``
          }`,
      ),
    );
  if (wantsCommunity(f)) {
    const c = communityBranch(f);
    parts.push(sql`SELECT ${c.day} AS day, 'C'::text AS src, c.id, c.kind::text AS kind, c.amount, c."createdAt" AS at,
        NULL::int AS "houseId", NULL::int AS "walletId", NULL::int AS "receiptId", NULL::text AS "paymentMethod", c."accountId", c."expenseId",
        c."withdrawalId", c."inTransit", NULL::text AS reason${
          o.withTexts
            ? sql`, NULL::text AS "receiptDescription", e.serie AS "expenseSerie", e.folio AS "expenseFolioNumber", e.description AS "expenseDescription"`
            : sql``
        }
      FROM "CommunityLedgerEntry" c${o.withTexts ? sql` LEFT JOIN "Expense" e ON e.id = c."expenseId"` : sql``}
      WHERE ${c.where}`);
  }
  return parts.length ? sql.join(parts, sql` UNION ALL `) : null;
}

export interface TransactionRow {
  /** "H-123" for a house entry, "C-45" for the community's. */
  key: string;
  source: TransactionSource;
  id: string;
  kind: TransactionKind;
  /** Signed: money in the house's favour / into the community's accounts is positive. */
  amount: string;
  day: string;
  createdAt: Date;
  houseId: number | null;
  houseLabel: string | null;
  walletId: number | null;
  walletName: string | null;
  receiptId: number | null;
  receiptDescription: string | null;
  paymentMethod: PaymentMethod | null;
  accountId: number | null;
  accountName: string | null;
  expenseId: number | null;
  expenseFolio: string | null;
  withdrawalId: number | null;
  inTransit: boolean | null;
  description: string;
}

/** The keyset position of a row: (day, at, src, id). */
export interface RowCursor {
  day: string;
  at: string;
  src: 'C' | 'H';
  id: string;
}

export function encodeRowCursor(c: RowCursor): string {
  return Buffer.from(JSON.stringify([c.day, c.at, c.src, c.id])).toString('base64url');
}

export function decodeRowCursor(text: string): RowCursor {
  try {
    const [day, at, src, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      typeof day === 'string' &&
      isCalendarDay(day) &&
      typeof at === 'string' &&
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(at) &&
      (src === 'C' || src === 'H') &&
      typeof id === 'string' &&
      /^\d{1,18}$/.test(id)
    )
      return { day, at, src, id };
  } catch {
    // falls through
  }
  throw new InputError([{ field: 'after', message: 'El cursor no es válido' }]);
}

interface RawRow {
  src: 'C' | 'H';
  id: string;
  kind: TransactionKind;
  amount: string;
  day: string;
  at: string;
  createdAt: Date;
  houseId: number | null;
  walletId: number | null;
  receiptId: number | null;
  paymentMethod: PaymentMethod | null;
  accountId: number | null;
  expenseId: number | null;
  withdrawalId: number | null;
  inTransit: boolean | null;
  reason: string | null;
  interiorNumber: string | null;
  exteriorNumber: string | null;
  block: string | null;
  lot: string | null;
  catastral: string | null;
  walletName: string | null;
  receiptDescription: string | null;
  accountName: string | null;
  expenseSerie: string | null;
  expenseFolioNumber: number | null;
  expenseDescription: string | null;
}

type HouseLabel = Pick<RawRow, 'interiorNumber' | 'exteriorNumber' | 'block' | 'lot' | 'catastral'>;
/** An export's row as the cursor reads it: the names are added from maps (forEachTransactionBatch). */
type ExportRow = Omit<RawRow, keyof HouseLabel | 'id' | 'at' | 'createdAt' | 'inTransit' | 'walletName' | 'accountName'>;

/** What an export writes of a movement (a TransactionRow has it all). */
export type ExportedMovement = Pick<
  TransactionRow,
  | 'day'
  | 'source'
  | 'kind'
  | 'houseLabel'
  | 'walletName'
  | 'accountName'
  | 'paymentMethod'
  | 'receiptId'
  | 'expenseFolio'
  | 'withdrawalId'
  | 'description'
  | 'amount'
>;

const NO_LABEL: HouseLabel = { interiorNumber: null, exteriorNumber: null, block: null, lot: null, catastral: null };

type Described = Pick<RawRow, 'src' | 'kind' | 'receiptDescription' | 'reason' | 'expenseId' | 'expenseDescription' | 'withdrawalId'>;

function describe(r: Described): string {
  if (r.src === 'H') return r.receiptDescription ?? r.reason ?? KIND_NAMES[r.kind] ?? r.kind;
  if (r.expenseId != null) return r.expenseDescription ?? `Egreso ${r.expenseId}`;
  if (r.withdrawalId != null) return `Retiro ${r.withdrawalId}`;
  return KIND_NAMES[r.kind] ?? r.kind;
}

const expenseFolio = (r: Pick<RawRow, 'expenseId' | 'expenseSerie' | 'expenseFolioNumber'>) =>
  r.expenseId == null ? null : r.expenseFolioNumber != null ? `${r.expenseSerie ? `${r.expenseSerie}-` : ''}${r.expenseFolioNumber}` : `#${r.expenseId}`;

/** A community movement without an account is the gateway's balance. */
const accountLabel = (src: RawRow['src'], accountId: number | null, name: string | null) => (src === 'C' && accountId == null ? GATEWAY_ACCOUNT : name);

function toRow(r: RawRow): TransactionRow {
  return {
    key: `${r.src}-${r.id}`,
    source: r.src === 'H' ? 'HOUSE' : 'COMMUNITY',
    id: r.id,
    kind: r.kind,
    // numeric(14,2) as text: already "-1234.50".
    amount: r.amount,
    day: r.day,
    createdAt: r.createdAt,
    houseId: r.houseId,
    houseLabel: r.houseId != null ? houseLabel(r) : null,
    walletId: r.walletId,
    walletName: r.walletName,
    receiptId: r.receiptId,
    receiptDescription: r.receiptDescription,
    paymentMethod: r.paymentMethod,
    accountId: r.accountId,
    accountName: accountLabel(r.src, r.accountId, r.accountName),
    expenseId: r.expenseId,
    expenseFolio: expenseFolio(r),
    withdrawalId: r.withdrawalId,
    inTransit: r.inTransit,
    description: describe(r),
  };
}

/** The union cut (and sorted) first, the names joined to the cut rows only (a page). */
function rowsQuery(union: RawBuilder<unknown>, cut: RawBuilder<unknown>, offset: number, limit: number) {
  return sql<RawRow>`
    WITH p AS (
      SELECT * FROM (${union}) t ${cut}
      ORDER BY t.day, t.at, t.src, t.id
      OFFSET ${offset} LIMIT ${limit}
    )
    SELECT p.src, p.id::text AS id, p.kind, p.amount::text AS amount, to_char(p.day, 'YYYY-MM-DD') AS day,
           to_char(p.at, 'YYYY-MM-DD HH24:MI:SS.MS') AS at, (p.at AT TIME ZONE 'UTC') AS "createdAt",
           p."houseId", p."walletId", p."receiptId", p."paymentMethod", p."accountId", p."expenseId", p."withdrawalId", p."inTransit", p.reason,
           h."interiorNumber", h."exteriorNumber", h.block, h.lot, h.catastral,
           w.name AS "walletName", rc.description AS "receiptDescription", a.description AS "accountName",
           e.serie AS "expenseSerie", e.folio AS "expenseFolioNumber", e.description AS "expenseDescription"
    FROM p
    LEFT JOIN "House" h ON h.id = p."houseId"
    LEFT JOIN "Wallet" w ON w.id = p."walletId"
    LEFT JOIN "Receipt" rc ON rc.id = p."receiptId"
    LEFT JOIN "IncomeAccount" a ON a.id = p."accountId"
    LEFT JOIN "Expense" e ON e.id = p."expenseId"
    ORDER BY p.day, p.at, p.src, p.id`;
}

/** The rows after `after` (keyset) or from `offset`, in chronological order; `limit` rows at most. */
export async function transactionRows(
  ctx: Pick<ServiceContext, 'db'>,
  f: ResolvedFilter,
  page: { after?: RowCursor | null; offset?: number; limit: number },
): Promise<{ rows: TransactionRow[]; cursors: RowCursor[] }> {
  const union = movements(f);
  if (!union) return { rows: [], cursors: [] };
  const cut = page.after
    ? sql`WHERE (t.day, t.at, t.src, t.id) > (${page.after.day}::date, ${page.after.at}::timestamp, ${page.after.src}::text, ${page.after.id}::bigint)`
    : sql``;
  const { rows } = await rowsQuery(union, cut, page.after ? 0 : Math.max(0, page.offset ?? 0), page.limit).execute(ctx.db.kysely);
  return { rows: rows.map(toRow), cursors: rows.map((r) => ({ day: r.day, at: r.at, src: r.src, id: r.id })) };
}

export interface TransactionTotals {
  count: number;
  /** Sum of the positive amounts. */
  inflow: Money;
  /** Sum of the negative amounts (negative). */
  outflow: Money;
  net: Money;
}

/** Count and sums of everything the filter matches (the database sums exact decimals). */
export async function transactionTotals(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter): Promise<TransactionTotals> {
  const union = movements(f);
  if (!union) return { count: 0, inflow: money(0), outflow: money(0), net: money(0) };
  const { rows } = await sql<{ count: number; inflow: string | null; outflow: string | null }>`
    SELECT count(*)::int AS count,
           sum(t.amount) FILTER (WHERE t.amount > 0)::text AS inflow,
           sum(t.amount) FILTER (WHERE t.amount < 0)::text AS outflow
    FROM (${union}) t`.execute(ctx.db.kysely);
  const inflow = money(rows[0]?.inflow ?? '0');
  const outflow = money(rows[0]?.outflow ?? '0');
  return { count: rows[0]?.count ?? 0, inflow, outflow, net: inflow.plus(outflow) };
}

export function pageTotals(rows: readonly { amount: string }[]): Omit<TransactionTotals, 'count'> & { count: number } {
  const inflow = sumMoney(rows.filter((r) => money(r.amount).gt(0)).map((r) => r.amount));
  const outflow = sumMoney(rows.filter((r) => money(r.amount).lt(0)).map((r) => r.amount));
  return { count: rows.length, inflow, outflow, net: inflow.plus(outflow) };
}

export interface BalanceLine {
  /** Wallet id (houses) or income account id (community; null for the gateway balance). */
  id: number | null;
  typename: 'Wallet' | 'IncomeAccount';
  name: string;
  type: string | null;
  opening: Money;
  movements: Money;
  closing: Money;
  /** Community accounts: what of the closing balance is payments issued and not yet cashed. */
  inTransit: Money | null;
}

export interface TransactionBalances {
  wallets: BalanceLine[];
  accounts: BalanceLine[];
}

/**
 * The balances at the start and the end of the period: per wallet (the houses' balances: sum over the
 * houses, or one house's with the house filter) and per account of the community's ledger. They follow
 * the house, wallet and account filters (and the source), not the kind or the payment method.
 */
export async function transactionBalances(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter): Promise<TransactionBalances> {
  const full = { ...f, kinds: null, paymentMethod: null };
  // Everything recorded before "from" is before it by either date kind: the wallets start from the stored
  // opening of its month whatever the kind; the places' days by PAYMENT_DATE are others (reports/balances.ts).
  const walletsFromStore = wantsHouse(full) && f.houseId == null && f.accountId == null;
  const accountsFromStore = wantsCommunity(full) && f.dateKind === 'SYSTEM_DATE';
  const stored = walletsFromStore || accountsFromStore ? await storedOpening(ctx.db, f.neighborhoodId, f.timeZone, f.from) : null;
  // The two reads are independent: on PostgreSQL they run side by side.
  const [wallets, accounts] = await Promise.all([
    wantsHouse(full) ? walletBalanceLines(ctx, full, walletsFromStore ? stored : null) : [],
    wantsCommunity(full) ? accountBalanceLines(ctx, f, accountsFromStore ? stored : null) : [],
  ]);
  return { wallets, accounts };
}

/** The houses' wallets (f without kinds or payment method). */
async function walletBalanceLines(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter, opening: Opening | null): Promise<BalanceLine[]> {
  const day = houseDay(f.dateKind, f.timeZone);
  // Every wallet's stored opening of the month of "from" and the entries recorded since (a house's or an
  // account's balances are read whole: a house's ledger is short, and the store keeps neither: the caller
  // passes no opening then).
  const stored = opening;
  const since = stored ? sql` AND le."createdAt" >= ${localMidnight(stored.month, f.timeZone)}` : sql``;
  const parts = houseParts(f, { balances: true, upToEnd: true }).map(
    (h) => sql`SELECT le."walletId", le.amount, ${h.opening ? sql`true` : sql`${day} < ${f.from}::date`} AS opening
        FROM "LedgerEntry" le LEFT JOIN "Receipt" r ON r.id = le."receiptId"
        WHERE ${h.where}${since}`,
  );
  const base = Object.fromEntries(
    [...(stored?.wallets ?? [])].filter(([id]) => f.walletId == null || id === f.walletId).map(([id, amount]) => [String(id), amount.toFixed(2)]),
  );
  const { rows } = await sql<{ id: number; name: string; type: string; opening: string | null; movements: string | null }>`
      SELECT w.id, w.name, w.type::text AS type, (coalesce(s.opening, 0) + coalesce(b.amount, 0))::text AS opening, s.movements::text AS movements
      FROM (
        SELECT t."walletId", sum(t.amount) FILTER (WHERE t.opening) AS opening, sum(t.amount) FILTER (WHERE NOT t.opening) AS movements
        FROM (${sql.join(parts, sql` UNION ALL `)}) t
        GROUP BY t."walletId"
      ) s
      FULL JOIN (SELECT key::int AS "walletId", value::numeric AS amount FROM jsonb_each_text(${JSON.stringify(base)}::jsonb)) b ON b."walletId" = s."walletId"
      JOIN "Wallet" w ON w.id = coalesce(s."walletId", b."walletId")
      ORDER BY w.type, w.id`.execute(ctx.db.kysely);
  return rows.map((r) => line('Wallet', r.id, r.name, r.type, r.opening, r.movements, null));
}

async function accountBalanceLines(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter, stored: Opening | null): Promise<BalanceLine[]> {
  // Where the community's money is, as the statement counts it: the houses' payments received in each
  // place and the community's own ledger (reports/statement.ts).
  const rows = await accountBalances(ctx.db, f.neighborhoodId, f, stored);
  const chosen = rows.filter((r) => f.accountId == null || (r.accountKind === 'ACCOUNT' && r.accountId === f.accountId));
  const ids = chosen.flatMap((r) => (r.accountId == null ? [] : [r.accountId]));
  const named = ids.length
    ? await ctx.db.prisma.incomeAccount.findMany({
        where: { id: { in: ids } },
        select: { id: true, description: true, accountType: true, accountNumber: true },
      })
    : [];
  const order = { GATEWAY: 0, ACCOUNT: 1, NONE: 2 } as Record<string, number>;
  return chosen
    .sort((a, b) => (order[a.accountKind] ?? 3) - (order[b.accountKind] ?? 3) || (a.accountId ?? 0) - (b.accountId ?? 0))
    .map((r) => {
      const account = named.find((a) => a.id === r.accountId);
      // The statement's labels (reports/incomes.ts accountLabel).
      const name =
        r.accountKind === 'GATEWAY'
          ? GATEWAY_ACCOUNT
          : account
            ? account.accountNumber
              ? `${account.description} (${account.accountNumber.slice(-4)})`
              : account.description
            : NO_ACCOUNT;
      const type = r.accountKind === 'ACCOUNT' ? (account?.accountType ?? null) : r.accountKind;
      return line(
        'IncomeAccount',
        r.accountKind === 'ACCOUNT' ? r.accountId : null,
        name,
        type,
        r.opening,
        money(r.closing).minus(r.opening).toFixed(2),
        r.inTransit,
      );
    });
}

function line(
  typename: BalanceLine['typename'],
  id: number | null,
  name: string,
  type: string | null,
  opening: string | null,
  movements: string | null,
  transit: string | null,
): BalanceLine {
  const o = money(opening ?? '0');
  const m = money(movements ?? '0');
  return { id, typename, name, type, opening: o, movements: m, closing: o.plus(m), inTransit: transit == null ? null : money(transit) };
}

/**
 * Every row of the filter, in the grid's order, handed over in batches (exports), so a year is never one
 * array. On PostgreSQL: a cursor per calendar month in one read-only transaction (one snapshot; each month
 * sorted once, never per batch). On PGlite, keyset pages: its one session has no transaction of
 * its own per caller, so every other request's statements would run inside this read-only one.
 */
export async function forEachTransactionBatch(
  ctx: Pick<ServiceContext, 'db'>,
  f: ResolvedFilter,
  onRows: (rows: ExportedMovement[]) => void | Promise<void>,
  batch = 2000,
): Promise<void> {
  if (ctx.db.kind === 'pglite') {
    let after: RowCursor | null = null;
    for (;;) {
      const { rows, cursors } = await transactionRows(ctx, f, { after, limit: batch });
      if (rows.length) await onRows(rows);
      if (rows.length < batch) return;
      after = cursors[cursors.length - 1];
    }
  }
  const union = movements(f, { withTexts: true });
  if (!union) return;
  // The names come from the community's houses, wallets and accounts read once (in the cursor's snapshot): the
  // sorted union is read as it is, with no join after the sort (nor a second sort of every row with its names).
  let houseById = new Map<number, HouseLabel>();
  let walletName = new Map<number, string>();
  let accountName = new Map<number, string>();
  // Every field spelled out: one object shape for the whole export (a spread of the driver's row costs twice the query).
  const movement = (r: ExportRow): ExportedMovement => ({
    day: r.day,
    source: r.src === 'H' ? 'HOUSE' : 'COMMUNITY',
    kind: r.kind,
    houseLabel: r.houseId == null ? null : houseLabel(houseById.get(r.houseId) ?? NO_LABEL),
    walletName: r.walletId == null ? null : (walletName.get(r.walletId) ?? null),
    accountName: accountLabel(r.src, r.accountId, r.accountId == null ? null : (accountName.get(r.accountId) ?? null)),
    paymentMethod: r.paymentMethod,
    receiptId: r.receiptId,
    expenseFolio: expenseFolio(r),
    withdrawalId: r.withdrawalId,
    description: describe(r),
    amount: r.amount,
  });
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await sql`SET TRANSACTION READ ONLY`.execute(trx);
    // The whole result is read: plan for it, not for the first rows.
    await sql`SET LOCAL cursor_tuple_fraction = 1`.execute(trx);
    // Each month's sort in memory rather than on disk.
    await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
    // No parallel workers: the file is written on the server's one JavaScript thread while the cursor is read,
    // and workers (each hashing its share of the receipts) take the cores it and the other requests need. Two
    // year exports at once: p95 4.6 s against 5.8 s (XLSX), 2.9 s against 3.5 s (CSV).
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
    // A client that stops reading a streamed export does not keep the connection: the server ends it.
    await sql`SET LOCAL idle_in_transaction_session_timeout = '60s'`.execute(trx);
    const n = f.neighborhoodId;
    const houses = await sql<HouseLabel & { id: number }>`
      SELECT id, "interiorNumber", "exteriorNumber", block, lot, catastral FROM "House" WHERE "neighborhoodId" = ${n}`.execute(trx);
    houseById = new Map(houses.rows.map((h) => [h.id, h]));
    const wallets = await sql<{ id: number; name: string }>`SELECT id, name FROM "Wallet" WHERE "neighborhoodId" = ${n}`.execute(trx);
    walletName = new Map(wallets.rows.map((w) => [w.id, w.name]));
    const accounts = await sql<{ id: number; description: string }>`SELECT id, description FROM "IncomeAccount" WHERE "neighborhoodId" = ${n}`.execute(trx);
    accountName = new Map(accounts.rows.map((a) => [a.id, a.description]));
    // A month at a time (the period's calendar months, each a cursor sorted on its own, in order since the day
    // is the first key): the first rows go out after a month's sort instead of the year's, and the next batch
    // is asked for before the current one is written, so the database reads and sorts while the file is written.
    const months = monthsOf(f).flatMap((month) => movements(month, { withTexts: true }) ?? []);
    // Only the columns the file writes (each one more is parsed 100,000 times a year); the day cast to a
    // timestamp without zone, which to_char formats without a time-zone conversion per row.
    for (const [k, union] of months.entries())
      await sql`DECLARE ${sql.raw(`transactions_export_${k}`)} NO SCROLL CURSOR FOR
        SELECT t.src, t.kind, t.amount::text AS amount, to_char(t.day::timestamp, 'YYYY-MM-DD') AS day, t."houseId", t."walletId", t."receiptId",
               t."paymentMethod", t."accountId", t."expenseId", t."withdrawalId", t.reason, t."receiptDescription", t."expenseSerie",
               t."expenseFolioNumber", t."expenseDescription"
        FROM (${union}) t
        ORDER BY t.day, t.at, t.src, t.id`.execute(trx);
    const fetch = (k: number) => sql<ExportRow>`FETCH FORWARD ${sql.raw(String(Math.trunc(batch)))} FROM ${sql.raw(`transactions_export_${k}`)}`.execute(trx);
    let k = 0;
    let next: ReturnType<typeof fetch> | null = months.length ? fetch(0) : null;
    while (next) {
      const { rows } = await next;
      if (rows.length === batch) next = fetch(k);
      else if (k + 1 < months.length) next = fetch(++k);
      else next = null;
      // A failed write (the reader gone) ends the transaction: the fetch asked for ahead fails with it.
      next?.catch(() => {});
      if (rows.length) await onRows(rows.map(movement));
    }
  });
}

/** The filter's period cut into its calendar months (the first and the last cut to the period). */
export function monthsOf(f: ResolvedFilter): ResolvedFilter[] {
  const months: ResolvedFilter[] = [];
  for (let from = f.from; from <= f.to; ) {
    const [y, m] = from.split('-').map(Number) as [number, number];
    const monthEnd = `${from.slice(0, 7)}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
    // biome-ignore lint/complexity/useMathMinMax: days are YYYY-MM-DD text, the earlier one the lesser text
    const to = monthEnd < f.to ? monthEnd : f.to;
    months.push({
      ...f,
      from,
      to,
      fromAt: utcText(startOfDayIn(from, f.timeZone)),
      toNextAt: utcText(startOfDayIn(addDays(to, 1), f.timeZone)),
    });
    from = addDays(to, 1);
  }
  return months;
}

/** The caller's community id (so resolvers need not import the kernel). */
export const communityIdOf = (ctx: ServiceContext) => communityOf(ctx);
