// The demo's paid history is written in bulk (server/domains/money/receivables/maintenances/demoSeed.ts): these tests pay a
// receipt through the app's own paths — a card through the sandbox gateway, a payment the administration
// registers — and check that the seeded payments of the same kind hold the same rows, field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../core/money.js';
import { gid, payingCommunity, type PayingCommunity } from '../../tests/payingCommunity.js';

let p: PayingCommunity;
beforeAll(async () => {
  p = await payingCommunity();
});
afterAll(() => p?.t.close());

/** Which columns are set (not their values): the shape a path leaves on a charge, or on a receipt's payment fields. */
function shape(row: Record<string, unknown> | null, ignore: string[] = []) {
  if (!row) return null;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !ignore.includes(k))
      .map(([k, v]) => [k, v === null ? 'null' : 'set']),
  );
}

/** What paying writes on a receipt (the rest describes the receipt: its maintenance, terms, dates). */
const PAYMENT_FIELDS = [
  'status',
  'paymentMethod',
  'transactionTotal',
  'paymentDate',
  'realPaymentDate',
  'incomeAccountId',
  'paymentAuthorization',
  'accountEnding',
  'cardType',
  'externalPayment',
] as const;
const payment = (r: Record<string, unknown>) => shape(Object.fromEntries(PAYMENT_FIELDS.map((k) => [k, r[k] ?? null])));

async function paidRows(receiptId: number) {
  const prisma = p.t.app.db.prisma;
  const receipt = await prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } });
  const ledger = await prisma.ledgerEntry.findMany({ where: { receiptId }, orderBy: { id: 'asc' } });
  const charge = await prisma.charge.findFirst({ where: { receiptId, status: 'COMPLETED' } });
  return { receipt, ledger, charge };
}

async function seededPaidBy(method: string) {
  const prisma = p.t.app.db.prisma;
  const r = await prisma.receipt.findFirstOrThrow({
    where: { neighborhoodId: p.olivosId, status: 'PAID', paymentMethod: method as never, maintenanceId: { not: null } },
    orderBy: { id: 'asc' },
  });
  return paidRows(r.id);
}

describe('the seeded history has the rows the app writes', () => {
  it('a card payment: a completed charge with its fee, a DEPOSIT and a RECEIPT_PAID that name it', async () => {
    const receiptId = await p.newReceipt(p.ownHouseId, '950.00');
    const answer = await p.charge(receiptId, { method: 'CARD', cardToken: await p.token('4111111111111111') });
    expect(answer.data?.charge?.status, JSON.stringify(answer)).toBe('COMPLETED');
    const paid = await paidRows(receiptId);
    const seeded = await seededPaidBy('CARD');
    const chargeVaries = ['cardId', 'msi', 'idempotencyKey', 'userId', 'instructions', 'reference', 'redirectUrl', 'errorCode', 'errorMessage', 'updatedAt'];
    expect(shape(seeded.charge, chargeVaries)).toEqual(shape(paid.charge, chargeVaries));
    expect(payment(seeded.receipt)).toEqual(payment(paid.receipt));
    for (const rows of [paid, seeded]) {
      expect(rows.ledger.map((l) => [l.kind, l.paymentMethod, l.chargeId === rows.charge!.id])).toEqual([
        ['DEPOSIT', 'CARD', true],
        ['RECEIPT_PAID', 'CARD', true],
      ]);
      expect(money(rows.ledger[0].amount.toFixed(2)).plus(rows.ledger[1].amount.toFixed(2)).isZero()).toBe(true);
      expect(rows.receipt.transactionTotal?.toFixed(2)).toBe(rows.charge!.total.toFixed(2));
      expect(rows.charge!.amount.toFixed(2)).toBe(rows.receipt.amount.toFixed(2));
    }
  });

  it('a payment the administration registers: MANUAL into the bank account, a DEPOSIT and a RECEIPT_PAID', async () => {
    const prisma = p.t.app.db.prisma;
    const receiptId = await p.newReceipt(p.otherHouseId, '950.00');
    const bank = await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: p.olivosId, accountType: 'CLABE', deletedAt: null } });
    const { body } = await p.t.gql(
      `mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { __typename ... on Error { message } } }`,
      {
        input: {
          houseId: gid('House', p.otherHouseId),
          receiptIds: [gid('Receipt', receiptId)],
          incomeAccountId: bank.id,
          paymentDate: '2026-01-05',
          authorization: 'SPEI-1',
        },
      },
      { token: p.admin },
    );
    expect(body.data.capturePayment.__typename, JSON.stringify(body)).toBe('MutationCapturePaymentSuccess');
    const paid = await paidRows(receiptId);
    const seeded = await seededPaidBy('MANUAL');
    expect(payment(seeded.receipt)).toEqual(payment(paid.receipt));
    for (const rows of [paid, seeded]) {
      expect(rows.charge).toBeNull();
      expect(rows.receipt.incomeAccountId).toBe(bank.id);
      expect(rows.ledger.map((l) => [l.kind, l.paymentMethod, l.chargeId])).toEqual([
        ['DEPOSIT', 'MANUAL', null],
        ['RECEIPT_PAID', 'MANUAL', null],
      ]);
    }
  });

  it('every receipt in review holds the payment its owner sent, and no paid receipt lacks how it was paid', async () => {
    const prisma = p.t.app.db.prisma;
    const inReview = await prisma.receipt.findMany({ where: { neighborhoodId: p.olivosId, status: 'REVIEW' } });
    expect(inReview.length).toBeGreaterThan(0);
    for (const r of inReview) {
      const { body } = await p.t.gql(
        `query($id: ID!) { node(id: $id) { ... on Receipt { externalPayment { state method paymentDate } } } }`,
        { id: gid('Receipt', r.id) },
        { token: p.admin },
      );
      expect(body.data.node.externalPayment, `receipt ${r.id}`).toMatchObject({ state: 'REVIEW', method: 'TRANSFER' });
    }
    const incomplete = await prisma.receipt.count({
      where: { neighborhoodId: p.olivosId, status: 'PAID', OR: [{ paymentMethod: null }, { paymentDate: null }, { realPaymentDate: null }] },
    });
    expect(incomplete).toBe(0);
    // Money the gateway moved came through a charge; money registered landed in an account.
    const stray = await p.t.app.db.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "LedgerEntry" l LEFT JOIN "Receipt" r ON r.id = l."receiptId"
        WHERE l."neighborhoodId" = $1 AND l.kind = 'DEPOSIT'
          AND ((l."paymentMethod" IN ('CARD','STORE','BANK') AND l."chargeId" IS NULL) OR (l."paymentMethod" IN ('MANUAL','EXTERNAL') AND r."incomeAccountId" IS NULL))`,
      [p.olivosId],
    );
    expect(stray[0].n).toBe(0);
  });
});
