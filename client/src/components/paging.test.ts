import { describe, expect, it } from 'vitest';
import { pageFromSearch, searchWithPage } from './paging.js';
import { checkFile } from './Uploader.js';
import { formatQuantityInput } from '../../../core/validators.js';

describe('pager in the query string', () => {
  it('defaults to page 1 of 20 and computes the offset', () => {
    expect(pageFromSearch(new URLSearchParams())).toEqual({ page: 1, pageSize: 20, offset: 0 });
    expect(pageFromSearch(new URLSearchParams('page=3&page_size=50'))).toEqual({ page: 3, pageSize: 50, offset: 100 });
    expect(pageFromSearch(new URLSearchParams('current_page=2&page_size=10')).offset).toBe(10);
  });
  it('ignores sizes outside 10, 20, 50, 100 and bad pages', () => {
    expect(pageFromSearch(new URLSearchParams('page=-1&page_size=30'))).toEqual({ page: 1, pageSize: 20, offset: 0 });
  });
  it('keeps the other filters when paging', () => {
    expect(searchWithPage(new URLSearchParams('house_status=ACTIVE'), 2, 50).toString()).toBe('house_status=ACTIVE&page=2&page_size=50');
  });
});

describe('uploader limits and quantity input', () => {
  it('checks size and pattern before sending', () => {
    expect(checkFile({ name: 'ine.pdf', size: 1024 }, 5, /\.pdf$/i)).toBeNull();
    expect(checkFile({ name: 'ine.pdf', size: 6 * 1024 * 1024 }, 5, /\.pdf$/i)).toBe('tooLarge');
    expect(checkFile({ name: 'ine.exe', size: 10 }, 5, /\.pdf$/i)).toBe('wrongType');
  });
  it('formats quantities with thousands separators while typing', () => {
    expect(formatQuantityInput('25000.5')).toBe('25,000.5');
  });
});

describe('filters in the query string', () => {
  it('sets a trimmed filter, clears a blank one, and goes back to page 1 keeping the page size', async () => {
    const { searchWithFilter } = await import('./paging.js');
    expect(searchWithFilter(new URLSearchParams('page=3&page_size=50'), 'name', ' cedro ').toString()).toBe('page=1&page_size=50&name=cedro');
    expect(searchWithFilter(new URLSearchParams('name=cedro&page=2'), 'name', '  ').toString()).toBe('page=1');
  });
});
