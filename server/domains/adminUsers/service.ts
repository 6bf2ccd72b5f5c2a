// Administration users of a community (spec 3): accounts with no house whose role is not a house role
// (Administrador, Administrador de configuración, Seguridad and custom non-house roles).
import { z } from 'zod';
import { isUniqueViolation } from '../../kernel/dbErrors.js';
import { announceEndedSessions, endMembershipSessions } from '../session/memberships.js';
import { DEFAULT_ROLES } from '../../../core/grants.js';
import type { Context } from '../../kernel/context.js';
import { communityOf, actorOf } from '../../kernel/context.js';
import { parseInput } from '../../kernel/input.js';
import { ConflictError, InputError, NotFoundError } from '../../kernel/errors.js';
import { audit } from '../../kernel/audit.js';
import { queueEmail } from '../../infra/mail/outbox.js';
import { appLink } from '../../infra/mail/links.js';
import { signupInvitation } from '../../infra/mail/invitations.js';
import { findOrCreateUser, newSignupCode, type Tx } from '../houses/ownership.js';

/** Who may read administration users: their screen and its forms. */
export const ADMIN_USER_READERS = ['CUsersRead', 'CUsersCreate', 'CUsersUpdate', 'CUsersDelete'] as const;

/** At most this many invitation e-mails per person and hour (the client also waits 30 s between resends). */
export const MAX_INVITATIONS_PER_HOUR = 5;

const email = z.string().trim().toLowerCase().pipe(z.email('El correo electrónico no es válido'));

export const AdminUserSchema = z.object({
  email,
  firstName: z.string().trim().min(1, 'El nombre es requerido').max(80, 'El nombre debe tener como máximo 80 caracteres'),
  lastName: z
    .string()
    .trim()
    .max(80, 'Los apellidos deben tener como máximo 80 caracteres')
    .nullish()
    .transform((v) => v || null),
  roleId: z.number().int().positive('El rol es requerido'),
});

export const EmailSchema = z.object({ email });

/** Every administration account of the current community. */
export function adminMembershipBase(ctx: Context) {
  return { neighborhoodId: communityOf(ctx), houseId: null, role: { forHouse: false } };
}

