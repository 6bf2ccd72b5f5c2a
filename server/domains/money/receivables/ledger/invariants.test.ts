// The money invariants of issue 11, on a real database: whatever the sequence of actions, every wallet's
// balance is the sum of its ledger and a house's statement reconciles; 50 concurrent actions on one receipt
// pay it once; the daily job applies penalties and discounts on their days; activation moves money once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';

let t: TestApp;
let admin: string;
let olivosId: number;
let houseId: number;
let ordinary: number;
let extraordinary: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

async function mutate(name: string, input: object, token = admin) {
  const { status, body } = await t.gql(
    `mutation($input: ${cap(name)}Input!) { ${name}(input: $input) { __typename ... on Error { code message } } }`,
    { input },
    { token },
  );
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data[name] as { __typename: string; code?: number; message?: string };
}

async function checkInvariants(house: number) {
  const prisma = t.app.db.prisma;
  const { body } = await t.gql(
    `query($h: ID) { houseBalance(houseId: $h) { pendingReceipts wallets { walletDatabaseId balance } }
      houseStatement(houseId: $h, from: "2000-01-01", to: "2099-12-31") { opening charges payments adjustments closing } }`,
    { h: gid('House', house) },
    { token: admin },
  );
  const entries = await prisma.ledgerEntry.findMany({ where: { houseId: house } });
  // The stored balance of each wallet the house moved money in (kept by the ledger's trigger) is its ledger's sum.
  const sums = new Map<number, string>();
  for (const walletId of new Set(entries.map((e) => e.walletId)))
    sums.set(walletId, sumMoney(entries.filter((e) => e.walletId === walletId).map((e) => e.amount)).toFixed(2));
  const stored = await prisma.houseWalletBalance.findMany({ where: { houseId: house } });
  expect(new Map(stored.map((b) => [b.walletId, money(b.balance).toFixed(2)]))).toEqual(sums);
  for (const w of body.data.houseBalance.wallets) {
    expect(w.balance).toBe(sumMoney(entries.filter((e) => e.walletId === w.walletDatabaseId).map((e) => e.amount)).toFixed(2));
  }
  // Every paid receipt was paid once: its payment entries net to minus what it cost, unless undone (what the
  // payer was charged may be more: the gateway's fee when the payer pays it, or an external payment over the amount).
  const paid = await prisma.receipt.findMany({ where: { houseId: house, status: 'PAID', creditsWallet: false } });
  for (const r of paid) {
    const net = sumMoney(entries.filter((e) => e.receiptId === r.id && ['RECEIPT_PAID', 'WALLET_PAYMENT', 'REVERSAL'].includes(e.kind)).map((e) => e.amount));
    expect(net.toFixed(2)).toBe(money(r.amount).negated().toFixed(2));
    expect(money(r.transactionTotal!).greaterThanOrEqualTo(money(r.amount))).toBe(true);
  }
  await checkLatePayments(house);
  const s = body.data.houseStatement;
  const wallets = sumMoney(body.data.houseBalance.wallets.map((w: { balance: string }) => w.balance));
  expect(s.closing).toBe(wallets.minus(body.data.houseBalance.pendingReceipts).toFixed(2));
  expect(money(s.opening).plus(s.charges).plus(s.payments).plus(s.adjustments).toFixed(2)).toBe(s.closing);
}

/**
 * The stored late payments (LatePaymentEntry, kept by triggers) of a house, or of every community, are
 * exactly its payment entries recorded on a later local day than their receipt says they were paid.
 */
