// GraphQL of the receipts' PDFs: one receipt, and the bulk print of a maintenance's receipts (a house's
// account statement is the balances module's: balances/statementDocument.ts). Files travel as base64 (DownloadFile) so grants, tenancy and the house scope are
// enforced here once; the legacy routes turn them into application/pdf answers.
import { builder, grants } from '../../../../graphql/builder.js';
import { rowId } from '../../../../kernel/ids.js';
import { maintenanceReceiptsPdf, receiptPdf, type GeneratedFile } from './pdf.js';
import { RECEIPT_READERS } from './service.js';

export const DownloadFileRef = builder.objectRef<GeneratedFile>('DownloadFile').implement({
  description: 'A generated file (a PDF) to download',
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    base64: t.string({ description: 'The file contents in base64', resolve: (f) => f.bytes.toString('base64') }),
  }),
});

builder.queryField('receiptPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "One receipt as PDF; null where the Receipt node is (another community's, deleted, or another house's for house users)",
    ...grants(...RECEIPT_READERS),
    args: { receiptId: t.arg.globalID({ required: true }) },
    resolve: (_r, { receiptId }, ctx) => (receiptId.typename === 'Receipt' ? receiptPdf(ctx, rowId(receiptId.id)) : null),
  }),
);

builder.queryField('maintenanceReceiptsPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: 'Every receipt of a maintenance in one PDF, one per page (null for a maintenance of another community)',
    ...grants('AReceiptsPrintBulk'),
    args: { maintenanceId: t.arg.globalID({ required: true }) },
    resolve: (_r, { maintenanceId }, ctx) => (maintenanceId.typename === 'Maintenance' ? maintenanceReceiptsPdf(ctx, rowId(maintenanceId.id)) : null),
  }),
);
