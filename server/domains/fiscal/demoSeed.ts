// The demo community invoices as SAT's public test taxpayer EKU9003173C9 with SAT's test CSD
// (tests/fixtures/csd, password 12345678a): nothing real is ever sealed with it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoSeedContext } from '../../db/demoConfiguration.js';
import { csdKeyContext, csdPasswordContext, readCertificate } from './service.js';

export const DEMO_FISCAL = {
  fiscalName: 'ESCUELA KEMPER URGATE',
  rfc: 'EKU9003173C9',
  regime: 'RF601',
  productCode: '80131500',
  invoiceSerie: 'F',
  creditNoteSerie: 'NC',
} as const;

const CSD_DIR = path.join('tests', 'fixtures', 'csd');
const CSD_CER = 'EKU9003173C9.cer';
const CSD_KEY = 'EKU9003173C9.key';
export const DEMO_CSD_PASSWORD = '12345678a';

/**
 * tests/fixtures/csd of the repository, found by walking up from this module (server/domains/fiscal
 * when run from the sources, dist/server/domains/fiscal when compiled); null when it is not there.
 */
export function findTestCsd(from: string = path.dirname(fileURLToPath(import.meta.url))): { cer: Buffer; key: Buffer } | null {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, CSD_DIR);
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(candidate, CSD_CER)) && existsSync(path.join(candidate, CSD_KEY))) {
      return { cer: readFileSync(path.join(candidate, CSD_CER)), key: readFileSync(path.join(candidate, CSD_KEY)) };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The demo community's fiscal data and, when the fixtures are present, its CSD. */
export async function seedFiscalInformation(demo: DemoSeedContext): Promise<void> {
  const { prisma, secrets, neighborhoodId } = demo;
  const csd = findTestCsd();
  const certificate = csd ? readCertificate(csd.cer) : null;
  const sealed =
    csd && certificate
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
