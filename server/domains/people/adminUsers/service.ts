// Administration users of a community (spec 3): accounts with no house whose role is not a house role
// (Administrador, Administrador de configuración, Seguridad and custom non-house roles). The User and
// Membership rows are written through people/service.ts.
//
// Tenancy: a person who already has a password or belongs to another community is invited (a pending
// account, people.invitePerson) and keeps their own name; until they accept, this community sees only
// the e-mail typed. The e-mail lookup answers only people who belong to this community.
import { z } from 'zod';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { announceEndedSessions } from '../session/memberships.js';
import { DEFAULT_ROLES } from '../../../../core/grants.js';
import { AdminUserRoleSchema, AdminUserSchema, EmailSchema } from '../../../../core/adminUsers.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { lockRow } from '../../../kernel/locks.js';
import { boundedText, parseInput } from '../../../kernel/input.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, RateLimitedError, reason } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { appLink } from '../../../infra/mail/links.js';
import { signupInvitation } from '../../../infra/mail/invitations.js';
import { assertMayAddPeople } from '../../../auth/people.js';
import {
  addMembership,
  belongsToCommunity,
  correctInvitedEmail,
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

/** Who may read administration users: their screen and its forms. */
export const ADMIN_USER_READERS = ['CUsersRead', 'CUsersCreate', 'CUsersUpdate', 'CUsersDelete'] as const;

/** At most this many invitation e-mails per person and hour (the client also waits 30 s between resends). */
export const MAX_INVITATIONS_PER_HOUR = 5;

export { AdminUserSchema, EmailSchema };

const ListFilter = z.object({ search: boundedText(100, 'La búsqueda').nullish(), roleId: z.number().int().nullish() }).nullish();

/** Every administration account of the current community (pending invitations included). */
export function adminMembershipBase(ctx: Pick<ServiceContext, 'actor'>) {
  return { neighborhoodId: communityOf(ctx), houseId: null, role: { forHouse: false } };
}

/** The search matches the e-mail always and the names only of people who accepted (invitations show the e-mail typed). */
export function adminUserWhere(ctx: Pick<ServiceContext, 'actor'>, rawFilter?: { search?: string | null; roleId?: number | null } | null) {
  const filter = parseInput(ListFilter, rawFilter);
  const words = (filter?.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    ...adminMembershipBase(ctx),
    ...(filter?.roleId ? { roleId: filter.roleId } : {}),
    ...(words.length
      ? {
          AND: words.map((w) => ({
            OR: [
              { user: { email: containsText(w) } },
              {
                pending: false,
                user: { OR: [{ firstName: containsText(w) }, { lastName: containsText(w) }] },
              },
            ],
          })),
        }
      : {}),
  };
}

/**
 * Roles of the current community's catalogue by name: administration roles (forHouse false), house
 * roles, or only the house roles residents may hold (all but the owner's). One place for the
 * administrationRoles, communityRoles and houseRoles queries; `query` is Pothos' selection.
 */
export function listCommunityRoles(ctx: ServiceContext, query: { select?: object; include?: object }, filter: { forHouse: boolean; residentsOnly?: boolean }) {
  return ctx.prisma.role.findMany({
    ...(query as object),
    where: { neighborhoodId: communityOf(ctx), forHouse: filter.forHouse, ...(filter.residentsOnly ? { kind: { not: 'OWNER' as const } } : {}) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

async function findOwn(ctx: ServiceContext, id: number) {
  const membership = await ctx.prisma.membership.findFirst({
    where: { id, ...adminMembershipBase(ctx) },
    include: { user: true, role: true },
  });
  if (!membership) throw new NotFoundError('USER_NOT_FOUND');
  return membership;
}

async function findRole(ctx: ServiceContext, roleId: number) {
  const role = await ctx.prisma.role.findFirst({ where: { id: roleId, neighborhoodId: communityOf(ctx), forHouse: false } });
  if (!role) throw new InputError([{ field: 'roleId', message: 'El rol no existe en esta comunidad' }]);
  return role;
}

/** Every grant of the actor's role, those of inactive modules included (the session drops them). */
async function actorRoleGrants(ctx: ServiceContext): Promise<Set<string>> {
  const actor = actorOf(ctx);
  const membership = actor.membershipId
    ? await ctx.prisma.membership.findUnique({ where: { id: actor.membershipId }, select: { role: { select: { grants: true } } } })
    : null;
  const grants = new Set<string>(membership?.role.grants ?? []);
  // A super admin acts as an Administrador in whichever community its session is in.
  if (actor.superAdmin) for (const g of DEFAULT_ROLES.ADMIN.grants) grants.add(g);
  return grants;
}

/**
 * No escalation: a role holding administration grants (A...) is given, changed, removed or re-invited
 * only by someone who holds those grants too. A configuration administrator manages everyone but the
 * Administradores. The role's whole grant list counts, inactive modules included: a module switched
 * on later must not hand a C-only administrator's protégé the A grants of that module.
 */
async function ensureCanManage(ctx: ServiceContext, role: { grants: string[] }) {
  const wanted = role.grants.filter((g) => g.startsWith('A'));
  if (wanted.length === 0) return;
  const held = await actorRoleGrants(ctx);
  if (wanted.some((g) => !held.has(g))) throw new ForbiddenError('ADMIN_GRANTS_NOT_HELD');
}

/** The community always keeps at least one Administrador (an accepted, active account). */
async function ensureNotLastAdministrator(tx: Tx, ctx: ServiceContext, membership: { id: number; role: { kind: string } }) {
  if (membership.role.kind !== 'ADMIN') return;
  const others = await tx.membership.count({
    where: { ...adminMembershipBase(ctx), id: { not: membership.id }, active: true, pending: false, role: { kind: 'ADMIN', forHouse: false } },
  });
  if (others === 0) throw new ConflictError('LAST_ADMINISTRATOR');
}

const emailTaken = (address: string) => new ConflictError(reason('USER_EMAIL_TAKEN', { email: address }));

async function recentInvitations(ctx: ServiceContext, userId: number) {
  return ctx.prisma.auditLog.count({
    where: {
      neighborhoodId: communityOf(ctx),
      action: { in: ['INVITE', 'RESEND_SIGNUP'] },
      entity: 'AdministrationUser',
      data: { path: ['userId'], equals: userId },
      createdAt: { gte: new Date(Date.now() - 3_600_000) },
    },
  });
}

async function communityNamed(tx: Tx, neighborhoodId: number) {
  return tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { name: true, domain: true } });
}

/** The sign-up e-mail of a person without a password (the code goes to their mailbox only). */
async function queueSignup(ctx: ServiceContext, tx: Tx, user: { email: string; firstName: string; code: string }, roleName: string) {
  const neighborhoodId = communityOf(ctx);
  const community = await communityNamed(tx, neighborhoodId);
  await queueEmail(
    tx,
    signupInvitation(ctx.config, {
      kind: 'ADMINISTRATION',
      to: user.email,
      firstName: user.firstName,
      communityName: community.name,
      neighborhoodId,
      code: user.code,
      roleName,
    }),
  );
  return community;
}

/** The invitation e-mail of a person who must accept (an account elsewhere or a password). */
async function queueAcceptance(ctx: ServiceContext, tx: Tx, to: string, code: string, roleName: string) {
  const neighborhoodId = communityOf(ctx);
  const community = await communityNamed(tx, neighborhoodId);
  await queueInvitationEmail(tx, ctx.config, { to, communityName: community.name, neighborhoodId, code, what: `a su administración como ${roleName}` });
  return community;
}

/**
 * Gives a person an administration account in this community. A new person (or one who already
 * belongs here) gets the account now, with a sign-up link while they have no password; anyone else is
 * invited and keeps their own name. The actor must have verified their e-mail.
 */
export async function createAdminUser(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  assertMayAddPeople(actorOf(ctx));
  const input = parseInput(AdminUserSchema, raw);
  const role = await findRole(ctx, input.roleId);
  await ensureCanManage(ctx, role);
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const duplicate = () => new ConflictError(reason('ADMIN_USER_EMAIL_TAKEN', { email: input.email }));
  return write(ctx, { idempotencyKey, request: { operation: 'createAdministrationUser', input } }, async ({ tx, audit, afterCommit }) => {
    const person = await findOrCreatePerson(tx, { email: input.email, firstName: input.firstName, lastName: input.lastName }).catch((error: unknown) => {
      // Someone created the same new person at the same moment: they are now registered.
      if (isUniqueViolation(error, 'email')) throw duplicate();
      throw error;
    });
    // The unique index (userId, neighborhoodId, houseId) does not stop two administration accounts
    // (houseId NULL): the person's row lock serializes simultaneous check-and-create of the same person.
    await lockRow(tx, 'User', person.id);
    const existing = await tx.membership.findFirst({ where: { userId: person.id, neighborhoodId, houseId: null }, select: { id: true } });
    if (existing) throw duplicate();
    afterCommit(() => kickMailer(ctx.prisma));

    if (!person.created && (await needsInvitation(tx, person.id, neighborhoodId))) {
      const invitation = await invitePerson(tx, { neighborhoodId, userId: person.id, houseId: null, roleId: role.id, invitedByUserId: actor.userId });
      await queueAcceptance(ctx, tx, input.email, invitation.code, role.name);
      await audit({
        action: 'INVITE',
        entity: 'AdministrationUser',
        entityId: invitation.membershipId,
        data: { userId: person.id, roleId: role.id, acceptance: true },
      });
      return invitation.membershipId;
    }

    const membership = await addMembership(tx, { neighborhoodId, userId: person.id, roleId: role.id, houseId: null });
    await audit({
      action: 'CREATE',
      entity: 'AdministrationUser',
      entityId: membership.id,
      data: { userId: person.id, roleId: role.id, createdUser: person.created },
    });
    const signup = await signupCodeFor(tx, person.id);
    if (signup.code) {
      await queueSignup(ctx, tx, { email: signup.email, firstName: signup.firstName, code: signup.code }, role.name);
      await audit({ action: 'INVITE', entity: 'AdministrationUser', entityId: membership.id, data: { userId: person.id } });
    } else {
      const community = await communityNamed(tx, neighborhoodId);
      await queueEmail(tx, {
        to: signup.email,
        neighborhoodId,
        subject: `Te damos acceso a ${community.name}`,
        text: `Hola ${signup.firstName}: ahora tienes acceso a ${community.name} como ${role.name}. Entra con tu correo y tu contraseña en ${appLink(ctx.config, '/login')}.`,
      });
    }
    return membership.id;
  });
}

/**
 * Changes the role and, while the person has not signed up and belongs to no other community, the
 * name and e-mail (fixing a mistyped invitation). Once the person has a password, or is in other
 * communities, their name and e-mail are theirs: they change them in their own settings. While an
 * invitation is pending only the role changes (the community does not know the person's data).
 */
export async function updateAdminUser(ctx: ServiceContext, id: number, raw: unknown) {
  const membership = await findOwn(ctx, id);
  const input = membership.pending
    ? { ...parseInput(AdminUserRoleSchema, raw), email: membership.user.email, firstName: membership.user.firstName, lastName: membership.user.lastName }
    : parseInput(AdminUserSchema, raw);
  const role = await findRole(ctx, input.roleId);
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  await ensureCanManage(ctx, membership.role);
  const roleChanged = role.id !== membership.roleId;
  if (roleChanged) {
    if (membership.id === actor.membershipId) throw new ConflictError('OWN_ROLE_UNCHANGEABLE');
    await ensureCanManage(ctx, role);
  }
  const user = membership.user;
  const emailChanged = input.email !== user.email;
  const personalChanged = emailChanged || input.firstName !== user.firstName || (input.lastName ?? null) !== (user.lastName ?? null);

  return write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    if (roleChanged && role.kind !== 'ADMIN') await ensureNotLastAdministrator(tx, ctx, membership);
    if (personalChanged && !(await mayEditPerson(tx, user.id, neighborhoodId))) {
      throw new ConflictError(reason('PROFILE_SELF_ONLY', { email: user.email }));
    }
    if (roleChanged) await updateMembership(tx, id, { roleId: role.id });
    if (personalChanged) {
      await updatePersonByAdministrator(tx, user.id, neighborhoodId, { firstName: input.firstName, lastName: input.lastName });
      if (emailChanged) {
        // A new address gets a new code: the link sent to the mistyped address stops working.
        const code = await correctInvitedEmail(tx, user.id, neighborhoodId, input.email).catch((error: unknown) => {
          if (isUniqueViolation(error, 'email')) throw emailTaken(input.email);
          throw error;
        });
        await queueSignup(ctx, tx, { email: input.email, firstName: input.firstName, code }, role.name);
        afterCommit(() => kickMailer(ctx.prisma));
      }
    }
    await audit({
      action: 'UPDATE',
      entity: 'AdministrationUser',
      entityId: id,
      data: {
        userId: user.id,
        ...(roleChanged ? { roleFrom: membership.roleId, roleTo: role.id } : {}),
        ...(personalChanged ? { emailFrom: user.email, emailTo: input.email } : {}),
      },
    });
    if (emailChanged) await audit({ action: 'INVITE', entity: 'AdministrationUser', entityId: id, data: { userId: user.id } });
    return id;
  }).catch((error: unknown) => {
    // The address was taken by a write that committed meanwhile.
    if (isUniqueViolation(error, 'email')) throw emailTaken(input.email);
    throw error;
  });
}

/** Removes the account or withdraws the invitation (the person keeps their other accounts) and ends the sessions open on it. */
export async function deleteAdminUser(ctx: ServiceContext, id: number) {
  const membership = await findOwn(ctx, id);
  if (membership.id === actorOf(ctx).membershipId) throw new ConflictError('OWN_ACCESS_UNDELETABLE');
  await ensureCanManage(ctx, membership.role);
  return write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    await ensureNotLastAdministrator(tx, ctx, membership);
    const sessions = await removeMemberships(tx, [id]);
    afterCommit(() => announceEndedSessions(ctx, sessions));
    await audit({
      action: 'DELETE',
      entity: 'AdministrationUser',
      entityId: id,
      data: { userId: membership.userId, email: membership.user.email, roleId: membership.roleId, pending: membership.pending, endedSessions: sessions.length },
    });
    return id;
  });
}

