import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import type { KyselyPGlite as KyselyPGliteClass } from 'kysely-pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery, SqlQueryable } from '@prisma/driver-adapter-utils';
import { PrismaClient } from './generated/client.js';
import type { DB } from './generated/kysely.js';
import { allMigrationsApplied, applyMigrations, PGliteAdapterFactory, pgliteExtensions } from './migrate.js';

export type Prisma = PrismaClient;

/**
 * kysely-pglite's dialect, from its own module: the package's entry point also loads its code generator
 * (kysely-codegen, globby, jiti), a third of a second of every start for nothing the server uses.
 */
async function kyselyPGlite(): Promise<typeof KyselyPGliteClass> {
  const module = await import(new URL('./kysely-pglite.js', import.meta.resolve('kysely-pglite')).href);
  return module.KyselyPGlite;
}
export type KyselyDb = Kysely<DB>;

/** Tables whose changes can alter a signed-in viewer (session, account, role, community modules, person). */
const VIEWER_TABLES = /^\s*(UPDATE|DELETE\s+FROM)\s+("?public"?\.)?"(Session|Membership|Role|Neighborhood|User)"/i;

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgresql';
  /** SQL statements sent since start; tests and the bench read it to catch N+1 queries. */
  statements: () => number;
  /** A read straight on the driver, for the hottest path (the viewer of every request); counted too. */
  sql: <T>(text: string, params: unknown[]) => Promise<T[]>;
  /**
   * Kysely on the same driver (pg Pool or the app's PGlite), typed from schema.prisma by prisma-kysely:
   * for hot reads written in SQL (the owners list, the audit log). Its statements are counted too.
   */
  kysely: KyselyDb;
  /**
   * Called after any statement (Prisma, Kysely or sql) that updates or deletes a row of Session, Membership,
   * Role, Neighborhood or User (the viewer cache of server/auth/viewer.ts forgets what it holds). A statement
   * that starts with a comment is not one (viewer.ts's lastSeenAt touch: it changes nobody's viewer).
   */
  onViewerWrite: (listener: () => void) => void;
  migrate: () => Promise<string[]>;
  /**
   * Calls onNotify for each NOTIFY on the channel (sent by any instance, delivered at its commit): a
   * dedicated connection on PostgreSQL, reconnected after a failure; PGlite's own listener in-process.
   * Answers the function that stops listening.
   */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball (tests start from a seeded copy: tests/testApp.ts). */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: start from this dump of a database (dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}

/**
 * Reading a page at random costs about what reading it in sequence does on SSDs and in memory (PostgreSQL's
 * default of 4 assumes spinning disks): with the default, a month's report joined every receipt by a full
 * scan instead of looking up the month's ones (docs/decisions.md, «Planner cost»). A DATABASE_URL with its
 * own options=… keeps those instead.
 */
const RANDOM_PAGE_COST = 1.1;
/**
 * No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, for that one
 * execution, and a report over a year of the ledger spent a quarter of a second of its 0.9 s compiling it.
 */
