import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn, screenshot, startServer, type BrowserSession, type RunningServer } from './harness';

async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('Excel import shows every problem at once', () => {
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

  async function openImport(page: Page) {
    await page.goto(`${server.url}/managementSystem/regional`);
    await page.getByTestId('import-button').first().click();
    const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '导入片区' }) });
    await modal.waitFor();
    return modal;
  }

  for (const width of [1280, 412]) {
    it(`lists every row's errors with the cell's value, downloads the failed rows, and says file problems in the dialog (${width} px)`, async () => {
      const { page } = await browser.newPage({ viewport: { width, height: 900 } });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await signIn(page, server);
      const modal = await openImport(page);

      // Before anything is sent, the dialog says what is written when a row is wrong.
      await modal.getByTestId('import-save-rule').getByText('只要有一行出错，整个文件都不写入').waitFor();

      // A file of another screen's template: said in the dialog, not in a passing toast.
      await modal.locator('input[type=file]').setInputFiles({ name: '街道.xlsx', mimeType: XLSX, buffer: await workbook(['街道名称', '联系电话'], [['x', '1']]) });
      await modal.getByTestId('import-submit').click();
      await modal.getByTestId('import-file-error').getByText('该文件不是片区的导入模板').waitFor();
      // An empty file and a wrong type the same way.
      await modal.locator('input[type=file]').setInputFiles({ name: '空.xlsx', mimeType: XLSX, buffer: Buffer.alloc(0) });
      await expect.poll(() => modal.getByTestId('import-file-error').count()).toBe(0);
      await modal.getByTestId('import-submit').click();
      await modal.getByTestId('import-file-error').getByText('文件是空的').waitFor();
      await modal.locator('input[type=file]').setInputFiles({ name: '数据.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
      await modal.getByTestId('import-submit').click();
      await modal.getByTestId('import-file-error').getByText('请上传 Excel（.xlsx）文件').waitFor();
      await screenshot(page, `import-ux-excel-file-error-${width}`);

      // Three bad rows among good ones: every error in one table with row, column and value.
      const rows = [
        ['好片区甲', `G1-${width}`, '启用', 1],
        ['负排序', `B1-${width}`, '启用', -5],
        ['好片区乙', `G2-${width}`, '启用', 2],
        [null, `B2-${width}`, '未知状态', 'abc'],
      ];
      await modal.locator('input[type=file]').setInputFiles({ name: '片区.xlsx', mimeType: XLSX, buffer: await workbook(['片区名称', '片区编码', '状态', '排序'], rows) });
      await modal.getByTestId('import-submit').click();
      const table = modal.getByTestId('import-errors');
      await table.waitFor();
      await modal.getByText('导入失败：2 行、共 4 处错误，未写入任何数据').waitFor();
      const cells = await table.locator('tbody tr.ant-table-row').evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
      );
      expect(cells).toEqual([
        ['3', '排序', '-5', '排序不能为负数'],
        ['5', '片区名称', '', '请输入片区名称'],
        ['5', '状态', '未知状态', '状态的取值不在可选范围内'],
        ['5', '排序', 'abc', '排序只能是数字'],
      ]);
      await screenshot(page, `import-ux-excel-errors-${width}`);

      const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('import-errors-download').click()]);
      expect(download.suggestedFilename()).toBe('片区导入错误行.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
      expect(values(1)).toEqual(['片区名称', '片区编码', '状态', '排序', '原行号', '错误原因']);
      expect(values(2)).toEqual(['负排序', `B1-${width}`, '启用', -5, 3, '排序不能为负数']);
      expect(values(3)).toEqual([undefined, `B2-${width}`, '未知状态', 'abc', 5, '请输入片区名称；状态的取值不在可选范围内；排序只能是数字']);
      expect(ws.rowCount).toBe(3);
      expect(pageErrors).toEqual([]);
    });
  }
});
