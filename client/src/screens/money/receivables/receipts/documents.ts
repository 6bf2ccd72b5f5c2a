// Spec 1 section 4, document links: which ones a receipt shows comes from Receipt.documents; each is
// downloaded from the receipt's legacy path (spec 1 section 7: "Download links: pdf, xml, attachment,
// receipt, payment instructions, external payment").

export const RECEIPT_DOCUMENTS = ['receipt', 'paymentInstructions', 'externalPayment', 'cfdiXml', 'cfdiPdf', 'attachment'] as const;
export type ReceiptDocument = (typeof RECEIPT_DOCUMENTS)[number];

const PATHS: Record<ReceiptDocument, string> = {
  receipt: 'receipt',
  paymentInstructions: 'payment-instructions',
  externalPayment: 'external-payment/file',
  cfdiXml: 'cfdi/xml',
  cfdiPdf: 'cfdi/pdf',
  attachment: 'attachment',
};

const FILE_NAMES: Record<ReceiptDocument, string> = {
  receipt: 'recibo.pdf',
  paymentInstructions: 'instrucciones-de-pago.pdf',
  externalPayment: 'comprobante-de-pago',
  cfdiXml: 'factura.xml',
  cfdiPdf: 'factura.pdf',
  attachment: 'adjunto',
};

export function documentUrl(neighborhoodId: number, houseId: number, receiptId: number, doc: ReceiptDocument): string {
  return `/api/1.0/neighborhoods/${neighborhoodId}/houses/${houseId}/receipts/${receiptId}/${PATHS[doc]}`;
}

export function documentFileName(receiptId: number, doc: ReceiptDocument): string {
  return `${receiptId}-${FILE_NAMES[doc]}`;
}
