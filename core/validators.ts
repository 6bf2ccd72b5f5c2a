// Field rules of spec 1 section 5, shared by the server (zod schemas) and the client (forms).
// Each check returns null when the value is fine, or the Spanish message to show.
import { clabe as clabeLib } from 'clabe-validator';

export type Check = (value: string) => string | null;

export const GENERIC_RFC = 'XAXX010101000';

// SAT's pattern (cfdv40.xsd t_RFC): the homoclave's last character is a check digit, a digit or A.
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2}[\dA])?$/;

export type PersonType = 'FISICA' | 'MORAL';

/** 13 characters is a natural person (física), 12 a legal entity (moral). */
export function rfcPersonType(rfc: string): PersonType | null {
  const value = rfc.trim().toUpperCase();
  if (value.length === 13) return 'FISICA';
  if (value.length === 12) return 'MORAL';
  return null;
}

export const rfc: Check = (raw) => {
  const value = raw.trim().toUpperCase();
  if (value === GENERIC_RFC) return 'El RFC genérico XAXX010101000 (público en general) no es válido';
  const match = RFC_PATTERN.exec(value);
  if (!match) return 'El RFC no tiene un formato válido';
  const [, , yy, mm, dd] = match;
  const month = Number(mm);
  const day = Number(dd);
  // The two-digit year cannot tell the century; 2000 is a leap year, so 29 February passes for "00".
  const year = 2000 + Number(yy);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return 'La fecha del RFC no es válida';
  return null;
};

const CLABE_WEIGHTS = [3, 7, 1];

/** The check digit of a 17-digit CLABE prefix: weights 3, 7, 1 repeating, modulus 10. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * CLABE_WEIGHTS[i % 3]) % 10;
  return (10 - (sum % 10)) % 10;
}

export const clabe: Check = (raw) => {
  const value = raw.trim();
  if (!/^\d{18}$/.test(value)) return 'La CLABE debe tener exactamente 18 dígitos';
  if (clabeCheckDigit(value.slice(0, 17)) !== Number(value[17])) return 'El dígito verificador de la CLABE no es válido';
  return null;
};

/** Name of the bank behind a CLABE, for the wallet panel. */
export function clabeBankName(value: string): string | null {
  const result = clabeLib.validate(value.trim());
  return result.bank ?? null;
}

export const integer: Check = (value) => (/^-?\d+$/.test(value.trim()) ? null : 'Debe ser un número entero');

export function decimal(maxDecimals?: number): Check {
  return (raw) => {
    const value = raw.trim();
    if (!/^-?\d+(\.\d+)?$/.test(value) && !/^-?\.\d+$/.test(value)) return 'Debe ser un número';
    const decimals = value.includes('.') ? value.split('.')[1].length : 0;
    if (maxDecimals !== undefined && decimals > maxDecimals) {
      return maxDecimals === 0 ? 'Debe ser un número sin decimales' : `Debe tener como máximo ${maxDecimals} decimales`;
    }
    return null;
  };
}

export function between(min: number, max: number): Check {
  return (value) => {
    const n = Number(value);
    return Number.isFinite(n) && n >= min && n <= max ? null : `Debe estar entre ${min} y ${max}`;
  };
}

export function greaterThan(min: number): Check {
  return (value) => {
    const n = Number(value);
    return Number.isFinite(n) && n > min ? null : `Debe ser mayor que ${min}`;
  };
}

export function length(min: number, max: number): Check {
  return (value) => {
    if (value.length < min) return `Debe tener al menos ${min} caracteres`;
    if (value.length > max) return `Debe tener como máximo ${max} caracteres`;
    return null;
  };
}

/** Time "HH:MM" strictly after another. */
export function timeAfter(start: string): Check {
  return (end) => (end > start ? null : 'La hora final debe ser posterior a la hora inicial');
}

export function equals(expected: string, message = 'Los valores no coinciden'): Check {
  return (value) => (value === expected ? null : message);
}

export function different(other: string, message = 'El valor debe ser distinto'): Check {
  return (value) => (value !== other ? null : message);
}

/** Accounting account: digit groups separated by hyphens, e.g. 102-01-003. */
export const accountingAccount: Check = (value) =>
  /^\d+(-\d+)*$/.test(value.trim()) ? null : 'La cuenta contable debe ser grupos de dígitos separados por guiones';

export const email: Check = (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'El correo electrónico no es válido');

/** A Mexican phone number as its 10 digits: spaces, dashes, dots, parentheses and a +52 prefix are accepted. */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?52)?(\d{10})$/.exec(digits);
  return match ? match[1] : null;
}

export const phone: Check = (value) => (normalizePhone(value) ? null : 'El teléfono debe tener 10 dígitos');

export const INVOICE_MIN_DATE = '2018-12-31';
export const invoiceDate: Check = (value) => (value > INVOICE_MIN_DATE ? null : 'La fecha de la factura debe ser posterior al 31 de diciembre de 2018');

// ---- Input transforms ----

export function blankToNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.trim() === '' ? null : value;
}

export const upper = (value: string) => value.toUpperCase();
export const lower = (value: string) => value.toLowerCase();

/** Capitalizes words longer than 2 characters ("de", "la" stay as typed). */
export function capitalize(value: string): string {
  return value
    .split(/(\s+)/)
    .map((word) => (word.trim().length > 2 ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word))
    .join('');
}

/** "1234567.5" -> "1,234,567.5" while typing; the locale decimal separator is "." in es-MX. */
export function formatQuantityInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.-]/g, '');
  const negative = cleaned.startsWith('-');
  const [intPart, ...rest] = cleaned.replace(/-/g, '').split('.');
  const grouped = (intPart || (rest.length ? '0' : '')).replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = rest.length ? `.${rest.join('')}` : '';
  return (negative ? '-' : '') + grouped + decimals;
}

/** "1,234,567.50" -> "1234567.50" */
export function parseQuantityInput(formatted: string): string {
  return formatted.replace(/,/g, '').trim();
}

/** Domain slug from a neighbourhood name: spaces to underscores, lowercase, only a-z 0-9 - _. */
export function domainFromName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, '_')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '');
}
