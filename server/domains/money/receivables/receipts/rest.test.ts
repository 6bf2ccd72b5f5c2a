// The legacy /api/1.0 routes of receipts, maintenances and balances through the real REST handler: the
// snake_case shapes, the 2079 envelope of a receipt paid meanwhile (409 on actions, 412 on the pay read),
// tenancy (another community's receipt does not exist, another house is forbidden to owners) and the PDFs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { formatPesos, money } from '../../../../../core/money.js';
import { RECEIPT_ALREADY_PAID, RECEIPT_MESSAGES, todayIn } from '../../../../../core/receipts.js';
import { FOREIGN_RECEIPT, NO_PENALTY_RULE, RECEIPT_NOT_FOUND } from './service.js';
import { PAYMENT_CAPTURED } from './payments.js';
import { FOREIGN_HOUSE } from '../balances/service.js';
import { MAINTENANCE_MESSAGES, ONLY_NEW_DELETED, PERIOD_TAKEN } from '../maintenances/service.js';
import { maintenanceReceiptBatches } from './pdf.js';
import type { ServiceContext } from '../../../../kernel/context.js';

let t: TestApp;
let admin: string;
let owner: string;
let torreAdmin: string;
let olivosId: number;
let torreId: number;
let ownHouseId: number;
let otherHouseId: number;
let torreHouseId: number;
let clabeAccountId: number;
let today: string;

/** A binary (or any) answer of the REST handler, unparsed. */
async function raw(method: string, path: string, token: string) {
  return t.app.fetch(new Request(`${BASE}/api/1.0${path}`, { method, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.9' } }));
}

async function pdfPages(response: Response): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  return (await extractText(pdf, { mergePages: false })).text as string[];
}

const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
  const olivosRow = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivosRow.id;
  today = todayIn(olivosRow.timeZone);
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  ownHouseId = (await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'propietario@demo.mx' } } })).houseId!;
  otherHouseId = (
    await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } }, orderBy: { id: 'asc' } })
  ).id;
  torreHouseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: torreId } })).id;
  clabeAccountId = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE' } })).id;
}, 120_000);
afterAll(() => t.close());

let ordinaryId: number;
let extraordinaryId: number;
let generated: number;
/** The extraordinary maintenance's receipts: 1,500.50 each, no discount nor penalty. */
let ownReceiptId: number;
let otherReceiptId: number;

