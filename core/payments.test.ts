import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardBrand, cvvLength, expiryYears, gatewayFee, luhnValid, msiChoices, paymentFee } from './payments.js';
import { money } from './money.js';

describe('online payment fees (spec 2 section 7)', () => {
  it('is the percentage plus the fixed part, rounded to a whole number', () => {
    // 1500 × 2.9% + 2.5 = 46
    expect(gatewayFee('CARD', '1500.00').toFixed(2)).toBe('46.00');
    // 1000 × 2.9% + 2.5 = 31.5 → 32 (half up)
    expect(gatewayFee('STORE', '1000').toFixed(2)).toBe('32.00');
    expect(gatewayFee('BANK', '1234.56').toFixed(2)).toBe('8.00');
  });

  it('is added to the payer total or deducted from the deposit', () => {
    expect(paymentFee('CARD', '1500.00', true)).toEqual({ method: 'CARD', fee: '46.00', total: '1546.00', deposit: '1500.00' });
    expect(paymentFee('CARD', '1500.00', false)).toEqual({ method: 'CARD', fee: '46.00', total: '1500.00', deposit: '1454.00' });
  });

  it('always leaves amount = total − fee (payer pays) or deposit + fee (community pays), to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.constantFrom('CARD', 'STORE', 'BANK'), fc.boolean(), (cents, method, payer) => {
        const amount = money(cents).dividedBy(100);
        const f = paymentFee(method as 'CARD', amount, payer);
        expect(money(f.fee).isInteger()).toBe(true);
        if (payer) expect(money(f.total).minus(f.fee).toFixed(2)).toBe(amount.toFixed(2));
        else expect(money(f.deposit).plus(f.fee).toFixed(2)).toBe(amount.toFixed(2));
      }),
    );
  });
});

describe('card rules (spec 1 sections 5, 6)', () => {
  it('knows the brands, their CVV length and the Luhn check', () => {
    expect(cardBrand('4111 1111 1111 1111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('master_card');
    expect(cardBrand('2223000048400011')).toBe('master_card');
    expect(cardBrand('345678000000007')).toBe('american_express');
    expect(cardBrand('6011000000000004')).toBeNull();
    expect(cvvLength('american_express')).toBe(4);
    expect(cvvLength('visa')).toBe(3);
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111')).toBe(false);
  });

  it('offers expiry years from this one to 24 ahead and MSI by amount', () => {
    expect(expiryYears(2026)).toHaveLength(25);
    expect(expiryYears(2026).at(-1)).toBe(2050);
    const terms = [
      { months: 3, boundary: '300' },
      { months: 12, boundary: '1200' },
      { months: 6, boundary: '600' },
    ];
    expect(msiChoices('599.99', terms)).toEqual([3]);
    expect(msiChoices('1200', terms)).toEqual([3, 6, 12]);
    expect(msiChoices('10', terms)).toEqual([]);
  });
});
