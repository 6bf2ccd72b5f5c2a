import { describe, expect, it } from 'vitest';
import {
  capDay,
  CUTOFF_REQUIRED,
  DEADLINE_AFTER_CUTOFF,
  describeRate,
  DISCOUNT_AFTER_CUTOFF,
  DISCOUNT_BEFORE_DEADLINE,
  DISCOUNT_INVALID,
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_REQUIRED,
  dueDates,
  HOUSE_TYPE_REPEATED,
  MaintenanceSettingsSchema,
  PENALTY_PERCENT_MAX,
  PENALTY_REQUIRED,
} from './maintenance.js';
import { FEE_MESSAGE, FEE_REQUIRED } from './houseTypes.js';

const base = {
  cutoffDay: 1,
  hasDiscount: true,
  earlyPaymentDiscountType: 'PERCENTAGE' as const,
  earlyPaymentDiscount: '5',
  discountEndDay: 5,
  hasPenalty: true,
  penaltyFeeType: 'PERCENTAGE' as const,
  penaltyFee: '10',
  deadlineDay: 10,
  incomeAccountingAccount: '401-01',
  penaltyAccountingAccount: '401-02',
  discountAccountingAccount: '402-01',
  fees: [{ houseTypeId: 'A', amount: '1500' }],
};

