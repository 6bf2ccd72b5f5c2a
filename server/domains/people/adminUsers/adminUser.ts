import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../graphql/builder.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import {
  ADMIN_USER_READERS,
  adminUserWhere,
  createAdminUser,
  deleteAdminUser,
  listCommunityRoles,
  resendAdminSignupCode,
  updateAdminUser,
  userByEmail,
} from './service.js';

/** Who may read house roles: the administration users screen (legacy for_house=true) and resident forms. */
const HOUSE_ROLE_READERS = [...ADMIN_USER_READERS, 'AResidentsRead', 'AResidentsCreate', 'AResidentsUpdate'] as const;

export const CommunityRoleRef = builder.prismaNode('Role', {
  variant: 'CommunityRole',
  description: "A role of the current community's catalogue.",
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: HOUSE_ROLE_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    forHouse: t.exposeBoolean('forHouse', { description: 'A house role (owner, co-owner, resident) rather than an administration role' }),
    allowCreateForHouseUser: t.exposeBoolean('allowCreateForHouseUser', { description: 'House users may register and remove people with this role' }),
  }),
});

export const AdministrationUserRef = builder.prismaNode('Membership', {
  variant: 'AdministrationUser',
  description: 'An administration account of the community: a person with a non-house role (its id is the account id).',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, houseId: null, role: { forHouse: false } }),
  authScopes: { grant: ADMIN_USER_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The account (membership) id' }),
    userDatabaseId: t.exposeInt('userId'),
    pending: t.exposeBoolean('pending', {
      description: 'An invitation the person has not accepted yet: the community sees only the e-mail typed, and the account opens when they accept.',
    }),
    // The person's own name shows only once they belong to the community: never while invited.
    firstName: t.string({ select: { pending: true, user: { select: { firstName: true } } }, resolve: (m) => (m.pending ? '' : m.user.firstName) }),
    lastName: t.string({
      nullable: true,
      select: { pending: true, user: { select: { lastName: true } } },
      resolve: (m) => (m.pending ? null : m.user.lastName),
    }),
    email: t.string({ select: { user: { select: { email: true } } }, resolve: (m) => m.user.email }),
    role: t.relation('role', { type: CommunityRoleRef }),
    pendingSignup: t.boolean({
      description: 'The person has not created a password yet (false while invited: that is theirs to know)',
      select: { pending: true, user: { select: { passwordHash: true } } },
      resolve: (m) => !m.pending && !m.user.passwordHash,
    }),
    personalDataEditable: t.boolean({
      description: 'The name and e-mail may be corrected: the person has not registered and belongs to no other community.',
      select: (_args, ctx) => ({
        pending: true,
        user: {
          select: { passwordHash: true, memberships: { where: { neighborhoodId: { not: ctx.actor?.neighborhoodId ?? -1 } }, select: { id: true }, take: 1 } },
        },
      }),
      resolve: (m) => !m.pending && !m.user.passwordHash && m.user.memberships.length === 0,
    }),
    isViewer: t.boolean({ description: "The viewer's own account", resolve: (m, _a, ctx) => m.id === ctx.actor?.membershipId }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AdministrationUserFilter = builder.inputType('AdministrationUserFilter', {
  fields: (t) => ({
    search: t.string({ required: false, description: 'Words of the name or e-mail, any case' }),
    roleId: t.globalID({ required: false, for: CommunityRoleRef }),
  }),
});

builder.queryField('administrationUsers', (t) =>
  t.prismaConnection({
    type: AdministrationUserRef,
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    ...grants(...ADMIN_USER_READERS),
    args: {
      filter: t.arg({ type: AdministrationUserFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.membership.count({ where: filterWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.membership.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: filterWhere(ctx, args.filter),
        orderBy: [{ user: { firstName: 'asc' } }, { user: { lastName: 'asc' } }, { id: 'asc' }],
      }),
  }),
);

function filterWhere(ctx: ServiceContext, filter?: { search?: string | null; roleId?: { id: string } | null } | null) {
  return adminUserWhere(ctx, { search: filter?.search, roleId: filter?.roleId ? rowId(filter.roleId.id) : null });
}

builder.queryField('administrationRoles', (t) =>
  t.prismaField({
    type: [CommunityRoleRef],
    description: 'Roles an administration user can have (non-house roles), by name.',
    ...grants(...ADMIN_USER_READERS),
    resolve: (query, _r, _a, ctx) => listCommunityRoles(ctx, query, { forHouse: false }),
  }),
);

builder.queryField('communityRoles', (t) =>
  t.prismaField({
    type: [CommunityRoleRef],
    description:
      'Roles of the community catalogue by name: house roles (owner, co-owner, resident...) or administration roles. The legacy GET /users/roles; the resident forms use houseRoles (no owner role, with `assignable`).',
    ...grants(...HOUSE_ROLE_READERS),
    args: { forHouse: t.arg.boolean({ required: true }) },
    resolve: (query, _r, args, ctx) => listCommunityRoles(ctx, query, { forHouse: args.forHouse }),
  }),
);

interface Lookup {
  id: number;
  email: string;
  firstName: string;
  lastName: string | null;
  pendingSignup: boolean;
  administrationUserId: number | null;
}

const UserLookupRef = builder.objectRef<Lookup>('UserLookup').implement({
  description: 'The public data of a person found by e-mail, to prefill a form.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
    pendingSignup: t.exposeBoolean('pendingSignup'),
    administrationUser: t.prismaField({
      type: AdministrationUserRef,
      nullable: true,
      description: 'Their administration account in this community, when they have one',
      resolve: (query, l, _a, ctx) =>
        l.administrationUserId ? ctx.prisma.membership.findFirst({ ...query, where: { id: l.administrationUserId, neighborhoodId: communityOf(ctx) } }) : null,
    }),
  }),
});

builder.queryField('userByEmail', (t) =>
  t.field({
    type: UserLookupRef,
    nullable: true,
    description: 'A person of this community by exact e-mail (any case), or null (also for people who do not belong to it).',
    ...grants('CUsersCreate', 'CUsersRead', 'AHousesCreate', 'AHousesUpdate'),
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      try {
        return await userByEmail(ctx, { email: args.email });
      } catch (error) {
        if (error instanceof InputError) return null;
        throw error;
      }
    },
  }),
);

const AdministrationUserPayload = builder.objectRef<{ id: number }>('AdministrationUserPayload').implement({
  fields: (t) => ({
    administrationUser: t.prismaField({
      type: AdministrationUserRef,
      resolve: (query, p, _a, ctx) => ctx.prisma.membership.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const DeletedPayload = builder.objectRef<{ id: number }>('AdministrationUserDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('AdministrationUser', p.id) }) }),
});

const SignupCodePayload = builder.objectRef<{ id: number; domain: string }>('AdministrationSignupCodePayload').implement({
  description: 'The invitation went out again. The sign-up code is never answered: it travels only by e-mail, to its holder.',
  fields: (t) => ({
    domain: t.exposeString('domain', { description: "The community's domain" }),
    administrationUser: t.prismaField({
      type: AdministrationUserRef,
      resolve: (query, p, _a, ctx) => ctx.prisma.membership.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

const personFields = (f: InputFields) => ({
  email: f.string({ required: true }),
  firstName: f.string({ required: true }),
  lastName: f.string({ required: false }),
  roleId: f.globalID({ required: true, for: CommunityRoleRef }),
});

const personInput = (input: { email: string; firstName: string; lastName?: string | null; roleId: { id: string } }) => ({
  email: input.email,
  firstName: input.firstName,
  lastName: input.lastName,
  roleId: rowId(input.roleId.id),
});

builder.mutationField('createAdministrationUser', (t) =>
  t.field({
    type: AdministrationUserPayload,
    description:
      'Gives a person (found by e-mail or created) an administration account; a person without password gets a sign-up link, a person with an account or in another community an invitation (pending until accepted). The viewer must have verified their e-mail.',
    ...grants('CUsersCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateAdministrationUserInput', { fields: (f) => ({ ...personFields(f), idempotencyKey: idempotencyKeyField(f) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createAdminUser(ctx, personInput(input), input.idempotencyKey) }),
  }),
);

builder.mutationField('updateAdministrationUser', (t) =>
  t.field({
    type: AdministrationUserPayload,
    ...grants('CUsersUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateAdministrationUserInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: AdministrationUserRef }), ...personFields(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateAdminUser(ctx, rowId(input.id.id), personInput(input)) }),
  }),
);

const IdInput = (name: string) => builder.inputType(name, { fields: (f) => ({ id: f.globalID({ required: true, for: AdministrationUserRef }) }) });

builder.mutationField('deleteAdministrationUser', (t) =>
  t.field({
    type: DeletedPayload,
    description: 'Removes the administration account and ends the sessions open on it.',
    ...grants('CUsersDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: { input: t.arg({ type: IdInput('DeleteAdministrationUserInput'), required: true }) },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteAdminUser(ctx, rowId(input.id.id)) }),
  }),
);

builder.mutationField('resendAdministrationSignupCode', (t) =>
  t.field({
    type: SignupCodePayload,
    description: 'Mails the sign-up link again while the person has no password, or the acceptance link while invited (at most 5 an hour: RATE_LIMITED).',
    ...grants('CUsersUpdate', 'CUsersCreate'),
    errors: { types: [ConflictError, NotFoundError] },
    args: { input: t.arg({ type: IdInput('ResendAdministrationSignupCodeInput'), required: true }) },
    resolve: (_r, { input }, ctx) => resendAdminSignupCode(ctx, rowId(input.id.id)),
  }),
);
