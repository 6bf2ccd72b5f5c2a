// A realistic payload for each registered job kind, made from the demo community's rows: the jobs test
// (server/infra/jobs.test.ts) and the smoke suite on the built artifact (tests/smoke) run every kind with it.
import { todayIn } from '../core/receipts.js';
import type { PrismaClient } from '../server/db/generated/client.js';

/** `storeCharge` makes a store-payment charge the payer has not paid yet and answers its id. */
export async function jobPayload(db: PrismaClient, kind: string, storeCharge: () => Promise<string>): Promise<unknown> {
  const community = await db.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const admin = await db.user.findFirstOrThrow({ where: { email: 'admin@demo.mx' } });
  const day = todayIn(community.timeZone);
  switch (kind) {
    case 'accountingExports.build': {
      const created = await db.accountingExport.create({
        data: { neighborhoodId: community.id, from: new Date('2026-01-01'), to: new Date('2026-01-31'), createdByUserId: admin.id },
      });
      return { exportId: created.id };
    }
    case 'cfdis.invoiceReceipt': {
      const paid = await db.receipt.findFirstOrThrow({ where: { house: { neighborhoodId: community.id }, status: 'PAID' }, orderBy: { id: 'desc' } });
      return { receiptId: paid.id };
    }
    case 'cfdis.zipByMail': {
      const cfdis = await db.cfdi.findMany({ where: { neighborhoodId: community.id, status: 'STAMPED' }, take: 2, orderBy: { id: 'asc' } });
      if (cfdis.length !== 2) throw new Error(`The demo community has ${cfdis.length} stamped invoices`);
      return { neighborhoodId: community.id, userId: admin.id, cfdiIds: cfdis.map((c) => c.id), from: '2026-01-01', to: day };
    }
    case 'payments.recoverCharge':
      // A store reference the payer has not paid yet: the gateway is asked and the job asks again later.
      return { chargeId: await storeCharge() };
    case 'withdrawals.poll': {
      const withdrawal = await db.withdrawal.findFirst({ where: { neighborhoodId: community.id }, orderBy: { id: 'desc' } });
      return { withdrawalId: withdrawal?.id ?? 0, attempt: 0 };
    }
    case 'sandbox.webhooks': {
      const webhook = await db.sandboxGatewayObject.findFirstOrThrow({ where: { kind: 'webhook' }, orderBy: { createdAt: 'desc' } });
      return { id: webhook.id };
    }
    case 'amenities.expireHold': {
      // The demo's booking waiting for its payment: the job, run before its time, looks again at it then.
      const held = await db.amenitySchedule.findFirstOrThrow({ where: { neighborhoodId: community.id, status: 'HELD' }, orderBy: { id: 'desc' } });
      return { bookingId: held.id };
    }
    default:
      // Daily jobs take the day they run for.
      return { day };
  }
}
