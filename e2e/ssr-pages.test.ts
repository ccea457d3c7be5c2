/**
 * The server-rendered public site after its first page (issue 14): following links between public
 * pages stays client-side (no second document), a parcel's detail page opened that way gets its
 * data in one round (one call, getLandInfoPageById), share cards name the parcel and show its
 * photo (or the platform's share picture), and a parcel page with photos and a panorama does not
 * move while it is read to the bottom. The demo data has panoramas but no photos: the test stores
 * photos for a parcel with a panorama, as e2e/images.test.ts does.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, screenshot, startServer, type BrowserSession, type RunningServer } from './harness';
import { decode, DESKTOP_UA, layoutShift, MAX_LAYOUT_SHIFT, metaContent, openPost, PHONE_UA, scrollThrough, watchLayoutShift } from './public-site';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1440, height: 900 };

interface ListedParcel {
  id: string;
  dkmc: string;
  dlname: string;
  tradeState: string;
  landAreaMu: number | null;
  startingPrice: number | null;
}

interface ParcelDetail extends ListedParcel {
  panorama: unknown;
  photos: unknown;
}

/** Numbers as the pages print them (features/public-map/format num). */
const num = (v: number | null, digits = 2) => (v === null ? '' : v.toLocaleString('zh-CN', { maximumFractionDigits: digits, minimumFractionDigits: 0 }));

const detailPath = (p: ListedParcel) => (p.tradeState === 'listed' ? `/mapMoreGpggDetails/${p.id}` : p.tradeState === 'deal' ? `/landTransactionDetails/${p.id}` : `/mapMoreDetails/${p.id}`);

/** The calls a page makes on purpose besides its data: view counts, and a map's own base map and tiles (tiles/…) once in view. */
const NOT_DATA = new Set(['updateLandInfoVisitcount', 'updateSecondMarKetVisitcount', 'selectBaseMapFeatures', 'tiles/meta']);
/** Site-wide lookups a page may ask for beside its own call when an earlier page has not (names of districts and land classes, site settings). */
const LOOKUPS = new Set(['selectTAreaByPage', 'selectDLTreeList', 'config']);

/**
 * Records what a page asks the server for from now on: documents (a full page load) and public
 * API calls, each call with the order in which it was sent and answered.
 */
function recordRequests(page: Page) {
  let seq = 0;
  const documents: string[] = [];
  const calls: { call: string; sent: number; answered: number }[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents.push(req.url());
    const call = /\/openApi\/([^?]+)/.exec(req.url())?.[1];
    if (call) calls.push({ call, sent: ++seq, answered: Infinity });
  });
  page.on('requestfinished', (req) => {
    const call = /\/openApi\/([^?]+)/.exec(req.url())?.[1];
    const entry = calls.find((c) => c.call === call && c.answered === Infinity);
    if (entry) entry.answered = ++seq;
  });
  return {
    documents,
    /** Forget what was asked so far (the first page's load). */
    reset() {
      documents.length = 0;
      calls.length = 0;
    },
    /** The data calls since the last reset, in the order sent. */
    dataCalls: () => calls.filter((c) => !NOT_DATA.has(c.call) && !c.call.startsWith('tiles/')),
  };
}

/**
 * A detail page's data came in one round: its one call (getLandInfoPageById, once), at most the
 * site-wide lookups beside it, and every call sent before the first answer came back.
 */
function expectOneRound(calls: { call: string; sent: number; answered: number }[]) {
  const names = calls.map((c) => c.call);
  console.log(`detail page data calls: ${calls.map((c) => `${c.call} (sent #${c.sent}, answered #${c.answered})`).join(', ')}`);
  expect(names.filter((c) => c === 'getLandInfoPageById')).toHaveLength(1);
  expect(names.filter((c) => c !== 'getLandInfoPageById' && !LOOKUPS.has(c)), 'no call but the page call and the lookups').toEqual([]);
  expect(new Set(names).size, `no call twice: ${names.join(', ')}`).toBe(names.length);
  const firstAnswer = Math.min(...calls.map((c) => c.answered));
  expect(calls.filter((c) => c.sent > firstAnswer).map((c) => c.call), 'calls sent only after an answer (a second round)').toEqual([]);
}

/** The page counts as a single document as long as this marker, set on the first page, survives. */
async function markFirstDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __firstDocument: boolean }).__firstDocument = true));
}
async function stillFirstDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __firstDocument?: boolean }).__firstDocument === true);
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
}

