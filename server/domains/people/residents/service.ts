// Residents of a house: people with an account (Membership) on the house under a house role other
// than OWNER. Administrators manage them in any house of their community; house users (O/S/R grants)
// only in their own house and only with roles that allow creating for house users (spec 1 section 5,
// spec 3 section 5). The owner's account is managed by houses/ownership.ts, never here. The User and
// Membership rows are written through people/service.ts.
//
// Tenancy: a person who already has a password or belongs to another community is not linked but
// invited (a pending membership, people.invitePerson); until they accept, the house sees only the
// e-mail typed. Whoever registers a resident changes their name and mobile only while the person has
// not registered and belongs to no other community (people.mayEditPerson); otherwise the person's own
// data is left untouched.
import { z } from 'zod';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { announceEndedSessions } from '../session/memberships.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { boundedText, parseInput } from '../../../kernel/input.js';
import { CreateResidentSchema, UpdateResidentSchema } from '../../../../core/residents.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, reason } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { appLink } from '../../../infra/mail/links.js';
import { signupInvitation } from '../../../infra/mail/invitations.js';
import { claimFile } from '../../../infra/files/service.js';
import { holdsAny, houseScopeFilter, reachesHouse, targetHouse } from '../../../auth/houseScope.js';
import { assertMayAddPeople } from '../../../auth/people.js';
import {
  addMembership,
  findOrCreatePerson,
  invitePerson,
  mayEditPerson,
  needsInvitation,
  queueInvitationEmail,
  removeMemberships,
  signupCodeFor,
  updateMembership,
  updatePersonByAdministrator,
} from '../accounts/service.js';
import { containsText } from '../../../kernel/textFilter.js';

export const ADMIN_RESIDENTS = { read: ['AResidentsRead'], create: ['AResidentsCreate'], update: ['AResidentsUpdate'], delete: ['AResidentsDelete'] } as const;
export const HOUSE_RESIDENTS = {
  create: ['OResidentsCreate', 'SResidentsCreate', 'RResidentsCreate'],
  update: ['OResidentsUpdate', 'SResidentsUpdate', 'RResidentsUpdate'],
  delete: ['OResidentsDelete', 'SResidentsDelete', 'RResidentsDelete'],
} as const;
/** House users read the residents of their house with any of their residents grants (the spec names no O/S/R read grant). */
export const HOUSE_RESIDENT_READERS = [...HOUSE_RESIDENTS.create, ...HOUSE_RESIDENTS.update, ...HOUSE_RESIDENTS.delete] as const;
export const RESIDENT_READERS = [...ADMIN_RESIDENTS.read, ...ADMIN_RESIDENTS.update, ...ADMIN_RESIDENTS.delete, ...HOUSE_RESIDENT_READERS] as const;
export const ROLE_READERS = [...ADMIN_RESIDENTS.create, ...ADMIN_RESIDENTS.update, ...HOUSE_RESIDENTS.create, ...HOUSE_RESIDENTS.update] as const;

export const ADMIN_READ = [...ADMIN_RESIDENTS.read, ...ADMIN_RESIDENTS.update, ...ADMIN_RESIDENTS.delete];

/** A house role that residents may hold: for houses, and not the owner's. */
export const RESIDENT_ROLE = { forHouse: true, kind: { not: 'OWNER' as const } };

/** Membership rows that are residents the actor may see: the whole community for administrators, else their house. */
export function residentScope(ctx: Pick<ServiceContext, 'actor'>) {
  return {
    neighborhoodId: ctx.actor?.neighborhoodId ?? -1,
    houseId: houseScopeFilter(ctx.actor, ADMIN_READ),
    role: { is: RESIDENT_ROLE },
  };
}

const ListFilter = z.object({ name: boundedText(100, 'El filtro').nullish() }).nullish();

/**
 * The residents a list shows. The name filter searches the e-mail always and the names only of people
 * who accepted (a pending invitation shows the e-mail typed, nothing of the person's own data).
 */
