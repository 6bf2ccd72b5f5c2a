// Files attached to an expense (spec 2 Attachment; section 5 Expense attachments): this module owns the
// ExpenseAttachment rows that are not CFDIs (the CFDI's XML is attached by server/domains/money/payables/expenseCfdis).
// Attaching needs a file ('No se ha adjuntado ningún archivo'); deleting is for files that are not a
// CFDI while the expense is NEW, EDITED or REJECTED. Every write is audited on the expense (its log).
import { decodeGlobalID } from '@pothos/plugin-relay';
import { isCleanText } from '../../../../../core/cleanText.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { isUuid, rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { claimFile, MAX_FILE_BYTES, sniffFileType } from '../../../../infra/files/service.js';
import { expenseRowId } from '../expenseGroups/service.js';
import { message } from '../../../../kernel/reasons.js';

export const ATTACHMENT_READERS = ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'] as const;
export const ATTACHMENT_WRITERS = ['AExpensesCreate', 'AExpensesUpdate'] as const;
/** The statuses whose files (not CFDIs) may be deleted. */
export const DELETABLE_STATUSES = ['NEW', 'EDITED', 'REJECTED'] as const;
export const MAX_ATTACHMENTS = 50;

export const NO_FILE = 'No se ha adjuntado ningún archivo';
export const EXPENSE_NOT_FOUND = message('EXPENSE_NOT_FOUND');
export const ATTACHMENT_NOT_FOUND = message('ATTACHMENT_NOT_FOUND');
export const TOO_MANY = `Un egreso admite como máximo ${MAX_ATTACHMENTS} archivos adjuntos`;
export const BAD_TYPE = 'El archivo debe ser PDF, PNG, JPG o WEBP';

export interface AttachmentView {
  id: number;
  expenseId: number;
  neighborhoodId: number;
  isCfdi: boolean;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
  deletable: boolean;
}

export interface ExpenseAttachmentsView {
  expenseId: number;
  neighborhoodId: number;
  status: string;
  serie: string | null;
  folio: number | null;
  description: string | null;
  /** A file may be added (the expense is not deleted). */
  canAttach: boolean;
  items: AttachmentView[];
}

/** The database id of an ExpenseAttachment global id (or a legacy number); anything else matches nothing. */
export function attachmentRowId(value: string): number {
  if (/^\d{1,10}$/.test(value)) return rowId(value);
  try {
    const { typename, id } = decodeGlobalID(value);
    return typename === 'ExpenseAttachment' ? rowId(id) : -1;
  } catch {
    return -1;
  }
}

const deletable = (status: string, isCfdi: boolean) => !isCfdi && (DELETABLE_STATUSES as readonly string[]).includes(status);

/** The expense's files, oldest first; null when the expense is not of the caller's community. */
export async function listExpenseAttachments(ctx: ServiceContext, expenseId: string): Promise<ExpenseAttachmentsView | null> {
  const neighborhoodId = communityOf(ctx);
  const id = expenseRowId(expenseId);
  if (id < 0) return null;
  const expense = await ctx.prisma.expense.findFirst({
    where: { id, neighborhoodId },
    select: {
      id: true,
      status: true,
      serie: true,
      folio: true,
      description: true,
      attachments: {
        orderBy: { id: 'asc' },
        select: { id: true, isCfdi: true, createdAt: true, file: { select: { name: true, contentType: true, size: true } } },
      },
    },
  });
  if (!expense) return null;
  return {
    expenseId: expense.id,
    neighborhoodId,
    status: expense.status,
    serie: expense.serie,
    folio: expense.folio,
    description: expense.description,
    canAttach: expense.status !== 'DELETED',
    items: expense.attachments.map((a) => ({
      id: a.id,
      expenseId: expense.id,
      neighborhoodId,
      isCfdi: a.isCfdi,
      fileName: a.file.name,
      contentType: a.file.contentType,
      size: a.file.size,
      createdAt: a.createdAt,
      deletable: deletable(expense.status, a.isCfdi),
    })),
  };
}

/** Locks the expense row (its status decides what may change) and answers it, or not found. */
async function lockExpense(tx: Tx, neighborhoodId: number, id: number) {
  const [row] =
    id > 0
      ? await tx.$queryRaw<{ id: number; status: string }[]>`
          SELECT "id", "status"::text AS "status" FROM "Expense" WHERE "id" = ${id} AND "neighborhoodId" = ${neighborhoodId} FOR UPDATE`
      : [];
  if (!row) throw new NotFoundError('EXPENSE_NOT_FOUND');
  return row;
}

/** A file name as kept: no path, no control characters, at most 200 characters. */
function cleanName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001F\u007F\uFFFE\uFFFF]/g, '')
    .trim()
    .slice(0, 200);
  return isCleanText(clean) ? clean || fallback : fallback;
}

export interface AttachInput {
  expenseId: string;
  /** The id POST /api/1.0/files answered (uploaded by the caller). */
  fileId?: string | null;
  /** Or the file itself (GraphQL multipart upload). */
  file?: File | null;
}

