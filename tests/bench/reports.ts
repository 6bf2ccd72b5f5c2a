// The money reports of npm run bench (issue 16 item 6): every report, list and download of the incomes
// report, the neighbourhood statement, transactions, accounting exports, the dashboard's money widgets and
// the expenses, asked for a month and for the bench year, each with BENCH_REPORT_CONNECTIONS (2) clients
// in a loop of sequential requests for BENCH_REPORT_SECONDS (BENCH_SECONDS by default; at least 5
// requests). p95 of the whole answer (body read to its end) against the targets: 1 s a month, 3 s a year.
// A route that answers 404 or any error fails the bench.
import { BENCH_YEAR } from './moneySeed.js';

export interface Period {
  label: 'mes' | 'año';
  from: string;
  to: string;
  /** YYYY-MM of the month (the year's last one for the year). */
  month: string;
  /** The period's months counted back from today, for widgets whose window ends today. */
  months: number;
}

export const MONTH: Period = { label: 'mes', from: `${BENCH_YEAR}-06-01`, to: `${BENCH_YEAR}-06-30`, month: `${BENCH_YEAR}-06`, months: 1 };
export const YEAR: Period = { label: 'año', from: `${BENCH_YEAR}-01-01`, to: `${BENCH_YEAR}-12-31`, month: `${BENCH_YEAR}-12`, months: 12 };
export const TARGET_MS: Record<Period['label'], number> = { mes: 1000, año: 3000 };

