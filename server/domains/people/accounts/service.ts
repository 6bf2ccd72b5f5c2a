// People: the User and Membership rows. This module owns every write of both tables; other domains
// (houses, residents, administration users, massive load, sign-up, activation) call the functions
// below inside their own write() transaction, passing its `tx`.
//
// Tenancy. A person is shared across communities; a community sees and edits a person's data only
// while the person belongs to it:
// - a person "belongs" to a community when they hold an accepted (not pending) membership in it;
// - an administrator changes a person's name and phones only while the person has no password and
//   belongs to no other community (assertMayEditPerson / updatePersonByAdministrator);
// - giving a person a place in a community (owner of a house, resident, administration user) when the
//   person already has a password or belongs to another community creates a PENDING membership: an
//   invitation the person accepts through a link (/invitations/{code}). Pending memberships are never
//   active (a check constraint enforces it), so they open no session and are not listed to switch to;
//   until accepted the community sees only the e-mail it typed.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config.js';
import { ForbiddenError, NotFoundError, reason } from '../../../kernel/errors.js';
import { appLink } from '../../../infra/mail/links.js';
import { queueEmail, type Email } from '../../../infra/mail/outbox.js';
import { endMembershipSessions, type EndedSession } from '../session/memberships.js';

import type { Tx } from '../../../kernel/context.js';

/** Prisma client or transaction client (inside write(): the scope's `tx`). */
export type { Tx };

export interface PersonData {
  email: string;
  firstName: string;
  lastName?: string | null;
  mobile?: string | null;
  landline?: string | null;
}

/** The personal data an administrator may set on a person (only while assertMayEditPerson allows it). */
export type PersonUpdate = Partial<Pick<PersonData, 'firstName' | 'lastName' | 'mobile' | 'landline'>>;

export const FOREIGN_PERSON_MESSAGE = (email: string) => `${email} ya tiene cuenta: sus datos los actualiza la persona desde «Mis datos»`;
import { INVITATION_INVALID } from '../../../../core/account.js';

export { INVITATION_INVALID };

/** A sign-up or invitation code: short enough to type, random enough not to guess. */
export function newSignupCode(): string {
  return randomBytes(9).toString('base64url');
}

/** E-mails are stored trimmed and lower-case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The user with this e-mail, created without a password when none exists. An existing user keeps
 * their own name and phones (they edit them in their profile); a new one takes the given data.
 */
export async function findOrCreatePerson(tx: Tx, data: PersonData): Promise<{ id: number; created: boolean }> {
  const email = normalEmail(data.email);
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  const user = await tx.user.create({
    data: { email, firstName: data.firstName, lastName: data.lastName ?? null, mobile: data.mobile ?? null, landline: data.landline ?? null },
    select: { id: true },
  });
  return { id: user.id, created: true };
}

/** Many people at once (massive load): existing ones by e-mail, the others created without password. Returns e-mail -> id. */
export async function findOrCreatePeople(tx: Tx, people: PersonData[]): Promise<Map<string, number>> {
  const byEmail = new Map(people.map((p) => [normalEmail(p.email), p]));
  const ids = new Map<string, number>();
  const emails = [...byEmail.keys()];
  for (let i = 0; i < emails.length; i += 1000) {
    for (const u of await tx.user.findMany({ where: { email: { in: emails.slice(i, i + 1000) } }, select: { id: true, email: true } })) ids.set(u.email, u.id);
  }
  const fresh = [...byEmail.entries()].filter(([email]) => !ids.has(email));
  for (let i = 0; i < fresh.length; i += 1000) {
    const created = await tx.user.createManyAndReturn({
      data: fresh
        .slice(i, i + 1000)
        .map(([email, p]) => ({ email, firstName: p.firstName, lastName: p.lastName ?? null, mobile: p.mobile ?? null, landline: p.landline ?? null })),
      select: { id: true, email: true },
    });
    for (const u of created) ids.set(u.email, u.id);
  }
  return ids;
}

/** The person holds an accepted membership (active or suspended) in the community. */
export async function belongsToCommunity(tx: Tx, userId: number, neighborhoodId: number): Promise<boolean> {
  const found = await tx.membership.findFirst({ where: { userId, neighborhoodId, pending: false }, select: { id: true } });
  return !!found;
}

/** Of these people, those who belong to the community (one query; for lists and payloads). */
export async function membersOf(tx: Tx, userIds: number[], neighborhoodId: number): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx.membership.findMany({
    where: { userId: { in: userIds }, neighborhoodId, pending: false },
    select: { userId: true },
    distinct: ['userId'],
  });
  return new Set(rows.map((r) => r.userId));
}

