import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { ERROR_CODES } from '@land/shared/api';
import { AppError, validationError } from './errors';

export const MB = 1024 * 1024;

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(ERROR_CODES.TOO_LARGE, `文件大小不能超过${formatMb(maxBytes)}MB`, 413);
}

function formatMb(bytes: number): string {
  return String(Math.round((bytes / MB) * 100) / 100);
}

/** Options given to @fastify/multipart where it is registered; each call narrows them. */
export const MULTIPART_OPTIONS = {
  limits: { files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
  throwFileSizeLimit: true,
} as const;

/**
 * Errors raised while busboy reads a request, told in Chinese. Disk errors (ENOSPC…) are not
 * the client's fault and pass through to the 500 handler.
 */
export function uploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return validationError('file', '一次只能上传一个文件');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return validationError('file', '上传的表单字段过多');
  if (code === 'FST_PROTO_VIOLATION') return validationError('file', '上传的表单字段名不合法');
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return err;
  return validationError('file', '上传的数据不完整或格式不正确');
}

/**
 * The first file part of a multipart request, with the fields sent before it. A request whose
 * declared length is far beyond the limit is refused before reading; one just over it is read
 * and truncated by busboy, so the client still gets the message instead of a reset connection.
 */
export async function firstFile(req: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!req.isMultipart()) throw validationError('file', '请以 multipart/form-data 方式上传文件');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes * 4 + MB) throw fileTooLarge(maxBytes);
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { ...MULTIPART_OPTIONS.limits, fileSize: maxBytes } });
  } catch (err) {
    throw uploadError(err, maxBytes);
  }
  if (!part) throw validationError('file', '请选择要上传的文件');
  return part;
}

/** Reads the whole file part into memory (for small files such as Excel imports). */
export async function readWhole(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, maxBytes);
  }
  if (part.file.truncated || buf.length > maxBytes) throw fileTooLarge(maxBytes);
  return buf;
}

/** A plain text field sent before the file (busboy only knows those when the file starts). */
export function fieldValue(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  if (!one || one.type !== 'field') return undefined;
  const value = (one as MultipartValue).value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The client's file name, reduced to something safe to echo back and show: no directories,
 * no control characters, at most 200 characters.
 */
export function cleanFileName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...base].slice(-200).join('') || '未命名';
}

/** RFC 6266 / RFC 5987 attachment header: an ASCII fallback plus the UTF-8 name. */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
