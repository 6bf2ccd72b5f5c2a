// Receipt reads survive any row an old database may hold (issue 25). Each case below is written straight
// into the database (not through the services) in a half-state the services would never leave behind — a
// receipt in REVIEW without its external payment, or with a blob in another shape; a PAID receipt without
// its payment date or method; a payment in progress without its charge; an income account, agreement,
// concept or measured service that is gone — and then every receipt read is asked about it: the legacy
// GET routes under .../houses/{h}/receipts and .../receipts, the lists that show receipts, and the GraphQL
// Receipt node with every field. None may answer 5xx, and each answers a sensible view or a clear 4xx.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { RECEIPT_MESSAGES } from '../../../../../core/receipts.js';
import type { Prisma } from '../../../../db/generated/client.js';
import { CFDI_MESSAGES } from '../../accounting/cfdis/rules.js';
import { REVIEW_WITHOUT_PAYMENT } from './externalPayments.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let torreId: number;
let houseId: number;
const gid = (type: string, id: number | string) => Buffer.from(`${type}:${id}`).toString('base64');
const MISSING_ID = 987_654;

/** One half-state: how the receipt row (and whatever it names) is written. */
interface HalfState {
  name: string;
  receipt: (base: Prisma.ReceiptUncheckedCreateInput) => Promise<Prisma.ReceiptUncheckedCreateInput> | Prisma.ReceiptUncheckedCreateInput;
  /** Rows written after the receipt (charges, links). */
  after?: (receiptId: number) => Promise<unknown>;
}

let clabeId: number;
let conceptId: number;
let walletId: number;
let maintenanceId: number;

const seedBlob = (period: string) => ({
  method: 'BANK',
  authorization: 'SPEI',
  payment_date: `${period}-08`,
  message: 'Transferencia desde mi banca en línea',
});
const record = (over: Record<string, unknown> = {}) => ({
  method: 'TRANSFER',
  cardType: null,
  incomeAccountId: clabeId,
  accountEnding: null,
  authorization: 'AUT-1',
  notes: null,
  message: null,
  paymentDate: '2025-01-08',
  attachmentFileId: null,
  unknownPaymentId: null,
  sentByUserId: 1,
  sentAt: '2025-01-08T12:00:00.000Z',
  previousStatus: 'NEW',
  state: 'REVIEW',
  decidedByUserId: null,
  decidedAt: null,
  ...over,
});

