import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { newRule, type RevisionRule } from '../../../../core/revisionPoints.js';

const WEEKDAYS_ON = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true };

/** The demo community's revision point: 'Caseta principal', Monday to Friday 09:00–14:00 and Saturday 09:00–12:00, 20-minute appointments. */
export async function seedRevisionPoints(demo: DemoSeedContext): Promise<void> {
  const { prisma, neighborhoodId } = demo;
  const rules: RevisionRule[] = [
    { ...newRule(), startHour: '09:00', endHour: '14:00', ...WEEKDAYS_ON },
    { ...newRule(), startHour: '09:00', endHour: '12:00', saturday: true },
  ];
  const data = { name: 'Caseta principal', activeFrom: new Date('2025-01-01T00:00:00Z'), activeUntil: null, minutes: 20, rules: rules as unknown as object[] };
  const existing = await prisma.revisionPoint.findFirst({ where: { neighborhoodId, name: data.name }, select: { id: true } });
  if (existing) await prisma.revisionPoint.update({ where: { id: existing.id }, data });
  else await prisma.revisionPoint.create({ data: { neighborhoodId, ...data } });
}
