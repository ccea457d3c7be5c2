import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, signIn, screenshot, startServer, type BrowserSession, type RunningServer } from './harness';

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

  it('the map search asks for its first view\'s tiles itself, before OpenLayers does, and they are the ones the map draws', async () => {
    const { page } = await browser.newPage();
    // Requests in order: the page's own tile requests (fetch) and the map's (OpenLayers, XHR).
    const events: { kind: 'prefetch' | 'map'; url: string }[] = [];
    page.on('request', (r) => {
      const pathname = new URL(r.url()).pathname;
      if (!/^\/openApi\/tiles\/parcels\/\d+\/\d+\/\d+\.pbf$/.test(pathname)) return;
      events.push({ kind: r.resourceType() === 'fetch' ? 'prefetch' : 'map', url: pathname });
    });
    await page.goto(`${server.url}/index`);
    const map = page.getByTestId('land-map');
    await expect.poll(() => map.getAttribute('data-parcels-drawn'), { timeout: 15_000 }).toBe('1');
    const prefetched = events.filter((e) => e.kind === 'prefetch').map((e) => e.url);
    const drawn = new Set(events.filter((e) => e.kind === 'map').map((e) => e.url));
    expect(prefetched.length).toBeGreaterThan(0);
    // Every tile asked for early is one the map draws (the first view worked out as OpenLayers does).
    expect(prefetched.filter((url) => !drawn.has(url))).toEqual([]);
    // The page asks first: it needs no OpenLayers for it (on a slow network the map's code is
    // still on its way then; here on one machine the order of the two is all there is to see).
    expect(events[0].kind).toBe('prefetch');
    await page.close();
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