const CASES: HalfState[] = [
  { name: 'REVIEW without its external payment', receipt: (b) => ({ ...b, status: 'REVIEW', paymentMethod: 'EXTERNAL' }) },
  { name: 'REVIEW with the old seed blob', receipt: (b) => ({ ...b, status: 'REVIEW', paymentMethod: 'EXTERNAL', externalPayment: seedBlob('2025-01') }) },
  { name: 'REVIEW with an array for external payment', receipt: (b) => ({ ...b, status: 'REVIEW', externalPayment: [1, 2, 3] }) },
  { name: 'REVIEW with a string for external payment', receipt: (b) => ({ ...b, status: 'REVIEW', externalPayment: 'pagado' }) },
  {
    name: 'REVIEW with a record of bad dates and an unknown state',
    receipt: (b) => ({ ...b, status: 'REVIEW', externalPayment: record({ paymentDate: 'ayer', sentAt: 'nunca', decidedAt: 'luego', state: 'PENDING' }) }),
  },
  {
    name: 'REVIEW into an income account that does not exist',
    receipt: (b) => ({ ...b, status: 'REVIEW', paymentMethod: 'EXTERNAL', externalPayment: record({ incomeAccountId: MISSING_ID }) }),
  },
  {
    name: 'REVIEW into a deleted income account',
    receipt: async (b) => {
      const gone = await t.app.db.prisma.incomeAccount.create({
        data: { neighborhoodId: olivosId, accountType: 'CLABE', description: 'Cuenta cerrada', accountNumber: '002180700000000007', deletedAt: new Date() },
      });
      return { ...b, status: 'REVIEW', paymentMethod: 'EXTERNAL', externalPayment: record({ incomeAccountId: gone.id, cardType: 'AMEX' }) };
    },
  },
  { name: 'PAID without payment date, method or total', receipt: (b) => ({ ...b, status: 'PAID' }) },
  {
    name: 'PAID externally without its record, into a missing account',
    receipt: (b) => ({ ...b, status: 'PAID', paymentMethod: 'EXTERNAL', paymentDate: new Date(), incomeAccountId: MISSING_ID, transactionTotal: b.amount }),
  },
  {
    name: 'PAID externally with the old seed blob',
    receipt: (b) => ({ ...b, status: 'PAID', paymentMethod: 'EXTERNAL', paymentDate: new Date(), externalPayment: seedBlob('2025-02') }),
  },
  {
    name: 'PAID by card without its charge',
    receipt: (b) => ({ ...b, status: 'PAID', paymentMethod: 'CARD', paymentDate: new Date(), transactionTotal: b.amount }),
  },
  {
    name: 'IN_PROGRESS with a reference but no charge',
    receipt: (b) => ({ ...b, status: 'IN_PROGRESS', paymentMethod: 'STORE', paymentReference: 'REF-SIN-CARGO' }),
  },
  { name: 'IN_PROGRESS without reference or method', receipt: (b) => ({ ...b, status: 'IN_PROGRESS' }) },
  {
    name: 'IN_PROGRESS whose charge has no instructions',
    receipt: (b) => ({ ...b, status: 'IN_PROGRESS', paymentMethod: 'BANK', paymentReference: 'REF-VACIA' }),
    after: (id) =>
      t.app.db.prisma.charge.create({
        data: { neighborhoodId: olivosId, houseId, receiptId: id, method: 'BANK', amount: '100.00', fee: '0.00', total: '100.00', feePaidByPayer: false },
      }),
  },
  {
    name: 'IN_PROGRESS whose charge keeps instructions of another shape',
    receipt: (b) => ({ ...b, status: 'IN_PROGRESS', paymentMethod: 'STORE', paymentReference: 'REF-RARA' }),
    after: (id) =>
      t.app.db.prisma.charge.create({
        data: {
          neighborhoodId: olivosId,
          houseId,
          receiptId: id,
          method: 'STORE',
          amount: '100.00',
          fee: '0.00',
          total: '100.00',
          feePaidByPayer: false,
          reference: 'REF-RARA',
          instructions: { referencia: 12345, tienda: ['OXXO'] },
        },
      }),
  },
  {
    name: 'PAID with a stamped invoice whose XML is not XML',
    receipt: (b) => ({ ...b, status: 'PAID', paymentMethod: 'CASH', paymentDate: new Date(), transactionTotal: b.amount }),
    after: async (id) => {
      const cfdi = await t.app.db.prisma.cfdi.create({
        data: {
          neighborhoodId: olivosId,
          kind: 'RECEIPT',
          status: 'STAMPED',
          uuid: randomUUID(),
          xml: 'no es un XML',
          receiverRfc: 'XAXX010101000',
          receiverName: 'PUBLICO EN GENERAL',
          receiverRegime: '616',
          receiverUse: 'S01',
          receiverPostalCode: '01000',
          paymentForm: '01',
          subtotal: '100.00',
          taxTotal: '0.00',
          total: '100.00',
        },
      });
      await t.app.db.prisma.cfdiReceipt.create({ data: { cfdiId: cfdi.id, receiptId: id, neighborhoodId: olivosId, amount: '100.00' } });
    },
  },
  { name: 'CHARGE_BACK without a chargeback', receipt: (b) => ({ ...b, status: 'CHARGE_BACK', paymentMethod: 'CARD', paymentDate: new Date() }) },
  {
    name: 'in an agreement that was cancelled',
    receipt: async (b) => {
      const agreement = await t.app.db.prisma.agreement.create({
        data: {
          neighborhoodId: olivosId,
          houseId,
          debtAmount: '1000.00',
          downPayment: '0.00',
          instalments: 2,
          frequency: 'MONTHLY',
          firstDueDate: new Date('2025-01-31'),
          cancelledAt: new Date(),
        },
      });
      return { ...b, agreementId: agreement.id };
    },
  },
  {
    name: 'of a deleted concept',
    receipt: async (b) => {
      const concept = await t.app.db.prisma.incomeConcept.create({
        data: { neighborhoodId: olivosId, description: 'Concepto borrado', walletId, deletedAt: new Date() },
      });
      return { ...b, incomeConceptId: concept.id };
    },
  },
  {
    name: "in another community's wallet",
    receipt: async (b) => {
      const wallet = await t.app.db.prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: torreId } });
      return { ...b, walletId: wallet.id };
    },
  },
  { name: 'of a measured service that does not exist', receipt: (b) => ({ ...b, measuredServiceId: MISSING_ID }) },
  { name: 'with an attachment that does not exist', receipt: (b) => ({ ...b, attachmentFileId: randomUUID() }) },
  {
    name: 'with rules but no amounts or dates for them',
    receipt: (b) => ({
      ...b,
      hasDiscount: true,
      discount: null,
      discountEndDate: null,
      hasPenalty: true,
      penalty: null,
      deadlineDate: null,
      status: 'PENALTY',
    }),
  },
  { name: 'of month 0', receipt: (b) => ({ ...b, month: 0 }) },
  {
    name: 'a manual payment request PAID without its money',
    receipt: (b) => ({ ...b, creditsWallet: true, status: 'PAID', paymentMethod: 'CASH' }),
  },
  {
    name: 'of a maintenance, in REVIEW without its external payment',
    receipt: async (b) => {
      const m = await t.app.db.prisma.maintenance.create({
        data: {
          neighborhoodId: olivosId,
          ordinary: false,
          year: 2025,
          month: 3,
          description: 'Cuota de medio estado',
          dueDate: new Date('2025-03-31'),
          status: 'GENERATED',
        },
      });
      maintenanceId = m.id;
      return { ...b, maintenanceId: m.id, status: 'REVIEW', paymentMethod: 'EXTERNAL' };
    },
  },
  {
    name: 'NEW with a declined record and a stale method',
    receipt: (b) => ({ ...b, status: 'NEW', paymentMethod: 'EXTERNAL', externalPayment: record({ state: 'DECLINED' }) }),
  },
];

