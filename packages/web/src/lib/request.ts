/**
 * The API client of SPEC §6–§8: one configured base, the session headers on every call,
 * cookies included, the three request styles, and the error catalogue applied centrally.
 * Success resolves with the response body (the envelope); every failure rejects with an
 * ApiError so callers and the query cache can show `msg`.
 */
// Subpath imports: the package index also holds the validators (and zod), which the first
// paint does not need.
import type { Envelope } from '@land/shared/api';
import { ERROR_CODES, HEADERS, OK_CODE } from '@land/shared/api';
import { NETWORK_ERROR_MESSAGE } from '@land/shared/constants';
import { cleanParams } from '@land/shared/helpers';
import { goToLogin } from './navigation';
import { notify } from './notify';
import { apiFetch } from './transport';
import { clearSession, getStoredSessionId, getStoredUserInfo, getToken, markPasswordChangeRequired, markSessionSeen, setSessionEndNotice } from './session';

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** Codes the client makes up itself (they never come from the server). */
export const CLIENT_CODES = {
  network: 'NETWORK',
  http: 'HTTP',
  badBody: 'BAD_BODY',
} as const;

export class ApiError extends Error {
  readonly code: string;
  readonly data: unknown;
  readonly status: number;
  /**
   * True when the client tells the user itself (network toast, session expiry): central
   * handlers stay quiet, while a page may still read `message` (the login form does).
   */
  readonly handled: boolean;

