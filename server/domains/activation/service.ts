// Activation (sign-up) codes: the link /signup/{code} that lets an owner or a person registered by an
// administrator choose their first password. House codes (House.signupCode, set by assignOwner) open
// the owner's account on that house; person codes (User.signupCode) open the person's latest account.
import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { communityOf } from '../../kernel/context.js';
import { parseInput, phoneInput } from '../../kernel/input.js';
import { ConflictError, NotFoundError } from '../../kernel/errors.js';
import { hashPassword } from '../../auth/passwords.js';
import { audit } from '../../kernel/audit.js';
import { capitalize } from '../../../core/validators.js';
import { houseLabel } from '../../../core/houseLabel.js';
import { newSignupCode } from '../houses/ownership.js';
import { queueEmail } from '../../infra/mail/outbox.js';
import { deliverNow, MailDeliveryError } from '../../infra/mail/sender.js';
import { signupInvitation } from '../../infra/mail/invitations.js';
import { openSession } from '../session/service.js';

export const RESENT_MESSAGE = 'El email ha sido reenviado';
export const NONE_SENT_MESSAGE = 'No se envío ningún email';
export const SIGNUP_CODE_INVALID = 'El código de registro no es válido o ya fue usado';
export const bulkSentMessage = (count: number) => `Han sido reenviados ${count} emails`;

/** Spec 1 section 4: the resend button waits 30 seconds; the server holds the same pace per code. */
export const RESEND_WAIT_SECONDS = 30;
export const MAX_PUBLIC_RESENDS_PER_HOUR = 5;
/** A bulk resend skips houses mailed in the last minutes, so a double click does not mail twice. */
export const BULK_RESEND_QUIET_MINUTES = 10;

const LABEL_FIELDS = { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true } as const;

interface SignupMail {
  email: string;
  firstName: string;
  communityName: string;
  houseLabel: string | null;
  code: string;
  neighborhoodId: number;
}

