import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { secretBox } from '../../../../infra/secrets.js';
import { demoCsd } from './demoSeed.js';
import { csdKeyContext, csdPasswordContext, fiscalConfigured, keyIterationCount, MAX_KEY_ITERATIONS, openCommunityCredential } from './service.js';

const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`../../../../../tests/fixtures/${path}`, import.meta.url)));
const csd = demoCsd();
const CSD = { cer: new Uint8Array(csd.cer), key: new Uint8Array(csd.key) };
const FIEL = { cer: fixture('fiel/AAA010101AAA.cer'), key: fixture('fiel/AAA010101AAA.key') };
const PASSWORD = '12345678a';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

let t: TestApp;
let admin: string;
let config: string;
let olivos: number;
let torre: number;
/** Every response body of this file: none may carry the private key or its password. */
const seen: string[] = [];

const db = () => t.app.db.prisma;
/** What a job that signs CFDI has: the database and the configuration, no actor. */
const system = () => ({ prisma: db(), actor: null, config: t.app.config });

async function rest(method: string, path: string, body: unknown, token?: string) {
  const result = await t.rest(method, `/neighborhoods/${olivos}/settings${path}`, body, { token });
  seen.push(JSON.stringify(result.body));
  return result;
}

async function gql(query: string, variables: Record<string, unknown>, token: string) {
  const result = await t.gql(query, variables, { token });
  seen.push(JSON.stringify(result.body));
  return result;
}

const UPLOAD = `mutation($input: UploadFiscalCertificateInput!) { uploadFiscalCertificate(input: $input) {
  __typename
  ... on Error { code message }
  ... on InputError { issues { field message } }
  ... on MutationUploadFiscalCertificateSuccess { data { fiscalInformation { rfc hasPrivateKey configured certificate { number rfc legalName validFrom validTo status } } } }
} }`;

/** The CSD upload as the browser sends it: a GraphQL multipart request. */
async function upload(files: { cer: Uint8Array; key: Uint8Array }, password: string, token = config) {
  const { status, body } = await t.upload(
    UPLOAD,
    { input: { certificate: null, privateKey: null, privateKeyPassword: password } },
    {
      'variables.input.certificate': new File([new Uint8Array(files.cer)], 'certificado.cer'),
      'variables.input.privateKey': new File([new Uint8Array(files.key)], 'llave.key'),
    },
    { token, ip: '10.0.0.7' },
  );
  seen.push(JSON.stringify(body));
  return { status, body, result: body.data?.uploadFiscalCertificate };
}

const issuesOf = (result: any) => Object.fromEntries((result.issues ?? []).map((i: { field: string; message: string }) => [i.field, i.message]));

const stored = () => db().fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: olivos } });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  config = await t.signIn('config@demo.mx');
  olivos = (await db().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torre = (await db().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});

afterAll(async () => {
  // The key and its password (and their base64) appear in no response of any route.
  const all = seen.join('\n');
  expect(seen.length).toBeGreaterThan(30);
  for (const secret of [
    PASSWORD,
    b64(CSD.key),
    b64(CSD.key).slice(100, 160),
    Buffer.from(CSD.key).toString('hex').slice(0, 64),
    b64(FIEL.key).slice(100, 160),
  ]) {
    expect(all).not.toContain(secret);
  }
  const row = await stored();
  expect(all).not.toContain(row.privateKeyEncrypted);
  expect(all).not.toContain(row.privateKeyPasswordEncrypted);
  await t.close();
});

