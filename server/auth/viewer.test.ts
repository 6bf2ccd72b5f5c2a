// The per-token viewer cache: a repeated request within VIEWER_CACHE_MS reads no session row, and
// an ended session is refused at once in this instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/testApp.js';
import { forgetSession, loadViewer, VIEWER_CACHE_MS } from './viewer.js';
import { hashToken } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// Not a public operation: a stale token answers 401.
const SESSION = '{ session { user { email } } houses(first: 1) { totalCount } }';

describe('viewer cache', () => {
  it('keeps a session for a few seconds at most (it bounds staleness across instances)', () => {
    expect(VIEWER_CACHE_MS).toBeGreaterThan(0);
    expect(VIEWER_CACHE_MS).toBeLessThanOrEqual(5000);
  });

  it('answers a repeated request without reading the session again', async () => {
    const token = await t.signIn('admin@demo.mx');
    await t.gql('{ __typename }', {}, { token });
    const before = t.app.db.statements();
    await t.gql('{ __typename }', {}, { token });
    expect(t.app.db.statements() - before).toBe(0);
    forgetSession(hashToken(token));
    const after = t.app.db.statements();
    await t.gql('{ __typename }', {}, { token });
    expect(t.app.db.statements() - after).toBe(1);
  });

  it('keeps other viewers cached when a session only records that it was seen', async () => {
    const a = await t.signIn('admin@demo.mx');
    const b = await t.signIn('config@demo.mx');
    await t.gql('{ __typename }', {}, { token: a });
    // b was last seen long ago: its next request records it, which changes nobody's viewer.
    await t.app.db.prisma.session.updateMany({ where: { tokenHash: hashToken(b) }, data: { lastSeenAt: new Date(Date.now() - 3_600_000) } });
    forgetSession(hashToken(b));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.gql('{ __typename }', {}, { token: a });
    await t.gql('{ __typename }', {}, { token: b });
    const before = t.app.db.statements();
    await t.gql('{ __typename }', {}, { token: a });
    expect(t.app.db.statements() - before).toBe(0);
  });

  it('refuses a token right after sign-out, although it was cached', async () => {
    const token = await t.signIn('admin@demo.mx');
    expect((await t.gql(SESSION, {}, { token })).body.data.session.user.email).toBe('admin@demo.mx');
    expect((await t.gql('mutation { signOut { ok } }', {}, { token })).body.data.signOut.ok).toBe(true);
    const after = await t.gql(SESSION, {}, { token });
    expect(after.status).toBe(401);
  });

  it('forgets every cached viewer when a session row is ended by any code path', async () => {
    const token = await t.signIn('admin@demo.mx');
    expect((await t.gql(SESSION, {}, { token })).status).toBe(200);
    await t.app.db.prisma.session.updateMany({ where: { tokenHash: hashToken(token) }, data: { endedAt: new Date() } });
    expect((await t.gql(SESSION, {}, { token })).status).toBe(401);
  });

  it('refuses a device ended from another session at once, although it was cached', async () => {
    const phone = await t.signIn('admin@demo.mx');
    const laptop = await t.signIn('admin@demo.mx');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the quiet time of earlier writes
    expect((await t.gql(SESSION, {}, { token: phone })).status).toBe(200);
    expect((await t.gql(SESSION, {}, { token: laptop })).status).toBe(200);
    const ended = await t.gql(
      'mutation { endDevices(input: {}) { __typename ... on MutationEndDevicesSuccess { data { endedCount } } } }',
      {},
      { token: laptop },
    );
    expect(ended.body.data.endDevices.data.endedCount).toBeGreaterThanOrEqual(1);
    expect((await t.gql(SESSION, {}, { token: phone })).status).toBe(401);
    expect((await t.gql(SESSION, {}, { token: laptop })).status).toBe(200);
  });

  it('forgets cached viewers when a session is ended through Kysely', async () => {
    const token = await t.signIn('admin@demo.mx');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the quiet time of earlier writes
    expect((await t.gql(SESSION, {}, { token })).status).toBe(200);
    const before = t.app.db.statements();
    await t.gql('{ __typename }', {}, { token });
    expect(t.app.db.statements() - before).toBe(0); // cached
    await t.app.db.kysely.updateTable('Session').set({ endedAt: new Date() }).where('tokenHash', '=', hashToken(token)).execute();
    expect((await t.gql(SESSION, {}, { token })).status).toBe(401);
  });

  it('finds a session by id with a uuid, and nothing for an id that is not one', async () => {
    const token = await t.signIn('admin@demo.mx');
    const session = await t.app.db.prisma.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect((await loadViewer(t.app.db, session.id, 'id'))?.email).toBe('admin@demo.mx');
    const before = t.app.db.statements();
    expect(await loadViewer(t.app.db, 'no-es-uuid', 'id')).toBeNull();
    expect(await loadViewer(t.app.db, `${session.id}' OR '1'='1`, 'id')).toBeNull();
    expect(t.app.db.statements() - before).toBe(0);
  });

  it('forgets by session id too', async () => {
    const token = await t.signIn('admin@demo.mx');
    await t.gql('{ __typename }', {}, { token });
    const session = await t.app.db.prisma.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    // A write outside Prisma and the driver (another instance) is seen after forgetSession.
    forgetSession(session.id);
    const before = t.app.db.statements();
    await t.gql('{ __typename }', {}, { token });
    expect(t.app.db.statements() - before).toBe(1);
  });
});
