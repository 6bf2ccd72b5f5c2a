// The dashboard's money widgets against the demo data: every figure recomputed here row by row from the
// tables (no GROUP BY), REST shapes, grants, tenancy, a property test of the debts' grouping, and the
// live event of a payment over a real websocket.
import { createServer, type Server } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import fc from 'fast-check';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, money, sumMoney } from '../../../../core/money.js';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { debts, monthlyIncomes } from './money.js';

let t: TestApp;
let admin: string;
let community: number;
let tz: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  const { body } = await t.gql('{ session { neighborhood { databaseId } } }', {}, { token: admin });
  community = body.data.session.neighborhood.databaseId;
  tz = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: community } })).timeZone;
}, 120_000);
afterAll(() => t.close());

const MONEY = `{
  dashboard {
    monthlyIncomes { month amount payments }
    monthlyOutcomes { month totalCharged totalPaid concepts { conceptDatabaseId concept amountCharged amountPaid } }
    debts { by total houses stats { key amount houses } }
    byStreet: debts(by: STREET) { total stats { key amount } }
    latestPaidReceipts { totalCount receipts { databaseId status paymentDate amount houseLabel } }
    latestInReviewReceipts { totalCount receipts { databaseId status } }
    gatewayPanel { gatewayName configured balance depositFee }
    houseStats { total }
  }
}`;

const monthOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** The community's debt, receipt by receipt and wallet by wallet. */
async function expectedDebt(neighborhoodId: number) {
  const prisma = t.app.db.prisma;
  const n = await prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId } });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: n.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const live = new Set((await prisma.house.findMany({ where: { neighborhoodId, status: { not: 'DELETED' } }, select: { id: true } })).map((h) => h.id));
  const receipts = await prisma.receipt.findMany({ where: { neighborhoodId, deletedAt: null } });
  const overdue = receipts.filter((r) => live.has(r.houseId) && r.status !== 'PAID' && !r.creditsWallet && iso(r.dueDate)! < today && money(r.amount).gt(0));
  const entries = await prisma.ledgerEntry.findMany({ where: { neighborhoodId } });
  const wallets = new Map<string, { houseId: number; balance: ReturnType<typeof money> }>();
  for (const e of entries) {
    const k = `${e.houseId}:${e.walletId}`;
    const w = wallets.get(k) ?? { houseId: e.houseId, balance: money(0) };
    w.balance = w.balance.plus(e.amount.toString());
    wallets.set(k, w);
  }
  const negative = [...wallets.values()].filter((w) => live.has(w.houseId) && w.balance.isNegative());
  const total = sumMoney([...overdue.map((r) => r.amount.toString()), ...negative.map((w) => w.balance.negated())]);
  const houses = new Set([...overdue.map((r) => r.houseId), ...negative.map((w) => w.houseId)]).size;
  return { total: formatMoney(total), houses, balance: formatMoney(sumMoney(negative.map((w) => w.balance.negated()))) };
}

