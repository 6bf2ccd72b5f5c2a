// PPD invoices and their payment complements (Pagos 2.0) through the real GraphQL and REST handlers: an
// administrator invoices a receipt before its payment, the payment (a card through the sandbox gateway, a
// wallet) gets its complement from the invoice job, sealed, stamped and valid against SAT's schemas; the
// complement is cancelled and regenerated like an invoice; undoing a payment or cancelling the invoice waits
// for its complement to be cancelled; the acknowledgement of a cancellation downloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingCommunity, gid, type PayingCommunity } from '../../../../../tests/payingCommunity.js';
import { stampData, validateCfdi, verifySeal } from '../../../../infra/cfdi/voucher.js';
import { parseXml } from '../../../../infra/cfdi/xml.js';
import { money } from '../../../../../core/money.js';

let c: PayingCommunity;
let t: PayingCommunity['t'];
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;

const TAX = { rfc: 'GODE561231GR8', businessName: 'PATRICIA RUIZ GOMEZ', fiscalRegime: 'RF612', cfdiUse: 'G03', postalCode: '76000', state: 'QUE' };

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, admin, owner, olivosId, ownHouseId } = c);
  await prisma().houseTaxInfo.upsert({ where: { houseId: ownHouseId }, create: { houseId: ownHouseId, neighborhoodId: olivosId, ...TAX }, update: TAX });
}, 120_000);
afterAll(() => t.close());

const prisma = () => t.app.db.prisma;

const CFDI = `databaseId status kind paymentMethod paymentForm uuid total installment previousBalance paymentAmount acknowledgementUrl
  paidInvoice { databaseId uuid } complements { databaseId status kind } substitute { databaseId }`;

async function generate(receiptId: number, token = admin) {
  const { body } = await t.gql(
    `mutation($input: GenerateReceiptCfdiInput!) { generateReceiptCfdi(input: $input) { __typename ... on Error { code message }
      ... on MutationGenerateReceiptCfdiSuccess { data { message status errorDescription cfdi { ${CFDI} } } } } }`,
    { input: { receiptId: gid('Receipt', receiptId) } },
    { token },
  );
  return body.data.generateReceiptCfdi;
}

async function cancel(cfdiId: number, input: Record<string, unknown> = {}) {
  const { body } = await t.gql(
    `mutation($input: CancelCfdiInput!) { cancelCfdi(input: $input) { __typename ... on Error { code message }
      ... on MutationCancelCfdiSuccess { data { message status cfdi { ${CFDI} } substitute { ${CFDI} } } } } }`,
    { input: { cfdiId: gid('Cfdi', cfdiId), ...input } },
    { token: admin },
  );
  return body.data.cancelCfdi;
}

async function node(cfdiId: number, token = admin) {
  const { body } = await t.gql(`query($id: ID!) { node(id: $id) { ... on Cfdi { ${CFDI} } } }`, { id: gid('Cfdi', cfdiId) }, { token });
  return body.data.node;
}

async function receiptAction(name: string, receiptId: number, token = admin) {
  const type = `${name[0].toUpperCase()}${name.slice(1)}`;
  const { body } = await t.gql(
    `mutation($input: ${type}Input!) { ${name}(input: $input) { __typename ... on Error { code message } ... on Mutation${type}Success { data { message receipt { status } } } } }`,
    { input: { receiptId: gid('Receipt', receiptId) } },
    { token },
  );
  return body.data[name];
}

