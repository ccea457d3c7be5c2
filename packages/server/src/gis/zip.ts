/** Reading the entries of an uploaded zip safely: real inflated size (zip bombs) and path checks. */
import { zipSync, type Zippable } from 'fflate';
import { ArchiveError, readArchive } from '../lib/zip';
import { GIS_MESSAGES, GisFileError } from './errors';

export interface ZipLimits {
  /** most bytes all extracted entries may take, counted while inflating (declared sizes are not trusted) */
  maxUncompressedBytes: number;
  /** most entries the archive may hold */
  maxEntries: number;
}

export function isZip(buf: Uint8Array): boolean {
  return buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 0x03 || buf[2] === 0x05) && (buf[3] === 0x04 || buf[3] === 0x06);
}

/** The Chinese answer to an archive refused by lib/zip. */
export function archiveError(e: ArchiveError, maxBytes: number): GisFileError {
  switch (e.problem) {
    case 'too-large':
      return new GisFileError(`${GIS_MESSAGES.tooLarge}：解压后超过${Math.round(maxBytes / 1024 / 1024)}MB`, 'too-large');
    case 'too-many':
      return new GisFileError(`${GIS_MESSAGES.tooLarge}：压缩包内文件数超过${e.detail}个`, 'too-large');
    case 'unsafe-path':
      return new GisFileError(`压缩包中含有不安全的路径：${e.entry}`);
    case 'unsupported':
      return new GisFileError(`压缩包使用了不支持的压缩方式（${e.detail}），请用普通 zip 格式重新压缩`);
    default:
      return new GisFileError(GIS_MESSAGES.notZip);
  }
}

/**
 * Extracts the entries whose name `wanted` accepts (directories, __MACOSX and "._" resource
 * forks are skipped). Throws GisFileError for a non-zip, for an archive with a ".." or absolute
 * path, and when the inflated size or the entry count is over the limits.
 */
export async function readZipEntries(buf: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits): Promise<Map<string, Uint8Array>> {
  if (!isZip(buf)) throw new GisFileError(GIS_MESSAGES.notZip);
  try {
    return await readArchive(buf, { maxBytes: limits.maxUncompressedBytes, maxEntries: limits.maxEntries }, wanted);
  } catch (e) {
    if (e instanceof ArchiveError) throw archiveError(e, limits.maxUncompressedBytes);
    throw e;
  }
}

/** Builds a zip (deflate) from name → bytes. */
export function buildZip(entries: Record<string, Uint8Array>): Buffer {
  const z: Zippable = {};
  for (const [name, data] of Object.entries(entries)) z[name] = [data, { level: 6 }];
  return Buffer.from(zipSync(z));
}
