import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { spawnServer } from '../packages/server/test/helpers/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const ADMIN_PASSWORD = 'Admin@12345';
/** What browser tests change the admin's first password to. */
export const ADMIN_NEW_PASSWORD = 'Changed@2024';
/** Password of the demo staff accounts (zhangwei, liuyang, …), who need no change. */
export const DEMO_PASSWORD = 'Demo@2024abc';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags the platform's browser tests run Debian's Chromium with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The admin's current password: changed by the first sign-in on this server. */
  adminPassword: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, embedded SQLite in a fresh DATA_DIR, demo data) as
 * a child process, the way `npm start` does, and waits for /healthz.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const webIndex = path.join(root, 'packages/web/dist/index.html');
  if (!fs.existsSync(webIndex)) throw new Error('packages/web/dist is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-e2e-'));
  const server = await spawnServer({ env: { DATA_DIR: dataDir, ADMIN_PASSWORD, ...env } });
  return {
    url: server.url,
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BrowserSession {
  browser: Browser;
  newPage(options?: { userAgent?: string; viewport?: { width: number; height: number } }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless. Playwright gives every launch a fresh temporary
 * --user-data-dir of its own (it refuses one passed in args), so no state leaks between runs.
 */
export async function launchBrowser(): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium package (.ci/run does)`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        locale: 'zh-CN',
        // The app drops its animations for reduced motion: steps do not race dialogs still zooming in.
        reducedMotion: 'reduce',
        viewport: options.viewport ?? { width: 1440, height: 900 },
        userAgent: options.userAgent,
      });
      const page = await context.newPage();
      watchContentSecurityPolicy(page, cspViolations);
      watchPageErrors(page, pageErrors);
      try {
        // Inside a test: that test fails on a violation or an error on this page.
        onTestFinished(() => {
          assertNoCspViolations(cspViolations);
          assertNoPageErrors(pageErrors);
        });
      } catch {
        // Opened in beforeAll: close() reports it.
      }
      return { page, context };
    },
    async close() {
      await browser.close();
      assertNoCspViolations(cspViolations);
      assertNoPageErrors(pageErrors);
    },
  };
}

/**
 * The app must work under the server's Content-Security-Policy: every violation on a page
 * (the securitypolicyviolation event, or Chromium's "Refused to …" console error) is collected.
 */
function watchContentSecurityPolicy(page: Page, violations: string[]): void {
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text))) violations.push(`${page.url()}: ${text}`);
  });
}

function assertNoCspViolations(violations: string[]): void {
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
}

/**
 * Console errors that are the app doing its job, not a fault: a refusal the server answers with a
 * 4xx status (a validation error, a stale version, a session that ran out) is shown to the user
 * by the app, and Chromium logs the response as a failed resource load all the same.
 */
const EXPECTED_CONSOLE_ERRORS: RegExp[] = [/^Failed to load resource: the server responded with a status of 4\d\d/];

/** Per page: further console errors a test provokes on purpose (see allowConsoleErrors). */
const allowedErrors = new WeakMap<Page, RegExp[]>();

/** Lets a test's page log errors matching these patterns (a test that provokes them on purpose). */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowedErrors.set(page, [...(allowedErrors.get(page) ?? []), ...patterns]);
}

/**
 * Uncaught errors and unhandled promise rejections on a page (pageerror) and console errors fail
 * the test, as CSP violations do: a flow that "works" while throwing in the background is broken.
 */
function watchPageErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(`${page.url()}: page error ${error.name}: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // CSP violations are reported on their own.
    if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) return;
    if ([...EXPECTED_CONSOLE_ERRORS, ...(allowedErrors.get(page) ?? [])].some((re) => re.test(text))) return;
    errors.push(`${page.url()}: console error ${text}`);
  });
}

function assertNoPageErrors(errors: string[]): void {
  if (errors.length === 0) return;
  const found = errors.splice(0);
  throw new Error(`Errors in the page:\n${found.join('\n')}`);
}

