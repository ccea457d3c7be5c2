/**
 * The whole HTML document of a server-rendered public page. React renders and hydrates all of it,
 * so page heads (<title>, share cards: see head.tsx) and the stylesheets and script preloads of the
 * page's chunks are hoisted into <head> by React itself.
 */
import type { ReactNode } from 'react';
import { preloadModule } from 'react-dom';

export interface PageAssets {
  /** Script files of the page's chunks (the entry first): announced as modulepreload. */
  scripts: string[];
  /** Stylesheets of those chunks. */
  styles: string[];
  /** Scripts with no imports that run as soon as they arrive, before the app (routes.tsx `early`). */
  early?: string[];
}

export const DATA_ELEMENT_ID = 'ssr-data';

interface DocumentProps {
  assets: PageAssets;
  /** The embedded data, already escaped for a script element (see serialize.ts). */
  dataJson: string;
  children: ReactNode;
}

export function PublicDocument({ assets, dataJson, children }: DocumentProps) {
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
          <link key={href} rel="stylesheet" href={href} precedence="default" />
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
