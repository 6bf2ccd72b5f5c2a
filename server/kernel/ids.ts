import { randomInt } from 'node:crypto';

/** The database id inside a decoded global ID; an id that is not one matches no row (-1) instead of failing. */
export function rowId(id: string | number): number {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : -1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

type DecodedId = { typename: string; id: string };

/** The row id of a decoded global ID of `typename`; another type's ID matches no row (-1), an absent one stays null. */
export function idOf(id: DecodedId, typename: string): number;
export function idOf(id: DecodedId | null | undefined, typename: string): number | null;
export function idOf(id: DecodedId | null | undefined, typename: string): number | null {
  return id ? (id.typename === typename ? rowId(id.id) : -1) : null;
}

/** A UUID id, or one that matches no row. */
export function uuidId(id: string): string {
  return isUuid(id) ? id : '00000000-0000-0000-0000-000000000000';
}

/** `length` characters of `alphabet` from the system's random source: a visitor's reference, an appointment's code. */
export function randomCode(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}
