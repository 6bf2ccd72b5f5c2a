// Amenities (common areas) of a community: their configuration (spec 3 sections 3, 4 and 5). One zod schema
// for the browser's form and the server. Bookings, slots and payments are not configured here.
import { z } from 'zod';
import { boundedText, isCalendarDay } from './input.js';
import { formatMoney, MAX_MONEY, type Money, money, parseMoney } from './money.js';

export const RESERVATION_UNITS = ['HOUR', 'DAY'] as const;
export type ReservationUnit = (typeof RESERVATION_UNITS)[number];

/** The income concept (IncomeConcept.systemKey) amenity reservations are charged with unless another is chosen. */
export const AMENITY_CONCEPT_KEY = 'AMENITY';

export const MAX_NAME = 120;
export const MAX_DESCRIPTION = 1000;

export const NAME_LABEL = 'El nombre del espacio común';
export const HOUR_INVALID = 'La hora debe tener el formato HH:mm (de 00:00 a 23:59)';
export const FROM_REQUIRED = 'La hora de apertura es requerida';
export const TO_REQUIRED = 'La hora de cierre es requerida';
export const TO_AFTER_FROM = 'La hora de cierre debe ser posterior a la hora de apertura';
export const DATE_INVALID = 'La fecha debe tener el formato AAAA-MM-DD';
export const AVAILABLE_TO_BEFORE_FROM = 'La fecha final no puede ser anterior a la fecha inicial';
export const COST_INVALID = 'El costo debe ser una cantidad de cero o más con hasta dos decimales';
export const DEPOSIT_INVALID = 'El depósito debe ser una cantidad de cero o más con hasta dos decimales';
export const DEBT_INVALID = 'El límite de adeudo debe ser una cantidad con hasta dos decimales';
export const CONCEPT_REQUIRED = 'Elige el concepto con el que se cobra la reservación';
export const UNIT_INVALID = 'Elige si se reserva por hora o por día';

/** "HH:mm" (or "HH:mm:ss" from legacy clients) as "HH:mm"; null when it is not a time of day. */
export function parseHour(value: string): string | null {
  const m = /^\s*([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(value);
  return m ? `${m[1]}:${m[2]}` : null;
}

/** A calendar day YYYY-MM-DD (a real one: no 31 April; a year from 1900 to 2999, core/input.ts isCalendarDay); null otherwise. */
export function parseDay(value: string): string | null {
  const text = value.trim();
  return isCalendarDay(text) ? text : null;
}

/**
 * Spec 3 section 5: "if max_ordinary_debt is zero or less, the deposit is removed". max_ordinary_debt is
 * the least ordinary-fee balance a house must hold to book (negative: a debt up to that much is allowed;
 * zero: payments up to date; positive: that much in favour); null is no restriction and keeps the deposit.
 */
export function depositAllowed(maxOrdinaryDebt: Money | string | null | undefined): boolean {
  if (maxOrdinaryDebt == null || maxOrdinaryDebt === '') return true;
  return money(maxOrdinaryDebt).greaterThan(0);
}

/** The deposit an amenity keeps after the rule above: null when the debt limit removes it. */
export function effectiveDeposit(deposit: string | null, maxOrdinaryDebt: string | null): string | null {
  return depositAllowed(maxOrdinaryDebt) ? deposit : null;
}

/** How the form presents max_ordinary_debt: a choice plus a positive amount where the choice takes one. */
export const DEBT_RULES = ['NONE', 'DEBT_UP_TO', 'UP_TO_DATE', 'BALANCE_AT_LEAST'] as const;
export type DebtRule = (typeof DEBT_RULES)[number];

/** The form's choice for a stored max_ordinary_debt ("-500.00" is a debt of up to 500.00). */
export function debtRuleOf(maxOrdinaryDebt: string | null | undefined): { rule: DebtRule; amount: string } {
  if (maxOrdinaryDebt == null || maxOrdinaryDebt === '') return { rule: 'NONE', amount: '' };
  const value = money(maxOrdinaryDebt);
  if (value.isZero()) return { rule: 'UP_TO_DATE', amount: '' };
  return value.isNegative() ? { rule: 'DEBT_UP_TO', amount: formatMoney(value.negated()) } : { rule: 'BALANCE_AT_LEAST', amount: formatMoney(value) };
}

/** An optional amount: blank is none; two decimals out; within Decimal(14,2); `signed` lets it be negative. */
function optionalMoney(message: string, { signed = false } = {}) {
  return z
    .string()
    .max(40, message)
    .nullish()
    .transform((value, ctx) => {
      if (value == null || value.trim() === '') return null;
      const amount = parseMoney(value);
      if (!amount || (!signed && amount.isNegative()) || amount.abs().greaterThan(MAX_MONEY)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return formatMoney(amount);
    });
}

function hour(requiredMessage: string) {
  return z
    .string(requiredMessage)
    .max(20, HOUR_INVALID)
    .transform((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      const parsed = parseHour(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: HOUR_INVALID });
        return z.NEVER;
      }
      return parsed;
    });
}

const optionalDay = z
  .string()
  .max(40, DATE_INVALID)
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === '') return null;
    const day = parseDay(value);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: DATE_INVALID });
      return z.NEVER;
    }
    return day;
  });

