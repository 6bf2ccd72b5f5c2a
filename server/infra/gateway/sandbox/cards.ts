// The built-in sandbox's test cards. A card number is only read while a token is created: what is kept is
// its brand, its masked number (BIN and last four, as Openpay answers it), its type and the behaviour
// below — never the number or the CVV.
//
// | Number              | Brand            | Type   | Behaviour                                                    |
// |---------------------|------------------|--------|--------------------------------------------------------------|
// | 4111111111111111    | visa             | credit | approved                                                     |
// | 4242424242424242    | visa             | debit  | approved                                                     |
// | 5555555555554444    | mastercard       | credit | approved                                                     |
// | 5105105105105100    | mastercard       | debit  | approved                                                     |
// | 345678000000007     | american_express | credit | approved (4-digit CVV)                                       |
// | 4000000000000002    | visa             | credit | declined 3001                                                |
// | 4000000000000069    | visa             | credit | expired 3002                                                 |
// | 4000000000000119    | visa             | credit | stolen 3004                                                  |
// | 4444444444444448    | visa             | credit | insufficient funds 3003                                      |
// | 4000000000000101    | visa             | credit | antifraud 3005                                               |
// | 4000000000003063    | visa             | credit | needs 3-D Secure: 3005 without use_3d_secure, approved after |
// | 4000000000000044    | visa             | credit | in_progress, completed later by a webhook (delayed)          |
// | 4000000000000036    | visa             | credit | charge recorded as completed, answer lost (HTTP 504)         |
// | any other valid one | by its BIN       | credit | approved                                                     |
//
// Any card charged with use_3d_secure answers charge_pending and a redirect to the sandbox's 3-D Secure
// page; "Autorizar" there applies the card's behaviour, "Rechazar" fails the charge with 2010.

export type CardBehaviour =
  | { kind: 'approve' }
  | { kind: 'decline'; code: number; httpCode: number; description: string }
  | { kind: 'require3ds' }
  | { kind: 'delayed' }
  | { kind: 'lostAnswer' };

export type Brand = 'visa' | 'mastercard' | 'american_express';

interface TestCard {
  brand: Brand;
  type: 'credit' | 'debit';
  bankName: string;
  bankCode: string;
  behaviour: CardBehaviour;
}

const approve: CardBehaviour = { kind: 'approve' };

const TEST_CARDS: Record<string, TestCard> = {
  '4111111111111111': { brand: 'visa', type: 'credit', bankName: 'Banamex', bankCode: '002', behaviour: approve },
  '4242424242424242': { brand: 'visa', type: 'debit', bankName: 'BBVA Bancomer', bankCode: '012', behaviour: approve },
  '5555555555554444': { brand: 'mastercard', type: 'credit', bankName: 'Banamex', bankCode: '002', behaviour: approve },
  '5105105105105100': { brand: 'mastercard', type: 'debit', bankName: 'Santander', bankCode: '014', behaviour: approve },
  '345678000000007': { brand: 'american_express', type: 'credit', bankName: 'American Express', bankCode: '103', behaviour: approve },
  '4000000000000002': {
    brand: 'visa',
    type: 'credit',
    bankName: 'Banamex',
    bankCode: '002',
    behaviour: { kind: 'decline', code: 3001, httpCode: 402, description: 'The card was declined' },
  },
  '4000000000000069': {
    brand: 'visa',
    type: 'credit',
    bankName: 'Banamex',
    bankCode: '002',
    behaviour: { kind: 'decline', code: 3002, httpCode: 402, description: 'The card has expired' },
  },
  '4000000000000119': {
    brand: 'visa',
    type: 'credit',
    bankName: 'Banamex',
    bankCode: '002',
    behaviour: { kind: 'decline', code: 3004, httpCode: 402, description: 'The card was reported as stolen' },
  },
  '4444444444444448': {
    brand: 'visa',
    type: 'credit',
    bankName: 'Banamex',
    bankCode: '002',
    behaviour: { kind: 'decline', code: 3003, httpCode: 402, description: "The card doesn't have sufficient funds" },
  },
  '4000000000000101': {
    brand: 'visa',
    type: 'credit',
    bankName: 'Banamex',
    bankCode: '002',
    behaviour: { kind: 'decline', code: 3005, httpCode: 402, description: 'The card was declined by the antifraud system' },
  },
  '4000000000003063': { brand: 'visa', type: 'credit', bankName: 'Banamex', bankCode: '002', behaviour: { kind: 'require3ds' } },
  '4000000000000044': { brand: 'visa', type: 'credit', bankName: 'Banamex', bankCode: '002', behaviour: { kind: 'delayed' } },
  '4000000000000036': { brand: 'visa', type: 'credit', bankName: 'Banamex', bankCode: '002', behaviour: { kind: 'lostAnswer' } },
};

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): Brand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'american_express';
  return null;
}

/** Openpay's masked number: the first six digits, X for the middle ones, the last four. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'X'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}

/** What the sandbox keeps of a card number (its brand, type, bank and behaviour), or null for an unknown brand. */
export function describeCard(digits: string): TestCard | null {
  const known = TEST_CARDS[digits];
  if (known) return known;
  const brand = brandOf(digits);
  return brand ? { brand, type: 'credit', bankName: 'Banamex', bankCode: '002', behaviour: approve } : null;
}
