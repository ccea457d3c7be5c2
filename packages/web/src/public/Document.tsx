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
import { preloadModule } from 'react-dom';

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
  // each one up in the document cost a phone tens of milliseconds of hydration).
  if (typeof document === 'undefined') for (const src of assets.scripts) preloadModule(src, { as: 'script' });
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
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
