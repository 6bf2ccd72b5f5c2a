import { encodeGlobalID } from '@pothos/plugin-relay';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import type { Grant } from '../../../../core/grants.js';
import { HOUSE_STATUSES, lockHeldByOther } from '../../../../core/houseRules.js';
import { rowId } from '../../../kernel/ids.js';
import { builder, grants, idempotencyKeyField } from '../../../graphql/builder.js';
import { loadBatched } from '../../../graphql/batch.js';
import { sql } from 'kysely';
import { providedColumn, provideHouseColumn } from './columns.js';
import { communityOf, type Context } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { searchHouses } from './filter.js';
import { activateHouse, changeHouseStatus, changeOwner, releaseHouseEditLock, saveHouse, takeHouseEditLock } from './service.js';

export const HouseStatusEnum = builder.enumType('HouseStatus', { values: HOUSE_STATUSES });

const HOUSE_MANAGERS = ['AHousesRead', 'AHousesSearch', 'AHousesCreate', 'AHousesUpdate', 'AHousesDelete'] as const;

type OwnerRow = { id: number; firstName: string; lastName: string | null; email: string; mobile: string | null; landline: string | null };

/**
 * The owner as a house shows them: phones only to administrators and to the owner. A house's owner
 * always holds an accepted OWNER account in the house's community (ownership.ts assignOwner): a person
 * of another community becomes an owner only by accepting an invitation, so administrators never see
 * the phones of someone who does not belong to their community.
 */
