// CFDI 4.0 vouchers (SAT's Anexo 20): build the XML of an income voucher, compute its amounts, its original
// string (cadena original, as SAT's cadenaoriginal_4_0.xslt produces it for the nodes we write) and its seal;
// read a CFDI back: verify its seal, validate it against SAT's schemas, read its stamp, its QR expression.
import { createPrivateKey, createPublicKey, sign as rsaSign, verify as rsaVerify, X509Certificate } from 'node:crypto';
import { XmlNode, nodeToXmlString } from '@nodecfdi/cfdi-core';
import type { Credential } from '@nodecfdi/credentials/node';
import { Money } from '../../../core/money.js';
import { type FieldIssue, InputError } from '../../kernel/errors.js';
import { validateAgainstSat } from './schemas.js';
import { attributeOf, childOf, childrenOf, cleanValue, elementChildren, normalizeSpace, parseXml, type XmlElement } from './xml.js';

export const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
export const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const PAGOS_NS = 'http://www.sat.gob.mx/Pagos20';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const CFDI_SCHEMA_LOCATION = `${CFDI_NS} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;
export const PAGOS_SCHEMA_LOCATION = `${PAGOS_NS} http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd`;
export const TFD_SCHEMA_LOCATION = `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;
export const PUBLIC_RFC = 'XAXX010101000';
export const PUBLIC_NAME = 'PUBLICO EN GENERAL';

export interface CfdiParty {
  rfc: string;
  name: string;
  regime: string;
  postalCode: string;
}
/** use = UsoCFDI. */
export interface CfdiReceiver extends CfdiParty {
  use: string;
}
export interface CfdiLine {
  /** ClaveProdServ, e.g. '80131500'. */
  productKey: string;
  /** ClaveUnidad, e.g. 'E48'. */
  unitKey: string;
  /** NoIdentificacion (our receipt id). */
  identification?: string;
  description: string;
  /** Usually 1; up to six decimals. */
  quantity: Money;
  /** Before VAT, to the cent. */
  unitPrice: Money;
  /** 0.16, 0.08, 0 (tasa 0) or null (ObjetoImp 01, no taxes). */
  vatRate: Money | null;
}
export interface VoucherInput {
  serie?: string | null;
  folio: string;
  /** Written as Fecha in America/Mexico_City local time. */
  issuedAt: Date;
  /** FormaPago (c_FormaPago): '01', '03', '04', '28', '99'... ('99' with PPD). */
  paymentForm: string;
  /** Default PUE. */
  paymentMethod?: 'PUE' | 'PPD';
  /** postalCode = LugarExpedicion. */
  issuer: CfdiParty;
  receiver: CfdiReceiver;
  lines: CfdiLine[];
  /** InformacionGlobal; the receiver is then XAXX010101000 'PUBLICO EN GENERAL', regime 616, use S01, the issuer's postal code. */
  global?: { periodicity: '01' | '02' | '03' | '04' | '05'; months: string; year: number };
  /** CfdiRelacionados (substitution). */
  related?: { type: '04'; uuids: string[] };
}
export interface SealedVoucher {
  xml: string;
  originalString: string;
  seal: string;
  certificateNumber: string;
  subtotal: Money;
  taxTotal: Money;
  total: Money;
}
/** A payment complement (CFDI of type P with Pagos 2.0) of one payment to PPD invoices, without taxes (ObjetoImpDR 01). */
export interface PaymentComplementInput {
  serie?: string | null;
  folio: string;
  issuedAt: Date;
  issuer: CfdiParty;
  /** UsoCFDI is always CP01. */
  receiver: CfdiParty;
  payment: {
    /** FechaPago: when the money was received (Mexico City local time). */
    date: Date;
    /** FormaDePagoP (c_FormaPago), never 99. */
    form: string;
    /** NumOperacion: the bank's or gateway's reference, when known. */
    operation?: string | null;
  };
  documents: {
    uuid: string;
    serie?: string | null;
    folio?: string | null;
    /** NumParcialidad, from 1. */
    installment: number;
    /** ImpSaldoAnt: the invoice's balance before this payment. */
    previousBalance: Money;
    /** ImpPagado. */
    paid: Money;
  }[];
  related?: { type: '04'; uuids: string[] };
}

export interface StampData {
  uuid: string;
  stampedAt: string;
  cfdiSeal: string;
  satSeal: string;
  satCertificateNumber: string;
  pacRfc: string;
}

