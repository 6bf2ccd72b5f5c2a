// Massive load of houses with their owners from a spreadsheet, its template, and the export of the
// houses list (spec 1 sections 2, 7 and 8). All or nothing: every row is validated first, and the
// whole import is one write() (one transaction, its audit inside, effects after commit).
import { todayIn } from '../../../../core/receipts.js';
import { assertMayAddPeople } from '../../../auth/people.js';
import { createHash } from 'node:crypto';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import type { HouseStatus } from '../../../db/generated/enums.js';
import type { Context, ServiceContext } from '../../../kernel/context.js';
import { communityOf, actorOf } from '../../../kernel/context.js';
import { AppError, InputError } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { kickMailer } from '../../../infra/mail/outbox.js';
import { pendingStatus, type HouseListFilter } from '../../../../core/houseRules.js';
import { MassiveLoadFileSchema } from '../../../../core/houses.js';
import { LOCATION_FLAGS } from '../../../../core/houseTypes.js';
import { formatMoney, money, sameMoney } from '../../../../core/money.js';
import { houseWhere } from '../houses/filter.js';
import { giveHouse } from '../houses/ownership.js';
import { createHouses, updateHouseRow, type HouseRowChanges } from '../houses/rows.js';
import {
  findOrCreatePeople,
  mayEditPerson,
  needsInvitation,
  normalEmail,
  queueInvitationEmail,
  updatePersonByAdministrator,
} from '../../people/accounts/service.js';
import { announceEndedSessions, type EndedSession } from '../../people/session/memberships.js';
import { locationKey, validateRows, type LoadHouseType, type RowErrors, type ValidRow } from './rows.js';
import { exportWorkbook, readSheet, SheetError, templateWorkbook, XLSX_TYPE, type ExportRow } from './sheet.js';

/** Some rows have errors: nothing was imported. `rows` lists every failing row with all its errors. */
export class MassiveLoadError extends AppError {
  constructor(readonly rows: RowErrors[]) {
    super('MASSIVE_LOAD_ERRORS', 400);
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

async function communityTypes(ctx: ServiceContext): Promise<LoadHouseType[]> {
  const types = await ctx.prisma.houseType.findMany({ where: { neighborhoodId: communityOf(ctx) }, orderBy: [{ title: 'asc' }, { id: 'asc' }] });
  return types.map(
    (t) =>
      ({ id: t.id, title: t.title, catastralAlgorithm: t.catastralAlgorithm, ...Object.fromEntries(LOCATION_FLAGS.map((f) => [f, t[f]])) }) as LoadHouseType,
  );
}

async function restrictsVehicles(ctx: ServiceContext): Promise<boolean> {
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { restrictVehicles: true } });
  return community.restrictVehicles;
}

