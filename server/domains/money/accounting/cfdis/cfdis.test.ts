// Invoices through the real GraphQL and REST handlers on a real database: issue, ERROR and retry in
// place, concurrency, crash between stamp and store, global invoice, cancellation (02 and substitution),
// automatic invoicing after a payment, downloads, grants, modules and other communities.
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payingCommunity, gid, type PayingCommunity } from '../../../../../tests/payingCommunity.js';
import { verifySeal, validateCfdi, stampData } from '../../../../infra/cfdi/voucher.js';
import { enqueueInvoiceAfterPayment } from './enqueue.js';
import { cfdiTestHooks } from './service.js';
import { CFDI_MESSAGES, previousMonth } from './rules.js';
import { todayIn } from '../../../../../core/receipts.js';

let c: PayingCommunity;
let t: PayingCommunity['t'];
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;

const TAX = { rfc: 'GODE561231GR8', businessName: 'PATRICIA RUIZ GOMEZ', fiscalRegime: 'RF612', cfdiUse: 'G03', postalCode: '76000', state: 'QUE' };

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, admin, owner, olivosId, ownHouseId, otherHouseId } = c);
  await setTax(ownHouseId, TAX);
}, 120_000);
afterAll(() => t.close());
afterEach(() => {
  cfdiTestHooks.afterStamp = undefined;
});

const prisma = () => t.app.db.prisma;

