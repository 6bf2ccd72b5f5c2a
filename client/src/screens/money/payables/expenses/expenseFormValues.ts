// The expense form's values (provider, concept, date, notes, lines with their taxes, the CFDIs loaded) and
// their check: the values become the input the server takes, with live totals, and are checked with the
// server's own schema (core/expenses.ts ExpenseInputSchema), so its messages land under the same fields.
import { z } from 'zod';
import { type ExpenseInput, ExpenseInputSchema, expenseTotals, lineAmount, taxAmount } from '../../../../../../core/expenses.js';
import { money } from '../../../../../../core/money.js';
import type { ProcessedCfdi } from './cfdi/processCfdi.js';

export type Tax = { taxCode: string; rate: string | null; amount: string };

/** The common taxes offered per line, computed from the line's base (amount − discount). */
export const TAX_OPTIONS: Record<string, { kind: 'transferred' | 'retained'; taxCode: string; rate: string }> = {
  IVA16: { kind: 'transferred', taxCode: '002', rate: '0.16' },
  IVA8: { kind: 'transferred', taxCode: '002', rate: '0.08' },
  ISR10R: { kind: 'retained', taxCode: '001', rate: '0.1' },
  IVA_R: { kind: 'retained', taxCode: '002', rate: '0.106667' },
  ISR125R: { kind: 'retained', taxCode: '001', rate: '0.0125' },
};

const taxSchema = z.object({ taxCode: z.string(), rate: z.string().nullable(), amount: z.string() });

const lineSchema = z.object({
  quantity: z.string(),
  unitPrice: z.string(),
  discount: z.string(),
  description: z.string(),
  satProductKey: z.string(),
  invoiceUuid: z.string().nullable(),
  /** Taxes chosen among TAX_OPTIONS. */
  options: z.array(z.string()),
  /** Taxes as an invoice states them (lines from a CFDI): kept as they are. */
  fixed: z.object({ transferred: z.array(taxSchema), retained: z.array(taxSchema) }).nullable(),
});

const valuesSchema = z.object({
  providerId: z.string().nullable(),
  expenseConceptId: z.string().nullable(),
  description: z.string(),
  operationDate: z.string(),
  lines: z.array(lineSchema),
  cfdis: z.array(z.custom<ProcessedCfdi>()),
});

export type ExpenseLine = z.infer<typeof lineSchema>;
export type ExpenseFormValues = z.infer<typeof valuesSchema>;

export const emptyLine = (): ExpenseLine => ({
  quantity: '1',
  unitPrice: '',
  discount: '',
  description: '',
  satProductKey: '',
  invoiceUuid: null,
  options: ['IVA16'],
  fixed: null,
});

const sameRate = (a: string | null, b: string) => a != null && money(a).equals(money(b));

/** The TAX_OPTIONS a stored line's taxes are, or null when one of them is none of them. */
export function optionsOf(transferred: readonly Tax[], retained: readonly Tax[]): string[] | null {
  const out: string[] = [];
  for (const [kind, list] of [
    ['transferred', transferred],
    ['retained', retained],
  ] as const)
    for (const tax of list) {
      const found = Object.entries(TAX_OPTIONS).find(([, o]) => o.kind === kind && o.taxCode === tax.taxCode && sameRate(tax.rate, o.rate));
      if (!found) return null;
      out.push(found[0]);
    }
  return out;
}

const NUMBER = /^\d+(\.\d+)?$/;

export function lineTaxes(line: ExpenseLine): { transferred: Tax[]; retained: Tax[] } {
  if (line.fixed) return line.fixed;
  const base =
    NUMBER.test(line.quantity) && NUMBER.test(line.unitPrice)
      ? lineAmount(line.quantity, line.unitPrice).minus(NUMBER.test(line.discount) ? line.discount : '0')
      : money(0);
  const taxes = { transferred: [] as Tax[], retained: [] as Tax[] };
  for (const key of line.options) {
    const o = TAX_OPTIONS[key];
    if (o) taxes[o.kind].push({ taxCode: o.taxCode, rate: o.rate, amount: taxAmount(base.lessThan(0) ? 0 : base, o.rate).toFixed(2) });
  }
  return taxes;
}

/** The line's amount (quantity × unit price), or null while either is not a number. */
export const lineAmountOf = (line: ExpenseLine) =>
  NUMBER.test(line.quantity) && NUMBER.test(line.unitPrice) ? lineAmount(line.quantity, line.unitPrice) : null;

const lineInput = (l: ExpenseLine) => ({
  quantity: l.quantity.trim(),
  unitPrice: l.unitPrice.trim(),
  discount: l.discount.trim() || null,
  description: l.description,
  satProductKey: l.satProductKey.trim() || null,
  invoiceUuid: l.invoiceUuid,
  ...lineTaxes(l),
});

/** The totals of the lines whose numbers are complete; null when they cannot be added up. */
export function linesTotals(lines: readonly ExpenseLine[]) {
  try {
    return expenseTotals(
      lines
        .filter((l) => NUMBER.test(l.quantity) && NUMBER.test(l.unitPrice))
        .map((l) => ({ ...lineInput(l), discount: NUMBER.test(l.discount) ? l.discount : '0' })),
    );
  } catch {
    return null;
  }
}

/** What createExpense and updateExpense take: the lines with their taxes and the totals the form shows. */
export function expenseInput(values: ExpenseFormValues) {
  const totals = linesTotals(values.lines);
  return {
    providerId: values.providerId,
    expenseConceptId: values.expenseConceptId,
    description: values.description || null,
    operationDate: values.operationDate,
    lines: values.lines.map(lineInput),
    subtotal: totals?.subtotal.toFixed(2) ?? null,
    total: totals?.total.toFixed(2) ?? null,
    cfdiIds: values.cfdis.map((c) => c.id),
  };
}

/**
 * The form's check: its values as the server's input, through the server's schema. (The schema's input
 * types the tax codes as its enum; the lines carry them as the strings the invoice or TAX_OPTIONS give.)
 */
export const expenseFormSchema = valuesSchema.transform((values) => expenseInput(values) as ExpenseInput).pipe(ExpenseInputSchema);

/** A CFDI's lines as form lines, their taxes as the invoice states them. */
export const linesOfCfdi = (cfdi: ProcessedCfdi): ExpenseLine[] =>
  cfdi.lines.map((l) => ({
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    discount: money(l.discount || '0').isZero() ? '' : l.discount,
    description: l.description,
    satProductKey: l.satProductKey,
    invoiceUuid: l.invoiceUuid,
    options: [],
    fixed: { transferred: l.transferred, retained: l.retained },
  }));