/**
 * Whether an administrator of `neighborhoodId` may change a person's name and phones: only while the
 * person has not registered (no password) and belongs to no other community (not even by a pending
 * invitation). Once they have an account, their data is theirs to edit in their profile.
 */
export async function mayEditPerson(tx: Tx, userId: number, neighborhoodId: number): Promise<boolean> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, memberships: { where: { neighborhoodId: { not: neighborhoodId } }, select: { id: true }, take: 1 } },
  });
  return !!user && !user.passwordHash && user.memberships.length === 0;
}

/** Refuses (403) an administrator's change to the data of a person they may not edit (mayEditPerson). */
export async function assertMayEditPerson(tx: Tx, userId: number, neighborhoodId: number): Promise<void> {
  if (await mayEditPerson(tx, userId, neighborhoodId)) return;
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
  throw new ForbiddenError(reason('FOREIGN_PERSON', { email: user?.email ?? 'Esa persona' }));
}

/**
 * The one way an administrator changes a person's personal data (house form, massive load, residents,
 * administration users). Fields left undefined are kept. Returns whether anything changed; changing the
 * data of a person the administrator may not edit is refused (403), while sending the same data is not.
 */
export async function updatePersonByAdministrator(tx: Tx, userId: number, neighborhoodId: number, data: PersonUpdate): Promise<boolean> {
  const current = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true, mobile: true, landline: true } });
  const changes = Object.fromEntries(
    (Object.entries(data) as [keyof PersonUpdate, string | null | undefined][]).filter(([k, v]) => v !== undefined && (current[k] ?? null) !== (v ?? null)),
  ) as PersonUpdate;
  if (Object.keys(changes).length === 0) return false;
  await assertMayEditPerson(tx, userId, neighborhoodId);
  await tx.user.update({ where: { id: userId }, data: changes });
  return true;
}

/**
 * Giving this person a place in the community needs their consent: they already have a password, or
 * belong to (or are invited by) another community, and do not belong to this one yet.
 */
export async function needsInvitation(tx: Tx, userId: number, neighborhoodId: number): Promise<boolean> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, memberships: { select: { neighborhoodId: true, pending: true } } },
  });
  if (!user) return false;
  if (user.memberships.some((m) => m.neighborhoodId === neighborhoodId && !m.pending)) return false;
  return !!user.passwordHash || user.memberships.some((m) => m.neighborhoodId !== neighborhoodId);
}

export interface NewMembership {
  neighborhoodId: number;
  userId: number;
  houseId?: number | null;
  roleId: number;
  /** False for an account on a blocked or deleted house (suspended). */
  active?: boolean;
  accreditationFileId?: string | null;
}

/** Creates an accepted membership. Callers decide first (needsInvitation) whether an invitation is due instead. */
export async function addMembership(tx: Tx, m: NewMembership): Promise<{ id: number }> {
  return tx.membership.create({
    data: {
      neighborhoodId: m.neighborhoodId,
      userId: m.userId,
      houseId: m.houseId ?? null,
      roleId: m.roleId,
      active: m.active ?? true,
      accreditationFileId: m.accreditationFileId ?? null,
    },
    select: { id: true },
  });
}

