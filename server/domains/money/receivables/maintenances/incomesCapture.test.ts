// PUT /maintenances/{id}/incomes and captureMaintenanceIncomes through the real REST and GraphQL handlers:
// payments received for receipts of several houses of one maintenance are recorded at once (all or none),
// the incomes answer them, and the refusals hold (paid before: 2079; a receipt of another maintenance;
// another community's maintenance; a future date; roles without the grant).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { RECEIPT_ALREADY_PAID, todayIn } from '../../../../../core/receipts.js';
import { PAYMENT_CAPTURED } from '../receipts/payments.js';
import { MAINTENANCE_NOT_FOUND } from './service.js';
import { message } from '../../../../kernel/reasons.js';

let t: TestApp;
let admin: string;
let owner: string;
let config: string;
let torreAdmin: string;
let olivosId: number;
let torreId: number;
let clabeAccountId: number;
let today: string;
let maintenanceId: number;
let receipts: { id: number; houseId: number }[];
/** What the houses' balances in favour paid at once when the fee was created (a returned deposit, say), as the incomes list it. */
let autoPaid: { receipt_payment_method: string; receipts: number; amount: string }[];
let autoPaidTotal: number;

const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  config = await t.signIn('config@demo.mx');
  torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
  const olivosRow = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivosRow.id;
  today = todayIn(olivosRow.timeZone);
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  clabeAccountId = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE' } })).id;
  const created = await t.rest(
    'POST',
    olivos('/maintenances'),
    { description: 'Cuota extraordinaria: pintura de fachadas', amount: '800.00', due_date: '2031-05-10' },
    { token: admin },
  );
  expect(created.status).toBe(201);
  maintenanceId = created.body.id;
  const issued = await prisma.receipt.findMany({ where: { maintenanceId }, select: { id: true, houseId: true, status: true }, orderBy: { id: 'asc' } });
  receipts = issued.filter((r) => r.status !== 'PAID');
  const paidAtOnce = issued.length - receipts.length;
  autoPaid = paidAtOnce ? [{ receipt_payment_method: 'WALLET', receipts: paidAtOnce, amount: (800 * paidAtOnce).toFixed(2) }] : [];
  autoPaidTotal = 800 * paidAtOnce;
  expect(new Set(receipts.map((r) => r.houseId)).size).toBeGreaterThanOrEqual(4);
}, 120_000);
afterAll(() => t.close());

