// CFDI 4.0 the community issues for paid receipts (spec 1 CFDI, spec 2 Invoice record): one invoice per
// receipt of a house with tax data, a monthly global invoice for the rest, cancellation with SAT's
// motives (01 substitutes the invoice by a new one), and a replaced printed representation. This module
// owns every write of Cfdi and CfdiReceipt.
//
// Never two valid invoices for one receipt:
// - a receipt has at most one ACTIVE link (a partial unique index): a second issue answers the first;
// - the stamp happens outside any transaction, under a lease on the row (a PENDING CFDI whose attempts
//   counter was claimed less than LEASE_MS ago belongs to whoever claimed it), and the sealed XML is stored
//   before it is sent: a retry after a crash sends the very same voucher again (PACs answer a repeated
//   voucher with its first stamp) instead of sealing a new one;
// - a failure is ERROR with its description, kept with its links and retried in place (same folio).
import type { Credential } from '@nodecfdi/credentials/node';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { validateTaxInfo } from '../../../../../core/tax.js';
import type { Config } from '../../../../config.js';
import type { Cfdi, Prisma as PrismaNS } from '../../../../db/generated/client.js';
import { holdsAny, reachesHouse } from '../../../../auth/houseScope.js';
import { sealPaymentComplement, sealVoucher, validateCfdi, type CfdiLine, type VoucherInput } from '../../../../infra/cfdi/voucher.js';
import { PacError, pacFor, type Pac } from '../../../../infra/pac/index.js';
import { claimFile } from '../../../../infra/files/service.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { isUniqueViolation } from '../../../../kernel/dbErrors.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import { fiscalConfigured, openCommunityCredential } from '../fiscal/service.js';
import { parseExternalPayment } from '../../receivables/receipts/externalPaymentRecord.js';
import { complementDocument, complementPayment, complementReceiver, createComplement, openComplement } from './complements.js';
import { INVOICE_RECEIPT_JOB } from './enqueue.js';
import {
  CFDI_ADMIN_CREATE,
  CFDI_ADMIN_DELETE,
  CFDI_ADMIN_READERS,
  CFDI_MESSAGES,
  dominantPaymentForm,
  globalLine,
  globalPeriodProblem,
  paymentFormOf,
  PUBLIC_RECEIVER,
  receiptLine,
  satRegime,
  SAT_RFC_PATTERN,
  type CancelMotive,
  type CfdiStatus,
} from './rules.js';

/** How long a claimed PENDING invoice belongs to its processor (a stamp answers in seconds). */
export const LEASE_MS = 2 * 60_000;
/** Lines of one global invoice; a bigger month is split into several invoices. */
export const GLOBAL_MAX_LINES = 500;

export interface CfdiOutcome {
  cfdiId: number;
  status: CfdiStatus;
  message: string;
  errorDescription: string | null;
}

/** Test seam: runs between the PAC's stamp and storing it (a crash there is what the lease and the stored voucher survive). */
export const cfdiTestHooks: { afterStamp?: (cfdiId: number) => void | Promise<void> } = {};

type Deps = Pick<ServiceContext, 'prisma' | 'db' | 'actor' | 'ip' | 'config'>;

const pacs = new WeakMap<object, Pac>();
function pacOf(config: Config): Pac {
  let pac = pacs.get(config);
  if (!pac) {
    pac = pacFor(config);
    pacs.set(config, pac);
  }
  return pac;
}

export function outcomeOf(c: Pick<Cfdi, 'id' | 'status' | 'errorDescription'>): CfdiOutcome {
  const message =
    c.status === 'STAMPED'
      ? CFDI_MESSAGES.generated
      : c.status === 'ERROR'
        ? c.errorDescription || CFDI_MESSAGES.failed
        : c.status === 'PENDING'
          ? CFDI_MESSAGES.inProgress
          : CFDI_MESSAGES.cancelled;
  return { cfdiId: c.id, status: c.status, message, errorDescription: c.status === 'ERROR' ? c.errorDescription || CFDI_MESSAGES.failed : null };
}

// ---- reads ---------------------------------------------------------------------------------------

/**
 * Which invoices the actor reads: every invoice of the community for administrators with an invoice
 * grant; for owners and co-owners, those of their own house's receipts.
 */
export function cfdiReadScope(ctx: Pick<ServiceContext, 'actor'>): PrismaNS.CfdiWhereInput {
  const neighborhoodId = communityOf(ctx);
  if (holdsAny(ctx, CFDI_ADMIN_READERS)) return { neighborhoodId };
  const houseId = ctx.actor?.houseId ?? -1;
  return { neighborhoodId, kind: { in: ['RECEIPT', 'PAYMENT'] }, receipts: { some: { receipt: { houseId } } } };
}

/** One invoice the actor reads, or NotFound. */
export async function readCfdi(ctx: Pick<ServiceContext, 'actor' | 'prisma'>, cfdiId: number): Promise<Cfdi> {
  const cfdi = await ctx.prisma.cfdi.findFirst({ where: { id: cfdiId, ...cfdiReadScope(ctx) } });
  if (!cfdi) throw new NotFoundError('CFDI_NOT_FOUND');
  return cfdi;
}

export interface CfdiFilter {
  status?: CfdiStatus | null;
  kind?: Cfdi['kind'] | null;
  /** Created from this instant (the start of the day in the community's time zone). */
  from?: Date | null;
  /** Created before this instant (the end of the day). */
  to?: Date | null;
  receiptId?: number | null;
  houseId?: number | null;
}

export function cfdiWhere(ctx: Pick<ServiceContext, 'actor'>, filter: CfdiFilter): PrismaNS.CfdiWhereInput {
  const and: PrismaNS.CfdiWhereInput[] = [cfdiReadScope(ctx)];
  if (filter.status) and.push({ status: filter.status });
  if (filter.kind) and.push({ kind: filter.kind });
  if (filter.from || filter.to) and.push({ createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } });
  if (filter.receiptId != null) and.push({ receipts: { some: { receiptId: filter.receiptId } } });
  if (filter.houseId != null) and.push({ receipts: { some: { receipt: { houseId: filter.houseId } } } });
  return { AND: and };
}

