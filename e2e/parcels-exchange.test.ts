import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, signIn, useServerAndBrowser } from './harness';


describe('parcel data exchange in the browser', () => {
  const { server, browser } = useServerAndBrowser();

  const login = (page: Page) => signIn(page, server);

  async function openEntryScreen(page: Page): Promise<Locator> {
    const menu = page.getByTestId('side-menu');
    const item = menu.getByRole('menuitem', { name: '地块录入' });
    if (!(await item.isVisible())) await menu.getByText('地块管理', { exact: true }).click();
    await item.click();
    await page.waitForURL('**/managementSystem/land');
    const card = page.getByTestId('screen-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '地块录入' }) });
    await card.getByTestId('parcel-table').waitFor();
    return card;
  }

  it('exports the entry list to Excel with progress, and fills a draft parcel’s surroundings from the map service', async () => {
    const { page } = await browser.newPage();
    await login(page);
    const entry = await openEntryScreen(page);
    const rows = entry.getByTestId('parcel-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();

    // ---- 导出Excel: a background job, its progress in a dialog, then the file
    const [download] = await Promise.all([page.waitForEvent('download'), entry.getByTestId('parcel-export-excel').click()]);
    const progress = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '导出Excel' }) });
    await progress.locator('.ant-progress').getByText('100%', { exact: true }).waitFor();
    await progress.getByTestId('job-progress-text').filter({ hasText: /^已完成/ }).waitFor();
    await progress.getByTestId('export-done').waitFor();
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await download.path()) !== null).toBe(true);
    await screenshot(page, 'parcels-exchange-export');
    await progress.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await progress.waitFor({ state: 'hidden' });

    // ---- 一键填充周边配套 in a draft parcel's editor: one in 滨江智造园 (LJ01), where the
    // facility dictionary the offline map service answers from has most of its places.
    await page.goto(`${server.url}/managementSystem/land?areacode=LJ01`);
    await entry.getByTestId('parcel-table').waitFor();
    await page.waitForLoadState('networkidle');
    await rows.first().waitFor();
    await rows.first().getByTestId('row-edit').click();
    const editor = page.getByTestId('parcel-editor');
    await editor.getByTestId('parcel-editor-title').filter({ hasText: '编辑地块' }).waitFor();
    await editor.getByTestId('parcel-records-tabs').getByRole('tab', { name: '周边配套' }).click();
    const facilities = editor.getByTestId('records-tLandzbpt');
    await facilities.locator('.ant-table').waitFor();
    await page.waitForLoadState('networkidle');

    await facilities.getByTestId('fill-surroundings').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '提示' }).waitFor();
    await confirm.getByText('将用地图服务结果替换自动填充的周边配套和距离，是否继续？').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();

    const notice = page.locator('.ant-notification').getByText(/已填充周边配套\d+条、距离\d+条/);
    await notice.waitFor({ timeout: 30_000 });
    const filled = Number(/已填充周边配套(\d+)条/.exec((await notice.textContent()) ?? '')?.[1]);
    expect(filled).toBeGreaterThan(0);
    await expect.poll(() => facilities.locator('tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(filled);

    // 距离 refreshed from the same fill.
    await editor.getByTestId('parcel-records-tabs').getByRole('tab', { name: '距离' }).click();
    await editor.getByTestId('records-tDistance').locator('.ant-table').waitFor();
    await screenshot(page, 'parcels-exchange-surroundings');
  });
});
