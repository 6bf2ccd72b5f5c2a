// Measured-service periods through the real GraphQL and REST handlers on a real database: a period from NEW
// to APPLIED through GraphQL and another through REST (with the XLSX capture sheet), amounts equal to
// serviceCharge to the cent, idempotent and concurrent generation, bad sheets, one pending period, grants,
// other communities, bad input and the statements of the measurements list.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCharge } from '../../../../../core/measuredServices.js';
import { Money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { chargeSetup } from './service.js';
import { makeWaterService, type TestService } from './testSupport.js';

let t: TestApp;
let admin: string;
let owner: string;
let resident: string;
let config: string;
let torreAdmin: string;
let olivosId: number;
let torreId: number;
let today: string;
let water: TestService;
let gas: TestService;
let clabe: number;
let activeHouses: number[];
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const periods = (path = '', community = () => olivosId) => `/neighborhoods/${community()}/measured_services/periods${path}`;
const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const prisma = () => t.app.db.prisma;

const PERIOD = 'databaseId status cost conversionRate dueDate description measurementCounts { total captured missing }';
const result = (
  name: string,
  extra = '',
) => `__typename ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { message ${extra} period { ${PERIOD} } } }
  ... on Error { code message } ... on InputError { issues { field message } }`;
const CREATE = `mutation($input: CreateServicePeriodInput!) { createServicePeriod(input: $input) { ${result('createServicePeriod')} } }`;
const BEGIN = `mutation($input: BeginServicePeriodMeasurementsInput!) { beginServicePeriodMeasurements(input: $input) { ${result('beginServicePeriodMeasurements', 'created')} } }`;
const SAVE = `mutation($input: SaveServicePeriodMeasurementsInput!) { saveServicePeriodMeasurements(input: $input) { ${result('saveServicePeriodMeasurements', 'saved')} } }`;
const COMPLETE = `mutation($input: CompleteServicePeriodMeasurementsInput!) { completeServicePeriodMeasurements(input: $input) { ${result('completeServicePeriodMeasurements')} } }`;
const GENERATE = `mutation($input: GenerateServicePeriodReceiptsInput!) { generateServicePeriodReceipts(input: $input) { ${result('generateServicePeriodReceipts', 'created')} } }`;

async function gql(query: string, variables: Record<string, unknown>, token = admin) {
  const { status, body } = await t.gql(query, variables, { token });
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}

const field = (body: any) => Object.values(body.data ?? {})[0] as any;

/** What serviceCharge says a house owes: the reference every receipt is compared with. */
async function expectedTotal(serviceId: number, period: { cost: string; conversionRate: string }, consumption: string) {
  const setup = await chargeSetup(prisma() as never, serviceId);
  return serviceCharge({ type: 'TABLE', ...setup, cost: period.cost, conversionRate: period.conversionRate, consumption }).total;
}

async function uploadSheet(periodId: number, bytes: Uint8Array | string, token = admin, name = 'mediciones.xlsx') {
  const form = new FormData();
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  const response = await t.app.fetch(
    new Request(`${BASE}/api/1.0${periods(`/${periodId}/measurements/xlsx`)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.7' },
      body: form,
    }),
  );
  return { status: response.status, body: await response.json() };
}

async function readings(periodId: number) {
  return prisma().measurement.findMany({ where: { periodId }, orderBy: { houseId: 'asc' } });
}

beforeAll(async () => {
  t = await startTestApp();
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  resident = await t.signIn('residente@demo.mx');
  config = await t.signIn('config@demo.mx');
  torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
  today = todayIn('America/Mexico_City');
  water = await makeWaterService(prisma(), olivosId, { description: 'Agua de prueba' });
  gas = await makeWaterService(prisma(), olivosId, { description: 'Gas de prueba' });
  clabe = (await prisma().incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  activeHouses = (await prisma().house.findMany({ where: { neighborhoodId: olivosId, status: 'ACTIVE' }, orderBy: { id: 'asc' }, select: { id: true } })).map(
    (h) => h.id,
  );
});
afterAll(() => t.close());

describe('the demo community', () => {
  it('has water with two applied periods whose receipts match serviceCharge, some paid', async () => {
    const service = await prisma().measuredService.findFirstOrThrow({ where: { neighborhoodId: olivosId, description: 'Agua' } });
    const list = await t.rest('GET', periods(`?service=${service.id}`), undefined, { token: admin });
    expect(list.body.content.map((p: any) => p.status)).toEqual(['APPLIED', 'APPLIED']);
    for (const p of list.body.content) {
      const incomes = await t.rest('GET', periods(`/${p.id}/incomes`), undefined, { token: admin });
      expect(incomes.body.paid_receipts).toBeGreaterThan(0);
      expect(incomes.body.paid_receipts).toBeLessThan(incomes.body.receipts);
      const receipts = await prisma().receipt.findMany({
        where: { servicePeriodId: p.id },
        include: { house: { include: { measurements: { where: { periodId: p.id } } } } },
      });
      for (const r of receipts) {
        const m = r.house.measurements[0];
        const consumption = new Money(m.measurement!.toString()).minus(m.previous.toString()).toString();
        expect(r.amount.toFixed(2)).toBe(await expectedTotal(service.id, { cost: '0', conversionRate: '1' }, consumption));
      }
    }
  });
});

describe('a period from NEW to APPLIED through GraphQL', () => {
  let periodId: number;
  const values = new Map<number, string>();

  it('registers the period (TABLE: cost 0 and rate 1) and refuses a second pending one', async () => {
    const body = await gql(CREATE, {
      input: { serviceId: gid('MeasuredService', water.id), description: 'Noviembre 2026', dueDate: addDays(10), cost: '99', conversionRate: '3' },
    });
    const created = field(body);
    expect(created.__typename, JSON.stringify(body)).toBe('MutationCreateServicePeriodSuccess');
    expect(created.data.message).toBe('El periodo ha sido registrado');
    expect(created.data.period).toMatchObject({ status: 'NEW', cost: '0', conversionRate: '1', dueDate: addDays(10), description: 'Noviembre 2026' });
    periodId = created.data.period.databaseId;

    const second = field(await gql(CREATE, { input: { serviceId: gid('MeasuredService', water.id), description: 'Otro', dueDate: addDays(10) } }));
    expect(second).toMatchObject({ __typename: 'ConflictError', code: 409 });
    expect(second.message).toMatch(/ya tiene un periodo pendiente/);
    expect(await prisma().servicePeriod.count({ where: { serviceId: water.id } })).toBe(1);
  });

  it('begins the measurements once: one row per active house starting at 0', async () => {
    const begun = field(await gql(BEGIN, { input: { id: gid('ServicePeriod', periodId) } }));
    expect(begun.data.period).toMatchObject({ status: 'READY', measurementCounts: { total: activeHouses.length, captured: 0, missing: activeHouses.length } });
    expect(begun.data.created).toBe(activeHouses.length);
    const again = field(await gql(BEGIN, { input: { id: gid('ServicePeriod', periodId) } }));
    expect(again.data.created).toBe(0);
    const rows = await readings(periodId);
    expect(rows.map((r) => r.houseId)).toEqual(activeHouses);
    expect(rows.every((r) => r.previous.toString() === '0' && r.measurement === null)).toBe(true);
  });

  it('refuses bad readings naming each row, writing nothing', async () => {
    const [a, b, c, d] = activeHouses;
    const body = await gql(SAVE, {
      input: {
        periodId: gid('ServicePeriod', periodId),
        items: [
          { houseId: gid('House', a), measurement: '12.5' },
          { houseId: gid('House', b), measurement: '-1' },
          { houseId: gid('House', c), measurement: '1e3' },
          { houseId: gid('House', d), measurement: '1.2345' },
          { houseId: gid('House', a), measurement: '13' },
        ],
      },
    });
    const r = field(body);
    expect(r.__typename, JSON.stringify(body)).toBe('InputError');
    expect(r.issues.map((i: any) => i.field)).toEqual(['items.1.measurement', 'items.2.measurement', 'items.3.measurement', 'items.4.measurement']);
    expect(r.message).toMatch(/mayor o igual a cero/);
    const nul = await t.gql(
      SAVE,
      { input: { periodId: gid('ServicePeriod', periodId), items: [{ houseId: gid('House', c), measurement: '1\u0000' }] } },
      { token: admin },
    );
    expect(nul.status).toBeLessThan(500);
    expect(nul.body.errors[0].message).toMatch(/caracteres no permitidos/);
    expect((await readings(periodId)).every((m) => m.measurement === null)).toBe(true);
  });

  it('saves a subset, refuses completing while readings are missing, then completes', async () => {
    const items = activeHouses.map((h, i) => {
      const value = ['0', '7.25', '10', '18.5', '30.5', '45'][i % 6];
      values.set(h, value);
      return { houseId: gid('House', h), measurement: value };
    });
    const half = Math.floor(items.length / 2);
    const saved = field(await gql(SAVE, { input: { periodId: gid('ServicePeriod', periodId), items: items.slice(0, half) } }));
    expect(saved.data).toMatchObject({ saved: half, message: 'Las mediciones han sido guardadas' });
    expect(saved.data.period.measurementCounts.captured).toBe(half);

    const missing = items.length - half;
    const refused = field(await gql(COMPLETE, { input: { id: gid('ServicePeriod', periodId) } }));
    expect(refused).toMatchObject({ __typename: 'ConflictError', message: `Falta capturar la medición de ${missing} propiedades` });

    const done = field(await gql(SAVE, { input: { periodId: gid('ServicePeriod', periodId), items: items.slice(half), complete: true } }));
    expect(done.data.period.status, JSON.stringify(done)).toBe('COMPLETED');
    expect((await readings(periodId)).every((m) => m.edited && m.measurement !== null)).toBe(true);
    // Completed: no more readings, no more edits of the period.
    const late = field(await gql(SAVE, { input: { periodId: gid('ServicePeriod', periodId), items: items.slice(0, 1) } }));
    expect(late.__typename).toBe('ConflictError');
  });

  it('generates one receipt per house with a charge, priced by serviceCharge to the cent, once', async () => {
    const period = await prisma().servicePeriod.findUniqueOrThrow({ where: { id: periodId } });
    const generated = field(await gql(GENERATE, { input: { id: gid('ServicePeriod', periodId) } }));
    expect(generated.data.period.status, JSON.stringify(generated)).toBe('APPLIED');
    const receipts = await prisma().receipt.findMany({ where: { servicePeriodId: periodId }, orderBy: { houseId: 'asc' } });
    let expectedCount = 0;
    for (const h of activeHouses) {
      const total = await expectedTotal(water.id, { cost: '0', conversionRate: '1' }, values.get(h)!);
      const receipt = receipts.find((r) => r.houseId === h);
      if (new Money(total).isZero()) {
        expect(receipt).toBeUndefined();
        continue;
      }
      expectedCount++;
      expect(receipt, `house ${h}`).toBeDefined();
      expect(receipt!.amount.toFixed(2)).toBe(total);
      expect(receipt!.sourceAmount.toFixed(2)).toBe(total);
      expect(receipt).toMatchObject({
        walletId: water.walletId,
        incomeConceptId: water.incomeConceptId,
        measuredServiceId: water.id,
        status: 'NEW',
        description: `Agua de prueba · Noviembre 2026 · consumo ${new Money(values.get(h)!).toString()}`,
      });
      expect(receipt!.dueDate.toISOString().slice(0, 10)).toBe(period.dueDate.toISOString().slice(0, 10));
    }
    expect(generated.data.created).toBe(expectedCount);
    expect(receipts.length).toBe(expectedCount);
    // 18.5 m³ at 12.75 = 235.88; drainage 20% = 47.18; IVA 16% of it = 7.55; total 290.61.
    expect(await expectedTotal(water.id, { cost: '0', conversionRate: '1' }, '18.5')).toBe('290.61');

    const again = field(await gql(GENERATE, { input: { id: gid('ServicePeriod', periodId) } }));
    expect(again.data).toMatchObject({ created: 0, message: 'Los recibos del periodo ya se habían generado' });
    const concurrent = await Promise.all([1, 2, 3].map(() => gql(GENERATE, { input: { id: gid('ServicePeriod', periodId) } })));
    expect(concurrent.map((b) => field(b).data.created)).toEqual([0, 0, 0]);
    expect(await prisma().receipt.count({ where: { servicePeriodId: periodId } })).toBe(expectedCount);
  });

  it('an applied period can be neither changed nor deleted', async () => {
    const del = await t.rest('DELETE', periods(`/${periodId}`), undefined, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.description).toBe('No se puede eliminar un periodo cuyos recibos ya se generaron');
    const put = await t.rest('PUT', periods(`/${periodId}`), { description: 'Cambio' }, { token: admin });
    expect(put.status).toBe(409);
  });
});

describe('a period through REST with the XLSX capture sheet', () => {
  let periodId: number;
  let first: Map<number, string>;

  it('creates, edits and deletes a NEW period; a deleted one frees the service', async () => {
    const created = await t.rest('POST', periods(), { id_service: water.id, description: 'Borrador', due_date: addDays(5) }, { token: admin });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edited = await t.rest('PUT', periods(`/${created.body.id}`), { description: 'Borrador 2', due_date: addDays(6) }, { token: admin });
    expect(edited.body).toMatchObject({ description: 'Borrador 2', due_date: addDays(6), status: 'NEW' });
    const deleted = await t.rest('DELETE', periods(`/${created.body.id}`), undefined, { token: admin });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'El periodo ha sido eliminado' } });
    expect((await t.rest('GET', periods(`/${created.body.id}`), undefined, { token: admin })).body.status).toBe('DELETED');
    const list = await t.rest('GET', periods(`?service=${water.id}`), undefined, { token: admin });
    expect(list.body.content.map((p: any) => p.id)).not.toContain(created.body.id);
  });

  it('starts from the last applied readings', async () => {
    first = new Map(
      (await prisma().measurement.findMany({ where: { period: { serviceId: water.id, status: 'APPLIED' } } })).map((m) => [
        m.houseId,
        m.measurement!.toString(),
      ]),
    );
    const created = await t.rest('POST', periods(), { id_service: water.id, description: 'Diciembre 2026', due_date: addDays(20) }, { token: admin });
    expect(created.status).toBe(201);
    periodId = created.body.id;
    const begun = await t.rest('POST', periods(`/${periodId}/measurements`), undefined, { token: admin });
    expect(begun.body).toMatchObject({ status: 'READY', created: activeHouses.length });
    const page = await t.rest('GET', periods(`/${periodId}/measurements?page_size=100`), undefined, { token: admin });
    expect(page.body.total).toBe(activeHouses.length);
    for (const item of page.body.items) {
      expect(item.previous).toBe(new Money(first.get(item.id) ?? '0').toString());
      expect(item).toMatchObject({ measurement: null, edited: false, consumption: null });
    }
    const house = await prisma().house.findUniqueOrThrow({ where: { id: activeHouses[0] } });
    const filtered = await t.rest('GET', periods(`/${periodId}/measurements?search=${house.exteriorNumber}`), undefined, { token: admin });
    expect(filtered.body.items.map((i: any) => i.id)).toContain(activeHouses[0]);
    expect(filtered.body.total).toBeLessThan(activeHouses.length);
  });

  it('downloads the capture format and refuses bad sheets without writing', async () => {
    const download = await t.app.fetch(
      new Request(`${BASE}/api/1.0${periods(`/${periodId}/measurements/xlsx`)}`, { headers: { authorization: `Bearer ${admin}` } }),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await download.arrayBuffer()) as never);
    const sheet = workbook.getWorksheet('Mediciones')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID de propiedad', 'Propiedad', 'Medición anterior', 'Medición actual']);
    expect(sheet.rowCount).toBe(activeHouses.length + 1);

    // One bad row (below the previous reading) among good ones, one unknown house: nothing saved, both listed.
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      row.getCell(4).value = Number(row.getCell(3).value) + 3;
    }
    sheet.getRow(3).getCell(4).value = Number(sheet.getRow(3).getCell(3).value) - 1;
    const badHouse = Number(sheet.getRow(3).getCell(1).value);
    sheet.addRow([999999, 'X', 0, 5]);
    const bad = await uploadSheet(periodId, new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.description).toBe('La hoja de mediciones tiene 2 errores; no se guardó ninguna medición');
    expect(bad.body.rows[0]).toMatchObject({ row: 3, id_house: badHouse });
    expect(bad.body.rows[0].message).toMatch(/no puede ser menor que la anterior/);
    expect(bad.body.rows[1]).toMatchObject({ row: sheet.rowCount, id_house: null });
    expect((await readings(periodId)).every((m) => m.measurement === null)).toBe(true);

    const text = await uploadSheet(periodId, 'house,measurement\n1,2', admin, 'mediciones.csv');
    expect(text.status).toBe(400);
    expect(text.body.description).toBe('El archivo no es una hoja de cálculo de Excel (.xlsx) válida');
    const huge = await uploadSheet(periodId, new Uint8Array(20 * 1024 * 1024));
    expect(huge).toMatchObject({ status: 413, body: { description: 'El archivo debe pesar como máximo 5 MB' } });
    expect((await uploadSheet(periodId, new Uint8Array(await workbook.xlsx.writeBuffer()), owner)).status).toBe(403);
    expect((await readings(periodId)).every((m) => m.measurement === null)).toBe(true);

    // The good sheet: every reading saved, the period still READY until completed.
    sheet.getRow(3).getCell(4).value = Number(sheet.getRow(3).getCell(3).value) + 3;
    sheet.spliceRows(sheet.rowCount, 1);
    const good = await uploadSheet(periodId, new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({ saved: activeHouses.length, status: 'READY' });
    const page = await t.rest('GET', periods(`/${periodId}/measurements?page_size=5`), undefined, { token: admin });
    expect(page.body.items.every((i: any) => i.consumption === '3' && i.edited)).toBe(true);
  });

  it('completes and generates under three concurrent requests: one set of receipts', async () => {
    const put = await t.rest(
      'PUT',
      periods(`/${periodId}/measurements`),
      { items: [{ id: activeHouses[0], measurement: 100 }], complete: true },
      { token: admin },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.status).toBe('COMPLETED');
    const answers = await Promise.all([1, 2, 3].map(() => t.rest('PATCH', periods(`/${periodId}/receipts`), undefined, { token: admin })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const created = answers.map((a) => a.body.created).sort();
    expect(created.filter((c) => c > 0).length).toBe(1);
    const receipts = await prisma().receipt.findMany({ where: { servicePeriodId: periodId } });
    expect(receipts.length).toBe(created.at(-1));
    expect(await prisma().servicePeriod.count({ where: { serviceId: water.id, status: 'APPLIED' } })).toBe(2);
    const consumption = new Money(100).minus(first.get(activeHouses[0]) ?? '0').toString();
    const mine = receipts.find((r) => r.houseId === activeHouses[0])!;
    expect(mine.amount.toFixed(2)).toBe(await expectedTotal(water.id, { cost: '0', conversionRate: '1' }, consumption));
  });

  it('lists the receipts and the incomes to the cent after a payment', async () => {
    const list = await t.rest('GET', periods(`/${periodId}/receipts?page_size=100`), undefined, { token: admin });
    expect(list.status).toBe(200);
    const total = list.body.total;
    expect(list.body.content[0]).toHaveProperty('consumption');
    const paid = list.body.content[0];
    const pay = await t.gql(
      `mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { __typename ... on Error { message } } }`,
      { input: { houseId: gid('House', paid.id_house), receiptIds: [gid('Receipt', paid.id)], incomeAccountId: clabe, paymentDate: today } },
      { token: admin },
    );
    expect(pay.body.data.capturePayment.__typename, JSON.stringify(pay.body)).toBe('MutationCapturePaymentSuccess');
    const incomes = await t.rest('GET', periods(`/${periodId}/incomes`), undefined, { token: admin });
    expect(incomes.status).toBe(200);
    const charged = sumMoney((await prisma().receipt.findMany({ where: { servicePeriodId: periodId } })).map((r) => r.amount.toFixed(2))).toFixed(2);
    expect(incomes.body).toMatchObject({ receipts: total, paid_receipts: 1, charged, paid: paid.amount, total: 1 });
    expect(incomes.body.pending).toBe(new Money(charged).minus(paid.amount).toFixed(2));
    expect(incomes.body.content[0]).toMatchObject({ id: paid.id, receipt_payment_method: 'MANUAL', amount: paid.amount, real_payment_date: today });
  });
});

describe('attacks', () => {
  let periodId: number;

  beforeAll(async () => {
    const created = await t.rest('POST', periods(), { id_service: gas.id, description: 'Gas enero', due_date: addDays(3) }, { token: admin });
    periodId = created.body.id;
    await t.rest('POST', periods(`/${periodId}/measurements`), undefined, { token: admin });
  });

  it('refuses owners, residents and an administrator without the grants', async () => {
    for (const token of [owner, resident, config]) {
      expect((await t.rest('GET', periods(`?service=${gas.id}`), undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', periods(`/${periodId}/measurements`), undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', periods(), { id_service: gas.id, description: 'X', due_date: addDays(3) }, { token })).status).toBe(403);
      expect((await t.rest('PUT', periods(`/${periodId}/measurements`), { items: [], complete: true }, { token })).status).toBe(403);
      expect((await t.rest('PATCH', periods(`/${periodId}/receipts`), undefined, { token })).status).toBe(403);
      expect((await t.rest('DELETE', periods(`/${periodId}`), undefined, { token })).status).toBe(403);
    }
    const role = await prisma().role.findFirstOrThrow({ where: { neighborhoodId: olivosId, kind: 'ADMIN' } });
    await prisma().role.update({
      where: { id: role.id },
      data: { grants: role.grants.filter((g) => g !== 'AServicePeriodIncomesRead' && g !== 'AServicesPeriodsDelete') },
    });
    try {
      const limited = await t.signIn('admin@demo.mx');
      expect((await t.rest('GET', periods(`/${periodId}/incomes`), undefined, { token: limited })).status).toBe(403);
      expect((await t.rest('DELETE', periods(`/${periodId}`), undefined, { token: limited })).status).toBe(403);
      expect((await t.rest('GET', periods(`/${periodId}/receipts`), undefined, { token: limited })).status).toBe(200);
    } finally {
      await prisma().role.update({ where: { id: role.id }, data: { grants: role.grants } });
    }
    expect((await prisma().servicePeriod.findUniqueOrThrow({ where: { id: periodId } })).status).toBe('READY');
  });

  it("never reaches another community's service, period or house", async () => {
    const torre = () => torreId;
    expect((await t.rest('GET', periods(`/${periodId}`, torre), undefined, { token: torreAdmin })).status).toBe(404);
    expect((await t.rest('GET', periods(`/${periodId}/measurements`, torre), undefined, { token: torreAdmin })).status).toBe(404);
    expect((await t.rest('PATCH', periods(`/${periodId}/receipts`, torre), undefined, { token: torreAdmin })).status).toBe(404);
    expect((await t.rest('DELETE', periods(`/${periodId}`, torre), undefined, { token: torreAdmin })).status).toBe(404);
    expect((await t.rest('POST', periods(`/${periodId}/measurements`, torre), undefined, { token: torreAdmin })).status).toBe(404);
    const create = await t.rest('POST', periods('', torre), { id_service: gas.id, description: 'Ajeno', due_date: addDays(3) }, { token: torreAdmin });
    expect(create).toMatchObject({ status: 404, body: { description: 'El servicio no existe' } });
    expect((await t.rest('GET', periods(`?service=${gas.id}`, torre), undefined, { token: torreAdmin })).body.total).toBe(0);
    // Olivos' administrator with the path of another community: refused by the session's community.
    expect((await t.rest('GET', periods(`/${periodId}`, torre), undefined, { token: admin })).status).toBeGreaterThanOrEqual(400);
    // A house of Torre Azul in Olivos' period.
    const foreignHouse = await prisma().house.findFirstOrThrow({ where: { neighborhoodId: torreId } });
    const put = await t.rest('PUT', periods(`/${periodId}/measurements`), { items: [{ id: foreignHouse.id, measurement: '5' }] }, { token: admin });
    expect(put.status).toBe(400);
    expect(put.body.description).toBe('La propiedad no pertenece a las mediciones de este periodo');
    expect(await prisma().measurement.count({ where: { periodId, houseId: foreignHouse.id } })).toBe(0);
  });

  it('answers bad input with Spanish 4xx, never 500', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', periods(), { id_service: gas.id, description: 'x'.repeat(10_000), due_date: addDays(3) }],
      ['POST', periods(), { id_service: gas.id, description: 'a\u0000b', due_date: addDays(3) }],
      ['POST', periods(), { id_service: gas.id, description: 'Pasado', due_date: addDays(-1) }],
      ['POST', periods(), { id_service: gas.id, description: 'Fecha', due_date: '2026-02-30' }],
      ['POST', periods(), { id_service: 'abc', description: 'X', due_date: addDays(3) }],
      ['POST', periods(), { description: 'Sin servicio', due_date: addDays(3) }],
      ['PUT', periods(`/${periodId}`), { cost: '-5' }],
      ['PUT', periods(`/${periodId}`), { due_date: addDays(-3) }],
      ['PUT', periods(`/${periodId}/measurements`), { items: [{ id: 1, measurement: '1e999' }] }],
      ['PUT', periods(`/${periodId}/measurements`), { items: [{ id: 2_147_483_648, measurement: '1' }] }],
      ['PUT', periods(`/${periodId}/measurements`), { items: [{ id: 1, measurement: '99999999999999999' }] }],
      ['PUT', periods(`/${periodId}/measurements`), { items: 'todos' }],
      ['GET', periods(`?service=${gas.id}&page_size=1000`), undefined],
      ['GET', periods(''), undefined],
      ['GET', periods('/abc'), undefined],
      ['GET', periods(`/${periodId}/measurements?search=${'x'.repeat(500)}`), undefined],
    ];
    for (const [method, path, body] of bad) {
      const r = await t.rest(method, path, body, { token: admin });
      expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path}`).toBeLessThan(500);
      expect(r.body.description).toMatch(/[a-záéíóúñ]/i);
    }
    const unknown = await t.rest('GET', periods('/2147483647'), undefined, { token: admin });
    expect(unknown).toMatchObject({ status: 404, body: { description: 'El periodo no existe' } });
    expect((await readings(periodId)).every((m) => m.measurement === null)).toBe(true);
    const gqlBad = field(await gql(SAVE, { input: { periodId: gid('House', periodId), items: [] } }));
    expect(gqlBad).toMatchObject({ __typename: 'NotFoundError', message: 'El periodo no existe' });
  });

  it('a pending period race leaves one: concurrent creations answer one 201 and Spanish 409s', async () => {
    const other = await makeWaterService(prisma(), olivosId, { description: 'Gas LP', type: 'FACTOR', presetCost: '22.5', presetConversionRate: '1.5' });
    const answers = await Promise.all(
      [1, 2, 3].map((i) => t.rest('POST', periods(), { id_service: other.id, description: `Carrera ${i}`, due_date: addDays(3) }, { token: admin })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.description).toMatch(/periodo pendiente/);
    const created = answers.find((a) => a.status === 201)!.body;
    expect(created).toMatchObject({ cost: '22.5', conversion_rate: '1.5' });
    expect(await prisma().servicePeriod.count({ where: { serviceId: other.id } })).toBe(1);
  });

  it('reads a measurements page in a fixed number of statements', async () => {
    const count = async (size: number) => {
      const before = t.app.db.statements();
      const r = await t.rest('GET', periods(`/${periodId}/measurements?page_size=${size}`), undefined, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.items.length).toBe(Math.min(size, activeHouses.length));
      return t.app.db.statements() - before;
    };
    // The fewest of three requests, within one statement: a request may also record its session as seen; an N+1 would add 49.
    expect(Math.min(await count(50), await count(50), await count(50))).toBeLessThanOrEqual(Math.min(await count(1), await count(1), await count(1)) + 1);
    const receipts = async (size: number) => {
      const before = t.app.db.statements();
      const applied = await prisma().servicePeriod.findFirstOrThrow({ where: { serviceId: water.id, status: 'APPLIED' } });
      const r = await t.rest('GET', periods(`/${applied.id}/receipts?page_size=${size}`), undefined, { token: admin });
      expect(r.status).toBe(200);
      return t.app.db.statements() - before;
    };
    expect(Math.min(await receipts(50), await receipts(50), await receipts(50))).toBeLessThanOrEqual(
      Math.min(await receipts(1), await receipts(1), await receipts(1)) + 1,
    );
  });
});
