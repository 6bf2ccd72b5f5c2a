// Who owns a house: the owner's user (found by e-mail or created), their OWNER account in the
// community and the owner history. Used by the house form, owner change, massive load and onboarding.
import { ConflictError } from '../../kernel/errors.js';
import { endMembershipSessions, type EndedSession } from '../session/memberships.js';

import { findOrCreatePerson, mayEditPerson, newSignupCode, type PersonData, type Tx } from '../people/service.js';

export { findOrCreatePerson as findOrCreateUser, mayEditPerson, newSignupCode, type Tx };
export type OwnerData = PersonData;

async function ownerRoleId(tx: Tx, neighborhoodId: number): Promise<number> {
  const role = await tx.role.findFirst({ where: { neighborhoodId, kind: 'OWNER' }, select: { id: true } });
  if (!role) throw new ConflictError('La comunidad no tiene el rol de propietario');
  return role.id;
}

/**
 * Makes `userId` the owner of the house: moves the OWNER account of the house to them (the previous
 * owner loses access to the house), gives the house a new sign-up code (the previous owner's link
 * stops working) and records the change in the history. Nothing happens when they already own it.
 */
export async function assignOwner(
  tx: Tx,
  house: { id: number; neighborhoodId: number; ownerUserId: number | null; status?: string },
  userId: number,
  changedByUserId: number | null,
  /** Collects the sessions this ends, to announce once the transaction commits. */
  endedSessions: EndedSession[] = [],
): Promise<boolean> {
  if (house.ownerUserId === userId) return false;
  const roleId = await ownerRoleId(tx, house.neighborhoodId);
  // The previous owner's account on the house goes (their open sessions on it end), and so does their
  // tax data: the new owner invoices under their own RFC. A resident who becomes the owner trades
  // their resident account for the owner's.
  const replaced = await tx.membership.findMany({
    where: { houseId: house.id, OR: [{ userId }, ...(house.ownerUserId ? [{ userId: house.ownerUserId, roleId }] : [])] },
    select: { id: true },
  });
  endedSessions.push(...(await endMembershipSessions(tx, replaced.map((m) => m.id))));
  await tx.membership.deleteMany({ where: { id: { in: replaced.map((m) => m.id) } } });
  if (house.ownerUserId) await tx.houseTaxInfo.deleteMany({ where: { houseId: house.id } });
  // A blocked or deleted house keeps its people's accounts suspended.
  const active = house.status !== 'BLOCKED' && house.status !== 'DELETED';
  await tx.membership.create({ data: { neighborhoodId: house.neighborhoodId, userId, houseId: house.id, roleId, active } });
  await tx.house.update({
    where: { id: house.id },
    data: { ownerUserId: userId, signupCode: newSignupCode(), signupCodeSentAt: null },
  });
  await tx.houseOwnerChange.create({
    data: { neighborhoodId: house.neighborhoodId, houseId: house.id, fromUserId: house.ownerUserId, toUserId: userId, changedByUserId },
  });
  return true;
}

