// House types of a community (spec 3, configuration): this module owns every write of the HouseType
// table; the House rows that name a type are written by houses (houses/rows.ts).
import { z } from 'zod';
import { communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { boundedText, parseInput } from '../../../kernel/input.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import {
  CUSTOM_HOUSE_TYPE,
  HouseTypeSchema,
  houseTypeSchema,
  LOCATION_FLAGS,
  templateFlags,
  templateFor,
  type CommunityKind,
} from '../../../../core/houseTypes.js';
import { detachHouseType } from '../houses/rows.js';
import { formatMoney, sameMoney } from '../../../../core/money.js';
import { containsText, sameText } from '../../../kernel/textFilter.js';

export { HouseTypeSchema };

const ListFilter = z.object({ title: boundedText(120, 'El filtro').nullish() }).nullish();

/**
 * Spec 3 section 5: a house type states its monthly maintenance fee when the community has maintenance
 * settings and the collection module (COBRANZA) is active.
 */
export async function amountRequired(ctx: ServiceContext, db: Pick<Tx, 'neighborhood'> = ctx.prisma): Promise<boolean> {
  const community = await db.neighborhood.findUniqueOrThrow({
    where: { id: communityOf(ctx) },
    select: { modules: true, maintenanceSettings: { select: { neighborhoodId: true } } },
  });
  return community.modules.includes('COBRANZA') && community.maintenanceSettings !== null;
}

export function houseTypeWhere(ctx: ServiceContext, rawFilter?: { title?: string | null } | null) {
  const filter = parseInput(ListFilter, rawFilter);
  return {
    neighborhoodId: communityOf(ctx),
    ...(filter?.title ? { title: containsText(filter.title) } : {}),
  };
}

async function communityKind(ctx: ServiceContext): Promise<CommunityKind> {
  const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { neighborhoodType: true } });
  return n.neighborhoodType;
}

/** Predefined types take their flags from the catalogue; 'Otro' takes the ones the administrator chose. */
async function houseTypeData(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(houseTypeSchema({ amountRequired: await amountRequired(ctx) }), raw);
  const kind = await communityKind(ctx);
  const description = input.description || null;
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
  return {
    title: input.title!,
    description,
    defaultName: input.defaultName || null,
    catastralAlgorithm: input.catastralAlgorithm ?? 'UNIQUE',
    hiddenToPublic: input.hiddenToPublic,
    isCustom: true,
    amount,
    ...Object.fromEntries(LOCATION_FLAGS.map((f) => [f, input[f]])),
  };
}

/**
 * The title is unique per community whatever its case. No unique index holds it yet (the read runs
 * inside the write's serializable transaction, so two simultaneous creations cannot both pass).
 */
async function ensureUniqueTitle(tx: Tx, neighborhoodId: number, title: string, exceptId?: number) {
  const same = await tx.houseType.findFirst({
    where: { neighborhoodId, title: sameText(title), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw new ConflictError(reason('HOUSE_TYPE_NAME_TAKEN', { title }));
}

async function findOwn(ctx: ServiceContext, id: number) {
  const houseType = await ctx.prisma.houseType.findFirst({ where: { id, neighborhoodId: communityOf(ctx) } });
  if (!houseType) throw new NotFoundError('HOUSE_TYPE_NOT_FOUND');
  return houseType;
}

export async function createHouseType(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const data = await houseTypeData(ctx, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createHouseType', input: data } }, async ({ tx, audit }) => {
    await ensureUniqueTitle(tx, neighborhoodId, data.title);
    const created = await tx.houseType.create({ data: { ...data, neighborhoodId }, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'HouseType', entityId: created.id, data: { title: data.title, amount: data.amount } });
    return created.id;
  });
}

export async function updateHouseType(ctx: ServiceContext, id: number, raw: unknown) {
  const current = await findOwn(ctx, id);
  const data = await houseTypeData(ctx, raw);
  return write(
    ctx,
    { audit: { action: 'UPDATE', entity: 'HouseType', entityId: id, data: { from: current.title, to: data.title, amount: data.amount } } },
    async ({ tx }) => {
      await ensureUniqueTitle(tx, current.neighborhoodId, data.title, id);
      await tx.houseType.update({ where: { id: current.id }, data });
      return id;
    },
  );
}

/** A type that houses still use cannot be deleted. */
export async function deleteHouseType(ctx: ServiceContext, id: number) {
  const current = await findOwn(ctx, id);
  const neighborhoodId = current.neighborhoodId;
  return write(ctx, { audit: { action: 'DELETE', entity: 'HouseType', entityId: id, data: { title: current.title } } }, async ({ tx }) => {
    const inUse = await tx.house.count({ where: { houseTypeId: id, neighborhoodId, status: { not: 'DELETED' } } });
    if (inUse > 0) throw new ConflictError(reason('HOUSE_TYPE_IN_USE', { title: current.title }));
    await detachHouseType(tx, neighborhoodId, id);
    await tx.houseType.delete({ where: { id } });
    return id;
  });
}

/**
 * The monthly fees of several house types, inside the caller's write (maintenance settings save them in
 * the same transaction as the settings). Every id must name a type of the community, else nothing is
 * written (not found); with `requireAll`, every type of the community must have a fee afterwards (spec 3
 * section 5). Answers the fees that changed, for the caller's audit record.
 */
export async function setHouseTypeFees(
  tx: Tx,
  neighborhoodId: number,
  fees: { id: number; amount: string }[],
  { requireAll }: { requireAll: boolean },
): Promise<{ id: number; title: string; from: string | null; to: string }[]> {
  const types = await tx.houseType.findMany({ where: { neighborhoodId }, select: { id: true, title: true, amount: true }, orderBy: { id: 'asc' } });
  const byId = new Map(types.map((type) => [type.id, type]));
  if (fees.some((fee) => !byId.has(fee.id))) throw new NotFoundError('HOUSE_TYPE_NOT_FOUND');
  const changes: { id: number; title: string; from: string | null; to: string }[] = [];
  for (const fee of [...fees].sort((a, b) => a.id - b.id)) {
    const current = byId.get(fee.id)!;
    if (sameMoney(current.amount, fee.amount)) continue;
    await tx.houseType.update({ where: { id: fee.id }, data: { amount: fee.amount } });
    changes.push({ id: fee.id, title: current.title, from: current.amount === null ? null : formatMoney(current.amount), to: formatMoney(fee.amount) });
  }
  if (requireAll) {
    const given = new Set(fees.map((fee) => fee.id));
    const missing = types.filter((type) => !given.has(type.id) && type.amount === null);
    if (missing.length) throw new InputError(missing.map((type) => ({ field: 'fees', message: `Falta la cuota de mantenimiento de ${type.title}` })));
  }
  return changes;
}
