// npm run bench: seeds a large community (5,000 houses with owners; an audit log of 1,000 rows grown
// to 1,000,000), builds the server (tsc to dist/) and runs it compiled in production mode, and drives
// it with autocannon (BENCH_CONNECTIONS, 32 by default; BENCH_SECONDS per route, 10 by default).
// PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh database is created and dropped).
// On PostgreSQL a plain node:http + pg endpoint (tests/bench/raw.mjs) answers the same owners-list
// pages with the same SQL work, and every route is printed as a ratio to it (DESIGN.md section 9).
// BENCH_TSX=1 runs the server through tsx instead, to compare; BENCH_ROUTES=slots,session measures only those routes.
import { loadConfig } from '../../server/config.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import type { HouseListFilter } from '../../core/houseRules.js';
import { CASES, compileCases } from './rawCases.js';
import { addDays } from '../../core/amenitySlots.js';
import { todayIn } from '../../core/receipts.js';
import { BENCH_YEAR, seedExpenseYear, seedRecentFees } from './moneySeed.js';
import { rawSlotsCase, seedAmenityYear } from './amenitySeed.js';
import { BENCH_POSTS, rawFeedCase, seedFeedYear } from './feedSeed.js';
import { BENCH_CHATS, rawChatsCase, seedChatInbox } from './chatSeed.js';
import { BENCH_VEHICLES, PLATE_LOOKUPS, rawVehiclesCase, seedVehicleFleet } from './vehicleSeed.js';
import { BENCH_VISITORS, GATE_SEARCHES, rawVisitorsCase, seedVisitorCrowd } from './visitorSeed.js';
import { startFlags } from '../startFlags.js';
import {
  latency,
  MONTH,
  printReportTable,
  rawExpenseCases,
  reportCases,
  selectCases,
  timeAccountingExport,
  YEAR,
  type Latency,
  type ReportFigure,
} from './reports.js';

const HOUSES = 5_000;
const AUDIT_SMALL = 1_000;
const AUDIT_LARGE = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const RECEIPT_MONTHS = 40;
const RECEIPTS_LARGE = Number(process.env.BENCH_RECEIPTS_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = 3900;
const RAW_PORT = 3901;
const TSX = process.env.BENCH_TSX === '1';
const REPORT_SECONDS = Number(process.env.BENCH_REPORT_SECONDS ?? DURATION);
const REPORT_CONNECTIONS = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 2);
// The seed seals the demo's secrets with the key the benchmarked server (a child process with this environment) opens them with.
process.env.SECRETS_KEY ??= 'bench-secrets-key-0123456789abcdef0123456789';

async function seedLarge(target: { databaseUrl?: string; dataDir: string }) {
  const db = await openDatabase(target);
  await db.migrate();
  const { olivos } = await seedDemo(
    db,
    loadConfig({ DATA_DIR: target.dataDir, SECRETS_KEY: process.env.SECRETS_KEY, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }),
  );
  const ownerRole = await db.prisma.role.findFirstOrThrow({ where: { neighborhoodId: olivos.id, kind: 'OWNER' } });
  const sql = (text: string) => db.prisma.$executeRawUnsafe(text);
  await sql(`INSERT INTO "User" (email, "firstName", "lastName", "updatedAt")
             SELECT 'bench' || g || '@demo.mx', (ARRAY['María','José','Lucía','Pedro','Ana'])[1 + g % 5], (ARRAY['García','López','Martínez','Hernández','Pérez','Sánchez','Ramírez'])[1 + g % 7] || ' ' || g, now()
               FROM generate_series(1, ${HOUSES}) g`);
  const avenue = await db.prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: olivos.id, title: 'Propiedad en avenida' } });
  const streets = await db.prisma.street.findMany({ where: { neighborhoodId: olivos.id }, select: { id: true } });
  // One owner in three has an account (user_status active).
  await sql(`UPDATE "User" SET "passwordHash" = (SELECT "passwordHash" FROM "User" WHERE email = 'admin@demo.mx')
              WHERE email LIKE 'bench%' AND regexp_replace(email, '\\D', '', 'g')::int % 3 = 0`);
  await sql(`INSERT INTO "House" ("neighborhoodId", catastral, block, lot, "exteriorNumber", status, "updatedAt", "ownerUserId", "houseTypeId", "streetId", "initialBalance")
             SELECT ${olivos.id}, 'BEN-' || lpad(g::text, 5, '0'), (g / 50)::text, (g % 50)::text, (1000 + g)::text,
                    (ARRAY['ACTIVE','ACTIVE','ACTIVE','NEW','BLOCKED']::"HouseStatus"[])[1 + g % 5], now(),
                    (SELECT id FROM "User" WHERE email = 'bench' || g || '@demo.mx'), ${avenue.id},
                    (ARRAY[${streets.map((st) => st.id).join(',')}])[1 + g % ${streets.length}], 0
               FROM generate_series(1, ${HOUSES}) g`);
  await sql(`INSERT INTO "Membership" ("neighborhoodId", "userId", "houseId", "roleId")
             SELECT ${olivos.id}, h."ownerUserId", h.id, ${ownerRole.id} FROM "House" h WHERE h.catastral LIKE 'BEN-%'`);
  await growAuditLog(db, olivos.id, AUDIT_SMALL);
  await seedReceipts(db, olivos.id, RECEIPT_MONTHS);
  await seedAgreementsAndInvoices(db, olivos.id);
  await seedRecentFees(db, olivos.id);
  const spent = await seedExpenseYear(db, olivos.id);
  console.log(`  egresos de ${BENCH_YEAR}: ${spent.expenses.toLocaleString('en')} egresos, ${spent.ledger.toLocaleString('en')} movimientos de la comunidad`);
  const terraza = await seedAmenityYear(db, olivos.id);
  console.log(`  reservaciones de la Terraza: ${terraza.bookings.toLocaleString('en')} en un año`);
  const visitors = await seedVisitorCrowd(db, olivos.id);
  console.log(`  visitas: ${visitors.toLocaleString('en')}`);
  const vehicles = await seedVehicleFleet(db, olivos.id);
  console.log(`  vehículos: ${vehicles.toLocaleString('en')}`);
  const posts = await seedFeedYear(db, olivos.id);
  console.log(`  publicaciones del muro: ${posts.toLocaleString('en')}`);
  const chats = await seedChatInbox(db);
  console.log(`  conversaciones de la administración: ${chats.toLocaleString('en')}`);
  // Statistics of the bulk-loaded tables, and their trigram indexes' pending entries merged, as autovacuum would
  // leave them (else the planner walks whole tables, and a GIN index scan reads its unmerged list: 5 ms instead of
  // 0.4 ms for a plate at 50,000 vehicles).
  await sql('VACUUM ANALYZE');
  await db.close();
  return olivos.id;
}