export interface Request {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

export interface ReportCase {
  owner: string;
  name: string;
  request: (p: Period) => Request;
  /** Only one figure (a widget without a period): measured once, shown in the month's column. */
  once?: boolean;
}

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  bytes: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** One request, answer read whole; throws on anything but 2xx (a 404 means the route is missing). */
export async function ask(base: string, headers: Record<string, string>, r: Request): Promise<{ status: number; bytes: number; text?: string }> {
  const res = await fetch(`${base}${r.path}`, {
    method: r.method ?? (r.body ? 'POST' : 'GET'),
    headers,
    body: r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const text = type.includes('json') || type.startsWith('text/') ? buffer.toString('utf8') : undefined;
  if (res.status < 200 || res.status >= 300)
    throw new Error(
      `${r.method ?? 'GET'} ${r.path} respondió ${res.status}${res.status === 404 ? ' (¿falta la ruta?)' : ''}: ${buffer.toString('utf8').slice(0, 300)}`,
    );
  // GraphQL answers 200 with errors.
  if (text?.startsWith('{"errors"')) throw new Error(`${r.path} respondió errores: ${text.slice(0, 300)}`);
  return { status: res.status, bytes: buffer.length, text };
}

/** `connections` clients asking one after another for `seconds` (at least `min` answers, time allowing); the first answer is a warm-up. */
export async function latency(
  base: string,
  headers: Record<string, string>,
  r: Request,
  { seconds, connections, min = 5, max = 400 }: { seconds: number; connections: number; min?: number; max?: number },
): Promise<Latency> {
  const warm = await ask(base, headers, r);
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  const client = async () => {
    // At least `min` answers, but a download of many seconds stops after four times the budget.
    while (times.length < max && (Date.now() < until || (times.length < min && Date.now() < until + 3 * seconds * 1000))) {
      const t = performance.now();
      await ask(base, headers, r);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  times.sort((a, b) => a - b);
  return { n: times.length, p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), bytes: warm.bytes };
}

export interface ReportFigure {
  c: ReportCase;
  month: Latency;
  year?: Latency;
  /** p95 of the plain pg endpoint for the same page, when there is one. */
  raw?: { month: Latency; year: Latency };
}

const size = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

export function printReportTable(figures: ReportFigure[], connections: number) {
  console.log(
    `\n  Reportes (${connections} clientes, p95 de la respuesta completa; meta < ${TARGET_MS.mes} ms el mes ${MONTH.month}, < ${TARGET_MS.año} ms el año ${BENCH_YEAR}):`,
  );
  console.log(
    `    ${'de'.padEnd(3)} ${'reporte'.padEnd(52)} ${'mes p95'.padStart(8)} ${'año p95'.padStart(8)} ${'n'.padStart(7)} ${'tamaño año'.padStart(10)}  raw p95 mes/año (× raw)`,
  );
  const misses: string[] = [];
  for (const f of figures) {
    const mark = (l: Latency | undefined, target: number) => (l ? `${l.p95 > target ? '✗' : ' '}${String(l.p95).padStart(6)}` : ''.padStart(7));
    if (f.month.p95 > TARGET_MS.mes) misses.push(`${f.c.owner} ${f.c.name} (mes): p95 ${f.month.p95} ms > ${TARGET_MS.mes} ms`);
    if (f.year && f.year.p95 > TARGET_MS.año) misses.push(`${f.c.owner} ${f.c.name} (año): p95 ${f.year.p95} ms > ${TARGET_MS.año} ms`);
    const raw = f.raw
      ? `  ${f.raw.month.p95}/${f.raw.year.p95} ms (${(f.raw.month.p95 / Math.max(f.month.p95, 1)).toFixed(2)}× / ${(f.raw.year.p95 / Math.max(f.year?.p95 ?? 1, 1)).toFixed(2)}×)`
      : '';
    console.log(
      `    ${f.c.owner.padEnd(3)} ${f.c.name.padEnd(52)} ${mark(f.month, TARGET_MS.mes)} ms ${f.year ? `${mark(f.year, TARGET_MS.año)} ms` : '      —   '} ${`${f.month.n}/${f.year?.n ?? '-'}`.padStart(7)} ${size((f.year ?? f.month).bytes).padStart(10)}${raw}`,
    );
  }
  if (misses.length) {
    console.log('    FUERA DE META:');
    for (const m of misses) console.log(`      ✗ ${m}`);
  } else console.log('    todos en meta');
  return misses;
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Every report of issue 16 (E, F, G) and issue 14's expense list and downloads, by their /api/1.0 paths. */
export function reportCases(neighborhoodId: number): ReportCase[] {
  const n = `/api/1.0/neighborhoods/${neighborhoodId}`;
  const period = (p: Period) => ({ from: p.from, to: p.to });
  const get = (path: string) => ({ path });
  return [
    // Issue 14: the expense list (operation date in the period) and its downloads.
    { owner: '14', name: 'egresos: lista (20)', request: (p) => get(`${n}/expenses?${q({ page_size: 20, ...period(p) })}`) },
    {
      owner: '14',
      name: 'egresos: lista pagados en el periodo (20)',
      request: (p) => get(`${n}/expenses?${q({ page_size: 20, fromPayment: p.from, toPayment: p.to })}`),
    },
    { owner: '14', name: 'egresos: detalle XLSX', request: (p) => get(`${n}/expenses/export?${q({ format: 'xlsx', ...period(p) })}`) },
    { owner: '14', name: 'egresos: detalle PDF', request: (p) => get(`${n}/expenses/export?${q({ format: 'pdf', ...period(p) })}`) },
    { owner: '14', name: 'egresos: resumen XLSX', request: (p) => get(`${n}/expenses/report?${q({ format: 'xlsx', ...period(p) })}`) },
    { owner: '14', name: 'egresos: resumen PDF', request: (p) => get(`${n}/expenses/report?${q({ format: 'pdf', ...period(p) })}`) },
    // E: the incomes report and the neighbourhood statement.
    { owner: 'E', name: 'ingresos (fecha del sistema)', request: (p) => get(`${n}/incomes?${q({ date_kind: 'SYSTEM_DATE', ...period(p), page_size: 20 })}`) },
    { owner: 'E', name: 'ingresos (fecha de pago)', request: (p) => get(`${n}/incomes?${q({ date_kind: 'PAYMENT_DATE', ...period(p), page_size: 20 })}`) },
    { owner: 'E', name: 'ingresos XLSX', request: (p) => get(`${n}/incomes/xls?${q({ date_kind: 'SYSTEM_DATE', ...period(p) })}`) },
    { owner: 'E', name: 'ingresos PDF', request: (p) => get(`${n}/incomes/pdf?${q({ date_kind: 'SYSTEM_DATE', ...period(p) })}`) },
    { owner: 'E', name: 'estado de cuenta de la comunidad', request: (p) => get(`${n}/statements?${q({ date_kind: 'SYSTEM_DATE', ...period(p) })}`) },
    // …/statements/pdf is the same document as …/statements/print.
    { owner: 'E', name: 'estado de cuenta: imprimir (PDF)', request: (p) => get(`${n}/statements/print?${q({ date_kind: 'SYSTEM_DATE', ...period(p) })}`) },
    { owner: 'E', name: 'estado de cuenta XLSX', request: (p) => get(`${n}/statements/xls?${q({ date_kind: 'SYSTEM_DATE', ...period(p) })}`) },
    // F: transactions and balances, its export, the accounting exports list (the job is timed apart).
    { owner: 'F', name: 'movimientos: primera página (20)', request: (p) => get(`${n}/transactions?${q({ ...period(p), page_size: 20, offset: 0 })}`) },
    { owner: 'F', name: 'movimientos: página en offset 1000', request: (p) => get(`${n}/transactions?${q({ ...period(p), page_size: 20, offset: 1000 })}`) },
    {
      owner: 'F',
      name: 'movimientos: fecha de pago, solo ingresos',
      request: (p) => get(`${n}/transactions?${q({ date_kind: 'PAYMENT_DATE', ...period(p), source: 'HOUSE', page_size: 20 })}`),
    },
    { owner: 'F', name: 'movimientos: exportar XLSX', request: (p) => get(`${n}/transactions/export?${q({ format: 'xlsx', ...period(p) })}`) },
    { owner: 'F', name: 'movimientos: exportar CSV', request: (p) => get(`${n}/transactions/export?${q({ format: 'csv', ...period(p) })}`) },
    { owner: 'F', name: 'exportaciones contables: lista (20)', request: () => get(`${n}/accounting-exports?page_size=20`), once: true },
    // G: the dashboard's money widgets (monthly incomes: the last month or twelve, ending today).
    { owner: 'G', name: 'tablero: egresos del mes por concepto', request: (p) => get(`${n}/dashboard/monthly-outcomes?month=${p.month}`), once: true },
    { owner: 'G', name: 'tablero: ingresos mensuales (a hoy)', request: (p) => get(`${n}/dashboard/monthly-incomes?months=${p.months}`) },
    { owner: 'G', name: 'tablero: adeudos por antigüedad', request: () => get(`${n}/dashboard/debts`), once: true },
    { owner: 'G', name: 'tablero: adeudos por calle', request: () => get(`${n}/dashboard/debts?by=street`), once: true },
    { owner: 'G', name: 'tablero: últimos recibos pagados', request: () => get(`${n}/dashboard/latest-paid-receipts`), once: true },
    { owner: 'G', name: 'tablero: últimos recibos en revisión', request: () => get(`${n}/dashboard/latest-in-review-receipts`), once: true },
    { owner: 'G', name: 'tablero: casas por estado', request: () => get(`${n}/dashboard/onboarding-stats`), once: true },
  ];
}

/** BENCH_REPORTS=14,E (owners) or words of the names: only those cases. */
export function selectCases(cases: ReportCase[], filter = process.env.BENCH_REPORTS) {
  if (!filter) return cases;
  const words = filter
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  return cases.filter((c) => words.some((w) => c.owner.toLowerCase() === w || (w.length > 2 && c.name.toLowerCase().includes(w))));
}

/**
 * The accounting export of a period as the administrator asks for it: POST, then the job (polled every
 * JOBS_POLL_MS) takes it NEW → PROCESSING → PROCESSED. The job's time is processed_at − created_at (the
 * server's own clock, the poll's wait included), the file downloaded after.
 */
export async function timeAccountingExport(base: string, headers: Record<string, string>, neighborhoodId: number, p: Period, timeoutMs = 120_000) {
  const n = `/api/1.0/neighborhoods/${neighborhoodId}`;
  const started = Date.now();
  const created = await ask(base, headers, { path: `${n}/accounting-exports`, method: 'POST', body: { from: p.from, to: p.to } });
  const id = JSON.parse(created.text ?? '{}').accounting_export?.id;
  if (!id) throw new Error(`POST accounting-exports no devolvió el id: ${created.text?.slice(0, 300)}`);
  for (;;) {
    const list = JSON.parse((await ask(base, headers, { path: `${n}/accounting-exports?page_size=20` })).text ?? '{}');
    const e = (list.accounting_exports ?? []).find((x: { id: number }) => x.id === id);
    if (e?.status === 'PROCESSED' || e?.status === 'UPLOADED') {
      const file = await ask(base, headers, { path: `${n}/accounting-exports/${id}/file` });
      return { id, ms: Date.parse(e.processed_at) - Date.parse(e.created_at), wallMs: Date.now() - started, bytes: file.bytes };
    }
    if (e?.error_description) throw new Error(`la exportación contable ${id} falló: ${e.error_description}`);
    if (Date.now() - started > timeoutMs) throw new Error(`la exportación contable ${id} no terminó en ${timeoutMs / 1000} s (estado ${e?.status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The plain pg baseline of the expense list (tests/bench/raw.mjs): the page of 20 as the list shows it
 * (provider, concept, group, paying account, author) with the filter's count, in one statement, and the
 * community's expense settings with its approvers (the legacy list answers required_approvals, approvers
 * and is_approver), in a second, as the application reads them.
 */
export function rawExpenseCases(neighborhoodId: number) {
  const sql = `WITH page AS (
      SELECT e.* FROM "Expense" e
       WHERE e."neighborhoodId" = $1 AND e.status <> 'DELETED' AND e."operationDate" >= $2::date AND e."operationDate" <= $3::date
       ORDER BY e.id DESC LIMIT 20)
    SELECT p.id, p.status, p.description, p."operationDate", p.serie, p.folio, p.subtotal, p.discount, p."transferredTaxes", p."retainedTaxes", p.total,
           p."approveRequired", p.invoiced, p.revision, p."withdrawalId", p."paymentDate", p."paymentMethod", p."paymentBank", p."paymentClabe", p."cashDate",
           p."checkNumber", p."cashMethod", p."createdAt", p."updatedAt",
           pr.id AS "providerId", pr.name AS "providerName", pr.rfc, pr."paymentMethod" AS "providerMethod", pr.bank, pr.clabe,
           c.id AS "conceptId", c.concept, c."internalId", g.id AS "groupId", g.serie AS "groupSerie", g.folio AS "groupFolio",
           a.id AS "accountId", a.description AS "accountDescription", a."accountType", u."firstName", u."lastName",
           (SELECT count(*) FROM "Expense" e WHERE e."neighborhoodId" = $1 AND e.status <> 'DELETED' AND e."operationDate" >= $2::date AND e."operationDate" <= $3::date) AS total_count
      FROM page p
      LEFT JOIN "Provider" pr ON pr.id = p."providerId"
      LEFT JOIN "ExpenseConcept" c ON c.id = p."expenseConceptId"
      LEFT JOIN "ExpenseGroup" g ON g.id = p."groupId"
      LEFT JOIN "IncomeAccount" a ON a.id = p."paymentAccountId"
      LEFT JOIN "User" u ON u.id = p."createdByUserId"
     ORDER BY p.id DESC`;
  const settings = {
    sql: `SELECT s."requiredExpenseApproval", s."useFolio", s.serie,
                 (SELECT json_agg(json_build_object('userId', a."userId", 'firstName', u."firstName", 'lastName', u."lastName") ORDER BY a."userId")
                    FROM "ExpenseApprover" a JOIN "User" u ON u.id = a."userId"
                   WHERE a."neighborhoodId" = n.id
                     AND EXISTS (SELECT 1 FROM "Membership" m JOIN "Role" r ON r.id = m."roleId"
                                  WHERE m."userId" = a."userId" AND m."neighborhoodId" = n.id AND m."houseId" IS NULL AND m.active AND NOT m.pending
                                    AND NOT r."forHouse" AND r.grants && ARRAY['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'])) AS approvers
            FROM "Neighborhood" n LEFT JOIN "ExpenseSettings" s ON s."neighborhoodId" = n.id WHERE n.id = $1`,
    parameters: [neighborhoodId],
  };
  return {
    'expenses-month': { sql, parameters: [neighborhoodId, MONTH.from, MONTH.to], rows: true, grant: 'AExpensesRead', also: [settings] },
    'expenses-year': { sql, parameters: [neighborhoodId, YEAR.from, YEAR.to], rows: true, grant: 'AExpensesRead', also: [settings] },
  };
}
