// Measured services (spec 2 Measured service, Measured service concepts): the concepts a service charges,
// its consumption ranges and the charge of one consumption. Money with core/money.ts (decimal), never floats.
// The charge model is written down in docs/decisions.md (measured services).
import { z } from 'zod';
import { boundedText } from './input.js';
import { Money } from './money.js';

export const SERVICE_CONCEPT_TYPES = ['FIXED', 'FIXED_TOTAL', 'PERCENT', 'IVA', 'SUBTOTAL', 'TOTAL'] as const;
export type ServiceConceptType = (typeof SERVICE_CONCEPT_TYPES)[number];
export const MEASURED_SERVICE_TYPES = ['TABLE', 'FACTOR'] as const;
export type MeasuredServiceType = (typeof MEASURED_SERVICE_TYPES)[number];

export interface ChargeConcept {
  id: number;
  name: string;
  type: ServiceConceptType;
  amount: string | null;
  calculateIva: boolean;
  ivaPercent: string | null;
  base: boolean;
}
/** from..to in consumption units; amounts: conceptId → amount of each enabled FIXED / FIXED_TOTAL concept. */
export interface ChargeRange {
  from: string;
  to: string;
  amounts: Record<number, string>;
}
/** One line of a charge, two decimals. */
export interface ChargeLine {
  conceptId: number;
  name: string;
  type: ServiceConceptType;
  amount: string;
}

export class ServiceChargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceChargeError';
  }
}

export const SERVICE_CONCEPT_TYPE_LABELS: Record<ServiceConceptType, string> = {
  FIXED: 'Fijo por unidad',
  FIXED_TOTAL: 'Fijo total',
  PERCENT: 'Porcentaje',
  IVA: 'IVA',
  SUBTOTAL: 'Subtotal',
  TOTAL: 'Total',
};
export const MEASURED_SERVICE_TYPE_LABELS: Record<MeasuredServiceType, string> = {
  TABLE: 'Tabla de rangos',
  FACTOR: 'Factor (costo por unidad)',
};

export const MAX_SERVICE_CONCEPTS = 6;
export const MAX_SERVICE_RANGES = 100;
/** Range bounds and units are kept with three decimals (ServiceRange.from/to are Decimal(14,3)). */
export const UNIT_DECIMALS = 3;

export const MESSAGES = {
  rangeRequired: 'El rango es requerido',
  amountsRequired: 'Todos los conceptos habilitados son requeridos',
  rangeOrder: 'El final del rango debe ser mayor o igual a su inicio',
  rangeOverlap: 'Los rangos no deben traslaparse',
  rangesRequired: 'Agrega al menos un rango de consumo',
  tooManyRanges: `Un servicio puede tener como máximo ${MAX_SERVICE_RANGES} rangos`,
  conceptsRequired: 'Selecciona al menos un concepto',
  tooManyConcepts: `Un servicio puede tener como máximo ${MAX_SERVICE_CONCEPTS} conceptos`,
  repeatedConcept: 'Un concepto no puede repetirse en el servicio',
  oneBase: 'El servicio debe tener exactamente un concepto base',
  baseFixed: 'El concepto base debe ser de tipo fijo',
  oneOfKind: 'El servicio puede tener solo un concepto de tipo IVA, uno de subtotal y uno de total',
  unknownConcept: 'Uno de los conceptos no existe',
  ivaOnlyFixedPercent: 'Solo los conceptos de tipo fijo o porcentaje pueden calcular IVA',
  ivaPercentRequired: 'El porcentaje de IVA es requerido',
  ivaPercentRange: 'El porcentaje de IVA debe estar entre 0 y 100',
  percentRequired: 'El porcentaje es requerido',
  percentRange: 'El porcentaje debe estar entre 0 y 100 con hasta cuatro decimales',
  presetCost: 'El costo debe ser una cantidad mayor o igual a cero con hasta cuatro decimales',
  presetRate: 'El factor de conversión debe ser mayor a cero con hasta seis decimales',
  presetCostRequired: 'El costo es requerido',
  presetRateRequired: 'El factor de conversión es requerido',
  amount: 'Los montos deben ser cantidades mayores o iguales a cero con hasta cuatro decimales',
  bound: 'El rango debe ser una cantidad mayor o igual a cero con hasta tres decimales',
  noRange: (units: string) => `Ningún rango del servicio cubre el consumo de ${units} unidades`,
  badNumber: 'El consumo, el costo y el factor de conversión deben ser cantidades válidas',
} as const;

