// The SW Sapien adapter against recorded answers (fixtures/, shaped as SW's API answers), served by a fake
// fetch that checks each request: method, path, headers and body.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { CFDI_FIXTURES, testCredential } from '../cfdi/testing.js';
import { pacFor } from './index.js';
import { SwPac } from './sw.js';
import { PacError } from './types.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const stamped = readFileSync(path.join(CFDI_FIXTURES, 'receipt-stamped.xml'), 'utf8');
const BASE = 'https://services.test.sw.com.mx';
const TOKEN = JSON.parse(fixture('sw-auth.json')).data.token as string;

interface Expected {
  method: string;
  path: string;
  check?: (init: RequestInit, headers: Headers) => Promise<void> | void;
  status: number;
  answer: string;
}

function recorded(calls: Expected[]) {
  const queue = [...calls];
  const failures: unknown[] = [];
  const fetch = async (input: string, init: RequestInit) => {
    try {
      const next = queue.shift();
      if (!next) throw new Error(`unexpected request ${init.method} ${input}`);
      const url = new URL(input);
      expect(`${init.method} ${url.pathname}`).toBe(`${next.method} ${next.path}`);
      expect(url.origin).toBe(BASE);
      expect(init.signal).toBeInstanceOf(AbortSignal);
      await next.check?.(init, new Headers(init.headers));
      return new Response(next.answer, { status: next.status, headers: { 'content-type': 'application/json' } });
    } catch (error) {
      failures.push(error);
      throw error;
    }
  };
  return {
    fetch,
    done: () => {
      if (failures.length) throw failures[0];
      expect(queue).toEqual([]);
    },
  };
}

const auth: Expected = {
  method: 'POST',
  path: '/v2/security/authenticate',
  check: (init, headers) => {
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ user: 'demo@example.com', password: 's3cret' });
  },
  status: 200,
  answer: fixture('sw-auth.json'),
};

const stampAnswer = JSON.stringify({
  data: { cfdi: stamped, uuid: 'E1863706-5E95-449A-A15C-02B3A268B27E', fechaTimbrado: '2026-11-23T10:31:05', noCertificadoSAT: '99999000000500000001' },
  status: 'success',
});
const stampCall = (token: string, status = 200, answer = stampAnswer): Expected => ({
  method: 'POST',
  path: '/cfdi33/stamp/v4',
  check: async (init, headers) => {
    expect(headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(init.body).toBeInstanceOf(FormData);
    const file = (init.body as FormData).get('xml');
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe('<cfdi:Comprobante/>');
  },
  status,
  answer,
});

describe('SW Sapien adapter', () => {
  it('authenticates once with user and password, then stamps with the token', async () => {
    const api = recorded([auth, stampCall(TOKEN), stampCall(TOKEN)]);
    const sw = new SwPac({ url: BASE, user: 'demo@example.com', password: 's3cret', fetch: api.fetch });
    const result = await sw.stamp('<cfdi:Comprobante/>');
    expect(result.uuid).toBe('E1863706-5E95-449A-A15C-02B3A268B27E');
    expect(result.stampedAt.toISOString()).toBe('2026-11-23T16:31:05.000Z');
    expect(result.xml).toBe(stamped);
    await sw.stamp('<cfdi:Comprobante/>');
    api.done();
  });

  it('uses a fixed token without authenticating', async () => {
    const api = recorded([stampCall('fixed-token')]);
    await new SwPac({ url: BASE, token: 'fixed-token', fetch: api.fetch }).stamp('<cfdi:Comprobante/>');
    api.done();
  });

  it('maps SW errors to PacError with SW’s message', async () => {
    const api = recorded([stampCall('t', 400, fixture('sw-stamp-error.json'))]);
    const error = await new SwPac({ url: BASE, token: 't', fetch: api.fetch }).stamp('<cfdi:Comprobante/>').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PacError);
    expect(error).toMatchObject({ code: 'CFDI40102', retryable: false });
    expect((error as PacError).message).toContain('El sello del emisor no es válido.');
    api.done();

    const badLogin = recorded([{ ...auth, status: 401, answer: fixture('sw-auth-error.json') }]);
    const authError = await new SwPac({ url: BASE, user: 'demo@example.com', password: 's3cret', fetch: badLogin.fetch })
      .stamp('<cfdi:Comprobante/>')
      .catch((e: unknown) => e);
    expect(authError).toMatchObject({ code: 'AU2000', retryable: false });
    badLogin.done();

    const down = recorded([stampCall('t', 502, '<html>Bad gateway</html>')]);
    const downError = await new SwPac({ url: BASE, token: 't', fetch: down.fetch }).stamp('<cfdi:Comprobante/>').catch((e: unknown) => e);
    expect(downError).toMatchObject({ code: 'HTTP502', retryable: true });
    down.done();

    const offline = new SwPac({
      url: BASE,
      token: 't',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(offline.stamp('<x/>')).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
  });

  it('cancels with the CSD (cer, key, password, motive and substitute)', async () => {
    const credential = testCredential();
    const api = recorded([
      {
        method: 'POST',
        path: '/cfdi33/cancel/csd',
        check: (init, headers) => {
          expect(headers.get('authorization')).toBe('Bearer t');
          expect(headers.get('content-type')).toBe('application/json');
          const body = JSON.parse(String(init.body));
          expect(body).toMatchObject({
            uuid: 'E1863706-5E95-449A-A15C-02B3A268B27E',
            rfc: 'EKU9003173C9',
            password: '12345678a',
            motivo: '01',
            folioSustitucion: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
          });
          expect(Buffer.from(body.b64Cer, 'base64').length).toBeGreaterThan(1000);
          expect(body.b64Key).toMatch(/^[A-Za-z0-9+/=]+$/);
        },
        status: 200,
        answer: fixture('sw-cancel.json'),
      },
      { method: 'POST', path: '/cfdi33/cancel/csd', status: 200, answer: fixture('sw-cancel-refused.json') },
    ]);
    const sw = new SwPac({ url: BASE, token: 't', fetch: api.fetch });
    const request = {
      issuerRfc: 'EKU9003173C9',
      receiverRfc: 'XOJI740919U48',
      uuid: 'E1863706-5E95-449A-A15C-02B3A268B27E',
      total: '2007.96',
      credential,
    };
    const result = await sw.cancel({ ...request, motive: '01', substituteUuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' });
    expect(result.status).toBe('CANCELLED');
    expect(result.acknowledgement).toContain('<EstatusUUID>201</EstatusUUID>');
    await expect(sw.cancel({ ...request, motive: '02' })).rejects.toMatchObject({ code: '205', retryable: false });
    await expect(sw.cancel({ ...request, motive: '01' })).rejects.toMatchObject({ code: 'CANCEL01' });
    api.done();
  });

  it('needs a token or user and password', () => {
    expect(() => new SwPac({ url: BASE })).toThrow(/PAC_TOKEN/);
    expect(() => loadConfig({ PAC: 'sw' })).toThrow(ConfigError);
    const config = loadConfig({ PAC: 'sw', PAC_USER: 'u', PAC_PASSWORD: 'p', PAC_URL: 'https://services.sw.com.mx' });
    expect(config).toMatchObject({ pac: 'sw', pacUrl: 'https://services.sw.com.mx', pacUser: 'u', pacPassword: 'p' });
    expect(pacFor(config)).toBeInstanceOf(SwPac);
    expect(loadConfig({}).pac).toBe('sandbox');
  });
});