const HouseOwner = builder.objectRef<OwnerRow>('HouseOwner').implement({
  fields: (t) => ({
    id: t.id({ description: 'Global id of the user', resolve: (u) => encodeGlobalID('User', u.id) }),
    databaseId: t.exposeInt('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
    email: t.exposeString('email'),
    mobile: t.string({ nullable: true, resolve: (u, _a, ctx) => (seesOwnerContact(ctx, u.id) ? u.mobile : null) }),
    landline: t.string({ nullable: true, resolve: (u, _a, ctx) => (seesOwnerContact(ctx, u.id) ? u.landline : null) }),
  }),
});

function seesOwnerContact(ctx: Context, ownerId: number) {
  return ctx.actor?.userId === ownerId || HOUSE_MANAGERS.some((g) => ctx.actor?.grants.has(g));
}

interface HouseUser {
  userId: number;
  firstName: string;
  lastName: string | null;
  email: string;
  roleId: number;
  roleName: string;
  roleKind: string;
}

const HouseUserRef = builder.objectRef<HouseUser>('HouseUser').implement({
  description: 'A person with an active account in a house (its owner, co-owners and residents)',
  fields: (t) => ({
    userDatabaseId: t.exposeInt('userId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
    email: t.exposeString('email'),
    roleDatabaseId: t.exposeInt('roleId'),
    roleName: t.exposeString('roleName'),
    roleKind: t.exposeString('roleKind'),
  }),
});

/** The active accounts of some houses, by house. */
async function usersOfHouses(ctx: Context, houseIds: number[]): Promise<Map<number, HouseUser[]>> {
  const rows = await ctx.prisma.membership.findMany({
    where: { neighborhoodId: communityOf(ctx), houseId: { in: houseIds }, pending: false, active: true },
    select: {
      houseId: true,
      role: { select: { id: true, name: true, kind: true } },
      user: { select: { id: true, firstName: true, lastName: true, email: true } },
    },
    orderBy: { id: 'asc' },
  });
  const byHouse = new Map<number, HouseUser[]>();
  for (const m of rows) {
    const list = byHouse.get(m.houseId!) ?? [];
    list.push({
      userId: m.user.id,
      firstName: m.user.firstName,
      lastName: m.user.lastName,
      email: m.user.email,
      roleId: m.role.id,
      roleName: m.role.name,
      roleKind: m.role.kind,
    });
    byHouse.set(m.houseId!, list);
  }
  return byHouse;
}

provideHouseColumn(
  'users',
  () => sql`(SELECT COALESCE(json_agg(json_build_object('userId', u.id, 'firstName', u."firstName", 'lastName', u."lastName", 'email', u.email,
      'roleId', r.id, 'roleName', r.name, 'roleKind', r.kind) ORDER BY m.id), '[]'::json)
    FROM "Membership" m JOIN "Role" r ON r.id = m."roleId" JOIN "User" u ON u.id = m."userId"
    WHERE m."houseId" = h.id AND m."neighborhoodId" = h."neighborhoodId" AND NOT m.pending AND m.active)`,
);

export const HouseRef = builder.prismaNode('House', {
  id: { field: 'id' },
  nullable: true,
  // A house of another community never resolves.
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  // Administrators read every house of their community; house users read their own.
  authScopes: (house, ctx) => (ctx.actor?.houseId === house.id ? true : { grant: HOUSE_MANAGERS }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    catastral: t.exposeString('catastral', { nullable: true }),
    block: t.exposeString('block', { nullable: true }),
    lot: t.exposeString('lot', { nullable: true }),
    exteriorNumber: t.exposeString('exteriorNumber', { nullable: true }),
    interiorNumber: t.exposeString('interiorNumber', { nullable: true }),
    dimension: t.expose('dimension', { type: 'Decimal', nullable: true }),
    parkingSpots: t.exposeInt('parkingSpots', { nullable: true }),
    status: t.expose('status', { type: HouseStatusEnum }),
    initialBalance: t.expose('initialBalance', { type: 'Decimal', nullable: true }),
    balanceReason: t.exposeString('balanceReason', { nullable: true }),
    refuseReason: t.exposeString('refuseReason', { nullable: true }),
    label: t.string({
      description: 'Interior number, else exterior number, else M{block}B{lot}, else cadastral key.',
      select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true },
      resolve: (house) => houseLabel(house),
    }),
    ownerUserId: t.exposeInt('ownerUserId', { nullable: true }),
    owner: t.field({
      type: HouseOwner,
      nullable: true,
      select: { owner: { select: { id: true, firstName: true, lastName: true, email: true, mobile: true, landline: true } } },
      resolve: (house) => house.owner,
    }),
    pendingOwnerEmail: t.string({
      nullable: true,
      description:
        'The e-mail typed for an owner invited and not accepted yet: nothing else of that person is shown until they accept; managers only. (Not in the owners-list fast path: ask it on one house.)',
      select: {
        memberships: { where: { pending: true, role: { kind: 'OWNER' } }, orderBy: { id: 'desc' }, take: 1, select: { user: { select: { email: true } } } },
      },
      resolve: (house, _a, ctx) => (HOUSE_MANAGERS.some((g) => ctx.actor?.grants.has(g)) ? (house.memberships[0]?.user.email ?? null) : null),
    }),
    ownerHasAccount: t.boolean({
      description: 'The owner has set a password (user_status active).',
      select: { owner: { select: { passwordHash: true } } },
      resolve: (house) => !!house.owner?.passwordHash,
    }),
    houseType: t.relation('houseType', { nullable: true }),
    houseTypeId: t.exposeInt('houseTypeId', { nullable: true, description: 'Database id of the house type' }),
    houseTypeName: t.string({
      nullable: true,
      select: { houseType: { select: { title: true } } },
      resolve: (house) => house.houseType?.title ?? null,
    }),
    streetId: t.exposeInt('streetId', { nullable: true }),
    streetName: t.string({ nullable: true, select: { street: { select: { name: true } } }, resolve: (house) => house.street?.name ?? null }),
    innerNeighborhoodId: t.exposeInt('innerNeighborhoodId', { nullable: true, description: 'id_inner_neighborhood' }),
    condominiumId: t.exposeInt('condominiumId', { nullable: true }),
    condominiumName: t.string({ nullable: true, select: { condominium: { select: { name: true } } }, resolve: (h) => h.condominium?.name ?? null }),
    mallId: t.exposeInt('mallId', { nullable: true }),
    mallName: t.string({ nullable: true, select: { mall: { select: { name: true } } }, resolve: (h) => h.mall?.name ?? null }),
    officialIdFileId: t.exposeString('officialIdFileId', { nullable: true }),
    signupCodeSentAt: t.expose('signupCodeSentAt', { type: 'DateTime', nullable: true }),
    lockedByName: t.string({
      nullable: true,
      description: 'The administrator holding the edit lock, when it is someone else and still fresh.',
      select: { lockedByUserId: true, lockedAt: true, lockedBy: { select: { firstName: true, lastName: true } } },
      resolve: (house, _a, ctx) => {
        if (!ctx.actor || !lockHeldByOther(house, ctx.actor.userId)) return null;
        return personName(house.lockedBy ?? {});
      },
    }),
    users: t.field({
      type: [HouseUserRef],
      description: "The house's people with an active account, read with the rest of the page; administrators and the house's own people only",
      select: { id: true },
      resolve: async (house, _a, ctx) => {
        if (ctx.actor?.houseId !== house.id && !HOUSE_MANAGERS.some((g) => ctx.actor?.grants.has(g))) return [];
        const read = providedColumn(house, 'users') as HouseUser[] | undefined;
        return read ?? (await loadBatched(ctx, 'House.users', house.id, (ids) => usersOfHouses(ctx, ids))) ?? [];
      },
    }),
    ownerChanges: t.relation('ownerChanges', {
      description: 'Owner history, newest first; empty for house users.',
      ...grants(...HOUSE_MANAGERS),
      unauthorizedResolver: () => [] as never,
      query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
    }),
  }),
});

