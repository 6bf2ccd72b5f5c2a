// The legacy shapes a legacy client reads byte for byte (issue 28, item 5): spec 1 and 2, sections 3 and 9,
// through the real REST handlers on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capDay } from '../../core/maintenance.js';
import { todayIn } from '../../core/receipts.js';
import { startTestApp, type TestApp } from '../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let ownerHouseId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  const membership = await t.app.db.prisma.membership.findFirstOrThrow({
    where: { neighborhoodId: 1, user: { email: 'propietario@demo.mx' }, houseId: { not: null } },
    select: { houseId: true },
  });
  ownerHouseId = membership.houseId!;
});
afterAll(() => t.close());

describe('405 and validation messages', () => {
  it('answers 405 with the Allow header of the path', async () => {
    const wrong = await t.rest('DELETE', '/users/session', undefined, { token: owner });
    expect(wrong.status).toBe(405);
    expect(wrong.response.headers.get('allow')).toBe('GET');
    const cards = await t.rest('PATCH', `/neighborhoods/1/houses/${ownerHouseId}/cards/1/subscription`, undefined, { token: owner });
    expect(cards.status).toBe(405);
    expect(cards.response.headers.get('allow')).toBe('POST, DELETE');
  });

  it('never says NaN when a number or a date does not parse', async () => {
    const bad = await t.rest('GET', '/neighborhoods/1/expenses?page_size=abc', undefined, { token: admin });
    expect(bad.body).toEqual({ code: 400, description: 'page_size: Entrada inválida: se esperaba un número' });
    const houses = await t.rest('GET', '/neighborhoods/1/houses?offset=diez', undefined, { token: admin });
    expect(houses.status).toBe(400);
    expect(houses.body.description).not.toMatch(/NaN|Invalid Date/);
  });
});

