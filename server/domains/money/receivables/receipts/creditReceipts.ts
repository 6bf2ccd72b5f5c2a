// The administration's lists of credit receipts and chargebacks (spec 1 section 2; spec 2 section 2):
// - /credit-receipts: receipts paid with a credit card (method CREDIT) or created as credits of a wallet
//   (manual payment requests: an initial debt or a prepayment), filtered by payment_method and
//   payment_status, newest first;
// - /chargebacks: the gateway's chargebacks (created by the payments webhooks) with their receipt and
//   house, newest first, filtered by status.
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { builder, grants, idPage, keysetConnection, selectsField, idPageArgs } from '../../../../graphql/builder.js';
import { communityOf, type Context } from '../../../../kernel/context.js';
import type { Chargeback, Prisma } from '../../../../db/generated/client.js';
import type { PaymentMethod, ReceiptStatus } from '../../../../../core/receipts.js';
import { PaymentMethodEnum, ReceiptConnectionRef, ReceiptRef, ReceiptStatusEnum } from './receipt.js';
import { receiptRows } from './rows.js';
import { RECEIPT_ADMIN_READERS } from './service.js';

export const CHARGEBACK_STATUSES = ['CREATED', 'DENIED', 'APPLIED'] as const;
export const ChargebackStatusEnum = builder.enumType('ChargebackStatus', {
  description: 'Spec 1 section 4: CREATED (opened by the bank), DENIED (won by the community), APPLIED (the money was returned)',
  values: CHARGEBACK_STATUSES,
});

export interface CreditReceiptFilter {
  paymentMethod?: PaymentMethod | null;
  paymentStatus?: ReceiptStatus | null;
}

export function creditReceiptWhere(neighborhoodId: number, f: CreditReceiptFilter): Prisma.ReceiptWhereInput {
  return {
    neighborhoodId,
    deletedAt: null,
    OR: [{ paymentMethod: 'CREDIT' }, { creditsWallet: true }],
    ...(f.paymentMethod ? { paymentMethod: f.paymentMethod } : {}),
    ...(f.paymentStatus ? { status: f.paymentStatus } : {}),
  };
}

builder.queryField('creditReceipts', (t) =>
  t.field({
    type: ReceiptConnectionRef,
    description: "Receipts paid with a credit card or created as a wallet's credit, newest first (/credit-receipts)",
    ...grants(...RECEIPT_ADMIN_READERS),
    args: {
      paymentMethod: t.arg({ type: PaymentMethodEnum, required: false }),
      paymentStatus: t.arg({ type: ReceiptStatusEnum, required: false }),
      ...idPageArgs(t.arg),
    },
    resolve: async (_r, args, ctx, info) => {
      const neighborhoodId = communityOf(ctx);
      const where = creditReceiptWhere(neighborhoodId, { paymentMethod: args.paymentMethod, paymentStatus: args.paymentStatus });
      const { page, rows, total } = await idPage(
        args,
        selectsField(info, 'totalCount'),
        (cut, order, skip, take) => ctx.prisma.receipt.findMany({ where: { AND: [where, cut] }, select: { id: true }, orderBy: { id: order }, skip, take }),
        () => ctx.prisma.receipt.count({ where }),
      );
      const loaded = await receiptRows(
        ctx.db.kysely,
        neighborhoodId,
        rows.map((r) => r.id),
      );
      const byId = new Map(loaded.map((r) => [r.id, r]));
      const ordered = rows.map((r) => byId.get(r.id)).filter((r) => r !== undefined);
      return keysetConnection(ordered, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

export const ChargebackRef = builder.objectRef<Chargeback>('Chargeback').implement({
  description: "A card payment the payer's bank reversed (spec 1 section 4), with its receipt and house",
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeGlobalID('Chargeback', c.id) }),
    databaseId: t.exposeInt('id'),
    status: t.field({ type: ChargebackStatusEnum, resolve: (c) => c.status }),
    amount: t.field({ type: 'Decimal', resolve: (c) => c.amount.toFixed(2) }),
    gatewayId: t.exposeString('gatewayId'),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
    houseDatabaseId: t.exposeInt('houseId'),
    houseLabel: t.string({
      resolve: async (c, _a, ctx) => {
        const h = await ctx.prisma.house.findUnique({
          where: { id: c.houseId },
          select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true },
        });
        return h ? houseLabel(h) : '';
      },
    }),
    receiptDatabaseId: t.exposeInt('receiptId'),
    receipt: t.field({
      type: ReceiptRef,
      nullable: true,
      resolve: async (c, _a, ctx) => (await receiptRows(ctx.db.kysely, communityOf(ctx), [c.receiptId]))[0] ?? null,
    }),
  }),
});

const ChargebackConnectionRef = builder.connectionObject({
  type: ChargebackRef,
  name: 'ChargebackConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

export function chargebackWhere(ctx: Context, status: (typeof CHARGEBACK_STATUSES)[number] | null | undefined): Prisma.ChargebackWhereInput {
  return { neighborhoodId: communityOf(ctx), ...(status ? { status } : {}) };
}

builder.queryField('chargebacks', (t) =>
  t.field({
    type: ChargebackConnectionRef,
    description: "The community's chargebacks with their receipt and house, newest first (/chargebacks)",
    ...grants(...RECEIPT_ADMIN_READERS),
    args: {
      status: t.arg({ type: ChargebackStatusEnum, required: false }),
      ...idPageArgs(t.arg),
    },
    resolve: async (_r, args, ctx, info) => {
      const where = chargebackWhere(ctx, args.status);
      const { page, rows, total } = await idPage(
        args,
        selectsField(info, 'totalCount'),
        (cut, order, skip, take) => ctx.prisma.chargeback.findMany({ where: { ...where, ...cut }, orderBy: { id: order }, skip, take }),
        () => ctx.prisma.chargeback.count({ where }),
      );
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);
