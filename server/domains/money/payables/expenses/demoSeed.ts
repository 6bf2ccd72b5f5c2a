// The demo community's providers and a year of expenses: about fifteen a month in every status (older
// ones paid and cashed, recent ones waiting for approval, approved, invoiced or paid, a few rejected or
// deleted), some in groups, with their ledger entries and audit rows. Every payment comes out of the bank
// account when it has the money: the administration withdraws from the gateway to the bank what the
// month's payments need (planPayments), as the app's withdrawals do; an expense nothing could pay stays
// approved. The recent ones are registered by one administrator and decided by the other (an approver
// never decides her own). Everything goes in with createMany (the seed runs for every test database snapshot).
import { randomUUID } from 'node:crypto';
import { expenseTotals, lineAmount, taxAmount, type ExpenseStatus } from '../../../../../core/expenses.js';
import { money } from '../../../../../core/money.js';
import { payoutFee } from '../../../../../core/withdrawals.js';
import { periodName, todayIn } from '../../../../../core/receipts.js';
import { clabeCheckDigit } from '../../../../../core/validators.js';
import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';

const clabeOf = (first17: string) => `${first17}${clabeCheckDigit(first17)}`;

/** name, RFC, method, bank, CLABE prefix (bank + plaza + account), concept, monthly price, retains (a person's fees). */
const PROVIDERS = [
  ['Seguridad Privada Querétaro S.A. de C.V.', 'SPQ150301AB3', 'TRANSFER', 'BBVA', '01268000123456789', 'Vigilancia', '9800', false],
  ['Jardines del Valle S.A. de C.V.', 'JVA170512KL9', 'TRANSFER', 'Banorte', '07268000987654321', 'Jardinería', '3400', false],
  ['Limpieza Integral del Bajío S.C.', 'LIB120820QW4', 'TRANSFER', 'Santander', '01468000555511112', 'Limpieza', '3900', false],
  ['CFE Suministrador de Servicios Básicos', 'CSS160330CP7', 'TRANSFER', 'Banamex', '00268000444433331', 'Energía eléctrica', '2600', false],
  ['Comisión Estatal de Aguas', 'CEA800101AA1', 'CHECK', null, null, 'Agua', '1500', false],
  ['Bombas y Riego Hidráulico S.A. de C.V.', 'BRH190214MN2', 'TRANSFER', 'HSBC', '02168000777788889', 'Mantenimiento de áreas comunes', '1700', false],
  ['Ernesto Salinas Robles', 'SARE800915HG5', 'CHECK', 'BBVA', null, 'Mantenimiento de áreas comunes', '1200', true],
  ['Pinturas y Acabados Corregidora S.A. de C.V.', 'PAC180606TR8', 'TRANSFER', 'Banorte', '07268000246813579', 'Mantenimiento de áreas comunes', '2800', false],
] as const;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (d: string) => new Date(`${d}T00:00:00Z`);

/** Status of the i-th expense of the month `m` months ago (0: this month). */
function statusFor(m: number, i: number): ExpenseStatus {
  if (m === 0)
    return (
      [
        'NEW',
        'EDITED',
        'NEW',
        'REJECTED',
        'APPROVED',
        'INVOICE',
        'PAID',
        'APPROVED',
        'NEW',
        'PAID',
        'INVOICE',
        'DELETED',
        'EDITED',
        'APPROVED',
        'PAID',
      ] as const
    )[i % 15];
  if (m === 1)
    return (
      [
        'CHARGED',
        'PAID',
        'INVOICE',
        'CHARGED',
        'APPROVED',
        'PAID',
        'CHARGED',
        'INVOICE',
        'CHARGED',
        'REJECTED',
        'PAID',
        'CHARGED',
        'APPROVED',
        'CHARGED',
        'INVOICE',
      ] as const
    )[i % 15];
  if (i === 7) return 'DELETED';
  if (i === 11 && m % 3 === 0) return 'PAID';
  return 'CHARGED';
}

