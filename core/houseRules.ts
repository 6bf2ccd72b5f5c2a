// Rules of a house shared by the form, the server, the massive load and onboarding (spec 1 sections 2 to 5).
import type { LocationFlag } from './houseTypes.js';

export const HOUSE_STATUSES = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED', 'DELETED'] as const;
export type HouseStatus = (typeof HOUSE_STATUSES)[number];

export const HOUSE_STATUS_LABELS: Record<HouseStatus, string> = {
  NEW: 'Nueva',
  MISSING_BALANCE: 'Sin saldo inicial',
  INCOMPLETE: 'Incompleta',
  ACTIVE: 'Activa',
  BLOCKED: 'Bloqueada',
  DELETED: 'Eliminada',
};

/**
 * The owners list filters of spec 1 section 2, as the GraphQL HouseFilter takes them (ids are
 * database ids: they travel in the query string). Shared by the list screen and the server's query.
 */
export interface HouseListFilter {
  status?: HouseStatus | null;
  catastral?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  houseTypeId?: number | null;
  streetId?: number | null;
  condominiumId?: number | null;
  mallId?: number | null;
  exteriorNumber?: string | null;
  interiorNumber?: string | null;
  block?: string | null;
  lot?: string | null;
  /** user_status: true when the owner has an account, false when not. */
  userActive?: boolean | null;
  /** The search box: words that each match the cadastral key, a number or the owner (from 2 characters). */
  search?: string | null;
}

/** The location fields of a house and the house-type flag that requires each one. */
export const LOCATION_FIELDS = {
  dimension: 'requireDimension',
  condominiumId: 'requireCondominium',
  block: 'requireBlock',
  lot: 'requireLot',
  streetId: 'requireStreet',
  exteriorNumber: 'requireExteriorNumber',
  interiorNumber: 'requireInteriorNumber',
  mallId: 'requireMall',
} as const satisfies Record<string, LocationFlag>;
export type LocationField = keyof typeof LOCATION_FIELDS;

export const LOCATION_FIELD_LABELS: Record<LocationField, string> = {
  dimension: 'Dimensión',
  condominiumId: 'Condominio',
  block: 'Manzana',
  lot: 'Lote',
  streetId: 'Calle',
  exteriorNumber: 'Número exterior',
  interiorNumber: 'Número interior',
  mallId: 'Plaza',
};

export type HouseTypeFlags = Record<LocationFlag, boolean>;
export type HouseLocation = { [K in LocationField]?: string | number | null };

/** Location fields the type requires, in form order. */
export function requiredLocationFields(type: HouseTypeFlags): LocationField[] {
  return (Object.keys(LOCATION_FIELDS) as LocationField[]).filter((field) => type[LOCATION_FIELDS[field]]);
}

/**
 * Spec 1 section 2: location fields the type does not require are dropped on save (set to null),
 * so a house changed to another type keeps no stale street, condominium or mall.
 */
export function dropUnusedLocation<T extends HouseLocation>(house: T, type: HouseTypeFlags): T {
  const kept = { ...house };
  for (const field of Object.keys(LOCATION_FIELDS) as LocationField[]) {
    if (!type[LOCATION_FIELDS[field]] && field in kept) (kept as HouseLocation)[field] = null;
  }
  return kept;
}

/** Required location fields that are empty, as Spanish labels. */
export function missingLocation(house: HouseLocation, type: HouseTypeFlags): string[] {
  return requiredLocationFields(type)
    .filter((field) => house[field] === null || house[field] === undefined || String(house[field]).trim() === '')
    .map((field) => LOCATION_FIELD_LABELS[field]);
}

/**
 * Cadastral key of a house when the administrator leaves it empty: UNIQUE types need one typed in;
 * INTERIOR_NUMBER_COMPOSED builds it from the mall or condominium and the interior number.
 */
export function composedCatastral(
  algorithm: 'UNIQUE' | 'INTERIOR_NUMBER_COMPOSED',
  parts: { prefix?: string | null; interiorNumber?: string | null },
): string | null {
  if (algorithm !== 'INTERIOR_NUMBER_COMPOSED' || !parts.interiorNumber) return null;
  return [parts.prefix, parts.interiorNumber].filter(Boolean).join('-').toUpperCase();
}

export interface HouseCompleteness {
  hasOwner: boolean;
  hasHouseType: boolean;
  missingLocation: string[];
  initialBalanceSet: boolean;
}

/**
 * Status of a house that is not active yet: INCOMPLETE while it lacks a type, an owner or a required
 * location field; MISSING_BALANCE while its initial balance is not stated; NEW when it can be activated.
 */
export function pendingStatus(c: HouseCompleteness): 'NEW' | 'MISSING_BALANCE' | 'INCOMPLETE' {
  if (!c.hasOwner || !c.hasHouseType || c.missingLocation.length > 0) return 'INCOMPLETE';
  if (!c.initialBalanceSet) return 'MISSING_BALANCE';
  return 'NEW';
}

export type HouseTransition = 'activate' | 'block' | 'unblock' | 'delete' | 'reactivate';

const FROM: Record<HouseTransition, readonly HouseStatus[]> = {
  activate: ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'],
  block: ['ACTIVE'],
  unblock: ['BLOCKED'],
  delete: ['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED'],
  reactivate: ['DELETED'],
};

const REFUSED: Record<HouseTransition, string> = {
  activate: 'La propiedad ya está activa o eliminada',
  block: 'Solo se puede bloquear una propiedad activa',
  unblock: 'La propiedad no está bloqueada',
  delete: 'La propiedad ya fue eliminada',
  reactivate: 'Solo se puede reactivar una propiedad eliminada',
};

/**
 * The status after a transition, or the Spanish reason it is refused. Activation needs a complete
 * house (the activation screen states the initial balance); reactivation returns to ACTIVE when the
 * house is complete, else to its pending status.
 */
export function transition(status: HouseStatus, action: HouseTransition, c: HouseCompleteness): { status: HouseStatus } | { refused: string } {
  if (!FROM[action].includes(status)) return { refused: REFUSED[action] };
  switch (action) {
    case 'activate': {
      const pending = pendingStatus(c);
      if (pending === 'INCOMPLETE') return { refused: incompleteReason(c) };
      if (pending === 'MISSING_BALANCE') return { refused: 'Indica el saldo inicial para activar la propiedad' };
      return { status: 'ACTIVE' };
    }
    case 'block':
      return { status: 'BLOCKED' };
    case 'unblock':
      return { status: 'ACTIVE' };
    case 'delete':
      return { status: 'DELETED' };
    case 'reactivate': {
      const pending = pendingStatus(c);
      return { status: pending === 'NEW' ? 'ACTIVE' : pending };
    }
  }
}

export function incompleteReason(c: HouseCompleteness): string {
  const missing = [...(c.hasHouseType ? [] : ['Tipo de propiedad']), ...(c.hasOwner ? [] : ['Propietario']), ...c.missingLocation];
  return `Faltan datos para activar la propiedad: ${missing.join(', ')}`;
}

/** Minutes an edit lock holds without activity before another administrator may take the house. */
export const EDIT_LOCK_MINUTES = 15;

export function lockHeldByOther(lock: { lockedByUserId: number | null; lockedAt: Date | null }, userId: number, now = new Date()): boolean {
  if (!lock.lockedByUserId || !lock.lockedAt || lock.lockedByUserId === userId) return false;
  return now.getTime() - lock.lockedAt.getTime() < EDIT_LOCK_MINUTES * 60_000;
}
