import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

describe('security in the browser', () => {
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

  it('after a wrong password the login asks for the image captcha, which can be refreshed', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/login`);
    expect(await page.getByTestId('login-captcha-image').count()).toBe(0);
    await page.getByPlaceholder('请输入账号').fill('liuyang');
    await page.getByPlaceholder('请输入密码').fill('Wrong@2024x');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').getByText(/用户名或密码错误/).waitFor();
    const image = page.getByTestId('login-captcha-image');
    await image.waitFor();
    const first = await image.getAttribute('src');
    expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
    await image.click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    // The right password alone is not enough now.
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByText('请输入验证码').first().waitFor();
    expect(page.url()).toContain('/login');
  });

  it('a read-only user sees only reading screens; a forbidden screen opened by its address says 无权限', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('wangfang');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/analysis');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('地块管理').click();
    await menu.getByText('已发布地块').waitFor();
    expect(await menu.getByText('地块录入').count()).toBe(0);
    expect(await menu.getByText('系统管理').count()).toBe(0);
    await page.goto(`${server.url}/managementSystem/user`);
    await page.getByTestId('forbidden-page').getByText('无权限').waitFor();
    expect(await page.getByTestId('forbidden-page').textContent()).toContain('用户管理');
  });
});
