// One door for receivables (issue 26): the Receipt table is written only by receipts/door.ts. A static scan of
// the server's sources (tests and Prisma's generated client left out) for Prisma writes of `receipt`, raw SQL
// that inserts, updates or deletes "Receipt" rows, and Kysely writes of 'Receipt'.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DOOR = ['domains/money/receivables/receipts/door.ts'];

const WRITES = [
  /\.\s*receipt\s*\.\s*(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\s*\(/g,
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"Receipt"/gi,
  /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(\s*['"]Receipt['"]/g,
];

/** `file:line` of every write of Receipt in `source`. */
function receiptWrites(file: string, source: string): string[] {
  const found: string[] = [];
  for (const pattern of WRITES) {
    for (const m of source.matchAll(pattern)) found.push(`${file}:${source.slice(0, m.index).split('\n').length}`);
  }
  return found;
}

function sources(): { file: string; source: string }[] {
  return (readdirSync(SERVER, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('db/generated/'))
    .map((file) => ({ file, source: readFileSync(path.join(SERVER, file), 'utf8') }));
}

const RECEIPT_KINDS = /kind:\s*'(?:DEPOSIT|RECEIPT_PAID|WALLET_PAYMENT|REVERSAL|RECEIPT_DELETED)'|\breceiptId\s*[:,}]/;

/** `file:line` of every ledger append (appendMovements, appendHistory) that names a receipt or a receipt's kind of movement. */
function receiptLedgerWrites(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\bappend(?:Movements|History)\s*\(/g)) {
    const call = source.slice(m.index, source.indexOf(');', m.index) + 2);
    const bulk = /^appendHistory/.test(m[0]) && RECEIPT_KINDS.test(source);
    if (RECEIPT_KINDS.test(call) || bulk) found.push(`${file}:${source.slice(0, m.index).split('\n').length}`);
  }
  return found;
}

describe('the receivables door', () => {
  const all = sources();

  it('is the only code that writes the Receipt table', () => {
    const outside = all.filter((s) => !DOOR.includes(s.file)).flatMap((s) => receiptWrites(s.file, s.source));
    expect(outside).toEqual([]);
  });

  it("is the only code that appends a receipt's ledger entries (the ledger module's other writers move house money)", () => {
    const LEDGER = 'domains/money/receivables/ledger/service.ts';
    const outside = all.filter((s) => !DOOR.includes(s.file) && s.file !== LEDGER).flatMap((s) => receiptLedgerWrites(s.file, s.source));
    expect(outside).toEqual([]);
    const door = all.find((s) => s.file === DOOR[0])!;
    expect(receiptLedgerWrites(door.file, door.source).length).toBeGreaterThanOrEqual(3);
    const probe = "await appendMovements(tx, house, null, [{ walletId, kind: 'DEPOSIT', amount, receiptId: r.id }]);";
    expect(receiptLedgerWrites('x.ts', probe)).toHaveLength(1);
    expect(receiptLedgerWrites('x.ts', "await appendMovements(tx, house, null, [{ walletId, kind: 'ADJUSTMENT', amount }]);")).toEqual([]);
  });

  it('is found by the scan (the door writes Receipt in every way the scan knows)', () => {
    const door = all.find((s) => s.file === DOOR[0]);
    expect(door).toBeDefined();
    expect(receiptWrites(door!.file, door!.source).length).toBeGreaterThanOrEqual(5);
  });

  it('catches a write elsewhere: Prisma, raw SQL and Kysely, across lines', () => {
    const samples = [
      'await tx.receipt.update({ where: { id }, data: { notes } });',
      'await scope.tx.receipt\n  .createMany({ data: rows });',
      'await prisma.receipt.deleteMany({});',
      'await tx.$executeRaw`UPDATE "Receipt" SET status = \'PAID\'`;',
      'await tx.$executeRaw`insert into "Receipt" (id) values (1)`;',
      "await db.updateTable('Receipt').set({ notes: null }).execute();",
    ];
    for (const sample of samples) expect(receiptWrites('x.ts', sample), sample).toHaveLength(1);
    const reads = [
      'await tx.receipt.findMany({});',
      'await tx.cfdiReceipt.create({ data });',
      'SELECT id FROM "Receipt" WHERE id = 1 FOR UPDATE',
      'FROM "LedgerEntry" le LEFT JOIN "Receipt" r ON r.id = le."receiptId"',
    ];
    for (const sample of reads) expect(receiptWrites('x.ts', sample), sample).toEqual([]);
  });
});
