import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';
import { createDefaultIncomeConcepts } from './defaults.js';

/**
 * Every community holds the platform's own concepts (backfilled here for communities created before
 * they existed), and the demo community a few concepts of its own, with accounting accounts.
 */
export async function seedIncomeConcepts({ prisma, neighborhoodId }: DemoSeedContext): Promise<void> {
  const communities = await prisma.neighborhood.findMany({ select: { id: true, wallets: { select: { id: true, type: true } } } });
  for (const community of communities) await createDefaultIncomeConcepts(prisma, community.id, community.wallets);

  const wallets = await prisma.wallet.findMany({ where: { neighborhoodId }, select: { id: true, type: true } });
  const wallet = (type: string) => wallets.find((w) => w.type === type)!.id;
  const own = [
    {
      description: 'Tarjeta de acceso',
      walletId: wallet('EXTRAORDINARY'),
      accountingAccount: '402-01-001',
      suspenseAccount: '209-01',
      notifyPayment: true,
      allowComments: true,
      maxAmountBalance: '1500.00',
    },
    {
      description: 'Multa por ruido',
      walletId: wallet('ORDINARY'),
      increaseBalance: true,
      accountingAccount: '403-02-001',
      suspenseAccount: '209-01',
      notifyPayment: true,
      allowComments: true,
    },
    { description: 'Renta de salón de eventos', walletId: wallet('EXTRAORDINARY'), accountingAccount: '402-02-001', allowAmount: true },
    {
      description: 'Cuota para pintura de fachadas',
      walletId: wallet('EXTRAORDINARY'),
      accountingAccount: '402-03-001',
      mandatory: true,
      maxPaymentDate: new Date('2027-06-30T00:00:00Z'),
    },
  ];
  const existing = await prisma.incomeConcept.findMany({
    where: { neighborhoodId, description: { in: own.map((c) => c.description) } },
    select: { description: true },
  });
  const missing = own.filter((c) => !existing.some((e) => e.description === c.description));
  if (missing.length) await prisma.incomeConcept.createMany({ data: missing.map((c) => ({ neighborhoodId, deletable: true, ...c })) });
}
