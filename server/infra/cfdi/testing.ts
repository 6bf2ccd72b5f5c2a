// Test helpers: SAT's test CSD (EKU9003173C9, password 12345678a) and sample voucher inputs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Credential } from '@nodecfdi/credentials/node';
import { Money } from '../../../core/money.js';
import type { PaymentComplementInput, VoucherInput } from './voucher.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** SAT's test CSD as the demo community ships it (a folder, not an import: infrastructure imports no domain). */
export const CSD_DIR = path.join(root, 'server/domains/money/accounting/fiscal/demo-csd');
export const CFDI_FIXTURES = path.join(root, 'tests/fixtures/cfdi');

let credential: Credential | undefined;
export function testCredential(): Credential {
  credential ??= Credential.create(
    readFileSync(path.join(CSD_DIR, 'EKU9003173C9.cer')).toString('binary'),
    readFileSync(path.join(CSD_DIR, 'EKU9003173C9.key')).toString('binary'),
    '12345678a',
  );
  return credential;
}

export const TEST_ISSUER = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regime: '601', postalCode: '42501' };

/** A receipt invoice: maintenance fee with VAT and a fine without taxes, tricky text included. */
export function receiptInput(issuedAt = new Date('2026-11-23T16:30:00Z')): VoucherInput {
  return {
    serie: 'A',
    folio: '1024',
    issuedAt,
    paymentForm: '03',
    issuer: TEST_ISSUER,
    receiver: { rfc: 'XOJI740919U48', name: 'INGRID XODAR JIMENEZ', regime: '612', postalCode: '88965', use: 'G03' },
    lines: [
      {
        productKey: '80131500',
        unitKey: 'E48',
        identification: 'REC-77',
        description: 'Cuota de mantenimiento "Casa 12" & <jardín>   del   mes — año ñ',
        quantity: new Money(1),
        unitPrice: new Money('1293.53'),
        vatRate: new Money('0.16'),
      },
      { productKey: '80131500', unitKey: 'E48', description: 'Multa por ruido', quantity: new Money(1), unitPrice: new Money('206.97'), vatRate: null },
      {
        productKey: '80131500',
        unitKey: 'E48',
        description: 'Uso de salón (tasa 0)',
        quantity: new Money(2),
        unitPrice: new Money('150.25'),
        vatRate: new Money(0),
      },
    ],
  };
}

/** A payment complement: a transfer paying the second instalment of a PPD invoice, with its operation number. */
export function complementInput(issuedAt = new Date('2026-11-25T18:00:00Z')): PaymentComplementInput {
  return {
    serie: 'P',
    folio: '31',
    issuedAt,
    issuer: TEST_ISSUER,
    receiver: { rfc: 'XOJI740919U48', name: 'INGRID XODAR JIMENEZ', regime: '612', postalCode: '88965' },
    payment: { date: new Date('2026-11-24T17:05:09Z'), form: '03', operation: 'SPEI-0042 & <ref>' },
    documents: [
      {
        uuid: '5fb2822e-396d-4725-8521-cdc4bdd20ccf',
        serie: 'A',
        folio: '1024',
        installment: 2,
        previousBalance: new Money('1500.50'),
        paid: new Money('700.25'),
      },
    ],
  };
}