async function checkLatePayments(house?: number) {
  const prisma = t.app.db.prisma;
  const entries = await prisma.ledgerEntry.findMany({
    where: { ...(house ? { houseId: house } : {}), kind: { in: ['DEPOSIT', 'RECEIPT_PAID', 'WALLET_PAYMENT'] }, receiptId: { not: null } },
    select: { id: true, createdAt: true, neighborhood: { select: { timeZone: true } }, receipt: { select: { paymentDate: true, realPaymentDate: true } } },
  });
  const late = entries.filter((e) => {
    const tz = e.neighborhood.timeZone;
    const paid = e.receipt!.realPaymentDate?.toISOString().slice(0, 10) ?? (e.receipt!.paymentDate ? todayIn(tz, e.receipt!.paymentDate) : null);
    return paid != null && paid < todayIn(tz, e.createdAt);
  });
  const stored = await prisma.latePaymentEntry.findMany({ where: house ? { entry: { houseId: house } } : {}, select: { entryId: true } });
  expect(stored.map((l) => l.entryId).sort()).toEqual(late.map((e) => e.id).sort());
  return late.length;
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  admin = await t.signIn('admin@demo.mx');
  houseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE' }, orderBy: { id: 'desc' } })).id;
  ordinary = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } })).id;
  extraordinary = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } })).id;
  for (const month of [1, 2, 3, 4, 5, 6]) {
    const { body } = await t.gql(
      `mutation($input: CreateOrdinaryMaintenanceInput!) { createOrdinaryMaintenance(input: $input) { ... on MutationCreateOrdinaryMaintenanceSuccess { data { maintenance { id } } } } }`,
      { input: { year: 2032, month } },
      { token: admin },
    );
    await mutate('generateMaintenance', { id: body.data.createOrdinaryMaintenance.data.maintenance.id });
  }
});
afterAll(() => t.close());

