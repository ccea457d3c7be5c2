/**
 * The public pages' first script (issue 14). The server-rendered page is complete without
 * scripts, so the browser paints it first and only then runs the app and hydrates it: the app's
 * chunks are already downloading (modulepreload in the HTML), but evaluating React and the page
 * and hydrating are long tasks that would otherwise come before the first paint on a phone. A
 * page opened in a background tab (no frames) starts at once.
 */
const start = () => void import('./entry-client');

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