export async function seedExpenses({ prisma, neighborhoodId, adminUserId }: DemoSeedContext): Promise<void> {
  const concepts = await prisma.expenseConcept.findMany({ where: { neighborhoodId, deletedAt: null }, select: { id: true, concept: true } });
  const conceptId = (name: string) => concepts.find((c) => c.concept === name)?.id ?? null;
  const accounts = await prisma.incomeAccount.findMany({ where: { neighborhoodId, deletedAt: null }, orderBy: { id: 'asc' } });
  const bank = accounts.find((a) => a.accountType === 'CLABE') ?? accounts[0];
  if (!bank) return;
  const treasurer = await prisma.user.findFirst({ where: { email: 'tesoreria@demo.mx' }, select: { id: true } });
  const otherAuthor = treasurer?.id ?? adminUserId;

  const providers = await prisma.provider.createManyAndReturn({
    data: PROVIDERS.map(([name, rfc, method, bankName, clabe, concept]) => ({
      neighborhoodId,
      name,
      rfc,
      paymentMethod: method,
      bank: bankName,
      clabe: clabe ? clabeOf(clabe) : null,
      expenseConceptId: conceptId(concept),
    })),
  });

  const today = todayIn('America/Mexico_City');
  const [year, month, dayOfMonth] = today.split('-').map(Number);
  type Row = {
    status: ExpenseStatus;
    providerIndex: number;
    date: string;
    quantity: string;
    unitPrice: string;
    author: number;
    approveRequired: boolean;
    m: number;
  };
  const rows: Row[] = [];
  for (let m = 11; m >= 0; m--) {
    const first = Date.UTC(year, month - 1 - m, 1);
    const days = m === 0 ? dayOfMonth : new Date(Date.UTC(year, month - m, 0)).getUTCDate();
    for (let i = 0; i < 15; i++) {
      const status = statusFor(m, i);
      const providerIndex = (i + m) % PROVIDERS.length;
      const base = money(PROVIDERS[providerIndex][6]);
      // Prices move a little from month to month; some lines are several pieces.
      const quantity = i % 5 === 4 ? '3' : '1';
      const unitPrice = base
        .times(1 + ((i * 7 + m * 3) % 11) / 100)
        .dividedBy(quantity)
        .toDecimalPlaces(2)
        .toFixed(2);
      const recent = m <= 1;
      rows.push({
        status,
        providerIndex,
        date: iso(first + Math.min(days - 1, Math.floor((i * days) / 15)) * DAY),
        quantity,
        unitPrice,
        // Approvals became required two months ago; the recent decided ones were registered by the treasurer and
        // decided by the administrator; of those waiting, half are the treasurer's and half the administrator's.
        approveRequired: recent,
        author: recent && (!['NEW', 'EDITED'].includes(status) || i % 2 === 0) ? otherAuthor : adminUserId,
        m,
      });
    }
  }

  const lineTaxes = (r: Row) => {
    const amount = lineAmount(r.quantity, r.unitPrice);
    const retains = PROVIDERS[r.providerIndex][7];
    return {
      amount,
      transferred: [{ taxCode: '002', rate: '0.16', amount: taxAmount(amount, '0.16').toFixed(2) }],
      retained: retains
        ? [
            { taxCode: '001', rate: '0.1', amount: taxAmount(amount, '0.10').toFixed(2) },
            { taxCode: '002', rate: '0.106667', amount: taxAmount(amount, '0.106667').toFixed(2) },
          ]
        : [],
    };
  };

  const paidStatuses: ExpenseStatus[] = ['PAID', 'CHARGED'];
  const drafts = rows.map((r) => {
    const taxes = lineTaxes(r);
    const totals = expenseTotals([{ quantity: r.quantity, unitPrice: r.unitPrice, transferred: taxes.transferred, retained: taxes.retained }]);
    const paymentDate = iso(Math.min(Date.parse(`${today}T00:00:00Z`), Date.parse(`${r.date}T00:00:00Z`) + 5 * DAY));
    return { totals, paymentDate };
  });
  const plan = planPayments(
    rows.flatMap((r, n) => (paidStatuses.includes(r.status) ? [{ n, total: drafts[n].totals.total, day: drafts[n].paymentDate }] : [])),
    await inflowsByDay(prisma, neighborhoodId, bank.id),
  );
  // What no balance could pay waits, approved.
  for (const [n, r] of rows.entries()) if (paidStatuses.includes(r.status) && !plan.paid.has(n)) r.status = 'APPROVED';

  const expenses = await prisma.expense.createManyAndReturn({
    data: rows.map((r, n) => {
      const p = providers[r.providerIndex];
      const { totals, paymentDate } = drafts[n];
      const paid = paidStatuses.includes(r.status);
      const cashDate = iso(Math.min(Date.parse(`${today}T00:00:00Z`), Date.parse(`${paymentDate}T00:00:00Z`) + 3 * DAY));
      const check = p.paymentMethod === 'CHECK';
      return {
        neighborhoodId,
        status: r.status,
        providerId: p.id,
        expenseConceptId: p.expenseConceptId,
        description: `${PROVIDERS[r.providerIndex][5]} — ${periodName(Number(r.date.slice(0, 4)), Number(r.date.slice(5, 7)))}`,
        operationDate: at(r.date),
        serie: 'EG',
        folio: n + 1,
        subtotal: totals.subtotal.toFixed(2),
        transferredTaxes: totals.transferred.toFixed(2),
        retainedTaxes: totals.retained.toFixed(2),
        total: totals.total.toFixed(2),
        approveRequired: r.approveRequired,
        invoiced: r.status === 'INVOICE' || (paid && n % 2 === 0),
        createdByUserId: r.author,
        createdAt: new Date(`${r.date}T16:00:00Z`),
        deletedAt: r.status === 'DELETED' ? new Date(`${r.date}T18:00:00Z`) : null,
        ...(paid
          ? {
              paymentDate: at(paymentDate),
              paymentMethod: p.paymentMethod,
              // Transfers and cheques both come out of the bank account.
              paymentAccountId: bank.id,
              paymentBank: p.bank,
              paymentClabe: check ? null : p.clabe,
              paidByUserId: adminUserId,
            }
          : {}),
        ...(r.status === 'CHARGED'
          ? {
              cashDate: at(cashDate),
              checkNumber: check ? String(1000 + n) : null,
              cashMethod: check ? 'Cheque cobrado' : 'Transferencia SPEI',
              chargedByUserId: adminUserId,
            }
          : {}),
      };
    }),
    select: {
      id: true,
      status: true,
      total: true,
      paymentDate: true,
      cashDate: true,
      paymentAccountId: true,
      createdByUserId: true,
      approveRequired: true,
      operationDate: true,
    },
  });

  const lines = await prisma.expenseLine.createManyAndReturn({
    data: expenses.map((e, n) => {
      const r = rows[n];
      return {
        expenseId: e.id,
        position: 1,
        quantity: r.quantity,
        unitPrice: r.unitPrice,
        amount: lineAmount(r.quantity, r.unitPrice).toFixed(2),
        description:
          r.quantity === '1' ? `Servicio de ${PROVIDERS[r.providerIndex][5].toLowerCase()}` : `Visitas de ${PROVIDERS[r.providerIndex][5].toLowerCase()}`,
        satProductKey: '72101500',
        expenseConceptId: providers[r.providerIndex].expenseConceptId,
        operationDate: at(r.date),
      };
    }),
    select: { id: true, expenseId: true },
  });
  await prisma.expenseTax.createMany({
    data: lines.flatMap((l, n) => {
      const t = lineTaxes(rows[n]);
      return [
        ...t.transferred.map((x) => ({ expenseId: l.expenseId, lineId: l.id, type: 'TRANSFERRED' as const, ...x })),
        ...t.retained.map((x) => ({ expenseId: l.expenseId, lineId: l.id, type: 'RETAINED' as const, ...x })),
      ];
    }),
  });

  // Decisions of the approver (admin@demo.mx) on the recent expenses someone else registered.
  const decided = expenses.filter(
    (e) => e.approveRequired && e.createdByUserId !== adminUserId && e.status !== 'NEW' && e.status !== 'EDITED' && e.status !== 'DELETED',
  );
  await prisma.expenseApproval.createMany({
    data: decided.map((e) => ({
      expenseId: e.id,
      userId: adminUserId,
      revision: 1,
      accepted: e.status !== 'REJECTED',
      comment: e.status === 'REJECTED' ? 'Falta la cotización firmada' : null,
    })),
  });

  // Three groups of older expenses (folios GE-1..3).
  const groups = await prisma.expenseGroup.createManyAndReturn({
    data: [1, 2, 3].map((folio) => ({ neighborhoodId, serie: 'GE', folio, comment: `Pagos agrupados ${folio}`, createdByUserId: adminUserId })),
  });
  for (const [g, group] of groups.entries()) {
    const ids = expenses
      .filter((e, n) => rows[n].m === 9 - g * 2 && e.status === 'CHARGED')
      .slice(0, 4)
      .map((e) => e.id);
    await prisma.expense.updateMany({ where: { id: { in: ids } }, data: { groupId: group.id } });
  }

  // The withdrawals from the gateway to the bank account, SUCCESSFUL on their day (withdrawals/service.ts settle's ledger).
  for (const [w, planned] of plan.withdrawals.entries()) {
    const items = planned.items.map((n) => expenses[n]);
    // The administrator withdraws for expenses already paid, the same day, after paying (either order is
    // allowed: core/expenses.ts canPay).
    const requestedAt = new Date(Math.min(Date.parse(`${planned.day}T18:30:00Z`), Date.now() - 30_000));
    const withdrawal = await prisma.withdrawal.create({
      data: {
        neighborhoodId,
        accountId: bank.id,
        amount: planned.amount.toFixed(2),
        fee: planned.fee.toFixed(2),
        total: planned.amount.plus(planned.fee).toFixed(2),
        status: 'SUCCESSFUL',
        gatewayPayoutId: `demo-payout-${neighborhoodId}-${w + 1}`,
        createdByUserId: adminUserId,
        createdAt: requestedAt,
        completedAt: new Date(requestedAt.getTime() + 5_000),
      },
    });
    await prisma.withdrawalExpense.createMany({ data: items.map((e) => ({ withdrawalId: withdrawal.id, expenseId: e.id, amount: e.total })) });
    await prisma.expense.updateMany({ where: { id: { in: items.map((e) => e.id) } }, data: { withdrawalId: withdrawal.id } });
    const base = {
      neighborhoodId,
      kind: 'WITHDRAWAL' as const,
      withdrawalId: withdrawal.id,
      groupId: randomUUID(),
      effectiveDate: at(planned.day),
      createdAt: new Date(requestedAt.getTime() + 5_000),
      createdByUserId: adminUserId,
    };
    await prisma.communityLedgerEntry.createMany({
      data: [
        { ...base, accountId: null, amount: planned.amount.plus(planned.fee).negated().toFixed(2) },
        { ...base, accountId: bank.id, amount: planned.amount.toFixed(2) },
      ],
    });
  }

  // The ledger of paid and cashed expenses (contract 2), recorded on the day they happened (midday in Mexico).
  const recordedOn = (day: Date) => new Date(Math.min(day.getTime() + 18 * 3_600_000, Date.now() - 60_000));
  // (a payment recorded today before 18:00 UTC is recorded a minute ago, before its withdrawal.)
  const ledger = expenses.flatMap((e) => {
    if (!e.paymentDate) return [];
    const total = money(e.total.toFixed(2));
    const paid = { neighborhoodId, accountId: e.paymentAccountId, expenseId: e.id, createdByUserId: adminUserId };
    const entries: {
      kind: 'EXPENSE_PAID' | 'EXPENSE_CHARGED';
      amount: string;
      inTransit: boolean;
      groupId: string;
      effectiveDate: Date;
      createdAt: Date;
      neighborhoodId: number;
      accountId: number | null;
      expenseId: number;
      createdByUserId: number;
    }[] = [
      {
        ...paid,
        kind: 'EXPENSE_PAID',
        amount: total.negated().toFixed(2),
        inTransit: true,
        groupId: randomUUID(),
        effectiveDate: e.paymentDate,
        createdAt: recordedOn(e.paymentDate),
      },
    ];
    if (e.cashDate) {
      const groupId = randomUUID();
      entries.push(
        {
          ...paid,
          kind: 'EXPENSE_CHARGED' as const,
          amount: total.toFixed(2),
          inTransit: true,
          groupId,
          effectiveDate: e.cashDate,
          createdAt: recordedOn(e.cashDate),
        },
        {
          ...paid,
          kind: 'EXPENSE_CHARGED' as const,
          amount: total.negated().toFixed(2),
          inTransit: false,
          groupId,
          effectiveDate: e.cashDate,
          createdAt: recordedOn(e.cashDate),
        },
      );
    }
    return entries;
  });
  await prisma.communityLedgerEntry.createMany({ data: ledger });

  // Their log: registered, decided, paid, cashed, deleted.
  const audit = expenses.flatMap((e, n) => {
    const r = rows[n];
    const entry = (action: string, day: Date | null, data: object, userId = adminUserId) => ({
      neighborhoodId,
      userId,
      action,
      entity: 'Expense',
      entityId: String(e.id),
      data,
      createdAt: new Date((day ?? e.operationDate).getTime() + 17 * 3_600_000),
    });
    const out = [entry('CREATE', e.operationDate, { status: e.approveRequired ? 'NEW' : 'APPROVED', total: e.total.toFixed(2) }, e.createdByUserId)];
    if (decided.some((d) => d.id === e.id)) out.push(entry(e.status === 'REJECTED' ? 'REJECT' : 'APPROVE', e.operationDate, { revision: 1 }));
    if (e.paymentDate) out.push(entry('PAY', e.paymentDate, { total: e.total.toFixed(2), accountId: e.paymentAccountId }));
    if (e.cashDate) out.push(entry('CHARGE', e.cashDate, { total: e.total.toFixed(2) }));
    if (r.status === 'DELETED') out.push(entry('DELETE', e.operationDate, { from: 'NEW' }));
    return out;
  });
  await prisma.auditLog.createMany({ data: audit });
}