/** A file download (not JSON). */
async function download(path: string, token: string) {
  const response = await t.app.fetch(new Request(`http://localhost/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

async function setTax(houseId: number, data: Partial<typeof TAX>) {
  const full = { ...TAX, ...data };
  await prisma().houseTaxInfo.upsert({ where: { houseId }, create: { houseId, neighborhoodId: olivosId, ...full }, update: full });
}

/** A receipt of the house paid by transfer (the invoicing tests start from a paid receipt). */
async function paidReceipt(houseId = ownHouseId, amount = '1250.00', method: 'BANK' | 'CASH' | 'CARD' = 'BANK') {
  const id = await c.newReceipt(houseId, amount);
  await prisma().receipt.update({
    where: { id },
    data: { status: 'PAID', paymentMethod: method, transactionTotal: amount, paymentDate: new Date(), realPaymentDate: new Date() },
  });
  return id;
}

const RESULT = `__typename ... on Error { code message } ... on MutationGenerateReceiptCfdiSuccess { data { message status errorDescription cfdiDatabaseId
  cfdi { id databaseId status kind serie folio uuid hasXml hasPdf errorDescription attempts total receiver { rfc name regime use } receipts { databaseId } } } }`;

async function generate(input: Record<string, unknown>, token = admin) {
  const { body } = await t.gql(`mutation($input: GenerateReceiptCfdiInput!) { generateReceiptCfdi(input: $input) { ${RESULT} } }`, { input }, { token });
  return body;
}

async function cancel(input: Record<string, unknown>, token = admin) {
  const { body } = await t.gql(
    `mutation($input: CancelCfdiInput!) { cancelCfdi(input: $input) { __typename ... on Error { code message }
      ... on MutationCancelCfdiSuccess { data { message status cfdi { databaseId status uuid } substitute { databaseId status uuid substitute { databaseId } } } } } }`,
    { input },
    { token },
  );
  return body;
}

const documentsOf = async (receiptId: number, token = owner) =>
  (
    await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Receipt { documents { cfdiXml cfdiPdf } cfdiActions { allowReadCfdi allowCancelCfdi allowGenerateCfdi } } } }`,
      {
        id: gid('Receipt', receiptId),
      },
      { token },
    )
  ).body.data.node;

describe('issuing the invoice of a paid receipt', () => {
  it('stamps it: a valid CFDI 4.0 sealed by the community, shown in the receipt documents, downloadable as XML and PDF', async () => {
    const receiptId = await paidReceipt();
    expect((await documentsOf(receiptId)).documents).toEqual({ cfdiXml: false, cfdiPdf: false });
    const body = await generate({ receiptId: gid('Receipt', receiptId) });
    const result = body.data.generateReceiptCfdi;
    expect(result.__typename).toBe('MutationGenerateReceiptCfdiSuccess');
    expect(result.data).toMatchObject({ message: 'CFDI generado', status: 'STAMPED', errorDescription: null });
    expect(result.data.cfdi).toMatchObject({
      kind: 'RECEIPT',
      serie: 'F',
      status: 'STAMPED',
      total: '1250.00',
      hasXml: true,
      receiver: { rfc: 'GODE561231GR8', name: 'PATRICIA RUIZ GOMEZ', regime: '612', use: 'G03' },
      receipts: [{ databaseId: receiptId }],
    });
    const row = await prisma().cfdi.findUniqueOrThrow({ where: { id: result.data.cfdiDatabaseId } });
    expect(await validateCfdi(row.xml!)).toEqual([]);
    expect(verifySeal(row.xml!)).toBe(true);
    expect(stampData(row.xml!)?.uuid).toBe(row.uuid);
    expect(row.xml).toContain(`Folio="${row.id}"`);
    expect(row.xml).toContain('FormaPago="03"');
    expect(row.xml).toContain('ObjetoImp="01"');
    expect(row.xml).toContain('ClaveUnidad="E48"');

    expect(await documentsOf(receiptId)).toEqual({
      documents: { cfdiXml: true, cfdiPdf: true },
      cfdiActions: { allowReadCfdi: true, allowCancelCfdi: true, allowGenerateCfdi: false },
    });
    // The co-owner reads it too; the resident (no receipt or invoice grant) does not.
    expect((await documentsOf(receiptId, await t.signIn('inquilino@demo.mx'))).documents).toEqual({ cfdiXml: true, cfdiPdf: true });
    expect(await documentsOf(receiptId, await t.signIn('residente@demo.mx'))).toBeNull();

    const base = `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receiptId}`;
    const xml = await download(`${base}/cfdi/xml`, owner);
    expect(xml).toMatchObject({ status: 200, type: 'application/xml' });
    expect(xml.bytes.toString()).toBe(row.xml);
    const pdf = await download(`${base}/cfdi/pdf`, owner);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(`/neighborhoods/${olivosId}/cfdis/${row.id}/xml`, admin)).status).toBe(200);
    // Another house's owner does not read it.
    expect((await download(`/neighborhoods/${olivosId}/cfdis/${row.id}/xml`, await t.signIn('vecino1@demo.mx'))).status).toBe(404);
    const list = await t.rest('GET', `${base}/cfdis`, undefined, { token: owner });
    expect(list.body.content[0]).toMatchObject({
      id: row.id,
      status: 'STAMPED',
      uuid: row.uuid,
      url_xml: `/api/1.0/neighborhoods/${olivosId}/cfdis/${row.id}/xml`,
    });
    const receipt = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts?page_size=100`, undefined, { token: owner });
    expect(receipt.body.content.find((r: any) => r.id === receiptId).cfdi).toEqual({ xml: `/api/1.0${base}/cfdi/xml`, pdf: `/api/1.0${base}/cfdi/pdf` });

    // A second request answers 409 in Spanish; the receipt keeps one invoice.
    const again = await generate({ receiptId: gid('Receipt', receiptId) });
    expect(again.data.generateReceiptCfdi).toMatchObject({ code: 409, message: CFDI_MESSAGES.alreadyInvoiced });
    expect(await prisma().cfdiReceipt.count({ where: { receiptId } })).toBe(1);
  });

  it('serves the PDF made from the XML, and an administrator replaces it with an uploaded PDF', async () => {
    const receiptId = await paidReceipt();
    const { cfdiDatabaseId: id } = (await generate({ receiptId: gid('Receipt', receiptId) })).data.generateReceiptCfdi.data;
    const pdf = await download(`/neighborhoods/${olivosId}/cfdis/${id}/pdf`, admin);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const form = new FormData();
    form.append('file', new File(['%PDF-1.4 factura reemplazada'], 'factura.pdf'));
    const uploaded = await (
      await t.app.fetch(new Request(`http://localhost/api/1.0/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } }))
    ).json();
    const replaced = await t.rest('PUT', `/neighborhoods/${olivosId}/cfdis/${id}/pdf`, { file_id: uploaded.id }, { token: admin });
    expect(replaced.status).toBe(200);
    expect(replaced.body.message).toBe(CFDI_MESSAGES.pdfUpdated);
    const served = await download(`/neighborhoods/${olivosId}/cfdis/${id}/pdf`, admin);
    expect(served.bytes.toString()).toBe('%PDF-1.4 factura reemplazada');
    // Owners do not hold APdfCfdiUpdate.
    const byOwner = await t.rest('PUT', `/neighborhoods/${olivosId}/cfdis/${id}/pdf`, { file_id: uploaded.id }, { token: owner });
    expect(byOwner.status).toBe(403);
  });

  it('a PAC refusal is ERROR with its description, visible in the list, and is retried in place once the tax data is fixed', async () => {
    await setTax(ownHouseId, { businessName: 'ERROR PAC' });
    try {
      const receiptId = await paidReceipt();
      const failed = (await generate({ receiptId: gid('Receipt', receiptId) }, owner)).data.generateReceiptCfdi.data;
      expect(failed.status).toBe('ERROR');
      expect(failed.errorDescription).toMatch(/ERROR PAC/);
      expect(failed.message).toBe(failed.errorDescription);
      const listed = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis?status=error`, undefined, { token: admin });
      expect(listed.body.content.find((x: any) => x.id === failed.cfdiDatabaseId)).toMatchObject({
        status: 'ERROR',
        error_description: failed.errorDescription,
      });
      expect((await documentsOf(receiptId)).cfdiActions.allowGenerateCfdi).toBe(true);

      await setTax(ownHouseId, { businessName: TAX.businessName });
      const retried = await t.rest(
        'POST',
        `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receiptId}/cfdi`,
        { cfdi_id: failed.cfdiDatabaseId },
        { token: owner },
      );
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'STAMPED', message: 'CFDI generado', cfdi: { id: failed.cfdiDatabaseId, attempts: 2 } });
      expect(retried.body.cfdi.receiver.name).toBe(TAX.businessName);
      expect(await prisma().cfdi.count({ where: { receipts: { some: { receiptId } } } })).toBe(1);
    } finally {
      await setTax(ownHouseId, { businessName: TAX.businessName });
    }
  });

  it('refuses tax data whose CFDI use does not fit the person type, in Spanish', async () => {
    await setTax(ownHouseId, { rfc: 'ABC010101AB1', cfdiUse: 'D01', fiscalRegime: 'RF601' });
    try {
      const receiptId = await paidReceipt();
      const refused = (await generate({ receiptId: gid('Receipt', receiptId) })).data.generateReceiptCfdi;
      expect(refused.code).toBe(409);
      expect(refused.message).toMatch(/^Los datos fiscales de la propiedad no permiten facturar: .*D01 no puede usarse para personas morales/);
      expect(await prisma().cfdiReceipt.count({ where: { receiptId } })).toBe(0);
    } finally {
      await setTax(ownHouseId, TAX);
    }
  });

  it('two requests at once make one invoice', async () => {
    const receiptId = await paidReceipt();
    const answers = await Promise.all([generate({ receiptId: gid('Receipt', receiptId) }), generate({ receiptId: gid('Receipt', receiptId) }, owner)]);
    const ids = answers.map((a) => a.data.generateReceiptCfdi.data?.cfdiDatabaseId ?? a.data.generateReceiptCfdi.code);
    expect(ids.filter((x) => x !== 409).every((x) => x === ids.find((y) => y !== 409))).toBe(true);
    expect(await prisma().cfdi.count({ where: { receipts: { some: { receiptId } } } })).toBe(1);
    expect(await prisma().cfdi.count({ where: { receipts: { some: { receiptId } }, status: 'STAMPED' } })).toBe(1);
  });

  it('a crash between the stamp and storing it: the job retries after the lease and never leaves two valid invoices', async () => {
    const receiptId = await paidReceipt();
    const receipt = await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } });
    await enqueueInvoiceAfterPayment(prisma(), receipt);
    let crashes = 0;
    cfdiTestHooks.afterStamp = () => {
      crashes++;
      throw new Error('simulated crash');
    };
    await t.app.jobs.runDue();
    expect(crashes).toBe(1);
    const pending = await prisma().cfdi.findFirstOrThrow({ where: { receipts: { some: { receiptId } } } });
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 1 });
    const sealed = pending.xml!;
    expect(sealed).toContain('Sello=');
    cfdiTestHooks.afterStamp = undefined;

    // Within the lease another run leaves it alone.
    await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() AT TIME ZONE 'UTC' WHERE kind = 'cfdis.invoiceReceipt' AND "doneAt" IS NULL`);
    await t.app.jobs.runDue();
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('PENDING');

    // The lease expires: the retry sends the same sealed voucher again.
    await prisma().$executeRawUnsafe(`UPDATE "Cfdi" SET "updatedAt" = "updatedAt" - interval '3 minutes' WHERE id = $1`, pending.id);
    await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() AT TIME ZONE 'UTC' WHERE kind = 'cfdis.invoiceReceipt' AND "doneAt" IS NULL`);
    await t.app.jobs.runDue();
    const stamped = await prisma().cfdi.findUniqueOrThrow({ where: { id: pending.id } });
    expect(stamped.status).toBe('STAMPED');
    const seal = (xml: string) => /Sello="([^"]+)"/.exec(xml)![1];
    expect(seal(stamped.xml!)).toBe(seal(sealed));
    expect(await prisma().cfdi.count({ where: { receipts: { some: { receiptId } } } })).toBe(1);
    // Running the job again changes nothing.
    await enqueueInvoiceAfterPayment(prisma(), receipt);
    await t.app.jobs.runDue();
    expect(await prisma().cfdi.count({ where: { receipts: { some: { receiptId } } } })).toBe(1);
  });
});

describe('automatic invoicing', () => {
  it('a card payment of a house with tax data is invoiced by the job after it commits', async () => {
    const receiptId = await c.newReceipt();
    const paid = await c.charge(receiptId, { method: 'CARD', cardToken: await c.token('4111111111111111'), deviceSessionId: 'abc' });
    expect(paid.data.charge.status).toBe('COMPLETED');
    expect(await prisma().cfdiReceipt.count({ where: { receiptId } })).toBe(0);
    await t.app.jobs.runDue();
    const cfdi = await prisma().cfdi.findFirstOrThrow({ where: { receipts: { some: { receiptId, active: true } } } });
    expect(cfdi).toMatchObject({ status: 'STAMPED', kind: 'RECEIPT', paymentForm: '04' });
  });

  it('a house without tax data gets no invoice job', async () => {
    const receiptId = await c.newReceipt(otherHouseId);
    const jobs = await prisma().job.count({ where: { kind: 'cfdis.invoiceReceipt' } });
    const receipt = await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } });
    await enqueueInvoiceAfterPayment(prisma(), receipt);
    expect(await prisma().job.count({ where: { kind: 'cfdis.invoiceReceipt' } })).toBe(jobs);
  });
});

describe('the global invoice', () => {
  it('invoices a month of paid receipts of houses without tax data, once', async () => {
    const today = todayIn('America/Mexico_City');
    const month = previousMonth(`${previousMonth(today).year}-${String(previousMonth(today).month).padStart(2, '0')}-15`);
    const day = `${month.year}-${String(month.month).padStart(2, '0')}-10`;
    const a = await paidReceipt(otherHouseId, '800.00', 'CASH');
    const b = await paidReceipt(otherHouseId, '300.00', 'BANK');
    await prisma().receipt.updateMany({ where: { id: { in: [a, b] } }, data: { realPaymentDate: new Date(`${day}T00:00:00Z`) } });
    const { body } = await t.gql(
      `mutation($input: IssueGlobalCfdiInput!) { issueGlobalCfdi(input: $input) { __typename ... on Error { code message }
        ... on MutationIssueGlobalCfdiSuccess { data { message items { status cfdiDatabaseId cfdi { kind globalYear globalMonth receiver { rfc } receiptDatabaseIds } } } } } }`,
      { input: { year: month.year, month: month.month } },
      { token: admin },
    );
    const result = body.data.issueGlobalCfdi;
    expect(result.data.message).toBe('CFDI generado');
    expect(result.data.items[0]).toMatchObject({
      status: 'STAMPED',
      cfdi: { kind: 'GLOBAL', globalYear: month.year, globalMonth: month.month, receiver: { rfc: 'XAXX010101000' } },
    });
    expect(result.data.items.flatMap((i: any) => i.cfdi.receiptDatabaseIds)).toEqual(expect.arrayContaining([a, b]));
    const row = await prisma().cfdi.findUniqueOrThrow({ where: { id: result.data.items[0].cfdiDatabaseId } });
    expect(row.xml).toContain('Periodicidad="04"');
    expect(row.xml).toContain(`Meses="${String(month.month).padStart(2, '0')}"`);
    expect(await validateCfdi(row.xml!)).toEqual([]);
    // Nothing left to invoice in that month; a receipt of the global invoice cannot get its own.
    const again = await t.gql(
      `mutation($input: IssueGlobalCfdiInput!) { issueGlobalCfdi(input: $input) { __typename ... on Error { code message } } }`,
      {
        input: { year: month.year, month: month.month },
      },
      { token: admin },
    );
    expect(again.body.data.issueGlobalCfdi).toMatchObject({ code: 409, message: CFDI_MESSAGES.noGlobalReceipts });
    // The current month is not finished.
    const [y, m] = today.split('-').map(Number);
    const current = await t.rest('POST', `/neighborhoods/${olivosId}/cfdis/global`, { year: y, month: m }, { token: admin });
    expect(current.status).toBe(400);
    expect(current.body.description).toBe(CFDI_MESSAGES.globalPeriod);
  }, 60_000);
});

describe('cancelling', () => {
  it('motive 02 cancels it: the receipt has no valid invoice and may be invoiced again', async () => {
    const receiptId = await paidReceipt();
    const { cfdiDatabaseId: id } = (await generate({ receiptId: gid('Receipt', receiptId) })).data.generateReceiptCfdi.data;
    const path = `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receiptId}/cfdi?cfdi_id=${id}&motive=02`;
    const cancelled = await t.rest('DELETE', path, undefined, { token: owner });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: 'La factura ha sido cancelada',
      status: 'CANCELLED',
      cfdi: { id, status: 'CANCELLED', cancellation_motive: '02' },
    });
    expect(await prisma().cfdiReceipt.findFirst({ where: { cfdiId: id } })).toMatchObject({ active: false });
    expect((await documentsOf(receiptId)).documents).toEqual({ cfdiXml: false, cfdiPdf: false });
    const twice = await t.rest('DELETE', path, undefined, { token: owner });
    expect(twice).toMatchObject({ status: 409, body: { description: CFDI_MESSAGES.alreadyCancelled } });
    const again = await generate({ receiptId: gid('Receipt', receiptId) });
    expect(again.data.generateReceiptCfdi.data.status).toBe('STAMPED');
  });

  it('with regeneration: the substitute relates the old UUID (04), the old one is cancelled with motive 01 and the receipt moves to the substitute', async () => {
    const receiptId = await paidReceipt();
    const { cfdiDatabaseId: oldId } = (await generate({ receiptId: gid('Receipt', receiptId) })).data.generateReceiptCfdi.data;
    const old = await prisma().cfdi.findUniqueOrThrow({ where: { id: oldId } });
    const body = await cancel({ cfdiId: gid('Cfdi', oldId), regenerate: true });
    const result = body.data.cancelCfdi.data;
    expect(result).toMatchObject({
      message: 'La factura ha sido cancelada',
      status: 'CANCELLED',
      substitute: { status: 'STAMPED', substitute: { databaseId: oldId } },
    });
    const substitute = await prisma().cfdi.findUniqueOrThrow({ where: { id: result.substitute.databaseId } });
    expect(substitute.substitutesId).toBe(oldId);
    expect(substitute.xml).toMatch(new RegExp(`CfdiRelacionados TipoRelacion="04"[^]*UUID="${old.uuid}"`));
    const after = await prisma().cfdi.findUniqueOrThrow({ where: { id: oldId } });
    expect(after).toMatchObject({ status: 'CANCELLED', cancellationMotive: '01' });
    expect(after.cancellationAcknowledgement).toContain(`<FolioSustitucion>${substitute.uuid}</FolioSustitucion>`);
    const links = await prisma().cfdiReceipt.findMany({ where: { receiptId }, orderBy: { cfdiId: 'asc' } });
    expect(links.map((l) => [l.cfdiId, l.active])).toEqual([
      [oldId, false],
      [substitute.id, true],
    ]);
  });

  it('refuses motive 01 without a substitute and a substitute under another motive, in Spanish', async () => {
    const receiptId = await paidReceipt();
    const { cfdiDatabaseId: id } = (await generate({ receiptId: gid('Receipt', receiptId) })).data.generateReceiptCfdi.data;
    expect((await cancel({ cfdiId: gid('Cfdi', id), motive: '01' })).data.cancelCfdi).toMatchObject({
      code: 400,
      message: CFDI_MESSAGES.motive01NeedsSubstitute,
    });
    expect((await cancel({ cfdiId: gid('Cfdi', id), motive: '03', regenerate: true })).data.cancelCfdi).toMatchObject({
      code: 400,
      message: CFDI_MESSAGES.substituteOnlyWithMotive01,
    });
    const bad = await t.rest('DELETE', `/neighborhoods/${olivosId}/cfdis?cfdi_id=${id}&motive=09`, undefined, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.description).toMatch(/motivo de cancelación/);
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id } })).status).toBe('STAMPED');
  });
});

describe('who may invoice', () => {
  it('refuses the owner of another house, a resident, an administrator without ACfdiCreate and a community without FACTURACION', async () => {
    const receiptId = await paidReceipt();
    const neighbour = await t.signIn('vecino1@demo.mx');
    const foreign = await generate({ receiptId: gid('Receipt', receiptId) }, neighbour);
    expect(foreign.errors[0].message).toBe(CFDI_MESSAGES.foreignReceipt);
    for (const email of ['residente@demo.mx', 'config@demo.mx']) {
      const refused = await generate({ receiptId: gid('Receipt', receiptId) }, await t.signIn(email));
      expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const torre = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    expect((await generate({ receiptId: gid('Receipt', receiptId) }, torre)).errors[0].extensions.code).toBe('FORBIDDEN');
    const rest = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis`, undefined, { token: await t.signIn('residente@demo.mx') });
    expect(rest.status).toBe(403);
    expect(await prisma().cfdiReceipt.count({ where: { receiptId } })).toBe(0);
  });

  it("another community's receipts and invoices do not exist", async () => {
    const receiptId = await paidReceipt();
    const { cfdiDatabaseId: id } = (await generate({ receiptId: gid('Receipt', receiptId) })).data.generateReceiptCfdi.data;
    const torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
    const modules = (await prisma().neighborhood.findUniqueOrThrow({ where: { id: torreId } })).modules;
    await prisma().neighborhood.update({ where: { id: torreId }, data: { modules: [...modules, 'FACTURACION'] } });
    try {
      const torre = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
      expect((await generate({ receiptId: gid('Receipt', receiptId) }, torre)).data.generateReceiptCfdi).toMatchObject({
        code: 404,
        message: CFDI_MESSAGES.receiptNotFound,
      });
      expect((await generate({ cfdiId: gid('Cfdi', id) }, torre)).data.generateReceiptCfdi).toMatchObject({ code: 404 });
      expect((await cancel({ cfdiId: gid('Cfdi', id), motive: '02' }, torre)).data.cancelCfdi).toMatchObject({ code: 404 });
      expect((await t.rest('GET', `/neighborhoods/${torreId}/cfdis/${id}/xml`, undefined, { token: torre })).status).toBe(404);
      const list = await t.rest('GET', `/neighborhoods/${torreId}/cfdis`, undefined, { token: torre });
      expect(list.body.content.some((x: any) => x.id === id)).toBe(false);
      const node = await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid('Cfdi', id) }, { token: torre });
      expect(node.body.data?.node ?? null).toBeNull();
    } finally {
      await prisma().neighborhood.update({ where: { id: torreId }, data: { modules } });
    }
  });

  it('answers bad input with Spanish 4xx', async () => {
    const none = await generate({});
    expect(none.data.generateReceiptCfdi).toMatchObject({ code: 400 });
    const unpaid = await c.newReceipt();
    // An owner invoices paid receipts only (administrators invoice it as PPD: complements.test.ts).
    expect((await generate({ receiptId: gid('Receipt', unpaid) }, owner)).data.generateReceiptCfdi).toMatchObject({
      code: 409,
      message: CFDI_MESSAGES.notPaid,
    });
    const post = await t.rest('POST', `/neighborhoods/${olivosId}/cfdis`, { cfdi_id: 'abc' }, { token: admin });
    expect(post.status).toBe(400);
    const days = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis?from=2026-13-01`, undefined, { token: admin });
    expect(days.status).toBe(400);
    const nul = await t.rest('POST', `/neighborhoods/${olivosId}/incomes/cfdis`, { from: '2026-01-01\u0000', to: '2026-01-31' }, { token: admin });
    expect(nul.status).toBe(400);
    const month = await t.rest('POST', `/neighborhoods/${olivosId}/cfdis/global`, { year: 2026, month: 13 }, { token: admin });
    expect(month.status).toBe(400);
    const huge = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis?page_size=100000`, undefined, { token: admin });
    expect(huge.status).toBe(400);
  });
});

