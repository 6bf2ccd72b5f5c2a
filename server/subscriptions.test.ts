import { createServer, type Server } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../tests/testApp.js';

let t: TestApp;
let server: Server;
let url: string;
beforeAll(async () => {
  t = await startTestApp();
  server = createServer(createServerAdapter(t.app.fetch));
  t.app.attachWebsocket(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  url = `ws://127.0.0.1:${address.port}/graphql`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function client(connectionParams: Record<string, unknown>): Client {
  return createClient({ url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
}

function nextEvent(c: Client, query: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const dispose = c.subscribe({ query }, {
      next: (value) => {
        dispose();
        resolve(value);
      },
      error: reject,
      complete: () => {},
    });
  });
}

describe('graphql-ws on a real socket', () => {
  it('delivers session events to a client authenticated with the public token', async () => {
    const token = await t.signIn('propietario@demo.mx');
    const { body } = await t.gql('{ session { publicToken } }', {}, { token });
    const c = client({ publicToken: body.data.session.publicToken });
    const event = nextEvent(c, 'subscription { sessionEvents { kind thisSession } }');
    await new Promise((r) => setTimeout(r, 300));
    const update = await t.rest('PUT', '/users/me/basic', { first_name: 'Patricia' }, { token });
    expect(update.status).toBe(200);
    expect(await event).toEqual({ data: { sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } } });
    await c.dispose();
  });

  it('tells other tabs when the session signs out (bearer token on connection_init)', async () => {
    const token = await t.signIn('residente@demo.mx');
    const c = client({ authorization: `Bearer ${token}` });
    const event = nextEvent(c, 'subscription { sessionEvents { kind thisSession } }');
    await new Promise((r) => setTimeout(r, 300));
    await t.gql('mutation { signOut { ok } }', {}, { token });
    expect(await event).toEqual({ data: { sessionEvents: { kind: 'SIGNED_OUT', thisSession: true } } });
    await c.dispose();
  });

  it('carries subscriptions only, and none once the session has ended', async () => {
    const token = await t.signIn('inquilino@demo.mx');
    const { body } = await t.gql('{ session { publicToken } }', {}, { token });
    const c = client({ publicToken: body.data.session.publicToken });
    await expect(nextEvent(c, '{ viewer { email } }')).rejects.toMatchObject([{ message: 'Este canal solo acepta suscripciones' }]);
    await t.gql('mutation { signOut { ok } }', {}, { token });
    await expect(nextEvent(c, 'subscription { sessionEvents { kind } }')).rejects.toBeDefined();
    await c.dispose();
  });

  it('refuses a connection without a valid token', async () => {
    const c = client({ publicToken: 'falso' });
    await expect(nextEvent(c, 'subscription { sessionEvents { kind } }')).rejects.toMatchObject({ code: 4403 });
    await c.dispose();
  });
});
