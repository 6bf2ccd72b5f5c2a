// rememberTexts (pdf.ts): a document whose fonts remember their texts' encodings and widths writes the same
// bytes as one that measures every text again.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { rememberTexts } from './pdf.js';

function render(remember: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { CreationDate: new Date('2026-01-01T00:00:00Z') } });
  if (remember) rememberTexts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const texts = ['05/06/2002', 'Transferencia bancaria', 'Cuenta ·1234', '$1,500.00', 'Mantenimiento junio 2002', 'AVé ñandú', 'WAVE To'];
  let y = 50;
  for (let i = 0; i < 400; i++) {
    if (y > 720) {
      doc.addPage();
      y = 50;
    }
    doc.font(i % 3 === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(i % 2 ? 8 : 9);
    const text = `${texts[i % texts.length]}${i % 5 === 0 ? ` ${i}` : ''}`;
    doc.text(text, 300 - doc.widthOfString(text), y, { lineBreak: false });
    doc.text(texts[(i + 3) % texts.length], 320, y, { width: 200, align: i % 4 ? 'left' : 'right', lineBreak: false });
    y += 11;
  }
  doc.fontSize(10).text(texts.join(' '), 50, y, { width: 300, align: 'justify' });
  doc.end();
  return done;
}

describe('rememberTexts', () => {
  it('writes the same PDF as measuring every text again', async () => {
    const [plain, remembered] = await Promise.all([render(false), render(true)]);
    expect(remembered.length).toBeGreaterThan(10_000);
    expect(remembered.equals(plain)).toBe(true);
  });
});
