// Providers of a community (spec 2 section 3 Provider, /providers): this module owns every write of the
// Provider table. An RFC names one provider per community (unique index); the default expense concept
// must be a live concept of the same community.
import { decodeGlobalID } from '@pothos/plugin-relay';
import { ProviderSchema, type ProviderValues } from '../../../../../core/providers.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { isUniqueViolation } from '../../../../kernel/dbErrors.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';
import { containsText } from '../../../../kernel/textFilter.js';

/** Who reads providers: their own screens and the expense screens that pick or show one. */
export const PROVIDER_READERS = ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate', 'AProvidersCreate', 'AProvidersUpdate'] as const;

export const PROVIDER_NOT_FOUND = message('PROVIDER_NOT_FOUND');
export const CONCEPT_NOT_FOUND = 'El concepto de egreso no existe';
export const rfcTaken = (rfc: string, name: string) => `Ya existe un proveedor con el RFC ${rfc} en la comunidad: ${name}`;

export interface ProviderFilter {
  name?: string | null;
  /** An ExpenseConcept global id or database id. */
  concept?: string | null;
}

const MAX_FILTER = 200;

/** The community's providers, by part of the name or RFC (any case) and by default concept. */
export function providerWhere(ctx: Pick<ServiceContext, 'actor'>, filter?: ProviderFilter | null) {
  const name = filter?.name?.trim().slice(0, MAX_FILTER);
  const concept = filter?.concept?.trim() ? conceptRowId(filter.concept.trim()) : null;
  return {
    neighborhoodId: communityOf(ctx),
    ...(name ? { OR: [{ name: containsText(name) }, { rfc: containsText(name) }] } : {}),
    ...(concept !== null ? { expenseConceptId: concept } : {}),
  };
}

/** A concept id as the list filter takes it: a global id or the legacy number; anything else matches nothing. */
function conceptRowId(value: string): number {
  if (/^\d{1,10}$/.test(value)) return rowId(value);
  try {
    const { typename, id } = decodeGlobalID(value);
    return typename === 'ExpenseConcept' ? rowId(id) : -1;
  } catch {
    return -1;
  }
}

export const PROVIDER_ORDER = [{ name: 'asc' as const }, { id: 'asc' as const }];

async function findOwn(tx: Tx, neighborhoodId: number, id: number) {
  const provider = await tx.provider.findFirst({ where: { id, neighborhoodId } });
  if (!provider) throw new NotFoundError('PROVIDER_NOT_FOUND');
  return provider;
}

async function conceptOf(tx: Tx, neighborhoodId: number, globalId: string | null): Promise<number | null> {
  if (!globalId) return null;
  const id = conceptRowId(globalId);
  const concept = id > 0 ? await tx.expenseConcept.findFirst({ where: { id, neighborhoodId, deletedAt: null }, select: { id: true } }) : null;
  if (!concept) throw new InputError([{ field: 'expenseConceptId', message: CONCEPT_NOT_FOUND }]);
  return concept.id;
}

/** Provider writes of one community take turns, so the RFC check answers before the unique index does. */
async function assertRfcFree(tx: Tx, neighborhoodId: number, rfc: string | null, exceptId?: number) {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`provider:${neighborhoodId}`}))::text AS held`;
  if (!rfc) return;
  const taken = await tx.provider.findFirst({ where: { neighborhoodId, rfc, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { name: true } });
  if (taken) throw new ConflictError(reason('PROVIDER_RFC_TAKEN', { rfc, name: taken.name }));
}

function columns(input: ProviderValues, expenseConceptId: number | null) {
  return { name: input.name, rfc: input.rfc, paymentMethod: input.paymentMethod, bank: input.bank, clabe: input.clabe, expenseConceptId };
}

async function uniqueRfc<T>(rfc: string | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(reason('PROVIDER_RFC_TAKEN', { rfc: rfc ?? '', name: 'otro proveedor' }));
    throw error;
  }
}

/** Registers a provider ({ name, rfc, paymentMethod, bank, clabe, expenseConceptId }); returns its id. */
export async function createProvider(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(ProviderSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return uniqueRfc(input.rfc, () =>
    write(ctx, { idempotencyKey, request: { operation: 'createProvider', input } }, async ({ tx, audit }) => {
      await assertRfcFree(tx, neighborhoodId, input.rfc);
      const data = columns(input, await conceptOf(tx, neighborhoodId, input.expenseConceptId));
      const provider = await tx.provider.create({ data: { neighborhoodId, ...data }, select: { id: true } });
      await audit({ action: 'CREATE', entity: 'Provider', entityId: provider.id, data });
      return provider.id;
    }),
  );
}

export async function updateProvider(ctx: ServiceContext, id: number, raw: unknown): Promise<number> {
  const input = parseInput(ProviderSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return uniqueRfc(input.rfc, () =>
    write(ctx, {}, async ({ tx, audit }) => {
      const provider = await findOwn(tx, neighborhoodId, id);
      await assertRfcFree(tx, neighborhoodId, input.rfc, id);
      const data = columns(input, await conceptOf(tx, neighborhoodId, input.expenseConceptId));
      await tx.provider.update({ where: { id }, data });
      const from = {
        name: provider.name,
        rfc: provider.rfc,
        paymentMethod: provider.paymentMethod,
        bank: provider.bank,
        clabe: provider.clabe,
        expenseConceptId: provider.expenseConceptId,
      };
      await audit({ action: 'UPDATE', entity: 'Provider', entityId: id, data: { from, to: data } });
      return id;
    }),
  );
}
