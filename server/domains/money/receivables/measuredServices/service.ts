// Measured services (spec 2 Measured service): water, gas and similar services charged by consumption.
// This module owns the writes of MeasuredService, MeasuredServiceConcept, ServiceRange and
// ServiceRangeAmount. A service is created with its own wallet (MEASURED_SERVICE) and income concept.
import {
  type ChargeConcept,
  type ChargeRange,
  measuredServiceInputSchema,
  type MeasuredServiceValues,
  type ServiceConceptType,
} from '../../../../../core/measuredServices.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { ConflictError, NotFoundError } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { lockConcepts } from '../serviceConcepts/service.js';
import { containsText } from '../../../../kernel/textFilter.js';

/** Who may read services: their own screens and the periods' screens. */
export const MEASURED_SERVICE_READERS = ['AServicesCreate', 'AServicesUpdate', 'AServicesDelete', 'AServicesPeriodsRead'] as const;

export function measuredServiceWhere(ctx: ServiceContext, filter?: { description?: string | null } | null) {
  const text = filter?.description?.trim();
  return {
    neighborhoodId: communityOf(ctx),
    deletedAt: null,
    ...(text ? { description: containsText(text) } : {}),
  };
}

/** The community's live concepts as the service rules need them. */
async function catalogue(tx: Tx, neighborhoodId: number) {
  const rows = await tx.serviceConcept.findMany({ where: { neighborhoodId, deletedAt: null }, select: { id: true, type: true } });
  return rows.map((r) => ({ id: r.id, type: r.type as ServiceConceptType }));
}

async function findOwn(tx: Tx, neighborhoodId: number, id: number) {
  const service = await tx.measuredService.findFirst({
    where: { id, neighborhoodId, deletedAt: null },
    include: { concepts: { orderBy: { position: 'asc' } }, ranges: { include: { amounts: true } } },
  });
  if (!service) throw new NotFoundError('SERVICE_NOT_FOUND');
  return service;
}

async function writeConceptsAndRanges(tx: Tx, serviceId: number, input: MeasuredServiceValues) {
  await tx.measuredServiceConcept.createMany({
    data: input.concepts.map((c, position) => ({ serviceId, conceptId: c.conceptId, base: c.base, position })),
  });
  for (const range of input.ranges) {
    await tx.serviceRange.create({
      data: {
        serviceId,
        from: range.from,
        to: range.to,
        amounts: { createMany: { data: range.amounts.map((a) => ({ conceptId: a.conceptId, amount: a.amount })) } },
      },
    });
  }
}

function auditView(input: MeasuredServiceValues) {
  return {
    description: input.description,
    type: input.type,
    presetCost: input.presetCost,
    presetConversionRate: input.presetConversionRate,
    concepts: input.concepts,
    ranges: input.ranges,
  };
}

/**
 * A service with plain inputs: { description, type: 'TABLE' | 'FACTOR', presetCost, presetConversionRate,
 * concepts: [{ conceptId, base }], ranges: [{ from, to, amounts: [{ conceptId, amount }] }] }; returns its id.
 */
export async function createMeasuredService(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  parseInput(measuredServiceInputSchema(), raw); // shape first: bad input never opens a transaction
  return write(ctx, { idempotencyKey, request: { operation: 'createMeasuredService', input: raw } }, async ({ tx, audit }) => {
    await lockConcepts(tx, neighborhoodId);
    const input = parseInput(measuredServiceInputSchema(await catalogue(tx, neighborhoodId)), raw);
    const wallet = await tx.wallet.create({ data: { neighborhoodId, type: 'MEASURED_SERVICE', name: input.description }, select: { id: true } });
    const concept = await tx.incomeConcept.create({
      data: { neighborhoodId, walletId: wallet.id, description: input.description, deletable: false, notifyPayment: true, visibleToOwner: true },
      select: { id: true },
    });
    const service = await tx.measuredService.create({
      data: {
        neighborhoodId,
        description: input.description,
        type: input.type,
        presetCost: input.presetCost,
        presetConversionRate: input.presetConversionRate,
        walletId: wallet.id,
        incomeConceptId: concept.id,
      },
      select: { id: true },
    });
    await tx.wallet.update({ where: { id: wallet.id }, data: { measuredServiceId: service.id } });
    await writeConceptsAndRanges(tx, service.id, input);
    await audit({
      action: 'CREATE',
      entity: 'MeasuredService',
      entityId: service.id,
      data: { ...auditView(input), walletId: wallet.id, incomeConceptId: concept.id },
    });
    return service.id;
  });
}

