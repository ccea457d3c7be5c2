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

export interface PageAssets {
  /** The page's first script (public/boot), which starts the app once the page has been painted. */
  boot: string;
  /** Script files of the app's and the page's chunks (the app's entry first): announced as modulepreload. */
  scripts: string[];
  /** Stylesheets of those chunks, inlined. */
  styles: string[];
  /** Scripts with no imports that run as soon as they arrive, before the app (routes.tsx `early`). */
  early?: string[];
}

/**
 * The fetch priority of the page's modulepreloads. The server's HTML already holds the page, so
 * the app's scripts are not needed for its first paint: at low priority they leave the phone's
 * bandwidth to the document and the page's largest picture (requested with high priority), and a
 * browser (or Lighthouse's simulation, which counts every high-priority script that arrives before
 * the first paint as blocking it) does not wait for them. A page whose content is drawn by script
 * (the map search, the only one with `early` scripts) keeps them at the browser's default.
 */
export const scriptPriority = (assets: PageAssets): 'low' | undefined => (assets.early?.length ? undefined : 'low');

export const DATA_ELEMENT_ID = 'ssr-data';

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
  // are hoisted by React, not hydrated in place, so the browser's render may leave them out.
  const preloads = typeof document === 'undefined' ? assets.scripts : [];
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {preloads.map((src) => (
          <link key={src} rel="modulepreload" href={src} fetchPriority={scriptPriority(assets)} />
        ))}
        {assets.early?.map((src) => <script key={src} type="module" src={src} async fetchPriority="high" />)}
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
