// The PDFs drawn from plain values and read back with unpdf: figures with formatPesos, dates dd/mm/yyyy,
// Spanish accents through the standard Helvetica, the statement's page breaks and a 5,000-page bulk print.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { dateEs, fileSlug, renderReceiptsPdf, type PrintableReceipt, type ReceiptPdfInfo } from './pdf.js';
import { statementPdf } from '../balances/statementPdf.js';
import type { HouseStatement, StatementRow } from '../balances/statement.js';
import { formatMoney, formatPesos, money, sumMoney } from '../../../../../core/money.js';

const INFO: ReceiptPdfInfo = { communityName: 'Residencial Los Olivos', timeZone: 'America/Mexico_City', today: '2026-11-05' };

function receipt(overrides: Partial<PrintableReceipt> = {}): PrintableReceipt {
  return {
    id: 4821,
    neighborhoodId: 1,
    houseId: 7,
    incomeAccountId: null,
    maintenanceId: 12,
    maintenanceOrdinary: true,
    agreementId: null,
    measuredServiceId: null,
    conceptId: 3,
    conceptDescription: 'Mantenimiento',
    conceptIncreaseBalance: true,
    walletId: 1,
    walletType: 'ORDINARY',
    walletName: 'Ordinario',
    description: 'Mantenimiento noviembre 2026',
    year: 2026,
    month: 11,
    dueDate: '2026-11-10',
    sourceAmount: '1300.00',
    discountAmount: null,
    penaltyAmount: '130.00',
    amount: '1430.00',
    hasDiscount: true,
    discountEndDate: '2026-11-05',
    hasPenalty: true,
    deadlineDate: '2026-11-10',
    penaltyDate: '2026-11-11',
    status: 'PENALTY',
    paymentMethod: null,
    transactionTotal: null,
    paymentDate: null,
    realPaymentDate: null,
    paymentAuthorization: null,
    paymentReference: null,
    accountEnding: null,
    cardType: null,
    externalPayment: null,
    hasNotes: false,
    creditsWallet: false,
    attachmentFileId: null,
    houseInteriorNumber: null,
    houseExteriorNumber: '104',
    houseBlock: '1',
    houseLot: '3',
    houseCatastral: 'OLV-01-03',
    houseStatus: 'ACTIVE',
    ownerName: 'Iñaki Núñez Peña',
    incomeAccount: null,
    ...overrides,
  };
}

async function* batches<T>(...groups: T[][]) {
  for (const g of groups) yield g;
}

async function pages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text as string[];
}

async function pageText(bytes: Buffer, numbers: number[]): Promise<{ total: number; text: Map<number, string> }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const text = new Map<number, string>();
  for (const n of numbers) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text.set(n, content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return { total: pdf.numPages, text };
}

