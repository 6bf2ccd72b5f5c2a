import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatPesos, money, sumMoney } from '../../../../../core/money.js';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { systemContext } from '../../../../kernel/context.js';
import { incomeRowBatches, incomeRowsPage } from './incomes.js';
import { checkPeriod } from './period.js';

let t: TestApp;
let admin: string;
let olivosId: number;
let torreId: number;
let adminId: number;
let houseIds: number[];
let walletId: number;
let conceptId: number;
let accountId: number;
let expenseConceptId: number;
const prisma = () => t.app.db.prisma;

const INCOMES = `query($dateKind: ReportDateKind, $from: String, $to: String) { incomesReport(dateKind: $dateKind, from: $from, to: $to) {
  period { dateKind from to } total count gatewayFees net
  byConcept { key label count amount } byWallet { key label count amount } byMethod { key label count amount }
  bySource { key label count amount } byAccount { key label count amount }
  walletPayments { count amount } pendingUnknownPayments { count amount }
  rows(first: 100) { id date house concept method source account amount fee } } }`;
const STATEMENT = `query($dateKind: ReportDateKind, $from: String, $to: String) { neighborhoodStatement(dateKind: $dateKind, from: $from, to: $to) {
  opening incomes gatewayFees expenses withdrawalFees withdrawn closing inTransit
  accounts { key label opening incomes gatewayFees expenses withdrawals closing inTransit }
  incomesByConcept { label amount } expensesByConcept { label count amount } } }`;

const download = (path: string, token = admin) => t.app.fetch(new Request(`${BASE}/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));

async function sheets(response: Response): Promise<Record<string, unknown[][]>> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const out: Record<string, unknown[][]> = {};
  for (const ws of workbook.worksheets) {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out[ws.name] = rows;
  }
  return out;
}

/** The PDF's text read back with unpdf: one line of text per printed line, its pieces joined by spaces. */
async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
  return text;
}

/** A printed line that ends with the label, then the amount. */
const printedLine = (label: string, amount: string) => {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${literal(label)}[ \\t]+${literal(amount)}[ \\t]*$`, 'm');
};

/** Noon in Mexico City of a day: far from any day boundary. */
const noon = (day: string) => new Date(`${day}T18:00:00Z`);

interface Deposit {
  day: string;
  cents: number;
  method: 'CARD' | 'STORE' | 'BANK' | 'MANUAL' | 'CASH';
  feeCents: number;
  payerPaysFee: boolean;
  chargeback: boolean;
  house: number;
}

async function addDeposit(d: Deposit) {
  const houseId = houseIds[d.house % houseIds.length];
  const amount = formatMoney(money(d.cents).div(100));
  const receipt = await prisma().receipt.create({
    data: {
      neighborhoodId: olivosId,
      houseId,
      incomeConceptId: conceptId,
      walletId,
      description: 'Cuota de prueba',
      year: Number(d.day.slice(0, 4)),
      month: Number(d.day.slice(5, 7)),
      dueDate: new Date(`${d.day}T00:00:00Z`),
      sourceAmount: amount,
      amount,
      status: 'PAID',
      paymentMethod: d.method,
      realPaymentDate: new Date(`${d.day}T00:00:00Z`),
      incomeAccountId: d.method === 'MANUAL' ? accountId : null,
    },
  });
  let chargeId: string | null = null;
  if (d.method === 'CARD' || d.method === 'STORE') {
    const fee = formatMoney(money(d.feeCents).div(100));
    const charge = await prisma().charge.create({
      data: {
        neighborhoodId: olivosId,
        houseId,
        receiptId: receipt.id,
        method: d.method,
        status: 'COMPLETED',
        amount,
        fee,
        total: d.payerPaysFee ? formatMoney(money(amount).plus(fee)) : amount,
        feePaidByPayer: d.payerPaysFee,
      },
    });
    chargeId = charge.id;
  }
  const dep = await prisma().ledgerEntry.create({
    data: {
      neighborhoodId: olivosId,
      houseId,
      walletId,
      kind: 'DEPOSIT',
      amount,
      receiptId: receipt.id,
      paymentMethod: d.method,
      chargeId,
      createdAt: noon(d.day),
    },
  });
  await prisma().ledgerEntry.create({
    data: {
      neighborhoodId: olivosId,
      houseId,
      walletId,
      kind: 'RECEIPT_PAID',
      amount: `-${amount}`,
      receiptId: receipt.id,
      paymentMethod: d.method,
      createdAt: noon(d.day),
    },
  });
  if (d.chargeback) {
    await prisma().ledgerEntry.create({
      data: {
        neighborhoodId: olivosId,
        houseId,
        walletId,
        kind: 'REVERSAL',
        amount: `-${amount}`,
        receiptId: receipt.id,
        paymentMethod: d.method,
        reversesId: dep.id,
        createdAt: noon(d.day),
      },
    });
  }
}

