// The community as invoice issuer (spec 3 "Fiscal information"): its tax data and the rules of its CSD
// (certificado de sello digital), shared by the fiscal settings form and the server. Opening the
// certificate and the private key happens on the server (@nodecfdi/credentials); what the opened
// certificate must be (a current CSD of the community's RFC) is decided here, from plain facts.
import { z } from 'zod';
import { boundedText, isCleanText } from './input.js';
import { normalizeRegime, regimeByCode, regimesFor, type FiscalRegime } from './tax.js';
import { rfc as rfcCheck, rfcPersonType, type PersonType } from './validators.js';

/** SAT's generic RFCs: public in general (XAXX) and foreign customers (XEXX). Neither can issue invoices. */
export const GENERIC_RFCS: Readonly<Record<string, string>> = {
  XAXX010101000: 'El RFC genérico XAXX010101000 (público en general) no puede usarse como RFC de la comunidad: escribe el RFC con el que la comunidad factura',
  XEXX010101000:
    'El RFC genérico XEXX010101000 (residentes en el extranjero) no puede usarse como RFC de la comunidad: escribe el RFC con el que la comunidad factura',
};

/**
 * ClaveProdServ of the concepts the community invoices when a concept names none: 80131500 is the SAT
 * class «Alquiler y arrendamiento de propiedades o edificaciones» (division 80, real estate services),
 * the class accountants use for condominium and neighbourhood fees (the SAT accepts a key at class
 * level, ending in 00). 01010101 («No existe en el catálogo») remains possible but is meant for global
 * invoices only.
 */
export const DEFAULT_PRODUCT_CODE = '80131500';

/** A .cer or .key of the SAT is 1 to 2 KB; anything above this is not one. */
export const CSD_MAX_BYTES = 100 * 1024;
export const CSD_MAX_KB = CSD_MAX_BYTES / 1024;

export const SERIE_MAX = 10;
/** The SAT lets Serie hold up to 25 characters (no «|»); the community's series are short codes. */
const SERIE_PATTERN = /^[A-Z0-9]+$/;

/** Razón social as SAT writes it: upper case, single spaces. */
export function normalizeFiscalName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLocaleUpperCase('es-MX');
}

