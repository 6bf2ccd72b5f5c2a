import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { communityOf } from '../../kernel/context.js';
import { parseInput } from '../../kernel/input.js';
import { ConflictError, InputError, NotFoundError } from '../../kernel/errors.js';
import { audit } from '../../kernel/audit.js';
import { CUSTOM_HOUSE_TYPE, LOCATION_FLAGS, templateFlags, templateFor, type CommunityKind } from '../../../core/houseTypes.js';

const flag = z.boolean().nullish().transform((v) => !!v);

export const HouseTypeSchema = z.object({
  /** A predefined title of the community kind, or 'Otro' for a custom type. */
  predefined: z.string().trim().min(1, 'Elige un tipo de propiedad'),
  title: z.string().trim().max(120).nullish(),
  description: z.string().trim().max(500).nullish(),
  defaultName: z.string().trim().max(60).nullish(),
  catastralAlgorithm: z.enum(['UNIQUE', 'INTERIOR_NUMBER_COMPOSED']).nullish(),
  hiddenToPublic: flag,
  requireDimension: flag,
  requireCondominium: flag,
  requireBlock: flag,
  requireLot: flag,
  requireStreet: flag,
  requireExteriorNumber: flag,
  requireInteriorNumber: flag,
  requireMall: flag,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'La cuota de mantenimiento debe ser una cantidad positiva con hasta dos decimales')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
});

/**
 * Spec 3 section 5: a house type states its monthly maintenance fee when the community has maintenance
 * settings and the collection module (COBRANZA) is active.
 */
export async function amountRequired(ctx: Context): Promise<boolean> {
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({
    where: { id: communityOf(ctx) },
    select: { modules: true, maintenanceSettings: { select: { neighborhoodId: true } } },
  });
  return community.modules.includes('COBRANZA') && community.maintenanceSettings !== null;
}

export function houseTypeWhere(ctx: Context, filter?: { title?: string | null } | null) {
  return {
    neighborhoodId: communityOf(ctx),
    ...(filter?.title?.trim() ? { title: { contains: filter.title.trim(), mode: 'insensitive' as const } } : {}),
  };
}

async function communityKind(ctx: Context): Promise<CommunityKind> {
  const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { neighborhoodType: true } });
  return n.neighborhoodType;
}

/** Predefined types take their flags from the catalogue; 'Otro' takes the ones the administrator chose. */
async function houseTypeData(ctx: Context, raw: unknown) {
  const input = parseInput(HouseTypeSchema, raw);
  const kind = await communityKind(ctx);
  const description = input.description || null;
  if (input.amount === null && (await amountRequired(ctx))) {
    throw new InputError([{ field: 'amount', message: 'La cuota de mantenimiento es requerida' }]);
  }
  const amount = input.amount;
  if (input.predefined !== CUSTOM_HOUSE_TYPE) {
    const template = templateFor(kind, input.predefined);
    if (!template) throw new InputError([{ field: 'predefined', message: `"${input.predefined}" no es un tipo de propiedad de esta comunidad` }]);
    return {
      title: input.title || template.title,
      description,
      defaultName: input.defaultName || template.defaultName,
      catastralAlgorithm: template.catastralAlgorithm,
      hiddenToPublic: input.hiddenToPublic,
      isCustom: false,
      amount,
      ...templateFlags(template),
    };
  }
  if (!input.title) throw new InputError([{ field: 'title', message: 'El nombre del tipo de propiedad es requerido' }]);
  return {
    title: input.title,
    description,
    defaultName: input.defaultName || null,
    catastralAlgorithm: input.catastralAlgorithm ?? 'UNIQUE',
    hiddenToPublic: input.hiddenToPublic,
    isCustom: true,
    amount,
    ...Object.fromEntries(LOCATION_FLAGS.map((f) => [f, input[f]])),
  };
}

async function ensureUniqueTitle(ctx: Context, title: string, exceptId?: number) {
  const same = await ctx.prisma.houseType.findFirst({
    where: { neighborhoodId: communityOf(ctx), title: { equals: title, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw new ConflictError(`Ya existe un tipo de propiedad llamado ${title}`);
}

async function findOwn(ctx: Context, id: number) {
  const houseType = await ctx.prisma.houseType.findFirst({ where: { id, neighborhoodId: communityOf(ctx) } });
  if (!houseType) throw new NotFoundError('El tipo de propiedad no existe');
  return houseType;
}

export async function createHouseType(ctx: Context, raw: unknown) {
  const data = await houseTypeData(ctx, raw);
  await ensureUniqueTitle(ctx, data.title);
  const created = await ctx.prisma.houseType.create({ data: { ...data, neighborhoodId: communityOf(ctx) } });
  await audit(ctx, 'CREATE', 'HouseType', created.id, { title: created.title });
  return created.id;
}

export async function updateHouseType(ctx: Context, id: number, raw: unknown) {
  const current = await findOwn(ctx, id);
  const data = await houseTypeData(ctx, raw);
  await ensureUniqueTitle(ctx, data.title, id);
  await ctx.prisma.houseType.update({ where: { id: current.id }, data });
  await audit(ctx, 'UPDATE', 'HouseType', id, { from: current.title, to: data.title });
  return id;
}

/** A type that houses still use cannot be deleted. */
export async function deleteHouseType(ctx: Context, id: number) {
  const current = await findOwn(ctx, id);
  const inUse = await ctx.prisma.house.count({ where: { houseTypeId: id, neighborhoodId: communityOf(ctx), status: { not: 'DELETED' } } });
  if (inUse > 0) throw new ConflictError(`No logramos eliminar el tipo de propiedad ${current.title}. Recarga y vuelve a intentar`);
  await ctx.prisma.$transaction([
    ctx.prisma.house.updateMany({ where: { houseTypeId: id, neighborhoodId: communityOf(ctx) }, data: { houseTypeId: null } }),
    ctx.prisma.houseType.delete({ where: { id } }),
  ]);
  await audit(ctx, 'DELETE', 'HouseType', id, { title: current.title });
  return id;
}