describe('saved cards', () => {
  it('answer the brands as the spec spells them', async () => {
    const prisma = t.app.db.prisma;
    const base = {
      neighborhoodId: 1,
      houseId: ownerHouseId,
      gatewayCustomerId: 'cus-legacy',
      cardType: 'credit',
      holderName: 'Lucía Hernández',
      expirationMonth: '12',
      expirationYear: '30',
    };
    await prisma.card.createMany({
      data: [
        { ...base, gatewayCardId: 'card-mc', cardNumber: '555555XXXXXX4444', brand: 'mastercard' },
        { ...base, gatewayCardId: 'card-amex', cardNumber: '345678XXXXX0007', brand: 'american_express' },
        { ...base, gatewayCardId: 'card-visa', cardNumber: '411111XXXXXX1111', brand: 'visa' },
      ],
    });
    const { status, body } = await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}/cards`, undefined, { token: owner });
    expect(status).toBe(200);
    const brands = Object.fromEntries(body.cards.map((c: { card_number: string; brand: string }) => [c.card_number, c.brand]));
    expect(brands).toMatchObject({ '555555XXXXXX4444': 'master_card', '345678XXXXX0007': 'american_express', '411111XXXXXX1111': 'visa' });
    expect(Object.keys(body.cards[0]).sort()).toEqual(
      ['automatic_charge', 'brand', 'card_number', 'card_type', 'expiration_month', 'expiration_year', 'holder_name', 'id'].sort(),
    );
  });
});

describe('receipts', () => {
  it('answer notes, the external payment message, the attachment and payment_date as YYYY-MM-DD', async () => {
    const prisma = t.app.db.prisma;
    const { timeZone } = await prisma.neighborhood.findUniqueOrThrow({ where: { id: 1 }, select: { timeZone: true } });
    const paid = await prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: 1, houseId: ownerHouseId, status: 'PAID', paymentDate: { not: null }, deletedAt: null },
      orderBy: { id: 'desc' },
    });
    const file = await prisma.storedFile.create({
      data: { neighborhoodId: 1, name: 'comprobante.pdf', contentType: 'application/pdf', size: 4, data: Buffer.from('%PDF') },
    });
    await prisma.receipt.update({ where: { id: paid.id }, data: { notes: 'Pagó en ventanilla', attachmentFileId: file.id } });
    const pending = await prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: 1, houseId: ownerHouseId, status: { in: ['NEW', 'SENT'] }, deletedAt: null },
      orderBy: { id: 'asc' },
    });
    const clabe = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: 1, accountType: 'CLABE' } })).id;
    const sent = await t.rest(
      'POST',
      `/neighborhoods/1/houses/${ownerHouseId}/receipts/${pending.id}/external-payment`,
      { method: 'transfer', id_income_account: clabe, authorization: 'SPEI-77', payment_date: todayIn(timeZone), message: 'Transferencia de marzo' },
      { token: owner },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const list = await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}/receipts?page_size=100`, undefined, { token: owner });
    expect(list.status).toBe(200);
    const paidRow = list.body.content.find((r: any) => r.id === paid.id);
    expect(paidRow).toMatchObject({
      notes: 'Pagó en ventanilla',
      attachment: `/api/1.0/files/${file.id}`,
      payment_date: todayIn(timeZone, paid.paymentDate!),
      external_payment_message: null,
    });
    expect(paidRow.payment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reviewRow = list.body.content.find((r: any) => r.id === pending.id);
    expect(reviewRow).toMatchObject({ receipt_payment_status: 'REVIEW', external_payment_message: 'Transferencia de marzo', notes: null, attachment: null });
    for (const row of list.body.content) {
      for (const key of ['notes', 'external_payment', 'external_payment_message', 'payment_date', 'real_payment_date', 'penalty_date', 'cfdi', 'attachment']) {
        expect(row).toHaveProperty(key);
      }
      if (row.payment_date !== null) expect(row.payment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    // The pay screen's read answers the same receipt.
    const read = await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}/receipts/${paid.id}`, undefined, { token: owner });
    expect(read.status).toBe(412);
    expect(read.body.receipt).toEqual(paidRow);
  });
});

describe('maintenances', () => {
  it('answer cutoff_day, discount_end_day and deadline_day in their settings', async () => {
    const prisma = t.app.db.prisma;
    const settings = await prisma.maintenanceSettings.findUniqueOrThrow({ where: { neighborhoodId: 1 } });
    const { status, body } = await t.rest('GET', '/neighborhoods/1/maintenances?page_size=100', undefined, { token: admin });
    expect(status).toBe(200);
    const ordinary = body.content.find((m: any) => m.ordinary);
    expect(ordinary).toBeDefined();
    expect(Object.keys(ordinary.maintenance_settings)).toEqual(
      expect.arrayContaining(['has_discount', 'cutoff_day', 'early_payment_discount_type', 'early_payment_discount', 'discount_end_day', 'has_penalty', 'deadline_day', 'penalty_fee_type', 'penalty_fee']),
    );
    expect(ordinary.maintenance_settings.cutoff_day).toBe(capDay(settings.cutoffDay!, ordinary.year, ordinary.month));
    for (const m of body.content) {
      const s = m.maintenance_settings;
      expect(s.discount_end_day).toBe(s.discount_end_date === null ? null : Number(s.discount_end_date.slice(8)));
      expect(s.deadline_day).toBe(s.deadline_date === null ? null : Number(s.deadline_date.slice(8)));
      if (!m.ordinary) expect(s.cutoff_day).toBeNull();
    }
    expect(body.content.some((m: any) => m.maintenance_settings.deadline_day !== null)).toBe(true);
    const one = await t.rest('GET', `/neighborhoods/1/maintenances/${ordinary.id}`, undefined, { token: admin });
    expect(one.body.maintenance_settings).toEqual(ordinary.maintenance_settings);
  });
});

describe('measured-service periods', () => {
  it("answer each receipt as the full legacy receipt, with the house's consumption", async () => {
    const prisma = t.app.db.prisma;
    const period = await prisma.servicePeriod.findFirstOrThrow({
      where: { neighborhoodId: 1, status: 'APPLIED', receipts: { some: { status: 'PAID' } } },
      select: { id: true },
    });
    const { status, body } = await t.rest('GET', `/neighborhoods/1/measured_services/periods/${period.id}/receipts?page_size=100`, undefined, { token: admin });
    expect(status).toBe(200);
    const houseList = await t.rest('GET', `/neighborhoods/1/houses/${body.content[0].id_house}/receipts?page_size=100`, undefined, { token: admin });
    const same = houseList.body.content.find((r: any) => r.id === body.content[0].id);
    const { house, consumption, ...receipt } = body.content[0];
    expect(receipt).toEqual(same);
    expect(typeof house).toBe('string');
    expect(consumption === null || /^-?\d+(\.\d+)?$/.test(consumption)).toBe(true);
    expect(receipt.measured_service).toEqual({ id: expect.any(Number) });
    const paid = body.content.find((r: any) => r.receipt_payment_status === 'PAID');
    expect(paid.payment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const incomes = await t.rest('GET', `/neighborhoods/1/measured_services/periods/${period.id}/incomes?page_size=100`, undefined, { token: admin });
    expect(incomes.body.content.find((r: any) => r.id === paid.id)).toEqual(paid);
  });
});
