// Expense settings and expense concepts (spec 2 section 3): approvals, folios and series, and the
// catalogue an expense line is classified with. One schema each for the browser's forms and the server.
import { z } from 'zod';
import { boundedText } from './input.js';

/** The grants that make an administration user an expense approver candidate (they work on /expenses). */
export const EXPENSE_APPROVER_GRANTS = ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'] as const;

export const MAX_FOLIO = 2_147_483_647;
export const MAX_SERIE = 10;
export const MAX_APPROVERS = 100;

export const APPROVER_REQUIRED = 'Elige al menos un aprobador para requerir la aprobación de egresos';
export const SERIE_MESSAGE = `La serie debe tener como máximo ${MAX_SERIE} letras o números, sin espacios`;

/** A folio: a whole number from 1 (1 when not given). Text from a form or a legacy body is read as a number. */
function folio(label: string) {
  const message = `${label} debe ser un número entero mayor o igual a 1`;
  return z
    .union([z.number(), z.string().max(20, message)], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value == null) return 1;
      const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value.trim())) : value;
      if (!Number.isInteger(n) || n < 1 || n > MAX_FOLIO) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** A serie: up to 10 letters or digits, kept in capitals; blank is none. */
const serie = z
  .string()
  .max(MAX_SERIE * 4, SERIE_MESSAGE)
  .nullish()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    if (!/^[A-Za-z0-9]+$/.test(text) || text.length > MAX_SERIE) {
      ctx.addIssue({ code: 'custom', message: SERIE_MESSAGE });
      return z.NEVER;
    }
    return text.toUpperCase();
  });

const flag = z
  .boolean()
  .nullish()
  .transform((v) => !!v);

/** The expense settings form: `approverIds` are the ids of the users who approve expenses. */
export const ExpenseSettingsSchema = z
  .object({
    requiredExpenseApproval: flag,
    useFolio: flag,
    initialFolio: folio('El folio inicial'),
    serie,
    groupInitialFolio: folio('El folio inicial de los grupos'),
    groupSerie: serie,
    approverIds: z
      .array(z.string().max(200).trim().min(1), { error: 'Los aprobadores deben ser una lista de usuarios' })
      .max(MAX_APPROVERS, `Elige como máximo ${MAX_APPROVERS} aprobadores`)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
  })
  .superRefine((value, ctx) => {
    if (value.requiredExpenseApproval && value.approverIds.length === 0) ctx.addIssue({ code: 'custom', path: ['approverIds'], message: APPROVER_REQUIRED });
  });
export type ExpenseSettingsInput = z.input<typeof ExpenseSettingsSchema>;
export type ExpenseSettingsValues = z.output<typeof ExpenseSettingsSchema>;

/** An expense concept: its name and, optionally, the community's own key for it (unique in the community). */
export const ExpenseConceptSchema = z.object({
  concept: boundedText(120, 'El concepto', { required: true }),
  internalId: boundedText(40, 'El identificador interno')
    .nullish()
    .transform((v) => v || null),
});
export type ExpenseConceptInput = z.input<typeof ExpenseConceptSchema>;