/** Many accepted memberships at once (massive load of brand-new owners). */
export async function addMemberships(tx: Tx, rows: NewMembership[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.membership.createMany({
    data: rows.map((m) => ({ neighborhoodId: m.neighborhoodId, userId: m.userId, houseId: m.houseId ?? null, roleId: m.roleId, active: m.active ?? true })),
  });
}

export interface Invitation {
  membershipId: number;
  code: string;
  /** False when the same invitation was already pending (nothing new to mail). */
  created: boolean;
}

/**
 * A pending membership: the invitation the person accepts with acceptInvitation. Inviting the same
 * person to the same place with the same role again keeps the pending invitation (and its code). Other
 * pending invitations to the same house and role (a previous owner candidate) are withdrawn when
 * `replacePendingOnHouse`. A pending invitation to the same place with another role (one account per
 * person and house) becomes the new one: new role, new code (the link mailed for the old role stops
 * working) and `created` true, so the caller mails it; the person never accepts a role they were not told of.
 */
export async function invitePerson(tx: Tx, m: NewMembership & { invitedByUserId: number | null; replacePendingOnHouse?: boolean }): Promise<Invitation> {
  const houseId = m.houseId ?? null;
  if (m.replacePendingOnHouse && houseId !== null) {
    await tx.membership.deleteMany({ where: { houseId, roleId: m.roleId, pending: true, userId: { not: m.userId } } });
  }
  const same = await tx.membership.findFirst({
    where: { userId: m.userId, neighborhoodId: m.neighborhoodId, houseId, pending: true },
    select: { id: true, invitationCode: true, roleId: true },
  });
  if (same?.invitationCode && same.roleId === m.roleId) return { membershipId: same.id, code: same.invitationCode, created: false };
  const code = newSignupCode();
  if (same) {
    await tx.membership.update({
      where: { id: same.id },
      data: {
        roleId: m.roleId,
        invitationCode: code,
        invitedAt: new Date(),
        invitedByUserId: m.invitedByUserId,
        accreditationFileId: m.accreditationFileId ?? null,
      },
    });
    return { membershipId: same.id, code, created: true };
  }
  const row = await tx.membership.create({
    data: {
      neighborhoodId: m.neighborhoodId,
      userId: m.userId,
      houseId,
      roleId: m.roleId,
      active: false,
      pending: true,
      invitationCode: code,
      invitedAt: new Date(),
      invitedByUserId: m.invitedByUserId,
      accreditationFileId: m.accreditationFileId ?? null,
    },
    select: { id: true },
  });
  return { membershipId: row.id, code, created: true };
}

/** The invitation e-mail: who invites, to what, and the acceptance link (the person signs in to accept). */
export function invitationEmail(
  config: Pick<Config, 'publicUrl' | 'port'>,
  m: { to: string; communityName: string; neighborhoodId: number; code: string; what: string },
): Email {
  const link = appLink(config, `/invitations/${m.code}`);
  return {
    to: m.to,
    neighborhoodId: m.neighborhoodId,
    subject: `Invitación de ${m.communityName}`,
    text: `Hola:\n\n${m.communityName} te invita ${m.what}. Para aceptar, inicia sesión con tu cuenta y abre ${link}\n\nHasta que aceptes, la comunidad no ve tus datos. Si no esperabas este correo, puedes ignorarlo.`,
  };
}

/** Queues the invitation e-mail inside the transaction (kick the mailer after commit). */
export async function queueInvitationEmail(tx: Tx, config: Pick<Config, 'publicUrl' | 'port'>, m: Parameters<typeof invitationEmail>[1]): Promise<bigint> {
  return queueEmail(tx, invitationEmail(config, m));
}

/** The signed-in person's pending invitation with this code (404 otherwise: codes of others tell nothing). */
export async function pendingInvitation(tx: Tx, userId: number, code: string) {
  const clean = code.trim();
  const found = /^[\w-]{6,64}$/.test(clean)
    ? await tx.membership.findFirst({
        where: { invitationCode: clean, userId, pending: true },
        select: {
          id: true,
          neighborhoodId: true,
          houseId: true,
          roleId: true,
          invitedByUserId: true,
          role: { select: { kind: true } },
          house: { select: { status: true } },
        },
      })
    : null;
  if (!found) throw new NotFoundError('INVITATION_INVALID');
  return found;
}

/**
 * Accepts a pending membership: it becomes an ordinary account (active unless its house is blocked or
 * deleted). Owner invitations are completed by houses (acceptOwnerInvitation), which moves the house.
 */
export async function acceptMembership(tx: Tx, membershipId: number): Promise<void> {
  const m = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, select: { house: { select: { status: true } } } });
  const suspended = m.house?.status === 'BLOCKED' || m.house?.status === 'DELETED';
  await tx.membership.update({ where: { id: membershipId }, data: { pending: false, active: !suspended, acceptedAt: new Date(), invitationCode: null } });
}

/** The pending invitations of a person (the "my invitations" list). */
export function invitationsOf(tx: Tx, userId: number) {
  return tx.membership.findMany({
    where: { userId, pending: true },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      invitationCode: true,
      invitedAt: true,
      neighborhood: { select: { name: true } },
      role: { select: { name: true, kind: true } },
      houseId: true,
    },
  });
}

/** Removes memberships (accepted or pending); the sessions open on them end (announce the result after commit). */
export async function removeMemberships(tx: Tx, membershipIds: number[]): Promise<EndedSession[]> {
  if (membershipIds.length === 0) return [];
  const ended = await endMembershipSessions(tx, membershipIds);
  await tx.membership.deleteMany({ where: { id: { in: membershipIds } } });
  return ended;
}

/**
 * Suspends (active false: their sessions end) or restores the accepted accounts of a house; pending
 * invitations stay pending and inactive.
 */
