// Tax data of a house (HouseTaxInfo): read and written by administrators for any house of their
// community and by the owner (O) or co-owner (S) for their own house (auth/houseScope.ts, the one rule).
// This module owns every write of the HouseTaxInfo table but one: an owner change drops the previous
// owner's tax data (houses/ownership.ts).
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { parseInput } from '../../../../kernel/input.js';
import { NotFoundError } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import { subscribe } from '../../../../kernel/events.js';
import { HouseTaxInfoSchema, TaxReceiptFileId } from '../../../../../core/tax.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import { claimFile } from '../../../../infra/files/service.js';
import { personName } from '../../../../../core/houseLabel.js';

export const TAX_ADMIN_READ = ['ATaxRead', 'ATaxUpdate'] as const;
export const TAX_ADMIN_WRITE = ['ATaxUpdate'] as const;
export const TAX_HOUSE = ['OTaxUpdate', 'STaxUpdate'] as const;
export const TAX_READERS = [...TAX_ADMIN_READ, ...TAX_HOUSE] as const;
export const TAX_WRITERS = [...TAX_ADMIN_WRITE, ...TAX_HOUSE] as const;

export async function readTaxInfoHouse(ctx: ServiceContext, houseId: string | null | undefined) {
  return targetHouse(ctx, houseId, TAX_ADMIN_READ, 'FOREIGN_TAX_INFO');
}

/** The tax data of the house the actor may read (null when it has none). */
export async function readTaxInfo<S extends object>(ctx: ServiceContext, houseId: string | null | undefined, query: S) {
  const house = await readTaxInfoHouse(ctx, houseId);
  return ctx.prisma.houseTaxInfo.findFirst({ ...query, where: { houseId: house.id, neighborhoodId: house.neighborhoodId } });
}

/**
 * Creates or replaces the tax data; `taxReceiptFileId` attaches an uploaded constancia de situación
 * fiscal (left as it was when not given).
 */
export async function saveTaxInfo(ctx: ServiceContext, houseId: string | null | undefined, raw: unknown, taxReceiptFileId?: string | null) {
  const house = await targetHouse(ctx, houseId, TAX_ADMIN_WRITE, 'FOREIGN_TAX_INFO');
  const data = parseInput(HouseTaxInfoSchema, await withBusinessName(ctx, house.id, raw));
  const fileId = parseInput(TaxReceiptFileId, taxReceiptFileId);
  const receipt = fileId ? { taxReceiptFileId: await claimFile(ctx, fileId) } : {};
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.houseTaxInfo.findUnique({ where: { houseId: house.id }, select: { rfc: true } });
    await tx.houseTaxInfo.upsert({
      where: { houseId: house.id },
      create: { houseId: house.id, neighborhoodId: house.neighborhoodId, ...data, ...receipt },
      update: { ...data, ...receipt },
    });
    await audit({
      action: before ? 'UPDATE' : 'CREATE',
      entity: 'HouseTaxInfo',
      entityId: house.id,
      data: { rfc: data.rfc, fiscalRegime: data.fiscalRegime, cfdiUse: data.cfdiUse, ...(before ? { previousRfc: before.rfc } : {}) },
    });
    return house.id;
  });
}

/** A body without a business name (the legacy PUT need not send it) keeps the stored one, else takes the owner's name. */
async function withBusinessName(ctx: ServiceContext, houseId: number, raw: unknown): Promise<unknown> {
  if ((raw as { businessName?: unknown } | null)?.businessName != null) return raw;
  const house = await ctx.prisma.house.findUnique({
    where: { id: houseId },
    select: { taxInfo: { select: { businessName: true } }, owner: { select: { firstName: true, lastName: true } } },
  });
  const owner = house?.owner ? personName(house.owner).toUpperCase() : '';
  return { ...(raw as object), businessName: house?.taxInfo?.businessName ?? owner };
}

export async function deleteTaxInfo(ctx: ServiceContext, houseId: string | null | undefined) {
  const house = await targetHouse(ctx, houseId, TAX_ADMIN_WRITE, 'FOREIGN_TAX_INFO');
  return write(ctx, { audit: { action: 'DELETE', entity: 'HouseTaxInfo', entityId: house.id } }, async ({ tx }) => {
    const { count } = await tx.houseTaxInfo.deleteMany({ where: { houseId: house.id, neighborhoodId: house.neighborhoodId } });
    if (count === 0) throw new NotFoundError('HOUSE_TAX_INFO_NOT_FOUND');
    return house.id;
  });
}

/** The owner changed: the house's tax data was theirs (the new owner invoices under their own RFC). */
export async function dropHouseTaxInfo(tx: Tx, houseId: number) {
  await tx.houseTaxInfo.deleteMany({ where: { houseId } });
}
subscribe('house.ownerReplaced', (tx, e) => dropHouseTaxInfo(tx, e.houseId));
