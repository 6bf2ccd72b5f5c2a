// Spec 3 section 3: the predefined house types of each community kind; 'Otro' is a custom type. The
// house type input is validated with houseTypeSchema by the browser's form and by the server.
import { z } from 'zod';
import { boundedText } from './input.js';
import { formatMoney, MAX_MONEY, parseMoney } from './money.js';

export type CommunityKind = 'NEIGHBORHOOD' | 'CONDOMINIUM' | 'MALL';
export type CatastralAlgorithm = 'UNIQUE' | 'INTERIOR_NUMBER_COMPOSED';

export const LOCATION_FLAGS = [
  'requireDimension',
  'requireCondominium',
  'requireBlock',
  'requireLot',
  'requireStreet',
  'requireExteriorNumber',
  'requireInteriorNumber',
  'requireMall',
] as const;
export type LocationFlag = (typeof LOCATION_FLAGS)[number];

export interface HouseTypeTemplate {
  title: string;
  defaultName: string | null;
  catastralAlgorithm: CatastralAlgorithm;
  flags: Partial<Record<LocationFlag, true>>;
}

export const CUSTOM_HOUSE_TYPE = 'Otro';

export const PREDEFINED_HOUSE_TYPES: Record<CommunityKind, HouseTypeTemplate[]> = {
  NEIGHBORHOOD: [
    {
      title: 'Propiedad en avenida',
      defaultName: 'Casa',
      catastralAlgorithm: 'UNIQUE',
      flags: { requireBlock: true, requireLot: true, requireStreet: true, requireExteriorNumber: true },
    },
    {
      title: 'Propiedad en condominio',
      defaultName: 'Departamento',
      catastralAlgorithm: 'UNIQUE',
      flags: { requireCondominium: true, requireInteriorNumber: true },
    },
    { title: 'Lote sin construir', defaultName: null, catastralAlgorithm: 'UNIQUE', flags: { requireStreet: true } },
  ],
  CONDOMINIUM: [
    { title: 'Casa/Departamento', defaultName: null, catastralAlgorithm: 'UNIQUE', flags: { requireInteriorNumber: true } },
    { title: 'Lote sin construir', defaultName: null, catastralAlgorithm: 'UNIQUE', flags: { requireInteriorNumber: true } },
  ],
  MALL: [
    {
      title: 'Local comercial',
      defaultName: null,
      catastralAlgorithm: 'INTERIOR_NUMBER_COMPOSED',
      flags: { requireDimension: true, requireInteriorNumber: true, requireMall: true },
    },
  ],
};

export function templateFor(kind: CommunityKind, title: string): HouseTypeTemplate | undefined {
  return PREDEFINED_HOUSE_TYPES[kind].find((t) => t.title === title);
}

/** All eight location flags of a template, false where the template does not require them. */
export function templateFlags(template: HouseTypeTemplate): Record<LocationFlag, boolean> {
  return Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!template.flags[f]])) as Record<LocationFlag, boolean>;
}

const flag = z
  .boolean()
  .nullish()
  .transform((v) => !!v);
const optionalText = (max: number, label: string) => boundedText(max, label).nullish();

export const FEE_MESSAGE = 'La cuota de mantenimiento debe ser una cantidad positiva con hasta dos decimales';
export const FEE_REQUIRED = 'La cuota de mantenimiento es requerida';
export const CUSTOM_TITLE_REQUIRED = 'El nombre del tipo de propiedad es requerido';

/** The monthly fee: a typed amount (core/money.ts), never negative, within Decimal(14,2), two decimals out; blank is none. */
const fee = z
  .string()
  .max(40, FEE_MESSAGE)
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === '') return null;
    const amount = parseMoney(value);
    if (!amount || amount.isNegative() || amount.greaterThan(MAX_MONEY)) {
      ctx.addIssue({ code: 'custom', message: FEE_MESSAGE });
      return z.NEVER;
    }
    return formatMoney(amount);
  });

/** The fields of a house type, each on its own. */
export const HouseTypeSchema = z.object({
  /** A predefined title of the community kind, or 'Otro' for a custom type. */
  predefined: boundedText(120, 'El tipo de propiedad').pipe(z.string().min(1, 'Elige un tipo de propiedad')),
  title: optionalText(120, 'El nombre del tipo de propiedad'),
  description: optionalText(500, 'La descripción'),
  defaultName: optionalText(60, 'El nombre predeterminado'),
  catastralAlgorithm: z.enum(['UNIQUE', 'INTERIOR_NUMBER_COMPOSED']).nullish(),
  hiddenToPublic: flag,
  requireDimension: flag,
  requireCondominium: flag,
  requireBlock: flag,
  requireLot: flag,
  requireStreet: flag,
  requireExteriorNumber: flag,
  requireInteriorNumber: flag,
  requireMall: flag,
  amount: fee,
});

/**
 * A house type as saved: a custom type ('Otro') names itself, and the monthly fee is required where
 * the community requires it (spec 3 section 5: maintenance settings and COBRANZA, server's amountRequired).
 */
export function houseTypeSchema({ amountRequired }: { amountRequired: boolean }) {
  return HouseTypeSchema.superRefine((value, ctx) => {
    if (amountRequired && value.amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: FEE_REQUIRED });
    if (value.predefined === CUSTOM_HOUSE_TYPE && !value.title) ctx.addIssue({ code: 'custom', path: ['title'], message: CUSTOM_TITLE_REQUIRED });
  });
}
