import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let coOwner: string;
let resident: string;
let olivosId: number;
let houseId: number;
let otherHouseId: number;

const db = () => t.app.db.prisma;
const houseGid = (id: number) => Buffer.from(`House:${id}`).toString('base64');
const path = (h = houseId, n = olivosId) => `/neighborhoods/${n}/houses/${h}/tax-information`;

const legacy = {
  rfc: 'gode561231gr8',
  business_name: 'Patricia Ruiz Gómez',
  fiscal_regime: 'RF612',
  cfdi_use: 'G03',
  address: { zip_code: '76000', street: 'Av. de los Olivos', exterior_number: '100', interior_number: '', colony: 'Centro', city: 'Querétaro', state: 'QUE' },
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  coOwner = await t.signIn('inquilino@demo.mx');
  resident = await t.signIn('residente@demo.mx');
  olivosId = (await db().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  const propietario = await db().user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } });
  houseId = (await db().house.findFirstOrThrow({ where: { neighborhoodId: olivosId, ownerUserId: propietario.id } })).id;
  otherHouseId = (await db().house.findFirstOrThrow({ where: { neighborhoodId: olivosId, id: { not: houseId }, status: 'ACTIVE' } })).id;
});
afterAll(() => t.close());

describe('house tax data through REST', () => {
  it('the owner saves, reads, replaces and deletes the tax data of their house', async () => {
    const empty = await t.rest('GET', path(), undefined, { token: owner });
    expect(empty.status).toBe(204);
    const saved = await t.rest('PUT', path(), legacy, { token: owner });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      tax_receipt: null,
      rfc: 'GODE561231GR8',
      business_name: 'Patricia Ruiz Gómez',
      fiscal_regime: 'RF612',
      cfdi_use: 'G03',
      address: {
        zip_code: '76000',
        street: 'Av. de los Olivos',
        exterior_number: '100',
        interior_number: null,
        colony: 'Centro',
        city: 'Querétaro',
        state: 'QUE',
        country: 'México',
      },
    });
    expect((await t.rest('GET', path(), undefined, { token: owner })).body).toEqual(saved.body);
    // The co-owner (STaxUpdate) may change it too: a legal entity now.
    const moral = await t.rest(
      'PUT',
      path(),
      { ...legacy, rfc: 'AAA010101AAA', business_name: 'Inmobiliaria Olivos SA de CV', fiscal_regime: '601', cfdi_use: 'G01' },
      { token: coOwner },
    );
    expect(moral.body).toMatchObject({ rfc: 'AAA010101AAA', fiscal_regime: 'RF601', cfdi_use: 'G01' });
    expect(await db().houseTaxInfo.count({ where: { houseId } })).toBe(1);
    expect((await t.rest('DELETE', path(), undefined, { token: owner })).body).toEqual({ content: true });
    expect((await t.rest('GET', path(), undefined, { token: owner })).status).toBe(204);
    expect((await t.rest('DELETE', path(), undefined, { token: owner })).body).toEqual({ code: 404, description: 'La propiedad no tiene datos fiscales' });
    expect(await db().auditLog.count({ where: { entity: 'HouseTaxInfo', entityId: String(houseId) } })).toBe(3);
  });

  it('refuses invalid data and changes nothing', async () => {
    await t.rest('PUT', path(), legacy, { token: owner });
    const before = await db().houseTaxInfo.findUniqueOrThrow({ where: { houseId } });
    const cases: [object, string][] = [
      [{ ...legacy, rfc: 'XAXX010101000' }, 'El RFC genérico XAXX010101000 (público en general) no puede usarse para facturar a una propiedad'],
      [{ ...legacy, rfc: 'AAA010101AAA', fiscal_regime: 'RF601', cfdi_use: 'D01' }, 'El uso de CFDI D01 no puede usarse para personas morales'],
      [{ ...legacy, fiscal_regime: 'RF601' }, 'El régimen fiscal RF601 no puede usarse para personas físicas'],
      [{ ...legacy, rfc: 'GODE561331GR8' }, 'La fecha del RFC no es válida'],
      [{ ...legacy, address: { ...legacy.address, zip_code: '760' } }, 'El código postal debe tener 5 dígitos'],
      [{ ...legacy, address: { ...legacy.address, state: 'XX' } }, 'El estado XX no existe'],
      [{ ...legacy, address: { ...legacy.address, country: 'Canadá' } }, 'Para un domicilio fuera de México el estado debe ser Extranjero (EXT)'],
    ];
    for (const [body, description] of cases) {
      expect((await t.rest('PUT', path(), body, { token: owner })).body).toEqual({ code: 400, description });
    }
    expect((await t.rest('PUT', path(), { rfc: 'GODE561231GR8' }, { token: owner })).status).toBe(400);
    expect(await db().houseTaxInfo.findUniqueOrThrow({ where: { houseId } })).toEqual(before);
    const abroad = await t.rest('PUT', path(), { ...legacy, address: { ...legacy.address, country: 'Canadá', state: 'EXT' } }, { token: owner });
    expect(abroad.body.address).toMatchObject({ country: 'Canadá', state: 'EXT' });
  });

  it('administrators reach any house of their community; house users only their own; others are refused', async () => {
    const saved = await t.rest('PUT', path(otherHouseId), legacy, { token: admin });
    expect(saved.status).toBe(200);
    expect((await t.rest('GET', path(otherHouseId), undefined, { token: admin })).body.rfc).toBe('GODE561231GR8');
    expect((await t.rest('GET', path(otherHouseId), undefined, { token: owner })).body).toEqual({
      code: 403,
      description: 'Solo puedes consultar o modificar los datos fiscales de tu propiedad',
    });
    expect((await t.rest('PUT', path(otherHouseId), { ...legacy, rfc: 'AAA010101AAA' }, { token: owner })).status).toBe(403);
    expect((await t.rest('DELETE', path(otherHouseId), undefined, { token: coOwner })).status).toBe(403);
    // Residents (R) have no tax grant; neither has the configuration administrator.
    expect((await t.rest('GET', path(), undefined, { token: resident })).status).toBe(403);
    expect((await t.rest('PUT', path(), legacy, { token: resident })).status).toBe(403);
    expect((await t.rest('PUT', path(), legacy, { token: await t.signIn('config@demo.mx') })).status).toBe(403);
    expect((await t.rest('GET', path())).status).toBe(401);
    expect((await db().houseTaxInfo.findUniqueOrThrow({ where: { houseId: otherHouseId } })).rfc).toBe('GODE561231GR8');
  });

  it('never resolves another community, and the module must be on', async () => {
    const torre = await db().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const tower = await db().house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    expect((await t.rest('PUT', path(tower.id), legacy, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', path(tower.id), undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', path(tower.id), undefined, { token: admin })).status).toBe(404);
    expect(await db().houseTaxInfo.count({ where: { houseId: tower.id } })).toBe(0);
    // Torre Azul has no FACTURACION: its administrator and owner hold no tax grant there.
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    expect((await t.rest('GET', path(tower.id, torre.id), undefined, { token: torreAdmin })).status).toBe(403);
    const torreOwner = await t.signIn('propietario@demo.mx', { domain: 'torre_azul' });
    expect((await t.rest('PUT', path(tower.id, torre.id), legacy, { token: torreOwner })).status).toBe(403);
  });
});

