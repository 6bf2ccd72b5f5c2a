// Pure helpers of the vehicle screens: the filters a list reads from its query string, how an appointment's
// hours read, and what a revision space's button says.
import { VEHICLE_SEGMENTS, type VehicleSegment } from '../../../../../core/vehicles.js';
import { formatDate, formatTime } from '../../../format.js';
import { globalId } from '../../../relay/ids.js';

type T = (key: string, options?: Record<string, unknown>) => string;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INT = /^-?\d{1,10}$/;

/** The query-string keys of the community's list (spec 3 section 7, "List vehicles with filters"), each the VehicleFilter field of the same name. */
export const COMMUNITY_VEHICLE_FILTERS = [
  'plate',
  'description',
  'externId',
  'tagNumber',
  'tagSerial',
  'tagTypeId',
  'catastral',
  'status',
  'streetId',
  'condominiumId',
  'mallId',
  'exteriorNumber',
  'interiorNumber',
  'block',
  'lot',
] as const;

/** The scheduled list's filters (ScheduledVehicleFilter). */
export const SCHEDULED_FILTERS = ['revisionPointId', 'tagTypeId', 'from', 'code', 'plate'] as const;

export const VEHICLE_STATUS_VALUES = ['ACTIVE', 'PENDING_AUTHORIZATION', 'INCOMPLETE'] as const;

/** The location filters picked from the community's places: their node types. */
export const VEHICLE_PLACE_TYPES: Record<string, string> = { streetId: 'Street', condominiumId: 'Condominium', mallId: 'Mall' };

/** The segment of a house's list (?segment=), null for all of them. */
export function segmentOf(search: URLSearchParams): VehicleSegment | null {
  const value = search.get('segment');
  return (VEHICLE_SEGMENTS as readonly string[]).includes(value ?? '') ? (value as VehicleSegment) : null;
}

/**
 * The VehicleFilter of a list from its query string: text trimmed (200 characters at most), the tag type as an
 * integer, the status among the known ones, the places as their global ids, the segment from ?segment=.
 */
export function vehicleFilterOf(search: URLSearchParams, keys: readonly string[]): Record<string, string | number | null> {
  const filter: Record<string, string | number | null> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim() || null;
    if (key in VEHICLE_PLACE_TYPES) filter[key] = value && /^\d{1,10}$/.test(value) ? globalId(VEHICLE_PLACE_TYPES[key]!, value) : null;
    else if (key === 'tagTypeId') filter[key] = value && INT.test(value) ? Number(value) : null;
    else if (key === 'status') filter[key] = value && (VEHICLE_STATUS_VALUES as readonly string[]).includes(value) ? value : null;
    else filter[key] = value ? value.slice(0, 200) : null;
  }
  filter.segment = segmentOf(search);
  return filter;
}

/** The ScheduledVehicleFilter from the query string: the point and tag type as integers, the day as YYYY-MM-DD. */
export function scheduledFilterOf(search: URLSearchParams): Record<string, string | number | null> {
  const text = (key: string) => search.get(key)?.trim().slice(0, 60) || null;
  const int = (key: string) => {
    const value = search.get(key)?.trim() ?? '';
    return INT.test(value) ? Number(value) : null;
  };
  const from = search.get('from')?.trim() ?? '';
  return { revisionPointId: int('revisionPointId'), tagTypeId: int('tagTypeId'), from: DAY.test(from) ? from : null, code: text('code'), plate: text('plate') };
}

/** "30/11/2026 de 09:00 a 09:30": an appointment's day and hours in the community. */
export function appointmentWhen(t: T, appointment: { start: unknown; end: unknown }): string {
  return t('vehicles.appointmentAt', {
    date: formatDate(appointment.start as string),
    from: formatTime(appointment.start as string),
    to: formatTime(appointment.end as string),
  });
}

/** What a space of the week shows: its status for the viewer (the vehicle's own appointment reads as «Tu cita»). */
export function spaceState(status: string, code: string | null | undefined): 'available' | 'mine' | 'taken' | 'completed' {
  if (status === 'AVAILABLE') return 'available';
  if (status === 'CONFIRMED' && code) return 'mine';
  if (status === 'COMPLETED') return 'completed';
  return 'taken';
}

/** Where the schedule screen goes back to: the administration's list for administrators, the house's list for its people. */
export function scheduleBackPath(admin: boolean): string {
  return admin ? '/neighborhood/vehicles' : '/houses/vehicles';
}

/** The path of the public appointment page of a community's appointment. */
export function publicAppointmentPath(domain: string, code: string): string {
  return `/${encodeURIComponent(domain)}/cita-vehicular/${encodeURIComponent(code)}`;
}

/** The YYYY-MM-DD of a date-time in the community's time zone (its weekday, its day in a week). */
export function communityDay(value: unknown): string {
  const [d, m, y] = formatDate(value as string).split('/');
  return `${y}-${m}-${d}`;
}

/** The later of two YYYY-MM-DD days (a week never starts before today). */
export function laterDay(a: string, b: string): string {
  return a < b ? b : a;
}
