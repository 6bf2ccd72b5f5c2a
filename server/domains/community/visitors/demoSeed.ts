import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { addDays, localInstant } from '../../../../core/amenitySlots.js';
import { VISIT_DAYS } from '../../../../core/visitors.js';
import { createVisitor, localNow, registerPassage } from './service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The demo community's visitors (Residencial Los Olivos), each registered, let in and let out through the
 * app's own services at the moment it happened, around now: Patricia's (propietario@demo.mx) permanent
 * housekeeper, who came the last working days and is inside now during her hours; a plumber inside since two
 * hours ago; last night's guests, who left; a delivery the guard registered at the gate, in and out; the
 * administration's fumigation company, inside; and visits expected later today and in the next days.
 */
export async function seedVisitors(demo: DemoSeedContext): Promise<void> {
  const { prisma, actAs } = demo;
  const n = await prisma.neighborhood.findUnique({ where: { domain: 'los_olivos' }, select: { id: true, timeZone: true, modules: true } });
  if (!n?.modules.includes('VISITAS')) return;
  const neighborhoodId = n.id;
  if (await prisma.visitor.count({ where: { neighborhoodId } })) return;
  const own = await prisma.membership.findFirst({ where: { neighborhoodId, active: true, user: { email: 'propietario@demo.mx' } }, select: { houseId: true } });
  // Owners of open houses past the first ones (the tests take the first and the last active houses for themselves).
  const owners = await prisma.membership.findMany({
    where: { neighborhoodId, active: true, role: { kind: 'OWNER' }, house: { status: 'ACTIVE' }, user: { email: { startsWith: 'vecino' } } },
    orderBy: { houseId: 'asc' },
    skip: 12,
    take: 4,
    select: { houseId: true, user: { select: { email: true } } },
  });
  if (!own?.houseId || owners.length < 4) return;
  const now = new Date();
  const { today, minute } = localNow(n.timeZone, now);
  const at = (dayOffset: number, time: string) => localInstant(addDays(today, dayOffset), time, n.timeZone);
  const before = (ms: number) => new Date(now.getTime() - ms);
  const admin = await actAs('admin@demo.mx');
  const guard = await actAs('seguridad@demo.mx');
  const patricia = await actAs('propietario@demo.mx', own.houseId);
  const neighbour = (i: number) => actAs(owners[i].user.email, owners[i].houseId!);
  const visit = async (who: Awaited<ReturnType<typeof actAs>>, houseId: number | null, input: Parameters<typeof createVisitor>[2], when: Date) =>
    (await createVisitor(who, houseId, input, null, when)).visitor;
  const enter = (id: number, when: Date) => registerPassage(guard, id, 'GET_IN', when);
  const leave = (id: number, when: Date) => registerPassage(guard, id, 'GET_OUT', when);
  const hhmm = (d: number) => ({ hour: Math.floor(d / 60), minute: d % 60 });

  // Patricia's housekeeper, Monday to Saturday from 08:00 to 17:00, registered by the administration a month ago.
  const keeper = await visit(
    admin,
    own.houseId,
    {
      name: 'María Hernández López',
      visitorType: 'PERMANENT',
      entranceType: 'WALKING',
      reason: 'Trabajadora del hogar',
      entryDate: addDays(today, -30),
      entryHour: 8,
      entryMinute: 0,
      departureHour: 17,
      departureMinute: 0,
      sunday: false,
    },
    at(-30, '10:00'),
  );
  const workDays = [-3, -2, -1].filter((d) => VISIT_DAYS[(new Date(`${addDays(today, d)}T00:00:00Z`).getUTCDay() + 6) % 7] !== 'sunday');
  for (const d of workDays) {
    await enter(keeper.id, at(d, '08:04'));
    await leave(keeper.id, at(d, '16:52'));
  }
  const todayAllowed = VISIT_DAYS[(new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7] !== 'sunday';
  if (todayAllowed && minute > 8 * 60 + 10 && minute < 16 * 60 + 50) await enter(keeper.id, at(0, '08:06'));

  // A plumber one of the neighbours registered yesterday: inside since two hours ago.
  const plumber = await visit(
    await neighbour(0),
    owners[0].houseId,
    {
      name: 'Jorge Ramírez Soto',
      entranceType: 'DRIVING',
      vehicle: 'Nissan NP300 blanca',
      vehiclePlate: 'GTR-482-B',
      reason: 'Reparación de fuga en la cocina',
      entryDate: today,
    },
    at(-1, '19:30'),
  );
  await enter(plumber.id, before(2 * HOUR));

  // Last night's guests of another neighbour: in at 20:10, out after midnight.
  const guests = await visit(
    await neighbour(1),
    owners[1].houseId,
    {
      name: 'Familia Castañeda',
      entranceType: 'DRIVING',
      vehicle: 'Mazda CX-5 roja',
      vehiclePlate: 'JAL-305-C',
      entryDate: addDays(today, -1),
      entryHour: 20,
      entryMinute: 0,
      departureDate: today,
      departureHour: 1,
      departureMinute: 0,
    },
    at(-2, '13:15'),
  );
  await enter(guests.id, at(-1, '20:10'));
  await leave(guests.id, at(0, '00:40') < now ? at(0, '00:40') : before(5 * MINUTE));

  // A delivery the guard registered at the gate for a neighbour, in and out within minutes.
  const delivery = await visit(
    guard,
    owners[2].houseId,
    { name: 'Repartidor de paquetería', entranceType: 'WALKING', badge: 'G-07', reason: 'Entrega de paquete', entryDate: today },
    before(50 * MINUTE),
  );
  await enter(delivery.id, before(48 * MINUTE));
  await leave(delivery.id, before(40 * MINUTE));

  // The administration's own visitor: the fumigation company, inside for an hour.
  const fumigation = await visit(
    admin,
    null,
    {
      name: 'Fumigaciones del Bajío',
      email: 'servicio@fumigacionesbajio.mx',
      entranceType: 'DRIVING',
      vehicle: 'Camioneta Ford Transit',
      vehiclePlate: 'GTO-771-F',
      badge: 'P-01',
      reason: 'Fumigación de áreas comunes',
      entryDate: today,
    },
    at(-3, '11:00'),
  );
  await enter(fumigation.id, before(HOUR));

  // Expected: Patricia's sister later today (or tomorrow, late in the day), a neighbour's guest tomorrow, a party next week.
  const later = hhmm(Math.min(minute + 180, 23 * 60));
  const laterToday = minute + 180 < 23 * 60;
  await visit(
    patricia,
    own.houseId,
    {
      name: 'Ana Torres Medina',
      email: 'ana.torres@correo.mx',
      entranceType: 'DRIVING',
      vehicle: 'Volkswagen Jetta gris',
      vehiclePlate: 'NLE-218-A',
      reason: 'Visita familiar',
      entryDate: laterToday ? today : addDays(today, 1),
      entryHour: laterToday ? later.hour : 18,
      entryMinute: laterToday ? later.minute : 0,
    },
    before(3 * HOUR),
  );
  await visit(
    await neighbour(3),
    owners[3].houseId,
    { name: 'Luis Fernando Ochoa', entranceType: 'WALKING', entryDate: addDays(today, 1), entryHour: 11, entryMinute: 30 },
    before(HOUR),
  );
  await visit(
    await neighbour(1),
    owners[1].houseId,
    {
      name: 'Invitados a la posada',
      entranceType: 'DRIVING',
      vehicle: 'Varios',
      reason: 'Posada de fin de año',
      entryDate: addDays(today, 6),
      entryHour: 19,
      entryMinute: 0,
      departureDate: addDays(today, 7),
      departureHour: 2,
      departureMinute: 0,
    },
    before(30 * MINUTE),
  );
}
