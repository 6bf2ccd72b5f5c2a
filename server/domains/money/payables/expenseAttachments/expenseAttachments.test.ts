import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE as ORIGIN, startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let config: string;
let owner: string;
let resident: string;
let security: string;
let adminId: number;
let torreId: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const PDF = '%PDF-1.4 factura del jardinero';
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
const ATTACH = `mutation($input: AttachExpenseFileInput!) { attachExpenseFile(input: $input) { __typename
  ... on Error { code message } ... on InputError { issues { field message } }
  ... on MutationAttachExpenseFileSuccess { data { attachment { id databaseId isCfdi fileName fileUrl deletable } } } } }`;
const DELETE = `mutation($input: DeleteExpenseAttachmentInput!) { deleteExpenseAttachment(input: $input) { __typename
  ... on Error { code message } ... on MutationDeleteExpenseAttachmentSuccess { data { deletedId } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  [admin, config, owner, resident, security] = await Promise.all(
    ['admin@demo.mx', 'config@demo.mx', 'propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)),
  );
  adminId = (await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  torreId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

async function expense(status = 'NEW', neighborhoodId = 1) {
  const row = await t.app.db.prisma.expense.create({
    data: { neighborhoodId, status: status as never, operationDate: new Date('2026-11-01'), subtotal: '100.00', total: '100.00', createdByUserId: adminId },
  });
  return row.id;
}

async function uploadFile(token: string, bytes: Uint8Array | string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  const response = await t.app.fetch(new Request(`${ORIGIN}/api/1.0/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }));
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

/** attachExpenseFile as the browser sends it: a GraphQL multipart request with the file. */
async function attachUpload(token: string, expenseId: number, file: File) {
  const { body } = await t.upload(ATTACH, { input: { expenseId: gid('Expense', expenseId), file: null } }, { 'variables.input.file': file }, { token });
  return body;
}

const attachments = (expenseId: number) => t.app.db.prisma.expenseAttachment.count({ where: { expenseId } });

