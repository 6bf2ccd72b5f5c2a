// Accounting policy exports (spec 2: /neighborhood/accounting-policies-exports): an administrator asks for
// a period's pólizas; a background job (server/infra/jobs.ts) takes the export NEW → PROCESSING, reads the
// ledgers of the period by payment date (set-based, summed by the database per day and accounting), maps
// them to the community's accounting accounts (policies.ts) and keeps the file (StoredFile): PROCESSED.
// Marking it uploaded (to the accounting system) makes it UPLOADED. Missing accounting accounts, or a
// failure, put it back to NEW with errorDescription. Deleting is soft and refused while PROCESSING.
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import type ExcelJS from 'exceljs';
import { onFirstUse } from '../../../../infra/onFirstUse.js';

const excel = onFirstUse<typeof ExcelJS>('exceljs');
import type { AccountingAccountKey } from '../../../../../core/accounts.js';
import { formatMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { defineJob, enqueueJob } from '../../../../infra/jobs.js';
import { actorOf, communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import type { GeneratedFile } from '../../receivables/receipts/pdf.js';
import { checkPeriod } from '../reports/period.js';
import { XLSX_TYPE } from '../../receivables/servicePeriods/xlsx.js';
import { houseEntries, periodFilter } from '../transactions/service.js';
import {
  ACCOUNT_KEY_NAMES,
  type AccountSettings,
  type ExpensePayment,
  type HouseGroup,
  layoutRows,
  M_COLUMNS,
  P_COLUMNS,
  type Policy,
  PolicyBuilder,
  policyTotals,
  type WithdrawalMove,
} from './policies.js';
import { message } from '../../../../kernel/reasons.js';

export const ACCOUNTING_READERS = ['AAccountingRead'] as const;
export const ACCOUNTING_DELETERS = ['AAccountingDelete'] as const;
export const BUILD_JOB = 'accountingExports.build';

export const EXPORT_MESSAGES = {
  created: 'La exportación de pólizas se está generando',
  deleted: 'La exportación ha sido eliminada',
  uploaded: 'La exportación se marcó como subida',
  notFound: message('EXPORT_NOT_FOUND'),
  processing: message('EXPORT_PROCESSING'),
  needsDates: 'Indica las fechas «Desde» y «Hasta»',
  failed: 'No logramos generar la exportación; intenta de nuevo',
  missing: (names: string[]) =>
    `Faltan cuentas contables por configurar: ${names.join(', ')}. Configúralas en Configuración › Cuentas contables y genera la exportación de nuevo`,
} as const;

const asDay = (d: Date) => d.toISOString().slice(0, 10);
const dayDate = (d: string) => new Date(`${d}T00:00:00Z`);

/** Checks from ≤ to (the spec's message) and the days; both are needed. */
export function checkExportPeriod(from: string | null | undefined, to: string | null | undefined, today: string) {
  if (!from?.trim() || !to?.trim()) throw new InputError([{ field: from?.trim() ? 'to' : 'from', message: EXPORT_MESSAGES.needsDates }]);
  const p = checkPeriod({ from, to, dateKind: 'PAYMENT_DATE' }, today);
  return { from: p.from, to: p.to };
}

export async function createAccountingExport(ctx: ServiceContext, input: { from?: string | null; to?: string | null }, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const period = checkExportPeriod(input.from, input.to, await communityToday(ctx.prisma, neighborhoodId));
  return write(ctx, { idempotencyKey, request: { operation: 'createAccountingExport', input: period } }, async ({ tx, audit }) => {
    const e = await tx.accountingExport.create({
      data: { neighborhoodId, from: dayDate(period.from), to: dayDate(period.to), createdByUserId: actor.userId },
      select: { id: true },
    });
    await enqueueJob(tx, { kind: BUILD_JOB, payload: { exportId: e.id } });
    await audit({ action: 'CREATE', entity: 'AccountingExport', entityId: e.id, data: period });
    return { id: e.id };
  });
}

async function lockedExport(ctx: ServiceContext, tx: Parameters<Parameters<typeof write>[2]>[0]['tx'], id: number) {
  const rows = await tx.$queryRaw<{ id: number; status: string }[]>`
    SELECT id, status::text AS status FROM "AccountingExport"
    WHERE id = ${id} AND "neighborhoodId" = ${communityOf(ctx)} AND "deletedAt" IS NULL FOR UPDATE`;
  if (!rows.length) throw new NotFoundError('EXPORT_NOT_FOUND');
  return rows[0];
}

export async function deleteAccountingExport(ctx: ServiceContext, id: number) {
  return write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    const e = await lockedExport(ctx, tx, id);
    if (e.status === 'PROCESSING') throw new ConflictError('EXPORT_PROCESSING');
    await tx.accountingExport.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'AccountingExport', entityId: id });
    return { id, message: EXPORT_MESSAGES.deleted };
  });
}

