import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const FIELDS = `configured cutoffDay hasDiscount earlyPaymentDiscountType earlyPaymentDiscount discountEndDay hasPenalty penaltyFeeType penaltyFee
  deadlineDay incomeAccountingAccount penaltyAccountingAccount discountAccountingAccount bankEnabled storeEnabled cardEnabled gatewayFeePaidByPayer
  gatewayDashboardUrl integratorClientId environmentUrl fees { houseTypeDatabaseId title amount }`;

/** Spec 2 section 3 names the fields; fees are { id_house_type, amount } (amounts as two-decimal strings). */
function legacySettings(s: any) {
  return {
    configured: s.configured,
    cutoff_day: s.cutoffDay,
    has_discount: s.hasDiscount,
    early_payment_discount_type: s.earlyPaymentDiscountType,
    early_payment_discount: s.earlyPaymentDiscount,
    discount_end_day: s.discountEndDay,
    has_penalty: s.hasPenalty,
    penalty_fee_type: s.penaltyFeeType,
    penalty_fee: s.penaltyFee,
    deadline_day: s.deadlineDay,
    income_accounting_account: s.incomeAccountingAccount,
    penalty_accounting_account: s.penaltyAccountingAccount,
    discount_accounting_account: s.discountAccountingAccount,
    bank_enabled: s.bankEnabled,
    store_enabled: s.storeEnabled,
    card_enabled: s.cardEnabled,
    gateway_fee_paid_by_payer: s.gatewayFeePaidByPayer,
    gateway_dashboard_url: s.gatewayDashboardUrl,
    integrator_client_id: s.integratorClientId,
    environment_url: s.environmentUrl,
    fees: s.fees.map((f: any) => ({ id_house_type: f.houseTypeDatabaseId, title: f.title, amount: f.amount })),
  };
}

/** A day as a JSON number or a numeric string; the range is the core schema's to check. */
const day = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\s*\d{1,2}\s*$/)
      .transform(Number),
  ])
  .nullish();
const amount = z.union([z.string(), z.number().transform(String)]).nullish();
const text = z.string().nullish();
const feeType = z.enum(['PERCENTAGE', 'AMOUNT']).nullish();

const body = z.object({
  cutoff_day: day,
  has_discount: z.boolean(),
  early_payment_discount_type: feeType,
  early_payment_discount: amount,
  discount_end_day: day,
  has_penalty: z.boolean(),
  penalty_fee_type: feeType,
  penalty_fee: amount,
  deadline_day: day,
  income_accounting_account: text,
  penalty_accounting_account: text,
  discount_accounting_account: text,
  bank_enabled: z.boolean().nullish(),
  store_enabled: z.boolean().nullish(),
  card_enabled: z.boolean().nullish(),
  gateway_fee_paid_by_payer: z.boolean().nullish(),
  fees: z
    .array(
      z.object({ id_house_type: z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]), amount: z.union([z.string(), z.number().transform(String)]) }),
    )
    .max(200)
    .nullish(),
});

const PATH = '/neighborhoods/{n}/settings/maintenance';

export const maintenanceSettingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: PATH,
    operation: `query { maintenanceSettings { ${FIELDS} } }`,
    result: (data) => legacySettings(data.maintenanceSettings),
  },
  {
    method: 'PUT',
    path: PATH,
    body,
    operation: `mutation($input: UpdateMaintenanceSettingsInput!) { updateMaintenanceSettings(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateMaintenanceSettingsSuccess { data { maintenanceSettings { ${FIELDS} } } } } }`,
    variables: ({ body: b }) => ({
      input: {
        cutoffDay: b.cutoff_day ?? null,
        hasDiscount: b.has_discount,
        earlyPaymentDiscountType: b.early_payment_discount_type ?? null,
        earlyPaymentDiscount: b.early_payment_discount ?? null,
        discountEndDay: b.discount_end_day ?? null,
        hasPenalty: b.has_penalty,
        penaltyFeeType: b.penalty_fee_type ?? null,
        penaltyFee: b.penalty_fee ?? null,
        deadlineDay: b.deadline_day ?? null,
        incomeAccountingAccount: b.income_accounting_account ?? null,
        penaltyAccountingAccount: b.penalty_accounting_account ?? null,
        discountAccountingAccount: b.discount_accounting_account ?? null,
        bankEnabled: b.bank_enabled ?? null,
        storeEnabled: b.store_enabled ?? null,
        cardEnabled: b.card_enabled ?? null,
        gatewayFeePaidByPayer: b.gateway_fee_paid_by_payer ?? null,
        fees: (b.fees ?? []).map((f: { id_house_type: number | string; amount: string }) => ({
          houseTypeId: globalId('HouseType', String(f.id_house_type)),
          amount: f.amount,
        })),
      },
    }),
    result: (data) => legacySettings(unwrapResult<any>(data.updateMaintenanceSettings).maintenanceSettings),
  },
];
