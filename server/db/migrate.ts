// Migrations in Prisma's own format (prisma/migrations), run through the WebAssembly schema engine
// and a driver adapter, so no native engine is needed.
import { readFile, readdir, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine as SchemaEngineType } from '@prisma/schema-engine-wasm';

// The project root: two folders up from server/db, or further when running compiled from dist/.
export function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'prisma/schema.prisma'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}
const root = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const schemaPath = path.join(root, 'prisma/schema.prisma');
export const migrationsDir = path.join(root, 'prisma/migrations');

type EngineModule = typeof import('@prisma/schema-engine-wasm');
let engineModule: Promise<EngineModule> | undefined;

// Node 20 cannot import .wasm as an ES module without a flag, so the bindings are wired by hand.
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const bindingsPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const dir = path.dirname(bindingsPath);
    const bindings = await import(pathToFileURL(bindingsPath).href);
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings as EngineModule;
  })();
  return engineModule;
}

async function readSchema() {
  return readFile(schemaPath, 'utf8');
}

export async function loadMigrationsList(): Promise<MigrationList> {
  const entries = existsSync(migrationsDir) ? await readdir(migrationsDir, { withFileTypes: true }) : [];
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      dirs.map(async (dir) => {
        const file = path.join(migrationsDir, dir, 'migration.sql');
        const content = await readFile(file, 'utf8').then(
          (value) => ({ tag: 'ok' as const, value }),
          (error: Error) => ({ tag: 'error' as const, value: error.message }),
        );
        return { path: dir, migrationFile: { path: 'migration.sql', content } };
      }),
    ),
  };
}

/**
 * Whether every migration folder is recorded as applied in the database and none is half applied: then
 * there is nothing to do and the schema engine (a WebAssembly module) need not start. Any doubt (no
 * table yet, a failed migration) answers false, and the engine decides and reports.
 */
export async function allMigrationsApplied(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<boolean> {
  const folders = existsSync(migrationsDir) ? (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name) : [];
  let rows: Record<string, unknown>[];
  try {
    rows = await query('SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"');
  } catch {
    return false;
  }
  const live = rows.filter((r) => r.rolled_back_at === null);
  if (live.some((r) => r.finished_at === null)) return false;
  const applied = new Set(live.map((r) => r.migration_name));
  return folders.every((folder) => applied.has(folder));
}

async function withEngine<T>(adapter: SqlMigrationAwareDriverAdapterFactory, run: (engine: SchemaEngineType) => Promise<T>) {
  const { SchemaEngine } = await loadEngineModule();
  const schema = await readSchema();
  const logs: string[] = [];
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, (log: string) => logs.push(log), bindMigrationAwareSqlAdapterFactory(adapter));
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

/** The extensions every PGlite of the app loads (the migrations create them). */
export const pgliteExtensions = { pg_trgm };

/**
 * The PGlite adapter whose shadow database (used by diff) loads the same extensions: the stock one
 * opens a bare PGlite, where `CREATE EXTENSION pg_trgm` fails.
 */
export class PGliteAdapterFactory extends PrismaPGlite {
  override async connectToShadowDb() {
    return new PrismaPGlite(await PGlite.create({ extensions: pgliteExtensions })).connect();
  }
}

const noFilters = { externalTables: [], externalEnums: [] };

/** Applies every migration of prisma/migrations not yet applied; returns the names applied. */
export async function applyMigrations(adapter: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await loadMigrationsList();
  const out = await withEngine(adapter, (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }));
  return out.appliedMigrationNames;
}

/** The SQL that would bring the migrations up to schema.prisma; empty when they agree. */
export async function pendingSchemaChanges(): Promise<string> {
  // The shadow database runs the migrations, which create the pg_trgm extension.
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const migrationsList = await loadMigrationsList();
    const result = await withEngine(new PGliteAdapterFactory(pglite), async (engine) =>
      engine.diff({
        from: { tag: 'migrations', ...migrationsList },
        to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: await readSchema() }] },
        script: true,
        exitCode: true,
        filters: noFilters,
      } as Parameters<SchemaEngineType['diff']>[0]),
    );
    return result.exitCode === 0 ? '' : (result.stdout ?? '');
  } finally {
    await pglite.close();
  }
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql from the drift; returns its folder or null. */
export async function createMigration(name: string): Promise<string | null> {
  const script = await pendingSchemaChanges();
  if (!script) return null;
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'migration';
  const dir = path.join(migrationsDir, `${stamp}_${slug}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'migration.sql'), script);
  return dir;
}
