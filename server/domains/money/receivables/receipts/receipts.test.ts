// Receipts, maintenances and the wallet ledger through the real GraphQL handler on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { money, sumMoney } from '../../../../../core/money.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;
let ordinaryWallet: number;
let extraordinaryWallet: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

const RECEIPT = `databaseId status amount sourceAmount discountAmount penaltyAmount paymentMethod transactionTotal houseDatabaseId
  wallet { databaseId type } actions { allowPayWithWallet allowAddPenalization allowDeletePenalization allowDeleteReceipt allowDeletePayment }`;
const LIST = `query($houseId: ID, $filter: ReceiptFilter, $first: Int, $offset: Int) {
  houseReceipts(houseId: $houseId, filter: $filter, first: $first, offset: $offset) { totalCount edges { node { ${RECEIPT} } } }
}`;
const ACTION = (name: string) => `mutation($input: ${name[0].toUpperCase()}${name.slice(1)}Input!) {
  ${name}(input: $input) { __typename ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { message recalculated receipt { ${RECEIPT} } } } ... on Error { code message } }
}`;
const BALANCE = `query($houseId: ID) { houseBalance(houseId: $houseId) { ordinary extraordinary pendingReceipts wallets { walletDatabaseId type balance } } }`;

async function act(name: string, receiptId: number, token = admin, idempotencyKey?: string) {
  const { body } = await t.gql(ACTION(name), { input: { receiptId: gid('Receipt', receiptId), ...(idempotencyKey ? { idempotencyKey } : {}) } }, { token });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data[name];
}

async function createAndGenerate(year: number, month: number) {
  const created = await t.gql(
    `mutation($input: CreateOrdinaryMaintenanceInput!) { createOrdinaryMaintenance(input: $input) { __typename ... on MutationCreateOrdinaryMaintenanceSuccess { data { maintenance { id databaseId status } } } ... on Error { message } } }`,
    { input: { year, month } },
    { token: admin },
  );
  const m = created.body.data.createOrdinaryMaintenance.data.maintenance;
  const generated = await t.gql(
    `mutation($input: GenerateMaintenanceInput!) { generateMaintenance(input: $input) { __typename ... on MutationGenerateMaintenanceSuccess { data { created message maintenance { status summary { receipts } } } } ... on Error { message } } }`,
    { input: { id: m.id } },
    { token: admin },
  );
  return { id: m.id as string, databaseId: m.databaseId as number, generated: generated.body.data.generateMaintenance.data };
}

async function receiptsOf(houseId: number, filter: object = {}, token = admin) {
  const { body } = await t.gql(LIST, { houseId: gid('House', houseId), filter, first: 100 }, { token });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.houseReceipts.edges.map((e: any) => e.node);
}

async function balance(houseId: number, token = admin) {
  const { body } = await t.gql(BALANCE, { houseId: gid('House', houseId) }, { token });
  return body.data.houseBalance;
}

async function adjust(houseId: number, walletId: number, amount: string, reason = 'Pago previo en efectivo') {
  const { body } = await t.gql(
    `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename ... on MutationAdjustHouseBalanceSuccess { data { message balance { ordinary } } } ... on Error { code message } } }`,
    { input: { houseId: gid('House', houseId), walletId, amount, reason } },
    { token: admin },
  );
  return body;
}

/** Every wallet's balance equals the sum of its ledger, and the statement reconciles with both. */
async function assertLedgerInvariant(houseId: number) {
  const prisma = t.app.db.prisma;
  const entries = await prisma.ledgerEntry.findMany({ where: { houseId } });
  const view = await balance(houseId);
  for (const w of view.wallets) {
    const sum = sumMoney(entries.filter((e) => e.walletId === w.walletDatabaseId).map((e) => e.amount));
    expect(w.balance).toBe(sum.toFixed(2));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivos.id;
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  const own = await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } });
  ownHouseId = own.houseId!;
  const other = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } } });
  otherHouseId = other.id;
  ordinaryWallet = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } })).id;
  extraordinaryWallet = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } })).id;
});
afterAll(() => t.close());

