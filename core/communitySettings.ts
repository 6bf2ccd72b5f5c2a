// General settings of a community (spec 3 sections 2, 3 and 5): basic data, address, the house-moving
// appointment window, the dashboard's welcome address, the visitor and vehicle rules (behaviour), the
// collecting option, and the payment gateway keys. One zod schema per section, shared by the screens and
// the server; the general mutation takes any of the sections (one that is not sent stays as it is).
import { z } from 'zod';
import { boundedText } from './input.js';
import { clabe as clabeCheck, clabeBankName } from './validators.js';
import { DOMAIN_PATTERN, NEIGHBORHOOD_TYPES } from './signUp.js';
import { DEFAULT_COUNTRY, FOREIGN_STATE, isMexico, stateByCode, STATES } from './tax.js';

export { DEFAULT_COUNTRY, NEIGHBORHOOD_TYPES, STATES };
export type NeighborhoodKind = (typeof NEIGHBORHOOD_TYPES)[number];

export const DOMAIN_MESSAGE = 'El dominio solo puede tener letras minúsculas, números, guiones y guiones bajos (3 a 60)';
export const GENERAL_SAVED = 'Los datos generales han sido actualizados';

/** Optional text: trimmed, bounded, clean; blank is null. Absent stays absent (the field keeps its value). */
const optionalText = (max: number, label: string) =>
  boundedText(max, label)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

// ---- basic data ----

export const CommunityBasicSchema = z.object({
  name: boundedText(120, 'El nombre de la comunidad', { required: true }).refine(
    (v) => v === '' || v.length >= 3,
    'El nombre de la comunidad debe tener al menos 3 caracteres',
  ),
  neighborhoodType: z.enum(NEIGHBORHOOD_TYPES, { error: 'Elige el tipo de comunidad' }),
  domain: z
    .string({ error: 'El dominio es requerido' })
    .max(200, DOMAIN_MESSAGE)
    .transform((v) => v.trim())
    .pipe(z.string().regex(DOMAIN_PATTERN, DOMAIN_MESSAGE)),
  /** An uploaded image (POST /api/1.0/files) to use as logo; null removes the logo; absent keeps it. */
  logoFileId: z.string().max(64, 'El archivo del logo no existe').nullish(),
});

// ---- address ----

export const POSTAL_CODE_MESSAGE = 'El código postal debe tener 5 dígitos';

export const CommunityAddressSchema = z
  .object({
    street: optionalText(200, 'La calle'),
    exteriorNumber: optionalText(30, 'El número exterior'),
    interiorNumber: optionalText(30, 'El número interior'),
    colony: optionalText(120, 'La colonia'),
    city: optionalText(120, 'La ciudad'),
    state: optionalText(10, 'El estado'),
    postalCode: boundedText(10, 'El código postal', { required: true }).refine((v) => v === '' || /^\d{5}$/.test(v), POSTAL_CODE_MESSAGE),
    country: optionalText(60, 'El país'),
  })
  .transform((a) => ({
    street: a.street ?? null,
    exteriorNumber: a.exteriorNumber ?? null,
    interiorNumber: a.interiorNumber ?? null,
    colony: a.colony ?? null,
    city: a.city ?? null,
    state: a.state ? a.state.toUpperCase() : null,
    postalCode: a.postalCode,
    country: a.country ?? DEFAULT_COUNTRY,
  }))
  .superRefine((a, ctx) => {
    if (!a.state) return;
    const state = stateByCode(a.state);
    if (!state) ctx.addIssue({ code: 'custom', path: ['state'], message: `El estado ${a.state} no existe` });
    else if (isMexico(a.country) && state.code === FOREIGN_STATE)
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'Elige un estado de México o cambia el país' });
    else if (!isMexico(a.country) && state.code !== FOREIGN_STATE) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'Para una dirección fuera de México el estado debe ser Extranjero (EXT)' });
    }
  });
export type CommunityAddress = z.output<typeof CommunityAddressSchema>;

// ---- house-moving appointments ----

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MAX_MOVING_DAYS = 365;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_MESSAGE = 'Escribe la hora como HH:mm, por ejemplo 09:00';
export const TIME_ORDER_MESSAGE = 'La hora final debe ser posterior a la hora inicial';
export const WINDOW_ORDER_MESSAGE = 'Los días de inicio no pueden ser más que los días de fin';

export interface MovingDay {
  day: Weekday;
  allowed: boolean;
  firstTime: string | null;
  lastTime: string | null;
}

/** What a community without its own schedule starts from: Monday to Saturday, 9:00 to 18:00. */
export const DEFAULT_MOVING_SCHEDULE: readonly MovingDay[] = WEEKDAYS.map((day) => ({
  day,
  allowed: day !== 'SUNDAY',
  firstTime: '09:00',
  lastTime: '18:00',
}));

