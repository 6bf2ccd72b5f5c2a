import { describe, expect, it } from 'vitest';
import {
  appointmentWhen,
  communityDay,
  laterDay,
  publicAppointmentPath,
  scheduleBackPath,
  scheduledFilterOf,
  segmentOf,
  spaceState,
  vehicleFilterOf,
} from './vehicleTexts.js';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options ?? {})}`;

describe('vehicle filters from the query string', () => {
  it('reads the segment only among the known ones', () => {
    expect(segmentOf(new URLSearchParams('segment=ACTIVE'))).toBe('ACTIVE');
    expect(segmentOf(new URLSearchParams('segment=WITH_REVISION_POINT'))).toBe('WITH_REVISION_POINT');
    expect(segmentOf(new URLSearchParams('segment=nope'))).toBeNull();
    expect(segmentOf(new URLSearchParams(''))).toBeNull();
  });

  it('trims text, reads the tag type as a number, keeps known statuses and encodes places', () => {
    const filter = vehicleFilterOf(new URLSearchParams('plate=%20ujk%20&tagTypeId=-1&status=PENDING_AUTHORIZATION&streetId=7&segment=ACTIVE'), [
      'plate',
      'tagTypeId',
      'status',
      'streetId',
      'lot',
    ]);
    expect(filter).toEqual({ plate: 'ujk', tagTypeId: -1, status: 'PENDING_AUTHORIZATION', streetId: btoa('Street:7'), lot: null, segment: 'ACTIVE' });
    expect(vehicleFilterOf(new URLSearchParams('tagTypeId=x&status=GONE&streetId=abc'), ['tagTypeId', 'status', 'streetId'])).toEqual({
      tagTypeId: null,
      status: null,
      streetId: null,
      segment: null,
    });
  });

  it('reads the scheduled list filter with integers and a day', () => {
    expect(scheduledFilterOf(new URLSearchParams('revisionPointId=3&tagTypeId=2&from=2026-12-01&code=%20abc%20&plate=UMN'))).toEqual({
      revisionPointId: 3,
      tagTypeId: 2,
      from: '2026-12-01',
      code: 'abc',
      plate: 'UMN',
    });
    expect(scheduledFilterOf(new URLSearchParams('revisionPointId=x&from=01/12/2026'))).toEqual({
      revisionPointId: null,
      tagTypeId: null,
      from: null,
      code: null,
      plate: null,
    });
  });
});

describe('appointments and spaces', () => {
  it('reads an appointment in the community time zone', () => {
    expect(appointmentWhen(t, { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T15:30:00.000Z' })).toBe(
      'vehicles.appointmentAt:{"date":"01/12/2026","from":"09:00","to":"09:30"}',
    );
  });

  it('says what a space is for the viewer', () => {
    expect(spaceState('AVAILABLE', null)).toBe('available');
    expect(spaceState('CONFIRMED', 'ABCD2345')).toBe('mine');
    expect(spaceState('CONFIRMED', null)).toBe('taken');
    expect(spaceState('TAKEN', null)).toBe('taken');
    expect(spaceState('COMPLETED', null)).toBe('completed');
  });

  it('goes back by role and builds the public path', () => {
    expect(scheduleBackPath(true)).toBe('/neighborhood/vehicles');
    expect(scheduleBackPath(false)).toBe('/houses/vehicles');
    expect(publicAppointmentPath('los_olivos', 'ABCD2345')).toBe('/los_olivos/cita-vehicular/ABCD2345');
  });

  it('reads the community day of a date-time and keeps weeks from today', () => {
    // 23:30 in Mexico City is already the next day in UTC.
    expect(communityDay('2026-12-02T05:30:00.000Z')).toBe('2026-12-01');
    expect(communityDay('2026-12-01T15:00:00.000Z')).toBe('2026-12-01');
    expect(laterDay('2026-11-23', '2026-11-29')).toBe('2026-11-29');
    expect(laterDay('2026-12-06', '2026-11-29')).toBe('2026-12-06');
  });
});
