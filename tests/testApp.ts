// Starts the real app in-process on a fresh database: in-memory PGlite, or a new PostgreSQL database
// when DATABASE_URL is set (dropped afterwards). Requests go through the real fetch handler.
// Migrating and seeding the demo takes seconds, and every test file starts its own app: so the first
// app of a run builds the seeded database once — a PGlite dump in the temporary folder, a template
// database on PostgreSQL — and every other app starts from a copy. The copy is keyed by the day and a
// hash of the code that builds it (migrations, server and core sources), so a change rebuilds it.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type App } from '../server/app.js';
import { loadConfig } from '../server/config.js';

export const BASE = 'http://localhost';
export const DEMO_PASSWORD = 'demo1234';
/** Every test app shares one secrets key, so the seeded copy's sealed secrets open in all of them. */
const TEST_SECRETS_KEY = 'clave-de-secretos-de-las-pruebas-0123456789';
/** Settings that change what the database holds: an app that sets one builds its own. */
const DATABASE_SETTINGS = ['SEED', 'DATA_DIR', 'DATABASE_URL', 'SECRETS_KEY'];

let seedKey: string | undefined;
/** The day and a hash of everything that shapes the seeded database. */
function seededDatabaseKey(): string {
  if (seedKey) return seedKey;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const dir of ['prisma', 'server', 'core']) {
    const files = (readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .filter((f) => /\.(ts|sql|prisma|toml)$/.test(f) && !/\.test\.ts$/.test(f) && !f.includes('generated'))
      .sort();
    for (const f of files) hash.update(f).update(readFileSync(path.join(root, dir, f)));
  }
  seedKey = hash.digest('hex').slice(0, 16);
  return seedKey;
}
// Hashed as the app's modules load: code changed later in this process's life does not name its database.
seededDatabaseKey();

/** A dump of a migrated and seeded PGlite database, built once per key. */
async function seededSnapshot(env: Record<string, string>): Promise<Blob> {
  const file = path.join(tmpdir(), `comunidad-seed-${seededDatabaseKey()}.tar.gz`);
  if (!existsSync(file)) {
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SEED: 'demo', SECRETS_KEY: TEST_SECRETS_KEY, ...env }));
    const dump = await app.db.dumpDataDir!();
    await app.close();
    const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A template database on PostgreSQL, migrated and seeded once per key (workers wait on an advisory lock). */
async function seededTemplate(url: string): Promise<string> {
  const name = `comunidad_tmpl_${seededDatabaseKey()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('comunidad_test_template'))`);
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (exists.rowCount === 0) {
      const stale = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'comunidad_tmpl_%'`);
      for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const app = await buildApp(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SEED: 'demo', SECRETS_KEY: TEST_SECRETS_KEY, DATABASE_URL: target.toString() }),
      );
      await app.close();
    }
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('comunidad_test_template'))`).catch(() => {});
    await admin.end();
  }
  return name;
}

async function freshPostgres(url: string, template: string | null) {
  const name = `test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface RequestOptions {
  token?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: App;
  gql: (query: string, variables?: Record<string, unknown>, options?: RequestOptions) => Promise<{ status: number; body: any; response: Response }>;
  rest: (
    method: string,
    path: string,
    body?: unknown,
    options?: RequestOptions & { raw?: string },
  ) => Promise<{ status: number; body: any; response: Response }>;
  /** A GraphQL request with files, as the browser sends it (graphql-multipart-request-spec): each file fills the variable at its path ("variables.file"). */
  upload: (
    query: string,
    variables: Record<string, unknown>,
    files: Record<string, File>,
    options?: RequestOptions,
  ) => Promise<{ status: number; body: any; response: Response }>;
  signIn: (email: string, extra?: Record<string, unknown>) => Promise<string>;
  close: () => Promise<void>;
}

function headersFor(options: RequestOptions = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '10.0.0.1', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return headers;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const shared = !DATABASE_SETTINGS.some((name) => name in env);
  const databaseUrl = process.env.DATABASE_URL;
  const pgDb = databaseUrl ? await freshPostgres(databaseUrl, shared ? await seededTemplate(databaseUrl) : null) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    SEED: 'demo',
    ...(shared ? { SECRETS_KEY: TEST_SECRETS_KEY } : {}),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const databaseSnapshot = shared && !pgDb ? await seededSnapshot(env) : undefined;
  const app = await buildApp(config, { trustProxy: true, databaseSnapshot });

  const gql: TestApp['gql'] = async (query, variables = {}, options) => {
    const response = await app.fetch(
      new Request(`${BASE}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(options) },
        body: JSON.stringify({ query, variables }),
      }),
    );
    return { status: response.status, body: await response.clone().json(), response };
  };

  const upload: TestApp['upload'] = async (query, variables, files, options) => {
    const form = new FormData();
    const paths = Object.keys(files);
    form.append('operations', JSON.stringify({ query, variables }));
    form.append('map', JSON.stringify(Object.fromEntries(paths.map((path, i) => [i, [path]]))));
    for (const [i, path] of paths.entries()) form.append(String(i), files[path]);
    const response = await app.fetch(
      new Request(`${BASE}/graphql`, { method: 'POST', headers: { 'x-graphql-csrf': '1', ...headersFor(options) }, body: form }),
    );
    return { status: response.status, body: await response.clone().json(), response };
  };

  const rest: TestApp['rest'] = async (method, path, body, options = {}) => {
    const init: RequestInit = { method, headers: headersFor(options) };
    if (options.raw !== undefined || body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = options.raw ?? JSON.stringify(body);
    }
    const response = await app.fetch(new Request(`${BASE}/api/1.0${path}`, init));
    const text = await response.clone().text();
    return { status: response.status, body: text ? JSON.parse(text) : null, response };
  };

  const signIn: TestApp['signIn'] = async (email, extra = {}) => {
    // Each account signs in from its own address: tests sign several in at once, and people sharing one
    // address take turns on its attempt counter (server/auth/rateLimit.ts), which a loaded machine makes slow.
    const digest = createHash('sha256').update(email).digest();
    const { body } = await gql(
      `mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on MutationSignInSuccess { data { token } } ... on Error { message } } }`,
      { input: { email, password: DEMO_PASSWORD, apiToken: true, ...extra } },
      { ip: `10.77.${digest[0]}.${digest[1]}` },
    );
    const token = body.data?.signIn?.data?.token;
    if (!token) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
    return token;
  };

  return {
    app,
    gql,
    rest,
    upload,
    signIn,
    close: async () => {
      await app.close();
      await pgDb?.drop();
    },
  };
}
