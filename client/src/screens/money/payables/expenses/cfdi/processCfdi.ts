// Uploads a provider's CFDI XML to processExpenseCfdi (graphql-multipart-request-spec) and answers the
// processed CFDI or the server's Spanish message.
import { broadcastSessionClosed } from '../../../../../relay/request.js';

export interface CfdiTax {
  taxCode: string;
  rate: string | null;
  amount: string;
}

export interface ProcessedCfdi {
  /** ExpenseCfdi global id. */
  id: string;
  uuid: string;
  issueDate: string;
  provider: { id: string; name: string } | null;
  proposedProvider: { name: string; rfc: string } | null;
  originalFileName: string;
  lines: Array<{
    quantity: string;
    unitPrice: string;
    amount: string;
    discount: string;
    description: string;
    satProductKey: string;
    invoiceUuid: string;
    transferred: CfdiTax[];
    retained: CfdiTax[];
  }>;
}

/** Extra totals the CFDI screens show (not part of contract 3). */
export interface ProcessedCfdiDetails extends ProcessedCfdi {
  version: string;
  issuerRfc: string;
  issuerName: string | null;
  subtotal: string;
  discount: string;
  total: string;
}

export const MAX_CFDI_BYTES = 1024 * 1024;

const TAX = 'taxCode rate amount';
export const CFDI_FIELDS = `id uuid version issueDate originalFileName issuerRfc issuerName subtotal discount total
  provider { id name } proposedProvider { name rfc }
  lines { quantity unitPrice amount discount description satProductKey invoiceUuid transferred { ${TAX} } retained { ${TAX} } }`;

const PROCESS = `mutation ProcessExpenseCfdi($file: File!) {
  processExpenseCfdi(file: $file) {
    __typename
    ... on Error { message }
    ... on MutationProcessExpenseCfdiSuccess { data { ${CFDI_FIELDS} } }
  }
}`;

export type ProcessResult = { ok: true; cfdi: ProcessedCfdiDetails } | { ok: false; message: string };

export async function processCfdiFile(file: File, fallback: string): Promise<ProcessResult> {
  const body = new FormData();
  body.append('operations', JSON.stringify({ query: PROCESS, variables: { file: null } }));
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', file, file.name);
  let response: Response;
  try {
    response = await fetch('/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'x-graphql-csrf': '1' }, body });
  } catch {
    return { ok: false, message: fallback };
  }
  if (response.status === 401) broadcastSessionClosed();
  const json = (await response.json().catch(() => undefined)) as
    | {
        data?: { processExpenseCfdi?: { __typename: string; message?: string; data?: ProcessedCfdiDetails } | null };
        errors?: { message: string }[];
      }
    | undefined;
  const result = json?.data?.processExpenseCfdi;
  if (result?.data) return { ok: true, cfdi: result.data };
  return { ok: false, message: result?.message ?? json?.errors?.[0]?.message ?? fallback };
}
