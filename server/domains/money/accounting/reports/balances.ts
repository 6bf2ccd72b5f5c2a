// Where the community's money is at the ends of a period, and the stored openings (MoneySnapshot) that keep
// those reads proportional to the period instead of the whole history.
//
// A place is the gateway balance, an income account or money with no account (GATEWAY, ACCOUNT with its id,
// NONE): what came in from the houses (ledger DEPOSITs net of chargebacks, as the incomes report counts
// them), less the gateway fees the community absorbed, plus its own ledger (CommunityLedgerEntry).
//
// By SYSTEM_DATE a movement's day is the day it was recorded, so everything before the first day of a month
// can be summed once and stored: the community's money per wallet and per place before that day. A report
// then sums its stored opening and the movements since that day. The opening is stored under the
// community's moneyHistoryVersion, which triggers raise on every write that changes money already a day old
// (the migration 20261130015510_money_snapshots); only months that began more than a day ago are stored. The
// version is read before the sums, so a write that lands meanwhile leaves a row nobody reads again.
import { sql } from 'kysely';
import { addDays } from '../../../../../core/input.js';
import { money, type Money } from '../../../../../core/money.js';
import type { Database } from '../../../../db/client.js';
import { startOfDayIn } from '../cfdis/rules.js';
import { localDay, localMidnight, moneyInMovements } from './incomes.js';
import type { Period } from './period.js';

export type AccountRow = {
  accountKind: string;
  accountId: number | null;
  opening: string;
  incomes: string;
  fees: string;
  expenses: string;
  withdrawals: string;
  withdrawn: string;
  closing: string;
  inTransit: string;
};

type PlacePeriod = Pick<Period, 'dateKind' | 'from' | 'to' | 'timeZone'>;

/**
 * Per place: opening before `from`, the period's incomes, fees, expenses and withdrawals, and the closing at
 * the end of `to`, over the movements recorded since the day `since` (SYSTEM_DATE only; all of them without it).
 * The statement's rows, and the transactions' account balances (one definition of where money is).
 */
export function accountBalanceRows(n: number, p: PlacePeriod, since?: string) {
  const moves = moneyInMovements(n, { ...p, from: since ?? null });
  const own =
    p.dateKind === 'SYSTEM_DATE'
      ? {
          day: localDay(sql`e."createdAt"`, p.timeZone),
          bound: sql`e."createdAt" < ${localMidnight(addDays(p.to, 1), p.timeZone)} ${since ? sql`AND e."createdAt" >= ${localMidnight(since, p.timeZone)}` : sql``}`,
        }
      : { day: sql`e."effectiveDate"`, bound: sql`e."effectiveDate" <= ${p.to}::date` };
  return sql<AccountRow>`
    WITH mv AS (
      SELECT m.day, m."accountKind", m."accountId", m.amount AS income, -m.fee AS fee, 0::numeric AS expense, 0::numeric AS withdrawal,
             0::numeric AS cleared, 0::numeric AS transit
      FROM ${moves} m
      UNION ALL
      SELECT ${own.day}, CASE WHEN e."accountId" IS NULL THEN 'GATEWAY' ELSE 'ACCOUNT' END, e."accountId", 0, 0,
             CASE WHEN e.kind = 'EXPENSE_PAID' THEN e.amount ELSE 0 END,
             CASE WHEN e.kind IN ('WITHDRAWAL', 'WITHDRAWAL_FEE') THEN e.amount ELSE 0 END,
             CASE WHEN e.kind = 'EXPENSE_CHARGED' THEN e.amount ELSE 0 END,
             CASE WHEN e."inTransit" THEN e.amount ELSE 0 END
      FROM "CommunityLedgerEntry" e
      WHERE e."neighborhoodId" = ${n} AND ${own.bound}
    )
    SELECT "accountKind", "accountId",
           coalesce(sum(income + fee + expense + withdrawal + cleared) FILTER (WHERE day < ${p.from}::date), 0)::text AS opening,
           coalesce(sum(income) FILTER (WHERE day >= ${p.from}::date), 0)::text AS incomes,
           coalesce(sum(fee) FILTER (WHERE day >= ${p.from}::date), 0)::text AS fees,
           coalesce(sum(expense + cleared) FILTER (WHERE day >= ${p.from}::date), 0)::text AS expenses,
           coalesce(sum(withdrawal) FILTER (WHERE day >= ${p.from}::date), 0)::text AS withdrawals,
           coalesce(sum(withdrawal) FILTER (WHERE day >= ${p.from}::date AND withdrawal > 0), 0)::text AS withdrawn,
           coalesce(sum(income + fee + expense + withdrawal + cleared), 0)::text AS closing,
           coalesce(sum(transit), 0)::text AS "inTransit"
    FROM mv
    WHERE day <= ${p.to}::date
    GROUP BY "accountKind", "accountId"`;
}

interface StoredPlace {
  accountKind: string;
  accountId: number | null;
  amount: string;
  transit: string;
}

/** The community's money before the first day of `month` (SYSTEM_DATE). */
export interface Opening {
  month: string;
  /** The houses' ledger per wallet id (every wallet with a movement before the month). */
  wallets: Map<number, Money>;
  places: StoredPlace[];
}

interface SnapshotData {
  wallets: Record<string, string>;
  places: StoredPlace[];
}

const parse = (month: string, data: SnapshotData): Opening => ({
  month,
  wallets: new Map(Object.entries(data.wallets).map(([id, amount]) => [Number(id), money(amount)])),
  places: data.places,
});

