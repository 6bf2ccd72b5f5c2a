// The community's accounting accounts (settings/accounting-accounts): one number (and optional name) per
// purpose, which the accounting-policy exports use. This module owns every write of the
// AccountingAccountSetting table; the catalogue only reads the accounts other settings name.
import {
  ACCOUNTING_ACCOUNT_KEYS,
  AccountingAccountSettingsSchema,
  compareAccountingAccounts,
  type AccountingAccountKey,
} from '../../../../../core/accounts.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';

export interface AccountingAccountSettingRow {
  key: AccountingAccountKey;
  number: string;
  name: string | null;
}

const keyOrder = (key: string) => ACCOUNTING_ACCOUNT_KEYS.indexOf(key as AccountingAccountKey);

async function readSettings(db: Tx, neighborhoodId: number): Promise<AccountingAccountSettingRow[]> {
  const rows = await db.accountingAccountSetting.findMany({ where: { neighborhoodId }, select: { key: true, number: true, name: true } });
  return rows.sort((a, b) => keyOrder(a.key) - keyOrder(b.key));
}

/** The community's accounting accounts by purpose, in the order of ACCOUNTING_ACCOUNT_KEYS. */
export function accountingAccountSettings(ctx: ServiceContext): Promise<AccountingAccountSettingRow[]> {
  return readSettings(ctx.prisma, communityOf(ctx));
}

/** Saving replaces the whole set: keys left out or sent with a blank number are removed. */
export async function updateAccountingAccountSettings(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(AccountingAccountSettingsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const next = input.accounts
    .filter((a): a is typeof a & { number: string } => a.number !== null)
    .map((a) => ({ key: a.key, number: a.number, name: a.name }))
    .sort((a, b) => keyOrder(a.key) - keyOrder(b.key));
  return write(ctx, { idempotencyKey, request: { operation: 'updateAccountingAccountSettings', input } }, async ({ tx, audit }) => {
    const before = await readSettings(tx, neighborhoodId);
    await tx.accountingAccountSetting.deleteMany({ where: { neighborhoodId } });
    if (next.length) await tx.accountingAccountSetting.createMany({ data: next.map((a) => ({ neighborhoodId, ...a })) });
    await audit({ action: 'UPDATE', entity: 'AccountingAccountSetting', entityId: neighborhoodId, data: { from: before, to: next } });
    return next.length;
  });
}

export type AccountingAccountUseKind =
  | 'SETTING'
  | 'INCOME_ACCOUNT'
  | 'INCOME_CONCEPT'
  | 'INCOME_CONCEPT_SUSPENSE'
  | 'MAINTENANCE_INCOME'
  | 'MAINTENANCE_PENALTY'
  | 'MAINTENANCE_DISCOUNT';

export interface AccountingAccountUse {
  kind: AccountingAccountUseKind;
  /** The purpose, for SETTING. */
  key: AccountingAccountKey | null;
  /** The income account's or income concept's description. */
  label: string | null;
  /** Typename and database id of the record that names the account (income account, income concept). */
  record: { type: 'IncomeAccount' | 'IncomeConcept'; id: number } | null;
}

export interface AccountingCatalogueEntry {
  number: string;
  /** The name given in the settings, when the number is one of them. */
  name: string | null;
  uses: AccountingAccountUse[];
}

/**
 * Every accounting account the community uses, with where: its settings, its income accounts and income
 * concepts in use, and its maintenance settings; sorted by number as a chart of accounts is.
 */
export async function accountingAccountCatalogue(ctx: ServiceContext): Promise<AccountingCatalogueEntry[]> {
  const neighborhoodId = communityOf(ctx);
  const [settings, accounts, concepts, maintenance] = await Promise.all([
    readSettings(ctx.prisma, neighborhoodId),
    ctx.prisma.incomeAccount.findMany({
      where: { neighborhoodId, deletedAt: null, accountingAccount: { not: null } },
      select: { id: true, description: true, accountingAccount: true },
      orderBy: [{ description: 'asc' }, { id: 'asc' }],
    }),
    ctx.prisma.incomeConcept.findMany({
      where: { neighborhoodId, deletedAt: null, OR: [{ accountingAccount: { not: null } }, { suspenseAccount: { not: null } }] },
      select: { id: true, description: true, accountingAccount: true, suspenseAccount: true },
      orderBy: [{ description: 'asc' }, { id: 'asc' }],
    }),
    ctx.prisma.maintenanceSettings.findUnique({
      where: { neighborhoodId },
      select: { incomeAccountingAccount: true, penaltyAccountingAccount: true, discountAccountingAccount: true },
    }),
  ]);

  const entries = new Map<string, AccountingCatalogueEntry>();
  const add = (raw: string | null | undefined, use: AccountingAccountUse, name: string | null = null) => {
    const number = raw?.trim();
    if (!number) return;
    let entry = entries.get(number);
    if (!entry) {
      entry = { number, name: null, uses: [] };
      entries.set(number, entry);
    }
    entry.name ??= name;
    entry.uses.push(use);
  };

  for (const s of settings) add(s.number, { kind: 'SETTING', key: s.key, label: null, record: null }, s.name);
  for (const a of accounts) add(a.accountingAccount, { kind: 'INCOME_ACCOUNT', key: null, label: a.description, record: { type: 'IncomeAccount', id: a.id } });
  for (const c of concepts) {
    const record = { type: 'IncomeConcept' as const, id: c.id };
    add(c.accountingAccount, { kind: 'INCOME_CONCEPT', key: null, label: c.description, record });
    add(c.suspenseAccount, { kind: 'INCOME_CONCEPT_SUSPENSE', key: null, label: c.description, record });
  }
  if (maintenance) {
    add(maintenance.incomeAccountingAccount, { kind: 'MAINTENANCE_INCOME', key: null, label: null, record: null });
    add(maintenance.penaltyAccountingAccount, { kind: 'MAINTENANCE_PENALTY', key: null, label: null, record: null });
    add(maintenance.discountAccountingAccount, { kind: 'MAINTENANCE_DISCOUNT', key: null, label: null, record: null });
  }
  return [...entries.values()].sort((a, b) => compareAccountingAccounts(a.number, b.number));
}
