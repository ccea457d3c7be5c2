import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, screenshot, useServerAndBrowser } from './harness';

const NEW_PASSWORD = 'Changed@2024';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('foundation in the browser', () => {
  const { server, browser } = useServerAndBrowser();

  async function login(page: Page, password: string) {
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/analysis');
  }

  async function tabAction(page: Page, tab: string, action: string) {
    await page.getByTestId(tab).click({ button: 'right' });
    const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await open.getByRole('menuitem', { name: action }).last().click();
    // The next right-click must not meet this menu still on show.
    await expect.poll(() => open.count()).toBe(0);
  }

  const tabPaths = async (page: Page) =>
    page.locator('[data-testid^="tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

  it('admin logs in, changes the first password, opens four screens as tabs and closes them', async () => {
    const { page } = await browser.newPage();
    // A retried attempt finds the password already changed by the first one.
    const firstSignIn = server.adminPassword === ADMIN_PASSWORD;
    await login(page, server.adminPassword);

    // The admin created at start-up must change the password first.
    const modal = page.locator('.ant-modal').filter({ hasText: '首次登录请修改密码' });
    if (firstSignIn) {
      await modal.waitFor();
      await modal.getByPlaceholder('请输入原密码').fill(ADMIN_PASSWORD);
      await modal.getByPlaceholder('请输入新密码').fill('weak');
      await modal.getByPlaceholder('请再次输入新密码').click();
      await modal.getByText('请输入8-16个字符，由数字、大小写字母、特殊字符四种结合').first().waitFor();
      await modal.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
      await modal.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
      await modal.getByRole('button', { name: '确定' }).click();
      await modal.waitFor({ state: 'hidden' });
      server.adminPassword = NEW_PASSWORD;
    }

    const menu = page.getByTestId('side-menu');
    for (const [group, title] of [
      ['系统管理', '用户管理'],
      ['基础数据', '片区管理'],
      ['基础数据', '街道管理'],
      ['招商服务', '政策法规管理'],
    ]) {
      const item = menu.getByRole('menuitem', { name: title });
      if (!(await item.isVisible())) await menu.getByText(group, { exact: true }).click();
      await item.click();
      await page.getByTestId('screen-card').filter({ hasText: title }).first().waitFor();
    }
    // Opening a screen again does not add a second tab.
    await menu.getByRole('menuitem', { name: '用户管理' }).click();
    await expect.poll(() => tabPaths(page)).toEqual(['tab-analysis', 'tab-user', 'tab-regional', 'tab-jdManagement', 'tab-regulations']);
    await screenshot(page, 'foundation-tabs');

    // Reload on a deep back-office URL keeps working (history fallback) and keeps the tabs.
    await page.goto(`${server.url}/managementSystem/jdManagement`);
    await page.getByTestId('screen-card').filter({ hasText: '街道管理' }).first().waitFor();
    await expect.poll(() => tabPaths(page)).toEqual(['tab-analysis', 'tab-user', 'tab-regional', 'tab-jdManagement', 'tab-regulations']);

    // Close left of 街道管理: the fixed analysis tab stays.
    await tabAction(page, 'tab-jdManagement', '关闭左侧');
    await expect.poll(() => tabPaths(page)).toEqual(['tab-analysis', 'tab-jdManagement', 'tab-regulations']);

    // Close others from 政策法规管理.
    await tabAction(page, 'tab-regulations', '关闭其他');
    await expect.poll(() => tabPaths(page)).toEqual(['tab-analysis', 'tab-regulations']);

    // Close all ends the visit, so it asks first: 取消 keeps everything, 确定 ends on the login page.
    await tabAction(page, 'tab-regulations', '全部关闭');
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '退出登录' });
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/managementSystem/regulations');
    await expect.poll(() => tabPaths(page)).toEqual(['tab-analysis', 'tab-regulations']);
    await tabAction(page, 'tab-regulations', '全部关闭');
    await ask.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The back office is guarded: without a token it sends the user to /login, which leads back there.
    await page.goto(`${server.url}/managementSystem/user`);
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2Fuser');
  });

  it('the user screen validates with the SPEC messages and adds a user', async () => {
    const { page } = await browser.newPage();
    await login(page, server.adminPassword);
    await page.goto(`${server.url}/managementSystem/user`);
    await page.getByTestId('user-table').waitFor();
    await page.getByRole('button', { name: '新增' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新增用户' });
    await modal.getByPlaceholder('请输入账号').fill('1bad');
    await modal.getByPlaceholder('请输入手机号').fill('12345');
    await modal.getByPlaceholder('请输入姓名').fill('周敏');
    await modal.getByText('请输入5-20个字符，第一位必须字母，支持字母、数字组合').waitFor();
    await modal.getByText('联系电话格式不正确').waitFor();
    await modal.getByPlaceholder('请输入账号').fill('zhoumin');
    await modal.getByPlaceholder('请输入手机号').fill('13905719999');
    await modal.getByPlaceholder('请输入密码').fill('Zhoumin@2024');
    await modal.getByRole('button', { name: '确定' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('user-table').getByText('zhoumin').waitFor();

    // 编辑 one user after another: each dialog shows its own user, not the one opened before.
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑用户' });
    for (const account of ['zhangwei', 'liuyang']) {
      await page.getByTestId('user-table').locator('tbody tr').filter({ hasText: account }).getByRole('button', { name: '编辑' }).click();
      await expect.poll(() => edit.getByPlaceholder('请输入账号').inputValue()).toBe(account);
      await edit.getByRole('button', { name: '取消' }).click();
      await edit.waitFor({ state: 'hidden' });
    }
  });

  it('the public home renders, a phone lands on /mobileindex, an unknown path shows not-found', async () => {
    const { page } = await browser.newPage();
    const res = await page.goto(`${server.url}/`);
    expect(res?.status()).toBe(200);
    await page.waitForURL('**/home');
    await page.getByTestId('home-search').waitFor();
    await page.getByTestId('footer-management-link').waitFor();

    const phone = await browser.newPage({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
    await phone.page.goto(`${server.url}/index`);
    await phone.page.waitForURL('**/mobileindex');

    const missing = await page.goto(`${server.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await page.getByText('页面不存在', { exact: true }).waitFor();
  });
});