/** Fills what a new parcel needs in the open parcel editor: its codes, 所属片区 滨江智造园 and 土地用途 1001 工业用地. */
export async function fillNewParcel(page: Page, editor: Locator, code: string, name: string): Promise<void> {
  await editor.getByPlaceholder('请输入宗地编号').fill(code);
  await editor.getByPlaceholder('请输入地块名称').fill(name);
  await editor.getByLabel('所属片区', { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('滨江智造园', { exact: true }).click();
  await editor.getByLabel('土地用途', { exact: true }).click();
  await page.keyboard.type('1001');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title').filter({ hasText: '1001 工业用地' }).click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(root, 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Fingers on a touch screen, through the DevTools protocol (Playwright's own touchscreen only
 * taps). `swipe` puts one finger down per starting point, moves them in straight lines to the
 * ending points in `steps` moves and lifts them: one point scrolls or drags, two pan or pinch.
 */
export async function touchscreen(page: Page): Promise<{ swipe(from: Point[], to: Point[], steps?: number): Promise<void>; detach(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  return {
    async swipe(from, to, steps = 8) {
      if (from.length !== to.length) throw new Error('swipe: as many end points as fingers');
      await touch('touchStart', from);
      for (let i = 1; i <= steps; i += 1) {
        await touch('touchMove', from.map((a, k) => ({ x: Math.round(a.x + ((to[k].x - a.x) * i) / steps), y: Math.round(a.y + ((to[k].y - a.y) * i) / steps) })));
      }
      await touch('touchEnd', []);
    },
    detach: () => cdp.detach(),
  };
}

/**
 * Signs a staff account in on the back-office login page. The admin of a fresh server is made
 * to change the password first; the new one is remembered on the server for later sign-ins.
 */
export async function signIn(page: Page, server: RunningServer, account = 'admin'): Promise<void> {
  const password = account === 'admin' ? server.adminPassword : DEMO_PASSWORD;
  await page.goto(`${server.url}/login`);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/managementSystem/analysis');
  if (account !== 'admin' || server.adminPassword !== ADMIN_PASSWORD) return;
  const modal = page.locator('.ant-modal').filter({ hasText: '首次登录请修改密码' });
  await modal.waitFor();
  await modal.getByPlaceholder('请输入原密码').fill(ADMIN_PASSWORD);
  await modal.getByPlaceholder('请输入新密码').fill(ADMIN_NEW_PASSWORD);
  await modal.getByPlaceholder('请再次输入新密码').fill(ADMIN_NEW_PASSWORD);
  await modal.getByRole('button', { name: '确定' }).click();
  await modal.waitFor({ state: 'hidden' });
  server.adminPassword = ADMIN_NEW_PASSWORD;
}

/**
 * The usual setup of a browser test file: a fresh server and a browser for the whole file,
 * started before its tests and closed after them. Call it in the describe block; the two
 * objects it answers are filled in when the tests start (extra beforeAll hooks run after it).
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { server: RunningServer; browser: BrowserSession } {
  const server = {} as RunningServer;
  const browser = {} as BrowserSession;
  let serverStarted = false;
  let browserLaunched = false;
  beforeAll(async () => {
    Object.assign(server, await startServer(env));
    serverStarted = true;
    Object.assign(browser, await launchBrowser());
    browserLaunched = true;
  });
  afterAll(async () => {
    if (browserLaunched) await browser.close();
    if (serverStarted) await server.stop();
  });
  return { server, browser };
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/** axe-core's serious and critical findings on the page, or inside the element `within` selects. */
export async function axeProblems(page: Page, within?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeResult[] }> } }).axe;
    const context = selector ? document.querySelector(selector) : document;
    if (!context) return [{ id: 'missing', impact: 'critical', help: `nothing matches ${selector}`, nodes: [] }];
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * The hints (placeholders) of empty one-line boxes on screen that do not fit their box: the
 * visitor cannot read what to type (项目名称、投资主体或…). A textarea's hint wraps.
 */
export function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    return Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]:placeholder-shown'))
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const style = getComputedStyle(el);
        canvas.font = `${style.fontSize} ${style.fontFamily}`;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return canvas.measureText(el.placeholder).width > room + 1;
      })
      .map((el) => el.placeholder);
  });
}

/**
 * Texts on screen cut short on one line with an ellipsis where the box holds fewer than `min`
 * characters (em widths): what is left does not tell one item from another (a phone's notice
 * titles read 临江经济技术开发区… each, a figure ≥1.2 且 …, a compared parcel 生物医…).
 */
export function shortEllipses(page: Page, min = 10): Promise<string[]> {
  return page.evaluate((least) => {
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.offsetParent === null || el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow !== 'ellipsis' || style.whiteSpace !== 'nowrap') continue;
      const chars = el.clientWidth / parseFloat(style.fontSize);
      if (chars < least) out.push(`“${(el.textContent ?? '').trim().slice(0, 24)}” shows ${chars.toFixed(1)} characters`);
    }
    return out;
  }, min);
}