export function residentWhere(ctx: Pick<ServiceContext, 'actor'>, houseId: number | null, rawFilter?: { name?: string | null } | null) {
  const filter = parseInput(ListFilter, rawFilter);
  const words = (filter?.name ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const scope = residentScope(ctx);
  return {
    ...scope,
    ...(houseId != null ? { houseId } : {}),
    ...(words.length
      ? {
          AND: words.map((word) => ({
            OR: [
              { user: { is: { email: containsText(word) } } },
              {
                pending: false,
                user: {
                  is: {
                    OR: [{ firstName: containsText(word) }, { lastName: containsText(word) }],
                  },
                },
              },
            ],
          })),
        }
      : {}),
  };
}

/** The house whose residents a list shows: any house of the community for administrators, else the actor's. */
export async function listHouse(ctx: ServiceContext, houseId: string | null | undefined): Promise<number | null> {
  if (houseId == null && holdsAny(ctx, ADMIN_READ)) return null;
  const house = await targetHouse(ctx, houseId, ADMIN_READ, 'FOREIGN_RESIDENTS');
  return house.id;
}

/**
 * What the actor may do with a resident: administrators always (with the grant); house users only in
 * their own house (the house-scope rule), only when the resident's role allows creating for house
 * users, and never on themselves.
 */
export function mayChange(
  ctx: Pick<ServiceContext, 'actor'>,
  action: 'update' | 'delete',
  resident: { houseId: number | null; userId: number; role: { allowCreateForHouseUser: boolean } },
): boolean {
  if (holdsAny(ctx, ADMIN_RESIDENTS[action])) return true;
  const actor = ctx.actor;
  if (!actor || !holdsAny(ctx, HOUSE_RESIDENTS[action])) return false;
  return reachesHouse(actor, resident.houseId, []) && resident.role.allowCreateForHouseUser && (action === 'delete' || resident.userId !== actor.userId);
}

export { CreateResidentSchema, UpdateResidentSchema };

/** A role that residents may hold in this community; house users only those that allow it. */
async function assignableRole(ctx: ServiceContext, roleId: number, asAdmin: boolean) {
  const role = await ctx.prisma.role.findFirst({
    where: { id: roleId, neighborhoodId: communityOf(ctx), ...RESIDENT_ROLE },
    select: { id: true, name: true, allowCreateForHouseUser: true },
  });
  if (!role) throw new InputError([{ field: 'roleId', message: 'El rol no es válido para un habitante' }]);
  if (!asAdmin && !role.allowCreateForHouseUser) throw new ForbiddenError(reason('ROLE_NOT_ASSIGNABLE', { role: role.name }));
  return role;
}

async function aboutHouse(tx: Tx, houseId: number) {
  const house = await tx.house.findUniqueOrThrow({
    where: { id: houseId },
    select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true, neighborhood: { select: { name: true } } },
  });
  return { community: house.neighborhood.name, label: houseLabel(house) };
}

/**
 * Registers a person as a resident of a house and e-mails them. A new person (or one who belongs only
 * to this community) gets the account now (a sign-up link while they have no password); anyone else is
 * invited and the account opens when they accept.
 */
export async function createResident(ctx: ServiceContext, houseId: string | null | undefined, raw: unknown, idempotencyKey?: string | null) {
  const actor = actorOf(ctx);
  const target = await targetHouse(ctx, houseId, ADMIN_RESIDENTS.create, 'FOREIGN_RESIDENTS', { forNewAccess: true });
  assertMayAddPeople(actor);
  const input = parseInput(CreateResidentSchema, raw);
  const role = await assignableRole(ctx, input.roleId, target.asAdmin);
  const accreditationFileId = input.accreditationFileId ? await claimFile(ctx, input.accreditationFileId) : null;
  const alreadyIn = () => new ConflictError(reason('RESIDENT_ALREADY_IN', { email: input.email }));

  return write(
    ctx,
    { idempotencyKey, request: { operation: 'createResident', input: { houseId: target.id, ...input } } },
    async ({ tx, audit, afterCommit }) => {
      // The house again, inside the transaction: it may have been blocked or deleted meanwhile.
      const house = await targetHouse(ctx, target.id, ADMIN_RESIDENTS.create, 'FOREIGN_RESIDENTS', { forNewAccess: true, tx });
      const about = await aboutHouse(tx, house.id);
      const existing = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
      if (existing) {
        if (house.ownerUserId === existing.id) throw new ConflictError(reason('RESIDENT_IS_OWNER', { email: input.email }));
        if (await tx.membership.findFirst({ where: { userId: existing.id, houseId: house.id }, select: { id: true } })) throw alreadyIn();
      }
      afterCommit(() => kickMailer(ctx.prisma));

      if (existing && (await needsInvitation(tx, existing.id, house.neighborhoodId))) {
        const invitation = await invitePerson(tx, {
          neighborhoodId: house.neighborhoodId,
          userId: existing.id,
          houseId: house.id,
          roleId: role.id,
          accreditationFileId,
          invitedByUserId: actor.userId,
        });
        await queueInvitationEmail(tx, ctx.config, {
          to: input.email,
          communityName: about.community,
          neighborhoodId: house.neighborhoodId,
          code: invitation.code,
          what: `a registrarte como ${role.name} de la propiedad ${about.label}`,
        });
        await audit({
          action: 'INVITE',
          entity: 'Resident',
          entityId: invitation.membershipId,
          data: { houseId: house.id, userId: existing.id, email: input.email, role: role.name },
        });
        return invitation.membershipId;
      }

      // A new person takes the typed data; someone already known keeps their own (findOrCreatePerson).
      const person = await findOrCreatePerson(tx, { email: input.email, firstName: input.firstName, lastName: input.lastName, mobile: input.mobile });
      const membership = await addMembership(tx, {
        neighborhoodId: house.neighborhoodId,
        userId: person.id,
        houseId: house.id,
        roleId: role.id,
        accreditationFileId,
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyIn();
        throw error;
      });
      const signup = await signupCodeFor(tx, person.id);
      await queueEmail(
        tx,
        signup.code
          ? signupInvitation(ctx.config, {
              kind: 'RESIDENT',
              to: input.email,
              firstName: signup.firstName,
              communityName: about.community,
              neighborhoodId: house.neighborhoodId,
              code: signup.code,
              houseLabel: about.label,
              roleName: role.name,
              invitedBy: actor.firstName,
            })
          : {
              to: input.email,
              neighborhoodId: house.neighborhoodId,
              subject: `Te dieron acceso a ${about.community}`,
              text: `Hola ${signup.firstName}: ${actor.firstName} te registró como ${role.name} de la propiedad ${about.label} en ${about.community}. Entra con tu cuenta de siempre en ${appLink(ctx.config, '/login')} y elige esa propiedad en el cambio de cuenta.`,
            },
      );
      await audit({
        action: 'CREATE',
        entity: 'Resident',
        entityId: membership.id,
        data: { houseId: house.id, userId: person.id, email: input.email, role: role.name, newUser: person.created },
      });
      return membership.id;
    },
  );
}

