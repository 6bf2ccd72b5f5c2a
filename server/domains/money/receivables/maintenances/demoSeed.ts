// The demo community's last twelve months of maintenance fees, each month issued on its own day: most
// receipts paid online through the gateway (card, store, SPEI, each with its completed charge and fee) or
// registered by the administration into the bank account (this month's only on the days gone by), some
// pending with their penalty, the last two months' transfers that owners sent waiting in review. The demo
// owner paid in advance: the credit pays her next fee when it is issued (the credit rule); this month's
// is still hers to pay.
//
// The paid history is written in bulk, shaped as settleCharge and capturePayment write it (a year of 2,000
// payments through one write each would take a minute at every first start); the tests in
// server/db/demoSeed.test.ts compare those rows with the services' own. The reviews, the credit and the
// penalties go through the services themselves.
import { randomUUID } from 'node:crypto';
import { expectedAmount, todayIn } from '../../../../../core/receipts.js';
import { paymentFee, type OnlineMethod } from '../../../../../core/payments.js';
import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';
import type { Prisma as PrismaNS } from '../../../../db/generated/client.js';
import { appendMovements } from '../ledger/service.js';
import { recordPastPayments, type PastPayment } from '../receipts/door.js';
import { applyDueDates, refreshMaintenanceStatus, termsOf } from '../receipts/service.js';
import { createExternalPayment } from '../receipts/externalPayments.js';
import { generateReceipts, insertOrdinary } from './service.js';

/** How each paid receipt was paid: online (through the gateway) or registered by the administration. */
const METHODS: (OnlineMethod | 'MANUAL')[] = ['BANK', 'CARD', 'STORE', 'MANUAL', 'MANUAL', 'BANK', 'CARD'];
/** A receipt's fate in a past month, from its house and month: 0–6 paid, 7 sent to review (recent months), 8–9 pending. */
const fateOf = (houseId: number, month: number) => (houseId * 7 + month) % 10;
export const DEMO_CREDIT = '1500.00';
const DAY = 86_400_000;

