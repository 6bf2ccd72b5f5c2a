// Invoices attacked from outside through the real handlers: other houses and communities in paths and
// bodies, grants and the module, concurrent repeats, undoing the payment of an invoiced receipt, retrying
// an invoice whose receipt is no longer paid, bad input, the number of statements of the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gid, payingCommunity, type PayingCommunity } from '../../../../../tests/payingCommunity.js';
import { DEMO_CSD_PASSWORD } from '../fiscal/demoSeed.js';
import { CFDI_MESSAGES } from './rules.js';

let c: PayingCommunity;
let t: PayingCommunity['t'];
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;

const TAX = { rfc: 'GODE561231GR8', businessName: 'PATRICIA RUIZ GOMEZ', fiscalRegime: 'RF612', cfdiUse: 'G03', postalCode: '76000', state: 'QUE' };
const prisma = () => t.app.db.prisma;

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, admin, owner, olivosId, ownHouseId, otherHouseId } = c);
  for (const houseId of [ownHouseId, otherHouseId]) {
    await prisma().houseTaxInfo.upsert({ where: { houseId }, create: { houseId, neighborhoodId: olivosId, ...TAX }, update: TAX });
  }
}, 120_000);
afterAll(() => t.close());

async function paidReceipt(houseId = ownHouseId, amount = '1250.00', method: 'BANK' | 'WALLET' = 'BANK') {
  const id = await c.newReceipt(houseId, amount);
  await prisma().receipt.update({
    where: { id },
    data: { status: 'PAID', paymentMethod: method, transactionTotal: amount, paymentDate: new Date(), realPaymentDate: new Date() },
  });
  return id;
}

const RESULT = `__typename ... on Error { code message } ... on MutationGenerateReceiptCfdiSuccess { data { message status cfdiDatabaseId } }`;
async function generate(input: Record<string, unknown>, token = admin) {
  const { status, body } = await t.gql(
    `mutation($input: GenerateReceiptCfdiInput!) { generateReceiptCfdi(input: $input) { ${RESULT} } }`,
    { input },
    { token },
  );
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}
async function cancel(input: Record<string, unknown>, token = admin) {
  const { status, body } = await t.gql(
    `mutation($input: CancelCfdiInput!) { cancelCfdi(input: $input) { __typename ... on Error { code message }
      ... on MutationCancelCfdiSuccess { data { message status cfdiDatabaseId substitute { databaseId status } } } } }`,
    { input },
    { token },
  );
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}
const stampedFor = async (receiptId = ownHouseId) => {
  const receipt = await paidReceipt(receiptId);
  const id = (await generate({ receiptId: gid('Receipt', receipt) })).data.generateReceiptCfdi.data.cfdiDatabaseId as number;
  return { receipt, id };
};
const activeStamped = (receiptId: number) => prisma().cfdiReceipt.count({ where: { receiptId, active: true, cfdi: { status: 'STAMPED' } } });
const validBeforeSat = (receiptId: number) => prisma().cfdi.count({ where: { status: 'STAMPED', receipts: { some: { receiptId } } } });

/** A role of Los Olivos with exactly these grants for config@demo.mx (an administrator without the others). */
async function adminWith(grants: string[]) {
  const role = await prisma().role.upsert({
    where: { neighborhoodId_name: { neighborhoodId: olivosId, name: `Prueba ${grants.join(' ')}` } },
    create: { neighborhoodId: olivosId, kind: 'ADMIN', name: `Prueba ${grants.join(' ')}`, grants },
    update: { grants },
  });
  const user = await prisma().user.findUniqueOrThrow({ where: { email: 'config@demo.mx' } });
  await prisma().membership.updateMany({ where: { userId: user.id, neighborhoodId: olivosId }, data: { roleId: role.id } });
  return t.signIn('config@demo.mx');
}

