/**
 * WebP thumbnails of uploaded pictures (issue 14, pictures for phones): made with sharp on first
 * request at one of THUMBNAIL_WIDTHS (@land/shared/images), kept in the file store (folder or
 * bucket, services/storage.ts) beside the pictures under `_w<width>/<key>.webp`, and served like
 * the pictures (a year of caching, nosniff). Bounded work: only stored pictures, only the listed
 * widths, at most THUMBNAIL_JOBS made at once (the same thumbnail asked for twice is made once),
 * and a picture of more than MAX_INPUT_PIXELS is refused before it is decoded, so a small file
 * that claims huge dimensions (a decompression bomb) cannot exhaust memory.
 *
 * Deleting a picture (deleteUpload) deletes its thumbnails; backup and restore carry them like
 * every stored file (they can also be deleted at any time: the next request makes them again).
 */
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import { THUMBNAIL_SEGMENT, THUMBNAIL_WIDTHS, type ThumbnailWidth } from '@land/shared/images';
import { AppError, validationError } from '../lib/errors';
import type { FileStore } from './storage';

/** Pictures with more pixels than this (e.g. 10,000 × 8,000) get no thumbnail. */
export const MAX_INPUT_PIXELS = 80_000_000;
/** Thumbnails made at the same time; further requests wait their turn. */
const THUMBNAIL_JOBS = 2;
const WEBP_QUALITY = 78;

/** Formats a thumbnail is made of (the stored picture kinds). */
const PICTURE_KEY = /\.(?:jpg|png|gif|webp)$/;

/** sharp (libvips) is loaded with the first thumbnail, not at start-up. */
let sharpModule: Promise<typeof import('sharp')> | undefined;
function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((m) => {
    // Decoded pictures are not kept in memory between requests (the thumbnails are stored instead).
    m.default.cache(false);
    return m;
  });
  return sharpModule;
}

export function isPictureKey(key: string): boolean {
  return PICTURE_KEY.test(key);
}

/** Where the thumbnail of stored picture `key` at `width` lives in the store. */
export function thumbnailKey(key: string, width: ThumbnailWidth): string {
  return `${THUMBNAIL_SEGMENT}${width}/${key}.webp`;
}

export interface Thumbnail {
  body: Buffer;
  etag: string;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

let running = 0;
const waiting: (() => void)[] = [];
const inFlight = new Map<string, Promise<Buffer | null>>();

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= THUMBNAIL_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * A picture's width and height as it is shown (EXIF orientations 5–8 turn it a quarter), read
 * from its header without decoding it; null when sharp cannot read it.
 */
export async function pictureSize(file: string): Promise<{ width: number; height: number } | null> {
  const { default: sharp } = await loadSharp();
  try {
    const { width, height, orientation } = await sharp(file).metadata();
    if (!width || !height) return null;
    return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

/** Resizes a picture to WebP at most `width` wide; refused (A0400) when too large or unreadable. */
export async function makeThumbnail(input: Buffer, width: number): Promise<Buffer> {
  const { default: sharp } = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw validationError('file', '图片像素过多，无法生成缩略图');
    throw validationError('file', '图片无法读取，无法生成缩略图');
  }
}

/** Makes the thumbnail from the stored picture and stores it; null when the picture is not there. */
async function generate(store: FileStore, key: string, width: ThumbnailWidth): Promise<Buffer | null> {
  const picture = await store.read(key);
  if (!picture) return null;
  const body = await makeThumbnail(picture, width);
  const target = thumbnailKey(key, width);
  const tmp = await store.tempPath(target);
  try {
    await fsp.writeFile(tmp, body, { mode: 0o644 });
    await store.putFile(target, tmp);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  return body;
}

/**
 * The thumbnail of stored picture `key` at `width`: from the store, or made now and stored.
 * Null when the picture is not stored; AppError (A0400) when it cannot be made.
 */
export async function thumbnailOf(store: FileStore, key: string, width: ThumbnailWidth): Promise<Thumbnail | null> {
  const stored = await store.read(thumbnailKey(key, width));
  if (stored) return { body: stored, etag: etagOf(stored) };
  const job = thumbnailKey(key, width);
  let pending = inFlight.get(job);
  if (!pending) {
    pending = limited(() => generate(store, key, width)).finally(() => inFlight.delete(job));
    inFlight.set(job, pending);
  }
  const body = await pending;
  return body ? { body, etag: etagOf(body) } : null;
}

/** Deletes every thumbnail of stored picture `key` (those never made are skipped). */
export async function removeThumbnails(store: FileStore, key: string): Promise<void> {
  if (!isPictureKey(key)) return;
  for (const width of THUMBNAIL_WIDTHS) {
    try {
      await store.remove(thumbnailKey(key, width));
    } catch (err) {
      if (!(err instanceof AppError && err.httpStatus === 404)) throw err;
    }
  }
}
