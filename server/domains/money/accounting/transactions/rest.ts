// Legacy /api/1.0 routes of transactions and balances (spec 2 section 7, Reports): GET
// /neighborhoods/{n}/transactions (the grid with its filters, offset and page_size, the period's totals,
// the page's totals and the balances) and GET …/transactions/export (format=xlsx|csv, the file itself).
import { z } from 'zod';
import { globalId, legacyPageQuery, LinkedDownload, type RestRoute } from '../../../../rest/router.js';
import { PAYMENT_METHODS, TRANSACTION_KINDS, TRANSACTION_SOURCES } from './service.js';

const BASE = '/neighborhoods/{n}/transactions';
const upper = (v: unknown) => (typeof v === 'string' && v !== '' ? v.toUpperCase() : v === '' ? undefined : v);
const text = z.string().max(20).optional();
const id = z
  .string()
  .regex(/^\d{1,10}$/, 'debe ser un número')
  .optional();

const filterQuery = z.object({
  date_kind: z.preprocess(upper, z.enum(['SYSTEM_DATE', 'PAYMENT_DATE']).optional()),
  from: text,
  to: text,
  kind: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? undefined : v.toUpperCase().split(',').filter(Boolean)) : v),
    z.array(z.enum(TRANSACTION_KINDS)).max(TRANSACTION_KINDS.length).optional(),
  ),
  source: z.preprocess(upper, z.enum(TRANSACTION_SOURCES).optional()),
  id_wallet: id,
  id_house: id,
  payment_method: z.preprocess(upper, z.enum(PAYMENT_METHODS).optional()),
  id_account: id,
});

const filterOf = (q: z.infer<typeof filterQuery>) => ({
  dateKind: q.date_kind ?? null,
  from: q.from || null,
  to: q.to || null,
  kinds: q.kind ?? null,
  source: q.source ?? null,
  walletId: q.id_wallet ? globalId('Wallet', q.id_wallet) : null,
  houseId: q.id_house ? globalId('House', q.id_house) : null,
  paymentMethod: q.payment_method ?? null,
  accountId: q.id_account ? globalId('IncomeAccount', q.id_account) : null,
});

const TOTALS = 'count inflow outflow net';
const BALANCE = 'databaseId name type opening movements closing inTransit';
const ROW = `key source databaseId kind kindName date createdAt amount description houseDatabaseId houseLabel walletName receiptDatabaseId
  paymentMethod accountName expenseDatabaseId expenseFolio withdrawalDatabaseId inTransit`;

const totals = (t: any) => ({ count: t.count, inflow: t.inflow, outflow: t.outflow, net: t.net });
const balance = (b: any) => ({
  id: b.databaseId,
  name: b.name,
  type: b.type,
  opening_balance: b.opening,
  movements: b.movements,
  closing_balance: b.closing,
  in_transit: b.inTransit,
});

export const transactionRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: filterQuery.extend(legacyPageQuery.shape),
    operation: `query($filter: TransactionFilter!, $first: Int, $offset: Int) {
      transactions(filter: $filter, first: $first, offset: $offset) { totalCount pageTotals { ${TOTALS} } edges { node { ${ROW} } } }
      transactionsSummary(filter: $filter) { from to dateKind totals { ${TOTALS} } wallets { ${BALANCE} } accounts { ${BALANCE} } } }`,
    variables: ({ query }) => ({ filter: filterOf(query), first: query.page_size, offset: query.offset }),
    result: (data) => ({
      date_kind: data.transactionsSummary.dateKind,
      from: data.transactionsSummary.from,
      to: data.transactionsSummary.to,
      total: data.transactions.totalCount,
      transactions: data.transactions.edges.map(({ node: r }: any) => ({
        id: r.key,
        source: r.source,
        kind: r.kind,
        kind_name: r.kindName,
        date: r.date,
        created_at: r.createdAt,
        amount: r.amount,
        description: r.description,
        id_house: r.houseDatabaseId,
        house_label: r.houseLabel,
        wallet: r.walletName,
        id_receipt: r.receiptDatabaseId,
        payment_method: r.paymentMethod,
        account: r.accountName,
        id_expense: r.expenseDatabaseId,
        expense_folio: r.expenseFolio,
        id_withdrawal: r.withdrawalDatabaseId,
        in_transit: r.inTransit,
      })),
      page_totals: totals(data.transactions.pageTotals),
      totals: totals(data.transactionsSummary.totals),
      balances: { wallets: data.transactionsSummary.wallets.map(balance), accounts: data.transactionsSummary.accounts.map(balance) },
    }),
  },
  {
    method: 'GET',
    path: `${BASE}/export`,
    query: filterQuery.extend({ format: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : 'XLSX'), z.enum(['XLSX', 'CSV'])) }),
    operation: `query($filter: TransactionFilter!, $format: TransactionExportFormat) { transactionsExport(filter: $filter, format: $format) { url } }`,
    variables: ({ query }) => ({ filter: filterOf(query), format: query.format }),
    result: (data) => new LinkedDownload(data.transactionsExport.url),
  },
];