describe('maintenances', () => {
  it('creates an ordinary maintenance by period (201, NEW), refuses the same period again and a body without it', async () => {
    const created = await t.rest('POST', olivos('/maintenances'), { year: 2031, month: 1 }, { token: admin });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: MAINTENANCE_MESSAGES.created,
      ordinary: true,
      period: '2031-01',
      year: 2031,
      month: 1,
      description: 'Mantenimiento enero 2031',
      maintenance_status: 'NEW',
      amount: null,
      summary: { receipts: 0, paid_receipts: 0, pending_receipts: 0, charged: '0.00', collected: '0.00', outstanding: '0.00' },
    });
    expect(created.body.due_date).toMatch(/^2031-01-\d{2}$/);
    expect(created.body.maintenance_settings).toHaveProperty('has_penalty');
    ordinaryId = created.body.id;

    const again = await t.rest('POST', olivos('/maintenances'), { year: 2031, month: 1 }, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 409, description: PERIOD_TAKEN });

    const empty = await t.rest('POST', olivos('/maintenances'), {}, { token: admin });
    expect(empty.status).toBe(400);
    expect(empty.body.description).toContain('El campo year es requerido');
    const partial = await t.rest('POST', olivos('/maintenances'), { description: 'Pintura' }, { token: admin });
    expect(partial.status).toBe(400);
    expect(partial.body.description).toContain('El campo amount es requerido');
  });

  it('generates its receipts once (PUT generate), then refuses to delete it; a NEW one is deleted', async () => {
    const first = await t.rest('PUT', olivos(`/maintenances/${ordinaryId}/generate`), undefined, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: MAINTENANCE_MESSAGES.generated, maintenance_status: 'GENERATED' });
    generated = first.body.created;
    expect(generated).toBeGreaterThan(100);
    expect(first.body.summary.receipts).toBe(generated);
    const second = await t.rest('PUT', olivos(`/maintenances/${ordinaryId}`), undefined, { token: admin });
    expect(second.body).toMatchObject({ created: 0, summary: { receipts: generated } });

    const refused = await t.rest('DELETE', olivos(`/maintenances/${ordinaryId}`), undefined, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, description: ONLY_NEW_DELETED });

    const spare = await t.rest('POST', olivos('/maintenances'), { year: 2031, month: 2 }, { token: admin });
    const deleted = await t.rest('DELETE', olivos(`/maintenances/${spare.body.id}`), undefined, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: MAINTENANCE_MESSAGES.deleted });
    expect((await t.rest('GET', olivos(`/maintenances/${spare.body.id}`), undefined, { token: admin })).status).toBe(404);
  });

  it('creates an extraordinary maintenance with its receipts at once', async () => {
    const created = await t.rest(
      'POST',
      olivos('/maintenances'),
      { description: 'Cuota extraordinaria: impermeabilización', amount: 1500.5, due_date: '2031-03-15' },
      { token: admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: MAINTENANCE_MESSAGES.extraordinaryCreated,
      ordinary: false,
      period: null,
      description: 'Cuota extraordinaria: impermeabilización',
      amount: '1500.50',
      due_date: '2031-03-15',
      maintenance_status: 'GENERATED',
    });
    extraordinaryId = created.body.id;
    const receipts = await t.app.db.prisma.receipt.findMany({ where: { maintenanceId: extraordinaryId }, select: { id: true, houseId: true } });
    expect(created.body.summary.receipts).toBe(receipts.length);
    expect(created.body.summary.charged).toBe(money('1500.50').times(receipts.length).toFixed(2));
    ownReceiptId = receipts.find((r) => r.houseId === ownHouseId)!.id;
    otherReceiptId = receipts.find((r) => r.houseId === otherHouseId)!.id;
  });

  it("lists maintenances with the legacy pager, and one maintenance's receipts with their filters", async () => {
    const page = await t.rest('GET', olivos('/maintenances?page_size=2&offset=0'), undefined, { token: admin });
    expect(page.status).toBe(200);
    expect(page.body.content).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    // Newest period first: March 2031 (the extraordinary one), then January 2031.
    expect(page.body.content.map((m: any) => m.id)).toEqual([extraordinaryId, ordinaryId]);

    const receipts = await t.rest('GET', olivos(`/maintenances/${ordinaryId}/receipts?page_size=5`), undefined, { token: admin });
    expect(receipts.status).toBe(200);
    expect(receipts.body.total).toBe(generated);
    expect(receipts.body.content).toHaveLength(5);
    expect(receipts.body.content[0]).toMatchObject({ id_maintenance: ordinaryId, maintenance: { id: ordinaryId, ordinary: true }, period: '2031-01' });
    const paid = await t.rest('GET', olivos(`/maintenances/${ordinaryId}/receipts?payment_status=paid&payment_method=MANUAL`), undefined, { token: admin });
    expect(paid.body).toEqual({ total: 0, content: [] });
    const bad = await t.rest('GET', olivos(`/maintenances/${ordinaryId}/receipts?payment_status=PAGADO`), undefined, { token: admin });
    expect(bad.status).toBe(400);

    const incomes = await t.rest('GET', olivos(`/maintenances/${ordinaryId}/incomes`), undefined, { token: admin });
    expect(incomes.body).toEqual({ total: '0.00', incomes: [] });

    const foreign = await t.rest('GET', `/neighborhoods/${torreId}/maintenances/${ordinaryId}`, undefined, { token: torreAdmin });
    expect(foreign.status).toBe(404);
  });

  it("reads a maintenance's receipts in keyset batches: each once, in id order", async () => {
    const ctx = { db: t.app.db, prisma: t.app.db.prisma } as unknown as ServiceContext;
    const seen: number[] = [];
    let batches = 0;
    for await (const batch of maintenanceReceiptBatches(ctx, olivosId, ordinaryId, 7)) {
      batches++;
      expect(batch.length).toBeLessThanOrEqual(7);
      seen.push(...batch.map((r) => r.id));
      expect(batch.every((r) => 'ownerName' in r)).toBe(true);
    }
    const ids = (await t.app.db.prisma.receipt.findMany({ where: { maintenanceId: ordinaryId }, select: { id: true }, orderBy: { id: 'asc' } })).map(
      (r) => r.id,
    );
    expect(seen).toEqual(ids);
    expect(batches).toBe(Math.ceil(ids.length / 7));
  });
});