export function normalizeRfc(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The RFC's problem as the issuer's RFC, or null: format, date, 12 or 13 characters, not a generic one. */
export function issuerRfcProblem(value: string): string | null {
  const rfc = normalizeRfc(value);
  if (rfc === '') return 'El RFC es requerido';
  if (GENERIC_RFCS[rfc]) return GENERIC_RFCS[rfc];
  const problem = rfcCheck(rfc);
  if (problem) return problem;
  if (!rfcPersonType(rfc)) return 'El RFC debe tener 13 caracteres (persona física) o 12 (persona moral)';
  return null;
}

/** The regimes the issuer may declare with this RFC (all of them while the RFC does not tell yet). */
export function issuerRegimes(rfc: string): FiscalRegime[] {
  const value = normalizeRfc(rfc);
  return regimesFor(issuerRfcProblem(value) ? null : rfcPersonType(value));
}

const PERSON_NAME: Record<PersonType, string> = { FISICA: 'personas físicas', MORAL: 'personas morales' };

/** A required text whose label is feminine («La serie ... es requerida»). */
const requiredText = (max: number, label: string) => boundedText(max, label).refine((value) => value !== '', `${label} es requerida`);

const serie = (label: string) =>
  requiredText(SERIE_MAX, label)
    .transform((value) => value.toUpperCase())
    .refine((value) => SERIE_PATTERN.test(value), `${label} solo puede tener letras sin acentos y dígitos`);

/** The tax data form and the updateFiscalInformation input: bounded first, then SAT's rules; normalized output. */
export const FiscalInformationSchema = z
  .object({
    fiscalName: requiredText(254, 'La razón social').transform(normalizeFiscalName),
    rfc: boundedText(20, 'El RFC')
      .transform(normalizeRfc)
      .check((ctx) => {
        const problem = issuerRfcProblem(ctx.value);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
      }),
    regime: boundedText(10, 'El régimen fiscal')
      .transform(normalizeRegime)
      .check((ctx) => {
        if (!ctx.value) ctx.issues.push({ code: 'custom', message: 'El régimen fiscal es requerido', input: ctx.value });
        else if (!regimeByCode(ctx.value)) ctx.issues.push({ code: 'custom', message: `El régimen fiscal ${ctx.value} no existe`, input: ctx.value });
      }),
    productCode: boundedText(20, 'La clave de producto o servicio')
      .nullish()
      .transform((value) => (value ? value : DEFAULT_PRODUCT_CODE))
      .refine((value) => /^\d{8}$/.test(value), 'La clave de producto o servicio del SAT debe tener 8 dígitos')
      .refine((value) => !/^0+$/.test(value), 'La clave de producto o servicio del SAT no es válida'),
    invoiceSerie: serie('La serie de facturas'),
    creditNoteSerie: serie('La serie de notas de crédito'),
  })
  .superRefine((value, ctx) => {
    // Runs even when a field failed: its value may then be the raw input.
    const person = typeof value.rfc === 'string' && !issuerRfcProblem(value.rfc) ? rfcPersonType(value.rfc) : null;
    const regime = typeof value.regime === 'string' ? regimeByCode(value.regime) : null;
    if (person && regime && !regimesFor(person).includes(regime)) {
      ctx.addIssue({ code: 'custom', path: ['regime'], message: `El régimen fiscal ${regime.satCode} no puede usarse para ${PERSON_NAME[person]}` });
    }
    if (
      typeof value.invoiceSerie === 'string' &&
      value.invoiceSerie !== '' &&
      value.invoiceSerie.toUpperCase() === String(value.creditNoteSerie).toUpperCase()
    ) {
      ctx.addIssue({ code: 'custom', path: ['creditNoteSerie'], message: 'La serie de notas de crédito debe ser distinta de la serie de facturas' });
    }
  });

export type FiscalInformationInput = z.input<typeof FiscalInformationSchema>;
export type FiscalInformationData = z.output<typeof FiscalInformationSchema>;

// ---- CSD (certificado de sello digital) ----

const isFile = (value: unknown): value is File =>
  !!value && typeof value === 'object' && typeof (value as File).name === 'string' && typeof (value as File).size === 'number';

const csdFile = (label: string, missing: string) =>
  z
    .custom<File>(isFile, { message: missing })
    .refine((file) => file.size > 0, `${label} está vacío`)
    .refine((file) => file.size <= CSD_MAX_BYTES, `${label} debe pesar como máximo ${CSD_MAX_KB} KB`);

/** The CSD upload form and the uploadFiscalCertificate input: the two files (a few KB each) and the key's password. */
export const CsdUploadSchema = z.object({
  certificate: csdFile('El archivo del certificado (.cer)', 'Elige el archivo del certificado (.cer)'),
  privateKey: csdFile('El archivo de la llave privada (.key)', 'Elige el archivo de la llave privada (.key)'),
  privateKeyPassword: z
    .string({ error: 'La contraseña de la llave privada es requerida' })
    .max(256, 'La contraseña de la llave privada debe tener como máximo 256 caracteres')
    .refine((value) => isCleanText(value), 'La contraseña de la llave privada contiene caracteres no permitidos')
    .refine((value) => value.length > 0, 'La contraseña de la llave privada es requerida'),
});

export type CertificateKind = 'CSD' | 'FIEL' | 'UNKNOWN';
export type CertificateStatus = 'VALID' | 'EXPIRED' | 'NOT_YET_VALID';

/** What the server read from an uploaded certificate. */
export interface CertificateFacts {
  rfc: string;
  kind: CertificateKind;
  validFrom: Date;
  validTo: Date;
}

const DATE_FORMAT = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' });

/** «18 de mayo de 2027», in Mexico City time. */
export function formatCertificateDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

export function certificateStatus(validFrom: Date, validTo: Date, now: Date = new Date()): CertificateStatus {
  if (now.getTime() < validFrom.getTime()) return 'NOT_YET_VALID';
  if (now.getTime() > validTo.getTime()) return 'EXPIRED';
  return 'VALID';
}

/**
 * Why a certificate cannot seal the community's invoices ([] when it can): it must be a CSD (not the
 * e.firma), valid today, and of the community's RFC.
 */
export function certificateProblems(facts: CertificateFacts, communityRfc: string, now: Date = new Date()): string[] {
  const problems: string[] = [];
  if (facts.kind === 'FIEL') {
    problems.push('El certificado es de e.firma (FIEL); para facturar sube el certificado de sello digital (CSD) que emite el SAT');
  } else if (facts.kind !== 'CSD') {
    problems.push('El certificado no es un certificado de sello digital (CSD) del SAT');
  }
  const status = certificateStatus(facts.validFrom, facts.validTo, now);
  if (status === 'EXPIRED') problems.push(`El certificado venció el ${formatCertificateDate(facts.validTo)}`);
  if (status === 'NOT_YET_VALID') problems.push(`El certificado será válido a partir del ${formatCertificateDate(facts.validFrom)}`);
  const expected = normalizeRfc(communityRfc);
  if (normalizeRfc(facts.rfc) !== expected) {
    problems.push(`El RFC del certificado (${facts.rfc}) no coincide con el RFC de los datos fiscales (${expected})`);
  }
  return problems;
}

export const CSD_MESSAGES = {
  notCertificate: 'El archivo .cer no es un certificado válido del SAT',
  notKey: 'El archivo .key no es una llave privada válida del SAT',
  unencryptedKey: 'La llave privada debe estar protegida con contraseña, como la entrega el SAT',
  foreignKeyEncryption: 'La llave privada no está cifrada como la entrega el SAT: sube el archivo .key original que generaste con el SAT',
  wrongPassword: 'La contraseña de la llave privada no es correcta',
  mismatch: 'La llave privada no corresponde al certificado: sube el .key que se generó con este .cer',
  noFiscalInformation: 'Guarda primero los datos fiscales de la comunidad: el RFC del certificado debe coincidir con ellos',
} as const;

/** What «configured» needs of a stored fiscal information row. */
export interface FiscalState {
  fiscalName: string | null;
  rfc: string | null;
  regime: string | null;
  productCode: string | null;
  invoiceSerie: string | null;
  creditNoteSerie: string | null;
  certificateValidFrom: Date | null;
  certificateValidTo: Date | null;
  hasPrivateKey: boolean;
}

/**
 * The community can issue invoices: complete tax data, the issuer's postal code (the community's
 * address) and a CSD valid today with its private key and password.
 */
export function isFiscalConfigured(info: FiscalState | null, postalCode: string | null | undefined, now: Date = new Date()): boolean {
  if (!info || !postalCode || !/^\d{5}$/.test(postalCode)) return false;
  const complete = !!(info.fiscalName && info.rfc && info.regime && info.productCode && info.invoiceSerie && info.creditNoteSerie);
  if (!complete || !info.hasPrivateKey || !info.certificateValidFrom || !info.certificateValidTo) return false;
  return certificateStatus(info.certificateValidFrom, info.certificateValidTo, now) === 'VALID';
}