describe('maintenance generation', () => {
  it('creates one receipt per active house with a fee, and generating again creates nothing', async () => {
    const prisma = t.app.db.prisma;
    const active = await prisma.house.count({ where: { neighborhoodId: olivosId, status: 'ACTIVE', houseType: { amount: { gt: 0 } } } });
    const m = await createAndGenerate(2031, 3);
    expect(m.generated.created).toBe(active);
    expect(m.generated.maintenance.status).toBe('GENERATED');
    const again = await t.gql(
      `mutation($input: GenerateMaintenanceInput!) { generateMaintenance(input: $input) { ... on MutationGenerateMaintenanceSuccess { data { created } } } }`,
      { input: { id: m.id } },
      { token: admin },
    );
    expect(again.body.data.generateMaintenance.data.created).toBe(0);
    expect(await prisma.receipt.count({ where: { maintenanceId: m.databaseId } })).toBe(active);
  });

  it('two administrators generating at once create one set', async () => {
    const prisma = t.app.db.prisma;
    const created = await t.gql(
      `mutation { createOrdinaryMaintenance(input: { year: 2031, month: 4 }) { ... on MutationCreateOrdinaryMaintenanceSuccess { data { maintenance { id databaseId } } } } }`,
      {},
      { token: admin },
    );
    const m = created.body.data.createOrdinaryMaintenance.data.maintenance;
    const doc = `mutation($input: GenerateMaintenanceInput!) { generateMaintenance(input: $input) { ... on MutationGenerateMaintenanceSuccess { data { created } } ... on Error { message } } }`;
    const results = await Promise.all([1, 2, 3].map(() => t.gql(doc, { input: { id: m.id } }, { token: admin })));
    const createdCounts = results.map((r) => r.body.data.generateMaintenance.data.created);
    const active = await prisma.house.count({ where: { neighborhoodId: olivosId, status: 'ACTIVE', houseType: { amount: { gt: 0 } } } });
    expect(createdCounts.reduce((a: number, b: number) => a + b, 0)).toBe(active);
    expect(await prisma.receipt.count({ where: { maintenanceId: m.databaseId } })).toBe(active);
  });

  it('refuses a second ordinary maintenance of the same period', async () => {
    const { body } = await t.gql(
      `mutation { createOrdinaryMaintenance(input: { year: 2031, month: 3 }) { __typename ... on Error { message } } }`,
      {},
      { token: admin },
    );
    expect(body.data.createOrdinaryMaintenance).toEqual({ __typename: 'ConflictError', message: 'El mantenimiento de ese periodo ya existe' });
  });

  it('copies the discount and penalty terms: a period long past is penalised at generation', async () => {
    await createAndGenerate(2020, 1);
    const receipts = await receiptsOf(ownHouseId);
    const old = receipts.find((r: any) => r.sourceAmount && r.status === 'PENALTY');
    expect(old).toBeTruthy();
    expect(money(old.amount).minus(old.sourceAmount).toFixed(2)).toBe(old.penaltyAmount);
  });
});

