import { describe, expect, it } from 'vitest';
import {
  ACTIVE_FROM_REQUIRED,
  DATE_INVALID,
  DAY_REQUIRED,
  END_AFTER_START,
  HOUR_INVALID,
  MINUTES_RANGE,
  NAME_REQUIRED,
  newRule,
  parseHour,
  RevisionPointSchema,
  RULES_REQUIRED,
  storedRules,
  UNTIL_BEFORE_FROM,
} from './revisionPoints.js';

const weekdays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true };
const base = {
  name: 'Caseta principal',
  activeFrom: '2025-01-01',
  activeUntil: null,
  minutes: 20,
  rules: [
    { startHour: '09:00', endHour: '14:00', ...weekdays },
    { startHour: '09:00', endHour: '12:00', saturday: true },
  ],
};

function issues(input: Record<string, unknown>) {
  const result = RevisionPointSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('RevisionPointSchema', () => {
  it('normalizes a valid point: trimmed name, every weekday present, legacy seconds dropped', () => {
    const value = RevisionPointSchema.parse({
      ...base,
      name: '  Caseta principal ',
      minutes: '20',
      activeUntil: '',
      rules: [{ ...base.rules[0], endHour: '14:00:00' }],
    });
    expect(value).toEqual({
      name: 'Caseta principal',
      activeFrom: '2025-01-01',
      activeUntil: null,
      minutes: 20,
      rules: [
        { startHour: '09:00', endHour: '14:00', monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false },
      ],
    });
  });

  it('requires a name, a start date and a valid until date on or after it', () => {
    expect(issues({ ...base, name: '   ' })).toEqual([`name: ${NAME_REQUIRED}`]);
    expect(issues({ ...base, name: 'x'.repeat(121) })).toEqual(['name: El nombre del punto de revisión debe tener como máximo 120 caracteres']);
    expect(issues({ ...base, name: 'a\u0000b' })).toEqual(['name: El nombre del punto de revisión contiene caracteres no permitidos']);
    expect(issues({ ...base, activeFrom: null })).toEqual([`activeFrom: ${ACTIVE_FROM_REQUIRED}`]);
    // Every problem at once, so the form shows them together.
    expect(issues({ ...base, name: '', minutes: 1, rules: [newRule()] })).toEqual([
      `name: ${NAME_REQUIRED}`,
      `minutes: ${MINUTES_RANGE}`,
      `rules.0.days: ${DAY_REQUIRED}`,
    ]);
    expect(issues({ ...base, name: undefined })).toEqual([`name: ${NAME_REQUIRED}`]);
    expect(issues({ ...base, activeFrom: '2025-02-30' })).toEqual([`activeFrom: ${DATE_INVALID}`]);
    expect(issues({ ...base, activeFrom: '01/02/2025' })).toEqual([`activeFrom: ${DATE_INVALID}`]);
    expect(issues({ ...base, activeUntil: '2024-12-31' })).toEqual([`activeUntil: ${UNTIL_BEFORE_FROM}`]);
    expect(issues({ ...base, activeUntil: '2025-01-01' })).toEqual([]);
    expect(issues({ ...base, activeUntil: '2025-13-01' })).toEqual([`activeUntil: ${DATE_INVALID}`]);
  });

  it('takes 5 to 480 whole minutes per appointment', () => {
    for (const bad of [4, 481, 0, 12.5, '', null, 'diez']) expect(issues({ ...base, minutes: bad })).toEqual([`minutes: ${MINUTES_RANGE}`]);
    expect(issues({ ...base, minutes: 5 })).toEqual([]);
    expect(issues({ ...base, minutes: 180 })).toEqual([]);
  });

  it('needs at least one rule, each from an earlier to a later hour on at least one day', () => {
    expect(issues({ ...base, rules: [] })).toEqual([`rules: ${RULES_REQUIRED}`]);
    expect(issues({ ...base, rules: null })).toEqual([`rules: ${RULES_REQUIRED}`]);
    expect(issues({ ...base, rules: [newRule()] })).toEqual([`rules.0.days: ${DAY_REQUIRED}`]);
    expect(issues({ ...base, rules: [{ startHour: '14:00', endHour: '09:00', monday: true }] })).toEqual([`rules.0.endHour: ${END_AFTER_START}`]);
    expect(issues({ ...base, rules: [{ startHour: '09:00', endHour: '09:00', monday: true }] })).toEqual([`rules.0.endHour: ${END_AFTER_START}`]);
    expect(issues({ ...base, rules: [{ startHour: '24:00', endHour: '9:00', monday: true }] })).toEqual([
      `rules.0.startHour: ${HOUR_INVALID}`,
      `rules.0.endHour: ${HOUR_INVALID}`,
    ]);
    expect(issues({ ...base, rules: [{ startHour: '', endHour: null, monday: true }] })).toEqual([
      'rules.0.startHour: La hora es requerida',
      'rules.0.endHour: La hora es requerida',
    ]);
    expect(issues({ ...base, minutes: 60, rules: [{ startHour: '09:00', endHour: '09:30', monday: true }] })).toEqual([
      'rules.0.endHour: El horario no alcanza para una cita de 60 minutos',
    ]);
    expect(issues({ ...base, rules: Array.from({ length: 21 }, (_x, i) => ({ startHour: '09:00', endHour: '10:00', monday: i === 0 })) })).toEqual([
      'rules: Se admiten como máximo 20 horarios',
    ]);
  });

  it('refuses two rules that share a weekday and overlap in time, and allows back-to-back ones', () => {
    expect(issues({ ...base, rules: [base.rules[0], { startHour: '13:00', endHour: '15:00', friday: true, saturday: true }] })).toEqual([
      'rules.1.startHour: Este horario se traslapa con el horario 1',
    ]);
    expect(issues({ ...base, rules: [base.rules[0], { startHour: '14:00', endHour: '16:00', friday: true }] })).toEqual([]);
    expect(issues({ ...base, rules: [base.rules[0], { startHour: '10:00', endHour: '11:00', saturday: true }] })).toEqual([]);
  });

  it('a new rule starts with every day off', () => {
    const rule = newRule();
    expect([rule.monday, rule.tuesday, rule.wednesday, rule.thursday, rule.friday, rule.saturday, rule.sunday].some(Boolean)).toBe(false);
  });

  it('reads hours and stored rules defensively', () => {
    expect(parseHour('07:05')).toBe('07:05');
    expect(parseHour('23:59:00')).toBe('23:59');
    expect(parseHour('7:05')).toBeNull();
    expect(parseHour('12:60')).toBeNull();
    expect(storedRules(null)).toEqual([]);
    expect(storedRules([{ startHour: '09:00', endHour: '10:00', monday: true, tuesday: 'yes' }, 3])).toEqual([
      { startHour: '09:00', endHour: '10:00', monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false },
    ]);
  });
});
