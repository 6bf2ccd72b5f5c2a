import { describe, expect, it } from 'vitest';
import {
  amenityFormSchema,
  amenitySchema,
  AVAILABLE_TO_BEFORE_FROM,
  CONCEPT_REQUIRED,
  COST_INVALID,
  DATE_INVALID,
  DEBT_AMOUNT_INVALID,
  debtRuleOf,
  DEPOSIT_INVALID,
  depositAllowed,
  FROM_REQUIRED,
  HOUR_INVALID,
  parseDay,
  parseHour,
  TO_AFTER_FROM,
} from './amenities.js';

const base = { name: 'Salón de usos múltiples', fromTime: '09:00', toTime: '22:00' };
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('amenity hours and dates', () => {
  it('reads HH:mm (and legacy HH:mm:ss) and refuses anything else', () => {
    expect(parseHour('09:00')).toBe('09:00');
    expect(parseHour(' 23:59:59 ')).toBe('23:59');
    for (const bad of ['24:00', '9:00', '09:60', '0900', '', 'nueve']) expect(parseHour(bad)).toBeNull();
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    for (const bad of ['2026-02-30', '2026-2-1', '28/02/2026', '2026-02-28T00:00:00Z']) expect(parseDay(bad)).toBeNull();
  });

  it('needs both opening hours, the closing one after the opening one', () => {
    const schema = amenitySchema({ collections: false });
    expect(schema.parse({ ...base, fromTime: '07:30:00', toTime: '20:00' })).toMatchObject({ fromTime: '07:30', toTime: '20:00' });
    expect(issues(schema.safeParse({ ...base, fromTime: '' }))).toEqual([['fromTime', FROM_REQUIRED]]);
    expect(issues(schema.safeParse({ ...base, toTime: '25:00' }))).toEqual([['toTime', HOUR_INVALID]]);
    expect(issues(schema.safeParse({ ...base, fromTime: '22:00', toTime: '09:00' }))).toEqual([['toTime', TO_AFTER_FROM]]);
    expect(issues(schema.safeParse({ ...base, fromTime: '09:00', toTime: '09:00' }))).toEqual([['toTime', TO_AFTER_FROM]]);
  });

  it('keeps the availability dates in order; blank dates are none', () => {
    const schema = amenitySchema({ collections: false });
    expect(schema.parse({ ...base, availableFrom: '', availableTo: null })).toMatchObject({ availableFrom: null, availableTo: null });
    expect(schema.parse({ ...base, availableFrom: '2026-01-01', availableTo: '2026-01-01' })).toMatchObject({ availableTo: '2026-01-01' });
    expect(issues(schema.safeParse({ ...base, availableFrom: '2026-03-01', availableTo: '2026-02-01' }))).toEqual([['availableTo', AVAILABLE_TO_BEFORE_FROM]]);
    expect(issues(schema.safeParse({ ...base, availableFrom: '2026-02-30' }))).toEqual([['availableFrom', DATE_INVALID]]);
  });
});

