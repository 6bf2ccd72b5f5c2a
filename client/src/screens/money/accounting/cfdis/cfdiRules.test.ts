import { describe, expect, it } from 'vitest';
import { cancelRequest, cfdiFilters, filterQuery, folioText, globalMonths, mayCancel, mayRetry, regenerateForced } from './cfdiRules.js';

describe('CFDI screen rules', () => {
  it('regenerating is substitution: motive 01 and only 01', () => {
    expect(regenerateForced('01')).toBe(true);
    expect(regenerateForced('02')).toBe(false);
    expect(regenerateForced(null)).toBe(false);
    expect(cancelRequest('01')).toEqual({ motive: '01', regenerate: true });
    expect(cancelRequest('02')).toEqual({ motive: '02', regenerate: false });
    expect(cancelRequest('03')).toEqual({ motive: '03', regenerate: false });
    expect(cancelRequest('04')).toEqual({ motive: '04', regenerate: false });
  });

  it('only stamped invoices cancel, only failed ones retry', () => {
    expect(['PENDING', 'STAMPED', 'ERROR', 'CANCELLED'].filter((s) => mayCancel(s as never))).toEqual(['STAMPED']);
    expect(['PENDING', 'STAMPED', 'ERROR', 'CANCELLED'].filter((s) => mayRetry(s as never))).toEqual(['ERROR']);
  });

  it('folio is serie-folio', () => {
    expect(folioText('A', '128')).toBe('A-128');
    expect(folioText(null, 7)).toBe('7');
    expect(folioText('', '')).toBe('—');
  });

  it('filters from the query string keep only known values and real, ordered dates', () => {
    expect(cfdiFilters(new URLSearchParams('status=ERROR&kind=GLOBAL&from=2026-01-01&to=2026-01-31'))).toEqual({
      status: 'ERROR',
      kind: 'GLOBAL',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(cfdiFilters(new URLSearchParams(`status=DROP&kind=${'x'.repeat(10_000)}&from=2026-02-30&to=hoy`))).toEqual({
      status: null,
      kind: null,
      from: null,
      to: null,
    });
    expect(cfdiFilters(new URLSearchParams('from=2026-03-01&to=2026-01-01')).to).toBeNull();
    expect(filterQuery(new URLSearchParams('status=STAMPED&page=3&page_size=50&from=2026-01-01'))).toBe('status=STAMPED&from=2026-01-01');
  });

  it('global invoice months: this one and the eleven before, across the year', () => {
    const months = globalMonths(new Date(2026, 1, 15));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2026, month: 2 });
    expect(months[1]).toEqual({ year: 2026, month: 1 });
    expect(months[2]).toEqual({ year: 2025, month: 12 });
  });
});
