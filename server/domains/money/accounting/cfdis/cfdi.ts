// GraphQL of invoices (service.ts): the community's CFDI list and resume, a receipt's invoices and invoice
// actions, the XML, PDF and zip downloads, and generate, cancel, the global invoice, the PDF replacement
// and the zip of a period sent by e-mail. Every field needs an invoice grant, so module FACTURACION gates
// them all (core/grants.ts: a Cfdi grant needs FACTURACION).
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { z } from 'zod';
import { dayText } from '../../../../../core/input.js';
import { builder, grants, idempotencyKeyField, keysetConnection, keysetPage, parseIdCursor, selectsField, idPageArgs } from '../../../../graphql/builder.js';
import { holdsAny, reachesHouse } from '../../../../auth/houseScope.js';
import { enqueueJob } from '../../../../infra/jobs.js';
import { actorOf, communityOf, type Context } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import type { Cfdi } from '../../../../db/generated/client.js';
import { DownloadFileRef } from '../../receivables/receipts/documents.js';
import { ReceiptRef } from '../../receivables/receipts/receipt.js';
import { receiptRows } from '../../receivables/receipts/rows.js';
import { loadBatched } from '../../../../graphql/batch.js';
import { cfdiAcknowledgementFile, cfdiPdfFile, cfdiXmlFile, cfdisZip, hasDocuments, ZIP_MAX_CFDIS } from './files.js';
import { ZIP_JOB, type ZipJobPayload } from './jobs.js';
import { cfdisPage, type CfdiListRow } from './rows.js';
import { receiptCfdiDocuments, withActiveCfdi } from './receiptLinks.js';
import {
  CANCEL_MOTIVE_NAMES,
  CANCEL_MOTIVES,
  CFDI_ADMIN_CREATE,
  CFDI_ADMIN_READERS,
  CFDI_CREATORS,
  CFDI_DELETERS,
  CFDI_KINDS,
  CFDI_MESSAGES,
  CFDI_PDF_UPDATERS,
  CFDI_READERS,
  CFDI_STATUSES,
  startOfDayIn,
  type CancelMotive,
} from './rules.js';
import {
  cancelCfdi,
  cfdiReadScope,
  cfdiResume,
  cfdiWhere,
  generateReceiptCfdi,
  issueGlobalCfdi,
  readCfdi,
  updateCfdiPdf,
  type CancelOutcome,
  type CfdiFilter,
  type CfdiOutcome,
  type GlobalOutcome,
} from './service.js';

export const CfdiStatusEnum = builder.enumType('CfdiStatus', {
  description: 'PENDING: being stamped; STAMPED: valid before SAT; ERROR: not stamped (errorDescription), retried in place; CANCELLED',
  values: CFDI_STATUSES,
});
export const CfdiKindEnum = builder.enumType('CfdiKind', {
  description:
    'RECEIPT: one receipt of a house with tax data (PUE when paid, PPD before its payment); GLOBAL: a month of paid receipts to the general public; PAYMENT: the payment complement of a PPD invoice',
  values: CFDI_KINDS,
});

const gidOf = (id: { typename: string; id: string } | null | undefined, typename: string) => (id ? (id.typename === typename ? rowId(id.id) : -1) : null);

const CfdiReceiverRef = builder.objectRef<Omit<Cfdi, 'xml'>>('CfdiReceiver').implement({
  description: 'The receiver as the invoice names it',
  fields: (t) => ({
    rfc: t.exposeString('receiverRfc'),
    name: t.exposeString('receiverName'),
    regime: t.exposeString('receiverRegime', { description: "SAT's c_RegimenFiscal, e.g. 612" }),
    use: t.exposeString('receiverUse', { description: "SAT's c_UsoCFDI, e.g. G03" }),
    postalCode: t.exposeString('receiverPostalCode'),
  }),
});

// Lists and nodes never carry the stamped XML (kilobytes per invoice): downloads read it.
const LIST_OMIT = { xml: true } as const;
type CfdiNode = Omit<Cfdi, 'xml'>;
export const CfdiRef = builder.objectRef<CfdiNode>('Cfdi');

const cfdiPath = (c: Pick<Cfdi, 'neighborhoodId' | 'id'>, doc: 'xml' | 'pdf' | 'acknowledgement') =>
  `/api/1.0/neighborhoods/${c.neighborhoodId}/cfdis/${c.id}/${doc}`;

