import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CentsTotal, formatMoney, formatPesos, money, parseMoney, sameMoney, sumMoney } from './money.js';

describe('CentsTotal', () => {
  it('sums exactly what sumMoney sums, two-decimal text or not (property)', () => {
    const amount = fc.oneof(
      fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n }).map((c) => money(c.toString()).div(100).toFixed(2)),
      fc.constantFrom('0', '-0.5', '12.3', '7', '0.05', '-0.05', '999999999999.99'),
    );
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 200 }), (values) => {
        const total = new CentsTotal();
        for (const v of values) total.add(v);
        expect(formatMoney(total.total)).toBe(formatMoney(sumMoney(values)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('money', () => {
  it('adds to the cent where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatMoney(money('0.1').plus('0.2'))).toBe('0.30');
    expect(formatMoney(sumMoney(Array.from({ length: 1000 }, () => '0.01')))).toBe('10.00');
    expect(formatMoney(sumMoney(['999999999999.99', '-999999999999.98']))).toBe('0.01');
  });

  it('parses typed amounts with up to two decimals and twelve integer digits', () => {
    expect(parseMoney(' 1500.5 ')?.toFixed(2)).toBe('1500.50');
    expect(parseMoney('-3')?.toFixed(2)).toBe('-3.00');
    for (const bad of ['', '1.234', '1e3', 'abc', '1,500.00', '1234567890123', 'NaN', 'Infinity', '0x10']) expect(parseMoney(bad)).toBeNull();
  });

  it('prints two decimals, rounding half up, and pesos with thousands separators', () => {
    expect(formatMoney('1500.5')).toBe('1500.50');
    expect(formatMoney({ toFixed: (n: number) => (1.005).toFixed(n) })).toBe('1.00');
    expect(formatMoney(money('1.005'))).toBe('1.01');
    expect(formatPesos('1234567.5')).toBe('$1,234,567.50');
    expect(formatPesos('-50')).toBe('-$50.00');
  });

  it('compares to the cent', () => {
    expect(sameMoney('10', '10.00')).toBe(true);
    expect(sameMoney(null, undefined)).toBe(true);
    expect(sameMoney('10.01', '10')).toBe(false);
    expect(sameMoney(null, '0')).toBe(false);
  });
});
