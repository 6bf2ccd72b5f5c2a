import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPesos, sumMoney } from '../../../../../core/money.js';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let torreId: number;
let adminId: number;
let expenseId: number;
let torreExpenseId: number;
const prisma = () => t.app.db.prisma;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

// Expenses of 2019 only this test writes: the demo's expenses are of recent years.
const ROWS = [
  { total: '1160.00', subtotal: '1000.00', transferredTaxes: '160.00', status: 'PAID', day: '2019-03-01', payment: '2019-03-05', concept: 'Jardinería' },
  { total: '2320.50', subtotal: '2000.43', transferredTaxes: '320.07', status: 'APPROVED', day: '2019-03-10', payment: null, concept: 'Jardinería' },
  { total: '999.99', subtotal: '999.99', transferredTaxes: '0', status: 'CHARGED', day: '2019-04-02', payment: '2019-04-03', concept: 'Vigilancia' },
  { total: '0.01', subtotal: '0.01', transferredTaxes: '0', status: 'NEW', day: '2019-05-20', payment: null, concept: null },
  { total: '50.00', subtotal: '50.00', transferredTaxes: '0', status: 'DELETED', day: '2019-05-21', payment: null, concept: null },
] as const;

const download = (path: string, token = admin) => t.app.fetch(new Request(`${BASE}/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));

async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
  return text as string;
}

async function sheetRows(response: Response): Promise<unknown[][]> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx'].map((e) => t.signIn(e)));
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  adminId = (await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  const concepts = await prisma().expenseConcept.findMany({ where: { neighborhoodId: olivosId } });
  const provider = await prisma().provider.create({
    data: { neighborhoodId: olivosId, name: 'Jardines del Bajío', rfc: 'JBA010101AAA', paymentMethod: 'TRANSFER', clabe: '012180001234567899' },
  });
  let folio = 1;
  for (const r of ROWS) {
    const e = await prisma().expense.create({
      data: {
        neighborhoodId: olivosId,
        status: r.status,
        providerId: provider.id,
        expenseConceptId: r.concept ? concepts.find((c) => c.concept === r.concept)!.id : null,
        description: `Servicio ${folio}`,
        operationDate: new Date(`${r.day}T00:00:00Z`),
        serie: 'R19',
        folio: folio++,
        subtotal: r.subtotal,
        transferredTaxes: r.transferredTaxes,
        total: r.total,
        createdByUserId: adminId,
        paymentDate: r.payment ? new Date(`${r.payment}T00:00:00Z`) : null,
        paymentMethod: r.payment ? 'TRANSFER' : null,
        deletedAt: r.status === 'DELETED' ? new Date() : null,
      },
    });
    expenseId ??= e.id;
  }
  await prisma().expenseLine.create({
    data: { expenseId, position: 0, quantity: '2', unitPrice: '500', amount: '1000.00', description: 'Poda de árboles del parque', satProductKey: '70111703' },
  });
  await prisma().expenseTax.create({ data: { expenseId, type: 'TRANSFERRED', taxCode: '002', rate: '0.16', amount: '160.00' } });
  torreExpenseId = (
    await prisma().expense.create({
      data: {
        neighborhoodId: torreId,
        status: 'APPROVED',
        operationDate: new Date('2019-03-01T00:00:00Z'),
        subtotal: '5',
        total: '5',
        createdByUserId: adminId,
      },
    })
  ).id;
});
afterAll(() => t.close());

const YEAR = 'from=2019-01-01&to=2019-12-31';

describe('expense reports', () => {
  it('details XLSX: one row per expense (deleted ones left out), totals equal to the sum of the rows, to the cent', async () => {
    const rows = await sheetRows(await download(`/neighborhoods/${olivosId}/expenses/export?format=xlsx&${YEAR}`));
    expect(String(rows[0][0])).toContain('Reporte de egresos (detalle)');
    expect(rows[1][0]).toBe('Fecha del 01/01/2019 al 31/12/2019');
    const header = rows[3];
    expect(header).toEqual(expect.arrayContaining(['Folio', 'Proveedor', 'Estado', 'Subtotal', 'Total']));
    const totalAt = header.indexOf('Total');
    const data = rows.slice(4, -1);
    expect(data.map((r) => r[0])).toEqual(['R19-1', 'R19-2', 'R19-3', 'R19-4']);
    expect(data.map((r) => r[header.indexOf('Estado')])).toEqual(['Pagado', 'Aprobado', 'Cobrado', 'Nuevo']);
    const last = rows.at(-1)!;
    expect(last[0]).toBe('Total');
    expect(Number(last[totalAt]).toFixed(2)).toBe('4480.50');
    expect(sumMoney(data.map((r) => String(r[totalAt]))).toFixed(2)).toBe(Number(last[totalAt]).toFixed(2));
    const subtotalAt = header.indexOf('Subtotal');
    expect(Number(last[subtotalAt]).toFixed(2)).toBe(sumMoney(data.map((r) => String(r[subtotalAt]))).toFixed(2));
  });

  it('filters by status and by payment dates; the PDF says the same totals', async () => {
    const paid = await sheetRows(await download(`/neighborhoods/${olivosId}/expenses/export?format=xlsx&status=paid&${YEAR}`));
    expect(paid.slice(4, -1).map((r) => r[0])).toEqual(['R19-1']);
    const byPayment = await sheetRows(await download(`/neighborhoods/${olivosId}/expenses/export?format=xlsx&fromPayment=2019-03-01&toPayment=2019-03-31`));
    expect(byPayment.slice(4, -1).map((r) => r[0])).toEqual(['R19-1']);
    const text = await pdfText(await download(`/neighborhoods/${olivosId}/expenses/export?format=pdf&${YEAR}`));
    expect(text).toContain('Reporte de egresos (detalle)');
    expect(text).toContain('R19-3');
    expect(text).toContain('4 egresos');
    expect(text).toContain(formatPesos('4480.50'));
    expect(text).not.toContain('R19-5');
  });

  it('summary XLSX and PDF: by concept and by status, each total the sum of its lines', async () => {
    const rows = await sheetRows(await download(`/neighborhoods/${olivosId}/expenses/report?format=xlsx&${YEAR}`));
    const byConcept = rows.slice(rows.findIndex((r) => r[0] === 'Por concepto') + 1);
    const conceptLines = byConcept.slice(
      0,
      byConcept.findIndex((r) => r[0] === 'Total'),
    );
    expect(conceptLines.map((r) => [r[0], r[1], Number(r[6]).toFixed(2)])).toEqual([
      ['Jardinería', 2, '3480.50'],
      ['Sin concepto', 1, '0.01'],
      ['Vigilancia', 1, '999.99'],
    ]);
    const total = byConcept[conceptLines.length];
    expect([total[1], Number(total[6]).toFixed(2)]).toEqual([4, '4480.50']);
    const byStatus = rows.slice(rows.findIndex((r) => r[0] === 'Por estado') + 1);
    expect(byStatus.slice(0, 4).map((r) => [r[0], Number(r[6]).toFixed(2)])).toEqual([
      ['Nuevo', '0.01'],
      ['Aprobado', '2320.50'],
      ['Pagado', '1160.00'],
      ['Cobrado', '999.99'],
    ]);
    const text = await pdfText(await download(`/neighborhoods/${olivosId}/expenses/report?format=pdf&${YEAR}`));
    expect(text).toContain('Reporte de egresos (resumen)');
    expect(text).toContain('Jardinería');
    expect(text).toContain(formatPesos('3480.50'));
    expect(text).toContain(formatPesos('4480.50'));
  });

  it('the policy PDF of an expense: folio, provider, lines, taxes and total', async () => {
    const text = await pdfText(await download(`/neighborhoods/${olivosId}/expenses/${expenseId}/policy`));
    for (const part of [
      'Póliza de egreso',
      'R19-1',
      'Jardines del Bajío',
      'JBA010101AAA',
      'Poda de árboles del parque',
      '70111703',
      'Traslado 002 16 %',
      formatPesos('1160.00'),
      'Autorizó',
    ]) {
      expect(text).toContain(part);
    }
    const gql = await t.gql(
      'query($id: ID!) { expensePolicyPdf(expenseId: $id) { fileName contentType } }',
      { id: gid('Expense', expenseId) },
      { token: admin },
    );
    expect(gql.body.data.expensePolicyPdf).toEqual({ fileName: 'poliza-egreso-R19-1.pdf', contentType: 'application/pdf' });
  });

  it('another community’s expense is not found; owners are refused; bad filters are a 400', async () => {
    expect((await download(`/neighborhoods/${olivosId}/expenses/${torreExpenseId}/policy`)).status).toBe(404);
    expect((await download(`/neighborhoods/${olivosId}/expenses/99999999/policy`)).status).toBe(404);
    expect((await download(`/neighborhoods/${torreId}/expenses/export?format=xlsx`)).status).toBe(404);
    for (const path of [`/expenses/${expenseId}/policy`, '/expenses/export?format=pdf', '/expenses/report?format=xlsx']) {
      expect((await download(`/neighborhoods/${olivosId}${path}`, owner)).status, path).toBe(403);
    }
    for (const query of ['format=doc', 'from=2019-13-01', 'from=2019-05-01&to=2019-01-01', 'status=LOST', 'provider=abc', `from=${'9'.repeat(11)}`]) {
      expect((await download(`/neighborhoods/${olivosId}/expenses/export?${query}`)).status, query).toBe(400);
    }
    // Torre's expenses never appear in Los Olivos' report.
    const rows = await sheetRows(await download(`/neighborhoods/${olivosId}/expenses/export?format=xlsx&from=2019-03-01&to=2019-03-01`));
    expect(rows.slice(4, -1).map((r) => r[0])).toEqual(['R19-1']);
  });
});