/** Counts and totals by status of the filtered invoices (GET cfdis/resume). */
export async function cfdiResume(ctx: ServiceContext, filter: CfdiFilter) {
  const groups = await ctx.prisma.cfdi.groupBy({ by: ['status'], where: cfdiWhere(ctx, filter), _count: { _all: true }, _sum: { total: true } });
  return ['PENDING', 'STAMPED', 'ERROR', 'CANCELLED'].map((status) => {
    const g = groups.find((x) => x.status === status);
    return { status: status as CfdiStatus, count: g?._count._all ?? 0, total: formatMoney(g?._sum.total ?? '0') };
  });
}

// ---- issuing -------------------------------------------------------------------------------------

/** The community invoices: module FACTURACION on, tax data complete and a CSD valid today. */
async function assertInvoicing(ctx: Pick<ServiceContext, 'prisma'>, neighborhoodId: number) {
  const n = await ctx.prisma.neighborhood.findUnique({ where: { id: neighborhoodId }, select: { modules: true } });
  if (!n?.modules.includes('FACTURACION')) throw new ConflictError('INVOICING_DISABLED');
  if (!(await fiscalConfigured(ctx.prisma, neighborhoodId))) throw new ConflictError('FISCAL_NOT_CONFIGURED');
}

type ReceiptForInvoice = {
  id: number;
  neighborhoodId: number;
  houseId: number;
  description: string;
  amount: PrismaNS.Decimal;
  status: string;
  paymentMethod: string | null;
  cardType: string | null;
  externalPayment: unknown;
  creditsWallet: boolean;
  deletedAt: Date | null;
  paymentDate: Date | null;
  realPaymentDate: Date | null;
  transactionTotal: PrismaNS.Decimal | null;
};
const RECEIPT_SELECT = {
  id: true,
  neighborhoodId: true,
  houseId: true,
  description: true,
  amount: true,
  status: true,
  paymentMethod: true,
  cardType: true,
  externalPayment: true,
  creditsWallet: true,
  deletedAt: true,
  paymentDate: true,
  realPaymentDate: true,
  transactionTotal: true,
} as const;

const externalMethodOf = (r: { externalPayment: unknown }) => {
  const e = parseExternalPayment(r.externalPayment);
  return { externalMethod: e?.method ?? null, externalCardType: e?.cardType ?? null };
};
const formOfReceipt = (r: ReceiptForInvoice) => {
  const { externalMethod, externalCardType } = externalMethodOf(r);
  return paymentFormOf({ paymentMethod: r.paymentMethod, cardType: r.cardType ?? externalCardType, externalMethod });
};

/** The receiver of a house's invoice from its tax data; refused (409) when the data cannot be invoiced. */
async function houseReceiver(prisma: Pick<ServiceContext['prisma'], 'houseTaxInfo'>, houseId: number, neighborhoodId: number) {
  const info = await prisma.houseTaxInfo.findFirst({ where: { houseId, neighborhoodId } });
  if (!info) throw new ConflictError('HOUSE_TAX_INFO_MISSING');
  const issues = validateTaxInfo({ ...info });
  if (!issues.length && !SAT_RFC_PATTERN.test(info.rfc.toUpperCase())) issues.push({ field: 'rfc', message: CFDI_MESSAGES.rfcPattern });
  if (issues.length) throw new ConflictError(reason('HOUSE_TAX_INFO_INVALID', { issues: issues.map((i) => i.message).join('. ') }));
  return {
    receiverRfc: info.rfc.toUpperCase(),
    receiverName: info.businessName.toUpperCase(),
    receiverRegime: satRegime(info.fiscalRegime),
    receiverUse: info.cfdiUse.toUpperCase(),
    receiverPostalCode: info.postalCode,
  };
}

/**
 * PUE when the receipt is paid as it is invoiced; PPD when an administrator invoices it before its payment
 * (its payment then gets a complement). A charged-back receipt is invoiced by neither.
 */
function invoiceMethodOf(r: ReceiptForInvoice, mayInvoiceUnpaid: boolean): 'PUE' | 'PPD' {
  const paid = r.status === 'PAID';
  if (!paid && (!mayInvoiceUnpaid || r.status === 'CHARGE_BACK')) throw new ConflictError('CFDI_RECEIPT_NOT_PAID');
  if (r.creditsWallet) throw new ConflictError('CFDI_RECEIPT_CREDITS_WALLET');
  if (!money(r.amount).greaterThan(0)) throw new ConflictError('CFDI_RECEIPT_ZERO_AMOUNT');
  return paid ? 'PUE' : 'PPD';
}

export interface GenerateInput {
  receiptId?: number | null;
  cfdiId?: number | null;
  /** Legacy paths name the house: the receipt must be of it. */
  houseId?: number | null;
}

/**
 * Issues the invoice of a paid receipt (ACfdiCreate, or O/S CfdiCreate for their own house), or retries
 * an invoice in ERROR in place (cfdiId). The answer carries the invoice's status: ERROR is an answer,
 * not a failure (spec: "if the response status is ERROR, show the error description").
 */