/**
 * One agreement per bench house (three instalment receipts, the first paid) and one stamped invoice of
 * its paid instalment: 5,000 agreements and 5,000 CFDI for the agreements and invoices lists.
 */
async function seedAgreementsAndInvoices(db: Db, neighborhoodId: number) {
  const concept = await db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId, systemKey: 'AGREEMENT' } });
  await db.sql(
    `INSERT INTO "Agreement" ("neighborhoodId", "houseId", "debtAmount", "downPayment", instalments, frequency, "firstDueDate")
     SELECT $1, h.id, 3000, 0, 3, 'MONTHLY', date '1985-01-10' FROM "House" h WHERE h.catastral LIKE 'BEN-%'`,
    [neighborhoodId],
  );
  await db.sql(
    `INSERT INTO "Receipt" ("neighborhoodId", "houseId", "agreementId", "incomeConceptId", "walletId", description, year, month, "dueDate",
                            "sourceAmount", amount, status, "paymentMethod", "transactionTotal", "paymentDate", "realPaymentDate", "updatedAt")
     SELECT a."neighborhoodId", a."houseId", a.id, $2, $3, 'Convenio ' || a.id || ' · parcialidad ' || n || ' de 3', 1985, n, date '1985-01-10' + (n - 1) * 30,
            1000, 1000, CASE WHEN n = 1 THEN 'PAID' ELSE 'NEW' END::"ReceiptStatus", CASE WHEN n = 1 THEN 'BANK' END::"PaymentMethod",
            CASE WHEN n = 1 THEN 1000 END, CASE WHEN n = 1 THEN timestamp '1985-01-09 12:00' END, CASE WHEN n = 1 THEN date '1985-01-09' END, now()
       FROM "Agreement" a CROSS JOIN generate_series(1, 3) n WHERE a."neighborhoodId" = $1`,
    [neighborhoodId, concept.id, concept.walletId],
  );
  await db.sql(
    `INSERT INTO "LedgerEntry" ("neighborhoodId", "houseId", "walletId", kind, amount, "receiptId", "paymentMethod", "groupId", "createdAt")
     SELECT r."neighborhoodId", r."houseId", r."walletId", k.kind::"LedgerKind", k.sign * r."transactionTotal", r.id, r."paymentMethod", md5('r' || r.id)::uuid,
            r."paymentDate" + interval '5 minutes'
       FROM "Receipt" r CROSS JOIN (VALUES ('DEPOSIT', 1), ('RECEIPT_PAID', -1)) k(kind, sign)
      WHERE r."neighborhoodId" = $1 AND r."agreementId" IS NOT NULL AND r.status = 'PAID'
      ORDER BY r.id, k.sign DESC`,
    [neighborhoodId],
  );
  // A stamped voucher is a few kilobytes: the list must not carry it.
  await db.sql(
    `INSERT INTO "Cfdi" ("neighborhoodId", kind, status, serie, uuid, "issuedAt", "stampedAt", "receiverRfc", "receiverName", "receiverRegime",
                         "receiverUse", "receiverPostalCode", "paymentForm", subtotal, "taxTotal", total, xml, "updatedAt")
     SELECT r."neighborhoodId", 'RECEIPT', 'STAMPED', 'A', gen_random_uuid()::text, r."paymentDate", r."paymentDate", 'XOJI740919U48', 'INGRID XODAR JIMENEZ', '612',
            'G03', '88965', '03', r.amount, 0, r.amount, repeat('<cfdi/>', 700) || r.id, now()
       FROM "Receipt" r WHERE r."neighborhoodId" = $1 AND r."agreementId" IS NOT NULL AND r.status = 'PAID' ORDER BY r.id`,
    [neighborhoodId],
  );
  await db.sql(
    `INSERT INTO "CfdiReceipt" ("cfdiId", "receiptId", "neighborhoodId", amount)
     SELECT c.id, r.id, r."neighborhoodId", r.amount
       FROM (SELECT id, row_number() OVER (ORDER BY id) k FROM "Cfdi" WHERE "neighborhoodId" = $1 AND xml LIKE '<cfdi/>%') c
       JOIN (SELECT id, "neighborhoodId", amount, row_number() OVER (ORDER BY id) k FROM "Receipt"
              WHERE "neighborhoodId" = $1 AND "agreementId" IS NOT NULL AND status = 'PAID') r ON r.k = c.k`,
    [neighborhoodId],
  );
}

/**
 * Maintenances of `months` months from 2000-01 (far from the demo's own year; the reports take no date before 2000) and one receipt per
 * bench house and month: 5,000 × 40 = 200,000 receipts, the older ones paid.
 */