function queueSignupMail(ctx: Context, m: SignupMail) {
  return queueEmail(
    ctx.prisma,
    signupInvitation(ctx.config, {
      kind: 'OWNER',
      to: m.email,
      firstName: m.firstName,
      communityName: m.communityName,
      houseLabel: m.houseLabel,
      code: m.code,
      neighborhoodId: m.neighborhoodId,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Administration: resend the activation e-mail of a house's owner, one or all pending.

async function ensureHouseCode(ctx: Context, house: { id: number; signupCode: string | null }) {
  if (house.signupCode) return house.signupCode;
  const code = newSignupCode();
  await ctx.prisma.house.update({ where: { id: house.id }, data: { signupCode: code } });
  return code;
}

export async function resendHouseSignupCode(ctx: Context, houseId: number) {
  const house = await ctx.prisma.house.findFirst({
    where: { id: houseId, neighborhoodId: communityOf(ctx), status: { not: 'DELETED' } },
    select: {
      id: true,
      signupCode: true,
      ...LABEL_FIELDS,
      owner: { select: { id: true, email: true, firstName: true, passwordHash: true } },
      neighborhood: { select: { id: true, name: true, domain: true } },
    },
  });
  if (!house) throw new NotFoundError('La propiedad no existe');
  if (!house.owner) throw new ConflictError('La propiedad no tiene propietario a quien enviar el correo');
  if (house.owner.passwordHash) throw new ConflictError('El propietario ya activó su cuenta');
  const code = await ensureHouseCode(ctx, house);
  const outboxId = await queueSignupMail(ctx, {
    email: house.owner.email,
    firstName: house.owner.firstName,
    communityName: house.neighborhood.name,
    houseLabel: houseLabel(house),
    code,
    neighborhoodId: house.neighborhood.id,
  });
  const delivered = await deliverNow(ctx, outboxId);
  await audit(ctx, 'RESEND_HOUSE_SIGNUP_CODE', 'House', house.id, { to: house.owner.email, delivered });
  if (!delivered) throw new MailDeliveryError();
  await ctx.prisma.house.update({ where: { id: house.id }, data: { signupCodeSentAt: new Date() } });
  // The code itself is never answered: it travels only by e-mail, to its holder.
  return { houseId: house.id, domain: house.neighborhood.domain, message: RESENT_MESSAGE };
}

/** Mails every owner of the community who has not chosen a password yet; returns how many were queued. */
export async function resendHouseSignupCodes(ctx: Context) {
  const neighborhoodId = communityOf(ctx);
  const quietSince = new Date(Date.now() - BULK_RESEND_QUIET_MINUTES * 60_000);
  const houses = await ctx.prisma.house.findMany({
    where: {
      neighborhoodId,
      status: { not: 'DELETED' },
      owner: { passwordHash: null },
      OR: [{ signupCodeSentAt: null }, { signupCodeSentAt: { lt: quietSince } }],
    },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      signupCode: true,
      ...LABEL_FIELDS,
      owner: { select: { email: true, firstName: true } },
      neighborhood: { select: { name: true } },
    },
  });
  for (const house of houses) {
    const code = await ensureHouseCode(ctx, house);
    await queueSignupMail(ctx, {
      email: house.owner!.email,
      firstName: house.owner!.firstName,
      communityName: house.neighborhood.name,
      houseLabel: houseLabel(house),
      code,
      neighborhoodId,
    });
  }
  if (houses.length) {
    await ctx.prisma.house.updateMany({ where: { id: { in: houses.map((h) => h.id) } }, data: { signupCodeSentAt: new Date() } });
  }
  await audit(ctx, 'RESEND_HOUSE_SIGNUP_CODES', 'Neighborhood', neighborhoodId, { count: houses.length });
  return houses.length;
}

// ---------------------------------------------------------------------------------------------
// Public: what a code opens, resend, profile and completion.

interface CodeTarget {
  kind: 'HOUSE' | 'USER';
  /** House id or user id: the subject of the resend pace. */
  subjectId: number;
  user: { id: number; email: string; firstName: string; lastName: string | null; mobile: string | null; passwordHash: string | null; emailVerified: boolean };
  neighborhood: { id: number; name: string; domain: string };
  houseLabel: string | null;
  /** The account the completed sign-up opens. */
  membershipId: number | null;
  /** The code reached the person by e-mail (so completing it proves the address). */
  mailed: boolean;
}

const USER_FIELDS = { id: true, email: true, firstName: true, lastName: true, mobile: true, passwordHash: true, emailVerified: true } as const;

async function targetOf(ctx: Context, rawCode: string, domain?: string | null): Promise<CodeTarget | null> {
  const code = rawCode.trim();
  if (!/^[\w-]{6,64}$/.test(code)) return null;
  let target: CodeTarget | null = null;
  const house = await ctx.prisma.house.findUnique({
    where: { signupCode: code },
    select: {
      id: true,
      status: true,
      signupCodeSentAt: true,
      ...LABEL_FIELDS,
      owner: { select: USER_FIELDS },
      neighborhood: { select: { id: true, name: true, domain: true } },
      memberships: { where: { active: true, role: { kind: 'OWNER' } }, select: { id: true, userId: true } },
    },
  });
  if (house && house.owner && house.status !== 'DELETED') {
    target = {
      kind: 'HOUSE',
      subjectId: house.id,
      user: house.owner,
      neighborhood: house.neighborhood,
      houseLabel: houseLabel(house),
      membershipId: house.memberships.find((m) => m.userId === house.owner!.id)?.id ?? null,
      mailed: !!house.signupCodeSentAt,
    };
  } else {
    const user = await ctx.prisma.user.findUnique({
      where: { signupCode: code },
      select: {
        ...USER_FIELDS,
        memberships: {
          where: { active: true },
          orderBy: { id: 'desc' },
          take: 1,
          select: { id: true, neighborhood: { select: { id: true, name: true, domain: true } }, house: { select: LABEL_FIELDS } },
        },
      },
    });
    const membership = user?.memberships[0];
    if (user && membership) {
      const { memberships: _m, ...person } = user;
      target = {
        kind: 'USER',
        subjectId: user.id,
        user: person,
        neighborhood: membership.neighborhood,
        houseLabel: membership.house ? houseLabel(membership.house) : null,
        membershipId: membership.id,
        mailed: true,
      };
    }
  }
  if (target && domain && target.neighborhood.domain !== domain.trim().toLowerCase()) return null;
  return target;
}

/** The code's target while it is still usable: the person has no password yet. */
async function usableTarget(ctx: Context, code: string, domain?: string | null) {
  const target = await targetOf(ctx, code, domain);
  if (!target || target.user.passwordHash) throw new NotFoundError(SIGNUP_CODE_INVALID);
  return target;
}

/**
 * What a usable code opens. A code whose person already has a password tells nothing but that
 * (`hasPassword`, `used`): anyone may hold an old link, and the person's data are theirs.
 */
export type SignupCodeInfo =
  | {
      kind: 'HOUSE' | 'USER';
      neighborhoodName: string;
      domain: string;
      houseLabel: string | null;
      email: string;
      firstName: string;
      lastName: string | null;
      mobile: string | null;
      hasPassword: false;
      used: false;
    }
  | { kind: null; neighborhoodName: null; domain: null; houseLabel: null; email: null; firstName: null; lastName: null; mobile: null; hasPassword: true; used: true };

const USED_CODE: SignupCodeInfo = {
  kind: null,
  neighborhoodName: null,
  domain: null,
  houseLabel: null,
  email: null,
  firstName: null,
  lastName: null,
  mobile: null,
  hasPassword: true,
  used: true,
};

/** What the code opens; null when no such code exists (or it belongs to another community's domain). */
export async function signupCodeInfo(ctx: Context, code: string, domain?: string | null): Promise<SignupCodeInfo | null> {
  const target = await targetOf(ctx, code, domain);
  if (!target) return null;
  if (target.user.passwordHash) return USED_CODE;
  return {
    kind: target.kind,
    neighborhoodName: target.neighborhood.name,
    domain: target.neighborhood.domain,
    houseLabel: target.houseLabel,
    email: target.user.email,
    firstName: target.user.firstName,
    lastName: target.user.lastName,
    mobile: target.user.mobile,
    hasPassword: false,
    used: false,
  };
}

const CodeSchema = z.object({ code: z.string().trim().min(1, SIGNUP_CODE_INVALID).max(64), domain: z.string().trim().nullish() });

/** Mails the link again (public: anyone holding the code), at most once every 30 s and 5 times an hour. */
export async function resendSignupCode(ctx: Context, raw: unknown) {
  const input = parseInput(CodeSchema, raw);
  const target = await usableTarget(ctx, input.code, input.domain);
  const recent = await ctx.prisma.auditLog.findMany({
    where: { action: 'RESEND_SIGNUP_CODE', entity: target.kind === 'HOUSE' ? 'House' : 'User', entityId: String(target.subjectId), createdAt: { gte: new Date(Date.now() - 3_600_000) } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  if (recent.length >= MAX_PUBLIC_RESENDS_PER_HOUR) throw new ConflictError('Ya reenviamos este correo varias veces. Revisa tu bandeja de spam o intenta más tarde', 429);
  if (recent[0] && Date.now() - recent[0].createdAt.getTime() < RESEND_WAIT_SECONDS * 1000) {
    throw new ConflictError(`Espera ${RESEND_WAIT_SECONDS} segundos antes de volver a reenviar el correo`, 429);
  }
  const outboxId = await queueSignupMail(ctx, {
    email: target.user.email,
    firstName: target.user.firstName,
    communityName: target.neighborhood.name,
    houseLabel: target.kind === 'HOUSE' ? target.houseLabel : null,
    code: input.code,
    neighborhoodId: target.neighborhood.id,
  });
  const delivered = await deliverNow(ctx, outboxId);
  await audit(ctx, 'RESEND_SIGNUP_CODE', target.kind === 'HOUSE' ? 'House' : 'User', target.subjectId, { delivered }, target.user.id);
  if (!delivered) throw new MailDeliveryError();
  if (target.kind === 'HOUSE') await ctx.prisma.house.update({ where: { id: target.subjectId }, data: { signupCodeSentAt: new Date() } });
  return RESENT_MESSAGE;
}

const name = (label: string) => z.string().trim().min(1, `${label} es requerido`).max(100).transform(capitalize);
const mobile = phoneInput('El teléfono celular debe tener 10 dígitos');

export const SignupProfileSchema = CodeSchema.extend({
  firstName: name('El nombre'),
  lastName: z.string().trim().max(100).nullish().transform((v) => v || null),
  mobile,
});

/** Saves the person's name and mobile before the password (legacy PUT /auth/signup/{code}). */
export async function saveSignupProfile(ctx: Context, raw: unknown) {
  const input = parseInput(SignupProfileSchema, raw);
  const target = await usableTarget(ctx, input.code, input.domain);
  await ctx.prisma.user.update({ where: { id: target.user.id }, data: { firstName: input.firstName, lastName: input.lastName, mobile: input.mobile } });
  await audit(ctx, 'SAVE_SIGNUP_PROFILE', 'User', target.user.id, undefined, target.user.id);
  return (await signupCodeInfo(ctx, input.code, input.domain))!;
}

export const CompleteSignupSchema = CodeSchema.extend({
  firstName: name('El nombre').nullish(),
  lastName: z.string().trim().max(100).nullish(),
  mobile,
  password: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres').max(200),
  passwordConfirmation: z.string().nullish(),
}).refine((v) => v.passwordConfirmation == null || v.passwordConfirmation === v.password, {
  path: ['passwordConfirmation'],
  message: 'Las contraseñas no coinciden',
});

/**
 * Sets the profile and the first password, and signs in on the account the code opens. The person's
 * own code is spent; a house code stays but is refused once the owner has a password.
 */
export async function completeSignup(ctx: Context, raw: unknown) {
  const input = parseInput(CompleteSignupSchema, raw);
  const target = await usableTarget(ctx, input.code, input.domain);
  const passwordHash = await hashPassword(input.password);
  // Only the first completion wins (a second tab finds the password set).
  const { count } = await ctx.prisma.user.updateMany({
    where: { id: target.user.id, passwordHash: null },
    data: {
      passwordHash,
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName || null } : {}),
      ...(input.mobile ? { mobile: input.mobile } : {}),
      // Codes travel only by e-mail; a house code that was never mailed (seeded, or made by a load
      // and not sent yet) proves nothing about the address.
      emailVerified: target.user.emailVerified || target.mailed,
      signupCode: null,
    },
  });
  if (count === 0) throw new NotFoundError(SIGNUP_CODE_INVALID);
  await openSession(ctx, target.user.id, target.membershipId);
  await audit(ctx, 'COMPLETE_SIGNUP', target.kind === 'HOUSE' ? 'House' : 'User', target.subjectId, undefined, target.user.id);
  return target.user.id;
}