describe('amenity money', () => {
  it('takes amounts of zero or more with two decimals; the debt limit may be negative', () => {
    const schema = amenitySchema({ collections: true, defaultConceptId: 'c1' });
    expect(schema.parse({ ...base, cost: '800', deposit: '1000.5', maxOrdinaryDebt: '-250' })).toMatchObject({
      cost: '800.00',
      deposit: null,
      maxOrdinaryDebt: '-250.00',
    });
    expect(schema.parse({ ...base, cost: '', deposit: ' ' })).toMatchObject({ cost: null, deposit: null, maxOrdinaryDebt: null });
    expect(issues(schema.safeParse({ ...base, cost: '-1', deposit: '1.234' }))).toEqual([
      ['cost', COST_INVALID],
      ['deposit', DEPOSIT_INVALID],
    ]);
    expect(issues(schema.safeParse({ ...base, cost: '1e5' }))).toEqual([['cost', COST_INVALID]]);
  });

  it('removes the deposit when max_ordinary_debt is zero or less (spec 3 section 5), keeps it otherwise', () => {
    const schema = amenitySchema({ collections: true });
    expect(schema.parse({ ...base, deposit: '1000', maxOrdinaryDebt: '0' }).deposit).toBeNull();
    expect(schema.parse({ ...base, deposit: '1000', maxOrdinaryDebt: '-0.01' }).deposit).toBeNull();
    expect(schema.parse({ ...base, deposit: '1000', maxOrdinaryDebt: '0.01' }).deposit).toBe('1000.00');
    expect(schema.parse({ ...base, deposit: '1000', maxOrdinaryDebt: '' }).deposit).toBe('1000.00');
    expect(depositAllowed(null)).toBe(true);
    expect(depositAllowed('0.00')).toBe(false);
    expect(depositAllowed('-5')).toBe(false);
    expect(depositAllowed('5')).toBe(true);
  });

  it('charges a cost under a concept with COBRANZA: the AMENITY default, else it is required', () => {
    expect(amenitySchema({ collections: true, defaultConceptId: 'amenity' }).parse({ ...base, cost: '800' }).receiptConceptId).toBe('amenity');
    expect(amenitySchema({ collections: true, defaultConceptId: 'amenity' }).parse({ ...base, cost: '800', receiptConceptId: 'other' }).receiptConceptId).toBe(
      'other',
    );
    expect(issues(amenitySchema({ collections: true }).safeParse({ ...base, cost: '800' }))).toEqual([['receiptConceptId', CONCEPT_REQUIRED]]);
    // Free, or without collections: no concept needed.
    expect(amenitySchema({ collections: true }).parse({ ...base, cost: '0' }).receiptConceptId).toBeNull();
    expect(amenitySchema({ collections: false }).parse({ ...base, cost: '800' }).receiptConceptId).toBeNull();
  });
});

describe('the form presents the debt limit as a rule', () => {
  it('maps each rule to max_ordinary_debt and back', () => {
    const schema = amenityFormSchema({ collections: true, defaultConceptId: 'c' });
    const form = { ...base, debtAmount: '' };
    expect(schema.parse({ ...form, debtRule: 'NONE', deposit: '100' })).toMatchObject({ maxOrdinaryDebt: null, deposit: '100.00' });
    expect(schema.parse({ ...form, debtRule: 'UP_TO_DATE', deposit: '100' })).toMatchObject({ maxOrdinaryDebt: '0.00', deposit: null });
    expect(schema.parse({ ...form, debtRule: 'DEBT_UP_TO', debtAmount: '500' })).toMatchObject({ maxOrdinaryDebt: '-500.00' });
    expect(schema.parse({ ...form, debtRule: 'BALANCE_AT_LEAST', debtAmount: '300.5', deposit: '50' })).toMatchObject({
      maxOrdinaryDebt: '300.50',
      deposit: '50.00',
    });
    expect(issues(schema.safeParse({ ...form, debtRule: 'DEBT_UP_TO', debtAmount: '' }))).toEqual([['debtAmount', DEBT_AMOUNT_INVALID]]);
    expect(issues(schema.safeParse({ ...form, debtRule: 'BALANCE_AT_LEAST', debtAmount: '0' }))).toEqual([['debtAmount', DEBT_AMOUNT_INVALID]]);
    expect(debtRuleOf(null)).toEqual({ rule: 'NONE', amount: '' });
    expect(debtRuleOf('0.00')).toEqual({ rule: 'UP_TO_DATE', amount: '' });
    expect(debtRuleOf('-500.00')).toEqual({ rule: 'DEBT_UP_TO', amount: '500.00' });
    expect(debtRuleOf('300.50')).toEqual({ rule: 'BALANCE_AT_LEAST', amount: '300.50' });
  });

  it('answers names, lengths and text armour in Spanish', () => {
    const schema = amenitySchema({ collections: false });
    expect(issues(schema.safeParse({ ...base, name: '  ' }))).toEqual([['name', 'El nombre del espacio común es requerido']]);
    expect(issues(schema.safeParse({ ...base, name: 'a'.repeat(121) }))).toEqual([
      ['name', 'El nombre del espacio común debe tener como máximo 120 caracteres'],
    ]);
    expect(issues(schema.safeParse({ ...base, description: 'a\u0000b' }))).toEqual([['description', 'La descripción contiene caracteres no permitidos']]);
    expect(schema.parse({ ...base, reservationUnit: null, ownersOnly: null, enabled: null })).toMatchObject({
      reservationUnit: 'HOUR',
      ownersOnly: false,
      enabled: true,
    });
  });
});
