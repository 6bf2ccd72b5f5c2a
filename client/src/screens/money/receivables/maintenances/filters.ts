// The maintenance screens' paths and query-string values, without React (the route table imports them).
// Only types from core/receipts.ts: its values would bring the money library into the route table's bundle.
import type { PaymentMethod, ReceiptStatus } from '../../../../../../core/receipts.js';

export const MAINTENANCES_PATH = '/maintenances';

export const MAINTENANCE_STATUSES = ['NEW', 'GENERATED', 'COLLECTING', 'COMPLETED'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** core/receipts.ts RECEIPT_STATUSES and PAYMENT_METHODS, in the order the filters offer them. */
export const RECEIPT_STATUSES = ['NEW', 'SENT', 'IN_PROGRESS', 'PENALTY', 'REVIEW', 'PAID', 'CHARGE_BACK'] as const satisfies readonly ReceiptStatus[];
export const PAYMENT_METHODS = ['CARD', 'STORE', 'BANK', 'WALLET', 'CASH', 'CREDIT', 'DEBIT', 'EXTERNAL', 'MANUAL'] as const satisfies readonly PaymentMethod[];

export function isMaintenanceStatus(value: string | null | undefined): value is MaintenanceStatus {
  return (MAINTENANCE_STATUSES as readonly string[]).includes(value ?? '');
}
export function isReceiptStatus(value: string | null | undefined): value is ReceiptStatus {
  return (RECEIPT_STATUSES as readonly string[]).includes(value ?? '');
}
export function isPaymentMethod(value: string | null | undefined): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value ?? '');
}