function issues(input: Record<string, unknown>) {
  const result = MaintenanceSettingsSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('capDay and dueDates', () => {
  it('caps days by the last day of the month: February of leap and common years, April, 31-day months', () => {
    expect(capDay(31, 2024, 2)).toBe(29);
    expect(capDay(30, 2024, 2)).toBe(29);
    expect(capDay(29, 2024, 2)).toBe(29);
    expect(capDay(31, 2025, 2)).toBe(28);
    expect(capDay(29, 2025, 2)).toBe(28);
    expect(capDay(31, 1900, 2)).toBe(28);
    expect(capDay(31, 2000, 2)).toBe(29);
    expect(capDay(31, 2025, 4)).toBe(30);
    expect(capDay(30, 2025, 4)).toBe(30);
    expect(capDay(31, 2025, 1)).toBe(31);
    expect(capDay(31, 2025, 12)).toBe(31);
    expect(capDay(15, 2025, 2)).toBe(15);
  });

  it('gives the dates of a period, capped, and none for a switched-off discount or penalty', () => {
    const settings = { cutoffDay: 1, hasDiscount: true, discountEndDay: 5, hasPenalty: true, deadlineDay: 10 };
    expect(dueDates(settings, 2025, 6)).toEqual({ cutoffDate: '2025-06-01', discountEndDate: '2025-06-05', deadlineDate: '2025-06-10' });
    const late = { cutoffDay: 28, hasDiscount: true, discountEndDay: 30, hasPenalty: true, deadlineDay: 31 };
    expect(dueDates(late, 2024, 2)).toEqual({ cutoffDate: '2024-02-28', discountEndDate: '2024-02-29', deadlineDate: '2024-02-29' });
    expect(dueDates(late, 2025, 2)).toEqual({ cutoffDate: '2025-02-28', discountEndDate: '2025-02-28', deadlineDate: '2025-02-28' });
    expect(dueDates(late, 2025, 4)).toEqual({ cutoffDate: '2025-04-28', discountEndDate: '2025-04-30', deadlineDate: '2025-04-30' });
    expect(dueDates(late, 2025, 12)).toEqual({ cutoffDate: '2025-12-28', discountEndDate: '2025-12-30', deadlineDate: '2025-12-31' });
    expect(dueDates({ ...settings, hasDiscount: false, hasPenalty: false }, 2025, 1)).toEqual({
      cutoffDate: '2025-01-01',
      discountEndDate: null,
      deadlineDate: null,
    });
  });
});

describe('MaintenanceSettingsSchema', () => {
  it('normalizes a valid save: days as numbers, money with two decimals, blank accounts as null, methods on by default', () => {
    const value = MaintenanceSettingsSchema.parse({
      ...base,
      cutoffDay: '1',
      discountEndDay: ' 5 ',
      earlyPaymentDiscount: '5.5',
      incomeAccountingAccount: '  ',
    });
    expect(value).toEqual({
      cutoffDay: 1,
      hasDiscount: true,
      earlyPaymentDiscountType: 'PERCENTAGE',
      earlyPaymentDiscount: '5.50',
      discountEndDay: 5,
      hasPenalty: true,
      penaltyFeeType: 'PERCENTAGE',
      penaltyFee: '10.00',
      deadlineDay: 10,
      incomeAccountingAccount: null,
      penaltyAccountingAccount: '401-02',
      discountAccountingAccount: '402-01',
      bankEnabled: true,
      storeEnabled: true,
      cardEnabled: true,
      // Who pays the gateway fee: not sent, left as stored.
      gatewayFeePaidByPayer: null,
      fees: [{ houseTypeId: 'A', amount: '1500.00' }],
    });
  });

  it('requires a cutoff day from 1 to 31', () => {
    expect(issues({ ...base, cutoffDay: null })).toEqual([`cutoffDay: ${CUTOFF_REQUIRED}`]);
    expect(issues({ ...base, cutoffDay: '' })).toEqual([`cutoffDay: ${CUTOFF_REQUIRED}`]);
    for (const bad of [0, 32, 1.5, -1, 'x', '3a'])
      expect(issues({ ...base, cutoffDay: bad, hasDiscount: false, hasPenalty: false })).toEqual([
        'cutoffDay: El día de corte debe ser un día del mes, del 1 al 31',
      ]);
    expect(issues({ ...base, cutoffDay: 31, hasDiscount: false, hasPenalty: false })).toEqual([]);
  });

  it('discount: required amount above zero, a percentage up to 100, a fixed amount any size, its last day required', () => {
    expect(issues({ ...base, earlyPaymentDiscount: '' })).toEqual([`earlyPaymentDiscount: ${DISCOUNT_REQUIRED}`]);
    expect(issues({ ...base, earlyPaymentDiscount: '0' })).toEqual([`earlyPaymentDiscount: ${DISCOUNT_INVALID}`]);
    expect(issues({ ...base, earlyPaymentDiscount: '-5' })).toEqual([`earlyPaymentDiscount: ${DISCOUNT_INVALID}`]);
    expect(issues({ ...base, earlyPaymentDiscount: '1.234' })).toEqual([`earlyPaymentDiscount: ${DISCOUNT_INVALID}`]);
    expect(issues({ ...base, earlyPaymentDiscount: '100.01' })).toEqual([`earlyPaymentDiscount: ${DISCOUNT_PERCENT_MAX}`]);
    expect(issues({ ...base, earlyPaymentDiscount: '100' })).toEqual([]);
    expect(issues({ ...base, earlyPaymentDiscountType: 'AMOUNT', earlyPaymentDiscount: '150.50' })).toEqual([]);
    expect(issues({ ...base, earlyPaymentDiscountType: 'OTHER' })).toEqual(['earlyPaymentDiscountType: El tipo debe ser porcentaje o monto fijo']);
    expect(issues({ ...base, discountEndDay: null })).toEqual(['discountEndDay: El día límite del descuento es requerido']);
  });

  it('penalty: required amount above zero, a percentage up to 100, the deadline day required', () => {
    expect(issues({ ...base, penaltyFee: null })).toEqual([`penaltyFee: ${PENALTY_REQUIRED}`]);
    expect(issues({ ...base, penaltyFee: '101' })).toEqual([`penaltyFee: ${PENALTY_PERCENT_MAX}`]);
    expect(issues({ ...base, penaltyFeeType: 'AMOUNT', penaltyFee: '250' })).toEqual([]);
    expect(issues({ ...base, deadlineDay: '' })).toEqual(['deadlineDay: El día límite de pago es requerido']);
    expect(issues({ ...base, deadlineDay: 40 })).toEqual(['deadlineDay: El día límite de pago debe ser un día del mes, del 1 al 31']);
  });

  it('orders the days: the discount ends before the deadline, both on or after the cutoff day', () => {
    expect(issues({ ...base, discountEndDay: 10 })).toEqual([`discountEndDay: ${DISCOUNT_BEFORE_DEADLINE}`]);
    expect(issues({ ...base, discountEndDay: 12 })).toEqual([`discountEndDay: ${DISCOUNT_BEFORE_DEADLINE}`]);
    expect(issues({ ...base, cutoffDay: 6 })).toEqual([`discountEndDay: ${DISCOUNT_AFTER_CUTOFF}`]);
    expect(issues({ ...base, cutoffDay: 11, hasDiscount: false })).toEqual([`deadlineDay: ${DEADLINE_AFTER_CUTOFF}`]);
    expect(issues({ ...base, cutoffDay: 5 })).toEqual([]);
    // Only one of them on: no order between them.
    expect(issues({ ...base, hasPenalty: false, discountEndDay: 28 })).toEqual([]);
    expect(issues({ ...base, hasDiscount: false, deadlineDay: 1 })).toEqual([]);
  });

  it('a switched-off discount or penalty keeps its type, clears its amount and day and is not checked', () => {
    const value = MaintenanceSettingsSchema.parse({
      ...base,
      hasDiscount: false,
      earlyPaymentDiscountType: 'AMOUNT',
      earlyPaymentDiscount: 'basura',
      discountEndDay: 99,
      hasPenalty: false,
      penaltyFee: '500',
      deadlineDay: 0,
    });
    expect(value).toMatchObject({
      hasDiscount: false,
      earlyPaymentDiscountType: 'AMOUNT',
      earlyPaymentDiscount: null,
      discountEndDay: null,
      hasPenalty: false,
      penaltyFeeType: 'PERCENTAGE',
      penaltyFee: null,
      deadlineDay: null,
    });
  });

  it('checks accounting accounts, fees and repeated house types', () => {
    expect(issues({ ...base, penaltyAccountingAccount: '401.02' })).toEqual([
      'penaltyAccountingAccount: La cuenta contable debe ser grupos de dígitos separados por guiones',
    ]);
    expect(issues({ ...base, discountAccountingAccount: '1'.repeat(41) })).toEqual([
      'discountAccountingAccount: La cuenta contable debe tener como máximo 40 caracteres',
    ]);
    expect(
      issues({
        ...base,
        fees: [
          { houseTypeId: 'A', amount: '' },
          { houseTypeId: 'B', amount: '-1' },
          { houseTypeId: 'C', amount: '1,000' },
          { houseTypeId: 'A', amount: '0' },
        ],
      }),
    ).toEqual([
      `fees.0.amount: ${FEE_REQUIRED}`,
      `fees.1.amount: ${FEE_MESSAGE}`,
      `fees.2.amount: ${FEE_MESSAGE}`,
      `fees.3.houseTypeId: ${HOUSE_TYPE_REPEATED}`,
    ]);
    expect(MaintenanceSettingsSchema.parse({ ...base, fees: [{ houseTypeId: 'Z', amount: '0' }] }).fees).toEqual([{ houseTypeId: 'Z', amount: '0.00' }]);
    expect(MaintenanceSettingsSchema.parse({ ...base, fees: [{ houseTypeId: 'Z', amount: '999999999999.99' }] }).fees[0].amount).toBe('999999999999.99');
    expect(issues({ ...base, fees: [{ houseTypeId: 'Z', amount: '1000000000000' }] })).toEqual([`fees.0.amount: ${FEE_MESSAGE}`]);
  });

  it('describes a rate for the screen', () => {
    expect(describeRate('PERCENTAGE', '5.00')).toBe('5 %');
    expect(describeRate('PERCENTAGE', '7.50')).toBe('7.50 %');
    expect(describeRate('AMOUNT', '1500')).toBe('$1,500.00');
  });
});
