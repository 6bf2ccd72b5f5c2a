import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../../../core/money.js';
import { WITHDRAWAL_IN_PROGRESS } from '../../../../../core/withdrawals.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { PAYOUT_REJECTED_MESSAGE } from '../../../../infra/gateway/sandbox/handler.js';

let t: TestApp;
let admin: string;
let owner: string;
let security: string;
let olivosId: number;
let torreId: number;
let adminId: number;
let clabeId: number;
let cardId: number;
let rejectId: number;
let fundsId: number;
let lostId: number;
let terminalId: number;
let torreAccountId: number;
let providerId: number;
let folio = 9000;

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const prisma = () => t.app.db.prisma;
const OLIVOS = () => `/neighborhoods/${olivosId}/withdrawals`;

const CREATE = `mutation($input: CreateWithdrawalInput!) { createWithdrawal(input: $input) { __typename
  ... on MutationCreateWithdrawalSuccess { data { message withdrawal { id databaseId status amount fee total errorDescription expenseCount items { expenseDatabaseId amount } } } }
  ... on Error { code message } ... on InputError { issues { field message } } } }`;

async function newExpense(total: string, options: { status?: any; neighborhoodId?: number; deleted?: boolean } = {}) {
  const e = await prisma().expense.create({
    data: {
      neighborhoodId: options.neighborhoodId ?? olivosId,
      status: options.status ?? 'APPROVED',
      providerId: (options.neighborhoodId ?? olivosId) === olivosId ? providerId : null,
      description: `Servicio de prueba ${folio}`,
      operationDate: new Date('2026-10-15T00:00:00Z'),
      serie: 'EGR',
      folio: folio++,
      subtotal: total,
      total,
      createdByUserId: adminId,
      deletedAt: options.deleted ? new Date() : null,
    },
  });
  return e.id;
}

async function account(data: { accountType: any; holderName?: string; accountNumber?: string | null; neighborhoodId?: number }) {
  return (
    await prisma().incomeAccount.create({
      data: { neighborhoodId: data.neighborhoodId ?? olivosId, description: `Cuenta ${data.holderName ?? data.accountType}`, ...data },
    })
  ).id;
}

const create = (input: Record<string, unknown>, token = admin) => t.gql(CREATE, { input }, { token }).then((r) => r.body.data?.createWithdrawal ?? r.body);

