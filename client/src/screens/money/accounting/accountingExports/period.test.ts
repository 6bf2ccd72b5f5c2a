import { describe, expect, it } from 'vitest';
import { transactionFilter, exportQuery } from '../transactions/variables.js';
import { checkRange, suggestedPeriod } from './period.js';

describe('accounting export form period', () => {
  it('suggests the month after the last export, else the previous month', () => {
    expect(suggestedPeriod('2026-03-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(suggestedPeriod('2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(suggestedPeriod(null, new Date(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(suggestedPeriod(null, new Date(2026, 2, 15))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('refuses from after to', () => {
    expect(checkRange('2026-03-02', '2026-03-01')).toBe(true);
    expect(checkRange('2026-03-01', '2026-03-01')).toBe(false);
  });
});

describe('transactions query string', () => {
  it('reads the filters, ignoring values that name nothing, and builds the export query', () => {
    const search = new URLSearchParams('date_kind=PAYMENT_DATE&from=2026-02-01&to=2026-02-28&source=HOUSE&kind=DEPOSIT&payment_method=GOLD');
    const f = transactionFilter(search);
    expect(f).toEqual({ dateKind: 'PAYMENT_DATE', from: '2026-02-01', to: '2026-02-28', source: 'HOUSE', kinds: ['DEPOSIT'], paymentMethod: null });
    expect(exportQuery(search)).toBe('date_kind=PAYMENT_DATE&from=2026-02-01&to=2026-02-28&source=HOUSE&kind=DEPOSIT');
    const bad = transactionFilter(new URLSearchParams('from=2026-03-01&to=2026-02-01'), new Date(2026, 4, 10));
    expect([bad.from, bad.to, bad.dateKind]).toEqual(['2026-05-01', '2026-05-31', 'SYSTEM_DATE']);
  });
});
