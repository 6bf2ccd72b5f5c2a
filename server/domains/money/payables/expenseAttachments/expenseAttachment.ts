import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { DownloadFileRef } from '../../receivables/receipts/documents.js';
import {
  ATTACHMENT_READERS,
  ATTACHMENT_WRITERS,
  type AttachmentView,
  attachExpenseFile,
  deleteExpenseAttachment,
  type ExpenseAttachmentsView,
  listExpenseAttachments,
  readExpenseAttachment,
} from './service.js';

/** Where the legacy download of an attachment answers its bytes (AExpensesRead, the caller's community). */
export const attachmentUrl = (a: { neighborhoodId: number; expenseId: number; id: number }) =>
  `/api/1.0/neighborhoods/${a.neighborhoodId}/expenses/${a.expenseId}/attachments/${a.id}`;

export const ExpenseAttachmentRef = builder.objectRef<AttachmentView>('ExpenseAttachment').implement({
  description: 'A file attached to an expense (spec 2 Attachment); isCfdi marks the XML of its CFDI.',
  fields: (t) => ({
    id: t.id({ resolve: (a) => encodeGlobalID('ExpenseAttachment', a.id) }),
    databaseId: t.exposeInt('id'),
    isCfdi: t.exposeBoolean('isCfdi'),
    fileName: t.exposeString('fileName'),
    fileUrl: t.string({ description: 'GET answers the file', resolve: attachmentUrl }),
    contentType: t.exposeString('contentType'),
    size: t.exposeInt('size', { description: 'Bytes' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deletable: t.exposeBoolean('deletable', { description: 'Not a CFDI and the expense is NEW, EDITED or REJECTED' }),
  }),
});

const ExpenseAttachmentsRef = builder.objectRef<ExpenseAttachmentsView>('ExpenseAttachments').implement({
  description: "An expense's files and what the attachments screen shows of the expense.",
  fields: (t) => ({
    expenseId: t.id({ resolve: (v) => encodeGlobalID('Expense', v.expenseId) }),
    expenseDatabaseId: t.exposeInt('expenseId'),
    status: t.exposeString('status', { description: 'The expense status (ExpenseStatus)' }),
    serie: t.exposeString('serie', { nullable: true }),
    folio: t.exposeInt('folio', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    canAttach: t.exposeBoolean('canAttach', { description: 'The expense takes more files (it is not deleted)' }),
    items: t.field({ type: [ExpenseAttachmentRef], resolve: (v) => v.items }),
  }),
});

builder.queryField('expenseAttachments', (t) =>
  t.field({
    type: ExpenseAttachmentsRef,
    nullable: true,
    description: "The files of an expense of the caller's community (null when there is no such expense).",
    ...grants(...ATTACHMENT_READERS),
    args: { expenseId: t.arg.id({ required: true, description: 'Expense global id (or database id)' }) },
    resolve: (_r, { expenseId }, ctx) => listExpenseAttachments(ctx, String(expenseId)),
  }),
);

builder.queryField('expenseAttachmentFile', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "The bytes of one attachment (base64), or null when it is not of the caller's community.",
    ...grants(...ATTACHMENT_READERS),
    args: {
      id: t.arg.id({ required: true, description: 'ExpenseAttachment global id (or database id)' }),
      expenseId: t.arg.id({ required: false, description: 'When given, the attachment must be of this expense' }),
    },
    resolve: (_r, { id, expenseId }, ctx) => readExpenseAttachment(ctx, String(id), expenseId == null ? null : String(expenseId)),
  }),
);

const AttachmentPayload = builder.objectRef<{ id: number }>('ExpenseAttachmentPayload').implement({
  fields: (t) => ({
    attachment: t.field({
      type: ExpenseAttachmentRef,
      resolve: async (p, _a, ctx) => {
        const row = await ctx.prisma.expenseAttachment.findUniqueOrThrow({ where: { id: p.id }, select: { expenseId: true } });
        const view = await listExpenseAttachments(ctx, String(row.expenseId));
        return view!.items.find((i) => i.id === p.id)!;
      },
    }),
  }),
});

builder.mutationField('attachExpenseFile', (t) =>
  t.field({
    type: AttachmentPayload,
    description:
      "Attaches a file to an expense: the id POST /api/1.0/files answered, or the file itself (multipart). 'No se ha adjuntado ningún archivo' without either.",
    ...grants(...ATTACHMENT_WRITERS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('AttachExpenseFileInput', {
          fields: (f) => ({
            expenseId: f.id({ required: true }),
            fileId: f.string({ required: false, description: 'A StoredFile id from POST /api/1.0/files' }),
            file: f.field({ type: 'File', required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({
      id: await attachExpenseFile(ctx, { expenseId: String(input.expenseId), fileId: input.fileId, file: input.file }, input.idempotencyKey),
    }),
  }),
);

const AttachmentDeletedPayload = builder.objectRef<{ id: number; expenseId: number }>('ExpenseAttachmentDeletedPayload').implement({
  fields: (t) => ({
    deletedId: t.id({ resolve: (p) => encodeGlobalID('ExpenseAttachment', p.id) }),
    expenseId: t.id({ resolve: (p) => encodeGlobalID('Expense', p.expenseId) }),
  }),
});

builder.mutationField('deleteExpenseAttachment', (t) =>
  t.field({
    type: AttachmentDeletedPayload,
    description: 'Deletes a file that is not a CFDI while the expense is NEW, EDITED or REJECTED.',
    ...grants(...ATTACHMENT_WRITERS),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteExpenseAttachmentInput', {
          fields: (f) => ({
            id: f.id({ required: true, description: 'ExpenseAttachment global id (or database id)' }),
            expenseId: f.id({ required: false, description: 'When given, the attachment must be of this expense' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteExpenseAttachment(ctx, String(input.id), input.expenseId == null ? null : String(input.expenseId)),
  }),
);
