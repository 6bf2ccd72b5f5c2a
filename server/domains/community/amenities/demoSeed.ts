import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { AMENITY_CONCEPT_KEY } from '../../../../core/amenities.js';

/**
 * The demo community's common areas (Residencial Los Olivos, domain los_olivos): 'Salón de usos múltiples',
 * booked by the hour from 09:00 to 22:00 for 800.00 with a 1,000.00 deposit, charged with the AMENITY
 * concept; and 'Alberca', free, booked by the day, for owners only. A second run updates them.
 */
export async function seedAmenities(demo: DemoSeedContext): Promise<void> {
  const { prisma } = demo;
  const community = await prisma.neighborhood.findUnique({ where: { domain: 'los_olivos' }, select: { id: true } });
  if (!community) return;
  const neighborhoodId = community.id;
  const concept = await prisma.incomeConcept.findFirst({ where: { neighborhoodId, systemKey: AMENITY_CONCEPT_KEY, deletedAt: null }, select: { id: true } });
  const amenities = [
    {
      name: 'Salón de usos múltiples',
      description: 'Salón para fiestas y reuniones, con cocineta y sanitarios; cupo para 80 personas.',
      cost: '800.00',
      deposit: '1000.00',
      fromTime: '09:00',
      toTime: '22:00',
      reservationUnit: 'HOUR' as const,
      ownersOnly: false,
      receiptConceptId: concept?.id ?? null,
    },
    {
      name: 'Alberca',
      description: 'Alberca del club con área de asadores.',
      cost: null,
      deposit: null,
      fromTime: '08:00',
      toTime: '20:00',
      reservationUnit: 'DAY' as const,
      ownersOnly: true,
      receiptConceptId: null,
    },
  ];
  for (const data of amenities) {
    const existing = await prisma.amenity.findFirst({ where: { neighborhoodId, name: data.name, deletedAt: null }, select: { id: true } });
    if (existing) await prisma.amenity.update({ where: { id: existing.id }, data });
    else await prisma.amenity.create({ data: { neighborhoodId, ...data } });
  }
}
