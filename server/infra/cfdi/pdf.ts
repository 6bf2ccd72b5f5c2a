// The printed representation of a stamped CFDI 4.0: issuer, receiver, folio and UUID, dates, concepts,
// taxes, totals (with the amount in Spanish words), payment form and method, the QR with SAT's verification
// URL, the stamp (SelloCFD, SelloSAT, the TFD's original string, certificate numbers) and the legend. A payment
// complement (type P) shows its payment and the invoices it pays instead of totals.
// pdfkit's standard Helvetica (WinAnsi covers Spanish accents and ñ); the QR drawn by `qrcode` as a PNG.
import type PDFKitDocument from 'pdfkit';
import { onFirstUse } from '../onFirstUse.js';

const PDFDocument = onFirstUse<typeof PDFKitDocument>('pdfkit');
const qrcode = onFirstUse<typeof QRCode>('qrcode');
import type QRCode from 'qrcode';
import { formatPesos } from '../../../core/money.js';
import { CFDI_NS, PAGOS_NS, stampElement, tfdOriginalString, TFD_NS, verificationUrl } from './voucher.js';
import { amountInWords } from './words.js';
import { attributeOf, childOf, childrenOf, parseXml, type XmlElement } from './xml.js';

const PAYMENT_FORMS: Record<string, string> = {
  '01': 'Efectivo',
  '02': 'Cheque nominativo',
  '03': 'Transferencia electrónica de fondos',
  '04': 'Tarjeta de crédito',
  '05': 'Monedero electrónico',
  '06': 'Dinero electrónico',
  '08': 'Vales de despensa',
  '28': 'Tarjeta de débito',
  '29': 'Tarjeta de servicios',
  '99': 'Por definir',
};
const PAYMENT_METHODS: Record<string, string> = { PUE: 'Pago en una sola exhibición', PPD: 'Pago en parcialidades o diferido' };
const REGIMES: Record<string, string> = {
  '601': 'General de Ley Personas Morales',
  '603': 'Personas Morales con Fines no Lucrativos',
  '605': 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
  '606': 'Arrendamiento',
  '612': 'Personas Físicas con Actividades Empresariales y Profesionales',
  '616': 'Sin obligaciones fiscales',
  '621': 'Incorporación Fiscal',
  '625': 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
  '626': 'Régimen Simplificado de Confianza',
};
const USES: Record<string, string> = { G01: 'Adquisición de mercancías', G03: 'Gastos en general', S01: 'Sin efectos fiscales', CP01: 'Pagos' };
const RELATIONS: Record<string, string> = { '04': 'Sustitución de los CFDI previos' };

const described = (code: string | undefined, names: Record<string, string>) => (code ? (names[code] ? `${code} - ${names[code]}` : code) : '');

async function qrPng(text: string): Promise<Buffer> {
  return qrcode().toBuffer(text, { errorCorrectionLevel: 'M', margin: 1, width: 300 });
}

const M = 40;
const WIDTH = 612 - 2 * M;