const created: { name: string; id: number }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivos.id;
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  houseId = (await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'propietario@demo.mx' }, houseId: { not: null } } }))
    .houseId!;
  clabeId = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, deletedAt: null } });
  conceptId = concept.id;
  walletId = concept.walletId;
  for (const [i, c] of CASES.entries()) {
    const base: Prisma.ReceiptUncheckedCreateInput = {
      neighborhoodId: olivosId,
      houseId,
      incomeConceptId: conceptId,
      walletId,
      description: `Medio estado ${i + 1}`,
      year: 2025,
      month: (i % 12) + 1,
      dueDate: new Date('2025-01-31'),
      sourceAmount: '100.00',
      amount: '100.00',
    };
    const row = await prisma.receipt.create({ data: (await c.receipt(base)) as Prisma.ReceiptUncheckedCreateInput });
    await c.after?.(row.id);
    created.push({ name: c.name, id: row.id });
  }
}, 300_000);
afterAll(() => t.close());

const house = (path = '') => `/neighborhoods/${olivosId}/houses/${houseId}${path}`;

/** Every legacy GET of one receipt (spec checklist api.tsv), relative to .../receipts/{id}. */
const RECEIPT_READS = [
  '',
  '/notes',
  '/review',
  '/review/unknown-payments?authorization=SPEI&payment_date=2025-01-08',
  '/external-payment',
  '/external-payment/file',
  '/receipt',
  '/attachment',
  '/payment-instructions',
  '/cfdis',
  '/cfdi/xml',
  '/cfdi/pdf',
  `/verify-charge/${randomUUID()}`,
  '/pdf',
  '/xml',
];

