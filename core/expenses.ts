// Expenses (spec 2 sections 3-5): totals with the money type, the status rules every screen and the
// server share (edit, delete, approve, pay, cash, withdrawal), and the zod schema of the expense form.
import { z } from 'zod';
import { boundedText, dayText } from './input.js';
import { MAX_MONEY, Money, money, sumMoney } from './money.js';

export const EXPENSE_STATUSES = ['NEW', 'EDITED', 'REJECTED', 'APPROVED', 'DELETED', 'INVOICE', 'PAID', 'CHARGED'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const PAYMENT_TYPES = ['CHECK', 'TRANSFER'] as const;
export type ExpensePaymentType = (typeof PAYMENT_TYPES)[number];

/** SAT's tax codes: 001 ISR, 002 IVA, 003 IEPS. */
export const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

export const EXPENSE_MESSAGES = {
  created: 'El egreso ha sido registrado',
  updated: 'El egreso ha sido modificado',
  deleted: 'El egreso ha sido eliminado',
  approved: 'Se ha aprobado el egreso',
  rejected: 'Se ha rechazado el egreso',
  paid: 'Se ha marcado como pagado el egreso',
  charged: 'El egreso ha sido marcado como cobrado',
  approvalRequested: 'Se ha solicitado la aprobación del egreso',
  notFound: 'El egreso no existe',
  totalMismatch: 'El total no coincide con los conceptos e impuestos',
  subtotalMismatch: 'El subtotal no coincide con los conceptos',
  notEditable: 'El egreso ya no se puede modificar',
  notDeletable: 'El egreso ya no se puede eliminar',
  cannotDecide: 'No puedes aprobar ni rechazar este egreso',
  alreadyDecided: 'Ya registraste tu decisión sobre esta versión del egreso',
  cannotAsk: 'No se puede solicitar la aprobación de este egreso',
  noApprovers: 'La comunidad no tiene aprobadores de egresos',
  ownExpense: 'No puedes aprobar un egreso que tú registraste',
  ownExpenseOnlyApprover:
    'No puedes aprobar un egreso que tú registraste, y eres el único aprobador de egresos: agrega otro aprobador en la configuración de egresos',
  notApprover: 'Solo los aprobadores de egresos de la comunidad pueden aprobar o rechazar egresos',
  cannotPay: 'Solo los egresos aprobados se pueden marcar como pagados',
  cannotCharge: 'Solo los egresos pagados se pueden marcar como cobrados',
  accountNotFound: 'La cuenta no existe',
  providerNotFound: 'El proveedor no existe',
  conceptNotFound: 'El concepto de egreso no existe',
  clabeRequired: 'La CLABE es requerida para una transferencia',
  bankRequired: 'El banco es requerido para una transferencia',
} as const;

/** Expense date picker window (spec 2 section 9): about 120 days either way of today. */
export const OPERATION_DATE_WINDOW_DAYS = 120;
export const MAX_LINES = 200;
export const MAX_TAXES_PER_LINE = 10;

// ---- Totals ------------------------------------------------------------------------------------------

type Amount = Money | string | number;

export interface TotalsTax {
  amount: Amount;
}
export interface TotalsLine {
  quantity: Amount;
  unitPrice: Amount;
  discount?: Amount | null;
  transferred?: TotalsTax[];
  retained?: TotalsTax[];
}
export interface ExpenseTotals {
  subtotal: Money;
  discount: Money;
  transferred: Money;
  retained: Money;
  total: Money;
}

const cents = (m: Money) => m.toDecimalPlaces(2, Money.ROUND_HALF_UP);

/** Line amount = quantity × unit price, rounded to the cent (half up). */
export function lineAmount(quantity: Amount, unitPrice: Amount): Money {
  return cents(money(quantity).times(money(unitPrice)));
}

/** A tax of a line's base (amount − discount) at a rate such as 0.16, rounded to the cent. */
export function taxAmount(base: Amount, rate: Amount): Money {
  return cents(money(base).times(money(rate)));
}

/**
 * subtotal = Σ line amounts; discount = Σ line discounts; total = subtotal − discount + transferred −
 * retained, where the taxes are each line's and, optionally, expense-level ones.
 */
export function expenseTotals(lines: TotalsLine[], taxes: { transferred?: TotalsTax[]; retained?: TotalsTax[] } = {}): ExpenseTotals {
  const subtotal = sumMoney(lines.map((l) => lineAmount(l.quantity, l.unitPrice)));
  const discount = cents(sumMoney(lines.map((l) => money(l.discount ?? 0))));
  const transferred = cents(sumMoney([...lines.flatMap((l) => l.transferred ?? []), ...(taxes.transferred ?? [])].map((t) => money(t.amount))));
  const retained = cents(sumMoney([...lines.flatMap((l) => l.retained ?? []), ...(taxes.retained ?? [])].map((t) => money(t.amount))));
  return { subtotal, discount, transferred, retained, total: subtotal.minus(discount).plus(transferred).minus(retained) };
}

// ---- Rules -------------------------------------------------------------------------------------------

/** What the rules read of an expense. */
export interface ExpenseRuleView {
  status: ExpenseStatus;
  approveRequired: boolean;
  withdrawalId: number | null;
  createdByUserId: number;
  invoiced?: boolean;
}

const MONEY_MOVED: ExpenseStatus[] = ['PAID', 'CHARGED'];

/**
 * Editing or deleting: NEW, EDITED, REJECTED when approvals are required; otherwise any status but
 * DELETED; never once paid or cashed (money moved) and never inside a withdrawal.
 */
export function canEdit(e: ExpenseRuleView): boolean {
  if (e.withdrawalId != null || e.status === 'DELETED' || MONEY_MOVED.includes(e.status)) return false;
  if (e.approveRequired) return e.status === 'NEW' || e.status === 'EDITED' || e.status === 'REJECTED';
  return true;
}

export const canDelete = canEdit;

/** The author asks the approvers while the expense waits for them (NEW or EDITED). */
export function canAskApproval(e: ExpenseRuleView, userId: number): boolean {
  return e.approveRequired && e.createdByUserId === userId && (e.status === 'NEW' || e.status === 'EDITED') && canEdit(e);
}

/**
 * Approve or reject: approvals required, the expense editable, the user not its author, an approver,
 * and the status not REJECTED.
 */
export function canDecide(e: ExpenseRuleView, userId: number, isApprover: boolean): boolean {
  return e.approveRequired && canEdit(e) && e.createdByUserId !== userId && isApprover && e.status !== 'REJECTED';
}

/** Whether the expense waits for an approver's decision (approvals required, editable, not REJECTED). */
export function awaitsDecision(e: ExpenseRuleView): boolean {
  return e.approveRequired && canEdit(e) && e.status !== 'REJECTED';
}

/**
 * Why the user may not approve or reject the expense, in the words the refusal uses; null when they may
 * (canDecide). `approverIds` are the community's approvers (those the expense settings page ticks).
 * The author never decides on their own expense, so an author who is the only approver is told to add another.
 */
export function decideRefusal(e: ExpenseRuleView, userId: number, approverIds: readonly number[]): string | null {
  if (!awaitsDecision(e)) return EXPENSE_MESSAGES.cannotDecide;
  if (approverIds.length === 0) return EXPENSE_MESSAGES.noApprovers;
  if (e.createdByUserId === userId) {
    const others = approverIds.some((id) => id !== userId);
    return others ? EXPENSE_MESSAGES.ownExpense : EXPENSE_MESSAGES.ownExpenseOnlyApprover;
  }
  if (!approverIds.includes(userId)) return EXPENSE_MESSAGES.notApprover;
  return null;
}

/**
 * Mark paid: approved, with or without its invoice, whether or not a withdrawal funds it. A withdrawal and the
 * payment are independent movements (gateway → account, account → provider), so either may come first
 * (docs/decisions.md «Expenses and withdrawals in either order»).
 */
export function canPay(e: ExpenseRuleView): boolean {
  return e.status === 'APPROVED' || e.status === 'INVOICE';
}

/** Mark cashed: paid. */
export function canCharge(e: ExpenseRuleView): boolean {
  return e.status === 'PAID';
}

/** Available for a withdrawal: APPROVED, INVOICE or PAID and in no withdrawal. */
export function availableForWithdrawal(e: ExpenseRuleView): boolean {
  return (e.status === 'APPROVED' || e.status === 'INVOICE' || e.status === 'PAID') && e.withdrawalId == null;
}

export const AVAILABLE_FOR_WITHDRAWAL: ExpenseStatus[] = ['APPROVED', 'INVOICE', 'PAID'];

/** The status a new expense is born with. */
export function initialStatus(approveRequired: boolean): ExpenseStatus {
  return approveRequired ? 'NEW' : 'APPROVED';
}

/** The status after an edit: EDITED while approvals are required (a new revision), otherwise unchanged. */
export function statusAfterEdit(e: ExpenseRuleView): ExpenseStatus {
  return e.approveRequired ? 'EDITED' : e.status;
}

/** Days between two YYYY-MM-DD dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function withinOperationWindow(day: string, today: string): boolean {
  return Math.abs(daysBetween(today, day)) <= OPERATION_DATE_WINDOW_DAYS;
}

// ---- Input -------------------------------------------------------------------------------------------

const DECIMAL = (decimals: number) => new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`);

/** A non-negative decimal typed as text (or a JSON number from a legacy body), up to `decimals` places. */
function decimalText(label: string, decimals: number, options: { positive?: boolean; max?: Money } = {}) {
  const message = `${label} debe ser un número ${options.positive ? 'mayor a cero' : 'mayor o igual a cero'} con hasta ${decimals} decimales`;
  return z.union([z.string().max(40, message), z.number()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
    if (!DECIMAL(decimals).test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const m = new Money(text);
    if ((options.positive && !m.greaterThan(0)) || m.greaterThan(options.max ?? MAX_MONEY)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return m.toFixed();
  });
}

const TAX_CODE = z.enum(['001', '002', '003'], { error: 'El impuesto debe ser ISR (001), IVA (002) o IEPS (003)' });

export const ExpenseTaxInputSchema = z.object({
  taxCode: TAX_CODE,
  rate: decimalText('La tasa', 6, { max: new Money(1) })
    .nullish()
    .transform((v) => v ?? null),
  amount: decimalText('El importe del impuesto', 2),
});

const optionalText = (max: number, label: string) =>
  boundedText(max, label)
    .nullish()
    .transform((v) => v || null);

export const ExpenseLineInputSchema = z.object({
  quantity: decimalText('La cantidad', 6, { positive: true }),
  unitPrice: decimalText('El precio unitario', 6),
  discount: decimalText('El descuento', 2)
    .nullish()
    .transform((v) => v ?? '0'),
  description: boundedText(1000, 'La descripción del concepto', { required: true }),
  satProductKey: optionalText(20, 'La clave SAT'),
  expenseConceptId: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  invoiceUuid: optionalText(40, 'El UUID de la factura'),
  transferred: z
    .array(ExpenseTaxInputSchema)
    .max(MAX_TAXES_PER_LINE)
    .nullish()
    .transform((v) => v ?? []),
  retained: z
    .array(ExpenseTaxInputSchema)
    .max(MAX_TAXES_PER_LINE)
    .nullish()
    .transform((v) => v ?? []),
});

const sentAmount = decimalText('El total', 2)
  .nullish()
  .transform((v) => v ?? null);

/**
 * The expense form: provider, concept, description, operation date, lines with their taxes and,
 * optionally, the totals the form showed (refused when they do not match the lines), and the provider
 * CFDIs processed for it.
 */
export const ExpenseInputSchema = z
  .object({
    providerId: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    expenseConceptId: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    description: optionalText(2000, 'La descripción'),
    operationDate: dayText('La fecha de operación'),
    lines: z.array(ExpenseLineInputSchema).min(1, 'Agrega al menos un concepto').max(MAX_LINES, `Agrega como máximo ${MAX_LINES} conceptos`),
    subtotal: sentAmount,
    total: sentAmount,
    cfdiIds: z
      .array(z.string().max(200))
      .max(50)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  .superRefine((value, ctx) => {
    value.lines.forEach((line, i) => {
      if (money(line.discount).greaterThan(lineAmount(line.quantity, line.unitPrice)))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'discount'], message: 'El descuento no puede ser mayor al importe del concepto' });
    });
    const totals = expenseTotals(value.lines);
    if (totals.total.lessThan(0)) ctx.addIssue({ code: 'custom', path: ['total'], message: 'El total no puede ser negativo' });
    if (totals.total.greaterThan(MAX_MONEY)) ctx.addIssue({ code: 'custom', path: ['total'], message: 'El total es demasiado grande' });
    if (value.subtotal != null && !money(value.subtotal).equals(totals.subtotal))
      ctx.addIssue({ code: 'custom', path: ['subtotal'], message: EXPENSE_MESSAGES.subtotalMismatch });
    if (value.total != null && !money(value.total).equals(totals.total))
      ctx.addIssue({ code: 'custom', path: ['total'], message: EXPENSE_MESSAGES.totalMismatch });
  });
export type ExpenseInput = z.input<typeof ExpenseInputSchema>;
export type ExpenseValues = z.output<typeof ExpenseInputSchema>;

export const PayExpenseSchema = z.object({
  paymentType: z.enum(PAYMENT_TYPES, { error: 'El tipo de pago debe ser CHECK o TRANSFER' }),
  accountId: z.string().max(200).min(1, 'La cuenta es requerida'),
  bank: optionalText(80, 'El banco'),
  clabe: optionalText(40, 'La CLABE'),
});

export const ChargeExpenseSchema = z.object({
  checkNumber: optionalText(40, 'El número de cheque'),
  method: optionalText(80, 'El método de cobro'),
});

export const DecideExpenseSchema = z.object({
  accepted: z.boolean({ error: 'Indica si apruebas o rechazas el egreso' }),
  comment: optionalText(1000, 'El comentario'),
});
