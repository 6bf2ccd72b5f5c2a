import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNTING_ACCOUNT_KEYS } from '../../../../../core/accounts.js';
import { layoutRows, PolicyBuilder, policyTotals } from './policies.js';

const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => (c / 100).toFixed(2));
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
const account = fc.option(fc.constantFrom('102-01', '401-02-03', 'no es cuenta', ''), { nil: null });
const allAccounts = Object.fromEntries(ACCOUNTING_ACCOUNT_KEYS.map((k, i) => [k, `${100 + i}-01`]));

describe('pólizas', () => {
  it('every póliza balances to the cent, whatever the movements (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day,
            kind: fc.constantFrom(
              'INITIAL_BALANCE',
              'DEPOSIT',
              'RECEIPT_PAID',
              'WALLET_PAYMENT',
              'ADJUSTMENT',
              'TRANSFER',
              'RECEIPT_DELETED',
              'REVERSAL',
              'AGREEMENT',
            ),
            reversedKind: fc.option(fc.constantFrom('DEPOSIT', 'RECEIPT_PAID', 'ADJUSTMENT', 'TRANSFER'), { nil: null }),
            paymentMethod: fc.option(fc.constantFrom('CASH', 'CARD', 'BANK'), { nil: null }),
            bankAccount: account,
            incomeAccount: account,
            walletType: fc.constantFrom('ORDINARY', 'EXTRAORDINARY', 'MEASURED_SERVICE'),
            amount: cents(-10_000_000, 10_000_000),
            penalty: cents(0, 500_000),
          }),
          { maxLength: 40 },
        ),
        fc.array(
          fc
            .record({
              day,
              expenseId: fc.nat(1000),
              subtotal: fc.integer({ min: 0, max: 10_000_000 }),
              discount: fc.integer({ min: 0, max: 100_000 }),
              vat: fc.integer({ min: 0, max: 1_600_000 }),
              retained: fc.integer({ min: 0, max: 100_000 }),
              conceptAccount: account,
              bankAccount: account,
            })
            .map((e) => {
              const discount = Math.min(e.discount, e.subtotal);
              const retained = Math.min(e.retained, e.subtotal - discount + e.vat);
              const total = e.subtotal - discount + e.vat - retained;
              return {
                day: e.day,
                expenseId: e.expenseId,
                folio: `EGR-${e.expenseId}`,
                provider: 'Proveedor',
                description: 'Jardinería',
                subtotal: (e.subtotal / 100).toFixed(2),
                discount: (discount / 100).toFixed(2),
                transferredTaxes: (e.vat / 100).toFixed(2),
                retainedTaxes: (retained / 100).toFixed(2),
                paid: (total / 100).toFixed(2),
                conceptAccount: e.conceptAccount,
                bankAccount: e.bankAccount,
              };
            }),
          { maxLength: 10 },
        ),
        fc.array(fc.record({ day, withdrawalId: fc.nat(100), amount: cents(0, 25_000_000), fee: cents(0, 2_000), bankAccount: account }), { maxLength: 5 }),
        (houses, expenses, withdrawals) => {
          const b = new PolicyBuilder(allAccounts);
          for (const h of houses) b.house(h);
          for (const e of expenses) b.expense(e);
          for (const w of withdrawals) b.withdrawal({ ...w, total: (Number(w.amount) + Number(w.fee)).toFixed(2) });
          const policies = b.policies();
          expect(b.missing.size).toBe(0);
          for (const p of policies) {
            const { debit, credit } = policyTotals(p);
            expect(debit.toFixed(2)).toBe(credit.toFixed(2));
            expect(p.lines.every((l) => l.amount.gt(0) && /^\d+(-\d+)*$/.test(l.account))).toBe(true);
            // The layout's M rows add up the same way (cargo 0, abono 1).
            const rows = layoutRows(p);
            const sum = (side: number) => rows.filter((r) => r[0] === 'M' && r[3] === side).reduce((s, r) => s + Math.round(Number(r[4]) * 100), 0);
            expect(sum(0)).toBe(sum(1));
          }
          // Numbers run per type, in day order.
          for (const type of ['INGRESO', 'EGRESO', 'DIARIO'] as const) {
            const ofType = policies.filter((p) => p.type === type);
            expect(ofType.map((p) => p.number)).toEqual(ofType.map((_, i) => i + 1));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a deposit that pays a receipt: bank against receivables, income (and the penalty) against receivables', () => {
    const b = new PolicyBuilder(allAccounts);
    const base = { day: '2026-03-02', reversedKind: null, bankAccount: null, incomeAccount: null, walletType: 'ORDINARY' };
    b.house({ ...base, kind: 'DEPOSIT', paymentMethod: 'CASH', amount: '1100.00', penalty: '0' });
    b.house({ ...base, kind: 'RECEIPT_PAID', paymentMethod: 'CASH', amount: '-1100.00', penalty: '100.00' });
    const [p] = b.policies();
    expect(p.type).toBe('INGRESO');
    const line = (account: string, side: string) =>
      p.lines
        .filter((l) => l.account === account && l.side === side)
        .reduce((s, l) => s + Number(l.amount), 0)
        .toFixed(2);
    expect(line(allAccounts.CASH, 'DEBIT')).toBe('1100.00');
    expect(line(allAccounts.MAINTENANCE_INCOME, 'CREDIT')).toBe('1000.00');
    expect(line(allAccounts.PENALTY_INCOME, 'CREDIT')).toBe('100.00');
    expect(line(allAccounts.RECEIVABLES, 'DEBIT')).toBe('1100.00');
    expect(line(allAccounts.RECEIVABLES, 'CREDIT')).toBe('1100.00');
  });

  it('names the accounts that are missing', () => {
    const b = new PolicyBuilder({ BANKS: '102-01' });
    b.house({
      day: '2026-03-02',
      kind: 'DEPOSIT',
      reversedKind: null,
      paymentMethod: 'BANK',
      bankAccount: null,
      incomeAccount: null,
      walletType: 'ORDINARY',
      amount: '10.00',
      penalty: '0',
    });
    b.policies();
    expect([...b.missing]).toEqual(['RECEIVABLES']);
  });
});