type Money = ReturnType<typeof money>;
interface PlannedWithdrawal {
  day: string;
  items: number[];
  amount: Money;
  fee: Money;
}

/**
 * Which expenses the community could pay, and the withdrawals that funded them. Day by day, payments come
 * out of the bank account while it holds enough; the ones it cannot cover are paid and then withdrawn for
 * from the gateway that same day (the app withdraws for paid expenses and never pays a withdrawn one:
 * core/expenses.ts canPay), as many as the gateway holds with the payout fee, so no day closes below zero.
 * What nothing could pay stays unpaid. Inflows: what each day added to the gateway and to the bank account.
 */
export function planPayments(
  payments: { n: number; total: Money; day: string }[],
  inflows: Map<string, { gateway: Money; bank: Money }>,
): { paid: Set<number>; withdrawals: PlannedWithdrawal[] } {
  const days = [...new Set([...inflows.keys(), ...payments.map((p) => p.day)])].sort();
  let gateway = money(0);
  let bank = money(0);
  const paid = new Set<number>();
  const withdrawals: PlannedWithdrawal[] = [];
  for (const day of days) {
    gateway = gateway.plus(inflows.get(day)?.gateway ?? 0);
    bank = bank.plus(inflows.get(day)?.bank ?? 0);
    const short: { n: number; total: Money }[] = [];
    for (const p of payments.filter((x) => x.day === day).sort((a, b) => a.n - b.n)) {
      if (bank.greaterThanOrEqualTo(p.total)) {
        bank = bank.minus(p.total);
        paid.add(p.n);
      } else short.push(p);
    }
    const batch: { n: number; total: Money }[] = [];
    let amount = money(0);
    for (const p of short) {
      const more = amount.plus(p.total);
      if (gateway.lessThan(more.plus(payoutFee('CLABE', more) ?? 0))) continue;
      batch.push(p);
      amount = more;
    }
    if (batch.length === 0) continue;
    const fee = payoutFee('CLABE', amount) ?? money(0);
    gateway = gateway.minus(amount.plus(fee));
    for (const p of batch) paid.add(p.n);
    withdrawals.push({ day, items: batch.map((p) => p.n), amount, fee });
  }
  return { paid, withdrawals };
}