/** Owner history shows names only: no e-mail, no phones (the people may have left the community). */
const personLabel = (u: { firstName: string; lastName: string | null } | null) => (u ? personName(u) : null);
const PERSON = { select: { firstName: true, lastName: true } } as const;

builder.prismaObject('HouseOwnerChange', {
  fields: (t) => ({
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    fromName: t.string({ nullable: true, select: { fromUser: PERSON }, resolve: (c) => personLabel(c.fromUser) }),
    toName: t.string({ select: { toUser: PERSON }, resolve: (c) => personLabel(c.toUser) ?? '' }),
    changedByName: t.string({ nullable: true, select: { changedBy: PERSON }, resolve: (c) => personLabel(c.changedBy) }),
  }),
});

// The owners list (`houses` connection and HouseFilter) is in ownersList.ts.

builder.queryField('searchHouses', (t) =>
  t.prismaField({
    type: ['House'],
    description: 'Houses whose key, numbers or owner match a phrase of 2 characters or more (20 at most).',
    ...grants('AHousesSearch', 'AHousesRead', 'OReceiptsRead', 'SReceiptsRead'),
    args: { phrase: t.arg.string({ required: true }) },
    resolve: (query, _r, { phrase }, ctx) => searchHouses(ctx, query, phrase),
  }),
);

export const Place = builder.objectRef<{ id: number; name: string }>('Place').implement({
  description: 'A street, condominium or mall inside the community.',
  fields: (t) => ({ databaseId: t.exposeInt('id'), name: t.exposeString('name') }),
});

type PlaceRow = { id: number; name: string };

/** The community's streets, condominiums and malls, for the lists that filter by a house's place. */
export const PlacesRef = builder.objectRef<{ streets: PlaceRow[]; condominiums: PlaceRow[]; malls: PlaceRow[] }>('VisitorPlaces').implement({
  description: "The community's streets, condominiums and malls, for the visitor and vehicle lists' location filters",
  fields: (t) => ({
    streets: t.field({ type: [Place], resolve: (p) => p.streets }),
    condominiums: t.field({ type: [Place], resolve: (p) => p.condominiums }),
    malls: t.field({ type: [Place], resolve: (p) => p.malls }),
  }),
});

