// The community as invoice issuer (spec 3 "Fiscal information"): its tax data and its CSD. This module
// owns every write of the FiscalInformation table. The certificate is public; the private key and its
// password are sealed (server/infra/secrets.ts) and never leave the server: readers see hasPrivateKey.
// Later issues sign CFDI with openCommunityCredential.
import { createPrivateKey } from 'node:crypto';
import { Certificate, Credential } from '@nodecfdi/credentials/node';
import {
  certificateProblems,
  certificateStatus,
  CSD_MESSAGES,
  CsdUploadSchema,
  FiscalInformationSchema,
  formatCertificateDate,
  isFiscalConfigured,
  normalizeRfc,
  type CertificateFacts,
  type CertificateKind,
} from '../../../../../core/fiscal.js';
import type { Config } from '../../../../config.js';
import type { Prisma } from '../../../../db/client.js';
import { secretBox } from '../../../../infra/secrets.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { ConflictError, type FieldIssue, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';

export const FISCAL_READERS = ['CTaxRead', 'CTaxUpdate'] as const;
export const FISCAL_WRITERS = ['CTaxUpdate'] as const;

/** Where each secret of a community is sealed: a value copied to another community or field does not open. */
export const csdKeyContext = (neighborhoodId: number) => `csd-key:${neighborhoodId}`;
export const csdPasswordContext = (neighborhoodId: number) => `csd-password:${neighborhoodId}`;

/** The public part of a stored or uploaded certificate, as read from its bytes. */
export interface CertificateInfo extends CertificateFacts {
  /** SAT's 20-digit certificate number (NoCertificado), the serial number's bytes. */
  number: string;
  legalName: string;
  /** DER bytes. */
  der: Buffer;
}

/** Reads a certificate (DER, PEM or DER in base64); null when the bytes are not an X.509 certificate. */
export function readCertificate(bytes: Uint8Array): CertificateInfo | null {
  let certificate: Certificate;
  try {
    certificate = new Certificate(Buffer.from(bytes).toString('binary'));
  } catch {
    return null;
  }
  try {
    const type = certificate.satType();
    const kind: CertificateKind = type.isCsd() ? 'CSD' : type.isFiel() ? 'FIEL' : 'UNKNOWN';
    const der = Buffer.from(certificate.pem().replace(/-----[^-]+-----|\s/g, ''), 'base64');
    return {
      rfc: certificate.rfc(),
      legalName: certificate.legalName(),
      kind,
      validFrom: certificate.validFrom(),
      validTo: certificate.validTo(),
      number: certificate.serialNumber().bytes(),
      der,
    };
  } catch {
    // Parsed as X.509 but without what a SAT certificate carries (subject RFC, dates, serial).
    return null;
  }
}

type KeyCheck = 'ok' | 'notKey' | 'unencrypted' | 'tooCostly' | 'wrongPassword';

/**
 * SAT's keys derive their encryption key with 2,048 PBKDF2 iterations. Opening a key costs time in
 * proportion (the signing library does it in JavaScript, on the event loop): a key asking for more than
 * this is refused instead of stalling the server.
 */
export const MAX_KEY_ITERATIONS = 10_000;

/** One DER element: its tag and where its contents start and end; null when the bytes do not hold one. */
function derElement(bytes: Buffer, offset: number, end: number): { tag: number; start: number; end: number } | null {
  if (offset + 2 > end) return null;
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4 || start + octets > end) return null;
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + bytes[start + i];
    start += octets;
  }
  return start + length <= end ? { tag, start, end: start + length } : null;
}

/**
 * The iteration count of an EncryptedPrivateKeyInfo (PKCS#8 DER): the first INTEGER inside its
 * encryption algorithm's parameters, for PBES2 (PBKDF2) as for PBES1 and PKCS#12 schemes alike.
 * Null when it is not that structure (createPrivateKey then tells what it is).
 */
