// Expenses through the real GraphQL and REST handlers on a real database: the whole life of an expense
// (create, ask approval, approve by a second administrator, pay, cash) with its ledger to the cent, the
// approval matrix, edit and delete rules, grants, another community's ids, bad input and concurrent repeats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../../../core/receipts.js';
import { startTestApp, DEMO_PASSWORD, type TestApp } from '../../../../../tests/testApp.js';
import { hashPassword } from '../../../../auth/passwords.js';

let t: TestApp;
let admin: string;
let approver: string;
let outsider: string;
let owner: string;
let resident: string;
let security: string;
let config: string;
let olivosId: number;
let torreId: number;
let providerId: number;
let accountId: number;
let torreExpenseId: number;
let approverUserId: number;
let today: string;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const prisma = () => t.app.db.prisma;
const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;

const FIELDS =
  'databaseId status subtotal discount transferredTaxes retainedTaxes total revision serie folio canEdit canDelete canDecide canPay canCharge canAskApproval';
const RESULT = (name: string) => `__typename ... on Mutation${name}Success { data { message expense { ${FIELDS} } } } ... on Error { code message }`;
const CREATE = `mutation($input: CreateExpenseInput!) { createExpense(input: $input) { ${RESULT('CreateExpense')} } }`;
const UPDATE = `mutation($input: UpdateExpenseInput!) { updateExpense(input: $input) { ${RESULT('UpdateExpense')} } }`;
const DELETE = `mutation($input: DeleteExpenseInput!) { deleteExpense(input: $input) { ${RESULT('DeleteExpense')} } }`;
const ASK = `mutation($input: RequestExpenseApprovalInput!) { requestExpenseApproval(input: $input) { ${RESULT('RequestExpenseApproval')} } }`;
const DECIDE = `mutation($input: DecideExpenseInput!) { decideExpense(input: $input) { ${RESULT('DecideExpense')} } }`;
const PAY = `mutation($input: PayExpenseInput!) { payExpense(input: $input) { ${RESULT('PayExpense')} } }`;
const CHARGE = `mutation($input: ChargeExpenseInput!) { chargeExpense(input: $input) { ${RESULT('ChargeExpense')} } }`;

const twoLines = () => ({
  providerId: gid('Provider', providerId),
  description: 'Mantenimiento de bombas',
  operationDate: today,
  lines: [
    {
      quantity: '2',
      unitPrice: '1500',
      discount: '100',
      description: 'Revisión de bomba',
      satProductKey: '72101500',
      transferred: [{ taxCode: '002', rate: '0.16', amount: '464.00' }],
    },
    {
      quantity: '1',
      unitPrice: '250.50',
      description: 'Refacción',
      transferred: [{ taxCode: '002', rate: '0.16', amount: '40.08' }],
      retained: [{ taxCode: '001', rate: '0.10', amount: '25.05' }],
    },
  ],
  // 3250.50 − 100 + 504.08 − 25.05
  subtotal: '3250.50',
  total: '3629.53',
});

async function gql(query: string, input: Record<string, unknown>, token = admin) {
  const { status, body } = await t.gql(query, { input }, { token });
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  const [payload] = Object.values(body.data ?? {}) as any[];
  return { body, payload, data: payload?.data, error: payload?.message ? payload : (body.errors?.[0] ?? null) };
}

async function create(input: Record<string, unknown> = {}, token = admin) {
  const r = await gql(CREATE, { ...twoLines(), ...input }, token);
  expect(r.data, JSON.stringify(r.body)).toBeTruthy();
  return r.data.expense;
}

const counts = async () => ({
  expenses: await prisma().expense.count(),
  lines: await prisma().expenseLine.count(),
  ledger: await prisma().communityLedgerEntry.count(),
  approvals: await prisma().expenseApproval.count(),
});

async function addAdmin(email: string, neighborhoodId: number, asApprover: boolean) {
  const role = await prisma().role.findFirstOrThrow({ where: { neighborhoodId, kind: 'ADMIN' } });
  const user = await prisma().user.create({
    data: {
      email,
      firstName: 'Gabriela',
      lastName: 'Salas',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailVerified: true,
      memberships: { create: { neighborhoodId, roleId: role.id } },
    },
  });
  if (asApprover) await prisma().expenseApprover.create({ data: { neighborhoodId, userId: user.id } });
  return user.id;
}

