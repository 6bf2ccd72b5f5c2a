// The bench community's year of expenses (issue 16 item 6): 40 providers, 150 expenses a month for the
// bench year in realistic statuses (most cashed, some paid, approved, invoiced, rejected, deleted), one to
// three lines each with IVA transferred and, for people's fees, ISR and IVA retained; the community
// ledger of the paid and cashed ones (issue 14 contract 2), a successful withdrawal a month and a failed
// one a quarter. Set-based (INSERT … SELECT generate_series): a few seconds.
import { clabeCheckDigit } from '../../core/validators.js';
import { payoutFee } from '../../core/withdrawals.js';
import { money, sumMoney } from '../../core/money.js';
import type { openDatabase } from '../../server/db/client.js';

type Db = Awaited<ReturnType<typeof openDatabase>>;

/** The year the bench's receipts are paid in (maintenances of 2000-01 on) and its expenses happen. */
export const BENCH_YEAR = 2002;
export const EXPENSES_PER_MONTH = 150;
const PROVIDERS = 40;

export async function seedExpenseYear(db: Db, neighborhoodId: number, year = BENCH_YEAR) {
  const [admin] = await db.sql<{ id: number }>(`SELECT id FROM "User" WHERE email = 'admin@demo.mx'`, []);
  const accounts = await db.sql<{ id: number; accountType: string }>(
    `SELECT id, "accountType"::text AS "accountType" FROM "IncomeAccount" WHERE "neighborhoodId" = $1 AND "deletedAt" IS NULL ORDER BY id`,
    [neighborhoodId],
  );
  const bank = accounts.find((a) => a.accountType === 'CLABE') ?? accounts[0];
  const cash = accounts.find((a) => a.accountType === 'CASH') ?? bank;
  const concepts = await db.sql<{ id: number }>(`SELECT id FROM "ExpenseConcept" WHERE "neighborhoodId" = $1 AND "deletedAt" IS NULL ORDER BY id`, [
    neighborhoodId,
  ]);
  if (!bank || !concepts.length) throw new Error('la comunidad del banco no tiene cuentas de ingreso o conceptos de egreso');

  // Providers: one in four a person (a 13-character RFC) whose fees carry retentions; one in three paid by cheque.
  const values = Array.from({ length: PROVIDERS }, (_, k) => {
    const g = k + 1;
    const person = g % 4 === 0;
    const check = g % 3 === 0;
    const clabe = check ? null : `0721800${String(g).padStart(10, '0')}`;
    return [
      person ? `Persona Proveedora ${g}` : `Proveedora Banco ${g} S.A. de C.V.`,
      person ? `BENP${String(g).padStart(6, '0')}AB1` : `BEN${String(g).padStart(6, '0')}AB1`,
      check ? 'CHECK' : 'TRANSFER',
      check ? null : 'Banorte',
      clabe ? `${clabe}${clabeCheckDigit(clabe)}` : null,
      concepts[k % concepts.length].id,
    ];
  });
  await db.sql(
    `INSERT INTO "Provider" ("neighborhoodId", name, rfc, "paymentMethod", bank, clabe, "expenseConceptId", "updatedAt")
     SELECT $1, v.name, v.rfc, v.method::"ExpensePaymentType", v.bank, v.clabe, v.concept, now()
       FROM json_to_recordset($2::json) AS v(name text, rfc text, method text, bank text, clabe text, concept int)`,
    [neighborhoodId, JSON.stringify(values.map(([name, rfc, method, bankName, clabe, concept]) => ({ name, rfc, method, bank: bankName, clabe, concept })))],
  );

  // Expenses: month mo (0–11) and number i (0–149); the status by i, December's later ones still waiting.
  await db.sql(
    `WITH p AS (SELECT id, "expenseConceptId", "paymentMethod", bank, clabe, row_number() OVER (ORDER BY id) - 1 AS k
                  FROM "Provider" WHERE "neighborhoodId" = $1 AND rfc LIKE 'BEN%'),
          g AS (SELECT mo, i, make_date($2, mo + 1, 1) + (i * 28) / $3 AS op,
                       CASE WHEN mo = 11 AND i % 5 = 0 THEN 'NEW'
                            ELSE (ARRAY['DELETED','REJECTED','APPROVED','INVOICE','PAID','PAID','CHARGED','CHARGED','CHARGED','CHARGED',
                                        'CHARGED','CHARGED','CHARGED','CHARGED','CHARGED','CHARGED','CHARGED','CHARGED','EDITED','CHARGED'])[1 + i % 20] END AS status
                  FROM generate_series(0, 11) mo CROSS JOIN generate_series(0, $3 - 1) i)
     INSERT INTO "Expense" ("neighborhoodId", status, "providerId", "expenseConceptId", description, "operationDate", serie, folio, subtotal, total,
                            "approveRequired", invoiced, "createdByUserId", "paymentDate", "paymentMethod", "paymentAccountId", "paymentBank", "paymentClabe",
                            "paidByUserId", "cashDate", "checkNumber", "cashMethod", "chargedByUserId", "deletedAt", "createdAt", "updatedAt")
     SELECT $1, g.status::"ExpenseStatus", p.id, p."expenseConceptId", 'Servicio del mes ' || to_char(g.op, 'YYYY-MM') || ' · ' || g.i, g.op, 'BE',
            10000 + g.mo * $3 + g.i, 0, 0, g.i % 2 = 0, g.status = 'INVOICE' OR (g.status IN ('PAID','CHARGED') AND g.i % 3 <> 0), $4::int,
            CASE WHEN paid THEN g.op + 5 END, CASE WHEN paid THEN p."paymentMethod" END,
            CASE WHEN paid THEN CASE WHEN p."paymentMethod" = 'CHECK' THEN $6::int ELSE $5::int END END,
            CASE WHEN paid THEN p.bank END, CASE WHEN paid THEN p.clabe END, CASE WHEN paid THEN $4::int END,
            CASE WHEN g.status = 'CHARGED' THEN g.op + 8 END,
            CASE WHEN g.status = 'CHARGED' AND p."paymentMethod" = 'CHECK' THEN (5000 + g.mo * $3 + g.i)::text END,
            CASE WHEN g.status = 'CHARGED' THEN CASE WHEN p."paymentMethod" = 'CHECK' THEN 'Cheque cobrado' ELSE 'Transferencia SPEI' END END,
            CASE WHEN g.status = 'CHARGED' THEN $4::int END,
            CASE WHEN g.status = 'DELETED' THEN g.op + time '18:00' END, g.op + time '16:00', g.op + time '16:00'
       FROM g JOIN p ON p.k = (g.i * 7 + g.mo) % ${PROVIDERS}
            CROSS JOIN LATERAL (SELECT g.status IN ('PAID','CHARGED') AS paid) x`,
    [neighborhoodId, year, EXPENSES_PER_MONTH, admin.id, bank.id, cash.id],
  );
  // One to three lines (the second one three pieces), IVA on every line, retentions on people's fees.
  await db.sql(
    `INSERT INTO "ExpenseLine" ("expenseId", position, quantity, "unitPrice", amount, description, "satProductKey", "expenseConceptId", "operationDate")
     SELECT e.id, pos, q, up, round(q * up, 2), 'Concepto ' || pos || ' de ' || e.description, '72101500', e."expenseConceptId", e."operationDate"
       FROM "Expense" e CROSS JOIN LATERAL generate_series(1, 1 + e.id % 3) pos
            CROSS JOIN LATERAL (SELECT CASE WHEN pos = 2 THEN 3 ELSE 1 END::numeric AS q,
                                       (300 + (e.id * 37 + pos * 101) % 9000 + ((e.id * 13) % 100) / 100.0)::numeric AS up) x
      WHERE e."neighborhoodId" = $1 AND e.serie = 'BE'`,
    [neighborhoodId],
  );
  await db.sql(
    `INSERT INTO "ExpenseTax" ("expenseId", "lineId", type, "taxCode", rate, amount)
     SELECT l."expenseId", l.id, t.type::"ExpenseTaxType", t.code, t.rate, round(l.amount * t.rate, 2)
       FROM "ExpenseLine" l JOIN "Expense" e ON e.id = l."expenseId" JOIN "Provider" p ON p.id = e."providerId"
            CROSS JOIN (VALUES ('TRANSFERRED', '002', 0.16, false), ('RETAINED', '001', 0.10, true), ('RETAINED', '002', 0.106667, true)) t(type, code, rate, person)
      WHERE e."neighborhoodId" = $1 AND e.serie = 'BE' AND (NOT t.person OR length(p.rfc) = 13)`,
    [neighborhoodId],
  );
  await db.sql(
    `UPDATE "Expense" e SET subtotal = l.s, "transferredTaxes" = coalesce(t.tr, 0), "retainedTaxes" = coalesce(t.re, 0),
            total = l.s + coalesce(t.tr, 0) - coalesce(t.re, 0)
       FROM (SELECT "expenseId", sum(amount) s FROM "ExpenseLine" GROUP BY "expenseId") l
            LEFT JOIN (SELECT "expenseId", sum(amount) FILTER (WHERE type = 'TRANSFERRED') tr, sum(amount) FILTER (WHERE type = 'RETAINED') re
                         FROM "ExpenseTax" GROUP BY "expenseId") t ON t."expenseId" = l."expenseId"
      WHERE l."expenseId" = e.id AND e."neighborhoodId" = $1 AND e.serie = 'BE'`,
    [neighborhoodId],
  );
  // Contract 2: paid → EXPENSE_PAID −total in transit; cashed → EXPENSE_CHARGED +total in transit and −total out of it, one group.
  await db.sql(
    `INSERT INTO "CommunityLedgerEntry" ("neighborhoodId", "accountId", kind, amount, "inTransit", "expenseId", "groupId", "effectiveDate", "createdByUserId", "createdAt")
     SELECT e."neighborhoodId", e."paymentAccountId", 'EXPENSE_PAID'::"CommunityLedgerKind", -e.total, true, e.id, md5('paid' || e.id)::uuid, e."paymentDate", $2::int, e."paymentDate" + time '17:00'
       FROM "Expense" e WHERE e."neighborhoodId" = $1 AND e.serie = 'BE' AND e."paymentDate" IS NOT NULL
     UNION ALL
     SELECT e."neighborhoodId", e."paymentAccountId", 'EXPENSE_CHARGED'::"CommunityLedgerKind", s.sign * e.total, s.sign > 0, e.id, md5('charged' || e.id)::uuid, e."cashDate", $2::int,
            e."cashDate" + time '17:00'
       FROM "Expense" e CROSS JOIN (VALUES (1), (-1)) s(sign) WHERE e."neighborhoodId" = $1 AND e.serie = 'BE' AND e."cashDate" IS NOT NULL
      ORDER BY 8, 6`,
    [neighborhoodId, admin.id],
  );

  // Withdrawals: each month three approved or invoiced expenses paid out to the bank account (SUCCESSFUL), and every
  // third month a FAILED payout of two others (the expenses given back, the items kept).
  for (let mo = 0; mo < 12; mo++) {
    const candidates = await db.sql<{ id: number; total: string }>(
      `SELECT id, total::text AS total FROM "Expense"
        WHERE "neighborhoodId" = $1 AND serie = 'BE' AND folio BETWEEN $2 AND $3 AND status IN ('APPROVED','INVOICE') AND "withdrawalId" IS NULL
        ORDER BY id LIMIT 5`,
      [neighborhoodId, 10000 + mo * EXPENSES_PER_MONTH, 10000 + (mo + 1) * EXPENSES_PER_MONTH - 1],
    );
    const batches: [typeof candidates, 'SUCCESSFUL' | 'FAILED'][] = [[candidates.slice(0, 3), 'SUCCESSFUL']];
    if (mo % 3 === 2) batches.push([candidates.slice(3, 5), 'FAILED']);
    for (const [items, status] of batches) {
      if (!items.length) continue;
      const amount = sumMoney(items.map((e) => e.total));
      const fee = payoutFee('CLABE', amount) ?? money(0);
      const day = `${year}-${String(mo + 1).padStart(2, '0')}-${status === 'SUCCESSFUL' ? 25 : 20}`;
      const [w] = await db.sql<{ id: number }>(
        `INSERT INTO "Withdrawal" ("neighborhoodId", "accountId", amount, fee, total, status, "gatewayPayoutId", "errorDescription", "createdByUserId",
                                   "createdAt", "updatedAt", "completedAt")
         VALUES ($1, $2, $3, $4, $5, $6::"WithdrawalStatus", $7, $8, $9, $10::timestamp, $10::timestamp, $10::timestamp + interval '5 minutes') RETURNING id`,
        [
          neighborhoodId,
          bank.id,
          amount.toFixed(2),
          fee.toFixed(2),
          amount.plus(fee).toFixed(2),
          status,
          `bench-payout-${year}-${mo}-${status}`,
          status === 'FAILED' ? 'La cuenta destino rechazó la transferencia' : null,
          admin.id,
          `${day} 17:00`,
        ],
      );
      await db.sql(`INSERT INTO "WithdrawalExpense" ("withdrawalId", "expenseId", amount) SELECT $1, id, total FROM "Expense" WHERE id = ANY($2::int[])`, [
        w.id,
        items.map((e) => e.id),
      ]);
      if (status === 'FAILED') continue;
      await db.sql(`UPDATE "Expense" SET "withdrawalId" = $1 WHERE id = ANY($2::int[])`, [w.id, items.map((e) => e.id)]);
      await db.sql(
        `INSERT INTO "CommunityLedgerEntry" ("neighborhoodId", "accountId", kind, amount, "withdrawalId", "groupId", "effectiveDate", "createdByUserId", "createdAt")
         VALUES ($1, NULL, 'WITHDRAWAL', $2, $4::int, md5('w' || $4::int)::uuid, $5::text::date, $6, $5::text::timestamp + time '17:05'),
                ($1, $7, 'WITHDRAWAL', $3, $4::int, md5('w' || $4::int)::uuid, $5::text::date, $6, $5::text::timestamp + time '17:05')`,
        [neighborhoodId, amount.plus(fee).negated().toFixed(2), amount.toFixed(2), w.id, day, admin.id, bank.id],
      );
    }
  }
  const [count] = await db.sql<{ expenses: string; ledger: string }>(
    `SELECT (SELECT count(*) FROM "Expense" WHERE "neighborhoodId" = $1) AS expenses,
            (SELECT count(*) FROM "CommunityLedgerEntry" WHERE "neighborhoodId" = $1) AS ledger`,
    [neighborhoodId],
  );
  return { expenses: Number(count.expenses), ledger: Number(count.ledger) };
}

