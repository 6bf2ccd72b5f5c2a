import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One graphql instance: Pothos loads its CommonJS build, so the tests do too.
  resolve: { alias: { graphql: createRequire(import.meta.url).resolve('graphql') } },
  test: {
    include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