export async function generateReceiptCfdi(ctx: ServiceContext, input: GenerateInput, idempotencyKey?: string | null): Promise<CfdiOutcome> {
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  if (input.cfdiId == null && input.receiptId == null) throw new InputError([{ field: 'receiptId', message: 'Indica el recibo o la factura' }]);

  if (input.cfdiId != null) {
    const cfdi = await ctx.prisma.cfdi.findFirst({
      where: { id: input.cfdiId, neighborhoodId },
      include: { receipts: { select: { receiptId: true, receipt: { select: { houseId: true, status: true, deletedAt: true } } } } },
    });
    if (!cfdi || (input.receiptId != null && !cfdi.receipts.some((l) => l.receiptId === input.receiptId))) throw new NotFoundError('CFDI_NOT_FOUND');
    if (input.houseId != null && !cfdi.receipts.some((l) => l.receipt.houseId === input.houseId)) throw new NotFoundError('CFDI_NOT_FOUND');
    const houses = new Set(cfdi.receipts.map((l) => l.receipt.houseId));
    const own = cfdi.kind === 'RECEIPT' && houses.size === 1 && reachesHouse(actor, [...houses][0], CFDI_ADMIN_CREATE);
    if (!holdsAny(ctx, CFDI_ADMIN_CREATE) && !own) throw new ForbiddenError('CFDI_FOREIGN_RECEIPT');
    if (cfdi.status === 'STAMPED') throw new ConflictError('RECEIPT_ALREADY_INVOICED');
    if (cfdi.status === 'CANCELLED') throw new ConflictError('CFDI_ALREADY_CANCELLED');
    const needsPayment = cfdi.paymentMethod !== 'PPD' || cfdi.kind === 'PAYMENT';
    if (!cfdi.xml && cfdi.receipts.some((l) => (needsPayment && l.receipt.status !== 'PAID') || l.receipt.deletedAt))
      throw new ConflictError('CFDI_RECEIPT_NOT_PAID');
    await assertInvoicing(ctx, neighborhoodId);
    await write(
      ctx,
      { idempotencyKey, request: { operation: 'generateReceiptCfdi', input }, audit: { action: 'RETRY', entity: 'Cfdi', entityId: cfdi.id } },
      async () => cfdi.id,
    );
    return processCfdi(ctx, cfdi.id);
  }

  const receipt = await ctx.prisma.receipt.findFirst({ where: { id: input.receiptId!, neighborhoodId, deletedAt: null }, select: RECEIPT_SELECT });
  if (!receipt || (input.houseId != null && receipt.houseId !== input.houseId)) throw new NotFoundError('RECEIPT_NOT_FOUND');
  if (!reachesHouse(actor, receipt.houseId, CFDI_ADMIN_CREATE)) throw new ForbiddenError('CFDI_FOREIGN_RECEIPT');
  // A paid receipt whose PPD invoice is stamped: administrators issue its payment's complement (e.g. after
  // cancelling one issued with errors).
  if (receipt.status === 'PAID' && holdsAny(ctx, CFDI_ADMIN_CREATE)) {
    const link = await ctx.prisma.cfdiReceipt.findFirst({ where: { receiptId: receipt.id, active: true }, include: { cfdi: true } });
    if (link?.cfdi.paymentMethod === 'PPD' && link.cfdi.status === 'STAMPED') {
      const outcome = await complementOfPayment(ctx, receipt, link.cfdi);
      if (outcome) return outcome;
    }
  }
  const cfdiId = await createReceiptCfdi(ctx, receipt, {
    idempotencyKey,
    request: { operation: 'generateReceiptCfdi', input },
    mayInvoiceUnpaid: holdsAny(ctx, CFDI_ADMIN_CREATE),
  });
  return processCfdi(ctx, cfdiId);
}

/**
 * tx1: the PENDING invoice and its link, or the receipt's current invoice when it has one (PENDING or
 * ERROR: retried in place; STAMPED: 409). Two requests at once: the partial unique index refuses the
 * second link and the second request answers the first one's invoice.
 */