/**
 * Windows that end today (the dashboard's monthly incomes of the last months, its latest payments) need
 * payments near today, far from the bench's ordinary periods of the 2000s: an extraordinary fee a month
 * for each of the last twelve months, one receipt per bench house (5,000 × 12), most of them paid any
 * day of their month with their DEPOSIT and RECEIPT_PAID, a few in review, the rest owed.
 */
export async function seedRecentFees(db: Db, neighborhoodId: number) {
  const [concept] = await db.sql<{ id: number; walletId: number }>(
    `SELECT id, "walletId" FROM "IncomeConcept" WHERE "neighborhoodId" = $1 AND "systemKey" = 'EXTRAORDINARY'`,
    [neighborhoodId],
  );
  const [account] = await db.sql<{ id: number }>(`SELECT id FROM "IncomeAccount" WHERE "neighborhoodId" = $1 AND "accountType" = 'CLABE' ORDER BY id LIMIT 1`, [
    neighborhoodId,
  ]);
  await db.sql(
    `INSERT INTO "Maintenance" ("neighborhoodId", ordinary, year, month, description, "dueDate", amount, status, "generatedAt")
     SELECT $1::int, false, extract(year FROM d)::int, extract(month FROM d)::int, 'Cuota extraordinaria de banco ' || to_char(d, 'YYYY-MM'),
            (d + interval '9 days')::date, 250, 'COLLECTING', d
       FROM generate_series(date_trunc('month', now()) - interval '12 months', date_trunc('month', now()) - interval '1 month', interval '1 month') d`,
    [neighborhoodId],
  );
  await db.sql(
    `INSERT INTO "Receipt" ("neighborhoodId", "houseId", "maintenanceId", "incomeConceptId", "walletId", description, year, month, "dueDate",
                            "sourceAmount", amount, status, "paymentMethod", "transactionTotal", "paymentDate", "realPaymentDate", "incomeAccountId", "updatedAt")
     SELECT h."neighborhoodId", h.id, m.id, $2::int, $3::int, m.description, m.year, m.month, m."dueDate", 250, 250, f.status::"ReceiptStatus",
            CASE WHEN f.status = 'NEW' THEN NULL WHEN h.id % 7 = 0 THEN 'CASH' ELSE 'BANK' END::"PaymentMethod",
            CASE WHEN f.status = 'PAID' THEN 250 END, CASE WHEN f.status <> 'NEW' THEN f.paid END, CASE WHEN f.status <> 'NEW' THEN f.paid::date END,
            CASE WHEN f.status <> 'NEW' AND h.id % 7 <> 0 THEN $4::int END, now()
       FROM "House" h CROSS JOIN "Maintenance" m
            CROSS JOIN LATERAL (SELECT CASE WHEN (h.id + m.id) % 100 = 0 THEN 'REVIEW' WHEN (h.id + m.id) % 6 = 0 THEN 'NEW' ELSE 'PAID' END AS status,
                                       date_trunc('month', m."dueDate") + ((h.id * 11 + m.id) % 28) * interval '1 day' + (8 + h.id % 10) * interval '1 hour' AS paid) f
      WHERE h."neighborhoodId" = $1 AND h.catastral LIKE 'BEN-%' AND m."neighborhoodId" = $1 AND NOT m.ordinary AND m.description LIKE 'Cuota extraordinaria de banco %'`,
    [neighborhoodId, concept.id, concept.walletId, account.id],
  );
  await db.sql(
    `INSERT INTO "LedgerEntry" ("neighborhoodId", "houseId", "walletId", kind, amount, "receiptId", "paymentMethod", "groupId", "createdAt")
     SELECT r."neighborhoodId", r."houseId", r."walletId", k.kind::"LedgerKind", k.sign * r."transactionTotal", r.id, r."paymentMethod", md5('r' || r.id)::uuid,
            r."paymentDate" + interval '5 minutes'
       FROM "Receipt" r JOIN "Maintenance" m ON m.id = r."maintenanceId" CROSS JOIN (VALUES ('DEPOSIT', 1), ('RECEIPT_PAID', -1)) k(kind, sign)
      WHERE r."neighborhoodId" = $1 AND r.status = 'PAID' AND NOT m.ordinary AND m.description LIKE 'Cuota extraordinaria de banco %'
      ORDER BY r."paymentDate", r.id, k.sign DESC`,
    [neighborhoodId],
  );
}