// ---------------------------------------------------------------- decimals typed as text

/** A non-negative decimal typed as text with at most `decimals` decimals and 12 integer digits, or null. */
export function parseDecimalText(value: unknown, decimals: number): Money | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length > 40) return null;
  const pattern = new RegExp(`^\\d{1,12}(\\.\\d{0,${decimals}})?$`);
  if (!pattern.test(text)) return null;
  return new Money(text.endsWith('.') ? text.slice(0, -1) : text);
}

function plain(value: Money, decimals: number): string {
  // Drops trailing zeros: "10.500" → "10.5", "20" → "20".
  return new Money(value.toFixed(decimals)).toString();
}

/** An optional non-negative decimal (string or number) with a message; blank is null. */
function optionalDecimal(decimals: number, message: string, check: (m: Money) => boolean = () => true) {
  return z
    .union([z.string().max(60, message), z.number()])
    .nullish()
    .transform((value, ctx) => {
      if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
      const m = parseDecimalText(value, decimals);
      if (!m || !check(m)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return plain(m, decimals);
    });
}

// ---------------------------------------------------------------- concept rules

const conceptTypeSchema = z.enum(SERVICE_CONCEPT_TYPES, { error: 'Elige el tipo del concepto' });

/** A service concept as the settings form and the API send it; normalised (amount only for PERCENT, ivaPercent only with calculateIva). */
export const serviceConceptInputSchema = z
  .object({
    name: boundedText(80, 'El nombre', { required: true }),
    type: conceptTypeSchema,
    amount: optionalDecimal(4, MESSAGES.percentRange, (m) => m.lessThanOrEqualTo(100)),
    calculateIva: z
      .boolean()
      .nullish()
      .transform((v) => !!v),
    ivaPercent: optionalDecimal(4, MESSAGES.ivaPercentRange, (m) => m.lessThanOrEqualTo(100)),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'PERCENT' && value.amount == null) ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.percentRequired });
    if (value.calculateIva && value.type !== 'FIXED' && value.type !== 'PERCENT')
      ctx.addIssue({ code: 'custom', path: ['calculateIva'], message: MESSAGES.ivaOnlyFixedPercent });
    if (value.calculateIva && value.ivaPercent == null) ctx.addIssue({ code: 'custom', path: ['ivaPercent'], message: MESSAGES.ivaPercentRequired });
  })
  .transform((value) => ({
    name: value.name,
    type: value.type,
    amount: value.type === 'PERCENT' ? value.amount : null,
    calculateIva: value.calculateIva,
    ivaPercent: value.calculateIva ? value.ivaPercent : null,
  }));
export type ServiceConceptInput = z.input<typeof serviceConceptInputSchema>;
export type ServiceConceptValues = z.output<typeof serviceConceptInputSchema>;

/** Concept types that take an amount in each range. */
export function takesRangeAmount(type: ServiceConceptType): boolean {
  return type === 'FIXED' || type === 'FIXED_TOTAL';
}

// ---------------------------------------------------------------- service rules

/** The catalogue entry the service rules need to know about a concept. */
export interface CatalogueConcept {
  id: number;
  type: ServiceConceptType;
}

const rangeAmountSchema = z.object({
  conceptId: z.number().int().positive().max(2147483647),
  amount: z.union([z.string().max(60), z.number()]).nullish(),
});

const rangeSchema = z.object({
  from: z.union([z.string().max(60), z.number()]).nullish(),
  to: z.union([z.string().max(60), z.number()]).nullish(),
  amounts: z
    .array(rangeAmountSchema)
    .max(MAX_SERVICE_CONCEPTS * 2)
    .nullish(),
});

const serviceConceptRefSchema = z.object({
  conceptId: z.number({ error: MESSAGES.unknownConcept }).int().positive().max(2147483647),
  base: z
    .boolean()
    .nullish()
    .transform((v) => !!v),
});

