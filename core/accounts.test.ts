import { describe, expect, it } from 'vitest';
import * as zc from 'zod/v4/core';
import {
  accountBankName,
  AccountingAccountSettingsSchema,
  accountNumberProblem,
  compareAccountingAccounts,
  IncomeAccountSchema,
  luhn,
  maskAccountNumber,
} from './accounts.js';
import { clabeCheckDigit } from './validators.js';

const issues = (schema: zc.$ZodType, value: unknown) => {
  const result = zc.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('CLABE accounts', () => {
  it('computes the check digit with weights 3, 7, 1 and modulus 10', () => {
    expect(clabeCheckDigit('01218000123456789')).toBe(9);
    expect(clabeCheckDigit('00218001234567890')).toBe(6);
    expect(clabeCheckDigit('07218000123456789')).toBe(7);
  });

  it('accepts a valid CLABE, typed with spaces or hyphens, and names its bank', () => {
    const parsed = zc.parse(IncomeAccountSchema, { accountType: 'CLABE', description: ' Cuenta BBVA ', accountNumber: '012 180 00123456789 9' });
    expect(parsed).toEqual({
      accountType: 'CLABE',
      description: 'Cuenta BBVA',
      holderName: null,
      accountNumber: '012180001234567899',
      accountingAccount: null,
    });
    expect(accountBankName('CLABE', '012180001234567899')).toBe('BBVA Bancomer');
    expect(accountBankName('CLABE', '072-180-00123456789-7')).toBe('Banco Mercantil del Norte');
  });

  it('refuses wrong lengths, letters and a wrong check digit, under accountNumber', () => {
    expect(accountNumberProblem('CLABE', '01218000123456789')).toBe('La CLABE debe tener exactamente 18 dígitos');
    expect(accountNumberProblem('CLABE', '0121800012345678990')).toBe('La CLABE debe tener exactamente 18 dígitos');
    expect(accountNumberProblem('CLABE', '01218000123456789A')).toBe('La CLABE debe tener exactamente 18 dígitos');
    expect(accountNumberProblem('CLABE', '012180001234567897')).toBe('El dígito verificador de la CLABE no es válido');
    expect(issues(IncomeAccountSchema, { accountType: 'CLABE', description: 'x', accountNumber: '012180001234567897' })).toEqual([
      { path: 'accountNumber', message: 'El dígito verificador de la CLABE no es válido' },
    ]);
    expect(issues(IncomeAccountSchema, { accountType: 'CLABE', description: 'x', accountNumber: '  ' })).toEqual([
      { path: 'accountNumber', message: 'La CLABE es requerida' },
    ]);
  });

  it('shows no bank for an invalid CLABE', () => {
    expect(accountBankName('CLABE', '012180001234567897')).toBeNull();
    expect(accountBankName('CARD', '012180001234567899')).toBeNull();
  });
});

describe('card, terminal and cash accounts', () => {
  it('takes a card as its 16 digits with a valid Luhn check', () => {
    expect(luhn('4152313412345675')).toBe(true);
    expect(luhn('4152313412345676')).toBe(false);
    expect(accountNumberProblem('CARD', '4152 3134 1234 5675')).toBeNull();
    expect(accountNumberProblem('CARD', '5675')).toBe('El número de tarjeta debe tener 16 dígitos');
    expect(accountNumberProblem('CARD', '4152313412345676')).toBe('El número de tarjeta no es válido: revisa sus dígitos');
    expect(accountNumberProblem('CARD', '')).toBe('El número de tarjeta es requerido');
  });

  it('takes a terminal identifier of letters, digits and hyphens', () => {
    expect(accountNumberProblem('TERMINAL', 'TPV-0042')).toBeNull();
    expect(accountNumberProblem('TERMINAL', 'TPV 0042')).toMatch(/identificador de la terminal/);
    expect(accountNumberProblem('TERMINAL', 'x'.repeat(31))).toMatch(/hasta 30/);
    expect(accountNumberProblem('TERMINAL', null)).toBe('El identificador de la terminal es requerido');
  });

  it('drops any number of a cash account', () => {
    const parsed = zc.parse(IncomeAccountSchema, { accountType: 'CASH', description: 'Caja', accountNumber: '123' });
    expect(parsed.accountNumber).toBeNull();
  });

  it('masks CLABE and card numbers to their last four digits', () => {
    expect(maskAccountNumber('CLABE', '012180001234567899')).toBe('•••• 7899');
    expect(maskAccountNumber('CARD', '4152313412345675')).toBe('•••• 5675');
    expect(maskAccountNumber('TERMINAL', 'TPV-0042')).toBe('TPV-0042');
    expect(maskAccountNumber('CASH', null)).toBeNull();
  });

  it('requires a type and a description, bounds every text and refuses NUL bytes', () => {
    expect(issues(IncomeAccountSchema, { accountType: '', description: '' }).map((i) => i.path)).toEqual(['accountType', 'description']);
    expect(issues(IncomeAccountSchema, { accountType: 'CASH', description: 'x'.repeat(121) })).toEqual([
      { path: 'description', message: 'La descripción debe tener como máximo 120 caracteres' },
    ]);
    expect(issues(IncomeAccountSchema, { accountType: 'CASH', description: 'Caja\u0000' })).toEqual([
      { path: 'description', message: 'La descripción contiene caracteres no permitidos' },
    ]);
  });
});

describe('accounting account numbers', () => {
  it('are digit groups separated by hyphens', () => {
    const account = (accountingAccount: string) => issues(IncomeAccountSchema, { accountType: 'CASH', description: 'Caja', accountingAccount });
    expect(account('102-01')).toEqual([]);
    expect(account('1020103')).toEqual([]);
    expect(account(' 102-01-003 ')).toEqual([]);
    expect(account('')).toEqual([]);
    for (const bad of ['102-', '-102', '102--01', '102.01', '10 2', 'ABC-01']) {
      expect(account(bad)).toEqual([
        { path: 'accountingAccount', message: 'La cuenta contable debe ser grupos de dígitos separados por guiones, por ejemplo 102-01' },
      ]);
    }
  });

  it('sort group by group, numerically', () => {
    const sorted = ['401-10', '102-01', '401-2', '101-01', '102', '1000'].sort(compareAccountingAccounts);
    expect(sorted).toEqual(['101-01', '102', '102-01', '401-2', '401-10', '1000']);
  });
});

describe('the accounting accounts set', () => {
  it('takes each key once; a blank number removes it; a name needs a number', () => {
    const parsed = zc.parse(AccountingAccountSettingsSchema, {
      accounts: [
        { key: 'BANKS', number: ' 102-01 ', name: ' Bancos ' },
        { key: 'CASH', number: '', name: '' },
      ],
    });
    expect(parsed.accounts).toEqual([
      { key: 'BANKS', number: '102-01', name: 'Bancos' },
      { key: 'CASH', number: null, name: null },
    ]);
    expect(
      issues(AccountingAccountSettingsSchema, {
        accounts: [
          { key: 'BANKS', number: '102-01' },
          { key: 'BANKS', number: '102-02' },
          { key: 'CASH', number: '', name: 'Caja' },
          { key: 'PROVIDERS', number: '201.01' },
          { key: 'NOPE', number: '1' },
        ],
      }),
    ).toEqual([
      { path: 'accounts.3.number', message: 'La cuenta contable debe ser grupos de dígitos separados por guiones, por ejemplo 102-01' },
      { path: 'accounts.4.key', message: 'La cuenta no es una de las cuentas contables de la comunidad' },
    ]);
  });

  it('reports repeated keys and names without numbers', () => {
    expect(
      issues(AccountingAccountSettingsSchema, {
        accounts: [
          { key: 'BANKS', number: '102-01' },
          { key: 'BANKS', number: '102-02' },
          { key: 'CASH', number: '', name: 'Caja' },
        ],
      }),
    ).toEqual([
      { path: 'accounts.1.key', message: 'La cuenta BANKS aparece más de una vez' },
      { path: 'accounts.2.number', message: 'Escribe el número de la cuenta o deja también vacío su nombre' },
    ]);
  });
});
