// Public owner onboarding (spec 1 section 2): a visitor registers as the owner of a house of a community
// by its domain. The community's mode (Neighborhood.onboarding) says whether and how.
import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { communityOf } from '../../kernel/context.js';
import { parseInput, phoneInput } from '../../kernel/input.js';
import { AppError, ConflictError, InputError, NotFoundError } from '../../kernel/errors.js';
import { audit } from '../../kernel/audit.js';
import { capitalize } from '../../../core/validators.js';
import { LOCATION_FLAGS } from '../../../core/houseTypes.js';
import { dropUnusedLocation, missingLocation, pendingStatus, requiredLocationFields, type HouseTypeFlags, type LocationField } from '../../../core/houseRules.js';
import { assignOwner, findOrCreateUser } from '../houses/ownership.js';
import { isUniqueViolation } from '../../kernel/dbErrors.js';
import { queueEmail } from '../../infra/mail/outbox.js';
import { signupInvitation } from '../../infra/mail/invitations.js';
import type { OnboardingMode } from '../../db/generated/enums.js';

export const CLOSED_MESSAGE = 'Esta comunidad no admite el registro de propietarios';
export const PAUSED_MESSAGE = 'El registro de propietarios está pausado por la administración';
export const TAKEN_MESSAGE = 'Esta propiedad ya está registrada; contacta a tu administración';
export const HAS_ACCOUNT_MESSAGE = 'Ya existe una cuenta con ese correo; inicia sesión y pide a tu administración que te asigne la propiedad';
export const EMAIL_IN_USE_MESSAGE = 'Ese correo se está registrando en este momento; espera unos segundos e intenta de nuevo';
/** An existing house without owner is taken over only while it is still pending; an active or blocked one is the administration's. */
const CLAIMABLE_STATUSES = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'] as const;
/** Attempts of the registration transaction when PostgreSQL reports a serialization conflict (P2034). */
const SERIALIZABLE_ATTEMPTS = 4;
const NO_COMMUNITY = 'La comunidad solicitada no existe';
/** Registrations accepted from one address per hour (the form creates people and houses). */
export const MAX_REGISTRATIONS_PER_HOUR = 10;

/** The community does not take registrations: 405 when closed, 423 while paused (spec 1 section 8 icons). */
export class OnboardingUnavailableError extends AppError {
  constructor(readonly mode: 'CLOSED' | 'PAUSED') {
    super(mode === 'PAUSED' ? PAUSED_MESSAGE : CLOSED_MESSAGE, mode === 'PAUSED' ? 423 : 405);
  }
}

export type CommunityKey = { domain?: string | null; neighborhoodId?: number | null };

async function openCommunity(ctx: Context, key: CommunityKey) {
  const domain = key.domain?.trim().toLowerCase();
  const where = key.neighborhoodId ? { id: key.neighborhoodId } : domain ? { domain } : null;
  const community = where && (await ctx.prisma.neighborhood.findUnique({ where, select: { id: true, name: true, domain: true, onboarding: true } }));
  if (!community) throw new NotFoundError(NO_COMMUNITY);
  if (community.onboarding === 'CLOSED' || community.onboarding === 'PAUSED') throw new OnboardingUnavailableError(community.onboarding);
  return community;
}

const FLAG_SELECT = Object.fromEntries(LOCATION_FLAGS.map((f) => [f, true])) as Record<(typeof LOCATION_FLAGS)[number], true>;

/** The community as the registration form needs it: public house types and the places to choose from. */
export async function onboardingCommunity(ctx: Context, key: CommunityKey) {
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
      houseTypes: { where: { hiddenToPublic: false }, orderBy: [{ title: 'asc' }, { id: 'asc' }], select: { id: true, title: true, defaultName: true, ...FLAG_SELECT } },
      streets: { orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } },
      condominiums: { orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } },
      malls: { orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } },
    },
  });
}
export type OnboardingCommunity = Awaited<ReturnType<typeof onboardingCommunity>>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Debe tener como máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v || null);
const id = z.number().int().positive().max(2_147_483_647).nullish();

