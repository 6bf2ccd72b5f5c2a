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

async function upload(token: string | undefined, name: string, bytes: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  const response = await t.app.fetch(
    new Request(`${BASE}/api/1.0/files`, { method: 'POST', body: form, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
  );
  return { status: response.status, body: await response.json() };
}

/** The first bytes of a real PNG (signature and IHDR chunk). */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);
/** A Windows executable header (MZ ... PE). */
const EXE = new Uint8Array(256);
EXE.set([0x4d, 0x5a]);
EXE.set([0x80, 0, 0, 0], 0x3c);
EXE.set([0x50, 0x45, 0, 0], 0x80);

const download = (token: string, id: string) => t.app.fetch(new Request(`${BASE}/api/1.0/files/${id}`, { headers: { authorization: `Bearer ${token}` } }));

describe('files', () => {
  it('stores an upload and serves it back to its uploader and to administrators only', async () => {
    const up = await upload(owner, 'ine.pdf', '%PDF-1.4 hola');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'ine.pdf', size: 13, content_type: 'application/pdf' });
    // Uploads go through the write path: audited with who and from where.
    expect(await t.app.db.prisma.auditLog.findFirst({ where: { action: 'UPLOAD', entityId: up.body.id } })).toMatchObject({ entity: 'StoredFile' });
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

  it('checks the type from the content: a PNG named .pdf is stored as PNG, an executable renamed .pdf is refused', async () => {
    const png = await upload(owner, 'ine.pdf', PNG);
    expect(png.status).toBe(201);
    expect(png.body.content_type).toBe('image/png');
    expect((await download(owner, png.body.id)).headers.get('content-type')).toBe('image/png');
    const before = await t.app.db.prisma.storedFile.count();
    const exe = await upload(owner, 'ine.pdf', EXE);
    expect(exe).toEqual({ status: 400, body: { code: 400, description: 'El archivo debe ser PDF, PNG, JPG o WEBP' } });
    const html = await upload(owner, 'ine.pdf', '<html><script>alert(1)</script></html>');
    expect(html.status).toBe(400);
    expect(await t.app.db.prisma.storedFile.count()).toBe(before);
  });

  it('only whoever uploaded a file can attach it', async () => {
    const prisma = t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const mine = await upload(owner, 'constancia.pdf', '%PDF-1.4 constancia');
    const neighbourUser = await prisma.user.findUniqueOrThrow({ where: { email: 'vecino1@demo.mx' } });
    const neighbourHouse = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivos.id, ownerUserId: neighbourUser.id } });
    const taxInfo = {
      rfc: 'gode561231gr8',
      business_name: 'Vecino Uno',
      fiscal_regime: 'RF612',
      cfdi_use: 'G03',
      address: { zip_code: '76000', street: 'Av. de los Olivos', exterior_number: '1', interior_number: '', colony: 'Centro', city: 'Querétaro', state: 'QUE' },
    };
    const path = `/neighborhoods/${olivos.id}/houses/${neighbourHouse.id}/tax-information`;
    // The neighbour (another house) and the administrator cannot attach the owner's upload...
    const stolen = await t.rest('PUT', path, { ...taxInfo, tax_receipt: mine.body.id }, { token: neighbour });
    expect(stolen.status).toBe(400);
    expect(stolen.body.description).toMatch(/archivo no existe/);
    const byAdmin = await t.rest('PUT', path, { ...taxInfo, tax_receipt: mine.body.id }, { token: admin });
    expect(byAdmin.status).toBe(400);
    expect(await prisma.houseTaxInfo.count({ where: { taxReceiptFileId: mine.body.id } })).toBe(0);
    // ...nor read it through the record; their own upload they attach.
    expect((await download(neighbour, mine.body.id)).status).toBe(404);
    const theirs = await upload(neighbour, 'constancia.pdf', '%PDF-1.4 mia');
    const saved = await t.rest('PUT', path, { ...taxInfo, tax_receipt: theirs.body.id }, { token: neighbour });
    expect(saved.status).toBe(200);
    // The administrator may send the form back with the file already attached.
    const resent = await t.rest('PUT', path, { ...taxInfo, tax_receipt: theirs.body.id }, { token: admin });
    expect(resent.status).toBe(200);
    expect(resent.body.tax_receipt).toBe(`/api/1.0/files/${theirs.body.id}`);
  });

  it('a cookie-authenticated upload needs the CSRF header; a bearer token does not', async () => {
    const login = await t.rest('POST', '/auth/login', { email: 'propietario@demo.mx', password: 'demo1234' });
    const cookie = login.response.headers.getSetCookie()[0].split(';')[0];
    const forged = await upload(undefined, 'ine.pdf', '%PDF-1.4 x', { cookie });
    expect(forged.status).toBe(403);
    expect(forged.body.description).toMatch(/x-graphql-csrf/);
    expect((await upload(undefined, 'ine.pdf', '%PDF-1.4 x', { cookie, 'x-graphql-csrf': '1' })).status).toBe(201);
    expect((await upload(owner, 'ine.pdf', '%PDF-1.4 x')).status).toBe(201);
  });
});

describe('the community logo', () => {
  it('is readable by everyone of its community once it is the logo, and by no one of another community', async () => {
    const uploaded = await upload(admin, 'logo.png', PNG);
    expect(uploaded.status).toBe(201);
    const read = (token: string) => t.app.fetch(new Request(`${BASE}/api/1.0/files/${uploaded.body.id}`, { headers: { authorization: `Bearer ${token}` } }));
    // An upload that is not the logo stays the uploader's (and the administration's).
    expect((await read(neighbour)).status).toBe(404);
    const olivos = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    await t.app.db.prisma.neighborhood.update({
      where: { id: olivos.id },
      data: { logoFileId: uploaded.body.id, urlLogo: `/api/1.0/files/${uploaded.body.id}` },
    });
    expect((await read(neighbour)).status).toBe(200);
    expect((await read(await t.signIn('seguridad@demo.mx'))).status).toBe(200);
    // The owner's account in Torre Azul belongs to another community.
    expect((await read(await t.signIn('propietario@demo.mx', { domain: 'torre_azul' }))).status).toBe(404);
  });
});
