import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import type { ProviderCfdiTax } from '../../../../infra/cfdi/ingest.js';
import { MAX_PROVIDER_CFDI_BYTES } from '../../../../infra/cfdi/ingest.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import {
  addExpenseCfdi,
  EXPENSE_CFDI_ADDERS,
  EXPENSE_CFDI_PROCESSORS,
  type ExpenseCfdiView,
  findExpenseCfdi,
  processExpenseCfdi,
  type UploadedCfdi,
  uploadedCfdi,
} from './service.js';

const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

const ExpenseCfdiTaxRef = builder.objectRef<ProviderCfdiTax>('ExpenseCfdiTax').implement({
  description: 'A tax of a CFDI concept or of the whole CFDI',
  fields: (t) => ({
    taxCode: t.exposeString('taxCode', { description: "SAT's Impuesto: 001 ISR, 002 IVA, 003 IEPS" }),
    taxName: t.string({ resolve: (x) => TAX_NAMES[x.taxCode] ?? x.taxCode }),
    factor: t.exposeString('factor', { description: 'Tasa, Cuota or Exento' }),
    rate: t.exposeString('rate', { nullable: true, description: 'TasaOCuota as written ("0.160000"); null when exempt' }),
    base: t.exposeString('base', { nullable: true }),
    amount: t.exposeString('amount'),
  }),
});

type Line = ExpenseCfdiView['cfdi']['lines'][number] & { uuid: string };
const ExpenseCfdiLineRef = builder.objectRef<Line>('ExpenseCfdiLine').implement({
  description: 'A concept of a CFDI, as an expense line',
  fields: (t) => ({
    quantity: t.exposeString('quantity'),
    unitPrice: t.exposeString('unitPrice'),
    amount: t.exposeString('amount'),
    discount: t.exposeString('discount'),
    description: t.exposeString('description'),
    satProductKey: t.exposeString('satProductKey'),
    unitKey: t.exposeString('unitKey'),
    invoiceUuid: t.string({ resolve: (l) => l.uuid }),
    transferred: t.field({ type: [ExpenseCfdiTaxRef], resolve: (l) => l.transferred }),
    retained: t.field({ type: [ExpenseCfdiTaxRef], resolve: (l) => l.retained }),
  }),
});

const CfdiProviderRef = builder.objectRef<{ id: number; name: string; rfc: string | null }>('ExpenseCfdiProvider').implement({
  fields: (t) => ({
    id: t.id({ description: 'The Provider global ID', resolve: (p) => encodeGlobalID('Provider', p.id) }),
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    rfc: t.exposeString('rfc', { nullable: true }),
  }),
});
const ProposedProviderRef = builder.objectRef<{ name: string; rfc: string }>('ExpenseCfdiProposedProvider').implement({
  description: 'The issuer of a CFDI no provider of the community has: register it with these data',
  fields: (t) => ({ name: t.exposeString('name'), rfc: t.exposeString('rfc') }),
});

export const ExpenseCfdiRef = builder.objectRef<ExpenseCfdiView>('ExpenseCfdi').implement({
  description: "A provider's CFDI (3.3 or 4.0) read by the community: processed, then active once linked to an expense",
  fields: (t) => ({
    id: t.id({ description: 'The ExpenseCfdi global ID (the cfdiIds of the expense input)', resolve: (c) => encodeGlobalID('ExpenseCfdi', c.id) }),
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid', { description: 'Folio fiscal (UUID of its TimbreFiscalDigital)' }),
    version: t.exposeString('version'),
    processed: t.exposeBoolean('active', { description: 'Linked to a live expense' }),
    expenseId: t.id({ nullable: true, resolve: (c) => (c.expenseId ? encodeGlobalID('Expense', c.expenseId) : null) }),
    issueDate: t.string({ description: 'YYYY-MM-DD of its Fecha', resolve: (c) => c.cfdi.issueDate }),
    issuedAt: t.string({ description: 'Fecha as written (issuer local time)', resolve: (c) => c.cfdi.issuedAtText }),
    originalFileName: t.exposeString('fileName'),
    urlCfdi: t.string({
      nullable: true,
      description: 'Download of the XML attached to its expense',
      resolve: (c) => (c.fileId ? `/api/1.0/files/${c.fileId}` : null),
    }),
    issuerRfc: t.string({ resolve: (c) => c.cfdi.issuerRfc }),
    issuerName: t.string({ nullable: true, resolve: (c) => c.cfdi.issuerName }),
    receiverRfc: t.string({ resolve: (c) => c.cfdi.receiverRfc }),
    subtotal: t.string({ resolve: (c) => c.cfdi.subtotal }),
    discount: t.string({ resolve: (c) => c.cfdi.discount }),
    total: t.string({ resolve: (c) => c.cfdi.total }),
    provider: t.field({ type: CfdiProviderRef, nullable: true, description: 'The provider with the issuer RFC', resolve: (c) => c.provider }),
    proposedProvider: t.field({
      type: ProposedProviderRef,
      nullable: true,
      resolve: (c) => (c.provider ? null : { name: c.cfdi.issuerName ?? c.cfdi.issuerRfc, rfc: c.cfdi.issuerRfc }),
    }),
    lines: t.field({ type: [ExpenseCfdiLineRef], resolve: (c) => c.cfdi.lines.map((l) => ({ ...l, uuid: c.uuid })) }),
    transferredTaxes: t.field({ type: [ExpenseCfdiTaxRef], resolve: (c) => c.cfdi.transferredTaxes }),
    retainedTaxes: t.field({ type: [ExpenseCfdiTaxRef], resolve: (c) => c.cfdi.retainedTaxes }),
  }),
});

