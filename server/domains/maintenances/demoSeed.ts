// The demo community's last twelve months of maintenance fees: most receipts paid (by transfer, card,
// store, cash or a recorded payment, on days that earn the discount or not), some pending with their
// penalty, some in review, the current month pending; the demo owner's house keeps a balance in favour.
import type { DemoSeedContext } from '../../db/demoConfiguration.js';
import { expectedAmount, todayIn, type PaymentMethod } from '../../../core/receipts.js';
import { formatMoney, money } from '../../../core/money.js';
import { appendHistory, appendMovements } from '../ledger/service.js';
import { refreshMaintenanceStatus, termsOf } from '../receipts/service.js';
import { generateReceipts, insertOrdinary } from './service.js';

const METHODS: PaymentMethod[] = ['BANK', 'CARD', 'STORE', 'CASH', 'MANUAL', 'BANK', 'CARD'];

export async function seedMaintenances(demo: DemoSeedContext): Promise<void> {
  const { prisma, neighborhoodId, adminUserId } = demo;
  const today = todayIn('America/Mexico_City');
  const [year, month] = today.split('-').map(Number);
  const ownHouse = await prisma.membership.findFirst({
    where: { neighborhoodId, user: { email: 'propietario@demo.mx' }, houseId: { not: null } },
    select: { houseId: true },
  });
  await prisma.$transaction(
    async (tx) => {
      const ordinary = await tx.wallet.findFirstOrThrow({ where: { neighborhoodId, type: 'ORDINARY' }, select: { id: true } });
      const account = await tx.incomeAccount.findFirst({ where: { neighborhoodId, accountType: 'CLABE' }, select: { id: true } });
      for (let back = 11; back >= 0; back--) {
        const y = month - back > 0 ? year : year - 1;
        const m = ((month - back - 1 + 12) % 12) + 1;
        const id = await insertOrdinary(tx, neighborhoodId, y, m, adminUserId);
        if (id === null) continue;
        await generateReceipts(tx, id, { houseTypeIds: null });
        if (back === 0) continue;
        const receipts = await tx.receipt.findMany({ where: { maintenanceId: id }, orderBy: { houseId: 'asc' } });
        const period = `${y}-${String(m).padStart(2, '0')}`;
        const paid: Record<string, unknown>[] = [];
        const reviewed: number[] = [];
        const entries: Parameters<typeof appendHistory>[3] = [];
        for (const r of receipts) {
          const own = r.houseId === ownHouse?.houseId;
          const fate = own ? (back <= 1 ? 'pending' : 'paid') : (r.houseId * 7 + m) % 10;
          if (fate === 'pending' || fate === 8 || fate === 9) continue;
          if (fate === 7) {
            reviewed.push(r.id);
            continue;
          }
          const day = 1 + ((r.houseId + m) % 14);
          const paidOn = `${period}-${String(day).padStart(2, '0')}`;
          const expected = expectedAmount(termsOf(r), paidOn);
          const method = METHODS[(r.houseId + m) % METHODS.length];
          const at = new Date(`${paidOn}T17:00:00Z`);
          const entry = { houseId: r.houseId, walletId: r.walletId, receiptId: r.id, paymentMethod: method, at };
          entries.push({ ...entry, kind: 'DEPOSIT', amount: expected.amount }, { ...entry, kind: 'RECEIPT_PAID', amount: money(expected.amount).negated() });
          paid.push({
            id: r.id,
            amount: expected.amount,
            discountAmount: expected.discountAmount,
            penaltyAmount: expected.penaltyAmount,
            method,
            paymentDate: at.toISOString(),
            realPaymentDate: paidOn,
            auth: method === 'CASH' ? null : `AUT-${r.id}`,
            incomeAccountId: method === 'MANUAL' || method === 'BANK' ? (account?.id ?? null) : null,
            accountEnding: method === 'CARD' ? '4242' : null,
            cardType: method === 'CARD' ? 'debit' : null,
          });
        }
        // The history is written in bulk (a few statements a month): the demo seeds every test's database.
        await appendHistory(tx, neighborhoodId, adminUserId, entries);
        await tx.$executeRaw`UPDATE "Receipt" r SET status = 'PAID', amount = v.amount, "discountAmount" = v."discountAmount",
            "penaltyAmount" = v."penaltyAmount", "penaltyDate" = CASE WHEN v."penaltyAmount" IS NULL THEN NULL ELSE r."penaltyDate" END,
            "paymentMethod" = v.method::"PaymentMethod", "transactionTotal" = v.amount, "paymentDate" = (v."paymentDate"::timestamptz AT TIME ZONE 'UTC'),
            "realPaymentDate" = v."realPaymentDate"::date, "paymentAuthorization" = v.auth, "incomeAccountId" = v."incomeAccountId",
            "accountEnding" = v."accountEnding", "cardType" = v."cardType"
          FROM jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) AS v(id int, amount numeric, "discountAmount" numeric, "penaltyAmount" numeric, method text,
            "paymentDate" text, "realPaymentDate" text, auth text, "incomeAccountId" int, "accountEnding" text, "cardType" text)
          WHERE r.id = v.id`;
        await tx.receipt.updateMany({
          where: { id: { in: reviewed } },
          data: {
            status: 'REVIEW',
            paymentMethod: 'EXTERNAL',
            externalPayment: { method: 'BANK', authorization: 'SPEI', payment_date: `${period}-08`, message: 'Transferencia desde mi banca en línea' },
          },
        });
        await refreshMaintenanceStatus(tx, id);
      }
      if (ownHouse?.houseId) {
        await appendMovements(tx, { neighborhoodId, houseId: ownHouse.houseId }, adminUserId, [
          {
            walletId: ordinary.id,
            kind: 'ADJUSTMENT',
            amount: formatMoney(1500),
            reason: 'Saldo a favor por pago anticipado',
            authorizedByUserId: adminUserId,
          },
        ]);
      }
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
