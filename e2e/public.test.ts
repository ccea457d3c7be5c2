import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, signIn, screenshot, startServer, touchscreen, type BrowserSession, type RunningServer } from './harness';

const VISITOR_PASSWORD = 'Visit@2024x';
// A fresh mobile number per run, so a retry does not meet "already registered".
const VISITOR_PHONE = `139${String(Date.now()).slice(-8)}`;

describe('public site in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let visitor: { page: Page; context: BrowserContext };
  let parcelName = '';
  let secondParcelName = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    visitor = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the visitor's header menu and picks an entry. */
  async function openVisitorMenu(page: Page, entry: string) {
    await page.getByTestId('visitor-menu').click();
    const item = page.getByTestId('visitor-menu-list').getByRole('menuitem', { name: entry });
    await item.waitFor();
    await item.click();
  }

  /** Pixels of the offline base map's water colour (#b9d9f2) on the map's canvases. */
  function waterPixels(page: Page): Promise<number> {
    return page.evaluate(() => {
      let n = 0;
      for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>('[data-testid="land-map"] canvas'))) {
        const ctx = canvas.getContext('2d');
        if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i] - 185) < 6 && Math.abs(data[i + 1] - 217) < 6 && Math.abs(data[i + 2] - 242) < 6 && data[i + 3] > 200) n += 1;
        }
      }
      return n;
    });
  }

  /** The map settles after every fit and zoom animation (the container drops data-moving). */
  async function mapSettled(map: Locator) {
    await expect.poll(() => map.getAttribute('data-moving'), { timeout: 10_000 }).toBeNull();
    await map.page().waitForTimeout(300);
  }

  it('filters the map to a district and a class, clicks a parcel on the map and opens its detail', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/index`);
    const items = page.getByTestId('result-item');
    await items.first().waitFor();
    const total = Number(await page.getByTestId('result-count').locator('b').textContent());
    expect(total).toBeGreaterThan(50);

    // No tile source configured: the base is the zone's own roads and water, drawn from the platform.
    // (The list now comes with the HTML, before the scripts: the map follows after hydration.)
    await expect.poll(() => page.getByTestId('land-map').getAttribute('data-basemap'), { timeout: 10_000 }).toBe('vector:roads,water');
    await expect.poll(() => waterPixels(page), { timeout: 10_000 }).toBeGreaterThan(500);

    // District 临港物流园, then the land class 10 工矿用地 (its sub-classes included).
    await page.getByTestId('filter-district').selectOption({ label: '临港物流园' });
    await page.getByTestId('filter-class').selectOption({ label: '10 工矿用地' });
    await expect.poll(async () => Number(await page.getByTestId('result-count').locator('b').textContent())).toBeLessThan(total);
    const names = await items.locator('[title]').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('临港物流园');

    // The list and the map are in step: a click in the list centres the parcel and opens its popup.
    const map = page.getByTestId('land-map');
    await items.first().click();
    const popup = page.getByTestId('map-popup');
    await popup.waitFor();
    parcelName = (await items.first().locator('[title]').first().textContent())!.trim();
    await expect.poll(() => popup.textContent()).toContain(parcelName);
    await mapSettled(map);

    // Close the popup, then click the parcel on the map itself: it sits at the centre of the map.
    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached' });
    // Two clicks within 250 ms are a double click to OpenLayers (it zooms in); a person pauses.
    await page.waitForTimeout(400);
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await popup.waitFor();
    await expect.poll(() => popup.textContent()).toContain(parcelName);
    await screenshot(page, 'public-map-popup');

    await popup.getByTestId('popup-detail-link').click();
    await page.waitForURL(/\/mapMoreDetails\/[^/]+$/);
    await expect.poll(() => page.getByTestId('parcel-name').textContent()).toBe(parcelName);
    await page.getByTestId('section-planning').waitFor();
    await page.getByTestId('section-matching').waitFor();
    await screenshot(page, 'public-parcel-detail');
  });

  it('the places beside a parcel\'s map are named there from the keyboard and by a click, not by hovering alone', async () => {
    // A page of its own: the visitor's stays on the parcel the next tests collect and compare.
    const { page } = await browser.newPage();
    const list = (await (await fetch(`${server.url}/openApi/selectLandInfoList`)).json()) as { data: { id: string }[] };
    await page.goto(`${server.url}/mapMoreDetails/${list.data[0].id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const distances = page.getByTestId('distances').getByRole('button');
    const facilities = page.locator('[class*="facilityList"]').getByRole('button');
    expect(await distances.count(), 'the demo parcel lists places it is measured to').toBeGreaterThan(1);
    expect(await facilities.count(), 'and surrounding facilities').toBeGreaterThan(1);
    const label = page.getByTestId('mini-map-label');
    const mapBox = page.getByTestId('parcel-map-box');

    // The farthest place chosen with the keyboard: named on the map and brought into its view.
    const far = distances.first();
    const farName = (await far.textContent())!.trim();
    await far.focus();
    await page.keyboard.press('Enter');
    await mapBox.locator('canvas').first().waitFor();
    await expect.poll(() => label.textContent()).toContain(farName);
    expect(await label.textContent()).toMatch(/公里/);
    expect(await far.getAttribute('aria-pressed')).toBe('true');
    const inside = async () => {
      const [l, m] = [await label.boundingBox(), (await mapBox.boundingBox())!];
      return !!l && l.x >= m.x && l.x + l.width <= m.x + m.width && l.y >= m.y && l.y + l.height <= m.y + m.height;
    };
    await expect.poll(inside).toBe(true);

    // The pick stays named when the pointer passes over another place and leaves it.
    const facility = facilities.first();
    const facilityName = (await facility.textContent())!.trim();
    await facility.hover();
    await expect.poll(() => label.textContent()).toContain(facilityName);
    await page.mouse.move(0, 0);
    await expect.poll(() => label.textContent()).toContain(farName);

    // A click picks another place (the first is no longer pressed); a second click lets it go.
    await facility.click();
    await expect.poll(() => facility.getAttribute('aria-pressed')).toBe('true');
    expect(await far.getAttribute('aria-pressed')).toBe('false');
    await page.mouse.move(0, 0);
    await expect.poll(() => label.textContent()).toContain(facilityName);
    await screenshot(page, 'public-detail-place-picked');
    await facility.click();
    await page.mouse.move(0, 0);
    await expect.poll(() => label.count()).toBe(0);
    expect(await facility.getAttribute('aria-pressed')).toBe('false');
  });

  it('a parcel page scrolls past its map: one finger or a bare wheel moves the page, two fingers, Ctrl+wheel or a mouse drag the map', async () => {
    const list = (await (await fetch(`${server.url}/openApi/selectLandInfoList`)).json()) as { data: { id: string }[] };
    /** Watches the map: whether its view has moved since the last call. */
    const watchMap = async (page: Page) => {
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="mini-map"]')!;
        const w = window as unknown as { __mapMoved: boolean };
        w.__mapMoved = false;
        new MutationObserver(() => {
          if (el.getAttribute('data-moving')) w.__mapMoved = true;
        }).observe(el, { attributes: true });
      });
      return async () => {
        const moved = await page.evaluate(() => (window as unknown as { __mapMoved: boolean }).__mapMoved);
        await page.evaluate(() => ((window as unknown as { __mapMoved: boolean }).__mapMoved = false));
        return moved;
      };
    };
    const hint = (page: Page) => page.getByTestId('mini-map').locator('[data-testid="map-gesture-hint"][data-shown]');
    const openMap = async (page: Page) => {
      await page.goto(`${server.url}/mapMoreDetails/${list.data[0].id}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const box = page.getByTestId('parcel-map-box');
      await box.scrollIntoViewIfNeeded();
      await box.locator('canvas').first().waitFor();
      await expect.poll(() => page.getByTestId('mini-map').getAttribute('data-moving')).toBeNull();
      await page.evaluate(() => window.scrollBy(0, -150));
      return (await box.boundingBox())!;
    };

    // A phone: a finger drawn up over the map scrolls the page, the map stays and says how to move it.
    const phone = await browser.browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      const box = await openMap(page);
      const moved = await watchMap(page);
      const fingers = await touchscreen(page);
      const x = Math.round(box.x + box.width / 2);
      const y = Math.round(box.y + box.height * 0.7);
      const before = await page.evaluate(() => window.scrollY);
      await fingers.swipe([{ x, y }], [{ x, y: y - 120 }]);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 60);
      await hint(page).getByText('使用双指移动地图').waitFor();
      await screenshot(page, 'public-detail-map-one-finger-412');
      expect(await moved()).toBe(false);
      // Two fingers move it, and the page stays.
      const mid = (await page.getByTestId('parcel-map-box').boundingBox())!;
      const cx = Math.round(mid.x + mid.width / 2);
      const cy = Math.round(mid.y + mid.height / 2);
      // (once the swipe's fling has come to rest)
      let still = -1;
      await expect.poll(async () => {
        const was = still;
        await page.waitForTimeout(300);
        still = await page.evaluate(() => window.scrollY);
        return still === was;
      }).toBe(true);
      await fingers.swipe([{ x: cx - 30, y: cy }, { x: cx + 30, y: cy }], [{ x: cx + 50, y: cy + 64 }, { x: cx + 110, y: cy + 64 }]);
      await expect.poll(moved).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(still);
      // Two fingers spread apart zoom it.
      await expect.poll(() => page.getByTestId('mini-map').getAttribute('data-moving')).toBeNull();
      const scale = page.getByTestId('mini-map').locator('.ol-scale-line-inner');
      const scaleBefore = await scale.textContent();
      await fingers.swipe([{ x: cx - 20, y: cy }, { x: cx + 20, y: cy }], [{ x: cx - 120, y: cy }, { x: cx + 120, y: cy }], 10);
      await expect.poll(() => scale.textContent()).not.toBe(scaleBefore);

      // The supply-plan map stands under its list on a phone: a finger over it scrolls back up.
      await page.goto(`${server.url}/gdjhMapIndex`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const show = page.getByRole('button', { name: '查看地图' });
      await show.scrollIntoViewIfNeeded();
      await show.tap();
      const theme = page.locator('.ol-viewport');
      await theme.locator('canvas').first().waitFor();
      await theme.scrollIntoViewIfNeeded();
      const tb = (await theme.boundingBox())!;
      const top = await page.evaluate(() => window.scrollY);
      const tx = Math.round(tb.x + tb.width / 2);
      const ty = Math.round(tb.y + tb.height * 0.3);
      await fingers.swipe([{ x: tx, y: ty }], [{ x: tx, y: ty + 120 }]);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(top - 60);
    } finally {
      await phone.close();
    }

    // A mouse: the wheel over the map scrolls the page (with the hint), Ctrl+wheel zooms the map, a drag pans it.
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      const box = await openMap(page);
      const moved = await watchMap(page);
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
      await hint(page).getByText('按住 Ctrl 并滚动滚轮缩放地图').waitFor();
      expect(await moved()).toBe(false);
      const now = (await page.getByTestId('parcel-map-box').boundingBox())!;
      await page.mouse.move(now.x + now.width / 2, now.y + now.height / 2);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -200);
      await page.keyboard.up('Control');
      await expect.poll(moved).toBe(true);
      await expect.poll(() => page.getByTestId('mini-map').getAttribute('data-moving')).toBeNull();
      await page.mouse.move(now.x + now.width / 2, now.y + now.height / 2);
      await page.mouse.down();
      await page.mouse.move(now.x + now.width / 2 + 60, now.y + now.height / 2 + 40, { steps: 6 });
      await page.mouse.up();
      await expect.poll(moved).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a visitor registers, logs out and in again, collects the parcel and finds it in the personal centre', async () => {
    const { page } = visitor;
    // Collecting asks for a login first; a new visitor registers from the same dialog.
    await page.getByTestId('collect-button').click();
    const dialog = page.getByTestId('visitor-auth-modal');
    await dialog.getByText('收藏地块需要先登录').waitFor();
    await dialog.getByRole('tab', { name: '注册账号' }).click();
    const form = page.getByTestId('visitor-register-form');
    await form.getByPlaceholder('请输入11位手机号码').fill('12345');
    await form.getByPlaceholder('请输入姓名').click();
    await form.getByText('联系电话格式不正确').waitFor();
    // The field in error is outlined red (the error colour), not only captioned.
    await expect.poll(() => form.getByPlaceholder('请输入11位手机号码').evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(207, 19, 34)');
    await form.getByPlaceholder('请输入11位手机号码').fill(VISITOR_PHONE);
    await form.getByPlaceholder('请输入姓名').fill('王测试');
    await form.getByPlaceholder('请输入企业或单位名称').fill('临江测试科技有限公司');
    // The box says which special characters the rule takes before anything is typed (SPEC §5's message does not).
    const password = form.getByLabel('密码', { exact: true });
    expect(await password.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      '8-16位，须同时含大写字母、小写字母、数字和特殊字符，特殊字符限 @ $ ! % * ? &',
    );
    await password.fill('Abcd1234#');
    await form.getByPlaceholder('请再次输入密码').click();
    await form.getByText('请输入8-16个字符，由数字、大小写字母、特殊字符四种结合').waitFor();
    await password.fill(VISITOR_PASSWORD);
    await form.getByPlaceholder('请再次输入密码').fill(VISITOR_PASSWORD);
    await page.getByTestId('visitor-register-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('visitor-name').textContent()).toBe('王测试');
    // Registration signs in and the collect that asked for it goes through.
    await expect.poll(() => page.getByTestId('collect-button').textContent()).toContain('已收藏');

    // The visitor session is apart from the staff one: the staff key stays empty.
    const keys = await page.evaluate(() => ({ staff: localStorage.getItem('token'), visitor: localStorage.getItem('visitor.token') }));
    expect(keys.staff).toBeNull();
    expect(keys.visitor).toBeTruthy();

    // Log out from the header menu: the collect state goes with the session.
    await openVisitorMenu(page, '退出登录');
    await page.getByTestId('visitor-login-button').waitFor();
    await expect.poll(() => page.getByTestId('collect-button').textContent()).toContain('收藏');
    expect(await page.getByTestId('collect-button').textContent()).not.toContain('已收藏');

    // Log in again from the header.
    await page.getByTestId('visitor-login-button').click();
    const login = page.getByTestId('visitor-login-form');
    await login.getByPlaceholder('请输入注册手机号').fill(VISITOR_PHONE);
    await login.getByPlaceholder('请输入密码').fill('Wrong@2024x');
    await page.getByTestId('visitor-login-submit').click();
    await login.getByText(/手机号或密码错误/).waitFor();
    await login.getByPlaceholder('请输入密码').fill(VISITOR_PASSWORD);
    await page.getByTestId('visitor-login-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('collect-button').textContent()).toContain('已收藏');

    // The personal centre lists the collection.
    await openVisitorMenu(page, '个人中心');
    await page.waitForURL('**/personalCenter');
    const collection = page.getByTestId('collection-item').filter({ hasText: parcelName });
    await collection.waitFor();
    await screenshot(page, 'public-personal-centre');
  });

  it('switching the visitor dialog between 访客登录 and 注册账号 keeps what was typed: the phone number and password both forms ask for, and each form\'s own fields', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 860 } });
    try {
      await page.goto(`${server.url}/home`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByTestId('visitor-login-button').click();
      const dialog = page.getByTestId('visitor-auth-modal');
      const login = page.getByTestId('visitor-login-form');
      await login.getByPlaceholder('请输入注册手机号').fill('13912345678');
      await login.getByPlaceholder('请输入密码').fill('Visit@2024x');
      // Not registered yet: the visitor turns to 注册账号 and finds both boxes filled.
      await dialog.getByRole('tab', { name: '注册账号' }).click();
      const register = page.getByTestId('visitor-register-form');
      expect(await register.getByPlaceholder('请输入11位手机号码').inputValue()).toBe('13912345678');
      expect(await register.getByLabel('密码', { exact: true }).inputValue()).toBe('Visit@2024x');
      await register.getByPlaceholder('请输入姓名').fill('王测试');
      await register.getByPlaceholder('请输入11位手机号码').fill('13912345679');
      // Back to 访客登录 and to 注册账号 again: nothing typed is lost on the way.
      await dialog.getByRole('tab', { name: '访客登录' }).click();
      expect(await login.getByPlaceholder('请输入注册手机号').inputValue()).toBe('13912345679');
      expect(await login.getByPlaceholder('请输入密码').inputValue()).toBe('Visit@2024x');
      await dialog.getByRole('tab', { name: '注册账号' }).click();
      expect(await register.getByPlaceholder('请输入姓名').inputValue()).toBe('王测试');
      expect(await register.getByPlaceholder('请输入11位手机号码').inputValue()).toBe('13912345679');
      // A closed dialog forgets it: the next one opens empty.
      await dialog.getByRole('button', { name: '关闭' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('visitor-login-button').click();
      expect(await login.getByPlaceholder('请输入注册手机号').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('on a phone a tap on a row of 供地计划 brings the map into view with that parcel selected on it', async () => {
    const phone = await browser.browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce', viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      await page.goto(`${server.url}/gdjhMapIndex`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // A row far down the list, below the first screen; the map stands under the whole list.
      const rows = page.getByTestId('plan-list').getByRole('button');
      expect(await rows.count()).toBeGreaterThan(3);
      const row = rows.nth(2);
      const name = (await row.locator('[class*="itemName"]').textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      await row.tap();
      expect(await row.getAttribute('aria-pressed')).toBe('true');
      // The map loads (no 查看地图 needed), comes into view, and shows the parcel's card.
      const section = page.getByRole('region', { name: '供地计划地图' });
      await section.locator('.ol-viewport canvas').first().waitFor();
      await expect
        .poll(async () => {
          const box = (await section.boundingBox())!;
          return box.y >= 0 && box.y + box.height <= 860;
        })
        .toBe(true);
      await section.getByText(name, { exact: true }).first().waitFor();
      await section.getByText('计划面积').waitFor();
    } finally {
      await phone.close();
    }
  });

  it('compares two parcels from the tray', async () => {
    const { page } = visitor;
    await page.getByTestId('collection-item').filter({ hasText: parcelName }).getByTestId('compare-button').click();
    const tray = page.getByTestId('compare-tray');
    await tray.getByText(parcelName).waitFor();

    // Back to the map by the menu: the page was kept alive, so the district filter is still set.
    await page.getByRole('menuitem', { name: '地图找地' }).click();
    await page.waitForURL('**/index');
    await expect.poll(() => page.getByTestId('filter-district').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('临港物流园');
    const second = page.getByTestId('result-item').filter({ hasNotText: parcelName }).first();
    expect(await second.textContent()).toContain('临港物流园');
    await second.waitFor();
    secondParcelName = (await second.locator('[title]').first().textContent())!.trim();
    await second.click();
    await page.getByTestId('map-popup').getByTestId('compare-button').click();
    await tray.getByText(secondParcelName).waitFor();

    // The tray survives a reload (localStorage) and starts the comparison.
    await page.reload();
    await tray.getByText(secondParcelName).waitFor();
    await page.getByTestId('compare-start').click();
    await page.waitForURL(/\/plotContrastTable\/[^/]+,[^/]+$/);
    const table = page.getByTestId('compare-table');
    await table.getByText(parcelName).waitFor();
    await table.getByText(secondParcelName).waitFor();
    // Rows whose values differ are marked; two different parcels differ at least in their code.
    expect(await table.locator('tr[data-differs="1"]').count()).toBeGreaterThan(0);
    // Each parcel's remove button names the parcel (a screen reader hears which one it takes out).
    await table.getByRole('button', { name: `移出对比：${secondParcelName}` }).waitFor();
    await screenshot(page, 'public-compare');
  });

  it('a parcel page on a desktop keeps 招商手册, 联系人 and 本页目录 in view as it scrolls, and shows no 评估价 (never public)', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      const list = (await (await fetch(`${server.url}/openApi/selectLandInfoListPage?state=listed&pageNo=1&pageSize=1`)).json()) as { data: { list: { id: string }[] } };
      await page.goto(`${server.url}/mapMoreGpggDetails/${list.data.list[0].id}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const side = page.getByTestId('detail-side');
      const before = (await side.boundingBox())!;
      await page.evaluate(() => window.scrollTo(0, 2500));
      await expect.poll(async () => (await side.boundingBox())!.y).toBeLessThan(before.y);
      const after = (await side.boundingBox())!;
      expect(after.y).toBeGreaterThan(0);
      expect(after.y + after.height).toBeLessThanOrEqual(900);
      expect(await page.locator('main').textContent()).not.toContain('评估价');
    } finally {
      await context.close();
    }
  });

  it('back from a notice finds 通知公告 as it was left: its tab, its search and its page', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.goto(`${server.url}/popularInquiries`);
      await hydrated();
      const list = page.getByTestId('notice-list');
      // The items of the tab shown (role queries leave the hidden tabs' panels out).
      const items = list.getByRole('tabpanel').getByTestId('notice-item');
      await items.first().waitFor();
      await list.getByRole('tab', { name: '出让公告' }).click();
      await expect.poll(() => list.getByRole('tab', { name: '出让公告' }).getAttribute('aria-selected')).toBe('true');
      await items.first().waitFor();
      const word = '挂牌出让';
      const search = list.getByRole('searchbox', { name: '搜索公告' });
      await search.fill(word);
      await search.press('Enter');
      await items.first().waitFor();
      const shown = await items.allTextContents();
      await items.first().click();
      await page.waitForURL('**/tzggDetail/**');
      await page.locator('h1').waitFor();
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/popularInquiries');
      await expect.poll(() => list.getByRole('tab', { name: '出让公告' }).getAttribute('aria-selected')).toBe('true');
      expect(await search.inputValue()).toBe(word);
      await expect.poll(() => items.allTextContents()).toEqual(shown);
    } finally {
      await phone.context.close();
    }
  });

  it('地块对比 with fewer than two parcels to compare (a link naming a withdrawn one) offers no 打印, and says why', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      const list = (await (await fetch(`${server.url}/openApi/selectLandInfoListPage?pageNo=1&pageSize=2`)).json()) as { data: { list: { id: string; dkmc: string }[] } };
      const [a, b] = list.data.list;
      const print = page.getByRole('button', { name: '打印' });
      // Two parcels: 打印 is there to use.
      await page.goto(`${server.url}/plotContrastTable/${a.id},${b.id}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByTestId('compare-table').waitFor();
      expect(await print.isEnabled()).toBe(true);
      // One of them no longer published (an unknown id here): one parcel left, nothing to print.
      await page.goto(`${server.url}/plotContrastTable/${a.id},no-such-parcel`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByText('可对比的地块不足两个').waitFor();
      expect(await print.isDisabled()).toBe(true);
      const reason = await print.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
      expect(reason).toBe('至少需要 2 个地块才能打印');
      expect(await page.getByText(reason).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a compare link from a colleague fills an empty tray, but never replaces parcels the visitor had put in the tray', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      const list = (await (await fetch(`${server.url}/openApi/selectLandInfoListPage?pageNo=1&pageSize=5`)).json()) as { data: { list: { id: string; dkmc: string }[] } };
      const [a, b, c, d, e] = list.data.list;
      const tray = () => page.evaluate(() => (JSON.parse(localStorage.getItem('land.compare') ?? '[]') as { id: string }[]).map((i) => i.id));
      await page.goto(`${server.url}/home`);
      await page.evaluate((items) => localStorage.setItem('land.compare', JSON.stringify(items)), [a, b, c].map((p) => ({ id: p.id, name: p.dkmc })));
      await page.goto(`${server.url}/plotContrastTable/${d.id},${e.id}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByTestId('compare-table').getByText(d.dkmc).waitFor();
      await page.waitForTimeout(300);
      expect(await tray()).toEqual([a.id, b.id, c.id]);
      // An empty tray takes the link's parcels.
      await page.evaluate(() => localStorage.removeItem('land.compare'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expect.poll(tray).toEqual([d.id, e.id]);
    } finally {
      await context.close();
    }
  });

  it('更多 in the header opens on a click after hovering, on a tap, and from the keyboard; on a phone its pages stand in the row', async () => {
    const nav = (page: Page) => page.getByRole('navigation', { name: '网站导航' });
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${server.url}/home`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const more = nav(page).getByRole('menuitem', { name: /更多/ });
      const list = nav(page).getByRole('menu', { name: '更多' });
      // A mouse: the hover opens the list, and the click that follows keeps it open (it closed it).
      await more.click();
      await list.getByRole('menuitem', { name: '片区介绍' }).waitFor();
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      await more.click();
      await list.waitFor({ state: 'hidden' });
      // The keyboard: Enter on 更多 leaves the list open, Escape closes it.
      await page.mouse.move(5, 600);
      await more.focus();
      await page.keyboard.press('Enter');
      await list.getByRole('menuitem', { name: '片区介绍' }).waitFor();
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
    // A tablet's tap (focus, then click) opens it and its page opens from it.
    const tablet = await browser.browser.newContext({ locale: 'zh-CN', viewport: { width: 900, height: 1200 }, hasTouch: true, isMobile: true });
    try {
      const page = await tablet.newPage();
      await page.goto(`${server.url}/home`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await nav(page).getByRole('menuitem', { name: /更多/ }).tap();
      await nav(page).getByRole('menu', { name: '更多' }).getByRole('menuitem', { name: '片区介绍' }).tap();
      await page.waitForURL(/\/pqList$/);
    } finally {
      await tablet.close();
    }
    // A phone: no list drops from the scrolling row; 片区介绍 is in it, current and in view.
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    try {
      await phone.page.goto(`${server.url}/pqList`);
      await phone.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(await nav(phone.page).getByRole('menuitem', { name: /更多/ }).isVisible()).toBe(false);
      const item = nav(phone.page).getByRole('menuitem', { name: '片区介绍' });
      expect(await item.getAttribute('aria-current')).toBe('page');
      await expect.poll(async () => {
        const [row, box] = [(await nav(phone.page).boundingBox())!, (await item.boundingBox())!];
        return box.x >= row.x && box.x + box.width <= row.x + row.width;
      }).toBe(true);
      await screenshot(phone.page, 'public-nav-phone-more-pages');
    } finally {
      await phone.context.close();
    }
  });

  it('global search finds parcels by a two-character Chinese word', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/home`);
    const box = page.getByTestId('home-search').locator('input');
    await box.fill('物流');
    await box.press('Enter');
    await page.waitForURL(/\/search\/%E7%89%A9%E6%B5%81$/);
    const group = page.getByTestId('search-group-parcel');
    await group.waitFor();
    const cards = group.getByTestId('parcel-card');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allTextContents()) expect(text).toContain('物流');
    await page.getByTestId('search-group-notice').waitFor();
    await screenshot(page, 'public-search');
  });

  it('a search longer than the server takes is refused at its box on a phone, the words kept to shorten: the global search, a list\'s keyword, the mobile map; a long search in an address is said on its page', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/openApi/')) asked.push(`${r.url()} ${r.postData() ?? ''}`);
      });
      // The refusal at a box is what is checked here; words typed while a page hydrates are
      // e2e/ssr.test.ts's (kept, and a held Enter submitted once it is live).
      const live = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const askedWith = (words: string) => asked.filter((a) => a.includes(encodeURIComponent(words)) || a.includes(words));
      /**
       * The browser's own message at a refused box, its words untouched, nothing sent. Polled: an
       * Enter pressed while the page was still hydrating is refused once it has (useHeldSubmit).
       */
      const refused = async (box: Locator, words: string, message: string) => {
        await expect.poll(() => box.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(message);
        expect(await box.evaluate((el: HTMLInputElement) => el.matches(':invalid'))).toBe(true);
        expect(await box.inputValue()).toBe(words);
        expect(askedWith(words)).toEqual([]);
      };

      // A long address pasted into the home page's box: 51 characters, one more than the global search takes.
      const words = `浙江省临江经济技术开发区滨江智造园工业大道${'东'.repeat(30)}`;
      expect(words.length).toBe(51);
      await page.goto(`${server.url}/home`);
      await live();
      const home = page.getByTestId('home-search').locator('input');
      await home.fill(words);
      await home.press('Enter');
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/home');
      await refused(home, words, '搜索内容不能超过50个字符');
      await screenshot(page, 'public-search-too-long-412');
      // One character fewer: the refusal is taken back and the search runs.
      await home.press('Backspace');
      expect(await home.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
      await home.press('Enter');
      await page.waitForURL((u) => decodeURIComponent(u.pathname) === `/search/${words.slice(0, 50)}`);
      await page.getByRole('searchbox', { name: '全局搜索' }).waitFor();

      // The same words in an address (a link cut and pasted): said on the page, kept in its box, nothing asked.
      await page.goto(`${server.url}/search/${encodeURIComponent(words)}`);
      const said = page.getByTestId('search-too-long');
      await said.waitFor();
      expect(await said.textContent()).toContain('搜索内容不能超过50个字符（现为51个），请缩短后再搜索');
      expect(await page.getByRole('searchbox', { name: '全局搜索' }).inputValue()).toBe(words);
      await expect.poll(() => page.locator('h1').allTextContents()).toEqual(['全站搜索']);
      expect(askedWith(words)).toEqual([]);
      expect(await page.getByText('页面加载失败').count()).toBe(0);
      expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
      // A search of blanks only prompts for words instead of failing.
      await page.goto(`${server.url}/search/%20%20`);
      await page.getByText('请输入搜索内容').waitFor();
      expect(await page.getByText('页面加载失败').count()).toBe(0);

      // A list's keyword box (招商政策) takes 100 characters.
      const long = '土地出让'.repeat(25) + '金';
      await page.goto(`${server.url}/policiesRegulations`);
      await live();
      const policies = page.getByRole('searchbox', { name: '搜索政策' });
      await policies.fill(long);
      await policies.press('Enter');
      await page.waitForTimeout(500);
      await refused(policies, long, '查询条件不能超过100个字符');
      expect(new URL(page.url()).searchParams.get('keyword')).toBeNull();
      expect(await page.getByText('页面加载失败').count()).toBe(0);

      // The phone's map page (/mobileindex) and its 筛选 sheet.
      await page.goto(`${server.url}/mobileindex`);
      await live();
      const mobile = page.getByTestId('mobile-keyword');
      await mobile.fill(long);
      await mobile.press('Enter');
      await page.waitForTimeout(500);
      await refused(mobile, long, '查询条件不能超过100个字符');
      expect(new URL(page.url()).searchParams.get('keyword')).toBeNull();
      await mobile.fill('');
      await page.getByTestId('open-filters').click();
      const sheetBox = page.getByTestId('filter-sheet-body').getByRole('searchbox', { name: '关键词' });
      await sheetBox.fill(long);
      await page.getByTestId('sheet-apply').click();
      await page.waitForTimeout(300);
      await refused(sheetBox, long, '查询条件不能超过100个字符');
      expect(await page.getByTestId('filter-sheet-body').isVisible()).toBe(true);
    } finally {
      await phone.context.close();
    }
  });

  it('a parcel opened from 挂牌地块 on a slow connection shows a bar across the top until it is there, and none when it comes at once', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      await page.goto(`${server.url}/landListing`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const navigating = () => page.evaluate(() => document.documentElement.hasAttribute('data-navigating'));
      // The parcel's data takes 1.5 s.
      await page.route('**/openApi/getLandInfoPageById*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const card = page.getByTestId('parcel-card').first();
      const name = (await card.locator('[class*="name"]').first().getAttribute('title'))!.trim();
      await card.click();
      await expect.poll(navigating, { timeout: 1200 }).toBe(true);
      expect(await page.evaluate(() => document.body.getAttribute('aria-busy'))).toBe('true');
      await screenshot(page, 'navigation-progress-412');
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toContain(name);
      expect(await navigating()).toBe(false);
      expect(await page.evaluate(() => document.body.getAttribute('aria-busy'))).toBeNull();
      // Back to the list, which is in the cache: no bar.
      await page.unroute('**/openApi/getLandInfoPageById*');
      let seen = false;
      await page.exposeFunction('sawBar', () => (seen = true));
      await page.evaluate(() => {
        new MutationObserver(() => {
          if (document.documentElement.hasAttribute('data-navigating')) void (window as unknown as { sawBar: () => void }).sawBar();
        }).observe(document.documentElement, { attributes: true });
      });
      await page.goBack();
      await page.getByTestId('parcel-card').first().waitFor();
      await page.waitForTimeout(400);
      expect(seen).toBe(false);
    } finally {
      await phone.context.close();
    }
  });

  it('a policy opened from 招商政策 closes with the phone\'s Back, and closing it with × leaves no step that Back would open again', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.goto(`${server.url}/home`);
      await hydrated();
      await page.goto(`${server.url}/policiesRegulations`);
      await hydrated();
      const drawer = page.getByTestId('regulation-drawer');
      const item = page.getByTestId('regulation-item').first();
      // Opened, then Back: closed, still on the list.
      await item.click();
      await drawer.waitFor();
      await page.waitForURL((u) => u.searchParams.has('id'));
      await page.goBack();
      await drawer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/policiesRegulations');
      // Opened, closed with ×, then Back: the page before the list, not the policy again.
      await item.click();
      await drawer.waitFor();
      await drawer.getByRole('button', { name: '关闭' }).click();
      await drawer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/home');
      // A shared link to a policy: × closes it and stays on the list.
      await page.goto(`${server.url}/policiesRegulations?id=${await (async () => {
        await page.goto(`${server.url}/policiesRegulations`);
        await hydrated();
        await item.click();
        await page.waitForURL((u) => u.searchParams.has('id'));
        return new URL(page.url()).searchParams.get('id');
      })()}`);
      await hydrated();
      await drawer.waitFor();
      await drawer.getByRole('button', { name: '关闭' }).click();
      await drawer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/policiesRegulations');
      await expect.poll(() => page.getByTestId('regulation-item').count()).toBeGreaterThan(0);
    } finally {
      await phone.context.close();
    }
  });

  it('a list opened from an address the search would refuse (a cut-off link with a long keyword, an unknown sort, a negative area, a code no district has) still lists parcels on a phone, and says a keyword it left out', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const refusedAnswers: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/openApi/') && r.status() === 400) refusedAnswers.push(r.url());
      });
      const long = '江苏省南京市'.repeat(17);
      expect(long.length).toBe(102);
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const listed = page.getByTestId('parcel-total');

      // 挂牌地块 with a keyword over the limit: the parcels are listed without it, the page says so, the words stay in the box.
      await page.goto(`${server.url}/landListing?keyword=${encodeURIComponent(long)}`);
      await hydrated();
      const note = page.getByTestId('keyword-not-applied');
      await note.waitFor();
      expect(await note.textContent()).toBe('查询条件不能超过100个字符：下面的地块未按关键词筛选，请缩短后再搜索');
      const box = page.getByRole('searchbox', { name: '关键词' });
      expect(await box.inputValue()).toBe(long);
      expect(await box.evaluate((el: HTMLInputElement) => el.matches(':invalid'))).toBe(true);
      expect(await listed.textContent()).toMatch(/共 [1-9]\d* 宗/);
      expect(await page.getByText('页面加载失败').count()).toBe(0);
      await screenshot(page, 'public-address-keyword-too-long-412');
      // Shortened in the box and searched: the note goes, the keyword applies.
      await box.fill('临港');
      await box.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('keyword') === '临港');
      await expect.poll(() => note.count()).toBe(0);
      await expect.poll(() => listed.textContent()).toMatch(/共 [1-9]\d* 宗/);

      // 成交地块 with an unknown sort, a negative area, a page that is not a number and a code no district has.
      await page.goto(`${server.url}/landDeal?sort=foo:bar&areaMin=-5&pageNo=abc&areacode=${'G'.repeat(80)}`);
      await hydrated();
      await expect.poll(() => listed.textContent()).toMatch(/共 [1-9]\d* 宗/);
      expect(await page.getByRole('combobox', { name: '排序' }).inputValue()).toBe('publishedAt:desc');
      expect(await page.getByText('页面加载失败').count()).toBe(0);

      // 地图找地 (a saved search's 查看 opens it with its filters in the address): the same long keyword.
      await page.goto(`${server.url}/index?keyword=${encodeURIComponent(long)}&areacode=${'G'.repeat(80)}`);
      await hydrated();
      await page.getByTestId('keyword-not-applied').waitFor();
      expect(await page.getByTestId('filter-keyword').getByRole('searchbox').inputValue()).toBe(long);
      await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/共 [1-9]\d* 个地块/);
      // Nothing was applied (the keyword and the district were left out): no 项筛选 is counted.
      expect(await page.getByTestId('result-count').textContent()).not.toContain('项筛选');

      // The phone's map page: the same long keyword in its address.
      await page.goto(`${server.url}/mobileindex?keyword=${encodeURIComponent(long)}&dlcode=${'1'.repeat(80)}`);
      await hydrated();
      const mobileNote = page.getByTestId('keyword-not-applied');
      await mobileNote.waitFor();
      expect(await mobileNote.textContent()).toContain('下面的地块未按关键词筛选');
      const mobileBox = page.getByTestId('mobile-keyword');
      expect(await mobileBox.inputValue()).toBe(long);
      expect(await mobileBox.evaluate((el: HTMLInputElement) => el.matches(':invalid'))).toBe(true);
      expect(await page.getByTestId('mobile-result-count').textContent()).toMatch(/共 [1-9]\d* 个地块/);
      // 筛选 counts what the list was filtered by: nothing here (the class code was left out too).
      expect(await page.getByTestId('open-filters').textContent()).toBe(' 筛选');
      // Its chip stays on one line under the search bar, the whole keyword in its accessible name.
      const chip = page.getByRole('button', { name: `清除筛选 “${long}”` });
      const chipBox = await chip.boundingBox();
      expect(chipBox!.height).toBeLessThan(40);
      expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(412);
      await screenshot(page, 'mobile-address-keyword-too-long-412');
      await chip.click();
      await expect.poll(() => mobileNote.count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('keyword')).toBeNull();
      expect(await mobileBox.inputValue()).toBe('');
      expect(await mobileBox.evaluate((el: HTMLInputElement) => el.matches(':invalid'))).toBe(false);
      expect(refusedAnswers).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('a negative area typed on a phone stays in its box, says 不能为负数 and is not searched for: 地图找地, 挂牌地块 and the phone\'s filter sheet', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const invalid = (box: Locator) => box.evaluate((el: HTMLInputElement) => [el.value, el.matches(':invalid'), el.validationMessage] as const);
      const areaMinAsked: string[] = [];
      page.on('request', (r) => {
        const asked = new URL(r.url()).searchParams.get('areaMin');
        if (r.url().includes('/openApi/') && asked !== null) areaMinAsked.push(asked);
      });

      // 地图找地: typing keeps "-3" (it used to empty the box as the minus was typed); 筛选 says why at the box and searches nothing.
      await page.goto(`${server.url}/index`);
      await hydrated();
      const count = page.getByTestId('result-count');
      await expect.poll(() => count.textContent()).toMatch(/共 [1-9]\d* 个地块$/);
      const before = await count.textContent();
      const min = page.getByLabel('最小面积（亩）');
      await min.click();
      await page.keyboard.type('-3');
      expect(await invalid(min)).toEqual(['-3', true, '不能为负数']);
      await page.getByTestId('filter-apply').click();
      expect(page.url()).toBe(`${server.url}/index`);
      expect(await count.textContent()).toBe(before);
      await screenshot(page, 'public-area-negative-map-412');
      // 重置 is offered for the box alone and empties it; a figure then applies.
      const reset = page.getByTestId('map-filters').getByRole('button', { name: '重置' });
      expect(await reset.isEnabled()).toBe(true);
      await reset.click();
      expect(await invalid(min)).toEqual(['', false, '']);
      await expect.poll(() => reset.isDisabled()).toBe(true);
      await min.fill('40');
      await page.getByTestId('filter-apply').click();
      await page.waitForURL((u) => u.searchParams.get('areaMin') === '40');
      expect(await invalid(min)).toEqual(['40', false, '']);

      // 挂牌地块: Enter on "-5" keeps it, marked; the list is not filtered by it.
      await page.goto(`${server.url}/landListing`);
      await hydrated();
      const listMin = page.getByLabel('最小面积（亩）');
      await listMin.click();
      await page.keyboard.type('-5');
      await page.keyboard.press('Enter');
      expect(await invalid(listMin)).toEqual(['-5', true, '不能为负数']);
      expect(new URL(page.url()).searchParams.get('areaMin')).toBeNull();
      // An address holding a negative area (a link edited by hand) shows the box empty, as the list reads it.
      await page.goto(`${server.url}/landListing?areaMin=-3`);
      await hydrated();
      await expect.poll(() => page.getByTestId('parcel-total').textContent()).toMatch(/共 [1-9]\d* 宗/);
      expect(await invalid(page.getByLabel('最小面积（亩）'))).toEqual(['', false, '']);

      // The phone's filter sheet: 确定 with "-3" stays open and says why at the box.
      await page.goto(`${server.url}/mobileindex`);
      await hydrated();
      await page.getByTestId('open-filters').click();
      const sheet = page.getByTestId('filter-sheet-body');
      await sheet.waitFor();
      const sheetMin = sheet.getByLabel('最小面积（亩）');
      await sheetMin.click();
      await page.keyboard.type('-3');
      await page.getByTestId('sheet-apply').click();
      expect(await sheet.isVisible()).toBe(true);
      expect(await invalid(sheetMin)).toEqual(['-3', true, '不能为负数']);
      await screenshot(page, 'mobile-area-negative-sheet-412');
      await page.getByTestId('sheet-reset').click();
      expect(await invalid(sheetMin)).toEqual(['', false, '']);
      expect(areaMinAsked.filter((v) => Number(v) < 0)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('a maximum below the minimum stays as typed, says why at its box and is not searched for: 地图找地 (面积, 起始价), 挂牌地块 and the phone\'s filter sheet', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const invalid = (box: Locator) => box.evaluate((el: HTMLInputElement) => [el.value, el.matches(':invalid'), el.validationMessage] as const);
      // Every search the pages asked for: never one whose maximum lies below its minimum.
      const reversed: string[] = [];
      page.on('request', (r) => {
        const q = new URL(r.url()).searchParams;
        for (const [lo, hi] of [['areaMin', 'areaMax'], ['priceMin', 'priceMax']]) {
          if (r.url().includes('/openApi/') && q.has(lo) && q.has(hi) && Number(q.get(hi)) < Number(q.get(lo))) reversed.push(r.url());
        }
      });

      // 地图找地: 筛选 with 面积 50–10 is refused at the maximum's box; the address and the list stay.
      await page.goto(`${server.url}/index`);
      await hydrated();
      const count = page.getByTestId('result-count');
      await expect.poll(() => count.textContent()).toMatch(/共 [1-9]\d* 个地块$/);
      const before = await count.textContent();
      const min = page.getByLabel('最小面积（亩）');
      const max = page.getByLabel('最大面积（亩）');
      await min.fill('50');
      await max.click();
      await page.keyboard.type('10');
      expect(await invalid(max)).toEqual(['10', true, '不能小于最小面积']);
      expect(await invalid(min)).toEqual(['50', false, '']);
      await page.getByTestId('filter-apply').click();
      expect(page.url()).toBe(`${server.url}/index`);
      expect(await count.textContent()).toBe(before);
      await screenshot(page, 'public-area-reversed-map-412');
      // The same for 起始价; putting the maximum right applies both ranges.
      await page.getByLabel('最低起始价（万元）').fill('500');
      const priceMax = page.getByLabel('最高起始价（万元）');
      await priceMax.fill('100');
      expect(await invalid(priceMax)).toEqual(['100', true, '不能低于最低起始价']);
      await max.fill('60');
      await priceMax.fill('5000');
      expect(await invalid(max)).toEqual(['60', false, '']);
      await page.getByTestId('filter-apply').click();
      await page.waitForURL((u) => u.searchParams.get('areaMax') === '60' && u.searchParams.get('priceMax') === '5000');

      // 挂牌地块: a maximum below the minimum stays in its box, marked, and the list is searched by the minimum alone.
      await page.goto(`${server.url}/landListing?areaMin=1`);
      await hydrated();
      const total = page.getByTestId('parcel-total');
      await expect.poll(() => total.textContent()).toMatch(/共 [1-9]\d* 宗/);
      const byMinimum = await total.textContent();
      const listMax = page.getByLabel('最大面积（亩）');
      await listMax.click();
      await page.keyboard.type('0.5');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('areaMax') === '0.5');
      expect(await invalid(listMax)).toEqual(['0.5', true, '不能小于最小面积']);
      await expect.poll(() => total.textContent()).toBe(byMinimum);
      await screenshot(page, 'listing-area-reversed-412');

      // The phone's filter sheet: 确定 with 50–10 stays open and says why at the maximum (it used to swap the two).
      await page.goto(`${server.url}/mobileindex`);
      await hydrated();
      await page.getByTestId('open-filters').click();
      const sheet = page.getByTestId('filter-sheet-body');
      await sheet.waitFor();
      await sheet.getByLabel('最小面积（亩）').fill('50');
      const sheetMax = sheet.getByLabel('最大面积（亩）');
      await sheetMax.fill('10');
      await page.getByTestId('sheet-apply').click();
      expect(await sheet.isVisible()).toBe(true);
      expect(await invalid(sheetMax)).toEqual(['10', true, '不能小于最小面积']);
      expect(await sheet.getByLabel('最小面积（亩）').inputValue()).toBe('50');
      await screenshot(page, 'mobile-area-reversed-sheet-412');
      await sheetMax.fill('60');
      await page.getByTestId('sheet-apply').click();
      await page.waitForURL((u) => u.searchParams.get('areaMin') === '50' && u.searchParams.get('areaMax') === '60');
      expect(reversed).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('挂牌地块 and 成交地块 with filters nothing matches say so and offer 清除筛选; a page past the end offers 回到第一页', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const { page } = phone;
    try {
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const empty = page.getByTestId('empty');
      await page.goto(`${server.url}/landListing?keyword=${encodeURIComponent('不存在的地块xyz')}&view=table`);
      await hydrated();
      // 土地用途 offers the classes published parcels have (with the classes above them), not the whole national scheme.
      const classOptions = await page.getByRole('combobox', { name: '土地用途' }).locator('option').allTextContents();
      const totals = (await (await fetch(`${server.url}/openApi/selectLandInfoTotals`)).json()) as { data: { byClass: { dlcode: string }[] } };
      for (const c of totals.data.byClass) expect(classOptions.some((o) => o.trim().startsWith(`${c.dlcode} `)), c.dlcode).toBe(true);
      expect(classOptions.length).toBeLessThan(40);
      expect(classOptions[0]).toBe('全部地类');
      // A class no parcel has, from an address (an old link), stays chosen and shown.
      await page.goto(`${server.url}/landListing?dlcode=0101`);
      await hydrated();
      expect(await page.getByRole('combobox', { name: '土地用途' }).inputValue()).toBe('0101');
      expect(await empty.textContent()).toContain('没有符合条件的地块');
      await page.goto(`${server.url}/landListing?keyword=${encodeURIComponent('不存在的地块xyz')}&view=table`);
      await hydrated();
      expect(await empty.textContent()).toContain('没有符合条件的地块，请调整筛选条件');
      await screenshot(page, 'listing-no-match-412');
      await page.getByTestId('clear-filters').click();
      await page.waitForURL((u) => !u.searchParams.has('keyword'));
      await page.getByTestId('parcel-table').waitFor();
      // The view chosen stays; the keyword box is emptied with the filter.
      expect(new URL(page.url()).searchParams.get('view')).toBe('table');
      expect(await page.getByRole('searchbox', { name: '关键词' }).inputValue()).toBe('');

      // An area range nothing dealt falls in: the same, on 成交地块.
      await page.goto(`${server.url}/landDeal?areaMin=100000&areaMax=200000`);
      await hydrated();
      expect(await empty.textContent()).toContain('没有符合条件的地块');
      await page.getByTestId('clear-filters').click();
      await expect.poll(() => page.getByTestId('parcel-total').textContent()).toMatch(/共 [1-9]\d* 宗/);
      expect(await empty.count()).toBe(0);

      // A page past the end (an old link): said, with the way back.
      await page.goto(`${server.url}/landListing?pageNo=999`);
      await hydrated();
      expect(await empty.textContent()).toMatch(/第 999 页没有地块，共 [1-9]\d* 宗/);
      await page.getByTestId('first-page').click();
      await page.waitForURL((u) => !u.searchParams.has('pageNo'));
      await expect.poll(() => empty.count()).toBe(0);
    } finally {
      await phone.context.close();
    }
  });

  it('a question asked on the site is answered through 回复 in the back office: the answer shows in the personal centre and reaches the inbox', async () => {
    const { page } = visitor;
    const title = `用地咨询${Date.now() % 100000}`;
    // Asked from a parcel's page (在线咨询): the form opens naming the parcel, under 土地交易.
    const list = (await (await fetch(`${server.url}/openApi/selectLandInfoList`)).json()) as { data: { id: string; dkmc: string; dkbh: string }[] };
    const asked = list.data[0];
    await page.goto(`${server.url}/mapMoreDetails/${asked.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('link', { name: '在线咨询' }).click();
    await page.waitForURL(/\/consultingServices\?/);
    const form = page.getByTestId('ask-form');
    await form.waitFor();
    await form.getByText('王测试').waitFor();
    expect(await page.getByTestId('ask-title').inputValue()).toBe(`关于“${asked.dkmc}（${asked.dkbh}）”的咨询`);
    expect(await form.getByLabel('咨询类别').inputValue()).toBe('transaction');
    // The footer's 咨询服务 (same page, no parcel): the form no longer names it; back names it again.
    await page.getByRole('contentinfo').getByRole('link', { name: '咨询服务' }).click();
    await page.waitForURL(/\/consultingServices$/);
    await expect.poll(() => page.getByTestId('ask-title').inputValue()).toBe('');
    expect(await form.getByLabel('咨询类别').inputValue()).toBe('landPolicy');
    await page.goBack();
    await page.waitForURL(/\/consultingServices\?/);
    await expect.poll(() => page.getByTestId('ask-title').inputValue()).toBe(`关于“${asked.dkmc}（${asked.dkbh}）”的咨询`);
    expect(await form.getByLabel('咨询类别').inputValue()).toBe('transaction');
    await page.getByTestId('ask-title').fill(title);
    // Content pasted past its limit (len2000: 1,000 汉字) stays whole, its count red; sending is refused at the field.
    const longText = '用地需求说明'.repeat(180);
    await page.getByTestId('ask-content').focus();
    await page.keyboard.insertText(longText);
    expect(await page.getByTestId('ask-content').inputValue()).toBe(longText);
    expect(await page.getByTestId('ask-content-count').textContent()).toBe('1080 / 1000');
    expect(await page.getByTestId('ask-content-count').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
    await page.getByTestId('ask-submit').click();
    await form.getByRole('alert').getByText('长度不能超过60个汉字').waitFor();
    expect(await page.getByTestId('ask-content').inputValue()).toBe(longText);
    await page.getByTestId('ask-content').fill('我公司拟投资新能源汽车零部件项目，需用地约50亩，请问临港物流园是否有合适地块？');
    expect(await page.getByTestId('ask-content-count').textContent()).toBe('39 / 1000');
    await page.getByTestId('ask-submit').click();
    await page.getByTestId('toasts').getByText(/提交成功/).waitFor();

    // Staff answer it on the 咨询服务管理 screen (admin changes the first password on the way).
    const { page: staff } = await browser.newPage();
    await signIn(staff, server);

    const menu = staff.getByTestId('side-menu');
    await menu.getByText('招商服务', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '咨询服务管理' }).click();
    await staff.waitForURL('**/managementSystem/problem');
    const search = staff.getByTestId('entity-search');
    await search.getByPlaceholder('请输入咨询标题').fill(title);
    await search.getByRole('button', { name: '查询' }).click();
    const row = staff.getByTestId('entity-table').locator('tbody tr').filter({ hasText: title });
    await row.getByText('王测试').waitFor();

    // 编辑 shows what the visitor wrote read-only, no raw visitor id, and points to 回复.
    await row.getByRole('button', { name: '编辑' }).click();
    const drawer = staff.getByTestId('entity-form-drawer');
    await drawer.getByTestId('form-lock-note').getByText(/请在列表中点击“回复”答复访客/).waitFor();
    await drawer.getByText(title, { exact: true }).waitFor();
    expect(await drawer.getByPlaceholder('请输入咨询标题').count()).toBe(0);
    expect(await drawer.getByPlaceholder('请输入咨询内容').count()).toBe(0);
    expect(await drawer.getByPlaceholder('请输入回复内容').count()).toBe(0);
    expect(await drawer.getByText('访客编号').count()).toBe(0);
    expect(await drawer.textContent()).not.toMatch(/(?<![A-Za-z0-9])[0-9A-HJKMNP-TV-Z]{26}(?![A-Za-z0-9])/i);
    await screenshot(staff, 'public-consultation-edit-readonly');
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // 回复: the question read-only above the answer; sending it answers the visitor.
    await row.getByRole('button', { name: '回复' }).click();
    const reply = staff.getByTestId('consultation-reply').locator('.ant-modal');
    await reply.getByTestId('consultation-question').getByText(title).waitFor();
    // An answer pasted past its limit stays whole; the count (in 汉字, as the rule counts) is red and 发送回复 is refused at the field.
    const longAnswer = '建议预约现场踏勘'.repeat(130);
    await reply.getByTestId('consultation-answer').focus();
    await staff.keyboard.insertText(longAnswer);
    expect(await reply.getByTestId('consultation-answer').inputValue()).toBe(longAnswer);
    await reply.locator('.ant-input-data-count').getByText('1040 / 1000').waitFor();
    await reply.getByRole('button', { name: '发送回复' }).click();
    await reply.locator('.ant-form-item-explain-error').getByText('长度不能超过60个汉字').waitFor();
    expect(await reply.isVisible()).toBe(true);
    const answer = '临港物流园WL片区有多宗工业用地可供，建议预约现场踏勘，联系电话0571-86795555。';
    await reply.getByTestId('consultation-answer').fill(answer);
    await reply.getByRole('button', { name: '发送回复' }).click();
    await staff.locator('.ant-notification').getByText('回复已保存，并已发送到访客的消息中心').waitFor();
    await reply.waitFor({ state: 'hidden' });
    await row.getByText('已回复').waitFor();

    // The asker sees the answer under 我的咨询 …
    await page.goto(`${server.url}/personalCenter?tab=problems`);
    const item = page.getByTestId('problem-item').filter({ hasText: title });
    await item.getByTestId('problem-answer').getByText(answer).waitFor();
    await item.getByText('已回复').waitFor();
    await screenshot(page, 'public-answer');

    // … and it reaches their inbox (我的消息), sent through the outbox: reload until it is there.
    const message = page.getByTestId('message-item').filter({ hasText: '咨询回复通知' });
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/personalCenter?tab=messages`);
          await page.getByTestId('messages').waitFor();
          await page.waitForLoadState('networkidle');
          return message.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await message.first().getByRole('button').first().click();
    await message.first().getByText(new RegExp(`您咨询的“${title}”已有回复：${answer.slice(0, 20)}`)).waitFor();
    await screenshot(page, 'public-answer-inbox');
  });
});
