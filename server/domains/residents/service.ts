// Residents of a house: people with an account (Membership) on the house under a house role other
// than OWNER. Administrators manage them in any house of their community; house users (O/S/R grants)
// only in their own house and only with roles that allow creating for house users (spec 1 section 5,
// spec 3 section 5). The owner's account is managed by houses/ownership.ts, never here.
import { z } from 'zod';
import { isUniqueViolation } from '../../kernel/dbErrors.js';
import { announceEndedSessions, endMembershipSessions } from '../session/memberships.js';
import type { Context } from '../../kernel/context.js';
import { communityOf, actorOf } from '../../kernel/context.js';
import { parseInput, phoneInput } from '../../kernel/input.js';
import { ConflictError, InputError, NotFoundError } from '../../kernel/errors.js';
import { houseLabel } from '../../../core/houseLabel.js';
import { audit } from '../../kernel/audit.js';
import { findOrCreateUser, newSignupCode } from '../houses/ownership.js';
import { queueEmail } from '../../infra/mail/outbox.js';
import { appLink } from '../../infra/mail/links.js';
import { signupInvitation } from '../../infra/mail/invitations.js';
import { claimFile } from '../../infra/files/service.js';
import { holdsAny, targetHouse } from '../../auth/houseScope.js';

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

const ADMIN_READ = [...ADMIN_RESIDENTS.read, ...ADMIN_RESIDENTS.update, ...ADMIN_RESIDENTS.delete];
const FOREIGN_HOUSE = 'Solo puedes administrar los habitantes de tu propiedad';

/** A house role that residents may hold: for houses, and not the owner's. */
export const RESIDENT_ROLE = { forHouse: true, kind: { not: 'OWNER' as const } };

/** Membership rows that are residents the viewer may see: the whole community for administrators, else their house. */
export function residentScope(ctx: Context) {
  const admin = holdsAny(ctx, ADMIN_READ);
  return {
    neighborhoodId: ctx.actor?.neighborhoodId ?? -1,
    houseId: admin ? { not: null } : (ctx.actor?.houseId ?? -1),
    role: { is: RESIDENT_ROLE },
  };
}

export function residentWhere(ctx: Context, houseId: number | null, filter?: { name?: string | null } | null) {
  const words = (filter?.name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const scope = residentScope(ctx);
  return {
    ...scope,
    ...(houseId != null ? { houseId } : {}),
    ...(words.length
      ? {
          AND: words.map((word) => ({
            user: {
              is: {
                OR: [
                  { firstName: { contains: word, mode: 'insensitive' as const } },
                  { lastName: { contains: word, mode: 'insensitive' as const } },
                  { email: { contains: word, mode: 'insensitive' as const } },
                ],
              },
            },
          })),
        }
      : {}),
  };
}

/** The house whose residents a list shows: any house of the community for administrators, else the viewer's. */
export async function listHouse(ctx: Context, houseId: string | null | undefined): Promise<number | null> {
  if (houseId == null && holdsAny(ctx, ADMIN_READ)) return null;
  const house = await targetHouse(ctx, houseId, ADMIN_READ, FOREIGN_HOUSE);
  return house.id;
}

/**
 * What the viewer may do with a resident: administrators always (with the grant); house users only in
 * their own house, only when the resident's role allows creating for house users, and never on themselves.
 */
export function mayChange(
  ctx: Context,
  action: 'update' | 'delete',
  resident: { houseId: number | null; userId: number; role: { allowCreateForHouseUser: boolean } },
): boolean {
  if (holdsAny(ctx, ADMIN_RESIDENTS[action])) return true;
  const viewer = ctx.actor;
  if (!viewer || !holdsAny(ctx, HOUSE_RESIDENTS[action])) return false;
  return viewer.houseId != null && viewer.houseId === resident.houseId && resident.role.allowCreateForHouseUser && (action === 'delete' || resident.userId !== viewer.userId);
}

const phone = phoneInput();
const optionalName = z
  .string()
  .trim()
  .max(80, 'El apellido debe tener como máximo 80 caracteres')
  .nullish()
  .transform((v) => (v ? v : null));

const PersonFields = {
  firstName: z.string().trim().min(1, 'El nombre es requerido').max(80, 'El nombre debe tener como máximo 80 caracteres'),
  lastName: optionalName,
  mobile: phone,
  roleId: z.number({ error: 'El rol es requerido' }).int().positive('El rol es requerido'),
  accreditationFileId: z.string().trim().min(1).nullish(),
};

export const CreateResidentSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('El correo electrónico no es válido')),
  ...PersonFields,
});

