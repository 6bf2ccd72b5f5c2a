import { describe, expect, it } from 'vitest';
import {
  accountingAccount,
  between,
  blankToNull,
  capitalize,
  clabe,
  clabeCheckDigit,
  decimal,
  domainFromName,
  formatQuantityInput,
  greaterThan,
  integer,
  invoiceDate,
  length,
  lower,
  parseQuantityInput,
  rfc,
  rfcPersonType,
  timeAfter,
  upper,
} from './validators.js';
import { houseLabel } from './houseLabel.js';

describe('RFC', () => {
  it('accepts natural persons and legal entities, with Ñ and &', () => {
    expect(rfc('GODE561231GR8')).toBeNull();
    expect(rfc('ÑAÑO800101AB1')).toBeNull();
    expect(rfc('A&B010203XY9')).toBeNull();
    expect(rfc('abc010203')).toBeNull(); // suffix optional, lower case normalised
  });
  it("refuses a homoclave whose check character is not a digit or A (SAT's schema refuses it on an invoice)", () => {
    expect(rfc('GODE561231GRZ')).toBe('El RFC no tiene un formato válido');
    expect(rfc('GODE561231GRA')).toBeNull();
  });
  it('rejects the generic RFC XAXX010101000', () => {
    expect(rfc('XAXX010101000')).toMatch(/genérico/);
  });
  it('rejects bad months, days and shapes', () => {
    expect(rfc('GODE561331GR8')).toMatch(/fecha/);
    expect(rfc('GODE560230GR8')).toMatch(/fecha/);
    expect(rfc('GODE560229GR8')).toBeNull();
    expect(rfc('GO1E561231GR8')).toMatch(/formato/);
    expect(rfc('GODEF561231GR8')).toMatch(/formato/);
  });
  it('tells the person type by length', () => {
    expect(rfcPersonType('GODE561231GR8')).toBe('FISICA');
    expect(rfcPersonType('ABC010203XY9')).toBe('MORAL');
    expect(rfcPersonType('ABC')).toBeNull();
  });
});

describe('CLABE', () => {
  it('computes the check digit with weights 3, 7, 1', () => {
    expect(clabeCheckDigit('03218000011835971')).toBe(9);
    expect(clabeCheckDigit('00218000001183597')).toBe(5);
    expect(clabe('032180000118359719')).toBeNull();
    expect(clabe('002180000011835975')).toBeNull();
  });
  it('rejects a wrong check digit and wrong lengths', () => {
    expect(clabe('032180000118359710')).toMatch(/verificador/);
    expect(clabe('00218000011835971')).toMatch(/18 dígitos/);
    expect(clabe('0021800001183597a9')).toMatch(/18 dígitos/);
  });
});

describe('numbers', () => {
  it('integer: optional minus then digits', () => {
    expect(integer('-42')).toBeNull();
    expect(integer('4.2')).not.toBeNull();
    expect(integer('')).not.toBeNull();
  });
  it('decimal with a maximum of decimals', () => {
    expect(decimal(2)('1500.50')).toBeNull();
    expect(decimal(2)('-0.5')).toBeNull();
    expect(decimal(2)('1.505')).toMatch(/2 decimales/);
    expect(decimal()('1.2.3')).not.toBeNull();
    expect(decimal(0)('1.5')).toMatch(/sin decimales/);
  });
  it('between, greater than, length, time after', () => {
    expect(between(1, 10)('10')).toBeNull();
    expect(between(1, 10)('11')).not.toBeNull();
    expect(greaterThan(0)('0')).not.toBeNull();
    expect(length(2, 4)('a')).not.toBeNull();
    expect(length(2, 4)('abcde')).not.toBeNull();
    expect(timeAfter('09:00')('10:30')).toBeNull();
    expect(timeAfter('09:00')('09:00')).not.toBeNull();
  });
  it('accounting account and invoice date', () => {
    expect(accountingAccount('102-01-003')).toBeNull();
    expect(accountingAccount('102--01')).not.toBeNull();
    expect(invoiceDate('2019-01-01')).toBeNull();
    expect(invoiceDate('2018-12-31')).not.toBeNull();
  });
});

describe('input transforms', () => {
  it('blank to null, upper, lower', () => {
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull('x')).toBe('x');
    expect(upper('abc')).toBe('ABC');
    expect(lower('ABC')).toBe('abc');
  });
  it('capitalizes words longer than 2 characters', () => {
    expect(capitalize('maría de la luz')).toBe('María de la Luz');
  });
  it('quantity with thousands separators', () => {
    expect(formatQuantityInput('1234567.5')).toBe('1,234,567.5');
    expect(formatQuantityInput('-1000')).toBe('-1,000');
    expect(parseQuantityInput('1,234,567.50')).toBe('1234567.50');
  });
  it('domain slug from a neighbourhood name', () => {
    expect(domainFromName('Residencial Los Olivos')).toBe('residencial_los_olivos');
    expect(domainFromName('  Torre-Azul  2 ')).toBe('torre-azul_2');
    expect(domainFromName('Las Águilas!')).toBe('las_guilas');
  });
});

describe('house label', () => {
  it('interior, else exterior, else M{block}B{lot}, else cadastral', () => {
    expect(houseLabel({ interiorNumber: 'A-1', exteriorNumber: '10' })).toBe('A-1');
    expect(houseLabel({ exteriorNumber: '10', block: '1', lot: '2' })).toBe('10');
    expect(houseLabel({ block: '3', lot: '7', catastral: 'X' })).toBe('M3B7');
    expect(houseLabel({ catastral: 'OLV-01' })).toBe('OLV-01');
  });
});

describe('phone', () => {
  it('accepts a Mexican number with separators or +52 and keeps its 10 digits', async () => {
    const { normalizePhone, phone } = await import('./validators.js');
    expect(normalizePhone('442 123 4567')).toBe('4421234567');
    expect(normalizePhone('+52 (442) 123-4567')).toBe('4421234567');
    expect(normalizePhone('52.442.123.4567')).toBe('4421234567');
    expect(normalizePhone('123456')).toBeNull();
    expect(normalizePhone('44212345678')).toBeNull();
    expect(phone('abc')).toBe('El teléfono debe tener 10 dígitos');
    expect(phone('4421234567')).toBeNull();
  });
});
