// The built-in sandbox PAC: checks a CFDI as a PAC would (schema, seal, certificate, date) and stamps it with a
// TimbreFiscalDigital 1.1 signed by a sandbox "SAT" key pair (./sandbox-sat, not SAT's). Nothing reaches SAT.
// Trigger for the failure path: a receiver named "ERROR PAC" is refused (non-retryable), as a PAC-side error.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Document, nodeToXmlString, XmlNode } from '@nodecfdi/cfdi-core';
import { Certificate } from '@nodecfdi/credentials/node';
import { attributeOf, childOf, parseXml, parseXmlDocument, XmlSyntaxError, xmlString } from '../cfdi/xml.js';
import {
  CFDI_NS,
  certificateFromBase64,
  cfdiDate,
  fromCfdiDate,
  originalString,
  satCertificateNumber,
  TFD_NS,
  TFD_SCHEMA_LOCATION,
  tfdOriginalString,
  validateCfdi,
  verifySeal,
  XSI_NS,
} from '../cfdi/voucher.js';
import { serverAsset } from '../assets.js';
import { type CancelRequest, type CancelResult, type Pac, PacError } from './types.js';

export const SANDBOX_PAC_RFC = 'SPR190613I52';
export const SANDBOX_ERROR_RECEIVER = 'ERROR PAC';
const MAX_AGE_MS = 72 * 3600_000;
/** A voucher dated a little ahead of the PAC's clock is accepted (clocks drift). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

let satKeys: { key: string; certificate: string } | undefined;
/** The sandbox "SAT" key pair (PEM): committed on purpose, it is not a secret. */
export function sandboxSatKeys(): { key: string; certificate: string } {
  satKeys ??= {
    key: readFileSync(serverAsset('infra/pac/sandbox-sat/sat-sandbox.key.pem'), 'utf8'),
    certificate: readFileSync(serverAsset('infra/pac/sandbox-sat/sat-sandbox.cer.pem'), 'utf8'),
  };
  return satKeys;
}

const refuse = (message: string, code: string, retryable = false) => new PacError(message, code, retryable);

