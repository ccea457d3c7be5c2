import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, useServerAndBrowser } from './harness';

type Row = Record<string, unknown>;

/** 回收站 and 审计日志 as an administrator uses them. */
describe('recycle bin and audit log in the browser', () => {
  const { server, browser } = useServerAndBrowser();

  /** Calls the API with the signed-in page's token, as the web app does. */
  const api = async (page: Page, url: string, body: Row): Promise<{ code: string; data: Row }> => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', token: token ?? '' }, body: JSON.stringify(body) });
    return (await res.json()) as { code: string; data: Row };
  };

  it('a deleted street is listed in 回收站, restored from there, and both steps are in 审计日志', async () => {
    const { page } = await browser.newPage();
    await signIn(page, server);
    // A street no parcel names (one the demo's parcels name cannot be deleted: 该街道已有地块…).
    const created = await api(page, '/api/tJd/addOrUpdate', { jdname: '回收站测试街道', areacode: 'LJ01', contact: '回收测试' });
    expect(created.code).toBe('200');
    const street = created.data as Row;
    expect((await api(page, '/api/tJd/deleteById', { id: street.id })).code).toBe('200');

    const menu = page.getByTestId('side-menu');
    await menu.getByText('系统管理', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '回收站' }).click();
    await page.waitForURL('**/managementSystem/recycleBin');
    const row = page.getByTestId('recycle-table').locator('tbody tr').filter({ hasText: String(street.jdname) });
    await row.getByText('30 天').waitFor();
    await row.getByRole('button', { name: '恢复' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-notification').getByText(`已恢复“${String(street.jdname)}”`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await api(page, '/api/tJd/selectById', { id: street.id })).code).toBe('200');

    await menu.getByRole('menuitem', { name: '审计日志' }).click();
    await page.waitForURL('**/managementSystem/auditLog');
    const table = page.getByTestId('audit-table');
    await table.locator('tbody tr').filter({ hasText: `从回收站恢复“${String(street.jdname)}”` }).waitFor();
    await table.locator('tbody tr').filter({ hasText: `街道“${String(street.jdname)}”` }).filter({ hasText: '删除' }).first().waitFor();
    // The detail shows the record as it was before the delete: its fields by their Chinese labels
    // and values, no raw ids.
    await table.locator('tbody tr').filter({ hasText: '删除' }).filter({ hasText: String(street.jdname) }).first().getByRole('button', { name: '查看' }).click();
    const detail = page.locator('.ant-modal').filter({ hasText: '审计详情' });
    const changes = detail.getByTestId('audit-changes');
    await changes.getByText('修改前').first().waitFor();
    await changes.locator('tr').filter({ hasText: '街道名称' }).getByText(String(street.jdname)).waitFor();
    expect(await detail.textContent()).not.toContain(String(street.id));
    await detail.getByRole('button', { name: 'Close' }).or(detail.locator('.ant-modal-close')).first().click();

    // The search lives in the URL: a reload shows the same filtered list with the form filled in.
    await page.locator('form#auditSearch').getByPlaceholder('摘要、记录编号、IP、内容').fill(String(street.jdname));
    await page.locator('form#auditSearch').getByRole('button', { name: '查询' }).click();
    await page.waitForURL(/keyword=/);
    await page.reload();
    await table.locator('tbody tr').filter({ hasText: `从回收站恢复“${String(street.jdname)}”` }).waitFor();
    expect(await page.locator('form#auditSearch').getByPlaceholder('摘要、记录编号、IP、内容').inputValue()).toBe(String(street.jdname));
    for (const text of await table.locator('tbody tr.ant-table-row').allTextContents()) expect(text).toContain(String(street.jdname));
  });
});
