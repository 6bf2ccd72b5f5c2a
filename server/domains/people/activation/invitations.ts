// Invitations (tenancy): a community gives a place (owner of a house...) to a person who already has an
// account or belongs to another community; the membership stays pending until that person, signed in,
// accepts it through the e-mailed link (/invitations/{code}) or their list of invitations.
import { actorOf, type ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { write } from '../../../kernel/write.js';
import { houseLabel } from '../../../../core/houseLabel.js';
import { acceptMembership, pendingInvitation, removeMemberships } from '../accounts/service.js';
import { InvitationCodeSchema } from '../../../../core/account.js';
import { acceptOwnerInvitation } from '../../property/houses/ownership.js';
import { announceEndedSessions, type EndedSession } from '../session/memberships.js';

export interface InvitationView {
  code: string;
  communityName: string;
  roleName: string;
  houseLabel: string | null;
  invitedAt: Date | null;
}

/** The signed-in person's pending invitations (nothing of anyone else). */
export async function myInvitations(ctx: ServiceContext): Promise<InvitationView[]> {
  const rows = await ctx.prisma.membership.findMany({
    where: { userId: actorOf(ctx).userId, pending: true, invitationCode: { not: null } },
    orderBy: { id: 'asc' },
    take: 100,
    select: {
      invitationCode: true,
      invitedAt: true,
      neighborhood: { select: { name: true } },
      role: { select: { name: true } },
      house: { select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true } },
    },
  });
  return rows.map((r) => ({
    code: r.invitationCode!,
    communityName: r.neighborhood.name,
    roleName: r.role.name,
    houseLabel: r.house ? houseLabel(r.house) : null,
    invitedAt: r.invitedAt,
  }));
}

/**
 * Accepts one of the signed-in person's invitations: the account becomes active (suspended when its
 * house is blocked) and an owner invitation moves the house to them now, ending the previous owner's
 * access. Someone else's code is not found.
 */
export async function acceptInvitation(ctx: ServiceContext, raw: unknown): Promise<{ membershipId: number; neighborhoodId: number }> {
  const { code } = parseInput(InvitationCodeSchema, raw);
  const viewer = actorOf(ctx);
  return write(ctx, { request: { operation: 'acceptInvitation', input: { code } } }, async ({ tx, audit, afterCommit }) => {
    const invitation = await pendingInvitation(tx, viewer.userId, code);
    const ended: EndedSession[] = [];
    let membershipId = invitation.id;
    if (invitation.role.kind === 'OWNER' && invitation.houseId !== null) {
      await acceptOwnerInvitation(tx, { userId: viewer.userId, houseId: invitation.houseId, invitedByUserId: invitation.invitedByUserId }, ended);
      const account = await tx.membership.findFirstOrThrow({
        where: { userId: viewer.userId, houseId: invitation.houseId, pending: false },
        select: { id: true },
      });
      membershipId = account.id;
    } else {
      await acceptMembership(tx, invitation.id);
    }
    await audit({
      action: 'ACCEPT_INVITATION',
      entity: 'Membership',
      entityId: membershipId,
      neighborhoodId: invitation.neighborhoodId,
      data: { houseId: invitation.houseId },
    });
    afterCommit(() => announceEndedSessions(ctx, ended));
    return { membershipId, neighborhoodId: invitation.neighborhoodId };
  });
}

/** Declines one of the signed-in person's invitations: the pending account goes; the community learns nothing else. */
export async function declineInvitation(ctx: ServiceContext, raw: unknown): Promise<boolean> {
  const { code } = parseInput(InvitationCodeSchema, raw);
  const viewer = actorOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const invitation = await pendingInvitation(tx, viewer.userId, code);
    await removeMemberships(tx, [invitation.id]);
    await audit({
      action: 'DECLINE_INVITATION',
      entity: 'Membership',
      entityId: invitation.id,
      neighborhoodId: invitation.neighborhoodId,
      data: { houseId: invitation.houseId },
    });
    return true;
  });
}