export async function communityPlaces(ctx: Pick<Context, 'prisma' | 'actor'>) {
  const where = { neighborhoodId: communityOf(ctx) };
  const select = { id: true, name: true } as const;
  const orderBy = [{ name: 'asc' as const }, { id: 'asc' as const }];
  const [streets, condominiums, malls] = await Promise.all([
    ctx.prisma.street.findMany({ where, select, orderBy }),
    ctx.prisma.condominium.findMany({ where, select, orderBy }),
    ctx.prisma.mall.findMany({ where, select, orderBy }),
  ]);
  return { streets, condominiums, malls };
}

builder.queryField('condominiums', (t) =>
  t.field({
    type: [Place],
    ...grants(...HOUSE_MANAGERS),
    resolve: (_r, _a, ctx) => ctx.prisma.condominium.findMany({ where: { neighborhoodId: communityOf(ctx) }, orderBy: { name: 'asc' } }),
  }),
);

builder.queryField('malls', (t) =>
  t.field({
    type: [Place],
    ...grants(...HOUSE_MANAGERS),
    resolve: (_r, _a, ctx) => ctx.prisma.mall.findMany({ where: { neighborhoodId: communityOf(ctx) }, orderBy: { name: 'asc' } }),
  }),
);

/** Whom an e-mail belongs to, for owner change: a person of this community only (anyone else is invited by e-mail). */
const OwnerCandidate = builder.objectRef<{ id: number; email: string; firstName: string; lastName: string | null }>('OwnerCandidate').implement({
  fields: (t) => ({
    id: t.id({ description: 'Global id of the user', resolve: (u) => encodeGlobalID('User', u.id) }),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
  }),
});

builder.queryField('ownerCandidate', (t) =>
  t.field({
    type: OwnerCandidate,
    nullable: true,
    description:
      'Owner change: the person of this community with this exact e-mail, or null: then the screen asks the data of the new owner (a person with an account elsewhere is invited, and their data are not shown).',
    ...grants('AHousesUpdate'),
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, { email }, ctx) => {
      const clean = email.trim().toLowerCase();
      if (clean.length === 0 || clean.length > 254) return null;
      return ctx.prisma.user.findFirst({
        where: { email: clean, memberships: { some: { neighborhoodId: communityOf(ctx), pending: false } } },
        select: { id: true, email: true, firstName: true, lastName: true },
      });
    },
  }),
);

const HousePayload = builder.objectRef<{ id: number }>('HousePayload').implement({
  fields: (t) => ({
    house: t.prismaField({
      type: 'House',
      resolve: (query, p, _a, ctx) => ctx.prisma.house.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const OwnerInput = builder.inputType('HouseOwnerInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: false }),
    mobile: t.string({ required: false }),
    landline: t.string({ required: false }),
  }),
});

const NewOwnerInput = builder.inputType('NewHouseOwnerInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string({ required: false, description: 'Required when nobody has the e-mail yet' }),
    lastName: t.string({ required: false }),
    mobile: t.string({ required: false }),
    landline: t.string({ required: false }),
  }),
});

const HouseInput = builder.inputType('HouseInput', {
  fields: (t) => ({
    houseTypeId: t.globalID({ required: true }),
    catastral: t.string({ required: false }),
    block: t.string({ required: false }),
    lot: t.string({ required: false }),
    exteriorNumber: t.string({ required: false }),
    interiorNumber: t.string({ required: false }),
    dimension: t.string({ required: false }),
    streetId: t.globalID({ required: false }),
    condominiumId: t.int({ required: false, description: 'Database id of an existing condominium' }),
    condominiumName: t.string({ required: false, description: 'Name of a new condominium' }),
    mallId: t.int({ required: false }),
    mallName: t.string({ required: false }),
    parkingSpots: t.int({ required: false }),
    initialBalance: t.string({ required: false }),
    balanceReason: t.string({ required: false }),
    owner: t.field({ type: OwnerInput, required: false }),
    officialIdFileId: t.string({ required: false }),
    activate: t.boolean({ required: false, description: 'Confirm activation: a complete house becomes ACTIVE' }),
  }),
});

