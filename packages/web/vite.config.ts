import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Where the dev server forwards API calls; override with API_TARGET=http://host:port.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/openApi', '/virtualPath', '/docs', '/healthz'];

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
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
