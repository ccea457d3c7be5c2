/**
 * Calls made as the signed-in visitor: the visitor token in the `token` header (the one identity
 * header of SPEC §6), the request styles of lib/request, and the SPEC §8 catalogue applied to the
 * visitor session instead of the staff one: A0006 / A0007 / HTTP 401 clear the visitor session and
 * open the visitor login dialog (A0007 also shows its message, A0203 says in the dialog that the
 * account is disabled), rather than sending the visitor to
 * the back-office /login page and signing a staff member out.
 */
import type { Envelope } from '@land/shared/api';
import { ERROR_CODES, HEADERS, OK_CODE } from '@land/shared/api';
import { notify } from '../../lib/notify';
import { ApiError, CLIENT_CODES, networkError, toFormBody } from '../../lib/request';
import { apiFetch } from '../../lib/transport';
import { openVisitorAuth } from './auth-prompt';
import { clearVisitor, getVisitorToken } from './session';

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

type Params = object | undefined | null;

interface RawBody {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

function sessionEnded(message: string, show: boolean, reason = '登录已失效，请重新登录'): ApiError {
  clearVisitor();
  if (show && message) notify.warning(message);
  openVisitorAuth({ mode: 'login', reason });
  return new ApiError(ERROR_CODES.NOT_LOGGED_IN, message, { handled: true });
}

interface SendOptions {
  /** No prompt and no toast when the session has ended (logging out with a stale token). */
  quiet?: boolean;
}

async function send<T>(url: string, init: RequestInit, options: SendOptions = {}): Promise<Envelope<T>> {
  const headers = new Headers(init.headers);
  headers.set(HEADERS.token, getVisitorToken());
  let response: Response;
  try {
    response = await apiFetch(`${API_BASE}${url}`, { ...init, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  let body: RawBody | null = null;
  try {
    const parsed: unknown = await response.json();
    body = parsed !== null && typeof parsed === 'object' ? (parsed as RawBody) : null;
  } catch {
    body = null;
  }
  const code = body && body.code !== undefined && body.code !== null ? String(body.code) : '';
  const msg = body && typeof body.msg === 'string' ? body.msg : '';
  const ended = code === ERROR_CODES.SESSION_EXPIRED || code === ERROR_CODES.NOT_LOGGED_IN || response.status === 401;
  if (ended && options.quiet) throw new ApiError(code || ERROR_CODES.NOT_LOGGED_IN, msg, { status: response.status, handled: true });
  // A0007 shows its message; A0203 (disabled while signed in, 401; its login answers 400) says so in the dialog.
  if (ended) throw sessionEnded(msg, code === ERROR_CODES.SESSION_EXPIRED, code === ERROR_CODES.ACCOUNT_DISABLED ? msg : undefined);
  if (response.status === 200 && code === OK_CODE) return body as Envelope<T>;
  if (body && body.code === '') throw new ApiError('', msg || '操作失败', { status: response.status, data: body.data });
  if (code) throw new ApiError(code, msg || `请求失败（${code}）`, { status: response.status, data: body?.data });
  throw new ApiError(CLIENT_CODES.http, `请求失败（HTTP ${response.status}）`, { status: response.status });
}

/** Form-encoded POST as the visitor. */
export function visitorPost<T>(url: string, data?: Params, signal?: AbortSignal, options: SendOptions = {}): Promise<Envelope<T>> {
  return send<T>(
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: toFormBody(data),
      signal,
    },
    options,
  );
}
