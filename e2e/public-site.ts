/**
 * Helpers of the browser tests of the server-rendered public site (ssr.test.ts, ssr-pages.test.ts):
 * calling the public API, reading share-card tags from raw HTML, and measuring layout shift.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from './harness';

export const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
/** A desktop browser: at a phone's width it still gets the desktop pages (phones are sent to /mobileindex). */
export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export const MAX_LAYOUT_SHIFT = 0.02;

interface Envelope<T> {
  code: string;
  data: T;
}

/** A public call (form POST, as the site sends it); throws unless it answers code '200'. */
export async function openPost<T>(server: RunningServer, call: string, body: Record<string, string | number> = {}): Promise<T> {
  const res = await fetch(`${server.url}/openApi/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== '200') throw new Error(`${call}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** HTML text with React's entity escapes undone. */
export function decode(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The content of `<meta property|name="…">` in raw HTML, decoded; null when absent. */
export function metaContent(html: string, property: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]) : null;
}

/**
 * Starts adding up layout shifts (PerformanceObserver, buffered) in every page of the context
 * from its first paint; read the sum with layoutShift().
 */
export async function watchLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/**
 * Scrolls the page to its bottom half a screen at a time, as a reader does, so that every block
 * that fills in when it comes into view (mini map, panorama, lazy photos, charts) does so while
 * layout shift is measured; waits for the network to go quiet at the end.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const step = await page.evaluate(() => Math.max(200, Math.floor(window.innerHeight / 2)));
  for (let y = step; y < (await page.evaluate(() => document.documentElement.scrollHeight)) + step; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
}
