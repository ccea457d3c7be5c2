/**
 * The accessibility and honesty sweep over every SPA route (issue 15): each page is opened in
 * Chromium, axe-core (WCAG 2.1 A/AA rules) runs inside it, and the page fails on any serious or
 * critical violation, on any console error or uncaught page error (unhandled promise rejections
 * included), and when its visible text shows a raw 26-character id or an English state word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MANAGEMENT_BASE, MANAGEMENT_SCREENS, PUBLIC_ROUTES, TOP_LEVEL_ROUTES } from '@land/shared/routes';
import { axeProblems, cutPlaceholders, launchBrowser, screenshot, signIn, startServer, type BrowserSession, type RunningServer } from './harness';

/** State and type words of the data model that must reach the screen in Chinese (GLOSSARY). */
const ENGLISH_STATE_WORDS = [
  'starting', 'pending', 'running', 'queued', 'sent', 'failed', 'succeeded', 'success', 'done', 'draft', 'published',
  'unpublished', 'listed', 'dealt', 'deleted', 'enabled', 'disabled', 'active', 'inactive', 'approved', 'rejected',
  'submitted', 'error', 'unread', 'read', 'true', 'false', 'null', 'undefined', 'NaN',
  // The parcel lifecycle's actions (audit summaries once read "地块“X”submit").
  'submit', 'passFirst', 'publish', 'reject', 'takeDown', 'republish', 'withdraw', 'transition', 'edit',
];
const STATE_WORD = new RegExp(`(?<![A-Za-z0-9_.@/-])(${ENGLISH_STATE_WORDS.join('|')})(?![A-Za-z0-9_@/-])`);
/** A ULID-like raw id: 26 characters of Crockford base 32 standing alone. */
const RAW_ID = /(?<![A-Za-z0-9])[0-9A-HJKMNP-TV-Z]{26}(?![A-Za-z0-9])/i;

interface SweepRoute {
  /** The route pattern as in packages/shared/src/routes.ts, absolute (e.g. '/tzggDetail/:id'). */
  pattern: string;
  /** The concrete path opened. */
  path: string;
  kind: 'management' | 'public' | 'top';
  viewport: { width: number; height: number };
  /** A step after the page has loaded whose result is checked too (a dialog opened). */
  then?: (page: Page) => Promise<void>;
}

interface Finding {
  pattern: string;
  path: string;
  problems: string[];
}

interface FocusStop {
  what: string;
  visible: boolean;
  indicator: boolean;
}

/**
 * Tabs through the page from its start until focus comes round again (or `limit` presses) and
 * answers each stop (is it on screen, does it show a focus outline or ring) and the interactive
 * elements on screen that no Tab reached.
 */
async function keyboardWalk(page: Page, limit = 250): Promise<{ stops: FocusStop[]; unreached: string[] }> {
  // Parts loaded when scrolled into view (maps, images) are there before the walk starts.
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    document.body.querySelectorAll('[data-kbd-reached]').forEach((e) => e.removeAttribute('data-kbd-reached'));
  });
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      if (el.hasAttribute('data-kbd-reached')) return 'again';
      el.setAttribute('data-kbd-reached', '');
      const box = el.getBoundingClientRect();
      const visible = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
      // The indicator may be on the element or drawn by a wrapper (antd's inputs ring their box).
      const ring = (e: Element) => {
        const cs = getComputedStyle(e);
        return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
      };
      const holder = el.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-switch');
      const indicator = ring(el) || (holder !== null && (ring(holder) || Array.from(holder.querySelectorAll('*')).some(ring)));
      const what = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)}"`;
      return { what, visible, indicator };
    });
    if (stop === 'again') break;
    if (stop) stops.push(stop);
  }
  const unreached = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]'))
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[aria-hidden="true"], [inert]'))
      .filter((e) => !e.hasAttribute('data-kbd-reached') && !e.querySelector('[data-kbd-reached]') && !e.closest('[data-kbd-reached]'))
      // A radio group and antd's roving lists are one Tab stop, entered with the arrow keys.
      .filter((e) => !(e instanceof HTMLInputElement && e.type === 'radio') && !e.closest('[role="tablist"], [role="menu"], [role="menubar"], [role="radiogroup"], .ant-table-tbody'))
      .map((e) => `<${e.tagName.toLowerCase()}> "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 20)}"`),
  );
  return { stops, unreached };
}

