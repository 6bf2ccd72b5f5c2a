import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, sumMoney } from './money.js';
import {
  MAX_WITHDRAWAL_EXPENSES,
  NO_EXPENSES,
  NOT_PAYOUT_ACCOUNT,
  NOT_POSITIVE,
  OVER_MAXIMUM,
  payoutFee,
  TOO_MANY_EXPENSES,
  withdrawalFigures,
  withdrawalProblem,
} from './withdrawals.js';

describe('payout fees', () => {
  it('SPEI to a CLABE: $8.00 + IVA whatever the amount', () => {
    expect(payoutFee('CLABE', '1.00')?.toFixed(2)).toBe('9.28');
    expect(payoutFee('CLABE', '249990.72')?.toFixed(2)).toBe('9.28');
  });

  it('a debit card: 1.20 % with a $10.00 minimum, + IVA, rounded half up to the cent', () => {
    expect(payoutFee('CARD', '100.00')?.toFixed(2)).toBe('11.60');
    expect(payoutFee('CARD', '1000.00')?.toFixed(2)).toBe('13.92');
    // 1234.56 × 1.2 % = 14.81472; × 1.16 = 17.1850752 → 17.19
    expect(payoutFee('CARD', '1234.56')?.toFixed(2)).toBe('17.19');
  });

  it('TERMINAL, CASH and unknown types take no payouts', () => {
    for (const type of ['TERMINAL', 'CASH', '', null, undefined, 'clabe']) expect(payoutFee(type, '10')).toBeNull();
  });
});

describe('withdrawal figures and problems', () => {
  it('total = Σ expense totals + fee', () => {
    expect(withdrawalFigures('CLABE', ['1500.50', '2000.25'])).toEqual({ amount: '3500.75', fee: '9.28', total: '3510.03' });
    expect(withdrawalFigures('CASH', ['1'])).toBeNull();
  });

  it('names the first problem', () => {
    expect(withdrawalProblem('TERMINAL', ['1'])).toBe(NOT_PAYOUT_ACCOUNT);
    expect(withdrawalProblem('CLABE', [])).toBe(NO_EXPENSES);
    expect(withdrawalProblem('CLABE', Array(MAX_WITHDRAWAL_EXPENSES + 1).fill('1'))).toBe(TOO_MANY_EXPENSES);
    expect(withdrawalProblem('CLABE', ['0.00'])).toBe(NOT_POSITIVE);
    expect(withdrawalProblem('CLABE', ['249990.72'])).toBeNull();
    expect(withdrawalProblem('CLABE', ['249990.73'])).toBe(OVER_MAXIMUM);
    expect(OVER_MAXIMUM).toBe('El total de un retiro no puede pasar de $250,000.00');
  });

  it('property: amount is the exact sum, total = amount + fee, fee ≥ 0 and in cents', () => {
    const cents = fc.integer({ min: 1, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));
    fc.assert(
      fc.property(fc.constantFrom('CLABE', 'CARD'), fc.array(cents, { minLength: 1, maxLength: 30 }), (type, totals) => {
        const f = withdrawalFigures(type, totals)!;
        expect(f.amount).toBe(sumMoney(totals).toFixed(2));
        expect(money(f.amount).plus(f.fee).toFixed(2)).toBe(f.total);
        expect(money(f.fee).gte(0)).toBe(true);
        expect(f.fee).toMatch(/^\d+\.\d{2}$/);
        // The card fee grows with the amount; the CLABE fee does not.
        if (type === 'CLABE') expect(f.fee).toBe('9.28');
        else expect(money(f.fee).gte('11.60')).toBe(true);
      }),
    );
  });
});
