// Community settings (spec 3 sections 2 to 7): general data, address, house-moving window, welcome
// address, visitor and vehicle rules, collecting option, modules, interest-free months and the payment
// gateway keys. This module owns every write of those Neighborhood columns and of the MsiSetting table.
import {
  COLLECTING_NEEDS_MODULE,
  CommunitySettingsSchema,
  gatewayKeysSchema,
  movingScheduleOf,
  PRIVATE_KEY_REQUIRED,
  BEHAVIOR_FLAGS,
  type MovingDay,
} from '../../../../core/communitySettings.js';
import {
  applyActivation,
  MODULE_CATALOGUE,
  MODULE_DISCOUNTS,
  MODULES,
  ModulesActivationSchema,
  quoteModules,
  type ModuleName,
} from '../../../../core/modules.js';
import { MSI_MINIMUMS, MSI_MONTHS, MsiSettingsSchema } from '../../../../core/msi.js';
import { formatMoney } from '../../../../core/money.js';
import { actorOf, communityOf, type ServiceContext } from '../../../kernel/context.js';
import { ConflictError, InputError, reason } from '../../../kernel/errors.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { parseInput } from '../../../kernel/input.js';
import { announce } from '../../../kernel/events.js';
import { write } from '../../../kernel/write.js';
import { claimFile } from '../../../infra/files/service.js';
import { secretBox } from '../../../infra/secrets.js';
import { NEIGHBORHOOD_TYPE_NAMES } from './neighborhood.js';
import { gatewayKeyContext } from './keys.js';

declare module '../../../kernel/events.js' {
  interface DomainEvents {
    /** required_vehicle_revision, _tag or _authorization changed (inside the settings' write): vehicles take their new status. */
    'community.vehicleRulesChanged': {
      neighborhoodId: number;
      requiredVehicleRevision: boolean;
      requiredVehicleTag: boolean;
      requiredVehicleAuthorization: boolean;
    };
  }
}

export { gatewayKeyContext };

/** Where an uploaded logo is read. */
export const logoUrl = (fileId: string) => `/api/1.0/files/${fileId}`;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

// ---- general settings ----

const SETTINGS_SELECT = {
  id: true,
  name: true,
  neighborhoodType: true,
  domain: true,
  urlLogo: true,
  logoFileId: true,
  street: true,
  exteriorNumber: true,
  interiorNumber: true,
  colony: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
  movingStartDays: true,
  movingEndDays: true,
  movingSchedule: true,
  welcomeUrl: true,
  modules: true,
  requiredTotalAmountDebts: true,
  visitorRequireVehicleInfo: true,
  visitorEmailRequired: true,
  visitorReasonRequired: true,
  visitorPictureRequired: true,
  visitorAllowPermanent: true,
  visitorAllowAdminSeeAll: true,
  visitorArrivalEmail: true,
  requiredVehicleRevision: true,
  requiredVehicleTag: true,
  requiredVehicleAuthorization: true,
  restrictVehicles: true,
} as const;

export interface CommunitySettingsView {
  neighborhoodId: number;
  name: string;
  neighborhoodType: keyof typeof NEIGHBORHOOD_TYPE_NAMES;
  neighborhoodTypeName: string;
  domain: string;
  urlLogo: string | null;
  logoFileId: string | null;
  address: {
    street: string | null;
    exteriorNumber: string | null;
    interiorNumber: string | null;
    colony: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string;
  };
  moving: { startDays: number | null; endDays: number | null; schedule: MovingDay[] };
  welcomeUrl: string | null;
  modules: ModuleName[];
  requiredTotalAmountDebts: boolean;
  behavior: Record<(typeof BEHAVIOR_FLAGS)[number], boolean>;
}

export async function readCommunitySettings(ctx: ServiceContext, neighborhoodId = communityOf(ctx)): Promise<CommunitySettingsView | null> {
  const n = await ctx.prisma.neighborhood.findUnique({ where: { id: neighborhoodId }, select: SETTINGS_SELECT });
  if (!n) return null;
  return {
    neighborhoodId: n.id,
    name: n.name,
    neighborhoodType: n.neighborhoodType,
    neighborhoodTypeName: NEIGHBORHOOD_TYPE_NAMES[n.neighborhoodType],
    domain: n.domain,
    urlLogo: n.urlLogo,
    logoFileId: n.logoFileId,
    address: {
      street: n.street,
      exteriorNumber: n.exteriorNumber,
      interiorNumber: n.interiorNumber,
      colony: n.colony,
      city: n.city,
      state: n.state,
      postalCode: n.postalCode,
      country: n.country,
    },
    moving: { startDays: n.movingStartDays, endDays: n.movingEndDays, schedule: movingScheduleOf(n.movingSchedule) },
    welcomeUrl: n.welcomeUrl,
    modules: n.modules as ModuleName[],
    requiredTotalAmountDebts: n.requiredTotalAmountDebts,
    behavior: Object.fromEntries(BEHAVIOR_FLAGS.map((f) => [f, n[f]])) as CommunitySettingsView['behavior'],
  };
}