/**
 * Controls inside `scope` (a CSS selector) smaller than `min` × `min` CSS px to tap (WCAG 2.5.5
 * gives 44): links, buttons, form controls. A control inside a label is tapped through its label,
 * so the label's box counts.
 */
export function smallTapTargets(page: Page, scope: string, min = 44): Promise<string[]> {
  return page.evaluate(
    ({ within, least }) => {
      const out: string[] = [];
      for (const root of Array.from(document.querySelectorAll(within))) {
        for (const el of Array.from(root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"], [role="checkbox"]'))) {
          if (el.getClientRects().length === 0) continue;
          const box = (el.closest('label') ?? el).getBoundingClientRect();
          if (box.width >= least - 0.5 && box.height >= least - 0.5) continue;
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20);
          out.push(`${el.tagName.toLowerCase()} “${name}” is ${Math.round(box.width)} × ${Math.round(box.height)}`);
        }
      }
      return out;
    },
    { within: scope, least: min },
  );
}

/**
 * Texts squeezed into a column of a few characters: a text of 8 characters or more on three
 * lines or more, none of them `least` characters wide (a notice's table cell one character a line,
 * a question title beside its tag on a phone, a value beside a wide label).
 */
export function squeezedTexts(page: Page, least = 5.5): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if ([...text].length < 8 || !el || seen.has(el) || el.getClientRects().length === 0) continue;
      seen.add(el);
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top))).size;
      const widest = Math.max(0, ...rects.map((r) => r.width)) / parseFloat(getComputedStyle(el).fontSize);
      if (lines >= 3 && widest < min) out.push(`“${text.slice(0, 16)}” on ${lines} lines of ${widest.toFixed(1)} characters`);
    }
    return out;
  }, least);
}

/**
 * Short texts (labels of two to eight characters: 咨询标题, a button's 全部状态, a figure's
 * 2,329.58) broken so that one character stands alone on the last line (咨询标 | 题), inside
 * `scope` (a CSS selector; the page by default). Words inside running text, and authored rich
 * text, wrap as text does and are left out.
 */
export function orphanedLabels(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const root of Array.from(document.querySelectorAll(selector))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const el = node.parentElement;
        const length = [...text].length;
        if (length < 2 || length > 8 || !el || el.getClientRects().length === 0) continue;
        if ((el.textContent ?? '').trim() !== text || el.closest('[data-rich-text]')) continue;
        if (getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        const tops = [...new Set(rects.map((r) => Math.round(r.top)))].sort((a, b) => a - b);
        if (tops.length < 2) continue;
        const last = rects.filter((r) => Math.round(r.top) === tops[tops.length - 1]).reduce((w, r) => w + r.width, 0);
        if (last < 1.5 * parseFloat(getComputedStyle(el).fontSize)) out.push(`“${text}” leaves one character on its last line`);
      }
    }
    return out;
  }, scope);
}

/**
 * A back-office list's search form on a phone laid out raggedly: a field's input not starting
 * where the others start, or stopping short of the form's right edge (the desktop widths of the
 * inline layout, each input beginning where its own label ended).
 */
export function raggedSearchForms(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const form of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="screen-card"] .ant-form-inline'))) {
      const edge = form.getBoundingClientRect().right;
      const starts = new Map<number, string>();
      for (const item of Array.from(form.querySelectorAll<HTMLElement>('.ant-form-item'))) {
        const label = item.querySelector(':scope > .ant-row > .ant-form-item-label');
        const input = item.querySelector(':scope > .ant-row > .ant-form-item-control .ant-form-item-control-input-content')?.firstElementChild;
        if (!label || !input || input.getClientRects().length === 0) continue;
        const name = (label.textContent ?? '').trim();
        const box = input.getBoundingClientRect();
        starts.set(Math.round(box.left), name);
        if (edge - box.right > 2) out.push(`${name}: its input stops ${Math.round(edge - box.right)} px short of the form's edge`);
      }
      if (starts.size > 1) out.push(`the inputs start at ${starts.size} different places (${[...starts.values()].join(', ')})`);
    }
    return out;
  });
}

/** Dates (2026-12-10) on screen broken over two lines (2026-12- | 10). */
export function brokenDates(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/\d{4}-\d{2}-\d{2}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) out.push(m[0]);
      }
    }
    return out;
  });
}