beforeAll(async () => {
  t = await startTestApp();
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  today = todayIn('America/Mexico_City');
  approverUserId = await addAdmin('gastos.aprobadora@demo.mx', olivosId, true);
  await addAdmin('gastos.auxiliar@demo.mx', olivosId, false);
  [admin, approver, outsider, owner, resident, security, config] = await Promise.all(
    [
      'admin@demo.mx',
      'gastos.aprobadora@demo.mx',
      'gastos.auxiliar@demo.mx',
      'propietario@demo.mx',
      'residente@demo.mx',
      'seguridad@demo.mx',
      'config@demo.mx',
    ].map((e) => t.signIn(e)),
  );
  providerId = (
    await prisma().provider.create({
      data: { neighborhoodId: olivosId, name: 'Bombas del Bajío', rfc: 'BBA010101AB1', paymentMethod: 'TRANSFER', bank: 'BBVA', clabe: '012180001234567899' },
    })
  ).id;
  accountId = (await prisma().incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE' } })).id;
  const torreAdmin = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
  torreExpenseId = (
    await prisma().expense.create({
      data: {
        neighborhoodId: torreId,
        status: 'APPROVED',
        operationDate: new Date(`${today}T00:00:00Z`),
        subtotal: '100',
        total: '100',
        createdByUserId: torreAdmin.id,
      },
    })
  ).id;
});
afterAll(() => t.close());

describe('the life of an expense', () => {
  it('create → ask approval → approve by a second administrator → pay → cash, with the ledger to the cent', async () => {
    const expense = await create();
    expect(expense).toMatchObject({
      status: 'NEW',
      subtotal: '3250.50',
      discount: '100.00',
      transferredTaxes: '504.08',
      retainedTaxes: '25.05',
      total: '3629.53',
      serie: 'EG',
    });
    expect(expense.folio).toBeGreaterThan(0);
    const id = gid('Expense', expense.databaseId);

    // The author cannot approve (and is told why); the approver can only after the request (it is allowed anyway, the request only notifies).
    const self = await gql(DECIDE, { id, accepted: true });
    expect(self.error?.message).toBe('No puedes aprobar un egreso que tú registraste');
    const noApprover = await gql(DECIDE, { id, accepted: true }, outsider);
    expect(noApprover.error?.message).toBe('Solo los aprobadores de egresos de la comunidad pueden aprobar o rechazar egresos');

    const before = await prisma().emailOutbox.count({ where: { to: 'gastos.aprobadora@demo.mx' } });
    const asked = await gql(ASK, { id });
    expect(asked.data.message).toBe('Se ha solicitado la aprobación del egreso');
    expect(await prisma().emailOutbox.count({ where: { to: 'gastos.aprobadora@demo.mx' } })).toBe(before + 1);

    const approved = await gql(DECIDE, { id, accepted: true, comment: 'De acuerdo' }, approver);
    expect(approved.data.message).toBe('Se ha aprobado el egreso');
    expect(approved.data.expense).toMatchObject({ status: 'APPROVED', canEdit: false, canPay: true });
    const again = await gql(DECIDE, { id, accepted: false }, approver);
    expect(again.error?.message).toBe('No puedes aprobar ni rechazar este egreso');

    const badClabe = await gql(PAY, { id, paymentType: 'TRANSFER', accountId: gid('IncomeAccount', accountId), clabe: '012180001234567890' });
    expect(badClabe.error?.message).toBe('El dígito verificador de la CLABE no es válido');
    const paid = await gql(PAY, { id, paymentType: 'TRANSFER', accountId: gid('IncomeAccount', accountId), clabe: '012180001234567899' });
    expect(paid.data.message).toBe('Se ha marcado como pagado el egreso');
    expect(paid.data.expense).toMatchObject({ status: 'PAID', canCharge: true, canEdit: false, canDelete: false });
    const ledger1 = await prisma().communityLedgerEntry.findMany({ where: { expenseId: expense.databaseId } });
    expect(ledger1.map((e) => [e.kind, e.amount.toFixed(2), e.inTransit, e.accountId])).toEqual([['EXPENSE_PAID', '-3629.53', true, accountId]]);

    const cashed = await gql(CHARGE, { id, method: 'Transferencia SPEI' });
    expect(cashed.data.message).toBe('El egreso ha sido marcado como cobrado');
    expect(cashed.data.expense.status).toBe('CHARGED');
    const ledger = await prisma().communityLedgerEntry.findMany({ where: { expenseId: expense.databaseId }, orderBy: { id: 'asc' } });
    expect(ledger.map((e) => [e.kind, e.amount.toFixed(2), e.inTransit])).toEqual([
      ['EXPENSE_PAID', '-3629.53', true],
      ['EXPENSE_CHARGED', '3629.53', true],
      ['EXPENSE_CHARGED', '-3629.53', false],
    ]);
    expect(ledger[1].groupId).toBe(ledger[2].groupId);
    // In transit nets to zero; the account lost the total.
    const sum = (rows: typeof ledger) => rows.reduce((a, e) => a + Math.round(Number(e.amount) * 100), 0);
    expect(sum(ledger.filter((e) => e.inTransit))).toBe(0);
    expect(sum(ledger)).toBe(-362953);

    // The log has every step, the detail its lines and taxes.
    const log = await t.rest('GET', olivos(`/expenses/${expense.databaseId}/log`), undefined, { token: admin });
    expect(log.body.log.map((l: any) => l.action)).toEqual(['CREATE', 'ASK_APPROVAL', 'APPROVE', 'PAY', 'CHARGE']);
    const details = await t.rest('GET', olivos(`/expenses/${expense.databaseId}/details`), undefined, { token: admin });
    expect(details.status).toBe(200);
    expect(details.body.concepts).toHaveLength(2);
    expect(details.body.concepts[0]).toMatchObject({ quantity: '2', piece_price: '1500', amount: '3000.00', discount: '100.00', sat_id: '72101500' });
    expect(details.body.taxes).toEqual([
      { type: 'traslated', tax_code: '002', tasa: '0.16', tax_name: 'IVA', amount: '504.08', details: [{ amount: '504.08', invoice_uuid: null }] },
      { type: 'retained', tax_code: '001', tasa: '0.1', tax_name: 'ISR', amount: '25.05', details: [{ amount: '25.05', invoice_uuid: null }] },
    ]);
    expect(details.body.approvals).toMatchObject([{ accepted: true, comment: 'De acuerdo', current: true }]);
  });

  it('REST: register, edit (a new revision), reject, edit again, delete; with the spec messages', async () => {
    const body = {
      id_provider: providerId,
      description: 'Jardinería de noviembre',
      operation_date: today,
      concepts: [
        { quantity: 1, piece_amount: '800', description: 'Poda', sat_id: '70111700', transferred: [{ tax_code: '002', tasa: '0.16', amount: '128.00' }] },
      ],
      subtotal: '800.00',
      total: '928.00',
    };
    const created = await t.rest('POST', olivos('/expenses'), body, { token: admin });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('El egreso ha sido registrado');
    expect(created.body.expense).toMatchObject({ status: 'NEW', total: '928.00', provider: { name: 'Bombas del Bajío' }, can_edit: true });
    const id = created.body.expense.id;
    const edited = await t.rest(
      'PUT',
      olivos(`/expenses/${id}`),
      { ...body, concepts: [{ ...body.concepts[0], piece_amount: '900', transferred: [] }], subtotal: null, total: '900' },
      { token: admin },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ message: 'El egreso ha sido modificado', expense: { status: 'EDITED', revision: 2, total: '900.00' } });
    const rejected = await t.rest('PUT', olivos(`/expenses/${id}/approvement`), { accepted: false, comment: 'Falta factura' }, { token: approver });
    expect(rejected.body).toMatchObject({ message: 'Se ha rechazado el egreso', expense: { status: 'REJECTED' } });
    // REJECTED: nobody decides, but the author edits it again (a new revision) and may be approved then.
    const onRejected = await t.rest('PUT', olivos(`/expenses/${id}/approvement`), { accepted: true }, { token: approver });
    expect(onRejected.status).toBe(409);
    const fixed = await t.rest('PUT', olivos(`/expenses/${id}`), { ...body, total: '928.00' }, { token: admin });
    expect(fixed.body.expense).toMatchObject({ status: 'EDITED', revision: 3 });
    const deleted = await t.rest('DELETE', olivos(`/expenses/${id}`), undefined, { token: admin });
    expect(deleted.body).toMatchObject({ message: 'El egreso ha sido eliminado', expense: { status: 'DELETED' } });
    const twice = await t.rest('DELETE', olivos(`/expenses/${id}`), undefined, { token: admin });
    expect(twice.status).toBe(409);
    // Deleted expenses leave the default list and appear when asked for.
    const list = await t.rest('GET', olivos('/expenses?page_size=100&status=DELETED'), undefined, { token: admin });
    expect(list.body.expenses.some((e: any) => e.id === id)).toBe(true);
    const live = await t.rest('GET', olivos(`/expenses?page_size=100&provider=${providerId}`), undefined, { token: admin });
    expect(live.body.expenses.some((e: any) => e.id === id)).toBe(false);
    expect(live.body).toMatchObject({ can_edit: true, required_approvals: true });
  });

  it('an approved expense is no longer edited or deleted; a paid one never', async () => {
    const e = await create();
    const id = gid('Expense', e.databaseId);
    await gql(DECIDE, { id, accepted: true }, approver);
    expect((await gql(UPDATE, { id, ...twoLines() })).error?.message).toBe('El egreso ya no se puede modificar');
    expect((await gql(DELETE, { id })).error?.message).toBe('El egreso ya no se puede eliminar');
    expect((await gql(CHARGE, { id })).error?.message).toBe('Solo los egresos pagados se pueden marcar como cobrados');
  });

  it('without required approvals an expense is born APPROVED and is editable until paid', async () => {
    await prisma().expenseSettings.update({ where: { neighborhoodId: olivosId }, data: { requiredExpenseApproval: false } });
    try {
      const e = await create();
      expect(e).toMatchObject({ status: 'APPROVED', canEdit: true, canPay: true, canAskApproval: false });
      const id = gid('Expense', e.databaseId);
      const edited = await gql(UPDATE, { id, ...twoLines() });
      expect(edited.data.expense).toMatchObject({ status: 'APPROVED', revision: 1 });
      expect((await gql(DECIDE, { id, accepted: true }, approver)).error?.message).toBe('No puedes aprobar ni rechazar este egreso');
      await gql(PAY, { id, paymentType: 'CHECK', accountId: gid('IncomeAccount', accountId) });
      expect((await gql(UPDATE, { id, ...twoLines() })).error?.message).toBe('El egreso ya no se puede modificar');
      expect((await gql(CHARGE, { id })).error?.message).toBe('El número de cheque es requerido para un pago con cheque');
      expect((await gql(CHARGE, { id, checkNumber: '000123' })).data.expense.status).toBe('CHARGED');
    } finally {
      await prisma().expenseSettings.update({ where: { neighborhoodId: olivosId }, data: { requiredExpenseApproval: true } });
    }
  });
});