/** Lets every in-progress sandbox payout reach its settle time and runs the due poll jobs. */
async function settlePayouts() {
  await prisma().$executeRawUnsafe(
    `UPDATE "SandboxGatewayObject" SET data = jsonb_set(data, '{sandbox,settleAt}', '"2000-01-01T00:00:00.000Z"') WHERE kind = 'payout'`,
  );
  await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE kind = 'withdrawals.poll' AND "doneAt" IS NULL`);
  await t.app.jobs.runDue();
}

const snapshot = async () => ({
  withdrawals: await prisma().withdrawal.count(),
  taken: await prisma().expense.count({ where: { withdrawalId: { not: null } } }),
  ledger: await prisma().communityLedgerEntry.count(),
});

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, security] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  adminId = (await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  clabeId = (await prisma().incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  cardId = await account({ accountType: 'CARD', holderName: 'Residencial Los Olivos', accountNumber: '4111111111111111' });
  rejectId = await account({ accountType: 'CLABE', holderName: 'RECHAZO Pruebas', accountNumber: '012180001234567899' });
  fundsId = await account({ accountType: 'CLABE', holderName: 'Sin FONDOS', accountNumber: '012180001234567899' });
  lostId = await account({ accountType: 'CLABE', holderName: 'Banco SIN RESPUESTA', accountNumber: '012180001234567899' });
  terminalId = (await prisma().incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'TERMINAL' } })).id;
  torreAccountId = await account({ accountType: 'CLABE', holderName: 'Torre Azul', accountNumber: '012180001234567899', neighborhoodId: torreId });
  providerId = (await prisma().provider.create({ data: { neighborhoodId: olivosId, name: 'Jardines del Bajío', paymentMethod: 'TRANSFER' } })).id;
});
afterAll(() => t.close());

describe('withdrawals through the sandbox payouts', () => {
  it('creates a withdrawal of two expenses to the CLABE account: in progress, then successful with the ledger entries to the cent', async () => {
    const [a, b] = [await newExpense('1500.50'), await newExpense('2000.25')];
    const available = await t.gql(
      '{ availableExpensesForWithdrawal { databaseId total providerName } withdrawalAccounts { databaseId accountType } }',
      {},
      { token: admin },
    );
    const ids = available.body.data.availableExpensesForWithdrawal.map((e: any) => e.databaseId);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(available.body.data.availableExpensesForWithdrawal.find((e: any) => e.databaseId === a)).toEqual({
      databaseId: a,
      total: '1500.50',
      providerName: 'Jardines del Bajío',
    });
    const accounts = available.body.data.withdrawalAccounts.map((x: any) => x.databaseId);
    expect(accounts).toEqual(expect.arrayContaining([clabeId, cardId]));
    expect(accounts).not.toContain(terminalId);
    expect(accounts).not.toContain(torreAccountId);

    const result = await create({
      accountId: gid('IncomeAccount', clabeId),
      expenseIds: [gid('Expense', a), gid('Expense', b)],
      amount: '3500.75',
      fee: '9.28',
      total: '3510.03',
    });
    expect(result.__typename).toBe('MutationCreateWithdrawalSuccess');
    expect(result.data.message).toBe(WITHDRAWAL_IN_PROGRESS);
    const w = result.data.withdrawal;
    expect(w).toMatchObject({ status: 'IN_PROGRESS', amount: '3500.75', fee: '9.28', total: '3510.03', errorDescription: null, expenseCount: 2 });
    const row = await prisma().withdrawal.findUniqueOrThrow({ where: { id: w.databaseId } });
    expect(row.gatewayPayoutId).toMatch(/^tr/);
    expect((await prisma().expense.findMany({ where: { id: { in: [a, b] } } })).map((e) => e.withdrawalId)).toEqual([w.databaseId, w.databaseId]);
    const after = await t.gql('{ availableExpensesForWithdrawal { databaseId } }', {}, { token: admin });
    expect(after.body.data.availableExpensesForWithdrawal.map((e: any) => e.databaseId)).not.toContain(a);
    const audit = await prisma().auditLog.findMany({ where: { entity: 'Expense', entityId: { in: [String(a), String(b)] } } });
    expect(audit.map((x) => x.action)).toEqual(['WITHDRAWAL_REQUESTED', 'WITHDRAWAL_REQUESTED']);
    expect(await prisma().communityLedgerEntry.count({ where: { withdrawalId: w.databaseId } })).toBe(0);

    await settlePayouts();
    const done = await t.rest('GET', `${OLIVOS()}/${w.databaseId}`, undefined, { token: admin });
    expect(done.body).toMatchObject({ id: w.databaseId, status: 'SUCCESSFUL', amount: '3500.75', fee: '9.28', total: '3510.03', expense_ids: [a, b] });
    const ledger = await prisma().communityLedgerEntry.findMany({ where: { withdrawalId: w.databaseId }, orderBy: { id: 'asc' } });
    expect(ledger.map((e) => [e.accountId, e.kind, money(e.amount).toFixed(2), e.inTransit])).toEqual([
      [null, 'WITHDRAWAL', '-3510.03', false],
      [clabeId, 'WITHDRAWAL', '3500.75', false],
    ]);
    expect(new Set(ledger.map((e) => e.groupId)).size).toBe(1);
    // Still held by the successful withdrawal; settling again changes nothing.
    expect((await prisma().expense.findUniqueOrThrow({ where: { id: a } })).withdrawalId).toBe(w.databaseId);
    await settlePayouts();
    expect(await prisma().communityLedgerEntry.count({ where: { withdrawalId: w.databaseId } })).toBe(2);
  });

  it('a payout the bank rejects fails: the error is kept and shown, the expenses are available again, no ledger entries (REST)', async () => {
    const [a, b] = [await newExpense('100.00', { status: 'PAID' }), await newExpense('250.10', { status: 'INVOICE' })];
    const created = await t.rest(
      'POST',
      OLIVOS(),
      { id_account: rejectId, amount: '350.10', fee: '9.28', total: '359.38', expense_ids: [a, b] },
      { token: admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: WITHDRAWAL_IN_PROGRESS, status: 'IN_PROGRESS', id_account: rejectId, total: '359.38', expense_ids: [a, b] });
    await settlePayouts();
    const failed = await t.rest('GET', `${OLIVOS()}/${created.body.id}`, undefined, { token: admin });
    expect(failed.body).toMatchObject({ status: 'FAILED', error_description: PAYOUT_REJECTED_MESSAGE });
    expect((await prisma().expense.findMany({ where: { id: { in: [a, b] } } })).map((e) => e.withdrawalId)).toEqual([null, null]);
    expect(await prisma().communityLedgerEntry.count({ where: { withdrawalId: created.body.id } })).toBe(0);
    const audit = await prisma().auditLog.findMany({ where: { entity: 'Expense', entityId: String(a) }, orderBy: { id: 'asc' } });
    expect(audit.map((x) => x.action)).toEqual(['WITHDRAWAL_REQUESTED', 'WITHDRAWAL_FAILED']);
    // Available again: a new withdrawal takes them.
    const again = await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [a, b] }, { token: admin });
    expect(again.body).toMatchObject({ status: 'IN_PROGRESS', total: '359.38' });
    const list = await t.rest('GET', `${OLIVOS()}?status=failed`, undefined, { token: admin });
    expect(list.body.content.map((w: any) => w.id)).toContain(created.body.id);
  });

  it('the payout’s own notification settles the withdrawal (no poll needed): payout.succeeded and payout.failed', async () => {
    const [a, b] = [await newExpense('410.00'), await newExpense('220.40')];
    const ok = await create({ accountId: gid('IncomeAccount', clabeId), expenseIds: [gid('Expense', a)], amount: '410.00', fee: '9.28', total: '419.28' });
    const bad = await t.rest('POST', OLIVOS(), { id_account: rejectId, expense_ids: [b] }, { token: admin });
    expect(bad.body.status).toBe('IN_PROGRESS');
    // Only the gateway's notifications are due; the poll jobs wait.
    await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() + interval '1 hour' WHERE kind = 'withdrawals.poll' AND "doneAt" IS NULL`);
    await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE kind = 'sandbox.webhooks' AND "doneAt" IS NULL`);
    await t.app.jobs.runDue();
    const events = await prisma().gatewayEvent.findMany({ where: { neighborhoodId: olivosId, type: { startsWith: 'payout.' } }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.type, e.processedAt != null])).toEqual(
      expect.arrayContaining([
        ['payout.succeeded', true],
        ['payout.failed', true],
      ]),
    );
    const done = await t.rest('GET', `${OLIVOS()}/${ok.data.withdrawal.databaseId}`, undefined, { token: admin });
    expect(done.body.status).toBe('SUCCESSFUL');
    expect(await prisma().communityLedgerEntry.count({ where: { withdrawalId: ok.data.withdrawal.databaseId } })).toBe(2);
    const failed = await t.rest('GET', `${OLIVOS()}/${bad.body.id}`, undefined, { token: admin });
    expect(failed.body).toMatchObject({ status: 'FAILED', error_description: PAYOUT_REJECTED_MESSAGE });
    expect((await prisma().expense.findUniqueOrThrow({ where: { id: b } })).withdrawalId).toBeNull();
    // The poll that comes later changes nothing.
    await settlePayouts();
    expect(await prisma().communityLedgerEntry.count({ where: { withdrawalId: ok.data.withdrawal.databaseId } })).toBe(2);
  });

  it('a payout refused at once fails at once with the gateway’s Spanish message; a lost answer is recovered by its order id', async () => {
    const a = await newExpense('10.00');
    const refused = await create({ accountId: gid('IncomeAccount', fundsId), expenseIds: [gid('Expense', a)] });
    expect(refused.data.withdrawal).toMatchObject({ status: 'FAILED', errorDescription: 'Fondos insuficientes para realizar el pago.' });
    expect(refused.data.message).toBe('Fondos insuficientes para realizar el pago.');
    expect((await prisma().expense.findUniqueOrThrow({ where: { id: a } })).withdrawalId).toBeNull();

    const lost = await create({ accountId: gid('IncomeAccount', lostId), expenseIds: [gid('Expense', a)] });
    expect(lost.data.withdrawal.status).toBe('IN_PROGRESS');
    const row = await prisma().withdrawal.findUniqueOrThrow({ where: { id: lost.data.withdrawal.databaseId } });
    expect(row.gatewayPayoutId).toMatch(/^tr/);
    expect(await prisma().sandboxGatewayObject.count({ where: { kind: 'payout', id: row.gatewayPayoutId! } })).toBe(1);
    await settlePayouts();
    expect((await prisma().withdrawal.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('SUCCESSFUL');
  });

  it('pays to a debit card with the card fee (1.20 %, IVA included)', async () => {
    const a = await newExpense('1234.56');
    const result = await create({ accountId: gid('IncomeAccount', cardId), expenseIds: [gid('Expense', a)], total: '1251.75' });
    expect(result.data.withdrawal).toMatchObject({ status: 'IN_PROGRESS', amount: '1234.56', fee: '17.19', total: '1251.75' });
  });

  it('the same idempotency key answers the first withdrawal', async () => {
    const a = await newExpense('77.00');
    const input = { accountId: gid('IncomeAccount', clabeId), expenseIds: [gid('Expense', a)], idempotencyKey: `wd-${a}` };
    const [first, second] = [await create(input), await create(input)];
    expect(second.data.withdrawal.databaseId).toBe(first.data.withdrawal.databaseId);
    expect(await prisma().withdrawalExpense.count({ where: { expenseId: a } })).toBe(1);
  });
});

describe('expenses paid and withdrawn in either order', () => {
  const PAY = `mutation($input: PayExpenseInput!) { payExpense(input: $input) { __typename
    ... on MutationPayExpenseSuccess { data { message expense { status canPay } } } ... on Error { code message } } }`;
  const pay = (id: number) =>
    t
      .gql(PAY, { input: { id: gid('Expense', id), paymentType: 'CHECK', accountId: gid('IncomeAccount', clabeId) } }, { token: admin })
      .then((r) => r.body.data.payExpense);
  const withdraw = (ids: number[], amount: string, fee: string) =>
    create({
      accountId: gid('IncomeAccount', clabeId),
      expenseIds: ids.map((id) => gid('Expense', id)),
      amount,
      fee,
      total: money(amount).plus(fee).toFixed(2),
    });

  it('a paid expense is withdrawn, and an expense in a withdrawal is paid: both end PAID inside their withdrawal', async () => {
    const paidFirst = await newExpense('800.00');
    expect((await pay(paidFirst)).data.expense.status).toBe('PAID');
    const first = await withdraw([paidFirst], '800.00', '9.28');
    expect(first.__typename).toBe('MutationCreateWithdrawalSuccess');

    const withdrawnFirst = await newExpense('650.00');
    const second = await withdraw([withdrawnFirst], '650.00', '9.28');
    expect(second.__typename).toBe('MutationCreateWithdrawalSuccess');
    const { body } = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Expense { status canPay canEdit } } }`,
      { id: gid('Expense', withdrawnFirst) },
      { token: admin },
    );
    expect(body.data.node).toEqual({ status: 'APPROVED', canPay: true, canEdit: false });
    expect((await pay(withdrawnFirst)).data.expense).toEqual({ status: 'PAID', canPay: false });

    const rows = await prisma().expense.findMany({ where: { id: { in: [paidFirst, withdrawnFirst] } }, orderBy: { id: 'asc' } });
    expect(rows.map((e) => [e.status, e.withdrawalId])).toEqual([
      ['PAID', first.data.withdrawal.databaseId],
      ['PAID', second.data.withdrawal.databaseId],
    ]);
    // Each payment wrote its ledger entry once, whatever the order.
    expect(await prisma().communityLedgerEntry.count({ where: { expenseId: { in: [paidFirst, withdrawnFirst] }, kind: 'EXPENSE_PAID' } })).toBe(2);
  });

  it('paying and withdrawing the same expense at once both succeed, and agree', async () => {
    const id = await newExpense('420.00');
    const [paid, withdrawn] = await Promise.all([pay(id), withdraw([id], '420.00', '9.28')]);
    expect(paid.__typename).toBe('MutationPayExpenseSuccess');
    expect(withdrawn.__typename).toBe('MutationCreateWithdrawalSuccess');
    const row = await prisma().expense.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.withdrawalId]).toEqual(['PAID', withdrawn.data.withdrawal.databaseId]);
  });
});

