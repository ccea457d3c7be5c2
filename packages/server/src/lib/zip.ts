import fs from 'node:fs/promises';

/** One entry of a ZIP's central directory, as declared by the archive. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
/** More entries than any workbook or shapefile bundle has; beyond it the archive is refused. */
const MAX_ENTRIES = 20_000;

/** Reads `length` bytes at `offset`; lets the same parser work on a buffer and on a file. */
type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/**
 * Lists a ZIP's entries from its central directory without inflating anything, or returns null
 * when the bytes are not a readable ZIP. Office files (.xlsx, .docx) and shapefile bundles are
 * ZIPs: this tells them apart, and the declared sizes let a caller refuse a "zip bomb" before
 * a library inflates it in memory. ZIP64 archives are treated as unreadable: nothing we accept
 * comes near 4 GB.
 */
async function readEntries(size: number, readAt: ReadAt): Promise<ZipEntry[] | null> {
  if (size < EOCD_MIN) return null;
  const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT);
  const tail = await readAt(size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || count > MAX_ENTRIES) return null;
  if (cdOffset + cdSize > size) return null;
  const cd = await readAt(cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null;
    const compressedSize = cd.readUInt32LE(p + 20);
    const uncompressedSize = cd.readUInt32LE(p + 24);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    if (p + 46 + nameLength > cd.length) return null;
    const name = cd.toString('utf8', p + 46, p + 46 + nameLength);
    entries.push({ name, compressedSize, uncompressedSize });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function zipEntriesOfBuffer(buf: Buffer): Promise<ZipEntry[] | null> {
  return readEntries(buf.length, async (offset, length) => buf.subarray(offset, offset + length));
}

export async function zipEntriesOfFile(file: string): Promise<ZipEntry[] | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await readEntries(size, async (offset, length) => {
      const out = Buffer.alloc(length);
      const { bytesRead } = await handle.read(out, 0, length, offset);
      return out.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

export function totalUncompressed(entries: ZipEntry[]): number {
  return entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
}
