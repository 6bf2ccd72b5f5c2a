// Providers' CFDI ingest through the real GraphQL and REST handlers: 3.3 and 4.0 processed and linked,
// duplicates, another provider, bad seal, malformed input, dates, tenancy, grants, concurrency.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { FIXTURES_DIR, PROVIDER_RFC, providerCfdi, RECEIVER_RFC } from '../../../../../tests/fixtures/providerCfdi/generate.js';
import { SAT_XSLT, satOriginalString } from '../../../../../tests/satXslt.js';
import { originalString33, readProviderCfdi } from '../../../../infra/cfdi/ingest.js';
import { parseXml } from '../../../../infra/cfdi/xml.js';
import { linkExpenseCfdis } from './service.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivos: number;
let torre: number;
let adminId: number;
let providerId: number;
let otherProviderId: number;

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const FIELDS = `id databaseId uuid version processed issueDate originalFileName issuerRfc total provider { id name } proposedProvider { name rfc }
  lines { quantity unitPrice amount discount description satProductKey invoiceUuid transferred { taxCode rate amount } retained { taxCode rate amount } }`;
const PROCESS = `mutation($file: File!) { processExpenseCfdi(file: $file) { __typename ... on Error { code message } ... on MutationProcessExpenseCfdiSuccess { data { ${FIELDS} } } } }`;
const ADD = `mutation($input: AddExpenseCfdiInput!) { addExpenseCfdi(input: $input) { __typename ... on Error { code message } ... on MutationAddExpenseCfdiSuccess { data { ${FIELDS} urlCfdi } } } }`;

/** processExpenseCfdi as the browser sends it (graphql-multipart-request-spec). */
async function process(xml: string | Uint8Array, token = admin, name = 'factura.xml') {
  const file = new File([xml as BlobPart], name, { type: 'text/xml' });
  const { status, body } = await t.upload(PROCESS, { file: null }, { 'variables.file': file }, { token, ip: '10.0.0.9' });
  return { status, body };
}
const processed = async (xml: string) => {
  const r = await process(xml);
  expect(r.body.data?.processExpenseCfdi?.__typename, JSON.stringify(r.body)).toBe('MutationProcessExpenseCfdiSuccess');
  return r.body.data.processExpenseCfdi.data;
};
const refusal = async (xml: string | Uint8Array) => {
  const r = await process(xml);
  return r.body.data?.processExpenseCfdi?.message ?? r.body.errors?.[0]?.message;
};

async function expense(status: 'APPROVED' | 'NEW' | 'INVOICE' = 'APPROVED', provider = providerId, neighborhoodId = olivos) {
  const row = await t.app.db.prisma.expense.create({
    data: {
      neighborhoodId,
      status,
      providerId: provider,
      operationDate: new Date('2026-10-15'),
      subtotal: '2825.00',
      total: '2719.00',
      createdByUserId: adminId,
    },
  });
  return row.id;
}
const add = (expenseId: number, cfdiId: string, token = admin) => t.gql(ADD, { input: { expenseId: gid('Expense', expenseId), cfdiId } }, { token });
const cfdiCount = () => t.app.db.prisma.expenseCfdi.count();

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx'].map((e) => t.signIn(e)));
  const prisma = t.app.db.prisma;
  olivos = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torre = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  adminId = (await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  // The demo community invoices as EKU9003173C9 (SAT's test CSD), which here is the provider: it receives as XIA190128J61.
  await prisma.fiscalInformation.updateMany({ where: { neighborhoodId: olivos }, data: { rfc: RECEIVER_RFC } });
  await prisma.provider.deleteMany({ where: { neighborhoodId: olivos, rfc: PROVIDER_RFC } });
  otherProviderId = (await prisma.provider.create({ data: { neighborhoodId: olivos, name: 'Otro proveedor', rfc: 'AAA010101AAA', paymentMethod: 'TRANSFER' } }))
    .id;
}, 120_000);
afterAll(() => t?.close());

