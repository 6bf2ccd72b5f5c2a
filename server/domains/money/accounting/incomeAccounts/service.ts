// Income accounts of a community (spec 2 section 3 "Account"): where it receives money. This module owns
// every write of the IncomeAccount table. A removed account keeps its row (deletedAt) because payments
// point at it; lists, reads and writes see only the ones in use.
import { IncomeAccountSchema, type IncomeAccountInput } from '../../../../../core/accounts.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { ConflictError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';
import { containsText } from '../../../../kernel/textFilter.js';

export { IncomeAccountSchema };

export const ACCOUNT_NOT_FOUND = message('ACCOUNT_NOT_FOUND');

export function incomeAccountWhere(ctx: ServiceContext, filter?: { accountType?: string | null; description?: string | null } | null) {
  const description = filter?.description?.trim();
  return {
    neighborhoodId: communityOf(ctx),
    deletedAt: null,
    ...(filter?.accountType ? { accountType: filter.accountType as IncomeAccountInput['accountType'] } : {}),
    ...(description ? { description: containsText(description) } : {}),
  };
}

async function findOwn(tx: Tx, neighborhoodId: number, id: number) {
  const account = await tx.incomeAccount.findFirst({ where: { id, neighborhoodId, deletedAt: null } });
  if (!account) throw new NotFoundError('ACCOUNT_NOT_FOUND');
  return account;
}

/** Two accounts in use with the same number would make payments ambiguous: the number is unique per community. */
async function assertNumberFree(tx: Tx, neighborhoodId: number, input: IncomeAccountInput, exceptId?: number) {
  if (!input.accountNumber) return;
  const other = await tx.incomeAccount.findFirst({
    where: {
      neighborhoodId,
      deletedAt: null,
      accountNumber: input.accountNumber,
      accountType: input.accountType,
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { description: true },
  });
  if (other) throw new ConflictError(reason('INCOME_ACCOUNT_NUMBER_TAKEN', { account: other.description }));
}

function auditData(input: IncomeAccountInput) {
  return {
    accountType: input.accountType,
    description: input.description,
    holderName: input.holderName,
    accountNumber: input.accountNumber,
    accountingAccount: input.accountingAccount,
  };
}

export async function createIncomeAccount(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(IncomeAccountSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createIncomeAccount', input } }, async ({ tx, audit }) => {
    await assertNumberFree(tx, neighborhoodId, input);
    const account = await tx.incomeAccount.create({ data: { neighborhoodId, ...input }, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'IncomeAccount', entityId: account.id, data: auditData(input) });
    return account.id;
  });
}

export async function updateIncomeAccount(ctx: ServiceContext, id: number, raw: unknown) {
  const input = parseInput(IncomeAccountSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await findOwn(tx, neighborhoodId, id);
    await assertNumberFree(tx, neighborhoodId, input, id);
    await tx.incomeAccount.update({ where: { id }, data: input });
    await audit({ action: 'UPDATE', entity: 'IncomeAccount', entityId: id, data: { from: auditData(before), to: auditData(input) } });
    return id;
  });
}

/** Removes the account from use; its row stays for the payments that name it. */
export async function deleteIncomeAccount(ctx: ServiceContext, id: number) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const account = await findOwn(tx, neighborhoodId, id);
    // Only a row still in use is removed: a concurrent second delete finds nothing and answers 404.
    const { count } = await tx.incomeAccount.updateMany({ where: { id, neighborhoodId, deletedAt: null }, data: { deletedAt: new Date() } });
    if (count === 0) throw new NotFoundError('ACCOUNT_NOT_FOUND');
    await audit({ action: 'DELETE', entity: 'IncomeAccount', entityId: id, data: { description: account.description, accountType: account.accountType } });
    return id;
  });
}
