import { describe, expect, it } from 'vitest';
import { ADMIN_NEW_PASSWORD, DEMO_PASSWORD, screenshot, useServerAndBrowser } from './harness';

describe('security in the browser', () => {
  const { server, browser } = useServerAndBrowser();

  it('after a wrong password the login shows the ALTCHA check, which the browser solves; then the right password signs in', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/login`);
    expect(await page.getByTestId('login-captcha').count()).toBe(0);
    await page.getByPlaceholder('请输入账号').fill('liuyang');
    await page.getByPlaceholder('请输入密码').fill('Wrong@2024x');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').getByText('用户名或密码错误，还可尝试4次').waitFor();
    const captcha = page.getByTestId('login-captcha');
    await captcha.locator('altcha-widget').waitFor();
    // The widget solves the proof of work in the browser by itself (Web Workers), then says so.
    await captcha.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 90_000 });
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/analysis');
  }, 120_000);

  it('without the solved check the right password is not enough after a failure', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('zhaolei');
    await page.getByPlaceholder('请输入密码').fill('Wrong@2024x');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-captcha').waitFor();
    // A second tab's request without a payload, as a script would send it.
    const res = await page.evaluate(async (password) => {
      const r = await fetch('/openApi/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userAccount: 'zhaolei', password }) });
      return r.json();
    }, DEMO_PASSWORD);
    expect(res).toMatchObject({ code: 'A0240', msg: '请先完成人机验证' });
  });

  it('a clerk disabled by an admin while signed in is sent to the login page, which says the account is disabled', async () => {
    const call = async (url: string, body: Record<string, unknown>, token = '') => {
      const r = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
      return (await r.json()) as { code: string; msg: string; data: { token: string; id: string; mustChangePassword: boolean } };
    };
    const signedIn = await call('/openApi/login', { userAccount: 'admin', password: server.adminPassword });
    const admin = signedIn.data.token;
    if (signedIn.data.mustChangePassword) {
      expect((await call('/api/tUser/updatePassword', { oldPassword: server.adminPassword, newPassword: ADMIN_NEW_PASSWORD }, admin)).code).toBe('200');
      server.adminPassword = ADMIN_NEW_PASSWORD;
    }
    const clerk = (await call('/api/tUser/selectByUserName', { userAccount: 'chenjing' }, admin)).data.id;

    const { page } = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('chenjing');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/analysis');
    await page.waitForLoadState('networkidle');
    expect((await call('/api/tUser/updateStatus', { id: clerk, status: '0' }, admin)).code).toBe('200');

    // The clerk's next call (here the screen read again) meets the disabled account: the login page
    // says so, and keeps saying it after a toast would have gone.
    await page.reload();
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2Fanalysis');
    const ended = page.getByTestId('login-ended');
    await ended.getByText('账号已停用，请联系管理员').waitFor();
    expect(await page.getByText('登录已过期').count()).toBe(0);
    await page.waitForTimeout(2500);
    expect(await ended.isVisible()).toBe(true);
    await screenshot(page, 'login-account-disabled');

    // Signing in again is refused with the same words, said once.
    await page.getByPlaceholder('请输入账号').fill('chenjing');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').getByText('账号已停用，请联系管理员').waitFor();
    expect(await ended.count()).toBe(0);

    // Enabled again, the clerk signs in; the next login page has nothing to say about it.
    expect((await call('/api/tUser/updateStatus', { id: clerk, status: '1' }, admin)).code).toBe('200');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/**');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    expect(await ended.count()).toBe(0);
  });

  it('a read-only user sees only reading screens; a forbidden screen opened by its address says 无权限', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('wangfang');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/analysis');
    const menu = page.getByTestId('side-menu');
    await page.waitForTimeout(3000); console.log('DEBUG', page.url()); await page.screenshot({ path: '/tmp/dbg1.png' });
    await menu.getByText('地块管理').click();
    await menu.getByText('已发布地块').waitFor();
    expect(await menu.getByText('地块录入').count()).toBe(0);
    expect(await menu.getByText('系统管理').count()).toBe(0);
    await page.goto(`${server.url}/managementSystem/user`);
    await page.getByTestId('forbidden-page').getByText('无权限').waitFor();
    expect(await page.getByTestId('forbidden-page').textContent()).toContain('用户管理');

    // A reading screen offers no button that would only be refused: no 新增, 导入, 回复, 编辑 or 删除;
    // a record opens with 查看, its fields shown, and nothing to save.
    for (const path of ['problem', 'merchants']) {
      await page.goto(`${server.url}/managementSystem/${path}`);
      const table = page.getByTestId('entity-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      const card = page.getByTestId('screen-card');
      for (const name of ['新增', '导入', '批量删除', '下载模板']) expect(await card.getByRole('button', { name }).count(), `${path} ${name}`).toBe(0);
      for (const name of ['回复', '编辑', '删除']) expect(await table.getByRole('button', { name, exact: true }).count(), `${path} ${name}`).toBe(0);
      expect(await card.getByRole('button', { name: '导出' }).count()).toBe(1);
      await table.getByRole('button', { name: '查看', exact: true }).first().click();
      const drawer = page.getByTestId('entity-form-drawer');
      await drawer.getByText('只读账号只能查看，不能修改').waitFor();
      expect(await drawer.getByTestId('entity-form-submit').count()).toBe(0);
      expect(await drawer.locator('input:not([type="hidden"]), textarea').count()).toBe(0);
      await screenshot(page, `readonly-view-${path}`);
      await drawer.getByRole('button', { name: '关闭', exact: true }).last().click();
      await drawer.waitFor({ state: 'hidden' });
    }
  });
});