describe('ledger invariants', () => {
  it('hold after every action of any random sequence (property-based)', async () => {
    const prisma = t.app.db.prisma;
    const receiptIds = (await prisma.receipt.findMany({ where: { houseId, year: 2032 }, select: { id: true } })).map((r) => r.id);
    const action = fc.oneof(
      fc.record({ kind: fc.constant('adjust'), cents: fc.integer({ min: -300_000, max: 300_000 }).filter((c) => c !== 0), wallet: fc.boolean() }),
      fc.record({ kind: fc.constant('transfer'), cents: fc.integer({ min: 1, max: 200_000 }), wallet: fc.boolean() }),
      fc.record({
        kind: fc.constantFrom(
          'payReceiptWithWallet',
          'removeReceiptWalletPayment',
          'deleteReceipt',
          'addReceiptPenalty',
          'removeReceiptPenalty',
          'addReceiptDiscount',
          'recalculateReceipt',
        ),
        receipt: fc.constantFrom(...receiptIds),
      }),
      fc.record({ kind: fc.constant('capture'), receipt: fc.constantFrom(...receiptIds), daysAgo: fc.nat(40) }),
    );
    const account = await prisma.incomeAccount.findFirst({ where: { neighborhoodId: olivosId, accountType: { in: ['CLABE', 'CARD'] }, deletedAt: null } });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        for (const a of actions as any[]) {
          if (a.kind === 'adjust') {
            await mutate('adjustHouseBalance', {
              houseId: gid('House', houseId),
              walletId: a.wallet ? ordinary : extraordinary,
              amount: (a.cents / 100).toFixed(2),
              reason: 'Prueba',
            });
          } else if (a.kind === 'transfer') {
            await mutate('transferHouseBalance', {
              houseId: gid('House', houseId),
              fromWalletId: a.wallet ? ordinary : extraordinary,
              toWalletId: a.wallet ? extraordinary : ordinary,
              amount: (a.cents / 100).toFixed(2),
            });
          } else if (a.kind === 'capture') {
            if (!account) continue;
            await mutate('capturePayment', {
              houseId: gid('House', houseId),
              receiptIds: [gid('Receipt', a.receipt)],
              incomeAccountId: account.id,
              // Captured today, paid up to 40 days ago: a late payment.
              paymentDate: todayIn('America/Mexico_City', new Date(Date.now() - a.daysAgo * 86_400_000)),
            });
          } else {
            await mutate(a.kind, { receiptId: gid('Receipt', a.receipt) });
          }
          await checkInvariants(houseId);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('50 concurrent actions on one receipt pay it once and lose no update', async () => {
    const prisma = t.app.db.prisma;
    // Another house than the property test's, whose receipts that test may have paid or deleted.
    const receipt = await prisma.receipt.findFirstOrThrow({
      where: { houseId: { not: houseId }, neighborhoodId: olivosId, year: 2032, status: { in: ['NEW', 'PENALTY'] }, deletedAt: null },
      orderBy: { id: 'desc' },
    });
    const houseId2 = receipt.houseId;
    await mutate('adjustHouseBalance', { houseId: gid('House', houseId2), walletId: receipt.walletId, amount: '50000.00', reason: 'Fondo para la prueba' });
    const before = await prisma.ledgerEntry.aggregate({ where: { houseId: houseId2, walletId: receipt.walletId }, _sum: { amount: true } });
    const kinds = ['payReceiptWithWallet', 'addReceiptPenalty', 'removeReceiptPenalty', 'recalculateReceipt', 'addReceiptDiscount'];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => mutate(kinds[i % kinds.length], { receiptId: gid('Receipt', receipt.id) })));
    const paidOk = results.filter((r, i) => kinds[i % kinds.length] === 'payReceiptWithWallet' && r.__typename.endsWith('Success'));
    expect(paidOk).toHaveLength(1);
    for (const r of results) if (!r.__typename.endsWith('Success')) expect(r.code).toBe(2079);
    const after = await prisma.receipt.findUniqueOrThrow({ where: { id: receipt.id } });
    expect(after.status).toBe('PAID');
    const payments = await prisma.ledgerEntry.findMany({ where: { receiptId: receipt.id, kind: 'WALLET_PAYMENT' } });
    expect(payments).toHaveLength(1);
    const balance = await prisma.ledgerEntry.aggregate({ where: { houseId: houseId2, walletId: receipt.walletId }, _sum: { amount: true } });
    expect(money(balance._sum.amount!).toFixed(2)).toBe(money(before._sum.amount!).minus(after.transactionTotal!).toFixed(2));
    await checkInvariants(houseId2);
  }, 120_000);

  it("every house's stored wallet balances are its ledger's sums, in every community the demo wrote", async () => {
    const [row] = await t.app.db.prisma.$queryRaw<{ entries: bigint; wrong: bigint }[]>`
      SELECT (SELECT count(*) FROM "LedgerEntry") AS entries, count(*) AS wrong
      FROM (SELECT "houseId", "walletId", sum(amount) AS total FROM "LedgerEntry" GROUP BY 1, 2) l
      FULL JOIN "HouseWalletBalance" b USING ("houseId", "walletId")
      WHERE l.total IS DISTINCT FROM b.balance`;
    expect(Number(row.entries)).toBeGreaterThan(100);
    expect(Number(row.wrong)).toBe(0);
  });

  it("the late payments are exactly those recorded after the day they were paid: in every community, after a receipt's payment dates change and after a new time zone", async () => {
    const prisma = t.app.db.prisma;
    await checkLatePayments();
    // A paid receipt whose real payment date moves to long before it was recorded becomes late, and back.
    const entry = await prisma.ledgerEntry.findFirstOrThrow({
      where: { neighborhoodId: olivosId, kind: 'DEPOSIT', receiptId: { not: null }, late: null },
      select: { id: true, createdAt: true, receiptId: true },
      orderBy: { id: 'desc' },
    });
    const receipt = await prisma.receipt.findUniqueOrThrow({ where: { id: entry.receiptId! }, select: { paymentDate: true, realPaymentDate: true } });
    await prisma.receipt.update({ where: { id: entry.receiptId! }, data: { realPaymentDate: new Date(entry.createdAt.getTime() - 10 * 86_400_000) } });
    expect(await prisma.latePaymentEntry.findUnique({ where: { entryId: entry.id } })).not.toBeNull();
    await checkLatePayments();
    await prisma.receipt.update({ where: { id: entry.receiptId! }, data: { realPaymentDate: null, paymentDate: entry.createdAt } });
    expect(await prisma.latePaymentEntry.findUnique({ where: { entryId: entry.id } })).toBeNull();
    await prisma.receipt.update({ where: { id: entry.receiptId! }, data: receipt });
    // Recorded at 01:00 UTC the day after it was paid at 23:00 UTC: late in UTC, the same day in Mexico City.
    const n = await prisma.neighborhood.findUniqueOrThrow({ where: { id: olivosId }, select: { timeZone: true } });
    const r = await prisma.receipt.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'PAID' }, orderBy: { id: 'desc' } });
    const paidAt = new Date('2031-05-10T23:00:00Z');
    await prisma.receipt.update({ where: { id: r.id }, data: { paymentDate: paidAt, realPaymentDate: null } });
    const late = await prisma.ledgerEntry.create({
      data: {
        neighborhoodId: olivosId,
        houseId: r.houseId,
        walletId: r.walletId,
        receiptId: r.id,
        kind: 'DEPOSIT',
        amount: '1.00',
        createdAt: new Date('2031-05-11T01:00:00Z'),
      },
    });
    expect(await prisma.latePaymentEntry.findUnique({ where: { entryId: late.id } })).toBeNull();
    await prisma.neighborhood.update({ where: { id: olivosId }, data: { timeZone: 'UTC' } });
    expect(await prisma.latePaymentEntry.findUnique({ where: { entryId: late.id } })).not.toBeNull();
    await checkLatePayments();
    await prisma.neighborhood.update({ where: { id: olivosId }, data: { timeZone: n.timeZone } });
    expect(await prisma.latePaymentEntry.findUnique({ where: { entryId: late.id } })).toBeNull();
    await checkLatePayments();
  });
});

