// Periods of a measured service (spec 2 Measured service period): this module owns every write of the
// ServicePeriod and Measurement tables and creates the period's receipts (the receipts module owns their
// later life). NEW → READY (measurements begun: one row per active house, previous = its reading in the
// service's last APPLIED period) → COMPLETED (every house measured) → APPLIED (one receipt per house with a
// charge, priced by core/measuredServices.ts serviceCharge); DELETED while not APPLIED. One pending period
// per service (a partial unique index); one receipt per house and period (a unique index), so generating
// twice, or two administrators at once, creates one set.
import { z } from 'zod';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { serviceCharge, ServiceChargeError, type ChargeConcept, type ChargeRange } from '../../../../../core/measuredServices.js';
import { Money, sumMoney } from '../../../../../core/money.js';
import { boundedText, dayText } from '../../../../../core/input.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { isUniqueViolation } from '../../../../kernel/dbErrors.js';
import { AppError, ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import type { Prisma as PrismaNS } from '../../../../db/generated/client.js';
import { issue } from '../receipts/door.js';
import { message } from '../../../../kernel/reasons.js';
import { containsText } from '../../../../kernel/textFilter.js';

export const PERIOD_READERS = ['AServicesPeriodsRead'] as const;
export const PERIOD_CREATORS = ['AServicesPeriodsCreate'] as const;
export const PERIOD_UPDATERS = ['AServicesPeriodsUpdate'] as const;
export const PERIOD_DELETERS = ['AServicesPeriodsDelete'] as const;
export const PERIOD_INCOME_READERS = ['AServicePeriodIncomesRead'] as const;

export const PERIOD_STATUSES = ['NEW', 'READY', 'COMPLETED', 'APPLIED', 'DELETED'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];
const PENDING: PeriodStatus[] = ['NEW', 'READY', 'COMPLETED'];

export const PERIOD_NOT_FOUND = message('SERVICE_PERIOD_NOT_FOUND');
export const SERVICE_NOT_FOUND = message('SERVICE_NOT_FOUND');
export const PERIOD_MESSAGES = {
  created: 'El periodo ha sido registrado',
  updated: 'El periodo ha sido modificado',
  deleted: 'El periodo ha sido eliminado',
  begun: 'Se ha generado el formato de captura de las mediciones',
  saved: 'Las mediciones han sido guardadas',
  completed: 'Las mediciones del periodo han sido finalizadas',
  imported: 'Las mediciones de la hoja de cálculo han sido guardadas',
  generated: 'Los recibos del periodo han sido generados',
  alreadyGenerated: 'Los recibos del periodo ya se habían generado',
} as const;
export const NOT_READY = 'Inicia las mediciones del periodo antes de capturarlas';
export const DUE_IN_PAST = 'La fecha límite no puede ser anterior a hoy';
export const missingMessage = (n: number) => (n === 1 ? 'Falta capturar la medición de 1 propiedad' : `Falta capturar la medición de ${n} propiedades`);

/** Readings are Decimal(14,3): up to 11 integer digits and 3 decimals, never negative. */
const READING = /^\d{1,11}(\.\d{1,3})?$/;
export const MAX_ITEMS = 5000;

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
/** A decimal of the database as plain text without trailing zeros ("12.500" → "12.5"). */
export const plain = (value: { toString(): string } | null | undefined): string | null => (value == null ? null : new Money(value.toString()).toString());

// ---------------------------------------------------------------- views

export interface PeriodView {
  id: number;
  serviceId: number;
  serviceDescription: string;
  serviceType: string;
  description: string;
  cost: string;
  conversionRate: string;
  dueDate: string;
  status: PeriodStatus;
  completedAt: Date | null;
  appliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const PERIOD_SELECT = {
  id: true,
  serviceId: true,
  description: true,
  cost: true,
  conversionRate: true,
  dueDate: true,
  status: true,
  completedAt: true,
  appliedAt: true,
  createdAt: true,
  updatedAt: true,
  service: { select: { description: true, type: true } },
} as const;

type PeriodRow = PrismaNS.ServicePeriodGetPayload<{ select: typeof PERIOD_SELECT }>;

function periodView(p: PeriodRow): PeriodView {
  return {
    id: p.id,
    serviceId: p.serviceId,
    serviceDescription: p.service.description,
    serviceType: p.service.type,
    description: p.description,
    cost: plain(p.cost)!,
    conversionRate: plain(p.conversionRate)!,
    dueDate: iso(p.dueDate),
    status: p.status,
    completedAt: p.completedAt,
    appliedAt: p.appliedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** A period of the current community (DELETED ones too: their screens still open), or null. */
export async function findPeriod(ctx: Pick<ServiceContext, 'actor' | 'prisma'>, id: number): Promise<PeriodView | null> {
  const row = await ctx.prisma.servicePeriod.findFirst({ where: { id, neighborhoodId: communityOf(ctx) }, select: PERIOD_SELECT });
  return row ? periodView(row) : null;
}

/** A page of a service's periods, newest first (DELETED ones only when asked by status). */
export async function listPeriods(
  ctx: ServiceContext,
  filter: { serviceId: number; status?: PeriodStatus | null },
  page: { cut: { id?: { lt?: number; gt?: number } }; order: 'asc' | 'desc'; skip: number; take: number },
) {
  const rows = await ctx.prisma.servicePeriod.findMany({
    where: { AND: [periodsWhere(ctx, filter), page.cut] },
    select: PERIOD_SELECT,
    orderBy: { id: page.order },
    skip: page.skip,
    take: page.take,
  });
  return rows.map(periodView);
}

export function periodsWhere(ctx: Pick<ServiceContext, 'actor'>, filter: { serviceId: number; status?: PeriodStatus | null }) {
  return {
    neighborhoodId: communityOf(ctx),
    serviceId: filter.serviceId,
    ...(filter.status ? { status: filter.status } : { status: { not: 'DELETED' as const } }),
  };
}

// ---------------------------------------------------------------- create, update, delete

const costText = z
  .union([z.string().max(40, 'El costo no es válido'), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,4})?$/.test(v), 'El costo debe ser una cantidad mayor o igual a cero con hasta cuatro decimales');
const rateText = z
  .union([z.string().max(40, 'El factor de conversión no es válido'), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,8}(\.\d{1,6})?$/.test(v) && new Money(v).greaterThan(0), 'El factor de conversión debe ser mayor a cero con hasta seis decimales');

export const CreatePeriodSchema = z.object({
  serviceId: z.number().int(),
  description: boundedText(120, 'La descripción', { required: true }),
  cost: costText.nullish(),
  conversionRate: rateText.nullish(),
  dueDate: dayText('La fecha límite'),
});

export const UpdatePeriodSchema = z.object({
  id: z.number().int(),
  description: boundedText(120, 'La descripción', { required: true }).nullish(),
  cost: costText.nullish(),
  conversionRate: rateText.nullish(),
  dueDate: dayText('La fecha límite').nullish(),
});

/** Cost and rate as stored: TABLE ignores both (0 and 1); FACTOR takes the given ones or the service's presets. */
function pricing(
  service: { type: string; presetCost: unknown; presetConversionRate: unknown },
  cost: string | null | undefined,
  rate: string | null | undefined,
) {
  if (service.type === 'TABLE') return { cost: '0', conversionRate: '1' };
  const c = cost ?? plain(service.presetCost as never);
  const r = rate ?? plain(service.presetConversionRate as never);
  const issues = [];
  if (c == null) issues.push({ field: 'cost', message: 'El costo es requerido' });
  if (r == null || new Money(r).lessThanOrEqualTo(0)) issues.push({ field: 'conversionRate', message: 'El factor de conversión es requerido' });
  if (issues.length) throw new InputError(issues);
  return { cost: c!, conversionRate: r! };
}

export async function createPeriod(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(CreatePeriodSchema, raw);
  const neighborhoodId = communityOf(ctx);
  try {
    return await write(ctx, { idempotencyKey, request: { operation: 'createServicePeriod', input } }, async ({ tx, audit }) => {
      const service = await tx.measuredService.findFirst({
        where: { id: input.serviceId, neighborhoodId, deletedAt: null },
        select: { id: true, type: true, presetCost: true, presetConversionRate: true },
      });
      if (!service) throw new NotFoundError('SERVICE_NOT_FOUND');
      if (input.dueDate < (await communityToday(tx, neighborhoodId))) throw new InputError([{ field: 'dueDate', message: DUE_IN_PAST }]);
      if (await tx.servicePeriod.findFirst({ where: { serviceId: service.id, status: { in: PENDING } }, select: { id: true } })) {
        throw new ConflictError('SERVICE_PERIOD_PENDING');
      }
      const prices = pricing(service, input.cost, input.conversionRate);
      const row = await tx.servicePeriod.create({
        data: { neighborhoodId, serviceId: service.id, description: input.description, dueDate: d(input.dueDate), ...prices },
        select: { id: true },
      });
      await audit({ action: 'CREATE', entity: 'ServicePeriod', entityId: row.id, data: { ...input, ...prices } });
      return row.id;
    });
  } catch (error) {
    // Two administrators at once: the partial unique index keeps one pending period.
    if (isUniqueViolation(error)) throw new ConflictError('SERVICE_PERIOD_PENDING');
    throw error;
  }
}

/** Locks the period row of this community and answers it; deleted periods are not found for writes. */
async function lockPeriod(tx: Tx, neighborhoodId: number, id: number) {
  await lockRow(tx, 'ServicePeriod', id, { neighborhoodId });
  const p = await tx.servicePeriod.findFirst({ where: { id, neighborhoodId, status: { not: 'DELETED' } } });
  if (!p) throw new NotFoundError('SERVICE_PERIOD_NOT_FOUND');
  return p;
}

export async function updatePeriod(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(UpdatePeriodSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'updateServicePeriod', input } }, async ({ tx, audit }) => {
    const p = await lockPeriod(tx, neighborhoodId, input.id);
    if (p.status !== 'NEW' && p.status !== 'READY') throw new ConflictError('SERVICE_PERIOD_NOT_EDITABLE');
    const service = await tx.measuredService.findUniqueOrThrow({
      where: { id: p.serviceId },
      select: { type: true, presetCost: true, presetConversionRate: true },
    });
    if (input.dueDate && input.dueDate !== iso(p.dueDate) && input.dueDate < (await communityToday(tx, neighborhoodId))) {
      throw new InputError([{ field: 'dueDate', message: DUE_IN_PAST }]);
    }
    const prices = pricing(service, input.cost ?? plain(p.cost), input.conversionRate ?? plain(p.conversionRate));
    await tx.servicePeriod.update({
      where: { id: p.id },
      data: {
        ...(input.description ? { description: input.description } : {}),
        ...(input.dueDate ? { dueDate: d(input.dueDate) } : {}),
        ...prices,
      },
    });
    await audit({ action: 'UPDATE', entity: 'ServicePeriod', entityId: p.id, data: { ...input, ...prices } });
    return p.id;
  });
}

export async function deletePeriod(ctx: ServiceContext, id: number, idempotencyKey?: string | null): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'deleteServicePeriod', input: { id } } }, async ({ tx, audit }) => {
    const p = await lockPeriod(tx, neighborhoodId, id);
    if (p.status === 'APPLIED') throw new ConflictError('SERVICE_PERIOD_APPLIED');
    await tx.servicePeriod.update({ where: { id }, data: { status: 'DELETED', deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'ServicePeriod', entityId: id, data: { status: p.status } });
    return id;
  });
}