describe('tenancy and grants', () => {
  it("an owner neither reads nor acts on another house's invoices, by path, body or global id", async () => {
    const { receipt, id } = await stampedFor(otherHouseId);
    const own = await stampedFor(ownHouseId);
    const n = `/neighborhoods/${olivosId}`;
    for (const path of [
      `${n}/cfdis/${id}/xml`,
      `${n}/cfdis/${id}/pdf`,
      `${n}/houses/${otherHouseId}/receipts/${receipt}/cfdi/xml`,
      `${n}/houses/${ownHouseId}/receipts/${receipt}/cfdi/xml`,
      `${n}/houses/${ownHouseId}/receipts/${receipt}/cfdi/pdf`,
    ]) {
      const r = await t.rest('GET', path, undefined, { token: owner });
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
    // The owner's own receipt path naming the neighbour's invoice in the body.
    const retry = await t.rest('POST', `${n}/houses/${ownHouseId}/receipts/${own.receipt}/cfdi`, { cfdi_id: id }, { token: owner });
    expect(retry.status).toBe(404);
    const cancelled = await t.rest('DELETE', `${n}/houses/${ownHouseId}/receipts/${own.receipt}/cfdi?cfdi_id=${id}&motive=02`, undefined, { token: owner });
    expect(cancelled.status).toBe(404);
    expect((await cancel({ cfdiId: gid('Cfdi', id), motive: '02' }, owner)).errors[0].extensions.code).toBe('FORBIDDEN');
    // A receipt's id given as an invoice's global id and the reverse match nothing.
    expect((await cancel({ cfdiId: gid('Receipt', id), motive: '02' })).data.cancelCfdi).toMatchObject({ code: 404 });
    const list = await t.gql(`{ cfdis(first: 100) { edges { node { databaseId } } } }`, {}, { token: owner });
    expect(list.body.data.cfdis.edges.map((e: any) => e.node.databaseId)).not.toContain(id);
    const node = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Receipt { cfdis { databaseId } } } }`,
      { id: gid('Receipt', receipt) },
      { token: owner },
    );
    expect(node.body.data?.node?.cfdis ?? null).toBeNull();
    expect((await t.rest('GET', `${n}/cfdis/download`, undefined, { token: owner })).status).toBe(403);
    expect(await activeStamped(receipt)).toBe(1);
  });

  it('an administrator without ACfdiDelete or APdfCfdiUpdate cannot cancel or replace the PDF; without ACfdiCreate cannot issue', async () => {
    const { id } = await stampedFor();
    const onlyCreate = await adminWith(['ACfdiCreate', 'AReceiptsRead']);
    expect((await cancel({ cfdiId: gid('Cfdi', id), motive: '02' }, onlyCreate)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/cfdis/${id}/pdf`, { file_id: crypto.randomUUID() }, { token: onlyCreate })).status).toBe(403);
    const onlyDelete = await adminWith(['ACfdiDelete', 'AReceiptsRead']);
    const receipt = await paidReceipt();
    expect((await generate({ receiptId: gid('Receipt', receipt) }, onlyDelete)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.rest('POST', `/neighborhoods/${olivosId}/cfdis/global`, { year: 2026, month: 1 }, { token: onlyDelete })).status).toBe(403);
    expect(await prisma().cfdiReceipt.count({ where: { receiptId: receipt } })).toBe(0);
  });

  it("the PDF replacement takes only a PDF the administrator uploaded, never another person's file", async () => {
    const { id } = await stampedFor();
    // A PDF the owner uploaded (e.g. an identification attached to their house) is not the administrator's to publish.
    const form = new FormData();
    form.append('file', new File(['%PDF-1.4 identificacion del propietario'], 'ine.pdf'));
    const uploaded = await (
      await t.app.fetch(new Request(`http://localhost/api/1.0/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner}` } }))
    ).json();
    await prisma().house.update({ where: { id: ownHouseId }, data: { officialIdFileId: uploaded.id } });
    const replaced = await t.rest('PUT', `/neighborhoods/${olivosId}/cfdis/${id}/pdf`, { file_id: uploaded.id }, { token: admin });
    expect(replaced.status).toBe(400);
    // Not a PDF, a malformed id, NUL bytes.
    const text = new FormData();
    text.append('file', new File(['hola'], 'nota.txt'));
    const notPdf = await (
      await t.app.fetch(new Request(`http://localhost/api/1.0/files`, { method: 'POST', body: text, headers: { authorization: `Bearer ${admin}` } }))
    ).json();
    for (const fileId of [notPdf.id, 'x', 'a\u0000b', '9'.repeat(64)]) {
      const r = await t.rest('PUT', `/neighborhoods/${olivosId}/cfdis/${id}/pdf`, { file_id: fileId }, { token: admin });
      expect(r.status, String(fileId)).toBe(400);
      expect(typeof r.body.description).toBe('string');
    }
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id } })).pdfFileId).toBeNull();
  });
});