type CfdiLink = { receiptId: number; houseId: number };
const CfdiReceiptHouseRef = builder.objectRef<CfdiLink>('CfdiReceiptHouse').implement({
  description: 'An invoiced receipt and its house',
  fields: (t) => ({
    receiptDatabaseId: t.exposeInt('receiptId'),
    houseDatabaseId: t.exposeInt('houseId'),
  }),
});

/** The receipts (with their houses) of an invoice: read with the list's page, else in one statement for all the invoices a request reads. */
function cfdiLinks(ctx: Context, c: CfdiNode): Promise<CfdiLink[]> {
  const listed = (c as Partial<CfdiListRow>).links;
  if (listed) return Promise.resolve(listed);
  const cfdiId = c.id;
  return loadBatched(ctx, 'cfdiLinks', cfdiId, async (ids) => {
    const rows = await ctx.db.kysely
      .selectFrom('CfdiReceipt as l')
      .innerJoin('Receipt as r', 'r.id', 'l.receiptId')
      .select(['l.cfdiId', 'l.receiptId', 'r.houseId'])
      .where('l.cfdiId', 'in', ids)
      .orderBy('l.receiptId')
      .execute();
    const map = new Map<number, CfdiLink[]>();
    for (const r of rows) map.set(r.cfdiId, [...(map.get(r.cfdiId) ?? []), { receiptId: r.receiptId, houseId: r.houseId }]);
    return map;
  }).then((links) => links ?? []);
}

/** `read` applied to the invoice's receipts: at once when its list page read them (no promise per field), else once they are loaded. */
function withLinks<T>(ctx: Context, c: CfdiNode, read: (links: CfdiLink[]) => T): T | Promise<T> {
  const listed = (c as Partial<CfdiListRow>).links;
  return listed ? read(listed) : cfdiLinks(ctx, c).then(read);
}

/** Invoices by id the viewer may read, in one statement for all those a request asks for. */
function cfdiById(ctx: Context, id: number) {
  return loadBatched(ctx, 'cfdiById', id, async (ids) => {
    const rows = await ctx.prisma.cfdi.findMany({ omit: LIST_OMIT, where: { id: { in: ids }, ...cfdiReadScope(ctx) } });
    return new Map(rows.map((r) => [r.id, r]));
  });
}

