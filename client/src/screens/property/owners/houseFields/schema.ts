// The house form's shape, derived from core/houses.ts HouseSchema (the server validates the same
// fields with it): ids are the form's global ids, condominium and mall are typed names, blank inputs
// stand for null, and the owner is optional as a whole.
import { z } from 'zod';
import { blankAsNull, HouseSchema, locationIssues, OwnerSchema, PARKING_REQUIRED } from '../../../../../../core/houses.js';
import type { HouseTypeFlags, LocationField } from '../../../../../../core/houseRules.js';

const S = HouseSchema.shape;

const OwnerFields = z
  .object({ email: z.string(), firstName: z.string(), lastName: z.string(), mobile: z.string(), landline: z.string() })
  .transform((owner, ctx) => {
    if (Object.values(owner).every((v) => v.trim() === '')) return null;
    const parsed = OwnerSchema.safeParse(owner);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** Where a location rule's field is on the form (condominium and mall are typed by name). */
const FORM_FIELD: Partial<Record<LocationField, string>> = { condominiumId: 'condominiumName', mallId: 'mallName' };

export interface HouseFormRules {
  /** The location flags of a house type (by global id), null for an unknown one. */
  flagsOf: (houseTypeId: string) => HouseTypeFlags | null;
  restrictVehicles: boolean;
}

export function houseFormSchema({ flagsOf, restrictVehicles }: HouseFormRules) {
  return z
    .object({
      houseTypeId: z.string().min(1, 'Elige un tipo de propiedad'),
      catastral: S.catastral,
      block: S.block,
      lot: S.lot,
      exteriorNumber: S.exteriorNumber,
      interiorNumber: S.interiorNumber,
      dimension: blankAsNull(S.dimension),
      streetId: z.string().nullable(),
      condominiumName: S.condominiumName,
      mallName: S.mallName,
      parkingSpots: z
        .union([z.literal(''), z.number()])
        .transform((v) => (v === '' ? null : v))
        .pipe(S.parkingSpots as unknown as z.ZodType<number | null, number | null>),
      initialBalance: blankAsNull(S.initialBalance),
      balanceReason: S.balanceReason,
      owner: OwnerFields,
      officialIdFileId: z.string().max(64).nullable(),
    })
    .superRefine((values, ctx) => {
      const flags = flagsOf(values.houseTypeId);
      if (!flags) return;
      const location = { ...values, condominiumId: values.condominiumName, mallId: values.mallName };
      for (const issue of locationIssues(location, flags))
        ctx.addIssue({ code: 'custom', message: issue.message, path: [FORM_FIELD[issue.field] ?? issue.field] });
      if (restrictVehicles && values.parkingSpots == null) ctx.addIssue({ code: 'custom', message: PARKING_REQUIRED, path: ['parkingSpots'] });
    });
}

export type HouseFormSchema = ReturnType<typeof houseFormSchema>;
export type HouseFormValues = z.input<HouseFormSchema>;
export type HouseFormOutput = z.output<HouseFormSchema>;

export const EMPTY_HOUSE: HouseFormValues = {
  houseTypeId: '',
  catastral: '',
  block: '',
  lot: '',
  exteriorNumber: '',
  interiorNumber: '',
  dimension: '',
  streetId: null,
  condominiumName: '',
  mallName: '',
  parkingSpots: '',
  initialBalance: '',
  balanceReason: '',
  owner: { email: '', firstName: '', lastName: '', mobile: '', landline: '' },
  officialIdFileId: null,
};

type Place = { readonly databaseId: number; readonly name: string };

/** An existing place by its name (any case), else the name of a new one. */
function place(name: string | null, list: readonly Place[]) {
  if (!name) return { id: null, name: null };
  const found = list.find((p) => p.name.toLowerCase() === name.toLowerCase());
  return found ? { id: found.databaseId, name: null } : { id: null, name };
}

/** The GraphQL HouseInput of the form's values: location fields the type does not ask are sent empty. */
export function houseInput(
  values: HouseFormOutput,
  flags: HouseTypeFlags,
  places: { condominiums: readonly Place[]; malls: readonly Place[] },
  activate: boolean,
) {
  const condominium = flags.requireCondominium ? place(values.condominiumName, places.condominiums) : place(null, []);
  const mall = flags.requireMall ? place(values.mallName, places.malls) : place(null, []);
  return {
    houseTypeId: values.houseTypeId,
    catastral: values.catastral,
    block: flags.requireBlock ? values.block : null,
    lot: flags.requireLot ? values.lot : null,
    exteriorNumber: flags.requireExteriorNumber ? values.exteriorNumber : null,
    interiorNumber: flags.requireInteriorNumber ? values.interiorNumber : null,
    dimension: flags.requireDimension ? values.dimension : null,
    streetId: flags.requireStreet ? values.streetId : null,
    condominiumId: condominium.id,
    condominiumName: condominium.name,
    mallId: mall.id,
    mallName: mall.name,
    parkingSpots: values.parkingSpots ?? null,
    initialBalance: values.initialBalance,
    balanceReason: values.balanceReason,
    owner: values.owner,
    officialIdFileId: values.officialIdFileId,
    activate,
  };
}