const VAT_RATES = ['0', '0.08', '0.16'];
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;
const MAX_LINE_AMOUNT = new Money('999999999999.99');

/** A date as CFDI's Fecha: local time of Mexico City, no offset ("2026-11-23T10:15:00"). */
export function cfdiDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/** A CFDI Fecha (Mexico City local time, no offset) as an instant. */
export function fromCfdiDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  const check = new Date(asUtc);
  if (
    check.getUTCMonth() !== +m[2] - 1 ||
    check.getUTCDate() !== +m[3] ||
    check.getUTCHours() !== +m[4] ||
    check.getUTCMinutes() !== +m[5] ||
    check.getUTCSeconds() !== +m[6]
  )
    return null;
  // Mexico City's offset at that moment: format the guess there and compare.
  const local = cfdiDate(new Date(asUtc));
  const lm = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(local);
  if (!lm) return null;
  const offset = Date.UTC(+lm[1], +lm[2] - 1, +lm[3], +lm[4], +lm[5], +lm[6]) - asUtc;
  return new Date(asUtc - offset);
}

/** Rounded to the cent, half up (SAT rounds each amount to the currency's decimals this way). */
const cents = (value: Money) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP);
const amount = (value: Money) => value.toFixed(2, Money.ROUND_HALF_UP);
const rate = (value: Money) => value.toFixed(6);

interface Computed {
  lines: { line: CfdiLine; importe: Money; tax: Money | null }[];
  subtotal: Money;
  taxTotal: Money;
  total: Money;
  /** By rate ("0.160000"): base and tax summed from the lines. */
  byRate: Map<string, { base: Money; tax: Money }>;
}

/** Importe per line (quantity × unit price to the cent), VAT per line to the cent, summed by rate. */
export function computeAmounts(lines: CfdiLine[]): Computed {
  const out: Computed['lines'] = [];
  const byRate = new Map<string, { base: Money; tax: Money }>();
  let subtotal = new Money(0);
  let taxTotal = new Money(0);
  for (const line of lines) {
    const importe = cents(new Money(line.quantity).times(line.unitPrice));
    subtotal = subtotal.plus(importe);
    let tax: Money | null = null;
    if (line.vatRate !== null) {
      tax = cents(importe.times(line.vatRate));
      taxTotal = taxTotal.plus(tax);
      const key = rate(new Money(line.vatRate));
      const group = byRate.get(key) ?? { base: new Money(0), tax: new Money(0) };
      byRate.set(key, { base: group.base.plus(importe), tax: group.tax.plus(tax) });
    }
    out.push({ line, importe, tax });
  }
  return { lines: out, subtotal, taxTotal, total: subtotal.plus(taxTotal), byRate };
}

function checkInput(input: VoucherInput): void {
  const issues: FieldIssue[] = [];
  const text = (field: string, value: string | null | undefined, max: number, label: string, required = true) => {
    const v = cleanValue(value ?? '');
    if (!v) {
      if (required) issues.push({ field, message: `${label} es obligatorio` });
      return;
    }
    if (v.length > max) issues.push({ field, message: `${label} admite hasta ${max} caracteres` });
    if (v.includes('|')) issues.push({ field, message: `${label} no puede contener el carácter |` });
  };
  text('serie', input.serie, 25, 'La serie', false);
  text('folio', input.folio, 40, 'El folio');
  text('issuer.name', input.issuer.name, 300, 'El nombre del emisor');
  if (!input.global) text('receiver.name', input.receiver.name, 300, 'El nombre del receptor');
  if (!(input.issuedAt instanceof Date) || Number.isNaN(input.issuedAt.getTime()))
    issues.push({ field: 'issuedAt', message: 'La fecha de emisión no es válida' });
  if ((input.paymentMethod ?? 'PUE') === 'PPD' && input.paymentForm !== '99')
    issues.push({ field: 'paymentForm', message: 'Con método de pago PPD la forma de pago debe ser 99 (por definir)' });
  if (!input.lines.length) issues.push({ field: 'lines', message: 'El comprobante necesita al menos un concepto' });
  input.lines.forEach((line, index) => {
    const at = `lines.${index}`;
    text(`${at}.description`, line.description, 1000, 'La descripción');
    text(`${at}.identification`, line.identification, 100, 'El número de identificación', false);
    const quantity = new Money(line.quantity);
    const price = new Money(line.unitPrice);
    if (!quantity.isFinite() || quantity.lte(0) || quantity.decimalPlaces() > 6)
      issues.push({ field: `${at}.quantity`, message: 'La cantidad debe ser mayor que cero, con hasta seis decimales' });
    if (!price.isFinite() || price.isNeg() || price.decimalPlaces() > 2 || price.gt(MAX_LINE_AMOUNT))
      issues.push({ field: `${at}.unitPrice`, message: 'El valor unitario debe ser un importe no negativo con hasta dos decimales' });
    else if (quantity.isFinite() && quantity.times(price).gt(MAX_LINE_AMOUNT))
      issues.push({ field: `${at}.unitPrice`, message: 'El importe del concepto es demasiado grande' });
    if (line.vatRate !== null && !VAT_RATES.includes(new Money(line.vatRate).toString()))
      issues.push({ field: `${at}.vatRate`, message: 'La tasa de IVA debe ser 16 %, 8 % o 0 %' });
  });
  for (const [i, uuid] of (input.related?.uuids ?? []).entries())
    if (!UUID.test(uuid)) issues.push({ field: `related.uuids.${i}`, message: 'El folio fiscal relacionado no es válido' });
  if (input.related && !input.related.uuids.length) issues.push({ field: 'related.uuids', message: 'Indica el folio fiscal del CFDI sustituido' });
  if (issues.length) throw new InputError(issues);
}

