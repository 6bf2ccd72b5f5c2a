// The demo community's invoices: the latest paid receipts of a few houses with tax data, stamped, and the
// global invoice of last month for the houses without. Sealed with SAT's test CSD (EKU9003173C9) and
// stamped by the sandbox PAC, as the app itself would.
import { Credential } from '@nodecfdi/credentials/node';
import { formatMoney, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { validateTaxInfo } from '../../../../../core/tax.js';
import type { DemoSeedContext } from '../../../../db/demoConfiguration.js';
import type { Prisma as PrismaNS } from '../../../../db/generated/client.js';
import { sealVoucher, type VoucherInput } from '../../../../infra/cfdi/voucher.js';
import { SandboxPac } from '../../../../infra/pac/index.js';
import { DEMO_CSD_PASSWORD, demoCsd } from '../fiscal/demoSeed.js';
import { dominantPaymentForm, globalLine, paymentFormOf, previousMonth, PUBLIC_RECEIVER, receiptLine, SAT_RFC_PATTERN, satRegime } from './rules.js';

/** Receipts of houses with tax data invoiced in the demo. */
const DEMO_RECEIPT_INVOICES = 4;

/** The demo's invoices are an extra: if sealing or stamping fails, the demo starts without them. */
export async function seedDemoCfdis(demo: DemoSeedContext): Promise<void> {
  try {
    await seedInvoices(demo);
  } catch (error) {
    await demo.prisma.cfdi.deleteMany({ where: { neighborhoodId: demo.neighborhoodId, status: 'PENDING' } });
    console.warn(`Facturas de demostración omitidas: ${(error as Error).message}`);
  }
}

async function seedInvoices(demo: DemoSeedContext): Promise<void> {
  const { prisma, neighborhoodId, adminUserId } = demo;
  const csd = demoCsd();
  const fiscal = await prisma.fiscalInformation.findUnique({ where: { neighborhoodId } });
  const community = await prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { postalCode: true, timeZone: true } });
  if (!fiscal || !community.postalCode) return;
  const credential = Credential.create(csd.cer.toString('binary'), csd.key.toString('binary'), DEMO_CSD_PASSWORD);
  const pac = new SandboxPac();
  const issuer = { rfc: fiscal.rfc, name: fiscal.fiscalName, regime: satRegime(fiscal.regime), postalCode: community.postalCode };

  async function issue(
    data: Omit<PrismaNS.CfdiUncheckedCreateInput, 'neighborhoodId'>,
    receipts: { id: number; amount: string }[],
    voucher: (folio: string) => VoucherInput,
  ) {
    const cfdi = await prisma.cfdi.create({ data: { ...data, neighborhoodId, createdByUserId: adminUserId } });
    try {
      await prisma.cfdiReceipt.createMany({ data: receipts.map((r) => ({ cfdiId: cfdi.id, receiptId: r.id, neighborhoodId, amount: r.amount })) });
      const sealed = sealVoucher(voucher(String(cfdi.id)), credential);
      const stamped = await pac.stamp(sealed.xml);
      await prisma.cfdi.update({
        where: { id: cfdi.id },
        data: { status: 'STAMPED', xml: stamped.xml, uuid: stamped.uuid, issuedAt: new Date(), stampedAt: stamped.stampedAt, attempts: 1 },
      });
      return true;
    } catch (error) {
      await prisma.cfdi.delete({ where: { id: cfdi.id } });
      console.warn(`Factura de demostración omitida: ${(error as Error).message}`);
      return false;
    }
  }

  // Invoices of single receipts: the latest paid receipt of the first houses whose tax data can be invoiced.
  const taxed = await prisma.houseTaxInfo.findMany({ where: { neighborhoodId }, orderBy: { houseId: 'asc' } });
  let issued = 0;
  for (const info of taxed) {
    if (issued >= DEMO_RECEIPT_INVOICES) break;
    if (validateTaxInfo({ ...info }).length || !SAT_RFC_PATTERN.test(info.rfc)) continue;
    const receipt = await prisma.receipt.findFirst({
      where: { houseId: info.houseId, status: 'PAID', deletedAt: null, creditsWallet: false, amount: { gt: 0 } },
      orderBy: { id: 'desc' },
    });
    if (!receipt) continue;
    const amount = formatMoney(receipt.amount);
    const receiver = {
      rfc: info.rfc,
      name: info.businessName.toUpperCase(),
      regime: satRegime(info.fiscalRegime),
      use: info.cfdiUse,
      postalCode: info.postalCode,
    };
    const paymentForm = paymentFormOf({ paymentMethod: receipt.paymentMethod, cardType: receipt.cardType });
    const done = await issue(
      {
        kind: 'RECEIPT',
        serie: fiscal.invoiceSerie,
        receiverRfc: receiver.rfc,
        receiverName: receiver.name,
        receiverRegime: receiver.regime,
        receiverUse: receiver.use,
        receiverPostalCode: receiver.postalCode,
        paymentForm,
        subtotal: amount,
        taxTotal: '0',
        total: amount,
      },
      [{ id: receipt.id, amount }],
      (folio) => ({
        serie: fiscal.invoiceSerie,
        folio,
        issuedAt: new Date(),
        paymentForm,
        paymentMethod: 'PUE',
        issuer,
        receiver,
        lines: [receiptLine({ id: receipt.id, description: receipt.description, amount }, fiscal.productCode)],
      }),
    );
    if (done) issued++;
  }

  // Last month's global invoice.
  const { year, month } = previousMonth(todayIn(community.timeZone));
  const receipts = await prisma.receipt.findMany({
    where: {
      neighborhoodId,
      status: 'PAID',
      deletedAt: null,
      creditsWallet: false,
      amount: { gt: 0 },
      realPaymentDate: { gte: new Date(Date.UTC(year, month - 1, 1)), lt: new Date(Date.UTC(year, month, 1)) },
      house: { taxInfo: null },
      cfdiLinks: { none: { active: true } },
    },
    orderBy: { id: 'asc' },
    take: 500,
  });
  if (!receipts.length) return;
  const total = formatMoney(sumMoney(receipts.map((r) => r.amount)));
  const paymentForm = dominantPaymentForm(
    receipts.map((r) => ({ form: paymentFormOf({ paymentMethod: r.paymentMethod, cardType: r.cardType }), amount: r.amount })),
  );
  await issue(
    {
      kind: 'GLOBAL',
      serie: fiscal.invoiceSerie,
      receiverRfc: PUBLIC_RECEIVER.rfc,
      receiverName: PUBLIC_RECEIVER.name,
      receiverRegime: PUBLIC_RECEIVER.regime,
      receiverUse: PUBLIC_RECEIVER.use,
      receiverPostalCode: community.postalCode,
      paymentForm,
      subtotal: total,
      taxTotal: '0',
      total,
      globalYear: year,
      globalMonth: month,
    },
    receipts.map((r) => ({ id: r.id, amount: formatMoney(r.amount) })),
    (folio) => ({
      serie: fiscal.invoiceSerie,
      folio,
      issuedAt: new Date(),
      paymentForm,
      paymentMethod: 'PUE',
      issuer,
      receiver: { ...PUBLIC_RECEIVER, postalCode: community.postalCode! },
      lines: receipts.map((r) => globalLine({ id: r.id, amount: r.amount.toFixed(2) })),
      global: { periodicity: '04', months: String(month).padStart(2, '0'), year },
    }),
  );
}
