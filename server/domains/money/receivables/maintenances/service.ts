// Maintenance fees (spec 2 sections 2–4, 7): this module owns every write of the Maintenance table and
// creates maintenance receipts (the receipts module owns their later life). A maintenance is created
// (NEW) with the discount and penalty terms of the settings copied in, then generated: one receipt per
// active house, idempotently — the (maintenanceId, houseId) unique index makes a second generation, or
// two administrators at once, create nothing more. Ordinary fees are also generated on the cutoff day by
// the daily job, and a house that becomes active gets the receipts of the maintenances being collected.
import { z } from 'zod';
import { dueDates, daysInMonth } from '../../../../../core/maintenance.js';
import { formatMoney, money } from '../../../../../core/money.js';
import { expectedAmount, periodKey, periodName, todayIn, walletTypeFor, type ReceiptTerms } from '../../../../../core/receipts.js';
import { boundedText, dayText, positiveAmountText } from '../../../../../core/input.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { defineDailyJob } from '../../../../infra/jobs.js';
import { subscribe } from '../../../../kernel/events.js';
import { recordInitialBalance } from '../ledger/service.js';
import { applyDueDates, payIssuedWithCredit } from '../receipts/service.js';
import { issue } from '../receipts/door.js';
import { message } from '../../../../kernel/reasons.js';

export const MAINTENANCE_READERS = ['AMaintenancesCreate', 'AReceiptsRead', 'AMaintenanceIncomesRead'] as const;
export const MAINTENANCE_WRITERS = ['AMaintenancesCreate'] as const;

export const MAINTENANCE_NOT_FOUND = message('MAINTENANCE_NOT_FOUND');
export const MAINTENANCE_MESSAGES = {
  created: 'El mantenimiento ha sido creado',
  extraordinaryCreated: 'El mantenimiento extraordinario ha sido creado',
  generated: 'Los recibos del mantenimiento han sido generados',
  deleted: 'El mantenimiento ha sido eliminado',
} as const;
export const PERIOD_TAKEN = message('MAINTENANCE_PERIOD_TAKEN');
export const ONLY_NEW_DELETED = message('MAINTENANCE_NOT_DELETABLE');

const year = z.coerce.number({ error: 'El año es requerido' }).int('El año no es válido').min(2000, 'El año no es válido').max(2100, 'El año no es válido');
const month = z.coerce.number({ error: 'El mes es requerido' }).int('El mes no es válido').min(1, 'El mes no es válido').max(12, 'El mes no es válido');

export const OrdinaryMaintenanceSchema = z.object({ year, month });

export const ExtraordinaryMaintenanceSchema = z.object({
  description: boundedText(200, 'La descripción', { required: true }),
  amount: positiveAmountText(),
  dueDate: dayText('La fecha límite'),
  /** Only houses of these types (database ids); all active houses without it. */
  houseTypeIds: z.array(z.coerce.number().int().positive()).max(200).nullish(),
});

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** Creates the ordinary maintenance of a period with the settings' terms (NEW, no receipts yet). */
export async function createOrdinaryMaintenance(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(OrdinaryMaintenanceSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createOrdinaryMaintenance', input } }, async ({ tx, audit }) => {
    const id = await insertOrdinary(tx, neighborhoodId, input.year, input.month, ctx.actor?.userId ?? null);
    if (id === null) throw new ConflictError('MAINTENANCE_PERIOD_TAKEN');
    await audit({ action: 'CREATE', entity: 'Maintenance', entityId: id, data: { ordinary: true, ...input } });
    return id;
  });
}

