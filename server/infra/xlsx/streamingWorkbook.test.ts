import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHARED, StreamingWorkbook, serialDay } from './streamingWorkbook.js';

async function collect(workbook: StreamingWorkbook, fill: () => Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  workbook.stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    workbook.stream.on('end', resolve);
    workbook.stream.on('error', reject);
  });
  await fill();
  await workbook.finish();
  await done;
  return Buffer.concat(chunks);
}

describe('serialDay', () => {
  it('is the day count of the calendar for every real day, and null for days that do not exist (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const at = Date.UTC(y, m - 1, d);
        const real = new Date(at).getUTCDate() === d;
        expect(serialDay(text)).toBe(real ? at / 86_400_000 + 25_569 : null);
      }),
      { numRuns: 5000 },
    );
    expect(serialDay('1900-03-01')).toBe(61);
    expect(serialDay('2024-02-29')).toBe(45_351);
    expect(serialDay('2023-02-29')).toBeNull();
    expect(serialDay('2026-1-01')).toBeNull();
  });
});

describe('StreamingWorkbook', () => {
  it('writes text, numbers, money, dates and bold rows that a spreadsheet reads back as written', async () => {
    const workbook = new StreamingWorkbook({ moneyFormat: '#,##0.00;-#,##0.00' });
    const bytes = await collect(workbook, async () => {
      const sheet = workbook.addSheet('Movimientos', [{ width: 12, date: true }, { width: 30 }, { width: 8 }, { width: 14, money: true }], { frozenRows: 1 });
      await sheet.row(['Fecha', 'Descripción', 'N', 'Importe'], { bold: true });
      await sheet.row(['2026-03-04', 'Pago <a> & "b" ñ 😀', 3, '-1234.50']);
      await sheet.row(['2026-02-30', '  espacios  ', null, 99.5]);
      await sheet.row(['no es fecha', 'ctrl\u0000\u0007x', '', '12abc']);
      await sheet.row([null, 'Total', null, '-1135.00'], { bold: true });
      await sheet.end();
      const second = workbook.addSheet('Saldos', [{ width: 10 }]);
      await second.row(['Pago <a> & "b" ñ 😀']);
      await second.end();
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.getWorksheet('Movimientos')!;
    expect(ws.getRow(1).font?.bold ?? ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A2').value).toEqual(new Date('2026-03-04T00:00:00Z'));
    expect(ws.getCell('A2').numFmt).toBe('dd/mm/yyyy');
    expect(ws.getCell('B2').value).toBe('Pago <a> & "b" ñ 😀');
    expect(ws.getCell('C2').value).toBe(3);
    expect(ws.getCell('D2').value).toBe(-1234.5);
    expect(ws.getCell('D2').numFmt).toBe('#,##0.00;-#,##0.00');
    // Not a real day: kept as the text it was.
    expect(ws.getCell('A3').value).toBe('2026-02-30');
    expect(ws.getCell('B3').value).toBe('  espacios  ');
    expect(ws.getCell('C3').value).toBeNull();
    expect(ws.getCell('D3').value).toBe(99.5);
    expect(ws.getCell('A4').value).toBe('no es fecha');
    expect(ws.getCell('B4').value).toBe('ctrlx');
    // Text in a money column that is not a number stays text.
    expect(ws.getCell('D4').value).toBe('12abc');
    expect(ws.getCell('B5').font?.bold).toBe(true);
    expect(ws.getCell('D5').value).toBe(-1135);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(2).width).toBe(30);
    expect(wb.getWorksheet('Saldos')!.getCell('A1').value).toBe('Pago <a> & "b" ñ 😀');
  });

  it('writes text past the shared strings limit inline, and both read back', async () => {
    const workbook = new StreamingWorkbook({ moneyFormat: '0.00' });
    const n = MAX_SHARED + 50;
    const bytes = await collect(workbook, async () => {
      const sheet = workbook.addSheet('Muchos', [{ width: 10 }]);
      for (let i = 0; i < n; i++) await sheet.row([`texto ${i}`]);
      await sheet.end();
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.getWorksheet('Muchos')!;
    expect(ws.rowCount).toBe(n);
    for (const i of [0, MAX_SHARED - 1, MAX_SHARED, n - 1]) expect(ws.getCell(`A${i + 1}`).value).toBe(`texto ${i}`);
  });

  it('stops the producer when the reader goes away (a cancelled download), instead of waiting for it forever', async () => {
    const workbook = new StreamingWorkbook({ moneyFormat: '0.00', backpressure: true });
    const sheet = workbook.addSheet('Hoja', [{ width: 10 }, { width: 40 }]);
    workbook.stream.once('data', () => workbook.stream.destroy());
    let written = 0;
    const stopped = (async () => {
      for (;;) {
        await sheet.row([written, `fila ${written} ${'x'.repeat(80)}`]);
        written++;
        if (written > 5_000_000) throw new Error('never stopped');
      }
    })();
    await expect(stopped).rejects.toThrow('La descarga se interrumpió');
    expect(written).toBeGreaterThan(0);
  });

  it('fails the stream when the producer fails (never a complete-looking file)', async () => {
    const workbook = new StreamingWorkbook({ moneyFormat: '0.00' });
    const sheet = workbook.addSheet('Hoja', [{ width: 10 }]);
    const failed = new Promise<Error>((resolve) => workbook.stream.on('error', resolve));
    workbook.stream.resume();
    await sheet.row(['uno']);
    workbook.abort(new Error('lectura fallida'));
    expect((await failed).message).toBe('lectura fallida');
  });
});
