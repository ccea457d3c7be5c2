import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { sql, type SqlBool } from 'kysely';
import { ENTITIES } from '@land/shared/entities/index';
import { PANORAMA_KINDS } from '@land/shared/images';
import type { AnyDb } from '../entities/repository';
import { AppError, validationError } from '../lib/errors';
import { newId } from '../lib/ids';
import { cleanFileName, fileTooLarge, uploadError } from '../lib/upload';
import { zipEntriesOfFile } from '../lib/zip';
import { isSqlite } from '../db/ddl/tiles';
import { auditRequestEvent } from './audit';
import type { FileStore } from './storage';
import { pictureSize, removeThumbnails } from './thumbnails';

/** Folders a staff upload may go to (the `dir` field). */
export const UPLOAD_DIRS = ['images', 'files', 'videos', 'panorama'] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];
/** Visitor uploads are kept apart from staff material. */
export const VISITOR_DIR = 'visitor';

export type FileKind = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'docx' | 'xlsx' | 'zip' | 'mp4';

/** Extension as sent → the kind it claims; the stored file gets the kind as its extension. */
const EXTENSION_KINDS: Record<string, FileKind> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  zip: 'zip', // also shapefile bundles (.shp/.dbf/.shx/.prj zipped)
  mp4: 'mp4',
};

const IMAGE_KINDS: FileKind[] = ['jpg', 'png', 'gif', 'webp'];
const ALL_KINDS = Object.values(EXTENSION_KINDS).filter((k, i, a) => a.indexOf(k) === i);

/** What each staff folder takes: pictures stay pictures, so a page showing them never gets a PDF. */
export const STAFF_KINDS: Record<UploadDir, FileKind[]> = {
  images: IMAGE_KINDS,
  panorama: [...PANORAMA_KINDS],
  videos: ['mp4'],
  files: ALL_KINDS,
};

export const VISITOR_KINDS: FileKind[] = [...IMAGE_KINDS, 'pdf'];

/** How far a panorama's width : height may be from 2 : 1 (rounding by cameras and stitchers). */
export const PANORAMA_RATIO_TOLERANCE = 0.02;

/**
 * A panorama is shown as an equirectangular sphere: a picture that is not 2:1 looks stretched and
 * torn in the viewer, so it is refused with its size rather than stored.
 */
async function checkPanorama(file: string): Promise<void> {
  const size = await pictureSize(file);
  if (!size) throw validationError('file', '图片无法读取，请确认文件完整后重新上传');
  const ratio = size.width / size.height;
  if (Math.abs(ratio / 2 - 1) <= PANORAMA_RATIO_TOLERANCE) return;
  throw validationError(
    'file',
    `全景图须为宽高比 2:1 的等距柱状投影全景图（宽为高的 2 倍，如 4096×2048 像素），此图为 ${size.width}×${size.height} 像素（约 ${ratio.toFixed(2)}:1）`,
  );
}

/** Checks of a folder beyond the file's kind, made on the whole file before it is stored. */
const FOLDER_CHECKS: Partial<Record<string, (file: string) => Promise<void>>> = {
  panorama: checkPanorama,
};

/** Stored under /virtualPath: folder, month, time-ordered id and a known extension. Nothing else. */
const STORED_RE = new RegExp(
  `^/(${[...UPLOAD_DIRS, VISITOR_DIR].join('|')})/(\\d{6})/([0-9a-z]{26}\\.(?:${ALL_KINDS.join('|')}))$`,
);
export const VIRTUAL_PREFIX = '/virtualPath';

export function isStoredPath(pathName: string): boolean {
  return STORED_RE.test(pathName);
}

function startsWith(buf: Buffer, bytes: number[], at = 0): boolean {
  return buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The format the first bytes announce, whatever the name says. */
export function sniff(head: Buffer): 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'mp4' | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  return null;
}

/** Whether the stored bytes are what the extension claims; Office files are ZIPs with known parts. */
async function contentMatches(kind: FileKind, file: string, head: Buffer): Promise<boolean> {
  const found = sniff(head);
  if (kind === 'docx' || kind === 'xlsx' || kind === 'zip') {
    if (found !== 'zip') return false;
    const entries = await zipEntriesOfFile(file);
    if (!entries) return false;
    if (kind === 'docx') return entries.some((e) => e.name === 'word/document.xml');
    if (kind === 'xlsx') return entries.some((e) => e.name === 'xl/workbook.xml');
    return true;
  }
  return found === kind;
}

