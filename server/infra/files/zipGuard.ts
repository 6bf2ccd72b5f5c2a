// Zip bombs: an XLSX is a zip, and 1 MB of zip can hold gigabytes of XML that a spreadsheet library
// would parse for minutes. Before any parsing, read the zip's central directory, inflate every entry
// with a ceiling on the real output (declared sizes may lie), and count the rows of the worksheets.
// Nothing here builds objects per cell: it is a byte scan, bounded in time and memory.
import { constants, inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** Sum of the real uncompressed sizes of all entries. */
  maxUncompressedBytes: number;
  /** Entries in the archive. */
  maxEntries: number;
  /** <row> elements of any one worksheet (xl/worksheets/*.xml). */
  maxSheetRows: number;
}

export type ZipProblem = { kind: 'invalid' } | { kind: 'tooLarge' } | { kind: 'tooManyRows'; rows: number };

export interface ZipSummary {
  uncompressedBytes: number;
  /** Row elements per worksheet entry name. */
  sheetRows: Record<string, number>;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const ROW = /<(?:\w+:)?row[\s>/]/g;

/** The problem of an XLSX/zip archive under the limits, or its summary. */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits): ZipProblem | ZipSummary {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const invalid = { kind: 'invalid' } as const;
  // End of central directory: the last 22 bytes, or up to 64 KB earlier when the archive has a comment.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return invalid;
  const entries = buf.readUInt16LE(eocd + 10);
  const directorySize = buf.readUInt32LE(eocd + 12);
  let offset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: an archive that needs them is far above any limit here.
  if (entries === 0xffff || offset === 0xffffffff || directorySize === 0xffffffff) return { kind: 'tooLarge' };
  if (entries > limits.maxEntries) return { kind: 'tooLarge' };
  if (offset + directorySize > eocd) return invalid;

  let total = 0;
  const sheetRows: Record<string, number> = {};
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL) return invalid;
    const method = buf.readUInt16LE(offset + 10);
    const compressedSize = buf.readUInt32LE(offset + 20);
    const declaredSize = buf.readUInt32LE(offset + 24);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const localOffset = buf.readUInt32LE(offset + 42);
    const name = buf.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) return { kind: 'tooLarge' };
    if (declaredSize > limits.maxUncompressedBytes - total) return { kind: 'tooLarge' };

    if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOCAL) return invalid;
    const dataStart = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > buf.length) return invalid;
    const data = buf.subarray(dataStart, dataStart + compressedSize);

    // The real size: inflate with a ceiling of what is left of the budget (declared sizes may lie).
    const budget = limits.maxUncompressedBytes - total;
    let content: Buffer;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, budget), finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) return { kind: 'tooLarge' };
        return invalid;
      }
    } else return invalid;
    total += content.length;
    if (total > limits.maxUncompressedBytes) return { kind: 'tooLarge' };

    if (WORKSHEET.test(name)) {
      const rows = content.toString('latin1').match(ROW)?.length ?? 0;
      if (rows > limits.maxSheetRows) return { kind: 'tooManyRows', rows };
      sheetRows[name] = rows;
    }
  }
  return { uncompressedBytes: total, sheetRows };
}

export function isZipProblem(value: ZipProblem | ZipSummary): value is ZipProblem {
  return 'kind' in value;
}