/**
 * Sends the invitation again: the sign-up link while the person has no password, or the acceptance
 * link while the invitation is pending; answers the community domain. The codes themselves are never
 * answered: they travel only by e-mail, to their holder.
 */
export async function resendAdminSignupCode(ctx: ServiceContext, id: number) {
  const membership = await findOwn(ctx, id);
  await ensureCanManage(ctx, membership.role);
  const user = membership.user;
  if (!membership.pending && user.passwordHash) throw new ConflictError(reason('PASSWORD_ALREADY_SET', { email: user.email }));
  if ((await recentInvitations(ctx, user.id)) >= MAX_INVITATIONS_PER_HOUR) {
    throw new RateLimitedError(reason('ADMIN_USER_MAIL_LIMIT', { email: user.email }));
  }
  return write(
    ctx,
    { audit: { action: 'RESEND_SIGNUP', entity: 'AdministrationUser', entityId: id, data: { userId: user.id } } },
    async ({ tx, afterCommit }) => {
      afterCommit(() => kickMailer(ctx.prisma));
      if (membership.pending && membership.invitationCode) {
        const community = await queueAcceptance(ctx, tx, user.email, membership.invitationCode, membership.role.name);
        return { id, domain: community.domain };
      }
      const signup = await signupCodeFor(tx, user.id);
      if (!signup.code) throw new ConflictError(reason('PASSWORD_ALREADY_SET', { email: user.email }));
      const community = await queueSignup(ctx, tx, { email: user.email, firstName: user.firstName, code: signup.code }, membership.role.name);
      return { id, domain: community.domain };
    },
  );
}

/**
 * A person by e-mail, to prefill the form (name only): only people who belong to this community. Anyone
 * else answers null, as if unknown: the form then takes the typed name, which never replaces theirs.
 */
export async function userByEmail(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(EmailSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const user = await ctx.prisma.user.findUnique({
    where: { email: input.email },
    select: { id: true, email: true, firstName: true, lastName: true, passwordHash: true },
  });
  if (!user || !(await belongsToCommunity(ctx.prisma, user.id, neighborhoodId))) return null;
  const account = await ctx.prisma.membership.findFirst({ where: { userId: user.id, neighborhoodId, houseId: null }, select: { id: true } });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    pendingSignup: !user.passwordHash,
    administrationUserId: account?.id ?? null,
  };
}
