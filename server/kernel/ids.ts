/** The database id inside a decoded global ID; an id that is not one matches no row (-1) instead of failing. */
export function rowId(id: string | number): number {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : -1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A UUID id, or one that matches no row. */
export function uuidId(id: string): string {
  return isUuid(id) ? id : '00000000-0000-0000-0000-000000000000';
}