/** Inserts the ordinary maintenance of a period; null when the period has one already. */
export async function insertOrdinary(tx: Tx, neighborhoodId: number, y: number, m: number, userId: number | null): Promise<number | null> {
  const settings = await tx.maintenanceSettings.findUnique({ where: { neighborhoodId } });
  if (!settings?.cutoffDay) throw new ConflictError('MAINTENANCE_SETTINGS_MISSING');
  const period = periodKey(y, m);
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`maintenance:${neighborhoodId}:${period}`}))::text AS held`;
  if (await tx.maintenance.findFirst({ where: { neighborhoodId, ordinary: true, period }, select: { id: true } })) return null;
  const dates = dueDates(
    {
      cutoffDay: settings.cutoffDay,
      hasDiscount: settings.hasDiscount,
      discountEndDay: settings.discountEndDay,
      hasPenalty: settings.hasPenalty,
      deadlineDay: settings.deadlineDay,
    },
    y,
    m,
  );
  const lastDay = `${period}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
  const row = await tx.maintenance.create({
    data: {
      neighborhoodId,
      ordinary: true,
      period,
      year: y,
      month: m,
      description: `Mantenimiento ${periodName(y, m)}`,
      dueDate: d(dates.deadlineDate ?? lastDay),
      hasDiscount: settings.hasDiscount && dates.discountEndDate !== null,
      discountType: settings.earlyPaymentDiscountType,
      discount: settings.earlyPaymentDiscount,
      discountEndDate: dates.discountEndDate ? d(dates.discountEndDate) : null,
      hasPenalty: settings.hasPenalty && dates.deadlineDate !== null,
      penaltyType: settings.penaltyFeeType,
      penalty: settings.penaltyFee,
      deadlineDate: dates.deadlineDate ? d(dates.deadlineDate) : null,
      createdByUserId: userId,
    },
    select: { id: true },
  });
  return row.id;
}

/** Creates an extraordinary maintenance (spec 2: /maintenances/custom/form) and generates its receipts at once. */
export async function createExtraordinaryMaintenance(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(ExtraordinaryMaintenanceSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const due = d(input.dueDate);
  return write(ctx, { idempotencyKey, request: { operation: 'createExtraordinaryMaintenance', input }, timeoutMs: 120_000 }, async ({ tx, audit }) => {
    if (input.houseTypeIds?.length) {
      const found = await tx.houseType.count({ where: { neighborhoodId, id: { in: input.houseTypeIds } } });
      if (found !== new Set(input.houseTypeIds).size) throw new InputError([{ field: 'houseTypeIds', message: 'El tipo de propiedad no existe' }]);
    }
    const row = await tx.maintenance.create({
      data: {
        neighborhoodId,
        ordinary: false,
        year: due.getUTCFullYear(),
        month: due.getUTCMonth() + 1,
        description: input.description,
        dueDate: due,
        amount: formatMoney(input.amount),
        createdByUserId: ctx.actor?.userId ?? null,
      },
      select: { id: true },
    });
    await audit({ action: 'CREATE', entity: 'Maintenance', entityId: row.id, data: { ordinary: false, ...input } });
    const created = await generateReceipts(tx, row.id, { houseTypeIds: input.houseTypeIds ?? null });
    await audit({ action: 'GENERATE', entity: 'Maintenance', entityId: row.id, data: { receipts: created } });
    return row.id;
  });
}

/** Generates (or completes) the receipts of a maintenance: answers how many were created now. */
export async function generateMaintenance(
  ctx: ServiceContext,
  id: number,
  idempotencyKey?: string | null,
): Promise<{ maintenanceId: number; created: number }> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'generateMaintenance', input: { id } }, timeoutMs: 120_000 }, async ({ tx, audit }) => {
    const m = await tx.maintenance.findFirst({ where: { id, neighborhoodId }, select: { id: true } });
    if (!m) throw new NotFoundError('MAINTENANCE_NOT_FOUND');
    const created = await generateReceipts(tx, id, { houseTypeIds: null });
    await audit({ action: 'GENERATE', entity: 'Maintenance', entityId: id, data: { receipts: created } });
    return { maintenanceId: id, created };
  });
}

