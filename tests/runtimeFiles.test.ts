// Every file the server reads at run time is part of the artifact (issue 24 item 1). The server finds its
// run-time files in two ways only: through serverAsset (server/infra/assets.ts), whose literal names
// build:server copies into dist/server, and from the project root (the built client, Prisma's schema and
// migrations, which `npm start` runs beside dist/). This test holds the code to that: a file under server/
// that reads the disk must say where its paths come from below, only the two root finders may derive a
// path from their own location, and every serverAsset exists and is copied. tests/smoke starts the built
// artifact itself.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script of the build, without types
import { copyServerAssets, serverAssets } from '../scripts/server-assets.mjs';

const SERVER = path.resolve('server');

/** Code of the server that ships (tests and Prisma's generated client left out). */
const shipped = (readdirSync(SERVER, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`db${path.sep}generated`))
  .map((f) => f.split(path.sep).join('/'))
  .sort();
const source = (file: string) => readFileSync(path.join(SERVER, file), 'utf8');

/** Files that read the disk, and where their paths come from. */
const DISK_READERS: Record<string, string> = {
  'app.ts': 'the built client: client/dist under the project root (projectRoot), or CLIENT_DIST',
  'db/migrate.ts': "Prisma's schema and migrations under the project root, the schema engine's wasm in node_modules",
  'domains/money/accounting/fiscal/demoSeed.ts': 'the demo CSD: serverAsset(domains/money/accounting/fiscal/demo-csd)',
  'infra/cfdi/ingest.ts': "SAT's schemas: serverAsset(infra/cfdi/sat)",
  'infra/cfdi/schemas.ts': "SAT's schemas: serverAsset(infra/cfdi/sat)",
  'infra/pac/sandbox.ts': "the sandbox PAC's keys: serverAsset(infra/pac/sandbox-sat/…)",
  'infra/secrets.ts': 'the secrets key in DATA_DIR',
  'infra/cfdi/testing.ts': 'tests only (never imported by shipped code): the demo CSD and tests/fixtures',
};

/** Files that use their own location, and what for. */
const SELF_LOCATING: Record<string, string> = {
  'app.ts': 'the project root (projectRoot), for the built client',
  'db/migrate.ts': "the project root (projectRoot), for Prisma's schema and migrations; require.resolve of the schema engine",
  'infra/assets.ts': 'serverAsset: the run-time files beside the compiled code',
  'infra/cfdi/testing.ts': 'tests only: tests/fixtures',
  'db/client.ts': "import.meta.resolve of a package's module (kysely-pglite's dialect), not a file of ours",
  'infra/onFirstUse.ts': 'createRequire for packages loaded on first use, not a file of ours',
};

const READS_DISK = /\b(readFileSync|readFile|readdirSync|readdir|createReadStream|opendir)\s*\(/;
const SELF_LOCATION = /import\.meta\.(url|dirname|filename|resolve)|__dirname|__filename/;

describe('run-time files of the server', () => {
  it('are read only by the files that declare where their paths come from', () => {
    expect(shipped.filter((f) => READS_DISK.test(source(f)))).toEqual(Object.keys(DISK_READERS).sort());
  });

  it('are found from the artifact: only the root finders and serverAsset derive paths from their own location', () => {
    expect(shipped.filter((f) => SELF_LOCATION.test(source(f)))).toEqual(Object.keys(SELF_LOCATING).sort());
    // The root finders read only what `npm start` keeps beside dist/.
    expect(source('app.ts')).toMatch(/path\.join\(root, 'client\/dist'\)/);
    expect(source('db/migrate.ts')).toMatch(/path\.join\(root, 'prisma\/schema\.prisma'\)/);
  });

  it('the test helpers that read tests/fixtures are never imported by shipped code', () => {
    const importers = shipped.filter((f) => f !== 'infra/cfdi/testing.ts' && /from '[./]*(infra\/)?cfdi\/testing\.js'|from '\.\/testing\.js'/.test(source(f)));
    expect(importers).toEqual([]);
  });

  it('named through serverAsset all exist, and build:server copies each into the artifact', () => {
    const assets: string[] = serverAssets();
    expect(assets).toEqual(
      expect.arrayContaining([
        'infra/cfdi/sat',
        'domains/money/accounting/fiscal/demo-csd',
        'infra/pac/sandbox-sat/sat-sandbox.key.pem',
        'infra/pac/sandbox-sat/sat-sandbox.cer.pem',
      ]),
    );
    const out = mkdtempSync(path.join(tmpdir(), 'artifact-'));
    try {
      copyServerAssets(out);
      for (const asset of assets) {
        const from = path.join(SERVER, asset);
        const to = path.join(out, 'server', asset);
        expect(existsSync(to), asset).toBe(true);
        if (statSync(from).isDirectory()) expect(readdirSync(to).sort(), asset).toEqual(readdirSync(from).sort());
        else expect(readFileSync(to).equals(readFileSync(from)), asset).toBe(true);
      }
      // SAT's schemas: every XSD the CFDI validator and the provider-CFDI ingest load.
      expect(readdirSync(path.join(out, 'server/infra/cfdi/sat')).filter((f) => f.endsWith('.xsd')).length).toBeGreaterThanOrEqual(3);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