// ---------------------------------------------------------------- measurements

/**
 * NEW → READY: one measurement row per active house, starting from its reading in the service's last
 * APPLIED period (0 without one). Idempotent: on a READY period it only adds houses activated since.
 */
export async function beginMeasurements(ctx: ServiceContext, id: number, idempotencyKey?: string | null): Promise<{ periodId: number; created: number }> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'beginServicePeriodMeasurements', input: { id } }, timeoutMs: 120_000 }, async ({ tx, audit }) => {
    const p = await lockPeriod(tx, neighborhoodId, id);
    if (p.status !== 'NEW' && p.status !== 'READY') throw new ConflictError('SERVICE_PERIOD_MEASUREMENTS_FINISHED');
    const last = await tx.servicePeriod.findFirst({
      where: { serviceId: p.serviceId, status: 'APPLIED' },
      orderBy: [{ appliedAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    const houses = await tx.house.findMany({
      where: { neighborhoodId, status: 'ACTIVE', measurements: { none: { periodId: id } } },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    const previous = new Map<number, string>();
    if (last && houses.length) {
      const readings = await tx.measurement.findMany({
        where: { periodId: last.id, houseId: { in: houses.map((h) => h.id) } },
        select: { houseId: true, measurement: true },
      });
      for (const r of readings) if (r.measurement != null) previous.set(r.houseId, r.measurement.toString());
    }
    let created = 0;
    for (let i = 0; i < houses.length; i += 1000) {
      const rows = houses.slice(i, i + 1000).map((h) => ({ periodId: id, houseId: h.id, neighborhoodId, previous: previous.get(h.id) ?? '0' }));
      created += (await tx.measurement.createMany({ data: rows, skipDuplicates: true })).count;
    }
    if (p.status === 'NEW') await tx.servicePeriod.update({ where: { id }, data: { status: 'READY' } });
    await audit({ action: 'BEGIN_MEASUREMENTS', entity: 'ServicePeriod', entityId: id, data: { created, previousPeriodId: last?.id ?? null } });
    return { periodId: id, created };
  });
}

export interface MeasurementView {
  houseId: number;
  houseLabel: string;
  previous: string;
  measurement: string | null;
  edited: boolean;
  consumption: string | null;
}

const HOUSE_LABEL_SELECT = { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true } as const;

function measurementView(m: {
  houseId: number;
  previous: { toString(): string };
  measurement: { toString(): string } | null;
  edited: boolean;
  house: Parameters<typeof houseLabel>[0];
}): MeasurementView {
  const previous = new Money(m.previous.toString());
  const current = m.measurement == null ? null : new Money(m.measurement.toString());
  return {
    houseId: m.houseId,
    houseLabel: houseLabel(m.house),
    previous: previous.toString(),
    measurement: current?.toString() ?? null,
    edited: m.edited,
    consumption: current ? current.minus(previous).toString() : null,
  };
}

/** The house-text filter of the measurements list: any part of the label fields, any case. */
export function measurementsWhere(periodId: number, search?: string | null): PrismaNS.MeasurementWhereInput {
  const text = search?.trim();
  if (!text) return { periodId };
  const contains = containsText(text);
  return {
    periodId,
    house: { OR: [{ interiorNumber: contains }, { exteriorNumber: contains }, { catastral: contains }, { block: contains }, { lot: contains }] },
  };
}

/** One page of a period's measurements by house id (two statements: the page and, when asked, the count). */
export async function measurementPage(
  ctx: Pick<ServiceContext, 'prisma'>,
  periodId: number,
  search: string | null | undefined,
  page: { afterHouseId: number | null; skip: number; take: number },
): Promise<MeasurementView[]> {
  const where = measurementsWhere(periodId, search);
  const rows = await ctx.prisma.measurement.findMany({
    where: page.afterHouseId != null ? { AND: [where, { houseId: { gt: page.afterHouseId } }] } : where,
    select: { houseId: true, previous: true, measurement: true, edited: true, house: { select: HOUSE_LABEL_SELECT } },
    orderBy: { houseId: 'asc' },
    skip: page.skip,
    take: page.take,
  });
  return rows.map(measurementView);
}

export async function measurementCounts(ctx: Pick<ServiceContext, 'prisma'>, periodId: number) {
  const [total, missing] = await Promise.all([
    ctx.prisma.measurement.count({ where: { periodId } }),
    ctx.prisma.measurement.count({ where: { periodId, measurement: null } }),
  ]);
  return { total, captured: total - missing, missing };
}

const itemSchema = z.object({
  houseId: z.number().int(),
  measurement: z.union([z.string().max(40, 'La medición no es válida'), z.number()]).nullish(),
});
export const SaveMeasurementsSchema = z.object({
  periodId: z.number().int(),
  items: z.array(itemSchema).max(MAX_ITEMS, `Se pueden guardar como máximo ${MAX_ITEMS} mediciones a la vez`),
  complete: z.boolean().nullish(),
});

/** One item that cannot be saved: where it came from, the house and why. */
export interface ItemProblem {
  index: number;
  houseId: number | null;
  house: string;
  message: string;
}

/** A capture sheet with errors: nothing was saved; `rows` lists every failing row. */
export class MeasurementsSheetError extends AppError {
  constructor(readonly rows: { row: number; houseId: number | null; house: string; message: string }[]) {
    super(reason('MEASUREMENTS_SHEET_ERRORS', { count: rows.length }), 400);
  }
}

/** A reading typed as text or number, or null when it is not one. */
export function readingText(value: unknown): string | null {
  if (typeof value === 'number') value = Number.isFinite(value) ? String(value) : '';
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!READING.test(text)) return null;
  return new Money(text).toString();
}

/**
 * Checks items against the period's rows: the house belongs to the period, appears once, the reading is a
 * non-negative decimal with up to three decimals and not below the previous one.
 */
function checkItems(
  items: { houseId: number; measurement?: unknown }[],
  rows: Map<number, { previous: string; label: string }>,
): { valid: { houseId: number; measurement: string }[]; problems: ItemProblem[] } {
  const valid: { houseId: number; measurement: string }[] = [];
  const problems: ItemProblem[] = [];
  const seen = new Set<number>();
  for (const [index, item] of items.entries()) {
    const row = rows.get(item.houseId);
    const house = row?.label ?? String(item.houseId);
    const fail = (message: string) => {
      problems.push({ index, houseId: row ? item.houseId : null, house, message });
    };
    if (!row) {
      fail('La propiedad no pertenece a las mediciones de este periodo');
      continue;
    }
    if (seen.has(item.houseId)) {
      fail(`La propiedad ${house} aparece más de una vez`);
      continue;
    }
    seen.add(item.houseId);
    const reading = readingText(item.measurement);
    if (reading === null) {
      fail(`La medición de ${house} debe ser una cantidad mayor o igual a cero con hasta tres decimales`);
      continue;
    }
    if (new Money(reading).lessThan(row.previous)) {
      fail(`La medición de ${house} (${reading}) no puede ser menor que la anterior (${new Money(row.previous).toString()})`);
      continue;
    }
    valid.push({ houseId: item.houseId, measurement: reading });
  }
  return { valid, problems };
}

async function periodRows(tx: Tx, periodId: number, houseIds?: number[]) {
  const rows = await tx.measurement.findMany({
    where: { periodId, ...(houseIds ? { houseId: { in: houseIds } } : {}) },
    select: { houseId: true, previous: true, house: { select: HOUSE_LABEL_SELECT } },
  });
  return new Map(rows.map((r) => [r.houseId, { previous: r.previous.toString(), label: houseLabel(r.house) }]));
}

/** Writes readings in one statement and marks them edited. */
async function storeReadings(tx: Tx, periodId: number, userId: number | null, valid: { houseId: number; measurement: string }[]) {
  for (let i = 0; i < valid.length; i += 1000) {
    const chunk = valid.slice(i, i + 1000);
    await tx.$executeRaw`UPDATE "Measurement" AS m SET "measurement" = v.reading::numeric, "edited" = true, "updatedByUserId" = ${userId}, "updatedAt" = now()
      FROM unnest(${chunk.map((v) => v.houseId)}::int[], ${chunk.map((v) => v.measurement)}::text[]) AS v(house_id, reading)
      WHERE m."periodId" = ${periodId} AND m."houseId" = v.house_id`;
  }
}

async function completeIn(tx: Tx, periodId: number) {
  const missing = await tx.measurement.count({ where: { periodId, measurement: null } });
  if (missing > 0) throw new ConflictError(reason('MEASUREMENTS_MISSING', { count: missing }));
  await tx.servicePeriod.update({ where: { id: periodId }, data: { status: 'COMPLETED', completedAt: new Date() } });
}

/**
 * PUT measurements: saves any subset of readings (all or none: one bad item refuses the whole request,
 * naming each), and with `complete` finalises the period (READY → COMPLETED) when every house is measured.
 */
export async function saveMeasurements(
  ctx: ServiceContext,
  raw: unknown,
  idempotencyKey?: string | null,
): Promise<{ periodId: number; saved: number; completed: boolean }> {
  const input = parseInput(SaveMeasurementsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const userId = actorOf(ctx).userId;
  return write(ctx, { idempotencyKey, request: { operation: 'saveServicePeriodMeasurements', input }, timeoutMs: 120_000 }, async ({ tx, audit }) => {
    const p = await lockPeriod(tx, neighborhoodId, input.periodId);
    if (p.status === 'COMPLETED' && input.complete && input.items.length === 0) return { periodId: p.id, saved: 0, completed: true };
    if (p.status !== 'READY') throw new ConflictError(p.status === 'NEW' ? 'SERVICE_PERIOD_NOT_READY' : 'SERVICE_PERIOD_MEASUREMENTS_FINISHED');
    const rows = await periodRows(
      tx,
      p.id,
      input.items.map((i) => i.houseId),
    );
    const { valid, problems } = checkItems(input.items, rows);
    if (problems.length) {
      throw new InputError(problems.map((pr) => ({ field: `items.${pr.index}.measurement`, message: pr.message })));
    }
    await storeReadings(tx, p.id, userId, valid);
    if (input.complete) await completeIn(tx, p.id);
    await audit({ action: 'SAVE_MEASUREMENTS', entity: 'ServicePeriod', entityId: p.id, data: { saved: valid.length, complete: !!input.complete } });
    return { periodId: p.id, saved: valid.length, completed: !!input.complete };
  });
}

/** The readings of a filled capture sheet: every row checked first; one bad row and nothing is written. */
export async function importMeasurements(
  ctx: ServiceContext,
  periodId: number,
  sheet: { row: number; houseId: string; measurement: string }[],
  digest: string,
  idempotencyKey?: string | null,
): Promise<{ periodId: number; saved: number }> {
  const neighborhoodId = communityOf(ctx);
  const userId = actorOf(ctx).userId;
  return write(
    ctx,
    { idempotencyKey, request: { operation: 'importServicePeriodMeasurements', input: { periodId, sha256: digest } }, timeoutMs: 120_000 },
    async ({ tx, audit }) => {
      const p = await lockPeriod(tx, neighborhoodId, periodId);
      if (p.status !== 'READY') throw new ConflictError(p.status === 'NEW' ? 'SERVICE_PERIOD_NOT_READY' : 'SERVICE_PERIOD_MEASUREMENTS_FINISHED');
      const rows = await periodRows(tx, p.id);
      const sheetProblems: { row: number; houseId: number | null; house: string; message: string }[] = [];
      const items: { houseId: number; measurement: string; row: number }[] = [];
      for (const r of sheet) {
        const id = /^\d{1,10}$/.test(r.houseId) ? Number(r.houseId) : Number.NaN;
        if (!Number.isSafeInteger(id)) {
          sheetProblems.push({ row: r.row, houseId: null, house: r.houseId.slice(0, 40), message: 'El ID de la propiedad no es válido' });
          continue;
        }
        // A row left blank keeps what was captured before.
        if (r.measurement === '') continue;
        items.push({ houseId: id, measurement: r.measurement, row: r.row });
      }
      const { valid, problems } = checkItems(items, rows);
      for (const pr of problems) sheetProblems.push({ row: items[pr.index].row, houseId: pr.houseId, house: pr.house, message: pr.message });
      if (sheetProblems.length) throw new MeasurementsSheetError(sheetProblems.sort((a, b) => a.row - b.row));
      await storeReadings(tx, p.id, userId, valid);
      await audit({ action: 'IMPORT_MEASUREMENTS', entity: 'ServicePeriod', entityId: p.id, data: { saved: valid.length, sha256: digest } });
      return { periodId: p.id, saved: valid.length };
    },
  );
}

/** The capture sheet's rows: every house of the period with its previous and current reading. */
export async function sheetRows(ctx: Pick<ServiceContext, 'prisma'>, periodId: number): Promise<MeasurementView[]> {
  const rows = await ctx.prisma.measurement.findMany({
    where: { periodId },
    select: { houseId: true, previous: true, measurement: true, edited: true, house: { select: HOUSE_LABEL_SELECT } },
    orderBy: { houseId: 'asc' },
  });
  return rows.map(measurementView);
}

// ---------------------------------------------------------------- receipts

/** "Agua · Noviembre 2026 · consumo 12.5" (the service has no unit, so the consumption is a plain number). */
export function receiptDescription(service: string, period: string, consumption: string): string {
  return `${service} · ${period} · consumo ${new Money(consumption).toString()}`;
}

/** The charge configuration of a service as core/measuredServices.ts takes it. */
export async function chargeSetup(tx: Tx, serviceId: number): Promise<{ concepts: ChargeConcept[]; ranges: ChargeRange[] }> {
  const [concepts, ranges] = await Promise.all([
    tx.measuredServiceConcept.findMany({ where: { serviceId }, orderBy: { position: 'asc' }, include: { concept: true } }),
    tx.serviceRange.findMany({ where: { serviceId }, orderBy: { from: 'asc' }, include: { amounts: true } }),
  ]);
  return {
    concepts: concepts.map((c) => ({
      id: c.conceptId,
      name: c.concept.name,
      type: c.concept.type,
      amount: plain(c.concept.amount),
      calculateIva: c.concept.calculateIva,
      ivaPercent: plain(c.concept.ivaPercent),
      base: c.base,
    })),
    ranges: ranges.map((r) => ({
      from: plain(r.from)!,
      to: plain(r.to)!,
      amounts: Object.fromEntries(r.amounts.map((a) => [a.conceptId, plain(a.amount)!])),
    })),
  };
}

/**
 * COMPLETED → APPLIED: one receipt per measured house whose charge is above 0, in the service's wallet with
 * its income concept, due on the period's date. The period row is locked first, so concurrent generations
 * take turns; an APPLIED period answers created 0. A house the tariff cannot price stops everything.
 */
export async function generatePeriodReceipts(
  ctx: ServiceContext,
  id: number,
  idempotencyKey?: string | null,
): Promise<{ periodId: number; created: number; alreadyApplied: boolean }> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'generateServicePeriodReceipts', input: { id } }, timeoutMs: 120_000 }, async ({ tx, audit }) => {
    const p = await lockPeriod(tx, neighborhoodId, id);
    if (p.status === 'APPLIED') return { periodId: id, created: 0, alreadyApplied: true };
    if (p.status !== 'COMPLETED') throw new ConflictError('SERVICE_PERIOD_NOT_COMPLETED');
    const { created, total } = await applyPeriod(tx, p);
    await audit({ action: 'GENERATE_RECEIPTS', entity: 'ServicePeriod', entityId: id, data: { receipts: created, total } });
    return { periodId: id, created, alreadyApplied: false };
  });
}