describe('reading providers CFDI', () => {
  it('matches SAT’s own XSLT for the 3.3 original string', () => {
    const xml = readFileSync(path.join(FIXTURES_DIR, 'provider-3.3.xml'), 'utf8');
    expect(originalString33(parseXml(xml))).toBe(satOriginalString(SAT_XSLT.cfdi33, xml));
  }, 120_000); // a cold run compiles SAT's XSLT first (tests/satXslt.ts)

  it('refuses a sealed CFDI whose amounts do not fit an expense (13 whole digits), nothing read', async () => {
    const { xml } = providerCfdi({ version: '4.0', secondLineAmount: '9999999999999.00' });
    await expect(readProviderCfdi(xml)).rejects.toMatchObject({ issues: [{ message: expect.stringMatching(/demasiado grande/) }] });
  });

  it('reads the committed fixtures (3.3 and 4.0) with lines and taxes', async () => {
    for (const v of ['3.3', '4.0']) {
      const cfdi = await readProviderCfdi(readFileSync(path.join(FIXTURES_DIR, `provider-${v}.xml`)));
      expect(cfdi).toMatchObject({ version: v, issuerRfc: PROVIDER_RFC, receiverRfc: RECEIVER_RFC, subtotal: '3125.00', discount: '300.00', total: '2719.00' });
      expect(cfdi.lines[0]).toMatchObject({ quantity: '2', unitPrice: '1500.00', amount: '3000.00', discount: '300.00', satProductKey: '70111700' });
      expect(cfdi.lines[0].retained.map((r) => [r.taxCode, r.rate, r.amount])).toEqual([
        ['001', '0.100000', '270.00'],
        ['002', '0.106667', '288.00'],
      ]);
    }
  });
});

describe('processExpenseCfdi and linking', () => {
  it('processes a 3.3 and a 4.0, proposes the provider, then matches it once registered; links both', async () => {
    const a = await processed(providerCfdi({ version: '3.3' }).xml);
    expect(a).toMatchObject({ version: '3.3', processed: false, provider: null, proposedProvider: { name: 'ESCUELA KEMPER URGATE', rfc: PROVIDER_RFC } });
    expect(a.lines).toHaveLength(2);
    expect(a.lines[0].invoiceUuid).toBe(a.uuid);
    providerId = (
      await t.app.db.prisma.provider.create({ data: { neighborhoodId: olivos, name: 'Escuela Kemper', rfc: PROVIDER_RFC, paymentMethod: 'TRANSFER' } })
    ).id;
    const b = await processed(providerCfdi({ version: '4.0' }).xml);
    expect(b.provider).toEqual({ id: gid('Provider', providerId), name: 'Escuela Kemper' });
    expect(b.proposedProvider).toBeNull();

    const expenseId = await expense('NEW');
    await t.app.db.prisma.$transaction((tx) => linkExpenseCfdis(tx, { neighborhoodId: olivos, expenseId, providerId }, [a.databaseId, b.databaseId], adminId));
    const rows = await t.app.db.prisma.expenseCfdi.findMany({ where: { id: { in: [a.databaseId, b.databaseId] } } });
    expect(rows.every((r) => r.active && r.expenseId === expenseId && r.providerId === providerId)).toBe(true);
    expect((await t.app.db.prisma.expense.findUniqueOrThrow({ where: { id: expenseId } })).invoiced).toBe(true);
    expect(await t.app.db.prisma.auditLog.count({ where: { entity: 'Expense', entityId: String(expenseId), action: 'expense.cfdi.link' } })).toBe(1);
  });

  it('refuses the same UUID once active (processing again, and linking to a second expense)', async () => {
    const { xml } = providerCfdi({ version: '4.0' });
    const first = await processed(xml);
    const second = await processed(xml); // not active yet: may be read twice
    const e1 = await expense('NEW');
    const e2 = await expense('NEW');
    await t.app.db.prisma.$transaction((tx) => linkExpenseCfdis(tx, { neighborhoodId: olivos, expenseId: e1, providerId }, [first.databaseId], adminId));
    expect(await refusal(xml)).toBe('El CFDi seleccionado ya fué procesado antes');
    await expect(
      t.app.db.prisma.$transaction((tx) => linkExpenseCfdis(tx, { neighborhoodId: olivos, expenseId: e2, providerId }, [second.databaseId], adminId)),
    ).rejects.toThrow('El CFDi seleccionado ya fué procesado antes');
    expect((await t.app.db.prisma.expense.findUniqueOrThrow({ where: { id: e2 } })).invoiced).toBe(false);
    // Once its expense is deleted the UUID is free again.
    await t.app.db.prisma.expense.update({ where: { id: e1 }, data: { status: 'DELETED', deletedAt: new Date() } });
    await t.app.db.prisma.$transaction((tx) => linkExpenseCfdis(tx, { neighborhoodId: olivos, expenseId: e2, providerId }, [second.databaseId], adminId));
  });

  it('refuses a CFDI of another provider', async () => {
    const c = await processed(providerCfdi({ version: '3.3' }).xml);
    const e = await expense('APPROVED', otherProviderId);
    const r = await add(e, c.id);
    expect(r.body.data.addExpenseCfdi).toMatchObject({ __typename: 'InputError', message: 'El CFDi no corresponde al mismo proveedor' });
    expect(await t.app.db.prisma.expenseAttachment.count({ where: { expenseId: e } })).toBe(0);
    expect((await t.app.db.prisma.expense.findUniqueOrThrow({ where: { id: e } })).status).toBe('APPROVED');
  });

  it('refuses bad seals, malformed XML, bombs, NUL bytes, huge files, old dates, other types and receivers; nothing written', async () => {
    const before = await cfdiCount();
    expect(await refusal(providerCfdi({ version: '4.0', tamperTotal: '27190.00' }).xml)).toMatch(/sello del CFDi no es válido/);
    expect(await refusal(providerCfdi({ version: '3.3', tamperTotal: '1.00' }).xml)).toMatch(/sello del CFDi no es válido/);
    expect(await refusal('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4"><sin cerrar')).toMatch(/no es un XML válido/);
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(await refusal(bomb)).toMatch(/DTD/);
    expect(await refusal(`<?xml version="1.0"?><a>\u0000</a>`)).toMatch(/no es un XML válido/);
    expect(await refusal(`<?xml version="1.0"?><a>${'x'.repeat(1024 * 1024 + 10)}</a>`)).toBe('El XML del CFDi debe pesar como máximo 1 MB');
    expect(await refusal(new Uint8Array([0xff, 0xfe, 0x00, 0x3c]))).toMatch(/UTF-8|XML/);
    expect(await refusal('')).toMatch(/vacío/);
    expect(await refusal(providerCfdi({ version: '3.3', fecha: '2018-12-31T23:59:59' }).xml)).toBe(
      'La fecha de la factura debe ser posterior al 31 de diciembre de 2018',
    );
    expect(await refusal(providerCfdi({ version: '4.0', type: 'E' }).xml)).toMatch(/tipo I/);
    expect(await refusal(providerCfdi({ version: '4.0', receiverRfc: 'AAA010101AAA' }).xml)).toMatch(/no al RFC de la comunidad/);
    const unstamped = providerCfdi({ version: '4.0' }).xml.replace(/<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/, '');
    expect(await refusal(unstamped)).toMatch(/no está timbrado/);
    expect(await refusal(providerCfdi({ version: '4.0' }).xml.replace('Moneda="MXN"', 'Moneda="MXN" Extra="1"'))).toMatch(/esquema del SAT/);
    expect(await cfdiCount()).toBe(before);
  });
});