export function keyIterationCount(der: Buffer): number | null {
  const top = derElement(der, 0, der.length);
  if (top?.tag !== 0x30) return null;
  const algorithm = derElement(der, top.start, top.end);
  if (algorithm?.tag !== 0x30) return null;
  const search = (start: number, end: number, depth: number): number | null => {
    for (let offset = start; offset < end; ) {
      const element = derElement(der, offset, end);
      if (!element) return null;
      if (element.tag === 0x02) {
        const length = element.end - element.start;
        return length > 6 ? Number.POSITIVE_INFINITY : der.subarray(element.start, element.end).reduce((n, b) => n * 256 + b, 0);
      }
      if ((element.tag === 0x30 || element.tag === 0x31) && depth < 6) {
        const found = search(element.start, element.end, depth + 1);
        if (found !== null) return found;
      }
      offset = element.end;
    }
    return null;
  };
  return search(algorithm.start, algorithm.end, 0);
}

/** The DER of a PEM «ENCRYPTED PRIVATE KEY», or the bytes themselves. */
function pkcs8Der(bytes: Buffer, pem: boolean): Buffer {
  if (!pem) return bytes;
  const match = /-----BEGIN ENCRYPTED PRIVATE KEY-----([\s\S]*?)-----END ENCRYPTED PRIVATE KEY-----/.exec(bytes.toString('latin1'));
  return match ? Buffer.from(match[1].replace(/\s+/g, ''), 'base64') : Buffer.alloc(0);
}

/** Whether the bytes are an encrypted PKCS#8 private key (DER or PEM) that opens with the password. */
function checkPrivateKey(bytes: Buffer, password: string): KeyCheck {
  const pem = bytes.subarray(0, 64).toString('latin1').includes('-----BEGIN');
  const source = { key: bytes, format: pem ? ('pem' as const) : ('der' as const), ...(pem ? {} : { type: 'pkcs8' as const }) };
  try {
    createPrivateKey(source);
    return 'unencrypted';
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MISSING_PASSPHRASE') return 'notKey';
  }
  const iterations = keyIterationCount(pkcs8Der(bytes, pem));
  if (iterations !== null && iterations > MAX_KEY_ITERATIONS) return 'tooCostly';
  try {
    createPrivateKey({ ...source, passphrase: password });
    return 'ok';
  } catch {
    return 'wrongPassword';
  }
}

const fileBytes = async (file: File) => Buffer.from(await file.arrayBuffer());

// ---- reads ----

/** The community's fiscal information row (null before its tax data is saved). */
export function readFiscalInformation<S extends object>(ctx: ServiceContext, query: S) {
  return ctx.prisma.fiscalInformation.findUnique({ ...query, where: { neighborhoodId: communityOf(ctx) } });
}

export const ADDRESS_SELECT = {
  postalCode: true,
  street: true,
  exteriorNumber: true,
  interiorNumber: true,
  colony: true,
  city: true,
  state: true,
  country: true,
} as const;

/** The issuer's address: the community's address (general settings). */
export function readIssuerAddress(ctx: ServiceContext) {
  return ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: ADDRESS_SELECT });
}

const hasKey = (row: { privateKeyEncrypted: string | null; privateKeyPasswordEncrypted: string | null }) =>
  !!row.privateKeyEncrypted && !!row.privateKeyPasswordEncrypted;

/**
 * Whether the community can issue invoices: complete tax data, the postal code of its address and a
 * CSD valid today with its private key and password (the setup summary's FACTURACION step).
 */