/** Inserts the receipts of a COMPLETED period (the caller locked it) and marks it APPLIED. */
export async function applyPeriod(
  tx: Tx,
  p: {
    id: number;
    neighborhoodId: number;
    serviceId: number;
    description: string;
    cost: { toString(): string };
    conversionRate: { toString(): string };
    dueDate: Date;
  },
): Promise<{ created: number; total: string }> {
  const { id, neighborhoodId } = p;
  const service = await tx.measuredService.findUniqueOrThrow({
    where: { id: p.serviceId },
    select: { id: true, description: true, type: true, walletId: true, incomeConceptId: true },
  });
  const setup = await chargeSetup(tx, service.id);
  const measurements = await tx.measurement.findMany({
    where: { periodId: id },
    select: { houseId: true, previous: true, measurement: true, house: { select: HOUSE_LABEL_SELECT } },
    orderBy: { houseId: 'asc' },
  });
  const rows: PrismaNS.ReceiptCreateManyInput[] = [];
  let total = new Money(0);
  for (const m of measurements) {
    if (m.measurement == null) throw new ConflictError(reason('MEASUREMENT_MISSING', { house: houseLabel(m.house) }));
    const consumption = new Money(m.measurement.toString()).minus(m.previous.toString()).toString();
    let charge: ReturnType<typeof serviceCharge>;
    try {
      charge = serviceCharge({ type: service.type, ...setup, cost: plain(p.cost)!, conversionRate: plain(p.conversionRate)!, consumption });
    } catch (error) {
      if (error instanceof ServiceChargeError)
        throw new ConflictError(reason('SERVICE_CHARGE_REFUSED', { house: houseLabel(m.house), message: error.message }));
      throw error;
    }
    if (new Money(charge.total).lessThanOrEqualTo(0)) continue;
    total = total.plus(charge.total);
    rows.push({
      neighborhoodId,
      houseId: m.houseId,
      measuredServiceId: service.id,
      servicePeriodId: id,
      incomeConceptId: service.incomeConceptId,
      walletId: service.walletId,
      description: receiptDescription(service.description, p.description, consumption),
      year: p.dueDate.getUTCFullYear(),
      month: p.dueDate.getUTCMonth() + 1,
      dueDate: p.dueDate,
      sourceAmount: charge.total,
      amount: charge.total,
      status: 'NEW',
    });
  }
  const created = await issue(tx, rows, { skipDuplicates: true });
  await tx.servicePeriod.update({ where: { id }, data: { status: 'APPLIED', appliedAt: new Date() } });
  return { created, total: total.toFixed(2) };
}

