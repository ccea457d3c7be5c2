import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

// Where the dev server forwards API calls; override with API_TARGET=http://host:port.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/openApi', '/virtualPath', '/docs', '/healthz'];

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Brotli (quality 11) and gzip (level 9) copies of the hashed assets, made once at build time; the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'land:precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    writeBundle(options) {
      const dir = path.join(options.dir ?? path.join(root, 'dist'), 'assets');
      for (const name of fs.readdirSync(dir)) {
        if (!/\.(js|css|svg|json|wasm)$/.test(name)) continue;
        const file = path.join(dir, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const slashed = (id: string) => id.replaceAll('\\', '/');

/** Modules of the public site's shell chunk (paths with forward slashes). */
const PUBLIC_SHELL = [
  // Not the entry (public/boot, which loads public/entry-client, which starts the page when it
  // runs), nor the public site's element defaults (public-ui/base.css): they stay in their own
  // chunks, so that a page of the client-rendered app that imports a shell module neither starts
  // hydrating nor gets them.
  /\/web\/src\/public\/(?!entry-client\.|boot\.)/,
  /\/web\/src\/public-ui\/(?!icons\/|Icon\.tsx|base\.css)/,
  // Not the desktop pages' layout (app/public/PublicLayout, header, menu and footer): the phone
  // pages never render it, so it is a chunk of its own that only the desktop pages load.
  /\/web\/src\/features\/visitor\//,
  /\/web\/src\/features\/public-site\/(api|ui|ParcelCard)\./,
];

const PUBLIC_DATA = /\/web\/src\/features\/(public-map\/(api|format|colors)|visitor\/(savedSearches|request|session|auth-prompt))\.|\/shared\/src\/mapColors\./;

const MOBILE_SHELL = /\/web\/src\/features\/mobile\/(MobileLayout|mobile\.module|chrome|paths|wechat-share)\./;

/** Small modules the back office and the public site share. */
const APP_COMMON = [
  /\/web\/src\/lib\/(files|responsive-image|notify|navigation|lazy-routes|transport|session|request|query-client)\./,
  /\/web\/src\/app\/(route-handle\.|global\.css)/,
  /\/web\/src\/components\/KeepAliveOutlet\./,
  /\/shared\/src\/(jitless|constants|api|helpers|routes|images|lifecycle)\./,
];

const ICON = /\/web\/src\/public-ui\/(icons\/|Icon\.tsx)/;

function inPublicShell(id: string, ctx: ChunkingContext): boolean {
  const path = slashed(id);
  if (PUBLIC_SHELL.some((re) => re.test(path))) return true;
  // An icon drawn by one module only stays with it (in that page's chunk).
  return ICON.test(path) && (ctx.getModuleInfo(id)?.importers.length ?? 0) > 1;
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
  },
  build: isSsrBuild
    ? {
        // The server render of the public site (public/entry-server), loaded by the API server;
        // outside dist, so it is never served as a file. `vite build --ssr` (see package.json).
        ssr: true,
        rolldownOptions: { input: `${root}src/public/entry-server.tsx` },
        outDir: 'dist-ssr',
        copyPublicDir: false,
        emptyOutDir: true,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The manifest tells the server which files each public route needs (announced in its HTML) and
        // lets bench/bundle and the budget test measure each route's initial JavaScript.
        manifest: true,
        // OpenLayers, ECharts and the panorama viewer are large but lazily loaded.
        chunkSizeWarningLimit: 1500,
        rolldownOptions: {
          // The back office (index.html) and the server-rendered public site (public/boot, which
          // loads public/entry-client once the page has been painted).
          input: {
            main: `${root}index.html`,
            public: `${root}src/public/boot.ts`,
            // The map search's early script (public/routes.tsx FIRST_TILES_SCRIPT): no imports, so it runs as soon as it arrives.
            'first-tiles': `${root}src/features/public-map/ol/first-tiles.ts`,
          },
          output: {
            codeSplitting: {
              groups: [
                // Vite's helper behind every lazy import(), alone: the public pages' boot script
                // needs nothing else before the first paint (in app-common it brought React along).
                { name: 'preload-helper', test: /vite\/preload-helper/, priority: 5 },
                // React, the router and the query cache: every route needs them and they change
                // rarely, so one long-cached chunk.
                {
                  name: 'vendor-react',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
                  priority: 4,
                },
                // Small modules the back office and the public site share (API client, session,
                // routes, formats): one chunk. Before the public shell, which would otherwise take
                // them in as its dependencies and make the back office load it.
                {
                  name: 'app-common',
                  test: (id: string) => APP_COMMON.some((re) => re.test(slashed(id))),
                  priority: 3,
                },
                // The public site's API calls, formats and colours and the visitor's session: nearly
                // every public page uses them, and so do back-office screens (the maps they share
                // with the public site, the visitors' saved searches in messaging), which must not
                // load the public shell for them.
                {
                  name: 'public-data',
                  test: (id: string) => PUBLIC_DATA.test(slashed(id)),
                  priority: 2,
                },
                // The server-rendered public site's shell: its entry, route table and root, the
                // public UI kit, the visitor menu, the small public helpers every public page uses
                // and the icons more than one module draws. One file instead of some twenty of
                // 0.3–3 KiB each (issue 14); the back office imports none of it. The pages stay in
                // their own lazy chunks, each with the icons only it draws.
                {
                  name: (id: string, ctx: ChunkingContext) => (inPublicShell(id, ctx) ? 'public-shell' : null),
                  debugName: 'public-shell',
                  priority: 1,
                },
                // The phone pages' frame (layout, header, share data, paths), after the public
                // shell so that what both use stays in the shell.
                {
                  name: 'mobile-shell',
                  test: (id: string) => MOBILE_SHELL.test(slashed(id)),
                  priority: 0,
                },
                // antd is left to the automatic splitting: each route gets the components it
                // renders. (One "antd" chunk put Table, Form and the pickers into every public page.)
              ],
            },
          },
        },
      },
}));
