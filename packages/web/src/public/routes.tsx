/**
 * The route table of the server-rendered public site (SPEC §2 public and mobile routes), used by
 * the server render (entry-server) and the browser (entry-client) alike. Each page names the
 * source file of its chunk (`source`), so the server can announce the page's script files in its
 * HTML from the Vite manifest (see Document's scriptsAfterPaint). The back office is not here: its paths, and
 * public pages still listed in PENDING_SSR_ROUTES, are left with a full page load to the
 * client-rendered app.
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { matchRoutes, redirect, redirectDocument } from 'react-router';
import { PUBLIC_ROUTES, isMobileUserAgent, type PublicRoute } from '@land/shared/routes';
import { PENDING_SSR_ROUTES } from './pending';
import { NotFoundPage } from './NotFoundPage';
import { PageError } from './PageError';
import { PublicRoot } from './PublicRoot';

export interface PublicRouteHandle {
  publicRoute?: PublicRoute;
  /** Vite source path of the module that renders this route (manifest key). */
  source?: string;
  /** Lazily imported modules the first view needs at once (announced with the page's own scripts). */
  preload?: string[];
  /** Scripts of their own (no imports) that run as soon as the HTML is parsed, before the app. */
  early?: string[];
  /** Not server-rendered yet: a full page load to the client-rendered app. */
  pending?: boolean;
}

type PageModule = () => Promise<{ Component: ComponentType }>;

interface PageDef {
  source: string;
  load: PageModule;
  preload?: string[];
  early?: string[];
}

const page = (source: string, load: PageModule, preload?: string[], early?: string[]): PageDef => ({ source, load, preload, early });

/** The map search's early script (no imports; its own entry of the build). */
export const FIRST_TILES_SCRIPT = 'src/features/public-map/ol/first-tiles.ts';

const parcelDetail = () => import('../features/public-site/parcel/ParcelDetailPage');
const PARCEL_DETAIL = 'src/features/public-site/parcel/ParcelDetailPage.tsx';

