import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { crsFromEpsg, haversineMeters, polygonsOf, type ParcelGeometry, type Position } from '@land/shared/geo/index';
import { buildZip, readZipEntries, writeShapefileZip } from '@land/server/gis/index';
import { screenshot, signIn, useServerAndBrowser } from './harness';
import { workbook } from '../packages/server/test/helpers/workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('Excel import shows every problem at once', () => {
  const { server, browser } = useServerAndBrowser();

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
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
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

const PARCEL: ParcelGeometry = {
  type: 'Polygon',
  coordinates: [[[120.301, 30.301], [120.304, 30.301], [120.304, 30.3035], [120.3025, 30.304], [120.301, 30.3035], [120.301, 30.301]]],
};

/** A zipped shapefile of PARCEL in CGCS2000 3° zone 40 (EPSG:4528) without its .prj. */
async function shapefileWithoutPrj(): Promise<Buffer> {
  const zip = await writeShapefileZip([{ geometry: PARCEL, properties: { DKMC: '无坐标系地块' } }], { crs: crsFromEpsg(4528)!, baseName: 'zd' });
  return buildZip(Object.fromEntries(await readZipEntries(zip, (n) => !n.endsWith('.prj'), { maxUncompressedBytes: 1e8, maxEntries: 100 })));
}

/**
 * A surveyor's pipe file: a polyline shapefile in CGCS2000 3° zone 40 (EPSG:4528, zone number in
 * the easting) without .prj. Written as a polygon layer and made a polyline one: the record
 * layouts are the same, only the shape type differs (5 → 3).
 */
async function pipeShapefileWithoutPrj(): Promise<Buffer> {
  const zip = await writeShapefileZip([{ geometry: PARCEL, properties: { 名称: '测绘给水管', 类型: '给水' } }], { crs: crsFromEpsg(4528)!, baseName: 'gx' });
  const entries = await readZipEntries(zip, (n) => !n.endsWith('.prj'), { maxUncompressedBytes: 1e8, maxEntries: 100 });
  const shp = Buffer.from(entries.get('gx.shp')!);
  const shx = Buffer.from(entries.get('gx.shx')!);
  shp.writeInt32LE(3, 32);
  shp.writeInt32LE(3, 108);
  shx.writeInt32LE(3, 32);
  return buildZip({ ...Object.fromEntries(entries), 'gx.shp': shp, 'gx.shx': shx });
}

