// Providers' CFDI (3.3 and 4.0) ingested into expenses: a processed CFDI is stored inactive (no expense), and
// becomes active when an expense links it (the expense form's save, or /expenses/{id}/cfdi).
import { invoiceDate } from '../../../../../core/validators.js';
import { describeProviderCfdi, MAX_PROVIDER_CFDI_BYTES, type ProviderCfdi, readProviderCfdi } from '../../../../infra/cfdi/ingest.js';
import { fromCfdiDate } from '../../../../infra/cfdi/voucher.js';
import { claimFile } from '../../../../infra/files/service.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow, lockRows } from '../../../../kernel/locks.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import { recordAudit } from '../../../../kernel/audit.js';
import { message } from '../../../../kernel/reasons.js';
import { sameText } from '../../../../kernel/textFilter.js';

export const CFDI_OTHER_PROVIDER = 'El CFDi no corresponde al mismo proveedor';
export const CFDI_NOT_FOUND = message('EXPENSE_CFDI_NOT_FOUND');

/** Takes turns with every other write of this UUID in the community (two rows may carry the same UUID). */
export async function lockCfdiUuid(tx: Tx, neighborhoodId: number, uuid: string): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`expenseCfdi:${neighborhoodId}:${uuid.toUpperCase()}`}))::text AS held`;
}

/** Whether this UUID is active on a live (not deleted) expense of the community other than exceptExpenseId. */
export async function uuidActiveElsewhere(tx: Tx, neighborhoodId: number, uuid: string, exceptExpenseId: number | null): Promise<boolean> {
  const found = await tx.expenseCfdi.findFirst({
    where: {
      neighborhoodId,
      uuid: uuid.toUpperCase(),
      active: true,
      expense: { deletedAt: null, status: { not: 'DELETED' } },
      ...(exceptExpenseId != null ? { NOT: { expenseId: exceptExpenseId } } : {}),
    },
    select: { id: true },
  });
  return !!found;
}

/**
 * Links processed CFDIs to an expense inside the caller's write (contract 3): each must belong to the
 * community, not be active on another live expense, and be issued by the expense's provider (same RFC).
 * Sets the CFDIs active on the expense and the expense invoiced; audits on the expense.
 */
export async function linkExpenseCfdis(
  tx: Tx,
  target: { neighborhoodId: number; expenseId: number; providerId: number | null },
  cfdiIds: number[],
  userId: number,
): Promise<void> {
  const ids = [...new Set(cfdiIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length !== cfdiIds.length || !ids.length) {
    if (!cfdiIds.length) return;
    throw new InputError([{ field: 'cfdiIds', message: 'Los CFDi seleccionados no son válidos' }]);
  }
  const { neighborhoodId, expenseId, providerId } = target;
  const rows = await tx.expenseCfdi.findMany({ where: { id: { in: ids }, neighborhoodId }, orderBy: { id: 'asc' } });
  if (rows.length !== ids.length) throw new NotFoundError('EXPENSE_CFDI_NOT_FOUND');
  // Same UUID order for every writer: no deadlock between two links of overlapping CFDIs.
  for (const uuid of [...new Set(rows.map((r) => r.uuid.toUpperCase()))].sort()) await lockCfdiUuid(tx, neighborhoodId, uuid);
  await lockRows(tx, 'ExpenseCfdi', ids);
  const locked = await tx.expenseCfdi.findMany({ where: { id: { in: ids }, neighborhoodId }, orderBy: { id: 'asc' } });
  const provider = providerId != null ? await tx.provider.findFirst({ where: { id: providerId, neighborhoodId }, select: { rfc: true } }) : null;
  const providerRfc = provider?.rfc?.trim().toUpperCase() ?? null;
  const uuids = new Set<string>();
  for (const row of locked) {
    const uuid = row.uuid.toUpperCase();
    if (uuids.has(uuid)) throw new ConflictError('EXPENSE_CFDI_ALREADY_PROCESSED');
    uuids.add(uuid);
    if (await uuidActiveElsewhere(tx, neighborhoodId, uuid, expenseId)) throw new ConflictError('EXPENSE_CFDI_ALREADY_PROCESSED');
    if (!providerRfc || row.issuerRfc.toUpperCase() !== providerRfc) throw new InputError([{ field: 'cfdiIds', message: CFDI_OTHER_PROVIDER }]);
  }
  // Copies of these UUIDs still active on deleted expenses give way (one active copy per UUID, unique index).
  await tx.expenseCfdi.updateMany({ where: { neighborhoodId, uuid: { in: [...uuids] }, active: true, id: { notIn: ids } }, data: { active: false } });
  await tx.expenseCfdi.updateMany({ where: { id: { in: ids }, neighborhoodId }, data: { expenseId, active: true, providerId } });
  await tx.expense.updateMany({ where: { id: expenseId, neighborhoodId }, data: { invoiced: true } });
  await recordAudit(
    tx,
    {},
    {
      neighborhoodId,
      userId,
      action: 'expense.cfdi.link',
      entity: 'Expense',
      entityId: expenseId,
      data: { cfdis: locked.map((r) => ({ id: r.id, uuid: r.uuid })) },
    },
  );
}

// ---- Processing a provider's CFDI (the expense form's step) and adding one to an approved expense ----

export const EXPENSE_CFDI_PROCESSORS = ['AExpensesCreate', 'AExpensesUpdate'] as const;
export const EXPENSE_CFDI_ADDERS = ['AExpensesUpdate'] as const;

export interface ExpenseCfdiView {
  id: number;
  uuid: string;
  version: string;
  active: boolean;
  expenseId: number | null;
  fileName: string;
  provider: { id: number; name: string; rfc: string | null } | null;
  cfdi: ProviderCfdi;
  /** The XML attached to its expense, when linked through /expenses/{id}/cfdi. */
  fileId: string | null;
}

export interface UploadedCfdi {
  name: string;
  bytes: Uint8Array;
}

const fileIssue = (message: string) => new InputError([{ field: 'file', message }]);

/** A file name as we keep it: no path, no controls, at most 200 characters, ending .xml. */
function cleanFileName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001F\u007F\uFFFE\uFFFF]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'cfdi.xml';
}

/** Checks a provider's CFDI as the community receives it (no writes): SAT structure and seal, type, currency, date, receiver. */
export async function checkProviderCfdi(ctx: ServiceContext, file: UploadedCfdi): Promise<ProviderCfdi> {
  if (file.bytes.byteLength > MAX_PROVIDER_CFDI_BYTES) throw fileIssue('El XML del CFDi debe pesar como máximo 1 MB');
  const cfdi = await readProviderCfdi(file.bytes);
  if (cfdi.type !== 'I') throw fileIssue('Solo se aceptan CFDi de ingreso (tipo I) como factura de un egreso');
  if (cfdi.currency !== 'MXN') throw fileIssue('Solo se aceptan CFDi en pesos mexicanos (MXN)');
  const dateProblem = invoiceDate(cfdi.issueDate);
  if (dateProblem) throw fileIssue(dateProblem);
  const fiscal = await ctx.prisma.fiscalInformation.findUnique({ where: { neighborhoodId: communityOf(ctx) }, select: { rfc: true } });
  const communityRfc = fiscal?.rfc?.trim().toUpperCase();
  if (communityRfc && cfdi.receiverRfc !== communityRfc)
    throw fileIssue(`El CFDi está emitido a ${cfdi.receiverRfc}, no al RFC de la comunidad (${communityRfc})`);
  return cfdi;
}

function viewOf(
  row: { id: number; uuid: string; version: string; active: boolean; expenseId: number | null; fileName: string; xml: string },
  provider: ExpenseCfdiView['provider'],
  fileId: string | null,
): ExpenseCfdiView {
  return {
    id: row.id,
    uuid: row.uuid,
    version: row.version,
    active: row.active,
    expenseId: row.expenseId,
    fileName: row.fileName,
    provider,
    cfdi: describeProviderCfdi(row.xml),
    fileId,
  };
}

/** Stores a checked CFDI, inactive and without expense, refusing a UUID already active in the community. */
async function storeProcessed(tx: Tx, ctx: ServiceContext, cfdi: ProviderCfdi, xml: string, fileName: string) {
  const neighborhoodId = communityOf(ctx);
  await lockCfdiUuid(tx, neighborhoodId, cfdi.uuid);
  if (await uuidActiveElsewhere(tx, neighborhoodId, cfdi.uuid, null)) throw new ConflictError('EXPENSE_CFDI_ALREADY_PROCESSED');
  const provider = await tx.provider.findFirst({
    where: { neighborhoodId, rfc: sameText(cfdi.issuerRfc) },
    select: { id: true, name: true, rfc: true },
  });
  const row = await tx.expenseCfdi.create({
    data: {
      neighborhoodId,
      providerId: provider?.id ?? null,
      uuid: cfdi.uuid,
      version: cfdi.version,
      issuerRfc: cfdi.issuerRfc,
      issuerName: cfdi.issuerName,
      receiverRfc: cfdi.receiverRfc,
      issuedAt: fromCfdiDate(cfdi.issuedAtText) ?? new Date(`${cfdi.issuedAtText}Z`),
      subtotal: cfdi.subtotal,
      discount: cfdi.discount,
      total: cfdi.total,
      xml,
      fileName,
      active: false,
      createdByUserId: actorOf(ctx).userId,
    },
  });
  return { row, provider };
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

/** processExpenseCfdi: reads, checks and stores a provider's CFDI for the expense form (not linked yet). */
export async function processExpenseCfdi(ctx: ServiceContext, file: UploadedCfdi): Promise<ExpenseCfdiView> {
  const cfdi = await checkProviderCfdi(ctx, file);
  const fileName = cleanFileName(file.name);
  const xml = decode(file.bytes);
  return write(ctx, {}, async ({ tx, audit }) => {
    const { row, provider } = await storeProcessed(tx, ctx, cfdi, xml, fileName);
    await audit({ action: 'expenseCfdi.process', entity: 'ExpenseCfdi', entityId: row.id, data: { uuid: row.uuid, fileName } });
    return viewOf(row, provider, null);
  });
}

/** The bytes of an uploaded file (POST /api/1.0/files) the actor may use: their own upload in this community. */
export async function uploadedCfdi(ctx: ServiceContext, fileId: string, originalName?: string | null): Promise<UploadedCfdi> {
  const id = await claimFile(ctx, fileId).catch(() => {
    throw fileIssue('No se ha adjuntado ningún archivo');
  });
  const stored = await ctx.prisma.storedFile.findUniqueOrThrow({ where: { id }, select: { name: true, data: true, contentType: true } });
  if (stored.contentType !== 'application/xml') throw fileIssue('El archivo no es un XML de CFDi');
  return { name: originalName || stored.name, bytes: new Uint8Array(stored.data) };
}

/** Adds a CFDI to an APPROVED expense without invoice: links it, attaches its XML (is_cfdi) and sets INVOICE. */
export async function addExpenseCfdi(
  ctx: ServiceContext,
  input: { expenseId: number; cfdiId?: number | null; file?: UploadedCfdi | null },
  idempotencyKey?: string | null,
): Promise<ExpenseCfdiView> {
  const neighborhoodId = communityOf(ctx);
  const userId = actorOf(ctx).userId;
  if (!input.cfdiId && !input.file) throw fileIssue('No se ha adjuntado ningún archivo');
  const checked = input.file ? await checkProviderCfdi(ctx, input.file) : null;
  return write(
    ctx,
    {
      idempotencyKey,
      request: { operation: 'addExpenseCfdi', input: { expenseId: input.expenseId, cfdiId: input.cfdiId ?? null, uuid: checked?.uuid ?? null } },
      rowLocks: true,
    },
    async ({ tx, audit }) => {
      const locked = await lockRow(tx, 'Expense', input.expenseId, { neighborhoodId });
      const expense = locked ? await tx.expense.findUnique({ where: { id: input.expenseId } }) : null;
      if (!expense || expense.deletedAt) throw new NotFoundError('EXPENSE_NOT_FOUND');
      if (expense.status !== 'APPROVED' || expense.invoiced) throw new ConflictError('EXPENSE_CFDI_NOT_ACCEPTED');
      let cfdiId = input.cfdiId ?? null;
      if (checked && input.file) {
        const { row } = await storeProcessed(tx, ctx, checked, decode(input.file.bytes), cleanFileName(input.file.name));
        cfdiId = row.id;
      }
      await linkExpenseCfdis(tx, { neighborhoodId, expenseId: expense.id, providerId: expense.providerId }, [cfdiId as number], userId);
      const row = await tx.expenseCfdi.findUniqueOrThrow({ where: { id: cfdiId as number } });
      const bytes = Buffer.from(row.xml, 'utf8');
      const file = await tx.storedFile.create({
        data: { neighborhoodId, userId, name: row.fileName, contentType: 'application/xml', size: bytes.length, data: bytes },
        select: { id: true },
      });
      await tx.expenseAttachment.create({ data: { expenseId: expense.id, fileId: file.id, isCfdi: true, createdByUserId: userId } });
      await tx.expense.update({ where: { id: expense.id }, data: { status: 'INVOICE', invoiced: true } });
      await audit({ action: 'expense.cfdi.add', entity: 'Expense', entityId: expense.id, data: { cfdiId: row.id, uuid: row.uuid, fileId: file.id } });
      const provider = expense.providerId
        ? await tx.provider.findUnique({ where: { id: expense.providerId }, select: { id: true, name: true, rfc: true } })
        : null;
      return viewOf(row, provider, file.id);
    },
  );
}

/** One CFDI of the community (another community's id: null). */
export async function findExpenseCfdi(ctx: ServiceContext, id: number): Promise<ExpenseCfdiView | null> {
  const row = await ctx.prisma.expenseCfdi.findFirst({
    where: { id, neighborhoodId: communityOf(ctx) },
    include: { provider: { select: { id: true, name: true, rfc: true } } },
  });
  if (!row) return null;
  const attachment = row.expenseId
    ? await ctx.prisma.expenseAttachment.findFirst({
        where: { expenseId: row.expenseId, isCfdi: true, file: { name: row.fileName } },
        select: { fileId: true },
        orderBy: { id: 'desc' },
      })
    : null;
  return viewOf(row, row.provider, attachment?.fileId ?? null);
}
