// Input schemas of houses and their owners (spec 1 sections 2 to 5), shared by the browser's forms and
// the server's validation: the house form, activation, owner change, onboarding mode and the massive load.
import { z } from 'zod';
import { boundedText, phoneInput } from './input.js';
import { formatMoney, MONEY_PATTERN } from './money.js';
import { capitalize } from './validators.js';
import { LOCATION_FIELD_LABELS, requiredLocationFields, type HouseLocation, type HouseTypeFlags, type LocationField } from './houseRules.js';

/** An optional text: trimmed, bounded, without NUL or control characters; blank is null. */
export const optionalText = (max: number, label = 'El texto') =>
  boundedText(max, label)
    .nullish()
    .transform((v) => (v ? v : null));

export const amountInput = z
  .string()
  .max(40, 'Escribe una cantidad con hasta dos decimales')
  .trim()
  .regex(MONEY_PATTERN, 'Escribe una cantidad con hasta dos decimales')
  .nullish()
  .transform((v) => (v == null || v === '' ? null : formatMoney(v)));

export const ownerEmail = z
  .string()
  .max(254, 'El correo electrónico debe tener como máximo 254 caracteres')
  .trim()
  .toLowerCase()
  .pipe(z.email('Escribe un correo electrónico válido'));

const dbId = z.number().int().positive().max(2_147_483_647);

export const OwnerSchema = z.object({
  email: ownerEmail,
  firstName: boundedText(80, 'El nombre del propietario', { required: true }),
  lastName: optionalText(80, 'El apellido'),
  mobile: phoneInput('El celular debe tener 10 dígitos'),
  landline: phoneInput('El teléfono fijo debe tener 10 dígitos'),
});

export const HouseSchema = z.object({
  houseTypeId: z.number({ error: 'Elige un tipo de propiedad' }).int().positive('Elige un tipo de propiedad').max(2_147_483_647),
  catastral: optionalText(60, 'La clave catastral').transform((v) => v?.toUpperCase() ?? null),
  block: optionalText(20, 'La manzana'),
  lot: optionalText(20, 'El lote'),
  exteriorNumber: optionalText(20, 'El número exterior'),
  interiorNumber: optionalText(20, 'El número interior'),
  dimension: z
    .string()
    .max(20, 'La dimensión debe ser un número con hasta dos decimales')
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, 'La dimensión debe ser un número con hasta dos decimales')
    .nullish()
    .transform((v) => v ?? null),
  streetId: dbId.nullish(),
  /** An existing condominium, or the name of a new one. */
  condominiumId: dbId.nullish(),
  condominiumName: optionalText(120, 'El condominio'),
  mallId: dbId.nullish(),
  mallName: optionalText(120, 'La plaza'),
  parkingSpots: z.number().int().min(0, 'Los cajones no pueden ser negativos').max(99).nullish(),
  initialBalance: amountInput,
  balanceReason: optionalText(300, 'El motivo del saldo'),
  owner: OwnerSchema.nullish(),
  officialIdFileId: z.string().max(64).nullish(),
  /** Spec 1 section 2: saving a non-active house asks confirmation; confirming with activation sets ACTIVE. */
  activate: z.boolean().nullish(),
});
export type HouseInput = z.input<typeof HouseSchema>;

export const ActivationSchema = z.object({
  initialBalance: amountInput,
  balanceReason: optionalText(300, 'El motivo del saldo'),
});

/** The new owner of an owner change: named by e-mail; the name and phones only matter for a person new to the platform. */
export const NewOwnerSchema = z.object({
  email: ownerEmail,
  firstName: boundedText(80, 'El nombre del propietario')
    .nullish()
    .transform((v) => v || null),
  lastName: optionalText(80, 'El apellido'),
  mobile: phoneInput('El celular debe tener 10 dígitos'),
  landline: phoneInput('El teléfono fijo debe tener 10 dígitos'),
});

export const PARKING_REQUIRED = 'Los cajones de estacionamiento son requeridos';
export const BALANCE_REQUIRED = 'Indica el saldo inicial para activar la propiedad';

/** Required location fields left empty, each with its message (the form and the server say the same). */
export function locationIssues(location: HouseLocation, type: HouseTypeFlags): { field: LocationField; message: string }[] {
  return requiredLocationFields(type)
    .filter((field) => location[field] === null || location[field] === undefined || String(location[field]).trim() === '')
    .map((field) => ({ field, message: `${LOCATION_FIELD_LABELS[field]} es requerido para este tipo de propiedad` }));
}

/** A form's text input, blank where the schema expects null. */
export const blankAsNull = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .pipe(schema as unknown as z.ZodType<z.output<S>, string | null>);

export const ONBOARDING_MODES = ['CLOSED', 'PAUSED', 'REVIEW', 'SIGN_IN', 'SIGN_UP'] as const;
export type OnboardingModeValue = (typeof ONBOARDING_MODES)[number];

/** The community's public owner registration (spec 1 section 6), as administrators set it. */
export const OnboardingModeSchema = z.object({
  mode: z.enum(ONBOARDING_MODES, { error: 'Elige el modo del registro público' }),
});

export const MASSIVE_LOAD_MAX_BYTES = 5 * 1024 * 1024;

const isFile = (value: unknown): value is File =>
  !!value && typeof value === 'object' && typeof (value as File).name === 'string' && typeof (value as File).size === 'number';

/** The sheet of the massive load: an .xlsx of 5 MB at most. */
export const MassiveLoadFileSchema = z.object({
  file: z
    .custom<File>(isFile, { message: 'Envía la hoja de cálculo en el campo file' })
    .refine((file) => /\.xlsx$/i.test(file.name), 'El archivo debe ser una hoja de cálculo de Excel (.xlsx)')
    .refine((file) => file.size <= MASSIVE_LOAD_MAX_BYTES, 'El archivo debe pesar como máximo 5 MB'),
});

const optionalId = dbId.nullish();

/** The public owner registration (/onboarding/{domain}): the person and the house they say they own. */
export const OnboardingRegisterSchema = z.object({
  neighborhoodId: optionalId,
  domain: optionalText(120, 'El dominio'),
  user: z.object({
    firstName: boundedText(100, 'El nombre', { required: true }).transform(capitalize),
    lastName: optionalText(100, 'El apellido'),
    email: z.string().max(254, 'El correo electrónico no es válido').trim().toLowerCase().pipe(z.email('El correo electrónico no es válido')),
    mobile: phoneInput('El teléfono celular debe tener 10 dígitos'),
  }),
  house: z.object({
    houseTypeId: z.number({ error: 'Elige el tipo de propiedad' }).int().positive().max(2_147_483_647),
    streetId: optionalId,
    street: optionalText(120, 'La calle'),
    condominiumId: optionalId,
    condominium: optionalText(120, 'El condominio'),
    mallId: optionalId,
    mall: optionalText(120, 'La plaza'),
    block: optionalText(30, 'La manzana'),
    lot: optionalText(30, 'El lote'),
    exteriorNumber: optionalText(30, 'El número exterior'),
    interiorNumber: optionalText(30, 'El número interior'),
  }),
});
