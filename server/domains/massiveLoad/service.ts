// Massive load of houses with their owners from a spreadsheet, its template, and the export of the
// houses list (spec 1 sections 2, 7 and 8). All or nothing: every row is validated first, and the
// whole import runs in one transaction.
import { Prisma as PrismaNS } from '../../db/generated/client.js';
import type { HouseStatus } from '../../db/generated/enums.js';
import type { Context } from '../../kernel/context.js';
import { communityOf, actorOf } from '../../kernel/context.js';
import { AppError, InputError } from '../../kernel/errors.js';
import { audit } from '../../kernel/audit.js';
import { pendingStatus, type HouseListFilter } from '../../../core/houseRules.js';
import { LOCATION_FLAGS } from '../../../core/houseTypes.js';
import { houseWhere } from '../houses/filter.js';
import { assignOwner, findOrCreateUser, mayEditPerson, newSignupCode, type Tx } from '../houses/ownership.js';
import { locationKey, validateRows, type LoadHouseType, type RowErrors, type ValidRow } from './rows.js';
import { exportWorkbook, MAX_FILE_BYTES, readSheet, SheetError, templateWorkbook, XLSX_TYPE, type ExportRow } from './sheet.js';

/** Some rows have errors: nothing was imported. `rows` lists every failing row with all its errors. */
export class MassiveLoadError extends AppError {
  constructor(readonly rows: RowErrors[]) {
    super('La carga masiva tiene errores; no se importó ninguna propiedad', 400);
  }
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface SpreadsheetFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const PENDING: readonly HouseStatus[] = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'];
const CHUNK = 1000;
/** 5,000 rows take a few seconds; the limit only guards against a stuck transaction. */
const TRANSACTION_TIMEOUT_MS = 5 * 60_000;

function fileError(message: string): InputError {
  return new InputError([{ field: 'file', message }]);
}

async function communityTypes(ctx: Context): Promise<LoadHouseType[]> {
  const types = await ctx.prisma.houseType.findMany({ where: { neighborhoodId: communityOf(ctx) }, orderBy: [{ title: 'asc' }, { id: 'asc' }] });
  return types.map((t) => ({ id: t.id, title: t.title, catastralAlgorithm: t.catastralAlgorithm, ...Object.fromEntries(LOCATION_FLAGS.map((f) => [f, t[f]])) }) as LoadHouseType);
}

async function restrictsVehicles(ctx: Context): Promise<boolean> {
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { restrictVehicles: true } });
  return community.restrictVehicles;
}