describe('house receipts', () => {
  it("lists a house's receipts in snake_case with the legacy pager and filters", async () => {
    const list = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts?page_size=100&id_agreement=`), undefined, { token: owner });
    // An empty id_agreement is not a number.
    expect(list.status).toBe(400);
    const mine = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts?page_size=100`), undefined, { token: owner });
    expect(mine.status).toBe(200);
    const row = mine.body.content.find((r: any) => r.id === ownReceiptId);
    expect(row).toEqual({
      id: ownReceiptId,
      description: 'Cuota extraordinaria: impermeabilización',
      id_house: ownHouseId,
      house_label: expect.any(String),
      id_maintenance: extraordinaryId,
      maintenance: { id: extraordinaryId, ordinary: false },
      id_agreement: null,
      receipt_concept: { id: expect.any(Number), description: expect.any(String), increase_balance: expect.any(Boolean) },
      measured_service: null,
      wallet: { id: expect.any(Number), type: 'EXTRAORDINARY', name: expect.any(String) },
      period: '2031-03',
      month: 3,
      year: 2031,
      amount: '1500.50',
      source_amount: '1500.50',
      accumulated_amount: '1500.50',
      discount_amount: null,
      penalty_amount: null,
      transaction_total: null,
      receipt_payment_method: null,
      receipt_payment_status: 'NEW',
      group: 'PENDING',
      card_type: null,
      id_income_account: null,
      account_ending: null,
      payment_authorization: null,
      payment_reference: null,
      notes: null,
      external_payment: false,
      external_payment_message: null,
      payment_date: null,
      real_payment_date: null,
      penalty_date: null,
      due_date: '2031-03-15',
      credits_wallet: false,
      documents: { receipt: false, payment_instructions: false, external_payment: false, cfdi_xml: false, cfdi_pdf: false, attachment: false },
      actions: expect.objectContaining({ allow_payment: true, allow_delete_receipt: false, allow_update_receipt: false, allow_add_penalization: false }),
      cfdi: null,
      attachment: null,
    });
    expect(Object.keys(row.actions)).toHaveLength(13);
    expect(mine.body.total).toBe(mine.body.content.length);

    const asAdmin = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts?page_size=1`), undefined, { token: admin });
    expect(asAdmin.body.total).toBe(mine.body.total);
    expect(asAdmin.body.content).toHaveLength(1);
    const adminRow = (await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts?page_size=100`), undefined, { token: admin })).body.content.find(
      (r: any) => r.id === ownReceiptId,
    );
    expect(adminRow.actions).toMatchObject({ allow_delete_receipt: true, allow_update_receipt: true });

    const completed = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts?group=completed&page_size=100`), undefined, { token: owner });
    expect(completed.body.content.every((r: any) => r.receipt_payment_status === 'PAID')).toBe(true);
    const byStatus = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts?payment_status=NEW&page_size=100`), undefined, { token: owner });
    expect(byStatus.body.content.map((r: any) => r.id)).toContain(ownReceiptId);
    expect(byStatus.body.content.every((r: any) => r.receipt_payment_status === 'NEW')).toBe(true);
  });

  it('reads one receipt for the pay screen with its notes; writes and reads the notes', async () => {
    const read = await t.rest('GET', olivos(`/houses/${otherHouseId}/receipts/${otherReceiptId}`), undefined, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      receipt: { id: otherReceiptId, receipt_payment_status: 'NEW', notes: null, amount: '1500.50' },
      // The demo community takes online payments through the built-in sandbox gateway; an administrator sees
      // no saved cards (they are the house's own).
      methods: ['CARD', 'STORE', 'BANK'],
      cards: [],
      fees: [
        { method: 'CARD', fee: '46.00', total: '1546.50', deposit: '1500.50' },
        { method: 'STORE', fee: '46.00', total: '1546.50', deposit: '1500.50' },
        { method: 'BANK', fee: '8.00', total: '1508.50', deposit: '1500.50' },
      ],
      gateway_account_id: 'mdemo0000000000000000',
      gateway_sandbox_mode: true,
    });
    const notes = 'Acordó pagar el día 20 — llamar a la Sra. Muñoz';
    const put = await t.rest('PUT', olivos(`/houses/${otherHouseId}/receipts/${otherReceiptId}/notes`), { notes }, { token: admin });
    expect(put.body).toEqual({ message: RECEIPT_MESSAGES.notesUpdated, notes });
    const get = await t.rest('GET', olivos(`/houses/${otherHouseId}/receipts/${otherReceiptId}/notes`), undefined, { token: admin });
    expect(get.body).toEqual({ notes });
    // The receipt under another house's path does not exist there.
    const elsewhere = await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts/${otherReceiptId}`), undefined, { token: admin });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ code: 404, description: RECEIPT_NOT_FOUND });
  });

  it('runs the receipt actions with their legacy answers', async () => {
    const base = olivos(`/houses/${otherHouseId}/receipts/${otherReceiptId}`);
    const recalculated = await t.rest('PUT', `${base}/recalculate`, undefined, { token: admin });
    expect(recalculated.status).toBe(200);
    expect(recalculated.body).toMatchObject({ recalculated: false, message: RECEIPT_MESSAGES.notAltered, receipt: { id: otherReceiptId } });
    const penalty = await t.rest('PUT', `${base}/penalization`, undefined, { token: admin });
    expect(penalty.status).toBe(409);
    expect(penalty.body).toEqual({ code: 409, description: NO_PENALTY_RULE });
    const noDiscount = await t.rest('DELETE', `${base}/discount`, undefined, { token: admin });
    expect(noDiscount.body).toMatchObject({ message: RECEIPT_MESSAGES.discountRemoved, receipt: { discount_amount: null } });
    const notPaid = await t.rest('DELETE', `${base}/payment`, undefined, { token: admin });
    expect(notPaid.status).toBe(409);
    const byOwner = await t.rest('PUT', `${base}/recalculate`, undefined, { token: owner });
    expect(byOwner.status).toBe(403);
    const deleted = await t.rest('DELETE', base, undefined, { token: admin });
    expect(deleted.body).toEqual({ message: RECEIPT_MESSAGES.deleted, receipt: null });
    expect((await t.rest('GET', base, undefined, { token: admin })).status).toBe(404);
  });

  it('answers 2079 for a receipt paid before: 409 on actions and capture, 412 with the receipt on the pay read', async () => {
    const base = olivos(`/houses/${ownHouseId}/receipts/${ownReceiptId}`);
    const capture = { items: [ownReceiptId], id_income_account: clabeAccountId, payment_date: today, authorization: 'SPEI-4411' };
    const captured = await t.rest('POST', olivos(`/houses/${ownHouseId}/payments`), capture, { token: admin, headers: { 'idempotency-key': 'captura-1' } });
    expect(captured.status).toBe(201);
    expect(captured.body).toEqual({ message: PAYMENT_CAPTURED, total: '1500.50', receipts: [{ id: ownReceiptId, amount: '1500.50' }] });
    // The same key repeats the first answer instead of a 2079.
    const repeated = await t.rest('POST', olivos(`/houses/${ownHouseId}/payments`), capture, { token: admin, headers: { 'idempotency-key': 'captura-1' } });
    expect(repeated.body).toEqual(captured.body);

    const envelope = { code: 2079, description: RECEIPT_ALREADY_PAID };
    const again = await t.rest('POST', olivos(`/houses/${ownHouseId}/payments`), { ...capture, items: [{ id: ownReceiptId }] }, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(envelope);
    for (const [method, suffix] of [
      ['PUT', '/recalculate'],
      ['PUT', '/penalization'],
      ['DELETE', '/discount'],
      ['PUT', '/wallet'],
      ['DELETE', ''],
    ] as const) {
      const answer = await t.rest(method, `${base}${suffix}`, undefined, { token: admin });
      expect([method, suffix, answer.status, answer.body]).toEqual([method, suffix, 409, envelope]);
    }

    const read = await t.rest('GET', base, undefined, { token: owner });
    expect(read.status).toBe(412);
    expect(read.body).toMatchObject({
      ...envelope,
      receipt: {
        id: ownReceiptId,
        receipt_payment_status: 'PAID',
        receipt_payment_method: 'MANUAL',
        transaction_total: '1500.50',
        id_income_account: clabeAccountId,
        payment_authorization: 'SPEI-4411',
        real_payment_date: today,
        group: 'COMPLETED',
        documents: { receipt: true },
      },
    });
  });

  it("keeps other communities' receipts out (404) and other houses away from owners (403)", async () => {
    const torre = (path: string) => `/neighborhoods/${torreId}/houses/${torreHouseId}${path}`;
    for (const path of [`/receipts/${ownReceiptId}`, `/receipts/${ownReceiptId}/notes`, `/receipts/${ownReceiptId}/receipt`]) {
      const answer = await t.rest('GET', torre(path), undefined, { token: torreAdmin });
      expect([path, answer.status, answer.body]).toEqual([path, 404, { code: 404, description: RECEIPT_NOT_FOUND }]);
    }
    const action = await t.rest('PUT', torre(`/receipts/${ownReceiptId}/recalculate`), undefined, { token: torreAdmin });
    expect(action.status).toBe(404);
    // Naming the other community's house in this community's path does not reach it either.
    const foreignHouse = await t.rest('GET', olivos(`/houses/${torreHouseId}/receipts`), undefined, { token: admin });
    expect(foreignHouse.status).toBe(404);

    const otherHouse = await t.rest('GET', olivos(`/houses/${otherHouseId}/receipts`), undefined, { token: owner });
    expect(otherHouse.status).toBe(403);
    expect(otherHouse.body).toEqual({ code: 403, description: FOREIGN_RECEIPT });
    for (const path of [`/receipts/${otherReceiptId}`, `/receipts/${otherReceiptId}/receipt`]) {
      expect((await t.rest('GET', olivos(`/houses/${otherHouseId}${path}`), undefined, { token: owner })).status).toBe(403);
    }
    // Under the owner's own house, another house's receipt is not there.
    expect((await t.rest('GET', olivos(`/houses/${ownHouseId}/receipts/${otherReceiptId}`), undefined, { token: owner })).status).toBe(404);
    const statement = await t.rest('GET', olivos(`/houses/${otherHouseId}/statement`), undefined, { token: owner });
    expect(statement.status).toBe(403);
    expect(statement.body.description).toBe(FOREIGN_HOUSE);
  });
});

describe('PDFs', () => {
  it('answers a receipt as application/pdf with its figures and accents', async () => {
    const response = await raw('GET', olivos(`/houses/${ownHouseId}/receipts/${ownReceiptId}/receipt`), owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="recibo-${ownReceiptId}.pdf"`);
    const [page, ...more] = await pdfPages(response);
    expect(more).toEqual([]);
    for (const expected of [
      'Residencial Los Olivos',
      `Folio ${ownReceiptId}`,
      'Cuota extraordinaria: impermeabilización',
      'Marzo 2031',
      '15/03/2031',
      '$1,500.50',
      'Pagado',
      'Pago registrado',
      'SPEI-4411',
      'Patricia Ruiz',
    ]) {
      expect(page).toContain(expected);
    }
  });

  it("prints a maintenance's receipts in one PDF, one per page (AReceiptsPrintBulk)", async () => {
    const response = await raw('GET', olivos(`/maintenances/${extraordinaryId}/receipts/print`), admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfPages(response);
    const receipts = await t.app.db.prisma.receipt.findMany({ where: { maintenanceId: extraordinaryId, deletedAt: null }, orderBy: { id: 'asc' } });
    expect(pages).toHaveLength(receipts.length);
    pages.forEach((page, i) => {
      expect(page).toContain(`Folio ${receipts[i].id}`);
      expect(page).toContain('$1,500.50');
    });
    const owners = await raw('GET', olivos(`/maintenances/${extraordinaryId}/receipts/print`), owner);
    expect(owners.status).toBe(403);
    const foreign = await raw('GET', `/neighborhoods/${torreId}/maintenances/${extraordinaryId}/receipts/print`, torreAdmin);
    expect(foreign.status).toBe(404);
  });

  it('answers the statement as JSON and as PDF with the same figures', async () => {
    const range = '?from=2020-01-01&to=2031-12-31';
    const json = await t.rest('GET', olivos(`/houses/${ownHouseId}/statement${range}`), undefined, { token: owner });
    expect(json.status).toBe(200);
    const s = json.body;
    expect(money(s.opening_balance).plus(s.charges).plus(s.payments).plus(s.adjustments).toFixed(2)).toBe(s.closing_balance);
    const charge = s.rows.find((r: any) => r.id_receipt === ownReceiptId && r.kind === 'CHARGE');
    expect(charge).toMatchObject({ date: '2031-03-15', amount: '-1500.50', charge: '1500.50', payment: null });

    const response = await raw('GET', olivos(`/houses/${ownHouseId}/statement/pdf${range}`), owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfPages(response)).join('\n');
    for (const expected of [
      'Estado de cuenta',
      'Propietario: Patricia Ruiz',
      'Periodo: del 01/01/2020 al 31/12/2031',
      formatPesos(s.opening_balance),
      formatPesos(s.charges),
      formatPesos(s.payments),
      formatPesos(s.closing_balance),
      '15/03/2031',
      'Cuota extraordinaria: impermeabilización',
    ]) {
      expect(text).toContain(expected);
    }
    const bad = await t.rest('GET', olivos(`/houses/${ownHouseId}/statement?from=2031-12-31&to=2031-01-01`), undefined, { token: owner });
    expect(bad.status).toBe(400);
  });
});

