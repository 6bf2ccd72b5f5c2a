// Maintenance settings of a community (spec 3 section 3, spec 2 section 3): this module owns every write of
// the MaintenanceSettings table. The monthly fee of each house type is written by houseTypes
// (setHouseTypeFees), inside the same transaction as the settings.
import { type FeeType, MaintenanceSettingsSchema, type MaintenanceSettingsValues } from '../../../../../core/maintenance.js';
import { formatMoney } from '../../../../../core/money.js';
import type { Config } from '../../../../config.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { parseInput } from '../../../../kernel/input.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { setHouseTypeFees } from '../../../property/houseTypes/service.js';
import { setGatewayFeePayer } from '../../../community/neighborhoods/service.js';

export { MaintenanceSettingsSchema };

/** Who may read the settings; CMaintenancesUpdate saves them. */
export const MAINTENANCE_READERS = ['CMaintenancesRead', 'CMaintenancesUpdate'] as const;

/**
 * The payment gateway's addresses the settings screen shows (spec 3: read from the server, never stored).
 * Until server/config.ts names them they default to the built-in sandbox gateway, under the server's public
 * address (or relative to it).
 */
export const SANDBOX_GATEWAY = {
  dashboardPath: '/sandbox/gateway/dashboard',
  environmentPath: '/sandbox/gateway',
  integratorClientId: 'sandbox-integrator',
} as const;

export function gatewayInfo(config: Pick<Config, 'publicUrl'>) {
  const base = config.publicUrl?.replace(/\/+$/, '') ?? '';
  return {
    gatewayDashboardUrl: `${base}${SANDBOX_GATEWAY.dashboardPath}`,
    integratorClientId: SANDBOX_GATEWAY.integratorClientId,
    environmentUrl: `${base}${SANDBOX_GATEWAY.environmentPath}`,
  };
}

export interface MaintenanceFeeView {
  houseTypeId: number;
  title: string;
  /** Two decimals; null while the type has no fee. */
  amount: string | null;
}

/** The settings as read: the stored row, or the defaults while the community has none (configured false). */
export interface MaintenanceSettingsView extends Omit<MaintenanceSettingsValues, 'fees' | 'cutoffDay' | 'gatewayFeePaidByPayer'> {
  neighborhoodId: number;
  configured: boolean;
  cutoffDay: number | null;
  /** Who pays the online-payment gateway fee (kept on the community): true adds it to the payer's total, false deducts it from the deposit. */
  gatewayFeePaidByPayer: boolean;
  fees: MaintenanceFeeView[];
  updatedAt: Date | null;
}

const money = (value: { toFixed(n: number): string } | null) => (value === null ? null : formatMoney(value));

export async function readMaintenanceSettings(ctx: ServiceContext, neighborhoodId = communityOf(ctx)): Promise<MaintenanceSettingsView> {
  const [row, types, community] = await Promise.all([
    ctx.prisma.maintenanceSettings.findUnique({ where: { neighborhoodId } }),
    ctx.prisma.houseType.findMany({ where: { neighborhoodId }, select: { id: true, title: true, amount: true }, orderBy: [{ title: 'asc' }, { id: 'asc' }] }),
    ctx.prisma.neighborhood.findUnique({ where: { id: neighborhoodId }, select: { gatewayFeePaidByPayer: true } }),
  ]);
  return {
    neighborhoodId,
    configured: row !== null,
    cutoffDay: row?.cutoffDay ?? null,
    hasDiscount: row?.hasDiscount ?? false,
    earlyPaymentDiscountType: (row?.earlyPaymentDiscountType ?? 'PERCENTAGE') as FeeType,
    earlyPaymentDiscount: money(row?.earlyPaymentDiscount ?? null),
    discountEndDay: row?.discountEndDay ?? null,
    hasPenalty: row?.hasPenalty ?? false,
    penaltyFeeType: (row?.penaltyFeeType ?? 'PERCENTAGE') as FeeType,
    penaltyFee: money(row?.penaltyFee ?? null),
    deadlineDay: row?.deadlineDay ?? null,
    incomeAccountingAccount: row?.incomeAccountingAccount ?? null,
    penaltyAccountingAccount: row?.penaltyAccountingAccount ?? null,
    discountAccountingAccount: row?.discountAccountingAccount ?? null,
    bankEnabled: row?.bankEnabled ?? true,
    storeEnabled: row?.storeEnabled ?? true,
    cardEnabled: row?.cardEnabled ?? true,
    gatewayFeePaidByPayer: community?.gatewayFeePaidByPayer ?? true,
    fees: types.map((type) => ({ houseTypeId: type.id, title: type.title, amount: money(type.amount) })),
    updatedAt: row?.updatedAt ?? null,
  };
}

