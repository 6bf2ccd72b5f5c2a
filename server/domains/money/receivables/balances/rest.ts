// Legacy /api/1.0 routes of a house's wallets (spec 1 sections 3 and 7): balances, the authorised balance
// adjustment, transfers between wallets and the account statement with its PDF.
import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { FILE_FIELDS, fileResponse } from '../receipts/rest.js';

const HOUSE = '/neighborhoods/{n}/houses/{h}';

const BALANCE_SELECTION = `houseDatabaseId ordinary extraordinary pendingReceipts
  wallets { walletDatabaseId type name measuredServiceDatabaseId balance }`;

/** Spec 1 section 3, Balance: ordinary, extraordinary and the balances list (one per wallet). */
export function legacyBalance(b: any) {
  return {
    id_house: b.houseDatabaseId,
    ordinary: b.ordinary,
    extraordinary: b.extraordinary,
    pending_receipts: b.pendingReceipts,
    balances: b.wallets.map((w: any) => ({
      measured_service: w.measuredServiceDatabaseId === null ? null : { id: w.measuredServiceDatabaseId },
      balance: w.balance,
      wallet: { id: w.walletDatabaseId, type: w.type, name: w.name },
    })),
  };
}

function legacyWallet(w: any) {
  return { id: w.walletDatabaseId, type: w.type, name: w.name, id_measured_service: w.measuredServiceDatabaseId, balance: w.balance };
}

const legacyId = z.coerce.number().int().positive().max(2_147_483_647);
/** Amounts as JSON strings or numbers; the service reads the text. */
const amountText = z.union([z.string(), z.number()]).transform((v) => String(v));
const statementQuery = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() });
const houseVar = ({ params }: { params: Record<string, string> }) => ({ houseId: globalId('House', params.h) });

const STATEMENT_SELECTION = `houseLabel communityName ownerName from to opening charges payments adjustments closing
  rows { date kind description amount receiptDatabaseId }`;

function legacyStatement(s: any, houseId: number) {
  return {
    id_house: houseId,
    house_label: s.houseLabel,
    neighborhood_name: s.communityName,
    owner_name: s.ownerName,
    from: s.from,
    to: s.to,
    opening_balance: s.opening,
    charges: s.charges,
    payments: s.payments,
    adjustments: s.adjustments,
    closing_balance: s.closing,
    rows: s.rows.map((r: any) => {
      const negative = r.amount.startsWith('-');
      return {
        date: r.date,
        kind: r.kind,
        description: r.description,
        amount: r.amount,
        // cargo and abono as the PDF prints them: a charge (negative) in cargo, money in favour in abono.
        charge: negative ? r.amount.slice(1) : null,
        payment: negative ? null : r.amount,
        id_receipt: r.receiptDatabaseId,
      };
    }),
  };
}

export const balancesRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: `${HOUSE}/balance`,
    operation: `query($houseId: ID) { houseBalance(houseId: $houseId) { ${BALANCE_SELECTION} } }`,
    variables: houseVar,
    result: (data) => legacyBalance(data.houseBalance),
  },
  {
    // Balance adjustment (ABalancesAuthorise): one wallet, a signed amount (negative charges it) and the reason.
    method: 'PUT',
    path: `${HOUSE}/balance`,
    body: z.object({ id_wallet: legacyId, amount: amountText, reason: z.string() }),
    operation: `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationAdjustHouseBalanceSuccess { data { message balance { ${BALANCE_SELECTION} } } } } }`,
    variables: ({ params, body }) => ({
      input: { houseId: globalId('House', params.h), walletId: body.id_wallet, amount: body.amount, reason: body.reason },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.adjustHouseBalance);
      return { message: payload.message, ...legacyBalance(payload.balance) };
    },
  },
  {
    method: 'GET',
    path: `${HOUSE}/transfer-balance`,
    operation: `query($houseId: ID) { houseBalance(houseId: $houseId) { ${BALANCE_SELECTION} } }`,
    variables: houseVar,
    result: (data) => ({ wallets: data.houseBalance.wallets.map(legacyWallet) }),
  },
  {
    method: 'POST',
    path: `${HOUSE}/transfer-balance`,
    body: z.object({ id_from_wallet: legacyId, id_to_wallet: legacyId, amount: amountText }),
    operation: `mutation($input: TransferHouseBalanceInput!) { transferHouseBalance(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationTransferHouseBalanceSuccess { data { message balance { ${BALANCE_SELECTION} } } } } }`,
    variables: ({ params, body }) => ({
      input: { houseId: globalId('House', params.h), fromWalletId: body.id_from_wallet, toWalletId: body.id_to_wallet, amount: body.amount },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.transferHouseBalance);
      return { message: payload.message, wallets: payload.balance.wallets.map(legacyWallet) };
    },
  },
  {
    method: 'GET',
    path: `${HOUSE}/statement`,
    query: statementQuery,
    operation: `query($houseId: ID, $from: String, $to: String) { houseStatement(houseId: $houseId, from: $from, to: $to) { ${STATEMENT_SELECTION} } }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), from: query.from ?? null, to: query.to ?? null }),
    result: (data, req) => legacyStatement(data.houseStatement, Number(req.params.h)),
  },
  {
    method: 'GET',
    path: `${HOUSE}/statement/pdf`,
    query: statementQuery,
    operation: `query($houseId: ID, $from: String, $to: String) { houseStatementPdf(houseId: $houseId, from: $from, to: $to) { ${FILE_FIELDS} } }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), from: query.from ?? null, to: query.to ?? null }),
    result: (data) => fileResponse(data.houseStatementPdf),
  },
];
