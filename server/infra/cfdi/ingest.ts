// Reading a provider's CFDI (3.3 or 4.0) as received: well-formed (no DTD, no forbidden characters),
// structure checked against SAT's XSD of its version, stamped (TimbreFiscalDigital with a UUID), and its
// seal verified with the certificate it carries against the original string of its version. The PAC's
// stamp seal (SelloSAT) is not verified: SAT's certificates are not shipped (decisions).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { MAX_MONEY, Money } from '../../../core/money.js';
import { InputError } from '../../kernel/errors.js';
import { serverAsset } from '../assets.js';
import { certificateFromBase64, originalString as originalString40, satCertificateNumber, TFD_NS, verifyText, withOrder as w } from './voucher.js';
import { attributeOf, childOf, childrenOf, elementChildren, normalizeSpace, parseXml, XmlSyntaxError, type XmlElement } from './xml.js';

export const CFDI33_NS = 'http://www.sat.gob.mx/cfd/3';
export const CFDI40_NS = 'http://www.sat.gob.mx/cfd/4';
export const MAX_PROVIDER_CFDI_BYTES = 1024 * 1024;

export interface ProviderCfdiTax {
  /** SAT's Impuesto: 001 ISR, 002 IVA, 003 IEPS. */
  taxCode: string;
  /** TasaOCuota as written ("0.160000"); null when exempt (Exento). */
  rate: string | null;
  factor: string;
  base: string | null;
  amount: string;
}
export interface ProviderCfdiLine {
  quantity: string;
  unitPrice: string;
  amount: string;
  discount: string;
  description: string;
  satProductKey: string;
  unitKey: string;
  transferred: ProviderCfdiTax[];
  retained: ProviderCfdiTax[];
}
export interface ProviderCfdi {
  version: '3.3' | '4.0';
  uuid: string;
  /** Fecha as written (local time of the issuer, no offset). */
  issuedAtText: string;
  /** YYYY-MM-DD of Fecha. */
  issueDate: string;
  stampedAt: string;
  type: string;
  currency: string;
  issuerRfc: string;
  issuerName: string | null;
  receiverRfc: string;
  receiverName: string | null;
  subtotal: string;
  discount: string;
  total: string;
  lines: ProviderCfdiLine[];
  transferredTaxes: ProviderCfdiTax[];
  retainedTaxes: ProviderCfdiTax[];
}

const bad = (message: string) => new InputError([{ field: 'file', message }]);

