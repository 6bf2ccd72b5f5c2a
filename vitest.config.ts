import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { configDefaults, defineConfig } from 'vitest/config';

// One graphql instance: Pothos loads its CommonJS build, so the tests do too.
const graphql = createRequire(import.meta.url).resolve('graphql');

// Browser journeys and component tests test the screens, whatever the database: they run on the embedded
// PGlite; with DATABASE_URL (CI's PostgreSQL leg) the server paths under the journeys are the integration
// tests', unless E2E_ON_POSTGRES=1.
const onPostgres = !!process.env.DATABASE_URL && process.env.E2E_ON_POSTGRES !== '1';
// JOURNEYS_SPLIT=n (CI sets it on both passes): every n-th journey, in name order, runs on the PostgreSQL pass
// instead of the PGlite pass, so that the two passes CI runs side by side end at about the same time.
const split = Number(process.env.JOURNEYS_SPLIT ?? 0);
const journeys = readdirSync(new URL('./tests/e2e', import.meta.url)).filter((f) => f.endsWith('.e2e.test.ts'));
const journeysHere = split > 0 ? journeys.sort().filter((_, i) => (i % split === 0) === !!process.env.DATABASE_URL) : onPostgres ? [] : journeys;
const browserJourneys = journeys.filter((f) => !journeysHere.includes(f)).map((f) => `tests/e2e/${f}`);

export default defineConfig({
  resolve: { alias: { graphql } },
  test: {
    // A browser journey of 15 s alone took over a minute on a loaded two-core machine (CI runs both databases' passes at once).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // The test files of a worker share its loaded modules: importing the app (the Pothos schema, Prisma's
          // client, the libraries) once per worker instead of once per file halves the suite's time. Each file
          // still starts its own app on its own database (tests/testApp.ts); module-level state is the
          // schema, caches and the domain events' subscribers, which every file would build the same way.
          isolate: false,
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/reliability/**', 'tests/smoke/**', ...browserJourneys],
        },
      },
      {
        // A real server under load, killed and restarted: it runs after every other test, alone on the machine.
        extends: true,
        test: { name: 'reliability', include: ['tests/reliability/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
      {
        // The built artifact started as `npm start` starts it (tests/smoke): last, so that its start-up times are its own.
        extends: true,
        test: { name: 'smoke', include: ['tests/smoke/**/*.test.ts'], sequence: { groupOrder: 2 } },
      },
      ...(onPostgres
        ? []
        : [
            {
              // Component tests: screens' fragments rendered against relay-test-utils' mock environment.
              extends: true as const,
              plugins: [react(), babel({ plugins: [['relay', { artifactDirectory: './client/src/__generated__', eagerEsModules: true }]] })],
              test: { name: 'client', include: ['client/src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['client/src/test/setup.ts'] },
            },
          ]),
    ],
  },
});