async function seedReceipts(db: Db, neighborhoodId: number, months: number, fromMonth = 0) {
  const concept = await db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId, systemKey: 'MAINTENANCE' } });
  const account = await db.prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId, accountType: 'CLABE' } });
  await db.sql(
    `INSERT INTO "Maintenance" ("neighborhoodId", ordinary, period, year, month, description, "dueDate", status, "hasPenalty", penalty, "penaltyType", "deadlineDate")
     SELECT $1, true, to_char(d, 'YYYY-MM'), extract(year FROM d)::int, extract(month FROM d)::int, 'Mantenimiento ' || to_char(d, 'YYYY-MM'),
            (d + interval '9 days')::date, 'COLLECTING', true, 10, 'PERCENTAGE', (d + interval '9 days')::date
       FROM generate_series(date '2000-01-01' + ($2 || ' months')::interval, date '2000-01-01' + ($3 || ' months')::interval, interval '1 month') d`,
    [neighborhoodId, fromMonth, fromMonth + months - 1],
  );
  await db.sql(
    `INSERT INTO "Receipt" ("neighborhoodId", "houseId", "maintenanceId", "incomeConceptId", "walletId", description, year, month, "dueDate",
                            "sourceAmount", amount, status, "paymentMethod", "transactionTotal", "paymentDate", "realPaymentDate", "hasPenalty", penalty, "deadlineDate", "updatedAt", "incomeAccountId",
                            "penaltyAmount", "penaltyDate")
     SELECT h."neighborhoodId", h.id, m.id, $2, $3, m.description, m.year, m.month, m."dueDate", 1500, CASE WHEN (h.id + m.id) % 5 = 0 THEN 1650 ELSE 1500 END,
            CASE WHEN (h.id + m.id) % 5 = 0 THEN 'PENALTY'::"ReceiptStatus" ELSE 'PAID'::"ReceiptStatus" END,
            CASE WHEN (h.id + m.id) % 5 = 0 THEN NULL WHEN h.id % 7 = 0 THEN 'CASH'::"PaymentMethod" ELSE 'BANK'::"PaymentMethod" END,
            CASE WHEN (h.id + m.id) % 5 = 0 THEN NULL ELSE 1500 END,
            CASE WHEN (h.id + m.id) % 5 = 0 THEN NULL ELSE paid END,
            CASE WHEN (h.id + m.id) % 5 = 0 THEN NULL ELSE paid::date END, true, 10, m."deadlineDate", now(),
            CASE WHEN (h.id + m.id) % 5 = 0 OR h.id % 7 = 0 THEN NULL ELSE $6::int END,
            -- An unpaid receipt has its 10 % penalty applied (else the server's daily job would apply it to each one).
            CASE WHEN (h.id + m.id) % 5 = 0 THEN 150 END, CASE WHEN (h.id + m.id) % 5 = 0 THEN m."deadlineDate" END
       FROM "House" h CROSS JOIN "Maintenance" m
            -- Paid any day of the month (a few after the due day), in office hours.
            CROSS JOIN LATERAL (SELECT date_trunc('month', m."dueDate") + ((h.id * 7 + m.id) % 28) * interval '1 day' + (8 + h.id % 10) * interval '1 hour' AS paid) p
      WHERE h."neighborhoodId" = $1 AND h.catastral LIKE 'BEN-%' AND m."neighborhoodId" = $1 AND m.period >= to_char(date '2000-01-01' + ($4 || ' months')::interval, 'YYYY-MM')
        AND m.period < '2020-01' AND m.period <= to_char(date '2000-01-01' + ($5 || ' months')::interval, 'YYYY-MM')`,
    [neighborhoodId, concept.id, concept.walletId, fromMonth, fromMonth + months - 1, account.id],
  );
  // Their payments in the houses' ledger as a payment writes them: a DEPOSIT and its RECEIPT_PAID, one group,
  // recorded when paid (the reports' system date).
  await db.sql(
    `INSERT INTO "LedgerEntry" ("neighborhoodId", "houseId", "walletId", kind, amount, "receiptId", "paymentMethod", "groupId", "createdByUserId", "createdAt")
     SELECT r."neighborhoodId", r."houseId", r."walletId", k.kind::"LedgerKind", k.sign * r."transactionTotal", r.id, r."paymentMethod", md5('r' || r.id)::uuid, NULL,
            r."paymentDate" + interval '5 minutes'
       FROM "Receipt" r JOIN "Maintenance" m ON m.id = r."maintenanceId"
            CROSS JOIN (VALUES ('DEPOSIT', 1), ('RECEIPT_PAID', -1)) k(kind, sign)
      WHERE r."neighborhoodId" = $1 AND r.status = 'PAID' AND m.ordinary AND m.period >= to_char(date '2000-01-01' + ($2 || ' months')::interval, 'YYYY-MM')
        AND m.period <= to_char(date '2000-01-01' + ($3 || ' months')::interval, 'YYYY-MM') AND m.period < '2020-01'
      ORDER BY r."paymentDate", r.id, k.sign DESC`,
    [neighborhoodId, fromMonth, fromMonth + months - 1],
  );
  await db.sql('ANALYZE', []);
}

/** The receipts table grown to RECEIPTS_LARGE with more months for every bench house (server down); the new count. */
async function growReceipts(target: { databaseUrl?: string; dataDir: string }, neighborhoodId: number, receiptCount: number) {
  return withDb(target, async (db) => {
    const extraMonths = Math.max(0, Math.floor((RECEIPTS_LARGE - receiptCount) / HOUSES));
    if (extraMonths > 0) await seedReceipts(db, neighborhoodId, extraMonths, RECEIPT_MONTHS + 1);
    // As autovacuum leaves a table that grew over months (else it vacuums millions of new rows while the reports run).
    await db.sql('VACUUM ANALYZE', []);
    return Number((await db.sql<{ n: string }>(`SELECT count(*) AS n FROM "Receipt"`, []))[0].n);
  });
}

