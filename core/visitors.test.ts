import { describe, expect, it } from 'vitest';
import {
  daysOf,
  daysSummary,
  expectedOn,
  foldForSearch,
  gateKeyOf,
  gateSearchable,
  lastVisitDay,
  type VisitWindow,
  visitWarning,
  visitorFields,
} from './visitors.js';

const ALL = daysOf('allDays');
const FLAGS = { requireVehicleInfo: false, emailRequired: false, reasonRequired: false, pictureRequired: false, allowPermanent: false };
const window = (w: Partial<VisitWindow>): VisitWindow => ({
  visitorType: 'OCCASIONAL',
  entryDate: '2026-11-30',
  entryHour: null,
  entryMinute: null,
  departureDate: null,
  departureHour: null,
  departureMinute: null,
  days: ALL,
  ...w,
});
const at = (h: number, m = 0) => h * 60 + m;

describe('the visit window the gate judges', () => {
  it('an occasional visit lasts its entry day from its hour; before or after it is warned, never refused', () => {
    const w = window({ entryHour: 10, entryMinute: 30 });
    expect(visitWarning(w, '2026-11-30', at(10, 30))).toBeNull();
    expect(visitWarning(w, '2026-11-30', at(23, 59))).toBeNull();
    expect(visitWarning(w, '2026-11-30', at(9))).toBe('La visita está programada a partir del 30/11/2026 a las 10:30');
    expect(visitWarning(w, '2026-11-29', at(12))).toBe('La visita está programada a partir del 30/11/2026 a las 10:30');
    expect(visitWarning(w, '2026-12-01', at(0))).toBe('La visita terminó el 30/11/2026');
    expect(lastVisitDay(w)).toBe('2026-11-30');
    // A departure hour without a departure day ends that same day; before the entry hour it is the next morning's.
    const short = window({ entryHour: 10, entryMinute: 0, departureHour: 12, departureMinute: 0 });
    expect(visitWarning(short, '2026-11-30', at(11))).toBeNull();
    expect(visitWarning(short, '2026-11-30', at(20))).toBe('La visita terminó el 30/11/2026 a las 12:00');
    expect(visitWarning(window({ entryHour: 20, entryMinute: 0, departureHour: 1, departureMinute: 0 }), '2026-11-30', at(21))).toBeNull();
  });

  it('a visit over several days ends at its departure hour and keeps its daily hours; a permanent one has no end', () => {
    const stay = window({ entryHour: 20, entryMinute: 0, departureDate: '2026-12-01', departureHour: 1, departureMinute: 0 });
    expect(visitWarning(stay, '2026-12-01', at(0, 40))).toBeNull();
    expect(visitWarning(stay, '2026-12-01', at(2))).toBe('La visita terminó el 01/12/2026 a las 01:00');
    const keeper = window({ visitorType: 'PERMANENT', entryHour: 8, entryMinute: 0, departureHour: 17, departureMinute: 0, days: { ...ALL, sunday: false } });
    expect(lastVisitDay(keeper)).toBeNull();
    expect(visitWarning(keeper, '2027-06-01', at(8, 5))).toBeNull();
    expect(visitWarning(keeper, '2027-06-01', at(18))).toBe('La visita tiene permitido entrar de 08:00 a 17:00');
    // 2026-12-06 is a Sunday.
    expect(visitWarning(keeper, '2026-12-06', at(9))).toBe('La visita no tiene permitido el domingo');
    expect(expectedOn(keeper, '2026-12-06')).toBe(false);
    expect(expectedOn(keeper, '2026-12-07')).toBe(true);
    expect(expectedOn(keeper, '2026-11-29')).toBe(false);
  });
});

