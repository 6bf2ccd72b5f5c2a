import { describe, expect, it } from 'vitest';
import { IncomeConceptSchema, IncomeConceptsFlagsSchema, lockedFieldChanges, SYSTEM_CONCEPTS } from './incomeConcepts.js';

const issues = (input: unknown) => IncomeConceptSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('income concept schema', () => {
  it('trims, defaults the flags (visible to owners unless told otherwise) and keeps blanks as none', () => {
    expect(
      IncomeConceptSchema.parse({ description: '  Tarjeta de acceso ', walletId: ' 3 ', accountingAccount: '', maxPaymentDate: '', maxAmountBalance: '' }),
    ).toEqual({
      description: 'Tarjeta de acceso',
      walletId: '3',
      increaseBalance: false,
      notifyPayment: false,
      visibleToOwner: true,
      mandatory: false,
      allowAmount: false,
      allowComments: false,
      allowAttachments: true,
      accountingAccount: null,
      suspenseAccount: null,
      maxPaymentDate: null,
      maxAmountBalance: null,
    });
    expect(IncomeConceptSchema.parse({ description: 'X', walletId: '1', visibleToOwner: false, mandatory: true }).visibleToOwner).toBe(false);
  });

  it('takes accounting accounts as digit groups separated by hyphens', () => {
    for (const ok of ['401', '401-01', ' 402-01-001 '])
      expect(issues({ description: 'X', walletId: '1', accountingAccount: ok, suspenseAccount: ok })).toEqual([]);
    for (const bad of ['401-', '-401', '401--01', '40a', '401 01', '4.01']) {
      expect(issues({ description: 'X', walletId: '1', suspenseAccount: bad })).toEqual([
        ['suspenseAccount', 'La cuenta contable debe ser grupos de dígitos separados por guiones'],
      ]);
    }
  });

  it('takes a real calendar day as the last payment date', () => {
    expect(IncomeConceptSchema.parse({ description: 'X', walletId: '1', maxPaymentDate: '2028-02-29' }).maxPaymentDate).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2027-13-01', '27-01-01', '2027/01/01', '2027-1-1', 'mañana', '1999-12-31']) {
      expect(issues({ description: 'X', walletId: '1', maxPaymentDate: bad })).toEqual([
        ['maxPaymentDate', 'La fecha límite de pago debe ser una fecha válida (AAAA-MM-DD)'],
      ]);
    }
  });

  it('takes a maximum amount above zero with up to two decimals, printed with two', () => {
    expect(IncomeConceptSchema.parse({ description: 'X', walletId: '1', maxAmountBalance: ' 1500.5 ' }).maxAmountBalance).toBe('1500.50');
    expect(IncomeConceptSchema.parse({ description: 'X', walletId: '1', maxAmountBalance: '0.01' }).maxAmountBalance).toBe('0.01');
    for (const bad of ['0', '0.00', '-1', '1.005', '1e3', 'mil', '1,500', '1234567890123']) {
      expect(issues({ description: 'X', walletId: '1', maxAmountBalance: bad })).toEqual([
        ['maxAmountBalance', 'El monto máximo debe ser una cantidad mayor a cero con hasta dos decimales'],
      ]);
    }
  });

  it('requires the description and the wallet, bounded and clean', () => {
    expect(issues({ description: '  ', walletId: '' })).toEqual([
      ['description', 'La descripción es requerida'],
      ['walletId', 'Elige un monedero'],
    ]);
    expect(issues({ description: 'x'.repeat(121), walletId: '1' })).toEqual([['description', 'La descripción debe tener como máximo 120 caracteres']]);
    expect(issues({ description: 'Cuota\u0000', walletId: '1' })).toEqual([['description', 'La descripción contiene caracteres no permitidos']]);
  });
});

describe('bulk flags and system concepts', () => {
  it('takes each concept once, at least one and at most 200', () => {
    expect(IncomeConceptsFlagsSchema.parse({ concepts: [{ id: '1', mandatory: true }, { id: '2' }] }).concepts).toHaveLength(2);
    expect(IncomeConceptsFlagsSchema.safeParse({ concepts: [{ id: '1' }, { id: '1' }] }).error?.issues[0]).toMatchObject({
      path: ['concepts', 1, 'id'],
      message: 'Cada concepto puede aparecer una sola vez',
    });
    expect(IncomeConceptsFlagsSchema.safeParse({ concepts: [] }).error?.issues[0].message).toBe('Envía al menos un concepto');
    const many = Array.from({ length: 201 }, (_, i) => ({ id: String(i + 1) }));
    expect(IncomeConceptsFlagsSchema.safeParse({ concepts: many }).error?.issues[0].message).toBe('Envía como máximo 200 conceptos');
  });

  it('names the locked fields a change of a system concept touches', () => {
    expect(lockedFieldChanges({ description: 'A', walletId: '1' }, { description: 'A', walletId: '1' })).toEqual([]);
    expect(lockedFieldChanges({ description: 'A', walletId: '1' }, { description: 'B', walletId: '2' })).toEqual(['description', 'walletId']);
  });

  it('lists the platform concepts once each, in the ordinary or extraordinary wallet', () => {
    const keys = SYSTEM_CONCEPTS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['MAINTENANCE', 'PENALTY', 'EXTRAORDINARY', 'AGREEMENT', 'AMENITY']));
    const maintenance = SYSTEM_CONCEPTS.find((c) => c.key === 'MAINTENANCE')!;
    expect(maintenance).toMatchObject({ description: 'Cuota de mantenimiento', wallet: 'ORDINARY', increaseBalance: true, mandatory: true });
    // Spec 2 section 9: a concept that increases the balance is paid from the ordinary wallet.
    for (const c of SYSTEM_CONCEPTS) expect('increaseBalance' in c && c.increaseBalance).toBe(c.wallet === 'ORDINARY');
  });
});
