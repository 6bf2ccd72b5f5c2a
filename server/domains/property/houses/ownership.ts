// Who owns a house: the owner's OWNER account in the community and the owner history. Used by the
// house form, owner change, massive load, onboarding and invitation acceptance. The User and
// Membership rows are written through people/service.ts; the House row here (houses owns it).
import type { Config } from '../../../config.js';
import { ConflictError, InputError } from '../../../kernel/errors.js';
import { pendingStatus } from '../../../../core/houseRules.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../../core/houseTypes.js';
import { missingLocation } from '../../../../core/houseRules.js';
import type { EndedSession } from '../../people/session/memberships.js';
import { announce } from '../../../kernel/events.js';
import {
  addMembership,
  findOrCreatePerson,
  invitePerson,
  needsInvitation,
  newSignupCode,
  normalEmail,
  queueInvitationEmail,
  removeMemberships,
  type PersonData,
  type Tx,
} from '../../people/accounts/service.js';

declare module '../../../kernel/events.js' {
  interface DomainEvents {
    /** A house's owner was replaced by another, inside that write: the tax data was the old owner's (money/accounting/taxInfo drops it). */
    'house.ownerReplaced': { houseId: number };
  }
}

/** The seed still takes it from here; people/service.ts is its home. */
export { newSignupCode };
export type OwnerData = PersonData;

export async function ownerRoleId(tx: Tx, neighborhoodId: number): Promise<number> {
  const role = await tx.role.findFirst({ where: { neighborhoodId, kind: 'OWNER' }, select: { id: true } });
  if (!role) throw new ConflictError('OWNER_ROLE_MISSING');
  return role.id;
}

type OwnedHouse = { id: number; neighborhoodId: number; ownerUserId: number | null; status?: string };

/**
 * Makes `userId` the owner of the house now: moves the OWNER account of the house to them (the
 * previous owner loses access to the house), gives the house a new sign-up code (the previous owner's
 * link stops working) and records the change in the history. Nothing happens when they already own it.
 * Only for people who need no invitation (people/service.ts needsInvitation), or who accepted one.
 */
export async function assignOwner(
  tx: Tx,
  house: OwnedHouse,
  userId: number,
  changedByUserId: number | null,
  /** Collects the sessions this ends, to announce once the transaction commits. */
  endedSessions: EndedSession[] = [],
): Promise<boolean> {
  if (house.ownerUserId === userId) return false;
  const roleId = await ownerRoleId(tx, house.neighborhoodId);
  // The previous owner's account on the house goes (their open sessions on it end), and so does their
  // tax data: the new owner invoices under their own RFC. A resident who becomes the owner trades
  // their resident account for the owner's; a pending owner invitation on the house is withdrawn.
  const replaced = await tx.membership.findMany({
    where: {
      houseId: house.id,
      OR: [{ userId }, { roleId, pending: true }, ...(house.ownerUserId ? [{ userId: house.ownerUserId, roleId }] : [])],
    },
    select: { id: true },
  });
  endedSessions.push(
    ...(await removeMemberships(
      tx,
      replaced.map((m) => m.id),
    )),
  );
  if (house.ownerUserId) await announce(tx, 'house.ownerReplaced', { houseId: house.id });
  const status = house.status ?? (await tx.house.findUniqueOrThrow({ where: { id: house.id }, select: { status: true } })).status;
  // A blocked or deleted house keeps its people's accounts suspended.
  const active = status !== 'BLOCKED' && status !== 'DELETED';
  await addMembership(tx, { neighborhoodId: house.neighborhoodId, userId, houseId: house.id, roleId, active });
  await tx.house.update({
    where: { id: house.id },
    data: { ownerUserId: userId, signupCode: newSignupCode(), signupCodeSentAt: null },
  });
  await tx.houseOwnerChange.create({
    data: { neighborhoodId: house.neighborhoodId, houseId: house.id, fromUserId: house.ownerUserId, toUserId: userId, changedByUserId },
  });
  return true;
}

export type GiveHouseResult =
  | { kind: 'OWNER'; userId: number; moved: boolean; created: boolean }
  | { kind: 'INVITED'; userId: number; membershipId: number; mailed: boolean };