async function createReceiptCfdi(
  ctx: Deps & Partial<Pick<ServiceContext, 'headerIdempotency'>>,
  receipt: ReceiptForInvoice,
  options: { idempotencyKey?: string | null; request?: { operation: string; input: unknown }; mayInvoiceUnpaid?: boolean } = {},
): Promise<number> {
  const existing = async () => {
    const link = await ctx.prisma.cfdiReceipt.findFirst({ where: { receiptId: receipt.id, active: true }, include: { cfdi: true } });
    if (!link) return null;
    if (link.cfdi.status === 'STAMPED') throw new ConflictError('RECEIPT_ALREADY_INVOICED');
    return link.cfdiId;
  };
  const found = await existing();
  if (found) return found;
  const method = invoiceMethodOf(receipt, !!options.mayInvoiceUnpaid);
  await assertInvoicing(ctx, receipt.neighborhoodId);
  const receiver = await houseReceiver(ctx.prisma, receipt.houseId, receipt.neighborhoodId);
  const fiscal = await ctx.prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: receipt.neighborhoodId }, select: { invoiceSerie: true } });
  const amount = formatMoney(receipt.amount);
  try {
    return await write(ctx, { idempotencyKey: options.idempotencyKey, request: options.request }, async ({ tx, audit }) => {
      const cfdi = await tx.cfdi.create({
        data: {
          neighborhoodId: receipt.neighborhoodId,
          kind: 'RECEIPT',
          serie: fiscal.invoiceSerie || null,
          ...receiver,
          paymentMethod: method,
          paymentForm: method === 'PPD' ? '99' : formOfReceipt(receipt),
          subtotal: amount,
          taxTotal: '0',
          total: amount,
          createdByUserId: ctx.actor?.userId ?? null,
        },
      });
      await tx.cfdiReceipt.create({ data: { cfdiId: cfdi.id, receiptId: receipt.id, neighborhoodId: receipt.neighborhoodId, amount } });
      await audit({
        action: 'CREATE',
        entity: 'Cfdi',
        entityId: cfdi.id,
        neighborhoodId: receipt.neighborhoodId,
        data: { kind: 'RECEIPT', paymentMethod: method, receiptId: receipt.id, total: amount, receiverRfc: receiver.receiverRfc },
      });
      return cfdi.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await existing();
    if (raced) return raced;
    throw new ConflictError('RECEIPT_ALREADY_INVOICED');
  }
}

/**
 * The invoice job's entry: a paid receipt of a house with tax data gets its invoice (nothing when it cannot);
 * a receipt invoiced before its payment (PPD) gets the payment's complement once its invoice is stamped.
 */
export async function invoicePaidReceipt(ctx: Deps, receiptId: number): Promise<CfdiOutcome | null> {
  const receipt = await ctx.prisma.receipt.findFirst({ where: { id: receiptId, deletedAt: null }, select: RECEIPT_SELECT });
  if (receipt?.status !== 'PAID' || receipt.creditsWallet || !money(receipt.amount).greaterThan(0)) return null;
  const link = await ctx.prisma.cfdiReceipt.findFirst({ where: { receiptId, active: true }, include: { cfdi: true } });
  if (link?.cfdi.paymentMethod === 'PPD') {
    // A PENDING invoice: the job comes back; in ERROR: its stamp, once retried, queues this job again.
    if (link.cfdi.status !== 'STAMPED') return link.cfdi.status === 'PENDING' ? outcomeOf(link.cfdi) : null;
    return complementOfPayment(ctx, receipt, link.cfdi);
  }
  // A failure stays visible in the list until someone retries it; the job does not loop on it.
  if (link && link.cfdi.status !== 'PENDING') return outcomeOf(link.cfdi);
  if (!link) {
    const n = await ctx.prisma.neighborhood.findUnique({ where: { id: receipt.neighborhoodId }, select: { modules: true } });
    if (!n?.modules.includes('FACTURACION')) return null;
    if (!(await ctx.prisma.houseTaxInfo.count({ where: { houseId: receipt.houseId, neighborhoodId: receipt.neighborhoodId } }))) return null;
  }
  let cfdiId: number;
  try {
    cfdiId = link ? link.cfdiId : await createReceiptCfdi(ctx, receipt);
  } catch (error) {
    if (error instanceof ConflictError) return null;
    throw error;
  }
  return processCfdi(ctx, cfdiId);
}

/**
 * The complement of a paid receipt's stamped PPD invoice: the open one (stamped: answered as it is; never
 * sealed: its payment's data refreshed from the receipt, then processed), else a new one. Null while the
 * invoice's cancellation is under way.
 */
async function complementOfPayment(ctx: Deps, receipt: ReceiptForInvoice, invoice: Cfdi): Promise<CfdiOutcome | null> {
  if (invoice.cancellationMotive) return null;
  const payment = complementPayment(receipt, formOfReceipt(receipt));
  const open = await openComplement(ctx.prisma, invoice.id);
  if (!open) return processCfdi(ctx, await createComplement(ctx, invoice, receipt, payment));
  if (open.status === 'STAMPED' || open.status === 'CANCELLED') return outcomeOf(open);
  if (!open.xml) await ctx.prisma.cfdi.updateMany({ where: { id: open.id, xml: null }, data: payment });
  return processCfdi(ctx, open.id);
}

// ---- stamping ------------------------------------------------------------------------------------

const inFlight = new Map<number, Promise<CfdiOutcome>>();

/**
 * Seals and stamps a PENDING (or ERROR) invoice and stores the result: STAMPED with its UUID, or ERROR
 * with the PAC's message or the schema's errors. Whoever does not hold the lease answers the invoice as
 * it is (PENDING: being stamped elsewhere).
 */
export function processCfdi(ctx: Deps, cfdiId: number): Promise<CfdiOutcome> {
  const running = inFlight.get(cfdiId);
  if (running) return running;
  const run = processOnce(ctx, cfdiId).finally(() => inFlight.delete(cfdiId));
  inFlight.set(cfdiId, run);
  return run;
}

async function current(ctx: Pick<Deps, 'prisma'>, cfdiId: number) {
  return outcomeOf(await ctx.prisma.cfdi.findUniqueOrThrow({ where: { id: cfdiId } }));
}

/** Takes the lease: an ERROR invoice, a PENDING one nobody claimed, or one whose claim is older than LEASE_MS. */
async function claim(ctx: Pick<Deps, 'prisma'>, cfdiId: number): Promise<Cfdi | null> {
  const now = new Date();
  const { count } = await ctx.prisma.cfdi.updateMany({
    where: {
      id: cfdiId,
      OR: [{ status: 'ERROR' }, { status: 'PENDING', attempts: 0 }, { status: 'PENDING', updatedAt: { lt: new Date(now.getTime() - LEASE_MS) } }],
    },
    data: { status: 'PENDING', attempts: { increment: 1 }, updatedAt: now },
  });
  return count ? ctx.prisma.cfdi.findUniqueOrThrow({ where: { id: cfdiId } }) : null;
}

async function processOnce(ctx: Deps, cfdiId: number): Promise<CfdiOutcome> {
  const cfdi = await claim(ctx, cfdiId);
  if (!cfdi) return current(ctx, cfdiId);
  const mine = { id: cfdi.id, status: 'PENDING' as const, attempts: cfdi.attempts };

  const fail = async (description: string, keepVoucher: boolean) => {
    await write({ ...ctx, actor: null }, {}, async ({ tx, audit }) => {
      const { count } = await tx.cfdi.updateMany({
        where: mine,
        data: { status: 'ERROR', errorDescription: description.slice(0, 2000), ...(keepVoucher ? {} : { xml: null }) },
      });
      if (count) await audit({ action: 'STAMP_ERROR', entity: 'Cfdi', entityId: cfdi.id, neighborhoodId: cfdi.neighborhoodId, data: { description } });
    });
    return current(ctx, cfdiId);
  };

  // The voucher: the one sealed by an earlier attempt (sent again as it is), or a new one.
  let voucher = cfdi.xml;
  if (!voucher) {
    // A receipt whose payment was undone (or that was deleted) since the invoice was created is not invoiced.
    // An invoice before payment (PPD) needs its receipt alive only.
    const unpaid = await ctx.prisma.cfdiReceipt.count({
      where: {
        cfdiId,
        receipt:
          cfdi.paymentMethod === 'PPD' && cfdi.kind !== 'PAYMENT'
            ? { deletedAt: { not: null } }
            : { OR: [{ status: { not: 'PAID' } }, { deletedAt: { not: null } }] },
      },
    });
    if (unpaid) return fail(CFDI_MESSAGES.notPaid, false);
    try {
      const credential = await openCommunityCredential({ prisma: ctx.prisma, actor: null, config: ctx.config }, cfdi.neighborhoodId);
      const settled = cfdi.kind === 'RECEIPT' && cfdi.paymentMethod === 'PPD' ? await paidSinceInvoiced(ctx, cfdi) : null;
      if (settled) Object.assign(cfdi, settled);
      const { sealed, issuedAt, data } = cfdi.kind === 'PAYMENT' ? await sealComplement(ctx, cfdi, credential) : await sealInvoice(ctx, cfdi, credential);
      const problems = await validateCfdi(sealed.xml);
      if (problems.length) return fail(`El CFDI no cumple el esquema del SAT: ${problems.slice(0, 5).join('; ')}`, false);
      const { count } = await ctx.prisma.cfdi.updateMany({
        where: mine,
        data: {
          xml: sealed.xml,
          issuedAt,
          subtotal: formatMoney(sealed.subtotal),
          taxTotal: formatMoney(sealed.taxTotal),
          total: formatMoney(sealed.total),
          ...settled,
          ...data,
        },
      });
      if (!count) return current(ctx, cfdiId);
      voucher = sealed.xml;
    } catch (error) {
      if (error instanceof ConflictError || error instanceof PacError) return fail(error.message, false);
      console.error(`CFDI ${cfdiId}: sealing failed`, error);
      return fail(CFDI_MESSAGES.failed, false);
    }
  }

  let stamped: { xml: string; uuid: string; stampedAt: Date };
  try {
    stamped = await pacOf(ctx.config).stamp(voucher);
  } catch (error) {
    if (error instanceof PacError) return fail(error.message, error.retryable);
    // No answer: the PAC may have stamped it; the retry sends the same voucher.
    if (ctx.config.env !== 'test') console.error(`CFDI ${cfdiId}: the PAC did not answer`, error);
    return fail(CFDI_MESSAGES.failed, true);
  }
  await cfdiTestHooks.afterStamp?.(cfdiId);

  await write({ ...ctx, actor: null }, {}, async ({ tx, audit }) => {
    const { count } = await tx.cfdi.updateMany({
      where: mine,
      data: { status: 'STAMPED', uuid: stamped.uuid, xml: stamped.xml, stampedAt: stamped.stampedAt, errorDescription: null },
    });
    if (count) {
      await audit({ action: 'STAMP', entity: 'Cfdi', entityId: cfdi.id, neighborhoodId: cfdi.neighborhoodId, data: { uuid: stamped.uuid } });
      // A PPD invoice of a receipt paid meanwhile: its complement's job (a substitute's, once it replaces the old one: cancelCfdi).
      if (cfdi.kind === 'RECEIPT' && cfdi.paymentMethod === 'PPD' && !cfdi.substitutesId) await enqueueComplementJobs(tx, cfdi.id);
    }
  });
  return current(ctx, cfdiId);
}

/** The complement job of each paid receipt of a PPD invoice (the job finds the invoice through the receipt's active link). */
function enqueueComplementJobs(tx: Pick<Tx, '$executeRaw'>, cfdiId: number) {
  return tx.$executeRaw`INSERT INTO "Job" (kind, payload, "runAt")
    SELECT ${INVOICE_RECEIPT_JOB}, jsonb_build_object('receiptId', r.id, 'neighborhoodId', r."neighborhoodId"), (now() AT TIME ZONE 'UTC')
    FROM "CfdiReceipt" l JOIN "Receipt" r ON r.id = l."receiptId" WHERE l."cfdiId" = ${cfdiId} AND r.status = 'PAID'`;
}

/**
 * A PPD invoice first sealed after its receipt was paid (it failed, then was retried) is PUE with the
 * payment's form: SAT asks for PPD only when the invoice comes before the payment.
 */
async function paidSinceInvoiced(ctx: Pick<Deps, 'prisma'>, cfdi: Cfdi): Promise<{ paymentMethod: 'PUE'; paymentForm: string } | null> {
  const links = await ctx.prisma.cfdiReceipt.findMany({ where: { cfdiId: cfdi.id }, select: { receipt: { select: RECEIPT_SELECT } } });
  if (!links.length || links.some((l) => l.receipt.status !== 'PAID')) return null;
  return { paymentMethod: 'PUE', paymentForm: formOfReceipt(links[0].receipt) };
}

async function sealInvoice(ctx: Deps, cfdi: Cfdi, credential: Credential) {
  const { input, receiver } = await voucherInput(ctx, cfdi);
  return { sealed: sealVoucher(input, credential), issuedAt: input.issuedAt, data: receiver };
}

/** A complement repeats its invoice's receiver; the instalment and balances are fixed when it is sealed. */
async function sealComplement(ctx: Deps, cfdi: Cfdi, credential: Credential) {
  const [fiscal, community, { invoice, document, paid, previousBalance, installment }] = await Promise.all([
    ctx.prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: cfdi.neighborhoodId } }),
    ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: cfdi.neighborhoodId }, select: { postalCode: true } }),
    complementDocument(ctx.prisma, cfdi),
  ]);
  const substituted = cfdi.substitutesId ? await ctx.prisma.cfdi.findUnique({ where: { id: cfdi.substitutesId }, select: { uuid: true } }) : null;
  const issuedAt = new Date();
  // The invoice's RFC, with the name, regime and postal code the house's tax data say today (SAT checks them).
  const link = await ctx.prisma.cfdiReceipt.findFirst({ where: { cfdiId: cfdi.id }, select: { receipt: { select: { houseId: true } } } });
  const current = link ? await houseReceiver(ctx.prisma, link.receipt.houseId, cfdi.neighborhoodId).catch(() => null) : null;
  const receiver =
    current && current.receiverRfc === invoice.receiverRfc
      ? { rfc: current.receiverRfc, name: current.receiverName, regime: current.receiverRegime, postalCode: current.receiverPostalCode }
      : complementReceiver(invoice);
  const sealed = sealPaymentComplement(
    {
      serie: cfdi.serie,
      folio: String(cfdi.id),
      issuedAt,
      issuer: { rfc: fiscal.rfc, name: fiscal.fiscalName, regime: satRegime(fiscal.regime), postalCode: community.postalCode ?? '' },
      receiver,
      payment: { date: cfdi.paymentDate ?? issuedAt, form: cfdi.paymentForm },
      documents: [document],
      ...(substituted?.uuid ? { related: { type: '04' as const, uuids: [substituted.uuid] } } : {}),
    },
    credential,
  );
  return {
    sealed,
    issuedAt,
    data: {
      receiverRfc: receiver.rfc,
      receiverName: receiver.name,
      receiverRegime: receiver.regime,
      receiverPostalCode: receiver.postalCode,
      paymentAmount: formatMoney(paid),
      previousBalance: formatMoney(previousBalance),
      installment,
    },
  };
}