export async function seedMaintenances(demo: DemoSeedContext): Promise<void> {
  const { prisma, neighborhoodId, adminUserId, actAs } = demo;
  const today = todayIn('America/Mexico_City');
  const [year, month] = today.split('-').map(Number);
  const ownHouse = await prisma.membership.findFirst({
    where: { neighborhoodId, user: { email: 'propietario@demo.mx' }, houseId: { not: null } },
    select: { houseId: true },
  });
  const { gatewayFeePaidByPayer } = await prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { gatewayFeePaidByPayer: true } });
  const account = await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId, accountType: 'CLABE', deletedAt: null }, select: { id: true } });
  const reviews: { receiptId: number; houseId: number; paidOn: string }[] = [];

  await prisma.$transaction(
    async (tx) => {
      const ordinary = await tx.wallet.findFirstOrThrow({ where: { neighborhoodId, type: 'ORDINARY' }, select: { id: true } });
      for (let back = 11; back >= 0; back--) {
        const y = month - back > 0 ? year : year - 1;
        const m = ((month - back - 1 + 12) % 12) + 1;
        const period = `${y}-${String(m).padStart(2, '0')}`;
        const issuedOn = `${period}-01`;
        if (back === 1 && ownHouse?.houseId) {
          // The owner paid in advance a few days before the month's fee was issued.
          await appendMovements(tx, { neighborhoodId, houseId: ownHouse.houseId }, adminUserId, [
            {
              walletId: ordinary.id,
              kind: 'ADJUSTMENT',
              amount: DEMO_CREDIT,
              reason: 'Saldo a favor por pago anticipado',
              authorizedByUserId: adminUserId,
              at: new Date(Date.parse(`${issuedOn}T17:00:00Z`) - 4 * DAY),
            },
          ]);
        }
        const id = await insertOrdinary(tx, neighborhoodId, y, m, adminUserId);
        if (id === null) continue;
        await generateReceipts(tx, id, { houseTypeIds: null, asOf: issuedOn });

        const receipts = await tx.receipt.findMany({ where: { maintenanceId: id, status: { not: 'PAID' } }, orderBy: { houseId: 'asc' } });
        const paid: PastPayment[] = [];
        const charges: PrismaNS.ChargeCreateManyInput[] = [];
        for (const r of receipts) {
          if (r.houseId === ownHouse?.houseId) continue;
          const fate = fateOf(r.houseId, m);
          if (fate >= 8) continue;
          const day = 1 + ((r.houseId + m) % 14);
          const paidOn = `${period}-${String(day).padStart(2, '0')}`;
          // This month, only the days gone by.
          if (paidOn > today) continue;
          if (fate === 7 && back <= 1) {
            reviews.push({ receiptId: r.id, houseId: r.houseId, paidOn });
            continue;
          }
          const expected = expectedAmount(termsOf(r), paidOn);
          // An older transfer sent for review was approved long ago: the administration registered it.
          const method = fate === 7 ? 'MANUAL' : METHODS[(r.houseId + m) % METHODS.length];
          // Never later than now (today's payments were made this morning).
          const at = new Date(Math.min(Date.parse(`${paidOn}T17:00:00Z`), Date.now() - 3_600_000));
          let total = expected.amount;
          let chargeId: string | null = null;
          if (method !== 'MANUAL') {
            const fee = paymentFee(method, expected.amount, gatewayFeePaidByPayer);
            chargeId = randomUUID();
            total = fee.total;
            charges.push({
              id: chargeId,
              neighborhoodId,
              houseId: r.houseId,
              receiptId: r.id,
              method,
              status: 'COMPLETED',
              amount: expected.amount,
              fee: fee.fee,
              total: fee.total,
              feePaidByPayer: gatewayFeePaidByPayer,
              gatewayId: `trdemo${r.id}`,
              authorization: String(100000 + ((r.id * 7919) % 900000)),
              ...(method === 'CARD' ? { cardBrand: 'visa', cardNumber: '424242XXXXXX4242' } : {}),
              ...(method === 'STORE' ? { reference: `1010101${String(r.id).padStart(8, '0')}` } : {}),
              ...(method === 'BANK' ? { reference: '646180109400000004' } : {}),
              sentAt: new Date(at.getTime() - 60_000),
              createdAt: new Date(at.getTime() - 60_000),
              settledAt: at,
            });
          }
          paid.push({
            receipt: r,
            paid: { amount: expected.amount, discountAmount: expected.discountAmount, penaltyAmount: expected.penaltyAmount },
            method,
            total,
            paidAt: at,
            realPaymentDate: paidOn,
            authorization: method === 'MANUAL' ? `SPEI-${r.id}` : String(100000 + ((r.id * 7919) % 900000)),
            incomeAccountId: method === 'MANUAL' ? account.id : null,
            card: { accountEnding: method === 'CARD' ? '4242' : null, cardType: method === 'CARD' ? 'debit' : null },
            chargeId,
          });
        }
        await tx.charge.createMany({ data: charges });
        // The history is written in bulk (a few statements a month).
        await recordPastPayments(tx, neighborhoodId, adminUserId, paid);
        await refreshMaintenanceStatus(tx, id);
      }
    },
    { timeout: 120_000, maxWait: 10_000 },
  );

  // The transfers owners sent these two months, each by its owner through the app: they wait in review.
  const owners = await prisma.membership.findMany({
    where: { neighborhoodId, active: true, role: { kind: 'OWNER' }, houseId: { in: reviews.map((r) => r.houseId) } },
    select: { houseId: true, user: { select: { email: true } } },
  });
  for (const review of reviews) {
    const owner = owners.find((o) => o.houseId === review.houseId);
    if (!owner) continue;
    await createExternalPayment(await actAs(owner.user.email, review.houseId), review.receiptId, {
      method: 'TRANSFER',
      incomeAccountId: account.id,
      paymentDate: review.paidOn,
      authorization: `SPEI${String(review.receiptId).padStart(8, '0')}`,
      message: 'Transferencia desde mi banca en línea',
    });
  }
  // The daily job brings every pending receipt to today: penalties after the deadline, or the credit pays it.
  await applyDueDates(await actAs('admin@demo.mx'), neighborhoodId, today);
}
