// Small helpers of the sandbox's records: ids, dates and CLABEs shaped as Openpay's.
import { randomInt } from 'node:crypto';

export type Json = Record<string, any>;

export interface SandboxObject {
  id: string;
  merchantId: string;
  kind: string;
  parentId: string | null;
  orderId: string | null;
  data: Json;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An Openpay-like id: the prefix and lowercase letters and digits, 20 characters in all. */
export function newId(prefix: string): string {
  let id = prefix;
  while (id.length < 20) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** Openpay's date format: Mexico City's local time with its offset (no daylight saving since 2022). */
export function openpayDate(date: Date): string {
  return `${new Date(date.getTime() - 6 * 3_600_000).toISOString().slice(0, 19)}-06:00`;
}

/** A CLABE from its first 17 digits and the check digit (weights 3, 7, 1). */
export function clabeWithCheckDigit(first17: string): string {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((first17.charCodeAt(i) - 48) * weights[i % 3]) % 10;
  return `${first17}${(10 - (sum % 10)) % 10}`;
}
