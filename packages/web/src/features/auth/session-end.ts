/** When a staff session ends, as the back office reckons it (SessionTimeout warns by it). */
import type { Session } from '../../lib/session';

/** The dialog opens this long before the end. */
export const WARN_BEFORE_MS = 2 * 60_000;
/** The server notes a session's use at most once a minute: its idle limit may run out this much sooner. */
const SERVER_TOUCH_LAG_MS = 60_000;

export interface SessionEnd {
  at: number;
  /** The idle limit (which 继续使用 moves) rather than the absolute end. */
  idle: boolean;
}

/** When the session ends, as far as this page can tell; null when the server did not say. */
export function sessionEnd(session: Pick<Session, 'idleMinutes' | 'expiresAt'>, seenAt: number): SessionEnd | null {
  const idleMs = session.idleMinutes * 60_000;
  const idleAt = idleMs > 0 && seenAt > 0 ? seenAt + idleMs - Math.min(SERVER_TOUCH_LAG_MS, idleMs / 2) : Infinity;
  const absoluteAt = Date.parse(session.expiresAt) || Infinity;
  if (idleAt === Infinity && absoluteAt === Infinity) return null;
  return idleAt <= absoluteAt ? { at: idleAt, idle: true } : { at: absoluteAt, idle: false };
}

/** 1:05 — minutes and seconds left. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