describe('house tax data through GraphQL', () => {
  it('reads the own house without houseId, answers typed errors and serves the catalogues', async () => {
    const saved = await t.gql(
      `mutation($input: UpdateHouseTaxInfoInput!) { updateHouseTaxInfo(input: $input) {
        __typename ... on InputError { issues { field message } } ... on MutationUpdateHouseTaxInfoSuccess { data { taxInfo { rfc personType fiscalRegimeName cfdiUseName stateName country } } } } }`,
      { input: { taxInfo: { rfc: 'AAA010101AAA', businessName: 'Olivos SA', fiscalRegime: 'RF601', cfdiUse: 'G03', postalCode: '76000', state: 'QUE' } } },
      { token: owner },
    );
    expect(saved.body.data.updateHouseTaxInfo.data.taxInfo).toEqual({
      rfc: 'AAA010101AAA',
      personType: 'MORAL',
      fiscalRegimeName: 'General de Ley Personas Morales',
      cfdiUseName: 'Gastos en general',
      stateName: 'Querétaro',
      country: 'México',
    });
    const bad = await t.gql(
      'mutation($input: UpdateHouseTaxInfoInput!) { updateHouseTaxInfo(input: $input) { __typename ... on InputError { issues { field message } } } }',
      { input: { taxInfo: { rfc: 'AAA010101AAA', businessName: '', fiscalRegime: 'RF601', cfdiUse: 'D10', postalCode: '1', state: 'QUE' } } },
      { token: owner },
    );
    expect(bad.body.data.updateHouseTaxInfo.issues).toEqual([
      { field: 'businessName', message: 'La razón social es requerida' },
      { field: 'cfdiUse', message: 'El uso de CFDI D10 no puede usarse para personas morales' },
      { field: 'postalCode', message: 'El código postal debe tener 5 dígitos' },
    ]);
    const read = await t.gql('query($h: ID) { houseTaxInfo(houseId: $h) { houseDatabaseId rfc } }', {}, { token: coOwner });
    expect(read.body.data.houseTaxInfo).toEqual({ houseDatabaseId: houseId, rfc: 'AAA010101AAA' });
    const byAdmin = await t.gql('query($h: ID) { houseTaxInfo(houseId: $h) { rfc } }', { h: houseGid(houseId) }, { token: admin });
    expect(byAdmin.body.data.houseTaxInfo.rfc).toBe('AAA010101AAA');
    const catalogs = await t.gql(
      '{ taxCatalogs { fiscalRegimes { code moral } cfdiUses { code fisica moral regimes } states { code name } } }',
      {},
      { token: owner },
    );
    expect(catalogs.body.data.taxCatalogs.states).toHaveLength(33);
    expect(catalogs.body.data.taxCatalogs.fiscalRegimes[0]).toEqual({ code: 'RF601', moral: true });
    expect(catalogs.body.data.taxCatalogs.cfdiUses.find((u: any) => u.code === 'CN01')).toEqual({
      code: 'CN01',
      fisica: true,
      moral: false,
      regimes: ['RF605'],
    });
    const deleted = await t.gql(
      'mutation($input: DeleteHouseTaxInfoInput!) { deleteHouseTaxInfo(input: $input) { __typename ... on MutationDeleteHouseTaxInfoSuccess { data { houseDatabaseId } } } }',
      { input: { houseId: houseGid(houseId) } },
      { token: admin },
    );
    expect(deleted.body.data.deleteHouseTaxInfo.data.houseDatabaseId).toBe(houseId);
    expect((await t.gql('{ houseTaxInfo { rfc } }', {}, { token: owner })).body.data.houseTaxInfo).toBeNull();
    expect((await t.gql('{ taxCatalogs { states { code } } }', {}, { token: resident })).status).toBe(403);
  });
});

