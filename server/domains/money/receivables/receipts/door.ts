// The one door for receivables (issue 26, DESIGN.md section 2b): the only code that writes the Receipt table,
// and the only code that writes a receipt's ledger entries (through the ledger module's single writer). Every
// function takes the caller's write() transaction; the caller has checked the rules and holds the locks (the
// house's, then the receipt's). Agreements, maintenances, measured-service periods, online payments and their
// webhooks, payment capture, external and unknown payments and the receipt actions all come here;
// door.test.ts fails when anything else writes Receipt.
//
//   issue / issueOne     new receipts (a maintenance, a period, an agreement's plan, a manual payment request)
//   startPayment         a payment under way: IN_PROGRESS (gateway) or REVIEW (an external payment sent)
//   postPayment          the money arrived: its ledger entries, the receipt PAID, its maintenance, "receipt.paid"
//   creditWallet         money of a receipt that can no longer be paid (paid otherwise, deleted): the wallet keeps it
//   returnToBalance      a paid receipt's money given back as balance in the house's favour (an amenity deposit)
//   depositToWallet      money that reached a wallet without a receipt (a SPEI transfer to the house's CLABE)
//   reopen               payable again, with the amounts and status its dates give (core statusAfterTerms)
//   reverse / chargeBack the ledger entries of a payment undone; a charged-back receipt
//   reprice / annotate / remove   amounts by the rule, details that move no money, soft deletion
import { formatMoney, money, type Money } from '../../../../../core/money.js';
import { expectedAmount, statusAfterTerms, type ReceiptStatus, type ReceiptTerms } from '../../../../../core/receipts.js';
import { sameMoney } from '../../../../../core/money.js';
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { announce } from '../../../../kernel/events.js';
import type { Prisma, Receipt } from '../../../../db/generated/client.js';
import { appendHistory, appendMovements, type Movement, type PaymentMethod } from '../ledger/service.js';
import { refreshMaintenanceStatus, termsOf } from './service.js';

declare module '../../../../kernel/events.js' {
  interface DomainEvents {
    /** A receipt was paid (inside the paying transaction): invoicing queues its invoice. */
    'receipt.paid': { id: number; neighborhoodId: number; houseId: number };
    /** A receipt's payment is about to be undone, or the receipt deleted: a subscriber may refuse by throwing. */
    'receipt.undoing': { receiptId: number; undoing: 'payment' | 'receipt' };
  }
}

type Amounts = { amount: string; discountAmount: string | null; penaltyAmount: string | null };

// ---- Issue ---------------------------------------------------------------------------------------------

/** Inserts receipts in statements of 1,000 rows; answers how many were inserted (duplicates skipped on request). */
export async function issue(tx: Tx, rows: Prisma.ReceiptCreateManyInput[], options: { skipDuplicates?: boolean } = {}): Promise<number> {
  let created = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    created += (await tx.receipt.createMany({ data: rows.slice(i, i + 1000), ...(options.skipDuplicates ? { skipDuplicates: true } : {}) })).count;
  }
  return created;
}

/** Inserts one receipt (a manual payment request). */
export async function issueOne(tx: Tx, data: Prisma.ReceiptUncheckedCreateInput): Promise<{ id: number }> {
  return tx.receipt.create({ data, select: { id: true } });
}

// ---- Payments ------------------------------------------------------------------------------------------

/** A payment under way: the gateway's reference or charge (IN_PROGRESS), or an external payment sent to review. */
export async function startPayment(
  tx: Tx,
  receiptId: number,
  p:
    | ({ status: 'IN_PROGRESS'; paymentMethod: 'CARD' | 'STORE' | 'BANK' } & Amounts)
    | { status: 'REVIEW'; paymentMethod: 'EXTERNAL'; externalPayment: Prisma.InputJsonValue },
) {
  await tx.receipt.update({ where: { id: receiptId }, data: p });
}