/** The certificate's DER in base64 and its SAT number (the serial's 20 digits). */
function certificateOf(credential: Credential): { base64: string; number: string } {
  const certificate = credential.certificate();
  return { base64: certificate.pem().replace(/-----[^-]+-----|\s/g, ''), number: certificate.serialNumber().bytes() };
}

/** RSA-SHA256 of the UTF-8 text, in base64, with the credential's private key. */
export function signText(text: string, credential: Credential): string {
  const privateKey = credential.privateKey();
  const key = createPrivateKey({ key: privateKey.pem(), format: 'pem', passphrase: privateKey.passPhrase() || undefined });
  return rsaSign('sha256', Buffer.from(text, 'utf8'), key).toString('base64');
}

/** CfdiRelacionados (when the voucher substitutes others), Emisor and Receptor, as every voucher writes them. */
function addParties(root: XmlNode, input: { related?: { type: '04'; uuids: string[] }; issuer: CfdiParty }, receiver: CfdiReceiver): void {
  if (input.related)
    root.addChild(
      new XmlNode(
        'cfdi:CfdiRelacionados',
        { TipoRelacion: input.related.type },
        input.related.uuids.map((uuid) => new XmlNode('cfdi:CfdiRelacionado', { UUID: uuid.toUpperCase() })),
      ),
    );
  root.addChild(
    new XmlNode('cfdi:Emisor', { Rfc: cleanValue(input.issuer.rfc).toUpperCase(), Nombre: cleanValue(input.issuer.name), RegimenFiscal: input.issuer.regime }),
  );
  root.addChild(
    new XmlNode('cfdi:Receptor', {
      Rfc: cleanValue(receiver.rfc).toUpperCase(),
      Nombre: cleanValue(receiver.name),
      DomicilioFiscalReceptor: cleanValue(receiver.postalCode),
      RegimenFiscalReceptor: receiver.regime,
      UsoCFDI: receiver.use,
    }),
  );
}

/** Seals a voucher: the original string is read from the serialized document, as SAT reads it, then signed into Sello. */
function sealRoot(root: XmlNode, credential: Credential): { xml: string; originalString: string; seal: string } {
  const cadena = originalString(nodeToXmlString(root, true));
  const seal = signText(cadena, credential);
  root.setAttribute('Sello', seal);
  return { xml: nodeToXmlString(root, true), originalString: cadena, seal };
}