/**
 * Gives the house to the person with this e-mail, by the tenancy rule: a brand-new person (no account,
 * no other community) or someone who already belongs to this community becomes the owner now; anyone
 * else (a password, another community) is invited: a pending OWNER account and an e-mail with the
 * acceptance link, and the house keeps its current owner until they accept (acceptOwnerInvitation).
 * `person` needs the name only when the e-mail is new.
 */
export async function giveHouse(
  tx: Tx,
  config: Pick<Config, 'publicUrl' | 'port'>,
  house: OwnedHouse,
  person: { email: string } & Partial<PersonData>,
  changedByUserId: number | null,
  endedSessions: EndedSession[] = [],
): Promise<GiveHouseResult> {
  const email = normalEmail(person.email);
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (existing && (await needsInvitation(tx, existing.id, house.neighborhoodId))) {
    const roleId = await ownerRoleId(tx, house.neighborhoodId);
    const invitation = await invitePerson(tx, {
      neighborhoodId: house.neighborhoodId,
      userId: existing.id,
      houseId: house.id,
      roleId,
      invitedByUserId: changedByUserId,
      replacePendingOnHouse: true,
    });
    if (invitation.created) {
      const community = await tx.neighborhood.findUniqueOrThrow({ where: { id: house.neighborhoodId }, select: { name: true } });
      await queueInvitationEmail(tx, config, {
        to: email,
        communityName: community.name,
        neighborhoodId: house.neighborhoodId,
        code: invitation.code,
        what: 'a registrarte como propietario de una propiedad',
      });
    }
    return { kind: 'INVITED', userId: existing.id, membershipId: invitation.membershipId, mailed: invitation.created };
  }
  if (!existing && !person.firstName) {
    throw new InputError([{ field: 'owner.firstName', message: 'El nombre del propietario es requerido' }]);
  }
  const user = existing ? { id: existing.id, created: false } : await findOrCreatePerson(tx, { ...person, email, firstName: person.firstName! });
  const moved = await assignOwner(tx, house, user.id, changedByUserId, endedSessions);
  // Someone else's pending invitation to own this house is withdrawn by assignOwner; none stays behind.
  return { kind: 'OWNER', userId: user.id, moved, created: user.created };
}

/** The e-mail of the person invited to own the house, while the invitation is pending (what the administrator typed). */
export async function pendingOwnerEmail(tx: Tx, houseId: number): Promise<string | null> {
  const m = await tx.membership.findFirst({
    where: { houseId, pending: true, role: { kind: 'OWNER' } },
    select: { user: { select: { email: true } } },
    orderBy: { id: 'desc' },
  });
  return m?.user.email ?? null;
}

function typeFlags(type: Record<LocationFlag, boolean> | null): Record<LocationFlag, boolean> {
  return Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!type?.[f]])) as Record<LocationFlag, boolean>;
}

/** A house that is not active yet takes the pending status its data give (owner, type, location, balance). */
export async function refreshPendingStatus(tx: Tx, houseId: number): Promise<void> {
  const house = await tx.house.findUniqueOrThrow({ where: { id: houseId }, include: { houseType: true } });
  if (house.status !== 'NEW' && house.status !== 'MISSING_BALANCE' && house.status !== 'INCOMPLETE') return;
  const status = pendingStatus({
    hasOwner: house.ownerUserId != null,
    hasHouseType: house.houseType != null,
    missingLocation: house.houseType ? missingLocation(house as never, typeFlags(house.houseType)) : [],
    initialBalanceSet: house.initialBalance != null,
  });
  if (status !== house.status) await tx.house.update({ where: { id: houseId }, data: { status } });
}

/**
 * The invited person accepted to own the house: the house moves to them now (as assignOwner) and a
 * pending house takes its status. Refused when the house was deleted meanwhile.
 */
export async function acceptOwnerInvitation(
  tx: Tx,
  invitation: { userId: number; houseId: number; invitedByUserId: number | null },
  endedSessions: EndedSession[] = [],
): Promise<void> {
  const house = await tx.house.findUniqueOrThrow({
    where: { id: invitation.houseId },
    select: { id: true, neighborhoodId: true, ownerUserId: true, status: true },
  });
  if (house.status === 'DELETED') throw new ConflictError('INVITATION_HOUSE_UNAVAILABLE');
  await assignOwner(tx, house, invitation.userId, invitation.invitedByUserId, endedSessions);
  await refreshPendingStatus(tx, house.id);
}
