// What the CFDI screens show and allow (spec 1 section 5, spec 2 "Invoice (CFDI)"): status colours,
// SAT's cancellation motives and the regenerate rule, the query-string filters of the list.
import { isDate } from '../../receivables/balances/variables.js';

export const CFDI_STATUSES = ['PENDING', 'STAMPED', 'ERROR', 'CANCELLED'] as const;
export type CfdiStatus = (typeof CFDI_STATUSES)[number];

export const CFDI_KINDS = ['RECEIPT', 'GLOBAL', 'PAYMENT'] as const;
export type CfdiKind = (typeof CFDI_KINDS)[number];

export const CFDI_STATUS_COLORS: Record<CfdiStatus, string> = {
  PENDING: 'yellow',
  STAMPED: 'green',
  ERROR: 'red',
  CANCELLED: 'gray',
};

/** SAT's cancellation motives (Anexo 20, c_MotivoCancelacion). */
export const CANCEL_MOTIVES = ['01', '02', '03', '04'] as const;
export type CancelMotive = (typeof CANCEL_MOTIVES)[number];

/**
 * Motive 01 cancels an invoice that another one replaces (SAT asks for the substitute's UUID): the
 * replacement is always issued. Regenerating is SAT's substitution, so it goes with 01 only (the server
 * refuses a substitute under 02–04 and 01 without one).
 */
export function regenerateForced(motive: CancelMotive | null | undefined): boolean {
  return motive === '01';
}

/** What the cancel dialog sends. */
export function cancelRequest(motive: CancelMotive): { motive: CancelMotive; regenerate: boolean } {
  return { motive, regenerate: regenerateForced(motive) };
}

export function isCfdiStatus(value: unknown): value is CfdiStatus {
  return (CFDI_STATUSES as readonly unknown[]).includes(value);
}
export function isCfdiKind(value: unknown): value is CfdiKind {
  return (CFDI_KINDS as readonly unknown[]).includes(value);
}

/** Only a stamped invoice can be cancelled before SAT. */
export function mayCancel(status: CfdiStatus): boolean {
  return status === 'STAMPED';
}

/** A failed stamp can be retried; a pending one is still in the queue. */
export function mayRetry(status: CfdiStatus): boolean {
  return status === 'ERROR';
}

/** "A-128" (serie and folio), or the folio alone. */
export function folioText(serie: string | null | undefined, folio: string | number | null | undefined): string {
  const f = folio === null || folio === undefined || folio === '' ? '' : String(folio);
  if (!serie) return f || '—';
  return f ? `${serie}-${f}` : serie;
}

/** The list's filters from the query string: status, kind and the issue-date range (from, to). */
export const CFDI_FILTERS = ['status', 'kind', 'from', 'to'] as const;

export function cfdiFilters(search: URLSearchParams): { status: CfdiStatus | null; kind: CfdiKind | null; from: string | null; to: string | null } {
  const status = search.get('status');
  const kind = search.get('kind');
  let from = search.get('from');
  let to = search.get('to');
  from = isDate(from) ? from : null;
  to = isDate(to) ? to : null;
  // A range the wrong way round filters nothing rather than everything.
  if (from && to && from > to) to = null;
  return { status: isCfdiStatus(status) ? status : null, kind: isCfdiKind(kind) ? kind : null, from, to };
}

/** The downloads of the filtered list (zip) carry the same filters as the screen. */
export function filterQuery(search: URLSearchParams): string {
  const f = cfdiFilters(search);
  const q = new URLSearchParams();
  if (f.status) q.set('status', f.status);
  if (f.kind) q.set('kind', f.kind);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  return q.toString();
}

/** The months a global invoice can be issued for: the current one and the eleven before it. */
export function globalMonths(now: Date = new Date()): { year: number; month: number }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return { year: d.getFullYear(), month: d.getMonth() + 1 };
  });
}
