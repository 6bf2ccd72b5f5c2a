import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { addDays } from '../../../../core/amenitySlots.js';
import { todayIn } from '../../../../core/receipts.js';
import { storedRules } from '../../../../core/revisionPoints.js';
import { daySpaces } from '../../../../core/revisionSpaces.js';
import type { VehicleInput } from '../../../../core/vehicles.js';
import { addVehicleComment, authorizeVehicle, bookSpace, completeSpace, createVehicle, rejectVehicle } from './service.js';

const DAY = 86_400_000;

/**
 * The demo community's vehicles (it asks for an inspection and the administration's authorization), each made
 * through the app's services as it happened: Patricia's (propietario@demo.mx) sedan inspected last week and
 * authorized, her SUV booked for an inspection in the coming days; neighbours' vehicles inspected and waiting
 * for authorization (the dashboard's list), booked, without an appointment, and one rejected; a guard's
 * comment on a plate. Houses that owe appear in the defaulters report through their vehicles.
 */
export async function seedVehicles(demo: DemoSeedContext): Promise<void> {
  const { prisma, actAs } = demo;
  const n = await prisma.neighborhood.findUnique({ where: { domain: 'los_olivos' }, select: { id: true, timeZone: true, modules: true } });
  if (!n?.modules.includes('ACCESO_VEHICULAR')) return;
  if (await prisma.vehicle.count({ where: { neighborhoodId: n.id } })) return;
  const point = await prisma.revisionPoint.findFirst({ where: { neighborhoodId: n.id }, orderBy: { id: 'asc' } });
  const own = await prisma.membership.findFirst({
    where: { neighborhoodId: n.id, active: true, user: { email: 'propietario@demo.mx' } },
    select: { houseId: true },
  });
  // Owners of open houses past the first two (the tests take the first and the last active houses for themselves).
  const owners = await prisma.membership.findMany({
    where: { neighborhoodId: n.id, active: true, role: { kind: 'OWNER' }, house: { status: 'ACTIVE' }, user: { email: { startsWith: 'vecino' } } },
    orderBy: { houseId: 'asc' },
    skip: 2,
    take: 8,
    select: { houseId: true, user: { select: { email: true } } },
  });
  if (!point || !own?.houseId || owners.length < 8) return;

  const now = new Date();
  const today = todayIn(n.timeZone, now);
  const rules = { activeFrom: point.activeFrom.toISOString().slice(0, 10), activeUntil: null, minutes: point.minutes, rules: storedRules(point.rules) };
  /** The `index`-th space of the first day with spaces from `offset` days (searching forward, or backward for past days). */
  const spaceFrom = (offset: number, index: number) => {
    const step = offset < 0 ? -1 : 1;
    for (let d = offset; Math.abs(d) < 30; d += step) {
      const spaces = daySpaces(rules, addDays(today, d), n.timeZone).filter((s) => s.start > now || offset < 0);
      if (spaces.length > index) return spaces[index];
    }
    throw new Error('The demo revision point offers no space');
  };
  const admin = await actAs('admin@demo.mx');
  const guard = await actAs('seguridad@demo.mx');
  const patricia = await actAs('propietario@demo.mx', own.houseId);
  const neighbour = (i: number) => actAs(owners[i].user.email, owners[i].houseId!);
  const register = async (who: Awaited<ReturnType<typeof actAs>>, houseId: number, input: VehicleInput) => (await createVehicle(who, houseId, input)).vehicle;
  const book = (who: Awaited<ReturnType<typeof actAs>>, vehicle: { id: number; houseId: number }, space: { start: Date }, bookedAt: Date) =>
    bookSpace(who, vehicle.houseId, vehicle.id, point.id, space.start.getTime() / 60_000, null, bookedAt);
  /** Booked days before its space, inspected at the space's end. */
  const inspected = async (who: Awaited<ReturnType<typeof actAs>>, vehicle: { id: number; houseId: number }, daysAgo: number, index: number) => {
    const space = spaceFrom(-daysAgo, index);
    const { space: booked } = await book(who, vehicle, space, new Date(space.start.getTime() - 3 * DAY));
    await completeSpace(admin, booked.id, null, space.end);
  };

  // Patricia: her sedan, inspected last week and authorized; her SUV, booked for the coming days.
  const sedan = await register(patricia, own.houseId, {
    plate: 'UJK-482-C',
    state: 'QUE',
    tagTypeId: 3,
    tagNumber: 'IMDM-2093847',
    description: 'Nissan Versa gris 2021',
  });
  await inspected(patricia, sedan, 7, 2);
  await authorizeVehicle(admin, sedan.id, null, new Date(now.getTime() - 6 * DAY));
  const suv = await register(patricia, own.houseId, { type: 'TRUCK', plate: 'UMN-915-B', state: 'QUE', tagTypeId: -1, description: 'Mazda CX-5 blanca' });
  await book(patricia, suv, spaceFrom(1, 1), new Date(now.getTime() - 2 * 3_600_000));

  // Neighbours: inspected and waiting for authorization (the dashboard's pending list).
  const pending = [
    { plate: 'SNT-204-A', state: 'QUE', tagTypeId: 1, tagNumber: 'RF-00412', description: 'Toyota Corolla blanco' },
    { plate: 'GTO-778-K', state: 'GUA', tagTypeId: 3, tagNumber: 'IMDM-5521903', description: 'Honda CR-V azul' },
    { type: 'MOTORCYCLE' as const, plate: 'R4-5ZX', state: 'QUE', tagTypeId: -1, description: 'Italika FT150 roja' },
  ];
  for (const [i, input] of pending.entries()) {
    const who = await neighbour(i);
    const vehicle = await register(who, owners[i].houseId!, input);
    await inspected(who, vehicle, 3 + i, i);
  }
  // Neighbours with an appointment in the coming days (the scheduled list).
  const booked = [
    { plate: 'NLE-331-P', state: 'NLE', tagTypeId: 4, tagNumber: 'PASE-8840021', description: 'Kia Rio negro' },
    { type: 'ARMORED_TRUCK' as const, plate: 'CMX-902-Z', state: 'CMX', tagTypeId: 3, tagNumber: 'IMDM-7781200', description: 'Chevrolet Suburban blindada' },
    { plate: 'JAL-118-D', state: 'JAL', tagTypeId: -2, tagNumber: 'TAG-ZAPOPAN-4410', description: 'Volkswagen Jetta rojo' },
  ];
  for (const [i, input] of booked.entries()) {
    const who = await neighbour(3 + i);
    const vehicle = await register(who, owners[3 + i].houseId!, input);
    await book(who, vehicle, spaceFrom(1 + i, 3 + i), new Date(now.getTime() - (i + 1) * 3_600_000));
  }
  // One without an appointment yet, and one the administration rejected.
  await register(await neighbour(6), owners[6].houseId!, { plate: 'QRO-650-M', state: 'QUE', description: 'Ford Ranger gris' });
  const pickup = await register(await neighbour(7), owners[7].houseId!, {
    type: 'TRUCK',
    plate: 'TX-4K8-221',
    state: 'EXT',
    description: 'Dodge RAM con placas de Texas',
  });
  await rejectVehicle(admin, pickup.id, { comment: 'La tarjeta de circulación no coincide con las placas; súbela de nuevo.' });
  // The guard's note on the sedan.
  await addVehicleComment(guard, sedan.id, { comment: 'Entra habitualmente por la caseta poniente.' });
}
