import { describe, expect, it } from 'vitest';
import { ExpenseConceptSchema, ExpenseSettingsSchema } from './expenseSettings.js';

const issues = (input: unknown) => ExpenseSettingsSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('expense settings schema', () => {
  it('defaults folios to 1, series to none, keeps series in capitals and approvers once', () => {
    expect(ExpenseSettingsSchema.parse({})).toEqual({
      requiredExpenseApproval: false,
      useFolio: false,
      initialFolio: 1,
      serie: null,
      groupInitialFolio: 1,
      groupSerie: null,
      approverIds: [],
    });
    expect(ExpenseSettingsSchema.parse({ useFolio: true, initialFolio: '25', serie: ' eg2 ', groupSerie: '', approverIds: ['7', '7', '9'] })).toMatchObject({
      initialFolio: 25,
      serie: 'EG2',
      groupSerie: null,
      approverIds: ['7', '9'],
    });
  });

  it('refuses folios below 1 or not whole, and series over 10 letters or digits', () => {
    expect(issues({ initialFolio: 0, groupInitialFolio: 1.5 })).toEqual([
      ['initialFolio', 'El folio inicial debe ser un número entero mayor o igual a 1'],
      ['groupInitialFolio', 'El folio inicial de los grupos debe ser un número entero mayor o igual a 1'],
    ]);
    expect(issues({ initialFolio: '', groupInitialFolio: 'uno' })).toHaveLength(2);
    expect(issues({ initialFolio: 2_147_483_648 })).toHaveLength(1);
    expect(issues({ serie: 'ABCDEFGHIJ' })).toEqual([]);
    for (const bad of ['ABCDEFGHIJK', 'E G', 'EG-1', 'ÑU', 'EG\u0000']) {
      expect(issues({ serie: bad })).toEqual([['serie', 'La serie debe tener como máximo 10 letras o números, sin espacios']]);
    }
  });

  it('requires at least one approver when approval is required', () => {
    expect(issues({ requiredExpenseApproval: true })).toEqual([['approverIds', 'Elige al menos un aprobador para requerir la aprobación de egresos']]);
    expect(issues({ requiredExpenseApproval: true, approverIds: ['4'] })).toEqual([]);
    expect(issues({ approverIds: Array.from({ length: 101 }, (_, i) => String(i)) })).toEqual([['approverIds', 'Elige como máximo 100 aprobadores']]);
  });
});

describe('expense concept schema', () => {
  it('requires the concept and keeps a blank internal id as none', () => {
    expect(ExpenseConceptSchema.parse({ concept: ' Vigilancia ', internalId: '  ' })).toEqual({ concept: 'Vigilancia', internalId: null });
    expect(ExpenseConceptSchema.parse({ concept: 'Agua', internalId: ' EG-AGU ' })).toEqual({ concept: 'Agua', internalId: 'EG-AGU' });
    expect(ExpenseConceptSchema.safeParse({ concept: '' }).error?.issues[0].message).toBe('El concepto es requerido');
    expect(ExpenseConceptSchema.safeParse({ concept: 'X', internalId: 'x'.repeat(41) }).error?.issues[0].message).toBe(
      'El identificador interno debe tener como máximo 40 caracteres',
    );
  });
});
