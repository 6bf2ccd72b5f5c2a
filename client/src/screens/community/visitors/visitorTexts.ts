// How a visitor's window and state read in the lists, the gate and the pass.
import { WARNING_STARTS } from '../../../../../core/visitors.js';
import { formatDate, formatDateTime, formatTime } from '../../../format.js';

type T = (key: string, options?: Record<string, unknown>) => string;

const pad = (n: number) => String(n).padStart(2, '0');

/** "09:30" for an hour and minute; null without an hour. */
export function clockOf(hour: number | null | undefined, minute: number | null | undefined): string | null {
  return hour == null ? null : `${pad(hour)}:${pad(minute ?? 0)}`;
}

export interface Window {
  visitorType: string;
  entryDate: string;
  entryHour?: number | null;
  entryMinute?: number | null;
  departureDate?: string | null;
  departureHour?: number | null;
  departureMinute?: number | null;
}

/** "30/11/2026" or "30/11/2026 al 02/12/2026", or "Desde 30/11/2026" for a permanent visit without end. */
export function datesOf(t: T, w: Window): string {
  const from = formatDate(w.entryDate);
  if (!w.departureDate) return w.visitorType === 'PERMANENT' ? t('visitors.permanentFrom', { date: from }) : from;
  const to = formatDate(w.departureDate);
  return from === to ? from : t('visitors.whenRange', { from, to });
}

/** "de 09:00 a 18:00", "desde 09:00", "hasta 18:00" or null (all day). */
export function hoursOf(t: T, w: Window): string | null {
  const from = clockOf(w.entryHour, w.entryMinute);
  const to = clockOf(w.departureHour, w.departureMinute);
  if (from && to) return t('visitors.hours', { from, to });
  if (from) return t('visitors.fromHour', { time: from });
  if (to) return t('visitors.untilHour', { time: to });
  return null;
}

export function whenOf(t: T, w: Window): string {
  const hours = hoursOf(t, w);
  return hours ? `${datesOf(t, w)} ${hours}` : datesOf(t, w);
}

export interface StatusInput {
  inside: boolean;
  insideSince?: unknown;
  warning?: string | null;
  visitorType?: string;
  lastDepartureAt?: unknown;
}

const todayOf = (value: unknown) => formatDate(value) === formatDate(new Date());

/** The visitor's state as a badge: inside since when, expected now, or why not. */
export function statusOf(t: T, v: StatusInput): { label: string; color: string } {
  if (v.inside) {
    const time = formatTime(v.insideSince);
    return {
      label: todayOf(v.insideSince) ? t('visitors.status.inside', { time }) : t('visitors.status.insideSince', { date: formatDate(v.insideSince), time }),
      color: 'green',
    };
  }
  // An occasional visit that came and left is over, whatever its dates still allow.
  if (v.visitorType === 'OCCASIONAL' && v.lastDepartureAt)
    return { label: t('visitors.status.left', { when: formatDateTime(v.lastDepartureAt) }), color: 'gray' };
  if (!v.warning) return { label: t('visitors.status.expected'), color: 'blue' };
  if (v.warning.startsWith(WARNING_STARTS.finished)) return { label: t('visitors.status.finished'), color: 'gray' };
  if (v.warning.startsWith(WARNING_STARTS.scheduled)) return { label: t('visitors.status.scheduled'), color: 'cyan' };
  return { label: t('visitors.status.notNow'), color: 'yellow' };
}

/** The photo of a visitor as the server serves it. */
export const photoUrl = (fileId: string) => `/api/1.0/files/${encodeURIComponent(fileId)}`;
