// What an entry of the expense's log says, for people: its recorded data (JSON) as labelled values, amounts
// and dates through the one formatter, statuses and payment types in words, internal ids left out.
import type { TFunction } from 'i18next';
import { formatDate, formatPesos } from '../../../../format.js';

export interface LogDetail {
  label: string;
  value: string;
}

const MONEY = new Set(['total', 'subtotal', 'discount', 'transferredTaxes', 'retainedTaxes', 'amount']);
const DATES = new Set(['paymentDate', 'cashDate']);
/** Shown in this order; anything else (ids, file ids, approver ids) is not for people. */
const SHOWN = [
  'status',
  'from',
  'to',
  'folio',
  'revision',
  'subtotal',
  'discount',
  'transferredTaxes',
  'retainedTaxes',
  'total',
  'amount',
  'lines',
  'paymentType',
  'method',
  'checkNumber',
  'bank',
  'clabe',
  'paymentDate',
  'cashDate',
  'withdrawalId',
  'fileName',
  'uuid',
  'cfdis',
  'approvers',
  'comment',
  'errorDescription',
];

function parse(data: string | null | undefined): Record<string, unknown> | null {
  if (!data) return null;
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The labelled values of one log entry's data; [] when it has none worth showing. */
export function logDetails(data: string | null | undefined, t: TFunction, exists: (key: string) => boolean): LogDetail[] {
  const record = parse(data);
  if (!record) return [];
  const label = (key: string) => t(`expenses.logScreen.fields.${key}`);
  const status = (value: unknown) => (exists(`expenses.statuses.${value}`) ? t(`expenses.statuses.${value}`) : String(value));
  const text = (key: string, value: unknown): string | null => {
    if (value == null || value === '') return null;
    if (MONEY.has(key)) return formatPesos(value);
    if (DATES.has(key)) return formatDate(value);
    if (key === 'status') return status(value);
    if (key === 'paymentType') return exists(`expenses.paymentTypes.${value}`) ? t(`expenses.paymentTypes.${value}`) : String(value);
    if (key === 'withdrawalId') return `#${value}`;
    if (key === 'approvers' || key === 'cfdis') return Array.isArray(value) ? String(value.length) : null;
    if (typeof value === 'object') return null;
    return String(value);
  };
  // An edit records the expense before and after: its status and total, each side in one line.
  const side = (value: unknown): string | null => {
    if (value == null) return null;
    if (typeof value !== 'object') return status(value);
    const v = value as Record<string, unknown>;
    return [v.status != null ? status(v.status) : null, v.total != null ? formatPesos(v.total) : null].filter(Boolean).join(' · ') || null;
  };
  const out: LogDetail[] = [];
  for (const key of SHOWN) {
    if (!(key in record)) continue;
    const value = record[key];
    if (key === 'folio') {
      if (value == null) continue;
      out.push({ label: label('folio'), value: record.serie ? `${record.serie}-${value}` : String(value) });
      continue;
    }
    const shown = key === 'from' || key === 'to' ? side(value) : text(key, value);
    if (shown) out.push({ label: label(key), value: shown });
  }
  return out;
}
