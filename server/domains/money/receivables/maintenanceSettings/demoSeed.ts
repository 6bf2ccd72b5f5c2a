import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';

/** Monthly fee of each demo house type, by title, for types still without one. */
const DEMO_FEES: Record<string, string> = {
  'Propiedad en avenida': '1500.00',
  'Propiedad en condominio': '1100.00',
  'Casa/Departamento': '1100.00',
  'Lote sin construir': '600.00',
};

export const DEMO_MAINTENANCE = {
  cutoffDay: 1,
  hasDiscount: true,
  earlyPaymentDiscountType: 'PERCENTAGE',
  earlyPaymentDiscount: '5.00',
  discountEndDay: 5,
  hasPenalty: true,
  penaltyFeeType: 'PERCENTAGE',
  penaltyFee: '10.00',
  deadlineDay: 10,
  incomeAccountingAccount: '401-01-001',
  penaltyAccountingAccount: '401-02-001',
  discountAccountingAccount: '402-01-001',
  bankEnabled: true,
  storeEnabled: true,
  cardEnabled: true,
} as const;

/**
 * The demo community's maintenance settings: the fee generated on the 1st, 5% off until the 5th, a 10%
 * penalty after the 10th, with their accounting accounts; house types without a fee get the demo's
 * (types that have one keep it).
 */
export async function seedMaintenanceSettings(demo: DemoSeedContext): Promise<void> {
  const { prisma, neighborhoodId } = demo;
  await prisma.$transaction(async (tx) => {
    await tx.maintenanceSettings.upsert({ where: { neighborhoodId }, create: { neighborhoodId, ...DEMO_MAINTENANCE }, update: DEMO_MAINTENANCE });
    const missing = await tx.houseType.findMany({ where: { neighborhoodId, amount: null }, select: { id: true, title: true } });
    for (const type of missing)
      await tx.houseType.update({ where: { id: type.id }, data: { amount: DEMO_FEES[type.title] ?? DEMO_FEES['Propiedad en avenida'] } });
  });
}
