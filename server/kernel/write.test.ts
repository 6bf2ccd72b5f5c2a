// The write path through a real domain (streets): idempotency keys over REST and GraphQL, concurrent
// duplicates, audit inside the transaction, effects only after commit, retries on serialization failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/testApp.js';
import { systemContext } from './context.js';
import { isRetryable, write } from './write.js';
import { loadViewer } from '../auth/viewer.js';
import { hashToken } from '../auth/tokens.js';

let t: TestApp;
let config: string;
beforeAll(async () => {
  t = await startTestApp();
  config = await t.signIn('config@demo.mx');
});
afterAll(() => t.close());

const streetCount = (name: string) => t.app.db.prisma.street.count({ where: { name } });

describe('idempotency keys', () => {
  it('REST: a repeat with the same Idempotency-Key and body answers the first result and writes once', async () => {
    const headers = { 'idempotency-key': 'alta-calle-ceiba-1' };
    const first = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Ceiba' }, { token: config, headers });
    const again = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Ceiba' }, { token: config, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await streetCount('Calle Ceiba')).toBe(1);
    expect(await t.app.db.prisma.auditLog.count({ where: { entity: 'Street', entityId: String(first.body.id), action: 'CREATE' } })).toBe(1);
  });

  it('REST: the same key with another body answers 422 and writes nothing', async () => {
    const headers = { 'idempotency-key': 'alta-calle-nogal-1' };
    await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Guayacán' }, { token: config, headers });
    const other = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Otra' }, { token: config, headers });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ code: 422, description: 'Esta clave de idempotencia ya se usó con otra solicitud' });
    expect(await streetCount('Calle Otra')).toBe(0);
  });

  it('GraphQL: idempotencyKey in the input; concurrent duplicates write once and the others answer 409 or the first result', async () => {
    const mutation = `mutation($input: CreateStreetInput!) { createStreet(input: $input) { __typename
      ... on MutationCreateStreetSuccess { data { street { databaseId } } } ... on Error { code message } } }`;
    const input = { name: 'Calle Sauce', idempotencyKey: 'alta-calle-sauce' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.gql(mutation, { input }, { token: config })));
    expect(await streetCount('Calle Sauce')).toBe(1);
    const ids = new Set<number>();
    for (const a of answers) {
      if (a.body.data?.createStreet?.data) ids.add(a.body.data.createStreet.data.street.databaseId);
      else
        expect(a.body.data.createStreet).toEqual({
          __typename: 'ConflictError',
          code: 409,
          message: 'Esta operación ya se está procesando; espera su respuesta',
        });
    }
    expect(ids.size).toBe(1);
    const repeat = await t.gql(mutation, { input }, { token: config });
    expect(repeat.body.data.createStreet.data.street.databaseId).toBe([...ids][0]);
  });

  it('a failed write keeps no key: the corrected request with the same key goes through', async () => {
    const headers = { 'idempotency-key': 'alta-calle-vacia' };
    const blank = await t.rest('POST', '/neighborhoods/1/streets', { name: '  ' }, { token: config, headers });
    expect(blank.status).toBe(400);
    const duplicate = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Ceiba' }, { token: config, headers });
    expect(duplicate.status).toBe(409);
    const fixed = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Tabachín' }, { token: config, headers });
    expect(fixed.status).toBe(201);
  });

  it('the header protects the whole request: the same key on another record answers 422 and changes nothing', async () => {
    const a = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Uno' }, { token: config });
    const b = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Dos' }, { token: config });
    const headers = { 'idempotency-key': 'baja-calle' };
    expect((await t.rest('DELETE', `/neighborhoods/1/streets/${a.body.id}`, undefined, { token: config, headers })).status).toBe(200);
    const other = await t.rest('DELETE', `/neighborhoods/1/streets/${b.body.id}`, undefined, { token: config, headers });
    expect(other.status).toBe(422);
    expect(await streetCount('Calle Dos')).toBe(1);
    const repeat = await t.rest('DELETE', `/neighborhoods/1/streets/${a.body.id}`, undefined, { token: config, headers });
    expect(repeat.status).toBe(200);
  });

  it('a key left pending by a write that died is released after ten minutes', async () => {
    const viewer = await loadViewer(t.app.db, config, 'session');
    await t.app.db.prisma.idempotencyKey.create({
      data: { userId: viewer!.userId, key: 'huerfana', operation: 'x', requestHash: 'y', pending: true, createdAt: new Date(Date.now() - 11 * 60_000) },
    });
    const created = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Huérfana' }, { token: config, headers: { 'idempotency-key': 'huerfana' } });
    expect(created.status).toBe(201);
    await t.app.db.prisma.idempotencyKey.create({ data: { userId: viewer!.userId, key: 'en-curso', operation: 'x', requestHash: 'y', pending: true } });
    const busy = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle En Curso' }, { token: config, headers: { 'idempotency-key': 'en-curso' } });
    expect(busy.status).toBe(422);
  });

  it('keys belong to their user and are bounded', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const headers = { 'idempotency-key': 'alta-calle-ceiba-1' };
    const other = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Ceiba Dos' }, { token: admin, headers });
    expect(other.status).toBe(201);
    const long = await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle Larga' }, { token: config, headers: { 'idempotency-key': 'x'.repeat(201) } });
    expect(long.status).toBe(400);
  });
});

describe('the transaction', () => {
  it('rolls the audit record back with the write, and runs effects only after commit', async () => {
    const viewer = await loadViewer(t.app.db, config, 'session');
    const ctx = { ...systemContext({ db: t.app.db, pubsub: null as never, config: null as never }, viewer) };
    const effects: string[] = [];
    await expect(
      write(ctx, { audit: { action: 'TEST', entity: 'Street', entityId: 'rollback' } }, async ({ tx, afterCommit }) => {
        afterCommit(() => effects.push('failed'));
        await tx.street.create({ data: { neighborhoodId: 1, name: 'Calle Fantasma' } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await streetCount('Calle Fantasma')).toBe(0);
    expect(await t.app.db.prisma.auditLog.count({ where: { entityId: 'rollback' } })).toBe(0);
    expect(effects).toEqual([]);

    const id = await write(ctx, { audit: { action: 'TEST', entity: 'Street', entityId: 'commit' } }, async ({ tx, afterCommit }) => {
      afterCommit(() => effects.push('committed'));
      expect(effects).toEqual([]);
      return (await tx.street.create({ data: { neighborhoodId: 1, name: 'Calle Real' } })).id;
    });
    expect(effects).toEqual(['committed']);
    expect(await t.app.db.prisma.auditLog.findFirst({ where: { entityId: 'commit' } })).toMatchObject({ userId: viewer!.userId, neighborhoodId: 1 });
    expect(typeof id).toBe('number');
    expect(hashToken).toBeTypeOf('function');
  });

  it('retries serialization failures and deadlocks, nothing else', async () => {
    expect(isRetryable({ code: 'P2034' })).toBe(true);
    expect(isRetryable({ message: 'could not serialize access due to concurrent update' })).toBe(true);
    expect(isRetryable({ cause: { code: '40P01' } })).toBe(true);
    // @prisma/adapter-pg inside an interactive transaction: the kind, no SQLSTATE.
    expect(isRetryable({ message: 'TransactionWriteConflict', cause: { kind: 'TransactionWriteConflict' } })).toBe(true);
    expect(isRetryable({ code: 'P2002' })).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});
