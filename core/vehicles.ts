// Vehicles of a house (spec 3 sections 3 to 9, module ACCESO_VEHICULAR): one zod schema for the browser's form
// and the server, the status the community's flags give a vehicle, its segment and icon, and the plate key
// the guard's lookup reads.
import { z } from 'zod';
import { boundedText } from './input.js';

export const VEHICLE_TYPES = ['CAR', 'ARMORED_CAR', 'TRUCK', 'ARMORED_TRUCK', 'MOTORCYCLE'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_TYPE_NAMES: Record<VehicleType, string> = {
  CAR: 'Automóvil',
  ARMORED_CAR: 'Automóvil blindado',
  TRUCK: 'Camioneta o camión',
  ARMORED_TRUCK: 'Camioneta o camión blindado',
  MOTORCYCLE: 'Motocicleta',
};

export const VEHICLE_STATUSES = ['INCOMPLETE', 'PENDING_AUTHORIZATION', 'ACTIVE'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const VEHICLE_STATUS_NAMES: Record<VehicleStatus, string> = {
  INCOMPLETE: 'Incompleto',
  PENDING_AUTHORIZATION: 'Pendiente de autorización',
  ACTIVE: 'Validado',
};

/** The plates' states: the 32 of Mexico (ISO 3166-2:MX codes) and EXT for a foreign plate. */
export const STATES = {
  AGU: 'Aguascalientes',
  BCN: 'Baja California',
  BCS: 'Baja California Sur',
  CAM: 'Campeche',
  CHP: 'Chiapas',
  CHH: 'Chihuahua',
  CMX: 'Ciudad de México',
  COA: 'Coahuila',
  COL: 'Colima',
  DUR: 'Durango',
  GUA: 'Guanajuato',
  GRO: 'Guerrero',
  HID: 'Hidalgo',
  JAL: 'Jalisco',
  MEX: 'Estado de México',
  MIC: 'Michoacán',
  MOR: 'Morelos',
  NAY: 'Nayarit',
  NLE: 'Nuevo León',
  OAX: 'Oaxaca',
  PUE: 'Puebla',
  QUE: 'Querétaro',
  ROO: 'Quintana Roo',
  SLP: 'San Luis Potosí',
  SIN: 'Sinaloa',
  SON: 'Sonora',
  TAB: 'Tabasco',
  TAM: 'Tamaulipas',
  TLA: 'Tlaxcala',
  VER: 'Veracruz',
  YUC: 'Yucatán',
  ZAC: 'Zacatecas',
  EXT: 'Extranjero',
} as const;
export type StateCode = keyof typeof STATES;
export const STATE_CODES = Object.keys(STATES) as StateCode[];

/** The access tags a community's gate reads (docs/decisions.md «Vehicle tag types»: a fixed catalogue). */
export const TAG_TYPES = [
  { id: 1, name: 'Calcomanía RFID de acceso' },
  { id: 2, name: 'Tarjeta de proximidad' },
  { id: 3, name: 'TAG IAVE' },
  { id: 4, name: 'TAG PASE / TeleVía' },
  { id: 5, name: 'TAG Viapass' },
] as const;
/** Only for a house's people (spec 3 section 5). */
export const NO_TAG = -1;
export const TAG_NOT_LISTED = -2;
export const HOUSE_TAG_OPTIONS = [
  { id: NO_TAG, name: 'No tengo tag' },
  { id: TAG_NOT_LISTED, name: 'No está en esta lista' },
] as const;

export function tagTypeName(id: number | null | undefined): string | null {
  if (id == null) return null;
  return [...TAG_TYPES, ...HOUSE_TAG_OPTIONS].find((t) => t.id === id)?.name ?? null;
}

export const VEHICLE_SEGMENTS = ['ACTIVE', 'WITH_REVISION_POINT', 'WITHOUT_REVISION_POINT'] as const;
export type VehicleSegment = (typeof VEHICLE_SEGMENTS)[number];
export const VEHICLE_SEGMENT_NAMES: Record<VehicleSegment, string> = {
  ACTIVE: 'Validados',
  WITH_REVISION_POINT: 'Con cita',
  WITHOUT_REVISION_POINT: 'Sin cita',
};

/** Appointment codes: 8 characters of 31 (no 0/O, 1/I/L), read aloud at the revision point. */
export const SPACE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SPACE_CODE_LENGTH = 8;

/** The plate lookup starts at 3 letters or digits (a trigram: docs/decisions.md «The guard's plate lookup»). */
export const PLATE_LOOKUP_MIN = 3;

export const VEHICLE_MESSAGES = {
  created: 'El vehículo ha sido registrado',
  updated: 'El vehículo ha sido actualizado',
  deleted: 'El vehículo ha sido eliminado',
  authorized: 'El vehículo ha sido autorizado',
  rejected: 'El vehículo ha sido rechazado',
  booked: 'La cita ha sido agendada',
  cancelled: 'La cita ha sido cancelada',
  completed: 'La cita ha sido marcada como completada',
  commentAdded: 'El comentario ha sido agregado',
  rejectReasonRequired: 'La razón del rechazo es requerida',
  spaceTaken: 'El horario pudo ser apartado por alguien más, intenta nuevamente',
  alreadyBooked: 'Encontramos que este vehículo ya tiene un horario apartado',
  plateRequired: 'Las placas son requeridas',
  plateInvalid: 'Las placas deben tener de 3 a 10 letras o números',
  stateRequired: 'El estado de las placas es requerido',
  tagTypeRequired: 'El tipo de tag es requerido',
  tagTypeInvalid: 'El tipo de tag no es válido',
  tagNumberRequired: 'El número de tag es requerido',
  commentRequired: 'El comentario es requerido',
} as const;

/** A plate as the lookup reads it: its letters and digits in capitals, accents dropped («abc-12 3» is ABC123). */
export function plateKey(plate: string): string {
  return plate
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

const optionalText = (max: number, label: string) =>
  boundedText(max, label)
    .nullish()
    .transform((v) => v || null);

/** The fields of a vehicle as typed; `vehicleFields(flags, asAdmin)` adds the community's rules. */
export const VehicleFields = z.object({
  type: z
    .enum(VEHICLE_TYPES, 'Elige el tipo de vehículo')
    .nullish()
    .transform((v) => v ?? 'CAR'),
  plate: boundedText(15, 'Las placas', { required: true })
    .transform((v) => v.toUpperCase().replace(/\s+/g, ' '))
    .refine((v) => plateKey(v).length >= 3 && plateKey(v).length <= 10, VEHICLE_MESSAGES.plateInvalid),
  state: z
    .string(VEHICLE_MESSAGES.stateRequired)
    .max(10, VEHICLE_MESSAGES.stateRequired)
    .transform((v) => v.trim().toUpperCase())
    .refine((v): v is StateCode => v in STATES, VEHICLE_MESSAGES.stateRequired),
  tagTypeId: z
    .number(VEHICLE_MESSAGES.tagTypeInvalid)
    .int(VEHICLE_MESSAGES.tagTypeInvalid)
    .refine((v) => [...TAG_TYPES, ...HOUSE_TAG_OPTIONS].some((t) => t.id === v), VEHICLE_MESSAGES.tagTypeInvalid)
    .nullish()
    .transform((v) => v ?? null),
  tagNumber: optionalText(40, 'El número de tag'),
  tagSerial: optionalText(40, 'El número de serie del tag'),
  circulationCardFileId: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => v || null),
  description: optionalText(200, 'La descripción'),
  externId: optionalText(60, 'El identificador externo'),
});
export type VehicleInput = z.input<typeof VehicleFields>;
export type VehicleData = z.output<typeof VehicleFields>;

/** The community's flags about vehicles (spec 3 "Neighbourhood"). */
export interface VehicleFlags {
  requiredVehicleRevision: boolean;
  requiredVehicleTag: boolean;
  requiredVehicleAuthorization: boolean;
}

/**
 * The form with the community's rules (spec 3 section 5): a tag type from the catalogue (a house's people
 * may also say they have none, -1, or that theirs is not listed, -2); where the community asks for a tag,
 * a tag type is required; a tag number goes with any tag but «No tengo tag», which clears it.
 */
export function vehicleFields(flags: VehicleFlags, asAdmin: boolean, currentTagTypeId: number | null = null) {
  return VehicleFields.transform((v) => ({
    ...v,
    tagNumber: v.tagTypeId === NO_TAG ? null : v.tagNumber,
    tagSerial: v.tagTypeId === NO_TAG ? null : v.tagSerial,
  })).superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // The administration chooses from the catalogue, and keeps a house's «No tengo tag» or «No está en esta lista» when it edits.
    const allowed = asAdmin ? [...TAG_TYPES, ...HOUSE_TAG_OPTIONS.filter((t) => t.id === currentTagTypeId)] : [...TAG_TYPES, ...HOUSE_TAG_OPTIONS];
    if (v.tagTypeId !== null && !allowed.some((t) => t.id === v.tagTypeId)) issue('tagTypeId', VEHICLE_MESSAGES.tagTypeInvalid);
    else if (flags.requiredVehicleTag && v.tagTypeId === null) issue('tagTypeId', VEHICLE_MESSAGES.tagTypeRequired);
    if (v.tagTypeId !== null && v.tagTypeId !== NO_TAG && !v.tagNumber) issue('tagNumber', VEHICLE_MESSAGES.tagNumberRequired);
  });
}

