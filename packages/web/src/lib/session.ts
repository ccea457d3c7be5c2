/**
 * The signed-in staff session (SPEC §3, §4). The token lives in localStorage under 'token'
 * (TOKEN_STORAGE_KEY); the user details sit beside it so a reload keeps them.
 * Logout clears every key written here.
 */
import type { LoginResult } from '@land/shared/api';
import { TOKEN_STORAGE_KEY } from '@land/shared/constants';

/** The signed-in staff user: what the login call answered. */
export type Session = LoginResult;

const KEYS = {
  userId: 'userId',
  userName: 'userName',
  userAccount: 'userAccount',
  role: 'role',
  mustChangePassword: 'mustChangePassword',
  /** Passed through as request headers when some other client stored them (SPEC §6). */
  userInfo: 'userinfo',
  sessionId: 'sessionid',
  idleMinutes: 'sessionIdleMinutes',
  expiresAt: 'sessionExpiresAt',
} as const;

/** When the server last answered a staff call (ms), shared by the tabs: the idle limit runs from it. */
const SEEN_AT_KEY = 'sessionSeenAt';

/** Why the server ended this tab's session when the login page must say it (账号已停用…): sessionStorage. */
const END_NOTICE_KEY = 'sessionEndNotice';

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(key: string): string {
  // No storage while the server renders a public page: no staff session there.
  if (typeof localStorage === 'undefined') return '';
  return localStorage.getItem(key) ?? '';
}

function emit(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function getToken(): string {
  return read(TOKEN_STORAGE_KEY);
}

export function getStoredUserInfo(): string {
  return read(KEYS.userInfo);
}

export function getStoredSessionId(): string {
  return read(KEYS.sessionId);
}

/** Stable snapshot for useSyncExternalStore: the same object until the session changes. */
export function getSession(): Session | null {
  if (cached !== undefined) return cached;
  const token = getToken();
  cached = token
    ? {
        token,
        userId: read(KEYS.userId),
        userName: read(KEYS.userName),
        userAccount: read(KEYS.userAccount),
        role: read(KEYS.role),
        mustChangePassword: read(KEYS.mustChangePassword) === 'true',
        // 0 and '' for a session saved before the server told them: no warning, as before.
        idleMinutes: Number(read(KEYS.idleMinutes)) || 0,
        expiresAt: read(KEYS.expiresAt),
      }
    : null;
  return cached;
}

export function saveSession(result: LoginResult): void {
  endedUnasked = false;
  sessionStorage.removeItem(END_NOTICE_KEY);
  localStorage.setItem(TOKEN_STORAGE_KEY, result.token);
  localStorage.setItem(KEYS.userId, result.userId);
  localStorage.setItem(KEYS.userName, result.userName);
  localStorage.setItem(KEYS.userAccount, result.userAccount);
  localStorage.setItem(KEYS.role, result.role);
  localStorage.setItem(KEYS.mustChangePassword, String(result.mustChangePassword));
  localStorage.setItem(KEYS.idleMinutes, String(result.idleMinutes));
  localStorage.setItem(KEYS.expiresAt, result.expiresAt);
  localStorage.setItem(SEEN_AT_KEY, String(Date.now()));
  emit();
}

/** The limits the server answered when the session was continued. */
export function saveSessionTimes(times: { idleMinutes: number; expiresAt: string }): void {
  if (!getToken()) return;
  localStorage.setItem(KEYS.idleMinutes, String(times.idleMinutes));
  localStorage.setItem(KEYS.expiresAt, times.expiresAt);
  emit();
}

/** The server answered a staff call now: the idle limit starts again (written at most every few seconds). */
export function markSessionSeen(now = Date.now()): void {
  if (typeof localStorage === 'undefined' || !getToken()) return;
  if (now - sessionSeenAt() < 5_000) return;
  localStorage.setItem(SEEN_AT_KEY, String(now));
  for (const listener of seenListeners) listener();
}

export function sessionSeenAt(): number {
  return Number(read(SEEN_AT_KEY)) || 0;
}

const seenListeners = new Set<() => void>();

/** Called when a staff call was answered, here or in another tab. */
export function subscribeSessionSeen(listener: () => void): () => void {
  seenListeners.add(listener);
  return () => seenListeners.delete(listener);
}

/** The server holds every call until the password is changed: the layout shows the forced dialog. */
export function markPasswordChangeRequired(): void {
  if (!getToken() || localStorage.getItem(KEYS.mustChangePassword) === 'true') return;
  localStorage.setItem(KEYS.mustChangePassword, 'true');
  emit();
}

export function markPasswordChanged(): void {
  localStorage.setItem(KEYS.mustChangePassword, 'false');
  emit();
}

type EndHook = (userId: string, asked: boolean) => void;
const endHooks = new Set<EndHook>();

/**
 * Runs just before the session is cleared, while the screens are still mounted: `asked` when
 * the user signed out here, false when it ended without their asking (expired or revoked on
 * the server, signed out in another browser tab).
 */
export function onSessionEnd(hook: EndHook): () => void {
  endHooks.add(hook);
  return () => endHooks.delete(hook);
}

let endedUnasked = false;

function ending(userId: string, asked: boolean): void {
  endedUnasked = !asked;
  for (const hook of endHooks) hook(userId, asked);
}

/**
 * The server ended the session for a reason the login page keeps on screen until the next
 * sign-in (a toast would be gone before the clerk read it): the account was disabled.
 */
export function setSessionEndNotice(message: string): void {
  sessionStorage.setItem(END_NOTICE_KEY, message);
}

/** What the login page says about how the last session here ended, or ''. */
export function sessionEndNotice(): string {
  return typeof sessionStorage === 'undefined' ? '' : (sessionStorage.getItem(END_NOTICE_KEY) ?? '');
}

/** Whether the last session here ended without the user asking: the login then leads back to the page. */
export function sessionEndedUnasked(): boolean {
  return endedUnasked;
}

/** Ends the session here: `asked` for 退出登录, false when the server ended it. */
export function clearSession(asked = true): void {
  if (getToken()) ending(getSession()?.userId ?? '', asked);
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  localStorage.removeItem(SEEN_AT_KEY);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another browser tab signing in or out changes what this tab may show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // Signed out in another tab: this tab's snapshot still names the user whose session ended.
    if (event.key === TOKEN_STORAGE_KEY && event.oldValue && !event.newValue && cached) ending(cached.userId, false);
    if (event.key === SEEN_AT_KEY) for (const listener of seenListeners) listener();
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || Object.values<string>(KEYS).includes(event.key)) emit();
  });
}
