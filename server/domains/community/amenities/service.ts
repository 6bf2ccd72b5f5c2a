// Amenities (common areas) of a community, their configuration (spec 3 sections 3 to 6): this module owns
// every write of the Amenity table. Bookings, slots and payments belong to a later issue.
import { z } from 'zod';
import { AMENITY_CONCEPT_KEY, amenitySchema, type AmenityValues } from '../../../../core/amenities.js';
import { formatMoney } from '../../../../core/money.js';
import { communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { boundedText, parseInput } from '../../../kernel/input.js';
import { write } from '../../../kernel/write.js';
import { message } from '../../../kernel/reasons.js';
import { containsText, sameText } from '../../../kernel/textFilter.js';

export const AMENITY_NOT_FOUND = message('AMENITY_NOT_FOUND');
export const CONCEPT_NOT_FOUND = 'El concepto de cobro no existe';
export const duplicateName = (name: string) => `Ya existe un espacio común llamado ${name}`;

const ListFilter = z
  .object({
    name: boundedText(200, 'El filtro').nullish(),
    enabled: z.boolean().nullish(),
  })
  .nullish();

/** The community's amenities that are not deleted, optionally by part of the name and by state. */
export function amenityWhere(ctx: ServiceContext, rawFilter?: { name?: string | null; enabled?: boolean | null } | null) {
  const filter = parseInput(ListFilter, rawFilter);
  return {
    neighborhoodId: communityOf(ctx),
    deletedAt: null,
    ...(filter?.name ? { name: containsText(filter.name) } : {}),
    ...(filter?.enabled != null ? { enabled: filter.enabled } : {}),
  };
}

/** Spec 3 section 6: the COBRANZA module gates charging and showing costs (and with them deposits and the debt limit). */
export async function collectionsActive(ctx: ServiceContext, db: Pick<Tx, 'neighborhood'> = ctx.prisma): Promise<boolean> {
  const community = await db.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { modules: true } });
  return community.modules.includes('COBRANZA');
}

/** The income concepts an amenity may be charged with: the community's, not deleted; the AMENITY one first. */
export async function receiptConceptOptions(ctx: ServiceContext) {
  const concepts = await ctx.prisma.incomeConcept.findMany({
    where: { neighborhoodId: communityOf(ctx), deletedAt: null },
    select: { id: true, description: true, systemKey: true },
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
  });
  return [...concepts.filter((c) => c.systemKey === AMENITY_CONCEPT_KEY), ...concepts.filter((c) => c.systemKey !== AMENITY_CONCEPT_KEY)];
}

/** What is stored for an amenity's input, with the concept checked against the community. */
async function amenityData(ctx: ServiceContext, tx: Tx, raw: unknown, current: CurrentAmenity | null) {
  const neighborhoodId = communityOf(ctx);
  const collections = await collectionsActive(ctx, tx);
  const defaultConcept = collections
    ? await tx.incomeConcept.findFirst({ where: { neighborhoodId, systemKey: AMENITY_CONCEPT_KEY, deletedAt: null }, select: { id: true } })
    : null;
  const input: AmenityValues = parseInput(amenitySchema({ collections, defaultConceptId: defaultConcept ? String(defaultConcept.id) : null }), raw);
  const common = {
    name: input.name,
    description: input.description,
    fromTime: input.fromTime,
    toTime: input.toTime,
    reservationUnit: input.reservationUnit,
    availableFrom: input.availableFrom ? new Date(`${input.availableFrom}T00:00:00Z`) : null,
    availableTo: input.availableTo ? new Date(`${input.availableTo}T00:00:00Z`) : null,
    ownersOnly: input.ownersOnly,
    enabled: input.enabled,
  };
  // Without collections nothing is charged: the money fields keep what they held (null for a new amenity).
  if (!collections) {
    return {
      ...common,
      cost: current?.cost ?? null,
      deposit: current?.deposit ?? null,
      maxOrdinaryDebt: current?.maxOrdinaryDebt ?? null,
      receiptConceptId: current?.receiptConceptId ?? null,
    };
  }
  let receiptConceptId: number | null = null;
  if (input.receiptConceptId) {
    const concept = await tx.incomeConcept.findFirst({ where: { id: rowId(input.receiptConceptId), neighborhoodId, deletedAt: null }, select: { id: true } });
    if (!concept) throw new InputError([{ field: 'receiptConceptId', message: CONCEPT_NOT_FOUND }]);
    receiptConceptId = concept.id;
  }
  return { ...common, cost: input.cost, deposit: input.deposit, maxOrdinaryDebt: input.maxOrdinaryDebt, receiptConceptId };
}

