// A house's account statement (spec 1: /houses/{houseId}/statements, GET .../statement and its PDF). The
// position of a house is what its wallets hold minus what its pending receipts expect; the statement of a
// period lists what changed it: charges (receipts by due date, and a deleted receipt's debt moved to
// its wallet), payments (money that came in) and adjustments (initial balance, authorised adjustments).
// Moves inside the house (wallet payments, transfers, reversals of a wallet payment) change nothing and
// are left out. So opening + charges + payments + adjustments = closing, to the cent.
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { isCalendarDay } from '../../../../../core/input.js';
import { todayIn } from '../../../../../core/receipts.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';
import { communityToday } from '../../../../kernel/today.js';

export type StatementRowKind = 'CHARGE' | 'PAYMENT' | 'ADJUSTMENT';

export interface StatementRow {
  date: string;
  kind: StatementRowKind;
  description: string;
  /** Signed: charges negative, payments positive, adjustments either. */
  amount: string;
  receiptId: number | null;
}

export interface HouseStatement {
  houseId: number;
  houseLabel: string;
  communityName: string;
  ownerName: string | null;
  from: string;
  to: string;
  opening: string;
  charges: string;
  payments: string;
  adjustments: string;
  closing: string;
  rows: StatementRow[];
}

export const STATEMENT_ADMIN = ['AStatementsRead'] as const;
export const MAX_STATEMENT_ROWS = 5000;

function validDate(value: string, field: string) {
  if (!isCalendarDay(value)) {
    throw new InputError([{ field, message: `La fecha ${field === 'from' ? '«Desde»' : '«Hasta»'} no es válida (AAAA-MM-DD)` }]);
  }
  return value;
}

/** The statement of a house between two dates (both included): a missing end filled as the reports fill it (reports/period.ts), so no dates is the year to date. */
export async function houseStatement(
  ctx: ServiceContext,
  houseId: number | null,
  range: { from?: string | null; to?: string | null },
): Promise<HouseStatement> {
  const house = await targetHouse(ctx, houseId, STATEMENT_ADMIN, 'FOREIGN_BALANCE');
  const today = await communityToday(ctx.prisma, house.neighborhoodId);
  const to = validDate(range.to || today, 'to');
  const from = validDate(range.from || `${[to, today].sort()[0].slice(0, 4)}-01-01`, 'from');
  if (from > to) throw new InputError([{ field: 'from', message: 'El campo "Desde" debe de ser anterior o igual al campo "Hasta".' }]);
  return statementOf(ctx.prisma, house.neighborhoodId, house.id, from, to);
}

export async function statementOf(tx: Tx, neighborhoodId: number, houseId: number, from: string, to: string): Promise<HouseStatement> {
  const [info, receipts, entries] = await Promise.all([
    tx.house.findUniqueOrThrow({
      where: { id: houseId },
      select: {
        interiorNumber: true,
        exteriorNumber: true,
        block: true,
        lot: true,
        catastral: true,
        neighborhood: { select: { name: true, timeZone: true } },
        owner: { select: { firstName: true, lastName: true } },
      },
    }),
    tx.receipt.findMany({
      where: { houseId, neighborhoodId, deletedAt: null, creditsWallet: false, dueDate: { lte: new Date(`${to}T00:00:00Z`) } },
      select: { id: true, dueDate: true, description: true, amount: true },
      orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
    }),
    tx.ledgerEntry.findMany({
      where: {
        houseId,
        neighborhoodId,
        kind: { in: ['DEPOSIT', 'ADJUSTMENT', 'INITIAL_BALANCE', 'RECEIPT_DELETED', 'AGREEMENT', 'AGREEMENT_CANCELLED', 'DEPOSIT_RETURNED'] },
        createdAt: { lt: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000) },
      },
      select: {
        id: true,
        kind: true,
        amount: true,
        createdAt: true,
        reason: true,
        receiptId: true,
        paymentMethod: true,
        receipt: { select: { description: true } },
      },
      orderBy: { id: 'asc' },
    }),
  ]);
  const all: StatementRow[] = [
    ...receipts.map((r) => ({
      date: r.dueDate.toISOString().slice(0, 10),
      kind: 'CHARGE' as const,
      description: r.description,
      amount: formatMoney(money(r.amount).negated()),
      receiptId: r.id,
    })),
    ...entries.map((e) => ({
      date: todayIn(info.neighborhood.timeZone, e.createdAt),
      kind: e.kind === 'DEPOSIT' ? ('PAYMENT' as const) : e.kind === 'RECEIPT_DELETED' ? ('CHARGE' as const) : ('ADJUSTMENT' as const),
      description: describe(e),
      amount: formatMoney(e.amount),
      receiptId: e.receiptId,
    })),
  ]
    .filter((r) => r.date <= to)
    .sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));
  const before = all.filter((r) => r.date < from);
  const rows = all.filter((r) => r.date >= from);
  const total = (kind: StatementRowKind) => sumMoney(rows.filter((r) => r.kind === kind).map((r) => r.amount));
  const opening = sumMoney(before.map((r) => r.amount));
  const charges = total('CHARGE');
  const payments = total('PAYMENT');
  const adjustments = total('ADJUSTMENT');
  return {
    houseId,
    houseLabel: houseLabel(info),
    communityName: info.neighborhood.name,
    ownerName: info.owner ? [info.owner.firstName, info.owner.lastName].filter(Boolean).join(' ') : null,
    from,
    to,
    opening: formatMoney(opening),
    charges: formatMoney(charges),
    payments: formatMoney(payments),
    adjustments: formatMoney(adjustments),
    closing: formatMoney(opening.plus(charges).plus(payments).plus(adjustments)),
    rows: rows.slice(0, MAX_STATEMENT_ROWS),
  };
}

const METHOD_NAMES: Record<string, string> = {
  CARD: 'tarjeta',
  STORE: 'tienda',
  BANK: 'transferencia',
  WALLET: 'Monedero',
  CASH: 'efectivo',
  CREDIT: 'tarjeta de crédito',
  DEBIT: 'tarjeta de débito',
  EXTERNAL: 'pago externo',
  MANUAL: 'pago registrado',
};

function describe(e: { kind: string; reason: string | null; paymentMethod: string | null; receipt: { description: string } | null }): string {
  switch (e.kind) {
    case 'DEPOSIT':
      // Money that reached the wallet without a receipt (a SPEI transfer to the house's CLABE) says what it was.
      if (!e.receipt && e.reason) return `Depósito al monedero: ${e.reason}`;
      return `Pago${e.receipt ? ` de ${e.receipt.description}` : ''}${e.paymentMethod ? ` (${METHOD_NAMES[e.paymentMethod] ?? e.paymentMethod})` : ''}`;
    case 'RECEIPT_DELETED':
      return `Adeudo de recibo eliminado: ${e.receipt?.description ?? e.reason ?? ''}`;
    case 'INITIAL_BALANCE':
      return 'Saldo inicial';
    case 'AGREEMENT':
    case 'AGREEMENT_CANCELLED':
      return e.reason ?? 'Convenio';
    case 'DEPOSIT_RETURNED':
      return e.reason ?? 'Devolución de depósito';
    default:
      return `Ajuste de saldo: ${e.reason ?? ''}`;
  }
}
