// Rules of online payments shared by server and client (spec 1 sections 3–8; spec 2 section 7).
import { formatMoney, money, Money } from './money.js';

export const ONLINE_METHODS = ['CARD', 'STORE', 'BANK'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const PAY_METHODS = ['CARD', 'STORE', 'BANK', 'WALLET'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** The gateway's fee of each method: a percentage of the amount plus a fixed part (Openpay México's public rates). */
export const GATEWAY_FEES: Record<OnlineMethod, { percent: string; fixed: string }> = {
  CARD: { percent: '2.9', fixed: '2.5' },
  STORE: { percent: '2.9', fixed: '2.5' },
  BANK: { percent: '0', fixed: '8' },
};

export interface PaymentFee {
  method: OnlineMethod;
  /** The gateway's fee, a whole number of pesos. */
  fee: string;
  /** What the payer is charged: the amount plus the fee when the payer pays it, else the amount. */
  total: string;
  /** What reaches the community: the amount, less the fee when the community pays it. */
  deposit: string;
}

/** Spec 2 section 7: percentage of the amount plus a fixed part, rounded to a whole number. */
export function gatewayFee(method: OnlineMethod, amount: Money | string): Money {
  const { percent, fixed } = GATEWAY_FEES[method];
  return money(amount).times(percent).dividedBy(100).plus(fixed).toDecimalPlaces(0, Money.ROUND_HALF_UP);
}

/** The fee of paying `amount` by `method`, added to the payer's total or deducted from the deposit. */
export function paymentFee(method: OnlineMethod, amount: Money | string, feePaidByPayer: boolean): PaymentFee {
  const fee = gatewayFee(method, amount);
  const base = money(amount);
  return {
    method,
    fee: formatMoney(fee),
    total: formatMoney(feePaidByPayer ? base.plus(fee) : base),
    deposit: formatMoney(feePaidByPayer ? base : base.minus(fee)),
  };
}

/** Spec 1 section 7: after this many failed card attempts the payer is told to wait. */
export const MAX_FAILED_ATTEMPTS = 3;
export const FAILED_ATTEMPTS_WINDOW_HOURS = 24;
export const PAYMENT_MESSAGES = {
  acceptTos: 'Debes aceptar los Términos y condiciones y las Políticas de privacidad',
  unsupportedMethod: 'Método no soportado',
  tokenFailed: 'Ocurrió un error al asegurar la tarjeta. Intente de nuevo.',
  tooManyAttempts: 'Has intentado pagar 3 veces sin éxito. Espera 24 horas antes de volver a intentarlo para evitar una penalización del sistema antifraude.',
  paid: 'El pago ha sido procesado',
  inProcess: 'Tu pago está en proceso. Sigue las instrucciones para completarlo',
  referenceCreated: 'La referencia de pago ha sido generada',
  chargeInProgress: 'El recibo ya tiene un pago en proceso',
  savedCardGone: 'La tarjeta guardada ya no está disponible. Elige otra o captura una nueva',
  authorizationRequired: 'Debes autorizar el cargo automático a tu tarjeta',
  cardDeleted: 'La tarjeta ha sido eliminada',
  automaticChargeSubscribed: 'El cargo automático ha sido activado',
  automaticChargeRemoved: 'El cargo automático ha sido desactivado',
  noOnlinePayments: 'El pago en línea no está habilitado en tu comunidad',
} as const;

/** Our code for a saved card the gateway no longer has (spec 1 section 7: the page reloads). */
export const SAVED_CARD_GONE_CODE = 2080;
/** Openpay's "too many charge attempts" code, answered to a 4th attempt within the window. */
export const TOO_MANY_ATTEMPTS_CODE = 1018;
/** Openpay's code for a card that needs 3-D Secure: the message is the address to go to. */
export const REDIRECT_CODE = 3005;

export type CardBrand = 'visa' | 'master_card' | 'american_express';

/** The brand by the number's prefix (visa 4, Mastercard 51–55 and 2221–2720, American Express 34 and 37). */
export function cardBrand(number: string): CardBrand | null {
  const digits = number.replace(/\s+/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'american_express';
  if (/^5[1-5]/.test(digits)) return 'master_card';
  const four = Number(digits.slice(0, 4));
  if (four >= 2221 && four <= 2720) return 'master_card';
  return null;
}

/** Spec 1 section 5: 3 digits, 4 for American Express. */
export function cvvLength(brand: CardBrand | null): number {
  return brand === 'american_express' ? 4 : 3;
}

/** Luhn check of a card number (spaces ignored). */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\s+/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Spec 1 section 6: card expiry years are the current year plus 24. */
export function expiryYears(currentYear: number): number[] {
  return Array.from({ length: 25 }, (_, i) => currentYear + i);
}

/** Interest-free months offered for an amount: each configured term whose boundary the amount reaches. */
export function msiChoices(amount: Money | string, terms: { months: number; boundary: Money | string }[]): number[] {
  const value = money(amount);
  return terms
    .filter((t) => value.greaterThanOrEqualTo(money(t.boundary)))
    .map((t) => t.months)
    .sort((a, b) => a - b);
}