builder.node(CfdiRef, {
  description: 'A CFDI 4.0 the community issued for paid receipts (spec 1 CFDI, spec 2 Invoice record); its folio is its id',
  authScopes: { grant: CFDI_READERS },
  directives: { grant: { any: CFDI_READERS } },
  id: { resolve: (c) => c.id },
  // Another community's invoice never resolves; another house's only for administrators.
  loadMany: async (ids, ctx) => {
    const rows = await ctx.prisma.cfdi.findMany({ omit: LIST_OMIT, where: { id: { in: ids.map(rowId) }, ...cfdiReadScope(ctx) } });
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.map((id) => byId.get(String(rowId(id))) ?? null);
  },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    status: t.field({ type: CfdiStatusEnum, resolve: (c) => c.status }),
    kind: t.field({ type: CfdiKindEnum, resolve: (c) => c.kind }),
    serie: t.exposeString('serie', { nullable: true }),
    folio: t.string({ resolve: (c) => String(c.id) }),
    uuid: t.exposeString('uuid', { nullable: true, description: "SAT's folio fiscal, once stamped" }),
    receiver: t.field({ type: CfdiReceiverRef, resolve: (c) => c }),
    paymentForm: t.exposeString('paymentForm', { description: "SAT's c_FormaPago, e.g. 03 (transferencia); 99 for a PPD invoice" }),
    paymentMethod: t.string({
      nullable: true,
      description: "SAT's c_MetodoPago of an invoice: PUE (paid when invoiced) or PPD (its payments get complements); null for a complement",
      resolve: (c) => (c.kind === 'PAYMENT' ? null : c.paymentMethod),
    }),
    paidInvoice: t.field({
      type: CfdiRef,
      nullable: true,
      description: 'A payment complement: the PPD invoice it pays',
      resolve: (c, _a, ctx) => (c.paidCfdiId ? cfdiById(ctx, c.paidCfdiId).then((found) => found ?? null) : null),
    }),
    paymentDate: t.field({ type: 'DateTime', nullable: true, description: 'A payment complement: FechaPago', resolve: (c) => c.paymentDate }),
    paymentAmount: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'A payment complement: the amount it records as paid',
      resolve: (c) => c.paymentAmount,
    }),
    installment: t.exposeInt('installment', { nullable: true, description: 'A payment complement: NumParcialidad, once sealed' }),
    previousBalance: t.field({
      type: 'Decimal',
      nullable: true,
      description: "A payment complement: the invoice's balance before the payment (ImpSaldoAnt), once sealed",
      resolve: (c) => c.previousBalance,
    }),
    complements: t.field({
      type: [CfdiRef],
      description: 'A PPD invoice: its payment complements, oldest first (cancelled ones included)',
      resolve: (c, _a, ctx) =>
        c.kind !== 'RECEIPT' || c.paymentMethod !== 'PPD'
          ? []
          : loadBatched(ctx, 'cfdiComplements', c.id, async (ids) => {
              const rows = await ctx.prisma.cfdi.findMany({
                omit: LIST_OMIT,
                where: { paidCfdiId: { in: ids }, ...cfdiReadScope(ctx) },
                orderBy: { id: 'asc' },
              });
              const map = new Map<number, CfdiNode[]>();
              for (const r of rows) map.set(r.paidCfdiId!, [...(map.get(r.paidCfdiId!) ?? []), r]);
              return map;
            }).then((found) => found ?? []),
    }),
    subtotal: t.field({ type: 'Decimal', resolve: (c) => c.subtotal }),
    taxTotal: t.field({ type: 'Decimal', resolve: (c) => c.taxTotal }),
    total: t.field({ type: 'Decimal', resolve: (c) => c.total }),
    globalYear: t.exposeInt('globalYear', { nullable: true }),
    globalMonth: t.exposeInt('globalMonth', { nullable: true }),
    issuedAt: t.field({ type: 'DateTime', nullable: true, description: 'Fecha of the voucher', resolve: (c) => (hasDocuments(c) ? c.issuedAt : null) }),
    stampedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.stampedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    errorDescription: t.string({
      nullable: true,
      description: "Why it was not stamped (status ERROR): the PAC's or SAT's message",
      resolve: (c) => (c.status === 'ERROR' ? c.errorDescription || CFDI_MESSAGES.failed : null),
    }),
    attempts: t.exposeInt('attempts'),
    hasXml: t.boolean({ resolve: (c) => hasDocuments(c) }),
    hasPdf: t.boolean({ resolve: (c) => hasDocuments(c) }),
    pdfReplaced: t.boolean({ description: 'An administrator replaced the printed representation', resolve: (c) => c.pdfFileId !== null }),
    xmlUrl: t.string({ nullable: true, description: 'GET this path for the stamped XML', resolve: (c) => (hasDocuments(c) ? cfdiPath(c, 'xml') : null) }),
    pdfUrl: t.string({ nullable: true, description: 'GET this path for the PDF', resolve: (c) => (hasDocuments(c) ? cfdiPath(c, 'pdf') : null) }),
    cancellationMotive: t.exposeString('cancellationMotive', { nullable: true }),
    cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.cancelledAt }),
    acknowledgementUrl: t.string({
      nullable: true,
      description: "GET this path for SAT's acknowledgement (acuse) of the cancellation, once the PAC answered one",
      resolve: (c) => (c.cancellationAcknowledgement ? cfdiPath(c, 'acknowledgement') : null),
    }),
    receiptDatabaseIds: t.intList({
      resolve: (c, _a, ctx) => withLinks(ctx, c, (links) => links.map((l) => l.receiptId)),
    }),
    receiptHouses: t.field({
      type: [CfdiReceiptHouseRef],
      description: 'Each invoiced receipt with its house (those the current person may read; at most 100): the link to the receipt',
      resolve: (c, _a, ctx) => withLinks(ctx, c, (links) => links.filter((l) => reachesHouse(ctx.actor, l.houseId, CFDI_ADMIN_READERS)).slice(0, 100)),
    }),
    receipts: t.field({
      type: [ReceiptRef],
      description: 'The receipts it invoices (those the current person may read; at most 100)',
      resolve: async (c, _a, ctx) =>
        (await loadBatched(ctx, 'cfdiReceipts', c.id, async (cfdiIds) => {
          const links = await ctx.prisma.cfdiReceipt.findMany({
            where: { cfdiId: { in: cfdiIds } },
            select: { cfdiId: true, receiptId: true },
            orderBy: { receiptId: 'asc' },
          });
          const byCfdi = new Map<number, number[]>();
          for (const l of links) {
            const ids = byCfdi.get(l.cfdiId) ?? [];
            if (ids.length < 100) byCfdi.set(l.cfdiId, [...ids, l.receiptId]);
          }
          const rows = await receiptRows(ctx.db.kysely, communityOf(ctx), [...new Set([...byCfdi.values()].flat())]);
          const readable = new Map(rows.filter((r) => reachesHouse(ctx.actor, r.houseId, CFDI_ADMIN_READERS)).map((r) => [r.id, r]));
          return new Map([...byCfdi].map(([cfdiId, ids]) => [cfdiId, ids.flatMap((id) => readable.get(id) ?? [])]));
        })) ?? [],
    }),
    substitute: t.field({
      type: CfdiRef,
      nullable: true,
      description: 'The invoice this one substitutes (CfdiRelacionados, TipoRelacion 04)',
      resolve: (c, _a, ctx) => (c.substitutesId ? cfdiById(ctx, c.substitutesId).then((found) => found ?? null) : null),
    }),
    substitutedBy: t.field({
      type: CfdiRef,
      nullable: true,
      description: 'The invoice issued to substitute this one',
      resolve: (c, _a, ctx) => {
        // The list read who substitutes each of its invoices: one is read only when there is one.
        const listed = (c as Partial<CfdiListRow>).substitutedById;
        if (listed !== undefined) return listed === null ? null : cfdiById(ctx, listed).then((found) => found ?? null);
        return loadBatched(ctx, 'cfdiBySubstituted', c.id, async (ids) => {
          const rows = await ctx.prisma.cfdi.findMany({ omit: LIST_OMIT, where: { substitutesId: { in: ids }, ...cfdiReadScope(ctx) } });
          return new Map(rows.map((r) => [r.substitutesId!, r]));
        }).then((found) => found ?? null);
      },
    }),
  }),
});