export interface Payment {
  method: PaymentMethod;
  /** Who recorded it (null: the system, a webhook). */
  userId: number | null;
  /** The receipt's amounts as paid (what it asked on the payment day). */
  paid: Amounts;
  /** The money that arrived (the DEPOSIT), when it differs from paid.amount; WALLET payments deposit nothing. */
  received?: Money | string;
  /** Receipt.transactionTotal: what the payer was charged (a gateway fee included). */
  total: string;
  today: string;
  chargeId?: string | null;
  incomeAccountId?: number | null;
  authorization?: string | null;
  realPaymentDate?: string | null;
  /** When it was paid, for a payment recorded afterwards (the demo's history); now by default. */
  paidAt?: Date;
  /** The card or account the money came from, when known. */
  card?: { cardType: string | null; accountEnding: string | null };
}

/**
 * Pays a receipt not yet PAID: in the ledger a WALLET_PAYMENT (the wallet's balance pays it), or a DEPOSIT of
 * the money received and its RECEIPT_PAID (none for a receipt that credits its wallet, a manual payment
 * request); then the receipt is PAID, its maintenance moves along and "receipt.paid" is announced.
 */
export async function postPayment(tx: Tx, r: Receipt, p: Payment): Promise<void> {
  const at = p.paidAt ? { at: p.paidAt } : {};
  const chargeId = p.chargeId ? { chargeId: p.chargeId } : {};
  const movements: Movement[] =
    p.method === 'WALLET'
      ? [{ walletId: r.walletId, kind: 'WALLET_PAYMENT', amount: money(p.paid.amount).negated(), receiptId: r.id, paymentMethod: 'WALLET', ...at }]
      : [
          { walletId: r.walletId, kind: 'DEPOSIT', amount: p.received ?? p.paid.amount, receiptId: r.id, paymentMethod: p.method, ...chargeId, ...at },
          ...(r.creditsWallet
            ? []
            : [
                {
                  walletId: r.walletId,
                  kind: 'RECEIPT_PAID' as const,
                  amount: money(p.paid.amount).negated(),
                  receiptId: r.id,
                  paymentMethod: p.method,
                  ...chargeId,
                  ...at,
                },
              ]),
        ];
  await appendMovements(tx, { neighborhoodId: r.neighborhoodId, houseId: r.houseId }, p.userId, movements);
  await tx.receipt.update({
    where: { id: r.id },
    data: {
      status: 'PAID',
      amount: p.paid.amount,
      discountAmount: p.paid.discountAmount,
      penaltyAmount: p.paid.penaltyAmount,
      paymentMethod: p.method,
      transactionTotal: p.total,
      paymentDate: p.paidAt ?? new Date(),
      realPaymentDate: new Date(`${p.realPaymentDate ?? p.today}T00:00:00Z`),
      incomeAccountId: p.incomeAccountId ?? null,
      paymentAuthorization: p.authorization ?? null,
      ...(p.card ? { cardType: p.card.cardType, accountEnding: p.card.accountEnding } : {}),
    },
  });
  if (r.maintenanceId !== null) await refreshMaintenanceStatus(tx, r.maintenanceId);
  await announce(tx, 'receipt.paid', { id: r.id, neighborhoodId: r.neighborhoodId, houseId: r.houseId });
}

/** Money of a receipt that can no longer be paid with it (paid otherwise, deleted): a DEPOSIT its wallet keeps. */
export async function creditWallet(
  tx: Tx,
  r: Receipt,
  p: { amount: Money | string; method: PaymentMethod; userId: number | null; chargeId?: string | null },
): Promise<void> {
  await appendMovements(tx, { neighborhoodId: r.neighborhoodId, houseId: r.houseId }, p.userId, [
    { walletId: r.walletId, kind: 'DEPOSIT', amount: p.amount, receiptId: r.id, paymentMethod: p.method, chargeId: p.chargeId ?? null },
  ]);
}

/**
 * A paid receipt's money given back to the house as balance in its favour (an amenity deposit returned): a
 * DEPOSIT_RETURNED entry of the receipt's amount in its wallet, the receipt staying paid. Answers the entry's id.
 */
