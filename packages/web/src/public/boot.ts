/**
 * The public pages' first script (issue 14). The server-rendered page is complete without
 * scripts, so the browser paints it first and only then runs the app and hydrates it: the app's
 * chunks are already downloading (modulepreload in the HTML), but evaluating React and the page
 * and hydrating are long tasks that would otherwise come before the first paint on a phone. A
 * page opened in a background tab (no frames) starts at once.
 *
 * React's own modules are evaluated first, in a task of their own, and the app after a yield:
 * evaluating the whole module graph at once was a phone's longest task after the first paint.
 */
const start = async () => {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./entry-client');
};

if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(() => void start(), 0));