export interface ServiceRangeValues {
  from: string;
  to: string;
  amounts: { conceptId: number; amount: string }[];
}

/**
 * A measured service as the form and the API send it. With `catalogue` (the community's concepts) it also
 * checks that the base is FIXED and that every range has an amount for each enabled FIXED / FIXED_TOTAL
 * concept; the server always passes it, the form passes the concepts it shows.
 */
export function measuredServiceInputSchema(catalogue?: readonly CatalogueConcept[]) {
  const byId = new Map((catalogue ?? []).map((c) => [c.id, c]));
  return z
    .object({
      description: boundedText(120, 'La descripción', { required: true }),
      type: z.enum(MEASURED_SERVICE_TYPES, { error: 'Elige el tipo de servicio' }),
      presetCost: z.union([z.string().max(60, MESSAGES.presetCost), z.number()]).nullish(),
      presetConversionRate: z.union([z.string().max(60, MESSAGES.presetRate), z.number()]).nullish(),
      concepts: z
        .array(serviceConceptRefSchema, { error: MESSAGES.conceptsRequired })
        .min(1, MESSAGES.conceptsRequired)
        .max(MAX_SERVICE_CONCEPTS, MESSAGES.tooManyConcepts),
      ranges: z.array(rangeSchema).max(MAX_SERVICE_RANGES, MESSAGES.tooManyRanges).nullish(),
    })
    .transform((value, ctx) => {
      let presetCost: string | null = null;
      let presetConversionRate: string | null = null;
      if (value.type === 'FACTOR') {
        const blankCost = value.presetCost == null || (typeof value.presetCost === 'string' && value.presetCost.trim() === '');
        const blankRate = value.presetConversionRate == null || (typeof value.presetConversionRate === 'string' && value.presetConversionRate.trim() === '');
        const cost = blankCost ? null : parseDecimalText(value.presetCost, 4);
        const rate = blankRate ? null : parseDecimalText(value.presetConversionRate, 6);
        if (blankCost) ctx.addIssue({ code: 'custom', path: ['presetCost'], message: MESSAGES.presetCostRequired });
        else if (!cost) ctx.addIssue({ code: 'custom', path: ['presetCost'], message: MESSAGES.presetCost });
        if (blankRate) ctx.addIssue({ code: 'custom', path: ['presetConversionRate'], message: MESSAGES.presetRateRequired });
        else if (!rate || rate.isZero()) ctx.addIssue({ code: 'custom', path: ['presetConversionRate'], message: MESSAGES.presetRate });
        presetCost = cost ? plain(cost, 4) : null;
        presetConversionRate = rate && !rate.isZero() ? plain(rate, 6) : null;
      }

      const ids = value.concepts.map((c) => c.conceptId);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['concepts'], message: MESSAGES.repeatedConcept });
      const bases = value.concepts.filter((c) => c.base);
      if (bases.length !== 1) ctx.addIssue({ code: 'custom', path: ['concepts'], message: MESSAGES.oneBase });
      const enabled: number[] = [];
      if (catalogue) {
        const known = value.concepts.map((c) => byId.get(c.conceptId));
        if (known.some((c) => !c)) ctx.addIssue({ code: 'custom', path: ['concepts'], message: MESSAGES.unknownConcept });
        if (bases.length === 1 && byId.get(bases[0].conceptId) && byId.get(bases[0].conceptId)?.type !== 'FIXED')
          ctx.addIssue({ code: 'custom', path: ['concepts'], message: MESSAGES.baseFixed });
        for (const kind of ['IVA', 'SUBTOTAL', 'TOTAL'] as const) {
          if (known.filter((c) => c?.type === kind).length > 1) {
            ctx.addIssue({ code: 'custom', path: ['concepts'], message: MESSAGES.oneOfKind });
            break;
          }
        }
        for (const c of known) if (c && takesRangeAmount(c.type)) enabled.push(c.id);
      }

      const ranges: ServiceRangeValues[] = [];
      (value.ranges ?? []).forEach((range, index) => {
        const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');
        if (blank(range.from) || blank(range.to)) {
          ctx.addIssue({ code: 'custom', path: ['ranges', index, blank(range.from) ? 'from' : 'to'], message: MESSAGES.rangeRequired });
          return;
        }
        const from = parseDecimalText(range.from, UNIT_DECIMALS);
        const to = parseDecimalText(range.to, UNIT_DECIMALS);
        if (!from || !to) {
          ctx.addIssue({ code: 'custom', path: ['ranges', index, !from ? 'from' : 'to'], message: MESSAGES.bound });
          return;
        }
        if (to.lessThan(from)) ctx.addIssue({ code: 'custom', path: ['ranges', index, 'to'], message: MESSAGES.rangeOrder });
        const amounts: { conceptId: number; amount: string }[] = [];
        const given = new Map<number, unknown>();
        for (const a of range.amounts ?? []) given.set(a.conceptId, a.amount);
        let missing = false;
        let bad = false;
        for (const [conceptId, raw] of given) {
          if (catalogue && !enabled.includes(conceptId)) continue; // amounts of concepts that take none are dropped
          if (blank(raw)) {
            missing = true;
            continue;
          }
          const amount = parseDecimalText(raw, 4);
          if (!amount) bad = true;
          else amounts.push({ conceptId, amount: plain(amount, 4) });
        }
        if (catalogue && enabled.some((id) => blank(given.get(id)))) missing = true;
        if (missing) ctx.addIssue({ code: 'custom', path: ['ranges', index, 'amounts'], message: MESSAGES.amountsRequired });
        if (bad) ctx.addIssue({ code: 'custom', path: ['ranges', index, 'amounts'], message: MESSAGES.amount });
        ranges.push({ from: plain(from, UNIT_DECIMALS), to: plain(to, UNIT_DECIMALS), amounts });
      });
      const sorted = [...ranges].sort((a, b) => new Money(a.from).comparedTo(new Money(b.from)));
      for (let i = 1; i < sorted.length; i++) {
        if (new Money(sorted[i].from).lessThanOrEqualTo(new Money(sorted[i - 1].to))) {
          ctx.addIssue({ code: 'custom', path: ['ranges'], message: MESSAGES.rangeOverlap });
          break;
        }
      }
      if (value.type === 'TABLE' && (value.ranges ?? []).length === 0) ctx.addIssue({ code: 'custom', path: ['ranges'], message: MESSAGES.rangesRequired });

      return {
        description: value.description,
        type: value.type,
        presetCost,
        presetConversionRate,
        concepts: value.concepts.map((c) => ({ conceptId: c.conceptId, base: c.base })),
        ranges: sorted,
      };
    });
}
export type MeasuredServiceInput = z.input<ReturnType<typeof measuredServiceInputSchema>>;
export type MeasuredServiceValues = z.output<ReturnType<typeof measuredServiceInputSchema>>;

