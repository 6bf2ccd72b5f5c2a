// Card tokenization in the browser (spec 1 sections 4, 5, 7): the card's number and CVV go only to the
// gateway's tokens endpoint (Openpay's POST /v1/{merchant}/tokens with the public key; the built-in
// sandbox answers the same path on this origin), never to our server, which receives the token.
import { cardBrand as coreBrand, luhnValid as coreLuhn } from '../../../core/payments.js';

export { cvvLength, type CardBrand } from '../../../core/payments.js';

/** Digits of a card number as typed: spaces and dashes removed. */
export const cardDigits = (number: string) => number.replace(/[\s-]+/g, '');
/** The brand as the number is typed (visa, master_card, american_express), or null. */
export const cardBrand = (number: string) => coreBrand(cardDigits(number));
/** The Luhn check of a number as typed. */
export const luhnValid = (number: string) => coreLuhn(cardDigits(number));

export interface TokenizeTarget {
  /** receiptPayOptions.tokenBaseUrl: https://sandbox-api.openpay.mx, https://api.openpay.mx or /sandbox/openpay. */
  baseUrl: string;
  /** receiptPayOptions.gatewayAccountId (Openpay's merchant id). */
  merchantId: string;
  /** receiptPayOptions.gatewayPublicKey. */
  publicKey: string;
}

export interface CardData {
  /** The number as typed (spaces and dashes are removed). */
  number: string;
  holderName: string;
  /** 1–12. */
  expirationMonth: number;
  /** The full year (2031); sent as two digits. */
  expirationYear: number;
  cvv: string;
}

export class TokenizeError extends Error {
  constructor(
    message: string,
    /** The gateway's error code (2004 invalid number, 2005 expired, 2009 invalid CVV…), or null when nothing usable came back. */
    readonly code: number | null,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'TokenizeError';
  }
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Creates a one-use token of the card at the gateway and answers its id. Throws TokenizeError when it cannot. */
export async function tokenizeCard(target: TokenizeTarget, card: CardData, options: { fetch?: typeof fetch } = {}): Promise<string> {
  const fetchImpl = options.fetch ?? fetch;
  if (!SAFE_ID.test(target.merchantId)) throw new TokenizeError('merchant id is not valid', null, null);
  const base = target.baseUrl.replace(/\/+$/, '');
  const body = {
    card_number: cardDigits(card.number),
    holder_name: card.holderName.trim(),
    expiration_year: String(card.expirationYear % 100).padStart(2, '0'),
    expiration_month: String(card.expirationMonth).padStart(2, '0'),
    cvv2: card.cvv,
  };
  let response: Response;
  try {
    response = await fetchImpl(`${base}/v1/${target.merchantId}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${target.publicKey}:`)}` },
      body: JSON.stringify(body),
      // The gateway is another site in production: no cookies of ours go with the card.
      credentials: 'omit',
    });
  } catch {
    throw new TokenizeError('the gateway could not be reached', null, null);
  }
  let answer: Record<string, unknown> | null;
  try {
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    answer = null;
  }
  if (!response.ok || typeof answer?.id !== 'string') {
    const code = typeof answer?.error_code === 'number' ? answer.error_code : null;
    throw new TokenizeError(typeof answer?.description === 'string' ? answer.description : `HTTP ${response.status}`, code, response.status);
  }
  return answer.id;
}

/**
 * A device session id for the gateway's anti-fraud system (Openpay's deviceData.setup makes a
 * 32-character one): a fresh one per payment attempt.
 */
export function deviceSessionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