/** The stored schedule (JSON) as seven days in order; anything missing or malformed takes the default. */
export function movingScheduleOf(stored: unknown): MovingDay[] {
  const list = Array.isArray(stored) ? stored : [];
  return DEFAULT_MOVING_SCHEDULE.map((fallback) => {
    const found = list.find((d) => d && typeof d === 'object' && (d as MovingDay).day === fallback.day) as Partial<MovingDay> | undefined;
    if (!found) return { ...fallback };
    const time = (v: unknown) => (typeof v === 'string' && TIME_PATTERN.test(v) ? v : null);
    return { day: fallback.day, allowed: found.allowed === true, firstTime: time(found.firstTime), lastTime: time(found.lastTime) };
  });
}

/** Days as typed in a number field: a number, a numeric text, or blank (null). */
const dayCount = (label: string) =>
  z
    .union([z.number(), z.string().max(20), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n < 0 || n > MAX_MOVING_DAYS) {
        ctx.addIssue({ code: 'custom', message: `${label} debe ser un número entero de 0 a ${MAX_MOVING_DAYS}` });
        return z.NEVER;
      }
      return n;
    });

const time = z
  .string()
  .max(10, TIME_MESSAGE)
  .nullish()
  .transform((v) => (v ?? '').trim() || null);

export const MovingDaySchema = z.object({
  day: z.enum(WEEKDAYS, { error: 'El día no existe' }),
  allowed: z.boolean({ error: 'Indica si el día está permitido' }),
  firstTime: time,
  lastTime: time,
});

export const MovingAppointmentSchema = z
  .object({
    startDays: dayCount('Los días de inicio'),
    endDays: dayCount('Los días de fin'),
    schedule: z.array(MovingDaySchema).length(WEEKDAYS.length, 'Envía los siete días de la semana'),
  })
  .superRefine((m, ctx) => {
    if (m.startDays !== null && m.endDays === null) ctx.addIssue({ code: 'custom', path: ['endDays'], message: 'Los días de fin son requeridos' });
    if (m.endDays !== null && m.startDays === null) ctx.addIssue({ code: 'custom', path: ['startDays'], message: 'Los días de inicio son requeridos' });
    if (m.startDays !== null && m.endDays !== null && m.startDays > m.endDays)
      ctx.addIssue({ code: 'custom', path: ['startDays'], message: WINDOW_ORDER_MESSAGE });
    const seen = new Set<string>();
    m.schedule.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: 'custom', path: ['schedule', i, 'day'], message: 'Cada día de la semana debe aparecer una vez' });
      seen.add(d.day);
      for (const key of ['firstTime', 'lastTime'] as const) {
        const value = d[key];
        if (value !== null && !TIME_PATTERN.test(value)) ctx.addIssue({ code: 'custom', path: ['schedule', i, key], message: TIME_MESSAGE });
        else if (value === null && d.allowed) {
          ctx.addIssue({
            code: 'custom',
            path: ['schedule', i, key],
            message: key === 'firstTime' ? 'La hora inicial es requerida' : 'La hora final es requerida',
          });
        }
      }
      if (d.allowed && d.firstTime && d.lastTime && TIME_PATTERN.test(d.firstTime) && TIME_PATTERN.test(d.lastTime) && d.firstTime >= d.lastTime) {
        ctx.addIssue({ code: 'custom', path: ['schedule', i, 'lastTime'], message: TIME_ORDER_MESSAGE });
      }
    });
  })
  .transform((m) => ({
    startDays: m.startDays,
    endDays: m.endDays,
    // Stored in weekday order whatever order they came in.
    schedule: WEEKDAYS.map((day) => m.schedule.find((d) => d.day === day)!) as MovingDay[],
  }));
export type MovingAppointment = z.output<typeof MovingAppointmentSchema>;

// ---- welcome content ----

export const WELCOME_URL_MESSAGE = 'La dirección de bienvenida debe ser una dirección https:// válida';

export const WelcomeUrlSchema = optionalText(500, 'La dirección de bienvenida').superRefine((v, ctx) => {
  if (!v) return;
  let url: URL | null = null;
  try {
    url = new URL(v);
  } catch {
    url = null;
  }
  if (url?.protocol !== 'https:' || !url.hostname || url.username || url.password) ctx.addIssue({ code: 'custom', message: WELCOME_URL_MESSAGE });
});

// ---- behaviour: visitor and vehicle rules ----

