import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
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
        // The manifest tells the server which files each public route needs (modulepreload) and
        // lets bench/bundle and the budget test measure each route's initial JavaScript.
        manifest: true,
        // OpenLayers, ECharts and the panorama viewer are large but lazily loaded.
        chunkSizeWarningLimit: 1500,
        rolldownOptions: {
          // The back office (index.html) and the server-rendered public site (public/entry-client).
          input: {
            main: `${root}index.html`,
            public: `${root}src/public/entry-client.tsx`,
            // The map search's early script (public/routes.tsx FIRST_TILES_SCRIPT): no imports, so it runs as soon as it arrives.
            'first-tiles': `${root}src/features/public-map/ol/first-tiles.ts`,
          },
          output: {
            codeSplitting: {
              groups: [
                // React, the router and the query cache: every route needs them and they change
                // rarely, so one long-cached chunk.
                {
                  name: 'vendor-react',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
                  priority: 3,
                },
                // antd is left to the automatic splitting: each route gets the components it
                // renders. (One "antd" chunk put Table, Form and the pickers into every public page.)
              ],
            },
          },
        },
      },
}));
