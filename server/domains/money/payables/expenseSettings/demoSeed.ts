import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';

/** The demo community requires approval of its expenses (by its two administrators), numbers them EG-1... and classifies them. */
export async function seedExpenseSettings({ prisma, neighborhoodId, adminUserId }: DemoSeedContext): Promise<void> {
  await prisma.expenseSettings.upsert({
    where: { neighborhoodId },
    create: { neighborhoodId, requiredExpenseApproval: true, useFolio: true, initialFolio: 1, serie: 'EG', groupInitialFolio: 1, groupSerie: 'GE' },
    update: {},
  });
  const treasurer = await prisma.user.findFirst({ where: { email: 'tesoreria@demo.mx' }, select: { id: true } });
  const approvers = [adminUserId, ...(treasurer ? [treasurer.id] : [])];
  await prisma.expenseApprover.createMany({ data: approvers.map((userId) => ({ neighborhoodId, userId })), skipDuplicates: true });
  const concepts = [
    { concept: 'Vigilancia', internalId: 'EG-VIG' },
    { concept: 'Jardinería', internalId: 'EG-JAR' },
    { concept: 'Limpieza', internalId: 'EG-LIM' },
    { concept: 'Energía eléctrica', internalId: 'EG-LUZ' },
    { concept: 'Agua', internalId: 'EG-AGU' },
    { concept: 'Mantenimiento de áreas comunes', internalId: 'EG-MAC' },
  ];
  const existing = await prisma.expenseConcept.findMany({ where: { neighborhoodId, deletedAt: null }, select: { concept: true } });
  const missing = concepts.filter((c) => !existing.some((e) => e.concept === c.concept));
  if (missing.length) await prisma.expenseConcept.createMany({ data: missing.map((c) => ({ neighborhoodId, ...c })) });
}
