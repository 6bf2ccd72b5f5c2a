import { builder, grants } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { FEE_TYPES } from '../../../../../core/maintenance.js';
import { HouseTypeRef } from '../../../property/houseTypes/houseType.js';
import {
  gatewayInfo,
  MAINTENANCE_READERS,
  type MaintenanceFeeView,
  type MaintenanceSettingsView,
  readMaintenanceSettings,
  saveMaintenanceSettings,
} from './service.js';

export const FeeTypeEnum = builder.enumType('FeeType', {
  description: 'How a discount or a penalty is given: a percentage of the fee or a fixed amount',
  values: FEE_TYPES,
});

const MaintenanceFeeRef = builder.objectRef<MaintenanceFeeView>('MaintenanceFee').implement({
  description: 'The monthly maintenance fee of a house type (null while it has none)',
  fields: (t) => ({
    houseTypeId: t.globalID({ description: 'The house type', resolve: (f) => ({ type: 'HouseType', id: f.houseTypeId }) }),
    houseTypeDatabaseId: t.exposeInt('houseTypeId'),
    title: t.exposeString('title'),
    amount: t.field({ type: 'Decimal', nullable: true, resolve: (f) => f.amount }),
  }),
});

export const MaintenanceSettingsRef = builder.objectRef<MaintenanceSettingsView>('MaintenanceSettings');

builder.node(MaintenanceSettingsRef, {
  description: 'Maintenance settings of the community: the monthly fee, its discount and penalty, payment methods and accounts',
  authScopes: { grant: MAINTENANCE_READERS },
  id: { resolve: (s) => s.neighborhoodId },
  // Only the caller's own community: another community's id never resolves.
  loadOne: (id, ctx) => (rowId(id) === ctx.actor?.neighborhoodId ? readMaintenanceSettings(ctx, rowId(id)) : null),
  fields: (t) => ({
    configured: t.exposeBoolean('configured', { description: 'False until the settings are saved the first time (the values are the defaults)' }),
    cutoffDay: t.exposeInt('cutoffDay', { nullable: true, description: 'Day of the month the fee is generated (1 to 31, capped by the month’s last day)' }),
    hasDiscount: t.exposeBoolean('hasDiscount'),
    earlyPaymentDiscountType: t.expose('earlyPaymentDiscountType', { type: FeeTypeEnum }),
    earlyPaymentDiscount: t.field({ type: 'Decimal', nullable: true, resolve: (s) => s.earlyPaymentDiscount }),
    discountEndDay: t.exposeInt('discountEndDay', { nullable: true, description: 'Last day of the discount (capped by the month’s last day)' }),
    hasPenalty: t.exposeBoolean('hasPenalty'),
    penaltyFeeType: t.expose('penaltyFeeType', { type: FeeTypeEnum }),
    penaltyFee: t.field({ type: 'Decimal', nullable: true, resolve: (s) => s.penaltyFee }),
    deadlineDay: t.exposeInt('deadlineDay', { nullable: true, description: 'Last day to pay without penalty (capped by the month’s last day)' }),
    incomeAccountingAccount: t.exposeString('incomeAccountingAccount', { nullable: true }),
    penaltyAccountingAccount: t.exposeString('penaltyAccountingAccount', { nullable: true }),
    discountAccountingAccount: t.exposeString('discountAccountingAccount', { nullable: true }),
    bankEnabled: t.exposeBoolean('bankEnabled'),
    storeEnabled: t.exposeBoolean('storeEnabled'),
    cardEnabled: t.exposeBoolean('cardEnabled'),
    gatewayFeePaidByPayer: t.exposeBoolean('gatewayFeePaidByPayer', {
      description: 'Who pays the online-payment gateway fee: true adds it to the payer’s total, false deducts it from the deposit',
    }),
    fees: t.field({ type: [MaintenanceFeeRef], description: 'Every house type of the community with its monthly fee', resolve: (s) => s.fees }),
    gatewayDashboardUrl: t.string({ description: 'Read from the server, not stored', resolve: (_s, _a, ctx) => gatewayInfo(ctx.config).gatewayDashboardUrl }),
    integratorClientId: t.string({ description: 'Read from the server, not stored', resolve: (_s, _a, ctx) => gatewayInfo(ctx.config).integratorClientId }),
    environmentUrl: t.string({ description: 'Read from the server, not stored', resolve: (_s, _a, ctx) => gatewayInfo(ctx.config).environmentUrl }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.updatedAt }),
  }),
});

