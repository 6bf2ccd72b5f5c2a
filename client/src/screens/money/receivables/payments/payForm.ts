// The pay form's values and checks (spec 1 sections 5 and 9): a new card's number (spaces removed,
// Luhn), holder, month 1–12, year from the current one to 24 more, CVV of 3 digits (4 for American
// Express); terms accepted for every method.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { expiryYears, PAYMENT_MESSAGES, type PayMethod } from '../../../../../../core/payments.js';
import { cardBrand, cardDigits, cvvLength, luhnValid } from '../../../../payments/tokenize.js';

/** The card choice of a new card (any other value is a saved card's global id). */
export const NEW_CARD = 'new';

export function payFormSchema(t: TFunction, now: Date = new Date()) {
  return z
    .object({
      method: z.enum(['CARD', 'STORE', 'BANK', 'WALLET']),
      cardId: z.string().max(100),
      number: z.string().max(40),
      holder: z.string().max(80),
      month: z.string().nullable(),
      year: z.string().nullable(),
      cvv: z.string().max(8),
      msi: z.string().nullable(),
      persistCard: z.boolean(),
      saveAutomaticCharge: z.boolean(),
      acceptTos: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!v.acceptTos) ctx.addIssue({ code: 'custom', path: ['acceptTos'], message: PAYMENT_MESSAGES.acceptTos });
      if (v.method !== 'CARD') return;
      if (!v.cardId) {
        ctx.addIssue({ code: 'custom', path: ['cardId'], message: t('payments.pay.errors.card') });
        return;
      }
      if (v.cardId !== NEW_CARD) return;
      const digits = cardDigits(v.number);
      if (!digits) ctx.addIssue({ code: 'custom', path: ['number'], message: t('payments.pay.errors.numberRequired') });
      else if (!/^\d+$/.test(digits) || !luhnValid(digits) || !cardBrand(digits)) {
        ctx.addIssue({ code: 'custom', path: ['number'], message: t('payments.pay.errors.number') });
      }
      if (!v.holder.trim()) ctx.addIssue({ code: 'custom', path: ['holder'], message: t('payments.pay.errors.holder') });
      const month = Number(v.month);
      const year = Number(v.year);
      if (!v.month || !(month >= 1 && month <= 12)) ctx.addIssue({ code: 'custom', path: ['month'], message: t('payments.pay.errors.month') });
      if (!v.year || !expiryYears(now.getFullYear()).includes(year)) ctx.addIssue({ code: 'custom', path: ['year'], message: t('payments.pay.errors.year') });
      else if (month >= 1 && year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) {
        ctx.addIssue({ code: 'custom', path: ['month'], message: t('payments.pay.errors.expired') });
      }
      const digitsCvv = cvvLength(cardBrand(digits));
      if (!new RegExp(`^\\d{${digitsCvv}}$`).test(v.cvv)) {
        ctx.addIssue({ code: 'custom', path: ['cvv'], message: t('payments.pay.errors.cvv', { digits: digitsCvv }) });
      }
    });
}

export type PayFormValues = z.input<ReturnType<typeof payFormSchema>>;

export function emptyPayForm(method: PayMethod, cardId: string): PayFormValues {
  return {
    method,
    cardId,
    number: '',
    holder: '',
    month: null,
    year: null,
    cvv: '',
    msi: null,
    persistCard: false,
    saveAutomaticCharge: false,
    acceptTos: false,
  };
}

/** "4111 1111 1111 1111" as typed (groups of 4; American Express 4-6-5). */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D+/g, '').slice(0, 19);
  if (cardBrand(digits) === 'american_express') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The last four digits of a masked number (411111XXXXXX1111). */
export const lastFour = (masked: string) => masked.replace(/[^0-9X]/gi, '').slice(-4);

/** A masked number grouped for reading: "4111 11XX XXXX 1111". */
export const groupMasked = (masked: string) =>
  masked
    .replace(/\s+/g, '')
    .replace(/(.{4})(?=.)/g, '$1 ')
    .replace(/X/gi, '•');

/** A gateway's 3-D Secure address the browser may go to (never a javascript: or relative address). */
export const isRedirectUrl = (value: string | null | undefined): value is string => !!value && /^https?:\/\/[^\s]+$/i.test(value);