describe('refusals', () => {
  it('the wrong total, NUL bytes, huge strings, negative and NaN amounts answer 4xx and write nothing', async () => {
    const before = await counts();
    const bad = [
      { total: '3629.54' },
      { description: 'a\u0000b' },
      { description: 'x'.repeat(1_000_000) },
      { lines: [{ quantity: '-1', unitPrice: '10', description: 'x' }] },
      { lines: [{ quantity: '1', unitPrice: 'NaN', description: 'x' }] },
      { lines: [{ quantity: '1', unitPrice: '10', description: 'x', transferred: [{ taxCode: '002', amount: '-1' }] }] },
      { operationDate: '1999-01-01' },
      { providerId: gid('Provider', 999999) },
    ];
    for (const change of bad) {
      const r = await gql(CREATE, { ...twoLines(), ...change });
      expect(r.data, JSON.stringify(change).slice(0, 80)).toBeFalsy();
      expect(r.error?.code ?? 400).toBe(400);
    }
    const wrong = await gql(CREATE, { ...twoLines(), total: '3629.54' });
    expect(wrong.error.message).toBe('El total no coincide con los conceptos e impuestos');
    const rest = await t.rest(
      'POST',
      olivos('/expenses'),
      { operation_date: today, concepts: [{ quantity: 'abc', piece_amount: 1, description: 'x' }] },
      { token: admin },
    );
    expect(rest.status).toBe(400);
    const huge = await t.rest('POST', olivos('/expenses'), { operation_date: today, concepts: [], description: 'x'.repeat(10_000_000) }, { token: admin });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });

  it('owner, resident, security and the configuration administrator are refused; nothing is written', async () => {
    const e = await create();
    const id = gid('Expense', e.databaseId);
    const before = await counts();
    for (const token of [owner, resident, security, config]) {
      expect((await t.gql(CREATE, { input: twoLines() }, { token })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const read = await t.gql(`query($id: ID!) { node(id: $id) { ... on Expense { total } } }`, { id }, { token });
      expect(read.body.data?.node ?? null).toBeNull();
      expect(
        (await t.gql(PAY, { input: { id, paymentType: 'CHECK', accountId: gid('IncomeAccount', accountId) } }, { token })).body.data?.payExpense ?? null,
      ).toBeNull();
      const list = await t.rest('GET', olivos('/expenses'), undefined, { token });
      expect(list.status).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it("another community's expense answers not-found for every action and writes nothing", async () => {
    const id = gid('Expense', torreExpenseId);
    const before = await counts();
    for (const [q, input] of [
      [UPDATE, { id, ...twoLines() }],
      [DELETE, { id }],
      [ASK, { id }],
      [DECIDE, { id, accepted: true }],
      [PAY, { id, paymentType: 'CHECK', accountId: gid('IncomeAccount', accountId) }],
      [CHARGE, { id }],
    ] as const) {
      const r = await gql(q, input as Record<string, unknown>, approver);
      expect(r.error?.code).toBe(404);
    }
    const read = await t.rest('GET', olivos(`/expenses/${torreExpenseId}`), undefined, { token: admin });
    expect(read.status).toBe(404);
    expect((await t.rest('GET', olivos(`/expenses/${torreExpenseId}/log`), undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${torreId}/expenses`, undefined, { token: approver })).status).toBeGreaterThanOrEqual(400);
    // Another community's account does not pay an expense of ours.
    const torreAccount = await prisma().incomeAccount.create({ data: { neighborhoodId: torreId, accountType: 'CASH', description: 'Caja Torre' } });
    const mine = await create();
    await gql(DECIDE, { id: gid('Expense', mine.databaseId), accepted: true }, approver);
    const foreign = await gql(PAY, { id: gid('Expense', mine.databaseId), paymentType: 'CHECK', accountId: gid('IncomeAccount', torreAccount.id) });
    expect(foreign.error?.message).toBe('La cuenta no existe');
    expect(await prisma().expense.findUniqueOrThrow({ where: { id: torreExpenseId } })).toMatchObject({ status: 'APPROVED', deletedAt: null });
    expect((await counts()).ledger).toBe(before.ledger);
  });
});

describe('concurrency', () => {
  it('two concurrent "mark paid" of one expense: exactly one succeeds and one ledger entry exists', async () => {
    const e = await create();
    const id = gid('Expense', e.databaseId);
    await gql(DECIDE, { id, accepted: true }, approver);
    const input = { id, paymentType: 'TRANSFER', accountId: gid('IncomeAccount', accountId), clabe: '012180001234567899' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => gql(PAY, input)));
    expect(answers.filter((a) => a.data).length).toBe(1);
    for (const a of answers.filter((x) => !x.data)) expect(a.error.code).toBe(409);
    expect(await prisma().communityLedgerEntry.count({ where: { expenseId: e.databaseId } })).toBe(1);
  });

  it('concurrent creations take distinct folios; an idempotent repeat writes once', async () => {
    const made = await Promise.all(Array.from({ length: 4 }, () => create()));
    expect(new Set(made.map((m) => m.folio)).size).toBe(4);
    const before = await prisma().expense.count();
    const key = { idempotencyKey: 'alta-egreso-bombas-1' };
    const repeats = await Promise.all(Array.from({ length: 3 }, () => gql(CREATE, { ...twoLines(), ...key })));
    expect(await prisma().expense.count()).toBe(before + 1);
    const ids = new Set(repeats.filter((r) => r.data).map((r) => r.data.expense.databaseId));
    expect(ids.size).toBe(1);
  });

  it('concurrent decisions of two approvers on one expense leave one status and consistent approvals', async () => {
    const second = await addAdmin('gastos.segunda@demo.mx', olivosId, true);
    const token2 = await t.signIn('gastos.segunda@demo.mx');
    const e = await create();
    const id = gid('Expense', e.databaseId);
    const [a, b] = await Promise.all([gql(DECIDE, { id, accepted: true }, approver), gql(DECIDE, { id, accepted: false }, token2)]);
    const winners = [a, b].filter((x) => x.data);
    expect(winners.length).toBe(1);
    const approvals = await prisma().expenseApproval.findMany({ where: { expenseId: e.databaseId } });
    expect(approvals).toHaveLength(1);
    expect([approverUserId, second]).toContain(approvals[0].userId);
  });
});

describe('list filters', () => {
  it('filters by status, provider, dates and only_available', async () => {
    const all = await t.rest('GET', olivos(`/expenses?page_size=100&provider=${providerId}`), undefined, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.expenses.every((e: any) => e.provider.id === providerId)).toBe(true);
    const paid = await t.rest('GET', olivos(`/expenses?page_size=100&status=PAID,CHARGED&provider=${providerId}`), undefined, { token: admin });
    expect(paid.body.expenses.length).toBeGreaterThan(0);
    expect(paid.body.expenses.every((e: any) => ['PAID', 'CHARGED'].includes(e.status))).toBe(true);
    const byPayment = await t.rest('GET', olivos(`/expenses?page_size=100&fromPayment=${today}&toPayment=${today}&provider=${providerId}`), undefined, {
      token: admin,
    });
    expect(byPayment.body.expenses.every((e: any) => e.payment_date === today)).toBe(true);
    expect(byPayment.body.expenses.length).toBe(paid.body.expenses.length);
    const available = await t.rest('GET', olivos('/expenses?page_size=100&only_available=true'), undefined, { token: admin });
    expect(Object.keys(available.body)).toEqual(['expenses']);
    expect(available.body.expenses.every((e: any) => ['APPROVED', 'INVOICE', 'PAID'].includes(e.status) && e.id_withdrawal == null)).toBe(true);
    const page2 = await t.rest('GET', olivos('/expenses?page=2&page_size=5'), undefined, { token: admin });
    expect(page2.body.expenses).toHaveLength(5);
    const bad = await t.rest('GET', olivos('/expenses?status=NOPE'), undefined, { token: admin });
    expect(bad.status).toBe(400);
    const config = await t.rest('GET', olivos('/expenses/config'), undefined, { token: approver });
    expect(config.body).toMatchObject({ required_approvals: true, use_folio: true, serie: 'EG', is_approver: true });
    expect(config.body.accounts.length).toBeGreaterThan(0);
  });

  it('every filter answers exactly the expenses the database holds for it, with their own amounts, names and count', async () => {
    const rows = await prisma().expense.findMany({
      where: { neighborhoodId: olivosId },
      include: { provider: true, group: true, lines: { select: { expenseConceptId: true } } },
      orderBy: { id: 'desc' },
    });
    const users = new Map((await prisma().user.findMany({ select: { id: true, firstName: true, lastName: true } })).map((u) => [u.id, u]));
    const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
    const grouped = rows.find((r) => r.group)!;
    const withConcept = rows.find((r) => r.expenseConceptId != null)!;
    const months = [...new Set(rows.map((r) => iso(r.operationDate)!.slice(0, 7)))].sort();
    const month = months[Math.floor(months.length / 2)];
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const paidDay = rows.find((r) => r.paymentDate)!.paymentDate!;
    const cashDay = rows.find((r) => r.cashDate)!.cashDate!;
    const live = (r: (typeof rows)[number]) => r.status !== 'DELETED';
    const inRange = (d: Date | null, from: string, to: string) => !!d && iso(d)! >= from && iso(d)! <= to;
    const cases: [string, (r: (typeof rows)[number]) => boolean][] = [
      ['', live],
      ['status=DELETED', (r) => r.status === 'DELETED'],
      ['status=APPROVED,INVOICE', (r) => ['APPROVED', 'INVOICE'].includes(r.status)],
      [`provider=${grouped.providerId}`, (r) => live(r) && r.providerId === grouped.providerId],
      [
        `concept=${withConcept.expenseConceptId}`,
        (r) => live(r) && (r.expenseConceptId === withConcept.expenseConceptId || r.lines.some((l) => l.expenseConceptId === withConcept.expenseConceptId)),
      ],
      [`groupSerie=${grouped.group!.serie!.toLowerCase()}`, (r) => live(r) && r.group?.serie === grouped.group!.serie],
      [`groupSerie=${grouped.group!.serie}&groupFolio=${grouped.group!.folio}`, (r) => live(r) && r.groupId === grouped.groupId],
      [`from=${month}-01&to=${last}`, (r) => live(r) && inRange(r.operationDate, `${month}-01`, last)],
      [`from=${month}-10`, (r) => live(r) && iso(r.operationDate)! >= `${month}-10`],
      [`fromPayment=${iso(paidDay)}&toPayment=${iso(paidDay)}`, (r) => live(r) && inRange(r.paymentDate, iso(paidDay)!, iso(paidDay)!)],
      [`fromCharge=${iso(cashDay)}&toCharge=${iso(cashDay)}`, (r) => live(r) && inRange(r.cashDate, iso(cashDay)!, iso(cashDay)!)],
      ['only_available=true', (r) => ['APPROVED', 'INVOICE', 'PAID'].includes(r.status) && r.withdrawalId == null],
    ];
    for (const [query, keep] of cases) {
      const expected = rows.filter(keep);
      const res = await t.rest('GET', olivos(`/expenses?page_size=100&${query}`), undefined, { token: admin });
      expect(res.status, query).toBe(200);
      expect(
        res.body.expenses.map((e: any) => e.id),
        query,
      ).toEqual(expected.slice(0, 100).map((r) => r.id));
      if (!query.startsWith('only_available')) expect(res.body.total, query).toBe(expected.length);
      for (const e of res.body.expenses) {
        const r = rows.find((x) => x.id === e.id)!;
        const u = users.get(r.createdByUserId)!;
        expect(e, `${query} #${e.id}`).toMatchObject({
          status: r.status,
          subtotal: r.subtotal.toFixed(2),
          total: r.total.toFixed(2),
          transferred_taxes: r.transferredTaxes.toFixed(2),
          retained_taxes: r.retainedTaxes.toFixed(2),
          operation_date: iso(r.operationDate),
          payment_date: iso(r.paymentDate),
          cash_date: iso(r.cashDate),
          provider: r.provider ? { id: r.providerId, name: r.provider.name } : null,
          group: r.group ? { serie: r.group.serie, folio: r.group.folio } : null,
          user_name: [u.firstName, u.lastName].filter(Boolean).join(' '),
          created_at: r.createdAt.toISOString(),
        });
      }
    }
    // GraphQL pages by cursor, forwards and backwards, with the filter's count on every page.
    const PAGE = `query($after: String, $before: String, $first: Int, $last: Int) { expenses(first: $first, after: $after, last: $last, before: $before, filter: { from: "${month}-01", to: "${last}" }) {
      totalCount pageInfo { endCursor startCursor hasNextPage } edges { node { databaseId } } } }`;
    const expected = rows.filter(cases[7][1]).map((r) => r.id);
    const page = async (variables: Record<string, unknown>) => (await t.gql(PAGE, variables, { token: admin })).body;
    const first = await page({ first: 3 });
    const second = await page({ first: 3, after: first.data.expenses.pageInfo.endCursor });
    const back = await page({ last: 3, before: second.data.expenses.pageInfo.startCursor });
    const ids = (r: any) => r.data.expenses.edges.map((e: any) => e.node.databaseId);
    expect([...ids(first), ...ids(second)]).toEqual(expected.slice(0, 6));
    expect(ids(back)).toEqual(expected.slice(0, 3));
    for (const r of [first, second, back]) expect(r.data.expenses.totalCount).toBe(expected.length);
    // Past the last page: no rows, the count still right.
    const past = await t.rest('GET', olivos(`/expenses?page=999&page_size=100&from=${month}-01&to=${last}`), undefined, { token: admin });
    expect(past.body).toMatchObject({ expenses: [], total: expected.length });
  });
});

describe('the approver rule', () => {
  const NOTE = `query($id: ID!) { node(id: $id) { ... on Expense { canDecide canAskApproval decideNote } } }`;
  const CONFIG = `query { expenseConfig { isApprover approvers { userDatabaseId name } } }`;
  const note = async (id: string, token: string) => (await t.gql(NOTE, { id }, { token })).body.data.node;
  const setApprovers = async (userIds: number[]) => {
    await prisma().expenseApprover.deleteMany({ where: { neighborhoodId: olivosId } });
    if (userIds.length) await prisma().expenseApprover.createMany({ data: userIds.map((userId) => ({ neighborhoodId: olivosId, userId })) });
  };
  let adminId: number;
  let before: number[];
  beforeAll(async () => {
    adminId = (await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
    before = (await prisma().expenseApprover.findMany({ where: { neighborhoodId: olivosId } })).map((a) => a.userId);
  });
  afterAll(() => setApprovers(before));

  it('explains the refusal: the author is told the rule, an author who alone approves is told to add another, and only without approvers are there none', async () => {
    const e = await create();
    const id = gid('Expense', e.databaseId);
    // Two approvers, one of them the author: the other approves; the author is told the rule.
    await setApprovers([adminId, approverUserId]);
    expect(await note(id, admin)).toEqual({ canDecide: false, canAskApproval: true, decideNote: 'No puedes aprobar un egreso que tú registraste' });
    expect(await note(id, approver)).toEqual({ canDecide: true, canAskApproval: false, decideNote: null });
    expect(await note(id, outsider)).toMatchObject({
      canDecide: false,
      decideNote: 'Solo los aprobadores de egresos de la comunidad pueden aprobar o rechazar egresos',
    });

    // The author alone approves: asking and deciding say so (not "no approvers"), and nothing is mailed.
    await setApprovers([adminId]);
    const onlyMe = 'No puedes aprobar un egreso que tú registraste, y eres el único aprobador de egresos: agrega otro aprobador en la configuración de egresos';
    const mails = await prisma().emailOutbox.count();
    expect((await gql(ASK, { id })).error?.message).toBe(onlyMe);
    expect((await gql(DECIDE, { id, accepted: true })).error?.message).toBe(onlyMe);
    expect(await note(id, admin)).toMatchObject({ canDecide: false, decideNote: onlyMe });
    expect(await prisma().emailOutbox.count()).toBe(mails);

    // Nobody approves: then, and only then, the community has no approvers.
    await setApprovers([]);
    expect((await gql(ASK, { id })).error?.message).toBe('La comunidad no tiene aprobadores de egresos');
    expect((await gql(DECIDE, { id, accepted: true }, approver)).error?.message).toBe('La comunidad no tiene aprobadores de egresos');
    expect(await note(id, approver)).toMatchObject({ canDecide: false, decideNote: 'La comunidad no tiene aprobadores de egresos' });

    // Nothing waits for a decision once approved: no note.
    await setApprovers([adminId, approverUserId]);
    expect((await gql(DECIDE, { id, accepted: true }, approver)).data.message).toBe('Se ha aprobado el egreso');
    expect(await note(id, admin)).toMatchObject({ decideNote: null });
    expect(await note(id, approver)).toMatchObject({ canDecide: false, decideNote: null });
  });

  it('approves only whom the settings page ticks: a chosen approver who is no longer an active expense administrator neither approves nor is asked', async () => {
    // A chosen approver whose account was then suspended in the community (and one whose role lost its expense grants).
    const suspended = await addAdmin('gastos.suspendida@demo.mx', olivosId, false);
    await prisma().membership.updateMany({ where: { userId: suspended, neighborhoodId: olivosId }, data: { active: false } });
    const readOnlyRole = await prisma().role.create({
      data: { neighborhoodId: olivosId, name: 'Consulta de vecinos', kind: 'ADMIN', forHouse: false, grants: ['AHousesRead'] },
    });
    const regraded = await addAdmin('gastos.sinpermisos@demo.mx', olivosId, false);
    await prisma().membership.updateMany({ where: { userId: regraded, neighborhoodId: olivosId }, data: { roleId: readOnlyRole.id } });
    await setApprovers([adminId, approverUserId, suspended, regraded]);

    const settings = await t.gql(`query { expenseSettings { approverCandidates { userId approver } } }`, {}, { token: config });
    const ticked = settings.body.data.expenseSettings.approverCandidates.filter((c: any) => c.approver).map((c: any) => c.userId);
    const expenseConfig = (await t.gql(CONFIG, {}, { token: admin })).body.data.expenseConfig;
    const approving = expenseConfig.approvers.map((a: any) => a.userDatabaseId);
    // The same set on both sides: the two live approvers.
    expect(approving.sort()).toEqual([adminId, approverUserId].sort());
    expect(ticked.sort()).toEqual([adminId, approverUserId].map((id) => gid('User', id)).sort());

    const e = await create();
    const id = gid('Expense', e.databaseId);
    const asked = await gql(ASK, { id });
    expect(asked.data.message).toBe('Se ha solicitado la aprobación del egreso');
    for (const email of ['gastos.suspendida@demo.mx', 'gastos.sinpermisos@demo.mx'])
      expect(await prisma().emailOutbox.count({ where: { to: email } }), email).toBe(0);
  });
});
