import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChargeConcept,
  MESSAGES,
  measuredServiceInputSchema,
  rangeLines,
  ServiceChargeError,
  serviceCharge,
  serviceConceptInputSchema,
} from './measuredServices.js';
import { Money } from './money.js';

const c = (id: number, type: ChargeConcept['type'], extra: Partial<ChargeConcept> = {}): ChargeConcept => ({
  id,
  name: `C${id}`,
  type,
  amount: null,
  calculateIva: false,
  ivaPercent: null,
  base: false,
  ...extra,
});
const water = [
  c(1, 'FIXED', { base: true }),
  c(2, 'PERCENT', { amount: '20', calculateIva: true, ivaPercent: '16' }),
  c(3, 'IVA'),
  c(4, 'SUBTOTAL'),
  c(5, 'TOTAL'),
];
const ranges = [
  { from: '0', to: '10', amounts: { 1: '12.5' } },
  { from: '10.001', to: '20', amounts: { 1: '15' } },
  { from: '20.001', to: '999999', amounts: { 1: '18' } },
];
const amounts = (lines: { type: string; amount: string }[]) => Object.fromEntries(lines.map((l) => [l.type, l.amount]));

describe('range formulas (spec 2)', () => {
  it('PERCENT of the base, SUBTOTAL, IVA of the concepts that compute it, TOTAL', () => {
    expect(amounts(rangeLines(water, { 1: '12.5' }))).toEqual({ FIXED: '12.50', PERCENT: '2.50', IVA: '0.40', SUBTOTAL: '15.00', TOTAL: '15.40' });
    expect(amounts(rangeLines(water, { 1: '' }))).toEqual({ FIXED: '0.00', PERCENT: '0.00', IVA: '0.00', SUBTOTAL: '0.00', TOTAL: '0.00' });
  });
  it('FIXED_TOTAL is a flat amount that counts as FIXED; FIXED is a unit price', () => {
    const concepts = [c(1, 'FIXED', { base: true, calculateIva: true, ivaPercent: '16' }), c(2, 'FIXED_TOTAL'), c(3, 'IVA'), c(4, 'TOTAL')];
    expect(amounts(rangeLines(concepts, { 1: '10', 2: '50' }, '3'))).toEqual({ FIXED: '30.00', FIXED_TOTAL: '50.00', IVA: '4.80', TOTAL: '84.80' });
  });
});

