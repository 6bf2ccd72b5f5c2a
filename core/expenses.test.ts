import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableForWithdrawal,
  canCharge,
  canDecide,
  canDelete,
  canEdit,
  canPay,
  EXPENSE_MESSAGES,
  EXPENSE_STATUSES,
  ExpenseInputSchema,
  expenseTotals,
  lineAmount,
  taxAmount,
  type ExpenseRuleView,
  type ExpenseStatus,
} from './expenses.js';
import { Money } from './money.js';

const centsArb = fc.integer({ min: 0, max: 10_000_000 }).map((c) => new Money(c).dividedBy(100).toFixed(2));
const qtyArb = fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Money(n).dividedBy(1000).toFixed());
const taxArb = fc.array(fc.record({ amount: centsArb }), { maxLength: 3 });
const lineArb = fc
  .record({ quantity: qtyArb, unitPrice: centsArb, transferred: taxArb, retained: taxArb })
  .chain((l) =>
    fc
      .integer({ min: 0, max: 100 })
      .map((pct) => ({ ...l, discount: lineAmount(l.quantity, l.unitPrice).times(pct).dividedBy(100).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2) })),
  );

describe('expenseTotals', () => {
  it('follows the spec formula to the cent, whatever the order of the lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 8 }), (lines) => {
        const t = expenseTotals(lines);
        const sum = (xs: string[]) => xs.reduce((a, b) => a.plus(b), new Money(0));
        expect(t.subtotal.toFixed(2)).toBe(sum(lines.map((l) => lineAmount(l.quantity, l.unitPrice).toFixed(2))).toFixed(2));
        expect(t.discount.toFixed(2)).toBe(sum(lines.map((l) => l.discount)).toFixed(2));
        expect(t.total.toFixed(2)).toBe(t.subtotal.minus(t.discount).plus(t.transferred).minus(t.retained).toFixed(2));
        // Every amount has two decimals at most.
        for (const m of Object.values(t)) expect(m.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(expenseTotals([...lines].reverse()).total.toFixed(2)).toBe(t.total.toFixed(2));
      }),
    );
  });
  it('adding a line adds its amount minus its discount plus its taxes', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), lineArb, (lines, extra) => {
        const before = expenseTotals(lines).total;
        const after = expenseTotals([...lines, extra]).total;
        const own = expenseTotals([extra]).total;
        expect(after.minus(before).toFixed(2)).toBe(own.toFixed(2));
      }),
    );
  });
  it('rounds each line to the cent half up and computes IVA of the base', () => {
    expect(lineAmount('3', '33.333333').toFixed(2)).toBe('100.00');
    expect(lineAmount('0.5', '0.01').toFixed(2)).toBe('0.01');
    expect(taxAmount('1000.00', '0.16').toFixed(2)).toBe('160.00');
    const t = expenseTotals([
      { quantity: '2', unitPrice: '500', discount: '100', transferred: [{ amount: '144.00' }], retained: [{ amount: '10.00' }] },
      { quantity: '1', unitPrice: '250.50', transferred: [{ amount: '40.08' }] },
    ]);
    expect([t.subtotal, t.discount, t.transferred, t.retained, t.total].map((m) => m.toFixed(2))).toEqual(['1250.50', '100.00', '184.08', '10.00', '1324.58']);
  });
});

describe('the permission and approval matrix', () => {
  const AUTHOR = 1;
  const APPROVER = 2;
  const view = (status: ExpenseStatus, approveRequired: boolean, withdrawalId: number | null = null): ExpenseRuleView => ({
    status,
    approveRequired,
    withdrawalId,
    createdByUserId: AUTHOR,
  });
  // status → [edit with approvals, edit without, decide (approver, not author), pay, charge, withdrawal]
  const table: Record<ExpenseStatus, [boolean, boolean, boolean, boolean, boolean, boolean]> = {
    NEW: [true, true, true, false, false, false],
    EDITED: [true, true, true, false, false, false],
    REJECTED: [true, true, false, false, false, false],
    APPROVED: [false, true, false, true, false, true],
    INVOICE: [false, true, false, true, false, true],
    PAID: [false, false, false, false, true, true],
    CHARGED: [false, false, false, false, false, false],
    DELETED: [false, false, false, false, false, false],
  };
  it.each(EXPENSE_STATUSES.map((s) => [s, ...table[s]] as const))('%s', (status, editReq, editFree, decide, pay, charge, withdrawal) => {
    expect(canEdit(view(status, true))).toBe(editReq);
    expect(canDelete(view(status, true))).toBe(editReq);
    expect(canEdit(view(status, false))).toBe(editFree);
    expect(canDecide(view(status, true), APPROVER, true)).toBe(decide);
    expect(canPay(view(status, true))).toBe(pay);
    expect(canCharge(view(status, true))).toBe(charge);
    expect(availableForWithdrawal(view(status, true))).toBe(withdrawal);
    // Inside a withdrawal nothing is edited, deleted, decided or offered again; it is paid as outside one.
    expect(canEdit(view(status, false, 9))).toBe(false);
    expect(canDecide(view(status, true, 9), APPROVER, true)).toBe(false);
    expect(canPay(view(status, true, 9))).toBe(pay);
    expect(availableForWithdrawal(view(status, true, 9))).toBe(false);
  });
  it('the author never decides, a non-approver never decides, nobody decides without required approvals', () => {
    expect(canDecide(view('NEW', true), AUTHOR, true)).toBe(false);
    expect(canDecide(view('NEW', true), APPROVER, false)).toBe(false);
    expect(canDecide(view('NEW', false), APPROVER, true)).toBe(false);
  });
});

describe('ExpenseInputSchema', () => {
  const base = {
    operationDate: '2026-11-20',
    lines: [{ quantity: '2', unitPrice: '100', description: 'Poda', transferred: [{ taxCode: '002', rate: '0.16', amount: '32.00' }] }],
  };
  it('accepts matching totals and refuses a wrong one', () => {
    expect(ExpenseInputSchema.safeParse({ ...base, subtotal: '200.00', total: '232.00' }).success).toBe(true);
    const wrong = ExpenseInputSchema.safeParse({ ...base, total: '231.99' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe(EXPENSE_MESSAGES.totalMismatch);
  });
  it.each([
    ['negative quantity', { quantity: '-1' }],
    ['zero quantity', { quantity: '0' }],
    ['NaN price', { unitPrice: Number.NaN }],
    ['negative price', { unitPrice: '-5' }],
    ['three-decimal discount', { discount: '1.005' }],
    ['discount above amount', { discount: '300' }],
    ['NUL in description', { description: 'a\u0000b' }],
    ['huge description', { description: 'x'.repeat(100_000) }],
  ])('refuses %s', (_name, change) => {
    expect(ExpenseInputSchema.safeParse({ ...base, lines: [{ ...base.lines[0], ...change }] }).success).toBe(false);
  });
  it('refuses a bad date, no lines and an unknown tax', () => {
    expect(ExpenseInputSchema.safeParse({ ...base, operationDate: '2026-02-30' }).success).toBe(false);
    expect(ExpenseInputSchema.safeParse({ ...base, lines: [] }).success).toBe(false);
    expect(ExpenseInputSchema.safeParse({ ...base, lines: [{ ...base.lines[0], transferred: [{ taxCode: '999', amount: '1' }] }] }).success).toBe(false);
  });
});
