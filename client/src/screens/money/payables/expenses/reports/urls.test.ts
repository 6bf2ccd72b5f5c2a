import { describe, expect, it } from 'vitest';
import { expenseDetailsReportUrl, expensePolicyUrl, expenseSummaryReportUrl } from './urls.js';

describe('expense download URLs', () => {
  it('names the policy of an expense', () => {
    expect(expensePolicyUrl(1, 42)).toBe('/api/1.0/neighborhoods/1/expenses/42/policy');
  });

  it('carries the format and only the filters that have a value', () => {
    expect(expenseDetailsReportUrl(1, { status: 'PAID', from: '2026-01-01', to: '', provider: null }, 'xlsx')).toBe(
      '/api/1.0/neighborhoods/1/expenses/export?format=xlsx&status=PAID&from=2026-01-01',
    );
    expect(expenseSummaryReportUrl(1, { fromCharge: '2026-02-01', toCharge: '2026-02-28' }, 'pdf')).toBe(
      '/api/1.0/neighborhoods/1/expenses/report?format=pdf&fromCharge=2026-02-01&toCharge=2026-02-28',
    );
  });
});
