import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../tests/testApp.js';

let t: TestApp;
let owner: string;
let admin: string;
let neighbour: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signIn('propietario@demo.mx');
  admin = await t.signIn('admin@demo.mx');
  neighbour = await t.signIn('vecino1@demo.mx');
});
afterAll(() => t.close());

async function upload(token: string | undefined, name: string, bytes: string) {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  const response = await t.app.fetch(
    new Request(`${BASE}/api/1.0/files`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
  return { status: response.status, body: await response.json() };
}

const download = (token: string, id: string) =>
  t.app.fetch(new Request(`${BASE}/api/1.0/files/${id}`, { headers: { authorization: `Bearer ${token}` } }));

describe('files', () => {
  it('stores an upload and serves it back to its uploader and to administrators only', async () => {
    const up = await upload(owner, 'ine.pdf', '%PDF-1.4 hola');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'ine.pdf', size: 13, content_type: 'application/pdf' });
    const mine = await download(owner, up.body.id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(await mine.text()).toBe('%PDF-1.4 hola');
    expect((await download(admin, up.body.id)).status).toBe(200);
    expect((await download(neighbour, up.body.id)).status).toBe(404);
    const otherCommunity = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    expect((await download(otherCommunity, up.body.id)).status).toBe(404);
  });

  it('refuses anonymous callers, other types, empty files and bad ids, storing nothing', async () => {
    const before = await t.app.db.prisma.storedFile.count();
    expect((await upload(undefined, 'a.pdf', 'x')).status).toBe(401);
    const exe = await upload(owner, 'virus.exe', 'MZ');
    expect(exe).toEqual({ status: 400, body: { code: 400, description: 'El archivo debe ser PDF, PNG, JPG o WEBP' } });
    expect((await upload(owner, 'vacio.png', '')).status).toBe(400);
    expect((await download(owner, 'not-a-uuid')).status).toBe(404);
    expect(await t.app.db.prisma.storedFile.count()).toBe(before);
  });
});
