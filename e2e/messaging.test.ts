import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn, startServer, type BrowserSession, type RunningServer } from './harness';

describe('messaging screens in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let visitor: { token: string; userId: string };

  const api = async (url: string, body: Record<string, unknown>, token?: string) => {
    const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { token }) }, body: JSON.stringify(body) });
    return (await res.json()) as { code: string; msg: string; data: Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startServer({ SCHEDULER: '0' });
    browser = await launchBrowser();
    const reg = await api('/openApi/register', { userAccount: '13912340001', password: 'Visit@2024ab', userName: '消息测试访客', sqdw: '测试公司' });
    if (reg.code !== '200') throw new Error(reg.msg);
    visitor = { token: reg.data.token as string, userId: reg.data.userId as string };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('staff send a template message to a chosen user and see it delivered per recipient', async () => {
    const { page } = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/managementSystem/messageManagerment`);
    await page.getByTestId('send-template-message').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '发送模板消息' });
    await dialog.getByLabel('消息模板').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('系统通知', { exact: true }).click();
    await dialog.getByLabel('通知内容').fill('本周六平台维护');
    await dialog.getByLabel('通知时间').fill('2026-11-28 22:00');
    const row = dialog.getByTestId('recipient-table').locator('tbody tr').filter({ hasText: '消息测试访客' });
    await row.locator('input[type="checkbox"]').check();
    await dialog.getByText('已选 1 人').waitFor();
    await screenshot(page, 'messaging-send-dialog');
    await dialog.getByRole('button', { name: /^发\s?送$/ }).click();
    await page.locator('.ant-notification').getByText(/已提交发送：1 人/).waitFor();

    // The visitor has it in the personal centre's inbox, with the template filled in.
    const inbox = await api('/openApi/tMessage/selectDetailByPage', { pageNo: 1, pageSize: 10 }, visitor.token);
    const list = inbox.data.list as Record<string, unknown>[];
    expect(list[0]).toMatchObject({ title: '系统通知', content: expect.stringContaining('本周六平台维护') });

    // 消息列表: the send with its per-recipient status.
    await page.goto(`${server.url}/managementSystem/messageList`);
    const records = page.getByTestId('send-records');
    const send = records.locator('tbody tr').filter({ hasText: '系统通知' }).first();
    await send.getByText('已送达 1').waitFor();
    await send.getByRole('button', { name: '投递明细' }).click();
    const deliveries = page.getByTestId('delivery-table');
    const delivered = deliveries.locator('tbody tr').filter({ hasText: '消息测试访客' });
    await delivered.getByText('站内信').waitFor();
    await delivered.getByText('已送达').waitFor();
    await screenshot(page, 'messaging-deliveries');
  });
});
