// One invoice of any query as the table shows it (CfdiTable's CfdiRow).
import { graphql, readInlineData } from 'react-relay';
import type { cfdiRow_cfdi$key } from '../../../../__generated__/cfdiRow_cfdi.graphql';
import type { CfdiRow } from './CfdiTable.js';
import { folioText } from './cfdiRules.js';

const rowFragment = graphql`
  fragment cfdiRow_cfdi on Cfdi @inline {
    id databaseId kind status serie folio uuid total stampedAt createdAt errorDescription
    hasXml hasPdf xmlUrl pdfUrl acknowledgementUrl globalYear globalMonth receiptDatabaseIds
    paymentMethod paymentAmount installment
    paidInvoice { serie folio }
    receiver { rfc name }
    receiptHouses { receiptDatabaseId houseDatabaseId }
    substitute { serie folio }
    substitutedBy { serie folio }
  }
`;

export function toCfdiRow(key: cfdiRow_cfdi$key): CfdiRow {
  const c = readInlineData(rowFragment, key);
  const link = c.kind === 'GLOBAL' ? null : (c.receiptHouses[0] ?? null);
  return {
    id: c.id,
    databaseId: c.databaseId,
    kind: c.kind === 'GLOBAL' || c.kind === 'PAYMENT' ? c.kind : 'RECEIPT',
    paymentMethod: c.paymentMethod === 'PPD' ? 'PPD' : c.paymentMethod === 'PUE' ? 'PUE' : null,
    status: c.status as CfdiRow['status'],
    serie: c.serie ?? null,
    folio: c.folio,
    uuid: c.uuid ?? null,
    receiverRfc: c.receiver.rfc,
    receiverName: c.receiver.name,
    // A complement's voucher totals 0: the list shows the payment it records.
    total: (c.kind === 'PAYMENT' ? (c.paymentAmount ?? c.total) : c.total) as string,
    paidInvoiceFolio: c.paidInvoice ? folioText(c.paidInvoice.serie, c.paidInvoice.folio) : null,
    installment: c.installment ?? null,
    acknowledgementUrl: c.acknowledgementUrl ?? null,
    date: ((c.stampedAt ?? c.createdAt) as string | null) ?? null,
    errorDescription: c.errorDescription ?? null,
    hasXml: c.hasXml && !!c.xmlUrl,
    hasPdf: c.hasPdf && !!c.pdfUrl,
    xmlUrl: c.xmlUrl ?? null,
    pdfUrl: c.pdfUrl ?? null,
    globalYear: c.globalYear ?? null,
    globalMonth: c.globalMonth ?? null,
    receipt: link ? { databaseId: link.receiptDatabaseId, houseDatabaseId: link.houseDatabaseId } : null,
    receiptsCount: c.receiptDatabaseIds.length,
    substitutesFolio: c.substitute ? folioText(c.substitute.serie, c.substitute.folio) : null,
    substitutedByFolio: c.substitutedBy ? folioText(c.substitutedBy.serie, c.substitutedBy.folio) : null,
  };
}
