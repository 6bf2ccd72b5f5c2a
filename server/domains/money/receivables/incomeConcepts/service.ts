// Income concepts and wallets of a community (spec 2 section 3, spec 3 configuration): this module owns
// every write of the IncomeConcept table. Concepts are never removed: receipts will point at them, so
// deleting one marks it (deletedAt) and hides it from every list.
import {
  IncomeConceptSchema,
  IncomeConceptsFlagsSchema,
  INCOME_CONCEPT_FLAGS,
  lockedFieldChanges,
  SYSTEM_CONCEPT_LOCKED,
  type IncomeConceptValues,
} from '../../../../../core/incomeConcepts.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { parseInput } from '../../../../kernel/input.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';
import { containsText, sameText } from '../../../../kernel/textFilter.js';

/** Who may read income concepts and the wallets their form picks from. */
export const CONCEPT_READERS = ['CConceptsRead', 'CConceptCreate', 'CConceptUpdate', 'CConceptDelete'] as const;

export const CONCEPT_NOT_FOUND = message('CONCEPT_NOT_FOUND');

export function incomeConceptWhere(ctx: ServiceContext, filter?: { description?: string | null } | null) {
  const text = filter?.description?.trim();
  return {
    neighborhoodId: communityOf(ctx),
    deletedAt: null,
    ...(text ? { description: containsText(text) } : {}),
  };
}

export function walletsOf(ctx: ServiceContext, query: object = {}) {
  return ctx.prisma.wallet.findMany({ ...query, where: { neighborhoodId: communityOf(ctx) }, orderBy: [{ type: 'asc' }, { id: 'asc' }] });
}

async function findOwn(tx: Tx, neighborhoodId: number, id: number) {
  const concept = await tx.incomeConcept.findFirst({ where: { id, neighborhoodId, deletedAt: null } });
  if (!concept) throw new NotFoundError('CONCEPT_NOT_FOUND');
  return concept;
}

/** The wallet must be one of the community's: another community's id reads as missing. */
async function ownWallet(tx: Tx, neighborhoodId: number, walletId: string) {
  const wallet = await tx.wallet.findFirst({ where: { id: rowId(walletId), neighborhoodId }, select: { id: true } });
  if (!wallet) throw new InputError([{ field: 'walletId', message: 'El monedero no existe' }]);
  return wallet.id;
}

/**
 * One live concept per description in a community, whatever its case. No unique index can say so
 * (deleted concepts keep their description), so writes of one community take turns on an advisory lock.
 */
