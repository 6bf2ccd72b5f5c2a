// Every money figure agrees with every other (issue 25): the dashboard, the community statement, the
// incomes report, transactions and balances, and the ledgers, for the same period, per account and per
// wallet, to the cent; and no account ever holds a balance it could not have. Over the seeded demo, then
// over random sequences of the money actions an administration takes (fast-check), each through GraphQL.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, sumMoney } from '../core/money.js';
import { gid } from './payingCommunity.js';
import { startTestApp, type TestApp } from './testApp.js';

let t: TestApp;
let admin: string;
let treasurer: string;
let n: number;
let today: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  treasurer = await t.signIn('tesoreria@demo.mx');
  const community = await t.app.db.prisma.neighborhood.findFirstOrThrow({ where: { domain: 'los_olivos' } });
  n = community.id;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: community.timeZone }).format(new Date());
});
afterAll(() => t?.close());

async function ask(query: string, variables: Record<string, unknown> = {}, token = admin) {
  const { body } = await t.gql(query, variables, { token });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

const FIGURES = `query($from: String!, $to: String!) {
  neighborhoodStatement(dateKind: SYSTEM_DATE, from: $from, to: $to) {
    opening closing incomes expenses gatewayFees withdrawalFees withdrawn inTransit
    accounts { key label opening incomes expenses gatewayFees withdrawals closing inTransit }
  }
  incomesReport(dateKind: SYSTEM_DATE, from: $from, to: $to) { total gatewayFees net count byAccount { label amount } byWallet { label amount } }
  transactionsSummary(filter: { dateKind: SYSTEM_DATE, from: $from, to: $to }) {
    accounts { databaseId name opening movements closing inTransit }
    wallets { databaseId name opening movements closing }
  }
}`;

const eq = (a: Parameters<typeof money>[0], b: Parameters<typeof money>[0], what: string) => expect(money(a).toFixed(2), what).toBe(money(b).toFixed(2));

/** The ledgers read directly: what each place holds (the gateway: null) and each wallet, up to the end of `to`. */
async function ledgers(to: string) {
  const end = new Date(Date.parse(`${to}T00:00:00-06:00`) + 86_400_000);
  const places = await t.app.db.sql<{ place: number | null; amount: string }>(
    `SELECT place, sum(amount)::text AS amount FROM (
       SELECT CASE WHEN l."chargeId" IS NOT NULL OR (l."paymentMethod" IN ('CARD','STORE','BANK') AND r."incomeAccountId" IS NULL) THEN NULL
                   ELSE r."incomeAccountId" END AS place,
              l.amount - COALESCE(CASE WHEN c."feePaidByPayer" = false AND l.kind = 'DEPOSIT' THEN c.fee END, 0) AS amount
         FROM "LedgerEntry" l LEFT JOIN "Receipt" r ON r.id = l."receiptId" LEFT JOIN "Charge" c ON c.id = l."chargeId"
        WHERE l."neighborhoodId" = $1 AND l."createdAt" < $2
          AND (l.kind = 'DEPOSIT' OR (l.kind = 'REVERSAL' AND EXISTS (SELECT 1 FROM "LedgerEntry" d WHERE d.id = l."reversesId" AND d.kind = 'DEPOSIT')))
       UNION ALL
       SELECT "accountId", amount FROM "CommunityLedgerEntry" WHERE "neighborhoodId" = $1 AND "createdAt" < $2) x
     GROUP BY place`,
    [n, end],
  );
  const wallets = await t.app.db.sql<{ walletId: number; amount: string }>(
    `SELECT "walletId", sum(amount)::text AS amount FROM "LedgerEntry" WHERE "neighborhoodId" = $1 AND "createdAt" < $2 GROUP BY "walletId"`,
    [n, end],
  );
  return { places, wallets };
}

/** Checks that every figure of the period agrees; answers the statement. */
async function reconcile(from: string, to: string) {
  const d = await ask(FIGURES, { from, to });
  const s = d.neighborhoodStatement;
  const report = d.incomesReport;
  const tx = d.transactionsSummary;
  // The statement adds up, and its total row is the sum of its accounts.
  eq(money(s.opening).plus(s.incomes).minus(s.gatewayFees).minus(s.expenses).minus(s.withdrawalFees), s.closing, 'statement: opening + in − out = closing');
  for (const field of ['opening', 'incomes', 'expenses', 'gatewayFees', 'closing'] as const)
    eq(sumMoney(s.accounts.map((a: any) => a[field])), s[field], `statement: accounts' ${field}`);
  for (const a of s.accounts)
    eq(money(a.opening).plus(a.incomes).minus(a.gatewayFees).minus(a.expenses).plus(a.withdrawals), a.closing, `statement ${a.label} adds up`);
  // The incomes report counts the same money in.
  eq(report.total, s.incomes, 'incomes report total = statement incomes');
  eq(report.gatewayFees, s.gatewayFees, 'incomes report fees = statement fees');
  eq(sumMoney(report.byAccount.map((l: any) => l.amount)), report.total, 'incomes by account');
  eq(sumMoney(report.byWallet.map((l: any) => l.amount)), report.total, 'incomes by wallet');
  // Transactions' balances per account are the statement's, and the ledgers'.
  const { places, wallets } = await ledgers(to);
  const held = (id: number | null) => places.find((p) => p.place === id)?.amount ?? '0';
  for (const a of tx.accounts) {
    const row = s.accounts.find((x: any) => x.key === (a.databaseId == null ? 'GATEWAY:' : `ACCOUNT:${a.databaseId}`));
    expect(row, `statement row for ${a.name} (${JSON.stringify(s.accounts.map((x: any) => x.key))})`).toBeDefined();
    eq(a.opening, row.opening, `${a.name}: opening (transactions vs statement)`);
    eq(a.closing, row.closing, `${a.name}: closing (transactions vs statement)`);
    eq(a.closing, held(a.databaseId ?? null), `${a.name}: closing (transactions vs ledger)`);
    // An account never holds what it could not have.
    expect(money(a.closing).greaterThanOrEqualTo(0), `${a.name} closes at ${a.closing} on ${to}`).toBe(true);
  }
  for (const w of tx.wallets) eq(w.closing, wallets.find((x) => x.walletId === w.databaseId)?.amount ?? '0', `wallet ${w.name}: transactions vs ledger`);
  return s;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return `${ym}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const fiveYearsAgo = () => `${Number(today.slice(0, 4)) - 4}-01-01`;

describe('the demo community', () => {
  it('agrees with itself month by month, and the dashboard agrees with the reports', async () => {
    const { dashboard } = await ask(`{ dashboard { monthlyIncomes(months: 12) { month amount payments } gatewayPanel { balance } debts { total houses } } }`);
    for (const { month, amount, payments } of dashboard.monthlyIncomes) {
      const to = month === today.slice(0, 7) ? today : monthEnd(month);
      const s = await reconcile(`${month}-01`, to);
      eq(amount, s.incomes, `dashboard income of ${month} = statement incomes`);
      const { incomesReport } = await ask(`query($f: String!, $t: String!) { incomesReport(dateKind: SYSTEM_DATE, from: $f, to: $t) { count } }`, {
        f: `${month}-01`,
        t: to,
      });
      expect(incomesReport.count, `payments of ${month}`).toBe(payments);
    }
    // Everything the community ever had: the gateway's balance on the dashboard is the statement's.
    const all = await reconcile(fiveYearsAgo(), today);
    const gateway = all.accounts.find((a: any) => a.key === 'GATEWAY:');
    eq(dashboard.gatewayPanel.balance, gateway.closing, 'dashboard gateway balance = statement gateway closing');
    expect(money(all.closing).greaterThan(0)).toBe(true);
  });

  it('never closed a day with a negative balance in any account', async () => {
    const rows = await t.app.db.sql<{ place: string; day: string; balance: string }>(
      `WITH moves AS (
         SELECT CASE WHEN l."chargeId" IS NOT NULL OR (l."paymentMethod" IN ('CARD','STORE','BANK') AND r."incomeAccountId" IS NULL) THEN 'gateway'
                     ELSE COALESCE(r."incomeAccountId"::text, 'none') END AS place, l."createdAt" AS at, l.amount
           FROM "LedgerEntry" l LEFT JOIN "Receipt" r ON r.id = l."receiptId"
          WHERE l."neighborhoodId" = $1 AND l.kind = 'DEPOSIT'
         UNION ALL
         SELECT COALESCE("accountId"::text, 'gateway'), "createdAt", amount FROM "CommunityLedgerEntry" WHERE "neighborhoodId" = $1),
       days AS (SELECT place, ((at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Mexico_City')::date AS day, sum(amount) AS amount FROM moves GROUP BY 1, 2),
       running AS (SELECT place, day, sum(amount) OVER (PARTITION BY place ORDER BY day) AS balance FROM days)
       SELECT place, day::text AS day, balance::text FROM running WHERE balance < 0 ORDER BY day LIMIT 5`,
      [n],
    );
    expect(rows).toEqual([]);
  });

  it('offers an administrator expenses she can approve, and refuses her own with the rule', async () => {
    const treasurerId = (await t.app.db.prisma.user.findFirstOrThrow({ where: { email: 'tesoreria@demo.mx' } })).id;
    const { expenses } = await ask(`{ expenses(first: 50, filter: { status: [NEW, EDITED] }) { edges { node { id createdByUserDatabaseId } } } }`);
    const waiting = expenses.edges.map((e: any) => e.node);
    expect(waiting.length).toBeGreaterThan(0);
    const theirs = waiting.find((e: any) => e.createdByUserDatabaseId === treasurerId);
    expect(theirs, 'an expense the treasurer registered waits for the administrator').toBeDefined();
    const decide = `mutation($input: DecideExpenseInput!) { decideExpense(input: $input) { __typename ... on Error { message } } }`;
    const ok = await ask(decide, { input: { id: theirs.id, accepted: true } });
    expect(ok.decideExpense.__typename).not.toMatch(/Error$/);
  });
});

describe('random sequences of money actions', () => {
  it('keep every figure in agreement', async () => {
    const prisma = t.app.db.prisma;
    const bank = await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: n, accountType: 'CLABE', deletedAt: null } });
    const ordinary = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: n, type: 'ORDINARY' } });
    const houses = (await prisma.house.findMany({ where: { neighborhoodId: n, status: 'ACTIVE' }, select: { id: true }, orderBy: { id: 'asc' } })).map(
      (h) => h.id,
    );
    const provider = await prisma.provider.findFirstOrThrow({ where: { neighborhoodId: n, clabe: { not: null } } });
    const open = (houseId: number) =>
      prisma.receipt.findFirst({ where: { houseId, deletedAt: null, status: { in: ['NEW', 'SENT', 'PENALTY'] } }, orderBy: { id: 'asc' } });

    const action = fc.oneof(
      fc.record({ kind: fc.constant('capture' as const), house: fc.nat(), daysAgo: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('external' as const), house: fc.nat(), daysAgo: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('credit' as const), house: fc.nat(), cents: fc.integer({ min: 100, max: 300_000 }) }),
      fc.record({ kind: fc.constant('wallet' as const), house: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), house: fc.nat() }),
      fc.record({ kind: fc.constant('expense' as const), cents: fc.integer({ min: 1_000, max: 2_000_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 6 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === 'expense') {
            // A consistent administration pays only what the bank account holds.
            const s = await ask(
              `query($f: String!, $t: String!) { neighborhoodStatement(dateKind: SYSTEM_DATE, from: $f, to: $t) { accounts { key closing } } }`,
              {
                f: fiveYearsAgo(),
                t: today,
              },
            );
            const held = money(s.neighborhoodStatement.accounts.find((x: any) => x.key === `ACCOUNT:${bank.id}`)?.closing ?? '0');
            const price = money(a.cents).dividedBy(100);
            if (held.lessThan(price)) continue;
            const created = await ask(
              `mutation($input: CreateExpenseInput!) { createExpense(input: $input) { __typename ... on MutationCreateExpenseSuccess { data { expense { id status } } } ... on Error { message } } }`,
              {
                input: {
                  providerId: gid('Provider', provider.id),
                  operationDate: today,
                  lines: [{ description: 'Reparación', quantity: '1', unitPrice: price.toFixed(2) }],
                },
              },
              treasurer,
            );
            const expense = created.createExpense.data?.expense;
            expect(expense, JSON.stringify(created)).toBeTruthy();
            if (expense.status !== 'APPROVED')
              await ask(`mutation($input: DecideExpenseInput!) { decideExpense(input: $input) { __typename } }`, { input: { id: expense.id, accepted: true } });
            const paid = await ask(`mutation($input: PayExpenseInput!) { payExpense(input: $input) { __typename ... on Error { message } } }`, {
              input: { id: expense.id, accountId: gid('IncomeAccount', bank.id), paymentType: 'TRANSFER', clabe: provider.clabe, bank: provider.bank },
            });
            expect(paid.payExpense.__typename, JSON.stringify(paid)).not.toMatch(/Error$/);
            continue;
          }
          const houseId = houses[a.house % houses.length];
          if (a.kind === 'credit') {
            await ask(`mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`, {
              input: { houseId: gid('House', houseId), walletId: ordinary.id, amount: money(a.cents).dividedBy(100).toFixed(2), reason: 'Ajuste de prueba' },
            });
            continue;
          }
          const receipt = await open(houseId);
          if (!receipt) continue;
          const receiptId = gid('Receipt', receipt.id);
          const day = new Date(Date.parse(`${today}T12:00:00Z`) - ('daysAgo' in a ? a.daysAgo : 0) * 86_400_000).toISOString().slice(0, 10);
          if (a.kind === 'capture')
            await ask(`mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { __typename } }`, {
              input: { houseId: gid('House', houseId), receiptIds: [receiptId], incomeAccountId: bank.id, paymentDate: day },
            });
          if (a.kind === 'external')
            await ask(`mutation($input: CreateExternalPaymentInput!) { createExternalPayment(input: $input) { __typename } }`, {
              input: {
                receiptId,
                houseId: gid('House', houseId),
                method: 'TRANSFER',
                incomeAccountId: bank.id,
                paymentDate: day,
                authorization: 'SPEI-PRUEBA',
              },
            });
          if (a.kind === 'wallet')
            await ask(`mutation($input: PayReceiptWithWalletInput!) { payReceiptWithWallet(input: $input) { __typename } }`, { input: { receiptId } });
          if (a.kind === 'delete') await ask(`mutation($input: DeleteReceiptInput!) { deleteReceipt(input: $input) { __typename } }`, { input: { receiptId } });
        }
        await reconcile(monthStart(today), today);
        await reconcile(fiveYearsAgo(), today);
      }),
      { numRuns: 8 },
    );
  });
});
