// A workbook written as it is read: each sheet's XML goes straight into a zip stream (zip.ts, level 1)
// while its rows are produced, so a year of movements is never one array nor one buffer. Only what the
// large exports need: text, numbers, money and date columns, bold rows, widths and frozen title rows.
// Repeated text (kinds, wallets, houses, concepts) goes to the shared strings table, up to MAX_SHARED
// distinct values (bounded memory); text past it is written inline. exceljs's streaming writer spends
// most of its time per cell in its style machinery (about 17 µs a row of ten cells); this writes the
// same sheet in a fraction of it (docs/decisions.md).
import { PassThrough, type Readable } from 'node:stream';
import { writeChunk, ZipWriter } from './zip.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  width: number;
  /** Numbers (and decimal text) in this column are money: the workbook's money format. */
  money?: boolean;
  /** YYYY-MM-DD text in this column is a date cell (dd/mm/aaaa). */
  date?: boolean;
  /** Its texts seldom repeat (a folio per row): written in the cell, not kept in the shared strings. */
  unique?: boolean;
}

export type CellValue = string | number | null | undefined;

// Styles (cellXfs): 0 plain, 1 bold, 2 money, 3 bold money, 4 date.
const STYLE = { bold: 1, money: 2, boldMoney: 3, date: 4 } as const;
const MONEY_FMT_ID = 164;
const DATE_FMT_ID = 165;
export const MAX_SHARED = 50_000;
/** Excel's last row. */
const MAX_ROWS = 1_048_576;
const FLUSH_BYTES = 64 * 1024;

// Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/F) are dropped.
const INVALID_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Anything xmlText changes: most texts have none and are written as they are. */
const NEEDS_ESCAPE = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const xmlText = (text: string) => (NEEDS_ESCAPE.test(text) ? text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]) : text);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Excel's serial day (days since 1899-12-30), or null for text that is not a real day (2026-02-30). */
export function serialDay(day: string): number | null {
  if (!DAY.test(day)) return null;
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  // Days from 1970-01-01 (H. Hinnant's days_from_civil), then Excel's offset.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468 + 25_569;
}

const daysInMonth = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** The shared strings of a workbook: index per distinct text, in order of first use. */
class SharedStrings {
  readonly index = new Map<string, number>();
  count = 0;
  /** A known index used once more. */
  again(index: number): number {
    this.count++;
    return index;
  }

  /** The index of `text`, or -1 when the table is full and the text new (written inline). */
  of(text: string): number {
    this.count++;
    const known = this.index.get(text);
    if (known !== undefined) return known;
    if (this.index.size >= MAX_SHARED) return -1;
    this.index.set(text, this.index.size);
    return this.index.size - 1;
  }
}