describe('dashboard money widgets', () => {
  it('match the demo data summed row by row', async () => {
    const { body } = await t.gql(MONEY, {}, { token: admin });
    expect(body.errors).toBeUndefined();
    const d = body.data.dashboard;
    const prisma = t.app.db.prisma;

    // Monthly incomes: deposits less their reversals, by the community's month of recording.
    expect(d.monthlyIncomes).toHaveLength(12);
    expect(d.monthlyIncomes.at(-1).month).toBe(monthOf(new Date()));
    const entries = await prisma.ledgerEntry.findMany({ where: { neighborhoodId: community, kind: { in: ['DEPOSIT', 'REVERSAL'] } } });
    const byId = new Map(entries.map((e) => [e.id, e]));
    const reversedDeposit = async (id: bigint | null) => {
      if (id === null) return false;
      const target = byId.get(id) ?? (await prisma.ledgerEntry.findUnique({ where: { id } }));
      return target?.kind === 'DEPOSIT';
    };
    for (const m of d.monthlyIncomes) {
      const inMonth = entries.filter((e) => monthOf(e.createdAt) === m.month);
      const counted = [];
      for (const e of inMonth) if (e.kind === 'DEPOSIT' || (await reversedDeposit(e.reversesId))) counted.push(e);
      expect(m.amount, m.month).toBe(formatMoney(sumMoney(counted.map((e) => e.amount.toString()))));
      expect(m.payments).toBe(counted.filter((e) => e.kind === 'DEPOSIT').length);
    }
    expect(d.monthlyIncomes.some((m: { amount: string }) => money(m.amount).gt(0))).toBe(true);

    // Monthly outcomes of a month of the demo's year of expenses (last month: old enough to be paid).
    const last = d.monthlyIncomes.at(-2).month;
    const outcome = (
      await t.gql(
        'query($m: String) { dashboard { monthlyOutcomes(month: $m) { month totalCharged totalPaid concepts { conceptDatabaseId concept amountCharged amountPaid } } } }',
        { m: last },
        { token: admin },
      )
    ).body.data.dashboard.monthlyOutcomes;
    const expenses = await prisma.expense.findMany({ where: { neighborhoodId: community, deletedAt: null }, include: { expenseConcept: true } });
    const charged = expenses.filter((e) => iso(e.operationDate)!.startsWith(last) && !['REJECTED', 'DELETED'].includes(e.status));
    const paid = expenses.filter((e) => iso(e.paymentDate)?.startsWith(last) && ['PAID', 'CHARGED'].includes(e.status));
    expect(outcome.totalCharged).toBe(formatMoney(sumMoney(charged.map((e) => e.total.toString()))));
    expect(outcome.totalPaid).toBe(formatMoney(sumMoney(paid.map((e) => e.total.toString()))));
    expect(money(outcome.totalCharged).gt(0)).toBe(true);
    for (const c of outcome.concepts) {
      const mine = (e: (typeof expenses)[number]) => e.expenseConceptId === c.conceptDatabaseId;
      expect(c.amountCharged, c.concept).toBe(formatMoney(sumMoney(charged.filter(mine).map((e) => e.total.toString()))));
      expect(c.amountPaid, c.concept).toBe(formatMoney(sumMoney(paid.filter(mine).map((e) => e.total.toString()))));
    }
    expect(new Set(outcome.concepts.map((c: { concept: string }) => c.concept)).size).toBeGreaterThan(2);

    // Debts: the same total whatever the key, and the wallets' debts under BALANCE.
    const want = await expectedDebt(community);
    expect(d.debts.total).toBe(want.total);
    expect(d.debts.houses).toBe(want.houses);
    expect(d.byStreet.total).toBe(want.total);
    expect(d.debts.stats.map((s: { key: string }) => s.key)).toEqual(['DAYS_1_30', 'DAYS_31_60', 'DAYS_61_90', 'DAYS_91_180', 'DAYS_181_PLUS', 'BALANCE']);
    expect(d.debts.stats.find((s: { key: string }) => s.key === 'BALANCE').amount).toBe(want.balance);
    expect(money(want.total).gt(0)).toBe(true);

    // Latest paid: the five newest payments.
    const paidReceipts = await prisma.receipt.findMany({
      where: { neighborhoodId: community, status: 'PAID', deletedAt: null, paymentDate: { not: null } },
      orderBy: [{ paymentDate: 'desc' }, { id: 'desc' }],
      take: 5,
    });
    expect(d.latestPaidReceipts.receipts.map((r: { databaseId: number }) => r.databaseId)).toEqual(paidReceipts.map((r) => r.id));
    expect(d.latestPaidReceipts.totalCount).toBe(
      await prisma.receipt.count({ where: { neighborhoodId: community, status: 'PAID', deletedAt: null, paymentDate: { not: null } } }),
    );
    expect(d.latestInReviewReceipts.totalCount).toBe(await prisma.receipt.count({ where: { neighborhoodId: community, status: 'REVIEW', deletedAt: null } }));
    expect(d.latestInReviewReceipts.receipts.length).toBe(Math.min(5, d.latestInReviewReceipts.totalCount));
    expect(d.latestInReviewReceipts.receipts.every((r: { status: string }) => r.status === 'REVIEW')).toBe(true);

    // Wallet panel: the payments the gateway moved (less their reversals) less the fees the community pays and
    // the payouts — the statement's gateway balance (one definition of where money is).
    const deposits = await prisma.ledgerEntry.findMany({ where: { neighborhoodId: community, kind: 'DEPOSIT', chargeId: { not: null } } });
    const depositIds = new Set(deposits.map((e) => e.id));
    const reversals = (await prisma.ledgerEntry.findMany({ where: { neighborhoodId: community, kind: 'REVERSAL' } })).filter(
      (e) => e.reversesId !== null && depositIds.has(e.reversesId),
    );
    const fees = await prisma.charge.findMany({ where: { neighborhoodId: community, status: { in: ['COMPLETED', 'CREDITED'] }, feePaidByPayer: false } });
    const payouts = await prisma.communityLedgerEntry.findMany({ where: { neighborhoodId: community, accountId: null } });
    const balance = sumMoney([
      ...deposits.map((e) => e.amount.toString()),
      ...reversals.map((e) => e.amount.toString()),
      ...fees.map((c) => money(c.fee.toString()).negated()),
      ...payouts.map((p) => p.amount.toString()),
    ]);
    const statement = (await t.gql(`query { neighborhoodStatement(from: "2022-01-01") { accounts { key closing } } }`, {}, { token: admin })).body.data
      .neighborhoodStatement;
    expect(statement.accounts.find((a: { key: string }) => a.key === 'GATEWAY:').closing).toBe(formatMoney(balance));
    expect(d.gatewayPanel).not.toBeNull();
    expect(d.gatewayPanel.balance).toBe(formatMoney(balance));
    expect(d.gatewayPanel.depositFee).toBe('8.00');
    expect(money(d.gatewayPanel.balance).gt(0)).toBe(true);
  });

  it('answers the REST paths in the legacy shapes', async () => {
    const base = `/neighborhoods/${community}/dashboard`;
    const debtsRest = await t.rest('GET', `${base}/debts`, undefined, { token: admin });
    expect(debtsRest.status).toBe(200);
    expect(debtsRest.body.stats[0]).toEqual({ key: 'DAYS_1_30', amount: expect.stringMatching(/^\d+\.\d\d$/), houses: expect.any(Number) });
    expect(debtsRest.body.total).toBe((await expectedDebt(community)).total);
    const byStreet = await t.rest('GET', `${base}/debts?by=street`, undefined, { token: admin });
    expect(byStreet.body.total).toBe(debtsRest.body.total);
    expect((await t.rest('GET', `${base}/debts?by=planet`, undefined, { token: admin })).status).toBe(400);

    const incomes = await t.rest('GET', `${base}/monthly-incomes`, undefined, { token: admin });
    expect(incomes.body.content).toHaveLength(12);
    expect(incomes.body.total).toBe(12);
    expect(incomes.body.content[0]).toEqual({ month: expect.stringMatching(/^\d{4}-\d\d$/), amount: expect.any(String), payments: expect.any(Number) });

    const outcomes = await t.rest('GET', `${base}/monthly-outcomes?month=${incomes.body.content[10].month}`, undefined, { token: admin });
    expect(outcomes.status).toBe(200);
    expect(outcomes.body.content[0]).toEqual({
      id_concept: expect.any(Number),
      concept: expect.any(String),
      amount_charged: expect.any(String),
      amount_paid: expect.any(String),
    });
    for (const bad of ['2025-13', 'abc', '1900-01', '2025-1']) {
      expect((await t.rest('GET', `${base}/monthly-outcomes?month=${bad}`, undefined, { token: admin })).status, bad).toBe(400);
    }

    const onboarding = await t.rest('GET', `${base}/onboarding-stats`, undefined, { token: admin });
    expect(onboarding.body.houses.find((h: { status: string }) => h.status === 'ACTIVE').total).toBe(
      await t.app.db.prisma.house.count({ where: { neighborhoodId: community, status: 'ACTIVE' } }),
    );

    const latest = await t.rest('GET', `${base}/latest-paid-receipts`, undefined, { token: admin });
    expect(latest.body.content).toHaveLength(5);
    expect(latest.body.content[0]).toMatchObject({ id: expect.any(Number), receipt_payment_status: 'PAID', house_label: expect.any(String) });
    const next = await t.rest('GET', `${base}/latest-paid-receipts?page_size=5&offset=5`, undefined, { token: admin });
    expect(next.body.content.map((r: { id: number }) => r.id)).not.toContain(latest.body.content[0].id);
    const review = await t.rest('GET', `${base}/latest-in-review-receipts`, undefined, { token: admin });
    expect(review.status).toBe(200);
    expect(review.body.content.every((r: { receipt_payment_status: string }) => r.receipt_payment_status === 'REVIEW')).toBe(true);
    expect((await t.rest('GET', `${base}/latest-paid-receipts?page_size=1000`, undefined, { token: admin })).status).toBe(400);
  });

  it('shows money widgets only with their grants, and never another community', async () => {
    const nulls = {
      monthlyIncomes: null,
      monthlyOutcomes: null,
      debts: null,
      byStreet: null,
      latestPaidReceipts: null,
      latestInReviewReceipts: null,
      gatewayPanel: null,
    };
    for (const email of ['propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx']) {
      const token = await t.signIn(email);
      const { body } = await t.gql(MONEY, {}, { token });
      expect(body.errors, email).toBeUndefined();
      expect(body.data.dashboard, email).toEqual({ ...nulls, houseStats: null });
      const rest = await t.rest('GET', `/neighborhoods/${community}/dashboard/debts`, undefined, { token });
      expect(rest.status, email).toBe(403);
    }
    // The configuration administrator sees the house widgets but no money.
    const config = await t.signIn('config@demo.mx');
    const configView = (await t.gql(MONEY, {}, { token: config })).body.data.dashboard;
    expect(configView).toEqual({ ...nulls, houseStats: { total: expect.any(Number) } });
    expect((await t.rest('GET', `/neighborhoods/${community}/dashboard/monthly-incomes`, undefined, { token: config })).status).toBe(403);
    expect((await t.rest('GET', `/neighborhoods/${community}/dashboard/onboarding-stats`, undefined, { token: config })).status).toBe(200);

    // Another community's path is refused; its money never shows here.
    const before = (await t.gql(MONEY, {}, { token: admin })).body.data.dashboard;
    const prisma = t.app.db.prisma;
    const other = await prisma.neighborhood.findFirstOrThrow({ where: { id: { not: community }, houses: { some: {} } } });
    expect((await t.rest('GET', `/neighborhoods/${other.id}/dashboard/debts`, undefined, { token: admin })).status).not.toBe(200);
    const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: other.id } });
    const wallet = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: other.id, type: 'ORDINARY' } });
    const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: other.id } });
    await prisma.receipt.create({
      data: {
        neighborhoodId: other.id,
        houseId: house.id,
        incomeConceptId: concept.id,
        walletId: wallet.id,
        description: 'Ajena',
        year: 2020,
        month: 1,
        dueDate: new Date('2020-01-10'),
        sourceAmount: '99999.00',
        amount: '99999.00',
      },
    });
    await prisma.ledgerEntry.create({ data: { neighborhoodId: other.id, houseId: house.id, walletId: wallet.id, kind: 'DEPOSIT', amount: '77777.00' } });
    const after = (await t.gql(MONEY, {}, { token: admin })).body.data.dashboard;
    expect(after.debts).toEqual(before.debts);
    expect(after.monthlyIncomes).toEqual(before.monthlyIncomes);
  });

  it('debts per key always add up to the debt, whatever the receipts (property)', async () => {
    const prisma = t.app.db.prisma;
    const source = await prisma.neighborhood.findUniqueOrThrow({ where: { id: community } });
    const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: community } });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            house: fc.nat(5),
            street: fc.nat(3),
            daysAgo: fc.integer({ min: -40, max: 400 }),
            cents: fc.integer({ min: 0, max: 5_000_000 }),
            status: fc.constantFrom('NEW', 'SENT', 'PENALTY', 'REVIEW', 'PAID', 'IN_PROGRESS'),
            deleted: fc.boolean(),
            walletCents: fc.integer({ min: -300_000, max: 300_000 }),
          }),
          { maxLength: 25 },
        ),
        async (rows) => {
          run += 1;
          const n = await prisma.neighborhood.create({
            data: { name: `Propiedad ${run}`, domain: `dash_prop_${run}_${Date.now()}`, timeZone: source.timeZone },
          });
          const wallet = await prisma.wallet.create({ data: { neighborhoodId: n.id, type: 'ORDINARY', name: 'Ordinario' } });
          const streets = await Promise.all([0, 1, 2].map((i) => prisma.street.create({ data: { neighborhoodId: n.id, name: `Calle ${i}` } })));
          const houses = await Promise.all(
            [0, 1, 2, 3, 4, 5].map((i) =>
              prisma.house.create({
                data: { neighborhoodId: n.id, catastral: `P-${i}`, status: i === 5 ? 'DELETED' : 'ACTIVE', streetId: streets[i % 4]?.id ?? null },
              }),
            ),
          );
          for (const r of rows) {
            const due = new Date(Date.now() - r.daysAgo * 86_400_000);
            const amount = (r.cents / 100).toFixed(2);
            await prisma.receipt.create({
              data: {
                neighborhoodId: n.id,
                houseId: houses[r.house]!.id,
                incomeConceptId: concept.id,
                walletId: wallet.id,
                description: 'Cuota',
                year: due.getUTCFullYear(),
                month: due.getUTCMonth() + 1,
                dueDate: new Date(`${iso(due)}T00:00:00Z`),
                sourceAmount: amount,
                amount,
                status: r.status as never,
                deletedAt: r.deleted ? new Date() : null,
              },
            });
            if (r.walletCents !== 0) {
              await prisma.ledgerEntry.create({
                data: { neighborhoodId: n.id, houseId: houses[r.house]!.id, walletId: wallet.id, kind: 'ADJUSTMENT', amount: (r.walletCents / 100).toFixed(2) },
              });
            }
          }
          const ctx = { actor: { neighborhoodId: n.id } as never, db: t.app.db };
          const want = await expectedDebt(n.id);
          for (const by of ['AGE', 'STREET'] as const) {
            const got = await debts(ctx, by);
            expect(got.total).toBe(want.total);
            expect(formatMoney(sumMoney(got.stats.map((s) => s.amount)))).toBe(want.total);
            expect(got.houses).toBe(want.houses);
            expect(got.stats.every((s) => !money(s.amount).isNegative())).toBe(true);
          }
          // Incomes of a community without payments: twelve zero months.
          expect((await monthlyIncomes(ctx)).every((m) => m.amount === '0.00')).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('live dashboard', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(createServerAdapter(t.app.fetch));
    t.app.attachWebsocket(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A client signed in with `token`, listening for the first dashboard event. */
  const firstDashboardEvent = (token: string) => {
    const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
    const event = new Promise<any>((resolve, reject) => {
      const dispose = client.subscribe(
        { query: 'subscription { dashboardMoneyUpdated { kind at } }' },
        {
          next: (value) => {
            dispose();
            resolve(value);
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    return { client, event };
  };

  it('tells the open dashboard when a payment lands, and the widgets move', async () => {
    const prisma = t.app.db.prisma;
    const { client: c, event } = firstDashboardEvent(admin);
    // House users may not listen.
    const ownerToken = await t.signIn('propietario@demo.mx');
    const owner = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${ownerToken}` }, retryAttempts: 0, lazy: true });
    const refused = new Promise<any>((resolve) => {
      owner.subscribe({ query: 'subscription { dashboardMoneyUpdated { kind } }' }, { next: resolve, error: resolve, complete: () => {} });
    });
    expect(JSON.stringify(await refused)).toMatch(/FORBIDDEN/);
    await new Promise((r) => setTimeout(r, 300));

    const before = (await t.gql(MONEY, {}, { token: admin })).body.data.dashboard;
    const receipt = await prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: community, status: { in: ['NEW', 'SENT', 'PENALTY'] }, deletedAt: null, creditsWallet: false, house: { status: 'ACTIVE' } },
      orderBy: { dueDate: 'asc' },
    });
    const account = await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: community, accountType: 'CLABE', deletedAt: null } });
    const paid = await t.rest(
      'POST',
      `/neighborhoods/${community}/houses/${receipt.houseId}/payments`,
      { items: [receipt.id], id_income_account: account.id, payment_date: dayOf(new Date()) },
      { token: admin },
    );
    expect(paid.status).toBe(201);
    expect((await event).data.dashboardMoneyUpdated.kind).toBe('PAYMENT');
    await c.dispose();
    await owner.dispose();

    const after = (await t.gql(MONEY, {}, { token: admin })).body.data.dashboard;
    const total = after.monthlyIncomes.at(-1).amount;
    expect(money(total).minus(before.monthlyIncomes.at(-1).amount).toFixed(2)).toBe(money(paid.body.total).toFixed(2));
    expect(after.latestPaidReceipts.receipts[0].databaseId).toBe(receipt.id);
    expect(money(before.debts.total).minus(after.debts.total).gt(0)).toBe(true);
  });

  it('tells it too when a receipt is paid from the wallet', async () => {
    const prisma = t.app.db.prisma;
    const receipt = await prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: community, status: { in: ['NEW', 'SENT'] }, deletedAt: null, creditsWallet: false, house: { status: 'ACTIVE' } },
      orderBy: { id: 'desc' },
    });
    // Money in the receipt's wallet first (a deposit, as a payment that exceeded its receipt leaves).
    await prisma.ledgerEntry.create({
      data: {
        neighborhoodId: community,
        houseId: receipt.houseId,
        walletId: receipt.walletId,
        kind: 'DEPOSIT',
        amount: money(receipt.amount).plus(1_000).toFixed(2),
      },
    });
    const { client: c, event } = firstDashboardEvent(admin);
    await new Promise((r) => setTimeout(r, 300));
    const paid = await t.gql(
      'mutation($input: PayReceiptWithWalletInput!) { payReceiptWithWallet(input: $input) { __typename ... on Error { message } } }',
      { input: { receiptId: Buffer.from(`Receipt:${receipt.id}`).toString('base64') } },
      { token: admin },
    );
    expect(paid.body.data.payReceiptWithWallet.__typename).toBe('MutationPayReceiptWithWalletSuccess');
    expect((await event).data.dashboardMoneyUpdated.kind).toBe('PAYMENT');
    await c.dispose();
  });
});