describe('the daily job', () => {
  it('creates the current period once, applies penalties after the deadline and ends discounts after their day', async () => {
    const prisma = t.app.db.prisma;
    const today = todayIn('America/Mexico_City');
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000);
    const [late, discounted] = await prisma.receipt.findMany({
      where: { houseId: { not: houseId }, neighborhoodId: olivosId, year: 2032, status: 'NEW', deletedAt: null },
      take: 2,
      orderBy: { id: 'asc' },
    });
    await prisma.receipt.update({ where: { id: late.id }, data: { deadlineDate: yesterday, discountEndDate: new Date(yesterday.getTime() - 86_400_000) } });
    await prisma.receipt.update({ where: { id: discounted.id }, data: { discountEndDate: yesterday } });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const failed = await prisma.job.findMany({ where: { lastError: { not: null } } });
    expect(failed.map((j) => j.lastError)).toEqual([]);
    const penalised = await prisma.receipt.findUniqueOrThrow({ where: { id: late.id } });
    expect(penalised.status).toBe('PENALTY');
    expect(money(penalised.amount).toFixed(2)).toBe(money(penalised.sourceAmount).plus(penalised.penaltyAmount!).toFixed(2));
    const ended = await prisma.receipt.findUniqueOrThrow({ where: { id: discounted.id } });
    expect(ended.discountAmount).toBeNull();
    expect(money(ended.amount).toFixed(2)).toBe(money(ended.sourceAmount).toFixed(2));
    const period = today.slice(0, 7);
    expect(await prisma.maintenance.count({ where: { neighborhoodId: olivosId, ordinary: true, period } })).toBe(1);
    const jobs = await prisma.job.findMany({ where: { kind: 'maintenances.daily' } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0].doneAt).not.toBeNull();
  });
});

describe('a house that becomes active', () => {
  it('gets its initial balance in the ledger once and the receipts being collected', async () => {
    const prisma = t.app.db.prisma;
    // A copy of an active house's location and type, pending its initial balance.
    const model = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', houseType: { amount: { gt: 0 } } } });
    const house = await prisma.house.create({
      data: {
        neighborhoodId: olivosId,
        houseTypeId: model.houseTypeId,
        streetId: model.streetId,
        condominiumId: model.condominiumId,
        mallId: model.mallId,
        block: model.block,
        lot: `${model.lot ?? ''}9`,
        exteriorNumber: `${model.exteriorNumber ?? ''}9`,
        interiorNumber: model.interiorNumber,
        catastral: 'ACT-0001',
        status: 'MISSING_BALANCE',
      },
    });
    const owner = await prisma.user.findFirstOrThrow({ where: { email: 'vecino1@demo.mx' } });
    await prisma.house.update({ where: { id: house.id }, data: { ownerUserId: owner.id } });
    const result = await mutate('activateHouse', { id: gid('House', house.id), initialBalance: '-750.00', balanceReason: 'Adeudo anterior' });
    expect(result.__typename, JSON.stringify(result)).toMatch(/Success/);
    const entries = await prisma.ledgerEntry.findMany({ where: { houseId: house.id } });
    expect(entries.map((e) => [e.kind, money(e.amount).toFixed(2)])).toEqual([['INITIAL_BALANCE', '-750.00']]);
    // The periods still open (the current month and the 2032 ones of this file), not last year's.
    const period = todayIn('America/Mexico_City').slice(0, 7);
    const open = await prisma.maintenance.count({
      where: { neighborhoodId: olivosId, ordinary: true, status: { in: ['GENERATED', 'COLLECTING'] }, period: { gte: period } },
    });
    expect(open).toBeGreaterThan(1);
    expect(await prisma.receipt.count({ where: { houseId: house.id } })).toBe(open);
    expect(await prisma.receipt.count({ where: { houseId: house.id, maintenance: { period: { lt: period } } } })).toBe(0);
    await mutate('deleteHouse', { id: gid('House', house.id) }).catch(() => null);
  });
});
