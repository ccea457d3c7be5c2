/**
 * Navigation from outside React (the API client, the session expiry handler).
 * The router registers itself once at start-up; until then a full page load is used.
 */

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

export function goToLogin(): void {
  if (window.location.pathname === '/login') return;
  navigateTo('/login', { replace: true });
}