const PLANNER_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=off -c plan_cache_mode=${process.env.PLAN_CACHE_MODE ?? 'force_custom_plan'}`;

/**
 * Statements with parameters are prepared once per connection under a name taken from their text (pg's
 * named statements): PostgreSQL parses each once instead of at every request, and the connection sends a
 * short Bind instead of the whole text. Every execution is still planned for its own values
 * (plan_cache_mode=force_custom_plan): a community of 50 houses and one of 5,000 keep their own plans.
 * Connections are renewed every PREPARED_LIFETIME_S, which bounds the statements each one keeps.
 */
const PREPARED_LIFETIME_S = 15 * 60;
const STATEMENT_NAMES_MAX = 5_000;
const statementNames = new Map<string, string | undefined>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (name === undefined && !statementNames.has(text)) {
    name = text.includes('$1') ? `s${createHash('sha1').update(text).digest('base64url')}` : undefined;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
};

/**
 * The driver adapter with every statement Prisma sends through it reported to onStatement once it ran, in
 * and out of transactions. Prisma's own query log does the same for a tenth of each query's cost (it formats an event
 * with the parameters for every statement).
 */
function observed(factory: SqlMigrationAwareDriverAdapterFactory, onStatement: (sql: string) => void): SqlMigrationAwareDriverAdapterFactory {
  // Reported once it ran, as Prisma's log did: the viewer cache's quiet time starts after the write.
  const queryable = <T extends SqlQueryable>(target: T): T =>
    overriding(target, {
      queryRaw: (query: SqlQuery) => target.queryRaw(query).finally(() => onStatement(query.sql)),
      executeRaw: (query: SqlQuery) => target.executeRaw(query).finally(() => onStatement(query.sql)),
      startTransaction: async (...args: Parameters<SqlDriverAdapter['startTransaction']>) =>
        queryable(await (target as unknown as SqlDriverAdapter).startTransaction(...args)),
    });
  return overriding(factory, { connect: async () => queryable(await factory.connect()) });
}

/** The object with some of its methods replaced; the others still run on the object itself. */
function overriding<T extends object>(target: T, overrides: Record<string, unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && Object.hasOwn(overrides, property)) return overrides[property];
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** Kysely's pool client with its parameterized statements named (see statementName). */
function namedStatementsPool(pool: pg.Pool) {
  return {
    connect: async () => {
      const client = await pool.connect();
      return {
        query: (text: unknown, values?: unknown[]) =>
          typeof text === 'string' ? client.query({ name: statementName(text), text, values }) : client.query(text as never),
        release: (error?: Error | boolean) => client.release(error),
      };
    },
    end: () => pool.end(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let adapter: SqlMigrationAwareDriverAdapterFactory;
  let closeDriver: () => Promise<void>;
  let rawQuery: (text: string, params: unknown[]) => Promise<unknown[]>;
  let kind: Database['kind'];
  let dialect: Dialect;
  let dumpDataDir: Database['dumpDataDir'];
  let listen: Database['listen'];
  let migrate: Database['migrate'];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      maxLifetimeSeconds: PREPARED_LIFETIME_S,
      options: PLANNER_OPTIONS,
    });
    pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing
    try {
      await firstConnection(pool);
    } catch (error) {
      await pool.end().catch(() => {});
      const safeUrl = options.databaseUrl.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1@');
      throw new DatabaseUnavailableError(`No se pudo conectar a PostgreSQL en ${safeUrl}: ${(error as Error).message}`);
    }
    adapter = new PrismaPg(pool, { statementNameGenerator: (query) => statementName(query.sql) as string });
    closeDriver = () => pool.end();
    rawQuery = async (text, params) => (await pool.query({ name: statementName(text), text, values: params })).rows;
    dialect = new PostgresDialect({ pool: namedStatementsPool(pool) as never });
    kind = 'postgresql';
    listen = (channel, onNotify) => listenOnPostgres(options.databaseUrl!, channel, onNotify);
    // On a connection of its own, closed afterwards: the schema engine keeps its advisory lock for the
    // session, and on a pooled connection every other instance starting later waited 10 s for it.
    migrate = async () => {
      const own = new pg.Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: 5000 });
      own.on('error', () => {});
      try {
        await firstConnection(own);
        return await applyMigrations(new PrismaPg(own));
      } finally {
        await own.end().catch(() => {});
      }
    };
  } else {
    if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
    let pglite: PGlite;
    try {
      pglite = await PGlite.create(options.dataDir, {
        extensions: pgliteExtensions,
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
    } catch (error) {
      throw new DatabaseUnavailableError(`No se pudo abrir la base de datos en ${options.dataDir}: ${(error as Error).message}`);
    }
    const [KyselyPGlite] = await Promise.all([kyselyPGlite(), pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`)]);
    adapter = new PGliteAdapterFactory(pglite);
    closeDriver = () => pglite.close();
    rawQuery = async (text, params) => (await pglite.query(text, params)).rows;
    dialect = new KyselyPGlite(pglite).dialect;
    dumpDataDir = () => pglite.dumpDataDir('gzip');
    migrate = () => applyMigrations(adapter);
    listen = async (channel, onNotify) => {
      const unlisten = await pglite.listen(channel, onNotify);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    };
    kind = 'pglite';
  }

  let count = 0;
  const viewerListeners: (() => void)[] = [];
  const prisma = new PrismaClient({
    adapter: observed(adapter, (sql) => {
      count++;
      if (viewerListeners.length && VIEWER_TABLES.test(sql)) for (const listener of viewerListeners) listener();
    }),
  });
  const kysely = new Kysely<DB>({
    dialect,
    log: (event) => {
      if (event.level !== 'query') return;
      count++;
      if (viewerListeners.length && VIEWER_TABLES.test(event.query.sql)) for (const listener of viewerListeners) listener();
    },
  });
  return {
    prisma,
    kind,
    kysely,
    onViewerWrite: (listener) => {
      viewerListeners.push(listener);
    },
    statements: () => count,
    sql: async <T>(text: string, params: unknown[]) => {
      count++;
      const rows = (await rawQuery(text, params)) as T[];
      if (viewerListeners.length && VIEWER_TABLES.test(text)) for (const listener of viewerListeners) listener();
      return rows;
    },
    migrate: async () => ((await allMigrationsApplied((text) => rawQuery(text, []) as Promise<Record<string, unknown>[]>)) ? [] : migrate()),
    listen,
    dumpDataDir,
    close: async () => {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}

/** How long a starting server keeps trying a database that is busy or still starting. */
const FIRST_CONNECTION_PATIENCE_MS = 30_000;

/**
 * The pool's first connection. A database nobody listens at, or that refuses the credentials, fails at once;
 * one that times out (busy) or says it is starting up (57P03) is tried again, half a second apart, for
 * FIRST_CONNECTION_PATIENCE_MS.
 */
async function firstConnection(pool: pg.Pool): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      (await pool.connect()).release();
      return;
    } catch (error) {
      const passing = /timeout/i.test((error as Error).message) || (error as { code?: string }).code === '57P03';
      if (!passing || Date.now() - started > FIRST_CONNECTION_PATIENCE_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** How often the LISTEN connection is checked: a connection cut without a word (a failover, a NAT's idle timeout) would stop the notifications silently. */
const LISTEN_CHECK_MS = 30_000;

/**
 * LISTEN on a connection of its own, checked every LISTEN_CHECK_MS and reconnected a second after it fails,
 * until stopped. An outage is reported once (the poll still runs the jobs, later).
 */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let reported = false;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    c.on('notification', (message) => message.channel === channel && onNotify());
    const again = (error?: Error) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (!reported && !stopped) {
        reported = true;
        console.warn(`Los trabajos en segundo plano perdieron la conexión de avisos (${error?.message ?? 'cerrada'}); se reconecta cada segundo`);
      }
      if (!stopped) {
        retry = setTimeout(() => connect().catch(() => {}), 1000);
        retry.unref();
      }
    };
    c.on('error', again);
    c.on('end', () => again());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      if (reported) console.warn('Los trabajos en segundo plano recuperaron la conexión de avisos');
      reported = false;
      // What was queued while this connection was down is not lost: a wake-up now finds it.
      onNotify();
    } catch (error) {
      again(error as Error);
    }
  };
  await connect();
  const check = setInterval(() => {
    const c = client;
    if (!c) return;
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('sin respuesta en 5 s')), 5000).unref());
    Promise.race([c.query('SELECT 1'), timeout]).catch((error) => {
      if (client !== c) return;
      c.emit('error', error);
    });
  }, LISTEN_CHECK_MS);
  check.unref();
  return async () => {
    stopped = true;
    clearInterval(check);
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
