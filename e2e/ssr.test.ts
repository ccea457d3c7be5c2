/**
 * Server-rendered public pages (issue 14). ROUTES is the table of public routes rendered on the
 * server: each entry says what the raw HTML (fetched without running scripts) must contain. A
 * page being converted (packages/web/src/public/CONVERTING.md) leaves PENDING_SSR_ROUTES and gets
 * an entry here; the first test keeps the two in step with SPEC §2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../packages/shared/src/routes';
import { PENDING_SSR_ROUTES } from '../packages/web/src/public/pending';
import { launchBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 915 },
  { name: 'desktop', width: 1280, height: 800 },
];
const MAX_LAYOUT_SHIFT = 0.02;

interface Envelope<T> {
  code: string;
  data: T;
}

/** What the demo data holds, read from the public API before the pages are checked. */
interface DemoData {
  siteName: string;
  /** A published parcel, as the public list returns it. */
  parcel: { id: string; dkmc: string; dlname: string; tradeState: string };
}

interface SsrRoute {
  /** The SPEC §2 route pattern (as in PUBLIC_ROUTES, or absolute for the mobile pages). */
  route: string;
  /** The address to open. */
  url: (d: DemoData) => string;
  /** The page's main heading. */
  heading: (d: DemoData) => string;
  /** Further key data the raw HTML must show. */
  texts?: (d: DemoData) => string[];
}

const ROUTES: SsrRoute[] = [
  {
    route: 'home',
    url: () => '/home',
    heading: (d) => d.siteName,
    texts: () => ['最新地块', '通知公告', '产业片区', '亩'],
  },
];

const MOBILE_ROUTES = ['/mobileindex', '/mobileMoreDetails/:id', '/xcxmobileMoreDetails/:id', '/mobileTzggDetail/:id'];

async function openPost<T>(server: RunningServer, path: string, body: Record<string, string | number>): Promise<T> {
  const res = await fetch(`${server.url}/openApi/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== '200') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

function decode(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function metaContent(html: string, property: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]) : null;
}

describe('server-rendered public pages', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let demo: DemoData;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const settings = await openPost<{ siteName: string }>(server, 'config', {});
    const page = await openPost<{ list: DemoData['parcel'][] }>(server, 'selectLandInfoListPage', { pageNo: 1, pageSize: 1 });
    demo = { siteName: settings.siteName, parcel: page.list[0] };
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('every public and mobile route of SPEC §2 is either in the table or still pending', () => {
    const all = [...PUBLIC_ROUTES.map((r) => r.path), ...MOBILE_ROUTES];
    const covered = new Set([...ROUTES.map((r) => r.route), ...PENDING_SSR_ROUTES]);
    expect(all.filter((r) => !covered.has(r))).toEqual([]);
    // A converted route is not also listed as pending.
    expect(ROUTES.map((r) => r.route).filter((r) => PENDING_SSR_ROUTES.includes(r))).toEqual([]);
  });

  describe.each(ROUTES)('$route', (entry) => {
    it('answers with the content, the title and the share card in the HTML itself', async () => {
      const url = entry.url(demo);
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = decode(html);
      expect(html).toMatch(/^<!DOCTYPE html><html lang="zh-CN">/);
      expect(text).toMatch(new RegExp(`<h1[^>]*>${entry.heading(demo).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
      for (const t of entry.texts?.(demo) ?? []) expect(text).toContain(t);
      expect(text).toMatch(/<title>[^<]+<\/title>/);
      for (const og of ['og:title', 'og:description', 'og:image', 'og:url']) expect(metaContent(html, og), og).toBeTruthy();
      expect(metaContent(html, 'og:url')).toBe(`${server.url}${url.split('?')[0]}`);
      // The page's scripts are announced up front, and the data comes embedded, not fetched again.
      expect(html).toContain('<link rel="modulepreload"');
      expect(html).toMatch(/<script type="application\/json" id="ssr-data">/);
      // No inline script: the Content-Security-Policy (script-src 'self') would block it.
      expect(html.match(/<script(?![^>]*(?:type="application\/json"|src=))[^>]*>/g) ?? []).toEqual([]);
    });

    it.each(VIEWPORTS)('hydrates without errors or duplicate calls, and nothing moves ($name)', async (viewport) => {
      const { page, context } = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height }, userAgent: viewport.name === 'phone' ? PHONE_UA : undefined });
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      const apiCalls: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/openApi/')) apiCalls.push(req.url());
      });
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) w.__cls += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${server.url}${entry.url(demo)}`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(problems).toEqual([]);
      expect(apiCalls).toEqual([]);
      expect(cls).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
      await context.close();
    });
  });

  it('sends phones opening / or /index to the mobile home page before any desktop page loads', async () => {
    for (const path of ['/', '/index']) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'user-agent': PHONE_UA }, redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/mobileindex');
    }
    const desktop = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(desktop.status).toBe(302);
    expect(desktop.headers.get('location')).toBe('/home');
  });

  it('answers an unknown public address with the not-found page and 404', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('data-testid="not-found"');
    expect(html).toMatch(/<title>页面不存在/);
  });

  it('keeps the back office on the client-rendered app', async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('ssr-data');
  });
});
