import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      // Pure code of the web app (chart options drawn by ECharts' server-side renderer).
      { test: { name: 'web', include: ['packages/web/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          // security.dos.test.ts collects the heap before measuring a request's peak memory.
          execArgv: ['--expose-gc'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Browser flows depend on animation timing; one retry absorbs a rare slow frame, and a
          // test that fails twice still fails the run.
          retry: 1,
        },
      },
    ],
  },
});
