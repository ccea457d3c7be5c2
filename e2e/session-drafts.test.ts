/**
 * A clerk whose session ends while a form has unsaved edits loses nothing: SPEC §8 still sends
 * them to /login, which brings them back to the screen with the form open and the edits in it.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, axeProblems, fillNewParcel, screenshot, signIn, useServerAndBrowser } from './harness';

describe('unsaved edits survive the end of a session', () => {
  const { server, browser } = useServerAndBrowser();

  /** Ends the page's session on the server (as an expiry or a revocation would), unknown to the page. */
  async function endSessionOnServer(page: Page) {
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/logout', { method: 'POST', headers: { token: localStorage.getItem('token') ?? '' } });
      return ((await res.json()) as { code: string }).code;
    });
    expect(answer).toBe('200');
  }

  /** Signs in on the login page the app went to (keeping its return address). */
  async function signInHere(page: Page, account: string) {
    await page.getByPlaceholder('请输入账号').fill(account);
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
  }

  async function api(account: string) {
    const res = await fetch(`${server.url}/openApi/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userAccount: account, password: DEMO_PASSWORD }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    return async <T,>(url: string, body: Record<string, unknown>): Promise<{ code: string; msg: string; data: T }> => {
      const r = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
      return (await r.json()) as { code: string; msg: string; data: T };
    };
  }

  async function openStreets(page: Page) {
    await page.goto(`${server.url}/managementSystem/jdManagement`);
    await page.getByTestId('entity-table').locator('tbody tr.ant-table-row').first().waitFor();
  }

  const streetRow = (page: Page, name: string): Locator => page.getByTestId('entity-table').locator('tbody tr.ant-table-row').filter({ hasText: name });

  it('a new parcel typed and drawn when the session ended is open again after signing in, and saves', async () => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const name = `会话结束测试地块${run}`;
    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/land`);
    await page.getByTestId('parcel-add').click();
    const editor = page.getByTestId('parcel-editor');
    await fillNewParcel(page, editor, `LJ-S-${run}`, name);

    // A boundary drawn on the map is part of the edits.
    const map = editor.getByTestId('parcel-map');
    await map.locator('canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    await map.scrollIntoViewIfNeeded();
    await editor.getByTestId('map-draw').click();
    await expect.poll(() => map.getAttribute('data-drawing')).toBe('true');
    const box = (await map.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(cx - 40, cy - 30);
    await page.mouse.click(cx + 40, cy - 30);
    await page.mouse.click(cx + 40, cy + 30);
    await page.mouse.dblclick(cx - 40, cy + 30);
    await expect.poll(() => map.getAttribute('data-drawing')).toBe('false');
    const drawnArea = await editor.getByTestId('geometry-area').textContent();
    expect(drawnArea).toMatch(/㎡/);

    // The session ends on the server; 保存 meets it and goes to the login page (SPEC §8).
    await endSessionOnServer(page);
    await editor.getByTestId('parcel-save').click();
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2Fland');
    await page.getByTestId('login-drafts-kept').getByText('刚才未保存的修改已为您暂存，重新登录后将回到原页面并恢复。').waitFor();
    await screenshot(page, 'session-drafts-login');
    expect(await axeProblems(page)).toEqual([]);

    // Signing in again brings the clerk back to 地块录入 with the parcel open as it was.
    await signInHere(page, 'zhangwei');
    await page.waitForURL('**/managementSystem/land');
    await editor.getByTestId('draft-restored').getByText(/^已恢复登录失效前未保存的修改（\d\d:\d\d），请核对后保存$/).waitFor();
    expect(await editor.getByPlaceholder('请输入地块名称').inputValue()).toBe(name);
    expect(await editor.getByPlaceholder('请输入宗地编号').inputValue()).toBe(`LJ-S-${run}`);
    await editor.getByText('1001 工业用地').waitFor();
    expect(await editor.getByTestId('geometry-area').textContent()).toBe(drawnArea);
    await editor.getByText('未保存', { exact: true }).waitFor();
    await screenshot(page, 'session-drafts-restored');
    expect(await axeProblems(page, '[data-testid="draft-restored"]')).toEqual([]);

    // It saves now, and then it is just the saved parcel (no notice, nothing kept).
    await editor.getByTestId('parcel-save').click();
    await editor.getByTestId('parcel-editor-title').filter({ hasText: `编辑地块：${name}` }).waitFor();
    await editor.getByTestId('draft-restored').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('unsavedDrafts'))).toBeNull();
    const saved = await (await api('zhangwei'))<{ list: { dkmc: string; landArea: number | null }[] }>('/api/tLandinfo/selectByPage', {
      pageNo: 1,
      pageSize: 5,
      params: [{ column: 'dkmc', type: 'eq', val: name }],
    });
    expect(saved.data.list.map((p) => p.dkmc)).toEqual([name]);

    // The supporting records in its tabs are kept too: a 招商手册 being written when the session ends.
    await editor.getByRole('tab', { name: '招商手册' }).click();
    const manual = editor.getByTestId('record-form-tDkzssc');
    await manual.getByPlaceholder('请输入手册标题').fill(`${name}招商手册`);
    await endSessionOnServer(page);
    await manual.getByRole('button', { name: '保存地块招商手册' }).click();
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2Fland');
    await signInHere(page, 'zhangwei');
    await page.waitForURL('**/managementSystem/land');
    await editor.getByTestId('parcel-editor-title').filter({ hasText: `编辑地块：${name}` }).waitFor();
    await editor.getByTestId('draft-restored').getByText(/：配套信息中的“招商手册”，请核对后保存$/).waitFor();
    expect(await manual.getByPlaceholder('请输入手册标题').inputValue()).toBe(`${name}招商手册`);
    await manual.getByText('有未保存的修改').waitFor();
    await screenshot(page, 'session-drafts-tab-restored');
    await manual.getByRole('button', { name: '保存地块招商手册' }).click();
    await editor.getByTestId('draft-restored').waitFor({ state: 'detached' });
    await manual.getByText('有未保存的修改').waitFor({ state: 'detached' });

    // A reload opens no editor: the draft was used once.
    await page.reload();
    await page.getByTestId('parcel-table').waitFor();
    expect(await page.getByTestId('parcel-editor').isVisible()).toBe(false);
  });

  it("a parcel's 距离 record being typed in its drawer when the session ended opens again after signing in, new or edited, and saves", async () => {
    const run = Date.now().toString(36).slice(-5);
    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/land`);
    await page.getByTestId('parcel-table').getByRole('button', { name: '编辑' }).first().click();
    const editor = page.getByTestId('parcel-editor');
    const title = (await editor.getByTestId('parcel-editor-title').textContent())!;
    await editor.getByRole('tab', { name: '距离' }).click();
    const records = editor.getByTestId('records-tDistance');
    const drawer = page.getByTestId('record-form-drawer');
    const relogin = async () => {
      await endSessionOnServer(page);
      await drawer.getByTestId('record-form-submit').click();
      await page.waitForURL('**/login?redirect=%2FmanagementSystem%2Fland');
      await signInHere(page, 'zhangwei');
      await page.waitForURL('**/managementSystem/land');
      await editor.getByTestId('parcel-editor-title').filter({ hasText: title }).waitFor();
      await editor.getByTestId('draft-restored').getByText(/：配套信息中的“距离”，请核对后保存$/).waitFor();
      await drawer.getByTestId('record-draft-restored').getByText(/^已恢复登录失效前未保存的修改/).waitFor();
    };

    // A new record: typed, the session ends at 保存, it is back in its drawer after signing in.
    await records.getByRole('button', { name: '新增区位距离' }).click();
    await drawer.getByPlaceholder('请输入地点名称').fill(`会话测试码头${run}`);
    await drawer.getByLabel('地点类型').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('机场', { exact: true }).click();
    await drawer.getByPlaceholder('请输入距离').fill('12.5');
    await relogin();
    expect(await drawer.getByPlaceholder('请输入地点名称').inputValue()).toBe(`会话测试码头${run}`);
    expect(await drawer.getByPlaceholder('请输入距离').inputValue()).toBe('12.5');
    await screenshot(page, 'session-drafts-record-drawer');
    await drawer.getByTestId('record-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await records.getByText(`会话测试码头${run}`).waitFor();
    await editor.getByTestId('draft-restored').waitFor({ state: 'detached' });

    // The same record edited: it comes back as that record, and 保存 changes it (no second one).
    await records.locator('tr').filter({ hasText: `会话测试码头${run}` }).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer.getByPlaceholder('请输入地点名称').inputValue()).toBe(`会话测试码头${run}`);
    await drawer.getByPlaceholder('请输入地点名称').fill(`会话测试港区${run}`);
    await relogin();
    expect(await drawer.getByPlaceholder('请输入地点名称').inputValue()).toBe(`会话测试港区${run}`);
    await drawer.getByTestId('record-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await records.getByText(`会话测试港区${run}`).waitFor();
    expect(await records.getByText(new RegExp(`会话测试(码头|港区)${run}`)).count()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('unsavedDrafts'))).toBeNull();
  });

  it('panorama markers placed when the session ended are back in 全景标注 after signing in, and save', async () => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const clerk = await api('zhangwei');
    // A parcel being entered with a panorama (one of the demo's pictures, as if uploaded).
    const published = await clerk<{ list: Record<string, unknown>[] }>('/api/tLandinfo/selectByPage', { pageNo: 0, pageSize: 0, params: [{ column: 'status', type: 'eq', val: 'published' }] });
    const source = published.data.list.find((p) => Array.isArray(p.panorama) && p.panorama.length > 0);
    expect(source, 'a demo parcel with a panorama').toBeDefined();
    const code = `LJ-PM-${run}`;
    const created = await clerk<{ id: string }>('/api/tLandinfo/addOrUpdate', { dkbh: code, dkmc: `全景标注测试地块${run}`, areacode: source!.areacode, dlcode: source!.dlcode, landArea: 12000, panorama: source!.panorama });
    expect(created, created.msg).toMatchObject({ code: '200' });

    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/land`);
    await page.getByPlaceholder('请输入宗地编号').fill(code);
    await page.keyboard.press('Enter');
    await page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').filter({ hasText: code }).getByRole('button', { name: '编辑' }).click();
    const editor = page.getByTestId('parcel-editor');
    await editor.getByRole('tab', { name: '全景标注' }).click();
    const viewer = editor.getByTestId('panorama-viewer');
    await expect.poll(() => viewer.getAttribute('data-ready'), { timeout: 20_000 }).toBe('true');
    const box = (await viewer.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const items = editor.getByTestId('marker-item');
    await expect.poll(() => items.count()).toBe(1);
    // A title pasted past its limit (len60: 30 汉字) stays whole and blocks 保存标注 with the rule's words.
    const longTitle = '北侧主入口及门卫室'.repeat(4);
    await editor.getByLabel('第1个标注标题').fill('');
    await editor.getByLabel('第1个标注标题').focus();
    await page.keyboard.insertText(longTitle);
    expect(await editor.getByLabel('第1个标注标题').inputValue()).toBe(longTitle);
    await editor.getByText('第1个标注：长度不能超过30个汉字或者60个字符').waitFor();
    expect(await editor.getByTestId('markers-save').isDisabled()).toBe(true);
    await editor.getByLabel('第1个标注标题').fill(`北侧入口${run}`);
    await editor.getByLabel('第1个标注说明').fill('临智造大道');

    // 保存标注 meets the ended session; after signing in the marker is back, unsaved.
    await endSessionOnServer(page);
    await editor.getByTestId('markers-save').click();
    // (the list's search is in the address and comes back with it)
    await page.waitForURL(/\/login\?redirect=%2FmanagementSystem%2Fland%3Fdkbh%3D/);
    await signInHere(page, 'zhangwei');
    await page.waitForURL(/\/managementSystem\/land\?dkbh=/);
    await editor.getByTestId('draft-restored').getByText(/：配套信息中的“全景标注”，请核对后保存$/).waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await editor.getByLabel('第1个标注标题').inputValue()).toBe(`北侧入口${run}`);
    expect(await editor.getByLabel('第1个标注说明').inputValue()).toBe('临智造大道');
    await editor.getByText('有未保存的修改').waitFor();
    await screenshot(page, 'session-drafts-markers');

    await editor.getByRole('tab', { name: '全景标注' }).click();
    await editor.getByTestId('markers-save').click();
    await page.getByText('已保存 1 个全景标注').waitFor();
    const stored = await clerk<{ title: string; content: string }[]>('/api/tLandinfo/selectListTphotoSphereMarker', { dkid: created.data.id });
    expect(stored.data.map((m) => [m.title, m.content])).toEqual([[`北侧入口${run}`, '临智造大道']]);
    expect(await page.evaluate(() => sessionStorage.getItem('unsavedDrafts'))).toBeNull();
  });

  it('an edited record comes back with the edits, and a save someone made meanwhile is not overwritten', async () => {
    const call = await api('zhaolei');
    const list = await call<{ list: Record<string, unknown>[] }>('/api/tJd/selectByPage', { pageNo: 1, pageSize: 1, params: [] });
    const street = list.data.list[0]!;
    const streetName = String(street.jdname);

    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await openStreets(page);
    await streetRow(page, streetName).getByRole('button', { name: '编辑' }).click();
    const drawer = page.getByTestId('entity-form-drawer');
    await expect.poll(() => drawer.getByPlaceholder('请输入街道名称').inputValue()).toBe(streetName);
    await drawer.getByPlaceholder('请输入联系人').fill('张伟改的联系人');

    // Meanwhile a colleague saves the same street.
    const other = await call('/api/tJd/addOrUpdate', { ...street, contact: '赵磊改的联系人' });
    expect(other.code).toBe('200');

    await endSessionOnServer(page);
    await drawer.getByTestId('entity-form-submit').click();
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2FjdManagement*');
    await signInHere(page, 'zhangwei');
    await page.waitForURL('**/managementSystem/jdManagement*');
    await drawer.getByTestId('draft-restored').waitFor();
    expect(await drawer.getByPlaceholder('请输入联系人').inputValue()).toBe('张伟改的联系人');

    // Saved against the version the edits were made on: the colleague's save is reported, not overwritten.
    // The edits came from an earlier session, so the colleague's value is shown under the field, the clerk's kept.
    await drawer.getByTestId('entity-form-submit').click();
    const dialog = page.getByTestId('save-conflict');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('你和对方都修改了：联系人');
    expect(await drawer.getByPlaceholder('请输入联系人').inputValue()).toBe('张伟改的联系人');
    const now = await call<{ list: Record<string, unknown>[] }>('/api/tJd/selectByPage', { pageNo: 1, pageSize: 1, params: [{ column: 'id', type: 'eq', val: street.id }] });
    expect(now.data.list[0]?.contact).toBe('赵磊改的联系人');
    await page.getByRole('button', { name: '知道了' }).click();
    await drawer.getByText('对方保存的值：赵磊改的联系人').waitFor();
  });

  it('a save someone else made meanwhile is merged into the form: their change to another field is taken, a field both changed keeps the clerk\'s input with theirs shown, and the next save stores both', async () => {
    const call = await api('zhaolei');
    const list = await call<{ list: Record<string, unknown>[] }>('/api/tJd/selectByPage', { pageNo: 1, pageSize: 2, params: [] });
    const street = list.data.list[1]!;
    const streetName = String(street.jdname);

    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await openStreets(page);
    await streetRow(page, streetName).getByRole('button', { name: '编辑' }).click();
    const drawer = page.getByTestId('entity-form-drawer');
    await expect.poll(() => drawer.getByPlaceholder('请输入街道名称').inputValue()).toBe(streetName);
    await drawer.getByPlaceholder('请输入联系人').fill('张伟填的联系人');
    await drawer.getByPlaceholder('请输入联系电话').fill('0571-86790000');

    // Meanwhile a colleague changes the contact and the address.
    const other = await call('/api/tJd/addOrUpdate', { ...street, contact: '赵磊填的联系人', address: '赵磊填的办公地址' });
    expect(other.code).toBe('200');

    await drawer.getByTestId('entity-form-submit').click();
    const dialog = page.getByTestId('save-conflict');
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('已载入对方修改的：办公地址');
    expect(text).toContain('你和对方都修改了：联系人');
    await screenshot(page, 'save-conflict-dialog-1280');
    await page.getByRole('button', { name: '知道了' }).click();
    expect(await drawer.getByPlaceholder('请输入联系人').inputValue()).toBe('张伟填的联系人');
    expect(await drawer.getByPlaceholder('请输入联系电话').inputValue()).toBe('0571-86790000');
    expect(await drawer.getByPlaceholder('请输入办公地址').inputValue()).toBe('赵磊填的办公地址');
    await drawer.getByText('对方保存的值：赵磊填的联系人').waitFor();
    await screenshot(page, 'save-conflict-merged-1280');

    // Saved again, against the version read: the clerk's fields and the colleague's address are stored.
    await drawer.getByTestId('entity-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    const now = await call<{ list: Record<string, unknown>[] }>('/api/tJd/selectByPage', { pageNo: 1, pageSize: 1, params: [{ column: 'id', type: 'eq', val: street.id }] });
    expect(now.data.list[0]).toMatchObject({ contact: '张伟填的联系人', phone: '0571-86790000', address: '赵磊填的办公地址' });
  });

  it('a review opinion is not dropped by Esc without asking, and one typed when the session ended opens again and goes through', async () => {
    const { page } = await browser.newPage();
    await signIn(page, server, 'liuyang');
    await page.goto(`${server.url}/managementSystem/landManagement_process`);
    const row = page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const parcelName = (await row.locator('td').nth(2).textContent())!.trim();
    await row.getByTestId('row-reject').click();
    const dialog = page.getByTestId('transition-modal').locator('.ant-modal');
    const opinion = dialog.getByPlaceholder('请填写退回原因及需要修改的内容');
    const text = '四至描述与界址图不一致，请核对东至道路名称后重新提交。';
    await opinion.fill(text);

    // Esc asks before the typed opinion is dropped; keeping it leaves the dialog as it was.
    await page.keyboard.press('Escape');
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '已填写的审核意见尚未提交，关闭后将丢失。确定关闭吗？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await opinion.inputValue()).toBe(text);

    // The session ends on the server; 确定 meets it and goes to the login page, the opinion kept.
    await endSessionOnServer(page);
    await dialog.getByTestId('transition-ok').click();
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2FlandManagement_process');
    await page.getByTestId('login-drafts-kept').waitFor();
    await page.locator('.ant-notification-notice').filter({ hasText: '登录已过期' }).waitFor();
    await signInHere(page, 'liuyang');
    await page.waitForURL('**/managementSystem/landManagement_process');
    await dialog.getByTestId('draft-restored').getByText(/已恢复登录失效前未保存的修改（\d\d:\d\d），请核对后确定/).waitFor();
    expect(await dialog.locator('.ant-modal-title').textContent()).toBe(`退回：地块“${parcelName}”`);
    expect(await opinion.inputValue()).toBe(text);
    // What the end of the session said is over once signed in again.
    await expect.poll(() => page.locator('.ant-notification-notice').filter({ hasText: '登录已过期' }).count()).toBe(0);
    await screenshot(page, 'session-drafts-review-opinion');
    await dialog.getByTestId('transition-ok').click();
    await page.getByText('已退回 1 个地块').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The dialog opened next, for another parcel, starts empty; closed untouched, it asks nothing.
    await page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').first().getByTestId('row-reject').click();
    await opinion.focus();
    expect(await opinion.inputValue()).toBe('');
    expect(await dialog.getByTestId('draft-restored').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await ask.count()).toBe(0);
  });

  it('an answer to a consultation is not dropped by 取消 without asking, and one typed when the session ended opens again and is sent', async () => {
    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await page.goto(`${server.url}/managementSystem/problem`);
    const row = page.getByTestId('entity-table').locator('tbody tr.ant-table-row').filter({ hasText: '待回复' }).first();
    await row.waitFor();
    const title = (await row.locator('td').nth(1).textContent())!.trim();
    await row.getByRole('button', { name: '回复' }).click();
    const reply = page.getByTestId('consultation-reply').locator('.ant-modal');
    await reply.getByTestId('consultation-question').getByText(title).waitFor();
    const answer = '工业用地及地上厂房转让涉及增值税、土地增值税、契税和印花税，具体以税务部门核定为准。';
    await reply.getByTestId('consultation-answer').fill(answer);

    // 取消 asks before the typed answer is dropped; keeping it leaves the dialog as it was.
    await reply.getByRole('button', { name: '取消' }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '回复尚未发送，关闭后已填写的内容将丢失。确定关闭吗？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await reply.getByTestId('consultation-answer').inputValue()).toBe(answer);

    await endSessionOnServer(page);
    await reply.getByRole('button', { name: '发送回复' }).click();
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2Fproblem*');
    await page.getByTestId('login-drafts-kept').waitFor();
    await signInHere(page, 'zhangwei');
    await page.waitForURL('**/managementSystem/problem*');
    await reply.getByTestId('draft-restored').getByText(/已恢复登录失效前未保存的修改（\d\d:\d\d），请核对后发送/).waitFor();
    await reply.getByTestId('consultation-question').getByText(title).waitFor();
    expect(await reply.getByTestId('consultation-answer').inputValue()).toBe(answer);
    await reply.getByRole('button', { name: '发送回复' }).click();
    await page.locator('.ant-notification').getByText(/回复已保存/).waitFor();
    await reply.waitFor({ state: 'hidden' });
    const call = await api('zhaolei');
    const now = await call<{ list: Record<string, unknown>[] }>('/api/tProblem/selectByPage', { pageNo: 1, pageSize: 1, params: [{ column: 'title', type: 'eq', val: title }] });
    expect(now.data.list[0]?.answer).toBe(answer);

    // The dialog opened next, for another question, starts from that question's own (empty) answer.
    const next = page.getByTestId('entity-table').locator('tbody tr.ant-table-row').filter({ hasText: '待回复' }).filter({ hasNotText: title }).first();
    const nextTitle = (await next.locator('td').nth(1).textContent())!.trim();
    await next.getByRole('button', { name: '回复' }).click();
    await reply.getByTestId('consultation-question').getByText(nextTitle).waitFor();
    expect(await reply.getByTestId('consultation-answer').inputValue()).toBe('');
    expect(await reply.getByTestId('draft-restored').count()).toBe(0);
  });

  it("another user signing in on that browser tab never sees the first user's edits", async () => {
    const { page } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await openStreets(page);
    await page.getByTestId('entity-add').click();
    const drawer = page.getByTestId('entity-form-drawer');
    await drawer.getByPlaceholder('请输入街道名称').fill('张伟未保存的街道');
    await endSessionOnServer(page);
    await drawer.getByTestId('entity-form-submit').click();
    await page.waitForURL('**/login?redirect=*');

    await signInHere(page, 'zhaolei');
    await page.waitForURL('**/managementSystem/jdManagement*');
    await page.getByTestId('entity-table').locator('tbody tr.ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await drawer.isVisible()).toBe(false);
    expect(await page.getByText('张伟未保存的街道').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('unsavedDrafts'))).toBeNull();
  });

  it('signing out in another tab keeps the edits of this one for the next sign-in here', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, server, 'zhangwei');
    await openStreets(page);
    await page.getByTestId('entity-add').click();
    const drawer = page.getByTestId('entity-form-drawer');
    await drawer.getByPlaceholder('请输入街道名称').fill('另一标签页退出时的街道');

    const other = await context.newPage();
    await other.goto(`${server.url}/managementSystem/analysis`);
    await other.getByTestId('user-menu').click();
    await other.getByRole('menuitem', { name: '退出登录' }).click();
    await other.waitForURL('**/login');

    // This tab follows to the login page, which leads back to the screen with the form as it was.
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2FjdManagement');
    await page.getByTestId('login-drafts-kept').waitFor();
    await signInHere(page, 'zhangwei');
    await drawer.getByTestId('draft-restored').waitFor();
    expect(await drawer.getByPlaceholder('请输入街道名称').inputValue()).toBe('另一标签页退出时的街道');
  });

  it('two minutes before the idle limit a dialog counts down: 继续使用 goes on, and when time is up the form is kept for the next sign-in', async () => {
    const { page } = await browser.newPage();
    // The page's clock is ours to move; the server's is not (its session stays alive throughout).
    await page.clock.install();
    await signIn(page, server, 'zhangwei');
    await openStreets(page);
    await page.getByTestId('entity-add').click();
    const drawer = page.getByTestId('entity-form-drawer');
    await drawer.getByPlaceholder('请输入街道名称').fill('午休前录入的街道');

    // 27½ minutes without a call: the warning (the end is a minute inside the 30-minute limit).
    await page.clock.fastForward('27:30');
    const dialog = page.getByTestId('session-timeout').locator('.ant-modal');
    await dialog.getByText('登录即将失效').waitFor();
    expect(await dialog.getByTestId('session-countdown').textContent()).toMatch(/^1:[23]\d$/);
    await dialog.getByText('点“继续使用”可接着工作；失效后未保存的修改会为您暂存，重新登录即可恢复。').waitFor();
    await screenshot(page, 'session-timeout-warning');
    expect(await axeProblems(page, '.ant-modal-wrap')).toEqual([]);
    // The keyboard is in the dialog, on 继续使用.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('继续使用');

    // 继续使用: the server is asked, the dialog goes, the form is as it was.
    const continued = page.waitForResponse((r) => r.url().includes('/api/session/continue'));
    await dialog.getByTestId('session-continue').click();
    expect(((await (await continued).json()) as { code: string }).code).toBe('200');
    await dialog.waitFor({ state: 'hidden' });
    expect(await drawer.getByPlaceholder('请输入街道名称').inputValue()).toBe('午休前录入的街道');

    // Another 29½ minutes away from the desk: the screen goes to the login page, keeping the form.
    await page.clock.fastForward('29:30');
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2FjdManagement');
    await page.locator('.ant-notification').getByText('长时间未操作，登录已失效，请重新登录').waitFor();
    await page.getByTestId('login-drafts-kept').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await signInHere(page, 'zhangwei');
    await drawer.getByTestId('draft-restored').waitFor();
    expect(await drawer.getByPlaceholder('请输入街道名称').inputValue()).toBe('午休前录入的街道');
  });

  it('a back-office link opened without a session comes back after signing in; a link elsewhere does not', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/managementSystem/jdManagement?jdname=%E6%B1%9F`);
    await page.waitForURL('**/login?redirect=%2FmanagementSystem%2FjdManagement%3Fjdname%3D%25E6%25B1%259F');
    // Nothing was kept, so the login page promises nothing.
    expect(await page.getByTestId('login-drafts-kept').count()).toBe(0);
    await signInHere(page, 'zhangwei');
    await page.waitForURL('**/managementSystem/jdManagement?jdname=%E6%B1%9F');
    expect(await page.getByTestId('entity-search').getByPlaceholder('请输入街道名称').inputValue()).toBe('江');

    for (const target of ['//evil.example/managementSystem/land', 'https://evil.example/managementSystem/land', '/managementSystemX']) {
      const { page: other } = await browser.newPage();
      await other.goto(`${server.url}/login?redirect=${encodeURIComponent(target)}`);
      await signInHere(other, 'zhangwei');
      await other.waitForURL('**/managementSystem/analysis');
      expect(new URL(other.url()).origin).toBe(server.url);
    }
  });
});
