// The incomes report (spec 2 sections 2 and 7: /neighborhood/incomes, GET …/incomes): the money that came
// into the community in a period. New money is a house ledger DEPOSIT (a receipt paid by card, store,
// bank transfer, a captured or external payment, an identified unknown payment, a deposit to a wallet);
// a chargeback's REVERSAL of a DEPOSIT takes it back. A receipt paid from a wallet (WALLET_PAYMENT) moves
// money already counted and is shown apart. Everything is read by a few set-based statements over the
// ledger (one for the summary with GROUPING SETS, one for a page of rows); totals are the database's
// exact sums, and the total is the sum of each breakdown.
import { type RawBuilder, sql } from 'kysely';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { addDays } from '../../../../../core/input.js';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import type { DateKind, Period } from './period.js';

export const INCOMES_READERS = ['AIncomesRead'] as const;
export const INCOME_SOURCES = ['RECEIPT_PAYMENT', 'WALLET_DEPOSIT', 'UNKNOWN_PAYMENT', 'CHARGEBACK'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];
export const ACCOUNT_KINDS = ['GATEWAY', 'ACCOUNT', 'NONE'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const SOURCE_NAMES: Record<IncomeSource, string> = {
  RECEIPT_PAYMENT: 'Pagos de recibos',
  WALLET_DEPOSIT: 'Depósitos al monedero',
  UNKNOWN_PAYMENT: 'Pagos no reconocidos identificados',
  CHARGEBACK: 'Contracargos',
};

export const METHOD_LABELS: Record<string, string> = {
  CARD: 'Tarjeta',
  STORE: 'Pago en tienda',
  BANK: 'Transferencia bancaria',
  WALLET: 'Monedero',
  CASH: 'Efectivo',
  CREDIT: 'Tarjeta de crédito',
  DEBIT: 'Tarjeta de débito',
  EXTERNAL: 'Pago externo',
  MANUAL: 'Pago registrado',
  NONE: 'Sin método',
};

export const GATEWAY_ACCOUNT = 'Pasarela de pagos (saldo en la plataforma)';
export const NO_ACCOUNT = 'Sin cuenta asignada';

/** A day of the community (YYYY-MM-DD) as the UTC instant its midnight is, for the ledger's timestamps. */
export const localMidnight = (dayText: string, timeZone: string) => sql`((${dayText}::timestamp AT TIME ZONE ${timeZone}) AT TIME ZONE 'UTC')`;
/** The community's day of a ledger timestamp (stored in UTC). */
export const localDay = (column: RawBuilder<unknown>, timeZone: string) => sql`((${column} AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone})::date`;

/**
 * Every money-in movement of the community with its day by the date kind, its source, method, account and
 * the gateway fee the community absorbed. `upTo` only (no `from`): the statement also needs what came before.
 * By PAYMENT_DATE a deposit's day is its receipt's realPaymentDate when it has one, else (and for every
 * chargeback) the recorded day: two disjoint branches, the first read from Receipt(neighborhoodId,
 * realPaymentDate), the second from LedgerEntry(neighborhoodId, createdAt), instead of a CASE over the whole ledger.
 */
export function moneyInMovements(neighborhoodId: number, p: { dateKind: DateKind; from: string | null; to: string; timeZone: string }) {
  const sysDay = localDay(sql`le."createdAt"`, p.timeZone);
  const sysRange = sql`le."createdAt" < ${localMidnight(addDays(p.to, 1), p.timeZone)} ${p.from ? sql`AND le."createdAt" >= ${localMidnight(p.from, p.timeZone)}` : sql``}`;
  // A deposit's own method and charge; a chargeback's are those of the deposit it reverses (d), read by its
  // key for the few REVERSAL rows only (a join of every entry to the whole ledger otherwise).
  const select = (day: RawBuilder<unknown>, reversal: boolean) => {
    const charge = reversal ? sql`coalesce(le."chargeId", d."chargeId")` : sql`le."chargeId"`;
    const method = reversal ? sql`coalesce(le."paymentMethod", d."paymentMethod")` : sql`le."paymentMethod"`;
    return sql`
      SELECT le.id, le.kind::text AS kind, le.amount, le."walletId" AS "walletId", le."houseId" AS "houseId", le."receiptId" AS "receiptId",
             r."incomeConceptId" AS "conceptId", ${method}::text AS method,
             ${day} AS day,
             ${reversal ? sql`'CHARGEBACK'` : sql`CASE WHEN r.id IS NULL OR r."creditsWallet" THEN 'WALLET_DEPOSIT' WHEN up.id IS NOT NULL THEN 'UNKNOWN_PAYMENT' ELSE 'RECEIPT_PAYMENT' END`} AS source,
             CASE WHEN ${charge} IS NOT NULL THEN 'GATEWAY'
                  WHEN r."incomeAccountId" IS NOT NULL THEN 'ACCOUNT'
                  WHEN ${method} IN ('CARD', 'STORE', 'BANK') THEN 'GATEWAY'
                  ELSE 'NONE' END AS "accountKind",
             CASE WHEN ${charge} IS NULL THEN r."incomeAccountId" END AS "accountId",
             ${reversal ? sql`0` : sql`CASE WHEN c."feePaidByPayer" = false THEN c.fee ELSE 0 END`}::numeric AS fee`;
  };
  const depositJoins = sql`
      LEFT JOIN "UnknownPayment" up ON le."paymentMethod" = 'EXTERNAL' AND up."receiptId" = le."receiptId" AND up."deletedAt" IS NULL
      LEFT JOIN "Charge" c ON c.id = le."chargeId"`;
  const deposits = (extra: RawBuilder<unknown>) => sql`
      ${select(sysDay, false)}
      FROM "LedgerEntry" le
      LEFT JOIN "Receipt" r ON r.id = le."receiptId"
      ${depositJoins}
      WHERE le."neighborhoodId" = ${neighborhoodId} AND le.kind = 'DEPOSIT' AND ${sysRange} ${extra}`;
  const chargebacks = sql`
      ${select(sysDay, true)}
      FROM "LedgerEntry" le
      JOIN "LedgerEntry" d ON d.id = le."reversesId" AND d.kind = 'DEPOSIT'
      LEFT JOIN "Receipt" r ON r.id = le."receiptId"
      WHERE le."neighborhoodId" = ${neighborhoodId} AND le.kind = 'REVERSAL' AND ${sysRange}`;
  if (p.dateKind === 'SYSTEM_DATE') return sql`(${deposits(sql``)} UNION ALL ${chargebacks})`;
  if (!p.from) {
    // Everything up to `to` (the statement): one pass over the deposits reads Receipt once.
    const paymentDay = sql`CASE WHEN r."realPaymentDate" IS NOT NULL THEN r."realPaymentDate" ELSE ${sysDay} END`;
    return sql`(
      ${select(paymentDay, false)}
      FROM "LedgerEntry" le
      LEFT JOIN "Receipt" r ON r.id = le."receiptId"
      ${depositJoins}
      WHERE le."neighborhoodId" = ${neighborhoodId} AND le.kind = 'DEPOSIT' AND ${paymentDay} <= ${p.to}::date
      UNION ALL
      ${chargebacks}
    )`;
  }
  return sql`(
      ${select(sql`r."realPaymentDate"`, false)}
      FROM "Receipt" r
      JOIN "LedgerEntry" le ON le."receiptId" = r.id AND le.kind = 'DEPOSIT' AND le."neighborhoodId" = ${neighborhoodId}
      ${depositJoins}
      WHERE r."neighborhoodId" = ${neighborhoodId} AND r."realPaymentDate" <= ${p.to}::date ${p.from ? sql`AND r."realPaymentDate" >= ${p.from}::date` : sql``}
      UNION ALL
      ${deposits(sql`AND r."realPaymentDate" IS NULL`)}
      UNION ALL
      ${chargebacks}
  )`;
}

export interface ReportLine {
  key: string;
  label: string;
  count: number;
  amount: string;
}

export interface IncomesSummary {
  total: string;
  count: number;
  gatewayFees: string;
  /** total − gateway fees: what the community keeps. */
  net: string;
  byConcept: ReportLine[];
  byWallet: ReportLine[];
  byMethod: ReportLine[];
  bySource: ReportLine[];
  byAccount: ReportLine[];
  /** Receipts paid from a wallet in the period: not new money (already counted when it was deposited). */
  walletPayments: ReportLine;
  /** Unknown payments registered in the period and not yet matched to a receipt: not counted until identified. */
  pendingUnknownPayments: ReportLine;
}

export interface IncomesReport extends IncomesSummary {
  period: Period;
}

type SummaryRow = {
  g: number;
  conceptId: number | null;
  walletId: number | null;
  method: string | null;
  source: string | null;
  accountKind: string | null;
  accountId: number | null;
  count: number;
  amount: string;
  fee: string;
};

async function labels(ctx: ServiceContext, neighborhoodId: number) {
  const [concepts, wallets, accounts] = await Promise.all([
    ctx.prisma.incomeConcept.findMany({ where: { neighborhoodId }, select: { id: true, description: true } }),
    ctx.prisma.wallet.findMany({ where: { neighborhoodId }, select: { id: true, name: true } }),
    ctx.prisma.incomeAccount.findMany({ where: { neighborhoodId }, select: { id: true, description: true, accountNumber: true } }),
  ]);
  return {
    concept: new Map(concepts.map((c) => [c.id, c.description])),
    wallet: new Map(wallets.map((w) => [w.id, w.name])),
    account: new Map(accounts.map((a) => [a.id, a.accountNumber ? `${a.description} (${a.accountNumber.slice(-4)})` : a.description])),
  };
}

export type Labels = Awaited<ReturnType<typeof labels>>;
export { labels as reportLabels };

export function accountLabel(l: Labels, kind: string | null, id: number | null): string {
  if (kind === 'GATEWAY') return GATEWAY_ACCOUNT;
  if (kind === 'ACCOUNT' && id != null) return l.account.get(id) ?? `Cuenta ${id}`;
  return NO_ACCOUNT;
}

const byLabel = (a: ReportLine, b: ReportLine) => a.label.localeCompare(b.label, 'es');

/** The summary of a period: totals and the five breakdowns in one statement, plus the two informative lines. */
export async function incomesSummary(ctx: ServiceContext, p: Period & { neighborhoodId: number }): Promise<IncomesSummary> {
  const n = p.neighborhoodId;
  const moves = moneyInMovements(n, p);
  const summary = sql<SummaryRow>`
    SELECT GROUPING(m."conceptId", m."walletId", m.method, m.source, m."accountKind", m."accountId")::int AS g,
           m."conceptId", m."walletId", m.method, m.source, m."accountKind", m."accountId",
           count(*)::int AS count, coalesce(sum(m.amount), 0)::text AS amount, coalesce(sum(m.fee), 0)::text AS fee
    FROM ${moves} m
    GROUP BY GROUPING SETS ((m."conceptId"), (m."walletId"), (m.method), (m.source), (m."accountKind", m."accountId"), ())`;
  const sysRange = sql`le."createdAt" >= ${localMidnight(p.from, p.timeZone)} AND le."createdAt" < ${localMidnight(addDays(p.to, 1), p.timeZone)}`;
  // A wallet payment (and its reversal) by PAYMENT_DATE is on its receipt's realPaymentDate, else on its recorded
  // day: two disjoint branches, as moneyInMovements.
  const walletKinds = sql`(le.kind = 'WALLET_PAYMENT' OR le.kind = 'REVERSAL' AND EXISTS (
      SELECT 1 FROM "LedgerEntry" w WHERE w.id = le."reversesId" AND w.kind = 'WALLET_PAYMENT'))`;
  const walletEntries =
    p.dateKind === 'SYSTEM_DATE'
      ? sql`SELECT le.kind, le.amount FROM "LedgerEntry" le WHERE le."neighborhoodId" = ${n} AND ${walletKinds} AND ${sysRange}`
      : sql`SELECT le.kind, le.amount FROM "Receipt" r JOIN "LedgerEntry" le ON le."receiptId" = r.id
            WHERE r."neighborhoodId" = ${n} AND r."realPaymentDate" BETWEEN ${p.from}::date AND ${p.to}::date
              AND le."neighborhoodId" = ${n} AND ${walletKinds}
            UNION ALL
            SELECT le.kind, le.amount FROM "LedgerEntry" le LEFT JOIN "Receipt" r ON r.id = le."receiptId"
            WHERE le."neighborhoodId" = ${n} AND ${walletKinds} AND ${sysRange} AND r."realPaymentDate" IS NULL`;
  const walletPayments = sql<{ count: number; amount: string }>`
    SELECT count(*) FILTER (WHERE le.kind = 'WALLET_PAYMENT')::int AS count, coalesce(-sum(le.amount), 0)::text AS amount
    FROM (${walletEntries}) le`;
  const unknownRange =
    p.dateKind === 'SYSTEM_DATE'
      ? sql`u."createdAt" >= ${localMidnight(p.from, p.timeZone)} AND u."createdAt" < ${localMidnight(addDays(p.to, 1), p.timeZone)}`
      : sql`u."paymentDate" BETWEEN ${p.from}::date AND ${p.to}::date`;
  const pending = sql<{ count: number; amount: string }>`
    SELECT count(*)::int AS count, coalesce(sum(u.amount), 0)::text AS amount FROM "UnknownPayment" u
    WHERE u."neighborhoodId" = ${n} AND u."deletedAt" IS NULL AND u."receiptId" IS NULL AND ${unknownRange}`;
  const k = ctx.db.kysely;
  const [rows, wallet, unknown, l] = await Promise.all([summary.execute(k), walletPayments.execute(k), pending.execute(k), labels(ctx, n)]);
  // GROUPING bits, most significant first: conceptId, walletId, method, source, accountKind, accountId.
  const set = (only: number) => rows.rows.filter((r) => r.g === 0b111111 - only);
  const line = (key: string, label: string, r: SummaryRow): ReportLine => ({ key, label, count: r.count, amount: formatMoney(r.amount) });
  const total = rows.rows.find((r) => r.g === 0b111111);
  const result: IncomesSummary = {
    total: formatMoney(total?.amount ?? '0'),
    count: total?.count ?? 0,
    gatewayFees: formatMoney(total?.fee ?? '0'),
    net: formatMoney(money(total?.amount ?? '0').minus(money(total?.fee ?? '0'))),
    byConcept: set(0b100000)
      .map((r) => line(String(r.conceptId ?? 'NONE'), r.conceptId == null ? 'Sin concepto (depósito)' : (l.concept.get(r.conceptId) ?? 'Concepto'), r))
      .sort(byLabel),
    byWallet: set(0b010000)
      .map((r) => line(String(r.walletId), l.wallet.get(r.walletId ?? -1) ?? 'Monedero', r))
      .sort(byLabel),
    byMethod: set(0b001000)
      .map((r) => line(r.method ?? 'NONE', METHOD_LABELS[r.method ?? 'NONE'] ?? r.method ?? '', r))
      .sort(byLabel),
    bySource: set(0b000100)
      .map((r) => line(r.source ?? '', SOURCE_NAMES[r.source as IncomeSource] ?? r.source ?? '', r))
      .sort((a, b) => INCOME_SOURCES.indexOf(a.key as IncomeSource) - INCOME_SOURCES.indexOf(b.key as IncomeSource)),
    byAccount: set(0b000011)
      .map((r) => line(`${r.accountKind}:${r.accountId ?? ''}`, accountLabel(l, r.accountKind, r.accountId), r))
      .sort(byLabel),
    walletPayments: {
      key: 'WALLET_PAYMENTS',
      label: 'Recibos pagados con saldo del monedero',
      count: wallet.rows[0].count,
      amount: formatMoney(wallet.rows[0].amount),
    },
    pendingUnknownPayments: {
      key: 'PENDING_UNKNOWN_PAYMENTS',
      label: 'Pagos no reconocidos sin identificar',
      count: unknown.rows[0].count,
      amount: formatMoney(unknown.rows[0].amount),
    },
  };
  return result;
}

export interface IncomeRow {
  id: string;
  date: string;
  houseId: number;
  house: string;
  concept: string;
  description: string;
  wallet: string;
  method: string;
  source: IncomeSource;
  account: string;
  amount: string;
  fee: string;
}

type RawRow = {
  id: string;
  day: string | Date;
  houseId: number;
  conceptId: number | null;
  walletId: number;
  method: string | null;
  source: IncomeSource;
  accountKind: string;
  accountId: number | null;
  amount: string;
  fee: string;
  description: string | null;
  interiorNumber: string | null;
  exteriorNumber: string | null;
  block: string | null;
  lot: string | null;
  catastral: string | null;
};

const dayText = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

function rowsQuery(p: Period & { neighborhoodId: number }, page: { ids?: string[]; offset?: number; limit: number }) {
  return sql<RawRow>`
    SELECT m.id::text AS id, m.day::text AS day, m."houseId", m."conceptId", m."walletId", m.method, m.source, m."accountKind", m."accountId",
           m.amount::text AS amount, m.fee::text AS fee, r.description,
           h."interiorNumber", h."exteriorNumber", h.block, h.lot, h.catastral
    FROM ${moneyInMovements(p.neighborhoodId, p)} m
    JOIN "House" h ON h.id = m."houseId"
    LEFT JOIN "Receipt" r ON r.id = m."receiptId"
    ${page.ids ? sql`WHERE m.id = ANY(${page.ids}::bigint[])` : sql``}
    ORDER BY m.id
    LIMIT ${page.limit} ${page.offset ? sql`OFFSET ${page.offset}` : sql``}`;
}

export function toIncomeRow(r: RawRow, l: Labels): IncomeRow {
  return {
    id: r.id,
    date: dayText(r.day),
    houseId: r.houseId,
    house: houseLabel(r),
    concept: r.conceptId == null ? 'Sin concepto (depósito)' : (l.concept.get(r.conceptId) ?? 'Concepto'),
    description: r.description ?? SOURCE_NAMES[r.source],
    wallet: l.wallet.get(r.walletId) ?? 'Monedero',
    method: METHOD_LABELS[r.method ?? 'NONE'] ?? r.method ?? '',
    source: r.source,
    account: accountLabel(l, r.accountKind, r.accountId),
    amount: formatMoney(r.amount),
    fee: formatMoney(r.fee),
  };
}

/** A page of the period's movements in the order they were recorded (offset paging, as the legacy pager). */
export async function incomeRowsPage(ctx: ServiceContext, p: Period & { neighborhoodId: number }, offset: number, limit: number): Promise<IncomeRow[]> {
  const [{ rows }, l] = await Promise.all([rowsQuery(p, { offset, limit }).execute(ctx.db.kysely), labels(ctx, p.neighborhoodId)]);
  return rows.map((r) => toIncomeRow(r, l));
}

/**
 * Every movement of the period in batches (exports read a year without holding its rows): the period is read
 * once for its ids (the order), then each batch's rows by their keys, instead of the period query per batch.
 */
export async function* incomeRowBatches(
  ctx: ServiceContext,
  p: Period & { neighborhoodId: number },
  batch = 2000,
  max = Infinity,
): AsyncGenerator<IncomeRow[]> {
  const [l, { rows: ids }] = await Promise.all([
    labels(ctx, p.neighborhoodId),
    sql<{
      id: string;
    }>`SELECT m.id::text AS id FROM ${moneyInMovements(p.neighborhoodId, p)} m ORDER BY m.id ${Number.isFinite(max) ? sql`LIMIT ${max}` : sql``}`.execute(
      ctx.db.kysely,
    ),
  ]);
  const load = (i: number) => {
    const chunk = ids.slice(i, i + batch).map((r) => r.id);
    return rowsQuery(p, { ids: chunk, limit: chunk.length }).execute(ctx.db.kysely);
  };
  // The next batch is asked for before the current one is handed over, so the database reads it while the
  // file is written.
  let next = ids.length ? load(0) : null;
  for (let i = 0; next; i += batch) {
    const { rows } = await next;
    next = i + batch < ids.length ? load(i + batch) : null;
    // A reader that stops early leaves the batch asked for ahead unread.
    next?.catch(() => {});
    yield rows.map((r) => toIncomeRow(r, l));
  }
}

/** The total of a breakdown (it equals the report's total: a property test checks it). */
export const linesTotal = (lines: ReportLine[]) => formatMoney(sumMoney(lines.map((x) => x.amount)));