export function adminUserWhere(ctx: Context, filter?: { search?: string | null; roleId?: number | null } | null) {
  const words = (filter?.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    ...adminMembershipBase(ctx),
    ...(filter?.roleId ? { roleId: filter.roleId } : {}),
    ...(words.length
      ? {
          AND: words.map((w) => ({
            user: {
              OR: [
                { firstName: { contains: w, mode: 'insensitive' as const } },
                { lastName: { contains: w, mode: 'insensitive' as const } },
                { email: { contains: w, mode: 'insensitive' as const } },
              ],
            },
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
export function listCommunityRoles(ctx: Context, query: { select?: object; include?: object }, filter: { forHouse: boolean; residentsOnly?: boolean }) {
  return ctx.prisma.role.findMany({
    ...(query as object),
    where: { neighborhoodId: communityOf(ctx), forHouse: filter.forHouse, ...(filter.residentsOnly ? { kind: { not: 'OWNER' as const } } : {}) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

async function findOwn(ctx: Context, id: number) {
  const membership = await ctx.prisma.membership.findFirst({
    where: { id, ...adminMembershipBase(ctx) },
    include: { user: true, role: true },
  });
  if (!membership) throw new NotFoundError('El usuario no existe');
  return membership;
}

async function findRole(ctx: Context, roleId: number) {
  const role = await ctx.prisma.role.findFirst({ where: { id: roleId, neighborhoodId: communityOf(ctx), forHouse: false } });
  if (!role) throw new InputError([{ field: 'roleId', message: 'El rol no existe en esta comunidad' }]);
  return role;
}

/** Every grant of the viewer's role, those of inactive modules included (the session drops them). */
async function viewerRoleGrants(ctx: Context): Promise<Set<string>> {
  const viewer = actorOf(ctx);
  const membership = viewer.membershipId
    ? await ctx.prisma.membership.findUnique({ where: { id: viewer.membershipId }, select: { role: { select: { grants: true } } } })
    : null;
  const grants = new Set<string>(membership?.role.grants ?? []);
  // A super admin acts as an Administrador in whichever community its session is in.
  if (viewer.superAdmin) for (const g of DEFAULT_ROLES.ADMIN.grants) grants.add(g);
  return grants;
}

/**
 * No escalation: a role holding administration grants (A...) is given, changed, removed or re-invited
 * only by someone who holds those grants too. A configuration administrator manages everyone but the
 * Administradores. The role's whole grant list counts, inactive modules included: a module switched
 * on later must not hand a C-only administrator's protégé the A grants of that module.
 */
async function ensureCanManage(ctx: Context, role: { grants: string[] }) {
  const wanted = role.grants.filter((g) => g.startsWith('A'));
  if (wanted.length === 0) return;
  const held = await viewerRoleGrants(ctx);
  if (wanted.some((g) => !held.has(g))) throw new ConflictError('No puedes asignar ni modificar un rol con permisos de administración que tú no tienes', 403);
}

/** The community always keeps at least one Administrador. */
async function ensureNotLastAdministrator(ctx: Context, membership: { id: number; role: { kind: string } }) {
  if (membership.role.kind !== 'ADMIN') return;
  const others = await ctx.prisma.membership.count({
    where: { ...adminMembershipBase(ctx), id: { not: membership.id }, active: true, role: { kind: 'ADMIN', forHouse: false } },
  });
  if (others === 0) throw new ConflictError('La comunidad debe conservar al menos un Administrador');
}

const emailTaken = (email: string) => new ConflictError(`Ya existe un usuario con el correo ${email}`);

async function recentInvitations(ctx: Context, userId: number) {
  return ctx.prisma.auditLog.count({
    where: { action: { in: ['INVITE', 'RESEND_SIGNUP'] }, entity: 'AdministrationUser', data: { path: ['userId'], equals: userId }, createdAt: { gte: new Date(Date.now() - 3_600_000) } },
  });
}

async function sendInvitation(ctx: Context, tx: Tx, user: { email: string; firstName: string; signupCode: string }, roleName: string) {
  const community = await tx.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { name: true, domain: true } });
  await queueEmail(
    tx as Context['prisma'],
    signupInvitation(ctx.config, {
      kind: 'ADMINISTRATION',
      to: user.email,
      firstName: user.firstName,
      communityName: community.name,
      neighborhoodId: communityOf(ctx),
      code: user.signupCode,
      roleName,
    }),
  );
  return community;
}

/**
 * Gives a person an administration account in this community: the user is found by e-mail or
 * created without a password; a person with no password yet gets a sign-up code and the invitation.
 */
export async function createAdminUser(ctx: Context, raw: unknown) {
  const input = parseInput(AdminUserSchema, raw);
  const role = await findRole(ctx, input.roleId);
  await ensureCanManage(ctx, role);
  const neighborhoodId = communityOf(ctx);
  const duplicate = () => new ConflictError(`Ya existe un usuario de administración con el correo ${input.email}`);
  const result = await ctx.prisma.$transaction(async (tx) => {
    const { id: userId, created } = await findOrCreateUser(tx, { email: input.email, firstName: input.firstName, lastName: input.lastName });
    // The unique index (userId, neighborhoodId, houseId) does not stop two administration accounts
    // (houseId NULL): the person's row lock serializes simultaneous check-and-create of the same person.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const existing = await tx.membership.findFirst({ where: { userId, neighborhoodId, houseId: null }, select: { id: true } });
    if (existing) throw duplicate();
    const membership = await tx.membership.create({ data: { neighborhoodId, userId, roleId: role.id, houseId: null } });
    let user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (!user.passwordHash) {
      if (!user.signupCode) user = await tx.user.update({ where: { id: userId }, data: { signupCode: newSignupCode() } });
      await sendInvitation(ctx, tx, { email: user.email, firstName: user.firstName, signupCode: user.signupCode! }, role.name);
    } else {
      const community = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { name: true } });
      await queueEmail(tx as Context['prisma'], {
        to: user.email,
        neighborhoodId,
        subject: `Te damos acceso a ${community.name}`,
        text: `Hola ${user.firstName}: ahora tienes acceso a ${community.name} como ${role.name}. Entra con tu correo y tu contraseña en ${appLink(ctx.config, '/login')}.`,
      });
    }
    return { membershipId: membership.id, userId, created, invited: !user.passwordHash };
  }).catch((error: unknown) => {
    // Someone created the same new person at the same moment: they are now registered.
    if (isUniqueViolation(error, 'email')) throw duplicate();
    throw error;
  });
  await audit(ctx, 'CREATE', 'AdministrationUser', result.membershipId, { userId: result.userId, roleId: role.id, createdUser: result.created });
  if (result.invited) await audit(ctx, 'INVITE', 'AdministrationUser', result.membershipId, { userId: result.userId });
  return result.membershipId;
}

/**
 * Changes the role and, while the person has not signed up and belongs to no other community, the
 * name and e-mail (fixing a mistyped invitation). Once the person has a password, or is in other
 * communities, their name and e-mail are theirs: they change them in their own settings.
 */
export async function updateAdminUser(ctx: Context, id: number, raw: unknown) {
  const input = parseInput(AdminUserSchema, raw);
  const membership = await findOwn(ctx, id);
  const role = await findRole(ctx, input.roleId);
  const viewer = actorOf(ctx);
  await ensureCanManage(ctx, membership.role);
  if (role.id !== membership.roleId) {
    if (membership.id === viewer.membershipId) throw new ConflictError('No puedes cambiar tu propio rol');
    await ensureCanManage(ctx, role);
    if (role.kind !== 'ADMIN') await ensureNotLastAdministrator(ctx, membership);
  }
  const user = membership.user;
  const personalChanged = input.email !== user.email || input.firstName !== user.firstName || (input.lastName ?? null) !== (user.lastName ?? null);
  if (personalChanged) {
    const elsewhere = await ctx.prisma.membership.count({ where: { userId: user.id, neighborhoodId: { not: communityOf(ctx) } } });
    if (user.passwordHash || elsewhere > 0) {
      throw new ConflictError(`El nombre y el correo de ${user.email} solo los puede cambiar su titular desde Mis datos`);
    }
    if (input.email !== user.email) {
      const taken = await ctx.prisma.user.findFirst({ where: { email: input.email, id: { not: user.id } }, select: { id: true } });
      if (taken) throw emailTaken(input.email);
    }
  }
  const emailChanged = input.email !== user.email;
  await ctx.prisma.$transaction(async (tx) => {
    if (role.id !== membership.roleId) await tx.membership.update({ where: { id }, data: { roleId: role.id } });
    if (personalChanged) {
      // A new address gets a new code: the link sent to the mistyped address stops working.
      const updated = await tx.user.update({
        where: { id: user.id },
        data: { email: input.email, firstName: input.firstName, lastName: input.lastName, ...(emailChanged ? { signupCode: newSignupCode(), emailVerified: false } : {}) },
      });
      if (emailChanged) await sendInvitation(ctx, tx, { email: updated.email, firstName: updated.firstName, signupCode: updated.signupCode! }, role.name);
    }
  }).catch((error: unknown) => {
    // The address was taken between the check above and the write.
    if (isUniqueViolation(error, 'email')) throw emailTaken(input.email);
    throw error;
  });
  await audit(ctx, 'UPDATE', 'AdministrationUser', id, {
    userId: user.id,
    ...(role.id !== membership.roleId ? { roleFrom: membership.roleId, roleTo: role.id } : {}),
    ...(personalChanged ? { emailFrom: user.email, emailTo: input.email } : {}),
  });
  if (emailChanged) await audit(ctx, 'INVITE', 'AdministrationUser', id, { userId: user.id });
  return id;
}

/** Removes the account (the person keeps their other accounts) and ends the sessions open on it. */
export async function deleteAdminUser(ctx: Context, id: number) {
  const membership = await findOwn(ctx, id);
  if (membership.id === actorOf(ctx).membershipId) throw new ConflictError('No puedes eliminar tu propio acceso');
  await ensureCanManage(ctx, membership.role);
  await ensureNotLastAdministrator(ctx, membership);
  const sessions = await ctx.prisma.$transaction(async (tx) => {
    const ended = await endMembershipSessions(tx, [id]);
    await tx.membership.delete({ where: { id } });
    return ended;
  });
  await audit(ctx, 'DELETE', 'AdministrationUser', id, { userId: membership.userId, email: membership.user.email, roleId: membership.roleId, endedSessions: sessions.length });
  announceEndedSessions(ctx, sessions);
  return id;
}

/**
 * Sends the invitation again while the person has no password; answers the community domain. The code
 * itself is never answered: it travels only by e-mail, to its holder.
 */
export async function resendAdminSignupCode(ctx: Context, id: number) {
  const membership = await findOwn(ctx, id);
  await ensureCanManage(ctx, membership.role);
  const user = membership.user;
  if (user.passwordHash) throw new ConflictError(`${user.email} ya creó su contraseña; no necesita el código de registro`);
  if ((await recentInvitations(ctx, user.id)) >= MAX_INVITATIONS_PER_HOUR) {
    throw new ConflictError(`Ya enviamos varios correos a ${user.email} en la última hora. Intenta más tarde`, 429);
  }
  const result = await ctx.prisma.$transaction(async (tx) => {
    const code = user.signupCode ?? (await tx.user.update({ where: { id: user.id }, data: { signupCode: newSignupCode() } })).signupCode!;
    const community = await sendInvitation(ctx, tx, { email: user.email, firstName: user.firstName, signupCode: code }, membership.role.name);
    return { domain: community.domain };
  });
  await audit(ctx, 'RESEND_SIGNUP', 'AdministrationUser', id, { userId: user.id });
  return { id, ...result };
}

/** A person by e-mail, to prefill the form (name only); null when nobody has that address. */
export async function userByEmail(ctx: Context, raw: unknown) {
  const input = parseInput(EmailSchema, raw);
  const user = await ctx.prisma.user.findUnique({
    where: { email: input.email },
    select: { id: true, email: true, firstName: true, lastName: true, passwordHash: true },
  });
  if (!user) return null;
  const account = await ctx.prisma.membership.findFirst({ where: { userId: user.id, neighborhoodId: communityOf(ctx), houseId: null }, select: { id: true } });
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, pendingSignup: !user.passwordHash, administrationUserId: account?.id ?? null };
}