  constructor(code: string, message: string, options: { data?: unknown; status?: number; handled?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = options.data ?? null;
    this.status = options.status ?? 0;
    this.handled = options.handled ?? false;
  }
}

/** Network toasts not shown yet, by the error they are about. */
const networkToasts = new WeakMap<ApiError, ReturnType<typeof setTimeout>>();

/**
 * The call did not reach the server: the error to reject with, toasted once the promise chain has
 * run, unless a handler that shows the failure in its place (an error page, a list's own
 * 重试) calls `keepQuiet` first; said twice, the visitor would see the same failure twice.
 */
export function networkError(): ApiError {
  const error = new ApiError(CLIENT_CODES.network, NETWORK_ERROR_MESSAGE, { handled: true });
  networkToasts.set(error, setTimeout(() => notify.error(NETWORK_ERROR_MESSAGE)));
  return error;
}

/** The failure is shown where it happened: no toast for it as well. */
export function keepQuiet(error: unknown): void {
  if (error instanceof ApiError) clearTimeout(networkToasts.get(error));
}

/** Whether a call failed because the record (or route) does not exist, not because of the network or the server. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ERROR_CODES.NOT_FOUND || error.status === 404);
}

export interface RequestOptions {
  signal?: AbortSignal;
}

type Params = object | undefined | null;

interface RawBody {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  errCode?: unknown;
}

// Header values must be ISO-8859-1; anything else is percent-encoded rather than dropped.
function headerValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

function buildHeaders(contentType?: string): Headers {
  const headers = new Headers();
  headers.set(HEADERS.token, getToken());
  const userInfo = getStoredUserInfo();
  if (userInfo) headers.set(HEADERS.userInfo, headerValue(userInfo));
  const sessionId = getStoredSessionId();
  if (sessionId) headers.set(HEADERS.sessionId, headerValue(sessionId));
  if (contentType) headers.set('Content-Type', contentType);
  return headers;
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Form encoding of SPEC §7: nulls dropped, arrays and objects sent as JSON text. */
export function toFormBody(data: Params): URLSearchParams {
  const body = new URLSearchParams();
  if (!data) return body;
  for (const [key, value] of Object.entries(cleanParams(data as Record<string, unknown>))) {
    body.append(key, fieldValue(value));
  }
  return body;
}

function withQuery(url: string, params: Params): string {
  const query = toFormBody(params);
  query.set('_t', String(Date.now()));
  return `${url}${url.includes('?') ? '&' : '?'}${query.toString()}`;
}

function asRawBody(value: unknown): RawBody | null {
  return value !== null && typeof value === 'object' ? (value as RawBody) : null;
}

/**
 * The session is over here without the user asking (the idle or absolute limit passed while the
 * page was open): the same as the server's A0007, with this message.
 */
export function endSessionHere(message: string): void {
  if (!getToken()) return;
  notify.error(message);
  endSession();
}

/**
 * The server ended the session: open forms keep their unsaved edits (lib/drafts.ts), then /login,
 * which shows `notice` (why it ended) until the next sign-in.
 */
function endSession(notice = ''): void {
  clearSession(false);
  if (notice) setSessionEndNotice(notice);
  goToLogin();
}

/**
 * The error catalogue of SPEC §8. Returns the error to reject with, or null when the body
 * is a success. Body codes come before the HTTP status so A0007's message is shown even
 * though the server sends it with 401.
 */
function checkBody(status: number, body: RawBody | null): ApiError | null {
  const code = body && body.code !== undefined && body.code !== null ? String(body.code) : '';
  const msg = body && typeof body.msg === 'string' ? body.msg : '';

  if (body && Number(body.errCode) === 2) {
    goToLogin();
    return new ApiError(code || 'ERR_CODE_2', msg, { status, data: body.data, handled: true });
  }
  // The session ended: A0007 (its message shown), A0006, or HTTP 401 (A0203: the account was
  // disabled while signed in, its login answering 400; the login page says so).
  if (code === ERROR_CODES.SESSION_EXPIRED || code === ERROR_CODES.NOT_LOGGED_IN || status === 401) {
    if (code === ERROR_CODES.SESSION_EXPIRED && msg) notify.error(msg);
    endSession(code === ERROR_CODES.ACCOUNT_DISABLED ? msg : '');
    return new ApiError(code || CLIENT_CODES.http, msg, { status, data: body?.data, handled: true });
  }
  if (code === ERROR_CODES.FORBIDDEN && (body?.data as { mustChangePassword?: unknown } | null)?.mustChangePassword === true) {
    // The password an administrator set must be changed first: the forced dialog says so.
    markPasswordChangeRequired();
    return new ApiError(code, msg, { status, data: body?.data, handled: true });
  }
  if (status === 200 && code === OK_CODE) return null;
  // SPEC §4/§8: a body whose code is the empty string is a failure, and its msg is the reason.
  if (body && body.code === '') return new ApiError('', msg || '操作失败', { status, data: body.data });
  if (code) return new ApiError(code, msg || `请求失败（${code}）`, { status, data: body?.data });
  if (status === 200) return new ApiError(CLIENT_CODES.badBody, '服务器返回的数据无法识别', { status });
  return new ApiError(CLIENT_CODES.http, `请求失败（HTTP ${status}）`, { status });
}

async function send<T>(url: string, init: RequestInit): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await apiFetch(`${API_BASE}${url}`, { ...init, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }

  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  const body = asRawBody(parsed);
  const error = checkBody(response.status, body);
  // A staff call answered (not ending the session) starts the idle limit again.
  if (url.startsWith('/api/')) markSessionSeen();
  if (error) throw error;
  return parsed as Envelope<T>;
}

/** GET with query params; nulls removed and a `_t` timestamp appended (SPEC §5, §7). */
export function get<T>(url: string, params?: Params, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>(withQuery(url, params), { method: 'GET', headers: buildHeaders(), signal: options.signal });
}

/** Form-encoded POST, the default style (SPEC §9). */
export function post<T>(url: string, data?: Params, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>(url, {
    method: 'POST',
    headers: buildHeaders('application/x-www-form-urlencoded;charset=UTF-8'),
    body: toFormBody(data),
    signal: options.signal,
  });
}

/** JSON POST. */
export function postJson<T>(url: string, data?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>(url, {
    method: 'POST',
    headers: buildHeaders('application/json;charset=UTF-8'),
    body: JSON.stringify(data ?? {}),
    signal: options.signal,
  });
}

/** Shows an error's message unless the client already did; for central error handlers. */
export function showError(error: unknown): void {
  if (error instanceof ApiError) {
    if (!error.handled && error.message) notify.error(error.message);
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notify.error(error instanceof Error && error.message ? error.message : '操作失败');
}

export interface UploadOptions extends RequestOptions {
  /** Fraction sent so far, 0–1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Multipart POST (uploads, Excel import). XHR rather than fetch because only XHR reports upload
 * progress; headers and the error catalogue are the same as every other call.
 */
export function postMultipart<T>(url: string, data: FormData, options: UploadOptions = {}): Promise<Envelope<T>> {
  return new Promise<Envelope<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${url}`);
    xhr.withCredentials = true;
    buildHeaders().forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      const error = checkBody(xhr.status, asRawBody(parsed));
      if (error) reject(error);
      else resolve(parsed as Envelope<T>);
    };
    xhr.onerror = () => {
      notify.error(NETWORK_ERROR_MESSAGE);
      reject(new ApiError(CLIENT_CODES.network, NETWORK_ERROR_MESSAGE, { handled: true }));
    };
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (the UTF-8 filename* when given), else `fallbackName`. */
  fileName: string;
}

function fileNameOf(disposition: string | null, fallbackName: string): string {
  if (!disposition) return fallbackName;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallbackName;
}

/**
 * Form POST answered by a file (Excel export). A JSON answer is an error envelope and goes
 * through the error catalogue like any other call.
 */
export async function downloadFile(url: string, data: Params, fallbackName: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await apiFetch(`${API_BASE}${url}`, {
      method: 'POST',
      headers: buildHeaders('application/x-www-form-urlencoded;charset=UTF-8'),
      body: toFormBody(data),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    notify.error(NETWORK_ERROR_MESSAGE);
    throw new ApiError(CLIENT_CODES.network, NETWORK_ERROR_MESSAGE, { handled: true });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    throw checkBody(response.ok ? 200 : response.status, asRawBody(parsed)) ?? new ApiError(CLIENT_CODES.badBody, '服务器返回的数据无法识别');
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveBlob({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