export async function massiveLoadTemplate(ctx: ServiceContext): Promise<SpreadsheetFile> {
  const [types, restrictVehicles] = await Promise.all([communityTypes(ctx), restrictsVehicles(ctx)]);
  return { fileName: 'plantilla-carga-masiva.xlsx', contentType: XLSX_TYPE, bytes: await templateWorkbook(types, { restrictVehicles }) };
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** Names to ids of streets, condominiums or malls (any case), creating the missing ones. */
async function placeIds(
  model: {
    findMany: (args: object) => Promise<{ id: number; name: string }[]>;
    createManyAndReturn: (args: {
      data: { neighborhoodId: number; name: string }[];
      select: { id: true; name: true };
    }) => Promise<{ id: number; name: string }[]>;
  },
  neighborhoodId: number,
  wanted: (string | null)[],
): Promise<{ ids: Map<string, number>; created: number }> {
  const existing: { id: number; name: string }[] = await model.findMany({
    where: { neighborhoodId },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  });
  const ids = new Map<string, number>();
  for (const place of existing) if (!ids.has(fold(place.name))) ids.set(fold(place.name), place.id);
  const missing = new Map<string, string>();
  for (const name of wanted) if (name && !ids.has(fold(name)) && !missing.has(fold(name))) missing.set(fold(name), name);
  for (const batch of chunks([...missing.values()])) {
    const created: { id: number; name: string }[] = await model.createManyAndReturn({
      data: batch.map((name) => ({ neighborhoodId, name })),
      select: { id: true, name: true },
    });
    for (const place of created) ids.set(fold(place.name), place.id);
  }
  return { ids, created: missing.size };
}

/**
 * Imports the sheet. Each row creates a house, or updates the one that already exists (same cadastral
 * key, or without one the same type and location), so uploading the same sheet twice creates nothing.
 * One write(): the whole load commits or nothing does, with its audit record inside. House rows are
 * written through houses/rows.ts and ownership.ts, people and accounts through people/service.ts (a
 * person who already has an account elsewhere is invited, not made owner).
 */
export async function importHouses(ctx: ServiceContext, file: File, idempotencyKey?: string | null): Promise<ImportCounts> {
  const neighborhoodId = communityOf(ctx);
  const adminId = actorOf(ctx).userId;
  assertMayAddPeople(actorOf(ctx));
  const checked = MassiveLoadFileSchema.safeParse({ file });
  if (!checked.success) throw fileError(checked.error.issues[0]!.message);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let sheetRows: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheetRows = await readSheet(bytes);
  } catch (error) {
    if (error instanceof SheetError) throw fileError(error.message);
    throw error;
  }
  const [types, restrictVehicles] = await Promise.all([communityTypes(ctx), restrictsVehicles(ctx)]);
  const { valid, errors } = validateRows(sheetRows, types, { restrictVehicles });
  if (errors.length) throw new MassiveLoadError(errors);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const digest = createHash('sha256').update(bytes).digest('hex');

  return write(
    ctx,
    { idempotencyKey, timeoutMs: TRANSACTION_TIMEOUT_MS, request: { operation: 'importHouses', input: { sha256: digest } } },
    async ({ tx, audit, afterCommit }) => {
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
      if (valid.some((r) => r.owner) && !ownerRole)
        throw new MassiveLoadError([{ row: 1, catastral: null, errors: ['La comunidad no tiene el rol de propietario'] }]);

      const [streets, condominiums, malls] = [
        await placeIds(
          tx.street,
          neighborhoodId,
          valid.map((r) => r.street),
        ),
        await placeIds(
          tx.condominium,
          neighborhoodId,
          valid.map((r) => r.condominium),
        ),
        await placeIds(
          tx.mall,
          neighborhoodId,
          valid.map((r) => r.mall),
        ),
      ];

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

      // Owners of new houses: people by e-mail (people/service.ts); someone who already has an account
      // or belongs to another community is invited instead of made owner (the tenancy rule).
      const fresh = matches.filter((m) => !m.house).map((m) => m.row);
      const freshOwners = fresh.flatMap((r) => (r.owner ? [r.owner] : []));
      const emails = [...new Set(freshOwners.map((o) => normalEmail(o.email)))];
      const known = new Set<string>();
      for (const batch of chunks(emails)) {
        for (const u of await tx.user.findMany({ where: { email: { in: batch } }, select: { email: true } })) known.add(u.email);
      }
      const userIds = await findOrCreatePeople(tx, freshOwners);
      const invited = new Set<number>();
      for (const email of known) {
        const id = userIds.get(email)!;
        if (await needsInvitation(tx, id, neighborhoodId)) invited.add(id);
      }
      const ownerOf = (row: ValidRow) => (row.owner ? userIds.get(normalEmail(row.owner.email))! : null);
      const createdIds = await createHouses(
        tx,
        neighborhoodId,
        fresh.map((row) => {
          const ownerUserId = ownerOf(row);
          return {
            ...location(row),
            catastral: row.catastral,
            parkingSpots: row.parkingSpots,
            initialBalance: row.initialBalance,
            ownerUserId,
            ownerInvited: ownerUserId !== null && invited.has(ownerUserId),
          };
        }),
        adminId,
      );
      let mailed = false;
      if (invited.size) {
        const community = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { name: true } });
        const pending = await tx.membership.findMany({
          where: { houseId: { in: createdIds }, pending: true, userId: { in: [...invited] } },
          select: { neighborhoodId: true, invitationCode: true, user: { select: { email: true } } },
        });
        for (const p of pending) {
          if (!p.invitationCode) continue;
          await queueInvitationEmail(tx, ctx.config, {
            to: p.user.email,
            communityName: community.name,
            neighborhoodId,
            code: p.invitationCode,
            what: 'a registrarte como propietario de una propiedad',
          });
          mailed = true;
        }
      }

      // Existing houses: location and owner data from the row; empty optional cells keep what is there.
      const ended: EndedSession[] = [];
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
          initialBalance:
            pending && row.initialBalance !== null ? row.initialBalance : house.initialBalance === null ? null : formatMoney(house.initialBalance),
        };
        const changed: HouseRowChanges = {};
        for (const [field, value] of Object.entries(target) as [keyof typeof target, string | number | null][]) {
          const current = (house as Record<string, unknown>)[field];
          const same =
            field === 'dimension' || field === 'initialBalance' ? sameMoney(current as PrismaNS.Decimal | null, value as string | null) : current === value;
          if (!same) (changed as Record<string, unknown>)[field] = value;
        }
        let ownerChanged = false;
        let ownerUserId = house.ownerUserId;
        if (row.owner && !house.owner) {
          const given = await giveHouse(tx, ctx.config, house, row.owner, adminId, ended);
          if (given.kind === 'OWNER') {
            ownerChanged = given.moved;
            ownerUserId = given.userId;
          } else {
            ownerChanged = given.mailed;
            mailed ||= given.mailed;
          }
        } else if (row.owner && house.owner) {
          const o = row.owner;
          const data = {
            firstName: o.firstName,
            lastName: o.lastName ?? house.owner.lastName,
            mobile: o.mobile ?? house.owner.mobile,
            landline: o.landline ?? house.owner.landline,
          };
          // A registered owner's data is theirs (their profile): the sheet only fills it in for people without an account.
          const differs = Object.entries(data).some(([k, v]) => (house.owner as Record<string, unknown>)[k] !== v);
          if (differs && (await mayEditPerson(tx, house.owner.id, neighborhoodId))) {
            ownerChanged = await updatePersonByAdministrator(tx, house.owner.id, neighborhoodId, data);
          }
        }
        if (pending) {
          const status = pendingStatus({
            hasOwner: ownerUserId !== null,
            hasHouseType: true,
            missingLocation: [],
            initialBalanceSet: target.initialBalance !== null,
          });
          if (status !== house.status) changed.status = status;
        }
        await updateHouseRow(tx, neighborhoodId, house.id, changed);
        if (Object.keys(changed).length || ownerChanged) updated++;
        else unchanged++;
      }

      const result = { created: fresh.length, updated, unchanged };
      await audit({
        action: 'IMPORT',
        entity: 'House',
        entityId: null,
        data: {
          ...result,
          rows: valid.length,
          usersCreated: userIds.size - known.size,
          invited: invited.size,
          streetsCreated: streets.created,
          condominiumsCreated: condominiums.created,
          mallsCreated: malls.created,
        },
      });
      afterCommit(() => {
        announceEndedSessions(ctx, ended);
        if (mailed) kickMailer(ctx.prisma);
      });
      return result;
    },
  );
}