function today(timeZone = 'America/Mexico_City') {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export async function massiveLoadTemplate(ctx: Context): Promise<SpreadsheetFile> {
  const [types, restrictVehicles] = await Promise.all([communityTypes(ctx), restrictsVehicles(ctx)]);
  return { fileName: 'plantilla-carga-masiva.xlsx', contentType: XLSX_TYPE, bytes: await templateWorkbook(types, { restrictVehicles }) };
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
const sameDecimal = (a: { toFixed(n: number): string } | null, b: string | null) => (a === null ? b === null : b !== null && a.toFixed(2) === Number(b).toFixed(2));

/** Names to ids of streets, condominiums or malls (any case), creating the missing ones. */
async function placeIds(
  model: { findMany: Function; createManyAndReturn: Function },
  neighborhoodId: number,
  wanted: (string | null)[],
): Promise<{ ids: Map<string, number>; created: number }> {
  const existing: { id: number; name: string }[] = await model.findMany({ where: { neighborhoodId }, select: { id: true, name: true }, orderBy: { id: 'asc' } });
  const ids = new Map<string, number>();
  for (const place of existing) if (!ids.has(fold(place.name))) ids.set(fold(place.name), place.id);
  const missing = new Map<string, string>();
  for (const name of wanted) if (name && !ids.has(fold(name)) && !missing.has(fold(name))) missing.set(fold(name), name);
  for (const batch of chunks([...missing.values()])) {
    const created: { id: number; name: string }[] = await model.createManyAndReturn({ data: batch.map((name) => ({ neighborhoodId, name })), select: { id: true, name: true } });
    for (const place of created) ids.set(fold(place.name), place.id);
  }
  return { ids, created: missing.size };
}

/**
 * Imports the sheet. Each row creates a house, or updates the one that already exists (same cadastral
 * key, or without one the same type and location), so uploading the same sheet twice creates nothing.
 */
export async function importHouses(ctx: Context, file: File): Promise<ImportCounts> {
  const neighborhoodId = communityOf(ctx);
  const adminId = actorOf(ctx).userId;
  if (!/\.xlsx$/i.test(file.name)) throw fileError('El archivo debe ser una hoja de cálculo de Excel (.xlsx)');
  if (file.size > MAX_FILE_BYTES) throw fileError('El archivo debe pesar como máximo 5 MB');
  let sheetRows;
  try {
    sheetRows = await readSheet(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof SheetError) throw fileError(error.message);
    throw error;
  }
  const [types, restrictVehicles] = await Promise.all([communityTypes(ctx), restrictsVehicles(ctx)]);
  const { valid, errors } = validateRows(sheetRows, types, { restrictVehicles });
  if (errors.length) throw new MassiveLoadError(errors);
  const typeById = new Map(types.map((t) => [t.id, t]));

  const counts = await ctx.prisma.$transaction(
    async (tx) => {
      // Everything the rows may match, read once.
      const [houses, ownerRole] = await Promise.all([
        tx.house.findMany({
          where: { neighborhoodId, status: { not: 'DELETED' } },
          orderBy: { id: 'asc' },
          include: { street: { select: { name: true } }, condominium: { select: { name: true } }, mall: { select: { name: true } }, owner: true },
        }),
        tx.role.findFirst({ where: { neighborhoodId, kind: 'OWNER' }, select: { id: true } }),
      ]);
      const byCatastral = new Map<string, (typeof houses)[number]>();
      const byLocation = new Map<string, (typeof houses)[number]>();
      for (const house of houses) {
        if (house.catastral && !byCatastral.has(house.catastral.toUpperCase())) byCatastral.set(house.catastral.toUpperCase(), house);
        const type = house.houseTypeId ? typeById.get(house.houseTypeId) : undefined;
        if (!type) continue;
        const key = locationKey(type.id, type, {
          block: house.block,
          lot: house.lot,
          exteriorNumber: house.exteriorNumber,
          interiorNumber: house.interiorNumber,
          streetId: house.street?.name ?? null,
          condominiumId: house.condominium?.name ?? null,
          mallId: house.mall?.name ?? null,
        });
        if (!byLocation.has(key)) byLocation.set(key, house);
      }

      // Match each row; refuse two rows for one house and owner changes (they have their own screen).
      const planErrors: RowErrors[] = [];
      const rowOfHouse = new Map<number, number>();
      const matches: { row: ValidRow; house: (typeof houses)[number] | null }[] = valid.map((row) => {
        let house = row.catastral ? byCatastral.get(row.catastral) : undefined;
        if (!house) {
          const candidate = byLocation.get(row.locationKey);
          if (candidate && (!row.catastral || !candidate.catastral)) house = candidate;
        }
        const issues: string[] = [];
        if (house) {
          const first = rowOfHouse.get(house.id);
          if (first !== undefined) issues.push(`Esta fila y la fila ${first} corresponden a la misma propiedad`);
          else rowOfHouse.set(house.id, row.row);
          if (row.owner && house.owner && house.owner.email !== row.owner.email) {
            issues.push(`La propiedad ya tiene otro propietario (${house.owner.email}); para cambiarlo usa «Cambiar propietario»`);
          }
        }
        if (issues.length) planErrors.push({ row: row.row, catastral: row.catastral, errors: issues });
        return { row, house: house ?? null };
      });
      if (planErrors.length) throw new MassiveLoadError(planErrors);
      if (valid.some((r) => r.owner) && !ownerRole) throw new MassiveLoadError([{ row: 1, catastral: null, errors: ['La comunidad no tiene el rol de propietario'] }]);

      const [streets, condominiums, malls] = [
        await placeIds(tx.street, neighborhoodId, valid.map((r) => r.street)),
        await placeIds(tx.condominium, neighborhoodId, valid.map((r) => r.condominium)),
        await placeIds(tx.mall, neighborhoodId, valid.map((r) => r.mall)),
      ];

      // Owners: existing accounts by e-mail, new ones created in batches (as findOrCreateUser does).
      const emails = [...new Set(valid.flatMap((r) => (r.owner ? [r.owner.email] : [])))];
      const userIds = new Map<string, number>();
      for (const batch of chunks(emails)) {
        for (const u of await tx.user.findMany({ where: { email: { in: batch } }, select: { id: true, email: true } })) userIds.set(u.email, u.id);
      }
      const newOwners = new Map(valid.flatMap((r) => (r.owner && !userIds.has(r.owner.email) ? [[r.owner.email, r.owner] as const] : [])));
      for (const batch of chunks([...newOwners.values()])) {
        const created = await tx.user.createManyAndReturn({
          data: batch.map((o) => ({ email: o.email, firstName: o.firstName, lastName: o.lastName, mobile: o.mobile, landline: o.landline })),
          select: { id: true, email: true },
        });
        for (const u of created) userIds.set(u.email, u.id);
      }

      const location = (row: ValidRow) => ({
        houseTypeId: row.type.id,
        block: row.block,
        lot: row.lot,
        exteriorNumber: row.exteriorNumber,
        interiorNumber: row.interiorNumber,
        streetId: row.street ? streets.ids.get(fold(row.street))! : null,
        condominiumId: row.condominium ? condominiums.ids.get(fold(row.condominium))! : null,
        mallId: row.mall ? malls.ids.get(fold(row.mall))! : null,
        dimension: row.dimension,
      });

      // New houses: created in batches with their owner's account and history, as assignOwner does
      // for a house that had no owner (one statement per batch instead of six per house).
      const fresh = matches.filter((m) => !m.house).map((m) => m.row);
      for (const batch of chunks(fresh)) {
        const created = await tx.house.createManyAndReturn({
          data: batch.map((row) => ({
            neighborhoodId,
            ...location(row),
            catastral: row.catastral,
            parkingSpots: row.parkingSpots,
            initialBalance: row.initialBalance,
            ownerUserId: row.owner ? userIds.get(row.owner.email)! : null,
            signupCode: row.owner ? newSignupCode() : null,
            status: pendingStatus({ hasOwner: !!row.owner, hasHouseType: true, missingLocation: [], initialBalanceSet: row.initialBalance !== null }),
          })),
          select: { id: true, ownerUserId: true },
        });
        // Rows of one INSERT get their serial ids in order.
        created.sort((a, b) => a.id - b.id);
        const owned = created.filter((h) => h.ownerUserId !== null);
        if (owned.length) {
          await tx.membership.createMany({ data: owned.map((h) => ({ neighborhoodId, userId: h.ownerUserId!, houseId: h.id, roleId: ownerRole!.id })) });
          await tx.houseOwnerChange.createMany({ data: owned.map((h) => ({ neighborhoodId, houseId: h.id, fromUserId: null, toUserId: h.ownerUserId!, changedByUserId: adminId })) });
        }
      }

      // Existing houses: location and owner data from the row; empty optional cells keep what is there.
      let updated = 0;
      let unchanged = 0;
      for (const { row, house } of matches) {
        if (!house) continue;
        const pending = PENDING.includes(house.status);
        const target = {
          ...location(row),
          catastral: row.catastral ?? house.catastral,
          parkingSpots: row.parkingSpots ?? house.parkingSpots,
          // A balance moves through the ledger once the house is active: the sheet only states the initial one.
          initialBalance: pending && row.initialBalance !== null ? row.initialBalance : house.initialBalance,
        };
        const changed: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(target)) {
          const current = (house as Record<string, unknown>)[field];
          const same =
            field === 'dimension' || field === 'initialBalance'
              ? sameDecimal(current as PrismaNS.Decimal | null, value === null ? null : String(value))
              : current === value;
          if (!same) changed[field] = value;
        }
        let ownerChanged = false;
        let ownerUserId = house.ownerUserId;
        if (row.owner && !house.owner) {
          const user = await findOrCreateUser(tx as Tx, row.owner);
          ownerChanged = await assignOwner(tx as Tx, house, user.id, adminId);
          ownerUserId = user.id;
        } else if (row.owner && house.owner) {
          const o = row.owner;
          const data = { firstName: o.firstName, lastName: o.lastName ?? house.owner.lastName, mobile: o.mobile ?? house.owner.mobile, landline: o.landline ?? house.owner.landline };
          // A registered owner's data is theirs (their profile): the sheet only fills it in for people without an account.
          const differs = Object.entries(data).some(([k, v]) => (house.owner as Record<string, unknown>)[k] !== v);
          if (differs && (await mayEditPerson(tx as Tx, house.owner.id, neighborhoodId))) {
            await tx.user.update({ where: { id: house.owner.id }, data });
            ownerChanged = true;
          }
        }
        if (pending) {
          const status = pendingStatus({ hasOwner: ownerUserId !== null, hasHouseType: true, missingLocation: [], initialBalanceSet: target.initialBalance !== null });
          if (status !== house.status) changed.status = status;
        }
        if (Object.keys(changed).length) await tx.house.update({ where: { id: house.id }, data: changed });
        if (Object.keys(changed).length || ownerChanged) updated++;
        else unchanged++;
      }

      const result = { created: fresh.length, updated, unchanged };
      await audit({ ...ctx, prisma: tx as never }, 'IMPORT', 'House', null, {
        ...result,
        rows: valid.length,
        usersCreated: newOwners.size,
        streetsCreated: streets.created,
        condominiumsCreated: condominiums.created,
        mallsCreated: malls.created,
      });
      return result;
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 30_000 },
  );
  return counts;
}

/** The houses list with the owners-list filters as XLSX: the template's columns plus status and sign-up code. */
export async function exportHouses(ctx: Context, filter?: HouseListFilter | null): Promise<SpreadsheetFile> {
  const neighborhoodId = communityOf(ctx);
  const [houses, community] = await Promise.all([
    ctx.prisma.house.findMany({
      // The owners list's own filter, so the list and its export always agree.
      where: houseWhere(ctx, filter),
      orderBy: { id: 'asc' },
      select: {
        catastral: true,
        block: true,
        lot: true,
        exteriorNumber: true,
        interiorNumber: true,
        dimension: true,
        parkingSpots: true,
        initialBalance: true,
        status: true,
        houseType: { select: { title: true } },
        street: { select: { name: true } },
        condominium: { select: { name: true } },
        mall: { select: { name: true } },
        owner: { select: { firstName: true, lastName: true, email: true, mobile: true, landline: true, passwordHash: true } },
      },
    }),
    ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { timeZone: true } }),
  ]);
  const rows: ExportRow[] = houses.map((h) => ({
    houseType: h.houseType?.title ?? null,
    catastral: h.catastral,
    block: h.block,
    lot: h.lot,
    street: h.street?.name ?? null,
    exteriorNumber: h.exteriorNumber,
    interiorNumber: h.interiorNumber,
    condominium: h.condominium?.name ?? null,
    mall: h.mall?.name ?? null,
    dimension: h.dimension === null ? null : Number(h.dimension.toFixed(2)),
    parkingSpots: h.parkingSpots,
    initialBalance: h.initialBalance === null ? null : Number(h.initialBalance.toFixed(2)),
    ownerFirstName: h.owner?.firstName ?? null,
    ownerLastName: h.owner?.lastName ?? null,
    ownerEmail: h.owner?.email ?? null,
    mobile: h.owner?.mobile ?? null,
    landline: h.owner?.landline ?? null,
    status: h.status,
    // Sign-up codes travel only by e-mail to their holder: the export says whether the owner registered.
    ownerAccount: h.owner ? (h.owner.passwordHash ? 'Registrado' : 'Pendiente de registro') : null,
  }));
  return { fileName: `propiedades-${today(community.timeZone)}.xlsx`, contentType: XLSX_TYPE, bytes: await exportWorkbook(rows) };
}
