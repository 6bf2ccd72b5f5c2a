// A community's vehicles follow its flags: when required_vehicle_revision, _tag or _authorization change
// (neighborhoods' settings announce it), every vehicle takes the status vehicleStatus gives it.
import type { VehicleFlags } from '../../../../core/vehicles.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import type { Tx } from '../../../kernel/context.js';
import { subscribe } from '../../../kernel/events.js';

/**
 * Every vehicle of a community to the status its flags give it now (when the flags change): three statements,
 * one per status, the same rule as vehicleStatus.
 */
export async function refreshVehicleStatuses(tx: Pick<Tx, 'vehicle'>, neighborhoodId: number, flags: VehicleFlags) {
  const base = { neighborhoodId, deletedAt: null };
  const lacking: PrismaNS.VehicleWhereInput[] = [{ rejectedAt: { not: null } }];
  if (flags.requiredVehicleRevision) lacking.push({ inspectedAt: null });
  if (flags.requiredVehicleTag) lacking.push({ tagTypeId: null }, { tagTypeId: -1 }, { tagNumber: null }, { tagNumber: '' });
  await tx.vehicle.updateMany({ where: { ...base, OR: lacking, status: { not: 'INCOMPLETE' } }, data: { status: 'INCOMPLETE' } });
  const complete: PrismaNS.VehicleWhereInput = { ...base, NOT: { OR: lacking } };
  if (flags.requiredVehicleAuthorization) {
    await tx.vehicle.updateMany({
      where: { ...complete, authorizedAt: null, status: { not: 'PENDING_AUTHORIZATION' } },
      data: { status: 'PENDING_AUTHORIZATION' },
    });
    await tx.vehicle.updateMany({ where: { ...complete, authorizedAt: { not: null }, status: { not: 'ACTIVE' } }, data: { status: 'ACTIVE' } });
  } else {
    await tx.vehicle.updateMany({ where: { ...complete, status: { not: 'ACTIVE' } }, data: { status: 'ACTIVE' } });
  }
}

subscribe('community.vehicleRulesChanged', (tx, { neighborhoodId, ...flags }) => refreshVehicleStatuses(tx, neighborhoodId, flags));