/**
 * The logo to store: an image the actor uploaded in this community. Checked before the write's
 * transaction (claimFile reads outside it).
 */
async function claimLogo(ctx: ServiceContext, fileId: string): Promise<string> {
  const field = 'basic.logoFileId';
  let id: string;
  try {
    id = await claimFile(ctx, fileId);
  } catch (error) {
    if (error instanceof InputError) throw new InputError([{ field, message: 'El archivo del logo no existe' }]);
    throw error;
  }
  const file = await ctx.prisma.storedFile.findUniqueOrThrow({ where: { id }, select: { contentType: true, size: true } });
  if (!(LOGO_TYPES as readonly string[]).includes(file.contentType)) throw new InputError([{ field, message: 'El logo debe ser una imagen PNG, JPG o WEBP' }]);
  if (file.size > LOGO_MAX_BYTES) throw new InputError([{ field, message: 'El logo debe pesar como máximo 2 MB' }]);
  return id;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Saves the sections given (basic data, address, moving window, welcome address, behaviour, collecting),
 * leaving the others as they are, in one audited write: the general data as a `Neighborhood` record and
 * the visitor and vehicle rules as a `NeighborhoodBehavior` one (the setup step reads it).
 */
export async function updateCommunitySettings(ctx: ServiceContext, raw: unknown): Promise<number> {
  const input = parseInput(CommunitySettingsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  // A new logo is claimed first: the current one sent back unchanged needs no claim.
  const logo = input.basic?.logoFileId;
  let claimed: string | null = null;
  if (logo) {
    const current = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { logoFileId: true } });
    if (logo !== current.logoFileId) claimed = await claimLogo(ctx, logo);
  }
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: SETTINGS_SELECT });
    const data: Record<string, unknown> = {};
    if (input.basic) {
      data.name = input.basic.name;
      data.neighborhoodType = input.basic.neighborhoodType;
      data.domain = input.basic.domain;
      if (logo === null) Object.assign(data, { logoFileId: null, urlLogo: null });
      else if (claimed) Object.assign(data, { logoFileId: claimed, urlLogo: logoUrl(claimed) });
    }
    if (input.address) Object.assign(data, input.address);
    if (input.moving) {
      Object.assign(data, { movingStartDays: input.moving.startDays, movingEndDays: input.moving.endDays, movingSchedule: input.moving.schedule });
    }
    if (input.welcomeUrl !== undefined) data.welcomeUrl = input.welcomeUrl;
    if (input.collecting) {
      if (!before.modules.includes('COBRANZA')) throw new InputError([{ field: 'collecting.requiredTotalAmountDebts', message: COLLECTING_NEEDS_MODULE }]);
      data.requiredTotalAmountDebts = input.collecting.requiredTotalAmountDebts;
    }
    const behavior: Record<string, boolean> = {};
    for (const flag of BEHAVIOR_FLAGS) {
      const value = input.behavior?.[flag];
      if (typeof value === 'boolean') behavior[flag] = value;
    }
    Object.assign(data, behavior);

    const changed = Object.fromEntries(
      Object.entries(data)
        .filter(([key, value]) => !sameValue(before[key as keyof typeof before], value))
        .map(([key, value]) => [key, { from: before[key as keyof typeof before] ?? null, to: value ?? null }]),
    );
    if (Object.keys(data).length) {
      await tx.neighborhood.update({ where: { id: neighborhoodId }, data: data as never }).catch((error) => {
        if (isUniqueViolation(error)) throw new ConflictError(reason('DOMAIN_TAKEN', { domain: input.basic?.domain }));
        throw error;
      });
    }
    const general = Object.fromEntries(Object.entries(changed).filter(([key]) => !(key in behavior)));
    if (input.basic || input.address || input.moving || input.welcomeUrl !== undefined || input.collecting) {
      await audit({ action: 'UPDATE', entity: 'Neighborhood', entityId: neighborhoodId, data: { changed: general } });
    }
    if (['requiredVehicleRevision', 'requiredVehicleTag', 'requiredVehicleAuthorization'].some((flag) => flag in changed)) {
      const after = { ...before, ...data } as typeof before;
      await announce(tx, 'community.vehicleRulesChanged', {
        neighborhoodId,
        requiredVehicleRevision: after.requiredVehicleRevision,
        requiredVehicleTag: after.requiredVehicleTag,
        requiredVehicleAuthorization: after.requiredVehicleAuthorization,
      });
    }
    if (input.behavior) {
      const flags = Object.fromEntries(Object.entries(changed).filter(([key]) => key in behavior));
      await audit({ action: 'UPDATE', entity: 'NeighborhoodBehavior', entityId: neighborhoodId, data: { changed: flags } });
    }
    return neighborhoodId;
  });
}

