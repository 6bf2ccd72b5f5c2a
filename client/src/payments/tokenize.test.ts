import { describe, expect, it } from 'vitest';
import { cardBrand, cvvLength, deviceSessionId, luhnValid, TokenizeError, tokenizeCard } from './tokenize.js';

const target = { baseUrl: '/sandbox/openpay/', merchantId: 'mdemo0000000000000000', publicKey: 'pk_demo_1' };
const card = { number: '4111 1111 1111 1111', holderName: ' Lucía Hernández ', expirationMonth: 3, expirationYear: 2031, cvv: '123' };

describe('card helpers', () => {
  it('detects brands, CVV lengths and the Luhn check digit', () => {
    expect(cardBrand('4111 1111 1111 1111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('master_card');
    expect(cardBrand('2221000000000009')).toBe('master_card');
    expect(cardBrand('345678000000007')).toBe('american_express');
    expect(cardBrand('6011111111111117')).toBeNull();
    expect(cvvLength('american_express')).toBe(4);
    expect(cvvLength('visa')).toBe(3);
    expect(luhnValid('4111-1111-1111-1111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111111111111111111')).toBe(false);
    expect(luhnValid('abc')).toBe(false);
  });

  it('makes 32-character device session ids that differ', () => {
    const a = deviceSessionId();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(deviceSessionId()).not.toBe(a);
  });
});

describe('tokenizeCard', () => {
  it("posts Openpay's token request with the public key and answers the token id", async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const id = await tokenizeCard(target, card, {
      fetch: (async (url: string, init: RequestInit) => {
        seen = { url, init };
        return Response.json({ id: 'kxyz', card: { card_number: '411111XXXXXX1111' } });
      }) as typeof fetch,
    });
    expect(id).toBe('kxyz');
    expect(seen!.url).toBe('/sandbox/openpay/v1/mdemo0000000000000000/tokens');
    expect(new Headers(seen!.init.headers).get('authorization')).toBe(`Basic ${btoa('pk_demo_1:')}`);
    expect(JSON.parse(String(seen!.init.body))).toEqual({
      card_number: '4111111111111111',
      holder_name: 'Lucía Hernández',
      expiration_year: '31',
      expiration_month: '03',
      cvv2: '123',
    });
  });

  it('throws a typed error with the gateway code, or without one when nothing usable came back', async () => {
    const refused = (async () =>
      Response.json({ category: 'request', error_code: 2004, description: 'bad digit', http_code: 422 }, { status: 422 })) as unknown as typeof fetch;
    await expect(tokenizeCard(target, card, { fetch: refused })).rejects.toMatchObject({ name: 'TokenizeError', code: 2004, httpStatus: 422 });
    const offline = (async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch;
    const error = await tokenizeCard(target, card, { fetch: offline }).catch((e) => e);
    expect(error).toBeInstanceOf(TokenizeError);
    expect(error.code).toBeNull();
    const html = (async () => new Response('<html>', { status: 502 })) as unknown as typeof fetch;
    await expect(tokenizeCard(target, card, { fetch: html })).rejects.toMatchObject({ code: null, httpStatus: 502 });
  });
});