export const RegisterSchema = z.object({
  neighborhoodId: id,
  domain: z.string().trim().nullish(),
  user: z.object({
    firstName: z.string().trim().min(1, 'El nombre es requerido').max(100).transform(capitalize),
    lastName: text(100),
    email: z.string().trim().toLowerCase().pipe(z.email('El correo electrónico no es válido')),
    mobile: phoneInput('El teléfono celular debe tener 10 dígitos'),
  }),
  house: z.object({
    houseTypeId: z.number({ error: 'Elige el tipo de propiedad' }).int().positive().max(2_147_483_647),
    streetId: id,
    street: text(120),
    condominiumId: id,
    condominium: text(120),
    mallId: id,
    mall: text(120),
    block: text(30),
    lot: text(30),
    exteriorNumber: text(30),
    interiorNumber: text(30),
  }),
});

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
export async function registerOnboardingOwner(ctx: Context, raw: unknown): Promise<Registration> {
  const input = parseInput(RegisterSchema, raw);
  const community = await openCommunity(ctx, { neighborhoodId: input.neighborhoodId, domain: input.domain });
  const recent = await ctx.prisma.auditLog.count({
    where: { action: { in: ['ONBOARDING_REGISTER', 'ONBOARDING_REFUSED'] }, ip: ctx.ip, createdAt: { gte: new Date(Date.now() - 3_600_000) } },
  });
  if (recent >= MAX_REGISTRATIONS_PER_HOUR) throw new ConflictError('Demasiados registros desde tu conexión. Intenta de nuevo más tarde', 429);
  try {
    return await register(ctx, community, input);
  } catch (error) {
    // Refusals count towards the pace too: the answers must not become a free e-mail or address probe.
    if (error instanceof ConflictError) {
      await ctx.prisma.auditLog.create({
        data: { neighborhoodId: community.id, action: 'ONBOARDING_REFUSED', entity: 'Neighborhood', entityId: String(community.id), data: { reason: error.message }, ip: ctx.ip },
      });
    }
    throw error;
  }
}

type OpenCommunity = Awaited<ReturnType<typeof openCommunity>>;

