/**
 * Issue 14's measure of the JavaScript a phone downloads for a public page, shared by the budget
 * test (e2e/ssr.test.ts) and the benchmark (bench/bundle/network.bench.ts): Chromium at a 412 px
 * wide viewport (a phone's, with the browser's own user agent so that `/` and `/index` are not
 * sent on to the mobile pages), a fresh context per page, no interaction; every response the
 * browser classes as a script until the network is idle (500 ms without a request), counted as
 * sent: CDP Network.loadingFinished encodedDataLength (compressed body plus headers).
 *
 * Node-side only (no DOM types), so the benchmarks can import it too.
 */
import type { Browser } from 'playwright-core';

export const KiB = 1024;

/** Issue 14's budgets, as sent: every public page but the map search, and the map search with OpenLayers. */
export const PUBLIC_SCRIPT_BUDGET = 150 * KiB;
export const MAP_SEARCH_SCRIPT_BUDGET = 270 * KiB;

/** Issue 14's goal for the page at `path` (a path of the site, query allowed). */
export function scriptBudgetOf(path: string): number {
  return path.split('?')[0] === '/index' ? MAP_SEARCH_SCRIPT_BUDGET : PUBLIC_SCRIPT_BUDGET;
}

export interface ScriptsSent {
  /** Bytes of all script responses as sent (body as encoded plus headers). */
  bytes: number;
  /** Each script response: its URL and bytes as sent. */
  files: { url: string; bytes: number }[];
  /** Requests of any kind the page made until the network was idle. */
  requests: number;
}

/** Opens `url` in a fresh phone-sized context and counts the script responses until the network is idle. */
export async function measureScriptsSent(browser: Browser, url: string): Promise<ScriptsSent> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, string>();
    const bytes = new Map<string, number>();
    let requests = 0;
    cdp.on('Network.requestWillBeSent', () => (requests += 1));
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
      if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => bytes.set(e.requestId, e.encodedDataLength));
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const files = [...scripts].map(([id, file]) => ({ url: file, bytes: bytes.get(id) ?? 0 }));
    return { bytes: files.reduce((n, f) => n + f.bytes, 0), files, requests };
  } finally {
    await context.close();
  }
}

interface ParcelRow {
  id: string;
}

async function openApi<T>(siteUrl: string, call: string, query: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${siteUrl}/openApi/${call}?${new URLSearchParams(query)}`);
  const body = (await res.json()) as { code: string; data: T; msg?: string };
  if (body.code !== '200') throw new Error(`/openApi/${call}: ${body.code} ${body.msg ?? ''}`);
  return body.data;
}

const listOf = <T>(data: T[] | { list: T[] }): T[] => (Array.isArray(data) ? data : data.list);

export interface SamplePages {
  available: string;
  listed?: string;
  deal?: string;
  notice?: string;
}

/** One published parcel per market state (available, listed, dealt) and a notice, from the public API. */
export async function samplePages(site: { url: string }): Promise<SamplePages> {
  const first = async (state: string) =>
    listOf(await openApi<ParcelRow[] | { list: ParcelRow[] }>(site.url, 'selectLandInfoListPage', { pageNo: '1', pageSize: '1', state }))[0]?.id;
  const [available, listed, deal] = [await first('available'), await first('listed'), await first('deal')];
  if (!available) throw new Error('no published parcel on offer on this site');
  const notices = await openApi<{ id: string }[] | { list: { id: string }[] }>(site.url, 'getTzggList', { limit: '1' }).then(listOf, () => []);
  return { available, listed, deal, notice: notices[0]?.id };
}
