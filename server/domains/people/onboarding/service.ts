// Public owner onboarding (spec 1 section 2): a visitor registers as the owner of a house of a community
// by its domain. The community's mode (Neighborhood.onboarding) says whether and how.
import type { z } from 'zod';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { AppError, ConflictError, InputError, NotFoundError, RateLimitedError, UnavailableError } from '../../../kernel/errors.js';
import { isRetryable, write } from '../../../kernel/write.js';
import { OnboardingModeSchema, OnboardingRegisterSchema } from '../../../../core/houses.js';
import { LOCATION_FLAGS } from '../../../../core/houseTypes.js';
import { dropUnusedLocation, missingLocation, requiredLocationFields, type HouseTypeFlags, type LocationField } from '../../../../core/houseRules.js';
import { assignOwner, refreshPendingStatus } from '../../property/houses/ownership.js';
import { createHouses, markSignupCodeSent } from '../../property/houses/rows.js';
import { likeLiteral } from '../../../kernel/textFilter.js';
import { findOrCreatePerson, needsInvitation } from '../accounts/service.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { signupInvitation } from '../../../infra/mail/invitations.js';
import type { OnboardingMode } from '../../../db/generated/enums.js';

/** An existing house without owner is taken over only while it is still pending; an active or blocked one is the administration's. */
const CLAIMABLE_STATUSES = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'] as const;
/** Attempts of the registration when a simultaneous one created the same place or key meanwhile (unique violation). */
const UNIQUE_ATTEMPTS = 4;
/** Registrations accepted from one address per hour (the form creates people and houses). */
export const MAX_REGISTRATIONS_PER_HOUR = 10;

/** The community does not take registrations: 405 when closed, 423 while paused (spec 1 section 8 icons). */
export class OnboardingUnavailableError extends AppError {
  constructor(readonly mode: 'CLOSED' | 'PAUSED') {
    super(mode === 'PAUSED' ? 'ONBOARDING_PAUSED' : 'ONBOARDING_CLOSED', mode === 'PAUSED' ? 423 : 405);
  }
}

export type CommunityKey = { domain?: string | null; neighborhoodId?: number | null };

async function openCommunity(ctx: ServiceContext, key: CommunityKey) {
  const domain = key.domain?.trim().toLowerCase();
  const where = key.neighborhoodId ? { id: key.neighborhoodId } : domain ? { domain } : null;
  const community = where && (await ctx.prisma.neighborhood.findUnique({ where, select: { id: true, name: true, domain: true, onboarding: true } }));
  if (!community) throw new NotFoundError('COMMUNITY_NOT_FOUND');
  if (community.onboarding === 'CLOSED' || community.onboarding === 'PAUSED') throw new OnboardingUnavailableError(community.onboarding);
  return community;
}

const FLAG_SELECT = Object.fromEntries(LOCATION_FLAGS.map((f) => [f, true])) as Record<(typeof LOCATION_FLAGS)[number], true>;

/** The community as the registration form needs it: public house types and the places to choose from. */
export async function onboardingCommunity(ctx: ServiceContext, key: CommunityKey) {
  const { id } = await openCommunity(ctx, key);
  return ctx.prisma.neighborhood.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      domain: true,
      neighborhoodType: true,
      urlLogo: true,
      onboarding: true,
      houseTypes: {
        where: { hiddenToPublic: false },
        orderBy: [{ title: 'asc' }, { id: 'asc' }],
        select: { id: true, title: true, defaultName: true, ...FLAG_SELECT },
      },
      streets: { orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } },
      condominiums: { orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } },
      malls: { orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } },
    },
  });
}
export type OnboardingCommunity = Awaited<ReturnType<typeof onboardingCommunity>>;

export { OnboardingRegisterSchema as RegisterSchema } from '../../../../core/houses.js';

export type OnboardingOutcome = 'SIGN_IN' | 'COMPLETED';
export interface Registration {
  outcome: OnboardingOutcome;
  houseId: number;
  email: string;
  /** COMPLETED in SIGN_UP mode: the /signup/{code} link went to the person's e-mail (never to this screen). */
  emailSent: boolean;
}

type Place = 'street' | 'condominium' | 'mall';
const PLACE_FIELD: Record<Place, 'streetId' | 'condominiumId' | 'mallId'> = { street: 'streetId', condominium: 'condominiumId', mall: 'mallId' };
const PLACE_LABEL: Record<Place, string> = { street: 'La calle', condominium: 'El condominio', mall: 'La plaza' };

/**
 * Registers the visitor as owner of a house: the house starts in its pending status (no initial
 * balance) for the administration to review and activate. A location that already has an owner, or
 * an ownerless house the administration already activated or blocked, is refused (409). The person is
 * found by e-mail or created; someone who already has a password is attached only when they are the
 * signed-in visitor (an anonymous form must not hand their account a house). Sign-up codes never go to
 * the screen: in SIGN_UP mode the /signup/{code} link goes to the address typed in the form.
 */
