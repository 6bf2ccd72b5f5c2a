// The product as a newcomer gets it: a copy of the repository's tracked files (without tests/, which a
// deployment need not have) beside the installed node_modules, started with `npm start`'s script in
// production mode on a fresh data directory, or a fresh PostgreSQL database with Redis.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFlags } from '../startFlags.js';

export interface Artifact {
  /** The copy's root (what a fresh clone would be after npm install). */
  dir: string;
  /** Environment of every start: port, data directory or database, Redis. */
  env: Record<string, string>;
  base: string;
  remove(): Promise<void>;
}

/** Tracked files of the checkout (as they are in the working tree) and Prisma's generated client (npm install's postinstall). */
export async function copyCheckout(): Promise<Artifact> {
  const dir = mkdtempSync(path.join(tmpdir(), 'comunidad-artifact-'));
  const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !f.startsWith('tests/'));
  for (const file of files) cpSync(file, path.join(dir, file), { dereference: false, force: true, errorOnExist: false });
  cpSync('server/db/generated', path.join(dir, 'server/db/generated'), { recursive: true });
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');

  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
  let database: string | null = null;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    database = `smoke_${process.pid}_${Date.now()}`;
    await onPostgres(adminUrl, `CREATE DATABASE "${database}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
  } else {
    env.DATA_DIR = path.join(dir, 'data');
  }
  return {
    dir,
    env,
    base: `http://127.0.0.1:${port}`,
    async remove() {
      if (adminUrl && database) await onPostgres(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function onPostgres(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The test runner's environment without what would make the app a test (NODE_ENV=test, Vitest's variables, the suite's database and client build). */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(VITEST|NODE_ENV$|TEST$|CLIENT_DIST$|DATABASE_URL$|REDIS_URL$|DATA_DIR$|JOBS_|SEED$|PORT$|HOST$|E2E_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

export interface Started {
  process: ChildProcess;
  output: () => string;
  /** Milliseconds from the spawn to the first answer of /health and of the sign-in page. */
  healthMs: number;
  signInPageMs: number;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/** `npm start` (node with its flags and scripts/start.mjs, as package.json runs it) in the copy; resolves once /health and /login answer. */
export async function npmStart(artifact: Artifact, timeoutMs: number): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags(artifact.dir), 'scripts/start.mjs'], {
    cwd: artifact.dir,
    env: cleanEnv(artifact.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const answers = async (url: string, accept: (response: Response) => Promise<boolean>) => {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}):\n${output}`);
      if (performance.now() - started > timeoutMs) throw new Error(`npm start did not answer ${url} within ${timeoutMs} ms:\n${output}`);
      const response = await fetch(url).catch(() => null);
      if (response && (await accept(response))) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const healthMs = await answers(`${artifact.base}/health`, async (r) => r.ok && (await r.json()).ok === true);
  const signInPageMs = await answers(`${artifact.base}/login`, async (r) => r.ok && (await r.text()).includes('id="root"'));
  return {
    process: child,
    output: () => output,
    healthMs,
    signInPageMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
