// CFDI 4.0 vouchers: schema, seal, original string (against SAT's XSLT run by SaxonJS, and against
// committed known-good values), amounts to the cent, stamp reading and the QR expression.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@nodecfdi/cfdi-core';
import { DiscoverExtractor } from '@nodecfdi/cfdi-expresiones';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../../../core/money.js';
import { SAT_XSLT, satOriginalString as satTransform } from '../../../tests/satXslt.js';
import { CFDI_FIXTURES, complementInput, receiptInput, testCredential } from './testing.js';
import {
  cfdiDate,
  computeAmounts,
  fromCfdiDate,
  originalString,
  qrTotal,
  sealPaymentComplement,
  sealVoucher,
  stampData,
  validateCfdi,
  verificationUrl,
  verifySeal,
} from './voucher.js';
import { parseXml, XmlSyntaxError } from './xml.js';

const fixture = (name: string) => readFileSync(path.join(CFDI_FIXTURES, name), 'utf8');

/** SAT's own transform of the document (cadenaoriginal_4_0.xslt with the complements it includes). */
const satOriginalString = (xml: string) => satTransform(SAT_XSLT.cfdi40, xml);

const globalInput = () => ({
  ...receiptInput(),
  folio: 'G-7',
  serie: null,
  paymentForm: '01',
  global: { periodicity: '04' as const, months: '11', year: 2026 },
  receiver: { rfc: 'IGNORED', name: 'IGNORED', regime: '601', postalCode: '00000', use: 'G03' },
});
const substituteInput = () => ({ ...receiptInput(), folio: '1025', related: { type: '04' as const, uuids: ['5fb2822e-396d-4725-8521-cdc4bdd20ccf'] } });