/** Month folder in China time, so uploads made just after midnight on the 1st land in the new month. */
function monthFolder(now = new Date()): string {
  const cst = new Date(now.getTime() + 8 * 3600_000);
  return `${cst.getUTCFullYear()}${String(cst.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface StoredFile {
  id: string;
  name: string;
  url: string;
}

export function unsupportedType(): AppError {
  return validationError('file', '不支持的文件类型');
}

/**
 * Streams an upload into the store: checked against the allowed kinds by extension, by size
 * while it arrives, then by its first bytes (and a panorama by its width and height). Written to a temporary file first (a dot-name in
 * the folder store) and stored only once checked, so a half-written or refused file is never
 * served.
 */
export async function storeUpload(
  store: FileStore,
  part: MultipartFile,
  options: { dir: string; kinds: FileKind[]; maxBytes: number },
): Promise<StoredFile> {
  const name = cleanFileName(part.filename);
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const kind = Object.hasOwn(EXTENSION_KINDS, ext) ? EXTENSION_KINDS[ext] : undefined;
  if (!kind || !options.kinds.includes(kind)) {
    part.file.resume();
    throw unsupportedType();
  }
  const month = monthFolder();
  const id = newId();
  const key = `${options.dir}/${month}/${id}.${kind}`;
  const tmp = await store.tempPath(key);
  try {
    try {
      await pipeline(part.file, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o644 }));
    } catch (err) {
      throw uploadError(err, options.maxBytes);
    }
    if (part.file.truncated) throw fileTooLarge(options.maxBytes);
    const handle = await fsp.open(tmp, 'r');
    const head = Buffer.alloc(16);
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(head, 0, head.length, 0));
    } finally {
      await handle.close();
    }
    if (bytesRead === 0) throw validationError('file', '文件内容为空');
    if (!(await contentMatches(kind, tmp, head.subarray(0, bytesRead)))) throw unsupportedType();
    await FOLDER_CHECKS[options.dir]?.(tmp);
    await store.putFile(key, tmp);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  const stored = { id, name, url: `${VIRTUAL_PREFIX}/${key}` };
  await auditRequestEvent({ action: 'upload', entity: 'file', recordId: id, summary: `上传“${name}”`, after: stored });
  return stored;
}

/**
 * Deletes a stored file, and its thumbnails if it is a picture, given its url from /virtualPath on. Only the exact shape the store
 * produces is accepted, so '../', absolute paths and encoded forms never reach the store (the
 * folder store also checks that the file is inside it and not a link).
 */
export async function deleteUpload(store: FileStore, filepath: string, inUse?: (key: string) => Promise<boolean>): Promise<boolean> {
  const bad = () => validationError('filepath', '文件路径不正确');
  const rel = filepath.startsWith(`${VIRTUAL_PREFIX}/`) ? filepath.slice(VIRTUAL_PREFIX.length) : filepath.startsWith('virtualPath/') ? filepath.slice('virtualPath'.length) : null;
  const m = rel === null ? null : STORED_RE.exec(rel);
  if (!m) throw bad();
  const key = `${m[1]}/${m[2]}/${m[3]}`;
  // A file a saved record still names stays: a form took it out of its value, and only saving
  // the record says the clerk meant it (a change given up must find its pictures as they were).
  if (inUse && (await inUse(key))) return false;
  await store.remove(key);
  await removeThumbnails(store, key);
  await auditRequestEvent({ action: 'deleteFile', entity: 'file', recordId: m[3], summary: `删除文件 ${filepath.slice(0, 200)}`, before: { url: filepath } });
  return true;
}

/** Rows of one table an in-use check reads per statement on SQLite (see uploadInUse). */
export const IN_USE_SCAN_ROWS = 20_000;

/**
 * Whether a stored record still names an upload (its key, e.g. images/2026-12/<id>.jpg): a files,
 * images or rich-text field of any entity, a setting (轮播图片…), or a record in the recycle bin.
 * Nothing indexes text inside those columns, so each table is read through. SQLite answers on
 * the server's only thread: a table is read in ranges of `scanRows` rows, and other requests
 * are served between two ranges (one statement over a million parcels held every visitor for
 * the better part of a second). PostgreSQL reads each table in one statement, off this thread.
 */
export async function uploadInUse(db: AnyDb, key: string, scanRows = IN_USE_SCAN_ROWS): Promise<boolean> {
  const pattern = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const sqlite = isSqlite(db);
  const named = async (table: string, columns: string[]): Promise<boolean> => {
    const names = sql<SqlBool>`(${sql.join(columns.map((c) => sql`cast(${sql.ref(c)} as text) like ${pattern} escape '\\'`), sql` or `)})`;
    const first = (range?: [number, number]) =>
      db
        .selectFrom(table as 't_setting')
        .select(sql<number>`1`.as('one'))
        .where(names)
        .$if(range !== undefined, (q) => q.where(sql<SqlBool>`rowid > ${range![0]} and rowid <= ${range![1]}`))
        .limit(1)
        .executeTakeFirst();
    if (!sqlite) return (await first()) !== undefined;
    const last = Number((await sql<{ last: number | null }>`select max(rowid) as last from ${sql.table(table)}`.execute(db)).rows[0]?.last ?? 0);
    for (let from = 0; from < last; from += scanRows) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      if ((await first([from, from + scanRows])) !== undefined) return true;
    }
    return false;
  };
  for (const def of ENTITIES) {
    const columns = def.fields.filter((f) => f.type === 'files' || f.type === 'images' || f.type === 'richText').map((f) => f.name);
    if (columns.length > 0 && (await named(def.table, columns))) return true;
  }
  return (await named('t_setting', ['value'])) || (await named('t_recycle_bin', ['payload']));
}
