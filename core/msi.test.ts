import { describe, expect, it } from 'vitest';
import { MSI_MINIMUMS, msiAmountProblem, MsiSettingsSchema } from './msi.js';

describe('interest-free months', () => {
  it('allows 3, 6, 9 and 12 months with minimums 300, 600, 900 and 1200', () => {
    expect(MSI_MINIMUMS).toEqual({ 3: '300.00', 6: '600.00', 9: '900.00', 12: '1200.00' });
  });

  it('an amount, when given, must be at least its minimum', () => {
    expect(msiAmountProblem(3, '300')).toBeNull();
    expect(msiAmountProblem(3, '299.99')).toBe('El monto mínimo para 3 meses es $300.00');
    expect(msiAmountProblem(12, '1199')).toBe('El monto mínimo para 12 meses es $1,200.00');
    expect(msiAmountProblem(12, '')).toBeNull();
    expect(msiAmountProblem(12, null)).toBeNull();
    expect(msiAmountProblem(6, '600.123')).toBe('El monto para 6 meses debe ser una cantidad con hasta dos decimales');
    expect(msiAmountProblem(6, '-700')).toBe('El monto para 6 meses debe ser una cantidad con hasta dos decimales');
    expect(msiAmountProblem(4, '500')).toBe('Los meses permitidos son 3, 6, 9 y 12');
  });

  it('saves only non-empty values, in order, with two decimals', () => {
    const parsed = MsiSettingsSchema.parse({
      months: [
        { months: 12, boundary: '1500' },
        { months: 3, boundary: ' 300.5 ' },
        { months: 6, boundary: '' },
        { months: 9, boundary: null },
      ],
    });
    expect(parsed).toEqual([
      { months: 3, boundary: '300.50' },
      { months: 12, boundary: '1500.00' },
    ]);
  });

  it('names the field of each problem', () => {
    const result = MsiSettingsSchema.safeParse({
      months: [
        { months: 3, boundary: '100' },
        { months: 5, boundary: '900' },
        { months: 3, boundary: '400' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['months.0.boundary', 'El monto mínimo para 3 meses es $300.00'],
      ['months.1.months', 'Los meses permitidos son 3, 6, 9 y 12'],
      ['months.2.months', 'El plazo de 3 meses aparece más de una vez'],
    ]);
  });
});
