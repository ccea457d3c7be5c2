import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@land/shared/api';
import type { DbOrTrx } from '../db/schema';
import { AppError } from '../lib/errors';
import { isoPlus, nowIso } from '../lib/time';
import { writeAudit } from './audit';
import './publicTables';

export type SessionKind = 'staff' | 'visitor';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface ActiveSession {
  id: string;
  userId: string;
  kind: SessionKind;
}

/** Writing lastSeenAt on every request would make each read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: DbOrTrx,
  userId: string,
  kind: SessionKind,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  const expiresAt = isoPlus(policy.absoluteHours * 3600_000);
  await db
    .insertInto('t_session')
    .values({
      id: hashToken(token),
      userId,
      kind,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      revokedAt: null,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export const SESSION_EXPIRED_MESSAGE = '登录已过期，请重新登录';
export const NOT_LOGGED_IN_MESSAGE = '未登录或登录已失效，请先登录';
export const ACCOUNT_DISABLED_MESSAGE = '账号已停用，请联系管理员';

/**
 * A signed-in user whose account an administrator disabled: A0203 with its message, but HTTP 401
 * like any ended session, so every client signs out (a login of a disabled account answers 400).
 */
export function accountDisabledError(): AppError {
  return new AppError(ERROR_CODES.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE, 401);
}

/** Whether the account behind a session exists but is disabled (status other than '1'). */
async function accountDisabled(db: DbOrTrx, kind: SessionKind, userId: string): Promise<boolean> {
  const row =
    kind === 'staff'
      ? await db.selectFrom('t_user').select('status').where('id', '=', userId).executeTakeFirst()
      : await db.selectFrom('t_visitor').select('status').where('id', '=', userId).executeTakeFirst();
  return row !== undefined && row.status !== '1';
}

/**
 * Resolves a token to its live session. Unknown or missing → A0006; revoked, idle past the
 * limit or past its absolute lifetime → A0007 (the client shows the message), or A0203 when
 * the account has been disabled meanwhile (disabling revokes its sessions: the user is told why).
 */
export async function resolveSession(
  db: DbOrTrx,
  token: string | undefined,
  kind: SessionKind,
  policy: SessionPolicy,
): Promise<ActiveSession> {
  if (!token || token.length > 200) {
    throw new AppError(ERROR_CODES.NOT_LOGGED_IN, NOT_LOGGED_IN_MESSAGE, 401);
  }
  const id = hashToken(token);
  const row = await db.selectFrom('t_session').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.kind !== kind) throw new AppError(ERROR_CODES.NOT_LOGGED_IN, NOT_LOGGED_IN_MESSAGE, 401);
  const now = Date.now();
  const idleLimit = Date.parse(row.lastSeenAt) + policy.idleMinutes * 60_000;
  if (row.revokedAt || Date.parse(row.expiresAt) <= now || idleLimit <= now) {
    if (await accountDisabled(db, kind, row.userId)) throw accountDisabledError();
    throw new AppError(ERROR_CODES.SESSION_EXPIRED, SESSION_EXPIRED_MESSAGE, 401);
  }
  if (now - Date.parse(row.lastSeenAt) > TOUCH_INTERVAL_MS) {
    await db.updateTable('t_session').set({ lastSeenAt: nowIso() }).where('id', '=', id).execute();
  }
  return { id, userId: row.userId, kind };
}

/** What the back office warns by: minutes without requests that end a session, and its absolute end. */
export interface SessionTimes {
  idleMinutes: number;
  /** ISO time the session ends whatever happens. */
  expiresAt: string;
}

/** Continues a live session now (继续使用 after the idle warning): the idle limit starts again. */
export async function continueSession(db: DbOrTrx, sessionId: string, policy: SessionPolicy): Promise<SessionTimes> {
  await db.updateTable('t_session').set({ lastSeenAt: nowIso() }).where('id', '=', sessionId).execute();
  const row = await db.selectFrom('t_session').select('expiresAt').where('id', '=', sessionId).executeTakeFirstOrThrow();
  return { idleMinutes: policy.idleMinutes, expiresAt: row.expiresAt };
}

/** Ends one session (logout); logged in the audit log. */
export async function revokeSession(db: DbOrTrx, sessionId: string): Promise<void> {
  const result = await db
    .updateTable('t_session')
    .set({ revokedAt: nowIso() })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  const session = await db.selectFrom('t_session').select(['userId', 'kind']).where('id', '=', sessionId).executeTakeFirst();
  await writeAudit(db, {
    action: 'logout',
    entity: session?.kind === 'visitor' ? 't_visitor' : 't_user',
    recordId: session?.userId ?? null,
    summary: session?.kind === 'visitor' ? '公众用户退出登录' : '后台用户退出登录',
  });
}

/** Revokes every live session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(
  db: DbOrTrx,
  userId: string,
  kind: SessionKind,
  exceptSessionId?: string,
): Promise<void> {
  let q = db
    .updateTable('t_session')
    .set({ revokedAt: nowIso() })
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('revokedAt', 'is', null);
  if (exceptSessionId) q = q.where('id', '<>', exceptSessionId);
  await q.execute();
}