/** Whether the vehicle carries a tag the gate can read: any tag type but «No tengo tag», with its number. */
export function hasTag(v: { tagTypeId: number | null; tagNumber: string | null }): boolean {
  return v.tagTypeId !== null && v.tagTypeId !== NO_TAG && !!v.tagNumber;
}

/**
 * A vehicle's status (spec 3 section 6; docs/decisions.md «A vehicle's status»): INCOMPLETE while it lacks
 * what the community asks for (a completed inspection, a tag) or after the administration rejected it;
 * then PENDING_AUTHORIZATION until an administrator authorizes it, where the community asks for that; else ACTIVE.
 */
export function vehicleStatus(
  flags: VehicleFlags,
  v: { tagTypeId: number | null; tagNumber: string | null; inspectedAt: Date | null; authorizedAt: Date | null; rejectedAt: Date | null },
): VehicleStatus {
  if (v.rejectedAt) return 'INCOMPLETE';
  if (flags.requiredVehicleRevision && !v.inspectedAt) return 'INCOMPLETE';
  if (flags.requiredVehicleTag && !hasTag(v)) return 'INCOMPLETE';
  if (flags.requiredVehicleAuthorization && !v.authorizedAt) return 'PENDING_AUTHORIZATION';
  return 'ACTIVE';
}

