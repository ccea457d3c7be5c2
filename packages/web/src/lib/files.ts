/**
 * Uploaded files (SPEC §3, §7 File upload): entries {id, name, url}, where url starts at
 * /virtualPath and is shown prefixed with the GIS base; upload and delete calls.
 */
import { isLinkUrl } from '@land/shared/helpers';
import { notify } from './notify';
import { ApiError, CLIENT_CODES, post, postMultipart } from './request';
import type { UploadOptions } from './request';

export interface FileEntry {
  id?: string;
  name: string;
  url: string;
}

/** Staff upload folders of the file endpoint. */
export type UploadDir = 'images' | 'files' | 'videos' | 'panorama';

export const UPLOAD_URL = '/api/file/upload';
const DELETE_URL = '/api/file/deleteFile';
const VIRTUAL_SEGMENT = '/virtualPath';

const GIS_BASE: string = import.meta.env.VITE_GIS_BASE ?? '';

/** Address to show or open a stored file at. Absolute addresses are left alone. */
export function fileUrl(url: string): string {
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('data:') || url.startsWith('blob:')) return url;
  // Already an address (a relative base given twice would break it).
  if (GIS_BASE && url.startsWith(`${GIS_BASE}/`)) return url;
  return `${GIS_BASE}${url}`;
}

/**
 * Address a link may open: the platform's own files and http(s) addresses (isLinkUrl, the rule
 * saves are checked by); anything else (javascript:, data:…) gives no link at all.
 */
export function linkHref(url: string): string | undefined {
  return url !== '' && isLinkUrl(url) ? fileUrl(url) : undefined;
}

/** The part of a url from the /virtualPath segment on: what deleteFile takes. */
export function storedPath(url: string): string {
  const at = url.indexOf(VIRTUAL_SEGMENT);
  return at === -1 ? url : url.slice(at);
}

export function isFileEntry(value: unknown): value is FileEntry {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as FileEntry).name === 'string' &&
    typeof (value as FileEntry).url === 'string'
  );
}

/** A stored files/images value as a list, whatever shape it arrived in (array, JSON text, null). */
export function toFileList(value: unknown): FileEntry[] {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = v.trim() === '' ? [] : JSON.parse(v);
    } catch {
      return [];
    }
  }
  // Entries whose url is not a link the platform allows are not shown (nor kept when edited).
  return Array.isArray(v) ? v.filter((e): e is FileEntry => isFileEntry(e) && e.url !== '' && isLinkUrl(e.url)) : [];
}

export async function uploadFile(file: File, dir: UploadDir | undefined, options: UploadOptions = {}): Promise<FileEntry> {
  const data = new FormData();
  // The server reads fields sent before the file, so dir goes first.
  if (dir) data.append('dir', dir);
  data.append('file', file);
  return (await postMultipart<FileEntry>(UPLOAD_URL, data, options)).data;
}

export async function deleteStoredFile(url: string): Promise<void> {
  await post(DELETE_URL, { filepath: storedPath(url) });
}

const CLIENT_MADE = new Set<string>(Object.values(CLIENT_CODES));

/**
 * SPEC §4/§8 upload failures: an empty-string code shows its msg; other failures show the
 * server's msg when there is one and stay quiet otherwise (network errors are already told).
 */
export function reportUploadError(error: unknown): void {
  if (!(error instanceof ApiError) || error.handled) return;
  if (error.code === '' || (!CLIENT_MADE.has(error.code) && error.message)) notify.error(error.message);
}
