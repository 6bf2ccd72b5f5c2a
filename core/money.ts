// Money in one type for server and client: decimal.js, never a float. Amounts are stored as
// Decimal(14,2) and always printed with two decimals ("1500.50").
import { Decimal } from 'decimal.js';

/** Our own Decimal constructor, so another library's global settings never change money arithmetic. */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** Largest amount Decimal(14,2) holds. */
export const MAX_MONEY = new Money('999999999999.99');
/** A typed amount: optional minus, up to 12 integer digits, up to two decimals. */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

type MoneyLike = Money | string | number | { toFixed(digits: number): string };

/** Any amount (a Money, the database's Decimal, a "1500.5" string) as Money. Numbers only as literals in code. */
export function money(value: MoneyLike): Money {
  if (value instanceof Money) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Money(value);
  // Prisma's Decimal and other decimal types: through their exact text, never through a float.
  return new Money(value.toFixed(2));
}

/** A typed amount, or null when it is not one (letters, more than two decimals, out of Decimal(14,2)). */
export function parseMoney(text: string): Money | null {
  const trimmed = text.trim();
  if (!MONEY_PATTERN.test(trimmed)) return null;
  return new Money(trimmed);
}

/** Two decimals, rounded half up: "1500.50", "-3.00". */
export function formatMoney(value: MoneyLike): string {
  return money(value).toFixed(2, Money.ROUND_HALF_UP);
}

/** Equal to the cent, whatever their types (null equals only null). */
export function sameMoney(a: MoneyLike | null | undefined, b: MoneyLike | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null;
  return money(a).toFixed(2) === money(b).toFixed(2);
}

/** Sum to the cent. */
export function sumMoney(values: Iterable<MoneyLike>): Money {
  let total = new Money(0);
  for (const v of values) total = total.plus(money(v));
  return total;
}

const TWO_DECIMALS = /^-?\d{1,15}\.\d\d$/;

/**
 * A running sum of many amounts as integer cents (what a year export adds up: 100,000 rows), exact like
 * sumMoney and far cheaper per row. Text with two decimals ("-1234.50", as numeric(14,2) columns read)
 * takes the fast path; anything else goes through Money.
 */
export class CentsTotal {
  private cents = 0n;

  add(value: string): void {
    this.cents += TWO_DECIMALS.test(value) ? BigInt(value.slice(0, -3) + value.slice(-2)) : BigInt(money(value).times(100).toFixed(0));
  }

  get total(): Money {
    return new Money(this.cents.toString()).div(100);
  }
}

/** For display: "$1,500.50" in Mexican pesos. */
export function formatPesos(value: MoneyLike): string {
  const fixed = formatMoney(value);
  const negative = fixed.startsWith('-');
  const [int, dec] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}
