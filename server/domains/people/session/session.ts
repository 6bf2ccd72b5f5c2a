import { houseLabel } from '../../../../core/houseLabel.js';
import { rowId, uuidId } from '../../../kernel/ids.js';
import { builder, offsetSkip } from '../../../graphql/builder.js';
import { actorOf } from '../../../kernel/context.js';
import { InputError, NotFoundError, SignInError, TooManyAttemptsError } from '../../../kernel/errors.js';
import type { Viewer } from '../../../auth/viewer.js';
import type { SessionEvent } from '../../../infra/pubsub.js';
import { ModuleEnum } from '../../community/neighborhoods/neighborhood.js';
import { clearSessionCookie } from '../../../auth/cookies.js';
import { endDevices, signIn, signOut, switchAccount } from './service.js';
import { readSessionPart } from './sessionRead.js';
import { type DebtsToPay, debtsToPay } from './debtsToPay.js';

const DebtsToPayRef = builder.objectRef<DebtsToPay>('SessionDebtsToPay').implement({
  description: 'The overdue receipts an owner must pay first (required_total_amount_debts)',
  fields: (t) => ({
    receipts: t.exposeInt('receipts', { description: 'How many receipts are overdue (due before today, not paid)' }),
    amount: t.field({ type: 'Decimal', description: 'Their total', resolve: (d) => d.amount }),
    oldestDueDate: t.field({ type: 'Date', description: 'The oldest due date among them', resolve: (d) => d.oldestDueDate }),
  }),
});

export const AccountRef = builder.prismaNode('Membership', {
  name: 'Account',
  description: 'One entry of the account switcher: a community, optionally a house, and a role.',
  id: { field: 'id' },
  // Select mode: a read selects the columns its fields ask for, not the whole row.
  select: { id: true },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), userId: ctx.actor?.userId ?? -1 }),
  authScopes: { signedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    neighborhood: t.relation('neighborhood'),
    // The house of another community is not readable from this one; the switcher needs only its id and label.
    houseDatabaseId: t.exposeInt('houseId', { nullable: true }),
    roleName: t.string({ select: { role: { select: { name: true } } }, resolve: (m) => m.role.name }),
    label: t.string({
      description: 'Community name plus the house label.',
      select: {
        neighborhood: { select: { name: true } },
        house: { select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true } },
      },
      resolve: (m) => (m.house ? `${m.neighborhood.name} ${houseLabel(m.house)}`.trim() : m.neighborhood.name),
    }),
    current: t.boolean({ select: { id: true }, resolve: (m, _args, ctx) => m.id === ctx.actor?.membershipId }),
  }),
});

const WebsocketConfig = builder.objectRef<{ url: string; protocol: string }>('WebsocketConfig').implement({
  fields: (t) => ({ url: t.exposeString('url'), protocol: t.exposeString('protocol') }),
});

export const SessionRef = builder.objectRef<Viewer>('Session').implement({
  description: 'The signed-in session: who, on which account, with which grants (actions).',
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, viewer, _args, ctx) => readSessionPart(ctx, viewer, 'user', query) as never,
    }),
    grants: t.stringList({ description: 'Grants of the current account after module gating (legacy "actions").', resolve: (v) => [...v.grants] }),
    superAdmin: t.boolean({ resolve: (v) => v.superAdmin }),
    activeModules: t.field({ type: [ModuleEnum], resolve: (v) => v.modules as never }),
    publicToken: t.string({ description: 'Opens the subscription socket (connection_init payload publicToken); nothing else.', resolve: (v) => v.publicToken }),
    websocket: t.field({ type: WebsocketConfig, resolve: () => ({ url: '/graphql', protocol: 'graphql-transport-ws' }) }),
    debtsToPay: t.field({
      type: DebtsToPayRef,
      nullable: true,
      description:
        'Set for an OWNER account of a community that requires paying the total of the debts (requiredTotalAmountDebts) while its house has overdue receipts: the app sends it to pay them',
      resolve: (v, _a, ctx) => debtsToPay(ctx, v),
    }),
    account: t.prismaField({
      type: 'Membership',
      nullable: true,
      resolve: (query, v, _args, ctx) => (v.membershipId ? ctx.prisma.membership.findUnique({ ...query, where: { id: v.membershipId } }) : null),
    }),
    neighborhood: t.prismaField({
      type: 'Neighborhood',
      nullable: true,
      resolve: (query, v, _args, ctx) => (v.neighborhoodId ? (readSessionPart(ctx, v, 'neighborhood', query) as never) : null),
    }),
    house: t.prismaField({
      type: 'House',
      nullable: true,
      resolve: (query, v, _args, ctx) => (v.houseId && v.neighborhoodId ? (readSessionPart(ctx, v, 'house', query) as never) : null),
    }),
    accounts: t.prismaConnection({
      type: 'Membership',
      cursor: 'id',
      maxSize: 100,
      defaultSize: 50,
      resolve: (query, v, _args, ctx) => readSessionPart(ctx, v, 'accounts', query) as never,
    }),
  }),
});

builder.queryField('session', (t) =>
  t.field({
    type: SessionRef,
    nullable: true,
    description: 'The current session, or null when signed out.',
    resolve: (_root, _args, ctx) => ctx.actor,
  }),
);

