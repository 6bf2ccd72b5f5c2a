// The accounting policies (pólizas) of a period, pure: what the ledgers moved, mapped to debits and credits
// of the community's accounting accounts, and the CONTPAQi Contabilidad P/M layout they are written in.
// Every mapping writes a debit and a credit of the same amount, so every póliza balances to the cent.
//
// - Houses (one póliza de Ingresos per day for money that came in or settled receipts, one de Diario per
//   day for the rest): a house's wallets live in RECEIVABLES (its debts are debit, its balance in favour
//   credit). Each entry moves RECEIVABLES by its amount (credit when positive) against a counterpart:
//   DEPOSIT the bank (the income account's own accounting account, CASH for cash, else BANKS);
//   RECEIPT_PAID, WALLET_PAYMENT and RECEIPT_DELETED the receipt's income (the concept's accounting account,
//   else EXTRAORDINARY_INCOME or MAINTENANCE_INCOME by wallet; the penalty part PENALTY_INCOME);
//   INITIAL_BALANCE and ADJUSTMENT DISCOUNTS (adjustments); a REVERSAL the counterpart of what it reverses.
//   TRANSFER and AGREEMENT moves stay inside RECEIVABLES and write nothing.
// - Expenses (one póliza de Egresos per payment): the provision (debit the concept's account — its
//   internal id when it is an account number — or EXPENSES for subtotal − discount, VAT_PENDING for the
//   transferred taxes; credit PROVIDERS for the total and for the retained taxes) and the payment (debit
//   PROVIDERS, credit the paying account's accounting account or BANKS).
// - Withdrawals (one póliza de Diario each): debit the receiving account (or BANKS) with the amount and
//   GATEWAY_FEES with the fee, credit BANKS (the gateway balance) with the total.
import type { AccountingAccountKey } from '../../../../../core/accounts.js';
import { formatMoney, type Money, money } from '../../../../../core/money.js';
import { accountingAccount } from '../../../../../core/validators.js';

export const ACCOUNT_KEY_NAMES: Record<AccountingAccountKey, string> = {
  BANKS: 'Bancos',
  CASH: 'Caja',
  RECEIVABLES: 'Cuentas por cobrar',
  MAINTENANCE_INCOME: 'Ingresos por mantenimiento',
  EXTRAORDINARY_INCOME: 'Ingresos extraordinarios',
  PENALTY_INCOME: 'Ingresos por multas',
  DISCOUNTS: 'Descuentos y ajustes',
  SUSPENSE: 'Cuenta puente',
  VAT_TRANSFERRED: 'IVA trasladado',
  VAT_PENDING: 'IVA pendiente de acreditar',
  PROVIDERS: 'Proveedores',
  EXPENSES: 'Gastos',
  GATEWAY_FEES: 'Comisiones bancarias',
};

export type PolicyType = 'INGRESO' | 'EGRESO' | 'DIARIO';
/** CONTPAQi's póliza types: 1 Ingresos, 2 Egresos, 3 Diario. */
export const POLICY_TYPE_CODE: Record<PolicyType, number> = { INGRESO: 1, EGRESO: 2, DIARIO: 3 };

export interface PolicyLine {
  account: string;
  side: 'DEBIT' | 'CREDIT';
  amount: Money;
  concept: string;
  reference: string;
}

export interface Policy {
  type: PolicyType;
  day: string;
  number: number;
  concept: string;
  lines: PolicyLine[];
}

/** A group of house ledger entries of one day with the same accounting (summed by the database). */
export interface HouseGroup {
  day: string;
  kind: string;
  reversedKind: string | null;
  paymentMethod: string | null;
  /** The receipt's income account's accounting account. */
  bankAccount: string | null;
  /** The receipt's income concept's accounting account. */
  incomeAccount: string | null;
  walletType: string;
  /** Signed sum. */
  amount: string;
  /** Of |amount|, what paid penalties. */
  penalty: string;
}

export interface ExpensePayment {
  day: string;
  expenseId: number;
  folio: string;
  provider: string | null;
  description: string | null;
  subtotal: string;
  discount: string;
  transferredTaxes: string;
  retainedTaxes: string;
  /** What left the account (positive). */
  paid: string;
  conceptAccount: string | null;
  bankAccount: string | null;
}

export interface WithdrawalMove {
  day: string;
  withdrawalId: number;
  /** What reached the account. */
  amount: string;
  /** What left the gateway balance (amount + fee). */
  total: string;
  bankAccount: string | null;
}

export type AccountSettings = Partial<Record<AccountingAccountKey, string | null>>;