export async function registerOnboardingOwner(ctx: ServiceContext, raw: unknown): Promise<Registration> {
  const input = parseInput(OnboardingRegisterSchema, raw);
  const community = await openCommunity(ctx, { neighborhoodId: input.neighborhoodId, domain: input.domain });
  const recent = await ctx.prisma.auditLog.count({
    where: { action: { in: ['ONBOARDING_REGISTER', 'ONBOARDING_REFUSED'] }, ip: ctx.ip, createdAt: { gte: new Date(Date.now() - 3_600_000) } },
  });
  if (recent >= MAX_REGISTRATIONS_PER_HOUR) throw new RateLimitedError('REGISTRATIONS_LIMIT_REACHED');
  try {
    return await register(ctx, community, input);
  } catch (error) {
    // Refusals count towards the pace too: the answers must not become a free e-mail or address probe.
    if (error instanceof ConflictError) {
      await write(
        ctx,
        {
          idempotencyKey: null,
          audit: {
            action: 'ONBOARDING_REFUSED',
            entity: 'Neighborhood',
            entityId: community.id,
            neighborhoodId: community.id,
            userId: ctx.actor?.userId,
            data: { reason: error.message },
          },
        },
        async () => null,
      );
    }
    throw error;
  }
}

type OpenCommunity = Awaited<ReturnType<typeof openCommunity>>;