/**
 * A full update. The concepts and ranges are replaced by the ones sent; a new concept set is accepted
 * only with ranges that fit it (an amount for each of its FIXED and FIXED_TOTAL concepts).
 */
export async function updateMeasuredService(ctx: ServiceContext, id: number, raw: unknown): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  parseInput(measuredServiceInputSchema(), raw);
  return write(ctx, {}, async ({ tx, audit }) => {
    await lockConcepts(tx, neighborhoodId);
    const service = await findOwn(tx, neighborhoodId, id);
    const input = parseInput(measuredServiceInputSchema(await catalogue(tx, neighborhoodId)), raw);
    await tx.measuredService.update({
      where: { id },
      data: { description: input.description, type: input.type, presetCost: input.presetCost, presetConversionRate: input.presetConversionRate },
    });
    if (input.description !== service.description) {
      await tx.wallet.update({ where: { id: service.walletId }, data: { name: input.description } });
      await tx.incomeConcept.update({ where: { id: service.incomeConceptId }, data: { description: input.description } });
    }
    await tx.serviceRange.deleteMany({ where: { serviceId: id } });
    await tx.measuredServiceConcept.deleteMany({ where: { serviceId: id } });
    await writeConceptsAndRanges(tx, id, input);
    const from = {
      description: service.description,
      type: service.type,
      concepts: service.concepts.map((c) => ({ conceptId: c.conceptId, base: c.base })),
      ranges: service.ranges.length,
    };
    await audit({ action: 'UPDATE', entity: 'MeasuredService', entityId: id, data: { from, to: auditView(input) } });
    return id;
  });
}

/** Soft delete, only while the service has no period other than DELETED; its income concept is hidden too. */
export async function deleteMeasuredService(ctx: ServiceContext, id: number): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const service = await findOwn(tx, neighborhoodId, id);
    // Period creation takes this row's lock too (FOR UPDATE), so a period cannot appear meanwhile.
    await lockRow(tx, 'MeasuredService', id);
    const period = await tx.servicePeriod.findFirst({ where: { serviceId: id, status: { not: 'DELETED' } }, select: { id: true } });
    if (period) throw new ConflictError('SERVICE_HAS_PERIODS');
    const now = new Date();
    await tx.measuredService.update({ where: { id }, data: { deletedAt: now } });
    await tx.incomeConcept.update({ where: { id: service.incomeConceptId }, data: { deletedAt: now } });
    await audit({ action: 'DELETE', entity: 'MeasuredService', entityId: id, data: { description: service.description } });
    return id;
  });
}

/** A service's charge configuration as core/measuredServices.ts serviceCharge takes it. */
export async function chargeConfiguration(tx: Tx, neighborhoodId: number, serviceId: number) {
  const service = await tx.measuredService.findFirst({
    where: { id: serviceId, neighborhoodId },
    include: { concepts: { orderBy: { position: 'asc' }, include: { concept: true } }, ranges: { orderBy: { from: 'asc' }, include: { amounts: true } } },
  });
  if (!service) throw new NotFoundError('SERVICE_NOT_FOUND');
  const concepts: ChargeConcept[] = service.concepts.map((link) => ({
    id: link.conceptId,
    name: link.concept.name,
    type: link.concept.type as ServiceConceptType,
    amount: link.concept.amount?.toString() ?? null,
    calculateIva: link.concept.calculateIva,
    ivaPercent: link.concept.ivaPercent?.toString() ?? null,
    base: link.base,
  }));
  const ranges: ChargeRange[] = service.ranges.map((r) => ({
    from: r.from.toString(),
    to: r.to.toString(),
    amounts: Object.fromEntries(r.amounts.map((a) => [a.conceptId, a.amount.toString()])),
  }));
  return { type: service.type as 'TABLE' | 'FACTOR', concepts, ranges };
}
