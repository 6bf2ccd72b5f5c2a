import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { keysetPage } from '../../../graphql/builder.js';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { auditLogPageQuery } from './auditLog.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  await t.app.db.sql(
    `INSERT INTO "AuditLog" ("neighborhoodId", action, entity, "entityId")
     SELECT n.id, 'TEST', 'House', g::text FROM generate_series(1, 300) g, "Neighborhood" n WHERE n.domain IN ('los_olivos', 'torre_azul')`,
    [],
  );
});
afterAll(() => t.close());

const LOG = `query($first: Int, $after: String, $last: Int, $before: String) {
  auditLog(first: $first, after: $after, last: $last, before: $before) {
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { node { databaseId action entity entityId userId createdAt } }
  }
}`;

describe('audit log', () => {
  it('pages the community log newest first by keyset, one statement a page', async () => {
    const olivos = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const expected = await t.app.db.prisma.auditLog.findMany({ where: { neighborhoodId: olivos.id }, orderBy: { id: 'desc' }, select: { id: true } });
    const seen: string[] = [];
    let after: string | null = null;
    await t.gql(LOG, { first: 1 }, { token: admin });
    for (;;) {
      const before = t.app.db.statements();
      const { body } = await t.gql(LOG, { first: 100, after }, { token: admin });
      expect(t.app.db.statements() - before).toBe(1);
      seen.push(...body.data.auditLog.edges.map((e: any) => e.node.databaseId));
      if (!body.data.auditLog.pageInfo.hasNextPage) break;
      after = body.data.auditLog.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected.map((r) => String(r.id)));
    const back = await t.gql(LOG, { last: 3, before: after }, { token: admin });
    expect(back.body.data.auditLog.edges).toHaveLength(3);
    // The three rows newer than the cursor (the last row of the page before the last), newest first.
    const cursorRow = seen.length - (seen.length % 100 || 100) - 1;
    expect(back.body.data.auditLog.edges.map((e: any) => e.node.databaseId)).toEqual(seen.slice(cursorRow - 3, cursorRow));
  });

  it('uses the cursor in the WHERE, not an offset', () => {
    const compiled = auditLogPageQuery(
      t.app.db.kysely,
      1,
      keysetPage({ first: 50, after: 'x' }, () => '123456'),
    ).compile();
    expect(compiled.sql).toMatch(/"AuditLog"."id" < \$\d+/);
    expect(compiled.sql).not.toMatch(/offset/i);
  });

  it('refuses cursors that are not a row id, beyond bigint included, with a 400', async () => {
    for (const after of [
      formatPrismaCursor({ id: '99999999999999999999' }, 'id'),
      formatPrismaCursor({ id: '9223372036854775808' }, 'id'),
      'no-es-un-cursor',
    ]) {
      const { status, body } = await t.gql(LOG, { first: 5, after }, { token: admin });
      expect(status).toBe(400);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });

  it('is for administrators only', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    const { status, body } = await t.gql(LOG, { first: 5 }, { token: owner });
    expect(status).toBe(403);
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
