// Tax data of a house (HouseTaxInfo): read and written by administrators for any house of their
// community and by the owner (O) or co-owner (S) for their own house.
import type { Context } from '../../kernel/context.js';
import { parseInput } from '../../kernel/input.js';
import { NotFoundError } from '../../kernel/errors.js';
import { audit } from '../../kernel/audit.js';
import { taxInfoSchema } from '../../../core/tax.js';
import { targetHouse } from '../../auth/houseScope.js';
import { claimFile } from '../../infra/files/service.js';

export const TAX_ADMIN_READ = ['ATaxRead', 'ATaxUpdate'] as const;
export const TAX_ADMIN_WRITE = ['ATaxUpdate'] as const;
export const TAX_HOUSE = ['OTaxUpdate', 'STaxUpdate'] as const;
export const TAX_READERS = [...TAX_ADMIN_READ, ...TAX_HOUSE] as const;
export const TAX_WRITERS = [...TAX_ADMIN_WRITE, ...TAX_HOUSE] as const;

const FOREIGN = 'Solo puedes consultar o modificar los datos fiscales de tu propiedad';

export async function readTaxInfoHouse(ctx: Context, houseId: string | null | undefined) {
  return targetHouse(ctx, houseId, TAX_ADMIN_READ, FOREIGN);
}

/**
 * Creates or replaces the tax data; `taxReceiptFileId` attaches an uploaded constancia de situación
 * fiscal (left as it was when not given).
 */
export async function saveTaxInfo(ctx: Context, houseId: string | null | undefined, raw: unknown, taxReceiptFileId?: string | null) {
  const house = await targetHouse(ctx, houseId, TAX_ADMIN_WRITE, FOREIGN);
  const data = parseInput(taxInfoSchema, raw);
  const receipt = taxReceiptFileId ? { taxReceiptFileId: await claimFile(ctx, taxReceiptFileId) } : {};
  const before = await ctx.prisma.houseTaxInfo.findUnique({ where: { houseId: house.id } });
  await ctx.prisma.houseTaxInfo.upsert({
    where: { houseId: house.id },
    create: { houseId: house.id, neighborhoodId: house.neighborhoodId, ...data, ...receipt },
    update: { ...data, ...receipt },
  });
  await audit(ctx, before ? 'UPDATE' : 'CREATE', 'HouseTaxInfo', house.id, {
    rfc: data.rfc,
    fiscalRegime: data.fiscalRegime,
    cfdiUse: data.cfdiUse,
    ...(before ? { previousRfc: before.rfc } : {}),
  });
  return house.id;
}

export async function deleteTaxInfo(ctx: Context, houseId: string | null | undefined) {
  const house = await targetHouse(ctx, houseId, TAX_ADMIN_WRITE, FOREIGN);
  const { count } = await ctx.prisma.houseTaxInfo.deleteMany({ where: { houseId: house.id, neighborhoodId: house.neighborhoodId } });
  if (count === 0) throw new NotFoundError('La propiedad no tiene datos fiscales');
  await audit(ctx, 'DELETE', 'HouseTaxInfo', house.id);
  return house.id;
}