/** GraphQL input to the service's plain shape (global ids to database ids). */
export function houseInputToPlain(input: any) {
  return {
    ...input,
    houseTypeId: rowId(input.houseTypeId.id),
    streetId: input.streetId ? rowId(input.streetId.id) : null,
  };
}

builder.mutationField('createHouse', (t) =>
  t.field({
    type: HousePayload,
    ...grants('AHousesCreate'),
    errors: { types: [InputError, ConflictError] },
    args: { input: t.arg({ type: HouseInput, required: true }), idempotencyKey: idempotencyKeyField(t.arg) },
    resolve: async (_r, { input, idempotencyKey }, ctx) => ({ id: await saveHouse(ctx, null, houseInputToPlain(input), idempotencyKey) }),
  }),
);

const HouseIdInput = builder.inputType('HouseIdInput', { fields: (t) => ({ id: t.globalID({ required: true, for: HouseRef }) }) });

builder.mutationField('updateHouse', (t) =>
  t.field({
    type: HousePayload,
    ...grants('AHousesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateHouseInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: HouseRef }), house: f.field({ type: HouseInput, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await saveHouse(ctx, rowId(input.id.id), houseInputToPlain(input.house)) }),
  }),
);

builder.mutationField('activateHouse', (t) =>
  t.field({
    type: HousePayload,
    ...grants('AHousesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('ActivateHouseInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: HouseRef }),
            initialBalance: f.string({ required: false }),
            balanceReason: f.string({ required: false }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await activateHouse(ctx, rowId(input.id.id), input) }),
  }),
);

/** A mutation on one house given its id: status transitions and the edit lock. */
function houseIdMutation(
  name: string,
  grant: Grant,
  errors: (typeof ConflictError | typeof NotFoundError)[],
  run: (ctx: Context, id: number) => Promise<number>,
  description?: string,
) {
  builder.mutationField(name, (t) =>
    t.field({
      type: HousePayload,
      description,
      ...grants(grant),
      errors: { types: errors },
      args: { input: t.arg({ type: HouseIdInput, required: true }) },
      resolve: async (_r, { input }, ctx) => ({ id: await run(ctx, rowId(input.id.id)) }),
    }),
  );
}
const STATUS_ERRORS = [ConflictError, NotFoundError];
houseIdMutation('deleteHouse', 'AHousesDelete', STATUS_ERRORS, (ctx, id) => changeHouseStatus(ctx, id, 'delete'));
houseIdMutation('reactivateHouse', 'AHousesDelete', STATUS_ERRORS, (ctx, id) => changeHouseStatus(ctx, id, 'reactivate'));
houseIdMutation('blockHouse', 'AHousesUpdate', STATUS_ERRORS, (ctx, id) => changeHouseStatus(ctx, id, 'block'));
houseIdMutation('unblockHouse', 'AHousesUpdate', STATUS_ERRORS, (ctx, id) => changeHouseStatus(ctx, id, 'unblock'));
houseIdMutation(
  'lockHouse',
  'AHousesUpdate',
  STATUS_ERRORS,
  takeHouseEditLock,
  'Takes the edit lock while the form is open; refused (423) while another administrator holds it.',
);
houseIdMutation('unlockHouse', 'AHousesUpdate', [NotFoundError], releaseHouseEditLock, 'Releases the edit lock, whoever holds it.');

builder.mutationField('changeHouseOwner', (t) =>
  t.field({
    type: HousePayload,
    ...grants('AHousesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('ChangeHouseOwnerInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: HouseRef }),
            newOwner: f.field({
              type: NewOwnerInput,
              required: false,
              description: 'The new owner by e-mail (name and phones for a person new to the platform); someone with an account elsewhere is invited',
            }),
            userDatabaseId: f.int({
              required: false,
              description: 'Legacy REST path: a person who already belongs to this community (anyone else: not found)',
            }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({
      id: await changeOwner(ctx, rowId(input.id.id), { userId: input.userDatabaseId ?? null, newOwner: input.newOwner }),
    }),
  }),
);