describe('serviceCharge', () => {
  it('TABLE: the range covering the consumption; cost and rate ignored', () => {
    const r = serviceCharge({ type: 'TABLE', concepts: water, ranges, cost: '99', conversionRate: '7', consumption: '12' });
    expect(r.units).toBe('12.000');
    expect(r.range?.from).toBe('10.001');
    expect(amounts(r.lines)).toEqual({ FIXED: '180.00', PERCENT: '36.00', IVA: '5.76', SUBTOTAL: '216.00', TOTAL: '221.76' });
    expect(r.total).toBe('221.76');
    expect(serviceCharge({ type: 'TABLE', concepts: water, ranges, cost: '0', conversionRate: '1', consumption: '10' }).range?.to).toBe('10');
  });
  it('TABLE without a covering range is refused in Spanish', () => {
    expect(() => serviceCharge({ type: 'TABLE', concepts: water, ranges: ranges.slice(0, 1), cost: '0', conversionRate: '1', consumption: '11' })).toThrow(
      new ServiceChargeError(MESSAGES.noRange('11')),
    );
  });
  it('FACTOR without ranges: units × rate × cost on the base', () => {
    const r = serviceCharge({
      type: 'FACTOR',
      concepts: [c(1, 'FIXED', { base: true }), c(2, 'TOTAL')],
      ranges: [],
      cost: '21.5',
      conversionRate: '1.25',
      consumption: '8',
    });
    expect(r.units).toBe('10.000');
    expect(r.total).toBe('215.00');
  });
  it('a negative consumption charges nothing; a non-number is refused', () => {
    expect(serviceCharge({ type: 'TABLE', concepts: water, ranges, cost: '0', conversionRate: '1', consumption: '-3' }).total).toBe('0.00');
    expect(() => serviceCharge({ type: 'FACTOR', concepts: water, ranges: [], cost: 'x', conversionRate: '1', consumption: '1' })).toThrow(ServiceChargeError);
  });
  it('the lines sum to the total to the cent (property)', () => {
    const dec = (max: number, places: number) => fc.integer({ min: 0, max: max * 10 ** places }).map((n) => new Money(n).dividedBy(10 ** places).toString());
    fc.assert(
      fc.property(
        dec(5000, 3),
        dec(100, 4),
        dec(100, 4),
        dec(100, 4),
        dec(1000, 4),
        dec(50, 4),
        dec(5, 6),
        fc.boolean(),
        (cons, price, pct, iva, flat, cost, rate, factor) => {
          const concepts = [
            c(1, 'FIXED', { base: true, calculateIva: true, ivaPercent: iva }),
            c(2, 'PERCENT', { amount: pct, calculateIva: true, ivaPercent: '16' }),
            c(3, 'FIXED_TOTAL'),
            c(4, 'SUBTOTAL'),
            c(5, 'IVA'),
            c(6, 'TOTAL'),
          ];
          const r = serviceCharge({
            type: factor ? 'FACTOR' : 'TABLE',
            concepts,
            ranges: [{ from: '0', to: '999999999', amounts: { 1: price, 3: flat } }],
            cost,
            conversionRate: rate === '0' ? '1' : rate,
            consumption: cons,
          });
          const byType = amounts(r.lines);
          const charged = ['FIXED', 'FIXED_TOTAL', 'PERCENT', 'IVA'].reduce((s, k) => s.plus(byType[k]), new Money(0));
          expect(charged.toFixed(2)).toBe(r.total);
          expect(byType.TOTAL).toBe(r.total);
          expect(new Money(byType.SUBTOTAL).plus(byType.IVA).toFixed(2)).toBe(r.total);
          for (const l of r.lines) expect(l.amount).toMatch(/^\d+\.\d{2}$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('concept rules', () => {
  const parse = (v: unknown) => serviceConceptInputSchema.safeParse(v);
  it('keeps amount only for PERCENT and ivaPercent only with calculateIva', () => {
    expect(parse({ name: ' Consumo ', type: 'FIXED', amount: '5', ivaPercent: '16' }).data).toEqual({
      name: 'Consumo',
      type: 'FIXED',
      amount: null,
      calculateIva: false,
      ivaPercent: null,
    });
    expect(parse({ name: 'Drenaje', type: 'PERCENT', amount: '20.5', calculateIva: true, ivaPercent: 16 }).data).toMatchObject({
      amount: '20.5',
      ivaPercent: '16',
    });
  });
  it('refuses IVA on other types, a missing IVA percent, percents out of 0–100', () => {
    const msg = (v: unknown) => parse(v).error?.issues.map((i) => i.message);
    expect(msg({ name: 'X', type: 'TOTAL', calculateIva: true, ivaPercent: '16' })).toEqual([MESSAGES.ivaOnlyFixedPercent]);
    expect(msg({ name: 'X', type: 'FIXED', calculateIva: true })).toEqual([MESSAGES.ivaPercentRequired]);
    expect(msg({ name: 'X', type: 'FIXED', calculateIva: true, ivaPercent: '100.01' })).toEqual([MESSAGES.ivaPercentRange]);
    expect(msg({ name: 'X', type: 'PERCENT' })).toEqual([MESSAGES.percentRequired]);
  });
});

describe('service rules', () => {
  const catalogue = [
    { id: 1, type: 'FIXED' as const },
    { id: 2, type: 'PERCENT' as const },
    { id: 3, type: 'FIXED_TOTAL' as const },
    { id: 4, type: 'IVA' as const },
    { id: 5, type: 'IVA' as const },
  ];
  const valid = {
    description: 'Agua',
    type: 'TABLE',
    concepts: [{ conceptId: 1, base: true }, { conceptId: 2 }, { conceptId: 3 }],
    ranges: [
      {
        from: '10.001',
        to: '20',
        amounts: [
          { conceptId: 1, amount: '15' },
          { conceptId: 3, amount: '0' },
        ],
      },
      {
        from: '0',
        to: '10',
        amounts: [
          { conceptId: 1, amount: '12.5' },
          { conceptId: 3, amount: '30' },
          { conceptId: 2, amount: '9' },
        ],
      },
    ],
  };
  const issues = (v: unknown) =>
    measuredServiceInputSchema(catalogue)
      .safeParse(v)
      .error?.issues.map((i) => i.message) ?? [];
  it('sorts ranges and drops amounts of concepts that take none', () => {
    const out = measuredServiceInputSchema(catalogue).parse(valid);
    expect(out.ranges.map((r) => r.from)).toEqual(['0', '10.001']);
    expect(out.ranges[0].amounts).toEqual([
      { conceptId: 1, amount: '12.5' },
      { conceptId: 3, amount: '30' },
    ]);
    expect(out.presetCost).toBeNull();
  });
  it('the spec messages', () => {
    expect(issues({ ...valid, ranges: [{ from: '', to: '5', amounts: [] }] })).toEqual([MESSAGES.rangeRequired]);
    expect(issues({ ...valid, ranges: [{ from: '0', to: '5', amounts: [{ conceptId: 1, amount: '1' }] }] })).toEqual([MESSAGES.amountsRequired]);
    expect(issues({ ...valid, concepts: [{ conceptId: 2, base: true }] })).toContain(MESSAGES.baseFixed);
    expect(issues({ ...valid, concepts: [{ conceptId: 1 }, { conceptId: 3 }] })).toContain(MESSAGES.oneBase);
    expect(issues({ ...valid, concepts: [{ conceptId: 1, base: true }, { conceptId: 4 }, { conceptId: 5 }] })).toContain(MESSAGES.oneOfKind);
    expect(issues({ ...valid, concepts: [{ conceptId: 1, base: true }, { conceptId: 1 }] })).toContain(MESSAGES.repeatedConcept);
    expect(issues({ ...valid, concepts: [{ conceptId: 1, base: true }, { conceptId: 99 }] })).toContain(MESSAGES.unknownConcept);
    expect(issues({ ...valid, concepts: Array.from({ length: 7 }, (_, i) => ({ conceptId: i + 1, base: i === 0 })) })).toContain(MESSAGES.tooManyConcepts);
    expect(
      issues({
        ...valid,
        ranges: [
          {
            from: '0',
            to: '10',
            amounts: [
              { conceptId: 1, amount: '1' },
              { conceptId: 3, amount: '1' },
            ],
          },
          {
            from: '10',
            to: '11',
            amounts: [
              { conceptId: 1, amount: '1' },
              { conceptId: 3, amount: '1' },
            ],
          },
        ],
      }),
    ).toEqual([MESSAGES.rangeOverlap]);
    expect(issues({ ...valid, type: 'FACTOR', presetCost: '-1', presetConversionRate: '0' })).toEqual([MESSAGES.presetCost, MESSAGES.presetRate]);
  });
});
