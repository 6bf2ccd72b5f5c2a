// The invoice PDF read back with unpdf: UUID, totals, the amount in words, payment data, stamp and legend.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { cfdiPdf } from './pdf.js';
import { CFDI_FIXTURES } from './testing.js';
import { stampData } from './voucher.js';
import { amountInWords } from './words.js';

const stamped = readFileSync(path.join(CFDI_FIXTURES, 'receipt-stamped.xml'), 'utf8');

async function text(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}

describe('cfdiPdf', () => {
  it('prints the invoice with its stamp', async () => {
    const bytes = await cfdiPdf(stamped, { title: 'Factura' });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The QR is drawn as an image (pdfkit writes image XObjects uncompressed in their dictionaries).
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const content = await text(bytes);
    const stamp = stampData(stamped);
    for (const expected of [
      stamp?.uuid ?? 'no uuid',
      'ESCUELA KEMPER URGATE',
      'EKU9003173C9',
      'INGRID XODAR JIMENEZ',
      'A-1024',
      '2026-11-23T10:30:00',
      '$1,801.00',
      '$206.96',
      '$2,007.96',
      'DOS MIL SIETE PESOS 96/100 M.N.',
      '03 - Transferencia electrónica de fondos',
      'PUE - Pago en una sola exhibición',
      'Multa por ruido',
      'No objeto',
      '99999000000500000001',
      '30001000000500003416',
      'SPR190613I52',
      'Este documento es una representación impresa de un CFDI',
      'verificacfdi.facturaelectronica.sat.gob.mx',
    ])
      expect(content).toContain(expected);
    // The TFD's original string starts as SAT's does.
    expect(content).toContain(`||1.1|${stamp?.uuid}|`);
  });

  it('survives a bad logo and many concepts', async () => {
    const many = stamped.replace(/(<cfdi:Concepto [^>]*\/>)/, (c) => c.repeat(80));
    const bytes = await cfdiPdf(many, { logo: Buffer.from('not an image') });
    expect(await text(bytes)).toContain('representación impresa');
  });
});

describe('amountInWords', () => {
  it('writes Mexican pesos in Spanish words', () => {
    expect(amountInWords('1500.50')).toBe('MIL QUINIENTOS PESOS 50/100 M.N.');
    expect(amountInWords('1')).toBe('UN PESO 00/100 M.N.');
    expect(amountInWords('0.99')).toBe('CERO PESOS 99/100 M.N.');
    expect(amountInWords('21')).toBe('VEINTIUN PESOS 00/100 M.N.');
    expect(amountInWords('100')).toBe('CIEN PESOS 00/100 M.N.');
    expect(amountInWords('101')).toBe('CIENTO UN PESOS 00/100 M.N.');
    expect(amountInWords('1000000')).toBe('UN MILLÓN DE PESOS 00/100 M.N.');
    expect(amountInWords('1234567.89')).toBe('UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE PESOS 89/100 M.N.');
    expect(amountInWords('121000')).toBe('CIENTO VEINTIUN MIL PESOS 00/100 M.N.');
  });
});
