// Stored openings (MoneySnapshot) against the whole history summed again: the places' and the wallets'
// balances of any period are the same to the cent, and a write that changes money already past (an entry
// recorded back in time, a payment's account changed, the time zone) is counted by the next report.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { startOfDayIn } from '../cfdis/rules.js';
import { periodFilter, transactionBalances, transactionTotals } from '../transactions/service.js';
import { type AccountRow, accountBalanceRows, accountBalances, storedOpening } from './balances.js';
import type { DateKind } from './period.js';

let t: TestApp;
let community: { id: number; timeZone: string; name: string };
let today: string;
const db = () => t.app.db;

/** The rows by place, every figure as cents text, for comparing. */
const byPlace = (rows: AccountRow[]) =>
  Object.fromEntries(
    rows
      .map((r) => [
        `${r.accountKind}:${r.accountId ?? ''}`,
        ['opening', 'incomes', 'fees', 'expenses', 'withdrawals', 'withdrawn', 'closing', 'inTransit'].map((f) =>
          money(r[f as keyof AccountRow] as string).toFixed(2),
        ),
      ])
      .sort(),
  );

const period = (from: string, to: string) => ({ dateKind: 'SYSTEM_DATE' as const, from, to, timeZone: community.timeZone });

async function wholeHistory(from: string, to: string) {
  return byPlace((await accountBalanceRows(community.id, period(from, to)).execute(db().kysely)).rows);
}

/**
 * The community's houses' ledger from Prisma's rows, each entry with its day: the day it was recorded, or by
 * PAYMENT_DATE a payment's receipt's payment day (real payment date, else its payment date's day) when earlier.
 */
async function datedEntries(dateKind: DateKind) {
  const tz = community.timeZone;
  const entries = await db().prisma.ledgerEntry.findMany({
    where: { neighborhoodId: community.id },
    select: { walletId: true, amount: true, createdAt: true, kind: true, receipt: { select: { paymentDate: true, realPaymentDate: true } } },
  });
  const dayOf = (e: (typeof entries)[number]) => {
    const recorded = todayIn(tz, e.createdAt);
    if (dateKind === 'SYSTEM_DATE' || !e.receipt || !['DEPOSIT', 'RECEIPT_PAID', 'WALLET_PAYMENT'].includes(e.kind)) return recorded;
    const paid = e.receipt.realPaymentDate?.toISOString().slice(0, 10) ?? (e.receipt.paymentDate ? todayIn(tz, e.receipt.paymentDate) : recorded);
    if (paid < recorded) return paid;
    return recorded;
  };
  return entries.map((e) => ({ ...e, day: dayOf(e) }));
}

async function walletsByPrisma(from: string, to: string, dateKind: DateKind = 'SYSTEM_DATE') {
  const dated = (await datedEntries(dateKind)).filter((e) => e.day <= to);
  const ids = [...new Set(dated.map((e) => e.walletId))].sort((a, b) => a - b);
  return Object.fromEntries(
    ids.map((id) => {
      const mine = dated.filter((e) => e.walletId === id);
      return [id, [sumMoney(mine.filter((e) => e.day < from).map((e) => e.amount)).toFixed(2), sumMoney(mine.map((e) => e.amount)).toFixed(2)]];
    }),
  );
}

async function walletsReported(from: string, to: string, dateKind: DateKind = 'SYSTEM_DATE') {
  const f = periodFilter(community, { from, to, dateKind, today });
  const { wallets } = await transactionBalances({ db: db() }, f);
  return Object.fromEntries([...wallets].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)).map((w) => [w.id, [w.opening.toFixed(2), w.closing.toFixed(2)]]));
}

const version = async () =>
  (await db().prisma.neighborhood.findUniqueOrThrow({ where: { id: community.id }, select: { moneyHistoryVersion: true } })).moneyHistoryVersion;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  community = await db().prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' }, select: { id: true, timeZone: true, name: true } });
  today = todayIn(community.timeZone);
});

afterAll(async () => {
  await t?.close();
});