builder.queryField('maintenanceSettings', (t) =>
  t.field({
    type: MaintenanceSettingsRef,
    description: 'The community’s maintenance settings (defaults with configured false until first saved)',
    ...grants(...MAINTENANCE_READERS),
    resolve: (_r, _a, ctx) => readMaintenanceSettings(ctx),
  }),
);

const MaintenanceFeeInput = builder.inputType('MaintenanceFeeInput', {
  fields: (f) => ({
    houseTypeId: f.globalID({ required: true, for: HouseTypeRef }),
    amount: f.string({ required: true, description: 'Monthly fee, e.g. "1500.00"' }),
  }),
});

const UpdateMaintenanceSettingsInput = builder.inputType('UpdateMaintenanceSettingsInput', {
  fields: (f) => ({
    cutoffDay: f.int({ required: false, description: 'Required: 1 to 31' }),
    hasDiscount: f.boolean({ required: true }),
    earlyPaymentDiscountType: f.field({ type: FeeTypeEnum, required: false, description: 'Defaults to PERCENTAGE' }),
    earlyPaymentDiscount: f.string({ required: false, description: 'Required with the discount on: a percentage up to 100 or an amount' }),
    discountEndDay: f.int({ required: false, description: 'Required with the discount on' }),
    hasPenalty: f.boolean({ required: true }),
    penaltyFeeType: f.field({ type: FeeTypeEnum, required: false, description: 'Defaults to PERCENTAGE' }),
    penaltyFee: f.string({ required: false, description: 'Required with the penalty on: a percentage up to 100 or an amount' }),
    deadlineDay: f.int({ required: false, description: 'Required with the penalty on' }),
    incomeAccountingAccount: f.string({ required: false }),
    penaltyAccountingAccount: f.string({ required: false }),
    discountAccountingAccount: f.string({ required: false }),
    bankEnabled: f.boolean({ required: false, description: 'Defaults to true' }),
    storeEnabled: f.boolean({ required: false, description: 'Defaults to true' }),
    cardEnabled: f.boolean({ required: false, description: 'Defaults to true' }),
    gatewayFeePaidByPayer: f.boolean({
      required: false,
      description:
        'True: the payer pays the gateway fee (added to the total); false: the community does (deducted from the deposit). Absent leaves it unchanged',
    }),
    fees: f.field({
      type: [MaintenanceFeeInput],
      required: false,
      description: 'Fees to set, saved in the same write; every house type must end up with one',
    }),
  }),
});

const MaintenanceSettingsPayload = builder.objectRef<{ neighborhoodId: number }>('MaintenanceSettingsPayload').implement({
  fields: (t) => ({
    maintenanceSettings: t.field({ type: MaintenanceSettingsRef, resolve: (_p, _a, ctx) => readMaintenanceSettings(ctx, communityOf(ctx)) }),
  }),
});

builder.mutationField('updateMaintenanceSettings', (t) =>
  t.field({
    type: MaintenanceSettingsPayload,
    description: 'Saves the maintenance settings and the monthly fees of the house types in one write',
    ...grants('CMaintenancesUpdate'),
    errors: { types: [InputError, NotFoundError] },
    args: { input: t.arg({ type: UpdateMaintenanceSettingsInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({
      neighborhoodId: await saveMaintenanceSettings(ctx, {
        ...input,
        fees: input.fees?.map((fee) => ({ houseTypeId: fee.houseTypeId.id, amount: fee.amount })) ?? [],
      }),
    }),
  }),
);
