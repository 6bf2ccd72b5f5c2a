import { describe, expect, it } from 'vitest';
import {
  CommunityAddressSchema,
  CommunityBasicSchema,
  CommunitySettingsSchema,
  DEFAULT_MOVING_SCHEDULE,
  gatewayKeysSchema,
  MovingAppointmentSchema,
  movingScheduleOf,
  PRIVATE_KEY_REQUIRED,
  TIME_ORDER_MESSAGE,
  WINDOW_ORDER_MESSAGE,
} from './communitySettings.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('basic data', () => {
  it('takes the sign-up domain rule', () => {
    expect(CommunityBasicSchema.parse({ name: ' Los Olivos ', neighborhoodType: 'CONDOMINIUM', domain: ' los-olivos_2 ' })).toEqual({
      name: 'Los Olivos',
      neighborhoodType: 'CONDOMINIUM',
      domain: 'los-olivos_2',
    });
    expect(issues(CommunityBasicSchema.safeParse({ name: 'Ok', neighborhoodType: 'CASTLE', domain: 'Los Olivos' }))).toEqual([
      ['name', 'El nombre de la comunidad debe tener al menos 3 caracteres'],
      ['neighborhoodType', 'Elige el tipo de comunidad'],
      ['domain', 'El dominio solo puede tener letras minúsculas, números, guiones y guiones bajos (3 a 60)'],
    ]);
  });
});

describe('address', () => {
  it('needs a five-digit postal code; blanks are null; México by default', () => {
    expect(CommunityAddressSchema.parse({ postalCode: '76090', street: ' Av. Uno ', colony: '', state: 'que' })).toEqual({
      street: 'Av. Uno',
      exteriorNumber: null,
      interiorNumber: null,
      colony: null,
      city: null,
      state: 'QUE',
      postalCode: '76090',
      country: 'México',
    });
    expect(issues(CommunityAddressSchema.safeParse({ postalCode: '7609' }))).toEqual([['postalCode', 'El código postal debe tener 5 dígitos']]);
    expect(issues(CommunityAddressSchema.safeParse({ postalCode: '' }))).toEqual([['postalCode', 'El código postal es requerido']]);
  });
  it('checks the state against the country', () => {
    expect(issues(CommunityAddressSchema.safeParse({ postalCode: '76090', state: 'XX' }))).toEqual([['state', 'El estado XX no existe']]);
    expect(issues(CommunityAddressSchema.safeParse({ postalCode: '76090', state: 'EXT' }))).toEqual([['state', 'Elige un estado de México o cambia el país']]);
    expect(CommunityAddressSchema.safeParse({ postalCode: '10001', state: 'EXT', country: 'Estados Unidos' }).success).toBe(true);
  });
});