describe('invariants', () => {
  it('five generates at once make one invoice; five cancels at once cancel it once', async () => {
    const receipt = await paidReceipt();
    const answers = await Promise.all(Array.from({ length: 5 }, () => generate({ receiptId: gid('Receipt', receipt) })));
    const ids = new Set(answers.map((a) => a.data.generateReceiptCfdi.data?.cfdiDatabaseId).filter(Boolean));
    expect(ids.size).toBe(1);
    expect(await prisma().cfdi.count({ where: { receipts: { some: { receiptId: receipt } } } })).toBe(1);
    const [id] = [...ids] as number[];
    const cancels = await Promise.all(Array.from({ length: 5 }, () => cancel({ cfdiId: gid('Cfdi', id), motive: '02' })));
    for (const a of cancels) expect(['MutationCancelCfdiSuccess', 'ConflictError']).toContain(a.data.cancelCfdi.__typename);
    expect(await prisma().auditLog.count({ where: { entity: 'Cfdi', entityId: String(id), action: 'CANCEL' } })).toBe(1);
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id } })).status).toBe('CANCELLED');
  });

  it('five cancels with regeneration at once issue one substitute; the receipt never has two valid invoices', async () => {
    const { receipt, id } = await stampedFor();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel({ cfdiId: gid('Cfdi', id), regenerate: true })));
    for (const a of answers) expect(['MutationCancelCfdiSuccess', 'ConflictError']).toContain(a.data.cancelCfdi.__typename);
    expect(await prisma().cfdi.count({ where: { substitutesId: id } })).toBe(1);
    expect(await activeStamped(receipt)).toBe(1);
    expect(await validBeforeSat(receipt)).toBe(1);
  });

  it('a plain cancel racing a cancel with regeneration leaves one valid invoice, linked to the receipt', async () => {
    const { receipt, id } = await stampedFor();
    await Promise.all([cancel({ cfdiId: gid('Cfdi', id), regenerate: true }), cancel({ cfdiId: gid('Cfdi', id), motive: '02' })]);
    expect(await validBeforeSat(receipt)).toBeLessThanOrEqual(1);
    expect(await activeStamped(receipt)).toBe(await validBeforeSat(receipt));
    // Whatever won, asking again for an invoice never makes a second valid one.
    await generate({ receiptId: gid('Receipt', receipt) });
    expect(await validBeforeSat(receipt)).toBe(1);
    expect(await activeStamped(receipt)).toBe(1);
  });

  it('undoing the wallet payment of a receipt with a valid invoice is refused in Spanish: cancel the invoice first', async () => {
    const wallet = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
    const receipt = await c.newReceipt(ownHouseId, '100.00');
    await prisma().ledgerEntry.create({
      data: { neighborhoodId: olivosId, houseId: ownHouseId, walletId: wallet.id, kind: 'ADJUSTMENT', amount: '100.00', reason: 'Saldo a favor' },
    });
    const pay = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receipt}/wallet`, undefined, { token: admin });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const id = (await generate({ receiptId: gid('Receipt', receipt) })).data.generateReceiptCfdi.data.cfdiDatabaseId;
    const undo = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receipt}/payment`, undefined, { token: admin });
    expect(undo.status).toBe(409);
    expect(undo.body.description).toMatch(/factura/);
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: receipt } })).status).toBe('PAID');
    // Once the invoice is cancelled the payment may be undone.
    expect((await cancel({ cfdiId: gid('Cfdi', id), motive: '02' })).data.cancelCfdi.__typename).toBe('MutationCancelCfdiSuccess');
    const again = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receipt}/payment`, undefined, { token: admin });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('an invoice in ERROR whose receipt is no longer paid is not stamped on retry', async () => {
    const receipt = await paidReceipt();
    await prisma().houseTaxInfo.update({ where: { houseId: ownHouseId }, data: { businessName: 'ERROR PAC' } });
    let id: number;
    try {
      const failed = (await generate({ receiptId: gid('Receipt', receipt) })).data.generateReceiptCfdi.data;
      expect(failed.status).toBe('ERROR');
      id = failed.cfdiDatabaseId;
    } finally {
      await prisma().houseTaxInfo.update({ where: { houseId: ownHouseId }, data: { businessName: TAX.businessName } });
    }
    await prisma().receipt.update({ where: { id: receipt }, data: { status: 'NEW', paymentMethod: null, paymentDate: null, realPaymentDate: null } });
    const retried = await generate({ cfdiId: gid('Cfdi', id) });
    expect(retried.data.generateReceiptCfdi).toMatchObject({ code: 409, message: CFDI_MESSAGES.notPaid });
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id } })).status).toBe('ERROR');
  });
});

describe('bad input and reads', () => {
  it('answers motives, flags and ids out of the catalogue with Spanish 4xx', async () => {
    const { receipt, id } = await stampedFor();
    const n = `/neighborhoods/${olivosId}`;
    for (const [input, code] of [
      [{ cfdiId: gid('Cfdi', id), motive: '05' }, 400],
      [{ cfdiId: gid('Cfdi', id), motive: '02', regenerate: true }, 400],
      [{ cfdiId: gid('Cfdi', id), motive: 'x'.repeat(100_000) }, 400],
      [{ cfdiId: gid('Cfdi', id), motive: '\ud800' }, 400],
      [{ cfdiId: 'no-es-un-id', motive: '02' }, 400],
    ] as const) {
      const body = await cancel(input);
      const error = body.data?.cancelCfdi ?? body.errors?.[0];
      expect(error?.code ?? error?.extensions?.code, JSON.stringify(body).slice(0, 300)).toBeDefined();
      if (error?.code) expect(error.code).toBe(code);
    }
    for (const [method, path, payload] of [
      ['DELETE', `${n}/cfdis?cfdi_id=${id}&motive=05`, undefined],
      ['DELETE', `${n}/cfdis?cfdi_id=${id}&motive=02&regenerate=true`, undefined],
      ['DELETE', `${n}/cfdis?cfdi_id=${id}&motive=01`, undefined],
      ['DELETE', `${n}/cfdis?cfdi_id=-1`, undefined],
      ['DELETE', `${n}/cfdis?cfdi_id=1e20`, undefined],
      ['DELETE', `${n}/cfdis?cfdi_id=1.5`, undefined],
      ['DELETE', `${n}/cfdis?cfdi_id=${id}&regenerate=quizas`, undefined],
      ['POST', `${n}/cfdis`, { id_receipt: 'a\u0000' }],
      ['POST', `${n}/cfdis/global`, { year: 1e9, month: 1 }],
      ['POST', `${n}/cfdis/global`, { year: 2026, month: 0.5 }],
      ['GET', `${n}/cfdis?from=2026-02-30`, undefined],
      ['GET', `${n}/cfdis?status=${'x'.repeat(10_000)}`, undefined],
      ['GET', `${n}/cfdis/abc/xml`, undefined],
      ['GET', `${n}/houses/${ownHouseId}/receipts/${receipt}x/cfdi/xml`, undefined],
    ] as const) {
      const r = await t.rest(method, path, payload, { token: admin });
      expect(r.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeLessThan(500);
    }
    expect(await activeStamped(receipt)).toBe(1);
  });

  it('the list reads a page in a fixed number of statements, whatever its size', async () => {
    for (let i = 0; i < 3; i++) await stampedFor();
    const count = async (first: number) => {
      const before = t.app.db.statements();
      const r = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis?page_size=${first}`, undefined, { token: admin });
      expect(r.status).toBe(200);
      return t.app.db.statements() - before;
    };
    // The fewest of three requests: a request may also record its session as seen.
    const small = Math.min(await count(1), await count(1), await count(1));
    const big = Math.min(await count(50), await count(50), await count(50));
    // The substitutes are read (one statement) only when the page has one.
    expect(big).toBeLessThanOrEqual(small + 1);
  });

  it("the invoices screen's GraphQL page reads in a constant number of statements (receipts, substitutes)", async () => {
    const count = async (first: number) => {
      const before = t.app.db.statements();
      const r = await t.gql(
        `query($n: Int) { cfdis(first: $n) { totalCount edges { node { id databaseId kind status serie folio uuid total stampedAt createdAt errorDescription
          hasXml hasPdf xmlUrl pdfUrl globalYear globalMonth receiptDatabaseIds receiver { rfc name } receiptHouses { receiptDatabaseId houseDatabaseId }
          substitute { serie folio } substitutedBy { serie folio } } } } }`,
        { n: first },
        { token: admin },
      );
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.cfdis.edges.length).toBeGreaterThan(first === 1 ? 0 : 1);
      return t.app.db.statements() - before;
    };
    // The fewest of three requests: a request may also record its session as seen.
    const fewest = async (first: number) => Math.min(await count(first), await count(first), await count(first));
    const small = await fewest(1);
    expect(await fewest(50)).toBeLessThanOrEqual(small + 2);
  });

  it('no answer or audit record carries the CSD key or its password', async () => {
    const fiscal = await prisma().fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: olivosId } });
    const list = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis?page_size=50`, undefined, { token: admin });
    const audit = await prisma().auditLog.findMany({ where: { entity: 'Cfdi' }, take: 500, select: { data: true } });
    const text = JSON.stringify(list.body) + JSON.stringify(audit);
    expect(text).not.toContain(DEMO_CSD_PASSWORD);
    for (const secret of [fiscal.privateKeyEncrypted, fiscal.privateKeyPasswordEncrypted]) if (secret) expect(text).not.toContain(secret);
  });
});
