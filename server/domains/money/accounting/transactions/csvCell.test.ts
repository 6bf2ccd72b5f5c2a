import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from './export.js';

/** The rule written out in full: guard formulas, then quote what needs quotes. */
function quoted(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

describe('csvCell', () => {
  it('guards formulas and quotes separators, quotes and line breaks; plain numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+52 55 1234')).toBe("'+52 55 1234");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-12,50')).toBe(`"'-12,50"`);
    expect(csvCell('Casa 4; calle 2')).toBe('"Casa 4; calle 2"');
    expect(csvCell('línea\nnueva')).toBe('"línea\nnueva"');
    expect(csvCell('Cuota ordinaria')).toBe('Cuota ordinaria');
  });

  it('answers what the full rule answers for any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ñ', '1', '.', '-', '=', '+', '@', '\t', '\r', '\n', '"', ',', ';', ' ') }), (text) => {
        expect(csvCell(text)).toBe(quoted(text));
      }),
      { numRuns: 5000 },
    );
  });
});