async function addExpense(day: string, cents: number, cashed: boolean) {
  const total = formatMoney(money(cents).div(100));
  const e = await prisma().expense.create({
    data: {
      neighborhoodId: olivosId,
      status: cashed ? 'CHARGED' : 'PAID',
      expenseConceptId,
      operationDate: new Date(`${day}T00:00:00Z`),
      subtotal: total,
      total,
      createdByUserId: adminId,
      paymentDate: new Date(`${day}T00:00:00Z`),
    },
  });
  const groupId = crypto.randomUUID();
  const base = { neighborhoodId: olivosId, accountId, expenseId: e.id, effectiveDate: new Date(`${day}T00:00:00Z`), createdAt: noon(day) };
  await prisma().communityLedgerEntry.create({ data: { ...base, kind: 'EXPENSE_PAID', amount: `-${total}`, inTransit: true, groupId } });
  if (cashed) {
    const g = crypto.randomUUID();
    await prisma().communityLedgerEntry.createMany({
      data: [
        { ...base, kind: 'EXPENSE_CHARGED', amount: total, inTransit: true, groupId: g },
        { ...base, kind: 'EXPENSE_CHARGED', amount: `-${total}`, inTransit: false, groupId: g },
      ],
    });
  }
}

async function addWithdrawal(day: string, cents: number, feeCents: number) {
  const amount = formatMoney(money(cents).div(100));
  const fee = formatMoney(money(feeCents).div(100));
  const groupId = crypto.randomUUID();
  const base = { neighborhoodId: olivosId, kind: 'WITHDRAWAL' as const, groupId, effectiveDate: new Date(`${day}T00:00:00Z`), createdAt: noon(day) };
  await prisma().communityLedgerEntry.createMany({
    data: [
      { ...base, accountId: null, amount: `-${formatMoney(money(amount).plus(fee))}` },
      { ...base, accountId, amount },
    ],
  });
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  adminId = (await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  houseIds = (await prisma().house.findMany({ where: { neighborhoodId: olivosId }, select: { id: true }, orderBy: { id: 'asc' }, take: 5 })).map((h) => h.id);
  walletId = (await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } })).id;
  conceptId = (await prisma().incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, walletId } })).id;
  accountId = (await prisma().incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, deletedAt: null } })).id;
  expenseConceptId = (await prisma().expenseConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId } })).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('period parameters', () => {
  it('needs from or to, orders them, bounds the span and the kind', () => {
    expect(() => checkPeriod({}, '2026-11-20')).toThrow('Indica la fecha');
    expect(checkPeriod({ from: '2026-03-01' }, '2026-11-20')).toEqual({ dateKind: 'SYSTEM_DATE', from: '2026-03-01', to: '2026-11-20' });
    expect(checkPeriod({ to: '2025-05-31', dateKind: 'payment_date' }, '2026-11-20')).toEqual({
      dateKind: 'PAYMENT_DATE',
      from: '2025-01-01',
      to: '2025-05-31',
    });
    expect(() => checkPeriod({ from: '2026-03-02', to: '2026-03-01' }, 'x')).toThrow('El campo "Desde" debe de ser anterior o igual al campo "Hasta".');
    expect(() => checkPeriod({ from: '2000-01-01', to: '2010-01-01' }, 'x')).toThrow('5 años');
    expect(() => checkPeriod({ from: '2026-02-30' }, 'x')).toThrow('no es válida');
    expect(() => checkPeriod({ from: '2026-01-01', dateKind: 'OTHER' }, 'x')).toThrow('tipo de fecha');
  });
});

