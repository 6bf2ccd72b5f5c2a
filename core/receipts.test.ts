import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  expectedAmount,
  manualPaymentMax,
  receiptActions,
  receiptDocuments,
  receiptGroup,
  statusAfterTerms,
  walletCovers,
  walletTypeFor,
  type ReceiptTerms,
} from './receipts.js';
import { money } from './money.js';

const terms = (over: Partial<ReceiptTerms> = {}): ReceiptTerms => ({
  sourceAmount: '1000.00',
  hasDiscount: true,
  discountType: 'PERCENTAGE',
  discount: '5.00',
  discountEndDate: '2026-11-05',
  discountOverride: null,
  hasPenalty: true,
  penaltyType: 'PERCENTAGE',
  penalty: '10.00',
  deadlineDate: '2026-11-10',
  penaltyOverride: null,
  ...over,
});

describe('expected amount (spec 2 section 4, payment expectation)', () => {
  it('is discounted up to the discount end day, the source amount until the deadline, penalised after it', () => {
    expect(expectedAmount(terms(), '2026-11-01')).toEqual({ discountAmount: '50.00', penaltyAmount: null, amount: '950.00' });
    expect(expectedAmount(terms(), '2026-11-05').amount).toBe('950.00');
    expect(expectedAmount(terms(), '2026-11-06')).toEqual({ discountAmount: null, penaltyAmount: null, amount: '1000.00' });
    expect(expectedAmount(terms(), '2026-11-10').amount).toBe('1000.00');
    expect(expectedAmount(terms(), '2026-11-11')).toEqual({ discountAmount: null, penaltyAmount: '100.00', amount: '1100.00' });
  });

  it('takes fixed amounts, never discounts below zero, and rounds percentages to the cent half up', () => {
    expect(expectedAmount(terms({ discountType: 'AMOUNT', discount: '120.50' }), '2026-11-01').amount).toBe('879.50');
    expect(expectedAmount(terms({ discountType: 'AMOUNT', discount: '5000.00' }), '2026-11-01').amount).toBe('0.00');
    expect(expectedAmount(terms({ penaltyType: 'AMOUNT', penalty: '250.00' }), '2026-12-01').amount).toBe('1250.00');
    expect(expectedAmount(terms({ sourceAmount: '333.33', penalty: '10.00' }), '2026-12-01').penaltyAmount).toBe('33.33');
    expect(expectedAmount(terms({ sourceAmount: '0.05', penalty: '10.00' }), '2026-12-01').penaltyAmount).toBe('0.01');
  });

  it("lets an administrator's override win over the dates", () => {
    expect(expectedAmount(terms({ penaltyOverride: true }), '2026-11-07').amount).toBe('1100.00');
    expect(expectedAmount(terms({ penaltyOverride: false }), '2026-12-01').amount).toBe('1000.00');
    expect(expectedAmount(terms({ discountOverride: true }), '2026-11-07').amount).toBe('950.00');
    expect(expectedAmount(terms({ discountOverride: true }), '2026-11-20').amount).toBe('1050.00');
    expect(expectedAmount(terms({ discountOverride: false }), '2026-11-01').amount).toBe('1000.00');
  });

  it('without rules is the source amount on any day', () => {
    const plain = terms({ hasDiscount: false, hasPenalty: false, discount: null, penalty: null, discountEndDate: null, deadlineDate: null });
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }), (d) => {
        expect(expectedAmount(plain, d.toISOString().slice(0, 10)).amount).toBe('1000.00');
      }),
    );
  });

  it('always equals source − discount + penalty, to the cent, for any amounts and days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 28 }),
        (cents, discountBasis, penaltyBasis, day) => {
          const source = (cents / 100).toFixed(2);
          const t = terms({ sourceAmount: source, discount: (discountBasis / 100).toFixed(2), penalty: (penaltyBasis / 100).toFixed(2) });
          const e = expectedAmount(t, `2026-11-${String(day).padStart(2, '0')}`);
          const computed = money(source)
            .minus(e.discountAmount ?? 0)
            .plus(e.penaltyAmount ?? 0);
          expect(e.amount).toBe((computed.isNegative() ? money(0) : computed).toFixed(2));
          expect(e.discountAmount !== null && e.penaltyAmount !== null).toBe(false);
        },
      ),
    );
  });
});