/** Brings the community's audit log to `rows` rows (older entries first, as a real log grows). */
async function growAuditLog(db: Db, neighborhoodId: number, rows: number) {
  const have = Number((await db.sql<{ n: string }>(`SELECT count(*) AS n FROM "AuditLog" WHERE "neighborhoodId" = $1`, [neighborhoodId]))[0].n);
  const batch = 200_000;
  for (let done = have; done < rows; done += batch) {
    const n = Math.min(batch, rows - done);
    await db.sql(
      `INSERT INTO "AuditLog" ("neighborhoodId", action, entity, "entityId", "createdAt")
       SELECT $1, 'BENCH', 'House', (g % ${HOUSES})::text, now() - ((${rows} - g) || ' seconds')::interval FROM generate_series(${done + 1}, ${done + n}) g`,
      [neighborhoodId],
    );
  }
  await db.sql('ANALYZE', []);
}

/** Creates a new ordinary period and generates it in one timed request (the receipts of every active house). */
async function timeGeneration(base: string, headers: Record<string, string>) {
  const gql = async (query: string, variables: object) =>
    (await (await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) })).json()) as any;
  const created = await gql(
    `mutation($i: CreateOrdinaryMaintenanceInput!) { createOrdinaryMaintenance(input: $i) { ... on MutationCreateOrdinaryMaintenanceSuccess { data { maintenance { id } } } ... on Error { message } } }`,
    { i: { year: 2035, month: 1 } },
  );
  const id = created.data.createOrdinaryMaintenance.data.maintenance.id;
  const started = Date.now();
  const generated = await gql(
    `mutation($i: GenerateMaintenanceInput!) { generateMaintenance(input: $i) { ... on MutationGenerateMaintenanceSuccess { data { created } } ... on Error { message } } }`,
    { i: { id } },
  );
  return { ms: Date.now() - started, created: generated.data.generateMaintenance.data.created as number };
}

async function waitForServer(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('el servidor no arrancó');
}

