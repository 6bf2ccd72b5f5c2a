// People: the User and Membership rows. A person is shared across communities; a community sees and
// edits a person's data only while the person belongs to it. This module owns the writes of both tables.
import { randomBytes } from 'node:crypto';
import type { Prisma } from '../../db/client.js';

/** Prisma client or transaction client. */
export type Tx = Omit<Prisma, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface PersonData {
  email: string;
  firstName: string;
  lastName?: string | null;
  mobile?: string | null;
  landline?: string | null;
}

/** A sign-up code for a house or a person: short enough to type, random enough not to guess. */
export function newSignupCode(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * The user with this e-mail, created without a password when none exists. An existing user keeps
 * their own name and phones (they edit them in their profile); a new one takes the given data.
 */
export async function findOrCreatePerson(tx: Tx, data: PersonData): Promise<{ id: number; created: boolean }> {
  const email = data.email.trim().toLowerCase();
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  const user = await tx.user.create({
    data: { email, firstName: data.firstName, lastName: data.lastName ?? null, mobile: data.mobile ?? null, landline: data.landline ?? null },
    select: { id: true },
  });
  return { id: user.id, created: true };
}

/**
 * Whether an administrator may change a person's name and phones: only while the person has not
 * registered (no password) and belongs to no other community. Once they have an account, their data
 * is theirs to edit in their profile.
 */
export async function mayEditPerson(tx: Tx, userId: number, neighborhoodId: number): Promise<boolean> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, memberships: { where: { neighborhoodId: { not: neighborhoodId } }, select: { id: true }, take: 1 } },
  });
  return !!user && !user.passwordHash && user.memberships.length === 0;
}

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
