// GraphQL of the community's settings: general data and behaviour (CRead reads and saves them), modules
// (CModulesRead), interest-free months (CMSIRead reads, CMSIUpdate saves) and the payment gateway keys
// (CGatewayKeysCreate). The gateway's private key is never answered: only whether one is stored.
import { BEHAVIOR_FLAGS, WEEKDAYS } from '../../../../core/communitySettings.js';
import { builder, grants } from '../../../graphql/builder.js';
import { ConflictError, InputError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { ModuleEnum, NeighborhoodTypeEnum } from './neighborhood.js';
import {
  type CommunitySettingsView,
  type GatewayKeysView,
  MODULE_DISCOUNTS,
  moduleOffers,
  type ModulesView,
  type MsiView,
  quoteModules,
  readCommunitySettings,
  readGatewayKeys,
  readModules,
  readMsiSettings,
  updateCommunityModules,
  updateCommunitySettings,
  updateGatewayKeys,
  updateMsiSettings,
} from './settingsService.js';

const WeekdayEnum = builder.enumType('Weekday', { values: WEEKDAYS });

/** A singleton of the caller's community: another community's id never resolves. */
const ownCommunity = <T>(id: string, ctx: { actor: { neighborhoodId: number | null } | null }, read: (neighborhoodId: number) => Promise<T>) =>
  rowId(id) === ctx.actor?.neighborhoodId ? read(rowId(id)) : null;

const neighborhoodOfPayload = (t: any) =>
  t.prismaField({
    type: 'Neighborhood',
    description: 'The community as the session shows it (name, logo, type, modules), to refresh the shell',
    resolve: (query: object, p: { neighborhoodId: number }, _a: unknown, ctx: any) =>
      ctx.prisma.neighborhood.findUniqueOrThrow({ ...query, where: { id: p.neighborhoodId } }),
  });

// ---- general settings ----

type View = CommunitySettingsView;

const CommunityAddressRef = builder.objectRef<View['address']>('CommunityAddress').implement({
  description: 'The community’s address (also the issuer’s address of its invoices)',
  fields: (t) => ({
    street: t.exposeString('street', { nullable: true }),
    exteriorNumber: t.exposeString('exteriorNumber', { nullable: true }),
    interiorNumber: t.exposeString('interiorNumber', { nullable: true }),
    colony: t.exposeString('colony', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    state: t.exposeString('state', { nullable: true, description: 'ISO 3166-2:MX code (QUE, CMX, ...) or EXT' }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    country: t.exposeString('country'),
  }),
});

const MovingDayRef = builder.objectRef<View['moving']['schedule'][number]>('MovingDay').implement({
  fields: (t) => ({
    day: t.field({ type: WeekdayEnum, resolve: (d) => d.day }),
    allowed: t.exposeBoolean('allowed'),
    firstTime: t.exposeString('firstTime', { nullable: true, description: 'HH:mm' }),
    lastTime: t.exposeString('lastTime', { nullable: true, description: 'HH:mm, after firstTime' }),
  }),
});

const MovingAppointmentRef = builder.objectRef<View['moving']>('MovingAppointment').implement({
  description: 'House-moving appointments: the window opens startDays and closes endDays after the request, on the allowed weekdays',
  fields: (t) => ({
    startDays: t.exposeInt('startDays', { nullable: true }),
    endDays: t.exposeInt('endDays', { nullable: true }),
    schedule: t.field({ type: [MovingDayRef], description: 'Monday to Sunday', resolve: (m) => m.schedule }),
  }),
});

const CommunityBehaviorRef = builder.objectRef<View['behavior']>('CommunityBehavior').implement({
  description: 'Visitor and vehicle rules of the community',
  fields: (t) => Object.fromEntries(BEHAVIOR_FLAGS.map((f) => [f, t.exposeBoolean(f)])) as never,
});

export const CommunitySettingsRef = builder.objectRef<View>('CommunitySettings');

builder.node(CommunitySettingsRef, {
  description: 'General settings of the community: basic data, address, moving window, welcome address, behaviour',
  authScopes: { grant: ['CRead'] },
  id: { resolve: (s) => s.neighborhoodId },
  loadOne: (id, ctx) => ownCommunity(id, ctx, (n) => readCommunitySettings(ctx, n)),
  fields: (t) => ({
    name: t.exposeString('name'),
    neighborhoodType: t.field({ type: NeighborhoodTypeEnum, resolve: (s) => s.neighborhoodType }),
    neighborhoodTypeName: t.exposeString('neighborhoodTypeName'),
    domain: t.exposeString('domain'),
    urlLogo: t.exposeString('urlLogo', { nullable: true }),
    logoFileId: t.exposeString('logoFileId', { nullable: true, description: 'The uploaded file of the logo' }),
    address: t.field({ type: CommunityAddressRef, resolve: (s) => s.address }),
    moving: t.field({ type: MovingAppointmentRef, resolve: (s) => s.moving }),
    welcomeUrl: t.exposeString('welcomeUrl', { nullable: true, description: 'https address of the dashboard’s welcome content' }),
    modules: t.field({ type: [ModuleEnum], resolve: (s) => s.modules }),
    requiredTotalAmountDebts: t.exposeBoolean('requiredTotalAmountDebts', { description: 'Collecting (COBRANZA): owners with debts pay the total first' }),
    behavior: t.field({ type: CommunityBehaviorRef, resolve: (s) => s.behavior }),
  }),
});

builder.queryField('communitySettings', (t) =>
  t.field({
    type: CommunitySettingsRef,
    description: 'General settings of the current community',
    ...grants('CRead'),
    resolve: async (_r, _a, ctx) => (await readCommunitySettings(ctx))!,
  }),
);

const CommunityBasicInput = builder.inputType('CommunityBasicInput', {
  fields: (f) => ({
    name: f.string({ required: true }),
    neighborhoodType: f.field({ type: NeighborhoodTypeEnum, required: true }),
    domain: f.string({ required: true, description: 'Lower-case letters, digits, - and _ (3 to 60), unique' }),
    logoFileId: f.string({ required: false, description: 'An image uploaded with POST /api/1.0/files; null removes the logo; absent keeps it' }),
  }),
});

const CommunityAddressInput = builder.inputType('CommunityAddressInput', {
  fields: (f) => ({
    street: f.string({ required: false }),
    exteriorNumber: f.string({ required: false }),
    interiorNumber: f.string({ required: false }),
    colony: f.string({ required: false }),
    city: f.string({ required: false }),
    state: f.string({ required: false, description: 'ISO 3166-2:MX code, or EXT outside México' }),
    postalCode: f.string({ required: true, description: 'Five digits' }),
    country: f.string({ required: false, description: 'Defaults to México' }),
  }),
});

const MovingDayInput = builder.inputType('MovingDayInput', {
  fields: (f) => ({
    day: f.field({ type: WeekdayEnum, required: true }),
    allowed: f.boolean({ required: true }),
    firstTime: f.string({ required: false, description: 'HH:mm; required when allowed' }),
    lastTime: f.string({ required: false, description: 'HH:mm after firstTime; required when allowed' }),
  }),
});

const MovingAppointmentInput = builder.inputType('MovingAppointmentInput', {
  fields: (f) => ({
    startDays: f.int({ required: false }),
    endDays: f.int({ required: false, description: 'At least startDays' }),
    schedule: f.field({ type: [MovingDayInput], required: true, description: 'The seven weekdays' }),
  }),
});

const CommunityBehaviorInput = builder.inputType('CommunityBehaviorInput', {
  description: 'Flags not sent keep their value',
  fields: (f) => Object.fromEntries(BEHAVIOR_FLAGS.map((flag) => [flag, f.boolean({ required: false })])) as never,
});

const CommunityCollectingInput = builder.inputType('CommunityCollectingInput', {
  fields: (f) => ({ requiredTotalAmountDebts: f.boolean({ required: true }) }),
});

const UpdateCommunitySettingsInput = builder.inputType('UpdateCommunitySettingsInput', {
  description: 'Any of the sections; a section not sent stays as it is',
  fields: (f) => ({
    basic: f.field({ type: CommunityBasicInput, required: false }),
    address: f.field({ type: CommunityAddressInput, required: false }),
    moving: f.field({ type: MovingAppointmentInput, required: false }),
    welcomeUrl: f.string({ required: false, description: 'https address; null or blank removes it; absent keeps it' }),
    behavior: f.field({ type: CommunityBehaviorInput, required: false }),
    collecting: f.field({ type: CommunityCollectingInput, required: false, description: 'Only with the COBRANZA module' }),
  }),
});

const CommunitySettingsPayload = builder.objectRef<{ neighborhoodId: number }>('CommunitySettingsPayload').implement({
  fields: (t) => ({
    communitySettings: t.field({ type: CommunitySettingsRef, resolve: async (p, _a, ctx) => (await readCommunitySettings(ctx, p.neighborhoodId))! }),
    neighborhood: neighborhoodOfPayload(t),
    account: t.prismaField({
      type: 'Membership',
      nullable: true,
      description: 'The signed-in account, whose label names the community (the account switcher)',
      resolve: (query, _p, _a, ctx) => (ctx.actor?.membershipId ? ctx.prisma.membership.findUnique({ ...query, where: { id: ctx.actor.membershipId } }) : null),
    }),
  }),
});

builder.mutationField('updateCommunitySettings', (t) =>
  t.field({
    type: CommunitySettingsPayload,
    description: 'Saves general settings and behaviour; spec message: Los datos generales han sido actualizados',
    ...grants('CRead'),
    errors: { types: [InputError, ConflictError] },
    args: { input: t.arg({ type: UpdateCommunitySettingsInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ neighborhoodId: await updateCommunitySettings(ctx, input) }),
  }),
);

// ---- modules ----

const ModuleOfferRef = builder.objectRef<ReturnType<typeof moduleOffers>[number]>('ModuleOffer').implement({
  description: 'A module of the catalogue and whether the community has it',
  fields: (t) => ({
    module: t.field({ type: ModuleEnum, resolve: (m) => m.module }),
    active: t.exposeBoolean('active'),
    cost: t.field({ type: 'Decimal', description: 'Monthly cost in MXN before the discount', resolve: (m) => m.cost }),
    masterModule: t.field({ type: ModuleEnum, nullable: true, description: 'The module this one needs', resolve: (m) => m.master }),
    dependants: t.field({ type: [ModuleEnum], description: 'Modules that need this one', resolve: (m) => m.dependants }),
  }),
});

const ModuleDiscountRef = builder.objectRef<(typeof MODULE_DISCOUNTS)[number]>('ModuleDiscount').implement({
  description: 'Percentage off every paid module from this many paid active modules',
  fields: (t) => ({ paidModules: t.exposeInt('paidModules'), percentage: t.exposeInt('percentage') }),
});

const ModulesQuoteRef = builder.objectRef<ReturnType<typeof quoteModules>>('ModulesQuote').implement({
  description: 'What the active modules cost per month',
  fields: (t) => ({
    paidModules: t.exposeInt('paidModules'),
    percentage: t.exposeInt('percentage'),
    subtotal: t.field({ type: 'Decimal', resolve: (q) => q.subtotal }),
    discount: t.field({ type: 'Decimal', resolve: (q) => q.discount }),
    total: t.field({ type: 'Decimal', resolve: (q) => q.total }),
  }),
});

export const CommunityModulesRef = builder.objectRef<ModulesView>('CommunityModules');

builder.node(CommunityModulesRef, {
  description: 'The modules of the community, the catalogue with its costs and the discounts',
  authScopes: { grant: ['CModulesRead'] },
  id: { resolve: (m) => m.neighborhoodId },
  loadOne: (id, ctx) => ownCommunity(id, ctx, (n) => readModules(ctx, n)),
  fields: (t) => ({
    installed: t.field({ type: [ModuleEnum], resolve: (m) => m.installed }),
    modules: t.field({ type: [ModuleOfferRef], resolve: (m) => moduleOffers(m.installed) }),
    discounts: t.field({ type: [ModuleDiscountRef], resolve: () => [...MODULE_DISCOUNTS] }),
    quote: t.field({ type: ModulesQuoteRef, resolve: (m) => quoteModules(m.installed) }),
    tosAcceptedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the terms were accepted with the last change',
      resolve: (m) => m.tosAcceptedAt,
    }),
  }),
});

builder.queryField('communityModules', (t) =>
  t.field({
    type: CommunityModulesRef,
    ...grants('CModulesRead'),
    resolve: async (_r, _a, ctx) => (await readModules(ctx))!,
  }),
);

const ModuleSwitchInput = builder.inputType('ModuleSwitchInput', {
  fields: (f) => ({ module: f.field({ type: ModuleEnum, required: true }), active: f.boolean({ required: true }) }),
});

const UpdateCommunityModulesInput = builder.inputType('UpdateCommunityModulesInput', {
  fields: (f) => ({
    modules: f.field({ type: [ModuleSwitchInput], required: true, description: 'Modules not named keep their state' }),
    acceptTos: f.boolean({ required: false, description: 'The terms and conditions, required for any change' }),
  }),
});

const CommunityModulesPayload = builder.objectRef<{ neighborhoodId: number }>('CommunityModulesPayload').implement({
  fields: (t) => ({
    communityModules: t.field({ type: CommunityModulesRef, resolve: async (p, _a, ctx) => (await readModules(ctx, p.neighborhoodId))! }),
    neighborhood: neighborhoodOfPayload(t),
  }),
});

builder.mutationField('updateCommunityModules', (t) =>
  t.field({
    type: CommunityModulesPayload,
    description: 'Activates and deactivates modules; the session’s grants, menus and routes follow on the next request',
    ...grants('CModulesRead'),
    errors: { types: [InputError] },
    args: { input: t.arg({ type: UpdateCommunityModulesInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ neighborhoodId: await updateCommunityModules(ctx, input) }),
  }),
);

// ---- interest-free months ----

const MsiMonthRef = builder.objectRef<MsiView['months'][number]>('MsiMonth').implement({
  fields: (t) => ({
    months: t.exposeInt('months'),
    minimum: t.field({ type: 'Decimal', description: 'The smallest amount allowed for this month', resolve: (m) => m.minimum }),
    boundary: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'The community’s amount; null when the month is not offered',
      resolve: (m) => m.boundary,
    }),
  }),
});

export const MsiSettingsRef = builder.objectRef<MsiView>('MsiSettings');

builder.node(MsiSettingsRef, {
  description: 'Interest-free months (meses sin intereses) the community offers for card payments',
  authScopes: { grant: ['CMSIRead', 'CMSIUpdate'] },
  id: { resolve: (m) => m.neighborhoodId },
  loadOne: (id, ctx) => ownCommunity(id, ctx, (n) => readMsiSettings(ctx, n)),
  fields: (t) => ({
    months: t.field({ type: [MsiMonthRef], description: '3, 6, 9 and 12 months', resolve: (m) => m.months }),
  }),
});

builder.queryField('msiSettings', (t) =>
  t.field({ type: MsiSettingsRef, ...grants('CMSIRead', 'CMSIUpdate'), resolve: (_r, _a, ctx) => readMsiSettings(ctx) }),
);

const MsiMonthInput = builder.inputType('MsiMonthInput', {
  fields: (f) => ({
    months: f.int({ required: true, description: '3, 6, 9 or 12' }),
    boundary: f.string({ required: false, description: 'Amount from which the month is offered (at least its minimum); blank does not offer it' }),
  }),
});

const MsiSettingsPayload = builder.objectRef<{ neighborhoodId: number }>('MsiSettingsPayload').implement({
  fields: (t) => ({ msiSettings: t.field({ type: MsiSettingsRef, resolve: (p, _a, ctx) => readMsiSettings(ctx, p.neighborhoodId) }) }),
});

builder.mutationField('updateMsiSettings', (t) =>
  t.field({
    type: MsiSettingsPayload,
    description: 'Replaces the offered months: months not sent, or sent blank, are not offered',
    ...grants('CMSIUpdate'),
    errors: { types: [InputError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateMsiSettingsInput', { fields: (f) => ({ months: f.field({ type: [MsiMonthInput], required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ neighborhoodId: await updateMsiSettings(ctx, input) }),
  }),
);

// ---- payment gateway keys ----

export const GatewayKeysRef = builder.objectRef<GatewayKeysView>('GatewayKeys');

builder.node(GatewayKeysRef, {
  description: 'The payment gateway’s keys of the community; the private key is never answered',
  authScopes: { grant: ['CGatewayKeysCreate'] },
  id: { resolve: (k) => k.neighborhoodId },
  loadOne: (id, ctx) => ownCommunity(id, ctx, (n) => readGatewayKeys(ctx, n)),
  fields: (t) => ({
    gatewayAccountId: t.exposeString('gatewayAccountId', { nullable: true }),
    gatewayPublicKey: t.exposeString('gatewayPublicKey', { nullable: true }),
    hasGatewayPrivateKey: t.exposeBoolean('hasGatewayPrivateKey', { description: 'A private key is stored (sealed)' }),
    sandbox: t.exposeBoolean('sandbox', { description: 'The keys are the gateway’s test keys' }),
    gatewayClabe: t.exposeString('gatewayClabe', {
      nullable: true,
      description: 'The community’s own CLABE for SPEI deposits to its gateway account, shown on the dashboard’s wallet panel',
    }),
    configured: t.boolean({ resolve: (k) => !!k.gatewayAccountId && !!k.gatewayPublicKey && k.hasGatewayPrivateKey }),
  }),
});

builder.queryField('gatewayKeys', (t) =>
  t.field({ type: GatewayKeysRef, ...grants('CGatewayKeysCreate'), resolve: async (_r, _a, ctx) => (await readGatewayKeys(ctx))! }),
);

const GatewayKeysPayload = builder.objectRef<{ neighborhoodId: number }>('GatewayKeysPayload').implement({
  fields: (t) => ({
    gatewayKeys: t.field({ type: GatewayKeysRef, resolve: async (p, _a, ctx) => (await readGatewayKeys(ctx, p.neighborhoodId))! }),
  }),
});

builder.mutationField('updateGatewayKeys', (t) =>
  t.field({
    type: GatewayKeysPayload,
    description: 'Saves the gateway keys; a blank private key keeps the stored one',
    ...grants('CGatewayKeysCreate'),
    errors: { types: [InputError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateGatewayKeysInput', {
          fields: (f) => ({
            gatewayAccountId: f.string({ required: true }),
            gatewayPublicKey: f.string({ required: true }),
            gatewayPrivateKey: f.string({ required: false, description: 'Sealed at rest, never answered; blank keeps the stored one' }),
            sandbox: f.boolean({ required: false, description: 'Test keys (default: unchanged)' }),
            gatewayClabe: f.string({
              required: false,
              description: 'The community’s own CLABE (18 digits, valid check digit and bank); absent keeps it, null or blank clears it',
            }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ neighborhoodId: await updateGatewayKeys(ctx, input) }),
  }),
);