describe('receipt PDF', () => {
  it('prints a pending receipt with its penalty, in Spanish, with pesos and dd/mm/yyyy dates', async () => {
    const file = await renderReceiptsPdf('Recibo 4821', 'recibo-4821.pdf', INFO, batches([receipt()]));
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe('recibo-4821.pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [page, ...rest] = await pages(file.bytes);
    expect(rest).toEqual([]);
    for (const expected of [
      'Residencial Los Olivos',
      'Folio 4821',
      '104',
      'OLV-01-03',
      'Iñaki Núñez Peña',
      'Mantenimiento noviembre 2026',
      'Noviembre 2026',
      'Fecha límite de pago',
      '10/11/2026',
      '$1,300.00',
      '$130.00',
      'Total a pagar',
      '$1,430.00',
      'Con multa',
      'Generado el 05/11/2026',
    ]) {
      expect(page).toContain(expected);
    }
    expect(page).not.toContain('Datos del pago');
  });

  it('prints the payment data of a paid receipt: method, amount, dates, account and authorization', async () => {
    const paid = receipt({
      status: 'PAID',
      description: 'Cuota extraordinaria: señalización y jardinería',
      conceptDescription: 'Cuota extraordinaria',
      discountAmount: '65.00',
      penaltyAmount: null,
      amount: '1235.00',
      transactionTotal: '1235.00',
      paymentMethod: 'MANUAL',
      paymentDate: new Date('2026-11-04T23:30:00Z'),
      realPaymentDate: '2026-11-03',
      paymentAuthorization: 'SPEI-778812',
      incomeAccount: 'Cuenta BBVA (terminación 1234)',
    });
    const [page] = await pages((await renderReceiptsPdf('Recibo', 'r.pdf', INFO, batches([paid]))).bytes);
    for (const expected of [
      'Cuota extraordinaria: señalización y jardinería',
      '-$65.00',
      'Total',
      '$1,235.00',
      'Pagado',
      'Datos del pago',
      'Pago registrado',
      'Monto pagado',
      // 23:30 UTC on the 4th is still the 4th in Mexico City.
      '04/11/2026',
      '03/11/2026',
      'Cuenta BBVA (terminación 1234)',
      'SPEI-778812',
    ]) {
      expect(page).toContain(expected);
    }
    expect(page).not.toContain('Total a pagar');
  });

  it('prints one receipt per page across batches, 5,000 of them, in the order given', async () => {
    const all = Array.from({ length: 5000 }, (_, i) =>
      receipt({ id: 10_000 + i, houseExteriorNumber: String(100 + i), amount: formatMoney(900 + (i % 7)), status: 'NEW', penaltyAmount: null }),
    );
    const groups = Array.from({ length: 10 }, (_, b) => all.slice(b * 500, b * 500 + 500));
    const started = Date.now();
    const file = await renderReceiptsPdf('Recibos', 'recibos.pdf', INFO, batches(...groups));
    const elapsed = Date.now() - started;
    const { total, text } = await pageText(file.bytes, [1, 2, 2500, 5000]);
    expect(total).toBe(5000);
    expect(text.get(1)).toContain('Folio 10000');
    expect(text.get(2)).toContain('Folio 10001');
    expect(text.get(2500)).toContain('Folio 12499');
    expect(text.get(2500)).toContain(formatPesos(formatMoney(900 + (2499 % 7))));
    expect(text.get(5000)).toContain('Folio 14999');
    expect(text.get(5000)).toContain('5099');
    // Standard fonts are not embedded: a page costs a few hundred bytes.
    expect(file.bytes.length).toBeLessThan(5000 * 1200);
    expect(elapsed).toBeLessThan(60_000);
  }, 120_000);

  it('says so when there is nothing to print', async () => {
    const [page] = await pages(
      (await renderReceiptsPdf('Recibos de Mantenimiento enero 2031', 'x.pdf', INFO, batches([]), 'el mantenimiento no tiene recibos')).bytes,
    );
    expect(page).toContain('Recibos de Mantenimiento enero 2031: el mantenimiento no tiene recibos');
  });
});

describe('statement PDF', () => {
  const rows: StatementRow[] = Array.from({ length: 260 }, (_, i) => {
    const day = `2026-${String(1 + Math.floor(i / 25)).padStart(2, '0')}-${String(1 + (i % 25)).padStart(2, '0')}`;
    if (i % 3 === 0) return { date: day, kind: 'CHARGE', description: `Mantenimiento núm. ${i}`, amount: '-950.00', receiptId: i + 1 };
    if (i % 3 === 1) return { date: day, kind: 'PAYMENT', description: `Pago de Mantenimiento núm. ${i - 1} (transferencia)`, amount: '902.50', receiptId: i };
    return {
      date: day,
      kind: 'ADJUSTMENT',
      description: `Ajuste de saldo: bonificación acordada con la administración por la reparación de la banqueta frente a la casa, movimiento ${i}`,
      amount: i % 2 ? '-15.25' : '47.50',
      receiptId: null,
    };
  });
  const total = (kind: string) => sumMoney(rows.filter((r) => r.kind === kind).map((r) => r.amount));
  const statement: HouseStatement = {
    houseId: 7,
    houseLabel: 'M1B3',
    communityName: 'Residencial Los Olivos',
    ownerName: 'María José Muñoz',
    from: '2026-01-01',
    to: '2026-12-31',
    opening: '-1250.00',
    charges: formatMoney(total('CHARGE')),
    payments: formatMoney(total('PAYMENT')),
    adjustments: formatMoney(total('ADJUSTMENT')),
    closing: formatMoney(money('-1250.00').plus(total('CHARGE')).plus(total('PAYMENT')).plus(total('ADJUSTMENT'))),
    rows,
  };

  it('prints the figures, then every row as cargo or abono, on numbered pages', async () => {
    const file = await statementPdf(statement, '2026-11-05');
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe('estado-de-cuenta-m1b3-2026-01-01-2026-12-31.pdf');
    const text = await pages(file.bytes);
    expect(text.length).toBeGreaterThan(3);
    const first = text[0];
    for (const expected of [
      'Residencial Los Olivos',
      'Estado de cuenta',
      'Propiedad: M1B3',
      'Propietario: María José Muñoz',
      'Periodo: del 01/01/2026 al 31/12/2026',
      'Saldo inicial',
      '-$1,250.00',
      'Cargos',
      formatPesos(statement.charges),
      'Pagos',
      formatPesos(statement.payments),
      'Ajustes',
      formatPesos(statement.adjustments),
      'Saldo final',
      formatPesos(statement.closing),
      'Fecha',
      'Descripción',
      'Cargo',
      'Abono',
      '01/01/2026',
      'Mantenimiento núm. 0',
      '$950.00',
    ]) {
      expect(first).toContain(expected);
    }
    text.forEach((page, i) => {
      expect(page).toContain(`Página ${i + 1} de ${text.length}`);
      expect(page).toContain('Generado el 05/11/2026');
      if (i > 0) expect(page).toContain('(continuación)');
    });
    // Nothing lost at the page breaks: every row appears once, and charges print without their sign.
    const all = text.join('\n');
    const count = (pattern: RegExp) => all.match(pattern)?.length ?? 0;
    expect(count(/(?<!Pago de )Mantenimiento núm\. \d+/g)).toBe(rows.filter((r) => r.kind === 'CHARGE').length);
    expect(count(/Pago de Mantenimiento núm\. \d+/g)).toBe(rows.filter((r) => r.kind === 'PAYMENT').length);
    expect(count(/movimiento\s+\d+/g)).toBe(rows.filter((r) => r.kind === 'ADJUSTMENT').length);
    expect(all).not.toContain('-$950.00');
    expect(all).toContain('$902.50');
    expect(all).toContain('$15.25');
  });

  it('prints a period without movements', async () => {
    const [page] = await pages(
      (
        await statementPdf(
          { ...statement, rows: [], charges: '0.00', payments: '0.00', adjustments: '0.00', closing: '-1250.00', ownerName: null },
          '2026-11-05',
        )
      ).bytes,
    );
    expect(page).toContain('Propietario: Sin propietario');
    expect(page).toContain('No hay movimientos en el periodo.');
    expect(page).toContain('Página 1 de 1');
  });
});

describe('helpers', () => {
  it('formats dates and file names', () => {
    expect(dateEs('2026-02-09')).toBe('09/02/2026');
    expect(dateEs(null)).toBe('');
    expect(fileSlug('Cuota extraordinaria: Señalización 2026')).toBe('cuota-extraordinaria-senalizacion-2026');
    expect(fileSlug('¿¡!?')).toBe('archivo');
  });
});
