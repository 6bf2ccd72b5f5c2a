// The files of an invoice: its stamped XML, its PDF (the administrator's replacement when there is one,
// else the printed representation made from the XML) and a zip of several.
import type JSZipType from 'jszip';
import { onFirstUse } from '../../../../infra/onFirstUse.js';

const JSZip = onFirstUse<typeof JSZipType>('jszip');
import { cfdiPdf } from '../../../../infra/cfdi/pdf.js';
import { XmlSyntaxError } from '../../../../infra/cfdi/xml.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { ConflictError, InputError } from '../../../../kernel/errors.js';
import type { Cfdi } from '../../../../db/generated/client.js';
import type { GeneratedFile } from '../../receivables/receipts/pdf.js';
import { CFDI_MESSAGES, cfdiFileBase } from './rules.js';

export const ZIP_MAX_CFDIS = 200;

type FileCfdi = Pick<Cfdi, 'id' | 'serie' | 'status' | 'xml' | 'pdfFileId' | 'neighborhoodId' | 'kind'>;

const PDF_TITLES: Record<Cfdi['kind'], string> = { RECEIPT: 'Factura', GLOBAL: 'Factura global', PAYMENT: 'Complemento de pago' };

export const hasDocuments = (c: Pick<Cfdi, 'status'>) => c.status === 'STAMPED' || c.status === 'CANCELLED';

export function cfdiXmlFile(c: FileCfdi): GeneratedFile {
  if (!hasDocuments(c) || !c.xml) throw new ConflictError('CFDI_NO_DOCUMENT');
  return { fileName: `${cfdiFileBase(c)}.xml`, contentType: 'application/xml', bytes: Buffer.from(c.xml, 'utf8') };
}

/** SAT's acknowledgement (acuse) of a cancellation the PAC answered, as it came: XML, or the PAC's text. */
export function cfdiAcknowledgementFile(c: Pick<Cfdi, 'id' | 'serie' | 'cancellationAcknowledgement'>): GeneratedFile {
  const text = c.cancellationAcknowledgement;
  if (!text) throw new ConflictError('CFDI_NO_ACKNOWLEDGEMENT');
  const xml = text.trimStart().startsWith('<');
  return {
    fileName: `${cfdiFileBase(c)}-acuse-cancelacion.${xml ? 'xml' : 'txt'}`,
    contentType: xml ? 'application/xml' : 'text/plain; charset=utf-8',
    bytes: Buffer.from(text, 'utf8'),
  };
}

/** The community's logo for the printed representation (PNG or JPG only). */
async function logoOf(ctx: Pick<ServiceContext, 'prisma'>, neighborhoodId: number): Promise<Buffer | null> {
  const n = await ctx.prisma.neighborhood.findUnique({ where: { id: neighborhoodId }, select: { logoFileId: true } });
  const file = n?.logoFileId ? await ctx.prisma.storedFile.findUnique({ where: { id: n.logoFileId }, select: { contentType: true, data: true } }) : null;
  return file && (file.contentType === 'image/png' || file.contentType === 'image/jpeg') ? Buffer.from(file.data) : null;
}

export async function cfdiPdfFile(ctx: Pick<ServiceContext, 'prisma'>, c: FileCfdi, logo?: Buffer | null): Promise<GeneratedFile> {
  if (!hasDocuments(c) || !c.xml) throw new ConflictError('CFDI_NO_DOCUMENT');
  const fileName = `${cfdiFileBase(c)}.pdf`;
  if (c.pdfFileId) {
    const stored = await ctx.prisma.storedFile.findUnique({ where: { id: c.pdfFileId }, select: { data: true } });
    if (stored) return { fileName, contentType: 'application/pdf', bytes: Buffer.from(stored.data) };
  }
  const options = { logo: logo === undefined ? await logoOf(ctx, c.neighborhoodId) : logo, title: PDF_TITLES[c.kind] };
  try {
    return { fileName, contentType: 'application/pdf', bytes: await cfdiPdf(c.xml, options) };
  } catch (error) {
    // An XML an older database kept that does not parse: the invoice has no printed representation (409), not a fault.
    if (error instanceof XmlSyntaxError) throw new ConflictError('CFDI_XML_UNREADABLE');
    throw error;
  }
}

/** XML and PDF of each stamped or cancelled invoice, in one zip. */
export async function cfdisZip(ctx: Pick<ServiceContext, 'prisma'>, cfdis: FileCfdi[], fileName: string): Promise<GeneratedFile> {
  const withFiles = cfdis.filter(hasDocuments);
  if (withFiles.length === 0) throw new ConflictError('CFDI_ZIP_EMPTY');
  if (withFiles.length > ZIP_MAX_CFDIS) throw new InputError([{ field: 'from', message: CFDI_MESSAGES.zipTooMany }]);
  const zip = new (JSZip())();
  const logo = await logoOf(ctx, withFiles[0].neighborhoodId);
  for (const c of withFiles) {
    const xml = cfdiXmlFile(c);
    zip.file(xml.fileName, xml.bytes);
    const pdf = await cfdiPdfFile(ctx, c, logo);
    zip.file(pdf.fileName, pdf.bytes);
  }
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { fileName, contentType: 'application/zip', bytes };
}
