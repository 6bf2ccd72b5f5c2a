// Shared files through the real GraphQL and REST handlers on a real database (issue 32 item 5): who reads which
// access (an owners-only file never reaches a resident; the administration's own reaches nobody else; another
// community never sees them), share, edit, delete, the download behind the same rule, and the upload rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagsOf } from '../../../../core/sharedFiles.js';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let n: number;
let admin: string;
let owner: string;
let resident: string;
let guard: string;
let F: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await startTestApp();
  n = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  F = `/neighborhoods/${n}/files`;
  [admin, owner, resident, guard] = await Promise.all(
    ['admin@demo.mx', 'propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)),
  );
}, 120_000);
afterAll(() => t.close());

async function upload(token: string, name = 'documento.pdf') {
  const form = new FormData();
  form.append('file', new File([PDF], name, { type: 'application/pdf' }));
  const r = await t.app.fetch(
    new Request(`${BASE}/api/1.0/files`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.3' }, body: form }),
  );
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

const names = async (token: string) => (await t.rest('GET', `${F}?page_size=100`, undefined, { token })).body.content.map((f: any) => f.file_name) as string[];
const download = (url: string, token: string) => t.app.fetch(new Request(`${BASE}${url}`, { headers: { authorization: `Bearer ${token}` } }));

describe('shared files', () => {
  it('reads tags from a comma list, once each', () => {
    expect(tagsOf(' Reglamento, reglamento ,  Áreas   comunes,,')).toEqual(['Reglamento', 'Áreas comunes']);
  });

  it('shows the demo’s files by access: everyone the regulations, owners the minutes, the administration its draft', async () => {
    const asAdmin = await names(admin);
    expect(asAdmin).toEqual(
      expect.arrayContaining([
        'Reglamento interno de Residencial Los Olivos',
        'Acta de la asamblea ordinaria de propietarios',
        'Contrato de vigilancia (borrador)',
      ]),
    );
    const asOwner = await names(owner);
    expect(asOwner).toContain('Acta de la asamblea ordinaria de propietarios');
    expect(asOwner).not.toContain('Contrato de vigilancia (borrador)');
    for (const token of [resident, guard]) {
      const seen = await names(token);
      expect(seen).toContain('Reglamento interno de Residencial Los Olivos');
      expect(seen).not.toContain('Acta de la asamblea ordinaria de propietarios');
      expect(seen).not.toContain('Contrato de vigilancia (borrador)');
    }
  });

  it('shares, edits and deletes a file (the administration only), in the spec’s shape', async () => {
    const key = await upload(admin, 'presupuesto.pdf');
    const made = await t.rest('POST', F, { file_name: 'Presupuesto 2027', tags: 'Finanzas, Asamblea', access: 'owners', key }, { token: admin });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      message: 'El archivo ha sido compartido',
      file_name: 'Presupuesto 2027',
      tags: 'Finanzas, Asamblea',
      access: 'OWNERS',
      access_name: 'Solo propietarios',
      original_name: 'presupuesto.pdf',
      content_type: 'application/pdf',
      url: `/api/1.0/files/${key}`,
    });
    expect((await t.rest('POST', F, { file_name: 'Sin permiso', key: await upload(owner) }, { token: owner })).status).toBe(403);
    expect(await t.rest('POST', F, { file_name: 'Sin archivo' }, { token: admin })).toMatchObject({
      status: 400,
      body: { description: 'Sube el archivo que vas a compartir' },
    });
    expect(await t.rest('POST', F, { file_name: ' ', key }, { token: admin })).toMatchObject({
      status: 400,
      body: { description: 'El nombre del archivo es requerido' },
    });
    expect(await t.rest('POST', F, { file_name: 'X', key, access: 'TODOS' }, { token: admin })).toMatchObject({ status: 400 });

    // The owner reads and downloads it; the resident neither lists, reads nor downloads it.
    expect((await t.rest('GET', `${F}/${made.body.id}`, undefined, { token: owner })).body.file_name).toBe('Presupuesto 2027');
    expect((await t.rest('GET', `${F}/${made.body.id}`, undefined, { token: resident })).status).toBe(404);
    const link = await t.rest('GET', `${F}/${made.body.id}/download`, undefined, { token: owner });
    expect(link.status).toBe(302);
    expect((await download(link.response.headers.get('location')!, owner)).status).toBe(200);
    expect((await download(`/api/1.0/files/${key}`, resident)).status).toBe(404);
    expect((await t.rest('GET', `${F}/${made.body.id}/download`, undefined, { token: resident })).status).toBe(404);

    // Open to everyone: now the resident reads it too.
    const edited = await t.rest(
      'PUT',
      `${F}/${made.body.id}`,
      { file_name: 'Presupuesto 2027 aprobado', tags: ['Finanzas'], access: 'NEIGHBORS' },
      { token: admin },
    );
    expect(edited.body).toMatchObject({ message: 'El archivo ha sido actualizado', file_name: 'Presupuesto 2027 aprobado', tags: 'Finanzas', key });
    expect((await download(`/api/1.0/files/${key}`, resident)).status).toBe(200);
    expect((await t.rest('GET', `${F}?tag=Finanzas`, undefined, { token: resident })).body.content.map((f: any) => f.id)).toEqual([made.body.id]);
    expect((await t.rest('GET', `${F}?search=aprobado`, undefined, { token: resident })).body.total).toBe(1);

    expect((await t.rest('DELETE', `${F}/${made.body.id}`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('DELETE', `${F}/${made.body.id}`, undefined, { token: admin })).body).toEqual({
      id: made.body.id,
      message: 'El archivo ha sido eliminado',
    });
    expect((await t.rest('GET', `${F}/${made.body.id}`, undefined, { token: admin })).status).toBe(404);
  });

  it('answers the upload rules (OPTIONS files/config)', async () => {
    const config = await t.rest('OPTIONS', `${F}/config`, undefined, { token: owner });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ endpoint: '/api/1.0/files', method: 'POST', field: 'file', max_size: 10 * 1024 * 1024 });
    expect(new RegExp(config.body.pattern, 'i').test('acta.pdf')).toBe(true);
    expect(new RegExp(config.body.pattern, 'i').test('virus.exe')).toBe(false);
  });

  it('keeps another community’s files out of reach', async () => {
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const adminUser = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    const stored = await t.app.db.prisma.storedFile.create({
      data: { neighborhoodId: torre.id, userId: adminUser.id, name: 'torre.pdf', contentType: 'application/pdf', size: PDF.length, data: PDF },
    });
    const foreign = await t.app.db.prisma.sharedFile.create({
      data: { neighborhoodId: torre.id, storedFileId: stored.id, fileName: 'Reglamento de Torre Azul', access: 'NEIGHBORS', createdByUserId: adminUser.id },
    });
    expect((await t.rest('GET', `${F}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `${F}/${foreign.id}`, { file_name: 'Mío' }, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${F}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect(await names(admin)).not.toContain('Reglamento de Torre Azul');
    const got = await t.gql(
      `query($id: ID!) { sharedFile(fileId: $id) { __typename } }`,
      { id: Buffer.from(`SharedFile:${foreign.id}`).toString('base64') },
      { token: owner },
    );
    expect(got.body.data.sharedFile.__typename).toBe('NotFoundError');
  });
});
