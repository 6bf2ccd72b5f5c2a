// The House row writes other domains need. houses owns the House table: streets, house types, the
// massive load, activation and onboarding call these inside their own write() (passing its `tx`)
// instead of writing House themselves.
import { pendingStatus, type HouseStatus } from '../../../../core/houseRules.js';
import { addMemberships, invitePerson, newSignupCode, type Tx } from '../../people/accounts/service.js';
import { ownerRoleId } from './ownership.js';

/** A street is being deleted: houses (deleted ones, since live ones block the deletion) forget it. */
export async function detachStreet(tx: Tx, neighborhoodId: number, streetId: number): Promise<void> {
  await tx.house.updateMany({ where: { streetId, neighborhoodId }, data: { streetId: null } });
}

/** A house type is being deleted: houses (deleted ones, since live ones block the deletion) forget it. */
export async function detachHouseType(tx: Tx, neighborhoodId: number, houseTypeId: number): Promise<void> {
  await tx.house.updateMany({ where: { houseTypeId, neighborhoodId }, data: { houseTypeId: null } });
}

/** The house's sign-up code, given one when it never had it (activation e-mails). */
export async function ensureHouseSignupCode(tx: Tx, house: { id: number; signupCode: string | null }): Promise<string> {
  if (house.signupCode) return house.signupCode;
  const code = newSignupCode();
  await tx.house.update({ where: { id: house.id }, data: { signupCode: code } });
  return code;
}

/** The sign-up link of these houses was mailed now (the resend pace and the list's "sent" mark). */
export async function markSignupCodeSent(tx: Tx, houseIds: number[]): Promise<void> {
  if (houseIds.length === 0) return;
  await tx.house.updateMany({ where: { id: { in: houseIds } }, data: { signupCodeSentAt: new Date() } });
}

export interface NewHouseRow {
  houseTypeId: number | null;
  catastral: string | null;
  block?: string | null;
  lot?: string | null;
  exteriorNumber?: string | null;
  interiorNumber?: string | null;
  streetId?: number | null;
  condominiumId?: number | null;
  mallId?: number | null;
  dimension?: string | null;
  parkingSpots?: number | null;
  initialBalance?: string | null;
  /** The owner (a user id from people/service.ts findOrCreatePeople), or none. */
  ownerUserId: number | null;
  /** The owner must accept an invitation first (people/service.ts needsInvitation): the house stays without owner meanwhile. */
  ownerInvited?: boolean;
}

/**
 * Creates houses in batches (massive load), each in its pending status, with its owner's account and
 * history as assignOwner would do for a house that had no owner; owners who must accept an invitation
 * get a pending account instead (mail them with people/service.ts queueInvitationEmail). Returns the
 * new house ids in the order of `rows`.
 */
export async function createHouses(tx: Tx, neighborhoodId: number, rows: NewHouseRow[], changedByUserId: number | null): Promise<number[]> {
  if (rows.length === 0) return [];
  const owners = rows.some((r) => r.ownerUserId !== null) ? await ownerRoleId(tx, neighborhoodId) : null;
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    const created = await tx.house.createManyAndReturn({
      data: batch.map(({ ownerInvited, ownerUserId, ...row }) => {
        const owner = ownerInvited ? null : ownerUserId;
        return {
          ...row,
          neighborhoodId,
          ownerUserId: owner,
          signupCode: owner ? newSignupCode() : null,
          status: pendingStatus({
            hasOwner: owner !== null,
            hasHouseType: row.houseTypeId !== null,
            missingLocation: [],
            initialBalanceSet: row.initialBalance != null,
          }),
        };
      }),
      select: { id: true },
    });
    // Rows of one INSERT get their serial ids in order.
    created.sort((a, b) => a.id - b.id);
    const paired = created.map((h, n) => ({ id: h.id, row: batch[n] }));
    const owned = paired.filter((p) => p.row.ownerUserId !== null && !p.row.ownerInvited);
    if (owned.length) {
      await addMemberships(
        tx,
        owned.map((p) => ({ neighborhoodId, userId: p.row.ownerUserId!, houseId: p.id, roleId: owners! })),
      );
      await tx.houseOwnerChange.createMany({
        data: owned.map((p) => ({ neighborhoodId, houseId: p.id, fromUserId: null, toUserId: p.row.ownerUserId!, changedByUserId })),
      });
    }
    for (const p of paired.filter((q) => q.row.ownerUserId !== null && q.row.ownerInvited)) {
      await invitePerson(tx, { neighborhoodId, userId: p.row.ownerUserId!, houseId: p.id, roleId: owners!, invitedByUserId: changedByUserId });
    }
    ids.push(...paired.map((p) => p.id));
  }
  return ids;
}

export type HouseRowChanges = Partial<Omit<NewHouseRow, 'ownerUserId' | 'ownerInvited'>> & { status?: HouseStatus };

/** Location, key, parking and (pending houses only) balance changes from the massive load. The owner changes through giveHouse/assignOwner. */
export async function updateHouseRow(tx: Tx, neighborhoodId: number, houseId: number, changes: HouseRowChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.house.update({ where: { id: houseId, neighborhoodId }, data: changes });
}