// A returned deposit takes back the income its receipt recorded, as balance in the house's favour.
const INCOME_KINDS = new Set(['RECEIPT_PAID', 'WALLET_PAYMENT', 'RECEIPT_DELETED', 'DEPOSIT_RETURNED']);
const CASH_KINDS = new Set(['DEPOSIT', 'RECEIPT_PAID', 'WALLET_PAYMENT']);
const SKIPPED = new Set(['TRANSFER', 'AGREEMENT', 'AGREEMENT_CANCELLED']);

const dmy = (iso: string) => iso.split('-').reverse().join('/');

export class PolicyBuilder {
  readonly missing = new Set<AccountingAccountKey>();
  private readonly byKey = new Map<string, Policy>();
  private readonly single: Policy[] = [];

  constructor(private readonly settings: AccountSettings) {}

  /** The configured account of a key (a missing one is remembered and answered as the key's name). */
  account(key: AccountingAccountKey): string {
    const number = this.settings[key]?.trim();
    if (number) return number;
    this.missing.add(key);
    return key;
  }

  private own(number: string | null | undefined, fallback: AccountingAccountKey): string {
    const n = number?.trim();
    return n && accountingAccount(n) === null ? n : this.account(fallback);
  }

  private daily(type: PolicyType, day: string, concept: string): Policy {
    const key = `${day}|${type}`;
    let p = this.byKey.get(key);
    if (!p) {
      p = { type, day, number: 0, concept, lines: [] };
      this.byKey.set(key, p);
    }
    return p;
  }

  /** Adds a debit and a credit of `amount` (a negative amount swaps them; zero writes nothing). */
  private pair(p: Policy, debit: string, credit: string, amount: Money, concept: string, reference = '') {
    if (amount.isZero()) return;
    const [d, c] = amount.isNegative() ? [credit, debit] : [debit, credit];
    const a = amount.abs();
    p.lines.push({ account: d, side: 'DEBIT', amount: a, concept, reference }, { account: c, side: 'CREDIT', amount: a, concept, reference });
  }

  private counterpart(kind: string, g: HouseGroup): string {
    switch (kind) {
      case 'DEPOSIT':
        return this.own(g.bankAccount, g.paymentMethod === 'CASH' ? 'CASH' : 'BANKS');
      case 'RECEIPT_PAID':
      case 'WALLET_PAYMENT':
      case 'RECEIPT_DELETED':
      case 'DEPOSIT_RETURNED':
        return this.own(g.incomeAccount, g.walletType === 'EXTRAORDINARY' ? 'EXTRAORDINARY_INCOME' : 'MAINTENANCE_INCOME');
      default:
        return this.account('DISCOUNTS');
    }
  }

  house(g: HouseGroup) {
    const kind = g.kind === 'REVERSAL' ? (g.reversedKind ?? 'ADJUSTMENT') : g.kind;
    if (SKIPPED.has(kind)) return;
    const amount = money(g.amount);
    const type: PolicyType = CASH_KINDS.has(kind) ? 'INGRESO' : 'DIARIO';
    const p = this.daily(type, g.day, type === 'INGRESO' ? `Ingresos del ${dmy(g.day)}` : `Movimientos de saldos del ${dmy(g.day)}`);
    const receivables = this.account('RECEIVABLES');
    const concept = g.kind === 'REVERSAL' ? `Reversa: ${KIND_CONCEPTS[kind] ?? kind}` : (KIND_CONCEPTS[kind] ?? kind);
    // amount > 0 (in the house's favour): credit RECEIVABLES, debit the counterpart.
    if (INCOME_KINDS.has(kind)) {
      const penalty = money(g.penalty).abs();
      const part = penalty.gt(amount.abs()) ? amount.abs() : penalty;
      const signed = amount.isNegative() ? part.negated() : part;
      this.pair(p, this.account('PENALTY_INCOME'), receivables, signed, `${concept} (multas)`);
      this.pair(p, this.counterpart(kind, g), receivables, amount.minus(signed), concept);
    } else {
      this.pair(p, this.counterpart(kind, g), receivables, amount, concept);
    }
  }

  expense(e: ExpensePayment) {
    const p: Policy = {
      type: 'EGRESO',
      day: e.day,
      number: 0,
      concept: `Pago del egreso ${e.folio}${e.provider ? ` a ${e.provider}` : ''}`.slice(0, 100),
      lines: [],
    };
    const ref = e.folio.slice(0, 20);
    const net = money(e.subtotal).minus(money(e.discount));
    const vat = money(e.transferredTaxes);
    const retained = money(e.retainedTaxes);
    const providers = this.account('PROVIDERS');
    const concept = (e.description ?? 'Egreso').replace(/\s+/g, ' ').slice(0, 100);
    const line = (account: string, side: PolicyLine['side'], amount: Money, text: string) => {
      if (!amount.isZero()) p.lines.push({ account, side, amount, concept: text, reference: ref });
    };
    line(this.own(e.conceptAccount, 'EXPENSES'), 'DEBIT', net, concept);
    line(this.account('VAT_PENDING'), 'DEBIT', vat, 'IVA pendiente de acreditar');
    line(providers, 'CREDIT', net.plus(vat).minus(retained), concept);
    // The retained taxes stay owed (credited to PROVIDERS until they are paid to the SAT).
    line(providers, 'CREDIT', retained, 'Impuestos retenidos');
    this.pair(p, providers, this.own(e.bankAccount, 'BANKS'), money(e.paid), `Pago: ${concept}`, ref);
    this.single.push(p);
  }

