import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, signIn, screenshot, startServer, type BrowserSession, type RunningServer } from './harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The maps switch from GeoJSON to the server's vector tiles above the parcel-count threshold
 * (setting mapTileThreshold; 0: always): the public map search, the supply-plan and stock-land
 * maps, and the back-office entry screen (staff tiles, sent with the session token).
 */
describe('maps drawn from vector tiles', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: Page;
  let token = '';

  async function saveThreshold(value: number) {
    const res = await fetch(`${server.url}/api/config/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ mapTileThreshold: value }),
    });
    const body = (await res.json()) as { data?: { mapTileThreshold?: number } };
    expect(res.status).toBe(200);
    expect(body.data?.mapTileThreshold).toBe(value);
  }

  /** Tile answers (status by URL) a page receives from now on. */
  function tileResponses(page: Page, pattern: RegExp): { url: string; status: number }[] {
    const seen: { url: string; status: number }[] = [];
    page.on('response', (r: Response) => {
      if (pattern.test(new URL(r.url()).pathname)) seen.push({ url: r.url(), status: r.status() });
    });
    return seen;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = (await browser.newPage()).page;
    await signIn(admin, server);
    token = (await admin.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(token).not.toBe('');
    await saveThreshold(0);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the public map search draws parcels from tiles, and a parcel clicked on the map opens its popup', async () => {
    const { page } = await browser.newPage();
    const tiles = tileResponses(page, /^\/openApi\/tiles\/parcels\/\d+\/\d+\/\d+\.pbf$/);
    await page.goto(`${server.url}/index`);
    const map = page.getByTestId('land-map');
    await expect.poll(() => map.getAttribute('data-parcel-source'), { timeout: 15_000 }).toBe('tiles');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    expect(tiles.some((t) => t.status === 200)).toBe(true);

    // The list shows a page of the results; a click flies the map to the parcel's centre.
    const items = page.getByTestId('result-item');
    await items.first().waitFor();
    const name = (await items.first().locator('[title]').first().textContent())!.trim();
    const id = await items.first().getAttribute('data-parcel-id');
    await items.first().click();
    const popup = page.getByTestId('map-popup');
    await popup.waitFor();
    await expect.poll(() => map.getAttribute('data-moving'), { timeout: 10_000 }).toBeNull();
    await page.waitForTimeout(500);
    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached' });
    // Two clicks within 250 ms are a double click to OpenLayers (it zooms in); a person pauses.
    await page.waitForTimeout(400);

    // The parcel sits at the centre of the map, drawn only by the tile layer: clicking it there
    // finds it in the tile, with its name and a link to its detail.
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await popup.waitFor();
    await expect.poll(() => popup.textContent()).toContain(name);
    const link = popup.getByTestId('popup-detail-link');
    expect(await link.getAttribute('href')).toBe(`/mapMoreDetails/${encodeURIComponent(id!)}`);
    await screenshot(page, 'tiles-public-map-popup');
    await link.click();
    await page.waitForURL(/\/mapMoreDetails\/[^/]+$/);
    await expect.poll(() => page.getByTestId('parcel-name').textContent()).toBe(name);
    await page.close();
  });

  it('a filtered search pins its results over the tiles and frames them, and a new filter moves the pins', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/index`);
    const map = page.getByTestId('land-map');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    // Nothing narrows the search: the tiles show every parcel and nothing is pinned.
    await expect.poll(() => map.getAttribute('data-result-markers'), { timeout: 10_000 }).toBe('0');
    const items = page.getByTestId('result-item');

    // 挂牌中: each parcel of the list is pinned, and the map frames them all.
    await page.getByRole('group', { name: '交易状态' }).getByRole('button', { name: '挂牌中' }).click();
    await page.getByRole('button', { name: '筛选' }).click();
    await expect.poll(() => page.getByText(/1 项筛选/).count(), { timeout: 10_000 }).toBe(1);
    const listed = await items.count();
    expect(listed).toBeGreaterThan(0);
    await expect.poll(() => map.getAttribute('data-result-markers'), { timeout: 10_000 }).toBe(String(listed));
    await expect.poll(() => map.getAttribute('data-results-in-view'), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('map-legend').textContent()).toContain('筛选结果');
    await screenshot(page, 'tiles-public-map-listed-pinned');

    // A pin clicked opens its parcel's popup, clear of the map's toolbar; the list marks the parcel.
    await page.waitForTimeout(500);
    const pin = await page.evaluate(() => {
      // The first pixel of the pins' blue (#1677ff) on the map's canvases, in page coordinates.
      for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>('[data-testid="land-map"] canvas'))) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) continue;
        const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
        const box = canvas.getBoundingClientRect();
        for (let i = 0; i < width * height; i++) {
          const [r, g, b, a] = [data[i * 4], data[i * 4 + 1], data[i * 4 + 2], data[i * 4 + 3]];
          if (Math.abs(r - 22) < 6 && Math.abs(g - 119) < 6 && Math.abs(b - 255) < 6 && a > 250) {
            return { x: box.left + ((i % width) + 3) * (box.width / width), y: box.top + (Math.floor(i / width) + 3) * (box.height / height) };
          }
        }
      }
      return null;
    });
    expect(pin).not.toBeNull();
    await page.mouse.click(pin!.x, pin!.y);
    const popup = page.getByTestId('map-popup');
    await popup.waitFor();
    await expect.poll(() => popup.textContent()).toContain('挂牌中');
    await expect.poll(() => page.locator('[data-testid="result-item"][aria-pressed="true"]').count()).toBe(1);
    const name = (await page.locator('[data-testid="result-item"][aria-pressed="true"] [title]').first().textContent())!.trim();
    expect(await popup.textContent()).toContain(name);
    // A popup opened near the top pans the map (OpenLayers' autoPan, an animation of about half
    // a second): once the map is still, the popup's top is below the toolbar.
    const toolbar = (await page.getByRole('button', { name: '画范围' }).boundingBox())!;
    const settled = async () => ((await map.getAttribute('data-moving')) === null ? (await popup.boundingBox())!.y : Number.NEGATIVE_INFINITY);
    await expect.poll(settled, { timeout: 10_000 }).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
    await page.waitForTimeout(300);
    expect(await settled()).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached' });

    // 已成交: other parcels, other pins, framed again.
    await page.getByRole('group', { name: '交易状态' }).getByRole('button', { name: '已成交' }).click();
    await page.getByRole('button', { name: '筛选' }).click();
    await expect.poll(async () => (await items.first().textContent()) ?? '', { timeout: 10_000 }).toContain('已成交');
    const deals = await items.count();
    await expect.poll(() => map.getAttribute('data-result-markers'), { timeout: 10_000 }).toBe(String(deals));
    await expect.poll(() => map.getAttribute('data-results-in-view'), { timeout: 10_000 }).toBe('1');

    // 重置: no pins again.
    await page.getByRole('button', { name: '重置' }).click();
    await expect.poll(() => map.getAttribute('data-result-markers'), { timeout: 10_000 }).toBe('0');
    expect(await page.getByTestId('map-legend').textContent()).not.toContain('筛选结果');
    await page.close();
  });

  it('the map search\'s first tiles are asked for by its early script and drawn from those answers, not downloaded again', async () => {
    const { page } = await browser.newPage();
    // Tile requests in order: the early script's (fetch) and the map's own (OpenLayers, XHR).
    const events: { kind: 'early' | 'map'; url: string }[] = [];
    page.on('request', (r) => {
      const pathname = new URL(r.url()).pathname;
      if (!/^\/openApi\/tiles\/parcels\/\d+\/\d+\/\d+\.pbf$/.test(pathname)) return;
      events.push({ kind: r.resourceType() === 'fetch' ? 'early' : 'map', url: pathname });
    });
    await page.goto(`${server.url}/index`);
    const map = page.getByTestId('land-map');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    await page.waitForLoadState('networkidle');
    const early = events.filter((e) => e.kind === 'early').map((e) => e.url);
    expect(early.length).toBeGreaterThan(0);
    expect(events[0].kind).toBe('early');
    // Each early answer is one the map drew (it counts them), and none was downloaded a second time.
    expect(new Set(early).size).toBe(early.length);
    expect(await map.getAttribute('data-first-tiles-used')).toBe(String(early.length));
    expect(events.filter((e) => e.kind === 'map' && early.includes(e.url))).toEqual([]);
    await page.close();
  });

  it('on a slow network the first tiles are on their way before OpenLayers has arrived and before the page is hydrated', async () => {
    const { page, context } = await browser.newPage();
    // Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down): what a phone on 4G sees.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    // When the page became interactive (PublicRoot sets data-hydrated then).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== 'true') return;
        performance.mark('test:hydrated');
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    await page.goto(`${server.url}/index`);
    const map = page.getByTestId('land-map');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 60_000 }).toBe('1');
    // The map's code, OpenLayers included: its chunk and every chunk it imports (the build's manifest).
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const mapFiles = new Set<string>();
    const stack = ['src/features/public-map/MapSearchMap.tsx'];
    while (stack.length) {
      const chunk = manifest[stack.pop()!];
      if (!chunk || mapFiles.has(chunk.file)) continue;
      mapFiles.add(chunk.file);
      stack.push(...(chunk.imports ?? []));
    }
    const timing = await page.evaluate((files) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const tiles = resources.filter((r) => /\/openApi\/tiles\/parcels\//.test(r.name));
      const mapCode = resources.filter((r) => files.some((f) => r.name.endsWith(`/${f}`)));
      return {
        firstTile: Math.min(...tiles.map((r) => r.startTime)),
        mapCodeArrived: Math.max(...mapCode.map((r) => r.responseEnd)),
        mapCodeFiles: mapCode.length,
        hydrated: performance.getEntriesByName('test:hydrated')[0]?.startTime ?? NaN,
      };
    }, [...mapFiles]);
    expect(timing.mapCodeFiles).toBe(mapFiles.size);
    expect(timing.firstTile).toBeLessThan(timing.mapCodeArrived);
    expect(timing.firstTile).toBeLessThan(timing.hydrated);
    await context.close();
  });

  it('the supply-plan and stock-land maps draw their layers from tiles', async () => {
    const { page } = await browser.newPage();
    for (const [path, layer, list] of [
      ['gdjhMapIndex', 'supplyPlan', 'plan-list'],
      ['clkcrtd', 'stockLand', 'stock-list'],
    ] as const) {
      const tiles = tileResponses(page, new RegExp(`^/openApi/tiles/${layer}/\\d+/\\d+/\\d+\\.pbf$`));
      await page.goto(`${server.url}/${path}`);
      const map = page.getByTestId('theme-map');
      await expect.poll(() => map.getAttribute('data-parcel-source'), { timeout: 15_000 }).toBe('tiles');
      await expect.poll(() => tiles.filter((t) => t.status === 200).length, { timeout: 15_000 }).toBeGreaterThan(0);
      // The list and its popup work as before.
      const item = page.getByTestId(list).getByRole('button').first();
      await item.waitFor();
      const name = (await item.locator('[class*="itemName"]').textContent())!.trim();
      await item.click();
      const popup = page.locator('.ol-overlay-container').filter({ hasText: name });
      await popup.waitFor();
      // The popup points at the area's centre (12 px below its box): closed, then a click there
      // finds the area in the tile layer (the only layer drawing it) and opens the popup again.
      await expect.poll(() => map.getAttribute('data-moving'), { timeout: 10_000 }).toBeNull();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const box = (await popup.boundingBox())!;
      await popup.getByRole('button', { name: '关闭' }).click();
      await popup.waitFor({ state: 'hidden' });
      await page.waitForTimeout(400);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height + 12);
      await popup.waitFor();
    }
    await page.close();
  });

  it('on a phone the thematic maps follow their list and load when asked for', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 915 } });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(`${server.url}/clkcrtd`, { waitUntil: 'networkidle' });
    await page.getByTestId('stock-list').getByRole('button').first().waitFor();
    expect(await page.getByTestId('theme-map').count()).toBe(0);
    // The map component's own chunk (ThemeMap-<hash>.js), not the page parts' (ThemeMapParts-…).
    expect(scripts.some((u) => /\/ThemeMap-[^/]*\.js/.test(u))).toBe(false);
    await page.getByRole('button', { name: '查看地图' }).click();
    const map = page.getByTestId('theme-map');
    await expect.poll(() => map.getAttribute('data-parcel-source'), { timeout: 15_000 }).toBe('tiles');
    await context.close();
  });

  it('above the threshold the phone home page fetches its list a page at a time and its map draws the parcels from tiles', async () => {
    const phoneUa = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    // The page's HTML carries one page of parcels, not every parcel with its boundary.
    const raw = await (await fetch(`${server.url}/mobileindex`, { headers: { 'user-agent': phoneUa } })).text();
    expect(raw).not.toMatch(/selectLandInfoList"/);
    expect(raw).not.toContain('"geometry"');
    const listed = await fetch(`${server.url}/openApi/selectLandInfoListPage`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'pageNo=1&pageSize=1' });
    const total = ((await listed.json()) as { data: { total: number } }).data.total;
    expect(total).toBeGreaterThan(20);

    const { page, context } = await browser.newPage({ userAgent: phoneUa, viewport: { width: 412, height: 915 } });
    const calls: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/openApi/selectLandInfo')) calls.push(`${pathname} ${req.postData() ?? ''}`);
    });
    const tiles = tileResponses(page, /^\/openApi\/tiles\/parcels\/\d+\/\d+\/\d+\.pbf$/);
    await page.goto(`${server.url}/mobileindex`);
    const cards = page.getByTestId('mobile-parcel-list').locator('li');
    await expect.poll(() => cards.count()).toBe(20);
    expect(Number(await page.getByTestId('mobile-result-count').locator('b').textContent())).toBe(total);
    const more = page.getByTestId('mobile-more');
    await expect.poll(() => more.textContent()).toContain(`还有 ${total - 20} 个`);
    // 加载更多 asks the server for the next page only; the first twenty stay.
    const first = await cards.first().textContent();
    await more.click();
    await expect.poll(() => cards.count()).toBe(Math.min(40, total));
    expect(await cards.first().textContent()).toBe(first);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/openApi\/selectLandInfoListPage .*pageNo=2/);

    // The map, asked for, draws every parcel from tiles; a parcel tapped on it gets its card.
    await page.getByTestId('show-map').click();
    const map = page.getByTestId('mobile-map');
    await expect.poll(() => map.getAttribute('data-parcel-source'), { timeout: 15_000 }).toBe('tiles');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    expect(tiles.some((t) => t.status === 200)).toBe(true);
    expect(calls.filter((c) => c.startsWith('/openApi/selectLandInfoList '))).toHaveLength(0);
    await screenshot(page, 'mobileindex-tiled');
    await context.close();
  });

  it('on a phone with tiles, a filtered list\'s parcels are pinned on the map', async () => {
    const phoneUa = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const { page, context } = await browser.newPage({ userAgent: phoneUa, viewport: { width: 412, height: 915 } });
    await page.goto(`${server.url}/mobileindex?state=listed`);
    const cards = page.getByTestId('mobile-parcel-list').locator('li');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const shown = await cards.count();
    await page.getByTestId('show-map').click();
    const map = page.getByTestId('mobile-map');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => map.getAttribute('data-result-markers'), { timeout: 10_000 }).toBe(String(shown));
    await screenshot(page, 'mobileindex-tiled-listed-pinned');
    await context.close();
  });

  it('the entry screen draws the surrounding parcels from the staff tiles, sent with the token', async () => {
    const tiles = tileResponses(admin, /^\/api\/tiles\/parcels\/\d+\/\d+\/\d+\.pbf$/);
    await admin.goto(`${server.url}/managementSystem/land`);
    await admin.getByTestId('parcel-add').click();
    const map = admin.getByTestId('parcel-editor').getByTestId('parcel-map');
    await expect.poll(() => map.getAttribute('data-parcel-source'), { timeout: 15_000 }).toBe('tiles');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.status === 200 || t.status === 204)).toBe(true);
    // Without the token the same tile is refused.
    const anonymous = await fetch(tiles[0].url);
    expect(anonymous.status).not.toBe(200);
  });

  it('back at the default threshold the public map draws GeoJSON again', async () => {
    await saveThreshold(2000);
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/index`);
    const map = page.getByTestId('land-map');
    await expect.poll(() => map.getAttribute('data-parcel-source'), { timeout: 15_000 }).toBe('geojson');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    await page.close();
  });
});