// ---------------------------------------------------------------- the charge

function dec(value: string | null | undefined): Money {
  if (value == null || value === '') return new Money(0);
  return new Money(value);
}
function cents(value: Money): Money {
  return value.toDecimalPlaces(2, Money.ROUND_HALF_UP);
}

function computeLines(concepts: ChargeConcept[], amounts: Record<number, string>, units: Money, cost: Money): ChargeLine[] {
  const values = new Map<number, Money>();
  const base = concepts.find((c) => c.base);
  // FIXED and FIXED_TOTAL first: PERCENT depends on the base line.
  for (const c of concepts) {
    if (c.type === 'FIXED') {
      let line = units.times(dec(amounts[c.id]));
      if (c.base) line = line.plus(units.times(cost));
      values.set(c.id, cents(line));
    } else if (c.type === 'FIXED_TOTAL') {
      values.set(c.id, cents(dec(amounts[c.id])));
    }
  }
  const baseLine = base ? (values.get(base.id) ?? new Money(0)) : new Money(0);
  for (const c of concepts) if (c.type === 'PERCENT') values.set(c.id, cents(baseLine.times(dec(c.amount)).dividedBy(100)));
  let subtotal = new Money(0);
  let iva = new Money(0);
  for (const c of concepts) {
    if (c.type !== 'FIXED' && c.type !== 'FIXED_TOTAL' && c.type !== 'PERCENT') continue;
    const line = values.get(c.id) ?? new Money(0);
    subtotal = subtotal.plus(line);
    if (c.calculateIva && (c.type === 'FIXED' || c.type === 'PERCENT')) iva = iva.plus(line.times(dec(c.ivaPercent)).dividedBy(100));
  }
  iva = cents(iva);
  const hasIva = concepts.some((c) => c.type === 'IVA');
  const total = subtotal.plus(hasIva ? iva : 0);
  return concepts.map((c) => {
    let amount: Money;
    if (c.type === 'SUBTOTAL') amount = subtotal;
    else if (c.type === 'IVA') amount = iva;
    else if (c.type === 'TOTAL') amount = total;
    else amount = values.get(c.id) ?? new Money(0);
    return { conceptId: c.id, name: c.name, type: c.type, amount: amount.toFixed(2) };
  });
}