export async function cfdiPdf(xml: string, options: { logo?: Buffer | null; title?: string } = {}): Promise<Buffer> {
  const root = parseXml(xml);
  const a = (node: XmlElement | undefined, name: string) => attributeOf(node, name) ?? '';
  const issuer = childOf(root, CFDI_NS, 'Emisor');
  const receiver = childOf(root, CFDI_NS, 'Receptor');
  const concepts = childrenOf(childOf(root, CFDI_NS, 'Conceptos'), CFDI_NS, 'Concepto');
  const taxes = childOf(root, CFDI_NS, 'Impuestos');
  const global = childOf(root, CFDI_NS, 'InformacionGlobal');
  const related = childrenOf(root, CFDI_NS, 'CfdiRelacionados');
  const payments = childrenOf(childOf(childOf(root, CFDI_NS, 'Complemento'), PAGOS_NS, 'Pagos'), PAGOS_NS, 'Pago');
  const payment = a(root, 'TipoDeComprobante') === 'P';
  const tfd = stampElement(xml);
  const url = tfd ? verificationUrl(xml) : '';
  const qr = url ? await qrPng(url) : null;

  const doc = new (PDFDocument())({
    size: 'LETTER',
    margin: M,
    info: { Title: options.title ?? 'Factura', Author: 'Comunidad', Creator: 'Comunidad' },
    lang: 'es-MX',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: logo, issuer, the voucher's identity.
  let top = M;
  if (options.logo) {
    try {
      doc.image(options.logo, M, top, { fit: [90, 60] });
    } catch {
      // Not a PNG or JPEG: the invoice prints without it.
    }
  }
  const left = options.logo ? M + 100 : M;
  doc.font('Helvetica-Bold').fontSize(12).text(a(issuer, 'Nombre'), left, top, { width: 300 });
  doc.font('Helvetica').fontSize(8);
  doc.text(`RFC: ${a(issuer, 'Rfc')}`, left);
  doc.text(`Régimen fiscal: ${described(a(issuer, 'RegimenFiscal'), REGIMES)}`, left, undefined, { width: 300 });
  doc.text(`Lugar de expedición: ${a(root, 'LugarExpedicion')}`, left);
  const boxX = M + WIDTH - 190;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(options.title ?? 'Factura', boxX, top, { width: 190, align: 'right' });
  doc.font('Helvetica').fontSize(8);
  const serieFolio = [a(root, 'Serie'), a(root, 'Folio')].filter(Boolean).join('-');
  for (const line of [
    `Serie y folio: ${serieFolio}`,
    `Folio fiscal (UUID): ${a(tfd, 'UUID')}`,
    `Fecha de emisión: ${a(root, 'Fecha')}`,
    `Fecha de certificación: ${a(tfd, 'FechaTimbrado')}`,
    `No. de certificado del emisor: ${a(root, 'NoCertificado')}`,
    `No. de certificado del SAT: ${a(tfd, 'NoCertificadoSAT')}`,
    `Tipo de comprobante: ${payment ? 'P - Pago' : 'I - Ingreso'}`,
    'Exportación: 01 - No aplica',
  ])
    doc.text(line, boxX, undefined, { width: 190, align: 'right' });
  top = Math.max(doc.y, M + 70) + 10;

  // Receiver.
  doc
    .moveTo(M, top)
    .lineTo(M + WIDTH, top)
    .strokeColor('#999999')
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('Receptor', M, top + 6);
  doc.font('Helvetica').fontSize(8);
  doc.text(`${a(receiver, 'Nombre')}   RFC: ${a(receiver, 'Rfc')}   Código postal: ${a(receiver, 'DomicilioFiscalReceptor')}`, M, undefined, { width: WIDTH });
  doc.text(
    `Régimen fiscal: ${described(a(receiver, 'RegimenFiscalReceptor'), REGIMES)}   Uso del CFDI: ${described(a(receiver, 'UsoCFDI'), USES)}`,
    M,
    undefined,
    { width: WIDTH },
  );
  if (global) doc.text(`Información global: periodicidad ${a(global, 'Periodicidad')}, meses ${a(global, 'Meses')}, año ${a(global, 'Año')}`, M);
  for (const r of related)
    doc.text(
      `CFDI relacionados (${described(a(r, 'TipoRelacion'), RELATIONS)}): ${childrenOf(r, CFDI_NS, 'CfdiRelacionado')
        .map((c) => a(c, 'UUID'))
        .join(', ')}`,
      M,
      undefined,
      { width: WIDTH },
    );

  // Concepts.
  const columns = [
    { title: 'Clave', width: 50 },
    { title: 'Cant.', width: 35 },
    { title: 'Unidad', width: 35 },
    { title: 'Descripción', width: 212 },
    { title: 'Valor unitario', width: 70 },
    { title: 'Impuestos', width: 60 },
    { title: 'Importe', width: 70 },
  ];
  const row = (values: string[], bold = false) => {
    const y = doc.y;
    let x = M;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    values.forEach((v, i) => {
      const numeric = i >= 4;
      doc.text(v, x, y, { width: columns[i].width - 4, align: numeric ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += columns[i].width;
    });
    doc.y = bottom + 3;
    if (doc.y > 700) doc.addPage();
  };
  doc.y += 10;
  row(
    columns.map((c) => c.title),
    true,
  );
  for (const concept of concepts) {
    const traslados = childrenOf(childOf(childOf(concept, CFDI_NS, 'Impuestos'), CFDI_NS, 'Traslados'), CFDI_NS, 'Traslado');
    const taxText =
      a(concept, 'ObjetoImp') === '01'
        ? 'No objeto'
        : traslados.map((t) => `IVA ${(Number(a(t, 'TasaOCuota')) * 100).toFixed(0)}% ${formatPesos(a(t, 'Importe') || '0')}`).join('\n');
    row([
      a(concept, 'ClaveProdServ'),
      a(concept, 'Cantidad'),
      a(concept, 'ClaveUnidad'),
      [a(concept, 'Descripcion'), a(concept, 'NoIdentificacion') ? `No. ${a(concept, 'NoIdentificacion')}` : ''].filter(Boolean).join('\n'),
      formatPesos(a(concept, 'ValorUnitario') || '0'),
      taxText,
      formatPesos(a(concept, 'Importe') || '0'),
    ]);
  }

  if (payment) {
    // The payment and the invoices it pays (Pagos 2.0).
    doc.y += 8;
    for (const p of payments) {
      doc.font('Helvetica-Bold').fontSize(9).text('Complemento de pago', M, undefined, { width: WIDTH });
      doc.font('Helvetica').fontSize(8);
      doc.text(
        [
          `Fecha de pago: ${a(p, 'FechaPago')}`,
          `Forma de pago: ${described(a(p, 'FormaDePagoP'), PAYMENT_FORMS)}`,
          `Moneda: ${a(p, 'MonedaP')}`,
          `Monto: ${formatPesos(a(p, 'Monto') || '0')}`,
          a(p, 'NumOperacion') ? `Número de operación: ${a(p, 'NumOperacion')}` : '',
        ]
          .filter(Boolean)
          .join('   '),
        M,
        undefined,
        { width: WIDTH },
      );
      doc.text(`Importe con letra: ${amountInWords(a(p, 'Monto') || '0')}`, M, undefined, { width: WIDTH });
      doc.moveDown(0.4);
      for (const d of childrenOf(p, PAGOS_NS, 'DoctoRelacionado')) {
        const serieFolio = [a(d, 'Serie'), a(d, 'Folio')].filter(Boolean).join('-');
        doc.text(
          `Documento relacionado ${a(d, 'IdDocumento')}${serieFolio ? ` (${serieFolio})` : ''}: parcialidad ${a(d, 'NumParcialidad')}, saldo anterior ${formatPesos(
            a(d, 'ImpSaldoAnt') || '0',
          )}, importe pagado ${formatPesos(a(d, 'ImpPagado') || '0')}, saldo insoluto ${formatPesos(a(d, 'ImpSaldoInsoluto') || '0')}`,
          M,
          undefined,
          { width: WIDTH },
        );
      }
    }
    doc.y += 12;
  } else {
    // Totals and payment.
    doc.y += 6;
    const totalsY = doc.y;
    const totals: [string, string][] = [['Subtotal', formatPesos(a(root, 'SubTotal') || '0')]];
    for (const t of childrenOf(childOf(taxes, CFDI_NS, 'Traslados'), CFDI_NS, 'Traslado'))
      totals.push([`IVA trasladado ${(Number(a(t, 'TasaOCuota')) * 100).toFixed(0)}%`, formatPesos(a(t, 'Importe') || '0')]);
    totals.push(['Total', formatPesos(a(root, 'Total') || '0')]);
    doc.fontSize(8.5);
    for (const [label, value] of totals) {
      const y = doc.y;
      doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, M + WIDTH - 200, y, { width: 110, align: 'right' });
      doc.text(value, M + WIDTH - 85, y, { width: 85, align: 'right' });
    }
    const afterTotals = doc.y;
    doc.font('Helvetica').fontSize(8);
    doc.text(`Importe con letra: ${amountInWords(a(root, 'Total') || '0')}`, M, totalsY, { width: WIDTH - 210 });
    doc.text(`Forma de pago: ${described(a(root, 'FormaPago'), PAYMENT_FORMS)}`, M, undefined, { width: WIDTH - 210 });
    doc.text(`Método de pago: ${described(a(root, 'MetodoPago'), PAYMENT_METHODS)}`, M, undefined, { width: WIDTH - 210 });
    doc.text(`Moneda: ${a(root, 'Moneda')}`, M);
    doc.y = Math.max(doc.y, afterTotals) + 12;
  }

  // Stamp: QR on the left, seals on the right.
  if (doc.y > 520) doc.addPage();
  const stampY = doc.y;
  const qrSize = 110;
  if (qr) doc.image(qr, M, stampY, { width: qrSize, height: qrSize });
  else doc.rect(M, stampY, qrSize, qrSize).strokeColor('#999999').stroke();
  const textX = M + qrSize + 12;
  const textWidth = WIDTH - qrSize - 12;
  const block = (title: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(7).text(title, textX, undefined, { width: textWidth });
    doc.font('Helvetica').fontSize(6).text(value, textX, undefined, { width: textWidth });
    doc.moveDown(0.3);
  };
  doc.y = stampY;
  block('Sello digital del CFDI', a(tfd, 'SelloCFD') || a(root, 'Sello'));
  block('Sello digital del SAT', a(tfd, 'SelloSAT'));
  block('Cadena original del complemento de certificación digital del SAT', tfd && tfd.namespaceURI === TFD_NS ? tfdOriginalString(tfd) : '');
  block('RFC del proveedor de certificación', a(tfd, 'RfcProvCertif'));
  doc.y = Math.max(doc.y, stampY + qrSize) + 6;
  if (url) doc.font('Helvetica').fontSize(6).text(url, M, undefined, { width: WIDTH });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(8).text('Este documento es una representación impresa de un CFDI', M, undefined, { width: WIDTH, align: 'center' });

  doc.end();
  return done;
}