describe('receipt actions and the ledger', () => {
  it('adds and removes a penalty, recalculates without change, and says so', async () => {
    const [r] = (await receiptsOf(otherHouseId)).filter((x: any) => x.status === 'NEW');
    const added = await act('addReceiptPenalty', r.databaseId);
    expect(added.data.message).toBe('Se ha calculado la multa del recibo');
    expect(added.data.receipt.status).toBe('PENALTY');
    expect(added.data.receipt.amount).toBe(
      money(r.sourceAmount)
        .minus(r.discountAmount ?? 0)
        .plus(added.data.receipt.penaltyAmount)
        .toFixed(2),
    );
    const removed = await act('removeReceiptPenalty', r.databaseId);
    expect(removed.data.message).toBe('Se ha quitado la multa al recibo');
    expect(removed.data.receipt).toMatchObject({ status: 'NEW', penaltyAmount: null, amount: r.amount });
    const recalculated = await act('recalculateReceipt', r.databaseId);
    expect(recalculated.data).toMatchObject({ recalculated: false, message: 'El recibo no ha sido alterado' });
  });

  it('recalculates an ordinary fee after its house type fee changed', async () => {
    const prisma = t.app.db.prisma;
    const [r] = (await receiptsOf(otherHouseId)).filter((x: any) => x.status === 'NEW');
    const house = await prisma.house.findUniqueOrThrow({ where: { id: otherHouseId }, select: { houseTypeId: true } });
    const type = await prisma.houseType.findUniqueOrThrow({ where: { id: house.houseTypeId! } });
    await prisma.houseType.update({ where: { id: type.id }, data: { amount: money(type.amount!).plus(100).toFixed(2) } });
    const result = await act('recalculateReceipt', r.databaseId);
    expect(result.data).toMatchObject({ recalculated: true, message: 'El recibo ha sido recalculado' });
    expect(result.data.receipt.sourceAmount).toBe(money(type.amount!).plus(100).toFixed(2));
    await prisma.houseType.update({ where: { id: type.id }, data: { amount: type.amount } });
  });

  it('deleting a maintenance receipt leaves its amount as a negative balance of its wallet', async () => {
    const before = await balance(otherHouseId);
    const [r] = (await receiptsOf(otherHouseId)).filter((x: any) => x.status === 'NEW');
    const result = await act('deleteReceipt', r.databaseId);
    expect(result.data.receipt).toBeNull();
    const after = await balance(otherHouseId);
    expect(after.ordinary).toBe(money(before.ordinary).minus(r.amount).toFixed(2));
    const again = await t.gql(ACTION('deleteReceipt'), { input: { receiptId: gid('Receipt', r.databaseId) } }, { token: admin });
    expect(again.body.data.deleteReceipt.code).toBe(404);
    await assertLedgerInvariant(otherHouseId);
  });

  it('pays with the wallet only when it covers the amount, then every money action answers 2079', async () => {
    const [r] = (await receiptsOf(ownHouseId)).filter((x: any) => x.status === 'NEW' || x.status === 'PENALTY');
    const start = await balance(ownHouseId);
    if (start.ordinary !== '0.00') await adjust(ownHouseId, ordinaryWallet, money(start.ordinary).negated().toFixed(2), 'Saldo a cero para la prueba');
    const refused = await act('payReceiptWithWallet', r.databaseId, owner);
    expect(refused).toMatchObject({ __typename: 'ConflictError', message: 'El saldo del Monedero no alcanza para pagar este recibo' });
    const current = await balance(ownHouseId);
    const needed = money(r.amount).minus(current.ordinary);
    const adjusted = await adjust(ownHouseId, ordinaryWallet, needed.plus(10).toFixed(2));
    expect(adjusted.data.adjustHouseBalance.data.message).toBe('El saldo ha sido modificado');
    const paid = await act('payReceiptWithWallet', r.databaseId, owner);
    expect(paid.data.message).toBe('El recibo ha sido pago usando el Monedero');
    expect(paid.data.receipt).toMatchObject({ status: 'PAID', paymentMethod: 'WALLET', transactionTotal: r.amount });
    expect((await balance(ownHouseId)).ordinary).toBe('10.00');
    for (const name of ['payReceiptWithWallet', 'addReceiptPenalty', 'deleteReceipt', 'recalculateReceipt', 'addReceiptDiscount']) {
      const again = await act(name, r.databaseId);
      expect(again).toEqual({
        __typename: 'ConflictError',
        code: 2079,
        message: 'No se completó la solicitud debido a que el recibo fue pagado anteriormente',
      });
    }
    await assertLedgerInvariant(ownHouseId);
    // Undoing the wallet payment returns the money through a REVERSAL entry.
    const undone = await act('removeReceiptWalletPayment', r.databaseId);
    expect(undone.data.receipt.status).not.toBe('PAID');
    expect((await balance(ownHouseId)).ordinary).toBe(money(r.amount).plus(10).toFixed(2));
    const kinds = (await t.app.db.prisma.ledgerEntry.findMany({ where: { receiptId: r.databaseId }, orderBy: { id: 'asc' } })).map((e) => e.kind);
    expect(kinds).toEqual(['WALLET_PAYMENT', 'REVERSAL']);
    await assertLedgerInvariant(ownHouseId);
  });

  it('a repeated idempotent payment pays once', async () => {
    const [r] = (await receiptsOf(ownHouseId)).filter((x: any) => x.status === 'NEW' || x.status === 'PENALTY');
    await adjust(ownHouseId, ordinaryWallet, money(r.amount).toFixed(2));
    const before = await t.app.db.prisma.ledgerEntry.count({ where: { houseId: ownHouseId } });
    const first = await act('payReceiptWithWallet', r.databaseId, owner, 'pago-unico-1');
    const second = await act('payReceiptWithWallet', r.databaseId, owner, 'pago-unico-1');
    expect(second).toEqual(first);
    expect(await t.app.db.prisma.ledgerEntry.count({ where: { houseId: ownHouseId } })).toBe(before + 1);
  });

  it('transfers between wallets of a house and refuses more than the source holds', async () => {
    await adjust(otherHouseId, ordinaryWallet, '5000.00');
    const start = await balance(otherHouseId);
    const doc = `mutation($input: TransferHouseBalanceInput!) { transferHouseBalance(input: $input) { __typename ... on MutationTransferHouseBalanceSuccess { data { message balance { ordinary extraordinary } } } ... on Error { message } } }`;
    const ok = await t.gql(
      doc,
      { input: { houseId: gid('House', otherHouseId), fromWalletId: ordinaryWallet, toWalletId: extraordinaryWallet, amount: '400.00' } },
      { token: admin },
    );
    expect(ok.body.data.transferHouseBalance.data.message).toBe('La transferencia se realizó correctamente');
    expect(ok.body.data.transferHouseBalance.data.balance.ordinary).toBe(money(start.ordinary).minus(400).toFixed(2));
    expect(ok.body.data.transferHouseBalance.data.balance.extraordinary).toBe(money(start.extraordinary).plus(400).toFixed(2));
    const tooMuch = await t.gql(
      doc,
      { input: { houseId: gid('House', otherHouseId), fromWalletId: extraordinaryWallet, toWalletId: ordinaryWallet, amount: '999999.00' } },
      { token: admin },
    );
    expect(tooMuch.body.data.transferHouseBalance).toEqual({
      __typename: 'ConflictError',
      message: 'El saldo del monedero de origen no alcanza para la transferencia',
    });
    await assertLedgerInvariant(otherHouseId);
  });

  it('the statement reconciles: opening + movements = closing = wallets − pending receipts', async () => {
    const { body } = await t.gql(
      `query($h: ID) { houseStatement(houseId: $h, from: "2000-01-01", to: "2040-12-31") { opening charges payments adjustments closing rows { amount kind } } }`,
      { h: gid('House', otherHouseId) },
      { token: admin },
    );
    const s = body.data.houseStatement;
    expect(s.opening).toBe('0.00');
    expect(money(s.opening).plus(s.charges).plus(s.payments).plus(s.adjustments).toFixed(2)).toBe(s.closing);
    const b = await balance(otherHouseId);
    const wallets = sumMoney(b.wallets.map((w: any) => w.balance));
    expect(s.closing).toBe(wallets.minus(b.pendingReceipts).toFixed(2));
  });
});