describe('stored openings', () => {
  it('give the same balances per place and per wallet as the whole history, for any period (property)', async () => {
    const first = await db().prisma.ledgerEntry.findFirstOrThrow({ where: { neighborhoodId: community.id }, orderBy: { createdAt: 'asc' } });
    const start = first.createdAt.toISOString().slice(0, 10);
    const span = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
    expect(span).toBeGreaterThan(60);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -40, max: span }), fc.integer({ min: 0, max: 120 }), async (offset, length) => {
        const from = addDays(start, offset);
        const to = addDays(from, length);
        expect(byPlace(await accountBalances(db(), community.id, period(from, to)))).toEqual(await wholeHistory(from, to));
        expect(await walletsReported(from, to)).toEqual(await walletsByPrisma(from, to));
        // By payment date the wallets start from the same stored opening, and add the late payments.
        expect(await walletsReported(from, to, 'PAYMENT_DATE')).toEqual(await walletsByPrisma(from, to, 'PAYMENT_DATE'));
      }),
      { numRuns: 15 },
    );
    // Payments recorded 5 days after their receipts' corrected real payment dates: by payment date they count
    // in a period that ends on the day they were paid, before the day they were recorded.
    const deposits = await db().prisma.ledgerEntry.findMany({
      where: {
        neighborhoodId: community.id,
        kind: 'DEPOSIT',
        receiptId: { not: null },
        createdAt: { lt: startOfDayIn(addDays(today, -40), community.timeZone) },
      },
      select: { createdAt: true, receiptId: true },
      orderBy: { id: 'desc' },
      take: 3,
    });
    expect(deposits).toHaveLength(3);
    for (const d of deposits) {
      const paid = addDays(todayIn(community.timeZone, d.createdAt), -5);
      await db().prisma.receipt.update({ where: { id: d.receiptId! }, data: { realPaymentDate: new Date(`${paid}T00:00:00Z`) } });
      expect(await walletsReported(addDays(paid, -10), paid, 'PAYMENT_DATE')).toEqual(await walletsByPrisma(addDays(paid, -10), paid, 'PAYMENT_DATE'));
      const f = periodFilter(community, { from: addDays(paid, -10), to: paid, dateKind: 'PAYMENT_DATE', today });
      const inPeriod = (await datedEntries('PAYMENT_DATE')).filter((e) => e.day >= f.from && e.day <= f.to);
      const totals = await transactionTotals({ db: db() }, { ...f, source: 'HOUSE' });
      expect([totals.count, totals.net.toFixed(2)]).toEqual([inPeriod.length, sumMoney(inPeriod.map((e) => e.amount)).toFixed(2)]);
      expect(await walletsReported(addDays(paid, 1), addDays(paid, 4), 'PAYMENT_DATE')).toEqual(
        await walletsByPrisma(addDays(paid, 1), addDays(paid, 4), 'PAYMENT_DATE'),
      );
    }
    // The reports stored openings of the months they asked for, under the current version.
    const stored = await db().prisma.moneySnapshot.findMany({ where: { neighborhoodId: community.id } });
    expect(stored.length).toBeGreaterThan(0);
    expect(new Set(stored.map((s) => s.version))).toEqual(new Set([await version()]));
  }, 120_000);

  it('are not stored for a month that began less than a day ago', async () => {
    const now = new Date(startOfDayIn(`${today.slice(0, 7)}-01`, community.timeZone).getTime() + 3_600_000);
    expect(await storedOpening(db(), community.id, community.timeZone, today, now)).toBeNull();
  });

  it('count a movement recorded back in time, a payment moved to another account and a new time zone', async () => {
    const from = `${addDays(today, -75).slice(0, 7)}-10`;
    const to = addDays(from, 20);
    const before = await wholeHistory(from, to);
    expect(byPlace(await accountBalances(db(), community.id, period(from, to)))).toEqual(before);
    const v0 = await version();

    // An adjustment recorded three months back, as an import would write it.
    const house = await db().prisma.house.findFirstOrThrow({ where: { neighborhoodId: community.id, status: 'ACTIVE' }, orderBy: { id: 'asc' } });
    const wallet = await db().prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: community.id, type: 'ORDINARY' } });
    const walletsBefore = await walletsReported(from, to);
    await db().prisma.ledgerEntry.create({
      data: {
        neighborhoodId: community.id,
        houseId: house.id,
        walletId: wallet.id,
        kind: 'ADJUSTMENT',
        amount: '123.45',
        reason: 'Importación',
        createdAt: startOfDayIn(addDays(from, -40), community.timeZone),
      },
    });
    expect(await version()).toBe(v0 + 1);
    const walletsAfter = await walletsReported(from, to);
    expect(walletsAfter).toEqual(await walletsByPrisma(from, to));
    expect(money(walletsAfter[wallet.id][0]).minus(walletsBefore[wallet.id][0]).toFixed(2)).toBe('123.45');

    // A receipt paid into an account long ago, moved to another account.
    const accounts = await db().prisma.incomeAccount.findMany({ where: { neighborhoodId: community.id }, orderBy: { id: 'asc' } });
    expect(accounts.length).toBeGreaterThan(1);
    const paid = await db().prisma.receipt.findFirstOrThrow({
      where: {
        neighborhoodId: community.id,
        incomeAccountId: { not: null },
        ledgerEntries: { some: { kind: 'DEPOSIT', chargeId: null, createdAt: { lt: startOfDayIn(from, community.timeZone) } } },
      },
    });
    const other = accounts.find((a) => a.id !== paid.incomeAccountId)!;
    const v1 = await version();
    await db().prisma.receipt.update({ where: { id: paid.id }, data: { incomeAccountId: other.id } });
    expect(await version()).toBe(v1 + 1);
    const moved = await wholeHistory(from, to);
    expect(moved).not.toEqual(before);
    expect(byPlace(await accountBalances(db(), community.id, period(from, to)))).toEqual(moved);

    // The time zone moves every day's boundaries.
    const v2 = await version();
    await db().prisma.neighborhood.update({ where: { id: community.id }, data: { timeZone: 'America/Tijuana' } });
    expect(await version()).toBe(v2 + 1);
    community.timeZone = 'America/Tijuana';
    expect(byPlace(await accountBalances(db(), community.id, period(from, to)))).toEqual(await wholeHistory(from, to));
    expect(await walletsReported(from, to)).toEqual(await walletsByPrisma(from, to));

    // A payment recorded today changes no stored month.
    const v3 = await version();
    await db().prisma.ledgerEntry.create({
      data: { neighborhoodId: community.id, houseId: house.id, walletId: wallet.id, kind: 'ADJUSTMENT', amount: '1.00', reason: 'Hoy' },
    });
    expect(await version()).toBe(v3);
  }, 60_000);
});
