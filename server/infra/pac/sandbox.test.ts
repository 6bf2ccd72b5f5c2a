// The sandbox PAC refuses what a PAC refuses and stamps the rest with a TFD 1.1 that validates and verifies.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAT_XSLT, satOriginalString } from '../../../tests/satXslt.js';
import { receiptInput, testCredential } from '../cfdi/testing.js';
import { sealVoucher, stampData, stampElement, tfdOriginalString, validateCfdi, verifySeal, verifyText } from '../cfdi/voucher.js';
import { xmlString } from '../cfdi/xml.js';
import { pacFor } from './index.js';
import { SandboxPac, sandboxSatKeys } from './sandbox.js';
import { PacError } from './types.js';

const NOW = new Date('2026-11-23T16:31:05Z');
const issuedAt = new Date('2026-11-23T16:30:00Z');
const pac = new SandboxPac({ now: () => NOW });

async function refusal(promise: Promise<unknown>): Promise<PacError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PacError);
  return error as PacError;
}

describe('sandbox PAC: stamp', () => {
  it('adds a TFD 1.1 that validates and whose SelloSAT verifies with the sandbox SAT certificate', async () => {
    const sealed = sealVoucher(receiptInput(issuedAt), testCredential());
    const result = await pac.stamp(sealed.xml);
    expect(result.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(result.stampedAt.toISOString()).toBe('2026-11-23T16:31:05.000Z');
    expect(await validateCfdi(result.xml)).toEqual([]);
    expect(verifySeal(result.xml)).toBe(true);
    const stamp = stampData(result.xml);
    expect(stamp).toMatchObject({
      uuid: result.uuid,
      stampedAt: '2026-11-23T10:31:05',
      pacRfc: 'SPR190613I52',
      cfdiSeal: sealed.seal,
      satCertificateNumber: '99999000000500000001',
    });
    const tfd = stampElement(result.xml);
    if (!tfd || !stamp) throw new Error('no stamp');
    expect(verifyText(tfdOriginalString(tfd), stamp.satSeal, new X509Certificate(sandboxSatKeys().certificate))).toBe(true);
    expect(verifyText(`${tfdOriginalString(tfd)}x`, stamp.satSeal, new X509Certificate(sandboxSatKeys().certificate))).toBe(false);
    // The stamp's schema is checked too: a broken UUID in the TFD is an error.
    expect((await validateCfdi(result.xml.replace(`UUID="${result.uuid}"`, 'UUID="nope"'))).length).toBeGreaterThan(0);
    // Stamping twice is refused.
    expect((await refusal(pac.stamp(result.xml))).code).toBe('307');
  });

  it('the TFD original string equals SAT’s cadenaoriginal_TFD_1_1.xslt', async () => {
    const result = await pac.stamp(sealVoucher(receiptInput(issuedAt), testCredential()).xml);
    const tfd = stampElement(result.xml);
    if (!tfd) throw new Error('no stamp');
    expect(tfdOriginalString(tfd)).toBe(satOriginalString(SAT_XSLT.tfd11, xmlString(tfd)));
  });

  it('refuses a bad seal, a schema error, an old or future date, a foreign certificate', async () => {
    const sealed = sealVoucher(receiptInput(issuedAt), testCredential());
    expect((await refusal(pac.stamp(sealed.xml.replace('Multa por ruido', 'Multa por ruidos')))).code).toBe('302');
    const schema = await refusal(pac.stamp(sealed.xml.replace('UsoCFDI="G03"', 'UsoCFDI="X01"')));
    expect([schema.code, schema.retryable]).toEqual(['301', false]);
    expect(schema.message).toMatch(/esquema del SAT/);
    expect((await refusal(pac.stamp('<cfdi:Comprobante'))).code).toBe('301');
    const dtd = await refusal(pac.stamp(sealed.xml.replace('?>', '?><!DOCTYPE x [<!ENTITY a "b">]>')));
    expect([dtd.code, dtd.message]).toEqual(['301', 'XML mal formado: El XML no puede declarar DTD ni entidades']);
    const old = sealVoucher(receiptInput(new Date(NOW.getTime() - 73 * 3600_000)), testCredential());
    const oldError = await refusal(pac.stamp(old.xml));
    expect(oldError.code).toBe('401');
    expect(oldError.message).toMatch(/72 horas/);
    const future = sealVoucher(receiptInput(new Date(NOW.getTime() + 3600_000)), testCredential());
    expect((await refusal(pac.stamp(future.xml))).code).toBe('401');
    const within = sealVoucher(receiptInput(new Date(NOW.getTime() - 71 * 3600_000)), testCredential());
    await expect(pac.stamp(within.xml)).resolves.toMatchObject({ uuid: expect.any(String) });
    const otherIssuer = receiptInput(issuedAt);
    otherIssuer.issuer = { ...otherIssuer.issuer, rfc: 'AAA010101AAA' };
    expect((await refusal(pac.stamp(sealVoucher(otherIssuer, testCredential()).xml))).code).toBe('303');
  });

  it('receiver "ERROR PAC" simulates a PAC-side failure', async () => {
    const input = receiptInput(issuedAt);
    input.receiver = { ...input.receiver, name: 'ERROR PAC' };
    const error = await refusal(pac.stamp(sealVoucher(input, testCredential()).xml));
    expect([error.code, error.retryable]).toEqual(['SANDBOX', false]);
    expect(error.message).toMatch(/ERROR PAC/);
  });

  it('is the default PAC', () => {
    expect(pacFor({ pac: 'sandbox', pacUrl: undefined, pacUser: undefined, pacPassword: undefined })).toBeInstanceOf(SandboxPac);
  });
});

describe('sandbox PAC: cancel', () => {
  const base = {
    issuerRfc: 'EKU9003173C9',
    receiverRfc: 'XOJI740919U48',
    uuid: 'E1863706-5E95-449A-A15C-02B3A268B27E',
    total: '2007.96',
    credential: testCredential(),
  };

  it('motive 01 requires the substitute; the others forbid it', async () => {
    expect((await refusal(pac.cancel({ ...base, motive: '01' }))).code).toBe('CANCEL01');
    expect((await refusal(pac.cancel({ ...base, motive: '01', substituteUuid: base.uuid }))).code).toBe('CANCEL01');
    expect((await refusal(pac.cancel({ ...base, motive: '02', substituteUuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }))).code).toBe('CANCEL02');
    const ok = await pac.cancel({ ...base, motive: '01', substituteUuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' });
    expect(ok.status).toBe('CANCELLED');
    expect(ok.acknowledgement).toContain('<FolioSustitucion>5FB2822E-396D-4725-8521-CDC4BDD20CCF</FolioSustitucion>');
    for (const motive of ['02', '03', '04'] as const) expect((await pac.cancel({ ...base, motive })).status).toBe('CANCELLED');
  });

  it('refuses a malformed UUID and another issuer’s certificate', async () => {
    expect((await refusal(pac.cancel({ ...base, motive: '02', uuid: 'x' }))).code).toBe('203');
    expect((await refusal(pac.cancel({ ...base, motive: '02', issuerRfc: 'AAA010101AAA' }))).code).toBe('203');
  });
});