const CfdiConnectionRef = builder.connectionObject({
  type: CfdiRef,
  name: 'CfdiConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

export const CfdiFilterInput = builder.inputType('CfdiFilter', {
  description: 'Filters of the CFDI list (/neighborhood/cfdis); from and to are days (YYYY-MM-DD) of creation in the community',
  fields: (t) => ({
    status: t.field({ type: CfdiStatusEnum, required: false }),
    kind: t.field({ type: CfdiKindEnum, required: false }),
    from: t.string({ required: false }),
    to: t.string({ required: false }),
    receiptId: t.globalID({ required: false }),
    houseId: t.globalID({ required: false }),
  }),
});

const FilterDays = z.object({ from: dayText('La fecha inicial').nullish(), to: dayText('La fecha final').nullish() });

export interface CfdiFilterArgs {
  status?: Cfdi['status'] | null;
  kind?: Cfdi['kind'] | null;
  from?: string | null;
  to?: string | null;
  receiptId?: { typename: string; id: string } | null;
  houseId?: { typename: string; id: string } | null;
}

/** The service filter of the GraphQL filter: days become instants in the community's time zone. */
export async function toCfdiFilter(ctx: Context, args: CfdiFilterArgs | null | undefined): Promise<CfdiFilter> {
  const f = args ?? {};
  const days = parseInput(FilterDays, { from: f.from ?? null, to: f.to ?? null });
  if (days.from && days.to && days.from > days.to) throw new InputError([{ field: 'to', message: 'La fecha final no puede ser anterior a la inicial' }]);
  let timeZone = 'America/Mexico_City';
  if (days.from || days.to) {
    timeZone = (await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { timeZone: true } })).timeZone;
  }
  const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    status: f.status ?? null,
    kind: f.kind ?? null,
    from: days.from ? startOfDayIn(days.from, timeZone) : null,
    to: days.to ? startOfDayIn(nextDay(days.to), timeZone) : null,
    receiptId: gidOf(f.receiptId, 'Receipt'),
    houseId: gidOf(f.houseId, 'House'),
  };
}

