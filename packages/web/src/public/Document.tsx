/**
 * The whole HTML document of a server-rendered public page. React renders and hydrates all of it,
 * so page heads (<title>, share cards: see head.tsx), the page's styles and the script preloads of
 * its chunks are hoisted into <head> by React itself.
 *
 * The stylesheets of the page's chunks come inline (issue 14): no stylesheet request holds up the
 * first paint. React writes each as <style data-href> on the server and adopts that element when
 * hydrating (it matches by href and ignores the children, so the browser needs no copy of the
 * CSS). Beside each goes a disabled <link rel="stylesheet"> of the same file, which the browser
 * does not fetch: Vite's loader of lazy chunks counts it as already loaded, so client-side
 * navigation neither fetches that CSS again nor appends it after the next page's own (which would
 * change the cascade).
 */
import { Fragment, type ReactNode } from 'react';
import { scriptSafeJson } from './serialize';

export interface PageAssets {
  /** The page's first script (public/boot), which starts the app once the page has been painted. */
  boot: string;
  /** What the boot script imports (Vite's lazy-import helper, the bundler's runtime): preloaded beside it at low priority, not found after it. */
  bootImports: string[];
  /** Script files of the app's and the page's chunks (the app's entry first), announced in the HTML: see scriptsAfterPaint. */
  scripts: string[];
  /** Stylesheets of those chunks, inlined. */
  styles: string[];
  /** Scripts with no imports that run as soon as they arrive, before the app (routes.tsx `early`). */
  early?: string[];
}

export const DATA_ELEMENT_ID = 'ssr-data';
/** The list of the page's script files that public/boot preloads after the first paint (boot names the same id). */
export const SCRIPTS_ELEMENT_ID = 'ssr-scripts';

/**
 * Whether the page's scripts wait for its first paint: on every page but the map search, whose map
 * is drawn by script (the only page with `early` scripts; it announces its scripts as
 * modulepreload, fetched at once). The server's HTML holds the page, so its first paint needs no
 * script; fetched during the parse, the app's 140 KiB took a phone's bandwidth from the document
 * and its picture, and Lighthouse's simulation counted every one of them that arrived before the
 * largest paint as holding it up (ES module chunks are evaluated under their importer, so it cannot
 * tell they were not). Listed in the HTML, they are still requested in one round.
 */
export const scriptsAfterPaint = (assets: PageAssets): boolean => !assets.early?.length;

/** `disabled` on a stylesheet link (not in React's link attribute types): the browser does not fetch it. */
const NOT_FETCHED = { disabled: true };

interface DocumentProps {
  assets: PageAssets;
  /** The embedded data, already escaped for a script element (see serialize.ts). */
  dataJson: string;
  /** The text of a stylesheet, on the server; the browser keeps what the server sent. */
  styleText?: (href: string) => string;
  children: ReactNode;
}

export function PublicDocument({ assets, dataJson, styleText, children }: DocumentProps) {
  // The server announces them in the HTML; in the browser they are loaded already (and looking
  // each one up in the document cost a phone tens of milliseconds of hydration). Links in <head>
  // are hoisted by React, not hydrated in place, so the browser's render may leave them out. The
  // list for boot is an element like any other, rendered alike on both sides.
  const afterPaint = scriptsAfterPaint(assets);
  const preloads = typeof document === 'undefined' && !afterPaint ? assets.scripts : [];
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {(typeof document === 'undefined' && afterPaint ? assets.bootImports : []).map((src) => (
          <link key={src} rel="modulepreload" href={src} fetchPriority="low" />
        ))}
        {preloads.map((src) => (
          <link key={src} rel="modulepreload" href={src} />
        ))}
        {assets.early?.map((src) => <script key={src} type="module" src={src} async fetchPriority="high" />)}
        {afterPaint && <script type="application/json" id={SCRIPTS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: scriptSafeJson(assets.scripts) }} />}
        {assets.styles.map((href) => (
          <Fragment key={href}>
            <style href={href} precedence="default">
              {styleText?.(href) ?? ''}
            </style>
            <link rel="stylesheet" href={href} {...NOT_FETCHED} />
          </Fragment>
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        {/* JSON, not a script: the Content-Security-Policy allows no inline scripts. */}
        <script type="application/json" id={DATA_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: dataJson }} />
      </body>
    </html>
  );
}
