// The demo community's water service: a TABLE tariff (Consumo FIXED base, Drenaje PERCENT 20 with IVA 16,
// IVA, Total; three consumption ranges) and the last two months as APPLIED periods with readings and
// receipts, most of the older month's paid and some of the last one's. The service rows are written with
// Prisma here because the seed has no signed-in actor for measuredServices/service.ts; the period's
// receipts go through applyPeriod, the same code the generate-receipts mutation runs.
import { todayIn } from '../../../../../core/receipts.js';
import type { Tx } from '../../../../kernel/context.js';
import { recordPastPayments, type PastPayment } from '../receipts/door.js';
import { applyPeriod } from './service.js';

export interface SeededService {
  id: number;
  walletId: number;
  incomeConceptId: number;
}

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** A water service with the spec's example tariff, its own MEASURED_SERVICE wallet and income concept. */
export async function insertWaterService(
  tx: Tx,
  neighborhoodId: number,
  options: { description?: string; type?: 'TABLE' | 'FACTOR'; presetCost?: string; presetConversionRate?: string } = {},
): Promise<SeededService> {
  const description = options.description ?? 'Agua';
  const type = options.type ?? 'TABLE';
  const position = (await tx.serviceConcept.count({ where: { neighborhoodId } })) + 1;
  const [consumo, drenaje, iva, total] = await tx.serviceConcept.createManyAndReturn({
    data: [
      { neighborhoodId, name: 'Consumo', type: 'FIXED', position },
      { neighborhoodId, name: 'Drenaje', type: 'PERCENT', amount: '20', calculateIva: true, ivaPercent: '16', position: position + 1 },
      { neighborhoodId, name: 'IVA', type: 'IVA', position: position + 2 },
      { neighborhoodId, name: 'Total', type: 'TOTAL', position: position + 3 },
    ],
  });
  const wallet = await tx.wallet.create({ data: { neighborhoodId, type: 'MEASURED_SERVICE', name: description } });
  const concept = await tx.incomeConcept.create({
    data: { neighborhoodId, walletId: wallet.id, description, deletable: false, notifyPayment: true, visibleToOwner: true },
  });
  const service = await tx.measuredService.create({
    data: {
      neighborhoodId,
      description,
      type,
      presetCost: type === 'FACTOR' ? (options.presetCost ?? '12.5') : null,
      presetConversionRate: type === 'FACTOR' ? (options.presetConversionRate ?? '1') : null,
      walletId: wallet.id,
      incomeConceptId: concept.id,
      concepts: {
        create: [
          { conceptId: consumo.id, base: true, position: 1 },
          { conceptId: drenaje.id, position: 2 },
          { conceptId: iva.id, position: 3 },
          { conceptId: total.id, position: 4 },
        ],
      },
    },
  });
  await tx.wallet.update({ where: { id: wallet.id }, data: { measuredServiceId: service.id } });
  for (const [from, to, price] of [
    ['0', '10', '8.5'],
    ['10.001', '30', '12.75'],
    ['30.001', '99999', '18.3333'],
  ]) {
    await tx.serviceRange.create({ data: { serviceId: service.id, from, to, amounts: { create: [{ conceptId: consumo.id, amount: price }] } } });
  }
  return { id: service.id, walletId: wallet.id, incomeConceptId: concept.id };
}

export async function seedServicePeriods(demo: {
  prisma: import('../../../../db/client.js').Prisma;
  neighborhoodId: number;
  adminUserId: number;
}): Promise<void> {
  const { prisma, neighborhoodId, adminUserId } = demo;
  const today = todayIn('America/Mexico_City');
  const [year, month] = today.split('-').map(Number);
  await prisma.$transaction(
    async (tx) => {
      const service = await insertWaterService(tx, neighborhoodId);
      const account = await tx.incomeAccount.findFirst({ where: { neighborhoodId, accountType: 'CLABE' }, select: { id: true } });
      const houses = await tx.house.findMany({ where: { neighborhoodId, status: 'ACTIVE' }, select: { id: true }, orderBy: { id: 'asc' } });
      const reading = new Map<number, number>(houses.map((h) => [h.id, 100 + ((h.id * 37) % 400)]));
      for (const back of [2, 1]) {
        const y = month - back > 0 ? year : year - 1;
        const m = ((month - back - 1 + 12) % 12) + 1;
        const due = `${y}-${String(m).padStart(2, '0')}-20`;
        const period = await tx.servicePeriod.create({
          data: {
            neighborhoodId,
            serviceId: service.id,
            description: `${MONTHS[m - 1]} ${y}`,
            cost: '0',
            conversionRate: '1',
            dueDate: new Date(`${due}T00:00:00Z`),
            status: 'COMPLETED',
            completedAt: new Date(`${y}-${String(m).padStart(2, '0')}-05T17:00:00Z`),
          },
        });
        await tx.measurement.createMany({
          data: houses.map((h) => {
            const previous = reading.get(h.id)!;
            // Between 0 and 44.5 m³: every tariff range, and a few houses that used none.
            const used = (h.id * 13 + m * 7) % 9 === 0 ? 0 : ((h.id * 11 + m * 5) % 89) / 2;
            reading.set(h.id, previous + used);
            return {
              periodId: period.id,
              houseId: h.id,
              neighborhoodId,
              previous: String(previous),
              measurement: String(previous + used),
              edited: true,
              updatedByUserId: adminUserId,
            };
          }),
        });
        await applyPeriod(tx, period);
        const receipts = await tx.receipt.findMany({ where: { servicePeriodId: period.id }, orderBy: { houseId: 'asc' } });
        const paid = receipts.filter((r) => (back === 2 ? r.houseId % 5 !== 0 : r.houseId % 3 === 0));
        const payments: PastPayment[] = [];
        for (const r of paid) {
          const paidOn = `${y}-${String(m).padStart(2, '0')}-${String(6 + (r.houseId % 12)).padStart(2, '0')}`;
          // Registered by the administration as received in the bank account (capturePayment's shape).
          const method = 'MANUAL' as const;
          payments.push({
            receipt: r,
            paid: {
              amount: r.amount.toFixed(2),
              discountAmount: r.discountAmount?.toFixed(2) ?? null,
              penaltyAmount: r.penaltyAmount?.toFixed(2) ?? null,
            },
            method,
            total: r.amount.toFixed(2),
            paidAt: new Date(`${paidOn}T17:00:00Z`),
            realPaymentDate: paidOn,
            authorization: `SPEI-${r.id}`,
            incomeAccountId: account?.id ?? null,
            card: { cardType: r.cardType, accountEnding: r.accountEnding },
          });
        }
        await recordPastPayments(tx, neighborhoodId, adminUserId, payments);
      }
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
