import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsoleErrors, axeProblems, DEMO_PASSWORD, launchBrowser, screenshot, signIn, startServer, type BrowserSession, type RunningServer } from './harness';
import { PHONE_UA } from './public-site';
import { sampleIds } from './sample-routes';

/**
 * A public page whose data or script files do not arrive (a phone losing its network between two
 * pages, or a release replacing the files) says so in Chinese inside the site, and recovers.
 * React Router's developer page ("Unexpected Application Error!", in English with a stack trace)
 * showed for a failed call, and a blank page, header and all, for a failed script. A back-office
 * screen whose code does not arrive took the whole back office (menu, tabs) down to one error page.
 */
describe('pages that cannot load', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Cuts the page off from the platform's calls or its script and style files until `restore`. */
  async function offline(page: Page, what: 'calls' | 'files'): Promise<() => Promise<void>> {
    const pattern = what === 'calls' ? '**/openApi/**' : '**/assets/**';
    // The browser reports what it could not load, and React the error its boundary caught.
    allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /网络连接失败/, /React Router caught the following error/, /dynamically imported module|Unable to preload CSS/);
    await page.route(pattern, (route) => route.abort('internetdisconnected'));
    return () => page.unroute(pattern);
  }

  async function expectErrorPage(page: Page, title: string) {
    const error = page.getByTestId('page-error');
    await error.waitFor();
    await expect.poll(() => error.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
  }

  it('a page whose calls fail says the network failed, keeps the site around it, and 重试 shows the page', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${server.url}/home`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const restore = await offline(page, 'calls');
      await page.getByRole('navigation', { name: '网站导航' }).getByRole('menuitem', { name: '挂牌地块' }).click();
      await expectErrorPage(page, '网络连接失败');
      expect(new URL(page.url()).pathname).toBe('/landListing');
      // The header and its navigation stay, so the visitor can go elsewhere.
      expect(await page.getByRole('navigation', { name: '网站导航' }).isVisible()).toBe(true);
      expect(await page.getByTestId('page-error-home').getAttribute('href')).toBe('/home');
      // The page says it; no toast over the header says it again.
      await page.waitForTimeout(500);
      expect(await page.getByTestId('toasts').getByText('网络连接失败！').count()).toBe(0);
      await screenshot(page, 'page-error-calls-1440');
      await restore();
      await page.getByTestId('page-error-retry').click();
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('挂牌地块');
      expect(await page.getByTestId('page-error').count()).toBe(0);
      await expect.poll(() => page.getByText('保存搜索').count()).toBeGreaterThan(0);

      // An action that fails on a page that stays (登录 here, like 收藏 or 提交) has only the toast to say so.
      await page.getByTestId('visitor-login-button').click();
      const login = page.getByTestId('visitor-login-form');
      await login.getByPlaceholder('请输入注册手机号').fill('13858012345');
      await login.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
      await offline(page, 'calls');
      await page.getByTestId('visitor-login-submit').click();
      await page.getByTestId('toasts').getByText('网络连接失败！').waitFor();
      expect(await login.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a page whose script files do not arrive asks for a reload, which shows the page', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 860 } });
    try {
      await page.goto(`${server.url}/home`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const restore = await offline(page, 'files');
      await page.getByRole('navigation', { name: '网站导航' }).getByRole('menuitem', { name: '成交地块' }).click();
      await expectErrorPage(page, '页面加载失败');
      expect(await page.getByTestId('page-error-retry').textContent()).toBe('刷新页面');
      await screenshot(page, 'page-error-files-412');
      await restore();
      await page.getByTestId('page-error-retry').click();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('成交地块');
      expect(new URL(page.url()).pathname).toBe('/landDeal');
    } finally {
      await context.close();
    }
  });

  it('on the phone pages a parcel that cannot load shows the error in the mobile layout, and 重试 opens it', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 860 }, userAgent: PHONE_UA });
    try {
      await page.goto(`${server.url}/mobileindex`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const first = page.getByTestId('mobile-parcel').first();
      const name = (await first.getByTestId('mobile-parcel-name').textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      const restore = await offline(page, 'calls');
      await first.click();
      await expectErrorPage(page, '网络连接失败');
      expect(new URL(page.url()).pathname).toMatch(/^\/mobileMoreDetails\//);
      // Home, from a phone page, is the phone's.
      expect(await page.getByTestId('page-error-home').getAttribute('href')).toBe('/mobileindex');
      await restore();
      await page.getByTestId('page-error-retry').click();
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe(name);
    } finally {
      await context.close();
    }
  });

  it('a phone page that cannot load keeps the phone\'s title bar, says the failure once (no toast), and its 返回 goes back to the list', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 860 }, userAgent: PHONE_UA });
    try {
      await page.goto(`${server.url}/mobileindex`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const restore = await offline(page, 'calls');
      await page.getByTestId('mobile-parcel').first().click();
      await expectErrorPage(page, '网络连接失败');
      // The same bar as the parcel page's own: the kind of page, and back.
      const bar = page.getByTestId('mobile-bar');
      await bar.waitFor();
      expect(await bar.textContent()).toContain('地块详情');
      const back = bar.getByRole('button', { name: '返回' });
      const box = (await back.boundingBox())!;
      expect(box.y).toBeLessThan(10);
      // The page's own message is enough: no 网络连接失败！ toast over it.
      await page.waitForTimeout(500);
      expect(await page.getByTestId('toasts').getByRole('alert').count()).toBe(0);
      await restore();
      await back.click();
      await page.waitForURL(`${server.url}/mobileindex`);
      await page.getByTestId('mobile-parcel').first().waitFor();
    } finally {
      await context.close();
    }
  });

  // A search, a filter or a next page that could not load took the whole page, the visitor's
  // words and filters with it, down to the route's 网络连接失败 page.
  it('a list whose next search, filter or page cannot load says so in its place, keeps the visitor\'s choices, and 重试 shows it', async () => {
    const phone = await browser.newPage({ viewport: { width: 412, height: 860 }, userAgent: PHONE_UA });
    try {
      const { page } = phone;
      await page.goto(`${server.url}/mobileindex`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const restore = await offline(page, 'calls');
      await page.getByTestId('mobile-keyword').fill('物流');
      await page.getByTestId('mobile-keyword').press('Enter');
      const error = page.getByRole('region', { name: '地块列表' }).getByTestId('block-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('地块列表加载失败');
      expect(await error.textContent()).toContain('没有连上服务器');
      // The page stays, with what the visitor typed; the last list's count goes with the list.
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect(await page.getByTestId('mobile-keyword').inputValue()).toBe('物流');
      expect(await page.getByTestId('mobile-result-count').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, 'list-error-mobile-412');
      await restore();
      await error.getByRole('button', { name: '重试' }).click();
      await page.getByTestId('mobile-result-count').waitFor();
      expect(await page.getByTestId('block-error').count()).toBe(0);
      const names = await page.getByTestId('mobile-parcel-name').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toContain('物流');
    } finally {
      await phone.context.close();
    }

    const desktop = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      const { page } = desktop;
      // A district picked on the listed parcels.
      await page.goto(`${server.url}/landListing`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      let restore = await offline(page, 'calls');
      const district = page.getByTestId('parcel-filters').getByLabel('片区');
      await district.selectOption({ label: '临港物流园' });
      const error = page.getByTestId('block-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('地块列表加载失败');
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect(await district.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('临港物流园');
      expect(await page.getByTestId('parcel-total').textContent()).toBe('');
      await restore();
      await error.getByRole('button', { name: '重试' }).click();
      await expect.poll(() => page.getByTestId('parcel-total').textContent()).toMatch(/共 \d+ 宗/);
      expect(await page.getByTestId('block-error').count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('areacode')).not.toBeNull();

      // The second page of the notices.
      await page.goto(`${server.url}/popularInquiries`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const list = page.getByTestId('notice-list');
      const firstPage = await list.getByTestId('notice-item').allTextContents();
      restore = await offline(page, 'calls');
      await list.getByRole('button', { name: '第 2 页' }).click();
      await list.getByTestId('block-error').waitFor();
      expect(await list.getByTestId('block-error').textContent()).toContain('公告列表加载失败');
      expect(await list.getByRole('searchbox').count()).toBe(1);
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await restore();
      await list.getByTestId('block-error').getByRole('button', { name: '重试' }).click();
      await list.getByTestId('notice-item').first().waitFor();
      expect(await list.getByTestId('notice-item').allTextContents()).not.toEqual(firstPage);
      expect(await list.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');

      // The map search: the list says so, the map and the filters stay.
      await page.goto(`${server.url}/index`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      restore = await offline(page, 'calls');
      await page.getByTestId('filter-district').selectOption({ label: '临港物流园' });
      const results = page.getByTestId('result-list');
      await results.getByTestId('block-error').waitFor();
      expect(await results.getByTestId('block-error').textContent()).toContain('地块列表加载失败');
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect(await page.getByTestId('filter-district').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('临港物流园');
      await restore();
      await results.getByRole('button', { name: '重试' }).click();
      await results.getByTestId('result-item').first().waitFor();
      for (const item of await results.getByTestId('result-item').allTextContents()) expect(item).toContain('临港物流园');

      // A policy opened in the drawer: the drawer says so, the list behind it stays.
      await page.goto(`${server.url}/policiesRegulations`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      restore = await offline(page, 'calls');
      await page.getByTestId('regulation-item').first().click();
      const drawer = page.getByRole('dialog');
      await drawer.getByTestId('block-error').waitFor();
      expect(await drawer.getByTestId('block-error').textContent()).toContain('政策详情加载失败');
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, 'drawer-error-1440');
      await restore();
      await drawer.getByRole('button', { name: '重试' }).click();
      await expect.poll(() => drawer.getByTestId('block-error').count()).toBe(0);
      await expect.poll(async () => ((await drawer.textContent()) ?? '').length).toBeGreaterThan(50);
    } finally {
      await desktop.context.close();
    }
  });

  it('a parcel page whose map code does not arrive says so in the map box and keeps the page', async () => {
    const { parcel } = await sampleIds(server.url);
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${server.url}/mapMoreDetails/${parcel}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const name = (await page.locator('h1').first().textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      await offline(page, 'files');
      const box = page.getByTestId('parcel-map-box');
      await box.scrollIntoViewIfNeeded();
      const error = box.getByTestId('block-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('地图加载失败');
      // The page the visitor was reading stays: its heading, and no whole-page error.
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect((await page.locator('h1').first().textContent())?.trim()).toBe(name);
      expect(await error.getByRole('button', { name: '刷新页面' }).isVisible()).toBe(true);
      expect(await axeProblems(page, '[data-testid="parcel-map-box"]')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a parcel page whose map code arrives but fails says the map could not be shown, without blaming the network', async () => {
    const { parcel } = await sampleIds(server.url);
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 860 } });
    try {
      await page.goto(`${server.url}/mapMoreDetails/${parcel}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // From now on every script file arrives, but its code throws as it runs (a faulty release).
      allowConsoleErrors(page, /地图模块出错/);
      await page.route('**/assets/**/*.js', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("地图模块出错");' }),
      );
      const box = page.getByTestId('parcel-map-box');
      await box.scrollIntoViewIfNeeded();
      const error = box.getByTestId('block-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('地图显示出错，请刷新页面重试');
      expect(await error.textContent()).not.toContain('网络');
      expect(await page.getByTestId('page-error').count()).toBe(0);
      expect(await error.getByRole('button', { name: '刷新页面' }).isVisible()).toBe(true);
      expect(await axeProblems(page, '[data-testid="parcel-map-box"]')).toEqual([]);
      await screenshot(page, 'block-error-code-412');
    } finally {
      await context.close();
    }
  });

  it('a back-office screen whose code does not arrive shows the error inside the layout, keeping the menu and tabs', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(page, server, 'zhangwei');
      const menu = page.getByTestId('side-menu');
      await menu.getByRole('menuitem', { name: '统计分析' }).waitFor();
      const restore = await offline(page, 'files');
      await menu.getByRole('menuitem', { name: '地块管理' }).click();
      await menu.getByRole('menuitem', { name: '已发布地块' }).click();
      const error = page.getByTestId('screen-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('页面加载失败');
      expect(new URL(page.url()).pathname).toBe('/managementSystem/landManagement_published');
      // Only the screen is down: the menu, the tabs and the header stay, without the whole-page error.
      expect(await menu.isVisible()).toBe(true);
      const tabs = page.getByRole('navigation', { name: '已打开的页面' });
      expect(await tabs.getByRole('link', { name: '已发布地块' }).count()).toBe(1);
      expect(await page.getByTestId('route-error').count()).toBe(0);
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, 'screen-error-files-1440');
      // Another screen opens from the menu once the files arrive again.
      await restore();
      await menu.getByRole('menuitem', { name: '地块录入' }).click();
      await page.getByRole('button', { name: '新增' }).waitFor();
      expect(await page.getByTestId('screen-error').count()).toBe(0);
      // The failed screen asks for a reload, which shows it with the tabs kept.
      await tabs.getByRole('link', { name: '已发布地块' }).click();
      await page.getByTestId('screen-error').getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('button', { name: '下架' }).first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('screen-error').count()).toBe(0);
      expect(await tabs.getByRole('link', { name: '地块录入' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  // A parcel whose record did not arrive was called 地块不存在或已删除, as if someone had deleted it.
  it('a parcel the editor could not read is not called deleted, and 重试 opens it', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(page, server, 'zhangwei');
      await page.goto(`${server.url}/managementSystem/land`);
      const firstRow = page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').first();
      await firstRow.waitFor();
      allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /网络连接失败/);
      const record = '**/api/tLandinfo/selectById';
      await page.route(record, (route) => route.abort('internetdisconnected'));
      await firstRow.getByTestId('row-edit').click();
      const failed = page.getByTestId('parcel-editor').getByTestId('record-load-error');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('数据加载失败');
      expect(await page.getByText('地块不存在或已删除').count()).toBe(0);
      await screenshot(page, 'parcel-editor-load-error-1440');
      await page.unroute(record);
      // The editor has no close button of its own while it holds no form: the error offers the way back.
      await failed.getByRole('button', { name: '返回列表' }).click();
      await failed.waitFor({ state: 'detached' });
      await page.route(record, (route) => route.abort('internetdisconnected'));
      await firstRow.getByTestId('row-edit').click();
      await failed.waitFor();
      // The parcel's one-to-one 基础设施配套 record (the first tab) fails too: an empty form there
      // would have been saved over the stored record.
      const matching = '**/api/tLandmatching/getLandInfoAndMatchingById';
      await page.route(matching, (route) => route.abort('internetdisconnected'));
      await page.unroute(record);
      await failed.getByRole('button', { name: '重试' }).click();
      await page.getByTestId('parcel-editor-title').filter({ hasText: '编辑地块：' }).waitFor();
      const tabs = page.getByTestId('parcel-records-tabs');
      const tabFailed = tabs.getByTestId('record-load-error');
      await tabFailed.waitFor();
      expect(await tabs.getByRole('button', { name: /保\s*存/ }).count()).toBe(0);
      await page.unroute(matching);
      await tabFailed.getByRole('button', { name: '重试' }).click();
      await tabs.getByRole('button', { name: /保\s*存/ }).first().waitFor();
      expect(await page.getByTestId('record-load-error').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  // A list whose call failed said 暂无数据, as if the recycle bin were empty.
  it('a back-office list that could not load says so instead of 暂无数据, and 重试 shows it', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(page, server, 'zhangwei');
      allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /网络连接失败/);
      const list = '**/api/recycleBin/selectByPage';
      await page.route(list, (route) => route.abort('internetdisconnected'));
      await page.goto(`${server.url}/managementSystem/recycleBin`);
      const failed = page.getByTestId('recycle-load-error');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('数据加载失败');
      expect(await page.getByText('暂无数据').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await page.unroute(list);
      await failed.getByRole('button', { name: '重试' }).click();
      await page.getByTestId('recycle-table').waitFor();
      expect(await page.getByTestId('recycle-load-error').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
  // A failed first load said it twice: in its place and again in a toast over the page.
  it('a list or page the server refuses says why in its place, once, with no toast repeating it; an address edited by hand is not refused', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(page, server, 'zhangwei');
      const refusal = JSON.stringify({ code: 'A0400', msg: '查询条件格式不正确', data: null });
      const refuse = (pattern: string) => page.route(pattern, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: refusal }));
      await refuse('**/api/recycleBin/selectByPage');
      await page.goto(`${server.url}/managementSystem/recycleBin`);
      await page.getByText('数据加载失败').waitFor();
      await page.waitForTimeout(500);
      expect(await page.locator('.ant-notification-notice').count()).toBe(0);
      expect(await page.getByText('查询条件格式不正确').count()).toBe(1);

      // A page size the pager does not offer, or a day that is not one, typed into the address: the
      // list shows with the defaults instead of the server's refusal (the audit log's range stays empty).
      await page.goto(`${server.url}/managementSystem/land?pageSize=99999&pageNo=abc`);
      await page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').first().waitFor();
      expect(await page.getByText('数据加载失败').count()).toBe(0);
      const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        await signIn(admin.page, server);
        await admin.page.goto(`${server.url}/managementSystem/auditLog?from=2026-13-45&to=yesterday`);
        await admin.page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first().waitFor();
        expect(await admin.page.getByText('数据加载失败').count()).toBe(0);
        expect(await admin.page.locator('input[value="Invalid Date"]').count()).toBe(0);
      } finally {
        await admin.context.close();
      }

      // A public page whose own data is refused, reached from the site's navigation: its error page, once.
      allowConsoleErrors(page, /React Router caught the following error/, /查询条件格式不正确/);
      await page.goto(`${server.url}/home`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await refuse('**/openApi/selectLandInfoByMoreGG**');
      await page.getByRole('navigation', { name: '网站导航' }).getByRole('menuitem', { name: '挂牌地块' }).click();
      await expectErrorPage(page, '页面加载失败');
      expect(await page.getByTestId('page-error').textContent()).toContain('查询条件格式不正确');
      await page.waitForTimeout(500);
      expect(await page.getByTestId('toasts').getByText('查询条件格式不正确').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