export class SandboxPac implements Pac {
  readonly name = 'PAC de pruebas';
  private readonly now: () => Date;
  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date());
  }

  async stamp(xml: string): Promise<{ xml: string; uuid: string; stampedAt: Date }> {
    let document: Document;
    try {
      document = parseXmlDocument(xml);
    } catch (error) {
      throw refuse(`XML mal formado: ${error instanceof XmlSyntaxError ? error.message : 'no se pudo leer'}`, '301');
    }
    const root = document.documentElement;
    if (!root) throw refuse('XML mal formado', '301');
    if (root.namespaceURI !== CFDI_NS || root.localName !== 'Comprobante' || attributeOf(root, 'Version') !== '4.0')
      throw refuse('El documento no es un CFDI versión 4.0', '301');
    const complement = childOf(root, CFDI_NS, 'Complemento');
    if (complement && childOf(complement, TFD_NS, 'TimbreFiscalDigital')) throw refuse('El CFDI ya contiene un timbre fiscal digital', '307');

    const errors = await validateCfdi(xml);
    if (errors.length) throw refuse(`El CFDI no cumple el esquema del SAT: ${errors[0].trim()}`, '301');

    const certificate = certificateFromBase64(attributeOf(root, 'Certificado') ?? '');
    if (!certificate) throw refuse('El certificado del CFDI no es válido', '308');
    let sat: Certificate;
    try {
      sat = new Certificate(certificate.raw.toString('binary'));
    } catch {
      throw refuse('El certificado del CFDI no es válido', '308');
    }
    if (!sat.satType().isCsd()) throw refuse('El certificado no es de tipo CSD', '306');
    const issuer = childOf(root, CFDI_NS, 'Emisor');
    if (sat.rfc().toUpperCase() !== (attributeOf(issuer, 'Rfc') ?? '').toUpperCase())
      throw refuse('El RFC del certificado no corresponde al emisor del CFDI', '303');
    if (!verifySeal(xml)) throw refuse('El sello del emisor no es válido', '302');

    const issuedAt = fromCfdiDate(attributeOf(root, 'Fecha') ?? '');
    const now = this.now();
    if (!issuedAt || issuedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS || now.getTime() - issuedAt.getTime() > MAX_AGE_MS)
      throw refuse('La fecha de emisión está fuera del rango permitido (no más de 72 horas antes del timbrado ni en el futuro)', '401');
    if (issuedAt < sat.validFrom() || issuedAt > sat.validTo()) throw refuse('La fecha de emisión no está dentro de la vigencia del CSD del emisor', '305');

    const receiver = childOf(root, CFDI_NS, 'Receptor');
    if ((attributeOf(receiver, 'Nombre') ?? '').trim().toUpperCase() === SANDBOX_ERROR_RECEIVER)
      throw refuse('El PAC de pruebas rechazó el comprobante: el receptor "ERROR PAC" simula un error del proveedor de certificación', 'SANDBOX', false);

    const keys = sandboxSatKeys();
    const { X509Certificate, sign } = await import('node:crypto');
    const satCertificate = new X509Certificate(keys.certificate);
    const uuid = randomUUID().toUpperCase();
    const tfd = new XmlNode('tfd:TimbreFiscalDigital', {
      'xmlns:tfd': TFD_NS,
      'xmlns:xsi': XSI_NS,
      'xsi:schemaLocation': TFD_SCHEMA_LOCATION,
      Version: '1.1',
      UUID: uuid,
      FechaTimbrado: cfdiDate(now),
      RfcProvCertif: SANDBOX_PAC_RFC,
      SelloCFD: attributeOf(root, 'Sello') ?? '',
      NoCertificadoSAT: satCertificateNumber(satCertificate),
    });
    const satSeal = sign('sha256', Buffer.from(tfdOriginalString(parseXml(nodeToXmlString(tfd))), 'utf8'), keys.key).toString('base64');
    tfd.setAttribute('SelloSAT', satSeal);

    let complementNode = complement;
    if (!complementNode) {
      // Complemento goes after the voucher's nodes and before an Addenda.
      complementNode = document.createElementNS(CFDI_NS, `${root.prefix ? `${root.prefix}:` : ''}Complemento`);
      root.insertBefore(complementNode, childOf(root, CFDI_NS, 'Addenda') ?? null);
    }
    complementNode.appendChild(document.importNode(parseXml(nodeToXmlString(tfd)), true));
    const stamped = xmlString(document);
    // The voucher's own original string is unchanged by the stamp; a failure here is a bug in this sandbox.
    originalString(stamped);
    return { xml: stamped, uuid, stampedAt: fromCfdiDate(cfdiDate(now)) ?? now };
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    if (!UUID.test(request.uuid)) throw refuse('El folio fiscal (UUID) a cancelar no es válido', '203');
    if (request.credential.rfc().toUpperCase() !== request.issuerRfc.toUpperCase()) throw refuse('El certificado no corresponde al RFC emisor del CFDI', '203');
    if (!request.credential.isCsd()) throw refuse('El certificado no es de tipo CSD', '306');
    if (request.motive === '01') {
      if (!request.substituteUuid || !UUID.test(request.substituteUuid))
        throw refuse('El motivo 01 requiere el folio fiscal del CFDI que sustituye al cancelado', 'CANCEL01');
      if (request.substituteUuid.toUpperCase() === request.uuid.toUpperCase()) throw refuse('El CFDI no puede sustituirse a sí mismo', 'CANCEL01');
    } else if (request.substituteUuid) throw refuse('El folio de sustitución solo se indica con el motivo 01', 'CANCEL02');
    const date = cfdiDate(this.now());
    const folios: [string, string][] = [
      ['UUID', request.uuid.toUpperCase()],
      ['EstatusUUID', '201'],
      ['Motivo', request.motive],
      ...(request.substituteUuid ? [['FolioSustitucion', request.substituteUuid.toUpperCase()] as [string, string]] : []),
    ];
    const acknowledgement = nodeToXmlString(
      new XmlNode('Acuse', { xmlns: 'http://cancelacfd.sat.gob.mx', Fecha: date, RfcEmisor: request.issuerRfc, Sandbox: 'true' }, [
        new XmlNode(
          'Folios',
          {},
          folios.map(([name, value]) => new XmlNode(name, {}, [], value)),
        ),
      ]),
      true,
    );
    return { status: 'CANCELLED', acknowledgement };
  }
}