builder.queryField('cfdis', (t) =>
  t.field({
    type: CfdiConnectionRef,
    description: "The community's invoices, newest first (/neighborhood/cfdis); owners and co-owners see their house's",
    ...grants(...CFDI_READERS),
    args: {
      filter: t.arg({ type: CfdiFilterInput, required: false }),
      ...idPageArgs(t.arg),
    },
    resolve: async (_r, args, ctx, info) => {
      const page = keysetPage(args, parseIdCursor);
      const { rows, total } = await cfdisPage(ctx.db.kysely, ctx, await toCfdiFilter(ctx, args.filter), page, selectsField(info, 'totalCount'));
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

const CfdiResumeRowRef = builder.objectRef<{ status: Cfdi['status']; count: number; total: string }>('CfdiResumeRow').implement({
  description: 'How many invoices of the filter have a status, and their total',
  fields: (t) => ({
    status: t.field({ type: CfdiStatusEnum, resolve: (r) => r.status }),
    count: t.exposeInt('count'),
    total: t.field({ type: 'Decimal', resolve: (r) => r.total }),
  }),
});

builder.queryField('cfdiResume', (t) =>
  t.field({
    type: [CfdiResumeRowRef],
    description: 'Counts and totals by status of the filtered invoices (GET cfdis/resume); a status filter does not apply to a resume by status',
    ...grants(...CFDI_ADMIN_READERS),
    args: { filter: t.arg({ type: CfdiFilterInput, required: false }) },
    resolve: async (_r, args, ctx) => cfdiResume(ctx, await toCfdiFilter(ctx, args.filter ? { ...args.filter, status: null } : null)),
  }),
);

builder.queryField('cfdiXml', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "The stamped XML of an invoice; null for another community's or another house's",
    ...grants(...CFDI_READERS),
    args: { cfdiId: t.arg.globalID({ required: true }) },
    resolve: async (_r, { cfdiId }, ctx) => {
      const id = gidOf(cfdiId, 'Cfdi')!;
      const cfdi = await ctx.prisma.cfdi.findFirst({ where: { id, ...cfdiReadScope(ctx) } });
      return cfdi ? cfdiXmlFile(cfdi) : null;
    },
  }),
);

builder.queryField('cfdiAcknowledgement', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "SAT's acknowledgement (acuse) of an invoice's cancellation; null for another community's or house's",
    ...grants(...CFDI_READERS),
    args: { cfdiId: t.arg.globalID({ required: true }) },
    resolve: async (_r, { cfdiId }, ctx) => {
      const id = gidOf(cfdiId, 'Cfdi')!;
      const cfdi = await ctx.prisma.cfdi.findFirst({ where: { id, ...cfdiReadScope(ctx) }, omit: LIST_OMIT });
      return cfdi ? cfdiAcknowledgementFile(cfdi) : null;
    },
  }),
);

builder.queryField('cfdiPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "The PDF of an invoice (the uploaded replacement, else made from the XML); null for another community's or house's",
    ...grants(...CFDI_READERS),
    args: { cfdiId: t.arg.globalID({ required: true }) },
    resolve: async (_r, { cfdiId }, ctx) => {
      const id = gidOf(cfdiId, 'Cfdi')!;
      const cfdi = await ctx.prisma.cfdi.findFirst({ where: { id, ...cfdiReadScope(ctx) } });
      return cfdi ? cfdiPdfFile(ctx, cfdi) : null;
    },
  }),
);

/** The valid stamped invoice of a receipt the actor reads (receipt documents cfdi/xml and cfdi/pdf). */
async function receiptStampedCfdi(ctx: Context, receiptId: { typename: string; id: string }, houseId?: { typename: string; id: string } | null) {
  const id = gidOf(receiptId, 'Receipt')!;
  const cfdi = await ctx.prisma.cfdi.findFirst({
    where: {
      ...cfdiReadScope(ctx),
      status: 'STAMPED',
      receipts: { some: { receiptId: id, active: true, ...(houseId ? { receipt: { houseId: gidOf(houseId, 'House')! } } : {}) } },
    },
  });
  // House users read only their own house's receipts' invoices, global ones included.
  if (!cfdi) return null;
  if (!holdsAny(ctx, CFDI_ADMIN_READERS)) {
    const receipt = await ctx.prisma.receipt.findFirst({ where: { id, neighborhoodId: communityOf(ctx) }, select: { houseId: true } });
    if (!receipt || !reachesHouse(ctx.actor, receipt.houseId, CFDI_ADMIN_READERS)) return null;
  }
  return cfdi;
}

for (const [name, make] of [
  ['receiptCfdiXml', (_ctx: Context, c: Cfdi) => cfdiXmlFile(c)],
  ['receiptCfdiPdf', (ctx: Context, c: Cfdi) => cfdiPdfFile(ctx, c)],
] as const) {
  builder.queryField(name, (t) =>
    t.field({
      type: DownloadFileRef,
      nullable: true,
      description: `The ${name.endsWith('Xml') ? 'XML' : 'PDF'} of a receipt's valid invoice (receipt documents); null when it has none the current person may read`,
      ...grants(...CFDI_READERS),
      args: { receiptId: t.arg.globalID({ required: true }), houseId: t.arg.globalID({ required: false }) },
      resolve: async (_r, args, ctx) => {
        const cfdi = await receiptStampedCfdi(ctx, args.receiptId, args.houseId);
        return cfdi ? make(ctx, cfdi) : null;
      },
    }),
  );
}

