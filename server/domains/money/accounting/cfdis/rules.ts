// What an invoice of this app says, as plain rules without I/O: the payment form of each payment
// method, the lines of a receipt or of a global invoice, the messages and the grants of the domain.
import { DEFAULT_PRODUCT_CODE } from '../../../../../core/fiscal.js';
import { money, type Money } from '../../../../../core/money.js';
import { regimeByCode } from '../../../../../core/tax.js';
import type { CfdiLine } from '../../../../infra/cfdi/voucher.js';
import { message } from '../../../../kernel/reasons.js';

export const CFDI_ADMIN_CREATE = ['ACfdiCreate'] as const;
export const CFDI_CREATORS = ['ACfdiCreate', 'OCfdiCreate', 'SCfdiCreate'] as const;
export const CFDI_ADMIN_DELETE = ['ACfdiDelete'] as const;
export const CFDI_DELETERS = ['ACfdiDelete', 'OCfdiDelete', 'SCfdiDelete'] as const;
export const CFDI_PDF_UPDATERS = ['APdfCfdiUpdate'] as const;
/** The community's invoices (list, resume, downloads, the global invoice): administrators with any invoice grant. */
export const CFDI_ADMIN_READERS = ['ACfdiCreate', 'ACfdiDelete', 'APdfCfdiUpdate'] as const;
/** A receipt's invoices: administrators, and owners or co-owners for their own house. */
export const CFDI_READERS = [...CFDI_ADMIN_READERS, 'OCfdiCreate', 'OCfdiDelete', 'SCfdiCreate', 'SCfdiDelete'] as const;

export const CFDI_STATUSES = ['PENDING', 'STAMPED', 'ERROR', 'CANCELLED'] as const;
export type CfdiStatus = (typeof CFDI_STATUSES)[number];
export const CFDI_KINDS = ['RECEIPT', 'GLOBAL', 'PAYMENT'] as const;
export type CfdiKind = (typeof CFDI_KINDS)[number];

/** SAT's c_MotivoCancelacion. */
export const CANCEL_MOTIVES = ['01', '02', '03', '04'] as const;
export type CancelMotive = (typeof CANCEL_MOTIVES)[number];
export const CANCEL_MOTIVE_NAMES: Record<CancelMotive, string> = {
  '01': 'Comprobante emitido con errores con relación',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
};

export const CFDI_MESSAGES = {
  generated: 'CFDI generado',
  failed: 'No logramos generar tu CFDi',
  inProgress: 'Estamos generando tu CFDi; aparecerá en la lista en unos momentos',
  cancelled: 'La factura ha sido cancelada',
  cancelRequested: 'La solicitud de cancelación fue enviada al SAT; el receptor debe aceptarla',
  notFound: message('CFDI_NOT_FOUND'),
  receiptNotFound: message('RECEIPT_NOT_FOUND'),
  foreignReceipt: message('CFDI_FOREIGN_RECEIPT'),
  notPaid: message('CFDI_RECEIPT_NOT_PAID'),
  creditsWallet: message('CFDI_RECEIPT_CREDITS_WALLET'),
  alreadyInvoiced: message('RECEIPT_ALREADY_INVOICED'),
  taxInfoInvalid: 'Los datos fiscales de la propiedad no permiten facturar',
  rfcPattern: 'el RFC no tiene el formato que el SAT acepta en una factura (su último carácter es un dígito o la letra A)',
  moduleOff: message('INVOICING_DISABLED'),
  alreadyCancelled: message('CFDI_ALREADY_CANCELLED'),
  substituteOnlyWithMotive01: 'La sustitución de una factura se cancela con el motivo 01',
  motive01NeedsSubstitute: 'El motivo 01 cancela una factura sustituyéndola: elige regenerar la factura',
  noGlobalReceipts: message('CFDI_NO_GLOBAL_RECEIPTS'),
  globalPeriod: 'La factura global se emite por un mes ya terminado del año actual o del anterior',
  pdfUpdated: 'La representación impresa de la factura ha sido actualizada',
  pdfOnly: 'La representación impresa debe ser un archivo PDF',
  unreadableXml: message('CFDI_XML_UNREADABLE'),
  zipRequested: 'Te enviaremos por correo las facturas del periodo',
  zipTooMany: 'La descarga admite hasta 200 facturas: filtra un periodo más corto',
  pdfNotYours: 'La representación impresa debe ser un PDF que tú subiste',
} as const;

