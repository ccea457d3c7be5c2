/** Zip bombs for the denial-of-service tests: archives whose headers lie about their sizes. */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const MB = 1024 * 1024;

/**
 * A raw deflate stream of `mb` MB of zeros in about `mb` KB: one sync-flushed block of 1 MB
 * (it ends byte-aligned and not final) repeated, then an empty final block.
 */
export function zeroDeflate(mb: number): Buffer {
  const segment = zlib.deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mb }, () => segment), Buffer.from([0x03, 0x00])]);
}

/** Bytes a raw deflate stream inflates to, counted chunk by chunk (nothing kept). */
export async function inflatedBytes(stream: Buffer): Promise<number> {
  let n = 0;
  for await (const chunk of Readable.from([stream]).pipe(zlib.createInflateRaw())) n += (chunk as Buffer).length;
  return n;
}

export interface Entry {
  name: string;
  /** stored bytes, or a raw deflate stream with `declared` as its claimed size */
  data: Buffer;
  deflated?: boolean;
  declared?: number;
}

/** A zip whose local and central headers say what `declared` says, whatever the data inflate to. */
export function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declared ?? e.data.length;
    const crc = e.deflated ? 0 : zlib.crc32(e.data);
    // The fields both headers share, from "version needed" on; the central one has them 2 bytes later.
    const common = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(0x800, at + 2);
      b.writeUInt16LE(e.deflated ? 8 : 0, at + 4);
      b.writeUInt32LE(crc, at + 10);
      b.writeUInt32LE(e.data.length, at + 14);
      b.writeUInt32LE(size, at + 18);
      b.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    common(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

