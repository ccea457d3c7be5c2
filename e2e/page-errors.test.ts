import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsoleErrors, axeProblems, launchBrowser, screenshot, startServer, type BrowserSession, type RunningServer } from './harness';
import { PHONE_UA } from './public-site';

/**
 * A public page whose data or script files do not arrive (a phone losing its network between two
 * pages, or a release replacing the files) says so in Chinese inside the site, and recovers.
 * React Router's developer page ("Unexpected Application Error!", in English with a stack trace)
 * showed for a failed call, and a blank page, header and all, for a failed script.
 */
describe('public pages that cannot load', () => {
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
      // Each failed call says so, but as one toast, not a stack of copies over the header.
      expect(await page.getByTestId('toasts').getByText('网络连接失败！').count()).toBe(1);
      await screenshot(page, 'page-error-calls-1440');
      await restore();
      await page.getByTestId('page-error-retry').click();
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('挂牌地块');
      expect(await page.getByTestId('page-error').count()).toBe(0);
      await expect.poll(() => page.getByText('保存搜索').count()).toBeGreaterThan(0);
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
});
