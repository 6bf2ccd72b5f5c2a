// An amount in Spanish words as Mexican invoices print it: "MIL QUINIENTOS PESOS 50/100 M.N.".
import { Money } from '../../../core/money.js';

const UNITS = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];

/** 0..999 ("UN" before nouns: "VEINTIUN MIL", "UN MILLÓN"). */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [HUNDREDS[h]];
  if (rest < 30) parts.push(UNITS[rest]);
  else parts.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? ` Y ${UNITS[rest % 10]}` : ''));
  return parts.filter(Boolean).join(' ');
}

function integerWords(n: bigint): string {
  if (n === 0n) return 'CERO';
  const millions = n / 1_000_000n;
  const rest = Number(n % 1_000_000n);
  const parts: string[] = [];
  if (millions > 0n) parts.push(millions === 1n ? 'UN MILLÓN' : `${integerWords(millions)} MILLONES`);
  const thousands = Math.floor(rest / 1000);
  if (thousands) parts.push(thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`);
  if (rest % 1000) parts.push(belowThousand(rest % 1000));
  return parts.join(' ');
}

/** "MIL QUINIENTOS PESOS 50/100 M.N."; "UN PESO 00/100 M.N."; "UN MILLÓN DE PESOS 00/100 M.N.". */
export function amountInWords(value: Money | string): string {
  const [int, dec] = new Money(value).abs().toFixed(2, Money.ROUND_HALF_UP).split('.');
  const n = BigInt(int);
  const words = integerWords(n);
  const currency = n === 1n ? 'PESO' : n > 0n && n % 1_000_000n === 0n ? 'DE PESOS' : 'PESOS';
  return `${words} ${currency} ${dec}/100 M.N.`;
}
