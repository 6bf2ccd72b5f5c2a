import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { crc32, deflateRawSync } from 'node:zlib';
import { COLUMNS, MAX_FILE_BYTES, MAX_ROWS, type ColumnKey } from './sheet.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;

type Values = Partial<Record<ColumnKey, string | number>>;

async function sheet(rows: Values[], headers: string[] = COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Propiedades');
  ws.addRow(headers);
  for (const values of rows) ws.addRow(COLUMNS.map((c) => values[c.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(bytes: Buffer | string, token: string, name = 'propiedades.xlsx', community = olivosId) {
  const form = new FormData();
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  const response = await t.app.fetch(
    new Request(`${BASE}/api/1.0/neighborhoods/${community}/massiveHouses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.9' },
      body: form,
    }),
  );
  return { status: response.status, body: await response.json() };
}

async function download(path: string, token: string) {
  const response = await t.app.fetch(new Request(`${BASE}/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return response;
}

async function readXlsx(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as never);
  return workbook;
}

const countHouses = () => t.app.db.prisma.house.count({ where: { neighborhoodId: olivosId } });

const avenue = (catastral: string, values: Values = {}): Values => ({
  houseType: 'Propiedad en avenida',
  catastral,
  block: '9',
  lot: catastral.slice(-2),
  street: 'Calle Cedro',
  exteriorNumber: catastral.slice(-2),
  ...values,
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  olivosId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  await t.app.db.prisma.houseType.create({
    data: { neighborhoodId: olivosId, title: 'Propiedad en condominio', requireCondominium: true, requireInteriorNumber: true },
  });
});
afterAll(() => t.close());

describe('massive load template', () => {
  it('downloads an XLSX with the Spanish headers, the type list and the instructions', async () => {
    const response = await download(`/neighborhoods/${olivosId}/houses/massive-loads`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="plantilla-carga-masiva.xlsx"');
    const workbook = await readXlsx(response);
    const houses = workbook.getWorksheet('Propiedades')!;
    expect((houses.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
    expect(houses.getCell('A2').dataValidation).toMatchObject({ type: 'list' });
    const help = workbook.getWorksheet('Instrucciones')!;
    const lines = help.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1).join(' | ') : ''));
    expect(lines).toContain('Propiedad en avenida | Manzana, Lote, Calle, Número exterior');
    expect(lines).toContain('Propiedad en condominio | Condominio, Número interior');
  });

  it('is refused without the grant and in another community', async () => {
    expect((await download(`/neighborhoods/${olivosId}/houses/massive-loads`, owner)).status).toBe(403);
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    expect((await download(`/neighborhoods/${torre.id}/houses/massive-loads`, admin)).status).toBe(404);
  });
});

describe('massive load through REST', () => {
  const good = () => [
    avenue('ML-01', { ownerFirstName: 'Lucía', ownerLastName: 'Pérez', ownerEmail: 'lucia@correo.mx', mobile: 4421112233, initialBalance: 1500.5 }),
    avenue('ML-02', { ownerFirstName: 'Patricia', ownerEmail: 'PROPIETARIO@demo.mx' }),
    { houseType: 'Propiedad en condominio', condominium: 'Condominio Pinos', interiorNumber: 'B-4', street: 'ignorada' },
  ];

  it('imports three houses with their owners, statuses and new places, and re-uploading creates nothing', async () => {
    const before = await countHouses();
    const first = await upload(await sheet(good()), admin);
    expect(first).toEqual({ status: 200, body: { created: 3, updated: 0, unchanged: 0 } });
    expect(await countHouses()).toBe(before + 3);

    const prisma = t.app.db.prisma;
    const lucia = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, catastral: 'ML-01' }, include: { owner: true, street: true } });
    expect(lucia).toMatchObject({
      status: 'NEW',
      street: { name: 'Calle Cedro' },
      owner: { email: 'lucia@correo.mx', firstName: 'Lucía', lastName: 'Pérez', mobile: '4421112233', passwordHash: null },
    });
    expect(lucia.initialBalance?.toFixed(2)).toBe('1500.50');
    expect(lucia.signupCode).toBeTruthy();
    const membership = await prisma.membership.findFirstOrThrow({ where: { houseId: lucia.id }, include: { role: true } });
    expect(membership).toMatchObject({ userId: lucia.ownerUserId, role: { kind: 'OWNER' } });
    expect(await prisma.houseOwnerChange.count({ where: { houseId: lucia.id, fromUserId: null, toUserId: lucia.ownerUserId! } })).toBe(1);

    // An existing account becomes the owner and keeps its own name.
    const patricia = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, catastral: 'ML-02' }, include: { owner: true } });
    expect(patricia).toMatchObject({ status: 'MISSING_BALANCE', owner: { email: 'propietario@demo.mx', lastName: 'Ruiz' } });
    const flat = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, interiorNumber: 'B-4' }, include: { condominium: true } });
    expect(flat).toMatchObject({ status: 'INCOMPLETE', catastral: null, streetId: null, ownerUserId: null, condominium: { name: 'Condominio Pinos' } });
    expect(await prisma.street.count({ where: { neighborhoodId: olivosId, name: { equals: 'ignorada', mode: 'insensitive' } } })).toBe(0);

    const again = await upload(await sheet(good()), admin);
    expect(again).toEqual({ status: 200, body: { created: 0, updated: 0, unchanged: 3 } });
    expect(await countHouses()).toBe(before + 3);
    expect(await prisma.user.count({ where: { email: 'lucia@correo.mx' } })).toBe(1);
    expect(await prisma.street.count({ where: { neighborhoodId: olivosId, name: 'Calle Cedro' } })).toBe(1);

    // A changed row updates its house: the owner now states a balance, the flat gets an owner.
    const changed = good();
    changed[1].initialBalance = 0;
    changed[2] = { ...changed[2], ownerFirstName: 'Tomás', ownerEmail: 'tomas@correo.mx' };
    const third = await upload(await sheet(changed), admin);
    expect(third.body).toEqual({ created: 0, updated: 2, unchanged: 1 });
    expect(await prisma.house.findUniqueOrThrow({ where: { id: patricia.id } })).toMatchObject({ status: 'NEW' });
    expect(await prisma.house.findUniqueOrThrow({ where: { id: flat.id }, include: { owner: true } })).toMatchObject({
      status: 'MISSING_BALANCE',
      owner: { email: 'tomas@correo.mx' },
    });
    const audits = await prisma.auditLog.findMany({ where: { neighborhoodId: olivosId, action: 'IMPORT', entity: 'House' }, orderBy: { id: 'asc' } });
    expect(audits.map((a) => a.data)).toMatchObject([
      { created: 3, updated: 0, unchanged: 0, usersCreated: 1 },
      { created: 0, unchanged: 3 },
      { updated: 2, unchanged: 1 },
    ]);
  });

  it('reports every bad row and imports nothing', async () => {
    const before = await countHouses();
    const users = await t.app.db.prisma.user.count();
    const streets = await t.app.db.prisma.street.count();
    const result = await upload(
      await sheet([
        avenue('BAD-01', { street: 'Calle Nueva Uno', ownerFirstName: 'Ana', ownerEmail: 'ana.nueva@correo.mx' }),
        avenue('BAD-02', { exteriorNumber: '', ownerEmail: 'no-es-correo' }),
        {},
        avenue('BAD-01'),
      ]),
      admin,
    );
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      code: 400,
      description: 'La carga masiva tiene errores; no se importó ninguna propiedad',
      houseslist: [
        { row: 3, catastral: 'BAD-02', errors: ['El correo del propietario no es válido', 'Falta el nombre del propietario', 'Falta el número exterior'] },
        { row: 5, catastral: 'BAD-01', errors: ['La clave catastral BAD-01 está repetida en la fila 2'] },
      ],
    });
    expect(await countHouses()).toBe(before);
    expect(await t.app.db.prisma.user.count()).toBe(users);
    expect(await t.app.db.prisma.street.count()).toBe(streets);
  });

  it('refuses an owner change through the sheet, wrong files and headers, users without the grant', async () => {
    const before = await countHouses();
    const change = await upload(await sheet([avenue('ML-01', { ownerFirstName: 'Otra', ownerEmail: 'otra@correo.mx' }), avenue('NEW-77')]), admin);
    expect(change.status).toBe(400);
    expect(change.body.houseslist).toEqual([
      { row: 2, catastral: 'ML-01', errors: ['La propiedad ya tiene otro propietario (lucia@correo.mx); para cambiarlo usa «Cambiar propietario»'] },
    ]);
    expect(await countHouses()).toBe(before);

    expect(await upload('a,b,c', admin, 'propiedades.csv')).toEqual({
      status: 400,
      body: { code: 400, description: 'El archivo debe ser una hoja de cálculo de Excel (.xlsx)' },
    });
    expect(await upload('no soy excel', admin)).toEqual({
      status: 400,
      body: { code: 400, description: 'El archivo no es una hoja de cálculo de Excel (.xlsx) válida' },
    });
    const headers = await upload(await sheet([avenue('H-01')], ['Tipo', 'Clave']), admin);
    expect(headers.body.description).toMatch(/^Los encabezados no coinciden con la plantilla: se esperaba «Tipo de propiedad» y se encontró «Tipo»/);
    expect((await upload(await sheet([]), admin)).body.description).toBe('El archivo no tiene propiedades para importar');
    expect((await upload(await sheet([avenue('X-01')]), owner)).status).toBe(403);
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    expect((await upload(await sheet([avenue('X-01')]), admin, 'p.xlsx', torre.id)).status).toBe(404);
    const noFile = await t.app.fetch(
      new Request(`${BASE}/api/1.0/neighborhoods/${olivosId}/massiveHouses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: new FormData(),
      }),
    );
    expect(await noFile.json()).toEqual({ code: 400, description: 'file: Envía la hoja de cálculo en el campo file' });
    expect(await countHouses()).toBe(before);
  });

  it('imports 5,000 rows in one go', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      avenue(`BULK-${String(i).padStart(4, '0')}`, { street: `Calle ${i % 40}`, ownerFirstName: 'Vecino', ownerEmail: `bulk${i}@correo.mx` }),
    );
    const started = Date.now();
    const result = await upload(await sheet(rows), admin);
    const seconds = (Date.now() - started) / 1000;
    expect(result.body).toEqual({ created: 5000, updated: 0, unchanged: 0 });
    expect(seconds).toBeLessThan(60);
    console.log(`5,000 rows imported in ${seconds.toFixed(1)} s`);
    expect(await t.app.db.prisma.membership.count({ where: { house: { catastral: { startsWith: 'BULK-' } } } })).toBe(5000);
  }, 120_000);
});

describe('massive load through GraphQL', () => {
  async function gqlUpload(bytes: Buffer, token: string) {
    const { status, body } = await t.upload(
      `mutation($file: File!) { importHouses(file: $file) { __typename ... on MassiveLoadError { code message rows { row errors } } ... on MutationImportHousesSuccess { data { created updated unchanged } } } }`,
      { file: null },
      { 'variables.file': new File([new Uint8Array(bytes)], 'p.xlsx') },
      { token },
    );
    return { status, body };
  }

  it('imports through a multipart mutation with typed row errors', async () => {
    const ok = await gqlUpload(await sheet([avenue('GQL-01')]), admin);
    expect(ok.body.data.importHouses).toEqual({ __typename: 'MutationImportHousesSuccess', data: { created: 1, updated: 0, unchanged: 0 } });
    const bad = await gqlUpload(await sheet([avenue('GQL-02', { houseType: '' })]), admin);
    expect(bad.body.data.importHouses).toEqual({
      __typename: 'MassiveLoadError',
      code: 400,
      message: 'La carga masiva tiene errores; no se importó ninguna propiedad',
      rows: [{ row: 2, errors: ['Falta el tipo de propiedad'] }],
    });
    const refused = await gqlUpload(await sheet([avenue('GQL-03')]), owner);
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('houses export', () => {
  it('exports the filtered houses with status and owner registration, never sign-up codes', async () => {
    const response = await download(`/neighborhoods/${olivosId}/houses/export?catastral=ml-&house_status=NEW`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="propiedades-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const ws = (await readXlsx(response)).getWorksheet('Propiedades')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...COLUMNS.map((c) => c.header), 'Estado', 'Cuenta del propietario']);
    const rows = ws
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows.map((r) => r[1])).toEqual(['ML-01', 'ML-02']);
    expect(rows[0][14]).toBe('lucia@correo.mx');
    expect(rows[0][11]).toBe(1500.5);
    expect(rows[0][17]).toBe('Nueva');
    expect(rows[0][18]).toBe('Pendiente de registro');
    const codes = (await t.app.db.prisma.house.findMany({ where: { catastral: { in: ['ML-01', 'ML-02'] } } })).map((h) => h.signupCode);
    expect(rows.flat().some((cell) => codes.includes(cell as string))).toBe(false);

    const byOwner = await readXlsx(await download(`/neighborhoods/${olivosId}/houses/export?email=LUCIA&user_status=false`, admin));
    expect(byOwner.getWorksheet('Propiedades')!.rowCount).toBe(2);
    const active = await readXlsx(await download(`/neighborhoods/${olivosId}/houses/export?email=lucia&user_status=true`, admin));
    expect(active.getWorksheet('Propiedades')!.rowCount).toBe(1);
    // The owners list's search box: every word matches the house (its key, a number or its owner).
    const searched = (await readXlsx(await download(`/neighborhoods/${olivosId}/houses/export?search=ml-01%20LUCIA`, admin))).getWorksheet('Propiedades')!;
    expect(
      searched
        .getSheetValues()
        .slice(2)
        .map((r) => (r as unknown[])[2]),
    ).toEqual(['ML-01']);
  });

  it('refuses users without AHousesRead and bad filters', async () => {
    expect((await download(`/neighborhoods/${olivosId}/houses/export`, owner)).status).toBe(403);
    const bad = await download(`/neighborhoods/${olivosId}/houses/export?house_status=RARO`, admin);
    expect(bad.status).toBe(400);
  });
});

/** A zip archive of the given entries (deflated), with the sizes it declares possibly lying. */
function zip(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A worksheet of `rows` identical rows of `bytesPerRow` bytes: highly compressible. */
function hugeSheet(totalBytes: number): Buffer {
  const row = '<row r="2"><c r="A2" t="inlineStr"><is><t>Propiedad en avenida</t></is></c></row>';
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const body = Buffer.alloc(totalBytes - head.length - 24);
  body.fill(row);
  return Buffer.concat([Buffer.from(head), body, Buffer.from('</sheetData></worksheet>')]);
}

describe('spreadsheet limits before parsing (issue 8)', () => {
  it('refuses an xlsx bomb (1 MB that expands to hundreds of MB) at once, storing nothing', async () => {
    const bomb = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: hugeSheet(150 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(MAX_FILE_BYTES);
    const before = await countHouses();
    const started = performance.now();
    const result = await upload(bomb, admin);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.status).toBe(400);
    expect(result.body.description).toMatch(/demasiado grande.*20 MB/);
    expect(await countHouses()).toBe(before);
  }, 30_000);

  it('does not trust the sizes the archive declares', async () => {
    const liar = zip([{ name: 'xl/worksheets/sheet1.xml', data: hugeSheet(60 * 1024 * 1024), declaredSize: 1_000 }]);
    const started = performance.now();
    const result = await upload(liar, admin);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.status).toBe(400);
    expect(result.body.description).toMatch(/demasiado grande/);
  }, 30_000);

  it('refuses a sheet with more rows than the limit before parsing it', async () => {
    const rows = `${'<row r="2"><c r="A2"><v>1</v></c></row>'.repeat(MAX_ROWS + 10)}`;
    const many = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet><sheetData>${rows}</sheetData></worksheet>`) }]);
    const result = await upload(many, admin);
    expect(result.status).toBe(400);
    expect(result.body.description).toBe('La carga masiva admite como máximo 5,000 propiedades por archivo');
  });

  it('refuses a file that is not a zip, as before', async () => {
    const result = await upload(Buffer.from('hola, no soy un excel'), admin);
    expect(result).toEqual({ status: 400, body: { code: 400, description: 'El archivo no es una hoja de cálculo de Excel (.xlsx) válida' } });
  });
});