export async function setHouseMembershipsActive(tx: Tx, houseId: number, active: boolean): Promise<EndedSession[]> {
  let ended: EndedSession[] = [];
  if (!active) {
    const accounts = await tx.membership.findMany({ where: { houseId, active: true }, select: { id: true } });
    ended = await endMembershipSessions(
      tx,
      accounts.map((m) => m.id),
    );
  }
  await tx.membership.updateMany({ where: { houseId, pending: false }, data: { active } });
  return ended;
}

export type { EndedSession };

// --- A person's own account (written by the session, users and sign-up domains) ---

/** What a person changes about their own account: profile, e-mail change, password, their codes. */
export type OwnAccountChange = Partial<{
  firstName: string;
  lastName: string | null;
  birthDate: Date | null;
  mobile: string | null;
  landline: string | null;
  email: string;
  newEmail: string | null;
  emailCode: string | null;
  emailVerified: boolean;
  passwordHash: string;
  passwordCode: string | null;
  passwordCodeExpiresAt: Date | null;
}>;

/** Writes a person's own account data (only the person, or a code mailed to them, leads here). */
export async function updateOwnAccount(tx: Tx, userId: number, data: OwnAccountChange): Promise<void> {
  await tx.user.update({ where: { id: userId }, data, select: { id: true } });
}

/** A person registering themselves with a password (community sign-up): unverified until the mailed code. */
export async function createRegisteredPerson(tx: Tx, data: PersonData & { passwordHash: string; emailCode: string }): Promise<number> {
  const user = await tx.user.create({
    data: {
      email: data.email.trim().toLowerCase(),
      firstName: data.firstName,
      lastName: data.lastName ?? null,
      passwordHash: data.passwordHash,
      emailCode: data.emailCode,
      emailVerified: false,
    },
    select: { id: true },
  });
  return user.id;
}

// --- Residents and administration users (added for the residents and adminUsers domains) ---

/**
 * The sign-up code of a person who has not chosen a password yet (one is created when missing), for
 * the /signup/{code} e-mail; null once the person has a password. Also answers the name and e-mail
 * the e-mail greets.
 */
export async function signupCodeFor(tx: Tx, userId: number): Promise<{ code: string | null; email: string; firstName: string }> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true, signupCode: true, email: true, firstName: true } });
  if (user.passwordHash) return { code: null, email: user.email, firstName: user.firstName };
  if (user.signupCode) return { code: user.signupCode, email: user.email, firstName: user.firstName };
  const code = newSignupCode();
  await tx.user.update({ where: { id: userId }, data: { signupCode: code }, select: { id: true } });
  return { code, email: user.email, firstName: user.firstName };
}

/** Changes a membership's role and (residents) accreditation file; undefined keeps a field. */
export async function updateMembership(tx: Tx, membershipId: number, data: { roleId?: number; accreditationFileId?: string | null }): Promise<void> {
  await tx.membership.update({ where: { id: membershipId }, data, select: { id: true } });
}

/**
 * Fixes the mistyped e-mail of a person the administrator may edit (assertMayEditPerson): the address
 * changes, unverified, with a new sign-up code (the link sent to the wrong address stops working).
 * Answers the new code for the invitation e-mail.
 */
export async function correctInvitedEmail(tx: Tx, userId: number, neighborhoodId: number, email: string): Promise<string> {
  await assertMayEditPerson(tx, userId, neighborhoodId);
  const code = newSignupCode();
  await tx.user.update({ where: { id: userId }, data: { email: normalEmail(email), signupCode: code, emailVerified: false }, select: { id: true } });
  return code;
}

// --- Activation: the holder of a sign-up code, before the account has a password ---

/**
 * The holder of a sign-up code saves their own name and phone, only while the account has no password
 * (the code is spent once it has one). False when it already has one: nothing changed.
 */
export async function updateUnregisteredProfile(
  tx: Tx,
  userId: number,
  data: { firstName?: string; lastName?: string | null; mobile?: string | null },
): Promise<boolean> {
  const { count } = await tx.user.updateMany({ where: { id: userId, passwordHash: null }, data });
  return count > 0;
}

/**
 * The first password of an account opened by a sign-up code, with the profile typed alongside; the
 * person's own code is spent. Only the first completion wins (false: a password was set meanwhile).
 * `emailVerified`: the code reached the person by e-mail, which proves the address.
 */
export async function setFirstPassword(
  tx: Tx,
  userId: number,
  data: { passwordHash: string; emailVerified: boolean; firstName?: string; lastName?: string | null; mobile?: string | null },
): Promise<boolean> {
  const { count } = await tx.user.updateMany({ where: { id: userId, passwordHash: null }, data: { ...data, signupCode: null } });
  return count > 0;
}
