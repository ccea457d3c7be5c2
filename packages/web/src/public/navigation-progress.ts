/**
 * A bar across the top while a page opened by a link is on its way: the router has moved to the
 * new address, but the page (its code or its data) is not on screen yet, so the old one still
 * shows and would otherwise look as if the tap did nothing. Kept outside React on purpose: a
 * React state update here would turn the pending navigation (a transition) into a blocking one,
 * and the page would give way to a fallback.
 */
const SHOW_AFTER_MS = 150;

interface RouterLike {
  state: { location: { key: string }; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

let routerKey: string | null = null;
let routerBusy = false;
let shownKey: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function update(): void {
  const root = document.documentElement;
  const pending = routerBusy || (routerKey !== null && shownKey !== null && routerKey !== shownKey);
  if (!pending) {
    clearTimeout(timer);
    timer = undefined;
    root.removeAttribute('data-navigating');
    document.body.removeAttribute('aria-busy');
    return;
  }
  if (timer !== undefined || root.hasAttribute('data-navigating')) return;
  // A page that is there at once (cached) shows no bar at all.
  timer = setTimeout(() => {
    timer = undefined;
    root.setAttribute('data-navigating', '');
    document.body.setAttribute('aria-busy', 'true');
  }, SHOW_AFTER_MS);
}

/** Follows the router: called once, with the browser's router. */
export function watchNavigation(router: RouterLike): void {
  routerKey = router.state.location.key;
  router.subscribe((state) => {
    routerKey = state.location.key;
    routerBusy = state.navigation.state !== 'idle';
    update();
  });
}

/** The page of this location is on screen (PublicRoot, after it commits). */
export function pageShown(key: string): void {
  shownKey = key;
  update();
}