export async function fiscalConfigured(prisma: Pick<Prisma, 'fiscalInformation'>, neighborhoodId: number, now: Date = new Date()): Promise<boolean> {
  const row = await prisma.fiscalInformation.findUnique({
    where: { neighborhoodId },
    select: {
      fiscalName: true,
      rfc: true,
      regime: true,
      productCode: true,
      invoiceSerie: true,
      creditNoteSerie: true,
      certificateValidFrom: true,
      certificateValidTo: true,
      privateKeyEncrypted: true,
      privateKeyPasswordEncrypted: true,
      neighborhood: { select: { postalCode: true } },
    },
  });
  if (!row) return false;
  return isFiscalConfigured({ ...row, hasPrivateKey: hasKey(row) }, row.neighborhood.postalCode, now);
}

// ---- writes ----

export interface SavedFiscalInformation {
  neighborhoodId: number;
  /** The RFC changed: the stored CSD belonged to the previous RFC and was removed. */
  certificateRemoved: boolean;
}

/**
 * Creates or replaces the tax data. A new RFC drops the stored CSD (it seals only for its own RFC): the
 * community uploads the CSD of the new RFC afterwards.
 */
export async function saveFiscalInformation(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<SavedFiscalInformation> {
  const data = parseInput(FiscalInformationSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'updateFiscalInformation', input: data } }, async ({ tx, audit }) => {
    const before = await tx.fiscalInformation.findUnique({ where: { neighborhoodId }, select: { rfc: true, certificate: true } });
    const certificateRemoved = !!before?.certificate && normalizeRfc(before.rfc) !== data.rfc;
    const dropCertificate = certificateRemoved
      ? {
          certificate: null,
          certificateNumber: null,
          certificateValidFrom: null,
          certificateValidTo: null,
          privateKeyEncrypted: null,
          privateKeyPasswordEncrypted: null,
        }
      : {};
    await tx.fiscalInformation.upsert({
      where: { neighborhoodId },
      create: { neighborhoodId, ...data },
      update: { ...data, ...dropCertificate },
    });
    await audit({
      action: before ? 'UPDATE' : 'CREATE',
      entity: 'FiscalInformation',
      entityId: neighborhoodId,
      data: { ...data, ...(before && before.rfc !== data.rfc ? { previousRfc: before.rfc } : {}), ...(certificateRemoved ? { certificateRemoved } : {}) },
    });
    return { neighborhoodId, certificateRemoved };
  });
}

/**
 * Stores the community's CSD after checking it: the certificate is a CSD (not the e.firma) of the
 * community's RFC, valid today; the private key opens with the password and belongs to the
 * certificate. Every problem found is answered at once, under its field.
 */