describe('constancia de situación fiscal (tax_receipt)', () => {
  it('attaches the uploaded file and serves it to the house and its administrators only', async () => {
    const form = new FormData();
    form.append('file', new File(['%PDF-1.4 constancia'], 'constancia.pdf'));
    const upload = await t.app.fetch(
      new Request('http://localhost/api/1.0/files', { method: 'POST', body: form, headers: { authorization: `Bearer ${owner}` } }),
    );
    const { id } = await upload.json();
    const saved = await t.rest('PUT', path(), { ...legacy, tax_receipt: id }, { token: owner });
    expect(saved.body.tax_receipt).toBe(`/api/1.0/files/${id}`);
    // Saving again without it keeps it; the link the GET answers is accepted back.
    expect((await t.rest('PUT', path(), legacy, { token: owner })).body.tax_receipt).toBe(`/api/1.0/files/${id}`);
    expect((await t.rest('PUT', path(), { ...legacy, tax_receipt: saved.body.tax_receipt }, { token: owner })).status).toBe(200);

    const link = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${houseId}/tax-receipt`, undefined, { token: coOwner });
    expect(link.status).toBe(302);
    expect(link.response.headers.get('location')).toBe(`/api/1.0/files/${id}`);
    const read = (token: string) => t.app.fetch(new Request(`http://localhost/api/1.0/files/${id}`, { headers: { authorization: `Bearer ${token}` } }));
    expect((await read(coOwner)).status).toBe(200);
    expect((await read(admin)).status).toBe(200);
    expect((await read(await t.signIn('vecino2@demo.mx'))).status).toBe(404);

    const none = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${otherHouseId}/tax-receipt`, undefined, { token: admin });
    expect(none.body).toEqual({ code: 404, description: 'La propiedad no tiene constancia de situación fiscal' });
    const foreign = await t.rest('PUT', path(), { ...legacy, tax_receipt: '00000000-0000-4000-8000-000000000000' }, { token: owner });
    expect(foreign.status).toBe(400);
    expect((await db().houseTaxInfo.findUniqueOrThrow({ where: { houseId } })).taxReceiptFileId).toBe(id);
    await t.rest('DELETE', path(), undefined, { token: owner });
  });
});

describe('kernel rules (issue 8)', () => {
  it('bounds every string before the tax rules run: huge values and control characters answer 400 and change nothing', async () => {
    const before = await db().houseTaxInfo.findUnique({ where: { houseId } });
    const huge = await t.rest('PUT', path(), { ...legacy, business_name: 'x'.repeat(8000) }, { token: owner });
    expect(huge.body).toEqual({ code: 400, description: 'La razón social debe tener como máximo 300 caracteres' });
    const nul = await t.rest('PUT', path(), { ...legacy, address: { ...legacy.address, city: 'Quer\u0000étaro' } }, { token: owner });
    expect(nul.body).toEqual({ code: 400, description: expect.stringMatching(/city contiene caracteres no permitidos/) });
    const longRfc = await t.rest('PUT', path(), { ...legacy, rfc: 'A'.repeat(5000) }, { token: owner });
    expect(longRfc.status).toBe(400);
    expect(await db().houseTaxInfo.findUnique({ where: { houseId } })).toEqual(before);
  });

  it('another house of the community is forbidden (FORBIDDEN, 403) to house users, not a conflict; the write and its audit are one', async () => {
    const foreign = await t.gql(
      'mutation($input: UpdateHouseTaxInfoInput!) { updateHouseTaxInfo(input: $input) { __typename } }',
      {
        input: {
          houseId: houseGid(otherHouseId),
          taxInfo: { rfc: 'AAA010101AAA', businessName: 'Olivos SA', fiscalRegime: 'RF601', cfdiUse: 'G03', postalCode: '76000', state: 'QUE' },
        },
      },
      { token: owner },
    );
    expect(foreign.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', legacyCode: 403 });
    const read = await t.gql('query($h: ID) { houseTaxInfo(houseId: $h) { rfc } }', { h: houseGid(otherHouseId) }, { token: coOwner });
    expect(read.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', legacyCode: 403 });
    const audits = await db().auditLog.count({ where: { entity: 'HouseTaxInfo' } });
    await t.rest('PUT', path(), legacy, { token: owner });
    expect(await db().auditLog.count({ where: { entity: 'HouseTaxInfo' } })).toBe(audits + 1);
  });
});
