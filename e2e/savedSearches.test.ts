/**
 * Saved searches in the browser: a visitor saves the map search's filters (signing in when
 * asked), finds the search in the personal centre, renames, pauses and deletes it; staff see a
 * visitor's saved searches in the back office. Screenshots at 1280 and 412 px wide.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn, startServer, type BrowserSession, type RunningServer } from './harness';

const PASSWORD = 'Visit@2024x';
const PHONE = `137${String(Date.now()).slice(-8)}`;

describe('saved searches in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const res = await fetch(`${server.url}/openApi/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userAccount: PHONE, password: PASSWORD, userName: '李投资', sqdw: '临江投资有限公司' }),
    });
    expect(((await res.json()) as { code: string }).code).toBe('200');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** An open call as the visitor (token) or anonymously. */
  async function post(path: string, body: Record<string, unknown>, token?: string) {
    const res = await fetch(`${server.url}/openApi/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
    return (await res.json()) as { code: string; data: Record<string, unknown> & { list?: { id: string }[] } };
  }

  /** The visitor session of a visitorLogin answer, put where the site keeps it (visitor.* in localStorage). */
  async function signInStored(page: Page, session: Record<string, unknown>) {
    await page.goto(`${server.url}/home`);
    await page.evaluate((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(`visitor.${k}`, String(v ?? ''));
    }, session);
  }

  async function signInFromDialog(page: Page, reason: string) {
    const dialog = page.getByTestId('visitor-auth-modal');
    await dialog.getByText(reason).waitFor();
    // The dialog starts in 手机号 (not on its close button), so a keyboard user types straight away.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('请输入注册手机号');
    const login = page.getByTestId('visitor-login-form');
    await login.getByPlaceholder('请输入注册手机号').fill(PHONE);
    await login.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page.getByTestId('visitor-login-submit').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('saves the map search after signing in, then renames, pauses and deletes it in the personal centre', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/index`);
    await page.getByTestId('result-item').first().waitFor();
    // Listed parcels only.
    await page.getByTestId('filter-state').getByText('挂牌中').click();
    await expect.poll(() => page.getByTestId('result-count').textContent()).toContain('1 项筛选');
    await page.locator('[data-testid="result-count"]:not([aria-busy])').waitFor();
    const listed = Number(await page.getByTestId('result-count').locator('b').textContent());

    // A drawn area: clicks add vertices, a double click closes it; the result narrows to it.
    const map = page.getByTestId('land-map');
    await map.locator('canvas').first().waitFor();
    await page.getByTestId('draw-area').click();
    await expect.poll(() => map.getAttribute('data-drawing')).toBe('1');
    const box = (await map.boundingBox())!;
    const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    for (const [fx, fy] of [[0.3, 0.2], [0.75, 0.2], [0.75, 0.8]]) {
      await page.mouse.click(at(fx, fy).x, at(fx, fy).y);
      await page.waitForTimeout(150);
    }
    await page.mouse.dblclick(at(0.3, 0.8).x, at(0.3, 0.8).y);
    await page.getByTestId('clear-area').waitFor();
    await expect.poll(() => page.getByTestId('result-count').textContent()).toContain('2 项筛选');
    // The count shown while the search runs is the previous one; read it once the search has settled.
    await page.locator('[data-testid="result-count"]:not([aria-busy])').waitFor();
    const inArea = Number(await page.getByTestId('result-count').locator('b').textContent());
    expect(inArea).toBeLessThanOrEqual(listed);

    await page.getByTestId('save-search').click();
    await signInFromDialog(page, '保存搜索需要先登录');
    const name = page.getByTestId('save-search-name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('挂牌中 · 绘制范围');
    await page.getByTestId('save-search-dialog').filter({ hasText: '条件：挂牌中 · 绘制范围' }).waitFor();
    // A longer name pasted stays as pasted (not cut to 30), marked with the server's words; it cannot be saved until shortened.
    const pasted = '挂牌中的工业用地，面积三十亩以上，起始价每亩不超过二十五万元，临港物流园';
    expect(pasted.length).toBeGreaterThan(30);
    await name.fill('');
    await name.focus();
    await page.keyboard.insertText(pasted);
    expect(await name.inputValue()).toBe(pasted);
    await page.getByTestId('save-search-dialog').getByRole('alert').getByText('搜索名称不能超过30个字符').waitFor();
    expect(await page.getByTestId('save-search-name-count').textContent()).toBe(`${pasted.length} / 30`);
    expect(await page.getByTestId('save-search-ok').isDisabled()).toBe(true);
    // Enter in the box does not send it either: no save call goes out until 保存 is clicked below.
    const saveCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/tSavedSearch/addSavedSearch')) saveCalls.push(r.url());
    });
    await name.press('Enter');
    await screenshot(page, 'saved-search-name-too-long-1280');
    await name.fill('挂牌中的地块');
    expect(await page.getByTestId('save-search-dialog').getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('save-search-dialog').isVisible()).toBe(true);
    expect(await name.inputValue()).toBe('挂牌中的地块');
    expect(saveCalls).toEqual([]);
    await screenshot(page, 'saved-search-dialog-1280');
    await page.getByTestId('save-search-ok').click();
    await page.getByText('已保存，有符合条件的地块更新时会通知您').waitFor();
    await screenshot(page, 'saved-search-map-1280');

    await page.goto(`${server.url}/personalCenter?tab=searches`);
    const item = page.getByTestId('saved-search-item');
    await item.waitFor();
    expect(await item.getByTestId('saved-search-name').textContent()).toBe('挂牌中的地块');
    expect(await item.textContent()).toContain('提醒中');
    expect(await item.textContent()).toContain('挂牌中 · 绘制范围');
    await screenshot(page, 'saved-search-centre-1280');

    // 查看 opens the map search as it was saved: the state in the address, the drawn area with it.
    await item.getByTestId('saved-search-open').click();
    await page.waitForURL(/\/index\?state=listed$/);
    await page.getByTestId('clear-area').waitFor();
    await expect.poll(() => page.getByTestId('result-count').textContent()).toContain('2 项筛选');
    await expect.poll(() => page.getByTestId('result-count').locator('b').textContent()).toBe(String(inArea));
    await page.goBack();
    await item.waitFor();

    await item.getByTestId('saved-search-rename').click();
    await page.getByTestId('rename-search-name').fill('挂牌地块提醒');
    await page.getByTestId('rename-search-dialog').getByRole('button', { name: '保存' }).click();
    await expect.poll(() => item.getByTestId('saved-search-name').textContent()).toBe('挂牌地块提醒');

    await item.getByTestId('saved-search-toggle').click();
    await expect.poll(() => item.textContent()).toContain('已暂停');

    await item.getByTestId('saved-search-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('saved-searches-empty').waitFor();
    await screenshot(page, 'saved-search-centre-empty-1280');

    // After a reload the server's state shows: nothing saved.
    await page.reload();
    await page.getByTestId('saved-searches-empty').waitFor();
    await page.context().close();
  }, 120_000);

  it('取消收藏 of the only collection on page 2 turns to page 1 with its ten, not to 还没有收藏的地块', async () => {
    const session = (await post('visitorLogin', { userAccount: PHONE, password: PASSWORD })).data;
    const token = String(session.token);
    const parcels = (await post('selectLandInfoListPage', { pageNo: 1, pageSize: 11 })).data.list!;
    for (const p of parcels) expect((await post('tCollection/addCollection', { dkid: p.id }, token)).code).toBe('200');
    const total = Number((await post('tCollection/selectInfosByPage', { pageNo: 1, pageSize: 10 }, token)).data.total);
    expect(total).toBeGreaterThan(10);

    const { page } = await browser.newPage({ viewport: { width: 412, height: 900 } });
    await signInStored(page, session);
    await page.goto(`${server.url}/personalCenter?tab=collections`);
    const items = page.getByTestId('collection-item');
    await items.first().waitFor();
    // To the last page, then take off its collections one by one until the page is empty.
    const lastPage = Math.ceil(total / 10);
    await page.getByTestId('collections').getByRole('button', { name: `第 ${lastPage} 页`, exact: true }).click();
    await expect.poll(() => items.count()).toBe(total - (lastPage - 1) * 10);
    for (let left = total - (lastPage - 1) * 10; left > 0; left--) {
      await items.first().getByRole('button', { name: '取消收藏' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      await page.getByText('已取消收藏').first().waitFor();
      if (left > 1) await expect.poll(() => items.count()).toBe(left - 1);
    }
    await expect.poll(() => items.count()).toBe(10);
    expect(await page.getByTestId('collections-empty').count()).toBe(0);
    await screenshot(page, 'collections-last-page-emptied-412');
  });

  it('收藏 tapped after the session ended elsewhere asks to sign in again, and collects right after', async () => {
    const session = (await post('visitorLogin', { userAccount: PHONE, password: PASSWORD })).data;
    const token = String(session.token);
    const parcels = (await post('selectLandInfoListPage', { pageNo: 1, pageSize: 30 })).data.list!;
    let target: string | undefined;
    for (const p of parcels) if (!target && (await post('tCollection/getBooleanByDkid', { dkid: p.id }, token)).data === (false as unknown)) target = p.id;
    expect(target).toBeTruthy();

    const { page } = await browser.newPage({ viewport: { width: 412, height: 900 } });
    await signInStored(page, session);
    await page.goto(`${server.url}/mobileMoreDetails/${target}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const collect = page.getByTestId('collect-button');
    await expect.poll(() => collect.textContent()).toContain('收藏');
    // The session ends on the server (logged out on another device).
    expect((await post('visitorLogout', {}, token)).code).toBe('200');
    await collect.click();
    await signInFromDialog(page, '登录已失效，请重新登录');
    await expect.poll(() => collect.textContent()).toContain('已收藏');
    const fresh = String(await page.evaluate(() => localStorage.getItem('visitor.token')));
    expect((await post('tCollection/getBooleanByDkid', { dkid: target }, fresh)).data).toBe(true);
  });

  it('a visitor whose account is disabled while signed in is told so in the sign-in dialog', async () => {
    const phone = `136${String(Date.now()).slice(-8)}`;
    expect((await post('register', { userAccount: phone, password: PASSWORD, userName: '王停用', sqdw: '临江测试有限公司' })).code).toBe('200');
    const session = (await post('visitorLogin', { userAccount: phone, password: PASSWORD })).data;
    const parcel = (await post('selectLandInfoListPage', { pageNo: 1, pageSize: 1 })).data.list![0].id;
    const { page } = await browser.newPage({ viewport: { width: 412, height: 900 } });
    await signInStored(page, session);
    await page.goto(`${server.url}/mobileMoreDetails/${parcel}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The office disables the account (there is no screen for it yet: straight in the database).
    const db = new SQLite(path.join(server.dataDir, 'land.db'));
    db.pragma('busy_timeout = 5000');
    db.prepare("update t_visitor set status = '0' where userAccount = ?").run(phone);
    db.close();
    await page.getByTestId('collect-button').click();
    const dialog = page.getByTestId('visitor-auth-modal');
    await dialog.getByText('账号已停用，请联系管理员').waitFor();
    expect(await dialog.getByText('登录已失效，请重新登录').count()).toBe(0);
    await screenshot(page, 'visitor-account-disabled');
  });

  it('fits a 412 px wide phone screen and shows staff a visitor’s saved searches', async () => {
    // A search saved on a narrow screen (desktop browser, narrow window) from the list search.
    const { page } = await browser.newPage({ viewport: { width: 412, height: 860 } });
    await page.goto(`${server.url}/landListing?areacode=LJ02`);
    await page.getByTestId('save-search').click();
    await signInFromDialog(page, '保存搜索需要先登录');
    // The search is named and described in words, as the filters show it: the district's name, not its code.
    await expect.poll(() => page.getByTestId('save-search-name').inputValue()).toBe('临港物流园 · 挂牌中');
    await page.getByTestId('save-search-dialog').filter({ hasText: '条件：临港物流园 · 挂牌中' }).waitFor();
    await page.getByTestId('save-search-name').fill('挂牌地块');
    await screenshot(page, 'saved-search-dialog-412');
    await page.getByTestId('save-search-ok').click();
    await page.getByText('已保存，有符合条件的地块更新时会通知您').waitFor();
    await page.goto(`${server.url}/personalCenter?tab=searches`);
    const item = page.getByTestId('saved-search-item').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('挂牌中');
    await screenshot(page, 'saved-search-centre-412');
    // The saved search's row fits the screen.
    const right = await item.evaluate((el) => Math.max(...Array.from(el.querySelectorAll('*')).map((c) => c.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(412);
    await page.goto(`${server.url}/index`);
    await page.getByTestId('save-search').waitFor();
    await screenshot(page, 'saved-search-map-412');
    await page.context().close();

    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(staff.page, server);
    await staff.page.goto(`${server.url}/managementSystem/messageManagerment`);
    const table = staff.page.getByTestId('visitor-table');
    await table.waitFor();
    const row = table.locator('tr', { hasText: '李投资' });
    await row.locator('.ant-table-row-expand-icon').click();
    const searches = staff.page.getByTestId('visitor-saved-searches');
    await searches.getByText('挂牌地块').waitFor();
    await searches.getByText('临港物流园 · 挂牌中').waitFor();
    await searches.scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'saved-search-staff-1280');
    await staff.context.close();
  }, 120_000);
});