/** What each day brought to the gateway (online payments, less the fees the community pays) and to the bank account. */
async function inflowsByDay(prisma: DemoSeedContext['prisma'], neighborhoodId: number, bankId: number) {
  const rows = await prisma.$queryRaw<{ day: string; gateway: string; bank: string }[]>`
    SELECT to_char(l."createdAt" AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD') AS day,
           COALESCE(sum(l.amount) FILTER (WHERE l."chargeId" IS NOT NULL), 0)::text AS gateway,
           COALESCE(sum(l.amount) FILTER (WHERE l."chargeId" IS NULL AND r."incomeAccountId" = ${bankId}), 0)::text AS bank
      FROM "LedgerEntry" l LEFT JOIN "Receipt" r ON r.id = l."receiptId"
     WHERE l."neighborhoodId" = ${neighborhoodId} AND l.kind = 'DEPOSIT'
     GROUP BY 1`;
  const fees = await prisma.$queryRaw<{ day: string; fee: string }[]>`
    SELECT to_char(c."settledAt" AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD') AS day, sum(c.fee)::text AS fee
      FROM "Charge" c WHERE c."neighborhoodId" = ${neighborhoodId} AND c.status = 'COMPLETED' AND NOT c."feePaidByPayer" GROUP BY 1`;
  const inflows = new Map(rows.map((r) => [r.day, { gateway: money(r.gateway), bank: money(r.bank) }]));
  for (const f of fees) {
    const day = inflows.get(f.day) ?? { gateway: money(0), bank: money(0) };
    inflows.set(f.day, { ...day, gateway: day.gateway.minus(money(f.fee)) });
  }
  return inflows;
}