const SignInInput = builder.inputType('SignInInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    houseId: t.int({ required: false, description: 'Open the account of this house (legacy id_house)' }),
    domain: t.string({ required: false, description: 'Open an account of this community' }),
    apiToken: t.boolean({ required: false, description: 'Return a bearer token for API clients' }),
    setCookie: t.boolean({ required: false, description: 'Set the httpOnly session cookie (default: when apiToken is not asked)' }),
  }),
});

const SignInPayload = builder.objectRef<{ token: string | null }>('SignInPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { nullable: true, description: 'Bearer token, only when apiToken was true' }),
    session: t.field({ type: SessionRef, resolve: (_p, _a, ctx) => actorOf(ctx) }),
  }),
});

builder.mutationField('signIn', (t) =>
  t.field({
    type: SignInPayload,
    errors: { types: [InputError, SignInError, TooManyAttemptsError] },
    args: { input: t.arg({ type: SignInInput, required: true }) },
    resolve: (_root, { input }, ctx) => signIn(ctx, input),
  }),
);

const SignOutPayload = builder.objectRef<{ ok: boolean }>('SignOutPayload').implement({
  fields: (t) => ({ ok: t.exposeBoolean('ok') }),
});

builder.mutationField('signOut', (t) =>
  t.field({
    type: SignOutPayload,
    authScopes: { signedIn: true },
    resolve: async (_root, _args, ctx) => {
      const { viaCookie } = await signOut(ctx);
      if (viaCookie) ctx.setCookies.push(clearSessionCookie(ctx.config.secureCookies));
      return { ok: true };
    },
  }),
);

const SwitchAccountInput = builder.inputType('SwitchAccountInput', {
  fields: (t) => ({ accountId: t.globalID({ required: true, for: AccountRef }) }),
});

const SwitchAccountPayload = builder.objectRef<{ ok: true }>('SwitchAccountPayload').implement({
  fields: (t) => ({ session: t.field({ type: SessionRef, resolve: (_p, _a, ctx) => actorOf(ctx) }) }),
});

builder.mutationField('switchAccount', (t) =>
  t.field({
    type: SwitchAccountPayload,
    authScopes: { signedIn: true },
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: SwitchAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await switchAccount(ctx, rowId(input.accountId.id));
      return { ok: true as const };
    },
  }),
);

const SessionEventKindEnum = builder.enumType('SessionEventKind', {
  values: ['SIGNED_OUT', 'ACCOUNT_SWITCHED', 'PROFILE_UPDATED'] as const,
});

const SessionEventRef = builder.objectRef<SessionEvent>('SessionEvent').implement({
  fields: (t) => ({
    kind: t.field({ type: SessionEventKindEnum, resolve: (e) => e.kind }),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
    thisSession: t.boolean({ description: 'The event happened in the subscribing session', resolve: (e, _a, ctx) => e.sessionId === ctx.actor?.sessionId }),
  }),
});

builder.subscriptionField('sessionEvents', (t) =>
  t.field({
    type: SessionEventRef,
    description: "Changes to the signed-in user's sessions in any tab or device: sign-out, account switch, profile update.",
    authScopes: { signedIn: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('user:session', actorOf(ctx).userId),
    resolve: (event) => event,
  }),
);

export const DeviceRef = builder.prismaNode('Session', {
  name: 'Device',
  description: 'A browser or app where the user is signed in (legacy "installation").',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: uuidId(id), userId: ctx.actor?.userId ?? -1, endedAt: null }),
  authScopes: { signedIn: true },
  fields: (t) => ({
    userAgent: t.exposeString('userAgent', { nullable: true }),
    ip: t.exposeString('ip', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    current: t.boolean({ select: { id: true }, resolve: (s, _a, ctx) => s.id === ctx.actor?.sessionId }),
  }),
});

builder.queryField('myDevices', (t) =>
  t.prismaConnection({
    type: 'Session',
    cursor: 'id',
    maxSize: 100,
    defaultSize: 20,
    description: 'Where the signed-in user has an open session, most recent first.',
    authScopes: { signedIn: true },
    args: { offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }) },
    totalCount: (_p, _a, ctx) => ctx.prisma.session.count({ where: { userId: actorOf(ctx).userId, endedAt: null, expiresAt: { gt: new Date() } } }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.session.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: { userId: actorOf(ctx).userId, endedAt: null, expiresAt: { gt: new Date() } },
        orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
      }),
  }),
);

const EndDevicesInput = builder.inputType('EndDevicesInput', {
  fields: (t) => ({ deviceId: t.globalID({ required: false, for: DeviceRef, description: 'One device; omitted: every device but this one' }) }),
});

const EndDevicesPayload = builder.objectRef<{ count: number }>('EndDevicesPayload').implement({
  fields: (t) => ({ endedCount: t.exposeInt('count') }),
});

builder.mutationField('endDevices', (t) =>
  t.field({
    type: EndDevicesPayload,
    authScopes: { signedIn: true },
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: EndDevicesInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const { count, endedOwn, viaCookie } = await endDevices(ctx, input.deviceId ? uuidId(String(input.deviceId.id)) : null);
      if (endedOwn && viaCookie) ctx.setCookies.push(clearSessionCookie(ctx.config.secureCookies));
      return { count };
    },
  }),
);