export async function deleteMaintenance(ctx: ServiceContext, id: number): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { audit: { action: 'DELETE', entity: 'Maintenance', entityId: id } }, async ({ tx }) => {
    await lockRow(tx, 'Maintenance', id, { neighborhoodId });
    const m = await tx.maintenance.findFirst({ where: { id, neighborhoodId }, select: { status: true, _count: { select: { receipts: true } } } });
    if (!m) throw new NotFoundError('MAINTENANCE_NOT_FOUND');
    if (m.status !== 'NEW' || m._count.receipts > 0) throw new ConflictError('MAINTENANCE_NOT_DELETABLE');
    await tx.maintenance.delete({ where: { id } });
    return id;
  });
}

interface Generation {
  houseTypeIds: number[] | null;
  /** Only this house (a house that became active). */
  houseId?: number;
  /** The day of issue (default the community's today): the demo's history issues each month on its own day. */
  asOf?: string;
}

/**
 * Inserts the missing receipts of a maintenance in one statement per fee (createMany, skipping
 * duplicates): ordinary ones take each house type's fee (houses without a fee get none), extraordinary ones
 * the maintenance's amount. The maintenance row is locked first, so concurrent generations take turns.
 */
export async function generateReceipts(tx: Tx, maintenanceId: number, g: Generation): Promise<number> {
  await lockRow(tx, 'Maintenance', maintenanceId);
  const m = await tx.maintenance.findUniqueOrThrow({ where: { id: maintenanceId } });
  const concept = await tx.incomeConcept.findFirst({
    where: { neighborhoodId: m.neighborhoodId, systemKey: m.ordinary ? 'MAINTENANCE' : 'EXTRAORDINARY' },
    select: { id: true },
  });
  const walletType = walletTypeFor({ maintenance: { ordinary: m.ordinary }, agreementId: null, measuredServiceId: null, concept: null });
  const wallet = await tx.wallet.findFirst({ where: { neighborhoodId: m.neighborhoodId, type: walletType }, select: { id: true } });
  if (!concept || !wallet) throw new ConflictError('MAINTENANCE_CONCEPTS_MISSING');
  const { timeZone } = await tx.neighborhood.findUniqueOrThrow({ where: { id: m.neighborhoodId }, select: { timeZone: true } });
  const today = g.asOf ?? todayIn(timeZone);

  const houses = await tx.house.findMany({
    where: {
      neighborhoodId: m.neighborhoodId,
      status: 'ACTIVE',
      ...(g.houseId ? { id: g.houseId } : {}),
      ...(g.houseTypeIds?.length ? { houseTypeId: { in: g.houseTypeIds } } : {}),
      receipts: { none: { maintenanceId } },
    },
    select: { id: true, houseType: { select: { amount: true } } },
    orderBy: { id: 'asc' },
  });
  const terms = (source: string): ReceiptTerms => ({
    sourceAmount: source,
    hasDiscount: m.hasDiscount,
    discountType: m.discountType,
    discount: m.discount === null ? null : formatMoney(m.discount),
    discountEndDate: iso(m.discountEndDate),
    discountOverride: null,
    hasPenalty: m.hasPenalty,
    penaltyType: m.penaltyType,
    penalty: m.penalty === null ? null : formatMoney(m.penalty),
    deadlineDate: iso(m.deadlineDate),
    penaltyOverride: null,
  });
  const expectedByFee = new Map<string, ReturnType<typeof expectedAmount>>();
  const rows = [];
  for (const h of houses) {
    const fee = m.ordinary ? h.houseType?.amount : m.amount;
    if (fee == null || money(fee).lessThanOrEqualTo(0)) continue;
    const source = formatMoney(fee);
    let expected = expectedByFee.get(source);
    if (!expected) {
      expected = expectedAmount(terms(source), today);
      expectedByFee.set(source, expected);
    }
    rows.push({
      neighborhoodId: m.neighborhoodId,
      houseId: h.id,
      maintenanceId: m.id,
      incomeConceptId: concept.id,
      walletId: wallet.id,
      description: m.description,
      year: m.year,
      month: m.month,
      dueDate: m.dueDate,
      sourceAmount: source,
      amount: expected.amount,
      discountAmount: expected.discountAmount,
      penaltyAmount: expected.penaltyAmount,
      status: expected.penaltyAmount ? ('PENALTY' as const) : ('NEW' as const),
      penaltyDate: expected.penaltyAmount ? d(today) : null,
      hasDiscount: m.hasDiscount,
      discountType: m.discountType,
      discount: m.discount,
      discountEndDate: m.discountEndDate,
      hasPenalty: m.hasPenalty,
      penaltyType: m.penaltyType,
      penalty: m.penalty,
      deadlineDate: m.deadlineDate,
    });
  }
  const created = await issue(tx, rows, { skipDuplicates: true });
  const issued = await tx.receipt.findMany({ where: { maintenanceId: m.id, houseId: { in: rows.map((r) => r.houseId) } }, select: { id: true } });
  await payIssuedWithCredit(
    tx,
    issued.map((r) => r.id),
    today,
    g.asOf ? new Date(`${g.asOf}T18:00:00Z`) : undefined,
  );
  if (m.status === 'NEW') await tx.maintenance.update({ where: { id: m.id }, data: { status: 'GENERATED', generatedAt: new Date() } });
  else if (created > 0 && m.status === 'COMPLETED') await tx.maintenance.update({ where: { id: m.id }, data: { status: 'COLLECTING' } });
  return created;
}

