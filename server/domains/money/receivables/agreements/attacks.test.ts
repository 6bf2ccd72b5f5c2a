// Payment agreements attacked from outside through the real handlers: grants, paying or deleting the
// receipts of a cancelled or active agreement, concurrent cancels, totals to the cent, odd input, and the
// number of statements of the lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let olivosId: number;
let ordinaryWallet: number;
let clabe: number;
let today: string;
const houses: number[] = [];
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;
const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const prisma = () => t.app.db.prisma;

const CREATE = `mutation($input: CreateAgreementInput!) { createAgreement(input: $input) { __typename
  ... on MutationCreateAgreementSuccess { data { agreement { databaseId debt pendingReceipts } } } ... on Error { code message } } }`;
const CANCEL = `mutation($input: CancelAgreementInput!) { cancelAgreement(input: $input) { __typename
  ... on MutationCancelAgreementSuccess { data { agreement { databaseId pendingReceipts } } } ... on Error { code message } } }`;

async function balance(houseId: number) {
  const entries = await prisma().ledgerEntry.findMany({ where: { houseId, walletId: ordinaryWallet } });
  return sumMoney(entries.map((e) => e.amount)).toFixed(2);
}

async function addDebt(houseId: number, amount: string) {
  const { body } = await t.gql(
    `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename ... on Error { message } } }`,
    { input: { houseId: gid('House', houseId), walletId: ordinaryWallet, amount: `-${amount}`, reason: 'Adeudo anterior' } },
    { token: admin },
  );
  expect(body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
}

async function create(houseId: number, input: Record<string, unknown> = {}, token = admin) {
  const { status, body } = await t.gql(
    CREATE,
    { input: { houseId: gid('House', houseId), downPayment: '0', instalments: 3, firstDueDate: addDays(7), frequency: 'MONTHLY', ...input } },
    { token },
  );
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}

async function cancel(agreementId: number, token = admin) {
  const { status, body } = await t.gql(CANCEL, { input: { agreementId: gid('Agreement', agreementId) } }, { token });
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}

async function capture(houseId: number, receiptId: number) {
  const { status, body } = await t.gql(
    `mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { __typename ... on Error { code message } } }`,
    { input: { houseId: gid('House', houseId), receiptIds: [gid('Receipt', receiptId)], incomeAccountId: clabe, paymentDate: today } },
    { token: admin },
  );
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body.data?.capturePayment ?? body.errors?.[0];
}

/** A role of Los Olivos with exactly these grants for config@demo.mx. */
async function adminWith(grants: string[]) {
  const name = `Prueba ${grants.join(' ')}`;
  const role = await prisma().role.upsert({
    where: { neighborhoodId_name: { neighborhoodId: olivosId, name } },
    create: { neighborhoodId: olivosId, kind: 'ADMIN', name, grants },
    update: { grants },
  });
  const user = await prisma().user.findUniqueOrThrow({ where: { email: 'config@demo.mx' } });
  await prisma().membership.updateMany({ where: { userId: user.id, neighborhoodId: olivosId }, data: { roleId: role.id } });
  return t.signIn('config@demo.mx');
}

beforeAll(async () => {
  t = await startTestApp();
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  admin = await t.signIn('admin@demo.mx');
  ordinaryWallet = (await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } })).id;
  clabe = (await prisma().incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  today = todayIn('America/Mexico_City');
  const owner = await prisma().membership.findFirstOrThrow({
    where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } },
  });
  const active = await prisma().house.findMany({
    where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: owner.houseId! }, agreements: { none: {} } },
    orderBy: { id: 'asc' },
    take: 8,
  });
  houses.push(...active.map((h) => h.id));
  for (const h of houses) expect(money(await balance(h)).greaterThanOrEqualTo(0)).toBe(true);
});
afterAll(() => t.close());

