/** Reading the entries of an uploaded zip safely: size bounds (zip bombs) and path checks. */
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { GIS_MESSAGES, GisFileError } from './errors';

export interface ZipLimits {
  /** most bytes all extracted entries may take, as declared by the archive (fflate inflates into buffers of that size and never past them) */
  maxUncompressedBytes: number;
  /** most entries the archive may hold */
  maxEntries: number;
}

export function isZip(buf: Uint8Array): boolean {
  return buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 0x03 || buf[2] === 0x05) && (buf[3] === 0x04 || buf[3] === 0x06);
}

function unsafePath(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('/') || /^[A-Za-z]:/.test(n) || n.split('/').some((seg) => seg === '..');
}

/**
 * Extracts the entries whose name `wanted` accepts (directories, __MACOSX and "._" resource
 * forks are skipped). Throws GisFileError for a non-zip, for an archive with a ".." or absolute
 * path, and when the declared uncompressed size or entry count is over the limits.
 */
export function readZipEntries(buf: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits): Map<string, Uint8Array> {
  if (!isZip(buf)) throw new GisFileError(GIS_MESSAGES.notZip);
  let total = 0;
  let count = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf, {
      filter: (file) => {
        count++;
        if (count > limits.maxEntries) throw new GisFileError(`${GIS_MESSAGES.tooLarge}：压缩包内文件数超过${limits.maxEntries}个`, 'too-large');
        if (unsafePath(file.name)) throw new GisFileError(`压缩包中含有不安全的路径：${file.name}`);
        const base = file.name.replace(/\\/g, '/').split('/').pop() ?? '';
        if (file.name.endsWith('/') || /(^|\/)__MACOSX\//.test(file.name) || base.startsWith('._') || !wanted(file.name)) return false;
        total += file.originalSize;
        if (total > limits.maxUncompressedBytes) {
          throw new GisFileError(`${GIS_MESSAGES.tooLarge}：解压后超过${Math.round(limits.maxUncompressedBytes / 1024 / 1024)}MB`, 'too-large');
        }
        if (file.compression !== 0 && file.compression !== 8) {
          throw new GisFileError(`压缩包使用了不支持的压缩方式（${file.compression}），请用普通 zip 格式重新压缩`);
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof GisFileError) throw e;
    throw new GisFileError(GIS_MESSAGES.notZip);
  }
  return new Map(Object.entries(files));
}

/** Builds a zip (deflate) from name → bytes. */
export function buildZip(entries: Record<string, Uint8Array>): Buffer {
  const z: Zippable = {};
  for (const [name, data] of Object.entries(entries)) z[name] = [data, { level: 6 }];
  return Buffer.from(zipSync(z));
}