/** GDAL's reprojection of the file read as EPSG:4528, to CGCS2000 lon-lat. */
function gdal(zip: Buffer): Position[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-gis-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.zip'), zip);
    const out = path.join(dir, 'out.geojson');
    const run = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '-s_srs', 'EPSG:4528', '-t_srs', 'EPSG:4490', out, `/vsizip/${path.join(dir, 'in.zip')}`], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return polygonsOf((JSON.parse(fs.readFileSync(out, 'utf8')) as { features: { geometry: ParcelGeometry }[] }).features[0].geometry)[0][0];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("surveyors' files import through the parcel editor", () => {
  const { server, browser } = useServerAndBrowser();

  /** Signs in, starts a new parcel and opens its 从文件导入地块边界 dialog. */
  async function openGeometryImport(page: Page) {
    await signIn(page, server);
    await page.goto(`${server.url}/managementSystem/land`);
    await page.getByTestId('parcel-add').click();
    const editor = page.getByTestId('parcel-editor');
    // At phone width the editor's title sits off screen: its import button is what counts.
    await editor.getByTestId('map-import').click();
    const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '从文件导入地块边界' }) });
    await modal.waitFor();
    return { editor, modal };
  }

  for (const width of [1280, 412]) {
    it(`a shapefile without .prj: the dialog asks for the coordinate system and shows the result on the map before it is used (${width} px)`, async () => {
      const { page } = await browser.newPage({ viewport: { width, height: 900 } });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const { editor, modal } = await openGeometryImport(page);

      const zip = await shapefileWithoutPrj();
      const answers: ParcelGeometry[] = [];
      page.on('response', (res) => {
        if (!res.url().includes('/fileToGeoJson') || res.status() !== 200) return;
        void res.json().then((b: { data: { features: { geometry: ParcelGeometry }[] } }) => answers.push(b.data.features[0].geometry));
      });
      await modal.locator('input[type=file]').setInputFiles({ name: 'zd.zip', mimeType: 'application/zip', buffer: zip });
      const readings = modal.getByTestId('crs-readings');
      await readings.getByText('缺少 .prj 文件，无法确定坐标系，请选择文件所用的坐标系').waitFor();
      // The likeliest reading first and already selected: CGCS2000 3° zone 40 with the zone number.
      const first = readings.locator('.ant-radio-wrapper').first();
      await expect.poll(() => first.textContent()).toMatch(/^CGCS2000 3度带.*第40带.*EPSG:4528/);
      expect(await first.locator('input').isChecked()).toBe(true);
      // Nothing can be used yet.
      expect(await page.getByTestId('import-geometry-ok').isDisabled()).toBe(true);
      await screenshot(page, `import-ux-gis-readings-${width}`);

      await readings.getByTestId('crs-reading-apply').click();
      await modal.getByText(/（已选）/).waitFor();
      await modal.getByTestId('import-geometry-map').locator('canvas').first().waitFor();
      await expect.poll(() => answers.length).toBe(1);
      // What the dialog shows is GDAL's reprojection of the file read in that system.
      const ours = polygonsOf(answers[0])[0][0];
      for (const p of gdal(zip)) expect(Math.min(...ours.map((q) => haversineMeters(p, q)))).toBeLessThan(0.01);
      await modal.getByTestId('import-geometry-map').scrollIntoViewIfNeeded();
      await screenshot(page, `import-ux-gis-map-${width}`);

      // Nothing is saved until the clerk uses the shape and saves the parcel.
      await page.getByTestId('import-geometry-ok').click();
      await modal.waitFor({ state: 'hidden' });
      await editor.getByTestId('geometry-area').waitFor();
      expect(pageErrors).toEqual([]);
    });

    it(`a pipe file without .prj: 导入管网 offers the coordinate systems, likeliest first, and imports with the one chosen (${width} px)`, async () => {
      const { page } = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, server);
      await page.goto(`${server.url}/managementSystem/land`);
      await page.getByTestId('parcel-table').locator('tbody tr.ant-table-row').first().getByTestId('row-edit').click();
      const editor = page.getByTestId('parcel-editor');
      const tabs = editor.getByTestId('parcel-records-tabs');
      // On a phone the tab may sit beyond the tab bar's visible part: a click event on the tab
      // itself, as the overflow menu's entry would give.
      const pipeTab = tabs.getByRole('tab', { name: '管网' });
      await pipeTab.waitFor({ state: 'attached' });
      await pipeTab.dispatchEvent('click');
      await expect.poll(() => tabs.locator('.ant-tabs-tab-active').first().textContent()).toBe('管网');
      await tabs.getByTestId('pipe-import').click();
      const modal = page.getByTestId('pipe-import-modal').locator('.ant-modal');
      await modal.waitFor();
      // No free-text EPSG field any more: the file says what it needs.
      expect(await modal.getByText('EPSG 代码').count()).toBe(0);
      await modal.locator('input[type=file]').setInputFiles({ name: 'gx.zip', mimeType: 'application/zip', buffer: await pipeShapefileWithoutPrj() });
      await modal.getByTestId('pipe-import-submit').click();
      const readings = modal.getByTestId('crs-readings');
      await readings.getByText('缺少 .prj 文件，无法确定坐标系，请选择文件所用的坐标系').waitFor();
      const first = readings.locator('.ant-radio-wrapper').first();
      await expect.poll(() => first.textContent()).toMatch(/^CGCS2000 3度带.*第40带.*EPSG:4528/);
      expect(await first.locator('input').isChecked()).toBe(true);
      await screenshot(page, `import-ux-pipe-readings-${width}`);
      await readings.getByTestId('crs-reading-apply').click();
      await page.locator('.ant-notification').getByText(/导入成功：共1条管线/).waitFor();
      await modal.waitFor({ state: 'hidden' });
      await tabs.getByText('测绘给水管').first().waitFor();
    });

    it(`a ring that crosses itself: the dialog offers the repair and shows the area before and after (${width} px)`, async () => {
      const { page } = await browser.newPage({ viewport: { width, height: 900 } });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const { modal } = await openGeometryImport(page);
      const bowTie = { type: 'Polygon', coordinates: [[[120.1, 30.1], [120.11, 30.11], [120.11, 30.1], [120.1, 30.11], [120.1, 30.1]]] };
      const file = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { DKMC: '交叉地块' }, geometry: bowTie }] });
      await modal.locator('input[type=file]').setInputFiles({ name: 'bow.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(file) });
      await modal.getByText('第1个环自相交').first().waitFor();
      const offer = modal.getByTestId('import-geometry-repairable');
      await offer.waitFor();
      await offer.getByTestId('import-geometry-repair').click();
      const report = modal.getByTestId('import-geometry-repaired');
      await report.waitFor();
      const text = (await report.textContent()) ?? '';
      const [before, after] = [...text.matchAll(/修复[前后] ([\d,.]+) ㎡/g)].map((m) => Number(m[1].replace(/,/g, '')));
      expect(before).toBeLessThan(1000);
      expect(after).toBeGreaterThan(500_000);
      await modal.getByTestId('import-geometry-map').locator('canvas').first().waitFor();
      await modal.getByTestId('import-geometry-map').scrollIntoViewIfNeeded();
      await screenshot(page, `import-ux-gis-repaired-${width}`);
      expect(await page.getByTestId('import-geometry-ok').isDisabled()).toBe(false);
      expect(pageErrors).toEqual([]);
    });
  }
});