/**
 * A house that became active (activated, reactivated, unblocked) gets the receipts its neighbours owe for
 * the periods still open: the ordinary fees of the current period and later, and the extraordinary fees
 * not yet due, of the maintenances being collected. Older periods are history it did not take part in.
 */
export async function receiptsForActivatedHouse(tx: Tx, neighborhoodId: number, houseId: number): Promise<number> {
  const today = await communityToday(tx, neighborhoodId);
  const open = await tx.maintenance.findMany({
    where: {
      neighborhoodId,
      status: { in: ['GENERATED', 'COLLECTING'] },
      receipts: { none: { houseId } },
      OR: [
        { ordinary: true, period: { gte: today.slice(0, 7) } },
        { ordinary: false, dueDate: { gte: d(today) } },
      ],
    },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  let created = 0;
  for (const m of open) created += await generateReceipts(tx, m.id, { houseTypeIds: null, houseId });
  return created;
}

/**
 * Daily: in every community with maintenance settings and COBRANZA, the period's ordinary fee is created
 * and generated once its cutoff day arrives; then penalties and discounts follow their dates.
 */
defineDailyJob('maintenances.daily', async (ctx) => {
  const communities = await ctx.prisma.neighborhood.findMany({
    where: { maintenanceSettings: { cutoffDay: { not: null } } },
    select: { id: true, timeZone: true, modules: true, maintenanceSettings: { select: { cutoffDay: true } } },
  });
  // (Filtered here: the driver adapters refuse `has` on an enum array.)
  for (const c of communities.filter((n) => n.modules.includes('COBRANZA'))) {
    const today = todayIn(c.timeZone);
    const [y, m] = today.split('-').map(Number);
    const cutoff = dueDates(
      { cutoffDay: c.maintenanceSettings!.cutoffDay!, hasDiscount: false, discountEndDay: null, hasPenalty: false, deadlineDay: null },
      y,
      m,
    );
    if (today >= cutoff.cutoffDate) {
      await write(ctx, {}, async ({ tx, audit }) => {
        const id = await insertOrdinary(tx, c.id, y, m, null);
        if (id === null) return;
        const created = await generateReceipts(tx, id, { houseTypeIds: null });
        await audit({ action: 'GENERATE', entity: 'Maintenance', entityId: id, neighborhoodId: c.id, data: { receipts: created, scheduled: true } });
      });
    }
    await applyDueDates(ctx, c.id, today);
  }
});

// Property announces a house that became active (property/houses, kernel/events.ts): inside that write, its
// stated initial balance enters the ledger first (so the credit rule sees it), then it gets the receipts being collected.
subscribe('house.activated', async (tx, e) => {
  await recordInitialBalance(tx, { neighborhoodId: e.neighborhoodId, houseId: e.houseId }, e.initialBalance, e.userId);
  await receiptsForActivatedHouse(tx, e.neighborhoodId, e.houseId);
});
