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
      expect.arrayContaining([
        'has_discount',
        'cutoff_day',
        'early_payment_discount_type',
        'early_payment_discount',
        'discount_end_day',
        'has_penalty',
        'deadline_day',
        'penalty_fee_type',
        'penalty_fee',
      ]),
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

const HOUSE_KEYS = ['id_inner_neighborhood', 'tax_receipt', 'balances', 'unreferenced_debts', 'users'];

describe('houses', () => {
  it('the list, the search and the detail answer id_inner_neighborhood, tax_receipt, balances, unreferenced_debts and users', async () => {
    const list = await t.rest('GET', '/neighborhoods/1/houses?page_size=50', undefined, { token: admin });
    expect(list.status).toBe(200);
    for (const house of list.body.content) for (const key of HOUSE_KEYS) expect(house).toHaveProperty(key);
    const mine = list.body.content.find((h: any) => h.id === ownerHouseId);
    const balance = (await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}/balance`, undefined, { token: admin })).body;
    expect(mine.balances).toEqual({ ordinary: balance.ordinary, extraordinary: balance.extraordinary, balances: balance.balances });
    const debt = (b: string) => (b.startsWith('-') ? b : '0.00');
    expect(mine.unreferenced_debts).toEqual({
      ordinary: debt(balance.ordinary),
      balances: balance.balances.map((w: any) => ({ wallet: w.wallet, balance: debt(w.balance) })),
    });
    expect(mine.users).toContainEqual({
      id: expect.any(Number),
      first_name: expect.any(String),
      last_name: expect.anything(),
      email: 'propietario@demo.mx',
      id_role: expect.any(Number),
      role: { id: expect.any(Number), name: 'Propietario', kind: 'OWNER' },
    });
    const stored = await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: ownerHouseId }, select: { innerNeighborhoodId: true } });
    expect(mine.id_inner_neighborhood).toBe(stored.innerNeighborhoodId);

    const file = await t.app.db.prisma.storedFile.create({
      data: { neighborhoodId: 1, name: 'constancia.pdf', contentType: 'application/pdf', size: 4, data: Buffer.from('%PDF') },
    });
    await t.app.db.prisma.houseTaxInfo.upsert({
      where: { houseId: ownerHouseId },
      create: {
        houseId: ownerHouseId,
        neighborhoodId: 1,
        rfc: 'GODE561231GR8',
        businessName: 'PATRICIA RUIZ GÓMEZ',
        fiscalRegime: 'RF612',
        cfdiUse: 'G03',
        postalCode: '76000',
        state: 'QUE',
        country: 'México',
        taxReceiptFileId: file.id,
      },
      update: { taxReceiptFileId: file.id },
    });
    const detail = await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}`, undefined, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.house).toMatchObject({
      tax_receipt: `/api/1.0/files/${file.id}`,
      balances: mine.balances,
      unreferenced_debts: mine.unreferenced_debts,
      users: mine.users,
    });
    const found = await t.rest('GET', `/neighborhoods/1/houses/search?phrase=${encodeURIComponent('propietario@demo.mx')}`, undefined, { token: admin });
    expect(found.status).toBe(200);
    const hit = found.body.content.find((h: any) => h.id === ownerHouseId);
    expect(hit).toMatchObject({ tax_receipt: `/api/1.0/files/${file.id}`, balances: mine.balances, users: mine.users });
  });

  it('an owner lists and searches its own house only, and reads its detail', async () => {
    const list = await t.rest('GET', '/neighborhoods/1/houses', undefined, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.content.map((h: any) => h.id)).toEqual([ownerHouseId]);
    for (const key of HOUSE_KEYS) expect(list.body.content[0]).toHaveProperty(key);
    expect(list.body.content[0].balances).not.toBeNull();
    const other = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: 1, id: { not: ownerHouseId }, status: 'ACTIVE' } });
    const search = await t.rest('GET', `/neighborhoods/1/houses/search?phrase=${encodeURIComponent(other.catastral ?? 'OLV')}`, undefined, { token: owner });
    expect(search.status).toBe(200);
    expect(search.body.content.every((h: any) => h.id === ownerHouseId)).toBe(true);
    expect((await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}`, undefined, { token: owner })).status).toBe(200);
    expect((await t.rest('GET', `/neighborhoods/1/houses/${other.id}`, undefined, { token: owner })).status).not.toBe(200);
    // A resident (no receipts of its own to read) is still refused the list.
    const resident = await t.signIn('residente@demo.mx');
    expect((await t.rest('GET', '/neighborhoods/1/houses', undefined, { token: resident })).status).toBe(403);
  });
});

describe('personal and tax data', () => {
  it("the tax-data PUT takes the spec's fields alone (the owner's name as business name)", async () => {
    const prisma = t.app.db.prisma;
    const house = await prisma.house.findFirstOrThrow({
      where: { neighborhoodId: 1, status: 'ACTIVE', ownerUserId: { not: null }, taxInfo: null },
      select: { id: true, owner: { select: { firstName: true, lastName: true } } },
    });
    const body = { rfc: 'GODE561231GR8', fiscal_regime: 'RF612', cfdi_use: 'G03', address: { zip_code: '76000', state: 'QUE' } };
    const saved = await t.rest('PUT', `/neighborhoods/1/houses/${house.id}/tax-information`, body, { token: admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const name = [house.owner!.firstName, house.owner!.lastName].filter(Boolean).join(' ').toUpperCase();
    expect(saved.body).toMatchObject({
      rfc: 'GODE561231GR8',
      business_name: name,
      fiscal_regime: 'RF612',
      cfdi_use: 'G03',
      address: { zip_code: '76000', state: 'QUE', country: 'México' },
    });
    // Again without it: the stored name stays.
    await prisma.houseTaxInfo.update({ where: { houseId: house.id }, data: { businessName: 'NOMBRE GUARDADO' } });
    const again = await t.rest('PUT', `/neighborhoods/1/houses/${house.id}/tax-information`, { ...body, cfdi_use: 'G01' }, { token: admin });
    expect(again.body).toMatchObject({ business_name: 'NOMBRE GUARDADO', cfdi_use: 'G01' });
  });

  it('/users/me answers facebook_app_id (null: no Facebook sign-in)', async () => {
    const me = await t.rest('GET', '/users/me', undefined, { token: owner });
    expect(me.status).toBe(200);
    expect(me.body).toHaveProperty('facebook_app_id', null);
    expect(me.body).toMatchObject({ first_name: expect.any(String), email: 'propietario@demo.mx', new_email: null });
  });
});

describe('rules where the spec is silent', () => {
  it('every list answers { total, content }: the dashboard lists and the house search too', async () => {
    for (const path of ['latest-paid-receipts', 'latest-in-review-receipts', 'monthly-incomes', 'monthly-outcomes']) {
      const { status, body } = await t.rest('GET', `/neighborhoods/1/dashboard/${path}`, undefined, { token: admin });
      expect(status, path).toBe(200);
      if (path.startsWith('latest')) expect(body.total, path).toBeGreaterThanOrEqual(body.content.length);
      else expect(body.total, path).toBe(body.content.length);
      expect(Array.isArray(body.content), path).toBe(true);
      expect(body, path).not.toHaveProperty('data');
    }
    const debts = await t.rest('GET', '/neighborhoods/1/dashboard/debts', undefined, { token: admin });
    expect(Object.keys(debts.body).sort()).toEqual(['by', 'houses', 'stats', 'total']);
    const onboarding = await t.rest('GET', '/neighborhoods/1/dashboard/onboarding-stats', undefined, { token: admin });
    expect(Object.keys(onboarding.body).sort()).toEqual(['house_stats', 'houses']);
    const search = await t.rest('GET', '/neighborhoods/1/houses/search?phrase=OLV', undefined, { token: admin });
    expect(search.body.total).toBe(search.body.content.length);
  });

  it('a missing end of a period is filled the same way everywhere; the house statement without dates is the year to date', async () => {
    const { timeZone } = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: 1 }, select: { timeZone: true } });
    const today = todayIn(timeZone);
    const year = `${today.slice(0, 4)}-01-01`;
    // The incomes report needs from or to (spec 2 section 5); the community statement follows it.
    expect((await t.rest('GET', '/neighborhoods/1/incomes', undefined, { token: admin })).status).toBe(400);
    const onlyTo = await t.rest('GET', '/neighborhoods/1/incomes?to=2025-06-30', undefined, { token: admin });
    expect(onlyTo.body).toMatchObject({ from: '2025-01-01', to: '2025-06-30' });
    const onlyFrom = await t.rest('GET', `/neighborhoods/1/statements?from=${year}`, undefined, { token: admin });
    expect(onlyFrom.body).toMatchObject({ from: year, to: today });
    const house = await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}/statement`, undefined, { token: owner });
    expect(house.body).toMatchObject({ from: year, to: today });
    const houseTo = await t.rest('GET', `/neighborhoods/1/houses/${ownerHouseId}/statement?to=2025-06-30`, undefined, { token: owner });
    expect(houseTo.body).toMatchObject({ from: '2025-01-01', to: '2025-06-30' });
  });
});
