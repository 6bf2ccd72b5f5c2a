import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { secretBox } from '../../../infra/secrets.js';
import { DOWNLOAD_TTL_MS } from './service.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;

const EXPORT = `query($filter: TransactionFilter!, $format: TransactionExportFormat) {
  transactionsExport(filter: $filter, format: $format) { url fileName expiresAt } }`;
const INCOMES = `query($from: String, $to: String, $format: ReportFileFormat!) {
  incomesReportFile(from: $from, to: $to, format: $format) { url fileName expiresAt } }`;
// No session: the link itself is the permission.
const get = (url: string) => t.app.fetch(new Request(`${BASE}${url}`));

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx'].map((e) => t.signIn(e)));
  olivosId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
}, 120_000);

afterAll(() => t?.close());

describe('streamed downloads', () => {
  it('answers a short-lived link that streams the file without a session, the same file the REST route answers', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31' };
    const r = await t.gql(EXPORT, { filter, format: 'XLSX' }, { token: admin });
    expect(r.body.errors).toBeUndefined();
    const link = r.body.data.transactionsExport;
    expect(link.url).toMatch(/^\/downloads\/v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(link.fileName).toBe('movimientos-2026-01-01-a-2026-12-31.xlsx');
    const ttl = Date.parse(link.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DOWNLOAD_TTL_MS);

    const file = await get(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${link.fileName}"`);
    expect(file.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await file.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    expect(wb.getWorksheet('Movimientos')!.getCell('A1').value).toContain('Movimientos y saldos');

    const rest = await t.app.fetch(
      new Request(`${BASE}/api/1.0/neighborhoods/${olivosId}/transactions/export?from=2026-01-01&to=2026-12-31`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    expect(rest.status).toBe(200);
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(Buffer.from(await rest.arrayBuffer()) as never);
    expect(again.getWorksheet('Movimientos')!.rowCount).toBe(wb.getWorksheet('Movimientos')!.rowCount);

    // A link can be opened again while it lasts (a retried download).
    expect((await get(link.url)).status).toBe(200);
  });

  it('streams the incomes report as XLSX and PDF', async () => {
    for (const format of ['XLSX', 'PDF'] as const) {
      const r = await t.gql(INCOMES, { from: '2026-01-01', to: '2026-12-31', format }, { token: admin });
      expect(r.body.errors).toBeUndefined();
      const file = await get(r.body.data.incomesReportFile.url);
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      if (format === 'PDF') {
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(file.headers.get('content-disposition')).toMatch(/^inline;/);
      } else expect(bytes.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('refuses altered, foreign, expired and made-up links with 404 and a Spanish message, never a file', async () => {
    const r = await t.gql(EXPORT, { filter: { from: '2026-01-01', to: '2026-01-31' }, format: 'CSV' }, { token: admin });
    const url: string = r.body.data.transactionsExport.url;
    const token = url.split('/').pop()!;
    const [v, iv, tag, body] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? `B${s.slice(1)}` : `A${s.slice(1)}`);
    const box = secretBox(t.app.config);
    const forged = [
      `/downloads/${[v, iv, tag, flip(body)].join('.')}`,
      `/downloads/${[v, iv, flip(tag), body].join('.')}`,
      // A truncated tag is refused (not a shorter check).
      `/downloads/${[v, iv, tag.slice(0, 6), body].join('.')}`,
      // Sealed by the same key for another purpose (a gateway key's context): not a download.
      `/downloads/${box.seal(JSON.stringify({ k: 'transactions', n: olivosId, u: 1, x: Date.now() + 60_000, p: {} }), `gateway:${olivosId}`)}`,
      // Sealed as a download but of a kind nobody registered.
      `/downloads/${box.seal(JSON.stringify({ k: 'houses', n: olivosId, u: 1, x: Date.now() + 60_000, p: {} }), 'download')}`,
      '/downloads/nada',
      `/downloads/${'x'.repeat(5000)}`,
      '/downloads/%00',
    ];
    for (const u of forged) {
      const res = await get(u);
      expect(res.status, u.slice(0, 60)).toBe(404);
      expect((await res.json()).description).toMatch(/El enlace de descarga no es válido o ya expiró/);
    }
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + DOWNLOAD_TTL_MS + 1_000);
    try {
      expect((await get(url)).status).toBe(404);
    } finally {
      clock.mockRestore();
    }
    expect((await get(url)).status).toBe(200);
    // The account deactivated since: its links stop working.
    const membership = await t.app.db.prisma.membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'admin@demo.mx' } } });
    await t.app.db.prisma.membership.update({ where: { id: membership.id }, data: { active: false } });
    try {
      expect((await get(url)).status).toBe(404);
    } finally {
      await t.app.db.prisma.membership.update({ where: { id: membership.id }, data: { active: true } });
    }
    expect((await get(url)).status).toBe(200);
    // Only GET.
    expect((await t.app.fetch(new Request(`${BASE}${url}`, { method: 'POST' }))).status).toBe(405);
  });

  it('issues no link without the grant, and checks the filter before issuing one', async () => {
    const r = await t.gql(EXPORT, { filter: { from: '2026-01-01', to: '2026-01-31' } }, { token: owner });
    expect(r.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const i = await t.gql(INCOMES, { from: '2026-01-01', to: '2026-01-31', format: 'XLSX' }, { token: owner });
    expect(i.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const bad = await t.gql(EXPORT, { filter: { from: '2026-02-01', to: '2026-01-01' } }, { token: admin });
    expect(bad.body.errors[0].message).toBe('El campo "Desde" debe de ser anterior o igual al campo "Hasta".');
    const anonymous = await t.gql(EXPORT, { filter: { from: '2026-01-01', to: '2026-01-31' } });
    expect(anonymous.body.data?.transactionsExport ?? null).toBeNull();
  });
});