/** The converted public pages, by SPEC §2 path. */
const PAGES: Record<string, PageDef> = {
  // The map search's map is its first view on a desktop: its code (OpenLayers) is fetched with the page's, not after hydration.
  // Its first parcel tiles are asked for by a script of their own while OpenLayers loads (issue 14 "the map first").
  index: page(
    'src/features/public-map/MapSearchPage.tsx',
    () => import('../features/public-map/MapSearchPage').then((m) => ({ Component: m.MapSearchPage })),
    ['src/features/public-map/MapSearchMap.tsx'],
    [FIRST_TILES_SCRIPT],
  ),
  home: page('src/features/public-site/home/HomePage.tsx', () => import('../features/public-site/home/HomePage').then((m) => ({ Component: m.HomePage }))),
  'mapMoreDetails/:id': page(PARCEL_DETAIL, () => parcelDetail().then((m) => ({ Component: m.AvailableParcelPage }))),
  'gkzzMoreDetails/:id': page(PARCEL_DETAIL, () => parcelDetail().then((m) => ({ Component: m.AvailableParcelPage }))),
  'mapMoreGpggDetails/:id': page(PARCEL_DETAIL, () => parcelDetail().then((m) => ({ Component: m.ListedParcelPage }))),
  'landTransactionDetails/:id': page(PARCEL_DETAIL, () => parcelDetail().then((m) => ({ Component: m.DealParcelPage }))),
  gdjhMapIndex: page('src/features/public-map/SupplyPlanMapPage.tsx', () => import('../features/public-map/SupplyPlanMapPage').then((m) => ({ Component: m.SupplyPlanMapPage }))),
  clkcrtd: page('src/features/public-map/StockLandMapPage.tsx', () => import('../features/public-map/StockLandMapPage').then((m) => ({ Component: m.StockLandMapPage }))),
  landListing: page('src/features/public-site/trade/LandListingPage.tsx', () => import('../features/public-site/trade/LandListingPage').then((m) => ({ Component: m.LandListingPage }))),
  jiaoyixinxi: page('src/features/public-site/trade/TransactionInfoPage.tsx', () => import('../features/public-site/trade/TransactionInfoPage').then((m) => ({ Component: m.TransactionInfoPage }))),
  personalCenter: page('src/features/public-site/personal/PersonalCenterPage.tsx', () => import('../features/public-site/personal/PersonalCenterPage').then((m) => ({ Component: m.PersonalCenterPage }))),
  landDeal: page('src/features/public-site/trade/LandDealPage.tsx', () => import('../features/public-site/trade/LandDealPage').then((m) => ({ Component: m.LandDealPage }))),
  'plotContrastTable/:plotList': page('src/features/public-site/parcel/ComparePage.tsx', () => import('../features/public-site/parcel/ComparePage').then((m) => ({ Component: m.ComparePage }))),
  'search/:searchValue': page('src/features/public-site/search/SearchPage.tsx', () => import('../features/public-site/search/SearchPage').then((m) => ({ Component: m.SearchPage }))),
  secondMarket: page('src/features/public-site/market/SecondMarketPage.tsx', () => import('../features/public-site/market/SecondMarketPage').then((m) => ({ Component: m.SecondMarketPage }))),
  'secondMarketDetail/:id': page('src/features/public-site/market/SecondMarketDetailPage.tsx', () => import('../features/public-site/market/SecondMarketDetailPage').then((m) => ({ Component: m.SecondMarketDetailPage }))),
  popularInquiries: page('src/features/public-site/notices/NoticeListPage.tsx', () => import('../features/public-site/notices/NoticeListPage').then((m) => ({ Component: m.NoticeListPage }))),
  'tzggDetail/:id': page('src/features/public-site/notices/NoticeDetailPage.tsx', () => import('../features/public-site/notices/NoticeDetailPage').then((m) => ({ Component: m.NoticeDetailPage }))),
  policiesRegulations: page('src/features/public-site/policies/PoliciesPage.tsx', () => import('../features/public-site/policies/PoliciesPage').then((m) => ({ Component: m.PoliciesPage }))),
  zhongdianxiangmu: page('src/features/public-site/projects/KeyProjectsPage.tsx', () => import('../features/public-site/projects/KeyProjectsPage').then((m) => ({ Component: m.KeyProjectsPage }))),
  tuijiejihua: page('src/features/public-site/projects/LeasingPage.tsx', () => import('../features/public-site/projects/LeasingPage').then((m) => ({ Component: m.LeasingPage }))),
  pqList: page('src/features/public-site/districts/DistrictListPage.tsx', () => import('../features/public-site/districts/DistrictListPage').then((m) => ({ Component: m.DistrictListPage }))),
  'pqPositionDetail/:name': page('src/features/public-site/districts/DistrictDetailPage.tsx', () => import('../features/public-site/districts/DistrictDetailPage').then((m) => ({ Component: m.DistrictDetailPage }))),
  enteringNewArea: page('src/features/public-site/about/EnteringNewAreaPage.tsx', () => import('../features/public-site/about/EnteringNewAreaPage').then((m) => ({ Component: m.EnteringNewAreaPage }))),
  landPromotion: page('src/features/public-site/about/LandPromotionPage.tsx', () => import('../features/public-site/about/LandPromotionPage').then((m) => ({ Component: m.LandPromotionPage }))),
  regionalPosition: page('src/features/public-site/about/RegionalPositionPage.tsx', () => import('../features/public-site/about/RegionalPositionPage').then((m) => ({ Component: m.RegionalPositionPage }))),
  consultingServices: page('src/features/public-site/consulting/ConsultingPage.tsx', () => import('../features/public-site/consulting/ConsultingPage').then((m) => ({ Component: m.ConsultingPage }))),
};

/** The converted mobile pages, by absolute path. */
const mobileDetails = () => import('../features/mobile/MobileDetailsPage');
const MOBILE_DETAILS = 'src/features/mobile/MobileDetailsPage.tsx';

const MOBILE_PAGES: Record<string, PageDef> = {
  '/mobileindex': page('src/features/mobile/MobileIndexPage.tsx', () => import('../features/mobile/MobileIndexPage').then((m) => ({ Component: m.MobileIndexPage }))),
  '/mobileMoreDetails/:id': page(MOBILE_DETAILS, () => mobileDetails().then((m) => ({ Component: m.MobileDetailsPage }))),
  '/xcxmobileMoreDetails/:id': page(MOBILE_DETAILS, () => mobileDetails().then((m) => ({ Component: m.MiniProgramDetailsPage }))),
  '/mobileTzggDetail/:id': page('src/features/mobile/MobileNoticePage.tsx', () => import('../features/mobile/MobileNoticePage').then((m) => ({ Component: m.MobileNoticePage }))),
};