/** A stored month is one that began more than a day ago: later writes to it raise the version. */
const STORABLE_AFTER_MS = 86_400_000;

/**
 * The stored opening of the month `day` falls in (its first day ≤ `day`), computed and stored on first use
 * from the nearest earlier one; null for a month that began less than a day ago (the caller sums it all).
 */
export async function storedOpening(db: Pick<Database, 'kysely'>, n: number, timeZone: string, day: string, now = new Date()): Promise<Opening | null> {
  const month = `${day.slice(0, 7)}-01`;
  if (startOfDayIn(month, timeZone).getTime() > now.getTime() - STORABLE_AFTER_MS) return null;
  const k = db.kysely;
  const { rows } = await sql<{ version: number; month: string | null; data: SnapshotData | null }>`
    SELECT n."moneyHistoryVersion" AS version, to_char(s.month, 'YYYY-MM-DD') AS month, s.data
    FROM "Neighborhood" n
    LEFT JOIN LATERAL (SELECT month, data FROM "MoneySnapshot"
                        WHERE "neighborhoodId" = n.id AND version = n."moneyHistoryVersion" AND month <= ${month}::date
                        ORDER BY month DESC LIMIT 1) s ON true
    WHERE n.id = ${n}`.execute(k);
  const found = rows[0];
  if (!found) return null;
  if (found.month === month && found.data) return parse(month, found.data);
  // The movements between the nearest stored month (or the beginning) and this one, added to it.
  const since = found.month ?? undefined;
  const base = found.month && found.data ? parse(found.month, found.data) : { month, wallets: new Map<number, Money>(), places: [] };
  const before = addDays(month, -1);
  const [wallets, places] = await Promise.all([
    sql<{ walletId: number; amount: string }>`
      SELECT le."walletId", sum(le.amount)::text AS amount FROM "LedgerEntry" le
      WHERE le."neighborhoodId" = ${n} AND le."createdAt" < ${localMidnight(month, timeZone)}
        ${since ? sql`AND le."createdAt" >= ${localMidnight(since, timeZone)}` : sql``}
      GROUP BY le."walletId"`.execute(k),
    accountBalanceRows(n, { dateKind: 'SYSTEM_DATE', from: month, to: before, timeZone }, since).execute(k),
  ]);
  const walletSums = new Map(base.wallets);
  for (const w of wallets.rows) walletSums.set(w.walletId, (walletSums.get(w.walletId) ?? money(0)).plus(w.amount));
  const opening: Opening = { month, wallets: walletSums, places: addPlaces(base.places, places.rows) };
  const data: SnapshotData = {
    wallets: Object.fromEntries([...walletSums].map(([id, amount]) => [String(id), amount.toFixed(2)])),
    places: opening.places,
  };
  await sql`
    WITH stored AS (
      INSERT INTO "MoneySnapshot" ("neighborhoodId", month, version, data)
      VALUES (${n}, ${month}::date, ${found.version}, ${JSON.stringify(data)}::jsonb)
      ON CONFLICT DO NOTHING)
    DELETE FROM "MoneySnapshot" WHERE "neighborhoodId" = ${n} AND version < ${found.version}`.execute(k);
  return opening;
}

const placeKey = (p: { accountKind: string; accountId: number | null }) => `${p.accountKind}:${p.accountId ?? ''}`;

/** A stored opening plus the places' movements up to a later month (closing and in transit). */
function addPlaces(base: StoredPlace[], rows: AccountRow[]): StoredPlace[] {
  const sums = new Map(base.map((p) => [placeKey(p), { ...p }]));
  for (const r of rows) {
    const key = placeKey(r);
    const p = sums.get(key) ?? { accountKind: r.accountKind, accountId: r.accountId, amount: '0.00', transit: '0.00' };
    sums.set(key, { ...p, amount: money(p.amount).plus(r.closing).toFixed(2), transit: money(p.transit).plus(r.inTransit).toFixed(2) });
  }
  return [...sums.values()];
}

/**
 * The places' balances of a period (accountBalanceRows' rows): by SYSTEM_DATE from the stored opening of
 * the month of `from` (`stored`, when the caller has read it) and the movements since; otherwise from every movement.
 */
export async function accountBalances(db: Pick<Database, 'kysely'>, n: number, p: PlacePeriod, stored?: Opening | null): Promise<AccountRow[]> {
  const opening = stored !== undefined ? stored : p.dateKind === 'SYSTEM_DATE' ? await storedOpening(db, n, p.timeZone, p.from) : null;
  const { rows } = await accountBalanceRows(n, p, opening?.month).execute(db.kysely);
  if (!opening) return rows;
  const byKey = new Map(rows.map((r) => [placeKey(r), r]));
  for (const place of opening.places) {
    const r = byKey.get(placeKey(place));
    if (r)
      byKey.set(placeKey(place), {
        ...r,
        opening: money(r.opening).plus(place.amount).toFixed(2),
        closing: money(r.closing).plus(place.amount).toFixed(2),
        inTransit: money(r.inTransit).plus(place.transit).toFixed(2),
      });
    else
      byKey.set(placeKey(place), {
        accountKind: place.accountKind,
        accountId: place.accountId,
        opening: place.amount,
        incomes: '0.00',
        fees: '0.00',
        expenses: '0.00',
        withdrawals: '0.00',
        withdrawn: '0.00',
        closing: place.amount,
        inTransit: place.transit,
      });
  }
  return [...byKey.values()];
}