describe('review and references', () => {
  it('cancels a review, resends the instructions of a pending reference and removes it', async () => {
    const prisma = t.app.db.prisma;
    const [reviewed, referenced] = (await receiptsOf(otherHouseId)).filter((x: any) => x.status === 'NEW' || x.status === 'PENALTY');
    await prisma.receipt.update({
      where: { id: reviewed.databaseId },
      data: { status: 'REVIEW', paymentMethod: 'EXTERNAL', externalPayment: { method: 'BANK', authorization: 'SPEI1' } },
    });
    const cancelled = await act('cancelReceiptReview', reviewed.databaseId);
    expect(cancelled.data.message).toBe('El recibo ha sido cancelado del estado de revisión');
    expect(['NEW', 'PENALTY']).toContain(cancelled.data.receipt.status);
    expect((await prisma.receipt.findUniqueOrThrow({ where: { id: reviewed.databaseId } })).externalPayment).toBeNull();
    expect(await act('cancelReceiptReview', reviewed.databaseId)).toMatchObject({ __typename: 'ConflictError', message: 'El recibo no está en revisión' });

    await prisma.receipt.update({
      where: { id: referenced.databaseId },
      data: { status: 'IN_PROGRESS', paymentMethod: 'STORE', paymentReference: 'REF-123456' },
    });
    const mails = await prisma.emailOutbox.count();
    const sent = await act('sendReceiptPaymentInstructions', referenced.databaseId);
    expect(sent.data.message).toBe('Las instrucciones de pago han sido enviadas');
    expect(await prisma.emailOutbox.count()).toBe(mails + 1);
    const removed = await act('removeReceiptPaymentReference', referenced.databaseId);
    expect(removed.data.message).toBe('La referencia de pago ha sido eliminada');
    expect(removed.data.receipt.paymentMethod).toBeNull();
    expect(await act('sendReceiptPaymentInstructions', referenced.databaseId)).toMatchObject({
      __typename: 'ConflictError',
      message: 'El recibo no tiene una referencia de pago pendiente',
    });
  });
});