async function findResident(ctx: ServiceContext, id: number, expectedHouseId?: string | null) {
  const resident = await ctx.prisma.membership.findFirst({
    where: { id, neighborhoodId: communityOf(ctx), houseId: { not: null }, role: { is: RESIDENT_ROLE } },
    select: {
      id: true,
      houseId: true,
      userId: true,
      roleId: true,
      pending: true,
      accreditationFileId: true,
      role: { select: { name: true, allowCreateForHouseUser: true } },
      user: { select: { email: true, firstName: true, lastName: true } },
    },
  });
  if (!resident) throw new NotFoundError('RESIDENT_NOT_FOUND');
  // Legacy paths name the house too: a resident of another house does not exist there.
  if (expectedHouseId != null && String(resident.houseId) !== String(expectedHouseId)) throw new NotFoundError('RESIDENT_NOT_FOUND');
  // House users never learn about residents of other houses.
  if (!reachesHouse(ctx.actor, resident.houseId, [...ADMIN_READ, ...ADMIN_RESIDENTS.create])) throw new NotFoundError('RESIDENT_NOT_FOUND');
  return resident;
}

/** The name the community may show: the person's own while they belong to it, the e-mail typed while invited. */
const shownName = (resident: { pending: boolean; user: { email: string; firstName: string; lastName: string | null } }) =>
  resident.pending ? resident.user.email : personName(resident.user);

export async function updateResident(ctx: ServiceContext, id: number, raw: unknown, expectedHouseId?: string | null) {
  const resident = await findResident(ctx, id, expectedHouseId);
  const input = parseInput(UpdateResidentSchema, raw);
  if (!mayChange(ctx, 'update', resident)) {
    throw new ForbiddenError(
      resident.userId === ctx.actor?.userId ? 'OWN_ACCESS_UNCHANGEABLE' : reason('RESIDENT_NOT_MODIFIABLE', { name: shownName(resident) }),
    );
  }
  const asAdmin = holdsAny(ctx, ADMIN_RESIDENTS.update);
  const role = input.roleId === resident.roleId ? null : await assignableRole(ctx, input.roleId, asAdmin);
  let fileId = resident.accreditationFileId;
  if (input.accreditationFileId !== undefined) fileId = input.accreditationFileId ? await claimFile(ctx, input.accreditationFileId) : null;
  const neighborhoodId = communityOf(ctx);
  const personal = { firstName: input.firstName, lastName: input.lastName, mobile: input.mobile };

  return write(ctx, {}, async ({ tx, audit }) => {
    if (role || fileId !== resident.accreditationFileId) await updateMembership(tx, id, { roleId: role?.id ?? resident.roleId, accreditationFileId: fileId });
    // A person's name and phone are theirs once they registered or joined another community (they
    // edit them in their profile); until then whoever registered them fixes typos. Otherwise the
    // person's own data stays as it is.
    const editable = !resident.pending && (await mayEditPerson(tx, resident.userId, neighborhoodId));
    const changed = editable ? await updatePersonByAdministrator(tx, resident.userId, neighborhoodId, personal) : false;
    await audit({
      action: 'UPDATE',
      entity: 'Resident',
      entityId: id,
      data: {
        houseId: resident.houseId,
        ...(role ? { roleFrom: resident.role.name, roleTo: role.name } : {}),
        ...(fileId !== resident.accreditationFileId ? { accreditationFileId: fileId } : {}),
        ...(changed ? personal : {}),
      },
    });
    return id;
  });
}

/** Removes the resident's account on the house (or withdraws the invitation) and ends their sessions on it. */
export async function deleteResident(ctx: ServiceContext, id: number, expectedHouseId?: string | null) {
  const resident = await findResident(ctx, id, expectedHouseId);
  if (!mayChange(ctx, 'delete', resident)) throw new ForbiddenError(reason('RESIDENT_NOT_DELETABLE', { name: shownName(resident) }));
  return write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    const sessions = await removeMemberships(tx, [id]);
    afterCommit(() => announceEndedSessions(ctx, sessions));
    await audit({
      action: 'DELETE',
      entity: 'Resident',
      entityId: id,
      data: { houseId: resident.houseId, userId: resident.userId, role: resident.role.name, pending: resident.pending, endedSessions: sessions.length },
    });
    return id;
  });
}
