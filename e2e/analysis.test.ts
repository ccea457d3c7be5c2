import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, allowConsoleErrors, axeProblems, launchBrowser, screenshot, startServer, touchscreen, type BrowserSession, type RunningServer } from './harness';

const NEW_PASSWORD = 'Changed@2024';
const CHARTS = ['district', 'class', 'map', 'status', 'supply', 'deals', 'price', 'topVisited'];

/** Whether a canvas has drawn pixels: enough of them neither transparent nor white. */
async function canvasIsDrawn(card: Locator): Promise<boolean> {
  return card.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0 || canvas.height === 0) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4 * 7) {
      if (data[i + 3] > 0 && (data[i] < 235 || data[i + 1] < 235 || data[i + 2] < 235)) drawn += 1;
    }
    return drawn > 200;
  });
}

async function waitDrawn(card: Locator): Promise<void> {
  await card.locator('canvas').first().waitFor();
  const deadline = Date.now() + 15_000;
  while (!(await canvasIsDrawn(card))) {
    if (Date.now() > deadline) throw new Error(`chart ${await card.getAttribute('data-testid')} stayed blank`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const canvasPicture = (card: Locator) => card.locator('canvas').first().evaluate((c: HTMLCanvasElement) => c.toDataURL());

/** The number a headline card shows (1.23万 → 12300). */
async function headline(page: Page, key: string): Promise<number> {
  const text = (await page.getByTestId(`stat-${key}`).locator('.ant-statistic-content-value').innerText()).replace(/,/g, '').trim();
  const m = /^([\d.]+)(万|亿)?$/.exec(text);
  if (!m) throw new Error(`headline ${key} shows "${text}"`);
  return Number(m[1]) * (m[2] === '亿' ? 1e8 : m[2] === '万' ? 1e4 : 1);
}

describe('statistics screen in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    // Visits are counted by the public site one visitor at a time; the demo has none yet, so a
    // few published parcels get theirs here, as months of visitors would have left them.
    const db = new SQLite(path.join(server.dataDir, 'land.db'));
    db.pragma('busy_timeout = 5000');
    const ids = db.prepare("select id from t_landinfo where status = 'published' order by dkbh limit 12").all() as { id: string }[];
    const visit = db.prepare('update t_landinfo set visitcount = ? where id = ?');
    ids.forEach((r, i) => visit.run(240 - i * 17, r.id));
    db.close();
    // The first password is changed here (foundation.test.ts covers that dialog), so the
    // browser signs in straight to the screen, on a retry too.
    const login = await (await fetch(`${server.url}/openApi/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userAccount: 'admin', password: ADMIN_PASSWORD }) })).json();
    const changed = await fetch(`${server.url}/api/tUser/updatePassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: login.data.token },
      body: JSON.stringify({ oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD }),
    });
    expect((await changed.json()).code).toBe('200');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openScreen(width = 1600): Promise<Page> {
    const { page } = await browser.newPage({ viewport: { width, height: 1000 } });
    return signInTo(page);
  }

  async function signInTo(page: Page): Promise<Page> {
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/managementSystem/analysis');
    return page;
  }

  it('draws every chart, follows the district filter and exports a chart as PNG and Excel', async () => {
    const page = await openScreen();

    // Headline figures of the whole zone.
    await page.getByTestId('analysis-headline').waitFor();
    const all = { parcels: await headline(page, 'parcels'), area: await headline(page, 'area'), published: await headline(page, 'published'), dealt: await headline(page, 'dealt') };
    for (const [key, value] of Object.entries(all)) expect(value, key).toBeGreaterThan(0);
    expect(await headline(page, 'consulting')).toBeGreaterThan(0);
    expect(await page.getByTestId('stat-dealt').innerText()).toMatch(/成交金额 [\d.]+(万|亿)?元/);

    // Every chart is drawn.
    for (const id of CHARTS) {
      const card = page.getByTestId(`chart-${id}`);
      await card.scrollIntoViewIfNeeded();
      await waitDrawn(card);
    }
    await page.getByTestId('chart-district').scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-all');

    // Drill into the largest land class (the first sector, just clockwise of 12 o'clock, in the
    // middle of the ring between 40% and 68% of the radius) and back.
    const classCard = page.getByTestId('chart-class');
    const box = (await classCard.locator('canvas').first().boundingBox())!;
    const radius = Math.min(box.width, box.height) / 2;
    const angle = (8 * Math.PI) / 180;
    await page.mouse.click(box.x + box.width / 2 + Math.sin(angle) * radius * 0.54, box.y + box.height * 0.56 - Math.cos(angle) * radius * 0.54);
    await classCard.getByTestId('class-back').waitFor();
    await expect.poll(() => classCard.locator('.ant-card-head-title').innerText()).toMatch(/^土地用途构成 · .+/);
    await waitDrawn(classCard);
    await classCard.getByTestId('class-back').click();
    await expect.poll(() => classCard.locator('.ant-card-head-title').innerText()).toBe('土地用途构成');

    // One district: the headline shrinks, the district chart redraws with one bar.
    const districtBefore = await canvasPicture(page.getByTestId('chart-district'));
    await page.getByTestId('analysis-district').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.nth(1).waitFor();
    const districtName = (await options.nth(1).innerText()).trim();
    await options.nth(1).click();
    await expect.poll(() => page.url()).toContain('areacode=');
    await expect.poll(() => headline(page, 'parcels'), { timeout: 15_000 }).toBeLessThan(all.parcels);
    expect(await headline(page, 'parcels')).toBeGreaterThan(0);
    expect(await page.getByText(`全部时间 · ${districtName}`).count()).toBe(1);
    await expect.poll(() => canvasPicture(page.getByTestId('chart-district')), { timeout: 15_000 }).not.toBe(districtBefore);
    await waitDrawn(page.getByTestId('chart-district'));

    // PNG of the deals chart.
    const deals = page.getByTestId('chart-deals');
    await deals.scrollIntoViewIfNeeded();
    await waitDrawn(deals);
    const [png] = await Promise.all([page.waitForEvent('download'), deals.getByRole('button', { name: '导出图片' }).click()]);
    expect(png.suggestedFilename()).toBe('统计分析-土地成交情况.png');
    const pngBytes = fs.readFileSync((await png.path())!);
    expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');
    expect(pngBytes.length).toBeGreaterThan(5000);

    // Excel of the same chart, with the district written above the figures.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), deals.getByRole('button', { name: '导出Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toBe('统计分析-土地成交情况.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await xlsx.path())!);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('土地成交情况');
    expect(ws.getRow(2).getCell(1).value).toBe(`统计期间：全部；片区：${districtName}`);
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual(['季度', '成交宗数', '成交面积（㎡）', '成交面积（亩）', '成交金额（万元）']);
    expect(ws.rowCount).toBeGreaterThan(3);

    // A period with the preset 本年.
    await page.getByPlaceholder('开始日期').click();
    await page.locator('.ant-picker-presets').getByText('本年', { exact: true }).click();
    await expect.poll(() => page.url()).toContain(`startDate=${new Date().getFullYear()}-01-01`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText(`${new Date().getFullYear()}-01-01 至 ${new Date().getFullYear()}-12-31 · ${districtName}`).count()).toBe(1);
    await page.getByTestId('analysis-headline').waitFor();
    await screenshot(page, 'analysis-district');
  });

  it('a disabled district whose parcels the figures count can be chosen (已停用), and an address naming it shows its name', async () => {
    const page = await openScreen(1440);
    await page.getByTestId('analysis-headline').waitFor();
    await page.getByTestId('analysis-district').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toContain('高铁新城（已停用）');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/managementSystem/analysis?areacode=LJ06`);
    await expect.poll(() => page.getByTestId('analysis-district').innerText()).toContain('高铁新城（已停用）');
    await page.getByText('全部时间 · 高铁新城（已停用）').waitFor();
    await expect.poll(() => headline(page, 'parcels'), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('the district map lets the page scroll past it (the wheel, one finger) and zooms with Ctrl, its buttons or two fingers', async () => {
    // How far the screen has scrolled (the content pane scrolls, not the window).
    const scrolled = (page: Page) => page.evaluate(() => window.scrollY + (document.querySelector('main')?.scrollTop ?? 0));

    // A mouse: the wheel over the map scrolls the page and leaves the map as it was; Ctrl+wheel
    // zooms it; 复位 brings the first view back.
    const page = await openScreen(1440);
    const card = page.getByTestId('chart-map');
    await card.scrollIntoViewIfNeeded();
    await waitDrawn(card);
    const chart = card.locator('[data-chart]');
    const box = (await chart.boundingBox())!;
    const away = async () => {
      await page.mouse.move(box.x + box.width / 2, 5);
      await page.waitForTimeout(400);
    };
    await away();
    const first = await canvasPicture(card);
    const top = await scrolled(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 240);
    await expect.poll(() => scrolled(page)).toBeGreaterThan(top);
    await away();
    expect(await canvasPicture(card)).toBe(first);
    const box2 = (await chart.boundingBox())!;
    await page.mouse.move(box2.x + box2.width / 2, box2.y + box2.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -240);
    await page.keyboard.up('Control');
    await away();
    await expect.poll(() => canvasPicture(card)).not.toBe(first);
    await card.getByRole('button', { name: '复位' }).click();
    await away();
    await expect.poll(() => canvasPicture(card)).toBe(first);
    await page.context().close();

    // A phone: a finger drawn up over the map scrolls the page, the map stays; 放大 and two
    // fingers zoom it, 复位 brings it back; a tap names a district.
    const context = await browser.browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    try {
      const phone = await signInTo(await context.newPage());
      const phoneCard = phone.getByTestId('chart-map');
      await phoneCard.scrollIntoViewIfNeeded();
      await waitDrawn(phoneCard);
      const phoneChart = (await phoneCard.locator('[data-chart]').boundingBox())!;
      const seen = await canvasPicture(phoneCard);
      const before = await scrolled(phone);
      const fingers = await touchscreen(phone);
      const x = Math.round(phoneChart.x + phoneChart.width / 2);
      const y = Math.round(phoneChart.y + phoneChart.height * 0.8);
      await fingers.swipe([{ x, y }], [{ x, y: y - 200 }], 10);
      await expect.poll(() => scrolled(phone)).toBeGreaterThan(before + 100);
      expect(await canvasPicture(phoneCard)).toBe(seen);
      await phoneCard.scrollIntoViewIfNeeded();
      await phoneCard.getByRole('button', { name: '放大' }).click();
      await expect.poll(() => canvasPicture(phoneCard)).not.toBe(seen);
      await phoneCard.getByRole('button', { name: '复位' }).click();
      await expect.poll(() => canvasPicture(phoneCard)).toBe(seen);
      // Two fingers spread apart zoom it.
      const mid = await phoneCard.locator('[data-chart]').boundingBox();
      const cx = Math.round(mid!.x + mid!.width / 2);
      const cy = Math.round(mid!.y + mid!.height / 2);
      await fingers.swipe([{ x: cx - 20, y: cy }, { x: cx + 20, y: cy }], [{ x: cx - 100, y: cy }, { x: cx + 100, y: cy }], 10);
      await expect.poll(() => canvasPicture(phoneCard)).not.toBe(seen);
      await phoneCard.getByRole('button', { name: '复位' }).click();
      await expect.poll(() => canvasPicture(phoneCard)).toBe(seen);
      // A tap names the district and its figures.
      await phone.touchscreen.tap(cx, cy);
      await expect.poll(() => phoneCard.locator('[data-chart]').innerText()).toContain('可供面积');
      await screenshot(phone, 'analysis-map-412');
    } finally {
      await context.close();
    }
  });

  // The figures' calls or the chart library failing showed 暂无数据 in every chart (as if the
  // zone had no parcels) and skeletons for ever in the headline, with the rejections unhandled.
  it('says when the figures or the chart library could not load, and one 重试 draws them all', async () => {
    const page = await openScreen(1440);
    await page.getByTestId('analysis-headline').waitFor();
    allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /网络连接失败/);
    const calls = /\/api\/(statistics\/|tLandinfo\/statisticsDk)/;
    await page.route(calls, (route) => route.abort('internetdisconnected'));
    await page.reload();
    const failedHeadline = page.getByTestId('analysis-headline-failed');
    await failedHeadline.waitFor();
    expect(await failedHeadline.textContent()).toContain('统计数据加载失败');
    for (const id of CHARTS) {
      const failed = page.getByTestId(`chart-${id}-failed`);
      await failed.waitFor();
      expect(await failed.textContent(), id).toContain('数据加载失败');
    }
    expect(await page.getByText('暂无数据').count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, 'analysis-calls-failed');
    await page.unroute(calls);
    await page.getByTestId('chart-status-failed').getByRole('button', { name: '重试' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    for (const id of CHARTS) {
      const card = page.getByTestId(`chart-${id}`);
      await card.scrollIntoViewIfNeeded();
      await waitDrawn(card);
    }
    expect(await page.locator('[data-testid$="-failed"]').count()).toBe(0);

    // ECharts is its own file, loaded with the first chart.
    const library = '**/assets/echarts-*.js';
    await page.route(library, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByTestId('analysis-headline').waitFor();
    for (const id of CHARTS) {
      const failed = page.getByTestId(`chart-${id}-failed`);
      await failed.waitFor();
      expect(await failed.textContent(), id).toContain('图表加载失败');
    }
    await page.unroute(library);
    await page.getByTestId('chart-district-failed').getByRole('button', { name: '重试' }).click();
    for (const id of CHARTS) {
      const card = page.getByTestId(`chart-${id}`);
      await card.scrollIntoViewIfNeeded();
      await waitDrawn(card);
    }
    expect(await page.locator('[data-testid$="-failed"]').count()).toBe(0);
  });
});