async function register(ctx: ServiceContext, community: OpenCommunity, input: z.output<typeof OnboardingRegisterSchema>): Promise<Registration> {
  const type = await ctx.prisma.houseType.findFirst({
    where: { id: input.house.houseTypeId, neighborhoodId: community.id, hiddenToPublic: false },
    select: { id: true, ...FLAG_SELECT },
  });
  if (!type) throw new InputError([{ field: 'house.houseTypeId', message: 'El tipo de propiedad no existe' }]);
  const flags: HouseTypeFlags = type;
  // The owner does not measure the house: the administration states the dimension when reviewing it.
  const askedFlags: HouseTypeFlags = { ...flags, requireDimension: false };

  const h = input.house;
  const location = dropUnusedLocation(
    {
      streetId: h.streetId ?? null,
      condominiumId: h.condominiumId ?? null,
      mallId: h.mallId ?? null,
      block: h.block,
      lot: h.lot,
      exteriorNumber: h.exteriorNumber,
      interiorNumber: h.interiorNumber,
    },
    flags,
  );
  // A place is chosen by id (it must be of this community) or typed by name (found, else created).
  const newPlaces: Partial<Record<Place, string>> = {};
  for (const place of ['street', 'condominium', 'mall'] as const) {
    const field = PLACE_FIELD[place];
    if (!flags[LOCATION_FLAG_OF[field]]) continue;
    const chosen = location[field];
    const where = { neighborhoodId: community.id };
    if (chosen) {
      const found = await (ctx.prisma[place] as any).findFirst({ where: { ...where, id: chosen }, select: { id: true } });
      if (!found) throw new InputError([{ field: `house.${field}`, message: `${PLACE_LABEL[place]} no existe` }]);
    } else if (h[place]) {
      const found = await (ctx.prisma[place] as any).findFirst({
        where: { ...where, name: { equals: likeLiteral(h[place]!), mode: 'insensitive' } },
        select: { id: true },
      });
      if (found) location[field] = found.id;
      else newPlaces[place] = h[place]!;
    }
  }
  const missing = missingLocation({ ...location, ...Object.fromEntries(Object.keys(newPlaces).map((p) => [PLACE_FIELD[p as Place], 'new'])) }, askedFlags);
  if (missing.length) throw new InputError([{ field: 'house', message: `Faltan datos de la propiedad: ${missing.join(', ')}` }]);

  const mode = community.onboarding as Exclude<OnboardingMode, 'CLOSED' | 'PAUSED'>;
  const attempt = () =>
    write(ctx, { request: { operation: 'registerOnboardingOwner', input } }, async ({ tx, audit, afterCommit }) => {
      const at = { ...location };
      for (const [place, name] of Object.entries(newPlaces) as [Place, string][]) {
        // Looked up again: a retry, or a simultaneous registration, may have created it meanwhile.
        const placeWhere = { neighborhoodId: community.id, name: { equals: likeLiteral(name), mode: 'insensitive' } };
        const found = await (tx[place] as any).findFirst({ where: placeWhere, select: { id: true } });
        at[PLACE_FIELD[place]] = (found ?? (await (tx[place] as any).create({ data: { neighborhoodId: community.id, name }, select: { id: true } }))).id;
      }
      const same = await tx.house.findFirst({
        where: sameLocationWhere(community.id, type.id, flags, at),
        select: { id: true, ownerUserId: true, status: true },
      });
      if (same && (same.ownerUserId || !(CLAIMABLE_STATUSES as readonly string[]).includes(same.status))) throw new ConflictError('HOUSE_ALREADY_REGISTERED');
      const person = await tx.user.findUnique({ where: { email: input.user.email }, select: { id: true, passwordHash: true } });
      // Someone with an account, or of another community, confirms by signing in: an anonymous form
      // cannot give their account a house (nor learn anything about them).
      const self = !!person && ctx.actor?.userId === person.id;
      if (person && !self && (person.passwordHash || (await needsInvitation(tx, person.id, community.id))))
        throw new ConflictError('ONBOARDING_EMAIL_HAS_ACCOUNT');
      const user = await findOrCreatePerson(tx, input.user);
      const houseId =
        same?.id ??
        (
          await createHouses(tx, community.id, [{ houseTypeId: type.id, catastral: null, ...(at as object), initialBalance: null, ownerUserId: null }], null)
        )[0];
      await assignOwner(tx, { id: houseId, neighborhoodId: community.id, ownerUserId: null }, user.id, null);
      await refreshPendingStatus(tx, houseId);
      const { signupCode } = await tx.house.findUniqueOrThrow({ where: { id: houseId }, select: { signupCode: true } });
      const hasPassword = !!person?.passwordHash;

      let registration: Registration;
      if (mode === 'REVIEW') registration = { outcome: 'COMPLETED', houseId, email: input.user.email, emailSent: false };
      else if (hasPassword) registration = { outcome: 'SIGN_IN', houseId, email: input.user.email, emailSent: false };
      else if (mode === 'SIGN_UP') {
        // The code opens the person's whole account: it goes to the address typed, never to this screen,
        // so nobody can register someone else's e-mail and choose its password.
        await queueEmail(
          tx,
          signupInvitation(ctx.config, {
            kind: 'ONBOARDING',
            to: input.user.email,
            firstName: input.user.firstName,
            communityName: community.name,
            neighborhoodId: community.id,
            code: signupCode!,
          }),
        );
        await markSignupCodeSent(tx, [houseId]);
        afterCommit(() => kickMailer(ctx.prisma));
        registration = { outcome: 'COMPLETED', houseId, email: input.user.email, emailSent: true };
      } else registration = { outcome: 'COMPLETED', houseId, email: input.user.email, emailSent: false };

      await audit({
        action: 'ONBOARDING_REGISTER',
        entity: 'House',
        entityId: houseId,
        neighborhoodId: community.id,
        userId: user.id,
        data: { mode, outcome: registration.outcome, newPerson: user.created, existingHouse: !!same },
      });
      return registration;
    });

  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      // write() already ran it again on serialization conflicts; still conflicting, the service is busy.
      if (isRetryable(error)) throw new UnavailableError('REGISTRATIONS_BUSY');
      if (isUniqueViolation(error, 'email')) throw new ConflictError('ONBOARDING_EMAIL_REGISTERING');
      // A simultaneous registration created the same place meanwhile: run again on the new state (it may now find the house taken).
      if (isUniqueViolation(error) && n < UNIQUE_ATTEMPTS) continue;
      throw error;
    }
  }
}

const LOCATION_FLAG_OF = { streetId: 'requireStreet', condominiumId: 'requireCondominium', mallId: 'requireMall' } as const;

/** Same type and the same value in every location field the type requires (the dimension is not an address). */
function sameLocationWhere(
  neighborhoodId: number,
  houseTypeId: number,
  flags: HouseTypeFlags,
  location: Partial<Record<LocationField, string | number | null>>,
) {
  const fields = requiredLocationFields(flags).filter((f) => f !== 'dimension');
  if (fields.length === 0) return { id: -1 };
  return {
    neighborhoodId,
    houseTypeId,
    status: { not: 'DELETED' as const },
    AND: fields.map((f) => {
      const value = location[f];
      return typeof value === 'string' ? { [f]: { equals: likeLiteral(value), mode: 'insensitive' as const } } : { [f]: value };
    }),
  };
}

/** The administrator opens, pauses or closes the public registration of their community. */
export async function setOnboardingMode(ctx: ServiceContext, raw: OnboardingMode) {
  const { mode } = parseInput(OnboardingModeSchema, { mode: raw });
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { onboarding: true } });
    await tx.neighborhood.update({ where: { id: neighborhoodId }, data: { onboarding: mode } });
    await audit({ action: 'SET_ONBOARDING_MODE', entity: 'Neighborhood', entityId: neighborhoodId, data: { from: before.onboarding, to: mode } });
    return neighborhoodId;
  });
}
