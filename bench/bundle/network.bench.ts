/**
 * JavaScript a phone downloads per public route, measured in the browser (bundle.bench.ts counts
 * the same from the Vite manifest, before any page runs) as e2e/scripts-sent.ts measures it, the
 * same measure the budget test of e2e/ssr.test.ts holds each route to: Debian's Chromium with the
 * browser tests' flags, 412 px wide, a fresh context per route, no interaction, script responses
 * until the network is idle, in bytes as sent (body and headers). Server on the demo data (or
 * BENCH_PARCELS, see bench/lighthouse/site.ts). Goals of issue 14: ≤ 150 KiB on every public
 * route but the map search, ≤ 270 KiB there.
 *
 *   npm run build && npm run bench:bundle:network -w @land/bench
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { fmt } from '../search/common';
import { KiB, measureScriptsSent, scriptBudgetOf } from '../../e2e/scripts-sent';
import { CHROMIUM, CHROMIUM_ARGS, samplePages, startSite } from '../lighthouse/site';

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
      const sent = await measureScriptsSent(browser, `${site.url}${route}`);
      const goal = scriptBudgetOf(route);
      const met = sent.bytes <= goal;
      rows.push([label, `${fmt(sent.bytes / KiB)} KiB`, String(sent.files.length), String(sent.requests), `${goal / KiB} KiB`, met ? 'met' : `MISSED ×${(sent.bytes / goal).toFixed(2)}`]);
      console.log(`  ${label.padEnd(30)} ${fmt(sent.bytes / KiB).padStart(8)} KiB in ${sent.files.length} scripts (${sent.requests} requests)`);
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
