// Activation (sign-up) codes: the link /signup/{code} that lets an owner or a person registered by an
// administrator choose their first password. House codes (House.signupCode, set by assignOwner) open
// the owner's account on that house; person codes (User.signupCode) open the person's latest account.
import { assertMayAddPeople } from '../../../auth/people.js';
import { actorOf, communityOf, type ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { ConflictError, NotFoundError, RateLimitedError, reason } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { hashPassword } from '../../../auth/passwords.js';
import { CompleteSignupSchema, SIGNUP_CODE_INVALID, SignupCodeSchema, SignupProfileSchema } from '../../../../core/activation.js';
import { houseLabel } from '../../../../core/houseLabel.js';
import { ensureHouseSignupCode, markSignupCodeSent } from '../../property/houses/rows.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { deliverNow, MailDeliveryError } from '../../../infra/mail/sender.js';
import { signupInvitation } from '../../../infra/mail/invitations.js';
import { continueAs, insertSession, type SessionContext } from '../session/service.js';
import { setFirstPassword, updateUnregisteredProfile, type Tx } from '../accounts/service.js';

export { CompleteSignupSchema, SIGNUP_CODE_INVALID, SignupProfileSchema };

export const RESENT_MESSAGE = 'El email ha sido reenviado';
export const NONE_SENT_MESSAGE = 'No se envío ningún email';
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

function queueSignupMail(tx: Tx, ctx: ServiceContext, m: SignupMail) {
  return queueEmail(
    tx,
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

/**
 * Delivers a queued e-mail now (the resend flows tell whether it left); when it left, `then` records it
 * in its own write. Without SMTP the outbox is the mailbox: delivered.
 */
async function deliverOrFail(ctx: ServiceContext, outboxId: bigint, then: (tx: Tx) => Promise<unknown>) {
  const delivered = await deliverNow(ctx, outboxId);
  if (!delivered) throw new MailDeliveryError();
  await write(ctx, {}, async ({ tx }) => then(tx));
}

export async function resendHouseSignupCode(ctx: ServiceContext, houseId: number) {
  assertMayAddPeople(actorOf(ctx));
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
  if (!house) throw new NotFoundError('HOUSE_NOT_FOUND');
  if (!house.owner) throw new ConflictError('HOUSE_WITHOUT_OWNER_FOR_EMAIL');
  if (house.owner.passwordHash) throw new ConflictError('OWNER_ALREADY_ACTIVE');
  const owner = house.owner;
  const outboxId = await write(
    ctx,
    { audit: { action: 'RESEND_HOUSE_SIGNUP_CODE', entity: 'House', entityId: house.id, data: { to: owner.email } } },
    async ({ tx }) => {
      const code = await ensureHouseSignupCode(tx, house);
      return queueSignupMail(tx, ctx, {
        email: owner.email,
        firstName: owner.firstName,
        communityName: house.neighborhood.name,
        houseLabel: houseLabel(house),
        code,
        neighborhoodId: house.neighborhood.id,
      });
    },
  );
  await deliverOrFail(ctx, BigInt(outboxId), (tx) => markSignupCodeSent(tx, [house.id]));
  // The code itself is never answered: it travels only by e-mail, to its holder.
  return { houseId: house.id, domain: house.neighborhood.domain, message: RESENT_MESSAGE };
}

/** Mails every owner of the community who has not chosen a password yet; returns how many were queued. */
export async function resendHouseSignupCodes(ctx: ServiceContext) {
  assertMayAddPeople(actorOf(ctx));
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
  return write(
    ctx,
    { audit: { action: 'RESEND_HOUSE_SIGNUP_CODES', entity: 'Neighborhood', entityId: neighborhoodId, data: { count: houses.length } } },
    async ({ tx, afterCommit }) => {
      for (const house of houses) {
        const code = await ensureHouseSignupCode(tx, house);
        await queueSignupMail(tx, ctx, {
          email: house.owner!.email,
          firstName: house.owner!.firstName,
          communityName: house.neighborhood.name,
          houseLabel: houseLabel(house),
          code,
          neighborhoodId,
        });
      }
      await markSignupCodeSent(
        tx,
        houses.map((h) => h.id),
      );
      if (houses.length) afterCommit(() => kickMailer(ctx.prisma));
      return houses.length;
    },
  );
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

async function targetOf(ctx: ServiceContext, rawCode: string, domain?: string | null): Promise<CodeTarget | null> {
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
  if (house?.owner && house.status !== 'DELETED') {
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
async function usableTarget(ctx: ServiceContext, code: string, domain?: string | null) {
  const target = await targetOf(ctx, code, domain);
  if (!target || target.user.passwordHash) throw new NotFoundError('SIGNUP_CODE_INVALID');
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
  | {
      kind: null;
      neighborhoodName: null;
      domain: null;
      houseLabel: null;
      email: null;
      firstName: null;
      lastName: null;
      mobile: null;
      hasPassword: true;
      used: true;
    };

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
export async function signupCodeInfo(ctx: ServiceContext, code: string, domain?: string | null): Promise<SignupCodeInfo | null> {
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

/** Mails the link again (public: anyone holding the code), at most once every 30 s and 5 times an hour. */
export async function resendSignupCode(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(SignupCodeSchema, raw);
  const target = await usableTarget(ctx, input.code, input.domain);
  const recent = await ctx.prisma.auditLog.findMany({
    where: {
      action: 'RESEND_SIGNUP_CODE',
      entity: target.kind === 'HOUSE' ? 'House' : 'User',
      entityId: String(target.subjectId),
      createdAt: { gte: new Date(Date.now() - 3_600_000) },
    },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  if (recent.length >= MAX_PUBLIC_RESENDS_PER_HOUR) throw new RateLimitedError('RESEND_LIMIT_REACHED');
  if (recent[0] && Date.now() - recent[0].createdAt.getTime() < RESEND_WAIT_SECONDS * 1000) {
    throw new RateLimitedError(reason('RESEND_WAIT', { seconds: RESEND_WAIT_SECONDS }));
  }
  // The resend is recorded with its e-mail (the pace above counts it even when delivery fails).
  const outboxId = await write(
    ctx,
    {
      audit: {
        action: 'RESEND_SIGNUP_CODE',
        entity: target.kind === 'HOUSE' ? 'House' : 'User',
        entityId: target.subjectId,
        userId: target.user.id,
        neighborhoodId: target.neighborhood.id,
      },
    },
    ({ tx }) =>
      queueSignupMail(tx, ctx, {
        email: target.user.email,
        firstName: target.user.firstName,
        communityName: target.neighborhood.name,
        houseLabel: target.kind === 'HOUSE' ? target.houseLabel : null,
        code: input.code,
        neighborhoodId: target.neighborhood.id,
      }),
  );
  await deliverOrFail(ctx, BigInt(outboxId), (tx) => (target.kind === 'HOUSE' ? markSignupCodeSent(tx, [target.subjectId]) : Promise.resolve()));
  return RESENT_MESSAGE;
}

/** Saves the person's name and mobile before the password (legacy PUT /auth/signup/{code}). */
export async function saveSignupProfile(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(SignupProfileSchema, raw);
  const target = await usableTarget(ctx, input.code, input.domain);
  await write(
    ctx,
    { audit: { action: 'SAVE_SIGNUP_PROFILE', entity: 'User', entityId: target.user.id, userId: target.user.id, neighborhoodId: target.neighborhood.id } },
    async ({ tx }) => {
      // The holder of the code edits their own data, only while the account has no password yet.
      const saved = await updateUnregisteredProfile(tx, target.user.id, { firstName: input.firstName, lastName: input.lastName, mobile: input.mobile });
      if (!saved) throw new NotFoundError('SIGNUP_CODE_INVALID');
    },
  );
  return (await signupCodeInfo(ctx, input.code, input.domain))!;
}

/**
 * Sets the profile and the first password, and signs in on the account the code opens. The person's
 * own code is spent; a house code stays but is refused once the owner has a password.
 */
export async function completeSignup(ctx: SessionContext, raw: unknown) {
  const input = parseInput(CompleteSignupSchema, raw);
  const target = await usableTarget(ctx, input.code, input.domain);
  const passwordHash = await hashPassword(input.password);
  // A session is never replayed from an idempotency key (its token is not stored).
  ctx.idempotencyKey = null;
  const audit = {
    action: 'COMPLETE_SIGNUP',
    entity: target.kind === 'HOUSE' ? 'House' : 'User',
    entityId: target.subjectId,
    userId: target.user.id,
    neighborhoodId: target.neighborhood.id,
  };
  const session = await write(ctx, { audit }, async ({ tx }) => {
    // Only the first completion wins (a second tab finds the password set).
    const set = await setFirstPassword(tx, target.user.id, {
      passwordHash,
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName || null } : {}),
      ...(input.mobile ? { mobile: input.mobile } : {}),
      // Codes travel only by e-mail; a house code that was never mailed (seeded, or made by a load
      // and not sent yet) proves nothing about the address.
      emailVerified: target.user.emailVerified || target.mailed,
    });
    if (!set) throw new NotFoundError('SIGNUP_CODE_INVALID');
    return insertSession(tx, ctx, { userId: target.user.id, membershipId: target.membershipId, viaCookie: true });
  });
  await continueAs(ctx, session);
  return target.user.id;
}
