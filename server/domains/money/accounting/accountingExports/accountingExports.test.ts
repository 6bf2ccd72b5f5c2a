import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../../../core/receipts.js';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let security: string;
let config: string;
let olivosId: number;
let torreId: number;
let from: string;
let to: string;

const prisma = () => t.app.db.prisma;
const PATH = () => `/neighborhoods/${olivosId}/accounting-exports`;
const download = (path: string, token = admin) => t.app.fetch(new Request(`${BASE}/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));
const gid = (id: number) => Buffer.from(`AccountingExport:${id}`).toString('base64');

async function create(body: Record<string, unknown>, token = admin) {
  return t.rest('POST', PATH(), body, { token });
}

/** Parses the P/M sheet back: each póliza with its debits and credits in cents. */
async function policiesOf(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as never);
  const sheet = wb.getWorksheet('Pólizas')!;
  const policies: { head: unknown[]; debit: number; credit: number; lines: number }[] = [];
  sheet.eachRow((row) => {
    const v = (row.values as unknown[]).slice(1);
    if (v[0] === 'P') policies.push({ head: v, debit: 0, credit: 0, lines: 0 });
    else if (v[0] === 'M') {
      const p = policies[policies.length - 1];
      const cents = Math.round(Number(v[4]) * 100);
      if (v[3] === 0) p.debit += cents;
      else p.credit += cents;
      p.lines++;
    }
  });
  return policies;
}

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, security, config] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx', 'config@demo.mx'].map((e) => t.signIn(e)));
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  to = todayIn('America/Mexico_City');
  from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
}, 120_000);

afterAll(() => t?.close());

describe('accounting exports', () => {
  it('refuses from after to with the spec message, and bad dates, with 400 and nothing written', async () => {
    const before = await prisma().accountingExport.count();
    const r = await create({ from: '2026-03-02', to: '2026-03-01' });
    expect(r.status).toBe(400);
    expect(r.body.description).toBe('El campo "Desde" debe de ser anterior o igual al campo "Hasta".');
    const g = await t.gql(
      `mutation($input: CreateAccountingExportInput!) { createAccountingExport(input: $input) { __typename ... on Error { message } } }`,
      { input: { from: '2026-03-02', to: '2026-03-01' } },
      { token: admin },
    );
    expect(g.body.data.createAccountingExport).toEqual({
      __typename: 'InputError',
      message: 'El campo "Desde" debe de ser anterior o igual al campo "Hasta".',
    });
    for (const body of [
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '', to: '2026-03-01' },
      { from: 'x'.repeat(100_000), to: '2026-03-01' },
      { from: '2026-01-01\u0000', to: '2026-03-01' },
      {},
    ])
      expect((await create(body)).status).toBe(400);
    expect(await prisma().accountingExport.count()).toBe(before);
  });

  it('builds the pólizas in the background: NEW → PROCESSING → PROCESSED, every póliza balanced; then UPLOADED', async () => {
    const r = await create({ from, to });
    expect(r.status).toBe(201);
    expect(r.body.accounting_export).toMatchObject({ from, to, status: 'NEW', url: null });
    const id = r.body.accounting_export.id;
    expect((await t.rest('GET', `${PATH()}/last`, undefined, { token: admin })).body.accounting_export.id).toBe(id);
    // While NEW the file is not there yet.
    expect((await download(`${PATH()}/${id}/file`)).status).toBe(404);
    await t.app.jobs.runDue();
    const done = (await t.rest('GET', `${PATH()}/last`, undefined, { token: admin })).body.accounting_export;
    expect(done).toMatchObject({ id, status: 'PROCESSED', error_description: null });
    expect(done.url).toBe(`/api/1.0/neighborhoods/${olivosId}/accounting-exports/${id}/file`);
    const file = await download(`${PATH()}/${id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const policies = await policiesOf(await file.arrayBuffer());
    expect(policies.length).toBeGreaterThan(0);
    for (const p of policies) {
      expect(p.lines).toBeGreaterThan(1);
      expect(p.debit).toBe(p.credit);
      expect(String(p.head[1])).toMatch(/^\d{8}$/);
      expect([1, 2, 3]).toContain(p.head[2]);
    }
    expect(policies.some((p) => p.head[2] === 1)).toBe(true);
    const up = await t.rest('PUT', `${PATH()}/${id}/uploaded`, undefined, { token: admin });
    expect(up.status).toBe(200);
    expect(up.body.accounting_export.status).toBe('UPLOADED');
    const list = await t.rest('GET', PATH(), undefined, { token: admin });
    expect(list.body.accounting_exports[0]).toMatchObject({ id, status: 'UPLOADED' });
    expect(list.body.total).toBeGreaterThan(0);
  });

  it('missing accounting accounts: back to NEW with a Spanish error naming them', async () => {
    const saved = await prisma().accountingAccountSetting.findMany({ where: { neighborhoodId: olivosId, key: { in: ['RECEIVABLES', 'BANKS'] } } });
    await prisma().accountingAccountSetting.deleteMany({ where: { neighborhoodId: olivosId, key: { in: ['RECEIVABLES', 'BANKS'] } } });
    try {
      const r = await create({ from, to });
      await t.app.jobs.runDue();
      const e = (await t.rest('GET', `${PATH()}/last`, undefined, { token: admin })).body.accounting_export;
      expect(e.id).toBe(r.body.accounting_export.id);
      expect(e.status).toBe('NEW');
      expect(e.error_description).toContain('Cuentas por cobrar');
      expect(e.error_description).toContain('Bancos');
      expect(e.url).toBeNull();
    } finally {
      await prisma().accountingAccountSetting.createMany({ data: saved });
    }
  });

  it('deletes (soft) unless PROCESSING; marks uploaded only when PROCESSED', async () => {
    const r = await create({ from: to, to });
    const id = r.body.accounting_export.id;
    expect((await t.rest('PUT', `${PATH()}/${id}/uploaded`, undefined, { token: admin })).status).toBe(409);
    await prisma().accountingExport.update({ where: { id }, data: { status: 'PROCESSING' } });
    const refused = await t.rest('DELETE', `${PATH()}/${id}`, undefined, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toContain('se está generando');
    await prisma().accountingExport.update({ where: { id }, data: { status: 'NEW' } });
    const ok = await t.rest('DELETE', `${PATH()}/${id}`, undefined, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('La exportación ha sido eliminada');
    expect((await prisma().accountingExport.findUniqueOrThrow({ where: { id } })).deletedAt).not.toBeNull();
    expect((await t.rest('DELETE', `${PATH()}/${id}`, undefined, { token: admin })).status).toBe(404);
    // The job of a deleted export does nothing.
    await t.app.jobs.runDue();
    expect((await prisma().accountingExport.findUniqueOrThrow({ where: { id } })).status).toBe('NEW');
    const list = await t.rest('GET', PATH(), undefined, { token: admin });
    expect(list.body.accounting_exports.some((e: any) => e.id === id)).toBe(false);
  });

  it("another community's export never resolves (404), in GraphQL or REST", async () => {
    const foreign = await prisma().accountingExport.create({
      data: { neighborhoodId: torreId, from: new Date('2026-01-01'), to: new Date('2026-01-31'), status: 'PROCESSED' },
    });
    expect((await t.rest('DELETE', `${PATH()}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `${PATH()}/${foreign.id}/uploaded`, undefined, { token: admin })).status).toBe(404);
    expect((await download(`${PATH()}/${foreign.id}/file`)).status).toBe(404);
    const node = await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid(foreign.id) }, { token: admin });
    expect(node.body.data.node).toBeNull();
    expect((await prisma().accountingExport.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe('PROCESSED');
    for (const bad of ['abc', '0', '99999999999']) expect((await t.rest('DELETE', `${PATH()}/${bad}`, undefined, { token: admin })).status).toBe(404);
  });

  it('refuses owners, guards and configuration administrators (403)', async () => {
    for (const token of [owner, security, config]) {
      expect((await t.rest('GET', PATH(), undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', `${PATH()}/last`, undefined, { token })).status).toBe(403);
      expect((await create({ from, to }, token)).status).toBe(403);
      const last = await prisma().accountingExport.findFirstOrThrow({ where: { neighborhoodId: olivosId }, orderBy: { id: 'desc' } });
      expect((await t.rest('DELETE', `${PATH()}/${last.id}`, undefined, { token })).status).toBe(403);
    }
  });

  it('pages the list 20 at a time by default', async () => {
    const data = Array.from({ length: 22 }, () => ({ neighborhoodId: olivosId, from: new Date('2025-01-01'), to: new Date('2025-01-31') }));
    await prisma().accountingExport.createMany({ data });
    const first = await t.rest('GET', PATH(), undefined, { token: admin });
    expect(first.body.accounting_exports.length).toBe(20);
    const second = await t.rest('GET', `${PATH()}?offset=20`, undefined, { token: admin });
    expect(second.body.accounting_exports.length).toBe(first.body.total - 20);
    expect((await t.rest('GET', `${PATH()}?page_size=500`, undefined, { token: admin })).status).toBe(400);
  });
});