// ---- modules ----

export interface ModulesView {
  neighborhoodId: number;
  installed: ModuleName[];
  tosAcceptedAt: Date | null;
}

export async function readModules(ctx: ServiceContext, neighborhoodId = communityOf(ctx)): Promise<ModulesView | null> {
  const n = await ctx.prisma.neighborhood.findUnique({ where: { id: neighborhoodId }, select: { modules: true, modulesTosAcceptedAt: true } });
  if (!n) return null;
  return { neighborhoodId, installed: MODULES.filter((m) => n.modules.includes(m)), tosAcceptedAt: n.modulesTosAcceptedAt };
}

export function moduleOffers(installed: readonly string[]) {
  return MODULES.map((module) => ({
    module,
    active: installed.includes(module),
    cost: MODULE_CATALOGUE[module].cost,
    master: MODULE_CATALOGUE[module].master,
    dependants: MODULES.filter((m) => MODULE_CATALOGUE[m].master === module),
  }));
}

export { MODULE_DISCOUNTS, quoteModules };

/**
 * Activates and deactivates modules (the switches named; the others keep their state). A change needs
 * the terms accepted, recorded with who and when; the session's grants follow at once (the viewer
 * cache forgets every viewer when a Neighborhood row changes).
 */
export async function updateCommunityModules(ctx: ServiceContext, raw: unknown): Promise<number> {
  const input = parseInput(ModulesActivationSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const userId = actorOf(ctx).userId;
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { modules: true } });
    const result = applyActivation(before.modules, input);
    if (result.problem) throw new InputError([result.problem]);
    if (!result.changed) return neighborhoodId;
    await tx.neighborhood.update({
      where: { id: neighborhoodId },
      data: { modules: result.modules, modulesTosAcceptedAt: new Date(), modulesTosAcceptedByUserId: userId },
    });
    await audit({
      action: 'UPDATE',
      entity: 'NeighborhoodModules',
      entityId: neighborhoodId,
      data: {
        from: before.modules,
        to: result.modules,
        activated: result.modules.filter((m) => !before.modules.includes(m)),
        deactivated: before.modules.filter((m) => !result.modules.includes(m as ModuleName)),
        monthlyTotal: quoteModules(result.modules).total,
        tosAccepted: true,
      },
    });
    return neighborhoodId;
  });
}

// ---- interest-free months ----

export interface MsiView {
  neighborhoodId: number;
  months: { months: number; minimum: string; boundary: string | null }[];
}

export async function readMsiSettings(ctx: ServiceContext, neighborhoodId = communityOf(ctx)): Promise<MsiView> {
  const rows = await ctx.prisma.msiSetting.findMany({ where: { neighborhoodId }, orderBy: { months: 'asc' } });
  return {
    neighborhoodId,
    months: MSI_MONTHS.map((months) => {
      const row = rows.find((r) => r.months === months);
      return { months, minimum: MSI_MINIMUMS[months], boundary: row ? formatMoney(row.boundary) : null };
    }),
  };
}

/** Replaces the offered months: the months given with an amount; the others are not offered any more. */
export async function updateMsiSettings(ctx: ServiceContext, raw: unknown): Promise<number> {
  const offered = parseInput(MsiSettingsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.msiSetting.findMany({ where: { neighborhoodId }, orderBy: { months: 'asc' } });
    await tx.msiSetting.deleteMany({ where: { neighborhoodId } });
    if (offered.length) await tx.msiSetting.createMany({ data: offered.map((m) => ({ neighborhoodId, months: m.months, boundary: m.boundary })) });
    await audit({
      action: 'UPDATE',
      entity: 'MsiSetting',
      entityId: neighborhoodId,
      data: { from: before.map((r) => ({ months: r.months, boundary: formatMoney(r.boundary) })), to: offered },
    });
    return neighborhoodId;
  });
}