const STORED_FIELDS = [
  'cutoffDay',
  'hasDiscount',
  'earlyPaymentDiscountType',
  'earlyPaymentDiscount',
  'discountEndDay',
  'hasPenalty',
  'penaltyFeeType',
  'penaltyFee',
  'deadlineDay',
  'incomeAccountingAccount',
  'penaltyAccountingAccount',
  'discountAccountingAccount',
  'bankEnabled',
  'storeEnabled',
  'cardEnabled',
] as const;

/**
 * Saves the settings and the fees of the house types named, in one audited write: a bad fee, a house type
 * of another community or a type left without a fee leaves everything as it was. The first save creates
 * the row; from then on every house type needs its fee (COBRANZA is on: the grant requires it).
 * `raw.fees[].houseTypeId` is the house type's row id (the resolver decodes the global IDs).
 */
export async function saveMaintenanceSettings(ctx: ServiceContext, raw: unknown): Promise<number> {
  const input = parseInput(MaintenanceSettingsSchema, raw);
  // Who pays the gateway fee lives on the community row (the payment flows read it there); null or absent
  // leaves it as it is, so a legacy client that does not know the field does not reset it.
  const gatewayFeePaidByPayer = input.gatewayFeePaidByPayer ?? undefined;
  const neighborhoodId = communityOf(ctx);
  const data = Object.fromEntries(STORED_FIELDS.map((f) => [f, input[f]])) as Pick<MaintenanceSettingsValues, (typeof STORED_FIELDS)[number]>;
  const fees = input.fees.map((fee) => ({ id: rowId(fee.houseTypeId), amount: fee.amount }));
  return write(ctx, {}, async ({ tx, audit }) => {
    const before = await tx.maintenanceSettings.findUnique({ where: { neighborhoodId } });
    // Settings and fees in one transaction (serializable on PostgreSQL, retried on conflicts): two saves at
    // once never leave the settings of one with the fees of the other.
    await tx.maintenanceSettings.upsert({ where: { neighborhoodId }, create: { neighborhoodId, ...data }, update: data });
    const feeChanges = await setHouseTypeFees(tx, neighborhoodId, fees, { requireAll: true });
    const feePayer = gatewayFeePaidByPayer === undefined ? null : await setGatewayFeePayer(tx, neighborhoodId, gatewayFeePaidByPayer);
    const changed = Object.fromEntries(
      STORED_FIELDS.filter((f) => !before || String(stored(before[f])) !== String(data[f])).map((f) => [
        f,
        { from: before ? stored(before[f]) : null, to: data[f] },
      ]),
    );
    if (feePayer) changed.gatewayFeePaidByPayer = feePayer;
    await audit({ action: before ? 'UPDATE' : 'CREATE', entity: 'MaintenanceSettings', entityId: neighborhoodId, data: { changed, fees: feeChanges } });
    return neighborhoodId;
  });
}

/** A stored value as the schema gives it (money as two decimals), to compare and to audit. */
function stored(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'toFixed' in value) return formatMoney(value as { toFixed(n: number): string });
  return value;
}
