// Manual payment requests with a file (issue 28, item 3) through the real REST and GraphQL handlers: the
// receipt concept the GET answers (allow_attachments, receipts_calculated, increase_balance,
// max_amount_balance), uploading a proof with the request, downloading it from …/manual-payment/attachment,
// removing it while nothing pays the request, and the refusals (another house, another community, a concept
// without attachments, a request paid or under review).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { RECEIPT_ALREADY_PAID } from '../../../../../core/receipts.js';
import { MANUAL_ATTACHMENT_REMOVED, MANUAL_ATTACHMENTS_NOT_ALLOWED, MANUAL_NO_ATTACHMENT } from './payments.js';

let t: TestApp;
let admin: string;
let owner: string;
let torreAdmin: string;
let olivosId: number;
let torreId: number;
let ownHouseId: number;
let otherHouseId: number;
let initialDebtId: number;
let clabeAccountId: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x25, 0x45, 0x4f, 0x46, 0x0a]);

/** A binary answer of the REST handler, unparsed. */
function raw(method: string, path: string, token: string) {
  return t.app.fetch(new Request(`${BASE}/api/1.0${path}`, { method, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.9' } }));
}

/** Uploads a small PDF through POST /api/1.0/files, as the dialog's uploader does; answers the file id. */
async function upload(token: string, name = 'comprobante.pdf') {
  const form = new FormData();
  form.append('file', new File([PDF], name));
  const response = await t.app.fetch(new Request(`${BASE}/api/1.0/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function request(token: string, houseId: number, body: Record<string, unknown>) {
  return t.rest('POST', olivos(`/houses/${houseId}/manual-payment`), { id_receipt_concept: initialDebtId, amount: '100.00', ...body }, { token });
}

async function setFlags(conceptId: number, flags: Record<string, boolean>) {
  const { body } = await t.gql(
    `mutation($input: UpdateIncomeConceptFlagsInput!) { updateIncomeConceptFlags(input: $input) { __typename ... on Error { message } } }`,
    { input: { concepts: [{ id: gid('IncomeConcept', conceptId), ...flags }] } },
    { token: admin },
  );
  expect(body.data.updateIncomeConceptFlags.__typename).toBe('MutationUpdateIncomeConceptFlagsSuccess');
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  ownHouseId = (await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'propietario@demo.mx' } } })).houseId!;
  otherHouseId = (
    await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } }, orderBy: { id: 'asc' } })
  ).id;
  initialDebtId = (await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, systemKey: 'INITIAL_BALANCE' } })).id;
  clabeAccountId = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE' } })).id;
}, 120_000);
afterAll(() => t.close());

describe('the receipt concept of the manual payment', () => {
  it('answers allow_attachments, receipts_calculated, increase_balance and max_amount_balance with their rules', async () => {
    const rental = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, description: 'Renta de salón de eventos' } });
    // The concept's own cap replaces the 100000 fallback while its wallet owes nothing.
    await t.app.db.prisma.incomeConcept.update({ where: { id: rental.id }, data: { maxAmountBalance: '2500.50' } });
    const { status, body } = await t.rest('GET', olivos(`/houses/${otherHouseId}/manual-payment`), undefined, { token: admin });
    expect(status).toBe(200);
    const byId = (id: number) => body.concepts.find((c: any) => c.id_receipt_concept === id);
    expect(byId(initialDebtId)).toMatchObject({
      id: initialDebtId,
      description: 'Adeudo inicial',
      increase_balance: true,
      receipts_calculated: false,
      allow_attachments: true,
      max_amount_balance: null,
    });
    const balance = await t.gql(
      `query($houseId: ID) { houseBalance(houseId: $houseId) { extraordinary } }`,
      { houseId: gid('House', otherHouseId) },
      { token: admin },
    );
    const concept = byId(rental.id);
    expect(concept).toMatchObject({ increase_balance: false, receipts_calculated: false, allow_attachments: true, max_amount_balance: '2500.50' });
    if (Number(balance.body.data.houseBalance.extraordinary) >= 0) expect(concept.max_amount).toBe('2500.50');

    // The platform's calculated concepts say so when an administrator lets them be paid by amount.
    const maintenance = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, systemKey: 'MAINTENANCE' } });
    await setFlags(maintenance.id, { allowAmount: true });
    const gql = await t.gql(
      `query($houseId: ID) { manualPaymentOptions(houseId: $houseId) { concepts { conceptDatabaseId receiptsCalculated increaseBalance allowAttachments maxAmountBalance } } }`,
      { houseId: gid('House', otherHouseId) },
      { token: admin },
    );
    expect(gql.body.data.manualPaymentOptions.concepts.find((c: any) => c.conceptDatabaseId === maintenance.id)).toEqual({
      conceptDatabaseId: maintenance.id,
      receiptsCalculated: true,
      increaseBalance: true,
      allowAttachments: true,
      maxAmountBalance: null,
    });
    await setFlags(maintenance.id, { allowAmount: false });

    // The income concept itself reads and writes allow_attachments (REST and GraphQL).
    const concepts = await t.rest('GET', olivos('/settings/incomes/concepts?page_size=100'), undefined, { token: admin });
    expect(concepts.body.content.find((c: any) => c.id === initialDebtId)).toMatchObject({ allow_attachments: true, receipts_calculated: false });
  });
});

describe('the request file', () => {
  it('an owner sends a proof with the request; the house downloads it (REST and GraphQL) and removes it', async () => {
    const fileId = await upload(owner);
    const created = await request(owner, ownHouseId, { attachment_key: `/api/1.0/files/${fileId}`, notes: 'Adeudo anterior' });
    expect(created.status).toBe(201);
    const receiptId = created.body.id as number;

    // Without id_receipt the house's most recent request is meant.
    for (const path of [`/houses/${ownHouseId}/manual-payment/attachment`, `/houses/${ownHouseId}/manual-payment/attachment?id_receipt=${receiptId}`]) {
      const download = await raw('GET', olivos(path), owner);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''comprobante.pdf`);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    }
    const byAdmin = await t.gql(
      `query($houseId: ID, $receiptId: ID) { manualPaymentAttachment(houseId: $houseId, receiptId: $receiptId) { fileName contentType base64 } }`,
      { houseId: gid('House', ownHouseId), receiptId: gid('Receipt', receiptId) },
      { token: admin },
    );
    expect(byAdmin.body.data.manualPaymentAttachment).toEqual({
      fileName: 'comprobante.pdf',
      contentType: 'application/pdf',
      base64: Buffer.from(PDF).toString('base64'),
    });

    const removed = await t.rest('DELETE', olivos(`/houses/${ownHouseId}/manual-payment/attachment?id_receipt=${receiptId}`), undefined, { token: owner });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: receiptId, message: MANUAL_ATTACHMENT_REMOVED });
    const row = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } });
    expect(row.attachmentFileId).toBeNull();
    const audit = await t.app.db.prisma.auditLog.findFirst({ where: { action: 'REMOVE_MANUAL_PAYMENT_ATTACHMENT', entityId: String(receiptId) } });
    expect(audit?.data).toMatchObject({ houseId: ownHouseId, fileId });

    const none = await t.rest('GET', olivos(`/houses/${ownHouseId}/manual-payment/attachment?id_receipt=${receiptId}`), undefined, { token: owner });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 404, description: MANUAL_NO_ATTACHMENT });
    const again = await t.rest('DELETE', olivos(`/houses/${ownHouseId}/manual-payment/attachment?id_receipt=${receiptId}`), undefined, { token: owner });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 404, description: 'El archivo adjunto no existe' });
    // The receipt list no longer links a file.
    const detail = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts/${receiptId}/attachment`), undefined, { token: owner });
    expect(detail.status).toBe(404);
  });

  it('refuses another house, another community and a receipt that is not a request', async () => {
    const fileId = await upload(admin);
    const created = await request(admin, otherHouseId, { attachment_key: fileId });
    expect(created.status).toBe(201);
    const receiptId = created.body.id as number;

    // An owner names another house of the community: 403, for reading and for removing.
    for (const method of ['GET', 'DELETE']) {
      const foreign = await t.rest(method, olivos(`/houses/${otherHouseId}/manual-payment/attachment?id_receipt=${receiptId}`), undefined, { token: owner });
      expect(foreign.status).toBe(403);
      expect(foreign.body.description).toBe('Solo puedes registrar pagos de tu propiedad');
    }
    // The owner's own house with another house's request: it is not one of the house's requests.
    const mixed = await t.rest('GET', olivos(`/houses/${ownHouseId}/manual-payment/attachment?id_receipt=${receiptId}`), undefined, { token: owner });
    expect(mixed.status).toBe(404);
    expect(mixed.body.description).toBe('El recibo no existe');

    // Another community's administrator: the house and the request do not exist there.
    const torreHouseId = (await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: torreId } })).id;
    for (const method of ['GET', 'DELETE']) {
      const path = `/neighborhoods/${torreId}/houses/${otherHouseId}/manual-payment/attachment?id_receipt=${receiptId}`;
      expect((await t.rest(method, path, undefined, { token: torreAdmin })).status).toBe(404);
      const own = `/neighborhoods/${torreId}/houses/${torreHouseId}/manual-payment/attachment?id_receipt=${receiptId}`;
      expect((await t.rest(method, own, undefined, { token: torreAdmin })).status).toBe(404);
    }
    const gql = await t.gql(
      `query($houseId: ID, $receiptId: ID) { manualPaymentAttachment(houseId: $houseId, receiptId: $receiptId) { fileName } }`,
      { houseId: gid('House', otherHouseId), receiptId: gid('Receipt', receiptId) },
      { token: torreAdmin },
    );
    expect(gql.body.data?.manualPaymentAttachment ?? null).toBeNull();
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');

    // A maintenance receipt is not a manual payment request, even with the file of one.
    const maintenanceReceipt = await t.app.db.prisma.receipt.findFirst({ where: { houseId: otherHouseId, creditsWallet: false, deletedAt: null } });
    if (maintenanceReceipt) {
      const notRequest = await t.rest('GET', olivos(`/houses/${otherHouseId}/manual-payment/attachment?id_receipt=${maintenanceReceipt.id}`), undefined, {
        token: admin,
      });
      expect(notRequest.status).toBe(404);
    }
    // The file is still there for the house's administrators.
    expect((await raw('GET', olivos(`/houses/${otherHouseId}/manual-payment/attachment?id_receipt=${receiptId}`), admin)).status).toBe(200);
  });

  it('refuses a file for a concept without allow_attachments', async () => {
    await setFlags(initialDebtId, { allowAttachments: false });
    try {
      const options = await t.rest('GET', olivos(`/houses/${ownHouseId}/manual-payment`), undefined, { token: owner });
      expect(options.body.concepts.find((c: any) => c.id_receipt_concept === initialDebtId).allow_attachments).toBe(false);
      const refused = await request(owner, ownHouseId, { attachment_key: await upload(owner) });
      expect(refused.status).toBe(400);
      expect(refused.body.description).toBe(MANUAL_ATTACHMENTS_NOT_ALLOWED);
      const gql = await t.gql(
        `mutation($input: CreateManualPaymentInput!) { createManualPayment(input: $input) { __typename ... on InputError { issues { field message } } } }`,
        { input: { conceptId: initialDebtId, amount: '50.00', attachmentFileId: await upload(owner) } },
        { token: owner },
      );
      expect(gql.body.data.createManualPayment.issues).toEqual([{ field: 'attachmentFileId', message: MANUAL_ATTACHMENTS_NOT_ALLOWED }]);
      // Without a file the request is fine.
      expect((await request(owner, ownHouseId, {})).status).toBe(201);
    } finally {
      await setFlags(initialDebtId, { allowAttachments: true });
    }
  });

  it('keeps the file of a request that is paid or under review', async () => {
    const paid = await request(admin, otherHouseId, { attachment_key: await upload(admin) });
    const captured = await t.rest(
      'POST',
      olivos(`/houses/${otherHouseId}/payments`),
      { items: [paid.body.id], id_income_account: clabeAccountId, payment_date: '2026-01-15' },
      { token: admin },
    );
    expect(captured.status).toBe(201);
    const afterPayment = await t.rest('DELETE', olivos(`/houses/${otherHouseId}/manual-payment/attachment?id_receipt=${paid.body.id}`), undefined, {
      token: admin,
    });
    expect(afterPayment.status).toBe(409);
    expect(afterPayment.body).toMatchObject({ code: 2079, description: RECEIPT_ALREADY_PAID });
    // A paid request's proof still downloads.
    expect((await raw('GET', olivos(`/houses/${otherHouseId}/manual-payment/attachment?id_receipt=${paid.body.id}`), admin)).status).toBe(200);

    const reviewed = await request(owner, ownHouseId, { attachment_key: await upload(owner) });
    const sent = await t.rest(
      'POST',
      olivos(`/houses/${ownHouseId}/receipts/${reviewed.body.id}/external-payment`),
      { method: 'TRANSFER', id_income_account: clabeAccountId, payment_date: '2026-01-15', authorization: 'ABC123' },
      { token: owner },
    );
    expect(sent.status).toBeLessThan(300);
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: reviewed.body.id } })).status).toBe('REVIEW');
    const inReview = await t.gql(
      `mutation($input: RemoveManualPaymentAttachmentInput!) { removeManualPaymentAttachment(input: $input) { __typename ... on Error { code message } } }`,
      { input: { receiptId: gid('Receipt', reviewed.body.id) } },
      { token: owner },
    );
    expect(inReview.body.data.removeManualPaymentAttachment).toEqual({
      __typename: 'ConflictError',
      code: 409,
      message: 'El recibo tiene un pago en proceso o en revisión',
    });
  });
});