export async function returnToBalance(tx: Tx, r: Receipt, p: { reason: string; userId: number; at?: Date }): Promise<bigint> {
  const [id] = await appendMovements(tx, { neighborhoodId: r.neighborhoodId, houseId: r.houseId }, p.userId, [
    { walletId: r.walletId, kind: 'DEPOSIT_RETURNED', amount: String(r.amount), receiptId: r.id, reason: p.reason, authorizedByUserId: p.userId, at: p.at },
  ]);
  return id;
}

/**
 * Money that reached a house's wallet without a receipt (a SPEI transfer to the house's CLABE): a DEPOSIT of
 * the wallet, with its reason. Answers the entry's id.
 */
export async function depositToWallet(
  tx: Tx,
  house: { neighborhoodId: number; houseId: number },
  p: { walletId: number; amount: Money | string; method: PaymentMethod; reason: string; userId: number | null },
): Promise<bigint> {
  const [id] = await appendMovements(tx, house, p.userId, [
    { walletId: p.walletId, kind: 'DEPOSIT', amount: p.amount, receiptId: null, paymentMethod: p.method, reason: p.reason },
  ]);
  return id;
}

/**
 * Payable again: the amounts its dates give `today` and the status they give (core statusAfterTerms from
 * `from`, NEW by default: PENALTY while a penalty applies), no payment method, plus the leftovers of the
 * payment being dropped (`also`: a reference, a review, a wallet payment's total and dates). A receipt that
 * was PAID moves its maintenance back.
 */
export async function reopen(
  tx: Tx,
  r: Receipt,
  today: string,
  options: {
    from?: ReceiptStatus;
    also?: Pick<Prisma.ReceiptUncheckedUpdateInput, 'paymentReference' | 'externalPayment' | 'transactionTotal' | 'paymentDate' | 'realPaymentDate'>;
  } = {},
): Promise<void> {
  const expected = expectedAmount(termsOf(r), today);
  await tx.receipt.update({
    where: { id: r.id },
    data: {
      status: statusAfterTerms(options.from ?? 'NEW', expected.penaltyAmount),
      paymentMethod: null,
      amount: expected.amount,
      discountAmount: expected.discountAmount,
      penaltyAmount: expected.penaltyAmount,
      ...options.also,
    },
  });
  if (r.status === 'PAID' && r.maintenanceId !== null) await refreshMaintenanceStatus(tx, r.maintenanceId);
}

/** Undoes ledger entries of a receipt's payment: one REVERSAL each (the receipt's status is the caller's next step). */
export async function reverse(
  tx: Tx,
  receipt: { id: number; neighborhoodId: number; houseId: number },
  entries: { id: bigint; walletId: number; amount: { toString(): string } }[],
  p: { userId: number | null; chargeId?: string | null; reason?: string | null },
): Promise<void> {
  await appendMovements(
    tx,
    { neighborhoodId: receipt.neighborhoodId, houseId: receipt.houseId },
    p.userId,
    entries.map((e) => ({
      walletId: e.walletId,
      kind: 'REVERSAL' as const,
      amount: money(e.amount.toString()).negated(),
      receiptId: receipt.id,
      reversesId: e.id,
      ...(p.chargeId ? { chargeId: p.chargeId } : {}),
      ...(p.reason ? { reason: p.reason } : {}),
    })),
  );
}

/** A PAID receipt whose charge was charged back: CHARGE_BACK (payable online again), the payment's details gone. */
export async function chargeBack(tx: Tx, r: Receipt): Promise<void> {
  await tx.receipt.update({
    where: { id: r.id },
    data: { status: 'CHARGE_BACK', paymentDate: null, realPaymentDate: null, transactionTotal: null, paymentAuthorization: null },
  });
  if (r.maintenanceId !== null) await refreshMaintenanceStatus(tx, r.maintenanceId);
}

// ---- Amounts, details, deletion -----------------------------------------------------------------------

