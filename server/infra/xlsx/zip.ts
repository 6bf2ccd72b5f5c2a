// A zip written as its entries are read: each one deflated (level 1) and checksummed by node:zlib as it
// streams, its sizes and CRC in a data descriptor after it, the central directory at the end. Only what a
// workbook needs: a few entries, in order, under 4 GiB. archiver checksummed in JavaScript, a fifth of a
// large export's time; node's crc32 is native (docs/decisions.md, "Own zip stream").
import { PassThrough, type Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** DOS time and date of `at` (local fields, 2-second precision), as zip headers hold them. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

export class ZipWriter {
  /** The zip's bytes as they are written. */
  readonly stream = new PassThrough({ highWaterMark: 256 * 1024 });
  private readonly entries: Entry[] = [];
  private readonly stamp = dosTime(new Date());
  private offset = 0;
  private queue: Promise<void> = Promise.resolve();

  /** Adds an entry once the previous ones are written; its data is read to the end. */
  append(source: Readable | string, name: string): void {
    this.queue = this.queue.then(() => this.entry(typeof source === 'string' ? [Buffer.from(source)] : source, name));
    // A failure is the stream's: the next append and finalize see it through the queue.
    this.queue.catch((error) => this.destroy(error));
  }

  /** Writes the central directory once every entry is out, and ends the stream. */
  async finalize(): Promise<void> {
    await this.queue;
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(e.crc, 16);
      header.writeUInt32LE(e.compressed, 20);
      header.writeUInt32LE(e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([header, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.stream.end();
  }

  destroy(error?: Error): void {
    if (!this.stream.destroyed) this.stream.destroy(error);
  }

  private async entry(source: Iterable<Buffer> | Readable, fileName: string): Promise<void> {
    const name = Buffer.from(fileName);
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(name.length, 26);
    await this.write(Buffer.concat([header, name]));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const checksum = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        crc = crc32(bytes, crc);
        size += bytes.length;
        done(null, bytes);
      },
    });
    await pipeline(source, checksum, createDeflateRaw({ level: 1 }), async (deflated: AsyncIterable<Buffer>) => {
      for await (const chunk of deflated) {
        compressed += chunk.length;
        await this.write(chunk);
      }
    });
    if (size >= 2 ** 32 || this.offset >= 2 ** 32) throw new Error('El archivo pasa de 4 GiB');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name, offset, crc, compressed, size });
  }

  private write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    return writeChunk(this.stream, bytes, true);
  }
}

/**
 * Writes `chunk`; with backpressure, waits until the reader wants more. Throws once the reader has gone (a
 * closed download), so the producer stops and its database transaction ends.
 */
export async function writeChunk(out: Writable, chunk: string | Buffer, backpressure: boolean): Promise<void> {
  if (out.destroyed) throw new Error('La descarga se interrumpió');
  if (out.write(chunk) || !backpressure) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (gone: boolean) => () => {
      out.off('drain', drained);
      out.off('close', closed);
      if (gone) reject(new Error('La descarga se interrumpió'));
      else resolve();
    };
    const drained = settle(false);
    const closed = settle(true);
    out.on('drain', drained);
    out.on('close', closed);
  });
}