describe('the demo community invoices as SAT’s test taxpayer', () => {
  it('answers its tax data, the certificate’s public data and the issuer’s address, never the key', async () => {
    const read = await rest('GET', '/fiscal-information', undefined, config);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      fiscal_name: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regime: 'RF601',
      product_code: '80131500',
      invoiceSerie: 'F',
      creditNoteSerie: 'NC',
      certificate: b64(CSD.cer),
      certificate_number: '30001000000500003416',
      certificate_rfc: 'EKU9003173C9',
      certificate_legal_name: 'ESCUELA KEMPER URGATE SA DE CV',
      certificate_valid_from: '2023-05-18T11:43:51.000Z',
      certificate_valid_to: '2027-05-18T11:43:51.000Z',
      certificate_status: 'VALID',
      has_private_key: true,
      configured: true,
      address: { zip_code: '76090', country: 'México' },
    });
    expect(Object.keys(read.body).filter((k) => /private|password/i.test(k))).toEqual(['has_private_key']);
    expect((await rest('GET', '/tax-information', undefined, admin)).body).toEqual({
      fiscal_name: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regime: 'RF601',
      product_code: '80131500',
      invoiceSerie: 'F',
      creditNoteSerie: 'NC',
    });
    expect(await fiscalConfigured(db(), olivos)).toBe(true);
    expect(await fiscalConfigured(db(), torre)).toBe(false);
  });

  it('keeps only sealed values in the database, bound to the community and the field', async () => {
    const row = await stored();
    for (const sealed of [row.privateKeyEncrypted!, row.privateKeyPasswordEncrypted!]) {
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain(PASSWORD);
      expect(sealed).not.toContain(b64(CSD.key).slice(0, 40));
    }
    const box = secretBox(t.app.config);
    expect(box.open(row.privateKeyPasswordEncrypted!, csdPasswordContext(olivos))).toBe(PASSWORD);
    expect(box.open(row.privateKeyEncrypted!, csdKeyContext(olivos))).toBe(b64(CSD.key));
    expect(() => box.open(row.privateKeyPasswordEncrypted!, csdPasswordContext(torre))).toThrow();
    expect(() => box.open(row.privateKeyEncrypted!, csdPasswordContext(olivos))).toThrow();
    expect(Buffer.from(row.certificate!)).toEqual(Buffer.from(CSD.cer));
  });

  it('opens the community’s credential to sign CFDI; never another community’s for an actor', async () => {
    const ctx = system();
    const credential = await openCommunityCredential(ctx, olivos);
    expect(credential.rfc()).toBe('EKU9003173C9');
    expect(credential.isCsd()).toBe(true);
    const signature = credential.sign('||4.0|F|1|cadena original||');
    expect(credential.verify('||4.0|F|1|cadena original||', signature)).toBe(true);
    await expect(openCommunityCredential(ctx, torre)).rejects.toThrow('La comunidad no tiene un certificado de sello digital (CSD)');
    await expect(openCommunityCredential(ctx, olivos, new Date('2027-06-01'))).rejects.toThrow('venció el 18 de mayo de 2027');
    const actor = { ...(await t.app.db.prisma.user.findFirstOrThrow({ where: { email: 'admin@demo.mx' } })), neighborhoodId: torre } as never;
    await expect(openCommunityCredential({ ...ctx, actor }, olivos)).rejects.toThrow('La comunidad solicitada no existe');
  });

  it('ships SAT’s test CSD with the server for the demo community', () => {
    expect(CSD.cer.length).toBeGreaterThan(1000);
    expect(CSD.key.length).toBeGreaterThan(1000);
  });
});

