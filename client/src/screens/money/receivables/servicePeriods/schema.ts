// The period form's checks, with the server's messages (server/domains/money/receivables/servicePeriods/service.ts
// CreatePeriodSchema and pricing, which the server applies again).
import { z } from 'zod';
import { boundedText, dayText } from '../../../../../../core/input.js';

const COST = /^\d{1,10}(\.\d{1,4})?$/;
const RATE = /^\d{1,8}(\.\d{1,6})?$/;

export const periodFormSchema = z.object({
  description: boundedText(120, 'La descripción', { required: true }),
  cost: z
    .string()
    .trim()
    .min(1, 'El costo es requerido')
    .refine((v) => COST.test(v), 'El costo debe ser una cantidad mayor o igual a cero con hasta cuatro decimales'),
  conversionRate: z
    .string()
    .trim()
    .min(1, 'El factor de conversión es requerido')
    .refine((v) => RATE.test(v) && Number(v) > 0, 'El factor de conversión debe ser mayor a cero con hasta seis decimales'),
  dueDate: z
    .string({ error: 'La fecha límite es requerida' })
    .nullable()
    .refine((v): v is string => !!v, 'La fecha límite es requerida')
    .pipe(dayText('La fecha límite')),
});

export type PeriodFormValues = z.input<typeof periodFormSchema>;