describe('accessibility sweep over every SPA route', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  const ids: Record<string, string> = {};

  async function openApi<T>(name: string, query: Record<string, string> = {}): Promise<T[]> {
    const res = await fetch(`${server.url}/openApi/${name}?${new URLSearchParams(query)}`);
    const body = (await res.json()) as { code: string; data: T[] | { list?: T[]; records?: T[] } };
    expect(body.code, `openApi/${name}`).toBe('200');
    const d = body.data;
    return Array.isArray(d) ? d : (d.list ?? d.records ?? []);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const parcels = await openApi<{ id: string }>('selectLandInfoList');
    ids.parcel = parcels[0].id;
    ids.parcels = parcels.slice(0, 2).map((p) => p.id).join(',');
    ids.listed = (await openApi<{ id: string }>('selectLandInfoByMoreGG', { pageNo: '1', pageSize: '1' }))[0]?.id ?? ids.parcel;
    ids.dealt = (await openApi<{ id: string }>('selectLandInfosJyxt', { pageNo: '1', pageSize: '1' }))[0]?.id ?? ids.parcel;
    ids.notice = (await openApi<{ id: string }>('getTzggList', { limit: '1' }))[0].id;
    ids.event = (await openApi<{ id: string }>('selectZshdByPage', { pageNo: '1', pageSize: '1' }))[0].id;
    ids.market = (await openApi<{ id: string }>('selectSecondMarketByPage', { pageNo: '1', pageSize: '1' }))[0].id;
    ids.district = (await openApi<{ areaname: string }>('getTAreaByPageList', { pageNo: '1', pageSize: '1' }))[0].areaname;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  function concrete(pattern: string): string {
    const value = ({
      'editZshd/:id': ids.event,
      'mapMoreDetails/:id': ids.parcel,
      'gkzzMoreDetails/:id': ids.parcel,
      'mapMoreGpggDetails/:id': ids.listed,
      'landTransactionDetails/:id': ids.dealt,
      'tzggDetail/:id': ids.notice,
      'plotContrastTable/:plotList': ids.parcels,
      'pqPositionDetail/:name': encodeURIComponent(ids.district),
      'search/:searchValue': encodeURIComponent('地块'),
      'secondMarketDetail/:id': ids.market,
      '/mobileMoreDetails/:id': ids.parcel,
      '/xcxmobileMoreDetails/:id': ids.parcel,
      '/mobileTzggDetail/:id': ids.notice,
    } as Record<string, string>)[pattern];
    return pattern.includes(':') ? pattern.replace(/:[A-Za-z]+$/, value) : pattern;
  }

  function routes(): SweepRoute[] {
    const desktop = { width: 1440, height: 900 };
    const phone = { width: 412, height: 915 };
    return [
      ...MANAGEMENT_SCREENS.map((s): SweepRoute => ({ pattern: `${MANAGEMENT_BASE}/${s.path}`, path: `${MANAGEMENT_BASE}/${concrete(s.path)}`, kind: 'management', viewport: desktop })),
      // The audit log of lifecycle transitions, with one entry's detail open: summaries and
      // changes in Chinese, no raw ids.
      {
        pattern: `${MANAGEMENT_BASE}/auditLog?action=transition`,
        path: `${MANAGEMENT_BASE}/auditLog?action=transition`,
        kind: 'management',
        viewport: desktop,
        then: async (page) => {
          const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
          await rows.first().waitFor();
          expect(await rows.filter({ hasText: '状态流转' }).count()).toBeGreaterThan(0);
          await rows.first().getByRole('button', { name: '查看' }).click();
          await page.getByTestId('audit-changes').getByText('状态').first().waitFor();
        },
      },
      ...PUBLIC_ROUTES.map((r): SweepRoute => ({ pattern: `/${r.path}`, path: `/${concrete(r.path)}`, kind: 'public', viewport: desktop })),
      ...TOP_LEVEL_ROUTES.map((r): SweepRoute => ({ pattern: r, path: concrete(r), kind: 'top', viewport: r.startsWith('/mobile') || r.startsWith('/xcx') ? phone : desktop })),
    ];
  }

  /** Opens one route and returns what is wrong with it. */
  async function check(page: Page, route: SweepRoute, errors: string[]): Promise<string[]> {
    errors.length = 0;
    await page.goto(`${server.url}${route.path}`);
    await page.waitForLoadState('networkidle');
    // Lazy screens and their first queries: wait until no loading spinner is left.
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 15_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    await route.then?.(page);
    const problems = await axeProblems(page);
    const outline = await page.evaluate(() => ({ h1: document.querySelectorAll('h1').length, main: document.querySelectorAll('main, [role="main"]').length }));
    if (outline.h1 !== 1) problems.push(`${outline.h1} h1 headings on the page, not one`);
    if (outline.main !== 1) problems.push(`${outline.main} main landmarks on the page, not one`);
    // antd names selection checkboxes in English ("Select all", "Select row 1") unless told otherwise.
    const englishLabels = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[aria-label]')).map((e) => e.getAttribute('aria-label') ?? '').filter((l) => /^(select all|select row|row \d+ selected|custom selection)/i.test(l)),
    );
    if (englishLabels.length > 0) problems.push(`English aria-label: "${englishLabels[0]}"`);
    // A value in a table's tag shows in full (a state or type cut to 租期到期… says nothing).
    const cutTags = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.ant-table-cell .ant-tag')).filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.textContent ?? ''),
    );
    if (cutTags.length > 0) problems.push(`tag cut short in a table: "${cutTags[0]}" (${cutTags.length} in all)`);
    // A hint in an empty box is read in full (项目名称、投资主体或… left the visitor guessing).
    const cutHints = await cutPlaceholders(page);
    if (cutHints.length > 0) problems.push(`placeholder cut short: "${cutHints[0]}" (${cutHints.length} in all)`);
    const text = await page.evaluate(() => document.body.innerText);
    const id = RAW_ID.exec(text);
    if (id) problems.push(`raw id on screen: ${id[0]}`);
    const word = STATE_WORD.exec(text);
    if (word) problems.push(`English word on screen: "${word[0]}" in "${text.slice(Math.max(0, word.index - 30), word.index + 30).replace(/\s+/g, ' ')}"`);
    problems.push(...errors.map((e) => `console/page error: ${e}`));
    return problems;
  }

  async function sweep(kind: SweepRoute['kind'][], signedIn: boolean): Promise<Finding[]> {
    const findings: Finding[] = [];
    const byViewport = new Map<string, SweepRoute[]>();
    for (const r of routes().filter((r) => kind.includes(r.kind))) {
      const key = `${r.viewport.width}x${r.viewport.height}`;
      byViewport.set(key, [...(byViewport.get(key) ?? []), r]);
    }
    for (const list of byViewport.values()) {
      const { page, context } = await browser.newPage({ viewport: list[0].viewport });
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      if (signedIn) await signIn(page, server);
      else await addToCompare(page);
      for (const route of list) {
        const problems = await check(page, route, errors);
        if (problems.length > 0) findings.push({ pattern: route.pattern, path: route.path, problems });
        await screenshot(page, `a11y-${route.path.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 60)}`);
      }
      await context.close();
    }
    return findings;
  }

  /**
   * Puts a parcel into the compare tray, so the public pages are checked with the tray showing and
   * the detail pages with their button in its 已加入对比 state (once about 1.2:1 contrast).
   */
  async function addToCompare(page: Page): Promise<void> {
    await page.goto(`${server.url}/mapMoreDetails/${ids.parcel}`);
    await page.getByTestId('compare-button').first().click();
    await page.getByTestId('compare-button').first().getByText('已加入对比').waitFor();
  }

  it('dialogs and drawers are clean inside: a back-office 新增 drawer, the public login dialog, the mobile filter sheet', { timeout: 180_000 }, async () => {
    const problems: string[] = [];
    const desk = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(desk.page, server);
      await desk.page.goto(`${server.url}${MANAGEMENT_BASE}/platform`);
      await desk.page.getByTestId('entity-add').click();
      await desk.page.getByTestId('entity-form-drawer').waitFor();
      await desk.page.waitForTimeout(300);
      problems.push(...(await axeProblems(desk.page, '[data-testid="entity-form-drawer"]')).map((p) => `新增 drawer: ${p}`));
      await screenshot(desk.page, 'a11y-dialog-drawer');
    } finally {
      await desk.context.close();
    }
    const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await addToCompare(visitor.page);
      await visitor.page.getByTestId('visitor-login-button').click();
      await visitor.page.getByTestId('visitor-auth-modal').waitFor();
      await visitor.page.waitForTimeout(300);
      problems.push(...(await axeProblems(visitor.page, '[data-testid="visitor-auth-modal"]')).map((p) => `login dialog: ${p}`));
      problems.push(...(await axeProblems(visitor.page, '[data-testid="compare-tray"]')).map((p) => `compare tray: ${p}`));
      await screenshot(visitor.page, 'a11y-dialog-login');
    } finally {
      await visitor.context.close();
    }
    const phone = await browser.newPage({ viewport: { width: 412, height: 915 } });
    try {
      await phone.page.goto(`${server.url}/mobileindex`);
      await phone.page.getByTestId('open-filters').click();
      await phone.page.getByTestId('filter-sheet-body').waitFor();
      await phone.page.waitForTimeout(300);
      problems.push(...(await axeProblems(phone.page, '[data-testid="filter-sheet-body"]')).map((p) => `mobile filter sheet: ${p}`));
      await screenshot(phone.page, 'a11y-dialog-filter-sheet');
    } finally {
      await phone.context.close();
    }
    expect(problems.join('\n')).toBe('');
  });

  it('a keyboard reaches everything on home, a parcel detail and a back-office list, with a visible focus at each stop', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    const walk = async (page: Page, name: string) => {
      const { stops, unreached } = await keyboardWalk(page);
      if (stops.length < 5) problems.push(`${name}: only ${stops.length} Tab stops`);
      for (const s of stops) {
        if (!s.visible) problems.push(`${name}: focused ${s.what} is off screen or has no size`);
        else if (!s.indicator) problems.push(`${name}: focused ${s.what} shows no focus outline or ring`);
      }
      for (const u of unreached) problems.push(`${name}: ${u} never receives focus by Tab`);
    };
    const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await visitor.page.goto(`${server.url}/home`);
      await visitor.page.waitForLoadState('networkidle');
      await walk(visitor.page, '/home');
      await visitor.page.goto(`${server.url}/mapMoreDetails/${ids.parcel}`);
      await visitor.page.waitForLoadState('networkidle');
      await walk(visitor.page, '/mapMoreDetails');
    } finally {
      await visitor.context.close();
    }
    const staff = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signIn(staff.page, server);
      await staff.page.goto(`${server.url}${MANAGEMENT_BASE}/Dl`);
      await staff.page.waitForLoadState('networkidle');
      await walk(staff.page, `${MANAGEMENT_BASE}/Dl`);
    } finally {
      await staff.context.close();
    }
    expect(problems.slice(0, 40).join('\n')).toBe('');
  });

  it('the back office on a 412 px phone: a screen title beside wide filters shows in full, the menu opens from a button and a screen is reachable without page overflow', { timeout: 120_000 }, async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 412, height: 915 } });
    try {
      await signIn(page, server);
      // The statistics screen, where sign-in lands: its filters go under the card's title rather
      // than squeezing 统计分析 to nothing beside them.
      const cardTitle = page.getByTestId('screen-card').locator('.ant-card-head-title').first();
      await cardTitle.getByText('统计分析').waitFor();
      const title = await cardTitle.evaluate((t) => ({ shown: t.clientWidth, needed: t.scrollWidth }));
      expect(title.shown, 'the card title 统计分析 in full').toBeGreaterThanOrEqual(title.needed);
      expect(title.shown).toBeGreaterThan(0);
      /** How far the page (not a table inside it) is wider than the window. */
      const pageOverflow = () => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
      // No side bar takes the narrow window: the menu is behind the header's button.
      await expect.poll(() => page.locator('.ant-layout-sider').count()).toBe(0);
      const opener = page.getByRole('button', { name: '打开菜单' });
      await opener.click();
      const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('side-menu') });
      // The drawer's root stays in the page (fixed, full window) when closed; its menu is what shows.
      const drawerMenu = drawer.getByTestId('side-menu');
      await drawer.getByRole('menuitem', { name: '交易管理' }).click();
      await drawer.getByRole('menuitem', { name: '土地交易记录' }).click();
      await page.waitForURL(`**${MANAGEMENT_BASE}/landJystManagement`);
      await expect.poll(() => drawerMenu.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => page.getByRole('table').first().isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: /新\s*增/ }).first().isVisible()).toBe(true);
      expect(await pageOverflow()).toBeLessThanOrEqual(0);
      await screenshot(page, 'a11y-backoffice-412-landJystManagement');
      // The 新增 form takes one field per row on a phone (two squeezed boxes of 170 px before).
      await page.getByRole('button', { name: /新\s*增/ }).first().click();
      const form = page.locator('.ant-drawer-body form');
      await form.locator('.ant-form-item').first().waitFor();
      const widths = await form.evaluate((f) => ({ form: f.clientWidth, items: Array.from(f.querySelectorAll('.ant-form-item')).map((i) => (i as HTMLElement).offsetWidth) }));
      expect(widths.items.length).toBeGreaterThan(3);
      for (const w of widths.items) expect(w, 'a form field as wide as the form').toBeGreaterThan(widths.form * 0.9);
      await screenshot(page, 'a11y-backoffice-412-new-record');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
      await opener.click();
      await expect.poll(() => drawerMenu.isVisible()).toBe(true);
      await screenshot(page, 'a11y-backoffice-412-menu');
    } finally {
      await context.close();
    }
  });

  it("a signed-in visitor's personal centre is clean on every tab at 412 and 1440 px: collections in each market state, a question", { timeout: 180_000 }, async () => {
    const phone = `136${String(Date.now()).slice(-8)}`;
    const password = 'Visit@2024ab';
    const post = async (url: string, body: Record<string, unknown>, token?: string) => {
      const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { token }) }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: string; msg: string; data: Record<string, unknown> };
      expect(json.code, `${url}: ${json.msg}`).toBe('200');
      return json.data;
    };
    const token = (await post('/openApi/register', { userAccount: phone, password, userName: '无障碍访客', sqdw: '临江测试有限公司' })).token as string;
    // A listed, a dealt and a plain published parcel: each state's tag is drawn in its own colour.
    for (const dkid of new Set([ids.listed, ids.dealt, ids.parcel])) await post('/openApi/tCollection/addCollection', { dkid }, token);
    await post('/openApi/addProblem', { title: '关于出让金分期缴纳的咨询', category: 'transaction', content: '请问可否分期缴纳？', isPublic: 1 }, token);

    const problems: string[] = [];
    for (const width of [412, 1440]) {
      const { page, context } = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await page.goto(`${server.url}/personalCenter`);
        await page.getByTestId('center-login').click();
        const login = page.getByTestId('visitor-login-form');
        await login.getByPlaceholder('请输入注册手机号').fill(phone);
        await login.getByPlaceholder('请输入密码').fill(password);
        await page.getByTestId('visitor-login-submit').click();
        await page.getByTestId('visitor-auth-modal').waitFor({ state: 'hidden' });
        for (const tab of ['我的收藏', '我的订阅', '我的消息', '我的咨询', '个人资料', '修改密码']) {
          await page.getByRole('tab', { name: tab }).click();
          await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
          await page.getByRole('tabpanel').locator('[aria-busy="true"], [class*="skeleton"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
          await page.waitForTimeout(300);
          if (tab === '我的收藏') expect(await page.getByTestId('collection-item').count()).toBeGreaterThan(1);
          if (tab === '个人资料') {
            // The login phone cannot be changed here, and looks it: not the white of the fields beside it.
            const look = (label: RegExp) => page.getByRole('tabpanel').getByLabel(label).evaluate((el) => [(el as HTMLInputElement).disabled, getComputedStyle(el).backgroundColor]);
            const [phoneDisabled, phoneBg] = await look(/手机号/);
            const [, nameBg] = await look(/姓名/);
            expect(phoneDisabled).toBe(true);
            expect(phoneBg).not.toBe(nameBg);
          }
          problems.push(...(await axeProblems(page)).map((p) => `${width} px ${tab}: ${p}`));
        }
        await screenshot(page, `a11y-personal-centre-${width}`);
        // Opened on its last tab (a link to ?tab=password), the tab row shows that tab.
        await page.goto(`${server.url}/personalCenter?tab=password`);
        const chosen = page.getByRole('tab', { name: '修改密码' });
        await expect.poll(() => chosen.getAttribute('aria-selected')).toBe('true');
        await expect
          .poll(async () => {
            const [row, tab] = [(await page.getByRole('tablist', { name: '个人中心' }).boundingBox())!, (await chosen.boundingBox())!];
            return tab.x >= row.x - 1 && tab.x + tab.width <= row.x + row.width + 1;
          }, { message: `${width} px: the chosen tab is in the row's view` })
          .toBe(true);
      } finally {
        await context.close();
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('every back-office screen, signed in as admin, is clean', { timeout: 900_000 }, async () => {
    const failing = await sweep(['management'], true);
    expect(failing.map((f) => `${f.path}\n  ${f.problems.join('\n  ')}`).join('\n')).toBe('');
  });

  it('the login page and the public and mobile pages are clean', { timeout: 900_000 }, async () => {
    const failing = await sweep(['public', 'top'], false);
    expect(failing.map((f) => `${f.path}\n  ${f.problems.join('\n  ')}`).join('\n')).toBe('');
  });
});