/** Writes the amounts the rule gives for the receipt's terms; answers whether anything changed. */
export async function reprice(tx: Tx, r: Receipt, terms: ReceiptTerms, today: string): Promise<boolean> {
  const expected = expectedAmount(terms, today);
  const status = statusAfterTerms(r.status as ReceiptStatus, expected.penaltyAmount);
  const changed =
    !sameMoney(expected.amount, r.amount) ||
    !sameMoney(expected.discountAmount, r.discountAmount) ||
    !sameMoney(expected.penaltyAmount, r.penaltyAmount) ||
    !sameMoney(terms.sourceAmount, r.sourceAmount) ||
    status !== r.status;
  const overridesChanged = terms.discountOverride !== r.discountOverride || terms.penaltyOverride !== r.penaltyOverride;
  if (!changed && !overridesChanged) return false;
  await tx.receipt.update({
    where: { id: r.id },
    data: {
      sourceAmount: formatMoney(terms.sourceAmount),
      amount: expected.amount,
      discountAmount: expected.discountAmount,
      penaltyAmount: expected.penaltyAmount,
      discountOverride: terms.discountOverride,
      penaltyOverride: terms.penaltyOverride,
      status,
      penaltyDate: expected.penaltyAmount === null ? null : (r.penaltyDate ?? new Date(`${today}T00:00:00Z`)),
    },
  });
  return changed;
}

/** Details that move no money: notes, a pending reference, the external payment's record, a paid payment's account and card, a request's file. */
export async function annotate(
  tx: Tx,
  receiptId: number,
  data: Pick<
    Prisma.ReceiptUncheckedUpdateInput,
    'notes' | 'paymentReference' | 'externalPayment' | 'incomeAccountId' | 'paymentAuthorization' | 'cardType' | 'accountEnding' | 'attachmentFileId'
  >,
): Promise<void> {
  await tx.receipt.update({ where: { id: receiptId }, data });
}

/**
 * Deletes pending receipts (soft): a maintenance receipt's amount stays as a debt in its wallet
 * (RECEIPT_DELETED) and its maintenance moves along. "receipt.undoing" is announced for each first, so a
 * subscriber refuses the deletion of a receipt it still needs (a valid invoice of it).
 */
export async function remove(
  tx: Tx,
  receipts: Pick<Receipt, 'id' | 'neighborhoodId' | 'houseId' | 'walletId' | 'amount' | 'description' | 'maintenanceId'>[],
  userId: number,
  at: Date = new Date(),
): Promise<void> {
  if (receipts.length === 0) return;
  for (const r of receipts) await announce(tx, 'receipt.undoing', { receiptId: r.id, undoing: 'receipt' });
  await tx.receipt.updateMany({ where: { id: { in: receipts.map((r) => r.id) } }, data: { deletedAt: at, deletedByUserId: userId } });
  for (const r of receipts) {
    if (r.maintenanceId === null) continue;
    await appendMovements(tx, { neighborhoodId: r.neighborhoodId, houseId: r.houseId }, userId, [
      { walletId: r.walletId, kind: 'RECEIPT_DELETED', amount: money(r.amount.toString()).negated(), receiptId: r.id, reason: r.description },
    ]);
    await refreshMaintenanceStatus(tx, r.maintenanceId);
  }
}

// ---- History (the demo's past, recorded in bulk) --------------------------------------------------------

export interface PastPayment {
  receipt: Pick<Receipt, 'id' | 'houseId' | 'walletId'>;
  paid: Amounts;
  method: PaymentMethod;
  total: string;
  paidAt: Date;
  realPaymentDate: string;
  authorization: string | null;
  incomeAccountId: number | null;
  card?: { cardType: string | null; accountEnding: string | null };
  /** The gateway charge that brought the money (the caller wrote the Charge rows). */
  chargeId?: string | null;
}

/**
 * Payments made before the demo's "now", recorded in a few statements: each receipt's DEPOSIT and RECEIPT_PAID
 * (one ledger statement; `grouped` writes them as one group per receipt, as a live payment does) and the
 * receipts PAID with what was paid. No maintenance moves and nothing is announced: the caller does both.
 */