export async function markAccountingExportUploaded(ctx: ServiceContext, id: number) {
  return write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    const e = await lockedExport(ctx, tx, id);
    if (e.status === 'UPLOADED') return { id, message: EXPORT_MESSAGES.uploaded };
    if (e.status !== 'PROCESSED') throw new ConflictError('EXPORT_NOT_PROCESSED');
    await tx.accountingExport.update({ where: { id }, data: { status: 'UPLOADED' } });
    await audit({ action: 'UPLOADED', entity: 'AccountingExport', entityId: id });
    return { id, message: EXPORT_MESSAGES.uploaded };
  });
}

/** The export's file, when it has one (PROCESSED or UPLOADED), in the caller's community. */
export async function accountingExportFile(ctx: ServiceContext, id: number): Promise<GeneratedFile | null> {
  const e = await ctx.prisma.accountingExport.findFirst({
    where: { id, neighborhoodId: communityOf(ctx), deletedAt: null },
    select: { file: { select: { name: true, contentType: true, data: true } } },
  });
  if (!e?.file) return null;
  return { fileName: e.file.name, contentType: e.file.contentType, bytes: Buffer.from(e.file.data) };
}

// ---- the job ----

export interface BuiltPolicies {
  policies: Policy[];
  missing: AccountingAccountKey[];
}

/** Reads a period's ledgers (by payment date) and maps them to pólizas with the community's accounts. */
export async function buildPolicies(ctx: Pick<ServiceContext, 'db' | 'prisma'>, neighborhoodId: number, from: string, to: string): Promise<BuiltPolicies> {
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { id: true, name: true, timeZone: true } });
  const settings = await ctx.prisma.accountingAccountSetting.findMany({ where: { neighborhoodId }, select: { key: true, number: true } });
  const builder = new PolicyBuilder(Object.fromEntries(settings.map((s) => [s.key, s.number])) as AccountSettings);
  const f = periodFilter(community, { from, to, dateKind: 'PAYMENT_DATE', today: todayIn(community.timeZone) });
  const k = ctx.db.kysely;

  // The period's entries by payment date, each range read by its own index (transactions/service.ts).
  const entries = houseEntries(
    f,
    sql`le.kind, le."reversesId", le."paymentMethod", le."walletId", le.amount, r."incomeAccountId", r."incomeConceptId", r."penaltyAmount"`,
  );
  const houses = await sql<HouseGroup>`
    SELECT to_char(le.day, 'YYYY-MM-DD') AS day, le.kind::text AS kind, rv.kind::text AS "reversedKind",
           le."paymentMethod"::text AS "paymentMethod", ia."accountingAccount" AS "bankAccount", ic."accountingAccount" AS "incomeAccount",
           w.type::text AS "walletType", sum(le.amount)::text AS amount,
           sum(CASE WHEN COALESCE(le."penaltyAmount", 0) > 0 THEN LEAST(abs(le.amount), le."penaltyAmount") ELSE 0 END)::text AS penalty
    FROM (${entries}) le
    LEFT JOIN "IncomeAccount" ia ON ia.id = le."incomeAccountId"
    LEFT JOIN "IncomeConcept" ic ON ic.id = le."incomeConceptId"
    LEFT JOIN "LedgerEntry" rv ON rv.id = le."reversesId"
    JOIN "Wallet" w ON w.id = le."walletId"
    WHERE le.kind::text NOT IN ('TRANSFER', 'AGREEMENT', 'AGREEMENT_CANCELLED')
    GROUP BY 1, 2, 3, 4, 5, 6, 7, sign(le.amount)
    ORDER BY 1`.execute(k);
  for (const g of houses.rows) builder.house(g);

  const expenses = await sql<ExpensePayment & { serie: string | null; folioNumber: number | null }>`
    SELECT to_char(c."effectiveDate", 'YYYY-MM-DD') AS day, e.id AS "expenseId", e.serie, e.folio AS "folioNumber", p.name AS provider,
           e.description, e.subtotal::text AS subtotal, e.discount::text AS discount, e."transferredTaxes"::text AS "transferredTaxes",
           e."retainedTaxes"::text AS "retainedTaxes", (-c.amount)::text AS paid, ec."internalId" AS "conceptAccount",
           ia."accountingAccount" AS "bankAccount"
    FROM "CommunityLedgerEntry" c
    JOIN "Expense" e ON e.id = c."expenseId"
    LEFT JOIN "Provider" p ON p.id = e."providerId"
    LEFT JOIN "ExpenseConcept" ec ON ec.id = e."expenseConceptId"
    LEFT JOIN "IncomeAccount" ia ON ia.id = c."accountId"
    WHERE c."neighborhoodId" = ${neighborhoodId} AND c.kind = 'EXPENSE_PAID' AND c."effectiveDate" BETWEEN ${from}::date AND ${to}::date
    ORDER BY c."effectiveDate", c.id`.execute(k);
  for (const e of expenses.rows)
    builder.expense({ ...e, folio: e.folioNumber != null ? `${e.serie ? `${e.serie}-` : ''}${e.folioNumber}` : `#${e.expenseId}` });

  const withdrawals = await sql<WithdrawalMove>`
    SELECT to_char(max(c."effectiveDate"), 'YYYY-MM-DD') AS day, c."withdrawalId" AS "withdrawalId",
           COALESCE(sum(c.amount) FILTER (WHERE c."accountId" IS NOT NULL), 0)::text AS amount,
           (-COALESCE(sum(c.amount) FILTER (WHERE c."accountId" IS NULL), 0))::text AS total,
           max(ia."accountingAccount") AS "bankAccount"
    FROM "CommunityLedgerEntry" c LEFT JOIN "IncomeAccount" ia ON ia.id = c."accountId"
    WHERE c."neighborhoodId" = ${neighborhoodId} AND c.kind = 'WITHDRAWAL' AND c."withdrawalId" IS NOT NULL
      AND c."effectiveDate" BETWEEN ${from}::date AND ${to}::date
    GROUP BY c."withdrawalId"
    ORDER BY 1, 2`.execute(k);
  for (const w of withdrawals.rows) builder.withdrawal(w);

  const policies = builder.policies();
  return { policies, missing: [...builder.missing] };
}