describe('house-moving appointments', () => {
  const schedule = DEFAULT_MOVING_SCHEDULE.map((d) => ({ ...d }));
  it('start days must not exceed end days', () => {
    expect(MovingAppointmentSchema.parse({ startDays: 2, endDays: '10', schedule }).endDays).toBe(10);
    expect(issues(MovingAppointmentSchema.safeParse({ startDays: 11, endDays: 10, schedule }))).toEqual([['startDays', WINDOW_ORDER_MESSAGE]]);
    expect(issues(MovingAppointmentSchema.safeParse({ startDays: 1, endDays: null, schedule }))).toEqual([['endDays', 'Los días de fin son requeridos']]);
    expect(issues(MovingAppointmentSchema.safeParse({ startDays: -1, endDays: 400, schedule }))).toEqual([
      ['startDays', 'Los días de inicio debe ser un número entero de 0 a 365'],
      ['endDays', 'Los días de fin debe ser un número entero de 0 a 365'],
    ]);
  });
  it('per allowed weekday the first time is before the last', () => {
    const bad = schedule.map((d) => (d.day === 'TUESDAY' ? { ...d, firstTime: '18:00', lastTime: '09:00' } : d));
    expect(issues(MovingAppointmentSchema.safeParse({ startDays: null, endDays: null, schedule: bad }))).toEqual([['schedule.1.lastTime', TIME_ORDER_MESSAGE]]);
    // A day that is not allowed keeps whatever times it has.
    const off = schedule.map((d) => (d.day === 'SUNDAY' ? { ...d, allowed: false, firstTime: '18:00', lastTime: '09:00' } : d));
    expect(MovingAppointmentSchema.safeParse({ schedule: off }).success).toBe(true);
    const missing = schedule.map((d) => (d.day === 'MONDAY' ? { ...d, firstTime: '', lastTime: '25:00' } : d));
    expect(issues(MovingAppointmentSchema.safeParse({ schedule: missing }))).toEqual([
      ['schedule.0.firstTime', 'La hora inicial es requerida'],
      ['schedule.0.lastTime', 'Escribe la hora como HH:mm, por ejemplo 09:00'],
    ]);
  });
  it('wants the seven days once each, stored in weekday order', () => {
    expect(issues(MovingAppointmentSchema.safeParse({ schedule: schedule.slice(1) }))).toEqual([['schedule', 'Envía los siete días de la semana']]);
    const reversed = MovingAppointmentSchema.parse({ schedule: [...schedule].reverse() });
    expect(reversed.schedule.map((d) => d.day)).toEqual(schedule.map((d) => d.day));
  });
  it('reads a stored schedule, defaulting whatever is missing', () => {
    expect(movingScheduleOf(null)).toEqual(DEFAULT_MOVING_SCHEDULE);
    const read = movingScheduleOf([{ day: 'SUNDAY', allowed: true, firstTime: '10:00', lastTime: 'x' }]);
    expect(read[6]).toEqual({ day: 'SUNDAY', allowed: true, firstTime: '10:00', lastTime: null });
    expect(read[0]).toEqual(DEFAULT_MOVING_SCHEDULE[0]);
  });
});

describe('the general input', () => {
  it('keeps absent sections absent and takes an https welcome address', () => {
    expect(CommunitySettingsSchema.parse({})).toEqual({});
    expect(CommunitySettingsSchema.parse({ welcomeUrl: '' })).toEqual({ welcomeUrl: null });
    expect(CommunitySettingsSchema.parse({ welcomeUrl: 'https://olivos.mx/bienvenida' })).toEqual({ welcomeUrl: 'https://olivos.mx/bienvenida' });
    for (const url of ['http://olivos.mx', 'javascript:alert(1)', 'https://user:pw@olivos.mx', 'olivos.mx']) {
      expect(issues(CommunitySettingsSchema.safeParse({ welcomeUrl: url })), url).toEqual([
        ['welcomeUrl', 'La dirección de bienvenida debe ser una dirección https:// válida'],
      ]);
    }
  });
  it('takes behaviour flags one by one', () => {
    expect(CommunitySettingsSchema.parse({ behavior: { visitorEmailRequired: true } })).toEqual({ behavior: { visitorEmailRequired: true } });
    expect(issues(CommunitySettingsSchema.safeParse({ behavior: { restrictVehicles: 'sí' } }))).toEqual([
      ['behavior.restrictVehicles', 'Debe ser verdadero o falso'],
    ]);
  });
});

describe('gateway keys', () => {
  const keys = { gatewayAccountId: 'mdemo0000000000000000', gatewayPublicKey: 'pk_demo_123', gatewayPrivateKey: '' };
  it('keeps the stored private key when left blank, requires one when none is stored', () => {
    expect(gatewayKeysSchema({ hasPrivateKey: true }).parse(keys).gatewayPrivateKey).toBeNull();
    expect(issues(gatewayKeysSchema({ hasPrivateKey: false }).safeParse(keys))).toEqual([['gatewayPrivateKey', PRIVATE_KEY_REQUIRED]]);
  });
  it('refuses a private key in the public field and the other way round', () => {
    expect(issues(gatewayKeysSchema().safeParse({ ...keys, gatewayPublicKey: 'sk_secret_1', gatewayPrivateKey: 'pk_public_1' }))).toEqual([
      ['gatewayPublicKey', 'La llave pública empieza con pk_ y solo tiene letras, números y guiones bajos'],
      ['gatewayPrivateKey', 'La llave privada empieza con sk_ y solo tiene letras, números y guiones bajos'],
    ]);
    expect(issues(gatewayKeysSchema().safeParse({ ...keys, gatewayAccountId: 'm-1' }))).toEqual([
      ['gatewayAccountId', 'El identificador de la cuenta solo puede tener letras y números (5 a 40)'],
    ]);
  });
});