const MOBILE_PATHS = ['/mobileindex', '/mobileMoreDetails/:id', '/xcxmobileMoreDetails/:id', '/mobileTzggDetail/:id'];

const BACK_OFFICE_PREFIXES = ['/managementSystem', '/login', '/TimeOut'];

function userAgentOf(request: Request): string {
  return request.headers.get('user-agent') ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

const isBrowser = typeof document !== 'undefined';

/** A page of the client-rendered app: reload the document (the server answers with index.html). */
function fullLoad({ request }: LoaderFunctionArgs) {
  if (!isBrowser) throw new Error(`${new URL(request.url).pathname} is not server-rendered`);
  return redirectDocument(new URL(request.url).pathname + new URL(request.url).search);
}

function pageRoute(path: string, def: PageDef | undefined, handle: PublicRouteHandle): RouteObject {
  if (!def || PENDING_SSR_ROUTES.includes(path)) return { path, handle: { ...handle, pending: true }, loader: fullLoad, Component: Nothing };
  // SPEC §1: phones opening the map search get the mobile home page with the same filters (the
  // server does this before rendering; this covers client-side navigation to /index).
  const loader =
    path === 'index' ? ({ request }: LoaderFunctionArgs) => (isMobileUserAgent(userAgentOf(request)) ? redirect(`/mobileindex${new URL(request.url).search}`) : null) : undefined;
  return {
    path,
    handle: { ...handle, source: def.source, ...(def.preload ? { preload: def.preload } : {}), ...(def.early ? { early: def.early } : {}) },
    loader,
    lazy: def.load,
    // A page whose data or scripts did not arrive says so inside the site's header and footer.
    ErrorBoundary: PageError,
  };
}

/** Redirect-only and full-load routes still need a component, or the router warns about an empty leaf. */
const Nothing = () => null;

export const publicRoutes: RouteObject[] = [
  {
    id: 'public-root',
    Component: PublicRoot,
    ErrorBoundary: PageError,
    children: [
      {
        id: 'mobile-layout',
        handle: { source: 'src/features/mobile/MobileLayout.tsx' } satisfies PublicRouteHandle,
        lazy: () => import('../features/mobile/MobileLayout').then((m) => ({ Component: m.MobileLayout })),
        ErrorBoundary: PageError,
        children: MOBILE_PATHS.map((path) => pageRoute(path, MOBILE_PAGES[path], {})),
      },
      {
        id: 'public-layout',
        path: '/',
        handle: { source: 'src/app/public/PublicLayout.tsx' } satisfies PublicRouteHandle,
        lazy: () => import('../app/public/PublicLayout').then((m) => ({ Component: m.PublicLayout })),
        ErrorBoundary: PageError,
        children: [
          // SPEC §1: phones opening the site are sent to the mobile home page (the server does this
          // before rendering; this covers client-side navigation to "/").
          { index: true, loader: ({ request }) => redirect(isMobileUserAgent(userAgentOf(request)) ? '/mobileindex' : '/home'), Component: Nothing },
          ...PUBLIC_ROUTES.map((route) => pageRoute(route.path, PAGES[route.path], { publicRoute: route })),
        ],
      },
      // Back-office paths and anything unknown: in the browser a full load (the server knows which
      // is which); on the server only unknown paths arrive here and get the 404 page.
      { path: '*', loader: ({ request }) => (isBrowser ? fullLoad({ request, params: {}, context: undefined } as LoaderFunctionArgs) : null), Component: NotFoundPage },
    ],
  },
];

export type PublicRender = 'ssr' | 'app';

/** Whether the server renders `pathname` here ('ssr') or answers with the client-rendered app. */
export function renderModeOf(pathname: string): PublicRender {
  if (BACK_OFFICE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return 'app';
  const matches = matchRoutes(publicRoutes, pathname);
  const leaf = matches?.[matches.length - 1];
  return (leaf?.route.handle as PublicRouteHandle | undefined)?.pending ? 'app' : 'ssr';
}