describe('sealVoucher', () => {
  it('a receipt invoice validates against the schema and its seal verifies with the certificate', async () => {
    const sealed = sealVoucher(receiptInput(), testCredential());
    expect(await validateCfdi(sealed.xml)).toEqual([]);
    expect(verifySeal(sealed.xml)).toBe(true);
    expect(sealed.certificateNumber).toBe('30001000000500003416');
    const root = parseXml(sealed.xml);
    expect(root.getAttribute('Fecha')).toBe('2026-11-23T10:30:00');
    expect(root.getAttribute('xsi:schemaLocation')).toBe('http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd');
    expect(Object.fromEntries(['Exportacion', 'Moneda', 'TipoDeComprobante', 'MetodoPago', 'LugarExpedicion'].map((k) => [k, root.getAttribute(k)]))).toEqual({
      Exportacion: '01',
      Moneda: 'MXN',
      TipoDeComprobante: 'I',
      MetodoPago: 'PUE',
      LugarExpedicion: '42501',
    });
    // Quotes, ampersands, angle brackets and accents survive escaping; whitespace is collapsed.
    expect(sealed.xml).toContain('Descripcion="Cuota de mantenimiento &quot;Casa 12&quot; &amp; &lt;jardín&gt; del mes — año ñ"');
    // The independent signer (@nodecfdi/credentials, node-forge) agrees with the seal over the UTF-8 bytes.
    expect(testCredential().verify(Buffer.from(sealed.originalString, 'utf8').toString('binary'), Buffer.from(sealed.seal, 'base64').toString('binary'))).toBe(
      true,
    );
  });

  it('a global invoice writes InformacionGlobal and the public receiver', async () => {
    const sealed = sealVoucher(globalInput(), testCredential());
    expect(await validateCfdi(sealed.xml)).toEqual([]);
    expect(verifySeal(sealed.xml)).toBe(true);
    expect(sealed.xml).toContain('<cfdi:InformacionGlobal Periodicidad="04" Meses="11" Año="2026"/>');
    expect(sealed.xml).toContain(
      '<cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="42501" RegimenFiscalReceptor="616" UsoCFDI="S01"/>',
    );
    expect(sealed.xml).not.toContain('Serie=');
  });

  it('a substitute writes CfdiRelacionados 04', async () => {
    const sealed = sealVoucher(substituteInput(), testCredential());
    expect(await validateCfdi(sealed.xml)).toEqual([]);
    expect(verifySeal(sealed.xml)).toBe(true);
    expect(sealed.xml).toMatch(/<cfdi:CfdiRelacionados TipoRelacion="04">\s*<cfdi:CfdiRelacionado UUID="5FB2822E-396D-4725-8521-CDC4BDD20CCF"\/>/);
  });

  it('matches the committed known-good original string and seal for the fixed fixture', () => {
    const sealed = sealVoucher(receiptInput(), testCredential());
    expect(sealed.originalString).toBe(fixture('receipt.original.txt'));
    expect(sealed.seal).toBe(fixture('receipt.seal.txt').trim());
    expect(sealed.xml).toBe(fixture('receipt.xml'));
    expect(originalString(fixture('receipt.xml'))).toBe(fixture('receipt.original.txt'));
  });

  it('computes the same original string as SAT’s cadenaoriginal_4_0.xslt', () => {
    for (const input of [receiptInput(), globalInput(), substituteInput()]) {
      const sealed = sealVoucher(input, testCredential());
      expect(sealed.originalString).toBe(satOriginalString(sealed.xml));
    }
    // Foreign formatting: tabs and newlines in values, attributes in another order, single quotes.
    const odd = fixture('receipt.xml')
      .replace('Nombre="INGRID XODAR JIMENEZ"', "Nombre='INGRID&#10;  XODAR\tJIMENEZ '")
      .replace('Version="4.0" Serie="A"', 'Serie="A" Version="4.0"');
    expect(originalString(odd)).toBe(satOriginalString(odd));
    // Indented output of another tool reads the same.
    const indented = fixture('receipt.xml').replace(/></g, '>\n  <');
    expect(originalString(indented)).toBe(fixture('receipt.original.txt'));
    expect(verifySeal(indented)).toBe(true);
    expect(originalString(fixture('receipt.xml'))).toBe(satOriginalString(fixture('receipt.xml')));
  }, 120_000); // a cold run compiles SAT's XSLT first (tests/satXslt.ts)

  it('a tampered XML fails verifySeal', () => {
    const xml = fixture('receipt.xml');
    expect(verifySeal(xml)).toBe(true);
    expect(verifySeal(xml.replace('Total="2007.96"', 'Total="2007.97"'))).toBe(false);
    expect(verifySeal(xml.replace('Multa por ruido', 'Multa por ruidos'))).toBe(false);
    expect(verifySeal(xml.replace(/Sello="[^"]+"/, 'Sello="AAAA"'))).toBe(false);
    expect(verifySeal(xml.replace(/NoCertificado="\d+"/, 'NoCertificado="30001000000500003417"'))).toBe(false);
    expect(verifySeal('<no es xml')).toBe(false);
  });

  it('schema errors name the bad attribute', async () => {
    const errors = await validateCfdi(fixture('receipt.xml').replace('UsoCFDI="G03"', 'UsoCFDI="Z99"'));
    expect(errors.join('\n')).toMatch(/UsoCFDI/);
    expect((await validateCfdi(fixture('receipt.xml').replace('<cfdi:Emisor', '<cfdi:Emisorx'))).length).toBeGreaterThan(0);
  });

  it('refuses input the SAT would refuse, in Spanish', () => {
    const bad = receiptInput();
    bad.lines[0].description = 'a|b';
    bad.lines[1].unitPrice = new Money('-1');
    bad.lines[2].quantity = new Money(0);
    bad.folio = 'x'.repeat(10_000);
    expect(() => sealVoucher(bad, testCredential())).toThrow(/no puede contener|valor unitario|cantidad|hasta 40/);
    expect(() => sealVoucher({ ...receiptInput(), lines: [] }, testCredential())).toThrow('al menos un concepto');
    expect(() => sealVoucher({ ...receiptInput(), paymentMethod: 'PPD' }, testCredential())).toThrow('PPD');
    // NUL bytes and other controls never reach the XML.
    const nul = receiptInput();
    nul.lines[0].description = 'Cuota\u0000 de\u0007 marzo';
    expect(sealVoucher(nul, testCredential()).xml).toContain('Descripcion="Cuota de marzo"');
  });
});

describe('sealPaymentComplement (Pagos 2.0)', () => {
  it('a payment complement validates against CFDI 4.0 and Pagos20.xsd, and its seal verifies', async () => {
    const sealed = sealPaymentComplement(complementInput(), testCredential());
    expect(await validateCfdi(sealed.xml)).toEqual([]);
    expect(verifySeal(sealed.xml)).toBe(true);
    expect(sealed.paid.toFixed(2)).toBe('700.25');
    const root = parseXml(sealed.xml);
    expect(['SubTotal', 'Moneda', 'Total', 'TipoDeComprobante', 'FormaPago', 'MetodoPago'].map((k) => root.getAttribute(k))).toEqual([
      '0',
      'XXX',
      '0',
      'P',
      null,
      null,
    ]);
    expect(root.getAttribute('xsi:schemaLocation')).toContain('http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd');
    expect(sealed.xml).toContain('UsoCFDI="CP01"');
    expect(sealed.xml).toContain('<pago20:Totales MontoTotalPagos="700.25"/>');
    expect(sealed.xml).toContain(
      'FechaPago="2026-11-24T11:05:09" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="700.25" NumOperacion="SPEI-0042 &amp; &lt;ref&gt;"',
    );
    expect(sealed.xml).toContain(
      'IdDocumento="5FB2822E-396D-4725-8521-CDC4BDD20CCF" Serie="A" Folio="1024" MonedaDR="MXN" EquivalenciaDR="1" NumParcialidad="2" ImpSaldoAnt="1500.50" ImpPagado="700.25" ImpSaldoInsoluto="800.25" ObjetoImpDR="01"',
    );
  });

  it('computes the same original string as SAT’s cadenaoriginal_4_0.xslt with Pagos20.xslt', () => {
    const full = sealPaymentComplement(complementInput(), testCredential());
    expect(full.originalString).toBe(satOriginalString(full.xml));
    const bare = complementInput();
    bare.payment.operation = null;
    bare.documents[0] = { ...bare.documents[0], serie: null, folio: null, installment: 1, previousBalance: new Money('700.25') };
    const sealed = sealPaymentComplement({ ...bare, related: { type: '04', uuids: ['0e4b0d3c-1111-4a2b-9c3d-2e5f6a7b8c9d'] } }, testCredential());
    expect(sealed.originalString).toBe(satOriginalString(sealed.xml));
    expect(sealed.xml).toContain('ImpSaldoInsoluto="0.00"');
  }, 120_000);

  it('refuses what SAT refuses: form 99, a payment over the balance, the general public, no documents', () => {
    const problems = (change: (i: ReturnType<typeof complementInput>) => void) => {
      const input = complementInput();
      change(input);
      try {
        sealPaymentComplement(input, testCredential());
        return [];
      } catch (error) {
        return (error as { issues: { field: string }[] }).issues.map((i) => i.field);
      }
    };
    expect(problems((i) => (i.payment.form = '99'))).toEqual(['payment.form']);
    expect(problems((i) => (i.documents[0].paid = new Money('1500.51')))).toEqual(['documents.0.paid']);
    expect(problems((i) => (i.receiver.rfc = 'XAXX010101000'))).toEqual(['receiver.rfc']);
    expect(problems((i) => (i.documents = []))).toEqual(['documents']);
    expect(problems((i) => (i.documents[0].installment = 0))).toEqual(['documents.0.installment']);
  });

  it('a complement with taxes by document (ImpuestosDR) is refused by the original string, not silently sealed', () => {
    const xml = sealPaymentComplement(complementInput(), testCredential()).xml.replace(
      'ObjetoImpDR="01"/>',
      'ObjetoImpDR="02"><pago20:ImpuestosDR/></pago20:DoctoRelacionado>',
    );
    expect(() => originalString(xml)).toThrow(/ImpuestosDR/);
    expect(verifySeal(xml)).toBe(false);
  });
});

describe('amounts', () => {
  it('totals to the cent with 16 %, tasa 0 and lines without VAT', () => {
    const sealed = sealVoucher(receiptInput(), testCredential());
    expect([sealed.subtotal.toFixed(2), sealed.taxTotal.toFixed(2), sealed.total.toFixed(2)]).toEqual(['1801.00', '206.96', '2007.96']);
    // 1293.53 × 0.16 = 206.9648 → 206.96; 0.125 rounds half up.
    expect(
      computeAmounts([
        { productKey: '80131500', unitKey: 'E48', description: 'x', quantity: new Money(1), unitPrice: new Money('0.78'), vatRate: new Money('0.16') },
      ]).taxTotal.toFixed(2),
    ).toBe('0.12');
    expect(
      computeAmounts([
        { productKey: '80131500', unitKey: 'E48', description: 'x', quantity: new Money(1), unitPrice: new Money('3.28'), vatRate: new Money('0.16') },
      ]).taxTotal.toFixed(2),
    ).toBe('0.52');
  });

  it('subtotal + taxes = total for random amounts, and the XML agrees with itself', () => {
    const cents = fc.bigInt({ min: 0n, max: 99_999_999n }).map((c) => new Money(c.toString()).div(100));
    const line = fc.record({
      unitPrice: cents,
      quantity: fc.integer({ min: 1, max: 12 }).map((q) => new Money(q)),
      vatRate: fc.constantFrom<Money | null>(new Money('0.16'), new Money(0), null),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        const full = lines.map((l, i) => ({ ...l, productKey: '80131500', unitKey: 'E48', description: `Concepto ${i}` }));
        const a = computeAmounts(full);
        expect(a.subtotal.plus(a.taxTotal).eq(a.total)).toBe(true);
        expect(a.total.decimalPlaces()).toBeLessThanOrEqual(2);
        let sum = new Money(0);
        for (const { importe, tax } of a.lines) sum = sum.plus(importe).plus(tax ?? 0);
        expect(sum.eq(a.total)).toBe(true);
        const vatLines = a.lines.filter((l) => l.line.vatRate?.eq('0.16'));
        const base = vatLines.reduce((s, l) => s.plus(l.importe), new Money(0));
        expect(a.byRate.get('0.160000')?.base.eq(base) ?? vatLines.length === 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('dates', () => {
  it('writes Fecha in Mexico City time and reads it back', () => {
    expect(cfdiDate(new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31T23:59:59');
    expect(fromCfdiDate('2025-12-31T23:59:59')?.toISOString()).toBe('2026-01-01T05:59:59.000Z');
    expect(fromCfdiDate('2026-13-01T00:00:00')).toBeNull();
  });
});

describe('stamp data and QR expression', () => {
  const stamped = fixture('receipt-stamped.xml');

  it('reads the TimbreFiscalDigital', () => {
    const stamp = stampData(stamped);
    expect(stamp?.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(stamp?.pacRfc).toBe('SPR190613I52');
    expect(stamp?.cfdiSeal).toBe(fixture('receipt.seal.txt').trim());
    expect(stampData(fixture('receipt.xml'))).toBeNull();
    expect(stampData('not xml')).toBeNull();
  });

  it('builds SAT’s verification URL', () => {
    const uuid = stampData(stamped)?.uuid;
    const seal = fixture('receipt.seal.txt').trim();
    expect(verificationUrl(stamped)).toBe(
      `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${uuid}&re=EKU9003173C9&rr=XOJI740919U48&tt=2007.96&fe=${seal.slice(-8)}`,
    );
    // The same expression as @nodecfdi/cfdi-expresiones, an independent implementation of SAT's specification.
    const document = new DOMParser().parseFromString(stamped, 'text/xml');
    expect(verificationUrl(stamped)).toBe(new DiscoverExtractor().extract(document));
    expect(qrTotal('1500.00')).toBe('1500.0');
    expect(qrTotal('0.10')).toBe('0.1');
    expect(qrTotal('123.456789')).toBe('123.456789');
    expect(verificationUrl(stamped.replace('Rfc="EKU9003173C9"', 'Rfc="&amp;KU9003173C9"'))).toContain('re=&amp;KU9003173C9&rr=');
  });
});

describe('xml reader', () => {
  it('refuses DTDs, entities it does not know, forbidden characters and broken documents, in Spanish', () => {
    const refusal = (source: string) => {
      try {
        parseXml(source);
      } catch (error) {
        expect(error).toBeInstanceOf(XmlSyntaxError);
        return (error as Error).message;
      }
      throw new Error(`accepted: ${source}`);
    };
    expect(refusal('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toBe('El XML no puede declarar DTD ni entidades');
    expect(refusal('<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>')).toBe('El XML no puede declarar DTD ni entidades');
    expect(refusal('<?xml version="1.0"?><!doctype x><x/>')).toBe('El XML no puede declarar DTD ni entidades');
    expect(refusal('<x a="1\u0000"/>')).toBe('El XML contiene caracteres no permitidos');
    expect(refusal('<x a="&#7;"/>')).toBe('El XML contiene caracteres no permitidos');
    expect(refusal('<x>&#x1;</x>')).toBe('El XML contiene caracteres no permitidos');
    for (const broken of [
      '<x a="&foo;"/>',
      '<x><y></x>',
      '<x/><y/>',
      '<p:x/>',
      '<x a=1/>',
      '<x a="1"b="2"/>',
      '<x a="1" a="2"/>',
      '',
      'no es xml',
      '<x>',
      '<x/> y',
    ])
      expect(refusal(broken)).toBe('El XML no está bien formado');
    const root = parseXml('\ufeff<?xml version="1.0"?><!-- c --><x a="1&#10;2&amp;" b=\'"\' c="t\tu"><![CDATA[<z>]]></x>');
    expect([root.getAttribute('a'), root.getAttribute('b'), root.getAttribute('c')]).toEqual(['1\n2&', '"', 't u']);
    // Deep nesting and big documents are read or refused, never a crash.
    expect(parseXml(`${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`).tagName).toBe('a');
    expect(refusal(`${'<a>'.repeat(20_000)}`)).toBe('El XML no está bien formado');
  });
});