describe('refusals: nothing written', () => {
  it('refuses a total, fee or amount that is not the server’s figure', async () => {
    const a = await newExpense('500.00');
    const before = await snapshot();
    const wrong = await t.rest('POST', OLIVOS(), { id_account: clabeId, amount: '500.00', fee: '9.28', total: '509.27', expense_ids: [a] }, { token: admin });
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toContain('El total no coincide con el calculado (509.28)');
    const fee = await create({ accountId: gid('IncomeAccount', clabeId), expenseIds: [gid('Expense', a)], fee: '8.00' });
    expect(fee.issues).toEqual([{ field: 'fee', message: 'La comisión no coincide con el calculado (9.28); actualiza la lista e intenta de nuevo' }]);
    for (const bad of ['NaN', '-5', '1e3', '12.345', 'x'.repeat(41), '\u0000']) {
      const answer = await t.rest('POST', OLIVOS(), { id_account: clabeId, total: bad, expense_ids: [a] }, { token: admin });
      expect(answer.status, bad).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('another community’s account or expenses are not found; unavailable expenses conflict; terminal accounts take no payouts', async () => {
    const a = await newExpense('40.00');
    const torreExpense = await newExpense('40.00', { neighborhoodId: torreId });
    const fresh = await newExpense('40.00', { status: 'NEW' });
    const deleted = await newExpense('40.00', { status: 'DELETED', deleted: true });
    const before = await snapshot();
    expect((await t.rest('POST', OLIVOS(), { id_account: torreAccountId, expense_ids: [a] }, { token: admin })).body).toEqual({
      code: 404,
      description: 'La cuenta no existe',
    });
    expect((await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [a, torreExpense] }, { token: admin })).body).toEqual({
      code: 404,
      description: 'El egreso no existe',
    });
    expect((await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [deleted] }, { token: admin })).status).toBe(404);
    expect((await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [fresh] }, { token: admin })).status).toBe(409);
    const terminal = await t.rest('POST', OLIVOS(), { id_account: terminalId, expense_ids: [a] }, { token: admin });
    expect(terminal.body).toEqual({ code: 400, description: 'Solo una cuenta CLABE o una tarjeta de débito puede recibir un retiro' });
    expect((await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [] }, { token: admin })).status).toBe(400);
    expect((await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: Array(201).fill(a) }, { token: admin })).status).toBe(400);
    const wrongType = await create({ accountId: gid('Expense', a), expenseIds: [gid('Expense', a)] });
    expect(wrongType).toMatchObject({ __typename: 'NotFoundError' });
    expect(
      (await t.rest('POST', `/neighborhoods/${torreId}/withdrawals`, { id_account: torreAccountId, expense_ids: [torreExpense] }, { token: admin })).status,
    ).toBe(404);
    // Another community's withdrawal is not found.
    const foreign = await prisma().withdrawal.create({ data: { neighborhoodId: torreId, accountId: torreAccountId, amount: '1', fee: '1', total: '2' } });
    expect((await t.rest('GET', `${OLIVOS()}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    const node = await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: gid('Withdrawal', foreign.id) }, { token: admin });
    expect(node.body.data.node).toBeNull();
    await prisma().withdrawal.delete({ where: { id: foreign.id } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses owners and guards (403)', async () => {
    const a = await newExpense('40.00');
    const before = await snapshot();
    for (const token of [owner, security]) {
      expect((await t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [a] }, { token })).status).toBe(403);
      expect((await t.rest('GET', OLIVOS(), undefined, { token })).status).toBe(403);
      const gql = await t.gql('{ availableExpensesForWithdrawal { databaseId } }', {}, { token });
      expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('two simultaneous withdrawals sharing an expense: one wins, the other is a clear 409', async () => {
    const [a, b, c] = [await newExpense('10.00'), await newExpense('20.00'), await newExpense('30.00')];
    const answers = await Promise.all([
      t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [a, b] }, { token: admin }),
      t.rest('POST', OLIVOS(), { id_account: clabeId, expense_ids: [c, b] }, { token: admin }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.body.description).toContain('ya no está disponible para un retiro');
    expect(await prisma().withdrawalExpense.count({ where: { expenseId: b } })).toBe(1);
    const won = answers.find((r) => r.status === 201)!;
    const loserOnly = won.body.expense_ids.includes(a) ? c : a;
    expect((await prisma().expense.findUniqueOrThrow({ where: { id: loserOnly } })).withdrawalId).toBeNull();
  });
});