describe('public pages after the first one', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  /** A published, not yet dealt parcel with a panorama, given photos by the test. */
  let pictured: ParcelDetail;
  /** A published parcel without photos. */
  let plain: ListedParcel;
  const photoKeys = [1, 2, 3].map((n) => `images/202611/${String(n).padStart(26, '0').replace(/^0/, 's')}.jpg`);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const page = await openPost<{ list: ListedParcel[] }>(server, 'selectLandInfoListPage', { pageNo: 1, pageSize: 500 });
    const candidates = page.list.filter((p) => p.tradeState !== 'deal' && p.dkmc && p.landAreaMu && p.startingPrice);
    for (const p of candidates) {
      const detail = await openPost<ParcelDetail>(server, 'getLandInfoById', { dkid: p.id });
      if (Array.isArray(detail.panorama) && detail.panorama.length > 0) {
        pictured = { ...p, ...detail };
        break;
      }
    }
    if (!pictured) throw new Error('the demo data has no published, not dealt parcel with a panorama');
    plain = candidates.find((p) => p.id !== pictured.id)!;
    // Photos as a camera gives them, stored as uploads are.
    for (const [i, key] of photoKeys.entries()) {
      const file = path.join(server.dataDir, 'uploads', key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 60 + i * 40, g: 140, b: 90 } } })
        .jpeg({ quality: 80 })
        .toFile(file);
    }
    const db = new SQLite(path.join(server.dataDir, 'land.db'));
    try {
      const files = JSON.stringify(photoKeys.map((k, i) => ({ id: `photo${i}`, name: `现场照片${i + 1}`, url: `/virtualPath/${k}` })));
      db.prepare('UPDATE t_landinfo SET photos = ? WHERE id = ?').run(files, pictured.id);
    } finally {
      db.close();
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('client-side navigation', () => {
    it('home → a parcel → back → map search → a parcel: one document, each detail page in one round', async () => {
      const { page, context } = await browser.newPage({ viewport: DESKTOP });
      try {
        const requests = recordRequests(page);
        await page.goto(`${server.url}/home`, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await markFirstDocument(page);
        requests.reset();

        const card = page.getByTestId('parcel-card').first();
        const href = (await card.getAttribute('href'))!;
        await card.click();
        await page.waitForURL(`**${href}`);
        await page.getByTestId('parcel-detail').waitFor();
        await page.waitForLoadState('networkidle');
        expectOneRound(requests.dataCalls());
        expect(requests.documents).toEqual([]);

        requests.reset();
        await page.goBack();
        await page.waitForURL('**/home');
        await page.getByTestId('parcel-card').first().waitFor();
        await page.getByRole('link', { name: '地图找地' }).first().click();
        await page.waitForURL('**/index');
        // The popup belongs to the map: wait for OpenLayers to draw.
        await page.getByTestId('land-map').locator('canvas').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.getByTestId('result-item').first().click();
        await page.getByTestId('map-popup').getByTestId('popup-detail-link').click();
        await page.waitForURL('**/mapMoreDetails/**');
        requests.reset();
        await page.getByTestId('parcel-detail').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await stillFirstDocument(page)).toBe(true);
        expect(requests.documents).toEqual([]);
        await screenshot(page, 'ssr-nav-detail-1440');
      } finally {
        await context.close();
      }
    }, 120_000);

    it('from the map search, a parcel detail asks for its one call and nothing else', async () => {
      const { page, context } = await browser.newPage({ viewport: DESKTOP });
      try {
        const requests = recordRequests(page);
        await page.goto(`${server.url}/index`, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await markFirstDocument(page);
        await page.getByTestId('result-item').first().click();
        const link = page.getByTestId('map-popup').getByTestId('popup-detail-link');
        await link.waitFor();
        requests.reset();
        await link.click();
        await page.getByTestId('parcel-detail').waitFor();
        await page.waitForLoadState('networkidle');
        // The map search has the lookups already: only the page's own call is left.
        expect(requests.dataCalls().map((c) => c.call)).toEqual(['getLandInfoPageById']);
        expect(requests.documents).toEqual([]);
        expect(await stillFirstDocument(page)).toBe(true);
      } finally {
        await context.close();
      }
    }, 120_000);

    it('/mobileindex → a mobile parcel detail → back: one document, the detail in one round', async () => {
      const { page, context } = await browser.newPage({ viewport: PHONE, userAgent: PHONE_UA });
      try {
        const requests = recordRequests(page);
        await page.goto(`${server.url}/mobileindex`, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await markFirstDocument(page);
        requests.reset();
        const item = page.getByTestId('mobile-parcel').first();
        const id = (await item.getAttribute('data-parcel-id'))!;
        await item.click();
        await page.waitForURL(`**/mobileMoreDetails/${id}`);
        await page.getByTestId('mobile-detail').waitFor();
        await page.waitForLoadState('networkidle');
        expectOneRound(requests.dataCalls());
        // The district's other parcels come in the same answer.
        expect(await page.getByTestId('other-parcels').count()).toBe(1);
        await screenshot(page, 'ssr-nav-mobile-detail-412');

        requests.reset();
        await page.goBack();
        await page.waitForURL('**/mobileindex');
        await page.getByTestId('mobile-parcel').first().waitFor();
        expect(requests.documents).toEqual([]);
        expect(await stillFirstDocument(page)).toBe(true);
      } finally {
        await context.close();
      }
    }, 120_000);
  });

  /**
   * Public pages reached by a link (a client-side navigation: history entry and popstate, as
   * back and forward do) from a light page whose cache holds little, each in a fresh browser.
   * `late`: calls that may follow the first answer, and why.
   */
  const LINKED: { name: string; path?: () => string; late?: string[] }[] = [
    { name: '/home' },
    // The parcels follow the tile index: drawn from tiles (a page of the list) or as one layer, depending on how many there are.
    { name: '/index', late: ['selectLandInfoList'] },
    { name: '/landListing' },
    { name: '/landDeal' },
    { name: '/jiaoyixinxi' },
    { name: '/gdjhMapIndex' },
    { name: '/clkcrtd' },
    { name: '/policiesRegulations' },
    { name: '/consultingServices' },
    { name: '/pqList' },
    { name: '/zhongdianxiangmu' },
    { name: '/tuijiejihua' },
    { name: '/enteringNewArea' },
    { name: '/landPromotion' },
    { name: '/regionalPosition' },
    { name: '/personalCenter' },
    { name: '/secondMarket' },
    { name: `/search/${encodeURIComponent('物流')}` },
    { name: 'parcel detail (photos, panorama)', path: () => detailPath(pictured) },
    { name: 'parcel detail', path: () => detailPath(plain) },
    { name: '/tzggDetail', path: () => `/tzggDetail/${linkedIds.notice}` },
    { name: '/secondMarketDetail', path: () => `/secondMarketDetail/${linkedIds.market}` },
    { name: '/plotContrastTable', path: () => `/plotContrastTable/${pictured.id},${plain.id}` },
    // The district map (in view at once) loads its parcels when it comes into view; the parcel list comes with the district (getTAreaPageByAreaname).
    { name: '/pqPositionDetail', path: () => `/pqPositionDetail/${encodeURIComponent(district)}`, late: ['selectLandInfoList'] },
  ];
  let district: string;
  const linkedIds = { notice: '', market: '' };

  describe('every public page reached by a link', () => {
    beforeAll(async () => {
      district = (await openPost<{ list: { areaname: string }[] }>(server, 'getTAreaByPageList', { pageNo: 0, pageSize: 0 })).list[0].areaname;
      linkedIds.notice = (await openPost<{ id: string }[]>(server, 'getTzggList', { limit: 1 }))[0].id;
      linkedIds.market = (await openPost<{ list: { id: string }[] }>(server, 'selectSecondMarketByPage', { pageNo: 1, pageSize: 1 })).list[0].id;
    });

    it.each(LINKED)('gets its data in one round, without a document load ($name)', async ({ name, path: to, late = [] }) => {
      const { page, context } = await browser.newPage({ viewport: DESKTOP });
      try {
        const requests = recordRequests(page);
        await page.goto(`${server.url}/popularInquiries`, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await markFirstDocument(page);
        requests.reset();
        const target = to ? to() : name;
        await page.evaluate((url) => {
          const state = { usr: null, key: 'linked', idx: 1 };
          window.history.pushState(state, '', url);
          window.dispatchEvent(new PopStateEvent('popstate', { state }));
        }, target);
        await page.waitForURL(`**${target}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        await page.waitForLoadState('networkidle');
        const calls = requests.dataCalls();
        const firstAnswer = Math.min(...calls.map((c) => c.answered));
        const names = calls.map((c) => c.call);
        console.log(`${target}: ${names.join(', ') || '(all cached)'}`);
        expect(calls.filter((c) => c.sent > firstAnswer && !late.includes(c.call)).map((c) => c.call), 'calls sent only after an answer (a second round)').toEqual([]);
        expect(names.filter((c, i) => names.indexOf(c) !== i), 'calls made twice').toEqual([]);
        expect(requests.documents).toEqual([]);
        expect(await stillFirstDocument(page)).toBe(true);
      } finally {
        await context.close();
      }
    }, 60_000);
  });

  /**
   * Filters, tabs and pages kept in the address: what the visitor picks shows at once, and the
   * results on screen stay, marked busy, until the next ones have arrived (answers held back here,
   * as on a slow phone network). Applied as the router's default transition, the choice sprang
   * back to the old one for the length of the request, with nothing to say that anything was on
   * its way.
   */
  describe('a choice kept in the address shows at once while its results load', () => {
    const HOLD_MS = 1_500;

    /** The page, hydrated, with every later call of `call` answered HOLD_MS late. */
    async function openHeld(to: string, call: string, viewport = DESKTOP) {
      const { page, context } = await browser.newPage({ viewport });
      await page.goto(`${server.url}${to}`, { waitUntil: 'load' });
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const held: string[] = [];
      await page.route(`**/openApi/${call}`, async (route) => {
        held.push(route.request().url());
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
        await route.continue().catch(() => undefined);
      });
      return { page, context, held };
    }

    it("/landDeal: the 片区 picked stays shown and the list is busy until that district's deals are there", async () => {
      const { page, context, held } = await openHeld('/landDeal', 'selectLandInfosJyxt');
      try {
        const select = page.getByLabel('片区', { exact: true });
        const code = (await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).find((v) => v !== '')!;
        const expected = await openPost<{ total: number }>(server, 'selectLandInfosJyxt', { state: 'deal', areacode: code, pageNo: 1, pageSize: 1 });
        const total = page.getByTestId('parcel-total');
        const before = await total.textContent();
        await select.selectOption(code);
        await page.waitForTimeout(400);
        expect(held, 'the list was asked for').toHaveLength(1);
        expect(await select.inputValue(), 'the district picked, while its list loads').toBe(code);
        expect(await page.locator('[aria-busy="true"]').count(), 'the list marked busy').toBe(1);
        expect(await total.textContent(), 'the previous list stays until the next is there').toBe(before);
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 });
        expect(await total.textContent()).toBe(`共 ${expected.total} 宗`);
        expect(await select.inputValue()).toBe(code);
        expect(new URL(page.url()).searchParams.get('areacode')).toBe(code);
      } finally {
        await context.close();
      }
    }, 60_000);

    it('/search: the tab chosen is selected at once and the results are busy until its own are there', async () => {
      const { page, context, held } = await openHeld(`/search/${encodeURIComponent('物流')}`, 'search');
      try {
        const tab = page.getByRole('tab').nth(1);
        const label = (await tab.textContent())!.replace(/\s*\(\d+\)$/, '');
        await tab.click();
        await page.waitForTimeout(400);
        expect(held, "the tab's results were asked for").toHaveLength(1);
        expect(await tab.getAttribute('aria-selected'), 'the tab chosen').toBe('true');
        expect(await page.locator('[role="tabpanel"] [aria-busy="true"]').count(), 'the results marked busy').toBe(1);
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 });
        expect(await tab.getAttribute('aria-selected')).toBe('true');
        expect(new URL(page.url()).searchParams.get('kind'), label).not.toBeNull();
      } finally {
        await context.close();
      }
    }, 60_000);

    it('/jiaoyixinxi 交易记录: the status chosen is pressed at once and the records are busy until theirs are there', async () => {
      const { page, context, held } = await openHeld('/jiaoyixinxi?tab=records', 'selectLandJystByPage');
      try {
        const status = page.getByTestId('transaction-status').getByRole('button').nth(1);
        await status.click();
        await page.waitForTimeout(400);
        expect(held, 'the records were asked for').toHaveLength(1);
        expect(await status.getAttribute('aria-pressed'), 'the status chosen').toBe('true');
        expect(await page.getByTestId('transaction-records').locator('[aria-busy="true"]').count(), 'the records marked busy').toBe(1);
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 });
        expect(await status.getAttribute('aria-pressed')).toBe('true');
        expect(new URL(page.url()).searchParams.get('status')).not.toBeNull();
      } finally {
        await context.close();
      }
    }, 60_000);
    it('/mobileindex: the district picked shows as a chip at once and the count says 更新中 until its parcels are there', async () => {
      const { page, context, held } = await openHeld('/mobileindex', 'selectLandInfoList', PHONE);
      try {
        const count = page.getByTestId('mobile-result-count');
        const before = await count.textContent();
        await page.getByTestId('open-filters').click();
        const sheet = page.getByTestId('filter-sheet-body');
        const district = sheet.getByTestId('sheet-districts').getByRole('button').nth(1);
        const name = (await district.textContent())!.trim();
        await district.click();
        await sheet.getByTestId('sheet-apply').click();
        await page.waitForTimeout(400);
        expect(held, 'the parcels were asked for').toHaveLength(1);
        expect(await page.getByTestId('active-filters').textContent(), 'the district picked, while its parcels load').toContain(name);
        expect(await count.getAttribute('data-updating'), 'the count marked as updating').toBe('1');
        expect(await page.getByRole('status', { name: '更新中' }).isVisible(), 'the 更新中 spinner').toBe(true);
        expect(await count.textContent(), 'the previous count stays until the next is there').toBe(before);
        await expect.poll(() => count.getAttribute('data-updating'), { timeout: 10_000 }).toBeNull();
        expect(await count.textContent()).not.toBe(before);
        expect(await page.getByTestId('active-filters').textContent()).toContain(name);
        expect(new URL(page.url()).searchParams.get('areacode')).not.toBeNull();
      } finally {
        await context.close();
      }
    }, 60_000);
  });

  describe('comparing parcels on a phone', () => {
    it('two parcels stand side by side; with three, the row labels stay while the parcels scroll sideways, and further down their names stay under the header', async () => {
      const ids = (await openPost<{ list: ListedParcel[] }>(server, 'selectLandInfoListPage', { pageNo: 1, pageSize: 3 })).list.map((p) => p.id);
      expect(ids).toHaveLength(3);
      const { page, context } = await browser.newPage({ viewport: PHONE });
      try {
        const table = page.getByTestId('compare-table');
        const widths = () => table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
        await page.goto(`${server.url}/plotContrastTable/${ids.slice(0, 2).join(',')}`, { waitUntil: 'load' });
        await hydrated(page);
        const two = await widths();
        expect(two.table, "two parcels within the phone's width").toBeLessThanOrEqual(two.box);

        await page.goto(`${server.url}/plotContrastTable/${ids.join(',')}`, { waitUntil: 'load' });
        await hydrated(page);
        const three = await widths();
        expect(three.table, 'three parcels scroll sideways').toBeGreaterThan(three.box);
        const label = table.locator('tbody th').first();
        const before = (await label.boundingBox())!;
        const scrolled = await table.evaluate((t) => {
          const box = t.parentElement!;
          box.scrollLeft = box.scrollWidth;
          return box.scrollLeft;
        });
        expect(scrolled).toBeGreaterThan(0);
        await page.waitForTimeout(100);
        const after = (await label.boundingBox())!;
        // (Half a pixel of collapsed border aside.)
        expect(Math.abs(after.x - before.x), 'the row label stays in place').toBeLessThanOrEqual(1);
        expect(await label.textContent()).toBe('宗地编号');
        await screenshot(page, 'compare-phone-three-scrolled');

        // Further down, the parcels' names stay under the site's header, where the table has been
        // scrolled to sideways; back at the top the table's own header is enough.
        const names = page.getByTestId('compare-names');
        expect(await names.isVisible()).toBe(false);
        const titles = await table.locator('thead th').allTextContents();
        await page.evaluate(() => window.scrollBy(0, 900));
        await names.waitFor();
        expect(await names.locator('th').allTextContents()).toEqual(titles);
        const siteHeader = (await page.locator('header').first().boundingBox())!;
        const bar = (await names.boundingBox())!;
        expect(Math.abs(bar.y - (siteHeader.y + siteHeader.height)), 'right under the header').toBeLessThanOrEqual(1);
        expect(await names.evaluate((el) => el.scrollLeft)).toBe(scrolled);
        await table.evaluate((t) => (t.parentElement!.scrollLeft = 0));
        await expect.poll(() => names.evaluate((el) => el.scrollLeft)).toBe(0);
        await screenshot(page, 'compare-phone-three-names-kept');
        await page.evaluate(() => window.scrollTo(0, 0));
        await names.waitFor({ state: 'hidden' });
      } finally {
        await context.close();
      }
    }, 60_000);
  });

  describe('share cards', () => {
    it("a parcel's card names it with its area in 亩, land class and price, and shows its photo", async () => {
      for (const url of [detailPath(pictured), `/mobileMoreDetails/${pictured.id}`]) {
        const html = await (await fetch(`${server.url}${url}`)).text();
        expect(metaContent(html, 'og:title'), url).toBe(pictured.dkmc);
        const description = metaContent(html, 'og:description')!;
        for (const part of [`${num(pictured.landAreaMu)} 亩`, pictured.dlname, `起始价 ${num(pictured.startingPrice)} 万元`]) expect(description, url).toContain(part);
        expect(metaContent(html, 'description'), url).toBe(description);
        expect(metaContent(html, 'og:image'), url).toBe(`${server.url}/virtualPath/${photoKeys[0]}`);
        expect(html, url).toMatch(new RegExp(`<title>${pictured.dkmc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
      }
      const photo = await fetch(`${server.url}/virtualPath/${photoKeys[0]}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
    });

    it("a policy's own address (招商政策 ?id=) names the policy in its share card and title, opened there or from the list", async () => {
      const { list } = await openPost<{ list: { id: string; title: string; docNumber?: string }[] }>(server, 'getRegulationsList', { pageNo: 1, pageSize: 2 });
      const [policy, other] = list;
      const html = await (await fetch(`${server.url}/policiesRegulations?id=${policy.id}`)).text();
      expect(metaContent(html, 'og:title')).toBe(policy.title);
      expect(metaContent(html, 'og:type')).toBe('article');
      expect(html).toContain(`<title>${policy.title} - `);
      if (policy.docNumber) expect(metaContent(html, 'og:description')).toContain(policy.docNumber);
      // The list's own card stays the list's.
      expect(metaContent(await (await fetch(`${server.url}/policiesRegulations`)).text(), 'og:title')).toBe('招商政策');
      // Opened from the list in the browser, the tab's title follows the policy, and the list's comes back on closing it.
      const { page, context } = await browser.newPage();
      try {
        await page.goto(`${server.url}/policiesRegulations`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await page.getByTestId('regulation-item').filter({ hasText: other.title }).click();
        await page.getByTestId('regulation-drawer').waitFor();
        await expect.poll(async () => (await page.title()).startsWith(`${other.title} - `)).toBe(true);
        await page.getByTestId('regulation-drawer').getByRole('button', { name: '关闭' }).click();
        await expect.poll(async () => (await page.title()).startsWith('招商政策 - ')).toBe(true);
      } finally {
        await context.close();
      }
    });

    it("pages without a photo show the platform's share picture: a 1200×630 PNG, not the SVG icon", async () => {
      for (const url of ['/home', detailPath(plain), `/mobileMoreDetails/${plain.id}`, '/mobileindex', '/popularInquiries']) {
        const html = await (await fetch(`${server.url}${url}`)).text();
        expect(metaContent(html, 'og:image'), url).toBe(`${server.url}/share.png`);
        expect(metaContent(html, 'og:image:type'), url).toBe('image/png');
        expect([metaContent(html, 'og:image:width'), metaContent(html, 'og:image:height')], url).toEqual(['1200', '630']);
      }
      const res = await fetch(`${server.url}/share.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });
  });

  describe('a parcel with photos and a panorama', () => {
    const cases = [
      { name: 'detail, phone', url: () => detailPath(pictured), viewport: PHONE, userAgent: PHONE_UA },
      { name: 'detail, desktop', url: () => detailPath(pictured), viewport: DESKTOP, userAgent: DESKTOP_UA },
      { name: 'mobile detail, phone', url: () => `/mobileMoreDetails/${pictured.id}`, viewport: PHONE, userAgent: PHONE_UA },
      { name: 'mobile detail, desktop', url: () => `/mobileMoreDetails/${pictured.id}`, viewport: DESKTOP, userAgent: DESKTOP_UA },
    ];

    it.each(cases)('does not move while read to the bottom, photos and panorama shown ($name)', async ({ url, viewport, userAgent, name }) => {
      const { page, context } = await browser.newPage({ viewport, userAgent });
      try {
        await watchLayoutShift(context);
        await page.goto(`${server.url}${url()}`, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await scrollThrough(page);
        // What came in while scrolling did come: the panorama's canvas and every photo.
        await page.getByTestId('panorama').locator('canvas').waitFor({ timeout: 20_000 });
        const photos = page.locator(`img[alt^="现场照片"]`);
        expect(await photos.count()).toBe(photoKeys.length);
        for (const img of await photos.all()) expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await page.getByText('全景图无法显示').count()).toBe(0);
        const cls = await layoutShift(page);
        await page.getByTestId('panorama').scrollIntoViewIfNeeded();
        await screenshot(page, `ssr-pictured-${name.replace(/[ ,]+/g, '-')}-${viewport.width}`);
        expect(cls).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
});

describe('the home page when there are more districts than it shows', () => {
  let server: RunningServer;
  const added = ['测试片区六', '测试片区七'];

  beforeAll(async () => {
    server = await startServer();
    // The demo has five districts: a clerk adds two more through the back office's API.
    const login = await (await fetch(`${server.url}/openApi/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userAccount: 'zhangwei', password: DEMO_PASSWORD }) })).json();
    for (const [i, areaname] of added.entries()) {
      const res = await fetch(`${server.url}/api/tArea/addOrUpdate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: login.data.token },
        body: JSON.stringify({ areaname, areacode: `CS0${i + 6}`, status: '1' }),
      });
      expect((await res.json()).code).toBe('200');
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('shows six district cards, the count of all of them, and 更多 leads to every one on /pqList', async () => {
    const all = await openPost<{ list: { areaname: string }[]; total: number }>(server, 'getTAreaByPageList', { pageNo: 1, pageSize: 50 });
    expect(all.total).toBe(7);
    const home = decode(await (await fetch(`${server.url}/home`)).text());
    const section = home.slice(home.indexOf('data-testid="home-section-片区"'));
    const cards = [...section.matchAll(/href="\/pqPositionDetail\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
    expect(cards).toEqual(all.list.slice(0, 6).map((d) => d.areaname));
    expect(section).toContain('href="/pqList"');
    expect(home).toMatch(/7<small>个<\/small><\/span><span[^>]*>产业片区/);
    const list = decode(await (await fetch(`${server.url}/pqList`)).text());
    for (const d of all.list) expect(list, d.areaname).toContain(d.areaname);
  });
});