/** What the voucher says: issuer, receiver (refreshed from the house's tax data), lines, relation and period. */
async function voucherInput(ctx: Pick<Deps, 'prisma'>, cfdi: Cfdi): Promise<{ input: VoucherInput; receiver: Partial<Cfdi> }> {
  const [fiscal, community, links] = await Promise.all([
    ctx.prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: cfdi.neighborhoodId } }),
    ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: cfdi.neighborhoodId }, select: { postalCode: true } }),
    ctx.prisma.cfdiReceipt.findMany({
      where: { cfdiId: cfdi.id },
      orderBy: { receiptId: 'asc' },
      include: { receipt: { select: { id: true, description: true, houseId: true } } },
    }),
  ]);
  const issuerPostalCode = community.postalCode ?? '';
  let receiver: Partial<Cfdi> = {};
  if (cfdi.kind === 'RECEIPT') {
    receiver = await houseReceiver(ctx.prisma, links[0].receipt.houseId, cfdi.neighborhoodId);
  }
  const r = { ...cfdi, ...receiver };
  const lines: CfdiLine[] = links.map((l) =>
    cfdi.kind === 'GLOBAL' ? globalLine({ id: l.receiptId, amount: l.amount }) : receiptLine({ ...l.receipt, amount: l.amount }, fiscal.productCode),
  );
  const substituted = cfdi.substitutesId ? await ctx.prisma.cfdi.findUnique({ where: { id: cfdi.substitutesId }, select: { uuid: true } }) : null;
  const input: VoucherInput = {
    serie: cfdi.serie,
    folio: String(cfdi.id),
    issuedAt: new Date(),
    paymentForm: cfdi.paymentForm,
    paymentMethod: cfdi.paymentMethod === 'PPD' ? 'PPD' : 'PUE',
    issuer: { rfc: fiscal.rfc, name: fiscal.fiscalName, regime: satRegime(fiscal.regime), postalCode: issuerPostalCode },
    receiver:
      cfdi.kind === 'GLOBAL'
        ? { rfc: PUBLIC_RECEIVER.rfc, name: PUBLIC_RECEIVER.name, regime: PUBLIC_RECEIVER.regime, use: PUBLIC_RECEIVER.use, postalCode: issuerPostalCode }
        : { rfc: r.receiverRfc!, name: r.receiverName!, regime: r.receiverRegime!, use: r.receiverUse!, postalCode: r.receiverPostalCode! },
    lines,
    ...(cfdi.kind === 'GLOBAL' ? { global: { periodicity: '04' as const, months: String(cfdi.globalMonth).padStart(2, '0'), year: cfdi.globalYear! } } : {}),
    ...(substituted?.uuid ? { related: { type: '04' as const, uuids: [substituted.uuid] } } : {}),
  };
  return { input, receiver };
}