builder.queryField('cfdisZip', (t) =>
  t.field({
    type: DownloadFileRef,
    description: `XML and PDF of the filtered stamped or cancelled invoices in one zip (GET cfdis/download), at most ${ZIP_MAX_CFDIS}`,
    ...grants(...CFDI_ADMIN_READERS),
    args: { filter: t.arg({ type: CfdiFilterInput, required: false }) },
    resolve: async (_r, args, ctx) => {
      const where = cfdiWhere(ctx, await toCfdiFilter(ctx, args.filter));
      const rows = await ctx.prisma.cfdi.findMany({
        where: { AND: [where, { status: { in: ['STAMPED', 'CANCELLED'] } }] },
        orderBy: { id: 'asc' },
        take: ZIP_MAX_CFDIS + 1,
      });
      return cfdisZip(ctx, rows, 'facturas.zip');
    },
  }),
);

// ---- a receipt's invoices ---------------------------------------------------------------------------

builder.objectField(ReceiptRef, 'cfdis', (t) =>
  t.field({
    type: [CfdiRef],
    nullable: true,
    description: "The receipt's invoices, newest first (/receipts/{receiptId}/cfdis), cancelled ones included",
    ...grants(...CFDI_READERS),
    resolve: (r, _a, ctx) =>
      reachesHouse(ctx.actor, r.houseId, CFDI_ADMIN_READERS)
        ? ctx.prisma.cfdi.findMany({
            omit: LIST_OMIT,
            where: { neighborhoodId: communityOf(ctx), receipts: { some: { receiptId: r.id } } },
            orderBy: { id: 'desc' },
            take: 50,
          })
        : [],
  }),
);

interface CfdiActions {
  allowReadCfdi: boolean;
  allowGenerateCfdi: boolean;
  allowCancelCfdi: boolean;
  allowUpdatePdfCfdi: boolean;
}

const CfdiActionsRef = builder.objectRef<CfdiActions>('ReceiptCfdiActions').implement({
  description: "The invoice entries of a receipt's actions menu for the current person (allowReadCfdi, allowCancelCfdi, allowUpdatePdfCfdi)",
  fields: (t) => ({
    allowReadCfdi: t.exposeBoolean('allowReadCfdi', { description: 'The receipt has a valid invoice the person may download' }),
    allowGenerateCfdi: t.exposeBoolean('allowGenerateCfdi', {
      description: 'A receipt without a valid invoice (or with one in ERROR to retry): paid (PUE), or not yet paid for administrators (PPD)',
    }),
    allowCancelCfdi: t.exposeBoolean('allowCancelCfdi'),
    allowUpdatePdfCfdi: t.exposeBoolean('allowUpdatePdfCfdi'),
  }),
});

builder.objectField(ReceiptRef, 'cfdiActions', (t) =>
  t.field({
    type: CfdiActionsRef,
    resolve: (r, _a, ctx) => {
      const none = { allowReadCfdi: false, allowGenerateCfdi: false, allowCancelCfdi: false, allowUpdatePdfCfdi: false };
      if (!holdsAny(ctx, CFDI_READERS) || !reachesHouse(ctx.actor, r.houseId, CFDI_ADMIN_READERS)) return none;
      return withActiveCfdi(ctx, r.id, r.invoice, (cfdi) => {
        const stamped = cfdi?.status === 'STAMPED';
        return {
          allowReadCfdi: stamped,
          // Paid: its invoice (PUE); not yet paid: administrators may invoice it now (PPD, its payment gets a complement).
          allowGenerateCfdi:
            (holdsAny(ctx, CFDI_CREATORS) &&
              !r.creditsWallet &&
              (!cfdi || cfdi.status === 'ERROR') &&
              (r.status === 'PAID' || (holdsAny(ctx, CFDI_ADMIN_CREATE) && r.status !== 'CHARGE_BACK'))) ||
            // A paid receipt whose PPD invoice has no complement (one was cancelled): administrators issue it.
            (r.status === 'PAID' && stamped && !!cfdi?.complementDue && holdsAny(ctx, CFDI_ADMIN_CREATE)),
          allowCancelCfdi: stamped && holdsAny(ctx, CFDI_DELETERS),
          allowUpdatePdfCfdi: stamped && holdsAny(ctx, CFDI_PDF_UPDATERS),
        };
      });
    },
  }),
);

// ---- mutations ----------------------------------------------------------------------------------------

const errors = { types: [InputError, ConflictError, NotFoundError] };

