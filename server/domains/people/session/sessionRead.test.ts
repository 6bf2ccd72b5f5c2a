import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { loadViewer } from '../../../auth/viewer.js';
import { systemContext, type Context } from '../../../kernel/context.js';
import { type Pending, type PothosQuery, type SessionPart, plainSessionRead, readParts, readSeparately } from './sessionRead.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const columns = (...names: string[]) => ({ select: Object.fromEntries(names.map((name) => [name, true])) });

/** What Pothos plans for the app's session query and the legacy one: whole rows of the community and the house. */
const PLANNED: Partial<Record<SessionPart, PothosQuery>> = {
  user: columns('id', 'firstName', 'lastName', 'email', 'superAdmin'),
  neighborhood: {},
  house: {},
  accounts: {
    take: 101,
    skip: 0,
    select: {
      neighborhood: true,
      house: columns('interiorNumber', 'exteriorNumber', 'block', 'lot', 'catastral'),
      role: columns('name'),
      id: true,
      houseId: true,
    },
  },
};

/** Selects of columns of every kind Prisma converts. */
const QUERIES: Partial<Record<SessionPart, PothosQuery>> = {
  user: columns('id', 'firstName', 'lastName', 'email', 'superAdmin', 'birthDate', 'createdAt', 'updatedAt', 'passwordCodeExpiresAt'),
  neighborhood: columns('id', 'name', 'domain', 'urlLogo', 'neighborhoodType', 'modules', 'movingSchedule', 'modulesTosAcceptedAt', 'createdAt'),
  house: columns('id', 'ownerUserId', 'interiorNumber', 'exteriorNumber', 'block', 'lot', 'catastral', 'dimension', 'initialBalance', 'status', 'lockedAt'),
  accounts: {
    select: {
      id: true,
      houseId: true,
      createdAt: true,
      acceptedAt: true,
      role: columns('name', 'kind', 'grants'),
      neighborhood: columns('id', 'name'),
      house: columns('interiorNumber', 'exteriorNumber', 'block', 'lot', 'catastral', 'dimension'),
    },
    take: 101,
    skip: 0,
  },
};

const pending = (queries: Partial<Record<SessionPart, PothosQuery>>): Pending =>
  new Map(Object.entries(queries).map(([part, query]) => [part as SessionPart, { query, resolve: () => {}, reject: () => {} }]));

async function contextOf(email: string): Promise<Context> {
  const token = await t.signIn(email);
  const viewer = await loadViewer(t.app.db, token, 'session');
  return { ...systemContext({ db: t.app.db, pubsub: undefined as never, config: t.app.config }), actor: viewer, staleToken: false, setCookies: [] };
}

describe("the session's plain read", () => {
  it('answers what Prisma answers, with its types, for an administrator, owners in two communities, a resident and a guard', async () => {
    // A date without time, a timestamp with milliseconds and a decimal with cents, which the demo leaves empty.
    await t.app.db.prisma.user.update({
      where: { email: 'admin@demo.mx' },
      data: { birthDate: new Date('1980-05-17T00:00:00Z'), passwordCodeExpiresAt: new Date('2026-11-29T23:59:58.123Z') },
    });
    const owner = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' }, select: { ownedHouses: { select: { id: true } } } });
    await t.app.db.prisma.house.update({
      where: { id: owner.ownedHouses[0].id },
      data: { dimension: '1234.56', lockedAt: new Date('2026-01-02T03:04:05.678Z') },
    });
    for (const email of ['admin@demo.mx', 'propietario@demo.mx', 'inquilino@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx', 'propietario3@demo.mx']) {
      const ctx = await contextOf(email);
      for (const queries of [PLANNED, QUERIES]) {
        const before = t.app.db.statements();
        const plain = await readParts(ctx, ctx.actor!, pending(queries));
        expect(t.app.db.statements() - before, email).toBe(1);
        const prisma = await readSeparately(ctx, ctx.actor!, pending(queries));
        // The plain read adds the house's community, to check it, where the select leaves it out.
        if (plain.house && !('neighborhoodId' in (prisma.house as object))) delete (plain.house as Record<string, unknown>).neighborhoodId;
        expect(plain, email).toEqual(prisma);
        expect((plain.accounts as unknown[]).length, email).toBeGreaterThan(0);
      }
    }
  });

  it("reads the app's own session query and the legacy session in one plain statement", async () => {
    const client = readFileSync(new URL('../../../../client/src/components/SessionProvider.tsx', import.meta.url), 'utf8');
    const appQuery = /graphql`\s*(query SessionProviderQuery[\s\S]*?)`/.exec(client)![1];
    const token = await t.signIn('propietario@demo.mx');
    const sql = vi.spyOn(t.app.db, 'sql');
    try {
      const app = await t.gql(appQuery, {}, { token });
      expect(app.body.errors).toBeUndefined();
      expect(app.body.data.session.accounts.edges.length).toBeGreaterThan(1);
      const legacy = await t.rest('GET', '/users/session', undefined, { token });
      expect(legacy.status).toBe(200);
      expect(legacy.body.accounts.length).toBe(app.body.data.session.accounts.edges.length);
      const plain = sql.mock.calls.filter(([text]) => /^SELECT json_build_object/.test(text));
      expect(plain).toHaveLength(2);
    } finally {
      sql.mockRestore();
    }
  });

  it('pages the accounts as the connection asks', async () => {
    const ctx = await contextOf('propietario@demo.mx');
    const all = (await readParts(ctx, ctx.actor!, pending({ accounts: QUERIES.accounts }))).accounts as { id: number }[];
    expect(all.length).toBeGreaterThan(1);
    const page = (await readParts(ctx, ctx.actor!, pending({ accounts: { ...QUERIES.accounts, take: 1, skip: 1 } }))).accounts as { id: number }[];
    expect(page.map((a) => a.id)).toEqual([all[1].id]);
  });

  it('leaves to Prisma a select that asks for more than columns', () => {
    expect(plainSessionRead(pending({ user: { select: { id: true, memberships: { select: { id: true } } } } }))).toBeNull();
    expect(plainSessionRead(pending({ neighborhood: { include: { streets: true } } }))).toBeNull();
    expect(plainSessionRead(pending({ accounts: { ...QUERIES.accounts, cursor: { id: 3 } } }))).toBeNull();
    expect(plainSessionRead(pending({ accounts: { select: { id: true, user: columns('id') } } }))).toBeNull();
    expect(plainSessionRead(pending(QUERIES))).not.toBeNull();
    expect(plainSessionRead(pending(PLANNED))).not.toBeNull();
  });
});
