/**
 * Layouts hold from 320 px to 1920 px wide (issue 15, item 12): no public or mobile page scrolls
 * sideways (a table scrolling inside its own box is fine), cuts the hint of a search box, cuts a
 * text with an ellipsis to fewer than ten characters, squeezes a text into a column of a few
 * characters or breaks a date over two lines (with the compare tray filled); the home page's headings, figures and cards never lie on one another, the
 * public header's items never run into the account links, and at 1440 px every back-office list
 * shows each data column header uncovered by the fixed 操作 column, at rest or by the table's own
 * horizontal scroll, and at 412 px every list's search form lines its inputs up, each to the
 * form's edge. The back office's read-only views (a parcel's 详情, an audit entry) squeeze no
 * text at 412, 1200 and 1440 px; in the public header the current page's item is in view, and no
 * list drops from a row that scrolls.
 *
 * The default headless user agent is a desktop one, so / and /index (which send phones to
 * /mobileindex on purpose) stay themselves at narrow widths; the mobile pages work under any agent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { brokenDates, cutPlaceholders, orphanedLabels, raggedSearchForms, screenshot, shortEllipses, signIn, squeezedTexts, useServerAndBrowser } from './harness';
import { sampleIds, sampleRoutes, type SampleRoute } from './sample-routes';

const WIDTHS = [320, 412, 768, 1440, 1920];

/** Opens a path and waits for its data (no request in flight, no spinner left). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(200);
}

/**
 * How far the page is wider than the window, and the elements where that starts: those that stick
 * out while their parent does not, outside any box that clips or scrolls them.
 */
function pageOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const overflow = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth;
    const culprits: string[] = [];
    if (overflow > 0) {
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
        return false;
      };
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        const parent = el.parentElement?.getBoundingClientRect();
        if (box.width === 0 || box.right <= window.innerWidth + 0.5 || (parent && parent.right > window.innerWidth + 0.5) || clipped(el)) continue;
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
        culprits.push(`<${el.tagName.toLowerCase()} class="${cls}"> right ${Math.round(box.right)} px, "${(el.textContent ?? '').trim().slice(0, 20)}"`);
      }
    }
    return { overflow, culprits: culprits.slice(0, 4) };
  });
}

/** Pairs of boxes on the page that overlap although neither holds the other. */
function overlaps(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const els = Array.from(document.querySelectorAll(sel)).filter((e) => e.getClientRects().length > 0);
    const name = (e: Element) => `<${e.tagName.toLowerCase()}> "${(e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 16)}"`;
    const found: string[] = [];
    for (let i = 0; i < els.length; i++) {
      for (let j = i + 1; j < els.length; j++) {
        const [a, b] = [els[i], els[j]];
        if (a.contains(b) || b.contains(a)) continue;
        const r = a.getBoundingClientRect();
        const s = b.getBoundingClientRect();
        const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (w > 1 && h > 1) found.push(`${name(a)} and ${name(b)} overlap by ${Math.round(w)}×${Math.round(h)} px`);
      }
    }
    return found;
  }, selector);
}

/** The public header's navigation items and its account links never share pixels. */
const HEADER_PARTS = 'header nav[aria-label="网站导航"] > ul > li, header [data-testid="visitor-menu"], header a[href*="login"], header a, header button';
/** The home page's headings, figures, quick entries and cards. */
const HOME_PARTS = 'main h1, main h2, [data-testid="home-stats"] > a, main [data-testid^="home-section"], main section a, main div > a[href]';

