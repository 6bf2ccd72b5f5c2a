// The XLS of every visitor of the community (spec 3 section 8: AAllVisitorsRead), with the lists' filters:
// a GraphQL field answers a download link (platform/downloads), and the file streams from it, read in
// batches and written as it is read (infra/xlsx/streamingWorkbook.ts), so a busy gate's years of visitors
// are never one array nor one buffer. GET /api/1.0/neighborhoods/{n}/visitors/xls serves the same link in-process.
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { daysSummary, VISIT_DAYS, type VisitDay } from '../../../../core/visitors.js';
import { todayIn } from '../../../../core/receipts.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import { builder, grants } from '../../../graphql/builder.js';
import { StreamingWorkbook, XLSX_CONTENT_TYPE } from '../../../infra/xlsx/streamingWorkbook.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { ForbiddenError } from '../../../kernel/errors.js';
import { holdsAny } from '../../../auth/houseScope.js';
import { DownloadLinkRef } from '../../platform/downloads/downloadLink.js';
import { downloadLink, registerDownload, type StreamedFile } from '../../platform/downloads/service.js';
import { ALL_VISITORS_READERS, filterWhere, type VisitorFilter } from './service.js';
import { filterOf } from './visitor.js';

/** The columns of the XLS, in order (Spanish headers). */
export const VISITOR_XLS_COLUMNS = [
  { header: 'Referencia', width: 14 },
  { header: 'Nombre', width: 28 },
  { header: 'Correo', width: 28 },
  { header: 'Tipo', width: 12 },
  { header: 'Entrada', width: 12 },
  { header: 'Vehículo', width: 18 },
  { header: 'Placas', width: 12 },
  { header: 'Gafete', width: 10 },
  { header: 'Propiedad', width: 16 },
  { header: 'Propietario', width: 26 },
  { header: 'Fecha de entrada', width: 14, date: true },
  { header: 'Hora de entrada', width: 10 },
  { header: 'Fecha de salida', width: 14, date: true },
  { header: 'Hora de salida', width: 10 },
  { header: 'Días permitidos', width: 40 },
  { header: 'Dentro', width: 8 },
  { header: 'Última entrada', width: 18 },
  { header: 'Última salida', width: 18 },
  { header: 'Registrada por', width: 26 },
] as const;

/** At most this many rows (as allVisitors reads). */
export const VISITOR_XLS_MAX_ROWS = 100_000;
const BATCH = 1_000;

const ROW_VIEW = {
  house: {
    select: {
      interiorNumber: true,
      exteriorNumber: true,
      block: true,
      lot: true,
      catastral: true,
      owner: { select: { firstName: true, lastName: true } },
    },
  },
  createdBy: { select: { firstName: true, lastName: true } },
} as const satisfies PrismaNS.VisitorInclude;
type XlsRow = PrismaNS.VisitorGetPayload<{ include: typeof ROW_VIEW }>;

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (hour: number | null, minute: number | null) => (hour == null ? null : `${pad(hour)}:${pad(minute ?? 0)}`);
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

function localTime(timeZone: string) {
  const format = new Intl.DateTimeFormat('es-MX', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at: Date | null) => {
    if (!at) return null;
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
  };
}

/** A visitor's cells in VISITOR_XLS_COLUMNS order. */
function cells(v: XlsRow, at: (d: Date | null) => string | null): (string | null)[] {
  const days = Object.fromEntries(VISIT_DAYS.map((d) => [d, v[d]])) as Record<VisitDay, boolean>;
  return [
    v.reference,
    v.name,
    v.email,
    v.visitorType === 'PERMANENT' ? 'Permanente' : 'Ocasional',
    v.entranceType === 'DRIVING' ? 'En vehículo' : 'A pie',
    v.vehicle,
    v.vehiclePlate,
    v.badge,
    v.house ? houseLabel(v.house) : 'Administración',
    v.house?.owner ? personName(v.house.owner) : null,
    dayOf(v.entryDate),
    hhmm(v.entryHour, v.entryMinute),
    dayOf(v.departureDate),
    hhmm(v.departureHour, v.departureMinute),
    daysSummary(days).allowedDays,
    v.insideSince ? 'Sí' : 'No',
    at(v.lastEntryAt),
    at(v.lastDepartureAt),
    personName(v.createdBy),
  ];
}

interface XlsParams {
  neighborhoodId: number;
  filter: VisitorFilter;
}

export const visitorsXlsName = (today: string) => `visitas-${today}.xlsx`;

/** The XLS streamed: batches of visitors, oldest first, go out as they are read. */
export async function visitorsXls(ctx: Pick<ServiceContext, 'db' | 'prisma'>, p: XlsParams): Promise<StreamedFile> {
  const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: p.neighborhoodId }, select: { timeZone: true } });
  // PGlite has one connection: buffer rather than hold it while a slow client reads.
  const workbook = new StreamingWorkbook({ moneyFormat: '#,##0.00', creator: 'Comunidad', backpressure: ctx.db.kind !== 'pglite' });
  const where: PrismaNS.VisitorWhereInput = { AND: [{ neighborhoodId: p.neighborhoodId, deletedAt: null }, filterWhere(p.filter, n.timeZone)] };
  const at = localTime(n.timeZone);
  (async () => {
    const sheet = workbook.addSheet(
      'Visitas',
      VISITOR_XLS_COLUMNS.map((c) => ({ width: c.width, date: 'date' in c && c.date })),
      { frozenRows: 1 },
    );
    await sheet.row(
      VISITOR_XLS_COLUMNS.map((c) => c.header),
      { bold: true },
    );
    let after = 0;
    let written = 0;
    while (written < VISITOR_XLS_MAX_ROWS) {
      const rows = await ctx.prisma.visitor.findMany({
        where: { AND: [where, { id: { gt: after } }] },
        orderBy: { id: 'asc' },
        take: Math.min(BATCH, VISITOR_XLS_MAX_ROWS - written),
        include: ROW_VIEW,
      });
      for (const v of rows) await sheet.row(cells(v, at));
      written += rows.length;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    await sheet.end();
    await workbook.finish();
  })().catch((error) => workbook.abort(error));
  return { fileName: visitorsXlsName(todayIn(n.timeZone)), contentType: XLSX_CONTENT_TYPE, body: workbook.stream };
}

registerDownload<XlsParams>('visitors', (ctx, p) => visitorsXls(ctx, p));

builder.queryField('visitorsXls', (t) =>
  t.field({
    type: DownloadLinkRef,
    description: "A link to every visitor of the community as XLSX, with the lists' filters, streamed as it is read (GET visitors/xls)",
    ...grants(...ALL_VISITORS_READERS),
    // The input type of the lists (visitor.ts), by its name.
    args: { filter: t.arg({ type: 'VisitorFilter' as never, required: false }) },
    resolve: async (_r, args, ctx) => {
      if (!holdsAny(ctx, ALL_VISITORS_READERS)) throw new ForbiddenError();
      const filter = filterOf(args.filter as Parameters<typeof filterOf>[0]);
      const neighborhoodId = communityOf(ctx);
      const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { timeZone: true } });
      return downloadLink(ctx, 'visitors', { neighborhoodId, filter } satisfies XlsParams, visitorsXlsName(todayIn(n.timeZone)));
    },
  }),
);