/** Attaches one file to an expense of the caller's community; answers the new attachment's id. */
export async function attachExpenseFile(ctx: ServiceContext, input: AttachInput, idempotencyKey?: string | null): Promise<number> {
  const neighborhoodId = communityOf(ctx);
  const userId = actorOf(ctx).userId;
  const expenseId = expenseRowId(String(input.expenseId ?? ''));
  const fileIdText = input.fileId?.trim() || null;
  if (!input.file && !fileIdText) throw new InputError([{ field: 'file', message: NO_FILE }]);
  // An upload is read and checked before the transaction: its type comes from its bytes, never its name.
  let upload: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> } | null = null;
  if (input.file) {
    if (input.file.size === 0) throw new InputError([{ field: 'file', message: NO_FILE }]);
    if (input.file.size > MAX_FILE_BYTES) throw new InputError([{ field: 'file', message: 'El archivo debe pesar como máximo 10 MB' }]);
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const type = await sniffFileType(bytes);
    if (!type) throw new InputError([{ field: 'file', message: BAD_TYPE }]);
    upload = { name: cleanName(input.file.name, 'archivo'), type, bytes };
  } else if (fileIdText && !isUuid(fileIdText)) {
    throw new InputError([{ field: 'file', message: 'El archivo no existe' }]);
  }
  const claimed = fileIdText && !upload ? await claimFile(ctx, fileIdText) : null;
  const request = {
    operation: 'attachExpenseFile',
    input: { expenseId, fileId: claimed, file: upload ? { name: upload.name, size: upload.bytes.length } : null },
  };
  return write(ctx, { idempotencyKey, request, rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, expenseId);
    if (expense.status === 'DELETED') throw new ConflictError('EXPENSE_DELETED_NO_ATTACHMENTS');
    const count = await tx.expenseAttachment.count({ where: { expenseId } });
    if (count >= MAX_ATTACHMENTS) throw new ConflictError(reason('ATTACHMENTS_LIMIT', { max: MAX_ATTACHMENTS }));
    let fileId = claimed;
    if (upload) {
      const stored = await tx.storedFile.create({
        data: { neighborhoodId, userId, name: upload.name, contentType: upload.type, size: upload.bytes.length, data: upload.bytes },
        select: { id: true },
      });
      fileId = stored.id;
    }
    const file = await tx.storedFile.findFirstOrThrow({ where: { id: fileId!, neighborhoodId }, select: { id: true, name: true, contentType: true } });
    if (file.contentType === 'application/xml' || file.contentType === 'text/xml') {
      // A CFDI's XML goes through /expenses/{id}/cfdi, which reads and links it.
      throw new InputError([{ field: 'file', message: 'Para agregar el CFDi (XML) del egreso usa «Agregar CFDi»' }]);
    }
    const attachment = await tx.expenseAttachment.create({
      data: { expenseId, fileId: file.id, isCfdi: false, createdByUserId: userId },
      select: { id: true },
    });
    await audit({ action: 'ATTACH', entity: 'Expense', entityId: expenseId, data: { attachmentId: attachment.id, fileId: file.id, fileName: file.name } });
    return attachment.id;
  });
}

/** Deletes a file that is not a CFDI from a NEW, EDITED or REJECTED expense; the stored bytes stay (the log names them). */
export async function deleteExpenseAttachment(
  ctx: ServiceContext,
  attachmentId: string,
  expenseId?: string | null,
): Promise<{ id: number; expenseId: number }> {
  const neighborhoodId = communityOf(ctx);
  const id = attachmentRowId(attachmentId);
  const owner = id > 0 ? await ctx.prisma.expenseAttachment.findFirst({ where: { id, expense: { neighborhoodId } }, select: { expenseId: true } }) : null;
  if (!owner || (expenseId != null && expenseRowId(expenseId) !== owner.expenseId)) throw new NotFoundError('ATTACHMENT_NOT_FOUND');
  return write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, owner.expenseId);
    const attachment = await tx.expenseAttachment.findFirst({
      where: { id, expenseId: expense.id },
      select: { id: true, isCfdi: true, fileId: true, file: { select: { name: true } } },
    });
    if (!attachment) throw new NotFoundError('ATTACHMENT_NOT_FOUND');
    if (attachment.isCfdi) throw new ConflictError('EXPENSE_CFDI_NOT_DELETABLE');
    if (!deletable(expense.status, false)) throw new ConflictError('ATTACHMENT_STATUS_NOT_DELETABLE');
    await tx.expenseAttachment.delete({ where: { id } });
    await audit({
      action: 'DETACH',
      entity: 'Expense',
      entityId: expense.id,
      data: { attachmentId: id, fileId: attachment.fileId, fileName: attachment.file.name },
    });
    return { id, expenseId: expense.id };
  });
}

/** The bytes of one attachment of an expense of the caller's community, or null. */
export async function readExpenseAttachment(ctx: ServiceContext, attachmentId: string, expenseId?: string | null) {
  const id = attachmentRowId(attachmentId);
  if (id < 0) return null;
  const row = await ctx.prisma.expenseAttachment.findFirst({
    where: { id, expense: { neighborhoodId: communityOf(ctx) }, ...(expenseId != null ? { expenseId: expenseRowId(expenseId) } : {}) },
    select: { file: { select: { name: true, contentType: true, data: true } } },
  });
  return row ? { fileName: row.file.name, contentType: row.file.contentType, bytes: Buffer.from(row.file.data) } : null;
}
