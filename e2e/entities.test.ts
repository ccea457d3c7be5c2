import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, screenshot, signIn, useServerAndBrowser } from './harness';


describe('entity screens in the browser', () => {
  const { server, browser } = useServerAndBrowser();

  const login = (page: Page) => signIn(page, server);

  /**
   * Searches 地块录入 by name, waits for the answer, then opens the parcel's editor. Clicking 编辑
   * before the search has answered can hit a row the new answer is about to replace.
   */
  async function editParcel(page: Page, dkmc: string) {
    await page.getByPlaceholder('请输入地块名称').fill(dkmc);
    await Promise.all([page.waitForURL(/dkmc=/), page.keyboard.press('Enter')]);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').filter({ hasText: dkmc }).first().getByTestId('row-edit').click();
    await page.getByTestId('parcel-editor').waitFor();
  }

  /** Opens an antd Select (found by its label) and picks the option with this text. */
  async function choose(page: Page, scope: Locator, label: string, option: string) {
    await scope.getByLabel(label, { exact: true }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(option, { exact: true }).click();
  }

  const rowOf = (page: Page, text: string) => page.getByTestId('entity-table').locator('tbody tr').filter({ hasText: text });

  it('街道管理: add with a bad phone, fix it, save, find it, edit it, delete it', async () => {
    const { page } = await browser.newPage();
    await login(page);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('基础数据', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '街道管理' }).click();
    await page.waitForURL('**/managementSystem/jdManagement');
    await page.getByTestId('entity-table').locator('tbody tr.ant-table-row').first().waitFor();

    // Add: the shared phone rule shows the SPEC message under the field before anything is sent.
    await page.getByTestId('entity-add').click();
    const drawer = page.getByTestId('entity-form-drawer');
    await drawer.getByPlaceholder('请输入街道名称').fill('望江测试街道');
    await drawer.getByPlaceholder('请输入联系电话').fill('12345');
    await drawer.getByText('联系电话格式不正确').waitFor();
    await drawer.getByTestId('entity-form-submit').click();
    // Still open: the form does not send while a field is wrong.
    await drawer.getByText('联系电话格式不正确').waitFor();
    await drawer.getByPlaceholder('请输入联系电话').fill('0571-86795555');
    await drawer.getByText('联系电话格式不正确').waitFor({ state: 'detached' });
    await choose(page, drawer, '所属片区', '临港物流园');
    await drawer.getByPlaceholder('请输入联系人').fill('陈测试');
    await drawer.getByTestId('entity-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.locator('.ant-notification').getByText('新增成功').waitFor();

    // Find it with the search form; the search is kept in the URL.
    const search = page.getByTestId('entity-search');
    await search.getByPlaceholder('请输入街道名称').fill('望江测试');
    await search.getByRole('button', { name: '查询' }).click();
    await page.waitForURL(/jdname=/);
    await expect.poll(() => page.getByTestId('entity-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    const row = rowOf(page, '望江测试街道');
    await row.getByText('临港物流园').waitFor();
    await row.getByText('0571-86795555').waitFor();
    await screenshot(page, 'entities-street-found');

    // Edit: the drawer opens with the stored values; the change shows in the list.
    await row.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer.getByPlaceholder('请输入联系人').inputValue()).toBe('陈测试');
    await drawer.getByPlaceholder('请输入联系人').fill('刘测试');
    await drawer.getByTestId('entity-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await row.getByText('刘测试').waitFor();

    // Delete with the 提示 / 确定 / 取消 confirm; 取消 keeps it, 确定 removes it.
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '提示' }).waitFor();
    await confirm.getByText('确定要删除街道“望江测试街道”吗？删除后将移入回收站，可在回收站恢复（保留 30 天）。').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor();
    await row.getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('没有找到符合条件的街道').waitFor();
    await expect.poll(() => rowOf(page, '望江测试街道').count()).toBe(0);
  });

  it('新增招商活动: title, type and formatted text saved; the edit page shows the content', async () => {
    const { page } = await browser.newPage();
    await login(page);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('招商服务', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '新增招商活动' }).click();
    await page.waitForURL('**/managementSystem/addZshd');
    const card = page.getByTestId('screen-card').filter({ hasText: '新增招商活动' });

    await card.getByPlaceholder('请输入标题').fill('智能装备产业链招商对接会');
    await choose(page, card, '类型', '招商推介会');

    // The editor arrives in its own chunk; write bold text, then a list item.
    const editor = card.getByTestId('rich-text-content').locator('.ProseMirror');
    await editor.waitFor();
    await editor.click();
    await card.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('重点签约项目');
    await card.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type(' 共三个。');
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: '无序列表' }).click();
    await page.keyboard.type('高端数控机床');
    await expect.poll(() => editor.locator('strong').textContent()).toBe('重点签约项目');
    await screenshot(page, 'entities-zshd-editor');

    await card.getByTestId('entity-page-submit').click();
    // Back on the list; the add tab closed itself.
    await page.waitForURL('**/managementSystem/zshdManagement');
    await expect.poll(() => page.getByTestId('tab-addZshd').count()).toBe(0);

    const search = page.getByTestId('entity-search');
    await search.getByPlaceholder('请输入标题').fill('智能装备产业链');
    await search.getByRole('button', { name: '查询' }).click();
    const row = rowOf(page, '智能装备产业链招商对接会');
    await row.getByText('招商推介会').waitFor();

    // 编辑 opens the edit page with the stored content, formatting included.
    await row.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/managementSystem\/editZshd\/[^/]+$/);
    const editCard = page.getByTestId('screen-card').filter({ hasText: '编辑招商活动' });
    await expect.poll(() => editCard.getByPlaceholder('请输入标题').inputValue()).toBe('智能装备产业链招商对接会');
    const stored = editCard.getByTestId('rich-text-content').locator('.ProseMirror');
    await stored.locator('strong', { hasText: '重点签约项目' }).waitFor();
    await stored.locator('ul li', { hasText: '高端数控机床' }).waitFor();
    await screenshot(page, 'entities-zshd-edit');

    // 取消 on the page leaves at once when nothing was typed, and asks first when something was.
    await editCard.getByPlaceholder('请输入标题').fill('智能装备产业链招商对接会（改）');
    await editCard.getByRole('button', { name: '取消' }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '当前招商活动有未保存的修改，离开后这些修改将丢失。确定离开吗？' });
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await editCard.getByPlaceholder('请输入标题').inputValue()).toBe('智能装备产业链招商对接会（改）');
    await editCard.getByRole('button', { name: '取消' }).click();
    await ask.getByRole('button', { name: '确定' }).click();
    // Back on the list, with its search.
    await page.waitForURL('**/managementSystem/zshdManagement?*');
    await rowOf(page, '智能装备产业链招商对接会').waitFor();
    expect(await rowOf(page, '（改）').count()).toBe(0);
  });
  /** A record list read through the API as a demo clerk. */
  async function apiPage(entity: string, params: Record<string, unknown>[] = []): Promise<Record<string, unknown>[]> {
    const login = await fetch(`${server.url}/openApi/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userAccount: 'zhangwei', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const res = await fetch(`${server.url}/api/${entity}/selectByPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ pageNo: 1, pageSize: 50, params }),
    });
    return ((await res.json()) as { data: { list: Record<string, unknown>[] } }).data.list;
  }

  it('新增 after 编辑 starts empty; 取消 and Esc ask before typed content is dropped, and only then', async () => {
    const { page } = await browser.newPage();
    await login(page);
    await page.goto(`${server.url}/managementSystem/jdManagement`);
    const first = page.getByTestId('entity-table').locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    const drawer = page.getByTestId('entity-form-drawer');
    const name = drawer.getByPlaceholder('请输入街道名称');

    // Opened and closed untouched: nothing to ask.
    await first.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => name.inputValue()).not.toBe('');
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // A new street does not start from the street just looked at.
    await page.getByTestId('entity-add').click();
    await name.waitFor();
    expect(await name.inputValue()).toBe('');
    expect(await drawer.getByPlaceholder('请输入联系人').inputValue()).toBe('');

    await name.fill('尚未保存的街道');
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '当前街道有未保存的修改，关闭后这些修改将丢失。确定关闭吗？' });
    await drawer.getByRole('button', { name: '取消' }).click();
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('尚未保存的街道');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: '确定' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await rowOf(page, '尚未保存的街道').count()).toBe(0);
  });

  it("a parcel's 距离 edited one after another each opens with its own values, 新增 after them starts empty, and typed content is not dropped without asking", async () => {
    const answer = await fetch(`${server.url}/openApi/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userAccount: 'zhangwei', password: DEMO_PASSWORD }),
    });
    const token = ((await answer.json()) as { data: { token: string } }).data.token;
    const parcel = (await apiPage('tLandinfo', [{ column: 'status', type: 'eq', val: 'draft' }]))[0]!;
    const places = [
      { placeName: '测试机场', placeType: 'airport', distanceKm: 21.5, driveMinutes: 35 },
      { placeName: '测试高铁站', placeType: 'railway', distanceKm: 6.2, driveMinutes: 12 },
    ];
    for (const place of places) {
      const res = await fetch(`${server.url}/api/tDistance/addOrUpdate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ ...place, dkid: parcel.id }),
      });
      expect(((await res.json()) as { code: string }).code).toBe('200');
    }

    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/land`);
    await editParcel(page, String(parcel.dkmc));
    await page.getByTestId('parcel-editor').getByRole('tab', { name: '距离' }).click();
    const panel = page.getByTestId('records-tDistance');
    const drawer = page.getByTestId('record-form-drawer');
    const name = drawer.getByPlaceholder('请输入地点名称');
    for (const place of places) {
      await panel.locator('tbody tr.ant-table-row').filter({ hasText: place.placeName }).getByRole('button', { name: '编辑' }).click();
      await expect.poll(() => name.inputValue()).not.toBe('');
      expect(await name.inputValue(), `编辑 of ${place.placeName} opens with its own values`).toBe(place.placeName);
      await drawer.getByRole('button', { name: '取消' }).click();
      await drawer.waitFor({ state: 'hidden' });
    }
    await panel.getByRole('button', { name: '新增区位距离' }).click();
    await name.waitFor();
    expect(await name.inputValue()).toBe('');

    // Opened untouched it closed at once (above); typed in, 取消 asks before dropping it.
    await name.fill('尚未保存的地点');
    await drawer.getByRole('button', { name: '取消' }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '当前区位距离有未保存的修改，关闭后这些修改将丢失。确定关闭吗？' });
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('尚未保存的地点');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: '确定' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await panel.locator('tbody tr.ant-table-row').filter({ hasText: '尚未保存的地点' }).count()).toBe(0);
  });

  it("a parcel's 规划指标: a unit pasted past its limit stays whole, the row says why and 批量保存 waits; shortened, the row saves", async () => {
    const parcel = (await apiPage('tLandinfo', [{ column: 'status', type: 'eq', val: 'draft' }]))[1]!;
    const before = await apiPage('tYdzb', [{ column: 'dkid', type: 'eq', val: parcel.id }]);

    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/land`);
    await editParcel(page, String(parcel.dkmc));
    await page.getByTestId('parcel-editor').getByRole('tab', { name: '规划指标' }).click();
    const panel = page.getByTestId('indicator-panel');
    await panel.locator('.ant-table-tbody').waitFor();
    await expect.poll(() => panel.locator('.ant-spin-spinning').count()).toBe(0);
    await panel.getByRole('button', { name: '添加指标' }).click();
    const n = before.length + 1;
    await choose(page, panel, `第${n}行指标`, '投资强度');
    await panel.getByLabel(`第${n}行指标值`).fill('350');

    // 21 characters pasted into a box of 20: kept as pasted, outlined, named in the row's message.
    const unit = panel.getByLabel(`第${n}行单位`);
    const pasted = '万元人民币每亩（按出让面积计算的固定资产）';
    expect(pasted.length).toBe(21);
    await unit.focus();
    await page.keyboard.insertText(pasted);
    expect(await unit.inputValue()).toBe(pasted);
    const problem = panel.locator('.ant-alert-error').filter({ hasText: `第${n}行：` });
    await problem.waitFor();
    expect(await problem.textContent()).toContain('20');
    expect(await unit.getAttribute('class')).toContain('ant-input-status-error');
    const save = panel.getByRole('button', { name: '批量保存' });
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'indicator-unit-too-long-1280');

    await unit.fill('万元/亩');
    await problem.waitFor({ state: 'detached' });
    await save.click();
    await page.getByText('规划指标已保存').waitFor();
    const after = await apiPage('tYdzb', [{ column: 'dkid', type: 'eq', val: parcel.id }]);
    expect(after.length).toBe(before.length + 1);
    expect(after.find((r) => r.indicator === 'investmentIntensity' && Number(r.value) === 350)?.unit).toBe('万元/亩');
  });

  it('another tab or a menu item asks before unsaved 新增招商活动 or 系统配置 edits are left, and keeps them when the clerk stays', async () => {
    const { page } = await browser.newPage();
    await login(page);
    const menu = page.getByTestId('side-menu');
    await page.goto(`${server.url}/managementSystem/addZshd`);
    const card = page.getByTestId('screen-card').filter({ hasText: '新增招商活动' });
    await card.getByPlaceholder('请输入标题').fill('未保存的招商活动');
    // Another tab: asked; staying keeps the title.
    await page.locator('a[data-testid^="tab-"]').filter({ hasText: '统计分析' }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '当前招商活动有未保存的修改，离开后这些修改将丢失。确定离开吗？' });
    await ask.waitFor();
    await screenshot(page, 'unsaved-zshd-leave-1280');
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/managementSystem/addZshd');
    expect(await card.getByPlaceholder('请输入标题').inputValue()).toBe('未保存的招商活动');

    // 系统配置: a changed 副标题, then a menu item: asked; 确定 leaves.
    await page.goto(`${server.url}/managementSystem/peizhi`);
    await ask.waitFor({ state: 'detached' }).catch(() => undefined);
    const settings = page.getByTestId('screen-card').filter({ hasText: '系统配置' });
    const subtitle = settings.getByLabel('网站副标题');
    await subtitle.fill('未保存的副标题');
    await menu.getByText('基础数据', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '街道管理' }).click();
    const askSettings = page.locator('.ant-modal-confirm').filter({ hasText: '系统配置有未保存的修改' });
    await askSettings.waitFor();
    await askSettings.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/managementSystem/jdManagement');
  });

  it('a name another street already has is marked under 街道名称 itself, not only said in a passing toast', async () => {
    const { page } = await browser.newPage();
    await login(page);
    await page.goto(`${server.url}/managementSystem/jdManagement`);
    const first = page.getByTestId('entity-table').locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    const taken = (await first.locator('td').nth(1).textContent())!.trim();
    await page.getByTestId('entity-add').click();
    const drawer = page.getByTestId('entity-form-drawer');
    await drawer.getByPlaceholder('请输入街道名称').fill(taken);
    await choose(page, drawer, '所属片区', '临港物流园');
    await drawer.getByTestId('entity-form-submit').click();
    const item = drawer.locator('.ant-form-item').filter({ has: page.getByPlaceholder('请输入街道名称') });
    await item.locator('.ant-form-item-explain-error').getByText(`街道名称“${taken}”已存在`).waitFor();
    expect(await drawer.getByPlaceholder('请输入街道名称').inputValue()).toBe(taken);
    await screenshot(page, 'street-duplicate-name-1280');
  });

  it('土地交易记录: 所属地块 fills 宗地编号; a deal without its price, date and winner, or a listing ending before it starts, is named under those fields and not saved', async () => {
    const parcel = (await apiPage('tLandinfo', [{ column: 'status', type: 'eq', val: 'draft' }]))[2]!;
    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/landJystManagement`);
    await page.getByRole('button', { name: /新增/ }).first().click();
    const drawer = page.getByTestId('entity-form-drawer');
    // Picking 所属地块 fills its 宗地编号.
    await drawer.getByLabel('所属地块', { exact: true }).fill(String(parcel.dkmc));
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(String(parcel.dkmc), { exact: true }).click();
    await expect.poll(() => drawer.getByPlaceholder('请输入宗地编号').inputValue()).toBe(String(parcel.dkbh));
    await choose(page, drawer, '交易方式', '挂牌');
    // 成交价, 成交日期 and 竞得人 are marked required (*) while, and only while, 交易状态 is 已成交.
    const marked = () => drawer.locator('label.ant-form-item-required').allTextContents();
    const dealFields = ['成交价', '成交日期', '竞得人'];
    expect((await marked()).filter((l) => dealFields.some((f) => l.startsWith(f)))).toEqual([]);
    await choose(page, drawer, '交易状态', '已成交');
    await expect.poll(async () => (await marked()).filter((l) => dealFields.some((f) => l.startsWith(f))).length).toBe(3);
    const date = async (label: string, value: string) => {
      await drawer.getByLabel(label, { exact: true }).fill(value);
      await drawer.getByLabel(label, { exact: true }).press('Enter');
    };
    await date('挂牌起始日期', '2026-12-20');
    await date('挂牌截止日期', '2026-12-10');
    await drawer.getByTestId('entity-form-submit').click();
    const errors = drawer.locator('.ant-form-item-explain-error');
    await expect.poll(() => errors.allTextContents()).toEqual([
      '挂牌截止日期不能早于挂牌起始日期',
      '交易状态为“已成交”时，请输入成交价',
      '交易状态为“已成交”时，请选择成交日期',
      '交易状态为“已成交”时，请输入竞得人',
    ]);
    await screenshot(page, 'transaction-checks-1280');

    // Put right: an earlier start clears the end's message at once; the deal's facts, then it saves.
    await date('挂牌起始日期', '2026-12-01');
    await expect.poll(() => errors.allTextContents()).not.toContain('挂牌截止日期不能早于挂牌起始日期');
    await drawer.getByPlaceholder('请输入成交价').fill('1500');
    await date('成交日期', '2026-12-10');
    await drawer.getByPlaceholder('请输入竞得人', { exact: true }).fill('临江某制造有限公司');
    await drawer.getByTestId('entity-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    const after = await apiPage('tLandJyst', [{ column: 'parcelCode', type: 'eq', val: parcel.dkbh }]);
    expect(after.map((r) => [r.dkid, r.listingStart, r.listingEnd, r.dealPrice, r.dealDate, r.winner])).toEqual([[parcel.id, '2026-12-01', '2026-12-10', 1500, '2026-12-10', '临江某制造有限公司']]);

    // A 宗地编号 typed by hand stays when 所属地块 is picked after it; a status other than 已成交 drops the marks.
    await page.getByRole('button', { name: /新增/ }).first().click();
    await drawer.waitFor();
    await drawer.getByPlaceholder('请输入宗地编号').fill('LJ-手填-01');
    await drawer.getByLabel('所属地块', { exact: true }).fill(String(parcel.dkmc));
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(String(parcel.dkmc), { exact: true }).click();
    await expect.poll(() => drawer.getByLabel('所属地块', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').textContent()).toContain(String(parcel.dkmc));
    expect(await drawer.getByPlaceholder('请输入宗地编号').inputValue()).toBe('LJ-手填-01');
    await choose(page, drawer, '交易状态', '已成交');
    await expect.poll(async () => (await marked()).filter((l) => dealFields.some((f) => l.startsWith(f))).length).toBe(3);
    await choose(page, drawer, '交易状态', '挂牌中');
    await expect.poll(async () => (await marked()).filter((l) => dealFields.some((f) => l.startsWith(f))).length).toBe(0);
    await screenshot(page, 'transaction-typed-code-kept-1280');
  });

  it('a policy opened untouched is not changed; edited, its paragraphs keep their first-line indent, and 首行缩进 sets one', async () => {
    const policies = await apiPage('tRegulations');
    const policy = policies.find((r) => /text-indent/.test(String(r.content)))!;
    const indents = (html: unknown) => (String(html).match(/text-indent/g) ?? []).length;
    const before = indents(policy.content);
    expect(before).toBeGreaterThan(0);

    const { page } = await browser.newPage();
    await login(page);
    await page.goto(`${server.url}/managementSystem/regulations`);
    const search = page.getByTestId('entity-search');
    await search.getByPlaceholder('请输入标题').fill(String(policy.title));
    await search.getByRole('button', { name: '查询' }).click();
    const row = rowOf(page, String(policy.title));
    const drawer = page.getByTestId('entity-form-drawer');
    const editor = drawer.getByTestId('rich-text-content').locator('.ProseMirror');

    // The editor shows the indents, and closing untouched asks nothing (the text is not rewritten).
    await row.getByRole('button', { name: '编辑' }).click();
    await editor.locator('p[style*="text-indent"]').first().waitFor();
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '编辑' }).click();
    await editor.locator('p[style*="text-indent"]').first().waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('（补充说明）');
    await page.keyboard.press('Enter');
    await page.keyboard.type('新增的一段');
    const indentButton = drawer.getByRole('button', { name: '首行缩进' });
    // A paragraph begun after an indented one is indented too; the button takes it away and back.
    await expect.poll(() => indentButton.getAttribute('aria-pressed')).toBe('true');
    await indentButton.click();
    await expect.poll(() => indentButton.getAttribute('aria-pressed')).toBe('false');
    await indentButton.click();
    await expect.poll(() => indentButton.getAttribute('aria-pressed')).toBe('true');
    await drawer.getByTestId('entity-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });

    const saved = (await apiPage('tRegulations', [{ column: 'id', type: 'eq', val: policy.id }]))[0]!;
    expect(String(saved.content)).toMatch(/（补充说明）<\/p><p style="text-indent: ?2em">新增的一段<\/p>$/);
    expect(indents(saved.content)).toBe(before + 1);
  });
});