const CfdiResultRef = builder.objectRef<CfdiOutcome & { substituteId?: number | null }>('CfdiResult').implement({
  description:
    "An invoice issued, retried or cancelled: its status (ERROR carries errorDescription) and the message to show ('CFDI generado', the error or 'No logramos generar tu CFDi', 'La factura ha sido cancelada')",
  fields: (t) => ({
    message: t.exposeString('message'),
    status: t.field({ type: CfdiStatusEnum, resolve: (o) => o.status }),
    errorDescription: t.exposeString('errorDescription', { nullable: true }),
    cfdiDatabaseId: t.exposeInt('cfdiId'),
    cfdi: t.field({
      type: CfdiRef,
      nullable: true,
      resolve: (o, _a, ctx) => ctx.prisma.cfdi.findFirst({ omit: LIST_OMIT, where: { id: o.cfdiId, ...cfdiReadScope(ctx) } }),
    }),
    substitute: t.field({
      type: CfdiRef,
      nullable: true,
      description: 'cancelCfdi with regenerate: the new invoice',
      resolve: (o, _a, ctx) => (o.substituteId ? ctx.prisma.cfdi.findFirst({ omit: LIST_OMIT, where: { id: o.substituteId, ...cfdiReadScope(ctx) } }) : null),
    }),
  }),
});