describe('the CSD upload through GraphQL (multipart)', () => {
  it('stores SAT’s test CSD and answers its public data', async () => {
    await db().fiscalInformation.update({
      where: { neighborhoodId: olivos },
      data: {
        certificate: null,
        certificateNumber: null,
        certificateValidFrom: null,
        certificateValidTo: null,
        privateKeyEncrypted: null,
        privateKeyPasswordEncrypted: null,
      },
    });
    const auditBefore = await db().auditLog.count({ where: { entity: 'FiscalCertificate' } });
    const { status, result } = await upload(CSD, PASSWORD);
    expect(status).toBe(200);
    expect(result.data.fiscalInformation).toEqual({
      rfc: 'EKU9003173C9',
      hasPrivateKey: true,
      configured: true,
      certificate: {
        number: '30001000000500003416',
        rfc: 'EKU9003173C9',
        legalName: 'ESCUELA KEMPER URGATE SA DE CV',
        validFrom: '2023-05-18T11:43:51.000Z',
        validTo: '2027-05-18T11:43:51.000Z',
        status: 'VALID',
      },
    });
    const row = await stored();
    expect(row.certificateNumber).toBe('30001000000500003416');
    expect(secretBox(t.app.config).open(row.privateKeyPasswordEncrypted!, csdPasswordContext(olivos))).toBe(PASSWORD);
    const audit = await db().auditLog.findMany({ where: { entity: 'FiscalCertificate' }, orderBy: { id: 'desc' } });
    expect(audit.length).toBe(auditBefore + 1);
    expect(audit[0].data).toEqual({
      certificateNumber: '30001000000500003416',
      rfc: 'EKU9003173C9',
      validFrom: '2023-05-18T11:43:51.000Z',
      validTo: '2027-05-18T11:43:51.000Z',
    });
    expect(JSON.stringify((await db().auditLog.findMany({ select: { data: true } })).map((a) => a.data))).not.toContain(PASSWORD);
  });

  it('refuses a wrong password, the key of another certificate, garbage and huge files, changing nothing', async () => {
    const before = await stored();
    const wrong = await upload(CSD, 'otra-contraseña');
    expect(wrong.result).toMatchObject({ __typename: 'InputError', code: 400 });
    expect(issuesOf(wrong.result)).toEqual({ privateKeyPassword: 'La contraseña de la llave privada no es correcta' });

    const otherKey = await upload({ cer: CSD.cer, key: FIEL.key }, PASSWORD);
    expect(issuesOf(otherKey.result)).toEqual({ privateKey: 'La llave privada no corresponde al certificado: sube el .key que se generó con este .cer' });

    const garbage = await upload({ cer: new TextEncoder().encode('esto no es un certificado'), key: new Uint8Array(1200).fill(7) }, PASSWORD);
    expect(issuesOf(garbage.result)).toEqual({
      certificate: 'El archivo .cer no es un certificado válido del SAT',
      privateKey: 'El archivo .key no es una llave privada válida del SAT',
    });
    const swapped = await upload({ cer: CSD.key, key: CSD.cer }, PASSWORD);
    expect(Object.keys(issuesOf(swapped.result))).toEqual(['certificate', 'privateKey']);

    const huge = await upload({ cer: new Uint8Array(150 * 1024).fill(48), key: new Uint8Array(101 * 1024) }, PASSWORD);
    expect(issuesOf(huge.result)).toEqual({
      certificate: 'El archivo del certificado (.cer) debe pesar como máximo 100 KB',
      privateKey: 'El archivo de la llave privada (.key) debe pesar como máximo 100 KB',
    });
    const empty = await upload({ cer: new Uint8Array(0), key: CSD.key }, '');
    expect(issuesOf(empty.result)).toEqual({
      certificate: 'El archivo del certificado (.cer) está vacío',
      privateKeyPassword: 'La contraseña de la llave privada es requerida',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a key whose encryption would take too long to open (PBKDF2 iterations), before opening it', async () => {
    expect(keyIterationCount(Buffer.from(CSD.key))).toBe(2048);
    expect(keyIterationCount(Buffer.from('no es una llave'))).toBeNull();
    // The same key asking for 32,767 iterations instead of SAT's 2,048 (the INTEGER 0x0800 becomes 0x7fff).
    const costly = Buffer.from(CSD.key);
    const at = costly.indexOf(Buffer.from([0x02, 0x02, 0x08, 0x00]));
    costly[at + 2] = 0x7f;
    costly[at + 3] = 0xff;
    expect(keyIterationCount(costly)).toBe(32767);
    expect(32767).toBeGreaterThan(MAX_KEY_ITERATIONS);
    const started = Date.now();
    const refused = await upload({ cer: CSD.cer, key: new Uint8Array(costly) }, PASSWORD);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(issuesOf(refused.result)).toEqual({
      privateKey: 'La llave privada no está cifrada como la entrega el SAT: sube el archivo .key original que generaste con el SAT',
    });
  });

  it('refuses the expired FIEL as a FIEL, as expired and as another RFC', async () => {
    const before = await stored();
    const fiel = await upload(FIEL, PASSWORD);
    expect(issuesOf(fiel.result)).toEqual({
      certificate:
        'El certificado es de e.firma (FIEL); para facturar sube el certificado de sello digital (CSD) que emite el SAT. ' +
        'El certificado venció el 15 de mayo de 2021. ' +
        'El RFC del certificado (AAA010101AAA) no coincide con el RFC de los datos fiscales (EKU9003173C9)',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a CSD of another RFC; a new RFC removes the stored CSD', async () => {
    const changed = await gql(
      `mutation($input: UpdateFiscalInformationInput!) { updateFiscalInformation(input: $input) {
        __typename ... on MutationUpdateFiscalInformationSuccess { data { certificateRemoved fiscalInformation { rfc hasPrivateKey configured certificate { number } } } } } }`,
      { input: { fiscalName: 'Colonos de Los Olivos', rfc: 'COL0101012Y4', regime: '603', invoiceSerie: 'A', creditNoteSerie: 'B' } },
      config,
    );
    expect(changed.body.data.updateFiscalInformation.data).toEqual({
      certificateRemoved: true,
      fiscalInformation: { rfc: 'COL0101012Y4', hasPrivateKey: false, configured: false, certificate: null },
    });
    expect(await stored()).toMatchObject({ certificate: null, privateKeyEncrypted: null, privateKeyPasswordEncrypted: null, certificateNumber: null });

    const mismatch = await upload(CSD, PASSWORD);
    expect(issuesOf(mismatch.result)).toEqual({
      certificate: 'El RFC del certificado (EKU9003173C9) no coincide con el RFC de los datos fiscales (COL0101012Y4)',
    });

    const back = await rest(
      'PUT',
      '/tax-information',
      { fiscal_name: 'escuela kemper urgate', rfc: 'EKU9003173C9', regime: 601, product_code: '80131500', invoiceSerie: 'F', creditNoteSerie: 'NC' },
      config,
    );
    expect(back.status).toBe(200);
    expect((await upload(CSD, PASSWORD)).result.__typename).toBe('MutationUploadFiscalCertificateSuccess');
  });

  it('asks for the tax data before the certificate', async () => {
    const row = await stored();
    await db().fiscalInformation.delete({ where: { neighborhoodId: olivos } });
    const first = await upload(CSD, PASSWORD);
    expect(first.result).toEqual({
      __typename: 'ConflictError',
      code: 409,
      message: 'Guarda primero los datos fiscales de la comunidad: el RFC del certificado debe coincidir con ellos',
    });
    expect((await rest('GET', '/tax-information', undefined, config)).status).toBe(204);
    const empty = await rest('GET', '/fiscal-information', undefined, config);
    expect(empty.body).toMatchObject({
      fiscal_name: null,
      rfc: null,
      certificate: null,
      has_private_key: false,
      configured: false,
      address: { zip_code: '76090' },
    });
    await db().fiscalInformation.create({ data: row });
  });
});

describe('the fiscal settings through REST', () => {
  it('saves the tax data, refusing bad input with Spanish messages and writing an audit row', async () => {
    const before = await stored();
    const generic = await rest(
      'PUT',
      '/tax-information',
      { fiscal_name: 'Público', rfc: 'XAXX010101000', regime: '601', invoiceSerie: 'F', creditNoteSerie: 'F' },
      config,
    );
    expect(generic.status).toBe(400);
    expect(generic.body.description).toBe(
      'El RFC genérico XAXX010101000 (público en general) no puede usarse como RFC de la comunidad: escribe el RFC con el que la comunidad factura',
    );
    const foreign = await rest(
      'PUT',
      '/tax-information',
      { fiscal_name: 'X', rfc: 'XEXX010101000', regime: '601', invoiceSerie: 'F', creditNoteSerie: 'NC' },
      config,
    );
    expect(foreign.body.description).toMatch(/^El RFC genérico XEXX010101000 \(residentes en el extranjero\)/);
    const bad = await rest(
      'PUT',
      '/tax-information',
      { fiscal_name: ' ', rfc: 'EKU9003173C9', regime: '612', product_code: '123', invoiceSerie: 'F 1', creditNoteSerie: 'F' },
      config,
    );
    expect(bad.body).toEqual({
      code: 400,
      description:
        'La razón social es requerida. La clave de producto o servicio del SAT debe tener 8 dígitos. La serie de facturas solo puede tener letras sin acentos y dígitos. ' +
        'El régimen fiscal 612 no puede usarse para personas morales',
    });
    expect((await rest('PUT', '/tax-information', { rfc: 'EKU9003173C9' }, config)).body.description).toMatch(/^El campo fiscal_name es requerido/);
    const nul = await rest(
      'PUT',
      '/tax-information',
      { fiscal_name: 'A\u0000B', rfc: 'EKU9003173C9', regime: '601', invoiceSerie: 'F', creditNoteSerie: 'NC' },
      config,
    );
    expect(nul.status).toBe(400);
    expect(
      (
        await rest(
          'PUT',
          '/tax-information',
          { fiscal_name: 'A'.repeat(5000), rfc: 'EKU9003173C9', regime: '601', invoiceSerie: 'F', creditNoteSerie: 'NC' },
          config,
        )
      ).status,
    ).toBe(400);
    expect(await stored()).toEqual(before);

    const auditBefore = await db().auditLog.count({ where: { entity: 'FiscalInformation' } });
    const saved = await rest(
      'PUT',
      '/tax-information',
      { fiscal_name: 'escuela   kemper urgate', rfc: 'eku9003173c9', regime: 'RF601', invoiceSerie: 'fa', creditNoteSerie: 'nc1' },
      admin,
    );
    expect(saved.body).toEqual({
      fiscal_name: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regime: 'RF601',
      product_code: '80131500',
      invoiceSerie: 'FA',
      creditNoteSerie: 'NC1',
    });
    expect(await db().auditLog.count({ where: { entity: 'FiscalInformation' } })).toBe(auditBefore + 1);
    // Same RFC: the CSD stays.
    expect((await stored()).certificateNumber).toBe('30001000000500003416');
  });

  it('uploads the CSD in base64 and refuses what does not open', async () => {
    const ok = await rest('PUT', '/fiscal-information', { certificate: b64(CSD.cer), privateKey: b64(CSD.key), privateKeyPassword: PASSWORD }, config);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      rfc: 'EKU9003173C9',
      certificate_number: '30001000000500003416',
      has_private_key: true,
      configured: true,
      address: { zip_code: '76090' },
    });
    const dataUrl = await rest(
      'PUT',
      '/fiscal-information',
      { certificate: `data:application/x-x509-ca-cert;base64,${b64(CSD.cer)}`, privateKey: b64(CSD.key), privateKeyPassword: PASSWORD },
      config,
    );
    expect(dataUrl.status).toBe(200);

    const before = await stored();
    const wrong = await rest('PUT', '/fiscal-information', { certificate: b64(CSD.cer), privateKey: b64(CSD.key), privateKeyPassword: 'nope' }, config);
    expect(wrong.body).toEqual({ code: 400, description: 'La contraseña de la llave privada no es correcta' });
    const other = await rest('PUT', '/fiscal-information', { certificate: b64(CSD.cer), privateKey: b64(FIEL.key), privateKeyPassword: PASSWORD }, config);
    expect(other.body.description).toBe('La llave privada no corresponde al certificado: sube el .key que se generó con este .cer');
    const fiel = await rest('PUT', '/fiscal-information', { certificate: b64(FIEL.cer), privateKey: b64(FIEL.key), privateKeyPassword: PASSWORD }, config);
    expect(fiel.body.description).toMatch(/^El certificado es de e\.firma \(FIEL\).*El certificado venció el 15 de mayo de 2021/);
    const notBase64 = await rest(
      'PUT',
      '/fiscal-information',
      { certificate: '¡no es base64!', privateKey: b64(CSD.key), privateKeyPassword: PASSWORD },
      config,
    );
    expect(notBase64.body).toEqual({ code: 400, description: 'certificate: El certificado (.cer) debe enviarse en base64' });
    const garbage = await rest(
      'PUT',
      '/fiscal-information',
      { certificate: b64(new Uint8Array(900).fill(1)), privateKey: b64(CSD.key), privateKeyPassword: PASSWORD },
      config,
    );
    expect(garbage.body.description).toBe('El archivo .cer no es un certificado válido del SAT');
    const huge = await rest(
      'PUT',
      '/fiscal-information',
      { certificate: b64(new Uint8Array(200 * 1024)), privateKey: b64(CSD.key), privateKeyPassword: PASSWORD },
      config,
    );
    expect(huge.body).toEqual({ code: 400, description: 'El archivo del certificado (.cer) debe pesar como máximo 100 KB' });
    const missing = await rest('PUT', '/fiscal-information', { certificate: b64(CSD.cer) }, config);
    expect(missing.body.description).toMatch(/El campo privateKey es requerido/);
    expect(await stored()).toEqual(before);
  });

  it('refuses owners, security and Torre Azul (no FACTURACION), and never answers another community', async () => {
    const before = await stored();
    const upload64 = { certificate: b64(CSD.cer), privateKey: b64(CSD.key), privateKeyPassword: PASSWORD };
    const tax = { fiscal_name: 'X', rfc: 'EKU9003173C9', regime: '601', invoiceSerie: 'F', creditNoteSerie: 'NC' };
    for (const email of ['propietario@demo.mx', 'seguridad@demo.mx']) {
      const token = await t.signIn(email);
      for (const [method, path, body] of [
        ['GET', '/tax-information', undefined],
        ['PUT', '/tax-information', tax],
        ['GET', '/fiscal-information', undefined],
        ['PUT', '/fiscal-information', upload64],
      ] as const) {
        expect((await rest(method, path, body, token)).status, `${email} ${method} ${path}`).toBe(403);
      }
      expect((await upload(CSD, PASSWORD, token)).body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await gql('query { fiscalInformation { rfc } }', {}, token)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const torreRest = (method: string, path: string, body?: unknown) => t.rest(method, `/neighborhoods/${torre}/settings${path}`, body, { token: torreAdmin });
    expect((await torreRest('GET', '/fiscal-information')).status).toBe(403);
    expect((await torreRest('PUT', '/tax-information', tax)).status).toBe(403);
    expect((await torreRest('PUT', '/fiscal-information', upload64)).status).toBe(403);
    expect((await upload(CSD, PASSWORD, torreAdmin)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    // Los Olivos' administrator naming Torre Azul in the path: not found, nothing written.
    for (const [method, path, body] of [
      ['GET', '/fiscal-information', undefined],
      ['PUT', '/tax-information', tax],
      ['PUT', '/fiscal-information', upload64],
    ] as const) {
      expect((await t.rest(method, `/neighborhoods/${torre}/settings${path}`, body, { token: admin })).status).toBe(404);
    }
    expect(await db().fiscalInformation.count({ where: { neighborhoodId: torre } })).toBe(0);
    // Los Olivos' record by its global id is not readable from Torre Azul.
    const id = Buffer.from(`FiscalInformation:${olivos}`).toString('base64');
    const node = await gql(`query($id: ID!) { node(id: $id) { id ... on FiscalInformation { rfc } } }`, { id }, torreAdmin);
    expect(node.body.data?.node ?? null).toBeNull();
    const own = await gql(`query($id: ID!) { node(id: $id) { id ... on FiscalInformation { rfc } } }`, { id }, config);
    expect(own.body.data.node).toEqual({ id, rfc: 'EKU9003173C9' });
    expect((await t.rest('GET', `/neighborhoods/${olivos}/settings/fiscal-information`)).status).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('the fiscal settings through GraphQL', () => {
  it('reads the catalogue-backed fields and the issuer’s address; the key is no field at all', async () => {
    const read = await gql(
      `query { fiscalInformation { fiscalName regime regimeSatCode regimeName productCode hasPrivateKey issuerAddress { postalCode country } }
        fiscalIssuerAddress { postalCode stateName country } }`,
      {},
      config,
    );
    expect(read.body.data).toEqual({
      fiscalInformation: {
        fiscalName: 'ESCUELA KEMPER URGATE',
        regime: 'RF601',
        regimeSatCode: '601',
        regimeName: 'General de Ley Personas Morales',
        productCode: '80131500',
        hasPrivateKey: true,
        issuerAddress: { postalCode: '76090', country: 'México' },
      },
      fiscalIssuerAddress: expect.objectContaining({ postalCode: '76090', country: 'México' }),
    });
    for (const field of ['privateKey', 'privateKeyEncrypted', 'privateKeyPassword', 'privateKeyPasswordEncrypted']) {
      const asked = await gql(`query { fiscalInformation { ${field} } }`, {}, config);
      expect(asked.body.data).toBeUndefined();
      expect(asked.body.errors[0].message).toMatch(`Cannot query field "${field}" on type "FiscalInformation".`);
    }
  });

  it('answers typed errors with fields, and concurrent saves leave one consistent row', async () => {
    const mutation = `mutation($input: UpdateFiscalInformationInput!) { updateFiscalInformation(input: $input) {
      __typename ... on InputError { issues { field message } } ... on MutationUpdateFiscalInformationSuccess { data { fiscalInformation { invoiceSerie } } } } }`;
    const bad = await gql(mutation, { input: { fiscalName: 'X', rfc: 'EKU9003173C9', regime: '601', invoiceSerie: 'F', creditNoteSerie: 'f' } }, config);
    expect(bad.body.data.updateFiscalInformation).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'creditNoteSerie', message: 'La serie de notas de crédito debe ser distinta de la serie de facturas' }],
    });
    const results = await Promise.all(
      ['S1', 'S2', 'S3', 'S4'].map((serie) =>
        gql(
          mutation,
          { input: { fiscalName: 'Escuela Kemper Urgate', rfc: 'EKU9003173C9', regime: '601', invoiceSerie: serie, creditNoteSerie: 'NC' } },
          config,
        ),
      ),
    );
    expect(results.map((r) => r.body.data.updateFiscalInformation.__typename)).toEqual(Array(4).fill('MutationUpdateFiscalInformationSuccess'));
    expect(['S1', 'S2', 'S3', 'S4']).toContain((await stored()).invoiceSerie);
    expect(await db().fiscalInformation.count()).toBe(1);
    // Concurrent uploads of the same CSD: each succeeds or is retried; the stored key still opens.
    const uploads = await Promise.all([upload(CSD, PASSWORD), upload(CSD, PASSWORD)]);
    expect(uploads.map((u) => u.result.__typename)).toEqual(['MutationUploadFiscalCertificateSuccess', 'MutationUploadFiscalCertificateSuccess']);
    expect((await openCommunityCredential(system(), olivos)).rfc()).toBe('EKU9003173C9');
  });
});