function textElement(value: string): string {
  const text = xmlText(value);
  return text !== text.trim() ? `<t xml:space="preserve">${text}</t>` : `<t>${text}</t>`;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export class SheetWriter {
  private rowNumber = 0;
  private pending = '';
  private readonly letters: string[];
  /** Each column's last text and its shared index (consecutive rows repeat most values). */
  private readonly lastText: (string | null)[];
  private readonly lastIndex: number[];
  private readonly lastDay: (string | null)[];
  private readonly lastSerial: number[];

  constructor(
    private readonly out: PassThrough,
    private readonly columns: SheetColumn[],
    frozenRows: number,
    /** Wait for the reader between chunks (false: buffer, so a single-connection database is freed sooner). */
    private readonly backpressure: boolean,
    private readonly shared: SharedStrings,
  ) {
    this.letters = columns.map((_, i) => columnName(i));
    this.lastText = columns.map(() => null);
    this.lastIndex = columns.map(() => -1);
    this.lastDay = columns.map(() => null);
    this.lastSerial = columns.map(() => 0);
    const pane = frozenRows
      ? `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozenRows}" topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`
      : '';
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
    this.pending = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${pane}<cols>${cols}</cols><sheetData>`;
  }

  /**
   * One row; cells beyond the columns are ignored, empty ones (null, undefined, '') left out. Answers a promise
   * only when the row filled a chunk and the writer waits for the reader (no promise per row).
   */
  row(values: CellValue[], options: { bold?: boolean } = {}): Promise<void> | undefined {
    // Past Excel's last row the file would not open: it fails instead (the CSV has no such limit).
    if (this.rowNumber >= MAX_ROWS) throw new Error(`La hoja tiene más de ${MAX_ROWS.toLocaleString('es-MX')} filas`);
    const r = ++this.rowNumber;
    const bold = options.bold ? ` s="${STYLE.bold}"` : '';
    const row = String(r);
    let xml = `<row r="${row}">`;
    const n = Math.min(values.length, this.columns.length);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v == null || v === '') continue;
      const ref = this.letters[i] + row;
      const { money, date, unique } = this.columns[i];
      if (typeof v === 'number' || (money && DECIMAL.test(v))) {
        const style = money ? (options.bold ? STYLE.boldMoney : STYLE.money) : options.bold ? STYLE.bold : 0;
        if (typeof v === 'number' && !Number.isFinite(v)) continue;
        xml += `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${v}</v></c>`;
        continue;
      }
      // Consecutive rows repeat most texts: the column's last day keeps its serial, its last text its shared index.
      if (date) {
        const serial = this.lastDay[i] === v ? this.lastSerial[i] : serialDay(v);
        if (serial !== null) {
          this.lastDay[i] = v;
          this.lastSerial[i] = serial;
          xml += `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>`;
          continue;
        }
      }
      const k = this.lastText[i] === v ? this.shared.again(this.lastIndex[i]) : unique ? -1 : this.shared.of(v);
      if (k >= 0) {
        this.lastText[i] = v;
        this.lastIndex[i] = k;
        xml += `<c r="${ref}" t="s"${bold}><v>${k}</v></c>`;
      } else xml += `<c r="${ref}" t="inlineStr"${bold}><is>${textElement(v)}</is></c>`;
    }
    this.pending += `${xml}</row>`;
    return this.pending.length >= FLUSH_BYTES ? this.flush() : undefined;
  }

  private async flush() {
    const chunk = this.pending;
    this.pending = '';
    await writeChunk(this.out, chunk, this.backpressure);
  }

  async end(): Promise<void> {
    this.pending += '</sheetData></worksheet>';
    await this.flush();
    this.out.end();
  }
}

export class StreamingWorkbook {
  private readonly zip = new ZipWriter();
  private readonly sheetNames: string[] = [];
  private readonly shared = new SharedStrings();
  private currentOut: PassThrough | null = null;

  constructor(private readonly options: { moneyFormat: string; creator?: string; backpressure?: boolean }) {
    // The reader went away (or the file failed): the sheet being written stops taking rows.
    this.zip.stream.on('close', () => this.currentOut?.destroy());
    this.zip.stream.on('error', () => this.currentOut?.destroy());
  }

  /** The .xlsx bytes as they are written: read it (pipe it, or collect it) while the sheets are filled. */
  get stream(): Readable {
    return this.zip.stream;
  }

  /** A new sheet; the previous one must have ended. */
  addSheet(name: string, columns: SheetColumn[], options: { frozenRows?: number } = {}): SheetWriter {
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    this.sheetNames.push(name);
    this.zip.append(out, `xl/worksheets/sheet${this.sheetNames.length}.xml`);
    this.currentOut = out;
    return new SheetWriter(out, columns, options.frozenRows ?? 0, this.options.backpressure !== false, this.shared);
  }

  /** Writes the workbook's parts and closes the zip (resolves once the last byte is out). */
  async finish(): Promise<void> {
    const sheets = this.sheetNames;
    const ct = 'application/vnd.openxmlformats-officedocument';
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.spreadsheetml.sheet.main+xml"/>${sheets
        .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${ct}.spreadsheetml.worksheet+xml"/>`)
        .join(
          '',
        )}<Override PartName="/xl/styles.xml" ContentType="${ct}.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.spreadsheetml.sharedStrings+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
      '[Content_Types].xml',
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
      '_rels/.rels',
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${xmlText(this.options.creator ?? '')}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created></cp:coreProperties>`,
      'docProps/core.xml',
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView/></bookViews><sheets>${sheets
        .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
      'xl/workbook.xml',
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId${sheets.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      'xl/_rels/workbook.xml.rels',
    );
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="${MONEY_FMT_ID}" formatCode="${xmlText(this.options.moneyFormat)}"/><numFmt numFmtId="${DATE_FMT_ID}" formatCode="dd/mm/yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="${MONEY_FMT_ID}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="${MONEY_FMT_ID}" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="${DATE_FMT_ID}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
      'xl/styles.xml',
    );
    const strings: string[] = [];
    for (const text of this.shared.index.keys()) strings.push(`<si>${textElement(text)}</si>`);
    this.zip.append(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.shared.count}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
      'xl/sharedStrings.xml',
    );
    await this.zip.finalize();
  }

  /** Stops the file where it is (a failed read): the reader sees the stream fail, never a complete-looking file. */
  abort(error: Error) {
    this.zip.destroy(error);
  }
}
