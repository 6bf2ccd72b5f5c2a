// Measured service concepts (spec 2 Measured service concept; /neighborhood/settings/services_concepts):
// this module owns every write of the ServiceConcept table. Concepts are ordered by position (move up or
// down) and deleted softly; one used by a live service cannot be deleted nor change its type.
import { serviceConceptInputSchema, type ServiceConceptValues } from '../../../../../core/measuredServices.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';

/** Who may read the concepts: their own settings screen and the service form that picks them. */
export const SERVICE_CONCEPT_READERS = [
  'CServicesConceptsCreate',
  'CServicesConceptsUpdate',
  'CServicesConceptsDelete',
  'AServicesCreate',
  'AServicesUpdate',
  'AServicesPeriodsRead',
] as const;

export const SERVICE_CONCEPT_IN_USE = message('SERVICE_CONCEPT_IN_USE');
export const SERVICE_CONCEPT_TYPE_LOCKED = 'El concepto se usa en un servicio medido: su tipo no se puede cambiar';

export function serviceConceptWhere(ctx: ServiceContext) {
  return { neighborhoodId: communityOf(ctx), deletedAt: null };
}

export const SERVICE_CONCEPT_ORDER = [{ position: 'asc' as const }, { id: 'asc' as const }];

/** Concept writes of one community take turns (positions and the in-use checks). */
export async function lockConcepts(tx: Tx, neighborhoodId: number) {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`serviceConcept:${neighborhoodId}`}))::text AS held`;
}

async function findOwn(tx: Tx, neighborhoodId: number, id: number) {
  const concept = await tx.serviceConcept.findFirst({ where: { id, neighborhoodId, deletedAt: null } });
  if (!concept) throw new NotFoundError('CONCEPT_NOT_FOUND');
  return concept;
}

async function usedByLiveService(tx: Tx, conceptId: number) {
  const link = await tx.measuredServiceConcept.findFirst({ where: { conceptId, service: { deletedAt: null } }, select: { serviceId: true } });
  return !!link;
}

function columns(input: ServiceConceptValues) {
  return { name: input.name, type: input.type, amount: input.amount, calculateIva: input.calculateIva, ivaPercent: input.ivaPercent };
}

/** A concept with plain inputs ({ name, type, amount, calculateIva, ivaPercent }); returns its id. */
export async function createServiceConcept(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(serviceConceptInputSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createServiceConcept', input } }, async ({ tx, audit }) => {
    await lockConcepts(tx, neighborhoodId);
    const last = await tx.serviceConcept.aggregate({ where: { neighborhoodId }, _max: { position: true } });
    const data = { neighborhoodId, position: (last._max.position ?? 0) + 1, ...columns(input) };
    const concept = await tx.serviceConcept.create({ data, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'ServiceConcept', entityId: concept.id, data: columns(input) });
    return concept.id;
  });
}

export async function updateServiceConcept(ctx: ServiceContext, id: number, raw: unknown): Promise<number> {
  const input = parseInput(serviceConceptInputSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    await lockConcepts(tx, neighborhoodId);
    const concept = await findOwn(tx, neighborhoodId, id);
    if (concept.type !== input.type && (await usedByLiveService(tx, id))) throw new InputError([{ field: 'type', message: SERVICE_CONCEPT_TYPE_LOCKED }]);
    await tx.serviceConcept.update({ where: { id }, data: columns(input) });
    const from = {
      name: concept.name,
      type: concept.type,
      amount: concept.amount?.toString() ?? null,
      calculateIva: concept.calculateIva,
      ivaPercent: concept.ivaPercent?.toString() ?? null,
    };
    await audit({ action: 'UPDATE', entity: 'ServiceConcept', entityId: id, data: { from, to: columns(input) } });
    return id;
  });
}

/** Swaps the concept with its neighbour above (UP) or below (DOWN); at either end nothing moves. */
export async function moveServiceConcept(ctx: ServiceContext, id: number, direction: 'UP' | 'DOWN'): Promise<number> {
  if (direction !== 'UP' && direction !== 'DOWN') throw new InputError([{ field: 'direction', message: 'La dirección debe ser UP o DOWN' }]);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    await lockConcepts(tx, neighborhoodId);
    const concept = await findOwn(tx, neighborhoodId, id);
    const neighbour = await tx.serviceConcept.findFirst({
      where: {
        neighborhoodId,
        deletedAt: null,
        id: { not: id },
        OR:
          direction === 'UP'
            ? [{ position: { lt: concept.position } }, { position: concept.position, id: { lt: id } }]
            : [{ position: { gt: concept.position } }, { position: concept.position, id: { gt: id } }],
      },
      orderBy: direction === 'UP' ? [{ position: 'desc' }, { id: 'desc' }] : [{ position: 'asc' }, { id: 'asc' }],
    });
    if (!neighbour) return id;
    // Equal positions (never written by this module, but harmless) still swap order by nudging.
    const mine = neighbour.position === concept.position ? (direction === 'UP' ? concept.position - 1 : concept.position + 1) : neighbour.position;
    await tx.serviceConcept.update({ where: { id }, data: { position: mine } });
    await tx.serviceConcept.update({ where: { id: neighbour.id }, data: { position: concept.position } });
    await audit({ action: 'UPDATE', entity: 'ServiceConcept', entityId: id, data: { move: direction, from: concept.position, to: mine } });
    return id;
  });
}

/** Soft delete; refused while a live service charges the concept. */
export async function deleteServiceConcept(ctx: ServiceContext, id: number): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    await lockConcepts(tx, neighborhoodId);
    const concept = await findOwn(tx, neighborhoodId, id);
    if (await usedByLiveService(tx, id)) throw new ConflictError('SERVICE_CONCEPT_IN_USE');
    await tx.serviceConcept.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'ServiceConcept', entityId: id, data: { name: concept.name } });
    return id;
  });
}
