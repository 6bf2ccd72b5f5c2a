// House fields whose values other parts of the app keep in their own tables (balances, tax data, the
// house's people) can add them to the owners-list statement as columns correlated on h.id: the field then
// reads its value from the row, and a page costs one statement whatever it shows (ownersList.ts).
import type { RawBuilder } from 'kysely';

export type HouseColumn = (neighborhoodId: number) => RawBuilder<unknown>;
export const houseColumns = new Map<string, HouseColumn>();

/** Adds a House field's column to the owners-list statement (read only when the page selects the field). */
export function provideHouseColumn(field: string, column: HouseColumn): void {
  houseColumns.set(field, column);
}

/** The field's value on a house the owners list read with its column, or undefined when it was read otherwise. */
export function providedColumn(house: object, field: string): unknown {
  const provided = (house as { provided?: Record<string, unknown> }).provided;
  if (!provided || !(field in provided)) return undefined;
  const value = provided[field];
  return typeof value === 'string' && (value.startsWith('[') || value.startsWith('{')) ? JSON.parse(value) : value;
}
