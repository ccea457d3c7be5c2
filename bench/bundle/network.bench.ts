/**
 * JavaScript a phone downloads per public route, measured in the browser (bundle.bench.ts counts
 * the same from the Vite manifest, before any page runs): Debian's Chromium with the browser
 * tests' flags at a 412 px wide viewport (a phone's, with the browser's own user agent so that
 * `/` and `/index` are not sent on to the mobile pages), a fresh context per route, no
 * interaction; every response the browser classes as a script until the network is idle
 * (500 ms without a request), counted as sent: CDP Network.loadingFinished encodedDataLength
 * (compressed body plus headers). Server on the demo data (or BENCH_PARCELS, see
 * bench/lighthouse/site.ts). Goals of issue 14: ≤ 150 KiB on every public route but the map
 * search, ≤ 270 KiB there.
 *
 *   npm run build && npm run bench:bundle:network -w @land/bench
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { fmt } from '../search/common';
import { CHROMIUM, CHROMIUM_ARGS, samplePages, startSite } from '../lighthouse/site';

const KiB = 1024;
const PUBLIC_GOAL = 150;
const MAP_GOAL = 270;

const site = await startSite();
try {
  const s = await samplePages(site);
  const id = encodeURIComponent;
  const routes: [string, string | undefined][] = [
    ['/home', '/home'],
    ['/index', '/index'],
    ['/search/{q}', `/search/${id('工业')}`],
    ['/mapMoreDetails/{id}', `/mapMoreDetails/${id(s.available)}`],
    ['/gkzzMoreDetails/{id}', `/gkzzMoreDetails/${id(s.available)}`],
    ['/mapMoreGpggDetails/{id}', s.listed && `/mapMoreGpggDetails/${id(s.listed)}`],
    ['/landTransactionDetails/{id}', s.deal && `/landTransactionDetails/${id(s.deal)}`],
    ['/plotContrastTable/{ids}', `/plotContrastTable/${id(s.available)}`],
    ['/popularInquiries', '/popularInquiries'],
    ['/tzggDetail/{id}', s.notice && `/tzggDetail/${id(s.notice)}`],
    ['/policiesRegulations', '/policiesRegulations'],
    ['/pqList', '/pqList'],
    ['/zhongdianxiangmu', '/zhongdianxiangmu'],
    ['/mobileindex', '/mobileindex'],
    ['/mobileMoreDetails/{id}', `/mobileMoreDetails/${id(s.available)}`],
    ['/mobileTzggDetail/{id}', s.notice && `/mobileTzggDetail/${id(s.notice)}`],
  ];
  console.log(`JavaScript downloaded until network idle, 412 px viewport, no interaction, ${site.data}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  try {
    for (const [label, route] of routes) {
      if (!route) continue;
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Set<string>();
      const bytes = new Map<string, number>();
      let requests = 0;
      cdp.on('Network.requestWillBeSent', () => (requests += 1));
      cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
        if (e.type === 'Script') scripts.add(e.requestId);
      });
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => bytes.set(e.requestId, e.encodedDataLength));
      await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle', timeout: 120_000 });
      const js = [...scripts].reduce((n, r) => n + (bytes.get(r) ?? 0), 0);
      const goal = label === '/index' ? MAP_GOAL : PUBLIC_GOAL;
      rows.push([label, `${fmt(js / KiB)} KiB`, String(scripts.size), String(requests), `${goal} KiB`, js <= goal * KiB ? 'met' : `MISSED ×${(js / (goal * KiB)).toFixed(2)}`]);
      console.log(`  ${label.padEnd(30)} ${fmt(js / KiB).padStart(8)} KiB in ${scripts.size} scripts (${requests} requests)`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const head = ['route', 'JS as sent', 'scripts', 'requests', 'goal', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(head)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const r of rows) console.log(line(r));
} finally {
  await site.stop();
}
process.exit(0);
