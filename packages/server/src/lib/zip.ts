import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';

/** One entry of a ZIP's central directory, as declared by the archive. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  /** What the archive claims; never trusted for a limit (see readArchive). */
  uncompressedSize: number;
  /** 0 stored, 8 deflate */
  method: number;
  /** general-purpose flags (bit 0: encrypted) */
  flags: number;
  /** where the entry's local header starts */
  localOffset: number;
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
  const dir = locateDirectory(tail, size);
  return dir ? parseDirectory(await readAt(dir.cdOffset, dir.cdSize), dir.count) : null;
}

function locateDirectory(tail: Buffer, size: number): { count: number; cdSize: number; cdOffset: number } | null {
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
  return { count, cdSize, cdOffset };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Names flagged UTF-8 (bit 11) or valid UTF-8 as such; others (old DOS code pages) byte by byte. */
function entryName(bytes: Buffer, flags: number): string {
  if (flags & 0x800) return bytes.toString('utf8');
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function parseDirectory(cd: Buffer, count: number): ZipEntry[] | null {
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
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const localOffset = cd.readUInt32LE(p + 42);
    const name = entryName(cd.subarray(p + 46, p + 46 + nameLength), flags);
    entries.push({ name, compressedSize, uncompressedSize, method, flags, localOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The central directory of a ZIP in memory, or null when the bytes are not a readable ZIP. */
export function zipDirectory(buf: Uint8Array): ZipEntry[] | null {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < EOCD_MIN) return null;
  const dir = locateDirectory(b.subarray(Math.max(0, b.length - EOCD_MIN - MAX_COMMENT)), b.length);
  return dir ? parseDirectory(b.subarray(dir.cdOffset, dir.cdOffset + dir.cdSize), dir.count) : null;
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

export interface ArchiveLimits {
  /** Most bytes all extracted entries may take, counted while they are inflated. */
  maxBytes: number;
  /** Most entries the archive may list. */
  maxEntries: number;
}

export type ArchiveProblem = 'not-zip' | 'too-large' | 'too-many' | 'unsafe-path' | 'unsupported';

/** Why an archive was refused; callers turn it into their own Chinese answer. */
export class ArchiveError extends Error {
  constructor(
    readonly problem: ArchiveProblem,
    readonly entry?: string,
    readonly detail?: number,
  ) {
    super(`archive refused: ${problem}${entry ? ` (${entry})` : ''}`);
    this.name = 'ArchiveError';
  }
}

const LOCAL_SIGNATURE = 0x04034b50;

function unsafePath(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('/') || /^[A-Za-z]:/.test(n) || n.split('/').some((seg) => seg === '..');
}

/** Directories, macOS resource forks and __MACOSX folders: never content. */
function isJunk(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  const base = n.split('/').pop() ?? '';
  return n.endsWith('/') || /(^|\/)__MACOSX\//.test(n) || base.startsWith('._');
}

/**
 * The real inflated size of a deflate stream, counted chunk by chunk and given up as soon as it
 * passes `limit`: nothing is kept, so a bomb costs neither memory nor more than `limit` of work.
 */
function inflatedSize(data: Uint8Array, name: string, limit: number, limits: ArchiveLimits): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflater.destroy();
        reject(new ArchiveError('too-large', name, limits.maxBytes));
      }
    });
    inflater.on('end', () => resolve(size));
    inflater.on('error', () => reject(new ArchiveError('not-zip', name)));
    inflater.end(data);
  });
}

/** Inflates one entry once its real size is known to fit what is left of the budget. */
async function inflateCounted(data: Uint8Array, name: string, budget: { left: number }, limits: ArchiveLimits): Promise<Uint8Array> {
  const size = await inflatedSize(data, name, budget.left, limits);
  budget.left -= size;
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
  } catch {
    throw new ArchiveError('not-zip', name);
  }
}

/**
 * Extracts the entries of a ZIP in memory whose name `wanted` accepts (directories, __MACOSX
 * and "._" files are skipped), counting the bytes that really come out of the inflater and
 * stopping as soon as they pass `limits.maxBytes`: the sizes an archive declares are never
 * trusted (a "zip bomb" declares a few KB and inflates to GBs). Each entry is inflated twice:
 * first only counted, chunk by chunk, then kept, so a bomb never takes more than a chunk of
 * memory and a refused archive costs at most the cap in work. Entries are found through the
 * central directory, as every Office and GIS reader does. Throws ArchiveError.
 */
export async function readArchive(buf: Uint8Array, limits: ArchiveLimits, wanted: (name: string) => boolean = () => true): Promise<Map<string, Uint8Array>> {
  const entries = zipDirectory(buf);
  if (!entries) throw new ArchiveError('not-zip');
  if (entries.length > limits.maxEntries) throw new ArchiveError('too-many', undefined, limits.maxEntries);
  const view = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const budget = { left: limits.maxBytes };
  const out = new Map<string, Uint8Array>();
  for (const e of entries) {
    if (unsafePath(e.name)) throw new ArchiveError('unsafe-path', e.name);
    if (isJunk(e.name) || !wanted(e.name)) continue;
    if (e.flags & 1 || (e.method !== 0 && e.method !== 8)) throw new ArchiveError('unsupported', e.name, e.method);
    const at = e.localOffset;
    if (at + 30 > view.length || view.readUInt32LE(at) !== LOCAL_SIGNATURE) throw new ArchiveError('not-zip', e.name);
    const start = at + 30 + view.readUInt16LE(at + 26) + view.readUInt16LE(at + 28);
    const end = start + e.compressedSize;
    if (end > view.length) throw new ArchiveError('not-zip', e.name);
    const data = view.subarray(start, end);
    if (e.method === 0) {
      budget.left -= data.length;
      if (budget.left < 0) throw new ArchiveError('too-large', e.name, limits.maxBytes);
      out.set(e.name, new Uint8Array(data));
    } else {
      out.set(e.name, await inflateCounted(data, e.name, budget, limits));
    }
  }
  return out;
}

/**
 * An Office file (.xlsx) rebuilt from its verified entries, stored without compression, for a
 * library that inflates by itself (ExcelJS): it then reads exactly the bytes counted here.
 */
export async function verifiedOfficeFile(buf: Uint8Array, limits: ArchiveLimits): Promise<{ entries: Map<string, Uint8Array>; file: Buffer }> {
  const entries = await readArchive(buf, limits);
  const z: Zippable = {};
  for (const [name, data] of entries) z[name] = [data, { level: 0 }];
  return { entries, file: Buffer.from(zipSync(z)) };
}
