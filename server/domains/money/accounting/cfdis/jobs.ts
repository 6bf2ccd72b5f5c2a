// Background work of invoicing (server/infra/jobs.ts): the invoice of a receipt after its payment, the
// monthly global invoice, and the zip of a period's invoices sent by e-mail.
import { todayIn } from '../../../../../core/receipts.js';
import { defineDailyJob, defineJob } from '../../../../infra/jobs.js';
import { appLink } from '../../../../infra/mail/links.js';
import { kickMailer, queueEmail } from '../../../../infra/mail/outbox.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { ConflictError } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import { fiscalConfigured } from '../fiscal/service.js';
import { INVOICE_RECEIPT_JOB } from './enqueue.js';
import './followReceipts.js';
import { cfdisZip } from './files.js';
import { previousMonth } from './rules.js';
import { invoicePaidReceipt, issueGlobalCfdi } from './service.js';

export const GLOBAL_JOB = 'cfdis.globalMonthly';
export const ZIP_JOB = 'cfdis.zipByMail';
/** The global invoice of a month is issued on the first days of the next one (late payments of the month included). */
export const GLOBAL_DAYS = 3;

/** A PENDING invoice someone else is stamping: the job tries again later (its lease expires if they died). */
class StillPending extends Error {}

defineJob(INVOICE_RECEIPT_JOB, async (ctx, payload) => {
  const { receiptId } = payload as { receiptId: number };
  const outcome = await invoicePaidReceipt(ctx, receiptId);
  if (outcome?.status === 'PENDING') throw new StillPending(`La factura ${outcome.cfdiId} sigue en proceso`);
});

/** Each community that invoices gets, on the first days of a month, the global invoice of the previous one. */
export async function runMonthlyGlobal(ctx: ServiceContext, now: Date = new Date()) {
  // Prisma's `modules: { has }` on an enum list is sent as a text array, which PGlite refuses ("malformed array literal").
  const communities = await ctx.prisma.$queryRaw<{ id: number; timeZone: string }[]>`
    SELECT id, "timeZone" FROM "Neighborhood" WHERE 'FACTURACION'::"Module" = ANY(modules) ORDER BY id`;
  for (const n of communities) {
    const today = todayIn(n.timeZone, now);
    if (Number(today.slice(8, 10)) > GLOBAL_DAYS) continue;
    if (!(await fiscalConfigured(ctx.prisma, n.id, now))) continue;
    try {
      await issueGlobalCfdi(ctx, n.id, previousMonth(today));
    } catch (error) {
      if (!(error instanceof ConflictError)) console.error(`Factura global de la comunidad ${n.id}:`, error);
    }
  }
}

defineDailyJob(GLOBAL_JOB, async (ctx) => runMonthlyGlobal(ctx));

export interface ZipJobPayload {
  neighborhoodId: number;
  userId: number;
  cfdiIds: number[];
  from: string;
  to: string;
}

/** Builds the zip of the requested invoices, keeps it as a file of the requester and e-mails its link. */
defineJob(ZIP_JOB, async (ctx, payload) => {
  const p = payload as ZipJobPayload;
  const user = await ctx.prisma.user.findUnique({ where: { id: p.userId }, select: { email: true, firstName: true } });
  if (!user?.email) return;
  const cfdis = await ctx.prisma.cfdi.findMany({ where: { id: { in: p.cfdiIds }, neighborhoodId: p.neighborhoodId }, orderBy: { id: 'asc' } });
  const zip = await cfdisZip(ctx, cfdis, `facturas-${p.from}-a-${p.to}.zip`);
  await write({ ...ctx, actor: null }, {}, async ({ tx, audit, afterCommit }) => {
    const file = await tx.storedFile.create({
      data: {
        neighborhoodId: p.neighborhoodId,
        userId: p.userId,
        name: zip.fileName,
        contentType: zip.contentType,
        size: zip.bytes.length,
        data: new Uint8Array(zip.bytes),
      },
      select: { id: true },
    });
    const link = appLink(ctx.config, `/api/1.0/files/${file.id}`);
    await queueEmail(tx, {
      to: user.email!,
      neighborhoodId: p.neighborhoodId,
      subject: `Facturas del ${p.from} al ${p.to}`,
      text: `Hola ${user.firstName ?? ''}:\n\nEl archivo con las ${cfdis.length} facturas (XML y PDF) del ${p.from} al ${p.to} está listo. Descárgalo con tu sesión iniciada en:\n${link}\n`,
    });
    await audit({ action: 'CREATE', entity: 'StoredFile', entityId: file.id, neighborhoodId: p.neighborhoodId, userId: p.userId, data: { zip: zip.fileName } });
    afterCommit(() => kickMailer(ctx.prisma));
  });
});