export async function uploadFiscalCertificate(ctx: ServiceContext, raw: unknown, now: Date = new Date()): Promise<number> {
  const input = parseInput(CsdUploadSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const current = await ctx.prisma.fiscalInformation.findUnique({ where: { neighborhoodId }, select: { rfc: true } });
  if (!current) throw new ConflictError('FISCAL_INFORMATION_MISSING');

  const [cerBytes, keyBytes] = await Promise.all([fileBytes(input.certificate), fileBytes(input.privateKey)]);
  const certificate = readCertificate(cerBytes);
  const keyCheck = checkPrivateKey(keyBytes, input.privateKeyPassword);
  const issues: FieldIssue[] = [];
  const certificateIssues = certificate ? certificateProblems(certificate, current.rfc, now) : [CSD_MESSAGES.notCertificate];
  if (certificateIssues.length) issues.push({ field: 'certificate', message: certificateIssues.join('. ') });
  if (keyCheck === 'notKey') issues.push({ field: 'privateKey', message: CSD_MESSAGES.notKey });
  if (keyCheck === 'unencrypted') issues.push({ field: 'privateKey', message: CSD_MESSAGES.unencryptedKey });
  if (keyCheck === 'tooCostly') issues.push({ field: 'privateKey', message: CSD_MESSAGES.foreignKeyEncryption });
  if (keyCheck === 'wrongPassword') issues.push({ field: 'privateKeyPassword', message: CSD_MESSAGES.wrongPassword });

  // Both open: the key must be the certificate's, as the signing library sees it.
  if (certificate && keyCheck === 'ok') {
    try {
      Credential.create(cerBytes.toString('binary'), keyBytes.toString('binary'), input.privateKeyPassword);
    } catch (error) {
      const message = (error as Error).message ?? '';
      issues.push(/belong/i.test(message) ? { field: 'privateKey', message: CSD_MESSAGES.mismatch } : { field: 'privateKey', message: CSD_MESSAGES.notKey });
    }
  }
  if (issues.length || !certificate) throw new InputError(issues);

  const box = secretBox(ctx.config);
  const sealedKey = box.seal(keyBytes.toString('base64'), csdKeyContext(neighborhoodId));
  const sealedPassword = box.seal(input.privateKeyPassword, csdPasswordContext(neighborhoodId));
  return write(ctx, {}, async ({ tx, audit }) => {
    // The RFC is compared again inside the transaction: the tax data may have changed meanwhile.
    const row = await tx.fiscalInformation.findUnique({ where: { neighborhoodId }, select: { rfc: true } });
    if (!row || normalizeRfc(row.rfc) !== normalizeRfc(certificate.rfc)) {
      throw new ConflictError('FISCAL_INFORMATION_CHANGED');
    }
    await tx.fiscalInformation.update({
      where: { neighborhoodId },
      data: {
        certificate: new Uint8Array(certificate.der),
        certificateNumber: certificate.number,
        certificateValidFrom: certificate.validFrom,
        certificateValidTo: certificate.validTo,
        privateKeyEncrypted: sealedKey,
        privateKeyPasswordEncrypted: sealedPassword,
      },
    });
    await audit({
      action: 'UPDATE',
      entity: 'FiscalCertificate',
      entityId: neighborhoodId,
      data: {
        certificateNumber: certificate.number,
        rfc: certificate.rfc,
        validFrom: certificate.validFrom.toISOString(),
        validTo: certificate.validTo.toISOString(),
      },
    });
    return neighborhoodId;
  });
}

// ---- signing (later issues) ----

/**
 * The community's CSD opened for signing CFDI. Work without an actor (jobs) may open any community's;
 * an actor only their own community's. Refused when there is none or it is not valid today.
 */
export async function openCommunityCredential(
  ctx: Pick<ServiceContext, 'prisma' | 'actor'> & { config: Pick<Config, 'secretsKey' | 'dataDir'> },
  neighborhoodId: number,
  now: Date = new Date(),
): Promise<Credential> {
  if (ctx.actor && ctx.actor.neighborhoodId !== neighborhoodId) throw new NotFoundError('COMMUNITY_NOT_FOUND');
  const row = await ctx.prisma.fiscalInformation.findUnique({
    where: { neighborhoodId },
    select: { certificate: true, privateKeyEncrypted: true, privateKeyPasswordEncrypted: true, certificateValidFrom: true, certificateValidTo: true },
  });
  if (!row?.certificate || !row.privateKeyEncrypted || !row.privateKeyPasswordEncrypted || !row.certificateValidFrom || !row.certificateValidTo) {
    throw new ConflictError('CSD_MISSING');
  }
  const status = certificateStatus(row.certificateValidFrom, row.certificateValidTo, now);
  if (status === 'EXPIRED') throw new ConflictError(reason('CSD_EXPIRED', { date: formatCertificateDate(row.certificateValidTo) }));
  if (status === 'NOT_YET_VALID') {
    throw new ConflictError(reason('CSD_NOT_YET_VALID', { date: formatCertificateDate(row.certificateValidFrom) }));
  }
  const box = secretBox(ctx.config);
  const key = Buffer.from(box.open(row.privateKeyEncrypted, csdKeyContext(neighborhoodId)), 'base64');
  const password = box.open(row.privateKeyPasswordEncrypted, csdPasswordContext(neighborhoodId));
  return Credential.create(Buffer.from(row.certificate).toString('binary'), key.toString('binary'), password);
}
