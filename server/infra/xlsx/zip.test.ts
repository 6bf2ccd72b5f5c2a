import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZipWriter } from './zip.js';

async function collect(zip: ZipWriter, fill: () => Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  zip.stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    zip.stream.on('end', resolve);
    zip.stream.on('error', reject);
  });
  await fill();
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The entries as the central directory lists them, each checked against its local header and data descriptor. */
function readZip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.length - 22;
  expect(bytes.readUInt32LE(end)).toBe(0x06054b50);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  expect(at + bytes.readUInt32LE(end + 12)).toBe(end);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const [crc, compressed, size, nameLength, offset] = [
      bytes.readUInt32LE(at + 16),
      bytes.readUInt32LE(at + 20),
      bytes.readUInt32LE(at + 24),
      bytes.readUInt16LE(at + 28),
      bytes.readUInt32LE(at + 42),
    ];
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength;
    expect(bytes.readUInt32LE(offset)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(offset + 8)).toBe(8);
    const local = offset + 30 + bytes.readUInt16LE(offset + 26);
    expect(bytes.subarray(offset + 30, local).toString('utf8')).toBe(name);
    const data = inflateRawSync(bytes.subarray(local, local + compressed));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    const descriptor = local + compressed;
    expect([0, 4, 8, 12].map((d) => bytes.readUInt32LE(descriptor + d))).toEqual([0x08074b50, crc, compressed, size]);
    entries.set(name, data);
  }
  return entries;
}

describe('ZipWriter', () => {
  it('writes every entry, streamed or text, as a zip whose sizes, checksums and names read back (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.string({ minLength: 1, maxLength: 30 }),
            chunks: fc.array(fc.uint8Array({ maxLength: 5000 }), { maxLength: 6 }),
            text: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        async (files) => {
          const named = files.map((f, i) => ({ ...f, name: `${i}/${f.name}` }));
          const zip = new ZipWriter();
          const bytes = await collect(zip, async () => {
            for (const f of named) {
              const data = Buffer.concat(f.chunks);
              if (f.text) zip.append(data.toString('latin1'), f.name);
              else {
                const source = new PassThrough();
                zip.append(source, f.name);
                for (const c of f.chunks) source.write(Buffer.from(c));
                source.end();
              }
            }
          });
          const read = readZip(bytes);
          expect([...read.keys()]).toEqual(named.map((f) => f.name));
          for (const f of named) {
            const data = Buffer.concat(f.chunks);
            expect(read.get(f.name)).toEqual(f.text ? Buffer.from(data.toString('latin1')) : data);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is a zip that unzip tests clean, with a large entry that crosses many chunks', async () => {
    const zip = new ZipWriter();
    const rows = Array.from({ length: 40_000 }, (_, i) => `<row r="${i}"><c><v>${(i * 7919) % 100_003}</v></c></row>`).join('');
    const bytes = await collect(zip, async () => {
      const sheet = new PassThrough();
      zip.append(sheet, 'xl/worksheets/sheet1.xml');
      for (let i = 0; i < rows.length; i += 65_536) sheet.write(rows.slice(i, i + 65_536));
      sheet.end();
      zip.append('<?xml version="1.0"?><sst/>', 'xl/sharedStrings.xml');
    });
    expect(readZip(bytes).get('xl/worksheets/sheet1.xml')?.toString('utf8')).toBe(rows);
    const file = join(mkdtempSync(join(tmpdir(), 'zip-')), 'book.zip');
    writeFileSync(file, bytes);
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
  });
});