describe('agreements under attack', () => {
  it('an administrator without AAgreementsCreate or AAgreementsDelete is refused', async () => {
    const h = houses[0];
    await addDebt(h, '100.00');
    const readOnly = await adminWith(['AAgreementsRead', 'AReceiptsRead']);
    expect((await create(h, {}, readOnly)).errors[0].extensions.code).toBe('FORBIDDEN');
    const id = (await create(h)).data.createAgreement.data.agreement.databaseId;
    expect((await cancel(id, readOnly)).errors[0].extensions.code).toBe('FORBIDDEN');
    const onlyCreate = await adminWith(['AAgreementsCreate']);
    expect((await cancel(id, onlyCreate)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.rest('DELETE', olivos(`/houses/${h}/agreements/${id}`), undefined, { token: onlyCreate })).status).toBe(403);
    expect(await prisma().agreement.count({ where: { id, cancelledAt: null } })).toBe(1);
  });

  it('splits odd debts to the cent and refuses amounts with more than two decimals', async () => {
    const h = houses[1];
    await addDebt(h, '1000.01');
    for (const downPayment of ['10.005', '1e2', '0x10', 'NaN', 'Infinity', '-0.01', '\ud800']) {
      const body = await create(h, { downPayment });
      const error = body.data?.createAgreement ?? body.errors?.[0];
      expect(error?.__typename ?? error?.extensions?.code, `${downPayment} ${JSON.stringify(body)}`).toMatch(/^(InputError|BAD_USER_INPUT)$/);
    }
    const body = await create(h, { downPayment: '0.02', instalments: 7, frequency: 'BIWEEKLY' });
    const id = body.data.createAgreement.data.agreement.databaseId;
    const receipts = await prisma().receipt.findMany({ where: { agreementId: id }, orderBy: { id: 'asc' } });
    expect(receipts).toHaveLength(8);
    expect(sumMoney(receipts.map((r) => r.amount)).toFixed(2)).toBe('1000.01');
    expect(receipts.every((r) => money(r.amount).decimalPlaces() <= 2 && money(r.amount).greaterThan(0))).toBe(true);
    expect(await balance(h)).toBe('0.00');
  });

  it('five cancels at once cancel once: one ledger entry, one audit record; the deleted receipts cannot be paid', async () => {
    const h = houses[2];
    await addDebt(h, '333.33');
    const id = (await create(h)).data.createAgreement.data.agreement.databaseId;
    const receipts = await prisma().receipt.findMany({ where: { agreementId: id }, orderBy: { id: 'asc' } });
    expect((await capture(h, receipts[0].id)).__typename).toBe('MutationCapturePaymentSuccess');
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(id)));
    expect(answers.map((a) => a.data.cancelAgreement.__typename).sort()).toEqual([
      'ConflictError',
      'ConflictError',
      'ConflictError',
      'ConflictError',
      'MutationCancelAgreementSuccess',
    ]);
    expect(await prisma().ledgerEntry.count({ where: { houseId: h, kind: 'AGREEMENT_CANCELLED' } })).toBe(1);
    expect(await prisma().auditLog.count({ where: { entity: 'Agreement', entityId: String(id), action: 'CANCEL_AGREEMENT' } })).toBe(1);
    expect(await balance(h)).toBe(money(receipts[0].amount).minus('333.33').toFixed(2));
    // A deleted instalment is not paid afterwards, by capture or by the owner's wallet.
    const late = await capture(h, receipts[1].id);
    expect(late.__typename ?? late.extensions?.code).not.toBe('MutationCapturePaymentSuccess');
    const wallet = await t.rest('PUT', olivos(`/houses/${h}/receipts/${receipts[1].id}/wallet`), undefined, { token: admin });
    expect(wallet.status).toBe(404);
    expect(await balance(h)).toBe(money(receipts[0].amount).minus('333.33').toFixed(2));
  });

  it('cancelling while an instalment has a payment in progress is refused; create and cancel racing leave the ledger consistent', async () => {
    const h = houses[3];
    await addDebt(h, '90.00');
    const id = (await create(h)).data.createAgreement.data.agreement.databaseId;
    const [first] = await prisma().receipt.findMany({ where: { agreementId: id }, orderBy: { id: 'asc' } });
    await prisma().receipt.update({ where: { id: first.id }, data: { status: 'IN_PROGRESS' } });
    expect((await cancel(id)).data.cancelAgreement).toMatchObject({ code: 409 });
    await prisma().receipt.update({ where: { id: first.id }, data: { status: 'NEW' } });
    // Cancel and a new agreement of the debt coming back, at once.
    const [cancelled, again] = await Promise.all([cancel(id), create(h, { instalments: 2 })]);
    expect(cancelled.data.cancelAgreement.__typename).toBe('MutationCancelAgreementSuccess');
    expect(['MutationCreateAgreementSuccess', 'ConflictError']).toContain(again.data.createAgreement.__typename);
    const pending = await prisma().receipt.findMany({ where: { houseId: h, deletedAt: null, status: { not: 'PAID' }, agreementId: { not: null } } });
    expect(
      money(await balance(h))
        .minus(sumMoney(pending.map((r) => r.amount)))
        .toFixed(2),
    ).toBe('-90.00');
  });

  it("an agreement's instalment is not deleted on its own (that would forgive the debt): cancel the agreement", async () => {
    const h = houses[4];
    await addDebt(h, '200.00');
    const id = (await create(h, { instalments: 2 })).data.createAgreement.data.agreement.databaseId;
    const [first] = await prisma().receipt.findMany({ where: { agreementId: id }, orderBy: { id: 'asc' } });
    const deleted = await t.rest('DELETE', olivos(`/houses/${h}/receipts/${first.id}`), undefined, { token: admin });
    expect(deleted.status).toBe(409);
    expect(deleted.body.description).toMatch(/convenio/);
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: first.id } })).deletedAt).toBeNull();
    expect((await cancel(id)).data.cancelAgreement.__typename).toBe('MutationCancelAgreementSuccess');
    expect(await balance(h)).toBe('-200.00');
  });

  it('odd ids and parameters answer Spanish 4xx', async () => {
    const h = houses[5];
    await addDebt(h, '50.00');
    for (const [method, path, body] of [
      ['DELETE', `/houses/${h}/agreements/abc`, undefined],
      ['DELETE', `/houses/${h}/agreements/-1`, undefined],
      ['DELETE', `/houses/${h}/agreements/99999999999999999999`, undefined],
      ['GET', `/houses/${h}/agreements/1.5/pdf`, undefined],
      ['GET', `/houses/x/agreements`, undefined],
      ['POST', `/houses/${h}/agreements`, { instalments: 1e9, first_due_date: addDays(1), frequency: 'MONTHLY' }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2.5, first_due_date: addDays(1), frequency: 'MONTHLY' }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2, first_due_date: '2026-02-30', frequency: 'MONTHLY' }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2, first_due_date: addDays(1), frequency: 'MONTHLY', down_payment: -1 }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2, first_due_date: addDays(1), frequency: 'MONTHLY', down_payment: 1e308 }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2, first_due_date: addDays(1), frequency: 'MONTHLY', debt: '\u0000' }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2, first_due_date: addDays(1), frequency: 'x'.repeat(100_000) }],
      ['POST', `/houses/${h}/agreements`, { instalments: 2, first_due_date: addDays(1), frequency: 'MONTHLY', debt: 50 }],
    ] as const) {
      const r = await t.rest(method, olivos(path), body, { token: admin });
      if (r.status === 201) {
        // A numeric debt equal to the debt is a valid request.
        expect(body).toMatchObject({ debt: 50 });
        continue;
      }
      expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeLessThan(500);
      expect(typeof r.body.description).toBe('string');
    }
  });

  it('the lists read a page in a fixed number of statements', async () => {
    for (const h of houses.slice(6, 8)) {
      await addDebt(h, '10.00');
      await create(h, { instalments: 1 });
    }
    const count = async (size: number) => {
      const before = t.app.db.statements();
      const r = await t.rest('GET', olivos(`/agreements?page_size=${size}`), undefined, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.content.length).toBeGreaterThan(size === 1 ? 0 : 1);
      return t.app.db.statements() - before;
    };
    // The fewest of three requests: a request may also record its session as seen.
    const fewest = async (size: number) => Math.min(await count(size), await count(size), await count(size));
    expect(await fewest(20)).toBeLessThanOrEqual((await fewest(1)) + 1);
  });
});
