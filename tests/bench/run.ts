// npm run bench: seeds a large community (5,000 houses with owners, 200,000 audit rows), starts the
// server in production mode and drives it with autocannon. PGlite always; PostgreSQL too when
// DATABASE_URL is set (a fresh database is created and dropped).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';

const HOUSES = 5_000;
const AUDIT_ROWS = 200_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3900;

async function seedLarge(target: { databaseUrl?: string; dataDir: string }) {
  const db = await openDatabase(target);
  await db.migrate();
  const { olivos } = await seedDemo(db.prisma);
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
  await sql(`INSERT INTO "AuditLog" ("neighborhoodId", action, entity, "entityId", "createdAt")
             SELECT ${olivos.id}, 'BENCH', 'House', (g % ${HOUSES})::text, now() - (g || ' minutes')::interval FROM generate_series(1, ${AUDIT_ROWS}) g`);
  await sql('ANALYZE');
  await db.close();
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

async function statements(base: string) {
  return ((await (await fetch(`${base}/health`)).json()) as { sqlStatements: number }).sqlStatements;
}

async function measure(base: string, name: string, opts: autocannon.Options) {
  const before = await statements(base);
  const result = await autocannon({ ...opts, duration: DURATION, connections: 10 });
  const after = await statements(base);
  const total = result.requests.total;
  const errors = result.non2xx + result.errors;
  console.log(
    `  ${name.padEnd(50)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   SQL/req ${((after - before - 1) / total).toFixed(2)}${errors ? `   ERRORES ${errors}` : ''}`,
  );
}

async function run(label: string, target: { databaseUrl?: string; dataDir: string }) {
  console.log(`\n== ${label}: sembrando ${HOUSES} casas y ${AUDIT_ROWS} filas de bitácora ==`);
  const t0 = Date.now();
  await seedLarge(target);
  console.log(`  sembrado en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: target.dataDir, SEED: 'none', DATABASE_URL: target.databaseUrl ?? '' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${PORT}`;
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
    const street = (await (await fetch(`${base}/api/1.0/neighborhoods/1/streets?page_size=1`, { headers })).json()) as { content: { id: number }[] };
    await measure(base, 'GraphQL owners list: ACTIVE, offset 1000', { url: `${base}/graphql`, method: 'POST', headers, body: ownersQuery({ status: 'ACTIVE' }, 1000) });
    await measure(base, 'GraphQL owners list: last name + ACTIVE', { url: `${base}/graphql`, method: 'POST', headers, body: ownersQuery({ status: 'ACTIVE', lastName: 'garcía' }, 20) });
    await measure(base, 'GraphQL owners list: street + no account', {
      url: `${base}/graphql`, method: 'POST', headers, body: ownersQuery({ streetId: street.content[0].id, userActive: false }, 0),
    });
    await measure(base, 'REST owners list: e-mail + status + user_status', {
      url: `${base}/api/1.0/neighborhoods/1/houses?page_size=20&email=bench1&house_status=ACTIVE&user_status=true`, headers,
    });
    await measure(base, 'REST GET /users/session', { url: `${base}/api/1.0/users/session`, headers });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
try {
  await run('PGlite', { dataDir: pgliteDir });
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await run('PostgreSQL', { databaseUrl: url.toString(), dataDir: pgliteDir });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
