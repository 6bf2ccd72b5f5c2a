// Payment agreements (convenios, spec 1 Agreements): a house's ordinary debt split into an optional down
// payment (due the day the agreement is made) and N instalments of equal cents, the last one absorbing
// the remainder, so the plan always sums to the debt to the cent. One schema for the browser's form and
// the server.
import { z } from 'zod';
import { addDays, isCalendarDay } from './input.js';
import { formatMoney, MAX_MONEY, money, parseMoney, type Money } from './money.js';

export const AGREEMENT_FREQUENCIES = ['WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const;
export type AgreementFrequency = (typeof AGREEMENT_FREQUENCIES)[number];
export const FREQUENCY_NAMES: Record<AgreementFrequency, string> = { WEEKLY: 'Semanal', BIWEEKLY: 'Quincenal', MONTHLY: 'Mensual' };

export const MIN_INSTALMENTS = 1;
export const MAX_INSTALMENTS = 60;
/** The first instalment is due at most this many days after today. */
export const MAX_FIRST_DUE_DAYS = 366;

export const AGREEMENT_MESSAGES = {
  created: 'El convenio ha sido creado',
  cancelled: 'El convenio ha sido cancelado',
  noDebt: 'La propiedad no tiene adeudo ordinario para un convenio',
  debtChanged: 'El adeudo de la propiedad cambió desde el cálculo; calcula el convenio de nuevo',
  alreadyCancelled: 'El convenio ya está cancelado o no tiene recibos pendientes',
  receiptInProcess: 'Un recibo del convenio tiene un pago en proceso o en revisión; resuélvelo antes de cancelar',
  notFound: 'El convenio no existe',
  foreign: 'Solo puedes consultar los convenios de tu propiedad',
  downPaymentTooHigh: 'El enganche debe ser menor al adeudo',
  tooSmall: 'El monto a diferir no alcanza para que cada parcialidad sea de al menos $0.01',
  pastDate: 'La fecha del primer pago no puede ser anterior a hoy',
  farDate: `La fecha del primer pago debe estar dentro de los próximos ${MAX_FIRST_DUE_DAYS} días`,
} as const;

/** The parameters of an agreement, as the form and the API take them. */
export const agreementParametersSchema = z.object({
  downPayment: z
    .string({ error: 'El enganche es requerido' })
    .max(40, 'El enganche debe ser una cantidad con hasta dos decimales')
    .transform((v) => v.trim() || '0')
    .refine((v) => {
      const m = parseMoney(v);
      return !!m && m.greaterThanOrEqualTo(0) && m.lessThanOrEqualTo(MAX_MONEY);
    }, 'El enganche debe ser una cantidad de cero o más con hasta dos decimales'),
  instalments: z.coerce
    .number({ error: 'El número de parcialidades es requerido' })
    .int('El número de parcialidades debe ser un número entero')
    .min(MIN_INSTALMENTS, `El número de parcialidades debe ser de ${MIN_INSTALMENTS} a ${MAX_INSTALMENTS}`)
    .max(MAX_INSTALMENTS, `El número de parcialidades debe ser de ${MIN_INSTALMENTS} a ${MAX_INSTALMENTS}`),
  firstDueDate: z
    .string({ error: 'La fecha del primer pago es requerida' })
    .max(10, 'La fecha del primer pago debe tener el formato AAAA-MM-DD')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha del primer pago debe tener el formato AAAA-MM-DD')
    .refine((v) => isRealDay(v), 'La fecha del primer pago no es válida'),
  frequency: z.enum(AGREEMENT_FREQUENCIES, { error: 'La periodicidad debe ser semanal, quincenal o mensual' }),
});
export type AgreementParametersInput = z.input<typeof agreementParametersSchema>;
export type AgreementParameters = z.output<typeof agreementParametersSchema>;

export interface PlanLine {
  /** 0 for the down payment, 1..N for the instalments. */
  number: number;
  kind: 'DOWN_PAYMENT' | 'INSTALMENT';
  dueDate: string;
  amount: string;
}

export interface AgreementPlan {
  debt: string;
  downPayment: string;
  instalments: number;
  frequency: AgreementFrequency;
  firstDueDate: string;
  /** What each instalment but the last is (the last may be more by the remainder). */
  instalmentAmount: string;
  lines: PlanLine[];
  total: string;
}

export type PlanProblem = { field: 'downPayment' | 'instalments' | 'firstDueDate' | 'debt'; message: string };

const isRealDay = isCalendarDay;

/** The day `months` months after `day`, on the same day of the month or the month's last day (Jan 31 → Feb 28). */
export function addMonthsClamped(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (((index % 12) + 12) % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The due date of instalment `k` (0-based) from the first due date. */
export function instalmentDueDate(first: string, frequency: AgreementFrequency, k: number): string {
  if (frequency === 'WEEKLY') return addDays(first, 7 * k);
  if (frequency === 'BIWEEKLY') return addDays(first, 14 * k);
  return addMonthsClamped(first, k);
}

/** Problems of the parameters against the debt and today (empty when the plan can be made). */
export function planProblems(debt: Money | string, p: AgreementParameters, today: string): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const owed = money(debt);
  if (!owed.greaterThan(0)) return [{ field: 'debt', message: AGREEMENT_MESSAGES.noDebt }];
  const down = money(p.downPayment);
  if (down.greaterThanOrEqualTo(owed)) problems.push({ field: 'downPayment', message: AGREEMENT_MESSAGES.downPaymentTooHigh });
  else if (owed.minus(down).times(100).lessThan(p.instalments)) problems.push({ field: 'instalments', message: AGREEMENT_MESSAGES.tooSmall });
  if (p.firstDueDate < today) problems.push({ field: 'firstDueDate', message: AGREEMENT_MESSAGES.pastDate });
  else if (p.firstDueDate > addDays(today, MAX_FIRST_DUE_DAYS)) problems.push({ field: 'firstDueDate', message: AGREEMENT_MESSAGES.farDate });
  return problems;
}

/**
 * The plan of an agreement: the down payment (when more than zero, due today) and the instalments of
 * equal cents from the first due date by the frequency, the last one absorbing the remainder. The
 * parameters must have no planProblems.
 */
export function agreementPlan(debt: Money | string, p: AgreementParameters, today: string): AgreementPlan {
  const owed = money(debt);
  const down = money(p.downPayment);
  const rest = owed.minus(down);
  const cents = rest.times(100).toDecimalPlaces(0);
  const each = cents.dividedToIntegerBy(p.instalments);
  const last = cents.minus(each.times(p.instalments - 1));
  const lines: PlanLine[] = [];
  if (down.greaterThan(0)) lines.push({ number: 0, kind: 'DOWN_PAYMENT', dueDate: today, amount: formatMoney(down) });
  for (let k = 0; k < p.instalments; k++) {
    const amount = (k === p.instalments - 1 ? last : each).dividedBy(100);
    lines.push({ number: k + 1, kind: 'INSTALMENT', dueDate: instalmentDueDate(p.firstDueDate, p.frequency, k), amount: formatMoney(amount) });
  }
  return {
    debt: formatMoney(owed),
    downPayment: formatMoney(down),
    instalments: p.instalments,
    frequency: p.frequency,
    firstDueDate: p.firstDueDate,
    instalmentAmount: formatMoney(each.dividedBy(100)),
    lines,
    total: formatMoney(lines.reduce((sum, l) => sum.plus(l.amount), money(0))),
  };
}

/** "Convenio 12 · enganche", "Convenio 12 · parcialidad 2 de 6". */
export function planLineDescription(agreementId: number, line: Pick<PlanLine, 'kind' | 'number'>, instalments: number): string {
  return line.kind === 'DOWN_PAYMENT' ? `Convenio ${agreementId} · enganche` : `Convenio ${agreementId} · parcialidad ${line.number} de ${instalments}`;
}
