// The demo community's agreement: one house owed fees of earlier administrations (an ADJUSTMENT debt in its
// ordinary wallet); forty days ago the debt became an agreement of six monthly instalments, and the first
// one was paid by transfer to the bank account (registered by the administration, capturePayment's shape). The rest are pending, the next one due in about three weeks.
import { agreementParametersSchema, agreementPlan } from '../../../../../core/agreements.js';
import { money } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';
import { appendMovements, lockHouse } from '../ledger/service.js';
import { insertAgreement, ordinaryDebt } from './service.js';
import { recordPastPayments } from '../receipts/door.js';

export const DEMO_AGREEMENT_DEBT = '4800.00';
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedAgreements(demo: Pick<DemoSeedContext, 'prisma' | 'neighborhoodId' | 'adminUserId'>): Promise<number | null> {
  const { prisma, neighborhoodId, adminUserId } = demo;
  // A house in the middle of the list: the tests take the first and the last active houses for themselves.
  const house = await prisma.house.findFirst({ where: { neighborhoodId, status: 'ACTIVE', ownerUserId: { not: null } }, orderBy: { id: 'asc' }, skip: 7 });
  if (!house) return null;
  const today = todayIn('America/Mexico_City');
  const now = Date.parse(`${today}T17:00:00Z`);
  const createdOn = dayOf(now - 40 * DAY);
  return prisma.$transaction(async (tx) => {
    await lockHouse(tx, house.id);
    const { walletId } = await ordinaryDebt(tx, neighborhoodId, house.id);
    await appendMovements(tx, { neighborhoodId, houseId: house.id }, adminUserId, [
      {
        walletId,
        kind: 'ADJUSTMENT',
        amount: money(DEMO_AGREEMENT_DEBT).negated(),
        reason: 'Adeudo de cuotas de administraciones anteriores',
        authorizedByUserId: adminUserId,
        at: new Date(now - 60 * DAY),
      },
    ]);
    const { debt } = await ordinaryDebt(tx, neighborhoodId, house.id);
    const params = agreementParametersSchema.parse({ downPayment: '0', instalments: 6, frequency: 'MONTHLY', firstDueDate: dayOf(now - 10 * DAY) });
    const plan = agreementPlan(debt, params, createdOn);
    const id = await insertAgreement(tx, { neighborhoodId, houseId: house.id, walletId, plan, userId: adminUserId, at: new Date(`${createdOn}T17:00:00Z`) });
    const first = await tx.receipt.findFirstOrThrow({ where: { agreementId: id }, orderBy: { dueDate: 'asc' } });
    const paidOn = dayOf(now - 12 * DAY);
    const at = new Date(`${paidOn}T17:00:00Z`);
    const account = await tx.incomeAccount.findFirst({ where: { neighborhoodId, accountType: 'CLABE' }, select: { id: true } });
    // Its DEPOSIT and RECEIPT_PAID as one group, as capturePayment writes them.
    await recordPastPayments(
      tx,
      neighborhoodId,
      adminUserId,
      [
        {
          receipt: { id: first.id, houseId: house.id, walletId },
          paid: {
            amount: first.amount.toFixed(2),
            discountAmount: first.discountAmount?.toFixed(2) ?? null,
            penaltyAmount: first.penaltyAmount?.toFixed(2) ?? null,
          },
          method: 'MANUAL',
          total: first.amount.toFixed(2),
          paidAt: at,
          realPaymentDate: paidOn,
          authorization: `AUT-${first.id}`,
          incomeAccountId: account?.id ?? null,
          card: { cardType: first.cardType, accountEnding: first.accountEnding },
        },
      ],
      { grouped: true },
    );
    return id;
  });
}
