import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { AMENITY_CONCEPT_KEY } from '../../../../core/amenities.js';
import { addDays, localInstant } from '../../../../core/amenitySlots.js';
import { todayIn } from '../../../../core/receipts.js';
import { capturePayment } from '../../money/receivables/receipts/payments.js';
import { bookAmenity, cancelBooking, expireHold, HOLD_HOURS, returnDeposit } from './bookings.js';

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
  if (!(await prisma.amenitySchedule.count({ where: { neighborhoodId } }))) await seedBookings(demo, neighborhoodId);
}

const HOUR = 3_600_000;

/**
 * Two weeks of bookings around today, each made, paid, cancelled or given its deposit back through the app's
 * own services at the moment it happened: a past Salón booking whose deposit was returned, a past one whose
 * deposit waits to be returned, a future one paid by transfer, one held waiting for its payment (booked just
 * now), one cancelled by its owner, one whose hold ran out, and free Alberca days.
 */
async function seedBookings(demo: DemoSeedContext, neighborhoodId: number) {
  const { prisma, actAs } = demo;
  const { timeZone } = await prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { timeZone: true } });
  const [salon, alberca] = await Promise.all(
    ['Salón de usos múltiples', 'Alberca'].map((name) => prisma.amenity.findFirstOrThrow({ where: { neighborhoodId, name, deletedAt: null } })),
  );
  const account = await prisma.incomeAccount.findFirst({ where: { neighborhoodId, accountType: 'CLABE', deletedAt: null }, select: { id: true } });
  // Owners of open houses past the first ones (the tests take the first and the last active houses for themselves).
  const owners = await prisma.membership.findMany({
    where: { neighborhoodId, active: true, role: { kind: 'OWNER' }, house: { status: 'ACTIVE' }, user: { email: { startsWith: 'vecino' } } },
    orderBy: { houseId: 'asc' },
    skip: 10,
    take: 6,
    select: { houseId: true, user: { select: { email: true } } },
  });
  const own = await prisma.membership.findFirst({
    where: { neighborhoodId, active: true, user: { email: 'propietario@demo.mx' } },
    select: { houseId: true },
  });
  if (owners.length < 6 || !own?.houseId || !account) return;
  const today = todayIn(timeZone);
  const day = (n: number) => addDays(today, n);
  const at = (n: number, time: string) => localInstant(day(n), time, timeZone);
  // Noon of day n in the community: when the past actions happened.
  const noon = (n: number) => at(n, '12:00');
  const asOwner = (i: number) => actAs(owners[i].user.email, owners[i].houseId!);
  const admin = await actAs('admin@demo.mx');

  const book = async (who: Awaited<ReturnType<typeof actAs>>, amenity: typeof salon, from: Date, to: Date, when: Date, notes: string | null) =>
    (await bookAmenity(who, null, { amenityId: amenity.id, start: from, end: to, unit: amenity.reservationUnit, notes }, null, when)).booking;
  const hours = (n: number, from: string, to: string) => [at(n, from), at(n, to)] as const;
  const wholeDay = (n: number) => [at(n, alberca.fromTime), at(n, alberca.toTime)] as const;
  /** The administration registers the transfer that paid a booking's receipts. */
  const payByTransfer = async (b: { houseId: number; receiptId: number | null; depositReceiptId: number | null; id: number }, n: number) => {
    const receiptIds = [b.receiptId, b.depositReceiptId].filter((id): id is number => id !== null);
    const input = { receiptIds, incomeAccountId: account.id, paymentDate: day(n), authorization: `SPEI-RES-${b.id}` };
    await capturePayment(admin, b.houseId, input, null, new Date(noon(n).getTime() + 2 * HOUR));
  };

  // Nine days ago a birthday party was booked for six days ago, paid the same day; its deposit came back the day after.
  const party = await book(await asOwner(0), salon, ...hours(-6, '16:00', '20:00'), noon(-9), 'Fiesta de cumpleaños');
  await payByTransfer(party, -9);
  await returnDeposit(admin, party.id, null, null, noon(-5));
  // A meeting two days ago, paid; its deposit waits for the administration to check the room.
  const meeting = await book(await asOwner(1), salon, ...hours(-2, '12:00', '15:00'), noon(-7), 'Reunión familiar');
  await payByTransfer(meeting, -7);
  // A future event paid yesterday.
  const future = await book(await asOwner(2), salon, ...hours(3, '18:00', '22:00'), noon(-1), 'Posada de la calle');
  await payByTransfer(future, -1);
  // Booked three days ago and cancelled by its owner the next day: its receipts went with it.
  const dropped = await book(await asOwner(3), salon, ...hours(4, '17:00', '19:00'), noon(-3), null);
  await cancelBooking(await asOwner(3), dropped.id, null, null, noon(-2));
  // Booked yesterday and never paid: the hold ran out four hours later.
  const lapsed = await book(await asOwner(4), salon, ...hours(2, '10:00', '12:00'), noon(-1), 'Clase de yoga');
  await expireHold(admin, lapsed.id, new Date(noon(-1).getTime() + HOLD_HOURS * HOUR + 60_000));
  // Booked just now, waiting for its payment.
  await book(await asOwner(5), salon, ...hours(5, '10:00', '13:00'), new Date(), 'Junta de vecinos de la calle');
  // Free days at the pool: one past, two to come (one of them Patricia's).
  await book(await asOwner(0), alberca, ...wholeDay(-3), noon(-8), null);
  await book(await actAs('propietario@demo.mx', own.houseId), alberca, ...wholeDay(1), noon(-4), 'Carne asada familiar');
  await book(await asOwner(2), alberca, ...wholeDay(6), noon(-2), null);
}
