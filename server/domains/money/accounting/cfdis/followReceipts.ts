// Invoicing follows receivables (issue 26): receivables announce what happens to a receipt
// (receipts/door.ts) and never import invoicing. Inside the paying transaction a paid receipt queues its
// invoice (the job exists only if the payment commits); undoing a payment or deleting a receipt is refused
// while an invoice of it is valid; a receipt's documents include its stamped invoice.
import { subscribe } from '../../../../kernel/events.js';
import { provideInvoiceDocuments } from '../../receivables/receipts/door.js';
import { enqueueInvoiceAfterPayment } from './enqueue.js';
import { provideInvoiceColumn } from '../../receivables/receipts/rows.js';
import { activeCfdiColumn, assertNoValidCfdi, receiptCfdiDocuments } from './receiptLinks.js';

subscribe('receipt.paid', (tx, receipt) => enqueueInvoiceAfterPayment(tx, receipt));
subscribe('receipt.undoing', (tx, { receiptId, undoing }) => assertNoValidCfdi(tx, receiptId, undoing));
provideInvoiceDocuments(receiptCfdiDocuments);
provideInvoiceColumn(activeCfdiColumn);