async function download(path: string, token = admin) {
  const response = await t.app.fetch(new Request(`http://localhost/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

const complementsOf = (invoiceId: number) => prisma().cfdi.findMany({ where: { paidCfdiId: invoiceId }, orderBy: { id: 'asc' } });

describe('a receipt invoiced before its payment (PPD)', () => {
  let receiptId: number;
  let invoiceId: number;
  let complementId: number;

  it('administrators invoice a pending receipt as PPD with payment form 99; an owner only invoices paid receipts', async () => {
    receiptId = await c.newReceipt(ownHouseId, '1800.00');
    const refused = await generate(receiptId, owner);
    expect(refused).toMatchObject({ __typename: 'ConflictError', message: 'Solo se facturan recibos pagados' });
    const actions = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Receipt { cfdiActions { allowGenerateCfdi } } } }`,
      { id: gid('Receipt', receiptId) },
      { token: admin },
    );
    expect(actions.body.data.node.cfdiActions.allowGenerateCfdi).toBe(true);

    const issued = await generate(receiptId);
    expect(issued.data).toMatchObject({
      status: 'STAMPED',
      cfdi: { kind: 'RECEIPT', paymentMethod: 'PPD', paymentForm: '99', total: '1800.00', complements: [] },
    });
    invoiceId = issued.data.cfdi.databaseId;
    const row = await prisma().cfdi.findUniqueOrThrow({ where: { id: invoiceId } });
    expect(row.xml).toContain('MetodoPago="PPD"');
    expect(row.xml).toContain('FormaPago="99"');
    expect(await validateCfdi(row.xml!)).toEqual([]);
    // Not paid: the job that follows a payment has nothing to do yet.
    await t.app.jobs.runDue();
    expect(await complementsOf(invoiceId)).toEqual([]);
  });

  it('its card payment gets a complement: sealed, stamped, valid against Pagos 2.0, naming the invoice and its balances', async () => {
    const paid = await c.charge(receiptId, { method: 'CARD', cardToken: await c.token('4111111111111111'), deviceSessionId: 'abc' });
    expect(paid.data.charge.status).toBe('COMPLETED');
    await t.app.jobs.runDue();
    const [complement] = await complementsOf(invoiceId);
    complementId = complement.id;
    expect(complement).toMatchObject({ kind: 'PAYMENT', status: 'STAMPED', paymentForm: '04', installment: 1 });
    expect(complement.previousBalance?.toFixed(2)).toBe('1800.00');
    const invoice = await prisma().cfdi.findUniqueOrThrow({ where: { id: invoiceId } });
    const xml = complement.xml!;
    expect(await validateCfdi(xml)).toEqual([]);
    expect(verifySeal(xml)).toBe(true);
    expect(stampData(xml)?.uuid).toBe(complement.uuid);
    const root = parseXml(xml);
    expect(root.getAttribute('TipoDeComprobante')).toBe('P');
    expect(xml).toContain(`IdDocumento="${invoice.uuid}"`);
    expect(xml).toContain('NumParcialidad="1" ImpSaldoAnt="1800.00" ImpPagado="1800.00" ImpSaldoInsoluto="0.00" ObjetoImpDR="01"');
    expect(xml).toContain('FormaDePagoP="04" MonedaP="MXN" TipoCambioP="1" Monto="1800.00"');
    expect(xml).toContain('UsoCFDI="CP01"');

    // The receipt's valid invoice stays the PPD invoice; the invoice lists its complement.
    expect(await prisma().cfdiReceipt.findFirst({ where: { receiptId, active: true } })).toMatchObject({ cfdiId: invoiceId });
    expect(await node(invoiceId)).toMatchObject({ complements: [{ databaseId: complementId, status: 'STAMPED', kind: 'PAYMENT' }] });
    // The owner reads the complement of its house, with the invoice it pays.
    expect(await node(complementId, owner)).toMatchObject({
      kind: 'PAYMENT',
      paymentMethod: null,
      total: '0.00',
      paymentAmount: '1800.00',
      installment: 1,
      previousBalance: '1800.00',
      paidInvoice: { databaseId: invoiceId, uuid: invoice.uuid },
    });
    const pdf = await download(`/neighborhoods/${olivosId}/cfdis/${complementId}/pdf`, owner);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a second run of the job for the same payment issues nothing more', async () => {
    await prisma().job.create({ data: { kind: 'cfdis.invoiceReceipt', payload: { receiptId, neighborhoodId: olivosId }, runAt: new Date() } });
    await t.app.jobs.runDue();
    expect(await complementsOf(invoiceId)).toHaveLength(1);
  });

  it('the legacy list answers the complement with its payment fields', async () => {
    const { status, body } = await t.rest('GET', `/neighborhoods/${olivosId}/cfdis?kind=PAYMENT`, undefined, { token: admin });
    expect(status).toBe(200);
    const found = (body.content ?? body).find((x: { id: number }) => x.id === complementId);
    expect(found).toMatchObject({ kind: 'PAYMENT', id_paid_cfdi: invoiceId, installment: 1, payment_amount: '1800.00', previous_balance: '1800.00' });
  });

  it('the invoice is not cancelled while its complement is valid; the complement is regenerated like an invoice', async () => {
    const refused = await cancel(invoiceId);
    expect(refused).toMatchObject({
      __typename: 'ConflictError',
      message: 'La factura tiene complementos de pago vigentes: cancélalos antes de cancelar la factura',
    });
    const regenerated = await cancel(complementId, { motive: '01', regenerate: true });
    expect(regenerated.data).toMatchObject({
      status: 'CANCELLED',
      substitute: { kind: 'PAYMENT', status: 'STAMPED', installment: 1, previousBalance: '1800.00' },
    });
    const substitute = await prisma().cfdi.findUniqueOrThrow({ where: { id: regenerated.data.substitute.databaseId } });
    const old = await prisma().cfdi.findUniqueOrThrow({ where: { id: complementId } });
    expect(substitute.xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${old.uuid}"/>`);
    expect(await validateCfdi(substitute.xml!)).toEqual([]);
    // A complement's links never become the receipt's valid invoice.
    expect(await prisma().cfdiReceipt.findMany({ where: { receiptId, active: true } })).toEqual([expect.objectContaining({ cfdiId: invoiceId })]);

    // SAT's acknowledgement of the cancellation downloads as the PAC gave it.
    expect((await node(complementId)).acknowledgementUrl).toBe(`/api/1.0/neighborhoods/${olivosId}/cfdis/${complementId}/acknowledgement`);
    const acuse = await download(`/neighborhoods/${olivosId}/cfdis/${complementId}/acknowledgement`);
    expect(acuse.status).toBe(200);
    expect(acuse.type).toContain('xml');
    expect(acuse.bytes.toString('utf8')).toContain(old.uuid!);
    const none = await download(`/neighborhoods/${olivosId}/cfdis/${invoiceId}/acknowledgement`);
    expect(none.status).toBe(409);

    // With the substitute cancelled too (motive 02), the invoice can be cancelled.
    expect((await cancel(substitute.id, { motive: '02' })).data.status).toBe('CANCELLED');
    expect((await cancel(invoiceId, { motive: '02' })).data.status).toBe('CANCELLED');
  });
});

