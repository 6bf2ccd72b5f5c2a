/** The global ID of a record from its database id in a path; anything but digits names no record. */
export function globalId(type: string, databaseId: string | null | undefined): string {
  return btoa(`${type}:${/^\d{1,10}$/.test(databaseId ?? '') ? databaseId : '0'}`);
}
