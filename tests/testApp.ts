// Starts the real app in-process on a fresh database: in-memory PGlite, or a new PostgreSQL database
// when DATABASE_URL is set (dropped afterwards). Requests go through the real fetch handler.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../server/app.js';
import { loadConfig } from '../server/config.js';

export const BASE = 'http://localhost';
export const DEMO_PASSWORD = 'demo1234';

async function freshPostgres(url: string) {
  const name = `test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
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
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SEED: 'demo', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...env });
  const app = await buildApp(config, { trustProxy: true });

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
    const { body } = await gql(
      `mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on MutationSignInSuccess { data { token } } ... on Error { message } } }`,
      { input: { email, password: DEMO_PASSWORD, apiToken: true, ...extra } },
    );
    const token = body.data?.signIn?.data?.token;
    if (!token) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
    return token;
  };

  return {
    app,
    gql,
    rest,
    signIn,
    close: async () => {
      await app.close();
      await pgDb?.drop();
    },
  };
}