builder.mutationField('generateReceiptCfdi', (t) =>
  t.field({
    type: CfdiResultRef,
    description:
      "Issue the invoice of a paid receipt (receiptId), or retry an invoice in ERROR in place (cfdiId); status ERROR is an answer with the PAC's description",
    ...grants(...CFDI_CREATORS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('GenerateReceiptCfdiInput', {
          fields: (f) => ({
            receiptId: f.globalID({ required: false }),
            cfdiId: f.globalID({ required: false, description: 'An invoice in ERROR to retry (cfdi_id)' }),
            houseId: f.globalID({ required: false, description: 'When given, the receipt must be of this house (legacy paths name it)' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      generateReceiptCfdi(
        ctx,
        { receiptId: gidOf(input.receiptId, 'Receipt'), cfdiId: gidOf(input.cfdiId, 'Cfdi'), houseId: gidOf(input.houseId, 'House') },
        input.idempotencyKey,
      ),
  }),
);

const MotiveSchema = z.enum(CANCEL_MOTIVES, { error: `El motivo de cancelación debe ser ${CANCEL_MOTIVES.join(', ')}` }).nullish();

builder.mutationField('cancelCfdi', (t) =>
  t.field({
    type: CfdiResultRef,
    description: `Cancel a stamped invoice before SAT with a motive (${Object.entries(CANCEL_MOTIVE_NAMES)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}); regenerate issues the substitute first and cancels with motive 01`,
    ...grants(...CFDI_DELETERS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('CancelCfdiInput', {
          fields: (f) => ({
            cfdiId: f.globalID({ required: true }),
            motive: f.string({ required: false, description: "SAT's c_MotivoCancelacion: 01 (with regenerate), 02 (default), 03, 04" }),
            regenerate: f.boolean({ required: false }),
            receiptId: f.globalID({ required: false, description: 'Legacy paths: the invoice must cover this receipt' }),
            houseId: f.globalID({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx): Promise<CancelOutcome> => {
      const motive = parseInput(MotiveSchema, input.motive ?? null) as CancelMotive | null | undefined;
      return cancelCfdi(
        ctx,
        {
          cfdiId: gidOf(input.cfdiId, 'Cfdi')!,
          motive,
          regenerate: input.regenerate,
          receiptId: gidOf(input.receiptId, 'Receipt'),
          houseId: gidOf(input.houseId, 'House'),
        },
        input.idempotencyKey,
      );
    },
  }),
);

const GlobalResultRef = builder.objectRef<GlobalOutcome>('GlobalCfdiResult').implement({
  description: 'The global invoice(s) of a month: each with its status, and the message to show',
  fields: (t) => ({
    message: t.exposeString('message'),
    items: t.field({ type: [CfdiResultRef], resolve: (o) => o.items }),
  }),
});

builder.mutationField('issueGlobalCfdi', (t) =>
  t.field({
    type: GlobalResultRef,
    description:
      'Issue now the global invoice of a finished month: paid receipts of houses without tax data that no valid invoice covers (InformacionGlobal 04, the month)',
    ...grants(...CFDI_ADMIN_CREATE),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('IssueGlobalCfdiInput', {
          fields: (f) => ({ year: f.int({ required: true }), month: f.int({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => issueGlobalCfdi(ctx, communityOf(ctx), { year: input.year, month: input.month }, input.idempotencyKey),
  }),
);

builder.mutationField('updateCfdiPdf', (t) =>
  t.field({
    type: CfdiResultRef,
    description: 'Replace the PDF of a stamped invoice with an uploaded PDF (POST /api/1.0/files first; its id here)',
    ...grants(...CFDI_PDF_UPDATERS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('UpdateCfdiPdfInput', {
          fields: (f) => ({ cfdiId: f.globalID({ required: true }), fileId: f.string({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { cfdiId, message } = await updateCfdiPdf(ctx, gidOf(input.cfdiId, 'Cfdi')!, input.fileId.slice(0, 100), input.idempotencyKey);
      const cfdi = await readCfdi(ctx, cfdiId);
      return { cfdiId, status: cfdi.status, message, errorDescription: null };
    },
  }),
);

interface ZipRequest {
  message: string;
  cfdiIds: number[];
}

const ZipRequestRef = builder.objectRef<ZipRequest>('CfdiZipRequest').implement({
  description: 'A zip of invoices to be sent by e-mail: the invoices it will carry',
  fields: (t) => ({
    message: t.exposeString('message'),
    items: t.field({
      type: [CfdiRef],
      resolve: (z, _a, ctx) => ctx.prisma.cfdi.findMany({ omit: LIST_OMIT, where: { id: { in: z.cfdiIds }, ...cfdiReadScope(ctx) }, orderBy: { id: 'asc' } }),
    }),
  }),
});

builder.mutationField('requestCfdisZip', (t) =>
  t.field({
    type: ZipRequestRef,
    description: "Request by e-mail a zip with the XML and PDF of the period's stamped and cancelled invoices (incomes report: CFDI zip request)",
    ...grants(...CFDI_ADMIN_READERS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('RequestCfdisZipInput', {
          fields: (f) => ({ from: f.string({ required: true }), to: f.string({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const actor = actorOf(ctx);
      const filter = await toCfdiFilter(ctx, { from: input.from, to: input.to });
      const rows = await ctx.prisma.cfdi.findMany({
        where: { AND: [cfdiWhere(ctx, filter), { status: { in: ['STAMPED', 'CANCELLED'] } }] },
        select: { id: true },
        orderBy: { id: 'asc' },
        take: ZIP_MAX_CFDIS + 1,
      });
      if (!rows.length) throw new ConflictError('CFDI_ZIP_EMPTY');
      if (rows.length > ZIP_MAX_CFDIS) throw new InputError([{ field: 'from', message: CFDI_MESSAGES.zipTooMany }]);
      const payload: ZipJobPayload = { neighborhoodId: communityOf(ctx), userId: actor.userId, cfdiIds: rows.map((r) => r.id), from: input.from, to: input.to };
      return write(
        ctx,
        { idempotencyKey: input.idempotencyKey, request: { operation: 'requestCfdisZip', input: { from: input.from, to: input.to } } },
        async ({ tx, audit }) => {
          await enqueueJob(tx, { kind: ZIP_JOB, payload });
          await audit({ action: 'REQUEST_ZIP', entity: 'Cfdi', entityId: null, data: { from: input.from, to: input.to, count: rows.length } });
          return { message: CFDI_MESSAGES.zipRequested, cfdiIds: payload.cfdiIds };
        },
      );
    },
  }),
);

const ReceiptCfdiLinksRef = builder.objectRef<{ xml: string; pdf: string }>('ReceiptCfdiLinks').implement({
  description: "Where the receipt's valid invoice is downloaded (the legacy receipt's cfdi links)",
  fields: (t) => ({ xml: t.exposeString('xml'), pdf: t.exposeString('pdf') }),
});

builder.objectField(ReceiptRef, 'cfdiLinks', (t) =>
  t.field({
    type: ReceiptCfdiLinksRef,
    nullable: true,
    description: "The XML and PDF paths of the receipt's valid stamped invoice; null when it has none the current person may read",
    resolve: (r, _a, ctx) => {
      const links = (documents: { cfdiXml: boolean }) => {
        if (!documents.cfdiXml || !reachesHouse(ctx.actor, r.houseId, CFDI_ADMIN_READERS)) return null;
        const base = `/api/1.0/neighborhoods/${communityOf(ctx)}/houses/${r.houseId}/receipts/${r.id}/cfdi`;
        return { xml: `${base}/xml`, pdf: `${base}/pdf` };
      };
      const documents = receiptCfdiDocuments(ctx, r.id, r.invoice);
      return documents instanceof Promise ? documents.then(links) : links(documents);
    },
  }),
);
