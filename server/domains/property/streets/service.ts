// Streets of a community (spec 3, configuration): this module owns every write of the Street table.
import { StreetSchema } from '../../../../core/streets.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { parseInput } from '../../../kernel/input.js';
import { ConflictError, NotFoundError, reason } from '../../../kernel/errors.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { write } from '../../../kernel/write.js';
import { detachStreet } from '../houses/rows.js';
import { containsText } from '../../../kernel/textFilter.js';

export { StreetSchema };

export function streetWhere(ctx: ServiceContext, filter?: { name?: string | null } | null) {
  return {
    neighborhoodId: communityOf(ctx),
    ...(filter?.name?.trim() ? { name: containsText(filter.name) } : {}),
  };
}

async function findOwn(ctx: ServiceContext, id: number) {
  const street = await ctx.prisma.street.findFirst({ where: { id, neighborhoodId: communityOf(ctx) } });
  if (!street) throw new NotFoundError('STREET_NOT_FOUND');
  return street;
}

/** The name is unique per community, whatever its case: the database's unique index decides, not a prior read. */
function duplicateName(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw new ConflictError(reason('STREET_NAME_TAKEN', { name }));
  throw error;
}

export async function createStreet(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(StreetSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createStreet', input } }, async ({ tx, audit }) => {
    const street = await tx.street.create({ data: { neighborhoodId, name: input.name }, select: { id: true } }).catch((e) => duplicateName(e, input.name));
    await audit({ action: 'CREATE', entity: 'Street', entityId: street.id, data: { name: input.name } });
    return street.id;
  });
}

export async function updateStreet(ctx: ServiceContext, id: number, raw: unknown) {
  const input = parseInput(StreetSchema, raw);
  const street = await findOwn(ctx, id);
  return write(ctx, { audit: { action: 'UPDATE', entity: 'Street', entityId: id, data: { from: street.name, to: input.name } } }, async ({ tx }) => {
    await tx.street.update({ where: { id: street.id }, data: { name: input.name } }).catch((e) => duplicateName(e, input.name));
    return id;
  });
}

/** A street that houses still use cannot be deleted: it would leave them without location. */
export async function deleteStreet(ctx: ServiceContext, id: number) {
  const street = await findOwn(ctx, id);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { audit: { action: 'DELETE', entity: 'Street', entityId: id, data: { name: street.name } } }, async ({ tx }) => {
    const inUse = await tx.house.count({ where: { streetId: id, neighborhoodId, status: { not: 'DELETED' } } });
    if (inUse > 0) throw new ConflictError(reason('STREET_IN_USE', { name: street.name }));
    await detachStreet(tx, neighborhoodId, id);
    await tx.street.delete({ where: { id } });
    return id;
  });
}
