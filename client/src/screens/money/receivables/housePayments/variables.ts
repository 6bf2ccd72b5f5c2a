// The house payments screen's route variables (spec 1 section 2, /houses/{houseId}/payments): page,
// page_size and the payment_method filter from the query string; the house from the path.
import type { Params } from 'react-router';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import { isMethod } from '../receipts/receiptTexts.js';

export const PAYMENT_FILTERS = ['payment_method'] as const;

export function housePaymentsVariables({ params, search }: { params: Params; search: URLSearchParams }): Record<string, unknown> {
  const method = search.get('payment_method');
  return {
    ...listVariables(search),
    houseId: globalId('House', params.houseId),
    paymentMethod: isMethod(method) ? method : null,
  };
}
