import type { RouteObject } from 'react-router';

/**
 * A script or style file that did not arrive (offline, or a new release replaced the files):
 * Chromium, Safari and Firefox word a failed dynamic import differently, and Vite's loader
 * reports a stylesheet it could not load first. Any other error is the code's own.
 */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message);
}

/**
 * For navigation in the browser: a route whose code did not arrive (offline, or a new release
 * replaced the files) renders its error boundary. React Router leaves a route whose `lazy`
 * failed out of the render when the route has a boundary of its own, which showed a blank page,
 * header and all; here the failed import becomes a component that throws it to that boundary.
 * The failure stays until the page is reloaded, which the error pages offer. Used by the public
 * site (PageError) and the back office (each screen's ScreenErrorPage).
 */
export function showLoadFailures(routes: RouteObject[]): void {
  for (const route of routes) {
    const load = route.lazy;
    if (typeof load === 'function') {
      route.lazy = () =>
        load().catch((error: unknown) => ({
          Component: function LoadFailed(): never {
            throw error;
          },
        }));
    }
    if (route.children) showLoadFailures(route.children);
  }
}