const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

/** The fields of an amenity, each on its own. */
export const AmenityFields = z.object({
  name: boundedText(MAX_NAME, NAME_LABEL, { required: true }),
  description: boundedText(MAX_DESCRIPTION, 'La descripción')
    .nullish()
    .transform((v) => v || null),
  /** Charged per reservation unit when the community has COBRANZA; blank is free. */
  cost: optionalMoney(COST_INVALID),
  deposit: optionalMoney(DEPOSIT_INVALID),
  fromTime: hour(FROM_REQUIRED),
  toTime: hour(TO_REQUIRED),
  maxOrdinaryDebt: optionalMoney(DEBT_INVALID, { signed: true }),
  reservationUnit: z
    .enum(RESERVATION_UNITS, UNIT_INVALID)
    .nullish()
    .transform((v) => v ?? 'HOUR'),
  availableFrom: optionalDay,
  availableTo: optionalDay,
  ownersOnly: flag(false),
  /** The income concept reservations are charged with (the client's id of it; the server checks it is the community's). */
  receiptConceptId: boundedText(200, 'El concepto de cobro')
    .nullish()
    .transform((v) => v || null),
  enabled: flag(true),
});

export type AmenityInput = z.input<typeof AmenityFields>;
export type AmenityValues = z.output<typeof AmenityFields>;

export interface AmenityRuleOptions {
  /** The community has COBRANZA: cost, deposit and the debt limit apply, and a cost needs a concept. */
  collections: boolean;
  /** The concept used when a cost needs one and none was chosen (the community's AMENITY concept). */
  defaultConceptId?: string | null;
}

/** The deposit removed by a debt limit of zero or less; the default concept where a charged cost has none. */
function finish(value: AmenityValues, { collections, defaultConceptId = null }: AmenityRuleOptions): AmenityValues {
  const receiptConceptId = value.receiptConceptId ?? (collections && isCharged(value.cost) ? defaultConceptId : null);
  return { ...value, deposit: effectiveDeposit(value.deposit, value.maxOrdinaryDebt), receiptConceptId };
}

/** Opening hours in order, availability dates in order, and a concept whenever collections charge a cost. */
function check(value: AmenityValues, { collections }: AmenityRuleOptions, ctx: z.RefinementCtx) {
  if (value.fromTime >= value.toTime) ctx.addIssue({ code: 'custom', path: ['toTime'], message: TO_AFTER_FROM });
  if (value.availableFrom && value.availableTo && value.availableTo < value.availableFrom) {
    ctx.addIssue({ code: 'custom', path: ['availableTo'], message: AVAILABLE_TO_BEFORE_FROM });
  }
  if (collections && isCharged(value.cost) && !value.receiptConceptId) ctx.addIssue({ code: 'custom', path: ['receiptConceptId'], message: CONCEPT_REQUIRED });
}

/** An amenity as the server saves it (GraphQL and REST input). */
export function amenitySchema(options: AmenityRuleOptions) {
  return AmenityFields.transform((value) => finish(value, options)).superRefine((value, ctx) => check(value, options, ctx));
}

export const DEBT_AMOUNT_INVALID = 'Escribe una cantidad mayor a cero con hasta dos decimales';

/**
 * The form's version of the same schema: max_ordinary_debt is chosen as a rule (no restriction, a debt
 * of up to an amount, payments up to date, a balance in favour of at least an amount) plus its amount.
 */
export function amenityFormSchema(options: AmenityRuleOptions) {
  return AmenityFields.omit({ maxOrdinaryDebt: true })
    .extend({ debtRule: z.enum(DEBT_RULES), debtAmount: z.string().max(40, DEBT_AMOUNT_INVALID) })
    .transform(({ debtRule, debtAmount, ...value }, ctx) => {
      let maxOrdinaryDebt: string | null = null;
      if (debtRule === 'UP_TO_DATE') maxOrdinaryDebt = '0.00';
      if (debtRule === 'DEBT_UP_TO' || debtRule === 'BALANCE_AT_LEAST') {
        const amount = parseMoney(debtAmount);
        if (!amount?.greaterThan(0) || amount.greaterThan(MAX_MONEY)) {
          ctx.addIssue({ code: 'custom', path: ['debtAmount'], message: DEBT_AMOUNT_INVALID });
          return z.NEVER;
        }
        maxOrdinaryDebt = formatMoney(debtRule === 'DEBT_UP_TO' ? amount.negated() : amount);
      }
      return finish({ ...value, maxOrdinaryDebt }, options);
    })
    .superRefine((value, ctx) => check(value, options, ctx));
}

/** A cost above zero. */
export function isCharged(cost: string | null): boolean {
  return cost != null && money(cost).greaterThan(0);
}