export const UpdateResidentSchema = z.object(PersonFields);

/** A role that residents may hold in this community; house users only those that allow it. */
async function assignableRole(ctx: Context, roleId: number, asAdmin: boolean) {
  const role = await ctx.prisma.role.findFirst({
    where: { id: roleId, neighborhoodId: communityOf(ctx), ...RESIDENT_ROLE },
    select: { id: true, name: true, allowCreateForHouseUser: true },
  });
  if (!role) throw new InputError([{ field: 'roleId', message: 'El rol no es válido para un habitante' }]);
  if (!asAdmin && !role.allowCreateForHouseUser) throw new ConflictError(`No puedes asignar el rol ${role.name}; pídelo a la administración`, 403);
  return role;
}

async function invitationText(ctx: Context, houseId: number, roleName: string) {
  const house = await ctx.prisma.house.findUniqueOrThrow({
    where: { id: houseId },
    select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true, neighborhood: { select: { name: true } } },
  });
  return { community: house.neighborhood.name, label: houseLabel(house), roleName };
}

export async function createResident(ctx: Context, houseId: string | null | undefined, raw: unknown) {
  const viewer = actorOf(ctx);
  const house = await targetHouse(ctx, houseId, ADMIN_RESIDENTS.create, FOREIGN_HOUSE, { forNewAccess: true });
  const input = parseInput(CreateResidentSchema, raw);
  const role = await assignableRole(ctx, input.roleId, house.asAdmin);
  const fileId = input.accreditationFileId ? await claimFile(ctx, input.accreditationFileId) : null;

  const result = await ctx.prisma
    .$transaction(async (tx) => {
      const user = await findOrCreateUser(tx, { email: input.email, firstName: input.firstName, lastName: input.lastName, mobile: input.mobile });
      if (house.ownerUserId === user.id) throw new ConflictError(`${input.email} es el propietario de esta propiedad`);
      const already = await tx.membership.findFirst({ where: { userId: user.id, houseId: house.id }, select: { id: true } });
      if (already) throw new ConflictError(`${input.email} ya tiene acceso a esta propiedad`);
      const person = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true, signupCode: true, firstName: true } });
      // Someone who never chose a password gets (or keeps) a sign-up code for the invitation link.
      let signupCode: string | null = null;
      if (!person.passwordHash) {
        signupCode = person.signupCode ?? newSignupCode();
        if (!person.signupCode) await tx.user.update({ where: { id: user.id }, data: { signupCode } });
      }
      const membership = await tx.membership.create({
        data: { neighborhoodId: house.neighborhoodId, userId: user.id, houseId: house.id, roleId: role.id, accreditationFileId: fileId },
        select: { id: true },
      });
      return { membershipId: membership.id, userId: user.id, created: user.created, signupCode, firstName: person.firstName };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError(`${input.email} ya tiene acceso a esta propiedad`);
      throw error;
    });

  const about = await invitationText(ctx, house.id, role.name);
  await queueEmail(
    ctx.prisma,
    result.signupCode
      ? signupInvitation(ctx.config, {
          kind: 'RESIDENT',
          to: input.email,
          firstName: result.firstName,
          communityName: about.community,
          neighborhoodId: house.neighborhoodId,
          code: result.signupCode,
          houseLabel: about.label,
          roleName: about.roleName,
          invitedBy: viewer.firstName,
        })
      : {
          to: input.email,
          neighborhoodId: house.neighborhoodId,
          subject: `Te dieron acceso a ${about.community}`,
          text: `Hola ${result.firstName}: ${viewer.firstName} te registró como ${about.roleName} de la propiedad ${about.label} en ${about.community}. Entra con tu cuenta de siempre en ${appLink(ctx.config, '/login')} y elige esa propiedad en el cambio de cuenta.`,
        },
  );
  await audit(ctx, 'CREATE', 'Resident', result.membershipId, {
    houseId: house.id,
    userId: result.userId,
    email: input.email,
    role: role.name,
    newUser: result.created,
  });
  return result.membershipId;
}

