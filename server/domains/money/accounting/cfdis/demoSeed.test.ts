// The demo community starts with stamped invoices: a few receipts of houses with tax data and last month's global invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { stampData, validateCfdi, verifySeal } from '../../../../infra/cfdi/voucher.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

describe('demo invoices', () => {
  it('are stamped, valid and sealed with the test CSD; one is the global invoice of last month', async () => {
    const olivos = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const cfdis = await t.app.db.prisma.cfdi.findMany({ where: { neighborhoodId: olivos.id }, include: { receipts: true }, orderBy: { id: 'asc' } });
    expect(cfdis.filter((c) => c.kind === 'RECEIPT').length).toBeGreaterThanOrEqual(1);
    const global = cfdis.find((c) => c.kind === 'GLOBAL');
    expect(global?.receipts.length).toBeGreaterThan(0);
    for (const c of cfdis) {
      expect(c.status).toBe('STAMPED');
      expect(stampData(c.xml!)?.uuid).toBe(c.uuid);
      expect(verifySeal(c.xml!)).toBe(true);
    }
    expect(await validateCfdi(global!.xml!)).toEqual([]);
  });
});
