import { z } from 'zod';
import type { Context } from '../../graphql/context.js';
import { tenantOf } from '../../graphql/context.js';
import { parseInput } from '../../graphql/input.js';
import { ConflictError, NotFoundError } from '../../graphql/errors.js';
import { audit } from '../../audit.js';

export const StreetSchema = z.object({
  name: z.string().trim().min(1, 'El nombre de la calle es requerido').max(120, 'El nombre de la calle debe tener como máximo 120 caracteres'),
});

export function streetWhere(ctx: Context, filter?: { name?: string | null } | null) {
  return {
    neighborhoodId: tenantOf(ctx),
    ...(filter?.name?.trim() ? { name: { contains: filter.name.trim(), mode: 'insensitive' as const } } : {}),
  };
}

async function ensureUniqueName(ctx: Context, name: string, exceptId?: number) {
  const same = await ctx.prisma.street.findFirst({
    where: { neighborhoodId: tenantOf(ctx), name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (same) throw new ConflictError(`Ya existe una calle llamada ${name}`);
}

async function findOwn(ctx: Context, id: number) {
  const street = await ctx.prisma.street.findFirst({ where: { id, neighborhoodId: tenantOf(ctx) } });
  if (!street) throw new NotFoundError('La calle no existe');
  return street;
}

export async function createStreet(ctx: Context, raw: unknown) {
  const input = parseInput(StreetSchema, raw);
  await ensureUniqueName(ctx, input.name);
  const street = await ctx.prisma.street.create({ data: { neighborhoodId: tenantOf(ctx), name: input.name } });
  await audit(ctx, 'CREATE', 'Street', street.id, { name: street.name });
  return street.id;
}

export async function updateStreet(ctx: Context, id: number, raw: unknown) {
  const input = parseInput(StreetSchema, raw);
  const street = await findOwn(ctx, id);
  await ensureUniqueName(ctx, input.name, id);
  await ctx.prisma.street.update({ where: { id: street.id }, data: { name: input.name } });
  await audit(ctx, 'UPDATE', 'Street', id, { from: street.name, to: input.name });
  return id;
}

/** A street that houses still use cannot be deleted: it would leave them without location. */
export async function deleteStreet(ctx: Context, id: number) {
  const street = await findOwn(ctx, id);
  const inUse = await ctx.prisma.house.count({ where: { streetId: id, neighborhoodId: tenantOf(ctx), status: { not: 'DELETED' } } });
  if (inUse > 0) throw new ConflictError(`No logramos eliminar la calle ${street.name}. Recarga y vuelve a intentar`);
  await ctx.prisma.$transaction([
    ctx.prisma.house.updateMany({ where: { streetId: id, neighborhoodId: tenantOf(ctx) }, data: { streetId: null } }),
    ctx.prisma.street.delete({ where: { id } }),
  ]);
  await audit(ctx, 'DELETE', 'Street', id, { name: street.name });
  return id;
}