describe('undoing the payment of a PPD-invoiced receipt', () => {
  it('waits for the complement to be cancelled; paid again, it gets a new complement; deleting the receipt waits for the invoice', async () => {
    const wallet = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
    const receiptId = await c.newReceipt(ownHouseId, '640.00');
    const invoice = await generate(receiptId);
    expect(invoice.data.cfdi.paymentMethod).toBe('PPD');
    const invoiceId = invoice.data.cfdi.databaseId;

    // A pending receipt with a valid PPD invoice is not deleted.
    expect(await receiptAction('deleteReceipt', receiptId)).toMatchObject({
      __typename: 'ConflictError',
      message: 'El recibo tiene una factura vigente: cancela la factura antes de quitar el pago o eliminar el recibo',
    });

    const adjust = await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: wallet.id, amount: '640.00', reason: 'Depósito para la prueba' } },
      { token: admin },
    );
    expect(adjust.body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
    expect((await receiptAction('payReceiptWithWallet', receiptId, owner)).data.receipt.status).toBe('PAID');
    await t.app.jobs.runDue();
    const [first] = await complementsOf(invoiceId);
    expect(first).toMatchObject({ status: 'STAMPED', paymentForm: '03' });

    expect(await receiptAction('removeReceiptWalletPayment', receiptId)).toMatchObject({
      __typename: 'ConflictError',
      message: 'El pago tiene un complemento de pago vigente: cancela el complemento antes de quitar el pago',
    });
    expect((await cancel(first.id, { motive: '02' })).data.status).toBe('CANCELLED');
    expect((await receiptAction('removeReceiptWalletPayment', receiptId)).data.receipt.status).not.toBe('PAID');
    // The PPD invoice stays valid without the payment.
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id: invoiceId } })).status).toBe('STAMPED');

    expect((await receiptAction('payReceiptWithWallet', receiptId, owner)).data.receipt.status).toBe('PAID');
    await t.app.jobs.runDue();
    const complements = await complementsOf(invoiceId);
    expect(complements.map((x) => [x.status, x.installment])).toEqual([
      ['CANCELLED', 1],
      ['STAMPED', 1],
    ]);
    expect(await validateCfdi(complements[1].xml!)).toEqual([]);
  });
});

