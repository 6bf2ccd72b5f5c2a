// Interest-free months (meses sin intereses, spec 3 sections 3, 5 and 9): the months a community may
// offer for card payments and the smallest amount each may be offered from. The community sets its own
// minimum (boundary) per month, at least the platform's; an empty value does not offer that month.
import { z } from 'zod';
import { formatMoney, formatPesos, MAX_MONEY, money, parseMoney } from './money.js';

/** Allowed months and the smallest boundary of each (MXN). */
export const MSI_MINIMUMS: Readonly<Record<number, string>> = { 3: '300.00', 6: '600.00', 9: '900.00', 12: '1200.00' };
export const MSI_MONTHS = [3, 6, 9, 12] as const;
export type MsiMonths = (typeof MSI_MONTHS)[number];

export const MSI_MONTHS_MESSAGE = 'Los meses permitidos son 3, 6, 9 y 12';

export function isMsiMonths(value: number): value is MsiMonths {
  return (MSI_MONTHS as readonly number[]).includes(value);
}

/** The problem of an amount for a month (Spanish), or null: a money amount at least the month's minimum. Blank is fine (not offered). */
export function msiAmountProblem(months: number, amount: string | null | undefined): string | null {
  if (!isMsiMonths(months)) return MSI_MONTHS_MESSAGE;
  const text = (amount ?? '').trim();
  if (text === '') return null;
  const value = parseMoney(text);
  if (!value || value.isNegative() || value.greaterThan(MAX_MONEY)) return `El monto para ${months} meses debe ser una cantidad con hasta dos decimales`;
  const minimum = MSI_MINIMUMS[months];
  if (value.lessThan(money(minimum))) return `El monto mínimo para ${months} meses es ${formatPesos(minimum)}`;
  return null;
}

/** One month of the form: its amount, blank when the month is not offered. */
export const MsiMonthSchema = z.object({
  months: z.number({ error: MSI_MONTHS_MESSAGE }).int(MSI_MONTHS_MESSAGE),
  boundary: z.string().max(40, 'El monto debe tener como máximo 40 caracteres').nullish(),
});

/**
 * The whole set of offered months (months not sent are not offered). Output: only the offered months,
 * in order, with two-decimal amounts.
 */
export const MsiSettingsSchema = z
  .object({ months: z.array(MsiMonthSchema).max(MSI_MONTHS.length, MSI_MONTHS_MESSAGE) })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.months.forEach((m, i) => {
      if (seen.has(m.months)) ctx.addIssue({ code: 'custom', path: ['months', i, 'months'], message: `El plazo de ${m.months} meses aparece más de una vez` });
      seen.add(m.months);
      const problem = msiAmountProblem(m.months, m.boundary);
      if (problem) ctx.addIssue({ code: 'custom', path: ['months', i, problem === MSI_MONTHS_MESSAGE ? 'months' : 'boundary'], message: problem });
    });
  })
  .transform((value) =>
    value.months
      .filter((m) => (m.boundary ?? '').trim() !== '')
      .map((m) => ({ months: m.months as MsiMonths, boundary: formatMoney(m.boundary!.trim()) }))
      .sort((a, b) => a.months - b.months),
  );
export type MsiSettingsInput = z.input<typeof MsiSettingsSchema>;
