// Tax data of a house (spec 1 sections 3, 5 and 9): the SAT catalogues the form offers and the rules
// checked on the server and in the browser. Catalogues follow the SAT's CFDI 4.0 Anexo 20
// (c_RegimenFiscal, c_UsoCFDI with their "Persona física / moral" columns and the receiver regimes of
// each use) and the INEGI/ISO 3166-2:MX state codes used by CFDI addresses.
import { z } from 'zod';
import { boundedText } from './input.js';
import { GENERIC_RFC, rfc as rfcCheck, rfcPersonType, type PersonType } from './validators.js';

export type { PersonType };

export interface FiscalRegime {
  /** Legacy code stored and sent by clients: RF601 ... RF630. */
  code: string;
  /** The SAT's own key (c_RegimenFiscal): 601 ... 630. */
  satCode: string;
  name: string;
  fisica: boolean;
  moral: boolean;
}

const regime = (sat: number, name: string, fisica: boolean, moral: boolean): FiscalRegime => ({ code: `RF${sat}`, satCode: String(sat), name, fisica, moral });

/** c_RegimenFiscal in force for CFDI 4.0 (the retired 609 Consolidación is not offered). */
export const FISCAL_REGIMES: readonly FiscalRegime[] = [
  regime(601, 'General de Ley Personas Morales', false, true),
  regime(603, 'Personas Morales con Fines no Lucrativos', false, true),
  regime(605, 'Sueldos y Salarios e Ingresos Asimilados a Salarios', true, false),
  regime(606, 'Arrendamiento', true, false),
  regime(607, 'Régimen de Enajenación o Adquisición de Bienes', true, false),
  regime(608, 'Demás ingresos', true, false),
  regime(610, 'Residentes en el Extranjero sin Establecimiento Permanente en México', true, true),
  regime(611, 'Ingresos por Dividendos (socios y accionistas)', true, false),
  regime(612, 'Personas Físicas con Actividades Empresariales y Profesionales', true, false),
  regime(614, 'Ingresos por intereses', true, false),
  regime(615, 'Régimen de los ingresos por obtención de premios', true, false),
  regime(616, 'Sin obligaciones fiscales', true, false),
  regime(620, 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', false, true),
  regime(621, 'Incorporación Fiscal', true, false),
  regime(622, 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', false, true),
  regime(623, 'Opcional para Grupos de Sociedades', false, true),
  regime(624, 'Coordinados', false, true),
  regime(625, 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', true, false),
  regime(626, 'Régimen Simplificado de Confianza', true, true),
  regime(628, 'Hidrocarburos', false, true),
  regime(629, 'De los Regímenes Fiscales Preferentes y de las Empresas Multinacionales', true, false),
  regime(630, 'Enajenación de acciones en bolsa de valores', true, false),
];

export interface CfdiUse {
  code: string;
  name: string;
  fisica: boolean;
  moral: boolean;
  /** Receiver regimes (legacy RF codes) the SAT accepts with this use. */
  regimes: readonly string[];
}

const rf = (...sat: number[]) => sat.map((n) => `RF${n}`);
// Receiver regimes per use, as the SAT's c_UsoCFDI lists them.
const BUSINESS = rf(601, 603, 606, 612, 620, 621, 622, 623, 624, 625, 626);
const DEDUCTIONS = rf(605, 606, 607, 608, 611, 612, 614, 615, 625);
const ANY = rf(601, 603, 605, 606, 607, 608, 610, 611, 612, 614, 615, 616, 620, 621, 622, 623, 624, 625, 626);

const use = (code: string, name: string, fisica: boolean, moral: boolean, regimes: readonly string[]): CfdiUse => ({ code, name, fisica, moral, regimes });

/** c_UsoCFDI for CFDI 4.0. */
export const CFDI_USES: readonly CfdiUse[] = [
  use('G01', 'Adquisición de mercancías', true, true, BUSINESS),
  use('G02', 'Devoluciones, descuentos o bonificaciones', true, true, BUSINESS),
  use('G03', 'Gastos en general', true, true, BUSINESS),
  use('I01', 'Construcciones', true, true, BUSINESS),
  use('I02', 'Mobiliario y equipo de oficina por inversiones', true, true, BUSINESS),
  use('I03', 'Equipo de transporte', true, true, BUSINESS),
  use('I04', 'Equipo de computo y accesorios', true, true, BUSINESS),
  use('I05', 'Dados, troqueles, moldes, matrices y herramental', true, true, BUSINESS),
  use('I06', 'Comunicaciones telefónicas', true, true, BUSINESS),
  use('I07', 'Comunicaciones satelitales', true, true, BUSINESS),
  use('I08', 'Otra maquinaria y equipo', true, true, BUSINESS),
  use('D01', 'Honorarios médicos, dentales y gastos hospitalarios', true, false, DEDUCTIONS),
  use('D02', 'Gastos médicos por incapacidad o discapacidad', true, false, DEDUCTIONS),
  use('D03', 'Gastos funerales', true, false, DEDUCTIONS),
  use('D04', 'Donativos', true, false, DEDUCTIONS),
  use('D05', 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', true, false, DEDUCTIONS),
  use('D06', 'Aportaciones voluntarias al SAR', true, false, DEDUCTIONS),
  use('D07', 'Primas por seguros de gastos médicos', true, false, DEDUCTIONS),
  use('D08', 'Gastos de transportación escolar obligatoria', true, false, DEDUCTIONS),
  use('D09', 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', true, false, DEDUCTIONS),
  use('D10', 'Pagos por servicios educativos (colegiaturas)', true, false, DEDUCTIONS),
  use('S01', 'Sin efectos fiscales', true, true, ANY),
  use('CP01', 'Pagos', true, true, ANY),
  use('CN01', 'Nómina', true, false, rf(605)),
];

export interface StateOption {
  code: string;
  name: string;
}

/** Address state for a foreign address. */
export const FOREIGN_STATE = 'EXT';
export const DEFAULT_COUNTRY = 'México';

/** The 32 federal entities (ISO 3166-2:MX codes, as CFDI addresses use them) plus EXT. */
export const STATES: readonly StateOption[] = [
  { code: 'AGU', name: 'Aguascalientes' },
  { code: 'BCN', name: 'Baja California' },
  { code: 'BCS', name: 'Baja California Sur' },
  { code: 'CAM', name: 'Campeche' },
  { code: 'CHP', name: 'Chiapas' },
  { code: 'CHH', name: 'Chihuahua' },
  { code: 'CMX', name: 'Ciudad de México' },
  { code: 'COA', name: 'Coahuila' },
  { code: 'COL', name: 'Colima' },
  { code: 'DUR', name: 'Durango' },
  { code: 'GUA', name: 'Guanajuato' },
  { code: 'GRO', name: 'Guerrero' },
  { code: 'HID', name: 'Hidalgo' },
  { code: 'JAL', name: 'Jalisco' },
  { code: 'MEX', name: 'Estado de México' },
  { code: 'MIC', name: 'Michoacán' },
  { code: 'MOR', name: 'Morelos' },
  { code: 'NAY', name: 'Nayarit' },
  { code: 'NLE', name: 'Nuevo León' },
  { code: 'OAX', name: 'Oaxaca' },
  { code: 'PUE', name: 'Puebla' },
  { code: 'QUE', name: 'Querétaro' },
  { code: 'ROO', name: 'Quintana Roo' },
  { code: 'SLP', name: 'San Luis Potosí' },
  { code: 'SIN', name: 'Sinaloa' },
  { code: 'SON', name: 'Sonora' },
  { code: 'TAB', name: 'Tabasco' },
  { code: 'TAM', name: 'Tamaulipas' },
  { code: 'TLA', name: 'Tlaxcala' },
  { code: 'VER', name: 'Veracruz' },
  { code: 'YUC', name: 'Yucatán' },
  { code: 'ZAC', name: 'Zacatecas' },
  { code: FOREIGN_STATE, name: 'Extranjero' },
];

/** "México", "Mexico", "MEX", "MX" (any case or accents) name Mexico. */
export function isMexico(country: string | null | undefined): boolean {
  const value = (country ?? '').trim();
  if (value === '') return true;
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  return ['MEXICO', 'MEX', 'MX', 'ESTADOS UNIDOS MEXICANOS'].includes(plain);
}

/** "601" or "RF601" -> "RF601"; anything else is returned upper-cased as typed. */
export function normalizeRegime(code: string): string {
  const value = code.trim().toUpperCase();
  return /^\d{3}$/.test(value) ? `RF${value}` : value;
}

export const regimeByCode = (code: string) => FISCAL_REGIMES.find((r) => r.code === normalizeRegime(code)) ?? null;
export const cfdiUseByCode = (code: string) => CFDI_USES.find((u) => u.code === code.trim().toUpperCase()) ?? null;
export const stateByCode = (code: string) => STATES.find((s) => s.code === code.trim().toUpperCase()) ?? null;

const fits = (entry: { fisica: boolean; moral: boolean }, person: PersonType | null) => person === null || (person === 'FISICA' ? entry.fisica : entry.moral);

/** Regimes a person type may declare (all of them while the RFC does not tell yet). */
export function regimesFor(person: PersonType | null): FiscalRegime[] {
  return FISCAL_REGIMES.filter((r) => fits(r, person));
}

/** CFDI uses a person type (and, when known, a regime) may ask for. */
export function cfdiUsesFor(person: PersonType | null, regimeCode?: string | null): CfdiUse[] {
  const regime = regimeCode ? normalizeRegime(regimeCode) : null;
  return CFDI_USES.filter((u) => fits(u, person) && (!regime || !regimeByCode(regime) || u.regimes.includes(regime)));
}

const PERSON_NAME: Record<PersonType, string> = { FISICA: 'personas físicas', MORAL: 'personas morales' };

export interface TaxInfoInput {
  rfc: string;
  businessName: string;
  fiscalRegime: string;
  cfdiUse: string;
  postalCode: string;
  street?: string | null;
  exteriorNumber?: string | null;
  interiorNumber?: string | null;
  colony?: string | null;
  city?: string | null;
  state: string;
  country?: string | null;
}

export interface TaxInfo {
  rfc: string;
  businessName: string;
  fiscalRegime: string;
  cfdiUse: string;
  postalCode: string;
  street: string | null;
  exteriorNumber: string | null;
  interiorNumber: string | null;
  colony: string | null;
  city: string | null;
  state: string;
  country: string;
}

export interface TaxIssue {
  field: keyof TaxInfoInput;
  message: string;
}

export const GENERIC_RFC_MESSAGE = `El RFC genérico ${GENERIC_RFC} (público en general) no puede usarse para facturar a una propiedad`;

const optional = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** Trims, upper-cases codes and the RFC, turns blanks into null and defaults the country to México. */
export function normalizeTaxInfo(input: TaxInfoInput): TaxInfo {
  const country = optional(input.country) ?? DEFAULT_COUNTRY;
  return {
    rfc: (input.rfc ?? '').trim().toUpperCase(),
    businessName: (input.businessName ?? '').trim().replace(/\s+/g, ' '),
    fiscalRegime: normalizeRegime(input.fiscalRegime ?? ''),
    cfdiUse: (input.cfdiUse ?? '').trim().toUpperCase(),
    postalCode: (input.postalCode ?? '').trim(),
    street: optional(input.street),
    exteriorNumber: optional(input.exteriorNumber),
    interiorNumber: optional(input.interiorNumber),
    colony: optional(input.colony),
    city: optional(input.city),
    state: (input.state ?? '').trim().toUpperCase(),
    country: isMexico(country) ? DEFAULT_COUNTRY : country,
  };
}

const MAX_LENGTH: Partial<Record<keyof TaxInfoInput, number>> = {
  businessName: 300,
  street: 200,
  exteriorNumber: 30,
  interiorNumber: 30,
  colony: 120,
  city: 120,
  country: 60,
};

/** Every problem of the tax data, in Spanish, field by field; [] when it can be saved. */
export function validateTaxInfo(raw: TaxInfoInput): TaxIssue[] {
  const v = normalizeTaxInfo(raw);
  const issues: TaxIssue[] = [];
  let person: PersonType | null = null;

  if (v.rfc === '') issues.push({ field: 'rfc', message: 'El RFC es requerido' });
  else if (v.rfc === GENERIC_RFC) issues.push({ field: 'rfc', message: GENERIC_RFC_MESSAGE });
  else {
    const problem = rfcCheck(v.rfc);
    person = problem ? null : rfcPersonType(v.rfc);
    if (problem) issues.push({ field: 'rfc', message: problem });
    // Invoices need the full RFC with its homoclave: 13 characters (física) or 12 (moral).
    else if (!person) issues.push({ field: 'rfc', message: 'El RFC debe tener 13 caracteres (persona física) o 12 (persona moral)' });
  }

  if (v.businessName === '') issues.push({ field: 'businessName', message: 'La razón social es requerida' });

  const regime = regimeByCode(v.fiscalRegime);
  if (v.fiscalRegime === '') issues.push({ field: 'fiscalRegime', message: 'El régimen fiscal es requerido' });
  else if (!regime) issues.push({ field: 'fiscalRegime', message: `El régimen fiscal ${v.fiscalRegime} no existe` });
  else if (person && !fits(regime, person)) {
    issues.push({ field: 'fiscalRegime', message: `El régimen fiscal ${regime.code} no puede usarse para ${PERSON_NAME[person]}` });
  }

  const cfdiUse = cfdiUseByCode(v.cfdiUse);
  if (v.cfdiUse === '') issues.push({ field: 'cfdiUse', message: 'El uso de CFDI es requerido' });
  else if (!cfdiUse) issues.push({ field: 'cfdiUse', message: `El uso de CFDI ${v.cfdiUse} no existe` });
  else if (person && !fits(cfdiUse, person)) {
    issues.push({ field: 'cfdiUse', message: `El uso de CFDI ${cfdiUse.code} no puede usarse para ${PERSON_NAME[person]}` });
  } else if (regime && fits(regime, person) && !cfdiUse.regimes.includes(regime.code)) {
    issues.push({ field: 'cfdiUse', message: `El uso de CFDI ${cfdiUse.code} no puede usarse con el régimen fiscal ${regime.code}` });
  }

  if (!/^\d{5}$/.test(v.postalCode)) issues.push({ field: 'postalCode', message: 'El código postal debe tener 5 dígitos' });

  const state = stateByCode(v.state);
  if (v.state === '') issues.push({ field: 'state', message: 'El estado es requerido' });
  else if (!state) issues.push({ field: 'state', message: `El estado ${v.state} no existe` });
  else if (v.country === DEFAULT_COUNTRY && state.code === FOREIGN_STATE) {
    issues.push({ field: 'state', message: 'Elige un estado de México o cambia el país' });
  } else if (v.country !== DEFAULT_COUNTRY && state.code !== FOREIGN_STATE) {
    issues.push({ field: 'state', message: 'Para un domicilio fuera de México el estado debe ser Extranjero (EXT)' });
  }

  for (const [field, max] of Object.entries(MAX_LENGTH) as [keyof TaxInfoInput, number][]) {
    const value = v[field as keyof TaxInfo];
    if (typeof value === 'string' && value.length > max) issues.push({ field, message: `Debe tener como máximo ${max} caracteres` });
  }
  return issues;
}

/** The zod schema of the tax data form (client) and mutation input (server): normalized output. */
export const taxInfoSchema = z
  .object({
    rfc: z.string(),
    businessName: z.string(),
    fiscalRegime: z.string(),
    cfdiUse: z.string(),
    postalCode: z.string(),
    street: z.string().nullish(),
    exteriorNumber: z.string().nullish(),
    interiorNumber: z.string().nullish(),
    colony: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string(),
    country: z.string().nullish(),
  })
  .superRefine((value, ctx) => {
    for (const issue of validateTaxInfo(value)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  })
  .transform((value) => normalizeTaxInfo(value));

const optionalText = (max: number, label: string) => boundedText(max, label).nullish();

/**
 * Bounds before the tax rules: no field longer than it can ever be valid, no NUL bytes or lone
 * surrogates, so a huge or broken value is refused before any normalization or pattern runs.
 */
export const BoundedTaxInfo = z.object({
  rfc: boundedText(20, 'El RFC'),
  businessName: boundedText(300, 'La razón social'),
  fiscalRegime: boundedText(10, 'El régimen fiscal'),
  cfdiUse: boundedText(10, 'El uso de CFDI'),
  postalCode: boundedText(10, 'El código postal'),
  street: optionalText(200, 'La calle'),
  exteriorNumber: optionalText(30, 'El número exterior'),
  interiorNumber: optionalText(30, 'El número interior'),
  colony: optionalText(120, 'La colonia'),
  city: optionalText(120, 'La ciudad'),
  state: boundedText(10, 'El estado'),
  country: optionalText(60, 'El país'),
});

/** The tax data form and the updateHouseTaxInfo input: bounded first, then the SAT rules; normalized output. */
export const HouseTaxInfoSchema = BoundedTaxInfo.pipe(taxInfoSchema);

/** The constancia de situación fiscal uploaded with the tax data. */
export const TaxReceiptFileId = boundedText(64, 'El archivo').nullish();