describe('expense attachments', () => {
  it('attaches by file id over REST, lists, downloads and deletes; the expense log records both', async () => {
    const id = await expense('NEW');
    const path = `/neighborhoods/1/expenses/${id}/attachments`;
    const fileId = await uploadFile(admin, PDF, 'factura jardín.pdf');
    const attached = await t.rest('POST', path, { file_id: fileId }, { token: admin });
    expect(attached.status).toBe(201);
    expect(attached.body).toMatchObject({ is_cfdi: false, file_name: 'factura jardín.pdf', file_url: `/api/1.0${path}/${attached.body.id}` });
    const list = await t.rest('GET', path, undefined, { token: admin });
    expect(list.body).toEqual([attached.body]);

    const download = await t.app.fetch(new Request(`${ORIGIN}${attached.body.file_url}`, { headers: { authorization: `Bearer ${admin}` } }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain(encodeURIComponent('factura jardín.pdf'));
    expect(await download.text()).toBe(PDF);

    const removed = await t.rest('DELETE', `${path}/${attached.body.id}`, undefined, { token: admin });
    expect(removed.status).toBe(200);
    expect((await t.rest('GET', path, undefined, { token: admin })).body).toEqual([]);
    const log = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'Expense', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(log.map((l) => l.action)).toEqual(['ATTACH', 'DETACH']);
  });

  it('attaches an upload through GraphQL, checked by its content', async () => {
    const id = await expense('APPROVED');
    const ok = await attachUpload(admin, id, new File([PNG], 'ticket.png'));
    expect(ok.data.attachExpenseFile.data.attachment).toMatchObject({ isCfdi: false, fileName: 'ticket.png', deletable: false });
    const exe = await attachUpload(admin, id, new File(['MZ\u0090\u0000 not a pdf'], 'malware.pdf'));
    expect(exe.data.attachExpenseFile).toMatchObject({ __typename: 'InputError', message: 'El archivo debe ser PDF, PNG, JPG o WEBP' });
    const empty = await attachUpload(admin, id, new File([], 'vacío.pdf'));
    expect(empty.data.attachExpenseFile.message).toBe('No se ha adjuntado ningún archivo');
    expect(await attachments(id)).toBe(1);
    const list = await t.gql(
      'query($id: ID!) { expenseAttachments(expenseId: $id) { status canAttach items { fileName deletable } } }',
      { id: gid('Expense', id) },
      { token: admin },
    );
    expect(list.body.data.expenseAttachments).toEqual({ status: 'APPROVED', canAttach: true, items: [{ fileName: 'ticket.png', deletable: false }] });
  });

  it("answers 'No se ha adjuntado ningún archivo' without a file, and refuses other people's uploads", async () => {
    const id = await expense('NEW');
    const path = `/neighborhoods/1/expenses/${id}/attachments`;
    for (const body of [{}, { file_id: '' }, undefined]) {
      const answer = await t.rest('POST', path, body, { token: admin });
      expect(answer.status).toBe(400);
      expect(answer.body.description).toBe('No se ha adjuntado ningún archivo');
    }
    const gql = await t.gql(ATTACH, { input: { expenseId: gid('Expense', id) } }, { token: admin });
    expect(gql.body.data.attachExpenseFile.message).toBe('No se ha adjuntado ningún archivo');
    // A file the owner uploaded cannot be claimed by the administrator, nor can a made-up id.
    const ownerFile = await uploadFile(owner, PDF, 'del propietario.pdf');
    expect((await t.rest('POST', path, { file_id: ownerFile }, { token: admin })).status).toBe(400);
    expect((await t.rest('POST', path, { file_id: '00000000-0000-0000-0000-000000000000' }, { token: admin })).status).toBe(400);
    expect((await t.rest('POST', path, { file_id: 'x\u0000'.repeat(50) }, { token: admin })).status).toBe(400);
    expect((await t.rest('POST', path, { file_id: 'x'.repeat(10_000) }, { token: admin })).status).toBe(400);
    expect(await attachments(id)).toBe(0);
  });

  it('deletes only files that are not a CFDI of NEW, EDITED or REJECTED expenses', async () => {
    for (const [status, allowed] of [
      ['NEW', true],
      ['EDITED', true],
      ['REJECTED', true],
      ['APPROVED', false],
      ['INVOICE', false],
      ['PAID', false],
      ['CHARGED', false],
    ] as const) {
      const id = await expense(status);
      const fileId = await uploadFile(admin, PDF, 'soporte.pdf');
      const attachment = await t.rest('POST', `/neighborhoods/1/expenses/${id}/attachments`, { file_id: fileId }, { token: admin });
      const answer = await t.rest('DELETE', `/neighborhoods/1/expenses/${id}/attachments/${attachment.body.id}`, undefined, { token: admin });
      expect(answer.status, status).toBe(allowed ? 200 : 409);
      if (!allowed) expect(answer.body.description).toBe('Solo se pueden eliminar archivos de egresos nuevos, editados o rechazados');
      expect(await attachments(id)).toBe(allowed ? 0 : 1);
    }
    // A CFDI's XML (attached by the CFDI flow) never goes, whatever the status.
    const id = await expense('NEW');
    const xml = await t.app.db.prisma.storedFile.create({
      data: { neighborhoodId: 1, userId: adminId, name: 'cfdi.xml', contentType: 'application/xml', size: 3, data: Buffer.from('<a/>') },
    });
    const cfdi = await t.app.db.prisma.expenseAttachment.create({ data: { expenseId: id, fileId: xml.id, isCfdi: true } });
    const listed = await t.rest('GET', `/neighborhoods/1/expenses/${id}/attachments`, undefined, { token: admin });
    expect(listed.body).toEqual([
      { id: cfdi.id, is_cfdi: true, file_name: 'cfdi.xml', file_url: `/api/1.0/neighborhoods/1/expenses/${id}/attachments/${cfdi.id}` },
    ]);
    const refused = await t.gql(DELETE, { input: { id: gid('ExpenseAttachment', cfdi.id) } }, { token: admin });
    expect(refused.body.data.deleteExpenseAttachment.message).toBe('El CFDi de un egreso no se puede eliminar de sus archivos adjuntos');
    expect(await attachments(id)).toBe(1);
  });

  it('concurrent deletes of one file: one succeeds, the other answers not found', async () => {
    const id = await expense('NEW');
    const fileId = await uploadFile(admin, PDF, 'doble.pdf');
    const attachment = await t.rest('POST', `/neighborhoods/1/expenses/${id}/attachments`, { file_id: fileId }, { token: admin });
    const answers = await Promise.all(
      [1, 2].map(() => t.rest('DELETE', `/neighborhoods/1/expenses/${id}/attachments/${attachment.body.id}`, undefined, { token: admin })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  });

  it('another community’s expense and attachments answer not found and stay untouched', async () => {
    const torre = await expense('NEW', torreId);
    const file = await t.app.db.prisma.storedFile.create({
      data: { neighborhoodId: torreId, userId: adminId, name: 'torre.pdf', contentType: 'application/pdf', size: PDF.length, data: Buffer.from(PDF) },
    });
    const att = await t.app.db.prisma.expenseAttachment.create({ data: { expenseId: torre, fileId: file.id } });
    const own = await expense('NEW');
    expect((await t.rest('GET', `/neighborhoods/1/expenses/${torre}/attachments`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/1/expenses/${torre}/attachments/${att.id}`, undefined, { token: admin })).status).toBe(404);
    // Through one of our own expenses' paths too.
    expect((await t.rest('GET', `/neighborhoods/1/expenses/${own}/attachments/${att.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `/neighborhoods/1/expenses/${own}/attachments/${att.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `/neighborhoods/1/expenses/${torre}/attachments/${att.id}`, undefined, { token: admin })).status).toBe(404);
    const fileId = await uploadFile(admin, PDF, 'mío.pdf');
    expect((await t.rest('POST', `/neighborhoods/1/expenses/${torre}/attachments`, { file_id: fileId }, { token: admin })).status).toBe(404);
    const gql = await t.gql('query($id: ID!) { expenseAttachments(expenseId: $id) { status } }', { id: gid('Expense', torre) }, { token: admin });
    expect(gql.body.data.expenseAttachments).toBeNull();
    expect(await attachments(torre)).toBe(1);
  });

  it('refuses roles without the expense grants', async () => {
    const id = await expense('NEW');
    const fileId = await uploadFile(admin, PDF, 'privado.pdf');
    const att = await t.rest('POST', `/neighborhoods/1/expenses/${id}/attachments`, { file_id: fileId }, { token: admin });
    for (const token of [config, owner, resident, security]) {
      expect((await t.rest('GET', `/neighborhoods/1/expenses/${id}/attachments`, undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', `/neighborhoods/1/expenses/${id}/attachments/${att.body.id}`, undefined, { token })).status).toBe(403);
      expect((await t.rest('DELETE', `/neighborhoods/1/expenses/${id}/attachments/${att.body.id}`, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', `/neighborhoods/1/expenses/${id}/attachments`, { file_id: fileId }, { token })).status).toBe(403);
    }
    expect(await attachments(id)).toBe(1);
  });
});