/** The houses list with the owners-list filters as XLSX: the template's columns plus status and sign-up code. */
export async function exportHouses(ctx: ServiceContext, filter?: HouseListFilter | null): Promise<SpreadsheetFile> {
  const neighborhoodId = communityOf(ctx);
  const [houses, community] = await Promise.all([
    ctx.prisma.house.findMany({
      // The owners list's own filter, so the list and its export always agree.
      // houseWhere reads only the actor's community from its context.
      where: houseWhere(ctx as Context, filter),
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
    // Excel cells hold numbers: the exact two-decimal text, converted once at the file boundary.
    dimension: h.dimension === null ? null : money(h.dimension).toNumber(),
    parkingSpots: h.parkingSpots,
    initialBalance: h.initialBalance === null ? null : money(h.initialBalance).toNumber(),
    ownerFirstName: h.owner?.firstName ?? null,
    ownerLastName: h.owner?.lastName ?? null,
    ownerEmail: h.owner?.email ?? null,
    mobile: h.owner?.mobile ?? null,
    landline: h.owner?.landline ?? null,
    status: h.status,
    // Sign-up codes travel only by e-mail to their holder: the export says whether the owner registered.
    ownerAccount: h.owner ? (h.owner.passwordHash ? 'Registrado' : 'Pendiente de registro') : null,
  }));
  return { fileName: `propiedades-${todayIn(community.timeZone)}.xlsx`, contentType: XLSX_TYPE, bytes: await exportWorkbook(rows) };
}
