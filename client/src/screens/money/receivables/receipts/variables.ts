// The receipts screens' route variables from the path and the query string (spec 1 section 2: group,
// id_agreement, payment_method and payment_status filters, page and page_size).
import type { Params } from 'react-router';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import { groupOf, isMethod, isStatus } from './receiptTexts.js';

/** The list's query-string filters, as the FilterBar names them. */
export const RECEIPT_FILTERS = ['payment_status', 'payment_method', 'id_agreement'] as const;

export function receiptListVariables({ params, search }: { params: Params; search: URLSearchParams }): Record<string, unknown> {
  const admin = !!params.houseId;
  const agreement = search.get('id_agreement')?.trim() ?? '';
  const method = search.get('payment_method');
  const status = search.get('payment_status');
  return {
    ...listVariables(search),
    houseId: admin ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    admin,
    group: groupOf(search.get('group')),
    agreementId: /^\d{1,9}$/.test(agreement) ? Number(agreement) : null,
    paymentMethod: isMethod(method) ? method : null,
    paymentStatus: isStatus(status) ? status : null,
  };
}

export function receiptVariables({ params }: { params: Params }): Record<string, unknown> {
  return { id: globalId('Receipt', params.receiptId) };
}
