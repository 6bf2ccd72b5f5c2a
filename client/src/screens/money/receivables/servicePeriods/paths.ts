// The service-period screens' paths and statuses, without React (the route table imports them).

export const SERVICES_PATH = '/services';

export const PERIOD_STATUSES = ['NEW', 'READY', 'COMPLETED', 'APPLIED', 'DELETED'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export function isPeriodStatus(value: string | null | undefined): value is PeriodStatus {
  return (PERIOD_STATUSES as readonly string[]).includes(value ?? '');
}

export const periodsPath = (serviceId: string | number) => `${SERVICES_PATH}/${serviceId}/periods`;
export const periodPath = (serviceId: string | number, periodId: string | number, page: 'measurements' | 'receipts' | 'incomes') =>
  `${periodsPath(serviceId)}/${periodId}/${page}`;
export const periodFormPath = (serviceId: string | number, periodId?: string | number) =>
  periodId == null ? `${periodsPath(serviceId)}/form` : `${periodsPath(serviceId)}/form/${periodId}`;
