import type { ManagementScreen, PublicRoute } from '@land/shared/routes';
import { useMatches } from 'react-router';

/** What a route tells the shells about itself (menu, tabs, breadcrumbs, keep-alive). */
export interface RouteHandle {
  screen?: ManagementScreen;
  publicRoute?: PublicRoute;
}

function asHandle(value: unknown): RouteHandle | null {
  return value !== null && typeof value === 'object' ? (value as RouteHandle) : null;
}

/** The deepest matched back-office screen, if any. */
export function useActiveScreen(): ManagementScreen | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const screen = asHandle(matches[i].handle)?.screen;
    if (screen) return screen;
  }
  return null;
}

/** The deepest matched public route, if any. */
export function useActivePublicRoute(): PublicRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const route = asHandle(matches[i].handle)?.publicRoute;
    if (route) return route;
  }
  return null;
}