describe('balances', () => {
  it('reads the balances, adjusts one wallet and transfers between wallets', async () => {
    const before = await t.rest('GET', olivos(`/houses/${otherHouseId}/balance`), undefined, { token: admin });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ id_house: otherHouseId, ordinary: expect.any(String), extraordinary: expect.any(String) });
    const ordinary = before.body.balances.find((b: any) => b.wallet.type === 'ORDINARY');
    const extraordinary = before.body.balances.find((b: any) => b.wallet.type === 'EXTRAORDINARY');
    expect(ordinary).toMatchObject({ measured_service: null, balance: before.body.ordinary });

    const adjusted = await t.rest(
      'PUT',
      olivos(`/houses/${otherHouseId}/balance`),
      { id_wallet: ordinary.wallet.id, amount: '200.00', reason: 'Bonificación por reparación de banqueta' },
      { token: admin },
    );
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.message).toBe(RECEIPT_MESSAGES.balanceModified);
    expect(adjusted.body.ordinary).toBe(money(before.body.ordinary).plus(200).toFixed(2));
    const byOwner = await t.rest('PUT', olivos(`/houses/${ownHouseId}/balance`), { id_wallet: ordinary.wallet.id, amount: 5, reason: 'x' }, { token: owner });
    expect(byOwner.status).toBe(403);

    const wallets = await t.rest('GET', olivos(`/houses/${otherHouseId}/transfer-balance`), undefined, { token: admin });
    expect(wallets.body.wallets).toContainEqual({
      id: ordinary.wallet.id,
      type: 'ORDINARY',
      name: expect.any(String),
      id_measured_service: null,
      balance: adjusted.body.ordinary,
    });
    const moved = await t.rest(
      'POST',
      olivos(`/houses/${otherHouseId}/transfer-balance`),
      { id_from_wallet: ordinary.wallet.id, id_to_wallet: extraordinary.wallet.id, amount: 50 },
      { token: admin },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(RECEIPT_MESSAGES.transferDone);
    const after = new Map(moved.body.wallets.map((w: any) => [w.type, w.balance]));
    expect(after.get('ORDINARY')).toBe(money(adjusted.body.ordinary).minus(50).toFixed(2));
    expect(after.get('EXTRAORDINARY')).toBe(money(before.body.extraordinary).plus(50).toFixed(2));
    const same = await t.rest(
      'POST',
      olivos(`/houses/${otherHouseId}/transfer-balance`),
      { id_from_wallet: ordinary.wallet.id, id_to_wallet: ordinary.wallet.id, amount: 1 },
      { token: admin },
    );
    expect(same.status).toBe(400);
  });

  it('offers and creates a manual payment request (201 with its id)', async () => {
    const options = await t.rest('GET', olivos(`/houses/${ownHouseId}/manual-payment`), undefined, { token: owner });
    expect(options.status).toBe(200);
    expect(options.body.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const concept = options.body.concepts[0];
    if (!concept) return;
    expect(concept).toMatchObject({ id_receipt_concept: expect.any(Number), max_amount: expect.any(String) });
    const created = await t.rest(
      'POST',
      olivos(`/houses/${ownHouseId}/manual-payment`),
      { id_receipt_concept: concept.id_receipt_concept, amount: '300.00', notes: 'Anticipo de cuotas' },
      { token: owner },
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), message: expect.any(String) });
    const row = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row).toMatchObject({ houseId: ownHouseId, creditsWallet: true, notes: 'Anticipo de cuotas' });
  });
});