describe('massive load on the kernel (issue 8)', () => {
  it('invites a person who already has an account elsewhere instead of making them owner; audit and e-mail in the same write', async () => {
    const prisma = t.app.db.prisma;
    await prisma.user.create({ data: { email: 'externa@otra.mx', firstName: 'Externa', passwordHash: 'x' } });
    const audits = await prisma.auditLog.count({ where: { neighborhoodId: olivosId, action: 'IMPORT' } });
    const result = await upload(await sheet([avenue('INV-01', { ownerFirstName: 'Alguien', ownerLastName: 'Más', ownerEmail: 'externa@otra.mx' })]), admin);
    expect(result).toEqual({ status: 200, body: { created: 1, updated: 0, unchanged: 0 } });
    const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, catastral: 'INV-01' } });
    expect(house.ownerUserId).toBeNull();
    const external = await prisma.user.findUniqueOrThrow({ where: { email: 'externa@otra.mx' } });
    // Their own name is untouched, and they own nothing until they accept.
    expect(external.firstName).toBe('Externa');
    expect(await prisma.membership.findFirstOrThrow({ where: { houseId: house.id, userId: external.id } })).toMatchObject({ pending: true, active: false });
    expect(await prisma.emailOutbox.count({ where: { to: 'externa@otra.mx', subject: { startsWith: 'Invitación' } } })).toBe(1);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { neighborhoodId: olivosId, action: 'IMPORT' }, orderBy: { id: 'desc' } });
    expect(audit.data).toMatchObject({ created: 1, invited: 1 });
    expect(await prisma.auditLog.count({ where: { neighborhoodId: olivosId, action: 'IMPORT' } })).toBe(audits + 1);
  });

  it('a failed load writes nothing, not even its audit record', async () => {
    const prisma = t.app.db.prisma;
    const audits = await prisma.auditLog.count({ where: { action: 'IMPORT' } });
    const houses = await countHouses();
    // The second row names the owner of an existing house that has another owner: the plan fails inside the write.
    const existing = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, catastral: 'INV-01' } });
    await prisma.house.update({
      where: { id: existing.id },
      data: { ownerUserId: (await prisma.user.findUniqueOrThrow({ where: { email: 'vecino1@demo.mx' } })).id },
    });
    const result = await upload(await sheet([avenue('NEW-77'), avenue('INV-01', { ownerFirstName: 'Otra', ownerEmail: 'otra@correo.mx' })]), admin);
    expect(result.status).toBe(400);
    expect(await countHouses()).toBe(houses);
    expect(await prisma.auditLog.count({ where: { action: 'IMPORT' } })).toBe(audits);
  });
});
