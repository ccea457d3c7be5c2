// First: zod must not try `new Function` under the Content-Security-Policy.
import '@land/shared/jitless';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { showLoadFailures } from '../lib/lazy-routes';
import { setNavigator } from '../lib/navigation';
import '../app/global.css';
import '../public-ui/base.css';
import type { EmbeddedData } from './data';
import { DATA_ELEMENT_ID, PublicDocument } from './Document';
import { createPublicQueryClient, PublicProviders } from './providers';
import { publicRoutes } from './routes';
import { watchNavigation } from './navigation-progress';

/**
 * The browser side of a server-rendered public page: the same document, routes and query cache
 * the server rendered with, hydrated; navigation from here on is client-side.
 */
async function start(): Promise<void> {
  const element = document.getElementById(DATA_ELEMENT_ID);
  if (!element) throw new Error('the page has no embedded data');
  const dataJson = element.textContent ?? '';
  const data = JSON.parse(dataJson) as EmbeddedData;

  // The matched pages' code is loaded before hydrating (their chunks are preloaded already), so
  // the first render in the browser is the page the server sent, not a loading state.
  const matches = matchRoutes(publicRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );

  showLoadFailures(publicRoutes);

  const router = createBrowserRouter(publicRoutes, { hydrationData: { loaderData: data.loaderData } });
  watchNavigation(router);
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  const queryClient = createPublicQueryClient();
  // A task of its own for hydration: building the router (ranking every public route) and starting
  // to hydrate are each a few milliseconds that a phone would otherwise run as one long task.
  await new Promise((resolve) => setTimeout(resolve, 0));

  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page in one task (a phone's longest task and most of its blocking time).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <PublicDocument assets={data.assets} dataJson={element.innerHTML}>
          <PublicProviders queryClient={queryClient} context={{ origin: data.origin || window.location.origin, status: 200 }} queries={data.queries}>
            <RouterProvider router={router} />
          </PublicProviders>
        </PublicDocument>
      </StrictMode>,
      {
        // Production React reports hydration mismatches only here; the browser tests watch the console.
        onRecoverableError: (error) => console.error('hydration error:', error),
      },
    );
  });
}

void start();
