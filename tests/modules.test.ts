// The module rules (DESIGN.md section 2b), checked as the role matrix checks grants: every domain folder
// declares itself in a module.ts listed once in server/modules.ts; every table has one owner; a table is
// written only by its owner (a ratchet: the writes still outside their owner are listed below, and the
// list must shrink, never grow); every registered job belongs to the module its kind names.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules } from '../server/modules.js';
import { CONTEXTS, PLATFORM_TABLES } from '../server/kernel/module.js';
import { registeredJobKinds } from '../server/infra/jobs.js';
import { demoSeedOrder } from '../server/db/demoConfiguration.js';
import { Prisma } from '../server/db/generated/client.js';

const DOMAINS = 'server/domains';
const domainFolders = CONTEXTS.flatMap((context) =>
  readdirSync(path.join(DOMAINS, context), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .filter((e) => !CONTEXTS.includes(`${context}/${e.name}` as never))
    .map((e) => `${context}/${e.name}`),
);

/** The module a server file belongs to (`money/receivables/receipts`), or its layer's path. */
function moduleOf(file: string): string {
  const m = /^server\/domains\/((?:money\/)?[^/]+\/[^/]+)\//.exec(file);
  return m ? m[1] : file;
}

const models = Object.values(Prisma.ModelName) as string[];
const accessors = new Map(models.map((m) => [m[0].toLowerCase() + m.slice(1), m]));

/** Every write of a table in the server's code (Prisma calls and raw SQL), outside tests and the demo's base seed. */
function tableWrites(files = serverFiles()): { table: string; file: string }[] {
  const writes: { table: string; file: string }[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\.(\w+)\.(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\(/g)) {
      const table = accessors.get(m[1]);
      if (table) writes.push({ table, file });
    }
    for (const m of source.matchAll(/(?:INSERT INTO|UPDATE|DELETE FROM)\s+"(\w+)"/g)) if (models.includes(m[1])) writes.push({ table: m[1], file });
  }
  return writes;
}

function serverFiles(): string[] {
  return (readdirSync('server', { recursive: true }) as string[])
    .map((f) => `server/${f}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('server/db/'));
}

const owners = new Map<string, string>();
for (const m of modules) for (const table of m.tables) owners.set(table, `${m.context}/${m.name}`);

function violations(writes = tableWrites()): string[] {
  const out = new Set<string>();
  for (const { table, file } of writes) {
    const platform = PLATFORM_TABLES[table as Prisma.ModelName];
    if (platform ? platform.some((prefix) => file.startsWith(prefix)) : moduleOf(file) === owners.get(table)) continue;
    out.add(`${table} <- ${moduleOf(file)}`);
  }
  return [...out].sort();
}

/**
 * Writes still outside their table's owner (issue 26's starting point): each goes through the owner's
 * public face as its module is reworked, and leaves this list. A new entry fails the test.
 */
const KNOWN_FOREIGN_WRITES: string[] = [
  'AuditLog <- money/payables/expenses',
  'Charge <- money/receivables/maintenances',
  'Charge <- money/receivables/receipts',
  'CommunityLedgerEntry <- money/payables/withdrawals',
  'Expense <- money/payables/expenseCfdis',
  'Expense <- money/payables/expenseGroups',
  'Expense <- money/payables/withdrawals',
  'ExpenseAttachment <- money/payables/expenseCfdis',
  'ExpenseGroup <- money/payables/expenses',
  'HouseType <- money/receivables/maintenanceSettings',
  'IncomeConcept <- money/receivables/measuredServices',
  'IncomeConcept <- money/receivables/servicePeriods',
  'Job <- money/accounting/cfdis',
  'Maintenance <- money/receivables/receipts',
  'MeasuredService <- money/receivables/servicePeriods',
  'Neighborhood <- people/onboarding',
  'Provider <- money/payables/expenses',
  'ServiceConcept <- money/receivables/servicePeriods',
  'ServiceRange <- money/receivables/servicePeriods',
  'Session <- server/auth/viewer.ts',
  'StoredFile <- money/accounting/accountingExports',
  'StoredFile <- money/accounting/cfdis',
  'StoredFile <- money/payables/expenseAttachments',
  'StoredFile <- money/payables/expenseCfdis',
  'UnknownPayment <- money/receivables/receipts',
  'Wallet <- money/receivables/servicePeriods',
  'Withdrawal <- money/payables/expenses',
  'WithdrawalExpense <- money/payables/expenses',
];

describe('modules', () => {
  it('every domain folder has a module.ts, listed once in server/modules.ts under its own name and context', () => {
    const listed = modules.map((m) => `${m.context}/${m.name}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...domainFolders].sort());
  });

  it('every table has exactly one owner: a module or a platform layer', () => {
    const claimed = modules.flatMap((m) => m.tables as readonly string[]);
    expect(claimed.length).toBe(new Set(claimed).size);
    for (const table of Object.keys(PLATFORM_TABLES)) expect(claimed).not.toContain(table);
    expect([...claimed, ...Object.keys(PLATFORM_TABLES)].sort()).toEqual([...models].sort());
  });

  it('a table is written only by the module that owns it (the known exceptions only shrink)', () => {
    expect(violations()).toEqual(KNOWN_FOREIGN_WRITES);
  });

  it('the ownership check catches a write from another module', () => {
    const writes = [...tableWrites(), { table: 'Receipt', file: 'server/domains/property/houses/service.ts' }];
    expect(violations(writes)).toContain('Receipt <- property/houses');
    expect(tableWrites(['server/domains/money/receivables/ledger/service.ts']).some((w) => w.table === 'LedgerEntry')).toBe(true);
  });

  it('every registered job is declared by the module its kind names; platform jobs belong to infra', async () => {
    await import('../server/app.js'); // registers every job, as a running server does
    const declared = new Map(modules.flatMap((m) => (m.jobs ?? []).map((kind) => [kind, m.name] as const)));
    for (const kind of registeredJobKinds().filter((k) => !k.startsWith('test.'))) {
      const owner = declared.get(kind);
      if (owner) expect(kind.startsWith(`${owner}.`)).toBe(true);
      else expect(['sandbox.webhooks', 'housekeeping.purge']).toContain(kind);
    }
    for (const kind of declared.keys()) expect(registeredJobKinds()).toContain(kind);
  });

  it('runs every demo seed after the ones it names, in one order', () => {
    const order = demoSeedOrder().map((m) => m.name);
    for (const m of modules) for (const before of m.demoSeed?.after ?? []) expect(order.indexOf(before)).toBeLessThan(order.indexOf(m.name));
    expect(() => demoSeedOrder([{ name: 'a', context: 'platform', tables: [], demoSeed: { after: ['b'], run: async () => {} } }])).toThrow(/wait/);
  });

  it('the central files name no domain: schema, route table and demo seed are assembled from the module list', () => {
    for (const file of ['server/graphql/schema.ts', 'server/rest/routes.ts', 'server/db/demoConfiguration.ts']) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/domains\//);
    }
  });
});