async function get(path: string, token: string) {
  const response = await t.app.fetch(
    new Request(`${BASE}/api/1.0${path}`, { method: 'GET', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.25' } }),
  );
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : await response.arrayBuffer();
  return { status: response.status, body: body as any };
}

const RECEIPT_FIELDS = `id databaseId description year month dueDate sourceAmount discountAmount penaltyAmount amount transactionTotal hasDiscount
  discountEndDate hasPenalty deadlineDate penaltyDate status group paymentMethod paymentDate realPaymentDate paymentAuthorization paymentReference
  accountEnding incomeAccountDatabaseId cardType attachmentFileId creditsWallet notes maintenanceId maintenanceDatabaseId maintenanceOrdinary
  agreementDatabaseId measuredServiceDatabaseId houseId houseDatabaseId houseLabel
  concept { conceptId databaseId description increaseBalance }
  wallet { walletId databaseId type name }
  documents { receipt paymentInstructions externalPayment cfdiXml cfdiPdf attachment }
  actions { allowPayment allowDeleteReceipt allowUpdateReceipt allowAddPenalization allowDeletePenalization allowAddDiscount allowDeleteDiscount
    allowCancelReview allowDeletePayment allowDeleteReference allowSendPaymentInstructions allowExternalPayment allowPayWithWallet }
  cfdiActions { allowCancelCfdi allowGenerateCfdi allowReadCfdi allowUpdatePdfCfdi }
  cfdiLinks { xml pdf }
  externalPayment { method cardType incomeAccountDatabaseId accountEnding authorization notes message paymentDate attachmentFileId
    unknownPaymentDatabaseId state sentAt decidedAt }`;
const CFDI_FIELDS = `cfdis { id databaseId status kind folio serie uuid total subtotal taxTotal paymentForm hasPdf hasXml pdfUrl xmlUrl stampedAt issuedAt
  receiptDatabaseIds receiptHouses { houseDatabaseId } receiver { rfc name } }`;
const FILE = 'fileName contentType base64';
const NODE_QUERY = `query($id: ID!) {
  node(id: $id) { ... on Receipt { ${RECEIPT_FIELDS} } }
  receiptPdf(receiptId: $id) { ${FILE} }
  externalPaymentPdf(receiptId: $id) { ${FILE} }
  paymentInstructionsPdf(receiptId: $id) { ${FILE} }
  receiptPayOptions(receiptId: $id) { amount methods feePaidByPayer msiChoices online failedAttempts gatewayName gatewayAccountId gatewayPublicKey
    gatewaySandboxMode tokenBaseUrl fees { method fee total deposit } cards { databaseId }
    latestCharge { chargeId status method amount fee total reference authorization redirectUrl errorCode errorMessage failedAttempts message
      instructions { type reference barcodeUrl clabe bank name agreement } } }
}`;

const idOf = (name: string) => created.find((c) => c.name === name)!.id;
const ROLES = () =>
  [
    ['administración', admin],
    ['propietario', owner],
  ] as const;

/** A legacy error answers its envelope with a Spanish description; anything below 500. */
function sensible(status: number, body: any): string | null {
  if (status >= 500) return `${status} ${JSON.stringify(body)}`;
  if (status >= 400 && (typeof body?.description !== 'string' || body.description.length < 10))
    return `${status} without a description: ${JSON.stringify(body)}`;
  return null;
}

describe('every read of a receipt in a half-state', () => {
  // About 800 requests: each receipt's are sent together, and the test has room on a loaded machine.
  it('answers every legacy GET of the receipt below 500, with a Spanish description when it refuses', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const c of created) {
      const reads = RECEIPT_READS.flatMap((suffix) => ROLES().map(([who, token]) => ({ suffix, who, token })));
      await Promise.all(
        reads.map(async ({ suffix, who, token }) => {
          const { status, body } = await get(house(`/receipts/${c.id}${suffix}`), token);
          const problem = sensible(status, body);
          if (problem) failures.push(`${c.name}, ${who}, GET …/receipts/{id}${suffix}: ${problem}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  });

  it('lists every half-state receipt in the house lists, the maintenance, the dashboard, the statement and the matching searches', {
    timeout: 180_000,
  }, async () => {
    const lists = [
      house('/receipts?page_size=100'),
      house('/receipts?page_size=100&group=PENDING'),
      house('/receipts?page_size=100&group=COMPLETED'),
      house('/receipts?page_size=100&payment_status=REVIEW'),
      house('/statement'),
      house('/statement/pdf'),
      house('/agreements'),
      `/neighborhoods/${olivosId}/maintenances/${maintenanceId}/receipts?page_size=100`,
      `/neighborhoods/${olivosId}/maintenances/${maintenanceId}/receipts/print`,
      `/neighborhoods/${olivosId}/dashboard/latest-in-review-receipts?page_size=100`,
      `/neighborhoods/${olivosId}/dashboard/latest-paid-receipts?page_size=100`,
      `/neighborhoods/${olivosId}/credit-receipts?page_size=100`,
      `/neighborhoods/${olivosId}/chargebacks?page_size=100`,
      `/neighborhoods/${olivosId}/unknown_payments/receipts?amount=100.00&authorization=SPEI&payment_date=2025-01-08`,
      `/neighborhoods/${olivosId}/unknown_payments/receipts?amount=100.00&authorization=AUT-1&payment_date=2025-01-08&id_house=${houseId}`,
    ];
    const failures: string[] = [];
    for (const path of lists) {
      for (const [who, token] of ROLES()) {
        const { status, body } = await get(path, token);
        const problem = sensible(status, body);
        if (problem) failures.push(`${who}, GET ${path}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    const { body } = await get(house('/receipts?page_size=100'), admin);
    const listed = new Set(body.content.map((r: any) => r.id));
    for (const c of created) expect(listed.has(c.id), c.name).toBe(true);
  });

  it('answers the GraphQL Receipt node with every field, its files and pay options, and the house receipts connection, without errors', {
    timeout: 180_000,
  }, async () => {
    const failures: string[] = [];
    for (const c of created) {
      for (const [who, token] of ROLES()) {
        const { status, body } = await t.gql(NODE_QUERY, { id: gid('Receipt', c.id) }, { token });
        if (status >= 500 || body.errors) failures.push(`${c.name}, ${who}: ${status} ${JSON.stringify(body.errors)}`);
        else if (body.data.node?.databaseId !== c.id) failures.push(`${c.name}, ${who}: the node is ${JSON.stringify(body.data.node)}`);
      }
      const invoices = await t.gql(`query($id: ID!) { node(id: $id) { ... on Receipt { ${CFDI_FIELDS} } } }`, { id: gid('Receipt', c.id) }, { token: admin });
      if (invoices.status >= 500 || invoices.body.errors) failures.push(`${c.name}, cfdis: ${JSON.stringify(invoices.body.errors)}`);
    }
    for (const [who, token] of ROLES()) {
      const list = await t.gql(
        `query($h: ID) { houseReceipts(houseId: $h, first: 100) { totalCount edges { node { ${RECEIPT_FIELDS} } } } }`,
        { h: gid('House', houseId) },
        { token },
      );
      if (list.status >= 500 || list.body.errors) failures.push(`houseReceipts, ${who}: ${JSON.stringify(list.body.errors)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('what a receipt in REVIEW says about its external payment', () => {
  const node = async (name: string, token = admin) => (await t.gql(NODE_QUERY, { id: gid('Receipt', idOf(name)) }, { token })).body.data.node;

  it('in REVIEW without one (or with a value that is no external payment): the review read is a 409 that says what to do; the other reads show none', async () => {
    for (const name of [
      'REVIEW without its external payment',
      'REVIEW with an array for external payment',
      'REVIEW with a string for external payment',
      'REVIEW with a record of bad dates and an unknown state',
    ]) {
      const id = idOf(name);
      for (const [who, token] of ROLES()) {
        const review = await get(house(`/receipts/${id}/review`), token);
        expect(review.status, `${name}, ${who}`).toBe(409);
        expect(review.body).toMatchObject({ code: 409, description: REVIEW_WITHOUT_PAYMENT, external_payment: null });
        expect(review.body.receipt).toMatchObject({ id, receipt_payment_status: 'REVIEW', external_payment: false });
        const read = await get(house(`/receipts/${id}/external-payment`), token);
        expect(read.status, `${name}, ${who}`).toBe(200);
        expect(read.body).toMatchObject({ receipt: { id }, external_payment: null });
        expect((await get(house(`/receipts/${id}/external-payment/file`), token)).status).toBe(404);
      }
      expect(await node(name)).toMatchObject({
        status: 'REVIEW',
        externalPayment: null,
        documents: { externalPayment: false },
        actions: { allowCancelReview: true },
      });
    }
  });

  it("reads the old seed's blob as what it says (a transfer, its date, authorization and message) and leaves out what it lacks", async () => {
    const name = 'REVIEW with the old seed blob';
    const review = await get(house(`/receipts/${idOf(name)}/review`), owner);
    expect(review.status).toBe(200);
    expect(review.body.external_payment).toMatchObject({
      method: 'TRANSFER',
      payment_date: '2025-01-08',
      authorization: 'SPEI',
      message: 'Transferencia desde mi banca en línea',
      id_income_account: null,
      state: 'REVIEW',
      sent_at: null,
    });
    expect(await node(name)).toMatchObject({ documents: { externalPayment: true }, externalPayment: { incomeAccountDatabaseId: null, sentAt: null } });
    const file = await get(house(`/receipts/${idOf(name)}/external-payment/file`), admin);
    expect(file.status).toBe(200);
    // A paid receipt with the same blob: the review read is the spec's 412 with the record.
    const paid = await get(house(`/receipts/${idOf('PAID externally with the old seed blob')}/review`), admin);
    expect(paid.status).toBe(412);
    expect(paid.body.external_payment).toMatchObject({ method: 'TRANSFER', state: 'REGISTERED' });
  });

  it('keeps a record whose account is gone readable, with its card type left out when it is not one', async () => {
    const review = await get(house(`/receipts/${idOf('REVIEW into a deleted income account')}/review`), admin);
    expect(review.status).toBe(200);
    expect(review.body.external_payment).toMatchObject({ method: 'TRANSFER', card_type: null, state: 'REVIEW' });
    const missing = await get(house(`/receipts/${idOf('REVIEW into an income account that does not exist')}/external-payment/file`), admin);
    expect(missing.status).toBe(200);
  });

  it('the way out works on such rows: the old blob is approved once an account is chosen, and a review without payment is cancelled', async () => {
    const blob = idOf('REVIEW with the old seed blob');
    const approved = await t.rest(
      'PUT',
      house(`/receipts/${blob}/review`),
      { method: 'TRANSFER', id_income_account: clabeId, payment_date: '2025-01-08', authorization: 'SPEI', action: 'APPROVE' },
      { token: admin },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ receipt: { receipt_payment_status: 'PAID' }, external_payment: { state: 'APPROVED', id_income_account: clabeId } });

    const bare = idOf('REVIEW without its external payment');
    // Cancel review (the receipt's actions menu; GraphQL only): the receipt is pending again.
    const cancelled = await t.gql(
      `mutation($input: CancelReceiptReviewInput!) { cancelReceiptReview(input: $input) {
        __typename ... on MutationCancelReceiptReviewSuccess { data { message receipt { status externalPayment { state } } } } ... on Error { message } } }`,
      { input: { receiptId: gid('Receipt', bare) } },
      { token: admin },
    );
    expect(cancelled.body.data.cancelReceiptReview).toMatchObject({
      data: { message: RECEIPT_MESSAGES.reviewCancelled, receipt: { status: 'NEW', externalPayment: null } },
    });
    expect((await get(house(`/receipts/${bare}/review`), admin)).status).toBe(200);
  });
});

describe('what the other half-states read as', () => {
  it('a PAID receipt without date, method or total reads as paid (412 on the pay read) and prints', async () => {
    const id = idOf('PAID without payment date, method or total');
    const read = await get(house(`/receipts/${id}`), admin);
    expect(read.status).toBe(412);
    expect(read.body.receipt).toMatchObject({ id, receipt_payment_status: 'PAID', payment_date: null, receipt_payment_method: null, transaction_total: null });
    expect((await get(house(`/receipts/${id}/receipt`), admin)).status).toBe(200);
  });

  it('a charge keeping instructions of another shape reads them by its method; the PDF prints them as a store payment', async () => {
    const id = idOf('IN_PROGRESS whose charge keeps instructions of another shape');
    const options = (await t.gql(NODE_QUERY, { id: gid('Receipt', id) }, { token: owner })).body.data.receiptPayOptions;
    expect(options.latestCharge.instructions).toEqual({
      type: 'store',
      reference: null,
      barcodeUrl: null,
      clabe: null,
      bank: null,
      name: null,
      agreement: null,
    });
    const pdf = await get(house(`/receipts/${id}/payment-instructions`), owner);
    expect(pdf.status).toBe(200);
    // Without a charge, or one without instructions, there are no instructions to print.
    for (const name of ['IN_PROGRESS with a reference but no charge', 'IN_PROGRESS whose charge has no instructions'])
      expect((await get(house(`/receipts/${idOf(name)}/payment-instructions`), owner)).status).toBe(404);
  });

  it('an invoice whose stored XML does not parse: its XML downloads, its PDF is a 409 that says why', async () => {
    const id = idOf('PAID with a stamped invoice whose XML is not XML');
    expect((await get(house(`/receipts/${id}/cfdi/xml`), admin)).status).toBe(200);
    const pdf = await get(house(`/receipts/${id}/cfdi/pdf`), admin);
    expect(pdf.status).toBe(409);
    expect(pdf.body.description).toBe(CFDI_MESSAGES.unreadableXml);
  });

  it("a receipt in another community's wallet or of a deleted concept reads with its own names; a cancelled agreement's receipt keeps its agreement", async () => {
    const concept = await get(house(`/receipts/${idOf('of a deleted concept')}`), admin);
    expect(concept.body.receipt.receipt_concept.description).toBe('Concepto borrado');
    const agreement = await get(house(`/receipts/${idOf('in an agreement that was cancelled')}`), admin);
    expect(agreement.status).toBe(200);
    expect(agreement.body.receipt.id_agreement).toEqual(expect.any(Number));
    const month = await get(house(`/receipts/${idOf('of month 0')}`), admin);
    expect(month.body.receipt.period).toBe('2025-00');
  });
});
