// The demo community invoices as SAT's public test taxpayer EKU9003173C9 with SAT's test CSD
// (./demo-csd, password 12345678a): nothing real is ever sealed with it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverAsset } from '../../../../infra/assets.js';
import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';
import { csdKeyContext, csdPasswordContext, readCertificate } from './service.js';

export const DEMO_FISCAL = {
  fiscalName: 'ESCUELA KEMPER URGATE',
  rfc: 'EKU9003173C9',
  regime: 'RF601',
  productCode: '80131500',
  invoiceSerie: 'F',
  creditNoteSerie: 'NC',
} as const;

/** SAT's public test CSD, shipped with the server for the demo community (./demo-csd/README.md). */
export const DEMO_CSD_DIR = serverAsset('domains/money/accounting/fiscal/demo-csd');
const CSD_CER = 'EKU9003173C9.cer';
const CSD_KEY = 'EKU9003173C9.key';
export const DEMO_CSD_PASSWORD = '12345678a';

export function demoCsd(): { cer: Buffer; key: Buffer } {
  return { cer: readFileSync(path.join(DEMO_CSD_DIR, CSD_CER)), key: readFileSync(path.join(DEMO_CSD_DIR, CSD_KEY)) };
}

/** The demo community's fiscal data and its CSD. */
export async function seedFiscalInformation(demo: DemoSeedContext): Promise<void> {
  const { prisma, secrets, neighborhoodId } = demo;
  const csd = demoCsd();
  const certificate = readCertificate(csd.cer);
  const sealed = certificate
    ? {
        certificate: new Uint8Array(certificate.der),
        certificateNumber: certificate.number,
        certificateValidFrom: certificate.validFrom,
        certificateValidTo: certificate.validTo,
        privateKeyEncrypted: secrets.seal(csd.key.toString('base64'), csdKeyContext(neighborhoodId)),
        privateKeyPasswordEncrypted: secrets.seal(DEMO_CSD_PASSWORD, csdPasswordContext(neighborhoodId)),
      }
    : {};
  await prisma.fiscalInformation.upsert({
    where: { neighborhoodId },
    create: { neighborhoodId, ...DEMO_FISCAL, ...sealed },
    update: { ...DEMO_FISCAL, ...sealed },
  });
}
