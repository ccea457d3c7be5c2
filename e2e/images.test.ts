/**
 * Pictures for phones (issue 14, item 4): on a 412 px phone, the public pages ask for the server's
 * WebP thumbnails (`/virtualPath/_w<width>/…`) of uploaded pictures, never the full-size upload;
 * the page's largest picture (the home banner) is fetched at high priority and announced by a
 * preload in the raw HTML; pictures below the fold are lazy. The demo data has no uploaded photos,
 * so the test stores a few pictures and gives them to the home banner and a parcel.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, startServer, type BrowserSession, type RunningServer } from './harness';
import { openPost } from './public-site';

const PHONE = { width: 412, height: 915 };
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** A stored picture key as uploads make them: images/<yyyymm>/<26 base-36 characters>.jpg */
const keyOf = (n: number) => `images/202611/${String(n).padStart(26, '0').replace(/^0/, 'p')}.jpg`;

/** Every `<img …>` tag of an HTML text with its attributes. */
function imgTags(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1].toLowerCase(), a[2]])));
}

describe('pictures for phones', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let parcelId: string;
  const banners = [keyOf(1), keyOf(2)];
  const photos = [keyOf(3), keyOf(4), keyOf(5)];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // Pictures larger than any thumbnail, as a camera gives them.
    for (const [i, key] of [...banners, ...photos].entries()) {
      const file = path.join(server.dataDir, 'uploads', key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 40 + i * 30, g: 120, b: 200 } } })
        .jpeg({ quality: 80 })
        .toFile(file);
    }
    const list = await openPost<{ list: { id: string }[] }>(server, 'selectLandInfoListPage', { pageNo: 1, pageSize: 1, state: 'available' });
    parcelId = list.list[0].id;
    const db = new SQLite(path.join(server.dataDir, 'land.db'));
    try {
      const files = (keys: string[], name: string) => JSON.stringify(keys.map((k, i) => ({ id: `pic${i}`, name: `${name}${i + 1}`, url: `/virtualPath/${k}` })));
      db.prepare('UPDATE t_landinfo SET photos = ? WHERE id = ?').run(files(photos, '现场照片'), parcelId);
      const now = new Date().toISOString();
      db.prepare('INSERT INTO t_setting (key, value, updatedAt) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run('site.bannerImages', files(banners, '园区风光'), now);
    } finally {
      db.close();
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens `url` on a phone and scrolls to the bottom; returns the addresses of the pictures it asked for and their types. */
  async function picturesRequested(url: string, shot: string): Promise<{ url: string; type: string }[]> {
    const { page, context } = await browser.newPage({ userAgent: PHONE_UA, viewport: PHONE });
    const seen: Promise<{ url: string; type: string }>[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/virtualPath/')) seen.push(res.allHeaders().then((h) => ({ url: new URL(res.url()).pathname, type: h['content-type'] ?? '' })));
    });
    try {
      await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
      await screenshot(page, `${shot}-top`);
      // Bring every lazy picture into view, a screen at a time as a thumb does.
      for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += PHONE.height / 2) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${shot}-bottom`);
      return await Promise.all(seen);
    } finally {
      await context.close();
    }
  }

  it('home: the banner is a thumbnail at high priority, preloaded in the raw HTML; the phone downloads no full-size upload', async () => {
    const html = await (await fetch(`${server.url}/home`, { headers: { 'user-agent': PHONE_UA } })).text();
    const imgs = imgTags(html).filter((a) => a.src?.includes('/virtualPath/'));
    const first = imgs.find((a) => a.src === `/virtualPath/${banners[0]}`);
    expect(first, 'the first banner picture is in the raw HTML').toBeDefined();
    expect(first!.fetchpriority).toBe('high');
    expect(first!.loading).not.toBe('lazy');
    expect(first!.srcset).toContain(`/virtualPath/_w640/${banners[0]} 640w`);
    expect(first!.sizes).toBeTruthy();
    // Exactly one picture at high priority; every other uploaded picture is lazy.
    expect(imgs.filter((a) => a.fetchpriority === 'high')).toHaveLength(1);
    for (const a of imgs.filter((x) => x !== first)) expect(a.loading, a.src).toBe('lazy');
    // The head announces it before any script runs.
    const preload = [...html.matchAll(/<link\b[^>]*rel="preload"[^>]*>/gi)].map((m) => m[0]).find((l) => l.includes(`_w320/${banners[0]}`));
    expect(preload, 'a preload of the first banner in the head').toBeDefined();
    expect(preload).toContain('as="image"');
    // HTML attribute names are case-insensitive (React writes imageSrcSet, fetchPriority).
    expect(preload).toMatch(/imagesrcset="[^"]*_w640\//i);
    expect(preload).toMatch(/fetchpriority="high"/i);
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf('<body'));

    const requested = await picturesRequested('/home', 'images-home-412');
    expect(requested.some((r) => r.url.endsWith(`/${banners[0]}`)), 'the first banner was shown').toBe(true);
    for (const r of requested) {
      expect(r.url, 'a thumbnail, not the upload').toMatch(/^\/virtualPath\/_w(320|640|960|1280)\//);
      expect(r.type).toBe('image/webp');
    }
  }, 120_000);

  it('parcel detail: photos are lazy thumbnails (below the fold, so none at high priority)', async () => {
    const url = `/mapMoreDetails/${parcelId}`;
    const html = await (await fetch(`${server.url}${url}`, { headers: { 'user-agent': PHONE_UA } })).text();
    const imgs = imgTags(html).filter((a) => photos.some((k) => a.src === `/virtualPath/${k}`));
    expect(imgs).toHaveLength(photos.length);
    for (const a of imgs) {
      expect(a.loading).toBe('lazy');
      expect(a.fetchpriority).toBeUndefined();
      expect(a.srcset).toMatch(/_w320\/.* 320w/);
      expect(Number(a.width)).toBeGreaterThan(0);
      expect(Number(a.height)).toBeGreaterThan(0);
    }
    // The page's largest paint is its heading and figures: no picture is preloaded.
    expect(html).not.toMatch(/<link\b[^>]*rel="preload"[^>]*as="image"/i);

    const requested = await picturesRequested(url, 'images-detail-412');
    for (const k of photos) expect(requested.some((r) => r.url.endsWith(`/${k}`)), `photo ${k} was shown`).toBe(true);
    for (const r of requested) {
      expect(r.url, 'a thumbnail, not the upload').toMatch(/^\/virtualPath\/_w(320|640|960|1280)\//);
      expect(r.type).toBe('image/webp');
    }
    // A photo box of half a phone's width needs at most the 640 px copy.
    expect(requested.filter((r) => photos.some((k) => r.url.endsWith(k))).every((r) => /_w(320|640)\//.test(r.url))).toBe(true);
  }, 120_000);

  it('mobile detail: photos are lazy thumbnails', async () => {
    const url = `/mobileMoreDetails/${parcelId}`;
    const html = await (await fetch(`${server.url}${url}`, { headers: { 'user-agent': PHONE_UA } })).text();
    const imgs = imgTags(html).filter((a) => photos.some((k) => a.src === `/virtualPath/${k}`));
    expect(imgs).toHaveLength(photos.length);
    for (const a of imgs) {
      expect(a.loading).toBe('lazy');
      expect(a.srcset).toContain('_w320/');
    }
    const requested = await picturesRequested(url, 'images-mobile-detail-412');
    expect(requested.length).toBeGreaterThan(0);
    for (const r of requested) expect(r.url, 'a thumbnail, not the upload').toMatch(/^\/virtualPath\/_w(320|640|960|1280)\//);
  }, 120_000);
});
