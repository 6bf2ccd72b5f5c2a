// What the receipts screens show for a receipt's status and method, and the key each write sends (spec 1
// sections 4 and 8). Dates, periods and amounts come from client/src/format.ts.
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  RECEIPT_GROUPS,
  RECEIPT_STATUSES,
  type ReceiptGroup,
  type ReceiptStatus,
  todayIn,
} from '../../../../../../core/receipts.js';
import { COMMUNITY_TIME_ZONE } from '../../../../format.js';

/** One colour per receipt status, the same in the list and the detail. */
export const RECEIPT_STATUS_COLORS: Record<ReceiptStatus, string> = {
  NEW: 'blue',
  SENT: 'cyan',
  IN_PROGRESS: 'yellow',
  PAID: 'green',
  PENALTY: 'red',
  REVIEW: 'orange',
  CHARGE_BACK: 'grape',
};

export function isStatus(value: unknown): value is ReceiptStatus {
  return (RECEIPT_STATUSES as readonly unknown[]).includes(value);
}
export function isMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value);
}
export function groupOf(value: string | null | undefined): ReceiptGroup {
  return (RECEIPT_GROUPS as readonly (string | null | undefined)[]).includes(value) ? (value as ReceiptGroup) : 'PENDING';
}

/** Today (YYYY-MM-DD) in the community. */
export function today(): string {
  return todayIn(COMMUNITY_TIME_ZONE);
}

/**
 * Older names of the one formatter's functions (client/src/format.ts), for the screens that still import
 * them from here (agreements, the external payment review); new code imports format.ts.
 */
export { formatDateTime as dateTime, formatDate as shortDate, formatPeriod as periodText } from '../../../../format.js';

/** A fresh idempotency key for one attempt of a write (a retry after a failure is a new attempt). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The receipts list of a house: an administrator's /houses/{id}/receipts, or the own house's. */
export function receiptsListPath(houseDatabaseId: number | string, admin: boolean): string {
  return admin ? `/houses/${houseDatabaseId}/receipts` : '/houses/receipts';
}

/** A `back` query parameter that names a page of this app (never another site). */
export function safeBack(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
