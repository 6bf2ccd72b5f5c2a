// The catalogue of refusals (kernel/reasons.ts): every reason is unique, UPPER_SNAKE and has a Spanish
// message; error classes take reasons; and no refusal in server/ is thrown with a message of its own (a
// new refusal adds its entry to the catalogue).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, InputError, NotFoundError, PaymentError, TooManyAttemptsError, UnauthenticatedError } from './errors.js';
import { isReason, LEGACY_CODES, message, REASONS, type Reason, reason } from './reasons.js';

const ROOT = join(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'server');

/** A template's parameters, whatever they are called: a word, so the message reads as a sentence. */
const sample = new Proxy({}, { get: () => 'prueba' }) as never;
const messageOf = (key: Reason): string => {
  const entry = REASONS[key].message as string | ((p: never) => string);
  return typeof entry === 'function' ? entry(sample) : entry;
};

/** Words a Spanish sentence of this product has and an English one would not (or accents). */
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|ya|en|un|una|tu|su|se|con|para|solo|hay|es|está|existe)\b/i;
const ENGLISH = /\b(the|please|invalid|failed|already|cannot|found|must|should)\b/i;

describe('the catalogue', () => {
  const keys = Object.keys(REASONS) as Reason[];

  it('names each reason once, in UPPER_SNAKE', () => {
    expect(keys.length).toBeGreaterThan(150);
    for (const key of keys) expect(key).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    // An object literal keeps the last of two equal keys: the source must not have two.
    const source = readFileSync(join(SERVER, 'kernel/reasons.ts'), 'utf8');
    const declared = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*): \{/gm)].map((m) => m[1]);
    expect(declared.length).toBe(keys.length);
    expect(declared.filter((k, i) => declared.indexOf(k) !== i)).toEqual([]);
  });

  it('gives every reason a Spanish message (templates filled in)', () => {
    for (const key of keys) {
      const text = messageOf(key);
      expect(typeof text, key).toBe('string');
      expect(text.trim(), key).toBe(text);
      expect(text.length, key).toBeGreaterThan(0);
      if (typeof REASONS[key].message === 'string') {
        expect(text, key).toMatch(SPANISH);
        expect(text, key).not.toMatch(ENGLISH);
        expect(text[0], key).toMatch(/[A-ZÁÉÍÓÚÑ¿¡]/);
      }
    }
  });

  it('does not say the same refusal twice (same message and code under two reasons)', () => {
    const seen = new Map<string, Reason>();
    for (const key of keys) {
      if (typeof REASONS[key].message !== 'string') continue;
      const code = (REASONS[key] as { code?: number }).code;
      const id = `${code ?? ''} ${messageOf(key)}`;
      expect(seen.get(id), `${key} repeats ${seen.get(id)}`).toBeUndefined();
      seen.set(id, key);
    }
  });

  it('fills templates and carries the spec codes', () => {
    expect(reason('STREET_NAME_TAKEN', { name: 'Álamos' })).toEqual({ reason: 'STREET_NAME_TAKEN', message: 'Ya existe una calle llamada Álamos' });
    expect(reason('RECEIPT_ALREADY_PAID')).toEqual({
      reason: 'RECEIPT_ALREADY_PAID',
      message: 'No se completó la solicitud debido a que el recibo fue pagado anteriormente',
      code: LEGACY_CODES.receiptAlreadyPaid,
    });
    expect(message('MEASUREMENTS_MISSING', { count: 1 })).toBe('Falta capturar la medición de 1 propiedad');
    expect(isReason('RECEIPT_ALREADY_PAID')).toBe(true);
    expect(isReason('El recibo no existe')).toBe(false);
  });
});