export type VehicleIcon = 'check' | 'hourglass' | 'clock' | 'banned';

/** The status icon (spec 3 section 6): ACTIVE a check; else with a confirmed appointment an hourglass; pending authorization a clock; else banned. */
export function vehicleIcon(status: VehicleStatus, hasConfirmedSpace: boolean): VehicleIcon {
  if (status === 'ACTIVE') return 'check';
  if (hasConfirmedSpace) return 'hourglass';
  if (status === 'PENDING_AUTHORIZATION') return 'clock';
  return 'banned';
}

/** The reason an administrator gives for rejecting a vehicle. */
export const RejectSchema = z.object({
  comment: z
    .string(VEHICLE_MESSAGES.rejectReasonRequired)
    .max(2000, 'La razón del rechazo debe tener como máximo 500 caracteres')
    .transform((v) => v.trim())
    .pipe(z.string().min(1, VEHICLE_MESSAGES.rejectReasonRequired).max(500, 'La razón del rechazo debe tener como máximo 500 caracteres')),
});

export const CommentSchema = z.object({
  comment: z
    .string(VEHICLE_MESSAGES.commentRequired)
    .max(4000, 'El comentario debe tener como máximo 1000 caracteres')
    .transform((v) => v.trim())
    .pipe(z.string().min(1, VEHICLE_MESSAGES.commentRequired).max(1000, 'El comentario debe tener como máximo 1000 caracteres')),
});