async function assertDescriptionFree(tx: Tx, neighborhoodId: number, description: string, exceptId?: number) {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`incomeConcept:${neighborhoodId}`}))::text AS held`;
  const taken = await tx.incomeConcept.findFirst({
    where: { neighborhoodId, deletedAt: null, description: sameText(description), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw new ConflictError(reason('INCOME_CONCEPT_NAME_TAKEN', { description }));
}

function columns(input: IncomeConceptValues) {
  return {
    description: input.description,
    increaseBalance: input.increaseBalance,
    notifyPayment: input.notifyPayment,
    visibleToOwner: input.visibleToOwner,
    mandatory: input.mandatory,
    allowAmount: input.allowAmount,
    allowComments: input.allowComments,
    allowAttachments: input.allowAttachments,
    accountingAccount: input.accountingAccount,
    suspenseAccount: input.suspenseAccount,
    maxPaymentDate: input.maxPaymentDate ? new Date(`${input.maxPaymentDate}T00:00:00Z`) : null,
    maxAmountBalance: input.maxAmountBalance,
  };
}

/** What the audit log keeps of a concept (dates as days, amounts as text). */
function auditView(c: {
  description: string;
  walletId: number;
  maxPaymentDate: Date | string | null;
  maxAmountBalance: { toFixed(n: number): string } | string | null;
  [key: string]: unknown;
}) {
  return {
    description: c.description,
    walletId: c.walletId,
    ...Object.fromEntries(INCOME_CONCEPT_FLAGS.map((f) => [f, c[f]])),
    accountingAccount: c.accountingAccount ?? null,
    suspenseAccount: c.suspenseAccount ?? null,
    maxPaymentDate: c.maxPaymentDate instanceof Date ? c.maxPaymentDate.toISOString().slice(0, 10) : c.maxPaymentDate,
    maxAmountBalance: c.maxAmountBalance == null ? null : typeof c.maxAmountBalance === 'string' ? c.maxAmountBalance : c.maxAmountBalance.toFixed(2),
  };
}

export async function createIncomeConcept(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(IncomeConceptSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createIncomeConcept', input } }, async ({ tx, audit }) => {
    const walletId = await ownWallet(tx, neighborhoodId, input.walletId);
    await assertDescriptionFree(tx, neighborhoodId, input.description);
    const data = { neighborhoodId, walletId, deletable: true, ...columns(input) };
    const concept = await tx.incomeConcept.create({ data, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'IncomeConcept', entityId: concept.id, data: auditView(data) });
    return concept.id;
  });
}

/**
 * A full update of a concept. System concepts (systemKey) keep the description and wallet the platform
 * gave them: sending others is refused under those fields; their flags and accounts may change.
 */
export async function updateIncomeConcept(ctx: ServiceContext, id: number, raw: unknown) {
  const input = parseInput(IncomeConceptSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const concept = await findOwn(tx, neighborhoodId, id);
    const walletId = await ownWallet(tx, neighborhoodId, input.walletId);
    if (concept.systemKey) {
      const locked = lockedFieldChanges(
        { description: concept.description, walletId: String(concept.walletId) },
        { description: input.description, walletId: String(walletId) },
      );
      if (locked.length) throw new InputError(locked.map((field) => ({ field, message: SYSTEM_CONCEPT_LOCKED })));
    }
    if (input.description.toLowerCase() !== concept.description.toLowerCase()) await assertDescriptionFree(tx, neighborhoodId, input.description, id);
    const data = { walletId, ...columns(input) };
    await tx.incomeConcept.update({ where: { id }, data });
    await audit({ action: 'UPDATE', entity: 'IncomeConcept', entityId: id, data: { from: auditView(concept), to: auditView(data) } });
    return id;
  });
}

/** The flags of several concepts in one write: every id must be a live concept of the community, or nothing changes. */
export async function updateIncomeConceptFlags(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(IncomeConceptsFlagsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const ids = input.concepts.map((c) => rowId(c.id));
  return write(ctx, {}, async ({ tx, audit }) => {
    const found = await tx.incomeConcept.findMany({ where: { id: { in: ids }, neighborhoodId, deletedAt: null } });
    if (found.length !== new Set(ids).size || ids.includes(-1)) throw new NotFoundError('CONCEPT_NOT_FOUND');
    for (const [i, row] of input.concepts.entries()) {
      const current = found.find((c) => c.id === ids[i])!;
      const changed = INCOME_CONCEPT_FLAGS.filter((f) => row[f] != null && row[f] !== current[f]);
      if (changed.length === 0) continue;
      const data = Object.fromEntries(changed.map((f) => [f, row[f] as boolean]));
      await tx.incomeConcept.update({ where: { id: current.id }, data });
      const from = Object.fromEntries(changed.map((f) => [f, current[f]]));
      await audit({ action: 'UPDATE', entity: 'IncomeConcept', entityId: current.id, data: { from, to: data, bulk: true } });
    }
    return ids;
  });
}

/** Deleting keeps the row (receipts point at it) and hides it; the platform's own concepts cannot be deleted. */
export async function deleteIncomeConcept(ctx: ServiceContext, id: number) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const concept = await findOwn(tx, neighborhoodId, id);
    if (!concept.deletable || concept.systemKey) throw new ConflictError(reason('INCOME_CONCEPT_NOT_DELETABLE', { description: concept.description }));
    await tx.incomeConcept.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'IncomeConcept', entityId: id, data: { description: concept.description } });
    return id;
  });
}