describe('manual payment requests', () => {
  it('an owner asks to pay an initial debt with a proof; paying it credits the wallet; the proof is readable at its link', async () => {
    const prisma = t.app.db.prisma;
    await adjust(
      ownHouseId,
      ordinaryWallet,
      money((await balance(ownHouseId)).ordinary)
        .negated()
        .minus(800)
        .toFixed(2),
      'Adeudo anterior',
    );
    const options = await t.gql(`{ manualPaymentOptions { defaultDueDate concepts { conceptDatabaseId description maxAmount } } }`, {}, { token: owner });
    const concept = options.body.data.manualPaymentOptions.concepts.find((c: any) => c.description === 'Adeudo inicial');
    expect(concept.maxAmount).toBe('800.00');
    expect(options.body.data.manualPaymentOptions.defaultDueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const form = new FormData();
    form.append('file', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])], 'comprobante.pdf'));
    const uploaded = await t.app.fetch(new Request(`${BASE}/api/1.0/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner}` } }));
    const file = (await uploaded.json()) as { id: string };
    const doc = `mutation($input: CreateManualPaymentInput!) { createManualPayment(input: $input) { __typename ... on MutationCreateManualPaymentSuccess { data { message receiptDatabaseId } } ... on InputError { issues { field message } } } }`;
    const tooMuch = await t.gql(doc, { input: { conceptId: concept.conceptDatabaseId, amount: '800.01' } }, { token: owner });
    expect(tooMuch.body.data.createManualPayment.issues).toEqual([{ field: 'amount', message: 'El monto máximo es $800.00' }]);
    const created = await t.gql(doc, { input: { conceptId: concept.conceptDatabaseId, amount: '800.00', attachmentFileId: file.id } }, { token: owner });
    const { receiptDatabaseId, message } = created.body.data.createManualPayment.data;
    expect(message).toBe('La solicitud de pago ha sido registrada');
    const link = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receiptDatabaseId}/attachment`, undefined, { token: admin });
    expect(link.status).toBe(302);
    expect(link.response.headers.get('location')).toBe(`/api/1.0/files/${file.id}`);
    const tenant = await t.signIn('inquilino@demo.mx');
    const read = await t.app.fetch(new Request(`${BASE}/api/1.0/files/${file.id}`, { headers: { authorization: `Bearer ${tenant}` } }));
    expect(read.status).toBe(200);
    const account = await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE' } });
    const captured = await t.gql(
      `mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { __typename ... on MutationCapturePaymentSuccess { data { total message } } } }`,
      { input: { houseId: gid('House', ownHouseId), receiptIds: [gid('Receipt', receiptDatabaseId)], incomeAccountId: account.id, paymentDate: '2026-01-15' } },
      { token: admin },
    );
    expect(captured.body.data.capturePayment.data).toEqual({ total: '800.00', message: 'El pago ha sido registrado' });
    expect((await balance(ownHouseId)).ordinary).toBe('0.00');
    await assertLedgerInvariant(ownHouseId);
  });
});

describe('who may see and do what', () => {
  it('an owner reads only their own house, and never another community’s receipt', async () => {
    const foreign = await t.gql(LIST, { houseId: gid('House', otherHouseId) }, { token: owner });
    expect(foreign.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const torreHouse = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const maint = await t.app.db.prisma.maintenance.create({
      data: { neighborhoodId: torre.id, year: 2031, month: 1, description: 'X', dueDate: new Date('2031-01-31'), ordinary: false, amount: '10.00' },
    });
    const concept = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const foreignReceipt = await t.app.db.prisma.receipt.create({
      data: {
        neighborhoodId: torre.id,
        houseId: torreHouse.id,
        maintenanceId: maint.id,
        incomeConceptId: concept.id,
        walletId: concept.walletId,
        description: 'Ajeno',
        year: 2031,
        month: 1,
        dueDate: new Date('2031-01-31'),
        sourceAmount: '10.00',
        amount: '10.00',
      },
    });
    const node = await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid('Receipt', foreignReceipt.id) }, { token: admin });
    expect(node.body.data.node).toBeNull();
    const action = await t.gql(ACTION('deleteReceipt'), { input: { receiptId: gid('Receipt', foreignReceipt.id) } }, { token: admin });
    expect(action.body.data.deleteReceipt.code).toBe(404);
  });

  it('an owner cannot change amounts or adjust balances', async () => {
    const [r] = await receiptsOf(ownHouseId, {}, owner);
    const penalty = await t.gql(ACTION('addReceiptPenalty'), { input: { receiptId: gid('Receipt', r.databaseId) } }, { token: owner });
    expect(penalty.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const adjustment = await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: ordinaryWallet, amount: '1000.00', reason: 'x' } },
      { token: owner },
    );
    expect(adjustment.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('every money write leaves its audit record', async () => {
    const actions = await t.app.db.prisma.auditLog.findMany({
      where: { neighborhoodId: olivosId, entity: { in: ['Receipt', 'House', 'Maintenance'] } },
      select: { action: true },
    });
    const names = new Set(actions.map((a) => a.action));
    for (const a of ['GENERATE', 'ADD_PENALTY', 'REMOVE_PENALTY', 'DELETE', 'PAY_WITH_WALLET', 'REMOVE_WALLET_PAYMENT', 'ADJUST_BALANCE', 'TRANSFER_BALANCE']) {
      expect(names.has(a), a).toBe(true);
    }
  });

  it('the ledger refuses updates and deletes', async () => {
    const entry = await t.app.db.prisma.ledgerEntry.findFirstOrThrow({});
    await expect(t.app.db.prisma.ledgerEntry.update({ where: { id: entry.id }, data: { amount: '1.00' } })).rejects.toThrow(/append-only/);
    await expect(t.app.db.prisma.ledgerEntry.delete({ where: { id: entry.id } })).rejects.toThrow(/append-only/);
  });
});