describe('reports', () => {
  it('resume counts by status, the zip carries XML and PDF, and the incomes request e-mails a link', async () => {
    const resume = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis/resume`, undefined, { token: admin });
    expect(resume.status).toBe(200);
    expect(resume.body.resume.map((r: any) => r.status)).toEqual(['PENDING', 'STAMPED', 'ERROR', 'CANCELLED']);
    expect(resume.body.resume.find((r: any) => r.status === 'STAMPED').count).toBeGreaterThan(0);
    // A resume by status ignores a status filter: the cards keep the other statuses' figures.
    const filtered = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis/resume?status=CANCELLED`, undefined, { token: admin });
    expect(filtered.body.resume).toEqual(resume.body.resume);

    const today = todayIn('America/Mexico_City');
    const zip = await download(`/neighborhoods/${olivosId}/cfdis/download?from=${today}&to=${today}&kind=receipt`, admin);
    expect(zip).toMatchObject({ status: 200, type: 'application/zip' });
    const entries = Object.keys((await JSZip.loadAsync(zip.bytes)).files);
    expect(entries.some((e) => e.endsWith('.xml'))).toBe(true);
    expect(entries.filter((e) => e.endsWith('.pdf')).length).toBe(entries.filter((e) => e.endsWith('.xml')).length);

    const mails = await prisma().emailOutbox.count();
    const requested = await t.rest('POST', `/neighborhoods/${olivosId}/incomes/cfdis`, { from: today, to: today }, { token: admin });
    expect(requested.status).toBe(200);
    expect(requested.body.message).toBe(CFDI_MESSAGES.zipRequested);
    expect(requested.body.items.length).toBeGreaterThan(0);
    await t.app.jobs.runDue();
    const mail = await prisma().emailOutbox.findFirstOrThrow({ where: { id: { gt: 0 } }, orderBy: { id: 'desc' } });
    expect(await prisma().emailOutbox.count()).toBe(mails + 1);
    expect(mail.to).toBe('admin@demo.mx');
    const link = /\/api\/1\.0\/files\/([0-9a-f-]{36})/.exec(mail.text)![1];
    const file = await t.app.fetch(new Request(`http://localhost/api/1.0/files/${link}`, { headers: { authorization: `Bearer ${admin}` } }));
    expect(file.status).toBe(200);
  }, 60_000);
});