/** Waits (up to two minutes) until no job is due and unfinished (PostgreSQL: PGlite is the server's alone while it runs). */
async function waitForJobs(target: { databaseUrl?: string; dataDir: string }) {
  if (!target.databaseUrl) return;
  const started = Date.now();
  for (;;) {
    const [{ n }] = await withDb(target, (db) =>
      db.sql<{ n: string }>(`SELECT count(*) AS n FROM "Job" WHERE "doneAt" IS NULL AND "runAt" <= (now() AT TIME ZONE 'UTC') AND attempts < 5`, []),
    );
    if (Number(n) === 0) return;
    if (Date.now() - started > 120_000) {
      console.log(`  quedan ${n} trabajos pendientes tras 2 min; se mide de todos modos`);
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function statements(base: string) {
  return ((await (await fetch(`${base}/health`)).json()) as { sqlStatements: number }).sqlStatements;
}

interface Measured {
  rps: number;
  p50: number;
}

/** Every route measured against its raw baseline must answer at least this share of the baseline's requests per second (issue 27). */
const RATIO_GOAL = 0.6;
/** The gate's lookup p95 goal at 100,000 visitors (issue 30 item 8). */
const GATE_P95_MS = 100;
const gateFigures: { search: string; p50: number; p95: number; n: number }[] = [];
/** The guard's plate lookup p95 goal at 50,000 vehicles (issue 31 item 5). */
const PLATE_P95_MS = 100;
const plateFigures: { search: string; p50: number; p95: number; n: number }[] = [];
/** The ratios of this run, for the summary (and BENCH_STRICT). */
const ratios: { name: string; ratio: number }[] = [];

/** BENCH_ROUTES=word,word: only the routes (and raw baselines) whose name holds one of the words, to look at a few quickly. */
const ROUTE_WORDS = (process.env.BENCH_ROUTES ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const wanted = (name: string) => !ROUTE_WORDS.length || ROUTE_WORDS.some((w) => name.toLowerCase().includes(w));

async function measure(base: string | null, name: string, opts: autocannon.Options, baseline?: Measured): Promise<Measured> {
  if (!wanted(name)) return { rps: Number.NaN, p50: 0 };
  const before = base ? await statements(base) : 0;
  const result = await autocannon({ ...opts, duration: DURATION, connections: CONNECTIONS });
  const after = base ? await statements(base) : 0;
  const total = result.requests.total;
  const errors = result.non2xx + result.errors;
  const rps = result.requests.average;
  if (baseline) ratios.push({ name, ratio: rps / baseline.rps });
  const ratio = baseline ? `   ${(rps / baseline.rps).toFixed(2)}× raw` : '';
  const sqlPerReq = base ? `   SQL/req ${((after - before - 1) / total).toFixed(2)}` : '';
  console.log(
    `  ${name.padEnd(52)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${sqlPerReq}${ratio}${errors ? `   ERRORES ${errors}` : ''}`,
  );
  return { rps, p50: result.latency.p50 };
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

type Db = Awaited<ReturnType<typeof openDatabase>>;

async function withDb<T>(target: { databaseUrl?: string; dataDir: string }, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(target);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** The cursor of a keyset page half-way down the community's audit log of `rows` rows. */
async function auditCursor(db: Db, neighborhoodId: number, rows: number) {
  const [{ id }] = await db.sql<{ id: string }>(`SELECT id::text AS id FROM "AuditLog" WHERE "neighborhoodId" = $1 ORDER BY id DESC OFFSET $2 LIMIT 1`, [
    neighborhoodId,
    Math.floor(rows / 2),
  ]);
  return Buffer.from(`GPC:S:${id}`).toString('base64');
}

const auditQuery = (after: string) =>
  JSON.stringify({
    query: 'query($a: String) { auditLog(first: 50, after: $a) { edges { node { databaseId action entity entityId createdAt } } pageInfo { endCursor } } }',
    variables: { a: after },
  });

async function run(label: string, target: { databaseUrl?: string; dataDir: string }) {
  ratios.length = 0;
  console.log(`\n== ${label}: sembrando ${HOUSES} casas y ${AUDIT_SMALL} filas de bitácora ==`);
  const t0 = Date.now();
  const neighborhoodId = await seedLarge(target);
  // BENCH_SEED_ONLY=1 (with BENCH_KEEP=1): the database as the reports find it, receipts grown, for work by hand.
  if (process.env.BENCH_SEED_ONLY === '1') {
    const count = await withDb(target, async (db) => Number((await db.sql<{ n: string }>(`SELECT count(*) AS n FROM "Receipt"`, []))[0].n));
    console.log(`  recibos llevados a ${(await growReceipts(target, neighborhoodId, count)).toLocaleString('en')}`);
    return;
  }
  console.log(`  sembrado en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const smallCursor = await withDb(target, (db) => auditCursor(db, neighborhoodId, AUDIT_SMALL));
  // Jobs polled every 250 ms: the accounting export's job time is mostly its own work.
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: target.dataDir,
    SEED: 'none',
    DATABASE_URL: target.databaseUrl ?? '',
    JOBS_POLL_MS: '250',
  };
  // BENCH_PROFILE=dir writes a CPU profile of each server run there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const startServer = () =>
    TSX
      ? startProcess(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], env)
      : startProcess(process.execPath, [...startFlags(), ...profile, 'dist/server/bundle.js'], env);
  let server = startServer();
  const base = `http://127.0.0.1:${PORT}`;
  let raw: ChildProcess | undefined;
  try {
    await waitForServer(`${base}/health`);
    const login = await fetch(`${base}/api/1.0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.mx', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The owners list as its screen asks for it (spec 1 section 2 filters).
    const ownersQuery = (f: Record<string, unknown>, o: number) =>
      JSON.stringify({
        query: `query($f: HouseFilter, $o: Int) { houses(first: 20, offset: $o, filter: $f) { totalCount edges { node {
          id databaseId label status catastral houseTypeName streetName ownerHasAccount owner { firstName lastName email } } } } }`,
        variables: { f, o },
      });
    const street = (await (await fetch(`${base}/api/1.0/neighborhoods/${neighborhoodId}/streets?page_size=1`, { headers })).json()) as {
      content: { id: number }[];
    };
    const streetId = street.content[0].id;

    const receiptTargets = await withDb(target, async (db) => {
      const [house] = await db.sql<{ id: number }>(`SELECT id FROM "House" WHERE catastral = 'BEN-00007'`, []);
      const [m] = await db.sql<{ id: number }>(`SELECT id FROM "Maintenance" WHERE "neighborhoodId" = $1 AND period = '2001-06'`, [neighborhoodId]);
      const [cursor] = await db.sql<{ id: number }>(`SELECT id FROM "Receipt" WHERE "houseId" = $1 ORDER BY id DESC OFFSET 20 LIMIT 1`, [house.id]);
      return { houseId: house.id, maintenanceId: m.id, houseCursor: Buffer.from(`GPC:N:${cursor.id}`).toString('base64') };
    });
    // The slots read: the Terraza's week three weeks ahead, for a bench house, as the booking grid asks for it.
    const slotsTarget = await withDb(target, async (db) => {
      const [amenity] = await db.sql<{ id: number }>(`SELECT id FROM "Amenity" WHERE "neighborhoodId" = $1 AND name = 'Terraza'`, [neighborhoodId]);
      return { amenityId: amenity.id, houseId: receiptTargets.houseId, from: addDays(todayIn('America/Mexico_City'), 21) };
    });
    const receiptCount = await withDb(target, async (db) => Number((await db.sql<{ n: string }>(`SELECT count(*) AS n FROM "Receipt"`, []))[0].n));
    console.log(`  recibos en la base: ${receiptCount.toLocaleString('en')}`);

    const baselines: Record<string, Measured> = {};
    let rawExpenses: { month: Latency; year: Latency } | undefined;
    if (target.databaseUrl) {
      const { compiled, all } = compileCases(neighborhoodId, streetId, receiptTargets);
      raw = startProcess(process.execPath, [...startFlags(), 'tests/bench/raw.mjs'], {
        ...process.env,
        PORT: String(RAW_PORT),
        DATABASE_URL: target.databaseUrl,
        RAW_CASES: JSON.stringify({
          ...compiled,
          ...rawExpenseCases(neighborhoodId),
          ...rawSlotsCase(neighborhoodId, slotsTarget.houseId, slotsTarget.amenityId, slotsTarget.from),
          ...rawVisitorsCase(neighborhoodId),
          ...rawVehiclesCase(neighborhoodId),
          ...rawFeedCase(),
          ...rawChatsCase(),
        }),
      });
      await waitForServer(`http://127.0.0.1:${RAW_PORT}/health`);
      // The expense list's page of the month and of the year, p95 as the reports are measured.
      const opts = { seconds: REPORT_SECONDS, connections: REPORT_CONNECTIONS };
      rawExpenses = {
        month: await latency(`http://127.0.0.1:${RAW_PORT}`, headers, { path: '/expenses-month' }, opts),
        year: await latency(`http://127.0.0.1:${RAW_PORT}`, headers, { path: '/expenses-year' }, opts),
      };
      for (const c of [
        ...all,
        { name: 'rest-active-offset-1000' },
        { name: 'rest-email-active-account' },
        { name: 'dashboard' },
        { name: 'session' },
        { name: 'house-receipts' },
        { name: 'rest-house-receipts' },
        { name: 'maintenance-receipts' },
        { name: 'agreements' },
        { name: 'cfdis' },
        { name: 'expenses-month' },
        { name: 'expenses-year' },
        { name: 'amenity-slots' },
        { name: 'visitors' },
        { name: 'vehicles' },
        { name: 'feed' },
        { name: 'chats' },
      ]) {
        baselines[c.name] = await measure(null, `raw node:http + pg: ${c.name}`, { url: `http://127.0.0.1:${RAW_PORT}/${c.name}`, headers });
      }
      await stop(raw);
    }
    const gql = (c: { name: string; filter: HouseListFilter; offset: number }) =>
      measure(
        base,
        `GraphQL owners list: ${c.name}`,
        { url: `${base}/graphql`, method: 'POST', headers, body: ownersQuery(c.filter as Record<string, unknown>, c.offset) },
        baselines[c.name],
      );
    await gql(CASES[0]);
    await gql(CASES[1]);
    await gql({ name: 'street-no-account', filter: { streetId, userActive: false }, offset: 0 });
    await measure(
      base,
      'REST owners list: active-offset-1000',
      { url: `${base}/api/1.0/neighborhoods/${neighborhoodId}/houses?page_size=20&offset=1000&house_status=ACTIVE`, headers },
      baselines['rest-active-offset-1000'],
    );
    await measure(
      base,
      'REST owners list: email-active-account',
      { url: `${base}/api/1.0/neighborhoods/${neighborhoodId}/houses?page_size=20&email=bench1&house_status=ACTIVE&user_status=true`, headers },
      baselines['rest-email-active-account'],
    );
    await measure(
      base,
      'GraphQL dashboard house widgets',
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({ query: '{ dashboard { houseStatusCounts { status count } houseStats { total ownerActive ownerPending withoutOwner } } }' }),
      },
      baselines.dashboard,
    );
    await measure(base, 'REST GET /users/session', { url: `${base}/api/1.0/users/session`, headers }, baselines.session);

    // Receipts: a house's page as its screen asks for it, a maintenance's page at offset 1,000, both against raw.
    const houseReceiptsQuery = (after: string | null) =>
      JSON.stringify({
        query: `query($h: ID, $a: String) { houseReceipts(houseId: $h, first: 20, after: $a) { totalCount edges { node {
          id databaseId houseDatabaseId description year month dueDate amount transactionTotal status paymentMethod paymentDate } } } }`,
        variables: { h: Buffer.from(`House:${receiptTargets.houseId}`).toString('base64'), a: after },
      });
    await measure(
      base,
      'GraphQL house receipts page',
      { url: `${base}/graphql`, method: 'POST', headers, body: houseReceiptsQuery(null) },
      baselines['house-receipts'],
    );
    await measure(
      base,
      'GraphQL maintenance receipts at offset 1000',
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `query($m: ID!) { node(id: $m) { ... on Maintenance { receipts(first: 20, offset: 1000) { totalCount edges { node {
            id databaseId houseDatabaseId houseLabel amount status paymentMethod } } } } } }`,
          variables: { m: Buffer.from(`Maintenance:${receiptTargets.maintenanceId}`).toString('base64') },
        }),
      },
      baselines['maintenance-receipts'],
    );
    await measure(
      base,
      'REST house receipts page',
      { url: `${base}/api/1.0/neighborhoods/${neighborhoodId}/houses/${receiptTargets.houseId}/receipts?page_size=20`, headers },
      baselines['rest-house-receipts'],
    );
    // Agreements and invoices: the first page of each list as its screen asks for it.
    await measure(
      base,
      'GraphQL agreements list',
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `{ agreements(first: 20) { totalCount edges { node { id databaseId houseDatabaseId houseLabel debt downPayment instalments
            frequency firstDueDate pendingReceipts createdAt cancelledAt } } } }`,
        }),
      },
      baselines.agreements,
    );
    await measure(
      base,
      'GraphQL invoices list',
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `{ cfdis(first: 20) { totalCount edges { node { id databaseId kind status serie folio uuid total stampedAt createdAt errorDescription
            hasXml hasPdf xmlUrl pdfUrl globalYear globalMonth receiptDatabaseIds receiver { rfc name } receiptHouses { receiptDatabaseId houseDatabaseId }
            substitute { serie folio } substitutedBy { serie folio } } } } }`,
        }),
      },
      baselines.cfdis,
    );
    // The expense list (issue 14) of the bench month and year, first page of 20, as its screen asks for it.
    const expenseList = (p: typeof MONTH) =>
      measure(
        base,
        `REST expense list: ${p.label === 'mes' ? 'month' : 'year'} ${p.from}..${p.to}`,
        { url: `${base}/api/1.0/neighborhoods/${neighborhoodId}/expenses?page_size=20&from=${p.from}&to=${p.to}`, headers },
        baselines[p.label === 'mes' ? 'expenses-month' : 'expenses-year'],
      );
    await expenseList(MONTH);
    await expenseList(YEAR);
    await measure(
      base,
      'GraphQL amenity slots week (a year of bookings)',
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `query($h: ID, $a: ID!, $f: String) { amenitySlots(houseId: $h, amenityId: $a, from: $f) { __typename ... on QueryAmenitySlotsSuccess {
            data { from to days { day slots { start end unit available mine bookingDatabaseId } } } } } }`,
          variables: {
            h: Buffer.from(`House:${slotsTarget.houseId}`).toString('base64'),
            a: Buffer.from(`Amenity:${slotsTarget.amenityId}`).toString('base64'),
            f: slotsTarget.from,
          },
        }),
      },
      baselines['amenity-slots'],
    );
    // The administration's visitor list, first page of 20 with the count, at 100,000 visitors (issue 30).
    await measure(
      base,
      `GraphQL community visitors (${BENCH_VISITORS.toLocaleString('en')})`,
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `{ visitors(first: 20) { totalCount edges { node { id databaseId reference name email visitorType entranceType vehicle vehiclePlate badge
            origin houseDatabaseId houseLabel ownerName createdByName entryDate entryHour entryMinute departureDate inside lastEntryAt createdAt } } } }`,
        }),
      },
      baselines.visitors,
    );
    // The gate: the guard's search as they type, p95 (goal ≤ 100 ms at 100,000 visitors).
    if (wanted('gate')) {
      const guardLogin = await fetch(`${base}/api/1.0/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'seguridad@demo.mx', password: 'demo1234' }),
      });
      const guardHeaders = { authorization: `Bearer ${((await guardLogin.json()) as { token: string }).token}`, 'content-type': 'application/json' };
      for (const search of GATE_SEARCHES) {
        const body = {
          query: `query($s: String!) { gateVisitors(search: $s) { id databaseId reference name vehiclePlate houseLabel inside insideSince warning } }`,
          variables: { s: search },
        };
        const l = await latency(base, guardHeaders, { path: '/graphql', body }, { seconds: REPORT_SECONDS, connections: 4 });
        gateFigures.push({ search, p50: l.p50, p95: l.p95, n: l.n });
        console.log(`  GraphQL gate lookup «${search}»`.padEnd(54) + ` p50 ${String(l.p50).padStart(4)} ms   p95 ${String(l.p95).padStart(4)} ms   n ${l.n}`);
      }
    }
    // The administration's vehicle list, first page of 20 with the count, at 50,000 vehicles (issue 31).
    await measure(
      base,
      `GraphQL community vehicles (${BENCH_VEHICLES.toLocaleString('en')})`,
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `{ vehicles(first: 20) { totalCount edges { node { id databaseId houseDatabaseId houseLabel ownerName type plate state tagTypeId tagNumber
            description status icon createdAt appointment { databaseId code start revisionPointName } } } } }`,
        }),
      },
      baselines.vehicles,
    );
    // The feed's first page for the administration (10 posts, recorded as seen), at 5,000 posts (issue 32).
    await measure(
      base,
      `GraphQL feed page (${BENCH_POSTS.toLocaleString('en')} posts)`,
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `{ feed { hasOlder posts { id databaseId type text privacy expiresAt authorName createdAt totalVotes myVoteOptionId commentCount viewCount
            canDelete canComment options { databaseId text votes share } } } }`,
        }),
      },
      baselines.feed,
    );
    // The administrator's conversations, first page of 20 with unread counts and last messages, at 500 conversations (issue 33).
    await measure(
      base,
      `GraphQL chat list (${BENCH_CHATS.toLocaleString('en')} chats)`,
      {
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: `{ chats(first: 20) { totalCount chats { identifier title status unreadCount lastActivityAt canWrite canDelete canCancel canBlock
            recipient { databaseId name } lastMessage { databaseId text senderName createdAt isMine } } } }`,
        }),
      },
      baselines.chats,
    );
    // The guard's plate lookup as they type, p95 (goal ≤ 100 ms at 50,000 vehicles).
    if (wanted('plate')) {
      const guardLogin = await fetch(`${base}/api/1.0/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'seguridad@demo.mx', password: 'demo1234' }),
      });
      const guardHeaders = { authorization: `Bearer ${((await guardLogin.json()) as { token: string }).token}`, 'content-type': 'application/json' };
      for (const search of PLATE_LOOKUPS) {
        const body = {
          query: `query($p: String!) { vehicleLookup(plate: $p) { id databaseId plate stateName typeName houseLabel ownerName status statusName comments { comment userName createdAt } } }`,
          variables: { p: search },
        };
        const l = await latency(base, guardHeaders, { path: '/graphql', body }, { seconds: REPORT_SECONDS, connections: 4 });
        plateFigures.push({ search, p50: l.p50, p95: l.p95, n: l.n });
        console.log(`  GraphQL plate lookup «${search}»`.padEnd(54) + ` p50 ${String(l.p50).padStart(4)} ms   p95 ${String(l.p95).padStart(4)} ms   n ${l.n}`);
      }
    }
    const keysetSmall = await measure(base, `GraphQL house receipts keyset page at ${receiptCount.toLocaleString('en')} receipts`, {
      url: `${base}/graphql`,
      method: 'POST',
      headers,
      body: houseReceiptsQuery(receiptTargets.houseCursor),
    });
    // Generating a period: one receipt per active house, in one request.
    const generation = await timeGeneration(base, headers);

    const small = await measure(base, `GraphQL auditLog keyset page at ${AUDIT_SMALL.toLocaleString('en')} rows`, {
      url: `${base}/graphql`,
      method: 'POST',
      headers,
      body: auditQuery(smallCursor),
    });
    // PGlite is one process's database: the log grows while the server is down.
    await stop(server);
    const t1 = Date.now();
    const largeCursor = await withDb(target, async (db) => {
      await growAuditLog(db, neighborhoodId, AUDIT_LARGE);
      return auditCursor(db, neighborhoodId, AUDIT_LARGE);
    });
    console.log(`  bitácora llevada a ${AUDIT_LARGE.toLocaleString('en')} filas en ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    server = startServer();
    await waitForServer(`${base}/health`);
    const large = await measure(base, `GraphQL auditLog keyset page at ${AUDIT_LARGE.toLocaleString('en')} rows`, {
      url: `${base}/graphql`,
      method: 'POST',
      headers,
      body: auditQuery(largeCursor),
    });
    // The receipts table grown to RECEIPTS_LARGE with more months for every bench house, server down.
    await stop(server);
    const t2 = Date.now();
    const grownCount = await growReceipts(target, neighborhoodId, receiptCount);
    console.log(`  recibos llevados a ${grownCount.toLocaleString('en')} en ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    server = startServer();
    await waitForServer(`${base}/health`);
    const keysetLarge = await measure(base, `GraphQL house receipts keyset page at ${grownCount.toLocaleString('en')} receipts`, {
      url: `${base}/graphql`,
      method: 'POST',
      headers,
      body: houseReceiptsQuery(receiptTargets.houseCursor),
    });

    // The money reports (issue 16 item 6), a month and the year each, and the accounting export's job,
    // once the server's start-of-day jobs (penalties, the month's fees…) are done, so they do not share the CPU.
    await waitForJobs(target);
    const figures: ReportFigure[] = [];
    const cases = selectCases(reportCases(neighborhoodId));
    console.log(`\n  Reportes: ${cases.length} casos, ${REPORT_SECONDS} s cada periodo, ${REPORT_CONNECTIONS} clientes`);
    for (const c of cases) {
      const opts = { seconds: REPORT_SECONDS, connections: REPORT_CONNECTIONS };
      const month = await latency(base, headers, c.request(MONTH), opts);
      const year = c.once ? undefined : await latency(base, headers, c.request(YEAR), opts);
      const raw = c.name === 'egresos: lista (20)' ? rawExpenses : undefined;
      figures.push({ c, month, year, raw });
      console.log(`  ${c.owner.padEnd(3)} ${c.name.padEnd(52)} p95 ${String(month.p95).padStart(5)} ms${year ? ` / ${String(year.p95).padStart(5)} ms` : ''}`);
    }
    const jobs = selectCases([{ owner: 'F', name: 'exportación contable (trabajo)', request: () => ({ path: '' }) }]).length
      ? [await timeAccountingExport(base, headers, neighborhoodId, MONTH), await timeAccountingExport(base, headers, neighborhoodId, YEAR)]
      : [];

    console.log(`\n  Resumen ${label}${TSX ? ' (tsx)' : ' (compilado)'}, ${CONNECTIONS} conexiones:`);
    const below = ratios.filter((r) => r.ratio < RATIO_GOAL);
    for (const r of ratios) {
      console.log(`    ${r.name.padEnd(52)} ${r.ratio.toFixed(2)}× raw${r.ratio < RATIO_GOAL ? `   ✗ meta ≥ ${RATIO_GOAL}` : ''}`);
    }
    console.log(`    generación de un periodo: ${generation.created.toLocaleString('en')} recibos en ${(generation.ms / 1000).toFixed(2)} s (meta < 5 s)`);
    console.log(
      `    recibos keyset p50 ${keysetLarge.p50} ms con ${grownCount.toLocaleString('en')} / ${keysetSmall.p50} ms con ${receiptCount.toLocaleString('en')} = ${(keysetLarge.p50 / Math.max(keysetSmall.p50, 1)).toFixed(2)} (meta ≤ 1.3)`,
    );
    console.log(
      `    auditLog p50 ${large.p50} ms a ${AUDIT_LARGE.toLocaleString('en')} filas / ${small.p50} ms a ${AUDIT_SMALL.toLocaleString('en')} = ${(large.p50 / Math.max(small.p50, 1)).toFixed(2)} (meta ≤ 1.3)`,
    );
    const misses = printReportTable(figures, REPORT_CONNECTIONS);
    for (const [i, j] of jobs.entries()) {
      const [p, target] = i === 0 ? [MONTH, 1000] : [YEAR, 3000];
      const line = `exportación contable (trabajo) ${p.from}..${p.to}: ${j.ms} ms (${(j.bytes / 1024).toFixed(0)} kB; ${j.wallMs} ms hasta descargarla)`;
      console.log(`    F   ${line}${j.ms > target ? `   ✗ meta < ${target} ms` : ''}`);
      if (j.ms > target) misses.push(line);
    }
    for (const r of below) misses.push(`${r.name}: ${r.ratio.toFixed(2)}× raw (meta ≥ ${RATIO_GOAL})`);
    for (const g of gateFigures) {
      console.log(
        `    caseta «${g.search}»: p95 ${g.p95} ms a ${BENCH_VISITORS.toLocaleString('en')} visitas${g.p95 > GATE_P95_MS ? `   ✗ meta ≤ ${GATE_P95_MS} ms` : ''}`,
      );
      if (g.p95 > GATE_P95_MS) misses.push(`caseta «${g.search}»: p95 ${g.p95} ms (meta ≤ ${GATE_P95_MS} ms)`);
    }
    for (const g of plateFigures) {
      console.log(
        `    placas «${g.search}»: p95 ${g.p95} ms a ${BENCH_VEHICLES.toLocaleString('en')} vehículos${g.p95 > PLATE_P95_MS ? `   ✗ meta ≤ ${PLATE_P95_MS} ms` : ''}`,
      );
      if (g.p95 > PLATE_P95_MS) misses.push(`placas «${g.search}»: p95 ${g.p95} ms (meta ≤ ${PLATE_P95_MS} ms)`);
    }
    if (misses.length && process.env.BENCH_STRICT === '1') {
      console.log(`\n  BENCH_STRICT: ${misses.length} metas sin cumplir:\n    ${misses.join('\n    ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (raw) await stop(raw);
    await stop(server);
  }
}

if (!TSX) {
  console.log('Compilando el servidor (npm run build:server)...');
  // What npm start runs: tsc's output bundled (scripts/bundle-server.mjs), with its run-time files.
  const build = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.env.BENCH_PGLITE !== '0') {
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  try {
    await run('PGlite', { dataDir: pgliteDir });
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

if (process.env.DATABASE_URL) {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await run('PostgreSQL', { databaseUrl: url.toString(), dataDir: 'memory://' });
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`  base de datos conservada: ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
