// PUT /maintenances/{id}/incomes (spec 2 sections 3, 5 and 7: "incomes (get and update)", the payment
// capture request with items and id_income_account): an administrator records, at once, the payments
// received for several receipts of one maintenance — a bank statement listing who paid the month's fee —
// across houses. It is the house payment capture (receipts/payments.ts) for a maintenance's receipts:
// the same rules (CLABE or card income account, a payment date not in the future, receipts not PAID nor
// with a payment in progress or in review, each paid with what it expected on the payment date, method
// MANUAL), in one transaction: every receipt is paid or none is.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { z } from 'zod';
import { formatMoney, sumMoney } from '../../../../../core/money.js';
import { expectedAmount } from '../../../../../core/receipts.js';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { actorOf, communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { communityToday } from '../../../../kernel/today.js';
import { write } from '../../../../kernel/write.js';
import { lockHouse } from '../ledger/service.js';
import { postPayment } from '../receipts/door.js';
import { CAPTURE_ACCOUNT_TYPES, CAPTURE_GRANTS, CaptureSchema, PAYMENT_CAPTURED } from '../receipts/payments.js';
import { alreadyPaid, termsOf } from '../receipts/service.js';
import { IncomesRef } from './maintenance.js';
import { maintenanceIncomes } from './summary.js';

/** Receipts one capture of a maintenance may pay (a community's houses for one fee). */
export const MAINTENANCE_CAPTURE_MAX = 500;

export const MaintenanceCaptureSchema = CaptureSchema.extend({
  receiptIds: z
    .array(z.coerce.number().int())
    .min(1, 'Elige al menos un recibo')
    .max(MAINTENANCE_CAPTURE_MAX, `Se registran como máximo ${MAINTENANCE_CAPTURE_MAX} recibos a la vez`),
});

export interface MaintenanceCapture {
  maintenanceId: number;
  message: string;
  total: string;
  receipts: { receiptId: number; houseId: number; amount: string }[];
}

/** Records the payments received for receipts of one maintenance (any of its houses), all or none. */
export async function captureMaintenanceIncomes(
  ctx: ServiceContext,
  maintenanceId: number,
  raw: unknown,
  idempotencyKey?: string | null,
): Promise<MaintenanceCapture> {
  const input = parseInput(MaintenanceCaptureSchema, raw);
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(
    ctx,
    { idempotencyKey, request: { operation: 'captureMaintenanceIncomes', input: { maintenanceId, ...input } }, timeoutMs: 120_000 },
    async ({ tx, audit, afterCommit }) => {
      const m = await tx.maintenance.findFirst({ where: { id: maintenanceId, neighborhoodId }, select: { id: true } });
      if (!m) throw new NotFoundError('MAINTENANCE_NOT_FOUND');
      const account = await tx.incomeAccount.findFirst({
        where: { id: rowId(input.incomeAccountId), neighborhoodId, deletedAt: null },
        select: { id: true, accountType: true },
      });
      if (!account) throw new InputError([{ field: 'incomeAccountId', message: 'La cuenta de ingreso no existe' }]);
      if (!(CAPTURE_ACCOUNT_TYPES as readonly string[]).includes(account.accountType)) {
        throw new InputError([{ field: 'incomeAccountId', message: 'Solo se registran pagos en cuentas CLABE o de tarjeta' }]);
      }
      const today = await communityToday(tx, neighborhoodId);
      if (input.paymentDate > today) throw new InputError([{ field: 'paymentDate', message: 'La fecha de pago no puede ser futura' }]);
      const ids = [...new Set(input.receiptIds)].sort((a, b) => a - b);
      const houses = await tx.receipt.findMany({
        where: { id: { in: ids.map(rowId) }, maintenanceId: m.id, neighborhoodId, deletedAt: null },
        select: { houseId: true },
        distinct: ['houseId'],
      });
      // Houses in id order, as every payment path locks them: two captures never wait on each other in a cycle.
      for (const houseId of houses.map((h) => h.houseId).sort((a, b) => a - b)) await lockHouse(tx, houseId);
      const receipts = await tx.receipt.findMany({
        where: { id: { in: ids.map(rowId) }, maintenanceId: m.id, neighborhoodId, deletedAt: null },
        orderBy: { id: 'asc' },
      });
      if (receipts.length !== ids.length) throw new NotFoundError('MAINTENANCE_RECEIPTS_NOT_FOUND');
      if (receipts.some((r) => r.status === 'PAID')) throw alreadyPaid();
      if (receipts.some((r) => r.status === 'IN_PROGRESS' || r.status === 'REVIEW')) throw new ConflictError('RECEIPTS_PAYMENT_PENDING');
      const paid: MaintenanceCapture['receipts'] = [];
      for (const r of receipts) {
        const expected = expectedAmount(termsOf(r), input.paymentDate);
        await postPayment(tx, r, {
          method: 'MANUAL',
          userId: actor.userId,
          paid: expected,
          total: expected.amount,
          today,
          incomeAccountId: account.id,
          authorization: input.authorization ?? null,
          realPaymentDate: input.paymentDate,
        });
        paid.push({ receiptId: r.id, houseId: r.houseId, amount: expected.amount });
      }
      const total = formatMoney(sumMoney(paid.map((p) => p.amount)));
      await audit({
        action: 'CAPTURE_INCOMES',
        entity: 'Maintenance',
        entityId: m.id,
        data: { incomeAccountId: account.id, paymentDate: input.paymentDate, total, receipts: paid },
      });
      afterCommit(() => ctx.pubsub.publish('community:money', neighborhoodId, { neighborhoodId, kind: 'PAYMENT', at: new Date() }));
      return { maintenanceId: m.id, message: PAYMENT_CAPTURED, total, receipts: paid };
    },
  );
}

const CapturedMaintenanceReceiptRef = builder.objectRef<MaintenanceCapture['receipts'][number]>('CapturedMaintenanceReceipt').implement({
  fields: (t) => ({
    receiptId: t.id({ resolve: (r) => encodeGlobalID('Receipt', r.receiptId) }),
    receiptDatabaseId: t.exposeInt('receiptId'),
    houseDatabaseId: t.exposeInt('houseId'),
    amount: t.field({ type: 'Decimal', description: 'What the receipt was paid with (its expected amount on the payment date)', resolve: (r) => r.amount }),
  }),
});

const CaptureMaintenanceIncomesPayload = builder.objectRef<MaintenanceCapture>('CaptureMaintenanceIncomesPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    total: t.field({ type: 'Decimal', resolve: (p) => p.total }),
    receipts: t.field({ type: [CapturedMaintenanceReceiptRef], resolve: (p) => p.receipts }),
    incomes: t.field({
      type: IncomesRef,
      description: "The maintenance's incomes after the capture",
      resolve: (p, _a, ctx) => maintenanceIncomes(ctx.prisma, p.maintenanceId),
    }),
  }),
});

builder.mutationField('captureMaintenanceIncomes', (t) =>
  t.field({
    type: CaptureMaintenanceIncomesPayload,
    description:
      'Record the payments received (into a CLABE or CARD income account) for receipts of one maintenance not yet PAID, of any of its houses; all or none',
    ...grants(...CAPTURE_GRANTS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CaptureMaintenanceIncomesInput', {
          fields: (f) => ({
            maintenanceId: f.globalID({ required: true }),
            receiptIds: f.globalIDList({ required: true }),
            incomeAccountId: f.int({ required: true }),
            paymentDate: f.string({ required: true, description: 'YYYY-MM-DD' }),
            authorization: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      captureMaintenanceIncomes(
        ctx,
        input.maintenanceId.typename === 'Maintenance' ? rowId(input.maintenanceId.id) : -1,
        {
          receiptIds: input.receiptIds.map((r) => (r.typename === 'Receipt' ? rowId(r.id) : -1)),
          incomeAccountId: input.incomeAccountId,
          paymentDate: input.paymentDate,
          authorization: input.authorization,
        },
        input.idempotencyKey,
      ),
  }),
);
