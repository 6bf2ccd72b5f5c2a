import { encodeGlobalID } from '@pothos/plugin-relay';
import { houseLabel } from '../../../../core/houseLabel.js';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { HouseRef } from '../../property/houses/house.js';
import { listCommunityRoles } from '../adminUsers/service.js';
import { holdsAny } from '../../../auth/houseScope.js';
import {
  ADMIN_RESIDENTS,
  createResident,
  deleteResident,
  HOUSE_RESIDENT_READERS,
  listHouse,
  mayChange,
  RESIDENT_READERS,
  residentScope,
  residentWhere,
  ROLE_READERS,
  updateResident,
} from './service.js';

export const HouseRoleRef = builder.prismaObject('Role', {
  variant: 'HouseRole',
  description: 'A role people of a house can hold (legacy role: id, name, allow_create_for_house_user).',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    allowCreateForHouseUser: t.exposeBoolean('allowCreateForHouseUser', {
      description: 'House users may register, edit and delete residents with this role (administrators always may).',
    }),
    assignable: t.boolean({
      description: 'The viewer may give this role to a resident.',
      select: { allowCreateForHouseUser: true },
      resolve: (role, _a, ctx) => holdsAny(ctx, [...ADMIN_RESIDENTS.create, ...ADMIN_RESIDENTS.update]) || role.allowCreateForHouseUser,
    }),
  }),
});