/**
 * FormaPago (c_FormaPago) of a paid receipt by how it was paid: cash and store payments 01 (efectivo),
 * transfers, bank references and wallet balances (deposited by transfer to the house's CLABE) 03,
 * cards 04 (crédito) or 28 (débito), an external payment by its own method (check 02).
 */
export function paymentFormOf(r: { paymentMethod: string | null; cardType?: string | null; externalMethod?: string | null }): string {
  const debit = (r.cardType ?? '').toUpperCase() === 'DEBIT';
  switch (r.paymentMethod) {
    case 'CASH':
    case 'STORE':
      return '01';
    case 'CARD':
      return debit ? '28' : '04';
    case 'CREDIT':
      return '04';
    case 'DEBIT':
      return '28';
    case 'EXTERNAL':
      switch (r.externalMethod) {
        case 'CHECK':
          return '02';
        case 'CARD':
          return debit ? '28' : '04';
        case 'DEPOSIT':
          return '01';
        default:
          return '03';
      }
    default:
      // BANK, WALLET, MANUAL (captured into a CLABE or card account), TRANSFER.
      return '03';
  }
}

/** The SAT key of a legacy regime code ("RF601" -> "601"). */
export function satRegime(code: string): string {
  return regimeByCode(code)?.satCode ?? code.replace(/^RF/i, '');
}

/** SAT limits Descripcion to 1,000 characters and refuses «|» in the original string's fields. */
export function conceptDescription(text: string): string {
  const clean = text
    .replace(/[|\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (clean || 'Cuota').slice(0, 1000);
}

/**
 * The line of one paid receipt. Condominium and neighbourhood fees are invoiced as not object of tax
 * (ObjetoImp 01, vatRate null): they are contributions of the owners to the common expenses that the
 * administration collects, not a sale of services (docs/decisions.md).
 */
export function receiptLine(r: { id: number; description: string; amount: Money | string }, productCode: string | null | undefined): CfdiLine {
  return {
    productKey: productCode || DEFAULT_PRODUCT_CODE,
    unitKey: 'E48',
    identification: String(r.id),
    description: conceptDescription(r.description),
    quantity: money(1),
    unitPrice: money(r.amount),
    vatRate: null,
  };
}

/** A line of a global invoice: SAT's guide asks for 01010101, ACT, «Venta» and the ticket's number. */
export function globalLine(r: { id: number; amount: Money | string }): CfdiLine {
  return {
    productKey: '01010101',
    unitKey: 'ACT',
    identification: String(r.id),
    description: 'Venta',
    quantity: money(1),
    unitPrice: money(r.amount),
    vatRate: null,
  };
}

/** The payment form of a global invoice: the one that received the most money (SAT's rule for several forms). */
export function dominantPaymentForm(rows: { form: string; amount: Money | string }[]): string {
  const totals = new Map<string, Money>();
  for (const r of rows) totals.set(r.form, (totals.get(r.form) ?? money(0)).plus(money(r.amount)));
  let best = '03';
  let max = money(-1);
  for (const [form, total] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    if (total.greaterThan(max)) {
      best = form;
      max = total;
    }
  }
  return best;
}

/** SAT's pattern of an RFC in a CFDI (t_RFC of tdCFDI.xsd): the last character is a digit or A. */
export const SAT_RFC_PATTERN = /^[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;

export const PUBLIC_RECEIVER = { rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', regime: '616', use: 'S01' } as const;

/** Whether a global invoice may be issued for this month today: a finished month of this year or the previous one. */
export function globalPeriodProblem(year: number, month: number, today: string): string | null {
  const [y, m] = today.split('-').map(Number);
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return 'El mes debe estar entre 1 y 12';
  if (year < y - 1 || year > y || (year === y && month >= m)) return CFDI_MESSAGES.globalPeriod;
  return null;
}

/** The previous month of a YYYY-MM-DD day. */
export function previousMonth(today: string): { year: number; month: number } {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

/** The first instant of a day in a time zone, as a Date (for createdAt filters). */
export function startOfDayIn(day: string, timeZone: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(utcMidnight);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

/** The file name of an invoice: serie and folio, e.g. F-123. */
export function cfdiFileBase(c: { serie: string | null; id: number }): string {
  return `${c.serie ? `${c.serie}-` : ''}${c.id}`;
}