describe('layouts from 320 px to 1920 px', () => {
  const { server, browser } = useServerAndBrowser();
  let routes: SampleRoute[] = [];
  let parcels: string[] = [];

  beforeAll(async () => {
    const ids = await sampleIds(server.url);
    routes = sampleRoutes(ids);
    parcels = ids['plotContrastTable/:plotList'].split(',');
  });

  for (const width of WIDTHS) {
    it(`no public or mobile page scrolls sideways, cuts a search hint, cuts a text to a few characters, squeezes one into a narrow column, leaves one character of a label alone or breaks a date at ${width} px`, { timeout: 600_000 }, async () => {
      const { page, context } = await browser.newPage({ viewport: { width, height: 900 } });
      const failures: string[] = [];
      try {
        // Two parcels in the compare tray, so that every page is checked with the tray showing.
        for (const id of parcels.slice(0, 2)) {
          await open(page, `${server.url}/mapMoreDetails/${id}`);
          await page.getByTestId('compare-button').first().click();
          await page.getByTestId('compare-button').first().getByText('已加入对比').waitFor();
        }
        for (const route of routes.filter((r) => r.kind !== 'management' && r.pattern !== '/login')) {
          await open(page, `${server.url}${route.path}`);
          const { overflow, culprits } = await pageOverflow(page);
          if (overflow > 0) failures.push(`${route.path}: ${overflow} px wider than the window\n    ${culprits.join('\n    ')}`);
          const hints = await cutPlaceholders(page);
          if (hints.length > 0) failures.push(`${route.path}: search hint cut short: ${hints.join(', ')}`);
          const cut = await shortEllipses(page);
          if (cut.length > 0) failures.push(`${route.path}: text cut to a few characters: ${cut.slice(0, 3).join('; ')}`);
          const squeezed = await squeezedTexts(page);
          if (squeezed.length > 0) failures.push(`${route.path}: text squeezed into a narrow column: ${squeezed.slice(0, 3).join('; ')}`);
          const orphans = await orphanedLabels(page);
          if (orphans.length > 0) failures.push(`${route.path}: a short text broken with one character alone: ${orphans.slice(0, 3).join('; ')}`);
          const dates = await brokenDates(page);
          if (dates.length > 0) failures.push(`${route.path}: date broken over two lines: ${dates.slice(0, 3).join(', ')}`);
          if (route.kind === 'public') {
            const header = await page.evaluate((sel) => {
              const navItems = Array.from(document.querySelectorAll('header nav[aria-label="网站导航"] > ul > li')).filter((e) => e.getClientRects().length > 0);
              const others = Array.from(document.querySelectorAll(sel)).filter((e) => e.getClientRects().length > 0 && !e.closest('nav'));
              const hits: string[] = [];
              for (const n of navItems) {
                const r = n.getBoundingClientRect();
                for (const o of others) {
                  if (o.contains(n) || n.contains(o)) continue;
                  const s = o.getBoundingClientRect();
                  if (Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1) hits.push(`"${n.textContent?.trim()}" under "${o.textContent?.trim().slice(0, 10)}"`);
                }
              }
              return hits;
            }, HEADER_PARTS);
            if (header.length > 0) failures.push(`${route.path}: header items overlap: ${header.slice(0, 3).join(', ')}`);
            // The current page's item is in view in the header's row (on a phone the row scrolls),
            // and where the row scrolls every page stands in it: a list dropping from it is cut off.
            const nav = await page.evaluate(() => {
              const row = document.querySelector('header nav[aria-label="网站导航"]');
              if (!row) return { current: 'no navigation', scrolls: false, dropdowns: 0 };
              const drawn = (e: Element) => e.getClientRects().length > 0;
              const item = Array.from(row.querySelectorAll('[aria-current="page"]')).find(drawn);
              const [n, r] = [row.getBoundingClientRect(), item?.getBoundingClientRect()];
              const current = r && (r.left < n.left - 1 || r.right > n.right + 1) ? `"${item!.textContent}" at ${Math.round(r.left)}–${Math.round(r.right)} px, the row shows ${Math.round(n.left)}–${Math.round(n.right)} px` : '';
              const scrolls = getComputedStyle(row).overflowX !== 'visible';
              return { current, scrolls, dropdowns: Array.from(row.querySelectorAll('[aria-haspopup]')).filter(drawn).length };
            });
            if (nav.current) failures.push(`${route.path}: the current page's menu item is out of view: ${nav.current}`);
            if (nav.scrolls && nav.dropdowns > 0) failures.push(`${route.path}: a menu drops from a row that scrolls (its list is cut off)`);
          }
        }
      } finally {
        await context.close();
      }
      expect(failures.join('\n')).toBe('');
    });
  }

  it('the home page: headings, figures and cards never overlap, at every width', { timeout: 120_000 }, async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const failures: string[] = [];
    try {
      await open(page, `${server.url}/home`);
      for (const width of [...WIDTHS, 360, 576, 992, 1200]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        const found = await overlaps(page, HOME_PARTS);
        if (found.length > 0) failures.push(`${width} px: ${found.slice(0, 4).join('; ')}`);
        if (width === 412 || width === 1440) await screenshot(page, `layout-home-${width}`);
      }
    } finally {
      await context.close();
    }
    expect(failures.join('\n')).toBe('');
  });

  it('the home page title never leaves one character on a line of its own nor breaks inside a phrase, nor the hot words one word, at every width', { timeout: 120_000 }, async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const failures: string[] = [];
    try {
      await open(page, `${server.url}/home`);
      for (const width of [...WIDTHS, 360, 390, 576, 992, 1200]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        // Characters per rendered line of the h1 (each character's box, grouped by its top).
        const lines = await page.evaluate(() => {
          const h1 = document.querySelector('h1');
          if (!h1) return [];
          const tops = new Map<number, number>();
          const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let i = 0; i < text.length; i++) {
              if (!text[i].trim()) continue;
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              tops.set(top, (tops.get(top) ?? 0) + 1);
            }
          }
          return [...tops.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
        });
        if (lines.length === 0) failures.push(`${width} px: no h1`);
        else if (lines.length > 1 && lines.some((n) => n === 1)) failures.push(`${width} px: lines of ${lines.join(', ')} characters`);
        // The title and the subtitle break between their phrases (临江经济技术开发区 | 土地信息平台;
        // balanced, the title broke as 临江经济技术开 | 发区土地信息平台 at every phone width), and
        // no line starts with the subtitle's separator.
        const broken = await page.evaluate(() => {
          const out: string[] = [];
          for (const id of ['home-title', 'home-subtitle']) {
            const phrases = Array.from(document.querySelectorAll(`[data-testid="${id}"] > span`));
            if (phrases.length < 2) out.push(`${id}: ${phrases.length} phrase(s)`);
            for (const phrase of phrases) {
              const range = document.createRange();
              range.selectNodeContents(phrase);
              const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
              if (tops.size > 1) out.push(`${id}: “${phrase.textContent}” broken over ${tops.size} lines`);
              if (/^[·•|｜]/.test(phrase.textContent ?? '')) out.push(`${id}: a line starts with “${phrase.textContent}”`);
            }
          }
          return out;
        });
        for (const b of broken) failures.push(`${width} px: ${b}`);
        // The hot words under the search box: nor one of them alone on a line below the others.
        const words = await page.evaluate(() => {
          const tops = new Map<number, number>();
          for (const a of Array.from(document.querySelectorAll('[data-testid="home-hot-words"] a'))) {
            const top = Math.round(a.getBoundingClientRect().top);
            tops.set(top, (tops.get(top) ?? 0) + 1);
          }
          return [...tops.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
        });
        if (words.length === 0) failures.push(`${width} px: no hot words`);
        else if (words.length > 1 && Math.max(...words) - Math.min(...words) > 1) failures.push(`${width} px: hot words in lines of ${words.join(', ')}`);
      }
    } finally {
      await context.close();
    }
    expect(failures.join('\n')).toBe('');
  });

  it('at 412 px no back-office screen squeezes a text into a narrow column, leaves one character of a label alone or lays its search form out raggedly', { timeout: 600_000 }, async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 900 } });
    const failures: string[] = [];
    try {
      await signIn(page, server);
      for (const route of routes.filter((r) => r.kind === 'management')) {
        await open(page, `${server.url}${route.path}`);
        await page.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
        const found = [...(await squeezedTexts(page)), ...(await orphanedLabels(page)), ...(await raggedSearchForms(page))];
        if (found.length > 0) failures.push(`${route.path}: ${found.slice(0, 3).join('; ')}`);
      }
    } finally {
      await context.close();
    }
    expect(failures.join('\n')).toBe('');
  });

  it('at 1440 px every back-office list shows its data column headers uncovered by the fixed 操作 column', { timeout: 600_000 }, async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const failures: string[] = [];
    let lists = 0;
    try {
      await signIn(page, server);
      for (const route of routes.filter((r) => r.kind === 'management')) {
        await open(page, `${server.url}${route.path}`);
        if ((await page.locator('.ant-table-wrapper').count()) === 0) continue;
        lists += 1;
        // Each header, scrolled by the table's own scroll to just right of the left-fixed columns
        // (as far as the scroll goes), must not lie under the sticky 操作 column at its left edge or
        // its centre.
        const covered = await page.evaluate(async () => {
          const table = document.querySelector('.ant-table-wrapper')!;
          const row = table.querySelector('thead tr')!;
          const headers = Array.from(row.querySelectorAll<HTMLTableCellElement>('th')).filter(
            (th) => !/ant-table-cell-fix-(left|right)|ant-table-selection-column|ant-table-row-expand-icon-cell/.test(th.className) && (th.textContent ?? '').trim() !== '',
          );
          const leftFixed = Array.from(row.querySelectorAll<HTMLElement>('th.ant-table-cell-fix-left')).reduce((w, th) => w + th.offsetWidth, 0);
          const problems: string[] = [];
          for (const th of headers) {
            // With a sticky header the header row scrolls with the body (antd keeps them in step).
            for (const scroller of Array.from(table.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-header'))) scroller.scrollLeft = th.offsetLeft - leftFixed;
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            th.scrollIntoView({ block: 'nearest' });
            const box = th.getBoundingClientRect();
            const y = box.top + box.height / 2;
            for (const x of [box.left + 6, box.left + box.width / 2]) {
              const seen = document.elementFromPoint(x, y);
              const cover = seen?.closest('.ant-table-cell-fix-right');
              if (cover && !th.contains(seen)) {
                problems.push(`"${th.textContent?.trim()}" covered by "${cover.textContent?.trim()}"`);
                break;
              }
            }
          }
          for (const s of Array.from(table.querySelectorAll('.ant-table-content, .ant-table-body, .ant-table-header'))) s.scrollLeft = 0;
          return problems;
        });
        if (covered.length > 0) {
          failures.push(`${route.path}: ${covered.join(', ')}`);
          await screenshot(page, `layout-covered-${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`);
        }
      }
    } finally {
      await context.close();
    }
    expect(lists).toBeGreaterThan(20);
    expect(failures.join('\n')).toBe('');
  });

  it('the back office\'s read-only views squeeze no text into a narrow column at 412, 1200 and 1440 px: a parcel\'s 详情 (beside its map), an audit entry, a question to answer', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    for (const width of [412, 1200, 1440]) {
      const { page, context } = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await signIn(page, server);
        await open(page, `${server.url}/managementSystem/landManagement_process`);
        await page.getByTestId('parcel-table').getByRole('button', { name: '详情' }).first().click();
        await page.getByTestId('parcel-detail').getByText('宗地编号').first().waitFor();
        await page.waitForTimeout(300);
        for (const found of [...(await squeezedTexts(page)), ...(await orphanedLabels(page, '[data-testid="parcel-detail"]'))]) failures.push(`${width} px, 地块详情: ${found}`);
        await screenshot(page, `layout-parcel-detail-${width}`);
        await page.keyboard.press('Escape');
        await open(page, `${server.url}/managementSystem/auditLog`);
        await page.getByTestId('audit-table').getByRole('button', { name: '查看' }).first().click();
        await page.locator('.ant-modal').filter({ hasText: '审计详情' }).getByText('操作人').waitFor();
        await page.waitForTimeout(300);
        for (const found of await squeezedTexts(page)) failures.push(`${width} px, 审计详情: ${found}`);
        for (const found of await orphanedLabels(page, '.ant-modal')) failures.push(`${width} px, 审计详情: ${found}`);
        await page.keyboard.press('Escape');
        // 回复 shows the question read-only above the answer.
        await open(page, `${server.url}/managementSystem/problem`);
        await page.getByTestId('entity-table').getByRole('button', { name: '回复' }).first().click();
        const question = page.getByTestId('consultation-question');
        await question.waitFor();
        await page.waitForTimeout(300);
        for (const found of [...(await squeezedTexts(page)), ...(await orphanedLabels(page, '[data-testid="consultation-question"]'))]) failures.push(`${width} px, 回复咨询: ${found}`);
      } finally {
        await context.close();
      }
    }
    expect(failures.join('\n')).toBe('');
  });

  for (const width of [412, 1440]) {
    it(`the compare tray never covers the contacts of a parcel's detail page or the page's end (${width} px)`, { timeout: 120_000 }, async () => {
      const { page, context } = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        for (const id of [parcels[1], parcels[0]]) {
          await open(page, `${server.url}/mapMoreDetails/${id}`);
          await page.getByTestId('compare-button').first().click();
        }
        // Phones start with the folded button; open the tray, the larger of the two.
        if (width < 576) await page.getByTestId('compare-fab').click();
        await page.getByTestId('compare-tray').waitFor();
        const phones = page.getByTestId('contacts').locator('a[href^="tel:"]');
        expect(await phones.count()).toBeGreaterThan(0);
        const coveredBy = (selector: string, block: ScrollLogicalPosition) =>
          page.evaluate(
            ([sel, where]) =>
              Array.from(document.querySelectorAll<HTMLElement>(sel)).flatMap((el) => {
                el.scrollIntoView({ block: where });
                const box = el.getBoundingClientRect();
                const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                return seen && el.contains(seen) ? [] : [`"${el.textContent?.trim()}" under <${seen?.tagName.toLowerCase()}> "${seen?.textContent?.trim().slice(0, 20)}"`];
              }),
            [selector, block] as const,
          );
        // At the window's bottom edge too: the page scrolls far enough to lift each above the tray.
        for (const block of ['center', 'end'] as const) {
          expect(await coveredBy('[data-testid="contacts"] a[href^="tel:"]', block), `contact phones scrolled to the ${block}`).toEqual([]);
          expect(await coveredBy('footer > :last-child', block), `the page's last line scrolled to the ${block}`).toEqual([]);
        }
        await phones.first().scrollIntoViewIfNeeded();
        await screenshot(page, `layout-compare-tray-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});
