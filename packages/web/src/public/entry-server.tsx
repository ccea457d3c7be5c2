/**
 * The server side of the public site, built by `vite build --ssr` and called by the API server
 * (packages/server/src/web/render.ts) for public paths. Renders the matched page with its data:
 * the page's queries run through the web API client, whose transport the server points at its own
 * public API in-process (with the visitor's cookies and headers), so the HTML holds exactly what
 * that API returns. React's prerender waits for every suspense query before the HTML is sent.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiFetch, type ApiFetch } from '../lib/transport';
import { drawChartSvg } from './chart-svg';
import type { EmbeddedData } from './data';
import { PublicDocument, type PageAssets } from './Document';
import { createPublicQueryClient, PublicProviders } from './providers';
import { publicRoutes, renderModeOf, type PublicRouteHandle } from './routes';
import { scriptSafeJson } from './serialize';
import type { RenderContext } from './ssr-context';

export { renderModeOf };

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The page's script (public/boot): loads CLIENT_ENTRY, the app, once the page has been painted. */
export const CLIENT_BOOT = 'src/public/boot.ts';
export const CLIENT_ENTRY = 'src/public/entry-client.tsx';

/** Stands for the embedded data while rendering; replaced once the cache is complete. */
const DATA_PLACEHOLDER = '__LAND_SSR_DATA__';

/**
 * Points the web API client at the server's in-process public API. Called once by the server with
 * a function that finds the current visitor's request itself (the server keeps that per render).
 */
export function setServerApiFetch(apiFetch: ApiFetch): void {
  setApiFetch(apiFetch);
}

/**
 * The script and style files of the app and `sources` and everything they import statically, the
 * app's entry first (announced in the HTML: see Document's scriptsAfterPaint); the page's boot script and `early` scripts apart.
 */
export function assetsOf(manifest: Manifest, sources: string[], early: string[] = []): PageAssets {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of [CLIENT_ENTRY, ...sources]) visit(source);
  const earlyScripts = early.flatMap((source) => (manifest[source] ? [`/${manifest[source].file}`] : []));
  const boot = manifest[CLIENT_BOOT];
  if (!boot) throw new Error(`the web build's manifest has no ${CLIENT_BOOT}`);
  const bootImports = (boot.imports ?? []).flatMap((key) => (manifest[key] ? [`/${manifest[key].file}`] : []));
  return { boot: `/${boot.file}`, bootImports, scripts, styles, ...(earlyScripts.length ? { early: earlyScripts } : {}) };
}

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** https://host of the site. */
  origin: string;
  /** The visitor's request headers (user-agent, cookie, accept-language). */
  headers: Record<string, string>;
  manifest: Manifest;
  /** The text of a built stylesheet (`/assets/….css`), inlined in the page. */
  styleText: (href: string) => string;
}

export type RenderResult = { redirect: string; status: number } | { status: number; html: string };

export async function render(req: RenderRequest): Promise<RenderResult> {
  const handler = createStaticHandler(publicRoutes);
  const request = new Request(new URL(req.url, req.origin), { headers: req.headers });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { redirect: context.headers.get('location') ?? '/', status: context.status };
  }
  const sources = context.matches.flatMap((m) => {
    const handle = m.route.handle as PublicRouteHandle | undefined;
    return [handle?.source, ...(handle?.preload ?? [])].filter((s): s is string => Boolean(s));
  });
  const early = context.matches.flatMap((m) => (m.route.handle as PublicRouteHandle | undefined)?.early ?? []);
  const assets = assetsOf(req.manifest, sources, early);
  const queryClient = createPublicQueryClient();
  const renderContext: RenderContext = { origin: req.origin, status: context.statusCode, drawChartSvg };
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <PublicDocument assets={assets} dataJson={DATA_PLACEHOLDER} styleText={req.styleText}>
        <PublicProviders queryClient={queryClient} context={renderContext} queries={{ mutations: [], queries: [] }}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PublicProviders>
      </PublicDocument>
    </StrictMode>,
    // Every boundary has completed when prerender resolves; an unlimited chunk size writes each one
    // in place, so the HTML needs no inline script (the Content-Security-Policy allows none) to show it.
    { bootstrapModules: [assets.boot], progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = await new Response(prelude).text();
  // prerender waited for every suspense query, so the cache now holds all the page showed.
  const data: EmbeddedData = { origin: req.origin, assets, queries: dehydrate(queryClient), loaderData: context.loaderData };
  html = html.replace(DATA_PLACEHOLDER, () => scriptSafeJson(data));
  return { status: renderContext.status, html };
}
