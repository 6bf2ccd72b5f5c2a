// Legacy /api/1.0 routes of the credit receipts and chargebacks lists (spec 1 section 7: "paged; paths not
// shown"): GET /neighborhoods/{n}/credit-receipts (payment_method, payment_status) and
// GET /neighborhoods/{n}/chargebacks (status), both with page_size and offset, newest first.
import { z } from 'zod';
import { PAYMENT_METHODS, RECEIPT_STATUSES } from '../../../../../core/receipts.js';
import { legacyPageQuery, type RestRoute } from '../../../../rest/router.js';
import { CHARGEBACK_STATUSES } from './creditReceipts.js';
import { legacyReceipt, RECEIPT_SELECTION } from './rest.js';

const upperEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));

export const creditReceiptRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/credit-receipts',
    query: legacyPageQuery.extend({ payment_method: upperEnum(PAYMENT_METHODS).optional(), payment_status: upperEnum(RECEIPT_STATUSES).optional() }),
    operation: `query($first: Int!, $offset: Int!, $paymentMethod: PaymentMethod, $paymentStatus: ReceiptStatus) {
      creditReceipts(first: $first, offset: $offset, paymentMethod: $paymentMethod, paymentStatus: $paymentStatus) {
        totalCount edges { node { ${RECEIPT_SELECTION} } } } }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      paymentMethod: query.payment_method ?? null,
      paymentStatus: query.payment_status ?? null,
    }),
    result: (data) => ({ total: data.creditReceipts.totalCount, content: data.creditReceipts.edges.map((e: any) => legacyReceipt(e.node)) }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/chargebacks',
    query: legacyPageQuery.extend({ status: upperEnum(CHARGEBACK_STATUSES).optional() }),
    operation: `query($first: Int!, $offset: Int!, $status: ChargebackStatus) {
      chargebacks(first: $first, offset: $offset, status: $status) { totalCount edges { node {
        databaseId status amount gatewayId createdAt updatedAt houseDatabaseId houseLabel receiptDatabaseId receipt { ${RECEIPT_SELECTION} } } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, status: query.status ?? null }),
    result: (data) => ({
      total: data.chargebacks.totalCount,
      content: data.chargebacks.edges.map(({ node: c }: any) => ({
        id: c.databaseId,
        status: c.status,
        amount: c.amount,
        gateway_id: c.gatewayId,
        created_at: c.createdAt,
        updated_at: c.updatedAt,
        id_house: c.houseDatabaseId,
        house_label: c.houseLabel,
        id_receipt: c.receiptDatabaseId,
        receipt: c.receipt ? legacyReceipt(c.receipt) : null,
      })),
    }),
  },
];