const TOO_LARGE = 'El XML del CFDi debe pesar como máximo 1 MB';
async function readUpload(file: File): Promise<UploadedCfdi> {
  if (file.size > MAX_PROVIDER_CFDI_BYTES) throw new InputError([{ field: 'file', message: TOO_LARGE }]);
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** A global ID of this type, or a bare database id; -1 when it is neither. */
function idOf(typename: string, value: string | null | undefined): number {
  if (!value) return -1;
  if (/^\d{1,10}$/.test(value)) return rowId(value);
  try {
    const decoded = decodeGlobalID(value);
    return decoded.typename === typename ? rowId(decoded.id) : -1;
  } catch {
    return -1;
  }
}

const ERRORS = { types: [InputError, ConflictError, NotFoundError] };

builder.queryField('expenseCfdi', (t) =>
  t.field({
    type: ExpenseCfdiRef,
    nullable: true,
    description: "One provider's CFDI of the community",
    ...grants('AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findExpenseCfdi(ctx, idOf('ExpenseCfdi', String(args.id))),
  }),
);

builder.mutationField('processExpenseCfdi', (t) =>
  t.field({
    type: ExpenseCfdiRef,
    description: "Read a provider's CFDI XML (3.3 or 4.0, up to 1 MB): checks it and keeps it for the expense form (cfdiIds)",
    ...grants(...EXPENSE_CFDI_PROCESSORS),
    errors: ERRORS,
    args: { file: t.arg({ type: 'File', required: true }) },
    resolve: async (_r, args, ctx) => processExpenseCfdi(ctx, await readUpload(args.file)),
  }),
);

const ProcessUploadedInput = builder.inputType('ProcessUploadedExpenseCfdiInput', {
  fields: (f) => ({
    fileId: f.string({ required: true, description: 'The id POST /api/1.0/files answered for the XML' }),
    originalName: f.string({ required: false }),
  }),
});

builder.mutationField('processUploadedExpenseCfdi', (t) =>
  t.field({
    type: ExpenseCfdiRef,
    description: 'processExpenseCfdi for an XML uploaded before through POST /api/1.0/files',
    ...grants(...EXPENSE_CFDI_PROCESSORS),
    errors: ERRORS,
    args: { input: t.arg({ type: ProcessUploadedInput, required: true }) },
    resolve: async (_r, { input }, ctx) => processExpenseCfdi(ctx, await uploadedCfdi(ctx, input.fileId.slice(0, 100), input.originalName?.slice(0, 300))),
  }),
);

const AddInput = builder.inputType('AddExpenseCfdiInput', {
  fields: (f) => ({
    expenseId: f.id({ required: true }),
    cfdiId: f.id({ required: false, description: 'A CFDI processed before (processExpenseCfdi)' }),
    fileId: f.string({ required: false, description: 'Or an XML uploaded through POST /api/1.0/files' }),
    originalName: f.string({ required: false }),
    idempotencyKey: idempotencyKeyField(f),
  }),
});

builder.mutationField('addExpenseCfdi', (t) =>
  t.field({
    type: ExpenseCfdiRef,
    description: 'Add the CFDI of an APPROVED expense without invoice: links it, attaches its XML and marks the expense INVOICE',
    ...grants(...EXPENSE_CFDI_ADDERS),
    errors: ERRORS,
    args: { input: t.arg({ type: AddInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const expenseId = idOf('Expense', String(input.expenseId));
      if (expenseId < 0) throw new NotFoundError('EXPENSE_NOT_FOUND');
      const cfdiId = input.cfdiId ? idOf('ExpenseCfdi', String(input.cfdiId)) : null;
      if (cfdiId !== null && cfdiId < 0) throw new NotFoundError('EXPENSE_CFDI_NOT_FOUND');
      const file = input.fileId ? await uploadedCfdi(ctx, input.fileId.slice(0, 100), input.originalName?.slice(0, 300)) : null;
      return addExpenseCfdi(ctx, { expenseId, cfdiId, file }, input.idempotencyKey);
    },
  }),
);
