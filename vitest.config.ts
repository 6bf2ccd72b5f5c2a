import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { configDefaults, defineConfig } from 'vitest/config';

// One graphql instance: Pothos loads its CommonJS build, so the tests do too.
const graphql = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  resolve: { alias: { graphql } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/reliability/**'],
        },
      },
      {
        // A real server under load, killed and restarted: it runs after every other test, alone on the machine.
        extends: true,
        test: { name: 'reliability', include: ['tests/reliability/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
      {
        // Component tests: screens' fragments rendered against relay-test-utils' mock environment.
        extends: true,
        plugins: [react(), babel({ plugins: [['relay', { artifactDirectory: './client/src/__generated__', eagerEsModules: true }]] })],
        test: { name: 'client', include: ['client/src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['client/src/test/setup.ts'] },
      },
    ],
  },
});
