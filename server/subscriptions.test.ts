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
  // With REDIS_URL the events go through Redis, as between instances.
  t = await startTestApp(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
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

/** Time for a subscription to reach the pub/sub (through Redis, the server's SUBSCRIBE is not awaited: longer). */
const subscribed = () => new Promise((r) => setTimeout(r, process.env.REDIS_URL ? 1_500 : 300));

function client(connectionParams: Record<string, unknown>): Client {
  return createClient({ url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
}

function nextEvent(c: Client, query: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const dispose = c.subscribe(
      { query },
      {
        next: (value) => {
          dispose();
          resolve(value);
        },
        error: reject,
        complete: () => {},
      },
    );
  });
}

describe('graphql-ws on a real socket', () => {
  it('delivers session events to a client authenticated with the public token', async () => {
    const token = await t.signIn('propietario@demo.mx');
    const { body } = await t.gql('{ session { publicToken } }', {}, { token });
    const c = client({ publicToken: body.data.session.publicToken });
    const event = nextEvent(c, 'subscription { sessionEvents { kind thisSession } }');
    await subscribed();
    const update = await t.rest('PUT', '/users/me/basic', { first_name: 'Patricia' }, { token });
    expect(update.status).toBe(200);
    expect(await event).toEqual({ data: { sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } } });
    await c.dispose();
  });

  it('tells other tabs when the session signs out (bearer token on connection_init)', async () => {
    const token = await t.signIn('residente@demo.mx');
    const c = client({ authorization: `Bearer ${token}` });
    const event = nextEvent(c, 'subscription { sessionEvents { kind thisSession } }');
    await subscribed();
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

  it('refuses a handshake from another site (Origin), even with a valid token', async () => {
    const token = await t.signIn('propietario@demo.mx');
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url, 'graphql-transport-ws', { origin: 'https://sitio-ajeno.example', headers: { authorization: `Bearer ${token}` } });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
      ws.on('error', () => {});
    });
    expect(status).toBe(403);
  });

  it('accepts a browser of the same host with its cookie; a client without Origin needs a token, not a cookie', async () => {
    const login = await t.rest('POST', '/auth/login', { email: 'inquilino@demo.mx', password: 'demo1234' });
    const cookie = login.response.headers.getSetCookie()[0].split(';')[0];
    const host = new URL(url).host;
    class SameSiteBrowser extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { origin: `http://${host}`, headers: { cookie } });
      }
    }
    class CookieScript extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    }
    const browser = createClient({ url, webSocketImpl: SameSiteBrowser, retryAttempts: 0, lazy: true });
    const event = nextEvent(browser, 'subscription { sessionEvents { kind } }');
    await subscribed();
    await t.rest('PUT', '/users/me/basic', { first_name: 'Iván' }, { cookie });
    expect(await event).toEqual({ data: { sessionEvents: { kind: 'PROFILE_UPDATED' } } });
    await browser.dispose();
    const script = createClient({ url, webSocketImpl: CookieScript, retryAttempts: 0, lazy: true });
    await expect(nextEvent(script, 'subscription { sessionEvents { kind } }')).rejects.toMatchObject({ code: 4403 });
    await script.dispose();
  });

  it('closes the socket with 4401 when its session signs out', async () => {
    const token = await t.signIn('residente@demo.mx');
    const closed = new Promise<number>((resolve) => {
      const c = createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
        lazy: false,
        on: { closed: (e: any) => resolve(e.code) },
      });
      void c;
    });
    await subscribed();
    await t.gql('mutation { signOut { ok } }', {}, { token });
    expect(await closed).toBe(4401);
  });

  it('closes the socket with 4401 when the device is ended from another session, and only that one', async () => {
    const phone = await t.signIn('config@demo.mx');
    const laptop = await t.signIn('config@demo.mx');
    const codes: Record<string, number | null> = { phone: null, laptop: null };
    const open = (name: 'phone' | 'laptop', token: string) =>
      createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
        lazy: false,
        on: { closed: (e: any) => (codes[name] = e.code) },
      });
    const phoneClient = open('phone', phone);
    const laptopClient = open('laptop', laptop);
    await subscribed();
    const ended = await t.rest('DELETE', '/users/me/installations', undefined, { token: laptop });
    expect(ended.body).toEqual({ content: true, ended: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(codes).toEqual({ phone: 4401, laptop: null });
    await phoneClient.dispose();
    await laptopClient.dispose();
  });
  it('gives every socket the event as its own session sees it: sockets of one session share it, another session sees thisSession false', async () => {
    const laptop = await t.signIn('tesoreria@demo.mx');
    const phone = await t.signIn('tesoreria@demo.mx');
    const query = 'subscription { sessionEvents { kind thisSession } }';
    const sockets = {
      laptopA: client({ authorization: `Bearer ${laptop}` }),
      laptopB: client({ authorization: `Bearer ${laptop}` }),
      phone: client({ authorization: `Bearer ${phone}` }),
    };
    const got: Record<string, unknown[]> = { laptopA: [], laptopB: [], phone: [] };
    const stop: Record<string, () => void> = {};
    for (const [name, c] of Object.entries(sockets)) {
      stop[name] = c.subscribe({ query }, { next: (value) => got[name].push(value.data), error: () => {}, complete: () => {} });
    }
    await subscribed();
    expect((await t.rest('PUT', '/users/me/basic', { first_name: 'Tere' }, { token: laptop })).status).toBe(200);
    await expect.poll(() => got.phone.length).toBe(1);
    await expect.poll(() => got.laptopB.length).toBe(1);
    expect(got).toEqual({
      laptopA: [{ sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } }],
      laptopB: [{ sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } }],
      phone: [{ sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: false } }],
    });
    // A socket that completes its subscription gets nothing more; the other sockets of its session still do.
    stop.laptopB();
    await new Promise((r) => setTimeout(r, 100));
    expect((await t.rest('PUT', '/users/me/basic', { first_name: 'Teresa' }, { token: phone })).status).toBe(200);
    await expect.poll(() => got.phone.length).toBe(2);
    await expect.poll(() => got.laptopA.length).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.laptopA[1]).toEqual({ sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: false } });
    expect(got.phone[1]).toEqual({ sessionEvents: { kind: 'PROFILE_UPDATED', thisSession: true } });
    expect(got.laptopB).toHaveLength(1);
    for (const c of Object.values(sockets)) await c.dispose();
  });

  it('closes every socket of a session that signs out, and no socket of another session', async () => {
    const tab = await t.signIn('seguridad@demo.mx');
    const other = await t.signIn('seguridad@demo.mx');
    const codes: (number | null)[] = [null, null, null];
    const open = (i: number, token: string) =>
      createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
        lazy: false,
        on: { closed: (e: any) => (codes[i] = e.code) },
      });
    const clients = [open(0, tab), open(1, tab), open(2, other)];
    await subscribed();
    await t.gql('mutation { signOut { ok } }', {}, { token: tab });
    await expect.poll(() => codes.slice(0, 2)).toEqual([4401, 4401]);
    await subscribed();
    expect(codes[2]).toBeNull();
    for (const c of clients) await c.dispose();
  });
});