export const ResidentRef = builder.prismaNode('Membership', {
  variant: 'Resident',
  description: 'A person with access to a house under a house role other than the owner’s.',
  id: { field: 'id' },
  nullable: true,
  // Another community's residents, and for house users other houses' residents, never resolve.
  findUnique: (id, ctx) => ({ id: rowId(id), ...residentScope(ctx) }),
  authScopes: { grant: RESIDENT_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    userDatabaseId: t.exposeInt('userId'),
    houseDatabaseId: t.int({ select: { houseId: true }, resolve: (m) => m.houseId ?? 0 }),
    roleDatabaseId: t.exposeInt('roleId'),
    pending: t.exposeBoolean('pending', {
      description: 'An invitation the person has not accepted yet: the house sees only the e-mail typed, and the account opens when they accept.',
    }),
    // A person's own data (name, mobile) shows only once they belong to the community: never while invited.
    firstName: t.string({ select: { pending: true, user: { select: { firstName: true } } }, resolve: (m) => (m.pending ? '' : m.user.firstName) }),
    lastName: t.string({
      nullable: true,
      select: { pending: true, user: { select: { lastName: true } } },
      resolve: (m) => (m.pending ? null : m.user.lastName),
    }),
    email: t.string({ select: { user: { select: { email: true } } }, resolve: (m) => m.user.email }),
    mobile: t.string({ nullable: true, select: { pending: true, user: { select: { mobile: true } } }, resolve: (m) => (m.pending ? null : m.user.mobile) }),
    accountActive: t.boolean({
      description: 'The person chose a password (false while invited).',
      select: { pending: true, user: { select: { passwordHash: true } } },
      resolve: (m) => !m.pending && !!m.user.passwordHash,
    }),
    personalDataEditable: t.boolean({
      description: 'The viewer may change the name and mobile: the person has not registered and belongs to no other community.',
      select: (_args, ctx) => ({
        pending: true,
        user: {
          select: { passwordHash: true, memberships: { where: { neighborhoodId: { not: ctx.actor?.neighborhoodId ?? -1 } }, select: { id: true }, take: 1 } },
        },
      }),
      resolve: (m) => !m.pending && !m.user.passwordHash && m.user.memberships.length === 0,
    }),
    role: t.relation('role', { type: HouseRoleRef }),
    houseLabel: t.string({
      select: { house: { select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true } } },
      resolve: (m) => (m.house ? houseLabel(m.house) : ''),
    }),
    accreditationFileId: t.exposeString('accreditationFileId', { nullable: true }),
    accreditationFileUrl: t.string({
      nullable: true,
      select: { accreditationFileId: true },
      resolve: (m) => (m.accreditationFileId ? `/api/1.0/files/${m.accreditationFileId}` : null),
    }),
    accreditationFileName: t.string({
      nullable: true,
      select: { accreditationFile: { select: { name: true } } },
      resolve: (m) => m.accreditationFile?.name ?? null,
    }),
    canEdit: t.boolean({
      description: 'The viewer may edit this resident.',
      select: { houseId: true, userId: true, role: { select: { allowCreateForHouseUser: true } } },
      resolve: (m, _a, ctx) => mayChange(ctx, 'update', m),
    }),
    canDelete: t.boolean({
      description: 'The viewer may remove this resident’s access.',
      select: { houseId: true, userId: true, role: { select: { allowCreateForHouseUser: true } } },
      resolve: (m, _a, ctx) => mayChange(ctx, 'delete', m),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ResidentFilter = builder.inputType('ResidentFilter', {
  fields: (t) => ({ name: t.string({ required: false, description: 'Words of the name or e-mail, any case' }) }),
});

const ORDER = [{ user: { firstName: 'asc' as const } }, { user: { lastName: 'asc' as const } }, { id: 'asc' as const }];

builder.queryField('residents', (t) =>
  t.prismaConnection({
    type: ResidentRef,
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: 'Residents of one house (houseId) or, for administrators without houseId, of the whole community.',
    ...grants(...RESIDENT_READERS),
    args: {
      houseId: t.arg.globalID({ required: false, for: HouseRef }),
      filter: t.arg({ type: ResidentFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: async (_p, args, ctx) => ctx.prisma.membership.count({ where: residentWhere(ctx, await listHouse(ctx, args.houseId?.id), args.filter) }),
    resolve: async (query, _r, args, ctx) =>
      ctx.prisma.membership.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: residentWhere(ctx, await listHouse(ctx, args.houseId?.id), args.filter),
        orderBy: ORDER,
      }),
  }),
);

builder.queryField('houseResidents', (t) =>
  t.prismaConnection({
    type: ResidentRef,
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: 'Residents of the viewer’s own house (null without a house).',
    ...grants(...HOUSE_RESIDENT_READERS, ...ADMIN_RESIDENTS.read),
    args: {
      filter: t.arg({ type: ResidentFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => (ctx.actor?.houseId ? ctx.prisma.membership.count({ where: residentWhere(ctx, ctx.actor.houseId, args.filter) }) : 0),
    resolve: (query, _r, args, ctx) =>
      ctx.actor?.houseId
        ? ctx.prisma.membership.findMany({
            ...query,
            skip: offsetSkip(query, args),
            where: residentWhere(ctx, ctx.actor.houseId, args.filter),
            orderBy: ORDER,
          })
        : [],
  }),
);

builder.queryField('houseRoles', (t) =>
  t.prismaField({
    type: [HouseRoleRef],
    description:
      'Roles a resident can hold in this community (house roles except the owner’s), with `assignable` for the viewer: the resident forms. Same list as communityRoles(forHouse: true) without the owner role.',
    ...grants(...ROLE_READERS),
    resolve: (query, _r, _a, ctx) => listCommunityRoles(ctx, query, { forHouse: true, residentsOnly: true }),
  }),
);

const ResidentPayload = builder.objectRef<{ id: number }>('ResidentPayload').implement({
  fields: (t) => ({
    resident: t.prismaField({
      type: ResidentRef,
      resolve: (query, p, _a, ctx) => ctx.prisma.membership.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const ResidentDeletedPayload = builder.objectRef<{ id: number }>('ResidentDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('Resident', p.id) }) }),
});

builder.mutationField('createResident', (t) =>
  t.field({
    type: ResidentPayload,
    description:
      'Registers a person (found or created by e-mail) as a resident of a house and e-mails them; a new person gets a sign-up link, a person with an account or in another community an invitation (pending until accepted). Without houseId: the viewer’s own house. The viewer must have verified their e-mail.',
    ...grants('AResidentsCreate', 'OResidentsCreate', 'SResidentsCreate', 'RResidentsCreate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateResidentInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: false, for: HouseRef }),
            email: f.string({ required: true }),
            firstName: f.string({ required: true }),
            lastName: f.string({ required: false }),
            mobile: f.string({ required: false }),
            roleId: f.int({ required: true, description: 'databaseId of a HouseRole' }),
            accreditationFileId: f.string({ required: false, description: 'Id of a file uploaded with POST /api/1.0/files' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { houseId, idempotencyKey, ...data } = input;
      return { id: await createResident(ctx, houseId?.id, data, idempotencyKey) };
    },
  }),
);

builder.mutationField('updateResident', (t) =>
  t.field({
    type: ResidentPayload,
    description:
      'Changes the role and accreditation file; name and mobile (omit to keep them) only while the person has not registered and belongs to no other community (personalDataEditable), else they stay as the person left them.',
    ...grants('AResidentsUpdate', 'OResidentsUpdate', 'SResidentsUpdate', 'RResidentsUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateResidentInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: ResidentRef }),
            houseId: f.globalID({ required: false, for: HouseRef, description: 'When given, the resident must belong to this house' }),
            firstName: f.string({ required: false }),
            lastName: f.string({ required: false }),
            mobile: f.string({ required: false }),
            roleId: f.int({ required: true }),
            accreditationFileId: f.string({ required: false, description: 'Omit to keep the file, null to remove it' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { id, houseId, ...data } = input;
      return { id: await updateResident(ctx, rowId(id.id), data, houseId?.id) };
    },
  }),
);

builder.mutationField('deleteResident', (t) =>
  t.field({
    type: ResidentDeletedPayload,
    description: 'Removes the resident’s access to the house and ends their sessions on it.',
    ...grants('AResidentsDelete', 'OResidentsDelete', 'SResidentsDelete', 'RResidentsDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteResidentInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: ResidentRef }),
            houseId: f.globalID({ required: false, for: HouseRef, description: 'When given, the resident must belong to this house' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteResident(ctx, rowId(input.id.id), input.houseId?.id) }),
  }),
);
