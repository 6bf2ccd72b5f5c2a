// Automatic invoicing: the one call every place that settles a receipt makes inside its transaction
// (followReceipts.ts: every receipt.paid the receivables door announces). The job exists only if the payment commits, and only when the
// community invoices (module FACTURACION) and the house has tax data, or when the receipt has a PPD invoice
// (its payment's complement): one statement, no extra round trip.
import type { Tx } from '../../../../kernel/context.js';

export const INVOICE_RECEIPT_JOB = 'cfdis.invoiceReceipt';

export async function enqueueInvoiceAfterPayment(tx: Pick<Tx, '$executeRaw'>, receipt: { id: number; neighborhoodId: number; houseId: number }) {
  const payload = JSON.stringify({ receiptId: receipt.id, neighborhoodId: receipt.neighborhoodId });
  await tx.$executeRaw`INSERT INTO "Job" (kind, payload, "runAt")
    SELECT ${INVOICE_RECEIPT_JOB}, ${payload}::jsonb, (now() AT TIME ZONE 'UTC')
    WHERE (EXISTS (SELECT 1 FROM "Neighborhood" n WHERE n.id = ${receipt.neighborhoodId} AND 'FACTURACION'::"Module" = ANY (n.modules))
        AND EXISTS (SELECT 1 FROM "HouseTaxInfo" t WHERE t."houseId" = ${receipt.houseId} AND t."neighborhoodId" = ${receipt.neighborhoodId}))
      -- A receipt invoiced before its payment (PPD) gets its complement whatever changed since.
      OR EXISTS (SELECT 1 FROM "CfdiReceipt" l JOIN "Cfdi" c ON c.id = l."cfdiId" WHERE l."receiptId" = ${receipt.id} AND l.active AND c."paymentMethod" = 'PPD')`;
}