describe('receipt rules', () => {
  it('groups PAID as COMPLETED and every other status as PENDING', () => {
    expect(receiptGroup('PAID')).toBe('COMPLETED');
    for (const s of ['NEW', 'SENT', 'IN_PROGRESS', 'PENALTY', 'REVIEW', 'CHARGE_BACK'] as const) expect(receiptGroup(s)).toBe('PENDING');
  });

  it('chooses the wallet as spec 1 section 4 says', () => {
    const none = { maintenance: null, agreementId: null, measuredServiceId: null, concept: null };
    expect(walletTypeFor({ ...none, maintenance: { ordinary: true } })).toBe('ORDINARY');
    expect(walletTypeFor({ ...none, maintenance: { ordinary: false } })).toBe('EXTRAORDINARY');
    expect(walletTypeFor({ ...none, agreementId: 3 })).toBe('ORDINARY');
    expect(walletTypeFor({ ...none, measuredServiceId: 9 })).toBe('MEASURED_SERVICE');
    expect(walletTypeFor({ ...none, concept: { increaseBalance: true } })).toBe('ORDINARY');
    expect(walletTypeFor({ ...none, concept: { increaseBalance: false } })).toBe('EXTRAORDINARY');
  });

  it('uses the wallet only when its balance is above zero and covers the amount', () => {
    expect(walletCovers('0.00', '0.00')).toBe(false);
    expect(walletCovers('-10.00', '5.00')).toBe(false);
    expect(walletCovers('99.99', '100.00')).toBe(false);
    expect(walletCovers('100.00', '100.00')).toBe(true);
  });

  it('shows document links by status', () => {
    const none = { externalPayment: false, cfdiXml: false, cfdiPdf: false, attachment: false };
    for (const s of ['PAID', 'SENT', 'PENALTY', 'REVIEW', 'IN_PROGRESS'] as const) expect(receiptDocuments(s, none).receipt).toBe(true);
    expect(receiptDocuments('NEW', none).receipt).toBe(false);
    expect(receiptDocuments('IN_PROGRESS', none).paymentInstructions).toBe(true);
    expect(receiptDocuments('PAID', none).paymentInstructions).toBe(false);
    expect(receiptDocuments('NEW', { ...none, attachment: true }).attachment).toBe(true);
  });

  it('offers nothing that moves money on a PAID receipt but undoing a wallet payment', () => {
    const base = { hasDiscountRule: true, hasPenaltyRule: true, discountAmount: null, penaltyAmount: null, maintenanceId: 1 };
    const paid = receiptActions({ ...base, status: 'PAID', paymentMethod: 'WALLET' }, { admin: true, payer: true, walletBalance: '5000.00', amount: '10.00' });
    expect(
      Object.entries(paid)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(['allowDeletePayment']);
    const open = receiptActions({ ...base, status: 'NEW', paymentMethod: null }, { admin: false, payer: true, walletBalance: '5.00', amount: '10.00' });
    expect(open.allowPayWithWallet).toBe(false);
    expect(open.allowAddPenalization).toBe(false);
    expect(open.allowPayment).toBe(true);
    // Without the online-payment module an owner still registers external payments (their own grants).
    const offline = receiptActions(
      { ...base, status: 'NEW', paymentMethod: null },
      { admin: false, payer: false, externalPayer: true, walletBalance: '0.00', amount: '10.00' },
    );
    expect([offline.allowExternalPayment, offline.allowPayment]).toEqual([true, false]);
  });

  it("does not offer deleting an agreement's receipt (cancelling the agreement removes it and gives the debt back)", () => {
    const r = {
      hasDiscountRule: false,
      hasPenaltyRule: false,
      discountAmount: null,
      penaltyAmount: null,
      maintenanceId: null,
      status: 'NEW' as const,
      paymentMethod: null,
    };
    const who = { admin: true, payer: false, walletBalance: '0.00', amount: '10.00' };
    expect(receiptActions({ ...r, agreementId: 7 }, who).allowDeleteReceipt).toBe(false);
    expect(receiptActions({ ...r, agreementId: null }, who).allowDeleteReceipt).toBe(true);
  });

  it('moves the status with the penalty', () => {
    expect(statusAfterTerms('NEW', '10.00')).toBe('PENALTY');
    expect(statusAfterTerms('PENALTY', null)).toBe('NEW');
    expect(statusAfterTerms('SENT', null)).toBe('SENT');
    expect(statusAfterTerms('REVIEW', '10.00')).toBe('REVIEW');
  });

  it('caps a manual payment by the negative balance, else 100000', () => {
    expect(manualPaymentMax('-1234.50')).toBe('1234.50');
    expect(manualPaymentMax('0.00')).toBe('100000.00');
    expect(manualPaymentMax('300.00')).toBe('100000.00');
    expect(manualPaymentMax(null)).toBe('100000.00');
    // The concept's max_amount_balance replaces the fallback, never the debt.
    expect(manualPaymentMax('0.00', '1500.00')).toBe('1500.00');
    expect(manualPaymentMax(null, '2500.5')).toBe('2500.50');
    expect(manualPaymentMax('-3000.00', '1500.00')).toBe('3000.00');
  });
});