describe('error classes take reasons', () => {
  it('keeps the class status and the catalogue code and message', () => {
    const paid = new ConflictError('RECEIPT_ALREADY_PAID');
    expect(paid).toMatchObject({ reason: 'RECEIPT_ALREADY_PAID', code: 2079, status: 409, kind: 'CONFLICT' });
    expect(paid.message).toBe('No se completó la solicitud debido a que el recibo fue pagado anteriormente');
    expect(new ConflictError(reason('STREET_NAME_TAKEN', { name: 'Roble' }))).toMatchObject({ reason: 'STREET_NAME_TAKEN', code: 409 });
    expect(new ForbiddenError('FOREIGN_RECEIPT')).toMatchObject({
      reason: 'FOREIGN_RECEIPT',
      code: 403,
      message: 'Solo puedes consultar los recibos de tu propiedad',
    });
    expect(new PaymentError('PAYMENT_GATEWAY_UNAVAILABLE')).toMatchObject({ code: 1004, status: 402 });
    expect(new PaymentError(reason('PAYMENT_DECLINED', { message: 'La tarjeta fue declinada' }), 3001)).toMatchObject({
      reason: 'PAYMENT_DECLINED',
      code: 3001,
      message: 'La tarjeta fue declinada',
    });
  });

  it('gives generic refusals generic reasons', () => {
    expect(new NotFoundError()).toMatchObject({ reason: 'NOT_FOUND', code: 404, message: 'El registro solicitado no existe' });
    expect(new ForbiddenError()).toMatchObject({ reason: 'FORBIDDEN', code: 403 });
    expect(new UnauthenticatedError()).toMatchObject({ reason: 'UNAUTHENTICATED', code: 401 });
    expect(new InputError([{ field: 'name', message: 'Escribe el nombre' }])).toMatchObject({
      reason: 'INVALID_INPUT',
      code: 400,
      message: 'Escribe el nombre',
    });
    expect(new TooManyAttemptsError(15)).toMatchObject({
      reason: 'TOO_MANY_SIGN_IN_ATTEMPTS',
      code: 429,
      message: 'Demasiados intentos de inicio de sesión. Intenta de nuevo en 15 minutos',
    });
  });
});

/**
 * Errors that are not refusals answered to a client, so they keep messages of their own: start-up
 * failures, and the adapters' and file readers' internal errors, which domains turn into a catalogue
 * reason (PAC_REFUSED, PAYMENT_GATEWAY_UNAVAILABLE, CFDI_XML_UNREADABLE, a field issue of an InputError...).
 * GraphQLError is checked on its own below.
 */
const NOT_REFUSALS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'GraphQLError',
  'ConfigError',
  'DatabaseUnavailableError',
  'GatewayUnavailableError',
  'GatewayError',
  'SandboxError',
  'PacError',
  'XmlSyntaxError',
  'SheetError',
  'CaptureSheetError',
]);

function serverSources(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('no refusal outside the catalogue', () => {
  const sources = serverSources().filter((path) => !path.endsWith(join('kernel', 'reasons.ts')));
  const literal = String.raw`(?<q>['"\x60])((?:\\.|(?!\k<q>)[^\\])*)\k<q>`;

  it('throws every error of the kernel classes with a reason, never a message of its own', () => {
    const offenders: string[] = [];
    const construction = new RegExp(String.raw`new\s+([A-Z]\w*Error)\s*\(\s*` + literal, 'g');
    const superCall = new RegExp(String.raw`super\(\s*` + literal, 'g');
    for (const path of sources) {
      const source = readFileSync(path, 'utf8');
      const where = (index: number) => `${relative(ROOT, path)}:${source.slice(0, index).split('\n').length}`;
      for (const m of source.matchAll(construction)) {
        const [, name, , text] = m;
        if (NOT_REFUSALS.has(name)) continue;
        if (!isReason(text)) offenders.push(`${where(m.index)} new ${name}(${m[2]}${text.slice(0, 60)}…)`);
      }
      // An AppError subclass passes its reason to super(): a sentence there is a message of its own.
      if (/extends (AppError|\w+Error) \{/.test(source) && /kernel\/errors\.js/.test(source)) {
        for (const m of source.matchAll(superCall)) if (/\s/.test(m[2]) && !isReason(m[2])) offenders.push(`${where(m.index)} super(${m[2].slice(0, 60)}…)`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('makes refusals with a GraphQL code through the error mapping (toGraphQLError), which adds the reason', () => {
    const offenders: string[] = [];
    const coded = new RegExp(String.raw`new\s+GraphQLError\(\s*` + literal + String.raw`\s*,\s*\{\s*extensions:\s*\{\s*code`, 'g');
    for (const path of sources) {
      const source = readFileSync(path, 'utf8');
      for (const m of source.matchAll(coded)) offenders.push(`${relative(ROOT, path)}: ${m[0].slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
  });
});
