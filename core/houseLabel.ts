export interface HouseLabelFields {
  interiorNumber?: string | null;
  exteriorNumber?: string | null;
  block?: string | null;
  lot?: string | null;
  catastral?: string | null;
}

/** Account-switcher label: interior number, else exterior number, else M{block}B{lot}, else cadastral key. */
export function houseLabel(house: HouseLabelFields): string {
  if (house.interiorNumber) return house.interiorNumber;
  if (house.exteriorNumber) return house.exteriorNumber;
  if (house.block && house.lot) return `M${house.block}B${house.lot}`;
  return house.catastral ?? '';
}

/** A person as lists show them: first and last name, whichever are known. */
export function personName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}