// ---- global invoice ------------------------------------------------------------------------------

/**
 * The paid receipts of a month (by the day the money was received) of houses without tax data that no
 * valid invoice covers yet.
 */
async function globalCandidates(prisma: Pick<Tx, 'receipt'>, neighborhoodId: number, year: number, month: number, take: number) {
  const from = new Date(Date.UTC(year, month - 1, 1));
  const to = new Date(Date.UTC(year, month, 1));
  return prisma.receipt.findMany({
    where: {
      neighborhoodId,
      status: 'PAID',
      deletedAt: null,
      creditsWallet: false,
      amount: { gt: 0 },
      realPaymentDate: { gte: from, lt: to },
      house: { taxInfo: null },
      cfdiLinks: { none: { active: true } },
    },
    select: RECEIPT_SELECT,
    orderBy: { id: 'asc' },
    take,
  });
}

export interface GlobalOutcome {
  items: CfdiOutcome[];
  message: string;
}

/**
 * Issues the global invoice(s) of a finished month for the community (administrators now, or the monthly
 * job): invoices of that month left in ERROR are retried first, then the remaining receipts are invoiced.
 */
export async function issueGlobalCfdi(
  ctx: Deps & Partial<Pick<ServiceContext, 'headerIdempotency'>>,
  neighborhoodId: number,
  period: { year: number; month: number },
  idempotencyKey?: string | null,
): Promise<GlobalOutcome> {
  const { timeZone, postalCode } = await ctx.prisma.neighborhood.findUniqueOrThrow({
    where: { id: neighborhoodId },
    select: { timeZone: true, postalCode: true },
  });
  const problem = globalPeriodProblem(period.year, period.month, todayIn(timeZone));
  if (problem) throw new InputError([{ field: 'month', message: problem }]);
  await assertInvoicing(ctx, neighborhoodId);
  const items: CfdiOutcome[] = [];
  const retry = await ctx.prisma.cfdi.findMany({
    where: { neighborhoodId, kind: 'GLOBAL', globalYear: period.year, globalMonth: period.month, status: { in: ['ERROR', 'PENDING'] }, substitutesId: null },
    select: { id: true },
  });
  for (const c of retry) items.push(await processCfdi(ctx, c.id));

  const fiscal = await ctx.prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId }, select: { invoiceSerie: true } });
  let key = idempotencyKey;
  for (let round = 0; round < 100; round++) {
    const receipts = await globalCandidates(ctx.prisma, neighborhoodId, period.year, period.month, GLOBAL_MAX_LINES);
    if (!receipts.length) break;
    let cfdiId: number;
    try {
      cfdiId = await write(
        ctx,
        { idempotencyKey: key, request: { operation: 'issueGlobalCfdi', input: { neighborhoodId, ...period } } },
        async ({ tx, audit }) => {
          const total = formatMoney(sumMoney(receipts.map((r) => r.amount)));
          const cfdi = await tx.cfdi.create({
            data: {
              neighborhoodId,
              kind: 'GLOBAL',
              serie: fiscal.invoiceSerie || null,
              receiverRfc: PUBLIC_RECEIVER.rfc,
              receiverName: PUBLIC_RECEIVER.name,
              receiverRegime: PUBLIC_RECEIVER.regime,
              receiverUse: PUBLIC_RECEIVER.use,
              receiverPostalCode: postalCode ?? '',
              paymentForm: dominantPaymentForm(receipts.map((r) => ({ form: formOfReceipt(r), amount: r.amount }))),
              subtotal: total,
              taxTotal: '0',
              total,
              globalYear: period.year,
              globalMonth: period.month,
              createdByUserId: ctx.actor?.userId ?? null,
            },
          });
          await tx.cfdiReceipt.createMany({
            data: receipts.map((r) => ({ cfdiId: cfdi.id, receiptId: r.id, neighborhoodId, amount: formatMoney(r.amount) })),
          });
          await audit({
            action: 'CREATE',
            entity: 'Cfdi',
            entityId: cfdi.id,
            neighborhoodId,
            data: { kind: 'GLOBAL', ...period, receipts: receipts.length, total },
          });
          return cfdi.id;
        },
      );
    } catch (error) {
      // A receipt got its own invoice meanwhile: read the candidates again.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    // The key protects the first invoice of the request only.
    key = null;
    const outcome = await processCfdi(ctx, cfdiId);
    items.push(outcome);
    if (outcome.status === 'ERROR') break;
  }
  if (!items.length) throw new ConflictError('CFDI_NO_GLOBAL_RECEIPTS');
  const failed = items.find((i) => i.status === 'ERROR');
  return { items, message: failed ? failed.message : CFDI_MESSAGES.generated };
}