export function sealVoucher(input: VoucherInput, credential: Credential): SealedVoucher {
  checkInput(input);
  const amounts = computeAmounts(input.lines);
  const certificate = certificateOf(credential);
  const issuerPostalCode = cleanValue(input.issuer.postalCode);
  const receiver = input.global ? { rfc: PUBLIC_RFC, name: PUBLIC_NAME, regime: '616', postalCode: issuerPostalCode, use: 'S01' } : input.receiver;
  const anyTaxes = input.lines.some((l) => l.vatRate !== null);

  const root = new XmlNode('cfdi:Comprobante', {
    'xmlns:cfdi': CFDI_NS,
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': CFDI_SCHEMA_LOCATION,
    Version: '4.0',
    Serie: (input.serie && cleanValue(input.serie)) || null,
    Folio: cleanValue(input.folio),
    Fecha: cfdiDate(input.issuedAt),
    Sello: '',
    FormaPago: input.paymentForm,
    NoCertificado: certificate.number,
    Certificado: certificate.base64,
    SubTotal: amount(amounts.subtotal),
    Moneda: 'MXN',
    Total: amount(amounts.total),
    TipoDeComprobante: 'I',
    Exportacion: '01',
    MetodoPago: input.paymentMethod ?? 'PUE',
    LugarExpedicion: issuerPostalCode,
  });
  if (input.global)
    root.addChild(new XmlNode('cfdi:InformacionGlobal', { Periodicidad: input.global.periodicity, Meses: input.global.months, Año: input.global.year }));
  addParties(root, input, receiver);
  const traslado = (base: Money, tasa: string, tax: Money) =>
    new XmlNode('cfdi:Traslado', { Base: amount(base), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: tasa, Importe: amount(tax) });
  root.addChild(
    new XmlNode(
      'cfdi:Conceptos',
      {},
      amounts.lines.map(
        ({ line, importe, tax }) =>
          new XmlNode(
            'cfdi:Concepto',
            {
              ClaveProdServ: line.productKey,
              NoIdentificacion: line.identification ? cleanValue(line.identification) : null,
              Cantidad: new Money(line.quantity).toString(),
              ClaveUnidad: line.unitKey,
              Descripcion: cleanValue(line.description),
              ValorUnitario: amount(new Money(line.unitPrice)),
              Importe: amount(importe),
              ObjetoImp: line.vatRate === null ? '01' : '02',
            },
            line.vatRate === null || tax === null
              ? []
              : [new XmlNode('cfdi:Impuestos', {}, [new XmlNode('cfdi:Traslados', {}, [traslado(importe, rate(new Money(line.vatRate)), tax)])])],
          ),
      ),
    ),
  );
  if (anyTaxes)
    root.addChild(
      new XmlNode('cfdi:Impuestos', { TotalImpuestosTrasladados: amount(amounts.taxTotal) }, [
        new XmlNode(
          'cfdi:Traslados',
          {},
          [...amounts.byRate].map(([tasa, group]) => traslado(group.base, tasa, group.tax)),
        ),
      ]),
    );

  return {
    ...sealRoot(root, credential),
    certificateNumber: certificate.number,
    subtotal: amounts.subtotal,
    taxTotal: amounts.taxTotal,
    total: amounts.total,
  };
}

function checkComplement(input: PaymentComplementInput): void {
  const issues: FieldIssue[] = [];
  if (!cleanValue(input.folio)) issues.push({ field: 'folio', message: 'El folio es obligatorio' });
  if (!cleanValue(input.receiver.name)) issues.push({ field: 'receiver.name', message: 'El nombre del receptor es obligatorio' });
  if (input.receiver.rfc === PUBLIC_RFC) issues.push({ field: 'receiver.rfc', message: 'El complemento de pago no se emite al público en general' });
  if (!/^(0[1-9]|[12][0-9]|30|31)$/.test(input.payment.form) || input.payment.form === '99')
    issues.push({ field: 'payment.form', message: 'La forma de pago del complemento no puede ser 99 (por definir)' });
  if (!(input.payment.date instanceof Date) || Number.isNaN(input.payment.date.getTime()))
    issues.push({ field: 'payment.date', message: 'La fecha de pago no es válida' });
  if (input.payment.operation && (input.payment.operation.length > 100 || input.payment.operation.includes('|')))
    issues.push({ field: 'payment.operation', message: 'El número de operación admite hasta 100 caracteres, sin el carácter |' });
  if (!input.documents.length) issues.push({ field: 'documents', message: 'El complemento necesita al menos un documento relacionado' });
  input.documents.forEach((d, index) => {
    const at = `documents.${index}`;
    if (!UUID.test(d.uuid)) issues.push({ field: `${at}.uuid`, message: 'El folio fiscal del documento relacionado no es válido' });
    if (!Number.isInteger(d.installment) || d.installment < 1) issues.push({ field: `${at}.installment`, message: 'La parcialidad empieza en 1' });
    const paid = new Money(d.paid);
    const before = new Money(d.previousBalance);
    if (!paid.isFinite() || paid.lte(0) || paid.decimalPlaces() > 2) issues.push({ field: `${at}.paid`, message: 'El importe pagado debe ser mayor que cero' });
    else if (!before.isFinite() || paid.gt(before)) issues.push({ field: `${at}.paid`, message: 'El importe pagado no puede exceder el saldo anterior' });
  });
  for (const [i, uuid] of (input.related?.uuids ?? []).entries())
    if (!UUID.test(uuid)) issues.push({ field: `related.uuids.${i}`, message: 'El folio fiscal relacionado no es válido' });
  if (issues.length) throw new InputError(issues);
}