export async function recordPastPayments(
  tx: Tx,
  neighborhoodId: number,
  userId: number | null,
  payments: PastPayment[],
  options: { grouped?: boolean } = {},
): Promise<void> {
  if (payments.length === 0) return;
  const entries = payments.flatMap((p) => {
    const entry = {
      houseId: p.receipt.houseId,
      walletId: p.receipt.walletId,
      receiptId: p.receipt.id,
      paymentMethod: p.method,
      at: p.paidAt,
      ...(p.chargeId !== undefined ? { chargeId: p.chargeId } : {}),
    };
    return [
      { ...entry, kind: 'DEPOSIT' as const, amount: p.paid.amount },
      { ...entry, kind: 'RECEIPT_PAID' as const, amount: money(p.paid.amount).negated() },
    ];
  });
  if (options.grouped) {
    for (let i = 0; i < entries.length; i += 2) {
      await appendMovements(tx, { neighborhoodId, houseId: entries[i].houseId }, userId, entries.slice(i, i + 2));
    }
  } else {
    await appendHistory(tx, neighborhoodId, userId, entries);
  }
  const rows = payments.map((p) => ({
    id: p.receipt.id,
    amount: p.paid.amount,
    discountAmount: p.paid.discountAmount,
    penaltyAmount: p.paid.penaltyAmount,
    method: p.method,
    total: p.total,
    paymentDate: p.paidAt.toISOString(),
    realPaymentDate: p.realPaymentDate,
    auth: p.authorization,
    incomeAccountId: p.incomeAccountId,
    accountEnding: p.card?.accountEnding ?? null,
    cardType: p.card?.cardType ?? null,
  }));
  await tx.$executeRaw`UPDATE "Receipt" r SET status = 'PAID', amount = v.amount, "discountAmount" = v."discountAmount",
      "penaltyAmount" = v."penaltyAmount", "paymentMethod" = v.method::"PaymentMethod", "transactionTotal" = v.total,
      "paymentDate" = (v."paymentDate"::timestamptz AT TIME ZONE 'UTC'), "realPaymentDate" = v."realPaymentDate"::date,
      "paymentAuthorization" = v.auth, "incomeAccountId" = v."incomeAccountId", "accountEnding" = v."accountEnding", "cardType" = v."cardType"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, amount numeric, "discountAmount" numeric, "penaltyAmount" numeric, method text,
      total numeric, "paymentDate" text, "realPaymentDate" text, auth text, "incomeAccountId" int, "accountEnding" text, "cardType" text)
    WHERE r.id = v.id`;
}

// ---- What invoicing adds to a receipt's reads -----------------------------------------------------------

type InvoiceDocumentFlags = { cfdiXml: boolean; cfdiPdf: boolean };
type InvoiceDocuments = (
  ctx: Pick<ServiceContext, 'db' | 'actor'>,
  receiptId: number,
  invoice?: unknown,
) => InvoiceDocumentFlags | Promise<InvoiceDocumentFlags>;
let invoiceDocuments: InvoiceDocuments = () => ({ cfdiXml: false, cfdiPdf: false });

/** Invoicing tells receipts which of a receipt's invoice documents the actor may download (cfdis registers it). */
export function provideInvoiceDocuments(provider: InvoiceDocuments): void {
  invoiceDocuments = provider;
}

/** Receipt.documents' cfdiXml and cfdiPdf (none until invoicing provides them); `invoice`: the row's invoice column, when its page read it. */
export function receiptInvoiceDocuments(ctx: Pick<ServiceContext, 'db' | 'actor'>, receiptId: number, invoice?: unknown) {
  return invoiceDocuments(ctx, receiptId, invoice);
}

/** The receivables door as one object: `receivables.postPayment(tx, …)`. */
export const receivables = {
  issue,
  issueOne,
  startPayment,
  postPayment,
  creditWallet,
  returnToBalance,
  depositToWallet,
  reopen,
  reverse,
  chargeBack,
  reprice,
  annotate,
  remove,
  recordPastPayments,
};
