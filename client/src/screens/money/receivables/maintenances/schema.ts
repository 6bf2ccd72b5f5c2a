// The extraordinary maintenance form's checks, with the server's messages
// (server/domains/money/receivables/maintenances/service.ts ExtraordinaryMaintenanceSchema, which the server applies again).
import { z } from 'zod';
import { boundedText } from '../../../../../../core/input.js';
import { MAX_MONEY, parseMoney } from '../../../../../../core/money.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const extraordinaryFormSchema = z.object({
  // boundedText's own required message says «es requerido»; the description is feminine.
  description: boundedText(200, 'La descripción').refine((v) => v.length > 0, 'La descripción es requerida'),
  amount: z
    .string()
    .trim()
    .min(1, 'El monto es requerido')
    .refine((v) => {
      const m = parseMoney(v);
      return !!m && m.greaterThan(0) && m.lessThanOrEqualTo(MAX_MONEY);
    }, 'El monto debe ser mayor a cero con hasta dos decimales'),
  dueDate: z
    .string({ error: 'La fecha límite es requerida' })
    .nullable()
    .refine((v): v is string => !!v, 'La fecha límite es requerida')
    .refine((v) => !v || DATE.test(v), 'La fecha límite no es válida'),
  /** House type database ids as the multi-select holds them; none means every active house. */
  houseTypeIds: z.array(z.string().regex(/^\d+$/)).max(200),
});

export type ExtraordinaryFormValues = z.input<typeof extraordinaryFormSchema>;
