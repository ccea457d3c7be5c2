import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, screenshot, signIn, smallTapTargets, startServer, type BrowserSession, type RunningServer } from './harness';

/** Opens 我的消息 and signs the demo investor in there, by tap on a phone or by click. */
async function openInboxSignedIn(page: Page, url: string, press: 'tap' | 'click'): Promise<void> {
  await page.goto(`${url}/personalCenter?tab=messages`);
  await page.getByTestId('center-login')[press]();
  const login = page.getByTestId('visitor-login-form');
  await login.getByPlaceholder('请输入注册手机号').fill('13858012345');
  await login.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await page.getByTestId('visitor-login-submit')[press]();
}

describe('messaging screens in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let visitor: { token: string; userId: string };

  const api = async (url: string, body: Record<string, unknown>, token?: string) => {
    const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { token }) }, body: JSON.stringify(body) });
    return (await res.json()) as { code: string; msg: string; data: Record<string, unknown> };
  };

  const staffToken = async () => (await api('/openApi/login', { userAccount: 'zhangwei', password: DEMO_PASSWORD })).data.token as string;

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

  it('消息列表 names each recipient, finds a visitor\'s messages by name or number, and adds one for a visitor picked by name', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server);
    await page.goto(`${server.url}/managementSystem/messageList`);
    const rows = page.locator('.ant-table-tbody').first().locator('tr.ant-table-row');
    await rows.first().waitFor();
    // The demo's messages go to registered investors, shown by name and number.
    await rows.filter({ hasText: '王建华（13858012345）' }).first().waitFor();
    expect(await rows.filter({ hasText: '已停用或注销的用户' }).count()).toBe(0);

    // Search by the digits of a number: only that visitor's messages.
    const search = page.locator('form').first();
    await search.getByLabel('接收用户').click();
    await page.keyboard.type('1396218');
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await options.getByText('陈晓岚（13962188845）').click();
    await search.getByRole('button', { name: /查\s?询/ }).click();
    await expect.poll(() => page.url()).toContain('userId=');
    await expect.poll(async () => (await rows.allTextContents()).every((t) => t.includes('陈晓岚（13962188845）')) && (await rows.count())).toBe(2);

    // 新增: the recipient is picked by name; the new message lists under it.
    await page.getByRole('button', { name: /新\s?增/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增用户消息' });
    await drawer.getByLabel('接收用户').click();
    await page.keyboard.type('陈晓');
    await options.getByText('陈晓岚（13962188845）').click();
    await drawer.getByLabel('消息标题').fill('现场踏勘安排');
    await drawer.getByLabel('消息类型').click();
    await options.getByText('系统通知', { exact: true }).click();
    await screenshot(page, 'messaging-add-for-visitor');
    await drawer.getByRole('button', { name: /保\s?存/ }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await rows.filter({ hasText: '现场踏勘安排' }).filter({ hasText: '陈晓岚（13962188845）' }).waitFor();

    // A name typed where an id is expected is refused with the reason, and nothing is stored.
    const typed = await api('/api/tMessageuser/addOrUpdate', { userId: '陈晓岚', title: '测试', type: 'system' }, await staffToken());
    expect(typed).toMatchObject({ code: 'A0400', msg: '接收用户不存在或已停用，请从公众用户中选择' });
  });

  it('an investor on a phone opens the parcel a message is about from 我的消息', async () => {
    const context = await browser.browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await openInboxSignedIn(page, server.url, 'tap');
      const notice = page.getByTestId('message-item').filter({ hasText: '土地出让公告提醒' });
      const link = notice.getByTestId('message-parcel-link');
      await link.waitFor();
      expect(await link.textContent()).toBe('查看地块：滨江智造园JX-12地块');
      // The lease reminder is about no parcel: no link.
      expect(await page.getByTestId('message-item').filter({ hasText: '租期到期提醒' }).getByTestId('message-parcel-link').count()).toBe(0);
      // Every control of 我的消息 is big enough for a finger: the filter, the actions, the boxes, the links.
      expect(await smallTapTargets(page, '[data-testid="messages"]')).toEqual([]);
      await screenshot(page, 'messaging-inbox-parcel-link-412');
      await link.tap();
      await page.getByRole('heading', { level: 1, name: '滨江智造园JX-12地块' }).waitFor();
      expect(page.url()).toMatch(/\/mapMoreGpggDetails\//);
    } finally {
      await context.close();
    }
  });

  // The selection boxes were 16 × 16 px at 1440, below WCAG 2.2's 24 px (2.5.8).
  it('on the desktop every control of 我的消息, the selection boxes included, is at least 24 × 24 px to click', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await openInboxSignedIn(page, server.url, 'click');
      const item = page.getByTestId('message-item').first();
      await item.waitFor();
      expect(await smallTapTargets(page, '[data-testid="messages"]', 24)).toEqual([]);
      // A click on the box's margin selects it, and 标为已读 and 删除 follow the selection.
      const box = item.getByRole('checkbox');
      const target = (await box.evaluate((el) => el.closest('label')!.getBoundingClientRect().toJSON())) as DOMRect;
      await page.mouse.click(target.x + 2, target.y + 2);
      expect(await box.isChecked()).toBe(true);
      expect(await page.getByTestId('messages').getByRole('button', { name: '标为已读', exact: true }).isEnabled()).toBe(true);
      await screenshot(page, 'messaging-inbox-1440');
    } finally {
      await context.close();
    }
  });
});