export interface PeriodReceiptView {
  receiptId: number;
  houseId: number;
  houseLabel: string;
  consumption: string | null;
  amount: string;
  status: string;
  paymentMethod: string | null;
  paymentDate: Date | null;
  realPaymentDate: string | null;
  dueDate: string;
}

/** A page of the period's receipts by house (two statements: receipts, and the readings of those houses). */
export async function periodReceipts(
  ctx: Pick<ServiceContext, 'prisma'>,
  periodId: number,
  page: { afterId: number | null; skip: number; take: number; paidOnly?: boolean },
): Promise<PeriodReceiptView[]> {
  const where: PrismaNS.ReceiptWhereInput = { servicePeriodId: periodId, deletedAt: null, ...(page.paidOnly ? { status: 'PAID' } : {}) };
  const receipts = await ctx.prisma.receipt.findMany({
    where: page.afterId != null ? { AND: [where, { id: { gt: page.afterId } }] } : where,
    select: {
      id: true,
      houseId: true,
      amount: true,
      status: true,
      paymentMethod: true,
      paymentDate: true,
      realPaymentDate: true,
      dueDate: true,
      house: { select: HOUSE_LABEL_SELECT },
    },
    orderBy: { id: 'asc' },
    skip: page.skip,
    take: page.take,
  });
  const readings = receipts.length
    ? await ctx.prisma.measurement.findMany({
        where: { periodId, houseId: { in: receipts.map((r) => r.houseId) } },
        select: { houseId: true, previous: true, measurement: true },
      })
    : [];
  const consumption = new Map(
    readings.map((m) => [m.houseId, m.measurement == null ? null : new Money(m.measurement.toString()).minus(m.previous.toString()).toString()]),
  );
  return receipts.map((r) => ({
    receiptId: r.id,
    houseId: r.houseId,
    houseLabel: houseLabel(r.house),
    consumption: consumption.get(r.houseId) ?? null,
    amount: new Money(r.amount.toString()).toFixed(2),
    status: r.status,
    paymentMethod: r.paymentMethod,
    paymentDate: r.paymentDate,
    realPaymentDate: r.realPaymentDate ? iso(r.realPaymentDate) : null,
    dueDate: iso(r.dueDate),
  }));
}

export interface PeriodIncomeTotals {
  receipts: number;
  paidReceipts: number;
  charged: string;
  paid: string;
  pending: string;
}

/** What the period charged, what was paid and what is pending, to the cent (deleted receipts do not count). */
export async function periodIncomeTotals(ctx: Pick<ServiceContext, 'prisma'>, periodId: number): Promise<PeriodIncomeTotals> {
  const groups = await ctx.prisma.receipt.groupBy({
    by: ['status'],
    where: { servicePeriodId: periodId, deletedAt: null },
    _sum: { amount: true },
    _count: { _all: true },
  });
  const paidGroup = groups.find((g) => g.status === 'PAID');
  const paid = new Money(paidGroup?._sum.amount?.toString() ?? '0');
  const charged = sumMoney(groups.map((g) => g._sum.amount?.toString() ?? '0'));
  return {
    receipts: groups.reduce((n, g) => n + g._count._all, 0),
    paidReceipts: paidGroup?._count._all ?? 0,
    charged: charged.toFixed(2),
    paid: paid.toFixed(2),
    pending: charged.minus(paid).toFixed(2),
  };
}