  withdrawal(w: WithdrawalMove) {
    const p: Policy = { type: 'DIARIO', day: w.day, number: 0, concept: `Retiro ${w.withdrawalId} de la pasarela de pagos`, lines: [] };
    const ref = `RET-${w.withdrawalId}`;
    const gateway = this.account('BANKS');
    const amount = money(w.amount);
    const fee = money(w.total).minus(amount);
    this.pair(p, this.own(w.bankAccount, 'BANKS'), gateway, amount, 'Retiro a la cuenta', ref);
    this.pair(p, this.account('GATEWAY_FEES'), gateway, fee, 'Comisión del retiro', ref);
    this.single.push(p);
  }

  /** The pólizas in day order (Ingresos, Egresos, Diario within a day), numbered per type; empty ones left out. */
  policies(): Policy[] {
    const all = [...this.byKey.values(), ...this.single].filter((p) => p.lines.length > 0);
    all.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : POLICY_TYPE_CODE[a.type] - POLICY_TYPE_CODE[b.type]));
    const next: Record<PolicyType, number> = { INGRESO: 0, EGRESO: 0, DIARIO: 0 };
    for (const p of all) {
      p.number = ++next[p.type];
      if (this.byKey.has(`${p.day}|${p.type}`)) p.lines = mergeLines(p.lines);
    }
    return all;
  }
}

/** Daily pólizas sum their lines by account, side and concept (the detail is the transactions grid). */
function mergeLines(lines: PolicyLine[]): PolicyLine[] {
  const merged = new Map<string, PolicyLine>();
  for (const l of lines) {
    const key = `${l.account}|${l.side}|${l.concept}|${l.reference}`;
    const m = merged.get(key);
    if (m) m.amount = m.amount.plus(l.amount);
    else merged.set(key, { ...l });
  }
  return [...merged.values()].filter((l) => !l.amount.isZero());
}

const KIND_CONCEPTS: Record<string, string> = {
  INITIAL_BALANCE: 'Saldos iniciales',
  DEPOSIT: 'Depósitos de condóminos',
  RECEIPT_PAID: 'Recibos pagados',
  WALLET_PAYMENT: 'Recibos pagados con saldo a favor',
  ADJUSTMENT: 'Ajustes de saldo',
  RECEIPT_DELETED: 'Recibos eliminados cargados al saldo',
  DEPOSIT_RETURNED: 'Depósitos de reservaciones devueltos al saldo',
};

export function policyTotals(p: Policy): { debit: Money; credit: Money } {
  let debit = money(0);
  let credit = money(0);
  for (const l of p.lines) {
    if (l.side === 'DEBIT') debit = debit.plus(l.amount);
    else credit = credit.plus(l.amount);
  }
  return { debit, credit };
}

/**
 * CONTPAQi Contabilidad's póliza import layout (P/M rows, "Importar pólizas desde Excel/TXT"):
 * P: tipo de registro "P", fecha AAAAMMDD, tipo de póliza (1 Ingresos, 2 Egresos, 3 Diario), número,
 *    clase (1 normal), id diario (0), concepto, sistema de origen (11), impresa (0), ajuste (0);
 * M: tipo de registro "M", cuenta, referencia, tipo de movimiento (0 cargo, 1 abono), importe, id diario (0),
 *    importe en moneda extranjera (0), concepto.
 */
export const P_COLUMNS = ['Registro', 'Fecha', 'Tipo', 'Número', 'Clase', 'IdDiario', 'Concepto', 'SistOrig', 'Impresa', 'Ajuste'] as const;
export const M_COLUMNS = ['Registro', 'Cuenta', 'Referencia', 'TipoMovto', 'Importe', 'IdDiario', 'ImporteME', 'Concepto'] as const;

export function layoutRows(p: Policy): (string | number)[][] {
  const rows: (string | number)[][] = [['P', p.day.replaceAll('-', ''), POLICY_TYPE_CODE[p.type], p.number, 1, 0, p.concept.slice(0, 100), 11, 0, 0]];
  for (const l of p.lines)
    rows.push(['M', l.account, l.reference.slice(0, 20), l.side === 'DEBIT' ? 0 : 1, formatMoney(l.amount), 0, '0.00', l.concept.slice(0, 100)]);
  return rows;
}
