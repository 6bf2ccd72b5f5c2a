// List screens keep page and page_size in the query string; offset = (page-1)*size.
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageFromSearch(search: URLSearchParams): Page {
  const rawSize = Number(search.get('page_size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const rawPage = Number(search.get('page') ?? search.get('current_page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** Sets (or clears, when blank) one filter and goes back to page 1; page_size and the other filters stay. */
export function searchWithFilter(search: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value?.trim()) next.set(key, value.trim());
  else next.delete(key);
  next.set('page', '1');
  return next;
}

export function searchWithPage(search: URLSearchParams, page: number, pageSize: number): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('page', String(page));
  next.set('page_size', String(pageSize));
  return next;
}

/** The connection variables of a list page, and each named filter of the query string (blank is null). */
export function listVariables(search: URLSearchParams, filters: readonly string[] = []): Record<string, unknown> {
  const { pageSize, offset } = pageFromSearch(search);
  const variables: Record<string, unknown> = { first: pageSize, offset };
  for (const name of filters) variables[name] = search.get(name)?.trim() || null;
  return variables;
}

/** The named filters cleared; page back to 1, page size and anything else kept. */
export function searchWithoutFilters(search: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of keys) next.delete(key);
  next.set('page', '1');
  return next;
}