/** The pólizas as XLSX: sheet «Pólizas» only P/M rows (what CONTPAQi imports), «Layout» the columns, «Resumen» each póliza's totals. */
export async function policiesXlsx(policies: Policy[], title: string): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream, useStyles: false, useSharedStrings: false });
  workbook.creator = 'Comunidad';
  const sheet = workbook.addWorksheet('Pólizas');
  for (const p of policies) for (const row of layoutRows(p)) sheet.addRow(row).commit();
  sheet.commit();
  const layout = workbook.addWorksheet('Layout');
  layout.addRow([title]).commit();
  layout.addRow(['Formato de importación de pólizas de CONTPAQi Contabilidad (registros P y M)']).commit();
  layout.addRow(['P', ...P_COLUMNS.slice(1)]).commit();
  layout.addRow(['M', ...M_COLUMNS.slice(1)]).commit();
  layout.addRow(['Tipo: 1 Ingresos, 2 Egresos, 3 Diario. TipoMovto: 0 cargo, 1 abono. Fecha: AAAAMMDD.']).commit();
  layout.commit();
  const summary = workbook.addWorksheet('Resumen');
  summary.addRow(['Fecha', 'Tipo', 'Número', 'Concepto', 'Cargos', 'Abonos']).commit();
  for (const p of policies) {
    const t = policyTotals(p);
    summary.addRow([p.day, p.type, p.number, p.concept, formatMoney(t.debit), formatMoney(t.credit)]).commit();
  }
  summary.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

export async function runExportJob(ctx: ServiceContext, exportId: number) {
  const system = { ...ctx, actor: null };
  const claimed = await write(system, {}, async ({ tx }) => {
    const rows = await tx.$queryRaw<{ id: number; neighborhoodId: number; from: Date; to: Date }[]>`
      UPDATE "AccountingExport" SET status = 'PROCESSING', "errorDescription" = NULL
      WHERE id = ${exportId} AND status = 'NEW' AND "deletedAt" IS NULL
      RETURNING id, "neighborhoodId", "from", "to"`;
    return rows[0] ? { id: rows[0].id, neighborhoodId: rows[0].neighborhoodId, from: asDay(new Date(rows[0].from)), to: asDay(new Date(rows[0].to)) } : null;
  });
  if (!claimed) return;
  const back = (errorDescription: string) =>
    ctx.prisma.accountingExport.updateMany({ where: { id: exportId, status: 'PROCESSING' }, data: { status: 'NEW', errorDescription } });
  try {
    const { policies, missing } = await buildPolicies(ctx, claimed.neighborhoodId, claimed.from, claimed.to);
    if (missing.length) {
      await back(EXPORT_MESSAGES.missing(missing.map((k) => ACCOUNT_KEY_NAMES[k])));
      return;
    }
    const name = `polizas-${claimed.from}-a-${claimed.to}.xlsx`;
    const bytes = await policiesXlsx(policies, `Pólizas del ${claimed.from} al ${claimed.to}`);
    await write(system, {}, async ({ tx, audit }) => {
      const file = await tx.storedFile.create({
        data: { neighborhoodId: claimed.neighborhoodId, name, contentType: XLSX_TYPE, size: bytes.length, data: new Uint8Array(bytes) },
        select: { id: true },
      });
      const done = await tx.accountingExport.updateMany({
        where: { id: exportId, status: 'PROCESSING' },
        data: { status: 'PROCESSED', fileId: file.id, processedAt: new Date(), errorDescription: null },
      });
      if (done.count !== 1) throw new ConflictError('EXPORT_CHANGED');
      await audit({
        action: 'PROCESSED',
        entity: 'AccountingExport',
        entityId: exportId,
        neighborhoodId: claimed.neighborhoodId,
        data: { policies: policies.length },
      });
    });
  } catch (error) {
    await back(EXPORT_MESSAGES.failed);
    throw error;
  }
}

defineJob(BUILD_JOB, async (ctx, payload) => {
  const { exportId } = payload as { exportId: number };
  await runExportJob(ctx, exportId);
});

export const exportDays = (e: { from: Date; to: Date }) => ({ from: asDay(e.from), to: asDay(e.to) });