// ---- cancellation --------------------------------------------------------------------------------

export interface CancelInput {
  cfdiId: number;
  motive?: CancelMotive | null;
  regenerate?: boolean | null;
  /** Legacy paths name the receipt and house: the invoice must cover it. */
  receiptId?: number | null;
  houseId?: number | null;
}

export interface CancelOutcome extends CfdiOutcome {
  /** The substitute issued by a regeneration. */
  substituteId: number | null;
}

/**
 * Cancels a stamped invoice before SAT. With regenerate (motive 01), the substitute is issued first,
 * related to the old UUID (TipoRelacion 04), then the old one is cancelled naming it (FolioSustitucion);
 * only then do the receipts' links move from the old invoice to the substitute, in one transaction and in
 * that order (the partial unique index holds at every statement).
 *
 * If the PAC fails halfway: a substitute that could not be stamped stays in ERROR (the old invoice is
 * untouched and valid); a substitute stamped whose old invoice SAT did not cancel stays STAMPED without
 * active links, and cancelling again with regenerate reuses it (no third invoice).
 */
export async function cancelCfdi(ctx: ServiceContext, raw: CancelInput, idempotencyKey?: string | null): Promise<CancelOutcome> {
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  const regenerate = !!raw.regenerate;
  const motive: CancelMotive = raw.motive ?? (regenerate ? '01' : '02');
  if (regenerate && motive !== '01') throw new InputError([{ field: 'motive', message: CFDI_MESSAGES.substituteOnlyWithMotive01 }]);
  if (!regenerate && motive === '01') throw new InputError([{ field: 'motive', message: CFDI_MESSAGES.motive01NeedsSubstitute }]);

  const cfdi = await ctx.prisma.cfdi.findFirst({
    where: { id: raw.cfdiId, neighborhoodId },
    include: { receipts: { select: { receiptId: true, receipt: { select: { houseId: true } } } } },
  });
  if (!cfdi) throw new NotFoundError('CFDI_NOT_FOUND');
  if (raw.receiptId != null && !cfdi.receipts.some((l) => l.receiptId === raw.receiptId)) throw new NotFoundError('CFDI_NOT_FOUND');
  if (raw.houseId != null && !cfdi.receipts.some((l) => l.receipt.houseId === raw.houseId)) throw new NotFoundError('CFDI_NOT_FOUND');
  if (!holdsAny(ctx, CFDI_ADMIN_DELETE)) {
    if (cfdi.kind === 'GLOBAL') throw new ForbiddenError('CFDI_GLOBAL_ADMIN_ONLY');
    // A payment the community received keeps the complement SAT asks for unless the administration cancels it.
    if (cfdi.kind === 'PAYMENT') throw new ForbiddenError('CFDI_COMPLEMENT_ADMIN_ONLY');
    if (!cfdi.receipts.every((l) => reachesHouse(actor, l.receipt.houseId, CFDI_ADMIN_DELETE))) throw new ForbiddenError('CFDI_FOREIGN');
  }
  if (cfdi.status === 'CANCELLED') throw new ConflictError('CFDI_ALREADY_CANCELLED');
  if (cfdi.status !== 'STAMPED' || !cfdi.uuid) throw new ConflictError('CFDI_NOT_CANCELLABLE');
  // SAT refuses cancelling a PPD invoice whose payments have valid complements: they are cancelled first.
  if (cfdi.paymentMethod === 'PPD' && cfdi.kind !== 'PAYMENT') {
    const complements = await ctx.prisma.cfdi.count({ where: { paidCfdiId: cfdi.id, status: { not: 'CANCELLED' } } });
    if (complements) throw new ConflictError('CFDI_HAS_VALID_COMPLEMENTS');
  }
  const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { modules: true } });
  if (!n.modules.includes('FACTURACION')) throw new ConflictError('INVOICING_DISABLED');

  await write(
    ctx,
    {
      idempotencyKey,
      request: { operation: 'cancelCfdi', input: raw },
      audit: { action: 'CANCEL_REQUEST', entity: 'Cfdi', entityId: cfdi.id, data: { motive, regenerate } },
    },
    async () => cfdi.id,
  );

  let substitute: CfdiOutcome | null = null;
  if (regenerate) {
    substitute = await issueSubstitute(ctx, cfdi);
    if (substitute.status !== 'STAMPED') return { ...substitute, substituteId: substitute.cfdiId };
  }
  const substituteUuid = substitute ? (await ctx.prisma.cfdi.findUniqueOrThrow({ where: { id: substitute.cfdiId }, select: { uuid: true } })).uuid : null;

  let credential: Credential;
  try {
    credential = await openCommunityCredential({ prisma: ctx.prisma, actor: null, config: ctx.config }, neighborhoodId);
  } catch (error) {
    if (error instanceof ConflictError) throw error;
    throw new ConflictError('FISCAL_NOT_CONFIGURED');
  }
  const fiscal = await ctx.prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId }, select: { rfc: true } });
  let result: { status: 'CANCELLED' | 'IN_PROCESS'; acknowledgement: string };
  try {
    result = await pacOf(ctx.config).cancel({
      issuerRfc: fiscal.rfc,
      receiverRfc: cfdi.receiverRfc,
      uuid: cfdi.uuid,
      total: formatMoney(cfdi.total),
      motive,
      substituteUuid,
      credential,
    });
  } catch (error) {
    if (error instanceof PacError) throw new ConflictError(reason('PAC_REFUSED', { message: error.message }));
    throw error;
  }

  if (result.status === 'IN_PROCESS') {
    await write(ctx, {}, async ({ tx, audit }) => {
      await tx.cfdi.update({ where: { id: cfdi.id }, data: { cancellationMotive: motive, cancellationAcknowledgement: result.acknowledgement } });
      await audit({ action: 'CANCEL_IN_PROCESS', entity: 'Cfdi', entityId: cfdi.id, data: { motive } });
    });
    return { cfdiId: cfdi.id, status: 'STAMPED', message: CFDI_MESSAGES.cancelRequested, errorDescription: null, substituteId: substitute?.cfdiId ?? null };
  }

  await write(ctx, {}, async ({ tx, audit }) => {
    const { count } = await tx.cfdi.updateMany({
      where: { id: cfdi.id, status: 'STAMPED' },
      data: {
        status: 'CANCELLED',
        cancellationMotive: motive,
        cancellationAcknowledgement: result.acknowledgement,
        cancelledAt: new Date(),
        cancelledByUserId: actor.userId,
      },
    });
    if (!count) {
      // Another request cancelled it meanwhile (e.g. without substitution): the stamped substitute becomes the
      // invoice of the receipts that have none, so it never stays valid before SAT without being linked.
      if (substitute && cfdi.kind !== 'PAYMENT') {
        await tx.cfdiReceipt.updateMany({
          where: { cfdiId: substitute.cfdiId, active: false, cfdi: { status: 'STAMPED' }, receipt: { cfdiLinks: { none: { active: true } } } },
          data: { active: true },
        });
      }
      return;
    }
    // Old links first, then the substitute's: one active invoice per receipt at every statement.
    await tx.cfdiReceipt.updateMany({ where: { cfdiId: cfdi.id }, data: { active: false } });
    // A complement's links are never active: the receipt's valid invoice stays the one it pays.
    if (substitute && cfdi.kind !== 'PAYMENT') {
      await tx.cfdiReceipt.updateMany({ where: { cfdiId: substitute.cfdiId }, data: { active: true } });
      // A PPD substitute of a paid receipt now receives its payment's complement.
      if (cfdi.paymentMethod === 'PPD') await enqueueComplementJobs(tx, substitute.cfdiId);
    }
    await audit({ action: 'CANCEL', entity: 'Cfdi', entityId: cfdi.id, data: { motive, substituteId: substitute?.cfdiId ?? null } });
  });
  return { cfdiId: cfdi.id, status: 'CANCELLED', message: CFDI_MESSAGES.cancelled, errorDescription: null, substituteId: substitute?.cfdiId ?? null };
}

