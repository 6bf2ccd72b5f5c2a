import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from './generated/client.js';
import { applyMigrations, PGliteAdapterFactory, pgliteExtensions } from './migrate.js';

export type Prisma = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgresql';
  /** SQL statements sent since start; tests and the bench read it to catch N+1 queries. */
  statements: () => number;
  /** A read straight on the driver, for the hottest path (the viewer of every request); counted too. */
  sql: <T>(text: string, params: unknown[]) => Promise<T[]>;
  migrate: () => Promise<string[]>;
  close: () => Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let adapter: SqlMigrationAwareDriverAdapterFactory;
  let closeDriver: () => Promise<void>;
  let rawQuery: (text: string, params: unknown[]) => Promise<unknown[]>;
  let kind: Database['kind'];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => {});
      const safeUrl = options.databaseUrl.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1@');
      throw new DatabaseUnavailableError(`No se pudo conectar a PostgreSQL en ${safeUrl}: ${(error as Error).message}`);
    }
    adapter = new PrismaPg(pool);
    closeDriver = () => pool.end();
    rawQuery = async (text, params) => (await pool.query(text, params)).rows;
    kind = 'postgresql';
  } else {
    if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
    let pglite: PGlite;
    try {
      pglite = await PGlite.create(options.dataDir, { extensions: pgliteExtensions });
    } catch (error) {
      throw new DatabaseUnavailableError(`No se pudo abrir la base de datos en ${options.dataDir}: ${(error as Error).message}`);
    }
    adapter = new PGliteAdapterFactory(pglite);
    closeDriver = () => pglite.close();
    rawQuery = async (text, params) => (await pglite.query(text, params)).rows;
    kind = 'pglite';
  }

  let count = 0;
  const prisma = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  prisma.$on('query', () => {
    count++;
  });
  return {
    prisma,
    kind,
    statements: () => count,
    sql: async <T>(text: string, params: unknown[]) => {
      count++;
      return (await rawQuery(text, params)) as T[];
    },
    migrate: () => applyMigrations(adapter),
    close: async () => {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