/**
 * Seals a payment complement (Anexo 20's guide for CFDI de tipo P with Pagos 2.0): SubTotal and Total 0 in
 * currency XXX, one concept 84111506 «Pago», receiver use CP01, and the payment with the invoices it pays.
 */
export function sealPaymentComplement(input: PaymentComplementInput, credential: Credential): SealedVoucher & { paid: Money } {
  checkComplement(input);
  const certificate = certificateOf(credential);
  const issuerPostalCode = cleanValue(input.issuer.postalCode);
  const paid = input.documents.reduce((sum, d) => sum.plus(cents(new Money(d.paid))), new Money(0));
  const root = new XmlNode('cfdi:Comprobante', {
    'xmlns:cfdi': CFDI_NS,
    'xmlns:pago20': PAGOS_NS,
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${CFDI_SCHEMA_LOCATION} ${PAGOS_SCHEMA_LOCATION}`,
    Version: '4.0',
    Serie: (input.serie && cleanValue(input.serie)) || null,
    Folio: cleanValue(input.folio),
    Fecha: cfdiDate(input.issuedAt),
    Sello: '',
    NoCertificado: certificate.number,
    Certificado: certificate.base64,
    SubTotal: '0',
    Moneda: 'XXX',
    Total: '0',
    TipoDeComprobante: 'P',
    Exportacion: '01',
    LugarExpedicion: issuerPostalCode,
  });
  addParties(root, input, { ...input.receiver, use: 'CP01' });
  root.addChild(
    new XmlNode('cfdi:Conceptos', {}, [
      new XmlNode('cfdi:Concepto', {
        ClaveProdServ: '84111506',
        Cantidad: '1',
        ClaveUnidad: 'ACT',
        Descripcion: 'Pago',
        ValorUnitario: '0',
        Importe: '0',
        ObjetoImp: '01',
      }),
    ]),
  );
  const documents = input.documents.map((d) => {
    const before = cents(new Money(d.previousBalance));
    const amountPaid = cents(new Money(d.paid));
    return new XmlNode('pago20:DoctoRelacionado', {
      IdDocumento: d.uuid.toUpperCase(),
      Serie: (d.serie && cleanValue(d.serie)) || null,
      Folio: (d.folio && cleanValue(d.folio)) || null,
      MonedaDR: 'MXN',
      EquivalenciaDR: '1',
      NumParcialidad: String(d.installment),
      ImpSaldoAnt: amount(before),
      ImpPagado: amount(amountPaid),
      ImpSaldoInsoluto: amount(before.minus(amountPaid)),
      ObjetoImpDR: '01',
    });
  });
  root.addChild(
    new XmlNode('cfdi:Complemento', {}, [
      new XmlNode('pago20:Pagos', { Version: '2.0' }, [
        new XmlNode('pago20:Totales', { MontoTotalPagos: amount(paid) }),
        new XmlNode(
          'pago20:Pago',
          {
            FechaPago: cfdiDate(input.payment.date),
            FormaDePagoP: input.payment.form,
            MonedaP: 'MXN',
            TipoCambioP: '1',
            Monto: amount(paid),
            NumOperacion: input.payment.operation ? cleanValue(input.payment.operation) : null,
          },
          documents,
        ),
      ]),
    ]),
  );
  return {
    ...sealRoot(root, credential),
    certificateNumber: certificate.number,
    subtotal: new Money(0),
    taxTotal: new Money(0),
    total: new Money(0),
    paid,
  };
}

/** SAT's Requerido / Opcional templates: "|" + normalize-space(value); an absent optional attribute writes nothing. */
function fields(node: XmlElement | undefined, required: string[], optional: string[] = [], order?: string[]): string {
  if (!node) return '';
  let out = '';
  for (const name of order ?? required) {
    const value = attributeOf(node, name);
    if (required.includes(name)) out += `|${normalizeSpace(value ?? '')}`;
    else if (optional.includes(name) && value !== undefined) out += `|${normalizeSpace(value)}`;
  }
  return out;
}

/** The attributes of one node in the XSLT's order, each marked Requerido ('R') or Opcional ('O'). */
export function withOrder(node: XmlElement | undefined, spec: [string, 'R' | 'O'][]): string {
  return fields(
    node,
    spec.filter((s) => s[1] === 'R').map((s) => s[0]),
    spec.filter((s) => s[1] === 'O').map((s) => s[0]),
    spec.map((s) => s[0]),
  );
}

function rootOf(xml: string): XmlElement {
  const root = parseXml(xml);
  if (root.namespaceURI !== CFDI_NS || root.localName !== 'Comprobante') throw new InputError([{ field: 'xml', message: 'El XML no es un CFDI 4.0' }]);
  return root;
}

/** The cadena original of a CFDI 4.0 for the nodes this engine writes (complements other than the stamp are refused). */
export function originalString(xml: string): string {
  const root = rootOf(xml);
  return originalStringOf(root);
}

function originalStringOf(root: XmlElement): string {
  const c = (parent: XmlElement | undefined, local: string) => (parent ? childrenOf(parent, CFDI_NS, local) : []);
  let out = withOrder(root, [
    ['Version', 'R'],
    ['Serie', 'O'],
    ['Folio', 'O'],
    ['Fecha', 'R'],
    ['FormaPago', 'O'],
    ['NoCertificado', 'R'],
    ['CondicionesDePago', 'O'],
    ['SubTotal', 'R'],
    ['Descuento', 'O'],
    ['Moneda', 'R'],
    ['TipoCambio', 'O'],
    ['Total', 'R'],
    ['TipoDeComprobante', 'R'],
    ['Exportacion', 'R'],
    ['MetodoPago', 'O'],
    ['LugarExpedicion', 'R'],
    ['Confirmacion', 'O'],
  ]);
  for (const info of c(root, 'InformacionGlobal').slice(0, 1))
    out += withOrder(info, [
      ['Periodicidad', 'R'],
      ['Meses', 'R'],
      ['Año', 'R'],
    ]);
  for (const related of c(root, 'CfdiRelacionados')) {
    out += withOrder(related, [['TipoRelacion', 'R']]);
    for (const one of c(related, 'CfdiRelacionado')) out += withOrder(one, [['UUID', 'R']]);
  }
  for (const issuer of c(root, 'Emisor').slice(0, 1))
    out += withOrder(issuer, [
      ['Rfc', 'R'],
      ['Nombre', 'R'],
      ['RegimenFiscal', 'R'],
      ['FacAtrAdquirente', 'O'],
    ]);
  for (const receiver of c(root, 'Receptor').slice(0, 1))
    out += withOrder(receiver, [
      ['Rfc', 'R'],
      ['Nombre', 'R'],
      ['DomicilioFiscalReceptor', 'R'],
      ['ResidenciaFiscal', 'O'],
      ['NumRegIdTrib', 'O'],
      ['RegimenFiscalReceptor', 'R'],
      ['UsoCFDI', 'R'],
    ]);
  for (const concepts of c(root, 'Conceptos').slice(0, 1))
    for (const concept of c(concepts, 'Concepto')) {
      const unsupported = elementChildren(concept).find((ch) => ch.namespaceURI !== CFDI_NS || ch.localName !== 'Impuestos');
      if (unsupported) throw new InputError([{ field: 'xml', message: `El nodo ${unsupported.tagName} del concepto no está soportado` }]);
      out += withOrder(concept, [
        ['ClaveProdServ', 'R'],
        ['NoIdentificacion', 'O'],
        ['Cantidad', 'R'],
        ['ClaveUnidad', 'R'],
        ['Unidad', 'O'],
        ['Descripcion', 'R'],
        ['ValorUnitario', 'R'],
        ['Importe', 'R'],
        ['Descuento', 'O'],
        ['ObjetoImp', 'R'],
      ]);
      const taxes = c(concept, 'Impuestos');
      for (const t of taxes.flatMap((i) => c(i, 'Traslados')).flatMap((t) => c(t, 'Traslado')))
        out += withOrder(t, [
          ['Base', 'R'],
          ['Impuesto', 'R'],
          ['TipoFactor', 'R'],
          ['TasaOCuota', 'O'],
          ['Importe', 'O'],
        ]);
      for (const r of taxes.flatMap((i) => c(i, 'Retenciones')).flatMap((t) => c(t, 'Retencion')))
        out += withOrder(r, [
          ['Base', 'R'],
          ['Impuesto', 'R'],
          ['TipoFactor', 'R'],
          ['TasaOCuota', 'R'],
          ['Importe', 'R'],
        ]);
    }
  for (const taxes of c(root, 'Impuestos').slice(0, 1)) {
    for (const r of c(taxes, 'Retenciones').flatMap((t) => c(t, 'Retencion')))
      out += withOrder(r, [
        ['Impuesto', 'R'],
        ['Importe', 'R'],
      ]);
    out += withOrder(taxes, [['TotalImpuestosRetenidos', 'O']]);
    for (const t of c(taxes, 'Traslados').flatMap((x) => c(x, 'Traslado')))
      out += withOrder(t, [
        ['Base', 'R'],
        ['Impuesto', 'R'],
        ['TipoFactor', 'R'],
        ['TasaOCuota', 'O'],
        ['Importe', 'O'],
      ]);
    out += withOrder(taxes, [['TotalImpuestosTrasladados', 'O']]);
  }
  for (const complement of c(root, 'Complemento'))
    for (const child of elementChildren(complement)) {
      if (child.namespaceURI === PAGOS_NS && child.localName === 'Pagos') out += pagosOriginalString(child);
      else if (child.namespaceURI !== TFD_NS) throw new InputError([{ field: 'xml', message: `El complemento ${child.tagName} no está soportado` }]);
    }
  return `|${out}||`;
}

/** SAT's Pagos20.xslt for the nodes this engine writes (payments without taxes: ImpuestosDR and ImpuestosP are refused). */
function pagosOriginalString(pagos: XmlElement): string {
  const p = (parent: XmlElement, local: string) => childrenOf(parent, PAGOS_NS, local);
  let out = withOrder(pagos, [['Version', 'R']]);
  for (const totals of p(pagos, 'Totales'))
    out += withOrder(totals, [
      ['TotalRetencionesIVA', 'O'],
      ['TotalRetencionesISR', 'O'],
      ['TotalRetencionesIEPS', 'O'],
      ['TotalTrasladosBaseIVA16', 'O'],
      ['TotalTrasladosImpuestoIVA16', 'O'],
      ['TotalTrasladosBaseIVA8', 'O'],
      ['TotalTrasladosImpuestoIVA8', 'O'],
      ['TotalTrasladosBaseIVA0', 'O'],
      ['TotalTrasladosImpuestoIVA0', 'O'],
      ['TotalTrasladosBaseIVAExento', 'O'],
      ['MontoTotalPagos', 'R'],
    ]);
  for (const payment of p(pagos, 'Pago')) {
    if (p(payment, 'ImpuestosP').length) throw new InputError([{ field: 'xml', message: 'El nodo pago20:ImpuestosP no está soportado' }]);
    out += withOrder(payment, [
      ['FechaPago', 'R'],
      ['FormaDePagoP', 'R'],
      ['MonedaP', 'R'],
      ['TipoCambioP', 'O'],
      ['Monto', 'R'],
      ['NumOperacion', 'O'],
      ['RfcEmisorCtaOrd', 'O'],
      ['NomBancoOrdExt', 'O'],
      ['CtaOrdenante', 'O'],
      ['RfcEmisorCtaBen', 'O'],
      ['CtaBeneficiario', 'O'],
      ['TipoCadPago', 'O'],
      ['CertPago', 'O'],
      ['CadPago', 'O'],
      ['SelloPago', 'O'],
    ]);
    for (const document of p(payment, 'DoctoRelacionado')) {
      if (p(document, 'ImpuestosDR').length) throw new InputError([{ field: 'xml', message: 'El nodo pago20:ImpuestosDR no está soportado' }]);
      out += withOrder(document, [
        ['IdDocumento', 'R'],
        ['Serie', 'O'],
        ['Folio', 'O'],
        ['MonedaDR', 'R'],
        ['EquivalenciaDR', 'O'],
        ['NumParcialidad', 'R'],
        ['ImpSaldoAnt', 'R'],
        ['ImpPagado', 'R'],
        ['ImpSaldoInsoluto', 'R'],
        ['ObjetoImpDR', 'R'],
      ]);
    }
  }
  return out;
}

/** The cadena original of a TimbreFiscalDigital 1.1 (SAT's cadenaoriginal_TFD_1_1.xslt). */
export function tfdOriginalString(tfd: XmlElement): string {
  return `|${withOrder(tfd, [
    ['Version', 'R'],
    ['UUID', 'R'],
    ['FechaTimbrado', 'R'],
    ['RfcProvCertif', 'R'],
    ['Leyenda', 'O'],
    ['SelloCFD', 'R'],
    ['NoCertificadoSAT', 'R'],
  ])}||`;
}

/** A certificate in base64 DER (CFDI's Certificado) as X.509, or null. */
export function certificateFromBase64(base64: string): X509Certificate | null {
  try {
    return new X509Certificate(Buffer.from(base64.replace(/\s/g, ''), 'base64'));
  } catch {
    return null;
  }
}

/** SAT's certificate number: the serial's bytes read as ASCII digits. */
export function satCertificateNumber(certificate: X509Certificate): string {
  return Buffer.from(certificate.serialNumber.padStart(40, '0'), 'hex').toString('latin1');
}

/** RSA-SHA256 check of a base64 signature of the UTF-8 text. */
export function verifyText(text: string, signature: string, certificate: X509Certificate): boolean {
  try {
    return rsaVerify(
      'sha256',
      Buffer.from(text, 'utf8'),
      createPublicKey(certificate.publicKey.export({ format: 'pem', type: 'spki' })),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

export function verifySeal(xml: string): boolean {
  let root: XmlElement;
  let cadena: string;
  try {
    root = rootOf(xml);
    cadena = originalStringOf(root);
  } catch {
    return false;
  }
  const seal = attributeOf(root, 'Sello') ?? '';
  const certificate = certificateFromBase64(attributeOf(root, 'Certificado') ?? '');
  if (!seal || !certificate) return false;
  if (satCertificateNumber(certificate) !== attributeOf(root, 'NoCertificado')) return false;
  return verifyText(cadena, seal, certificate);
}

/** XSD errors (empty when valid): cfdv40 with our reduced catalogues, and the stamp's TimbreFiscalDigitalv11 when present. */
export function validateCfdi(xml: string): Promise<string[]> {
  return validateAgainstSat(xml);
}

function tfdOf(root: XmlElement): XmlElement | undefined {
  for (const complement of childrenOf(root, CFDI_NS, 'Complemento')) {
    const tfd = childOf(complement, TFD_NS, 'TimbreFiscalDigital');
    if (tfd) return tfd;
  }
  return undefined;
}

/** The TimbreFiscalDigital of a stamped CFDI, or null when it has none (or is not a CFDI). */
export function stampData(xml: string): StampData | null {
  let root: XmlElement;
  try {
    root = rootOf(xml);
  } catch {
    return null;
  }
  const tfd = tfdOf(root);
  if (!tfd) return null;
  const a = (name: string) => attributeOf(tfd, name) ?? '';
  return {
    uuid: a('UUID').toUpperCase(),
    stampedAt: a('FechaTimbrado'),
    cfdiSeal: a('SelloCFD'),
    satSeal: a('SelloSAT'),
    satCertificateNumber: a('NoCertificadoSAT'),
    pacRfc: a('RfcProvCertif'),
  };
}

/** The TFD element of a parsed CFDI (for the PAC and the PDF). */
export function stampElement(xml: string): XmlElement | undefined {
  return tfdOf(rootOf(xml));
}

/** SAT's total for the QR: up to 18 integer and 6 decimal digits, no leading zeros, trailing zeros removed but one decimal kept. */
export function qrTotal(total: string): string {
  const fixed = new Money(total || '0').toFixed(6);
  const trimmed = fixed.replace(/0+$/, '');
  return trimmed.endsWith('.') ? `${trimmed}0` : trimmed;
}

/** The QR expression of a stamped CFDI 4.0 (Anexo 20, apéndice 2): id, re, rr, tt and the last 8 characters of the seal. */
export function verificationUrl(xml: string): string {
  const root = rootOf(xml);
  const tfd = tfdOf(root);
  // RFCs may hold "&" (written as an XML entity in the expression, as SAT's specification shows).
  const rfc = (node: XmlElement | undefined) => (attributeOf(node, 'Rfc') ?? '').replace(/&/g, '&amp;');
  const seal = attributeOf(root, 'Sello') ?? '';
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${[
    `id=${(attributeOf(tfd, 'UUID') ?? '').toUpperCase()}`,
    `re=${rfc(childOf(root, CFDI_NS, 'Emisor'))}`,
    `rr=${rfc(childOf(root, CFDI_NS, 'Receptor'))}`,
    `tt=${qrTotal(attributeOf(root, 'Total') ?? '0')}`,
    `fe=${seal.slice(-8)}`,
  ].join('&')}`;
}