describe('totals equal the ledger (property)', () => {
  it('for random payments, chargebacks, fees, expenses and withdrawals', async () => {
    let run = 0;
    const day = fc.integer({ min: 1, max: 28 }).map((d) => String(d).padStart(2, '0'));
    const deposit = fc.record({
      d: day,
      cents: fc.integer({ min: 1, max: 10_000_000 }),
      method: fc.constantFrom('CARD', 'STORE', 'BANK', 'MANUAL', 'CASH') as fc.Arbitrary<Deposit['method']>,
      feeCents: fc.integer({ min: 0, max: 50_000 }),
      payerPaysFee: fc.boolean(),
      chargeback: fc.boolean().map((b) => b && Math.random() < 0.3),
      house: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(deposit, { maxLength: 8 }),
        fc.array(fc.record({ d: day, cents: fc.integer({ min: 1, max: 5_000_000 }), cashed: fc.boolean() }), { maxLength: 4 }),
        fc.array(fc.record({ d: day, cents: fc.integer({ min: 1, max: 5_000_000 }), fee: fc.integer({ min: 0, max: 2_000 }) }), { maxLength: 2 }),
        async (deposits, expenses, withdrawals) => {
          const month = `2003-${String(++run).padStart(2, '0')}`;
          const before = (await t.gql(STATEMENT, { from: `${month}-01`, to: `${month}-28` }, { token: admin })).body.data.neighborhoodStatement;
          for (const x of deposits) await addDeposit({ ...x, day: `${month}-${x.d}` });
          for (const x of expenses) await addExpense(`${month}-${x.d}`, x.cents, x.cashed);
          for (const x of withdrawals) await addWithdrawal(`${month}-${x.d}`, x.cents, x.fee);
          const cents = (c: number) => money(c).div(100);
          const incomes = sumMoney(deposits.map((x) => (x.chargeback ? money(0) : cents(x.cents))));
          const fees = sumMoney(deposits.filter((x) => (x.method === 'CARD' || x.method === 'STORE') && !x.payerPaysFee).map((x) => cents(x.feeCents)));
          const spent = sumMoney(expenses.map((x) => cents(x.cents)));
          const wFees = sumMoney(withdrawals.map((x) => cents(x.fee)));
          for (const dateKind of ['SYSTEM_DATE', 'PAYMENT_DATE']) {
            const r = (await t.gql(INCOMES, { dateKind, from: `${month}-01`, to: `${month}-28` }, { token: admin })).body.data.incomesReport;
            expect(r.total).toBe(formatMoney(incomes));
            expect(r.count).toBe(deposits.length + deposits.filter((x) => x.chargeback).length);
            expect(r.gatewayFees).toBe(formatMoney(fees));
            for (const k of ['byConcept', 'byWallet', 'byMethod', 'bySource', 'byAccount'])
              expect(formatMoney(sumMoney(r[k].map((l: { amount: string }) => l.amount)))).toBe(r.total);
            const s = (await t.gql(STATEMENT, { dateKind, from: `${month}-01`, to: `${month}-28` }, { token: admin })).body.data.neighborhoodStatement;
            expect(s.incomes).toBe(formatMoney(incomes));
            expect(s.gatewayFees).toBe(formatMoney(fees));
            expect(s.expenses).toBe(formatMoney(spent));
            expect(s.withdrawalFees).toBe(formatMoney(wFees));
            expect(s.opening).toBe(before.closing);
            expect(s.closing).toBe(formatMoney(money(s.opening).plus(incomes).minus(fees).minus(spent).minus(wFees)));
            expect(formatMoney(sumMoney(s.accounts.map((a: { closing: string }) => a.closing)))).toBe(s.closing);
            expect(formatMoney(sumMoney(s.expensesByConcept.map((l: { amount: string }) => l.amount)))).toBe(s.expenses);
          }
        },
      ),
      { numRuns: 12 },
    );
    // The closing equals the ledgers summed independently (every movement up to the end of the last month).
    const end = new Date('2003-12-29T06:00:00Z');
    const [dep, rev, own] = await Promise.all([
      prisma().ledgerEntry.aggregate({ where: { neighborhoodId: olivosId, kind: 'DEPOSIT', createdAt: { lt: end } }, _sum: { amount: true } }),
      prisma().$queryRaw<{ s: string }[]>`SELECT coalesce(sum(le.amount), 0)::text AS s FROM "LedgerEntry" le JOIN "LedgerEntry" d ON d.id = le."reversesId"
        WHERE le."neighborhoodId" = ${olivosId} AND le.kind = 'REVERSAL' AND d.kind = 'DEPOSIT' AND le."createdAt" < ${end}`,
      prisma().communityLedgerEntry.aggregate({ where: { neighborhoodId: olivosId, createdAt: { lt: end } }, _sum: { amount: true } }),
    ]);
    const s = (await t.gql(STATEMENT, { from: '2003-12-01', to: '2003-12-28' }, { token: admin })).body.data.neighborhoodStatement;
    const feeSum = (
      await prisma().$queryRaw<
        { s: string }[]
      >`SELECT coalesce(sum(c.fee), 0)::text AS s FROM "Charge" c JOIN "LedgerEntry" le ON le."chargeId" = c.id AND le.kind = 'DEPOSIT'
        WHERE c."neighborhoodId" = ${olivosId} AND NOT c."feePaidByPayer" AND le."createdAt" < ${end}`
    )[0].s;
    expect(s.closing).toBe(
      formatMoney(
        money(dep._sum.amount ?? 0)
          .plus(rev[0].s)
          .minus(feeSum)
          .plus(own._sum.amount ?? 0),
      ),
    );
  }, 300_000);
});

