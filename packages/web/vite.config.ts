import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Where the dev server forwards API calls; override with API_TARGET=http://host:port.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const ANTD = /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|dayjs)[\\/]/;
const PROXIED_PREFIXES = ['/api', '/openApi', '/virtualPath', '/docs', '/healthz'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The vendor chunks are large but change rarely, so they stay cached across app releases.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
              priority: 3,
            },
            // What the first paint needs (ConfigProvider, App, Card, Spin, Result...).
            {
              name: 'vendor-antd',
              test: ANTD,
              tags: ['$initial'],
              priority: 2,
            },
            // Forms, tables, menus...: fetched with the first route that uses them.
            {
              name: 'vendor-antd-lazy',
              test: ANTD,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