// ---- payment gateway keys ----

export interface GatewayKeysView {
  neighborhoodId: number;
  gatewayAccountId: string | null;
  gatewayPublicKey: string | null;
  hasGatewayPrivateKey: boolean;
  sandbox: boolean;
  /** The community's own CLABE for SPEI deposits (the dashboard's wallet panel). */
  gatewayClabe: string | null;
}

/** The keys as any API may show them: never the private key, only whether one is stored. */
export async function readGatewayKeys(ctx: ServiceContext, neighborhoodId = communityOf(ctx)): Promise<GatewayKeysView | null> {
  const n = await ctx.prisma.neighborhood.findUnique({
    where: { id: neighborhoodId },
    select: { gatewayAccountId: true, gatewayPublicKey: true, gatewayPrivateKeyEncrypted: true, gatewaySandbox: true, gatewayClabe: true },
  });
  if (!n) return null;
  return {
    neighborhoodId,
    gatewayAccountId: n.gatewayAccountId,
    gatewayPublicKey: n.gatewayPublicKey,
    hasGatewayPrivateKey: !!n.gatewayPrivateKeyEncrypted,
    sandbox: n.gatewaySandbox,
    gatewayClabe: n.gatewayClabe,
  };
}

export const MERCHANT_TAKEN = 'Este ID de comercio ya está registrado en otra comunidad';

/**
 * Saves the gateway keys; the private key is sealed (server/infra/secrets.ts) and a blank one keeps the
 * stored key. The audit record says whether the private key was replaced, never what it is.
 */
export async function updateGatewayKeys(ctx: ServiceContext, raw: unknown): Promise<number> {
  const input = parseInput(gatewayKeysSchema({ hasPrivateKey: true }), raw);
  const neighborhoodId = communityOf(ctx);
  const sealed = input.gatewayPrivateKey ? secretBox(ctx.config).seal(input.gatewayPrivateKey, gatewayKeyContext(neighborhoodId)) : null;
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.neighborhood.findUniqueOrThrow({
      where: { id: neighborhoodId },
      select: { gatewayAccountId: true, gatewayPublicKey: true, gatewayPrivateKeyEncrypted: true, gatewaySandbox: true, gatewayClabe: true },
    });
    if (!sealed && !before.gatewayPrivateKeyEncrypted) throw new InputError([{ field: 'gatewayPrivateKey', message: PRIVATE_KEY_REQUIRED }]);
    // One merchant per community: the gateway's answers and webhooks are the community's by merchant id.
    const taken = await tx.neighborhood.findFirst({ where: { gatewayAccountId: input.gatewayAccountId, id: { not: neighborhoodId } }, select: { id: true } });
    if (taken) throw new InputError([{ field: 'gatewayAccountId', message: MERCHANT_TAKEN }]);
    const sandbox = input.sandbox ?? before.gatewaySandbox;
    await tx.neighborhood.update({
      where: { id: neighborhoodId },
      data: {
        gatewayAccountId: input.gatewayAccountId,
        gatewayPublicKey: input.gatewayPublicKey,
        gatewaySandbox: sandbox,
        ...(sealed ? { gatewayPrivateKeyEncrypted: sealed } : {}),
        // Absent keeps the stored CLABE; blank or null clears it.
        ...(input.gatewayClabe !== undefined ? { gatewayClabe: input.gatewayClabe } : {}),
      },
    });
    await audit({
      action: before.gatewayAccountId ? 'UPDATE' : 'CREATE',
      entity: 'GatewayKeys',
      entityId: neighborhoodId,
      data: {
        gatewayAccountId: { from: before.gatewayAccountId, to: input.gatewayAccountId },
        gatewayPublicKey: { from: before.gatewayPublicKey, to: input.gatewayPublicKey },
        privateKeyReplaced: !!sealed,
        sandbox: { from: before.gatewaySandbox, to: sandbox },
        ...(input.gatewayClabe !== undefined && input.gatewayClabe !== before.gatewayClabe
          ? { gatewayClabe: { from: before.gatewayClabe, to: input.gatewayClabe } }
          : {}),
      },
    });
    return neighborhoodId;
  });
}
