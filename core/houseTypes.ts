// Spec 3 section 3: the predefined house types of each community kind; 'Otro' is a custom type.
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