async function findResident(ctx: Context, id: number, expectedHouseId?: string | null) {
  const resident = await ctx.prisma.membership.findFirst({
    where: { id, neighborhoodId: communityOf(ctx), houseId: { not: null }, role: { is: RESIDENT_ROLE } },
    select: {
      id: true,
      houseId: true,
      userId: true,
      roleId: true,
      accreditationFileId: true,
      role: { select: { name: true, allowCreateForHouseUser: true } },
      user: { select: { firstName: true, lastName: true, mobile: true, passwordHash: true } },
    },
  });
  if (!resident) throw new NotFoundError('El habitante no existe');
  // Legacy paths name the house too: a resident of another house does not exist there.
  if (expectedHouseId != null && String(resident.houseId) !== String(expectedHouseId)) throw new NotFoundError('El habitante no existe');
  // House users never learn about residents of other houses.
  if (!holdsAny(ctx, [...ADMIN_READ, ...ADMIN_RESIDENTS.create]) && resident.houseId !== ctx.actor?.houseId) throw new NotFoundError('El habitante no existe');
  return resident;
}

const fullName = (user: { firstName: string; lastName: string | null }) => [user.firstName, user.lastName].filter(Boolean).join(' ');

export async function updateResident(ctx: Context, id: number, raw: unknown, expectedHouseId?: string | null) {
  const resident = await findResident(ctx, id, expectedHouseId);
  const input = parseInput(UpdateResidentSchema, raw);
  if (!mayChange(ctx, 'update', resident)) {
    throw new ConflictError(
      resident.userId === ctx.actor?.userId ? 'No puedes cambiar tu propio acceso; pídelo a quien te registró' : `No puedes modificar a ${fullName(resident.user)}; pídelo a la administración`,
      403,
    );
  }
  const asAdmin = holdsAny(ctx, ADMIN_RESIDENTS.update);
  const role = input.roleId === resident.roleId ? null : await assignableRole(ctx, input.roleId, asAdmin);
  let fileId = resident.accreditationFileId;
  if (input.accreditationFileId !== undefined) fileId = input.accreditationFileId ? await claimFile(ctx, input.accreditationFileId) : null;
  // A person's name and phone are theirs once they activated their account (they edit them in their
  // profile, and they may live in other communities too); until then whoever registered them fixes typos.
  const personal = !resident.user.passwordHash;
  await ctx.prisma.$transaction([
    ctx.prisma.membership.update({ where: { id }, data: { roleId: role?.id ?? resident.roleId, accreditationFileId: fileId } }),
    ...(personal
      ? [ctx.prisma.user.update({ where: { id: resident.userId }, data: { firstName: input.firstName, lastName: input.lastName, mobile: input.mobile } })]
      : []),
  ]);
  await audit(ctx, 'UPDATE', 'Resident', id, {
    houseId: resident.houseId,
    ...(role ? { roleFrom: resident.role.name, roleTo: role.name } : {}),
    ...(fileId !== resident.accreditationFileId ? { accreditationFileId: fileId } : {}),
    ...(personal ? { firstName: input.firstName, lastName: input.lastName, mobile: input.mobile } : {}),
  });
  return id;
}

/** Removes the resident's account on the house and ends their sessions on it. */
export async function deleteResident(ctx: Context, id: number, expectedHouseId?: string | null) {
  const resident = await findResident(ctx, id, expectedHouseId);
  const name = fullName(resident.user);
  if (!mayChange(ctx, 'delete', resident)) throw new ConflictError(`No se ha logrado eliminar el acceso a ${name}`, 403);
  const sessions = await ctx.prisma.$transaction(async (tx) => {
    const ended = await endMembershipSessions(tx, [id]);
    await tx.membership.delete({ where: { id } });
    return ended;
  });
  announceEndedSessions(ctx, sessions);
  await audit(ctx, 'DELETE', 'Resident', id, { houseId: resident.houseId, userId: resident.userId, role: resident.role.name, endedSessions: sessions.length });
  return id;
}
