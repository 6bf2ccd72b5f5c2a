import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsClamped, agreementParametersSchema, agreementPlan, AGREEMENT_MESSAGES, planLineDescription, planProblems } from './agreements.js';
import { money, sumMoney } from './money.js';

const params = (over: Record<string, unknown> = {}) =>
  agreementParametersSchema.parse({ downPayment: '0', instalments: 3, firstDueDate: '2026-12-01', frequency: 'MONTHLY', ...over });
const TODAY = '2026-11-25';

describe('agreement plan', () => {
  it('splits the debt into a down payment due today and equal instalments, the last absorbing the remainder', () => {
    const plan = agreementPlan('1000.00', params({ downPayment: '100.00', instalments: 7 }), TODAY);
    expect(plan.lines[0]).toEqual({ number: 0, kind: 'DOWN_PAYMENT', dueDate: TODAY, amount: '100.00' });
    expect(plan.lines.slice(1).map((l) => l.amount)).toEqual(['128.57', '128.57', '128.57', '128.57', '128.57', '128.57', '128.58']);
    expect(plan.instalmentAmount).toBe('128.57');
    expect(plan.total).toBe('1000.00');
  });

  it('has no down-payment line when it is zero', () => {
    const plan = agreementPlan('300.00', params({ instalments: 3 }), TODAY);
    expect(plan.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['INSTALMENT', '100.00'],
      ['INSTALMENT', '100.00'],
      ['INSTALMENT', '100.00'],
    ]);
  });

  it('dates instalments weekly, biweekly and monthly with month-end clamping', () => {
    const dates = (frequency: string, first: string) =>
      agreementPlan('400.00', params({ instalments: 4, frequency, firstDueDate: first }), TODAY).lines.map((l) => l.dueDate);
    expect(dates('WEEKLY', '2026-12-29')).toEqual(['2026-12-29', '2027-01-05', '2027-01-12', '2027-01-19']);
    expect(dates('BIWEEKLY', '2026-12-01')).toEqual(['2026-12-01', '2026-12-15', '2026-12-29', '2027-01-12']);
    expect(dates('MONTHLY', '2027-01-31')).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(addMonthsClamped('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('describes each line', () => {
    expect(planLineDescription(12, { kind: 'INSTALMENT', number: 2 }, 6)).toBe('Convenio 12 · parcialidad 2 de 6');
    expect(planLineDescription(12, { kind: 'DOWN_PAYMENT', number: 0 }, 6)).toBe('Convenio 12 · enganche');
  });

  it('refuses what cannot be a plan', () => {
    expect(planProblems('0', params(), TODAY)).toEqual([{ field: 'debt', message: AGREEMENT_MESSAGES.noDebt }]);
    expect(planProblems('-5', params(), TODAY)[0].field).toBe('debt');
    expect(planProblems('100.00', params({ downPayment: '100.00' }), TODAY)).toEqual([
      { field: 'downPayment', message: AGREEMENT_MESSAGES.downPaymentTooHigh },
    ]);
    expect(planProblems('0.05', params({ instalments: 6 }), TODAY)).toEqual([{ field: 'instalments', message: AGREEMENT_MESSAGES.tooSmall }]);
    expect(planProblems('0.06', params({ instalments: 6 }), TODAY)).toEqual([]);
    expect(planProblems('100.00', params({ firstDueDate: '2026-11-24' }), TODAY)).toEqual([{ field: 'firstDueDate', message: AGREEMENT_MESSAGES.pastDate }]);
    expect(planProblems('100.00', params({ firstDueDate: TODAY }), TODAY)).toEqual([]);
    expect(planProblems('100.00', params({ firstDueDate: '2028-01-01' }), TODAY)[0].field).toBe('firstDueDate');
  });

  it('validates the parameters with Spanish messages', () => {
    const bad = (over: Record<string, unknown>) =>
      agreementParametersSchema.safeParse({ downPayment: '0', instalments: 3, firstDueDate: '2026-12-01', frequency: 'MONTHLY', ...over });
    for (const instalments of [0, 61, 1000, 2.5, 'x', 1e308]) expect(bad({ instalments }).success).toBe(false);
    for (const downPayment of ['-1', '1.234', 'abc', '1e3', '9999999999999', 'a\u0000', '1'.repeat(10_000)]) expect(bad({ downPayment }).success).toBe(false);
    for (const firstDueDate of ['2026-02-30', '26-12-01', '', '2026-12-01\u0000']) expect(bad({ firstDueDate }).success).toBe(false);
    expect(bad({ frequency: 'DAILY' }).error?.issues[0].message).toBe('La periodicidad debe ser semanal, quincenal o mensual');
    expect(bad({ instalments: 0 }).error?.issues[0].message).toBe('El número de parcialidades debe ser de 1 a 60');
    expect(bad({ downPayment: '' }).data?.downPayment).toBe('0');
  });

  it('always sums to the debt to the cent, every instalment within a cent of the others (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_999_999 }),
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('WEEKLY', 'BIWEEKLY', 'MONTHLY'),
        fc.integer({ min: 0, max: 366 }),
        (debtCents, n, share, frequency, offset) => {
          const debt = money(debtCents).dividedBy(100);
          const downCents = Math.min(Math.floor(debtCents * share), debtCents - 1);
          const down = money(downCents).dividedBy(100);
          const first = new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
          const p = params({ downPayment: down.toFixed(2), instalments: n, frequency, firstDueDate: first });
          const problems = planProblems(debt, p, TODAY);
          if (debtCents - downCents < n) {
            expect(problems.map((x) => x.field)).toEqual(['instalments']);
            return;
          }
          expect(problems).toEqual([]);
          const plan = agreementPlan(debt, p, TODAY);
          expect(sumMoney(plan.lines.map((l) => l.amount)).toFixed(2)).toBe(debt.toFixed(2));
          expect(plan.total).toBe(debt.toFixed(2));
          const instalments = plan.lines.filter((l) => l.kind === 'INSTALMENT');
          expect(instalments).toHaveLength(n);
          const each = money(plan.instalmentAmount);
          for (const l of instalments.slice(0, -1)) expect(l.amount).toBe(each.toFixed(2));
          const lastExtra = money(instalments.at(-1)!.amount).minus(each);
          expect(lastExtra.greaterThanOrEqualTo(0) && lastExtra.lessThan(money(n).dividedBy(100))).toBe(true);
          for (const l of plan.lines) expect(money(l.amount).greaterThan(0)).toBe(true);
          const dates = instalments.map((l) => l.dueDate);
          expect(dates[0]).toBe(first);
          for (let i = 1; i < dates.length; i++) expect(dates[i] > dates[i - 1]).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