/** The original string of a CFDI 3.3 (SAT's cadenaoriginal_3_3.xslt) for its own nodes; complements other than the stamp are refused. */
export function originalString33(root: XmlElement): string {
  const c = (parent: XmlElement | undefined, local: string) => (parent ? childrenOf(parent, CFDI33_NS, local) : []);
  let out = w(root, [
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
    ['MetodoPago', 'O'],
    ['LugarExpedicion', 'R'],
    ['Confirmacion', 'O'],
  ]);
  for (const related of c(root, 'CfdiRelacionados').slice(0, 1)) {
    out += w(related, [['TipoRelacion', 'R']]);
    for (const one of c(related, 'CfdiRelacionado')) out += w(one, [['UUID', 'R']]);
  }
  for (const issuer of c(root, 'Emisor').slice(0, 1))
    out += w(issuer, [
      ['Rfc', 'R'],
      ['Nombre', 'O'],
      ['RegimenFiscal', 'R'],
    ]);
  for (const receiver of c(root, 'Receptor').slice(0, 1))
    out += w(receiver, [
      ['Rfc', 'R'],
      ['Nombre', 'O'],
      ['ResidenciaFiscal', 'O'],
      ['NumRegIdTrib', 'O'],
      ['UsoCFDI', 'R'],
    ]);
  const customs = (node: XmlElement) => w(node, [['NumeroPedimento', 'R']]);
  for (const concepts of c(root, 'Conceptos').slice(0, 1))
    for (const concept of c(concepts, 'Concepto')) {
      if (c(concept, 'ComplementoConcepto').some((x) => elementChildren(x).length))
        throw bad('El CFDi tiene complementos de concepto, que no podemos verificar');
      out += w(concept, [
        ['ClaveProdServ', 'R'],
        ['NoIdentificacion', 'O'],
        ['Cantidad', 'R'],
        ['ClaveUnidad', 'R'],
        ['Unidad', 'O'],
        ['Descripcion', 'R'],
        ['ValorUnitario', 'R'],
        ['Importe', 'R'],
        ['Descuento', 'O'],
      ]);
      const taxes = c(concept, 'Impuestos');
      for (const t of taxes.flatMap((i) => c(i, 'Traslados')).flatMap((x) => c(x, 'Traslado')))
        out += w(t, [
          ['Base', 'R'],
          ['Impuesto', 'R'],
          ['TipoFactor', 'R'],
          ['TasaOCuota', 'O'],
          ['Importe', 'O'],
        ]);
      for (const r of taxes.flatMap((i) => c(i, 'Retenciones')).flatMap((x) => c(x, 'Retencion')))
        out += w(r, [
          ['Base', 'R'],
          ['Impuesto', 'R'],
          ['TipoFactor', 'R'],
          ['TasaOCuota', 'R'],
          ['Importe', 'R'],
        ]);
      for (const node of c(concept, 'InformacionAduanera')) out += customs(node);
      for (const node of c(concept, 'CuentaPredial').slice(0, 1)) out += w(node, [['Numero', 'R']]);
      for (const part of c(concept, 'Parte')) {
        out += w(part, [
          ['ClaveProdServ', 'R'],
          ['NoIdentificacion', 'O'],
          ['Cantidad', 'R'],
          ['Unidad', 'O'],
          ['Descripcion', 'R'],
          ['ValorUnitario', 'O'],
          ['Importe', 'O'],
        ]);
        for (const node of c(part, 'InformacionAduanera')) out += customs(node);
      }
    }
  for (const taxes of c(root, 'Impuestos').slice(0, 1)) {
    for (const r of c(taxes, 'Retenciones').flatMap((x) => c(x, 'Retencion')))
      out += w(r, [
        ['Impuesto', 'R'],
        ['Importe', 'R'],
      ]);
    out += w(taxes, [['TotalImpuestosRetenidos', 'O']]);
    for (const t of c(taxes, 'Traslados').flatMap((x) => c(x, 'Traslado')))
      out += w(t, [
        ['Impuesto', 'R'],
        ['TipoFactor', 'R'],
        ['TasaOCuota', 'R'],
        ['Importe', 'R'],
      ]);
    out += w(taxes, [['TotalImpuestosTrasladados', 'O']]);
  }
  for (const complement of c(root, 'Complemento'))
    for (const child of elementChildren(complement))
      if (child.namespaceURI !== TFD_NS) throw bad(`El CFDi tiene el complemento ${child.localName}, que no podemos verificar`);
  return `|${out}||`;
}

