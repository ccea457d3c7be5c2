import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeProblems, launchBrowser, screenshot, startServer, touchscreen, type BrowserSession, type RunningServer } from './harness';

/** WeChat's in-app browser on an iPhone: what most investors open the zone's links in. */
const WECHAT_IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const WECHAT_ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; V2203A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

interface ParcelRow {
  id: string;
  dkmc?: string;
  areacode?: string;
  areaname?: string;
  tradeState?: string;
  panorama?: unknown;
}

describe('mobile pages in a phone browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let phone: { page: Page; context: BrowserContext };
  /** A published parcel with a panorama, and its district. */
  let target: ParcelRow;
  let noticeId = '';

  async function api<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${server.url}/openApi/${path}?${new URLSearchParams(query)}`);
    const body = (await res.json()) as { code: string; data: T };
    expect(body.code).toBe('200');
    return body.data;
  }

  async function phoneContext(width: number, height: number, userAgent: string, deviceScaleFactor: number) {
    const context = await browser.browser.newContext({
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      viewport: { width, height },
      deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent,
    });
    return { context, page: await context.newPage() };
  }

  const count = async (page: Page) => Number(await page.getByTestId('mobile-result-count').locator('b').textContent());

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    phone = await phoneContext(375, 812, WECHAT_IPHONE_UA, 2);

    // The demo data gives a panorama to some published parcels: pick one through the public API.
    const rows = await api<ParcelRow[] | { list: ParcelRow[] }>('selectLandInfoList');
    const list = Array.isArray(rows) ? rows : rows.list;
    for (const row of list) {
      const detail = await api<ParcelRow>('getLandInfoById', { dkid: row.id });
      const panorama = typeof detail.panorama === 'string' ? (JSON.parse(detail.panorama || '[]') as unknown[]) : detail.panorama;
      if (Array.isArray(panorama) && panorama.length > 0 && detail.areacode && detail.areaname) {
        target = detail;
        break;
      }
    }
    expect(target, 'the demo data has a published parcel with a panorama').toBeDefined();
    const notices = await api<{ id: string }[] | { list: { id: string }[] }>('getTzggList', { limit: '1' });
    noticeId = (Array.isArray(notices) ? notices : notices.list)[0].id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a phone opening / lands on /mobileindex, filters by district and opens a parcel with its panorama', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/mobileindex');
    await page.getByTestId('mobile-parcel').first().waitFor();

    // SPEC §9 on the mobile routes: root font = viewport width / 24, body font = 12 × devicePixelRatio.
    const fonts = await page.evaluate(() => ({ root: getComputedStyle(document.documentElement).fontSize, body: getComputedStyle(document.body).fontSize }));
    expect(parseFloat(fonts.root)).toBeCloseTo(375 / 24, 3);
    expect(fonts.body).toBe('24px');
    // Not the desktop shell: no site header.
    expect(await page.locator('nav[aria-label="网站导航"]').count()).toBe(0);

    // The map box first shows the parcels drawn (server-rendered SVG, one dot per parcel) and no
    // OpenLayers; 查看地图 loads the interactive map in the same box.
    const raw = await (await fetch(`${server.url}/mobileindex`, { headers: { 'user-agent': WECHAT_IPHONE_UA } })).text();
    expect(raw).toMatch(/data-testid="map-preview"><svg[^>]*aria-label="已发布地块分布示意图[^"]*"[^>]*><path d="M[\d. ]+L/);
    const mapBox = page.getByRole('region', { name: '地块地图' });
    const preview = mapBox.getByRole('img', { name: /已发布地块分布示意图/ });
    await preview.waitFor();
    const dots = await preview.evaluate((svg) => Array.from(svg.querySelectorAll('path[stroke-linecap="round"]')).reduce((n, p) => n + (p.getAttribute('d')?.match(/h0/g)?.length ?? 0), 0));
    expect(dots).toBeGreaterThan(20);
    await page.waitForLoadState('networkidle');
    const mapScripts = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/assets\/(MobileParcelMap|ParcelLayers|ol-)/.test(e.name)).length);
    expect(await mapScripts()).toBe(0);
    const boxBefore = await mapBox.boundingBox();
    await mapBox.getByRole('button', { name: '查看地图' }).tap();

    // Touch on the map: one finger pans it (not the page), two fingers pinch-zoom it.
    const map = page.getByTestId('mobile-map');
    await map.locator('canvas').first().waitFor();
    expect(await mapScripts()).toBeGreaterThan(0);
    expect(await mapBox.boundingBox()).toEqual(boxBefore);
    await expect.poll(() => map.getAttribute('data-moving')).toBeNull();
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="mobile-map"]')!;
      const w = window as unknown as { __mapMoved: boolean };
      w.__mapMoved = false;
      new MutationObserver(() => {
        if (el.getAttribute('data-moving')) w.__mapMoved = true;
      }).observe(el, { attributes: true });
    });
    const box = (await map.boundingBox())!;
    const cx = Math.round(box.x + box.width / 2);
    const cy = Math.round(box.y + box.height / 2);
    const fingers = await touchscreen(page);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await fingers.swipe([{ x: cx, y: cy }], [{ x: cx - 80, y: cy + 64 }]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __mapMoved: boolean }).__mapMoved)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await expect.poll(() => map.getAttribute('data-moving')).toBeNull();
    const scaleBefore = await map.locator('.ol-scale-line-inner').textContent();
    await page.waitForTimeout(300);
    await fingers.swipe([{ x: cx - 20, y: cy }, { x: cx + 20, y: cy }], [{ x: cx - 120, y: cy }, { x: cx + 120, y: cy }], 10);
    await expect.poll(() => map.locator('.ol-scale-line-inner').textContent()).not.toBe(scaleBefore);
    await fingers.detach();

    const total = await count(page);
    expect(total).toBeGreaterThan(20);

    // The district filter from the bottom sheet.
    await page.getByTestId('open-filters').tap();
    const sheet = page.getByTestId('filter-sheet-body');
    await sheet.getByTestId('sheet-districts').getByRole('button', { name: target.areaname, exact: true }).tap();
    await sheet.getByTestId('sheet-apply').tap();
    await sheet.waitFor({ state: 'hidden' });
    await page.waitForURL(`**/mobileindex?areacode=${target.areacode}`);
    await expect.poll(() => count(page)).toBeLessThan(total);
    await expect.poll(() => page.getByTestId('mobile-result-count').getAttribute('data-updating')).toBeNull();
    const filtered = await count(page);
    expect(filtered).toBeGreaterThan(0);
    const districts = await page.getByTestId('mobile-parcel-district').allTextContents();
    expect(districts.length).toBeGreaterThan(0);
    for (const d of districts) expect(d).toBe(target.areaname);
    await expect.poll(() => page.getByTestId('active-filters').textContent()).toContain(target.areaname);
    await screenshot(page, 'mobile-index-filtered');

    // The parcel with the panorama is in the district's list (further pages load on demand).
    const item = page.locator(`[data-testid="mobile-parcel"][data-parcel-id="${target.id}"]`);
    while ((await item.count()) === 0) await page.getByRole('button', { name: /加载更多/ }).tap();
    await item.scrollIntoViewIfNeeded();
    await item.tap();
    await page.waitForURL(`**/mobileMoreDetails/${target.id}`);
    await expect.poll(() => page.getByTestId('mobile-parcel-title').textContent()).toBe(target.dkmc);
    await page.getByTestId('key-figures').waitFor();
    await page.getByTestId('mobile-bar').waitFor();
    const desktop = await page.getByTestId('desktop-link').getAttribute('href');
    expect(desktop).toMatch(new RegExp(`^/(mapMoreDetails|mapMoreGpggDetails|landTransactionDetails)/${target.id}$`));

    // The panorama viewer starts when its section is scrolled to.
    const section = page.getByTestId('panorama-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('panorama').locator('canvas').waitFor({ timeout: 20_000 });
    expect(await section.getByText('全景图无法显示').count()).toBe(0);
    await screenshot(page, 'mobile-detail-panorama');

    // Collecting asks a visitor who is not signed in to log in, on the phone page itself.
    await page.getByTestId('collect-button').tap();
    const dialog = page.getByTestId('visitor-auth-modal');
    await dialog.getByText('收藏地块需要先登录').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // 留言: a question in writing, on 咨询服务 with the parcel named; back returns to the parcel.
    await page.getByTestId('ask-button').tap();
    await page.waitForURL(/\/consultingServices\?/);
    await expect.poll(() => page.getByTestId('ask-title').inputValue()).toContain(target.dkmc);
    await page.goBack();
    await page.waitForURL(`**/mobileMoreDetails/${target.id}`);
    await expect.poll(() => page.getByTestId('mobile-parcel-title').textContent()).toBe(target.dkmc);

    // Back to the list: the filter is still applied.
    await page.goBack();
    await page.waitForURL(`**/mobileindex?areacode=${target.areacode}`);
    await expect.poll(() => count(page)).toBe(filtered);
  });

  it('the places around a parcel say which dot on the map is which: the lists are its legend, and a tap names a place on the map', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/mobileMoreDetails/${target.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const mapBox = page.getByTestId('mobile-map-box');
    const facilities = page.getByTestId('facilities').getByRole('button');
    const distances = page.getByTestId('distances').getByRole('button');
    expect(await facilities.count(), 'the demo parcel has surrounding facilities').toBeGreaterThan(1);
    expect(await distances.count(), 'and places it is measured to').toBeGreaterThan(1);

    // Each facility's swatch has the colour of its dot in the drawn map above.
    const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
    const dotColors = await mapBox.locator('svg path[stroke-linecap="round"]').evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')?.toLowerCase()));
    const swatches = await page.getByTestId('facilities').locator('button > span:first-child').evaluateAll((spans) => spans.map((s) => getComputedStyle(s).backgroundColor));
    expect(swatches.length).toBe(await facilities.count());
    for (const swatch of swatches) expect(dotColors).toContain(hex(swatch));
    expect(await page.getByTestId('mini-map-label').count()).toBe(0);

    // A facility tapped in the list: the map loads, comes into view and names it.
    const school = facilities.first();
    const schoolName = (await school.locator('span').nth(2).textContent())!;
    await school.scrollIntoViewIfNeeded();
    await school.tap();
    const label = page.getByTestId('mini-map-label');
    await mapBox.locator('canvas').first().waitFor();
    await expect.poll(() => label.textContent()).toContain(schoolName);
    expect(await school.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => mapBox.evaluate((box) => { const r = box.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);

    // A place kilometres away is brought into the map's view, its label whole inside the map.
    const far = distances.first();
    const farName = (await far.locator('span').nth(1).textContent())!;
    await far.tap();
    await expect.poll(() => label.textContent()).toContain(farName);
    expect(await label.textContent()).toMatch(/公里/);
    expect(await school.getAttribute('aria-pressed')).toBe('false');
    const inside = async () => {
      const [l, m] = [(await label.boundingBox())!, (await mapBox.boundingBox())!];
      return l.x >= m.x && l.x + l.width <= m.x + m.width && l.y >= m.y && l.y + l.height <= m.y + m.height;
    };
    await expect.poll(inside).toBe(true);
    await screenshot(page, 'mobile-detail-place-picked');

    // A dot tapped on the map names itself (a phone has no hover) and marks its row: the school's
    // dot, under its label's anchor (the label's overlay is placed at the dot's pixel, 12 px above).
    const other = facilities.nth(1);
    const otherName = (await other.locator('span').nth(2).textContent())!;
    await other.tap();
    await expect.poll(() => label.textContent()).not.toContain(farName);
    await school.tap();
    await expect.poll(() => label.textContent()).toContain(schoolName);
    const anchor = await label.evaluate((el) => {
      const transform = (el.closest('.ol-overlay-container') as HTMLElement).style.transform;
      const [x, y] = [...transform.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
      return { x, y: y + 12 };
    });
    await other.tap();
    await expect.poll(() => label.textContent()).not.toContain(schoolName);
    const viewport = (await mapBox.locator('.ol-viewport').boundingBox())!;
    await page.touchscreen.tap(viewport.x + anchor.x, viewport.y + anchor.y);
    await expect.poll(() => label.textContent()).toContain(schoolName);
    expect(await school.getAttribute('aria-pressed')).toBe('true');
    expect(await other.getAttribute('aria-pressed')).toBe('false');
    // The row picked before the dot, tapped again, is named again.
    await other.tap();
    await expect.poll(() => label.textContent()).toContain(otherName);
    // A tap on the map away from every dot clears the pick.
    await page.touchscreen.tap(viewport.x + viewport.width - 8, viewport.y + 8);
    await expect.poll(() => label.count()).toBe(0);
    expect(await other.getAttribute('aria-pressed')).toBe('false');
    expect(await axeProblems(page, '[data-testid="facilities"]')).toEqual([]);
  });

  it('a listed and a dealt parcel on a phone show their listing (公告编号, 挂牌起止, days left; 成交价, 竞得人), and 相关文件 gives the 招商手册', async () => {
    const { page } = phone;
    for (const state of ['listed', 'deal'] as const) {
      const [parcel] = (await api<{ list: ParcelRow[] }>('selectLandInfoListPage', { state, pageNo: '1', pageSize: '1' })).list;
      const records = (await api<{ list: Record<string, string | number | null>[] }>('selectLandJystByPage', { dkid: parcel.id, pageNo: '1', pageSize: '5' })).list;
      expect(records.length).toBeGreaterThan(0);
      await page.goto(`${server.url}/mobileMoreDetails/${parcel.id}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const trade = page.getByTestId('trade');
      expect(await trade.locator('h2').textContent()).toBe(state === 'deal' ? '成交信息' : '挂牌信息');
      const shown = (await trade.textContent())!;
      const latest = records[0]!;
      expect(shown).toContain(String(latest.announcementNo));
      expect(shown).toContain(`${String(latest.listingStart).slice(0, 10)} 至 ${String(latest.listingEnd).slice(0, 10)}`);
      if (state === 'deal') {
        const deal = records.find((r) => r.status === 'dealt')!;
        expect(shown).toContain(String(deal.winner));
        expect(shown).toContain('成交价');
      } else if (latest.status === 'listing') {
        expect(shown).toMatch(/剩 \d+ 天|今日截止|已截止/);
      }
      await trade.scrollIntoViewIfNeeded();
      await screenshot(page, `mobile-detail-trade-${state}`);
    }
    // 相关文件: the manual as a PDF, made on the spot.
    const docs = page.getByTestId('documents-section');
    await docs.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), docs.getByTestId('manual-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/招商手册\.pdf$/);
    expect(fs.readFileSync((await download.path())!).subarray(0, 4).toString()).toBe('%PDF');
  });

  it('back from a parcel opened far down the list after 加载更多: the same cards, at the same place; 返回地块列表 keeps the filters', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/mobileindex?keyword=${encodeURIComponent('地块')}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const cards = page.getByTestId('mobile-parcel-list').getByTestId('mobile-parcel');
    await expect.poll(() => cards.count()).toBe(20);
    for (const n of [40, 60]) {
      await page.getByTestId('mobile-more').click();
      await expect.poll(() => cards.count()).toBe(n);
    }
    const card = cards.nth(45);
    await card.scrollIntoViewIfNeeded();
    const id = await card.getAttribute('data-parcel-id');
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(2000);
    await card.tap();
    await page.waitForURL(`**/mobileMoreDetails/${id}`);
    await page.getByTestId('mobile-detail').waitFor();
    await page.getByTestId('mobile-bar').getByRole('button', { name: '返回' }).tap();
    await page.waitForURL((u) => u.pathname === '/mobileindex' && u.searchParams.get('keyword') === '地块');
    await expect.poll(() => cards.count()).toBe(60);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);
    await screenshot(page, 'mobile-back-from-parcel');
    await page.evaluate(() => window.scrollTo(0, 0));
    // The parcel page's footer link goes to the list as filtered.
    await cards.first().tap();
    await page.getByTestId('mobile-detail').waitFor();
    await page.getByRole('link', { name: '返回地块列表' }).click();
    await page.waitForURL((u) => u.pathname === '/mobileindex' && u.searchParams.get('keyword') === '地块');
  });

  it('the mini-program detail has no site chrome and keeps every link inside the web-view', async () => {
    const wv = await phoneContext(375, 812, WECHAT_ANDROID_UA, 3);
    const { page } = wv;
    // The mini-program injects the WeChat JSSDK into its web-view; the page hands it the share data.
    await wv.context.addInitScript(() => {
      const w = window as unknown as { wx: unknown; __shared: unknown[] };
      w.__shared = [];
      w.wx = { miniProgram: { postMessage: (message: unknown) => w.__shared.push(message) } };
    });
    await page.goto(`${server.url}/xcxmobileMoreDetails/${target.id}`);
    const detail = page.getByTestId('mobile-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-embedded')).toBe('1');
    await expect.poll(() => page.getByTestId('mobile-parcel-title').textContent()).toBe(target.dkmc);
    await page.getByTestId('other-parcels').locator('a').first().waitFor();
    await page.getByTestId('contacts').locator('a[href^="tel:"]').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: { data: { title: string; path: string } }[] }).__shared.at(-1)?.data))
      .toMatchObject({ title: target.dkmc, path: `/xcxmobileMoreDetails/${target.id}` });

    // No title bar, no site header or footer, no desktop link.
    expect(await page.getByTestId('mobile-bar').count()).toBe(0);
    expect(await page.locator('header, footer, nav[aria-label="网站导航"]').count()).toBe(0);
    expect(await page.getByTestId('desktop-link').count()).toBe(0);
    // A visitor who is not signed in has no collect button here (the mini-program signs in).
    expect(await page.getByTestId('collect-button').count()).toBe(0);

    const links = await page.locator('a').evaluateAll((els) => els.map((a) => ({ href: a.getAttribute('href') ?? '', target: a.getAttribute('target') ?? '' })));
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) {
      expect(link.target).toBe('');
      expect(link.href).toMatch(/^(\/xcxmobileMoreDetails\/[^/]+|tel:.+)$/);
    }

    // Another parcel opens on the mini-program page too.
    const other = page.getByTestId('other-parcels').getByTestId('mobile-parcel').first();
    const otherId = await other.getAttribute('data-parcel-id');
    await other.tap();
    await page.waitForURL(`**/xcxmobileMoreDetails/${otherId}`);
    await expect.poll(() => page.getByTestId('mobile-detail').getAttribute('data-parcel-id')).toBe(otherId);
    expect(await page.getByTestId('mobile-bar').count()).toBe(0);
    await wv.context.close();
  });

  it('at 320 px wide nothing overflows sideways, and the notice page sits outside the desktop shell', async () => {
    const small = await phoneContext(320, 640, WECHAT_IPHONE_UA, 2);
    const { page } = small;
    const pages: { path: string; ready: string }[] = [
      { path: '/mobileindex', ready: 'mobile-parcel' },
      { path: `/mobileMoreDetails/${target.id}`, ready: 'contacts' },
      { path: `/xcxmobileMoreDetails/${target.id}`, ready: 'other-parcels' },
      { path: `/mobileTzggDetail/${noticeId}`, ready: 'mobile-notice-detail' },
    ];
    for (const [i, { path, ready }] of pages.entries()) {
      await page.goto(`${server.url}${path}`);
      await page.getByTestId(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, root: getComputedStyle(document.documentElement).fontSize }));
      expect(size.scroll, `${path} is wider than the phone`).toBeLessThanOrEqual(320);
      expect(parseFloat(size.root)).toBeCloseTo(320 / 24, 3);
      await screenshot(page, `mobile-320-${i + 1}`);
    }
    // The open filter sheet fits as well.
    await page.goto(`${server.url}/mobileindex`);
    await page.getByTestId('open-filters').tap();
    await page.getByTestId('filter-sheet-body').waitFor();
    await page.getByTestId('sheet-districts').getByRole('button').nth(1).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'mobile-320-filters');

    // The notice page is a phone page: no desktop header or footer, a way back to the desktop notice.
    await page.goto(`${server.url}/mobileTzggDetail/${noticeId}`);
    await page.getByTestId('mobile-notice-detail').waitFor();
    expect(await page.locator('nav[aria-label="网站导航"]').count()).toBe(0);
    expect(await page.getByTestId('footer-management-link').count()).toBe(0);
    expect(await page.getByTestId('desktop-link').getAttribute('href')).toBe(`/tzggDetail/${noticeId}`);

    // Leaving the mobile pages gives the desktop back its own root font size.
    await page.getByTestId('desktop-link').click();
    await page.waitForURL(`**/tzggDetail/${noticeId}`);
    await page.getByTestId('notice-detail').waitFor();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('');
    await small.context.close();
  });
});
