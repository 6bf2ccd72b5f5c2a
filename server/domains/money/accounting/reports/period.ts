// The parameters every money report shares (spec 2 section 3, "Statement and report parameters"):
// date_kind (SYSTEM_DATE by default), from and to (YYYY-MM-DD in the community's time zone, both
// included). The incomes report needs from or to (spec 2 section 5); a missing end is filled in: no
// "to" means today, no "from" means the first day of the year of "to" (of this year when "to" is later).
// A house's statement fills its ends the same way. A period spans at most 5 years.
import { todayIn } from '../../../../../core/receipts.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';

export const DATE_KINDS = ['SYSTEM_DATE', 'PAYMENT_DATE'] as const;
export type DateKind = (typeof DATE_KINDS)[number];

export const MAX_PERIOD_DAYS = 5 * 366;

export const PERIOD_MESSAGES = {
  dateKind: 'El tipo de fecha debe ser SYSTEM_DATE (fecha de registro) o PAYMENT_DATE (fecha de pago)',
  needsDate: 'Indica la fecha «Desde» o la fecha «Hasta» del periodo',
  badDate: (label: string) => `La fecha «${label}» no es válida (AAAA-MM-DD)`,
  order: 'El campo "Desde" debe de ser anterior o igual al campo "Hasta".',
  tooLong: 'El periodo puede abarcar como máximo 5 años',
} as const;

export interface PeriodInput {
  dateKind?: string | null;
  from?: string | null;
  to?: string | null;
}

export interface Period {
  dateKind: DateKind;
  from: string;
  to: string;
  timeZone: string;
  communityName: string;
  today: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string, label: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value || value < '2000-01-01' || value > '2100-12-31') {
    throw new InputError([{ field: label === 'Desde' ? 'from' : 'to', message: PERIOD_MESSAGES.badDate(label) }]);
  }
  return value;
}

/** Checks the parameters without reading anything (the rules, for REST and GraphQL alike). */
export function checkPeriod(input: PeriodInput, today: string): { dateKind: DateKind; from: string; to: string } {
  const kind = (input.dateKind ?? '').trim().toUpperCase() || 'SYSTEM_DATE';
  if (!(DATE_KINDS as readonly string[]).includes(kind)) throw new InputError([{ field: 'dateKind', message: PERIOD_MESSAGES.dateKind }]);
  const rawFrom = input.from?.trim() || null;
  const rawTo = input.to?.trim() || null;
  if (!rawFrom && !rawTo) throw new InputError([{ field: 'from', message: PERIOD_MESSAGES.needsDate }]);
  const to = rawTo ? day(rawTo, 'Hasta') : today;
  // Without "from": January 1 of the year of "to", or of this year when "to" is later (the one rule, docs/decisions.md).
  const from = rawFrom ? day(rawFrom, 'Desde') : `${[to, today].sort()[0].slice(0, 4)}-01-01`;
  if (from > to) throw new InputError([{ field: 'from', message: PERIOD_MESSAGES.order }]);
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 >= MAX_PERIOD_DAYS) {
    throw new InputError([{ field: 'to', message: PERIOD_MESSAGES.tooLong }]);
  }
  return { dateKind: kind as DateKind, from, to };
}

/** The period of a report in the caller's community. */
export async function reportPeriod(ctx: ServiceContext, input: PeriodInput): Promise<Period & { neighborhoodId: number }> {
  const neighborhoodId = communityOf(ctx);
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { name: true, timeZone: true } });
  const today = todayIn(community.timeZone);
  return { ...checkPeriod(input, today), timeZone: community.timeZone, communityName: community.name, today, neighborhoodId };
}

export const DATE_KIND_NAMES: Record<DateKind, string> = {
  SYSTEM_DATE: 'Fecha de registro',
  PAYMENT_DATE: 'Fecha de pago',
};

/** "Del 01/11/2026 al 30/11/2026 · Fecha de registro". */
export function periodDescription(p: { dateKind: DateKind; from: string; to: string }): string {
  const dmy = (iso: string) => iso.split('-').reverse().join('/');
  return `Del ${dmy(p.from)} al ${dmy(p.to)} · ${DATE_KIND_NAMES[p.dateKind]}`;
}