describe('what the review of the first version found', () => {
  const wallet = () => prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
  async function fund(amount: string) {
    const { body } = await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: (await wallet()).id, amount, reason: 'Depósito para la prueba' } },
      { token: admin },
    );
    expect(body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
  }

  it('an owner does not cancel a complement; a complement cancelled by mistake is issued again by the administration', async () => {
    const receiptId = await c.newReceipt(ownHouseId, '300.00');
    const invoiceId = (await generate(receiptId)).data.cfdi.databaseId;
    await fund('300.00');
    await receiptAction('payReceiptWithWallet', receiptId, owner);
    await t.app.jobs.runDue();
    const [first] = await complementsOf(invoiceId);
    const { body } = await t.gql(
      `mutation($input: CancelCfdiInput!) { cancelCfdi(input: $input) { __typename ... on Error { message } } }`,
      { input: { cfdiId: gid('Cfdi', first.id), motive: '02' } },
      { token: owner },
    );
    expect(body.data?.cancelCfdi ?? body.errors?.[0]).toMatchObject({ message: 'Solo la administración puede cancelar un complemento de pago' });
    expect((await cancel(first.id, { motive: '02' })).data.status).toBe('CANCELLED');
    const actions = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Receipt { cfdiActions { allowGenerateCfdi } } } }`,
      { id: gid('Receipt', receiptId) },
      { token: admin },
    );
    expect(actions.body.data.node.cfdiActions.allowGenerateCfdi).toBe(true);
    const again = await generate(receiptId);
    expect(again.data.cfdi).toMatchObject({
      kind: 'PAYMENT',
      status: 'STAMPED',
      installment: 1,
      paymentAmount: '300.00',
      paidInvoice: { databaseId: invoiceId },
    });
    // Once it has its complement, nothing more to generate.
    const after = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Receipt { cfdiActions { allowGenerateCfdi } } } }`,
      { id: gid('Receipt', receiptId) },
      { token: admin },
    );
    expect(after.body.data.node.cfdiActions.allowGenerateCfdi).toBe(false);
  });

  it('a PPD invoice that failed and is stamped after its receipt was paid becomes PUE with the payment’s form, and needs no complement', async () => {
    const receiptId = await c.newReceipt(ownHouseId, '410.00');
    await prisma().houseTaxInfo.update({ where: { houseId: ownHouseId }, data: { businessName: 'ERROR PAC' } });
    let invoiceId: number;
    try {
      const failed = await generate(receiptId);
      expect(failed.data.status).toBe('ERROR');
      invoiceId = failed.data.cfdi.databaseId;
    } finally {
      await prisma().houseTaxInfo.update({ where: { houseId: ownHouseId }, data: { businessName: TAX.businessName } });
    }
    await fund('410.00');
    await receiptAction('payReceiptWithWallet', receiptId, owner);
    await t.app.jobs.runDue();
    const { body } = await t.gql(
      `mutation($input: GenerateReceiptCfdiInput!) { generateReceiptCfdi(input: $input) { __typename ... on MutationGenerateReceiptCfdiSuccess { data { status cfdi { paymentMethod paymentForm } } } } }`,
      { input: { cfdiId: gid('Cfdi', invoiceId) } },
      { token: admin },
    );
    expect(body.data.generateReceiptCfdi.data).toEqual({ status: 'STAMPED', cfdi: { paymentMethod: 'PUE', paymentForm: '03' } });
    expect((await prisma().cfdi.findUniqueOrThrow({ where: { id: invoiceId } })).xml).toContain('MetodoPago="PUE"');
    await t.app.jobs.runDue();
    expect(await complementsOf(invoiceId)).toEqual([]);
  });

  it('an agreement is not cancelled while one of its unpaid instalments has a valid PPD invoice', async () => {
    const ordinary = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' }, orderBy: { id: 'asc' } });
    const balance = await prisma().ledgerEntry.aggregate({ where: { houseId: ownHouseId, walletId: ordinary.id }, _sum: { amount: true } });
    const owed = money(balance._sum.amount ?? 0);
    const debt = await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: ordinary.id, amount: owed.negated().minus(600).toFixed(2), reason: 'Adeudo anterior' } },
      { token: admin },
    );
    expect(debt.body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
    const firstDueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const created = await t.gql(
      `mutation($input: CreateAgreementInput!) { createAgreement(input: $input) { __typename ... on MutationCreateAgreementSuccess { data { agreement { databaseId } } } ... on Error { message } } }`,
      { input: { houseId: gid('House', ownHouseId), downPayment: '0', instalments: 2, firstDueDate, frequency: 'MONTHLY' } },
      { token: admin },
    );
    const agreementId = created.body.data.createAgreement.data.agreement.databaseId;
    const instalment = await prisma().receipt.findFirstOrThrow({ where: { agreementId }, orderBy: { id: 'desc' } });
    const invoice = await generate(instalment.id);
    expect(invoice.data.cfdi.paymentMethod).toBe('PPD');
    const { body } = await t.gql(
      `mutation($input: CancelAgreementInput!) { cancelAgreement(input: $input) { __typename ... on Error { message } } }`,
      { input: { agreementId: gid('Agreement', agreementId) } },
      { token: admin },
    );
    expect(body.data.cancelAgreement).toEqual({
      __typename: 'ConflictError',
      message: 'El recibo tiene una factura vigente: cancela la factura antes de quitar el pago o eliminar el recibo',
    });
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: instalment.id } })).deletedAt).toBeNull();
    // With the invoice cancelled, the agreement is.
    expect((await cancel(invoice.data.cfdi.databaseId, { motive: '03' })).data.status).toBe('CANCELLED');
    const retried = await t.gql(
      `mutation($input: CancelAgreementInput!) { cancelAgreement(input: $input) { __typename } }`,
      { input: { agreementId: gid('Agreement', agreementId) } },
      { token: admin },
    );
    expect(retried.body.data.cancelAgreement.__typename).toBe('MutationCancelAgreementSuccess');
  });

  it('a card payment’s complement records what the receipt asked, without the gateway’s fee', async () => {
    const receiptId = await c.newReceipt(ownHouseId, '950.00');
    const invoiceId = (await generate(receiptId)).data.cfdi.databaseId;
    const paid = await c.charge(receiptId, { method: 'CARD', cardToken: await c.token('4111111111111111'), deviceSessionId: 'abc' });
    expect(money(paid.data.charge.total).greaterThan('950.00')).toBe(true);
    await t.app.jobs.runDue();
    const [complement] = await complementsOf(invoiceId);
    expect(complement.xml).toContain('Monto="950.00"');
    expect(complement.xml).toContain('ImpPagado="950.00" ImpSaldoInsoluto="0.00"');
  });
});
