/**
 * The public site for the browser benchmarks of issue 14 (Lighthouse, JavaScript per route): the
 * real server as `npm start` runs it (compiled; see serverEntry) with the built web app, on the demo data
 * (a fresh DATA_DIR, the default) or, with BENCH_PARCELS=N, on the generated database of
 * bench/search/common.ts (made once and kept in bench/.cache). The pages to measure are found
 * through the public API, as a visitor's browser finds them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { samplePages } from '../../e2e/scripts-sent';
import { ADMIN_PASSWORD, ROOT, benchDatabase, serverEntry, startPlatform, startProcess, type Proc } from '../search/common';

export { samplePages };

export const WEB_DIST = path.join(ROOT, 'packages/web/dist');

// Debian's Chromium with the browser tests' flags. e2e/harness.ts is typed against the DOM, which
// these Node-side programs leave out, so it is loaded by a specifier the compiler does not follow.
const HARNESS = '../../e2e/harness.ts';
export const { CHROMIUM, CHROMIUM_ARGS } = (await import(HARNESS)) as { CHROMIUM: string; CHROMIUM_ARGS: string[] };

export interface Site {
  url: string;
  /** What the site holds: 'demo data' or 'N generated parcels'. */
  data: string;
  stop(): Promise<void>;
}

/** Starts the server with the built web app: demo data, or BENCH_PARCELS generated parcels. */
export async function startSite(): Promise<Site> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('packages/web/dist is missing: run `npm run build` first');
  if (process.env.BENCH_PARCELS) {
    const db = await benchDatabase('sqlite');
    await db.handle.destroy();
    const proc = await startPlatform(db, { WEB_DIST });
    return { url: proc.url, data: `${Number(process.env.BENCH_PARCELS).toLocaleString('en-US')} generated parcels`, stop: () => proc.stop() };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-bench-site-'));
  let proc: Proc;
  try {
    proc = await startProcess(serverEntry(), { DATA_DIR: dataDir, ADMIN_PASSWORD, WEB_DIST, SCHEDULER: '0' });
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: proc.url,
    data: 'demo data',
    async stop() {
      await proc.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Name and path of the public pages of issue 14's Lighthouse table (a kind is left out when the data has none). */
export async function lighthousePages(site: Site): Promise<[string, string][]> {
  const s = await samplePages(site);
  const id = encodeURIComponent;
  const pages: [string, string | undefined][] = [
    ['home', '/home'],
    ['map search', '/index'],
    ['detail (on offer)', `/mapMoreDetails/${id(s.available)}`],
    ['detail (listed)', s.listed && `/mapMoreGpggDetails/${id(s.listed)}`],
    ['detail (dealt)', s.deal && `/landTransactionDetails/${id(s.deal)}`],
    ['detail (gkzz)', `/gkzzMoreDetails/${id(s.available)}`],
    ['mobile index', '/mobileindex'],
    ['mobile detail', `/mobileMoreDetails/${id(s.available)}`],
  ];
  return pages.filter((p): p is [string, string] => Boolean(p[1]));
}

export const median = (values: number[]): number => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