async function register(ctx: Context, community: OpenCommunity, input: z.infer<typeof RegisterSchema>): Promise<Registration> {
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
    { streetId: h.streetId ?? null, condominiumId: h.condominiumId ?? null, mallId: h.mallId ?? null, block: h.block, lot: h.lot, exteriorNumber: h.exteriorNumber, interiorNumber: h.interiorNumber },
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
      const found = await (ctx.prisma[place] as any).findFirst({ where: { ...where, name: { equals: h[place], mode: 'insensitive' } }, select: { id: true } });
      if (found) location[field] = found.id;
      else newPlaces[place] = h[place]!;
    }
  }
  const missing = missingLocation({ ...location, ...Object.fromEntries(Object.keys(newPlaces).map((p) => [PLACE_FIELD[p as Place], 'new'])) }, askedFlags);
  if (missing.length) throw new InputError([{ field: 'house', message: `Faltan datos de la propiedad: ${missing.join(', ')}` }]);

  const attempt = () =>
    ctx.prisma.$transaction(
      async (tx) => {
        const at = { ...location };
        for (const [place, name] of Object.entries(newPlaces) as [Place, string][]) {
          // Looked up again: a retry, or a simultaneous registration, may have created it meanwhile.
          const placeWhere = { neighborhoodId: community.id, name: { equals: name, mode: 'insensitive' } };
          const found = await (tx[place] as any).findFirst({ where: placeWhere, select: { id: true } });
          at[PLACE_FIELD[place]] = (found ?? (await (tx[place] as any).create({ data: { neighborhoodId: community.id, name }, select: { id: true } }))).id;
        }
        const same = await tx.house.findFirst({ where: sameLocationWhere(community.id, type.id, flags, at), select: { id: true, ownerUserId: true, status: true, initialBalance: true } });
        if (same && (same.ownerUserId || !(CLAIMABLE_STATUSES as readonly string[]).includes(same.status))) throw new ConflictError(TAKEN_MESSAGE);
        const person = await tx.user.findUnique({ where: { email: input.user.email }, select: { id: true, passwordHash: true } });
        // Someone with an account confirms by signing in; an anonymous form cannot give their account a house.
        if (person?.passwordHash && ctx.actor?.userId !== person.id) throw new ConflictError(HAS_ACCOUNT_MESSAGE);
        const user = await findOrCreateUser(tx, input.user);
        const status = pendingStatus({ hasOwner: true, hasHouseType: true, missingLocation: missingLocation(at, flags), initialBalanceSet: !!same?.initialBalance });
        const house = same
          ? await tx.house.update({ where: { id: same.id }, data: { status }, select: { id: true, neighborhoodId: true, ownerUserId: true } })
          : await tx.house.create({
              data: { neighborhoodId: community.id, houseTypeId: type.id, ...at, status, initialBalance: null },
              select: { id: true, neighborhoodId: true, ownerUserId: true },
            });
        await assignOwner(tx, house, user.id, null);
        const { signupCode } = await tx.house.findUniqueOrThrow({ where: { id: house.id }, select: { signupCode: true } });
        return { houseId: house.id, userId: user.id, created: user.created, hasPassword: !!person?.passwordHash, signupCode: signupCode!, reused: !!same };
      },
      { isolationLevel: 'Serializable' },
    );

  let result: Awaited<ReturnType<typeof attempt>> | undefined;
  for (let n = 1; !result; n++) {
    try {
      result = await attempt();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A simultaneous registration touched the same rows: run again on the new state (it may now find the house taken).
      if (code === 'P2034' && n < SERIALIZABLE_ATTEMPTS) continue;
      if (code === 'P2034') throw new ConflictError('Hay muchos registros en este momento; intenta de nuevo en unos segundos', 503);
      if (isUniqueViolation(error, 'email')) throw new ConflictError(EMAIL_IN_USE_MESSAGE);
      if (isUniqueViolation(error) && n < SERIALIZABLE_ATTEMPTS) continue;
      throw error;
    }
  }

  const mode = community.onboarding as Exclude<OnboardingMode, 'CLOSED' | 'PAUSED'>;
  let registration: Registration;
  if (mode === 'REVIEW') registration = { outcome: 'COMPLETED', houseId: result.houseId, email: input.user.email, emailSent: false };
  else if (result.hasPassword) registration = { outcome: 'SIGN_IN', houseId: result.houseId, email: input.user.email, emailSent: false };
  else if (mode === 'SIGN_UP') {
    // The code opens the person's whole account: it goes to the address typed, never to this screen,
    // so nobody can register someone else's e-mail and choose its password.
    await queueEmail(
      ctx.prisma,
      signupInvitation(ctx.config, {
        kind: 'ONBOARDING',
        to: input.user.email,
        firstName: input.user.firstName,
        communityName: community.name,
        neighborhoodId: community.id,
        code: result.signupCode,
      }),
    );
    await ctx.prisma.house.update({ where: { id: result.houseId }, data: { signupCodeSentAt: new Date() } });
    registration = { outcome: 'COMPLETED', houseId: result.houseId, email: input.user.email, emailSent: true };
  } else registration = { outcome: 'COMPLETED', houseId: result.houseId, email: input.user.email, emailSent: false };

  await ctx.prisma.auditLog.create({
    data: {
      neighborhoodId: community.id,
      userId: result.userId,
      action: 'ONBOARDING_REGISTER',
      entity: 'House',
      entityId: String(result.houseId),
      data: { mode, outcome: registration.outcome, newPerson: result.created, existingHouse: result.reused },
      ip: ctx.ip,
    },
  });
  return registration;
}

const LOCATION_FLAG_OF = { streetId: 'requireStreet', condominiumId: 'requireCondominium', mallId: 'requireMall' } as const;

/** Same type and the same value in every location field the type requires (the dimension is not an address). */
function sameLocationWhere(neighborhoodId: number, houseTypeId: number, flags: HouseTypeFlags, location: Partial<Record<LocationField, string | number | null>>) {
  const fields = requiredLocationFields(flags).filter((f) => f !== 'dimension');
  if (fields.length === 0) return { id: -1 };
  return {
    neighborhoodId,
    houseTypeId,
    status: { not: 'DELETED' as const },
    AND: fields.map((f) => {
      const value = location[f];
      return typeof value === 'string' ? { [f]: { equals: value, mode: 'insensitive' as const } } : { [f]: value };
    }),
  };
}

/** The administrator opens, pauses or closes the public registration of their community. */
export async function setOnboardingMode(ctx: Context, mode: OnboardingMode) {
  const neighborhoodId = communityOf(ctx);
  const before = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { onboarding: true } });
  await ctx.prisma.neighborhood.update({ where: { id: neighborhoodId }, data: { onboarding: mode } });
  await audit(ctx, 'SET_ONBOARDING_MODE', 'Neighborhood', neighborhoodId, { from: before.onboarding, to: mode });
  return neighborhoodId;
}