type AmenityData = Awaited<ReturnType<typeof amenityData>>;
type CurrentAmenity = NonNullable<Awaited<ReturnType<typeof findOwn>>>;

/** The amenity of the community, not deleted, read inside the write. */
async function findOwn(tx: Tx, neighborhoodId: number, id: number) {
  const amenity = await tx.amenity.findFirst({ where: { id, neighborhoodId, deletedAt: null } });
  if (!amenity) throw new NotFoundError('AMENITY_NOT_FOUND');
  return amenity;
}

/**
 * The name is unique among the community's amenities that are not deleted, whatever its case. No index can
 * say "not deleted, any case", so the read runs inside the write's transaction (serializable on
 * PostgreSQL: two simultaneous creations of one name cannot both commit).
 */
async function ensureUniqueName(tx: Tx, neighborhoodId: number, name: string, exceptId?: number) {
  const same = await tx.amenity.findFirst({
    where: { neighborhoodId, deletedAt: null, name: sameText(name), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw new ConflictError(reason('AMENITY_NAME_TAKEN', { name }));
}

/** The audit picture of an amenity: plain values, money with two decimals. */
function auditData(data: AmenityData) {
  const amount = (v: { toFixed(d: number): string } | string | null) => (v == null ? null : formatMoney(v));
  return {
    ...data,
    cost: amount(data.cost),
    deposit: amount(data.deposit),
    maxOrdinaryDebt: amount(data.maxOrdinaryDebt),
    availableFrom: data.availableFrom?.toISOString().slice(0, 10) ?? null,
    availableTo: data.availableTo?.toISOString().slice(0, 10) ?? null,
  };
}

export async function createAmenity(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createAmenity', input: raw } }, async ({ tx, audit }) => {
    const data = await amenityData(ctx, tx, raw, null);
    await ensureUniqueName(tx, neighborhoodId, data.name);
    const created = await tx.amenity.create({ data: { ...data, neighborhoodId }, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'Amenity', entityId: created.id, data: auditData(data) });
    return created.id;
  });
}

export async function updateAmenity(ctx: ServiceContext, id: number, raw: unknown) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const current = await findOwn(tx, neighborhoodId, id);
    const data = await amenityData(ctx, tx, raw, current);
    await ensureUniqueName(tx, neighborhoodId, data.name, id);
    await tx.amenity.update({ where: { id }, data });
    await audit({ action: 'UPDATE', entity: 'Amenity', entityId: id, data: { from: current.name, ...auditData(data) } });
    return id;
  });
}

/** Spec 3 section 4: enabled or disabled; a repeat of the current state changes nothing and records nothing. */
export async function setAmenityEnabled(ctx: ServiceContext, id: number, enabled: boolean) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const current = await findOwn(tx, neighborhoodId, id);
    if (current.enabled === enabled) return id;
    await tx.amenity.update({ where: { id }, data: { enabled } });
    await audit({ action: enabled ? 'ENABLE' : 'DISABLE', entity: 'Amenity', entityId: id, data: { name: current.name } });
    return id;
  });
}

/** Spec 3 section 4: deleting is allowed only while the amenity is enabled; it stays in the table with deletedAt. */
export async function deleteAmenity(ctx: ServiceContext, id: number) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const current = await findOwn(tx, neighborhoodId, id);
    if (!current.enabled) throw new ConflictError('AMENITY_DISABLED_NOT_DELETABLE');
    await tx.amenity.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'Amenity', entityId: id, data: { name: current.name } });
    return id;
  });
}
