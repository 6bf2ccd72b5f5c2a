import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { DownloadFileRef } from '../../receivables/receipts/documents.js';
import {
  ACCOUNTING_DELETERS,
  ACCOUNTING_READERS,
  accountingExportFile,
  createAccountingExport,
  deleteAccountingExport,
  EXPORT_MESSAGES,
  exportDays,
  markAccountingExportUploaded,
} from './service.js';

const AccountingExportStatusEnum = builder.enumType('AccountingExportStatus', {
  description:
    'NEW (waiting, or back after a failure: errorDescription), PROCESSING, PROCESSED (its file is ready), UPLOADED (marked as loaded into the accounting system)',
  values: ['NEW', 'PROCESSING', 'PROCESSED', 'UPLOADED'] as const,
});

export const AccountingExportRef = builder.prismaNode('AccountingExport', {
  description: 'An accounting policy export (pólizas) of a period, in the CONTPAQi Contabilidad P/M layout (XLSX)',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: [...ACCOUNTING_READERS] },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    from: t.string({ select: { from: true, to: true }, resolve: (e) => exportDays(e).from }),
    to: t.string({ select: { from: true, to: true }, resolve: (e) => exportDays(e).to }),
    status: t.expose('status', { type: AccountingExportStatusEnum }),
    errorDescription: t.exposeString('errorDescription', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    processedAt: t.expose('processedAt', { type: 'DateTime', nullable: true }),
    fileName: t.string({ nullable: true, select: { file: { select: { name: true } } }, resolve: (e) => e.file?.name ?? null }),
    fileSize: t.int({ nullable: true, select: { file: { select: { size: true } } }, resolve: (e) => e.file?.size ?? null }),
    downloadUrl: t.string({
      nullable: true,
      description: 'The file through /api/1.0 (session cookie), when it has one',
      select: { neighborhoodId: true, fileId: true },
      resolve: (e) => (e.fileId ? `/api/1.0/neighborhoods/${e.neighborhoodId}/accounting-exports/${e.id}/file` : null),
    }),
  }),
});

const listWhere = (ctx: Parameters<typeof communityOf>[0]) => ({ neighborhoodId: communityOf(ctx), deletedAt: null });

builder.queryField('accountingExports', (t) =>
  t.prismaConnection({
    type: 'AccountingExport',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's accounting exports, newest first (page size 20)",
    ...grants(...ACCOUNTING_READERS),
    args: { offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }) },
    totalCount: (_p, _a, ctx) => ctx.prisma.accountingExport.count({ where: listWhere(ctx) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.accountingExport.findMany({ ...query, skip: offsetSkip(query, args), where: listWhere(ctx), orderBy: { id: 'desc' } }),
  }),
);

builder.queryField('lastAccountingExport', (t) =>
  t.prismaField({
    type: 'AccountingExport',
    nullable: true,
    description: 'The newest accounting export of the community (null when there is none)',
    ...grants(...ACCOUNTING_READERS),
    resolve: (query, _r, _a, ctx) => ctx.prisma.accountingExport.findFirst({ ...query, where: listWhere(ctx), orderBy: { id: 'desc' } }),
  }),
);

const gid = (id: { typename: string; id: string }) => (id.typename === 'AccountingExport' ? rowId(id.id) : -1);

builder.queryField('accountingExportFile', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "The pólizas file of a processed export (null before it is ready, or for another community's)",
    ...grants(...ACCOUNTING_READERS),
    args: { id: t.arg.globalID({ required: true }) },
    resolve: (_r, { id }, ctx) => accountingExportFile(ctx, gid(id)),
  }),
);

const ExportPayload = builder.objectRef<{ id: number; message: string }>('AccountingExportPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    accountingExport: t.prismaField({
      type: 'AccountingExport',
      nullable: true,
      resolve: (query, p, _a, ctx) => ctx.prisma.accountingExport.findFirst({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createAccountingExport', (t) =>
  t.field({
    type: ExportPayload,
    description: 'Asks for the pólizas of a period (from ≤ to, YYYY-MM-DD, by payment date); a background job builds the file',
    ...grants(...ACCOUNTING_READERS),
    errors: { types: [InputError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateAccountingExportInput', {
          fields: (f) => ({
            from: f.string({ required: true }),
            to: f.string({ required: true }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { id } = await createAccountingExport(ctx, { from: input.from, to: input.to }, input.idempotencyKey);
      return { id, message: EXPORT_MESSAGES.created };
    },
  }),
);

const IdInput = (name: string) => builder.inputType(name, { fields: (f) => ({ id: f.globalID({ required: true, description: 'An AccountingExport' }) }) });

builder.mutationField('deleteAccountingExport', (t) =>
  t.field({
    type: ExportPayload,
    description: 'Deletes an export (not while PROCESSING)',
    ...grants(...ACCOUNTING_DELETERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: IdInput('DeleteAccountingExportInput'), required: true }) },
    resolve: (_r, { input }, ctx) => deleteAccountingExport(ctx, gid(input.id)),
  }),
);

builder.mutationField('markAccountingExportUploaded', (t) =>
  t.field({
    type: ExportPayload,
    description: 'Marks a PROCESSED export as loaded into the accounting system (UPLOADED)',
    ...grants(...ACCOUNTING_READERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: IdInput('MarkAccountingExportUploadedInput'), required: true }) },
    resolve: (_r, { input }, ctx) => markAccountingExportUploaded(ctx, gid(input.id)),
  }),
);