describe('/expenses/{id}/cfdi (addExpenseCfdi)', () => {
  it('adds to an APPROVED expense: links, attaches the XML, sets INVOICE; refuses a second time and other statuses', async () => {
    const c = await processed(providerCfdi({ version: '4.0' }).xml);
    const e = await expense('APPROVED');
    const r = await add(e, c.id);
    expect(r.body.data.addExpenseCfdi.__typename, JSON.stringify(r.body)).toBe('MutationAddExpenseCfdiSuccess');
    expect(r.body.data.addExpenseCfdi.data).toMatchObject({ processed: true, uuid: c.uuid });
    expect(r.body.data.addExpenseCfdi.data.urlCfdi).toMatch(/^\/api\/1\.0\/files\//);
    const row = await t.app.db.prisma.expense.findUniqueOrThrow({ where: { id: e }, include: { attachments: { include: { file: true } } } });
    expect(row).toMatchObject({ status: 'INVOICE', invoiced: true });
    expect(row.attachments).toHaveLength(1);
    expect(row.attachments[0]).toMatchObject({ isCfdi: true, file: { contentType: 'application/xml', name: 'factura.xml' } });
    const again = await processed(providerCfdi({ version: '3.3' }).xml);
    expect((await add(e, again.id)).body.data.addExpenseCfdi.message).toBe('Solo los egresos aprobados que aún no tienen factura aceptan un CFDi');
    const fresh = await expense('NEW');
    expect((await add(fresh, again.id)).body.data.addExpenseCfdi.message).toBe('Solo los egresos aprobados que aún no tienen factura aceptan un CFDi');
  });

  it('keeps tenancy and grants: another community’s expense or CFDI is not found; an owner is refused', async () => {
    const c = await processed(providerCfdi({ version: '4.0' }).xml);
    const foreign = await expense('APPROVED', null as unknown as number, torre);
    expect((await add(foreign, c.id)).body.data.addExpenseCfdi).toMatchObject({ __typename: 'NotFoundError' });
    const torreCfdi = await t.app.db.prisma.expenseCfdi.create({
      data: {
        neighborhoodId: torre,
        uuid: 'AAAAAAAA-0000-4000-8000-000000000000',
        version: '4.0',
        issuerRfc: PROVIDER_RFC,
        receiverRfc: 'X',
        issuedAt: new Date(),
        subtotal: '1',
        total: '1',
        xml: '<x/>',
        fileName: 'x.xml',
      },
    });
    const mine = await expense('APPROVED');
    expect((await add(mine, gid('ExpenseCfdi', torreCfdi.id))).body.data.addExpenseCfdi).toMatchObject({ __typename: 'NotFoundError' });
    expect(
      (await t.gql(`query($id: ID!) { expenseCfdi(id: $id) { uuid } }`, { id: gid('ExpenseCfdi', torreCfdi.id) }, { token: admin })).body.data.expenseCfdi,
    ).toBeNull();
    const byOwner = await process(providerCfdi({ version: '4.0' }).xml, owner);
    expect(byOwner.body.errors?.[0]?.extensions?.code ?? byOwner.body.data?.processExpenseCfdi?.__typename).toMatch(/FORBIDDEN|ForbiddenError/);
    expect((await add(mine, c.id, owner)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets exactly one of two concurrent additions of one UUID to two expenses win', async () => {
    const { xml } = providerCfdi({ version: '4.0' });
    const [a, b] = [await processed(xml), await processed(xml)];
    const [e1, e2] = [await expense('APPROVED'), await expense('APPROVED')];
    const results = await Promise.all([add(e1, a.id), add(e2, b.id)]);
    const kinds = results.map((r) => r.body.data.addExpenseCfdi.__typename).sort();
    expect(kinds).toEqual(['ConflictError', 'MutationAddExpenseCfdiSuccess']);
    expect(await t.app.db.prisma.expenseCfdi.count({ where: { uuid: a.uuid, active: true } })).toBe(1);
    expect(await t.app.db.prisma.expense.count({ where: { id: { in: [e1, e2] }, status: 'INVOICE' } })).toBe(1);
  });

  it('REST: upload the XML through /files, process it, add it to an expense', async () => {
    const { xml } = providerCfdi({ version: '3.3' });
    const form = new FormData();
    form.append('file', new File([xml], 'proveedor.xml', { type: 'text/xml' }));
    const up = await t.app.fetch(
      new Request(`${BASE}/api/1.0/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'x-forwarded-for': '10.0.0.9' }, body: form }),
    );
    const file = (await up.json()) as any;
    expect(up.status).toBe(201);
    expect(file.content_type).toBe('application/xml');
    const r = await t.rest('POST', `/neighborhoods/${olivos}/expenses/cfdi`, { file_path: file.id, original_name: 'proveedor.xml' }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      original_file_name: 'proveedor.xml',
      expense: { provider: { id: providerId, rfc: PROVIDER_RFC } },
      cfdi: { processed: false, provider_id: providerId },
    });
    expect(r.body.cfdi.concepts[0]).toMatchObject({ cantidad: '2', clave_prod_serv: '70111700', importe: '3000.00', descuento: '300.00' });
    const e = await expense('APPROVED');
    const added = await t.rest('POST', `/neighborhoods/${olivos}/expenses/${e}/cfdi`, { cfdi_id: r.body.cfdi.id }, { token: admin });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.cfdi.processed).toBe(true);
    const dup = await t.rest('POST', `/neighborhoods/${olivos}/expenses/cfdi`, { file_path: file.id }, { token: admin });
    expect(dup).toMatchObject({ status: 409, body: { description: 'El CFDi seleccionado ya fué procesado antes' } });
    const bad = await t.rest('POST', `/neighborhoods/${olivos}/expenses/cfdi`, { file_path: 'no-existe' }, { token: admin });
    expect(bad).toMatchObject({ status: 400, body: { description: 'No se ha adjuntado ningún archivo' } });
    const download = await t.app.fetch(
      new Request(`${BASE}/api/1.0${added.body.cfdi.url_cfdi.replace('/api/1.0', '')}`, { headers: { authorization: `Bearer ${admin}` } }),
    );
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});
