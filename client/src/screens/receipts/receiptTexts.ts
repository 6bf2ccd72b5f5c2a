// What the receipts screens show for a receipt's status, method, period and dates, and the key each
// write sends (spec 1 sections 4 and 8).
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  periodName,
  RECEIPT_GROUPS,
  RECEIPT_STATUSES,
  type ReceiptGroup,
  type ReceiptStatus,
} from '../../../../core/receipts.js';

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

/** "Noviembre 2026". */
export function periodText(year: number, month: number): string {
  if (month < 1 || month > 12) return String(year);
  const text = periodName(year, month);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "10 nov 2026" for a YYYY-MM-DD date or a date-time. */
export function shortDate(value: string | null | undefined): string {
  if (!value) return '';
  return dayjs(String(value).length === 10 ? `${value}T12:00:00` : value)
    .locale('es')
    .format('D MMM YYYY')
    .replace('.', '');
}

/** "10 de noviembre de 2026, 13:05" for a date-time. */
export function dateTime(value: string | null | undefined): string {
  if (!value) return '';
  return dayjs(value).locale('es').format('D [de] MMMM [de] YYYY, HH:mm');
}

/** Today (YYYY-MM-DD) on this device. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

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