describe('the reports through GraphQL, REST and their files', () => {
  const M = '2004-03';
  beforeAll(async () => {
    await addDeposit({ day: `${M}-05`, cents: 150_050, method: 'CARD', feeCents: 4_600, payerPaysFee: false, chargeback: false, house: 0 });
    await addDeposit({ day: `${M}-06`, cents: 99_999, method: 'MANUAL', feeCents: 0, payerPaysFee: true, chargeback: false, house: 1 });
    await addDeposit({ day: `${M}-07`, cents: 1, method: 'STORE', feeCents: 0, payerPaysFee: true, chargeback: true, house: 2 });
    // 23:30 in Mexico City on the 29th of February is the 1st of March in UTC: it belongs to February.
    await prisma().ledgerEntry.create({
      data: {
        neighborhoodId: olivosId,
        houseId: houseIds[0],
        walletId,
        kind: 'DEPOSIT',
        amount: '77.00',
        paymentMethod: 'CASH',
        createdAt: new Date(`${M}-01T05:30:00Z`),
      },
    });
    await addExpense(`${M}-10`, 50_000, true);
    await addWithdrawal(`${M}-11`, 100_000, 928);
  });

  it('answers the incomes of the month with its breakdowns, to the cent, and the time zone decides the day', async () => {
    const { body } = await t.gql(INCOMES, { from: `${M}-01`, to: `${M}-31` }, { token: admin });
    const r = body.data.incomesReport;
    expect(r.period).toEqual({ dateKind: 'SYSTEM_DATE', from: `${M}-01`, to: `${M}-31` });
    expect(r.total).toBe('2500.49');
    expect(r.gatewayFees).toBe('46.00');
    expect(r.net).toBe('2454.49');
    expect(r.count).toBe(4);
    expect(r.bySource.map((l: { key: string; amount: string }) => [l.key, l.amount])).toEqual([
      ['RECEIPT_PAYMENT', '2500.50'],
      ['CHARGEBACK', '-0.01'],
    ]);
    expect(r.rows.map((x: { amount: string }) => x.amount)).toEqual(['1500.50', '999.99', '0.01', '-0.01']);
    const feb = (await t.gql(INCOMES, { from: '2004-02-29', to: '2004-02-29' }, { token: admin })).body.data.incomesReport;
    expect(feb.total).toBe('77.00');
    expect(feb.bySource[0].key).toBe('WALLET_DEPOSIT');
  });

  it('closes the statement: opening + incomes − fees − expenses − withdrawal fees = closing', async () => {
    const prev = (await t.gql(STATEMENT, { from: '2004-02-01', to: '2004-02-29' }, { token: admin })).body.data.neighborhoodStatement;
    const s = (await t.gql(STATEMENT, { from: `${M}-01`, to: `${M}-31` }, { token: admin })).body.data.neighborhoodStatement;
    expect(s.opening).toBe(prev.closing);
    expect(s.incomes).toBe('2500.49');
    expect(s.gatewayFees).toBe('46.00');
    expect(s.expenses).toBe('500.00');
    expect(s.withdrawalFees).toBe('9.28');
    expect(s.withdrawn).toBe('1000.00');
    expect(s.closing).toBe(formatMoney(money(s.opening).plus('2500.49').minus('46.00').minus('500.00').minus('9.28')));
    const gateway = s.accounts.find((a: { key: string }) => a.key === 'GATEWAY:');
    expect(gateway.withdrawals).toBe('-1009.28');
  });

  it('answers REST in snake_case and refuses bad parameters in Spanish', async () => {
    const ok = await t.rest('GET', `/neighborhoods/${olivosId}/incomes?date_kind=system_date&from=${M}-01&to=${M}-31&page_size=2`, undefined, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ date_kind: 'SYSTEM_DATE', total: '2500.49', gateway_fees: '46.00', count: 4, page_size: 2 });
    expect(ok.body.incomes).toHaveLength(2);
    const st = await t.rest('GET', `/neighborhoods/${olivosId}/statements?from=${M}-01&to=${M}-31`, undefined, { token: admin });
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({ incomes: '2500.49', expenses: '500.00', withdrawal_fees: '9.28' });
    for (const [q, text] of [
      ['', 'Indica la fecha'],
      ['from=2004-03-31&to=2004-03-01', 'El campo "Desde" debe de ser anterior o igual al campo "Hasta".'],
      ['from=2004-13-01', 'no es válida'],
      ['from=1990-01-01&to=2030-01-01', 'no es válida'],
      ['from=2001-01-01&to=2008-01-01', '5 años'],
      ['date_kind=YESTERDAY&from=2004-03-01', 'tipo de fecha'],
      [`from=${'9'.repeat(5000)}`, ''],
      ['from=2004-03-01%00', ''],
    ] as const) {
      for (const path of ['incomes', 'statements', 'incomes/xls', 'statements/print']) {
        const res = await t.rest('GET', `/neighborhoods/${olivosId}/${path}?${q}`, undefined, { token: admin });
        expect(res.status, `${path}?${q.slice(0, 40)}`).toBe(400);
        expect(res.body.description).toContain(text);
      }
    }
  });

  it('exports the incomes as XLSX and PDF with the same totals', async () => {
    const book = await sheets(await download(`/neighborhoods/${olivosId}/incomes/xls?from=${M}-01&to=${M}-31`));
    const summary = book.Resumen;
    expect(summary.find((r) => r[0] === 'Total de ingresos')).toEqual(['Total de ingresos', 4, 2500.49]);
    const moves = book.Movimientos;
    expect(moves[0]).toContain('Importe');
    const amounts = moves.slice(1, -1).map((r) => r[9] as number);
    expect(formatMoney(sumMoney(amounts.map((a) => a.toFixed(2))))).toBe('2500.49');
    expect(moves.at(-1)?.[9]).toBe(2500.49);
    const text = await pdfText(await download(`/neighborhoods/${olivosId}/incomes/pdf?from=${M}-01&to=${M}-31`));
    expect(text).toContain('Reporte de ingresos');
    expect(text).toMatch(printedLine('Total de ingresos', formatPesos('2500.49')));
    expect(text).toContain('Contracargos');
  });

  it('reads the movements of a file in batches, each asked for ahead: the same rows in the same order as one page', async () => {
    const p = {
      dateKind: 'SYSTEM_DATE' as const,
      from: `${M}-01`,
      to: `${M}-31`,
      timeZone: 'America/Mexico_City',
      communityName: 'Los Olivos',
      today: '2026-11-30',
      neighborhoodId: olivosId,
    };
    const ctx = systemContext(t.app);
    const page = await incomeRowsPage(ctx, p, 0, 1000);
    expect(page.length).toBeGreaterThanOrEqual(3);
    const batches: number[] = [];
    const read: unknown[] = [];
    for await (const batch of incomeRowBatches(ctx, p, 2)) {
      batches.push(batch.length);
      read.push(...batch);
    }
    expect(read).toEqual(page);
    expect(batches.slice(0, -1).every((n) => n === 2)).toBe(true);
    // A reader that stops after the first batch leaves the next one unread, and nothing fails later.
    for await (const batch of incomeRowBatches(ctx, p, 2)) {
      expect(batch).toEqual(page.slice(0, 2));
      break;
    }
  });

  it('exports the statement as XLSX and prints it as PDF', async () => {
    const s = (await t.gql(STATEMENT, { from: `${M}-01`, to: `${M}-31` }, { token: admin })).body.data.neighborhoodStatement;
    const book = await sheets(await download(`/neighborhoods/${olivosId}/statements/xls?from=${M}-01&to=${M}-31`));
    const rows = Object.values(book)[0];
    expect(rows.find((r) => r[0] === 'Saldo final')?.[1]).toBe(Number(s.closing));
    expect(rows.find((r) => r[0] === '(+) Ingresos')?.[1]).toBe(2500.49);
    const text = await pdfText(await download(`/neighborhoods/${olivosId}/statements/print?from=${M}-01&to=${M}-31`));
    expect(text).toContain('Estado de cuenta de la comunidad');
    expect(text).toMatch(printedLine('Saldo final', formatPesos(s.closing)));
    expect(text).toMatch(printedLine('(+) Ingresos', formatPesos('2500.49')));
    // Helvetica (the PDF's font) has no U+2212 minus: the label is written with a hyphen-minus, as printed.
    expect(text).toMatch(printedLine('(-) Egresos pagados', '-$500.00'));
    expect(text).toMatch(/^\(-\) Comisiones de pagos en línea[ \t]+-?\$[\d,]+\.\d{2}[ \t]*$/m);
  });

  it('refuses roles without the grant and another community', async () => {
    for (const email of ['propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx', 'config@demo.mx']) {
      const token = await t.signIn(email);
      for (const q of [INCOMES, STATEMENT]) {
        const { body } = await t.gql(q, { from: `${M}-01`, to: `${M}-31` }, { token });
        expect(body.data).toBeNull();
        expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
      }
      for (const path of ['incomes', 'incomes/xls', 'incomes/pdf', 'statements', 'statements/print', 'statements/xls']) {
        const res = await t.rest('GET', `/neighborhoods/${olivosId}/${path}?from=${M}-01`, undefined, { token });
        expect(res.status, `${email} ${path}`).toBe(403);
      }
    }
    // The administrator of both communities reading Torre Azul sees Torre Azul's money, never Los Olivos'.
    const torre = await t.rest('GET', `/neighborhoods/${torreId}/incomes?from=${M}-01&to=${M}-31`, undefined, { token: admin });
    // (the session acts in the community it signed in to: another id answers 404, never data)
    expect([200, 404]).toContain(torre.status);
    if (torre.status === 200) expect(torre.body.total).toBe('0.00');
    else expect(torre.body.total).toBeUndefined();
    const config = await t.signIn('config@demo.mx');
    const foreign = await t.rest('GET', `/neighborhoods/${torreId}/statements?from=${M}-01`, undefined, { token: config });
    expect([403, 404]).toContain(foreign.status);
  });
});