export const VISITOR_FLAGS = [
  'visitorRequireVehicleInfo',
  'visitorEmailRequired',
  'visitorReasonRequired',
  'visitorPictureRequired',
  'visitorAllowPermanent',
  'visitorAllowAdminSeeAll',
  'visitorArrivalEmail',
] as const;
export const VEHICLE_FLAGS = ['requiredVehicleRevision', 'requiredVehicleTag', 'requiredVehicleAuthorization', 'restrictVehicles'] as const;
export const BEHAVIOR_FLAGS = [...VISITOR_FLAGS, ...VEHICLE_FLAGS] as const;
export type BehaviorFlag = (typeof BEHAVIOR_FLAGS)[number];

/** Every flag optional: one that is not sent keeps its value. */
export const CommunityBehaviorSchema = z.object(
  Object.fromEntries(BEHAVIOR_FLAGS.map((f) => [f, z.boolean({ error: 'Debe ser verdadero o falso' }).nullish()])) as Record<
    BehaviorFlag,
    z.ZodOptional<z.ZodNullable<z.ZodBoolean>>
  >,
);
export type CommunityBehavior = Partial<Record<BehaviorFlag, boolean | null>>;

// ---- collecting (only with COBRANZA) ----

export const CommunityCollectingSchema = z.object({
  /** Owners with debts are sent to pay the total before anything else (spec 3 section 4). */
  requiredTotalAmountDebts: z.boolean({ error: 'Debe ser verdadero o falso' }),
});
export const COLLECTING_NEEDS_MODULE = 'Activa el módulo de cobranza para cambiar las opciones de cobranza';

// ---- the general mutation ----

export const CommunitySettingsSchema = z.object({
  basic: CommunityBasicSchema.nullish(),
  address: CommunityAddressSchema.nullish(),
  moving: MovingAppointmentSchema.nullish(),
  welcomeUrl: WelcomeUrlSchema,
  behavior: CommunityBehaviorSchema.nullish(),
  collecting: CommunityCollectingSchema.nullish(),
});
export type CommunitySettingsInput = z.input<typeof CommunitySettingsSchema>;

// ---- payment gateway keys ----

const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9]{5,40}$/;
const PUBLIC_KEY_PATTERN = /^pk_[A-Za-z0-9_]{4,120}$/;
const PRIVATE_KEY_PATTERN = /^sk_[A-Za-z0-9_]{4,120}$/;
export const PRIVATE_KEY_REQUIRED = 'La llave privada es requerida';
export const KEYS_SAVED = 'Las llaves han sido cargadas';

/** The gateway's keys; a blank private key keeps the stored one (`hasPrivateKey` says whether one is stored). */
export function gatewayKeysSchema(options: { hasPrivateKey: boolean } = { hasPrivateKey: true }) {
  return z.object({
    gatewayAccountId: boundedText(40, 'El identificador de la cuenta', { required: true }).refine(
      (v) => ACCOUNT_ID_PATTERN.test(v),
      'El identificador de la cuenta solo puede tener letras y números (5 a 40)',
    ),
    gatewayPublicKey: boundedText(130, 'La llave pública', { required: true }).refine(
      (v) => PUBLIC_KEY_PATTERN.test(v),
      'La llave pública empieza con pk_ y solo tiene letras, números y guiones bajos',
    ),
    gatewayPrivateKey: boundedText(130, 'La llave privada')
      .nullish()
      .transform((v) => v || null)
      .superRefine((v, ctx) => {
        if (v === null) {
          if (!options.hasPrivateKey) ctx.addIssue({ code: 'custom', message: PRIVATE_KEY_REQUIRED });
        } else if (!PRIVATE_KEY_PATTERN.test(v)) {
          ctx.addIssue({ code: 'custom', message: 'La llave privada empieza con sk_ y solo tiene letras, números y guiones bajos' });
        }
      }),
    sandbox: z.boolean({ error: 'Debe ser verdadero o falso' }).nullish(),
    gatewayClabe: communityClabe,
  });
}

export const CLABE_UNKNOWN_BANK = 'La CLABE no corresponde a ningún banco';

/**
 * The community's own CLABE for SPEI deposits to its gateway account (the dashboard's wallet panel): 18 digits
 * with the check digit of weights 3, 7, 1 and a bank that clabe-validator knows. Absent keeps the stored one;
 * blank or null clears it.
 */
export const communityClabe = z
  .string()
  .max(40, 'La CLABE debe tener exactamente 18 dígitos')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v?.replace(/\s+/g, '') || null))
  .superRefine((v, ctx) => {
    if (!v) return;
    const problem = clabeCheck(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (!clabeBankName(v) || clabeBankName(v) === 'N/A') ctx.addIssue({ code: 'custom', message: CLABE_UNKNOWN_BANK });
  });
export type GatewayKeysInput = z.input<ReturnType<typeof gatewayKeysSchema>>;
