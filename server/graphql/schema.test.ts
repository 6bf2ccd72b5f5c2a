import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { printSchemaFile } from './schema.js';
import { pendingSchemaChanges } from '../db/migrate.js';

describe('committed artefacts', () => {
  it('schema.graphql is up to date (run npm run schema:print)', async () => {
    const committed = await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printSchemaFile());
  });

  it('prints grants as directives', () => {
    expect(printSchemaFile()).toContain('): QueryHousesConnection @grant(any: ["AHousesRead", "AHousesSearch", "OReceiptsRead", "SReceiptsRead"])');
  });

  it('prisma/migrations match schema.prisma (run npm run migrate:create -- <name>)', async () => {
    expect(await pendingSchemaChanges()).toBe('');
  });
});
