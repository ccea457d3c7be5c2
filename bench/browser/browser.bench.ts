/**
 * The public site in headless Chromium (Debian's, flags of e2e/harness.ts) on generated
 * parcels: time until the map search (/index) has drawn parcels (the map element gets
 * data-parcels-drawn once a render with parcels completes; above the mapTileThreshold setting
 * they come from vector tiles), and Lighthouse's performance score of the home page, the map
 * and a parcel's detail page (mobile preset, Lighthouse's default, and desktop).
 * Goals: parcels drawn ≤ 1.5 s; performance ≥ 90.
 *
 *   npm run build && npm run bench:browser -w @land/bench
 *   BENCH_PARCELS=100000 BENCH_RUNS=3 npm run bench:browser -w @land/bench
 *   BENCH_DB=postgres BENCH_LIGHTHOUSE=0 npm run bench:browser -w @land/bench   # parcels drawn only
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { PARCELS, ROOT, benchDatabase, fmt, startPlatform } from '../search/common';

// The page's global, for the functions that run in the browser (no DOM types in this program).
declare const document: { querySelector(selector: string): unknown };

// Debian's Chromium with the browser tests' flags. e2e/harness.ts is typed against the DOM, which
// this Node-side program leaves out, so it is loaded by a specifier the compiler does not follow.
const HARNESS = '../../e2e/harness.ts';
const { CHROMIUM, CHROMIUM_ARGS } = (await import(HARNESS)) as { CHROMIUM: string; CHROMIUM_ARGS: string[] };

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIALECT = (process.env.BENCH_DB ?? 'sqlite').split(',')[0] as 'sqlite' | 'postgres';
const WEB_DIST = path.join(ROOT, 'packages/web/dist');

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('packages/web/dist is missing: run `npm run build` first');

const db = await benchDatabase(DIALECT);
const parcel = await sql<{ id: string }>`select id from t_landinfo where status = 'published' order by id limit 1`.execute(db.handle.db);
const detailId = parcel.rows[0]?.id;
await db.handle.destroy();
const platform = await startPlatform(db, { WEB_DIST });

try {
  // ------------------------------------------------------------------ parcels drawn
  console.log(`\n[${DIALECT}] ${PARCELS.toLocaleString()} parcels: time from navigation to parcels drawn on /index (${RUNS} runs, fresh browser context each)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${platform.url}/index`);
      const handle = await page.waitForFunction(() => (document.querySelector('[data-parcels-drawn]') ? performance.now() : null), null, {
        polling: 'raf',
        timeout: 60_000,
      });
      const ms = Number(await handle.jsonValue());
      const mode = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/tiles/parcels/')).length);
      times.push(ms);
      console.log(`  run ${run + 1}${run === 0 ? ' (server cold)' : ''}: ${fmt(ms, 0)} ms  (${mode ? `${mode} tiles requested` : 'GeoJSON'})`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`  median ${fmt(sorted[Math.floor(sorted.length / 2)], 0)} ms, worst ${fmt(sorted[sorted.length - 1], 0)} ms  (goal ≤ 1500 ms)`);

  // ------------------------------------------------------------------ Lighthouse (BENCH_LIGHTHOUSE=0 leaves it out)
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    const pages: [string, string][] = [
      ['home', '/'],
      ['map', '/index'],
      ...(detailId ? ([['parcel detail', `/mapMoreDetails/${encodeURIComponent(detailId)}`]] as [string, string][]) : []),
    ];
    console.log('\nLighthouse performance (score; FCP, LCP, TBT, CLS, Speed Index)');
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    try {
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
        for (const [name, route] of pages) {
          const result = await lighthouse(`${platform.url}${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' }, config);
          const lhr = result?.lhr;
          if (!lhr) {
            console.log(`  ${preset.padEnd(8)} ${name.padEnd(14)} no result`);
            continue;
          }
          if (lhr.runtimeError) {
            console.log(`  ${preset.padEnd(8)} ${name.padEnd(14)} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
            continue;
          }
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
          console.log(
            `  ${preset.padEnd(8)} ${name.padEnd(14)} ${String(score).padStart(3)}   FCP ${fmt(audit('first-contentful-paint') / 1000)} s  LCP ${fmt(audit('largest-contentful-paint') / 1000)} s  ` +
              `TBT ${fmt(audit('total-blocking-time'), 0)} ms  CLS ${fmt(audit('cumulative-layout-shift'), 3)}  SI ${fmt(audit('speed-index') / 1000)} s`,
          );
        }
      }
    } finally {
      chrome.kill();
    }
  }
  console.log('\nGoals: parcels drawn ≤ 1.5 s; Lighthouse performance ≥ 90.');
} finally {
  await platform.stop();
}
process.exit(0);