/** The substitute of an invoice (created once: Cfdi.substitutesId is unique), its links inactive until the old one is cancelled. */
async function issueSubstitute(ctx: ServiceContext, old: Cfdi & { receipts: { receiptId: number }[] }): Promise<CfdiOutcome> {
  let sub = await ctx.prisma.cfdi.findUnique({ where: { substitutesId: old.id } });
  if (!sub) {
    await assertInvoicing(ctx, old.neighborhoodId);
    const links = await ctx.prisma.cfdiReceipt.findMany({ where: { cfdiId: old.id } });
    const fiscal = await ctx.prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: old.neighborhoodId }, select: { invoiceSerie: true } });
    try {
      sub = await write(ctx, {}, async ({ tx, audit }) => {
        const created = await tx.cfdi.create({
          data: {
            neighborhoodId: old.neighborhoodId,
            kind: old.kind,
            serie: fiscal.invoiceSerie || null,
            receiverRfc: old.receiverRfc,
            receiverName: old.receiverName,
            receiverRegime: old.receiverRegime,
            receiverUse: old.receiverUse,
            receiverPostalCode: old.receiverPostalCode,
            paymentForm: old.paymentForm,
            paymentMethod: old.paymentMethod,
            paidCfdiId: old.paidCfdiId,
            paymentDate: old.paymentDate,
            paymentAmount: old.paymentAmount,
            subtotal: old.subtotal,
            taxTotal: old.taxTotal,
            total: old.total,
            globalYear: old.globalYear,
            globalMonth: old.globalMonth,
            substitutesId: old.id,
            createdByUserId: ctx.actor?.userId ?? null,
          },
        });
        await tx.cfdiReceipt.createMany({
          data: links.map((l) => ({ cfdiId: created.id, receiptId: l.receiptId, neighborhoodId: l.neighborhoodId, amount: l.amount, active: false })),
        });
        await audit({ action: 'CREATE', entity: 'Cfdi', entityId: created.id, data: { kind: old.kind, substitutesId: old.id } });
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      sub = await ctx.prisma.cfdi.findUniqueOrThrow({ where: { substitutesId: old.id } });
    }
  }
  if (sub.status === 'STAMPED' || sub.status === 'CANCELLED') return outcomeOf(sub);
  return processCfdi(ctx, sub.id);
}

// ---- printed representation ----------------------------------------------------------------------

/** Replaces the PDF of an invoice with an uploaded one (APdfCfdiUpdate): a PDF the actor uploaded (POST /api/1.0/files). */
export async function updateCfdiPdf(ctx: ServiceContext, cfdiId: number, fileId: string, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  const cfdi = await ctx.prisma.cfdi.findFirst({ where: { id: cfdiId, neighborhoodId }, select: { id: true, status: true } });
  if (!cfdi) throw new NotFoundError('CFDI_NOT_FOUND');
  if (cfdi.status !== 'STAMPED' && cfdi.status !== 'CANCELLED') throw new ConflictError('CFDI_NO_DOCUMENT');
  const id = await claimFile(ctx, fileId);
  const file = await ctx.prisma.storedFile.findUniqueOrThrow({ where: { id }, select: { contentType: true, data: true, userId: true } });
  // Only a file the administrator uploaded: a document attached to a house must not become an invoice's PDF.
  if (file.userId !== actorOf(ctx).userId) throw new InputError([{ field: 'fileId', message: CFDI_MESSAGES.pdfNotYours }]);
  const bytes = Buffer.from(file.data);
  if (file.contentType !== 'application/pdf' || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new InputError([{ field: 'fileId', message: CFDI_MESSAGES.pdfOnly }]);
  }
  return write(
    ctx,
    {
      idempotencyKey,
      request: { operation: 'updateCfdiPdf', input: { cfdiId, fileId } },
      audit: { action: 'UPDATE_PDF', entity: 'Cfdi', entityId: cfdiId, data: { fileId: id } },
    },
    async ({ tx }) => {
      await tx.cfdi.update({ where: { id: cfdiId }, data: { pdfFileId: id } });
      return { cfdiId, message: CFDI_MESSAGES.pdfUpdated };
    },
  );
}
