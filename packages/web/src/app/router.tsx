import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { createBrowserRouter, redirect } from 'react-router';
import { DEFAULT_TAB, MANAGEMENT_BASE, MANAGEMENT_SCREENS, PUBLIC_ROUTES, isMobileUserAgent } from '@land/shared/routes';
import { showLoadFailures } from '../lib/lazy-routes';
import { loginHref, setNavigator } from '../lib/navigation';
import { getToken } from '../lib/session';
import { withChunkTimeout } from './lazy';
import { PUBLIC_PAGES } from './public/pages';
import { SCREEN_LOADERS } from './management/screens';
import type { RouteHandle } from './route-handle';
import { InitialLoading, RootLayout } from './routes/RootLayout';
import { RouteErrorPage, ScreenErrorPage } from './routes/RouteErrorPage';

/** Redirect-only routes still need a component, or the router warns about an empty leaf. */
const Nothing = () => null;

// Loaded when first shown: Result's illustrations and Card (with Tabs, Dropdown, Menu) stay out
// of the entry chunk every route downloads.
const notFound = withChunkTimeout(() => import('./routes/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })));
const placeholder = (title: string) =>
  withChunkTimeout(() => import('../components/ScreenCard').then((m) => ({ Component: () => <m.ScreenPlaceholder title={title} /> })));

const isMobile = (): boolean => isMobileUserAgent(navigator.userAgent);

// Each screen has its own error boundary, rendered inside the management layout (see ScreenErrorPage).
const managementChildren: RouteObject[] = [
  { index: true, loader: () => redirect(`${MANAGEMENT_BASE}/${DEFAULT_TAB}`), Component: Nothing },
  ...MANAGEMENT_SCREENS.map((screen): RouteObject => {
    const load = SCREEN_LOADERS[screen.path];
    const handle: RouteHandle = { screen };
    return load
      ? { path: screen.path, handle, ErrorBoundary: ScreenErrorPage, lazy: withChunkTimeout(async () => ({ Component: await load() })) }
      : { path: screen.path, handle, ErrorBoundary: ScreenErrorPage, lazy: placeholder(screen.title) };
  }),
  { path: '*', ErrorBoundary: ScreenErrorPage, lazy: notFound },
];

const publicChildren: RouteObject[] = [
  // SPEC §1: phones opening the site are sent to the mobile home page.
  { index: true, loader: () => redirect(isMobile() ? '/mobileindex' : '/home'), Component: Nothing },
  ...PUBLIC_ROUTES.map((route): RouteObject => {
    const page = PUBLIC_PAGES[route.path];
    const handle: RouteHandle = { publicRoute: route };
    // The map search's filters go along (/mobileindex reads the same ones).
    const loader = route.path === 'index' ? ({ request }: LoaderFunctionArgs) => (isMobile() ? redirect(`/mobileindex${new URL(request.url).search}`) : null) : undefined;
    return page
      ? { path: route.path, handle, loader, lazy: withChunkTimeout(page) }
      : { path: route.path, handle, loader, lazy: placeholder(route.title) };
  }),
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: InitialLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: '/login',
        lazy: withChunkTimeout(() => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage }))),
      },
      {
        path: '/TimeOut',
        lazy: withChunkTimeout(() => import('./routes/TimeOutPage').then((m) => ({ Component: m.TimeOutPage }))),
      },
      {
        // Phone pages: their own frame (SPEC §9 root font), outside the desktop public shell.
        lazy: withChunkTimeout(() => import('../features/mobile/MobileLayout').then((m) => ({ Component: m.MobileLayout }))),
        children: [
          {
            path: '/mobileindex',
            lazy: withChunkTimeout(() => import('../features/mobile/MobileIndexPage').then((m) => ({ Component: m.MobileIndexPage }))),
          },
          {
            path: '/mobileMoreDetails/:id',
            lazy: withChunkTimeout(() => import('../features/mobile/MobileDetailsPage').then((m) => ({ Component: m.MobileDetailsPage }))),
          },
          {
            path: '/xcxmobileMoreDetails/:id',
            lazy: withChunkTimeout(() => import('../features/mobile/MobileDetailsPage').then((m) => ({ Component: m.MiniProgramDetailsPage }))),
          },
          {
            path: '/mobileTzggDetail/:id',
            lazy: withChunkTimeout(() => import('../features/mobile/MobileNoticePage').then((m) => ({ Component: m.MobileNoticePage }))),
          },
        ],
      },
      {
        path: MANAGEMENT_BASE,
        // The layout checks again on every render; this stops the shell loading at all.
        loader: ({ request }) => {
          if (getToken()) return null;
          const url = new URL(request.url);
          return redirect(loginHref(url.pathname + url.search));
        },
        lazy: withChunkTimeout(() =>
          import('./management/ManagementLayout').then((m) => ({ Component: m.ManagementLayout })),
        ),
        children: managementChildren,
      },
      {
        path: '/',
        lazy: withChunkTimeout(() => import('./public/PublicLayout').then((m) => ({ Component: m.PublicLayout }))),
        children: publicChildren,
      },
      { path: '*', lazy: notFound },
    ],
  },
];

showLoadFailures(routes);

export const router = createBrowserRouter(routes);

setNavigator((to, options) => {
  void router.navigate(to, options);
});