describe('PUT /maintenances/{id}/incomes', () => {
  it('records the payments of several houses at once and answers the incomes with them', async () => {
    const [a, b] = receipts;
    const body = { items: [a!.id, { id_receipt: b!.id }], id_income_account: clabeAccountId, payment_date: today, authorization: 'SPEI-LOTE-7' };
    const res = await t.rest('PUT', olivos(`/maintenances/${maintenanceId}/incomes`), body, { token: admin, headers: { 'idempotency-key': 'lote-7' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: PAYMENT_CAPTURED,
      total: '1600.00',
      receipts: [
        { id: a!.id, id_house: a!.houseId, amount: '800.00' },
        { id: b!.id, id_house: b!.houseId, amount: '800.00' },
      ],
      maintenance_incomes: {
        total: (1600 + autoPaidTotal).toFixed(2),
        incomes: expect.arrayContaining([...autoPaid, { receipt_payment_method: 'MANUAL', receipts: 2, amount: '1600.00' }]),
      },
    });
    const paid = await t.app.db.prisma.receipt.findMany({ where: { id: { in: [a!.id, b!.id] } } });
    for (const r of paid) {
      expect(r).toMatchObject({ status: 'PAID', paymentMethod: 'MANUAL', paymentAuthorization: 'SPEI-LOTE-7', incomeAccountId: clabeAccountId });
      expect(r.realPaymentDate!.toISOString().slice(0, 10)).toBe(today);
    }
    const incomes = await t.rest('GET', olivos(`/maintenances/${maintenanceId}/incomes`), undefined, { token: admin });
    expect(res.body.maintenance_incomes.incomes).toHaveLength(1 + autoPaid.length);
    expect(incomes.body).toEqual(res.body.maintenance_incomes);
    // The same request again (same key) answers what it answered; without the key it is a receipt paid before.
    const repeated = await t.rest('PUT', olivos(`/maintenances/${maintenanceId}/incomes`), body, { token: admin, headers: { 'idempotency-key': 'lote-7' } });
    expect(repeated.body).toEqual(res.body);
    const again = await t.rest('PUT', olivos(`/maintenances/${maintenanceId}/incomes`), body, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 2079, description: RECEIPT_ALREADY_PAID });
  });

  it('pays all or none: one receipt paid before leaves the others unpaid', async () => {
    const [a, , c] = receipts;
    const res = await t.rest(
      'PUT',
      olivos(`/maintenances/${maintenanceId}/incomes`),
      { items: [c!.id, a!.id], id_income_account: clabeAccountId, payment_date: today },
      { token: admin },
    );
    expect(res.status).toBe(409);
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: c!.id } })).status).not.toBe('PAID');
  });

  it('works through GraphQL with global ids', async () => {
    const d = receipts[3]!;
    const res = await t.gql(
      `mutation($input: CaptureMaintenanceIncomesInput!) { captureMaintenanceIncomes(input: $input) {
        ... on MutationCaptureMaintenanceIncomesSuccess { data { message total receipts { receiptDatabaseId houseDatabaseId amount } incomes { total } } }
        ... on Error { message } } }`,
      {
        input: {
          maintenanceId: encodeGlobalID('Maintenance', maintenanceId),
          receiptIds: [encodeGlobalID('Receipt', d.id)],
          incomeAccountId: clabeAccountId,
          paymentDate: today,
        },
      },
      { token: admin },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.captureMaintenanceIncomes.data).toEqual({
      message: PAYMENT_CAPTURED,
      total: '800.00',
      receipts: [{ receiptDatabaseId: d.id, houseDatabaseId: d.houseId, amount: '800.00' }],
      incomes: { total: (2400 + autoPaidTotal).toFixed(2) },
    });
  });

  it("refuses a receipt of another maintenance, another community's maintenance, a future date and roles without the grant", async () => {
    const c = receipts[4]!;
    const elsewhere = await t.app.db.prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: olivosId, maintenanceId: { not: maintenanceId }, status: { not: 'PAID' }, deletedAt: null },
    });
    const mixed = await t.rest(
      'PUT',
      olivos(`/maintenances/${maintenanceId}/incomes`),
      { items: [c.id, elsewhere.id], id_income_account: clabeAccountId, payment_date: today },
      { token: admin },
    );
    expect(mixed.status).toBe(404);
    expect(mixed.body.description).toBe(message('MAINTENANCE_RECEIPTS_NOT_FOUND'));

    const foreign = await t.rest(
      'PUT',
      `/neighborhoods/${torreId}/maintenances/${maintenanceId}/incomes`,
      { items: [c.id], id_income_account: clabeAccountId, payment_date: today },
      { token: torreAdmin },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.description).toBe(MAINTENANCE_NOT_FOUND);

    const future = await t.rest(
      'PUT',
      olivos(`/maintenances/${maintenanceId}/incomes`),
      { items: [c.id], id_income_account: clabeAccountId, payment_date: '2099-01-01' },
      { token: admin },
    );
    expect(future.status).toBe(400);

    for (const token of [owner, config]) {
      const refused = await t.rest(
        'PUT',
        olivos(`/maintenances/${maintenanceId}/incomes`),
        { items: [c.id], id_income_account: clabeAccountId, payment_date: today },
        { token },
      );
      expect(refused.status).toBe(403);
    }
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: c.id } })).status).not.toBe('PAID');
  });
});
