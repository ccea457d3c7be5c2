/**
 * Navigation from outside React (the API client, the session expiry handler).
 * The router registers itself once at start-up; until then a full page load is used.
 */

import { MANAGEMENT_BASE } from '@land/shared/routes';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigateImpl) {
    navigateImpl(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * A back-office address (path and query) to go back to after signing in, or null: only paths
 * of this site under the back office are followed, so a crafted link cannot send a clerk elsewhere.
 */
export function returnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith(MANAGEMENT_BASE) || value.includes('\\')) return null;
  try {
    const url = new URL(value, 'http://origin.invalid');
    if (url.origin !== 'http://origin.invalid') return null;
    if (url.pathname !== MANAGEMENT_BASE && !url.pathname.startsWith(`${MANAGEMENT_BASE}/`)) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/** The login page, remembering the back-office page `from` (path and query) to come back to. */
export function loginHref(from?: string): string {
  const back = returnPath(from);
  return back ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
}

/** To the login page (SPEC §8), which brings the clerk back to this page once signed in. */
export function goToLogin(): void {
  if (window.location.pathname === '/login') return;
  navigateTo(loginHref(window.location.pathname + window.location.search), { replace: true });
}