describe('the form with the community’s flags', () => {
  const parse = (input: Record<string, unknown>, flags = FLAGS, asAdmin = false) =>
    visitorFields(flags, asAdmin).safeParse({ name: 'Ana', entryDate: '2026-11-30', ...input });
  const messages = (r: ReturnType<typeof parse>) => (r.success ? [] : r.error.issues.map((i) => i.message).sort());

  it('defaults every day to true and the visitor to occasional and on foot; walking clears the vehicle', () => {
    const r = parse({ vehicle: 'Jetta', vehiclePlate: ' abc 123 ' });
    expect(r.success && r.data).toMatchObject({
      visitorType: 'OCCASIONAL',
      entranceType: 'WALKING',
      vehicle: null,
      vehiclePlate: null,
      monday: true,
      sunday: true,
    });
    const driving = parse({ entranceType: 'DRIVING', vehicle: 'Jetta', vehiclePlate: ' abc  123 ' });
    expect(driving.success && driving.data).toMatchObject({ vehicle: 'Jetta', vehiclePlate: 'ABC 123' });
  });

  it('makes a permanent visitor occasional unless an administrator registers it or the community allows it', () => {
    expect(parse({ visitorType: 'PERMANENT' }).data?.visitorType).toBe('OCCASIONAL');
    expect(parse({ visitorType: 'PERMANENT' }, FLAGS, true).data?.visitorType).toBe('PERMANENT');
    expect(parse({ visitorType: 'PERMANENT' }, { ...FLAGS, allowPermanent: true }).data?.visitorType).toBe('PERMANENT');
  });

  it('asks for what the flags require, a driver’s vehicle only when driving', () => {
    const all = { requireVehicleInfo: true, emailRequired: true, reasonRequired: true, pictureRequired: true, allowPermanent: false };
    expect(messages(parse({ entranceType: 'DRIVING' }, all))).toEqual(
      [
        'El correo electrónico es requerido',
        'El motivo de la visita es requerido',
        'El vehículo es requerido',
        'La foto es requerida',
        'Las placas son requeridas',
      ].sort(),
    );
    expect(messages(parse({}, all))).not.toContain('El vehículo es requerido');
  });

  it('refuses no days, a departure before the entry and impossible hours', () => {
    expect(messages(parse(Object.fromEntries(Object.keys(ALL).map((d) => [d, false]))))).toEqual(['Elige al menos un día permitido']);
    expect(messages(parse({ departureDate: '2026-11-29' }))).toEqual(['La salida no puede ser anterior a la entrada']);
    expect(messages(parse({ entryHour: 12, departureDate: '2026-11-30', departureHour: 11 }))).toEqual(['La salida no puede ser anterior a la entrada']);
    expect(messages(parse({ entryHour: 24 }))).toEqual(['La hora debe estar entre 0 y 23']);
    expect(messages(parse({ email: 'x@' }))).toEqual(['El correo electrónico no es válido']);
  });

  it('summarises the days as the spec’s booleans and in Spanish', () => {
    expect(daysSummary(daysOf('workingDays'))).toMatchObject({
      workingDays: true,
      weekend: false,
      allDays: false,
      allowedDays: 'lunes, martes, miércoles, jueves, viernes',
    });
    expect(daysSummary(daysOf('weekend'))).toMatchObject({ weekend: true, allowedDays: 'sábado, domingo' });
    expect(daysSummary(ALL)).toMatchObject({ allDays: true, hasDays: true });
  });
});

describe('the gate’s search key', () => {
  it('folds case, accents and spaces, so the guard finds «Sofía» typing «sofia»', () => {
    expect(foldForSearch('  Sofía   FLORES Ñúñez ')).toBe('sofia flores nunez');
    expect(gateKeyOf({ name: 'José Ortiz', reference: 'AB3K9QWXYZ', vehiclePlate: 'BNC-1234' })).toBe('jose ortiz ab3k9qwxyz bnc-1234');
    expect(gateKeyOf({ name: 'Rosa', reference: 'Q2W3E4R5T6', vehiclePlate: null })).toBe('rosa q2w3e4r5t6');
  });

  it('searches from 3 letters or digits in a row, which a trigram index can find', () => {
    for (const text of ['ort', 'ortiz 4', 'BNC-12', '555-x', 'Ñúñ']) expect(gateSearchable(text), text).toBe(true);
    for (const text of ['or', 'de la', 'al 4', '55-x', '%%%', '---', '   ', 'n\u0303o']) expect(gateSearchable(text), text).toBe(false);
  });
});
