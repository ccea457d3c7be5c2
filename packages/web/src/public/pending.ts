/**
 * Public routes not yet rendered on the server. Each is still answered with the client-rendered
 * app (index.html) and reached from server-rendered pages by a full page load. Converting a page
 * (see CONVERTING.md) removes its path here; the finished state of issue 14 is an empty list.
 * Paths as in SPEC §2: PUBLIC_ROUTES paths without the leading slash, mobile routes with it.
 */
export const PENDING_SSR_ROUTES: readonly string[] = [
  'index',
];