const SAT_DIR = serverAsset('infra/cfdi/sat');
const BUNDLE = (ns: string, file: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:comunidad:cfdi" elementFormDefault="qualified">
  <xs:import namespace="${ns}" schemaLocation="${file}"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigitalv11.xsd"/>
</xs:schema>
`;
let files: { fileName: string; contents: string }[] | undefined;
function ingestSchemaFiles() {
  const read = (name: string) => readFileSync(path.join(SAT_DIR, name), 'utf8').replace(/schemaLocation="[^"]*\/([A-Za-z0-9_]+\.xsd)"/g, 'schemaLocation="$1"');
  files ??= [
    ...['cfdv33.xsd', 'cfdv40.xsd', 'tdCFDI.xsd', 'TimbreFiscalDigitalv11.xsd'].map((fileName) => ({ fileName, contents: read(fileName) })),
    { fileName: 'catCFDI.xsd', contents: read('catCFDIIngest.xsd') },
  ];
  return files;
}

/** XSD errors of a provider's CFDI of this version (empty when valid), catalogue values not checked. */
export async function validateProviderCfdi(xml: string, version: '3.3' | '4.0'): Promise<string[]> {
  const ns = version === '3.3' ? CFDI33_NS : CFDI40_NS;
  const result = await validateXML({
    xml: { fileName: 'cfdi.xml', contents: xml },
    schema: { fileName: 'bundle.xsd', contents: BUNDLE(ns, version === '3.3' ? 'cfdv33.xsd' : 'cfdv40.xsd') },
    preload: ingestSchemaFiles(),
  });
  if (result.valid) return [];
  return result.errors.map((e) => e.message || e.rawMessage).filter((m) => m.trim());
}

// Up to 12 whole digits: what the expense's columns hold (a sealed CFDI may still say more; it is refused).
const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;
const money = (value: string | undefined, field: string): string => {
  const v = (value ?? '0').trim();
  if (!DECIMAL.test(v)) throw bad(`El CFDi tiene un importe no válido o demasiado grande en ${field}`);
  const amount = new Money(v).toFixed(2, Money.ROUND_HALF_UP);
  if (new Money(amount).abs().gt(MAX_MONEY)) throw bad(`El CFDi tiene un importe demasiado grande en ${field}`);
  return amount;
};
const decimal = (value: string | undefined, field: string): string => {
  const v = (value ?? '').trim();
  if (!DECIMAL.test(v)) throw bad(`El CFDi tiene un valor no válido o demasiado grande en ${field}`);
  // As the CFDI writes it ("1500.00", "0.160000"): up to six decimals, the expense keeps them.
  return v;
};

/** Reads, validates and verifies a provider's CFDI; throws InputError (Spanish, field `file`) when it cannot be accepted. */
export async function readProviderCfdi(source: string | Uint8Array): Promise<ProviderCfdi> {
  const size = typeof source === 'string' ? Buffer.byteLength(source, 'utf8') : source.byteLength;
  if (size === 0) throw bad('El archivo está vacío');
  if (size > MAX_PROVIDER_CFDI_BYTES) throw bad('El XML del CFDi debe pesar como máximo 1 MB');
  let xml: string;
  if (typeof source === 'string') xml = source;
  else
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(source);
    } catch {
      throw bad('El XML del CFDi debe estar codificado en UTF-8');
    }
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw bad(`El archivo no es un XML válido: ${error.message}`);
    throw bad('El archivo no es un XML válido');
  }
  if (root.localName !== 'Comprobante' || (root.namespaceURI !== CFDI33_NS && root.namespaceURI !== CFDI40_NS))
    throw bad('El archivo no es un CFDi (se aceptan las versiones 3.3 y 4.0)');
  const version = attributeOf(root, 'Version');
  if ((root.namespaceURI === CFDI33_NS && version !== '3.3') || (root.namespaceURI === CFDI40_NS && version !== '4.0'))
    throw bad('Solo se aceptan CFDi de las versiones 3.3 y 4.0');
  const ns = root.namespaceURI as string;
  const v = version as '3.3' | '4.0';

  const errors = await validateProviderCfdi(xml, v);
  if (errors.length) throw bad(`El CFDi no cumple con el esquema del SAT: ${errors[0].slice(0, 300)}`);

  const tfd = childrenOf(root, ns, 'Complemento')
    .map((complement) => childOf(complement, TFD_NS, 'TimbreFiscalDigital'))
    .find(Boolean);
  const uuid = (attributeOf(tfd, 'UUID') ?? '').toUpperCase();
  if (!tfd || !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(uuid))
    throw bad('El CFDi no está timbrado (le falta el timbre fiscal digital con su folio fiscal)');

  let cadena: string;
  try {
    cadena = v === '3.3' ? originalString33(root) : originalString40(xml);
  } catch (error) {
    if (error instanceof InputError) throw bad(error.issues[0]?.message ?? error.message);
    throw error;
  }
  const certificate = certificateFromBase64(attributeOf(root, 'Certificado') ?? '');
  const seal = attributeOf(root, 'Sello') ?? '';
  if (!certificate || !seal) throw bad('El CFDi no incluye su certificado o su sello');
  if (satCertificateNumber(certificate) !== attributeOf(root, 'NoCertificado')) throw bad('El número de certificado del CFDi no corresponde a su certificado');
  if (!verifyText(cadena, seal, certificate)) throw bad('El sello del CFDi no es válido: el comprobante fue alterado después de sellarse');

  const issuerRfc = (attributeOf(childOf(root, ns, 'Emisor'), 'Rfc') ?? '').trim().toUpperCase();
  // A CSD names its taxpayer's RFC in the subject (x500UniqueIdentifier, "RFC / representative's RFC" for companies).
  const holder = /x500UniqueIdentifier=([^\n/]+)/i.exec(certificate.subject)?.[1]?.trim().toUpperCase();
  if (holder !== issuerRfc) throw bad('El certificado del CFDi no pertenece a su emisor');
  return describeProviderCfdi(root);
}

/** The data of a CFDI 3.3 or 4.0 already accepted by readProviderCfdi (no checks: stored XML read again). */
export function describeProviderCfdi(source: string | XmlElement): ProviderCfdi {
  const root = typeof source === 'string' ? parseXml(source) : source;
  const ns = root.namespaceURI as string;
  const v = (ns === CFDI33_NS ? '3.3' : '4.0') as '3.3' | '4.0';
  const tfd = childrenOf(root, ns, 'Complemento')
    .map((complement) => childOf(complement, TFD_NS, 'TimbreFiscalDigital'))
    .find(Boolean);
  const uuid = (attributeOf(tfd, 'UUID') ?? '').toUpperCase();
  const issuer = childOf(root, ns, 'Emisor');
  const receiver = childOf(root, ns, 'Receptor');
  const issuerRfc = (attributeOf(issuer, 'Rfc') ?? '').trim().toUpperCase();
  const tax = (node: XmlElement, field: string): ProviderCfdiTax => {
    const factor = attributeOf(node, 'TipoFactor') ?? '';
    const rate = attributeOf(node, 'TasaOCuota');
    return {
      taxCode: attributeOf(node, 'Impuesto') ?? '',
      factor,
      rate: factor === 'Exento' || rate === undefined ? null : decimal(rate, field),
      base: attributeOf(node, 'Base') === undefined ? null : money(attributeOf(node, 'Base'), field),
      amount: money(attributeOf(node, 'Importe') ?? '0', field),
    };
  };
  const c = (parent: XmlElement | undefined, local: string) => (parent ? childrenOf(parent, ns, local) : []);
  const lines = c(childOf(root, ns, 'Conceptos'), 'Concepto').map((concept, i) => {
    const at = `el concepto ${i + 1}`;
    const taxes = c(concept, 'Impuestos');
    return {
      quantity: decimal(attributeOf(concept, 'Cantidad'), at),
      unitPrice: decimal(attributeOf(concept, 'ValorUnitario'), at),
      amount: money(attributeOf(concept, 'Importe'), at),
      discount: money(attributeOf(concept, 'Descuento') ?? '0', at),
      description: normalizeSpace(attributeOf(concept, 'Descripcion') ?? '').slice(0, 1000),
      satProductKey: attributeOf(concept, 'ClaveProdServ') ?? '',
      unitKey: attributeOf(concept, 'ClaveUnidad') ?? '',
      transferred: taxes
        .flatMap((x) => c(x, 'Traslados'))
        .flatMap((x) => c(x, 'Traslado'))
        .map((t) => tax(t, at)),
      retained: taxes
        .flatMap((x) => c(x, 'Retenciones'))
        .flatMap((x) => c(x, 'Retencion'))
        .map((t) => tax(t, at)),
    };
  });
  const totals = childOf(root, ns, 'Impuestos');
  const fecha = attributeOf(root, 'Fecha') ?? '';
  return {
    version: v,
    uuid,
    issuedAtText: fecha,
    issueDate: fecha.slice(0, 10),
    stampedAt: attributeOf(tfd, 'FechaTimbrado') ?? '',
    type: attributeOf(root, 'TipoDeComprobante') ?? '',
    currency: attributeOf(root, 'Moneda') ?? '',
    issuerRfc,
    issuerName: attributeOf(issuer, 'Nombre') ?? null,
    receiverRfc: (attributeOf(receiver, 'Rfc') ?? '').trim().toUpperCase(),
    receiverName: attributeOf(receiver, 'Nombre') ?? null,
    subtotal: money(attributeOf(root, 'SubTotal'), 'SubTotal'),
    discount: money(attributeOf(root, 'Descuento') ?? '0', 'Descuento'),
    total: money(attributeOf(root, 'Total'), 'Total'),
    lines,
    transferredTaxes: c(totals, 'Traslados')
      .flatMap((x) => c(x, 'Traslado'))
      .map((t) => tax(t, 'los impuestos')),
    retainedTaxes: c(totals, 'Retenciones')
      .flatMap((x) => c(x, 'Retencion'))
      .map((t) => tax(t, 'los impuestos')),
  };
}