/**
 * The live form of one range row: FIXED = units × the range's unit price (one unit when `units` is
 * omitted), FIXED_TOTAL as typed, PERCENT of the base line, SUBTOTAL, IVA and TOTAL computed. Blank or
 * invalid amounts count as 0 so the form can show totals while the user types.
 */
export function rangeLines(concepts: ChargeConcept[], amounts: Record<number, string>, units?: string): ChargeLine[] {
  const clean: Record<number, string> = {};
  for (const c of concepts) {
    const m = parseDecimalText(amounts[c.id] ?? '', 4);
    if (m) clean[c.id] = m.toString();
  }
  const u = units == null ? new Money(1) : (parseDecimalText(units, 9) ?? new Money(0));
  return computeLines(concepts, clean, u, new Money(0));
}

/** The range that covers `units` (from ≤ units ≤ to), or null. */
export function findRange(ranges: ChargeRange[], units: string): ChargeRange | null {
  const u = new Money(units);
  return ranges.find((r) => u.greaterThanOrEqualTo(dec(r.from)) && u.lessThanOrEqualTo(dec(r.to))) ?? null;
}

/** What a house pays for its consumption in a period of a service (see the charge model in the decisions). */
export function serviceCharge(input: {
  type: 'TABLE' | 'FACTOR';
  concepts: ChargeConcept[];
  ranges: ChargeRange[];
  cost: string;
  conversionRate: string;
  consumption: string;
}): { units: string; range: ChargeRange | null; lines: ChargeLine[]; total: string } {
  let consumption: Money;
  let cost: Money;
  let rate: Money;
  try {
    consumption = new Money(input.consumption);
    cost = input.type === 'TABLE' ? new Money(0) : new Money(input.cost);
    rate = input.type === 'TABLE' ? new Money(1) : new Money(input.conversionRate);
  } catch {
    throw new ServiceChargeError(MESSAGES.badNumber);
  }
  if (!consumption.isFinite() || !cost.isFinite() || !rate.isFinite() || cost.isNegative() || rate.isNegative())
    throw new ServiceChargeError(MESSAGES.badNumber);
  // A negative consumption (a reading lower than the previous one) charges nothing.
  if (consumption.isNegative()) consumption = new Money(0);
  const units = consumption.times(rate).toDecimalPlaces(UNIT_DECIMALS, Money.ROUND_HALF_UP);
  const unitsText = units.toFixed(UNIT_DECIMALS);
  const ranges = [...input.ranges].sort((a, b) => dec(a.from).comparedTo(dec(b.from)));
  let range: ChargeRange | null = null;
  if (input.type === 'TABLE' || ranges.length > 0) {
    range = findRange(ranges, unitsText);
    if (!range) throw new ServiceChargeError(MESSAGES.noRange(plain(units, UNIT_DECIMALS)));
  }
  const lines = computeLines(input.concepts, range?.amounts ?? {}, units, cost);
  const total = lines
    .filter((l) => l.type === 'FIXED' || l.type === 'FIXED_TOTAL' || l.type === 'PERCENT' || l.type === 'IVA')
    .reduce((sum, l) => sum.plus(l.amount), new Money(0));
  return { units: unitsText, range, lines, total: total.toFixed(2) };
}
