// A receipt's valid invoice, as the receipt's documents and actions need it: read once per request for
// every receipt of a list (one statement per tick, not one per receipt).
import { sql, type Expression } from 'kysely';
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { ConflictError } from '../../../../kernel/errors.js';
import { holdsAny } from '../../../../auth/houseScope.js';
import { CFDI_READERS } from './rules.js';

export interface ReceiptCfdi {
  cfdiId: number;
  status: 'PENDING' | 'STAMPED' | 'ERROR' | 'CANCELLED';
  /** A PPD invoice without an open payment complement (a paid receipt's complement may be issued). */
  complementDue: boolean;
}

const COMPLEMENT_DUE = (cfdi: string) =>
  sql<boolean>`(${sql.ref(`${cfdi}.paymentMethod`)} = 'PPD' AND NOT EXISTS (SELECT 1 FROM "Cfdi" p WHERE p."paidCfdiId" = ${sql.ref(`${cfdi}.id`)} AND p.status <> 'CANCELLED'))`;

type Batch = { ids: Set<number>; result: Promise<Map<number, ReceiptCfdi>> | null };
const batches = new WeakMap<object, { current: Batch; done: Map<number, Promise<ReceiptCfdi | null>> }>();

/** A receipts page's invoice column (receipts/rows.ts provideInvoiceColumn): the row's active invoice, read with the page. */
export const activeCfdiColumn = (receiptId: Expression<number>) =>
  sql<ReceiptCfdi | null>`(SELECT json_build_object('cfdiId', c.id, 'status', c.status, 'complementDue', ${COMPLEMENT_DUE('c')})
    FROM "CfdiReceipt" l JOIN "Cfdi" c ON c.id = l."cfdiId" WHERE l."receiptId" = ${receiptId} AND l.active LIMIT 1)`;

/** The receipt's active invoice (any status but CANCELLED), or null; `known`: the receipt row's invoice column, when its page read it. */
export function activeCfdiOfReceipt(ctx: Pick<ServiceContext, 'db'>, receiptId: number, column?: unknown): Promise<ReceiptCfdi | null> {
  if (column !== undefined) return Promise.resolve(column as ReceiptCfdi | null);
  let state = batches.get(ctx);
  if (!state) {
    state = { current: { ids: new Set(), result: null }, done: new Map() };
    batches.set(ctx, state);
  }
  const asked = state.done.get(receiptId);
  if (asked) return asked;
  const batch = state.current;
  batch.ids.add(receiptId);
  if (!batch.result) {
    batch.result = new Promise<void>((resolve) => queueMicrotask(resolve)).then(async () => {
      state.current = { ids: new Set(), result: null };
      const links = await ctx.db.kysely
        .selectFrom('CfdiReceipt as l')
        .innerJoin('Cfdi as c', 'c.id', 'l.cfdiId')
        .select(['l.receiptId', 'c.id', 'c.status', COMPLEMENT_DUE('c').as('complementDue')])
        .where('l.receiptId', 'in', [...batch.ids])
        .where('l.active', '=', true)
        .execute();
      return new Map(links.map((l) => [l.receiptId, { cfdiId: l.id, status: l.status as ReceiptCfdi['status'], complementDue: !!l.complementDue }]));
    });
  }
  const found = batch.result.then((map) => map.get(receiptId) ?? null);
  state.done.set(receiptId, found);
  return found;
}

/** `read` applied to the receipt's active invoice: at once when its page read it (`column`), else once it is loaded. */
export function withActiveCfdi<T>(ctx: Pick<ServiceContext, 'db'>, receiptId: number, column: unknown, read: (cfdi: ReceiptCfdi | null) => T): T | Promise<T> {
  return column !== undefined ? read(column as ReceiptCfdi | null) : activeCfdiOfReceipt(ctx, receiptId).then(read);
}

const stampedDocuments = (cfdi: ReceiptCfdi | null) => {
  const stamped = cfdi?.status === 'STAMPED';
  return { cfdiXml: stamped, cfdiPdf: stamped };
};

/** Receipt.documents' cfdiXml and cfdiPdf: a valid stamped invoice the actor may read. */
export function receiptCfdiDocuments(
  ctx: Pick<ServiceContext, 'db' | 'actor'>,
  receiptId: number,
  column?: unknown,
): { cfdiXml: boolean; cfdiPdf: boolean } | Promise<{ cfdiXml: boolean; cfdiPdf: boolean }> {
  if (!holdsAny(ctx, CFDI_READERS)) return { cfdiXml: false, cfdiPdf: false };
  return withActiveCfdi(ctx, receiptId, column, stampedDocuments);
}

/**
 * Refuses (409) undoing the payment of a receipt, or deleting it, while an invoice of it is valid or being
 * stamped: the invoice would stay valid before SAT for money the community no longer has. An invoice issued
 * before the payment (PPD) stays valid without it: undoing the payment is refused only while the payment's
 * complement is valid.
 */
export async function assertNoValidCfdi(tx: Pick<Tx, 'cfdiReceipt' | 'cfdi'>, receiptId: number, undoing: 'payment' | 'receipt') {
  const valid = ['STAMPED', 'PENDING'] as const;
  const invoice = await tx.cfdiReceipt.findFirst({
    where: { receiptId, active: true, cfdi: { status: { in: [...valid] } } },
    select: { cfdi: { select: { paymentMethod: true } } },
  });
  if (invoice && (undoing === 'receipt' || invoice.cfdi.paymentMethod !== 'PPD')) throw new ConflictError('RECEIPT_HAS_VALID_INVOICE');
  if (undoing !== 'payment') return;
  // A complement in ERROR that kept its sealed voucher may have been stamped (the PAC did not answer): valid too.
  const complement = { kind: 'PAYMENT' as const, receipts: { some: { receiptId } } };
  const stillValid = await tx.cfdi.count({ where: { ...complement, OR: [{ status: { in: [...valid] } }, { status: 'ERROR', xml: { not: null } }] } });
  if (stillValid) throw new ConflictError('RECEIPT_HAS_VALID_COMPLEMENT');
  // One that never reached SAT records a payment that no longer exists: it is dropped, and the next payment gets its own.
  await tx.cfdi.updateMany({ where: { ...complement, status: 'ERROR', xml: null }, data: { status: 'CANCELLED', cancelledAt: new Date() } });
}
