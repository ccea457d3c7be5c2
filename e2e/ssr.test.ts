/**
 * Server-rendered public pages (issue 14). ROUTES is the table of public routes rendered on the
 * server: each entry says what the raw HTML (fetched without running scripts) must contain. A
 * page being converted (packages/web/src/public/CONVERTING.md) leaves PENDING_SSR_ROUTES and gets
 * an entry here; the first test keeps the two in step with SPEC §2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../packages/shared/src/routes';
import { PENDING_SSR_ROUTES } from '../packages/web/src/public/pending';
import { launchBrowser, startServer, type BrowserSession, type RunningServer } from './harness';
import { decode, DESKTOP_UA, metaContent, openPost, PHONE_UA, scrollThrough } from './public-site';
import { KiB, measureScriptsSent, scriptBudgetOf } from './scripts-sent';

const VIEWPORTS = [
  { name: 'phone', width: 412, height: 915 },
  { name: 'desktop', width: 1280, height: 800 },
];
const MAX_LAYOUT_SHIFT = 0.02;

/**
 * The back office's budget: compressed JavaScript of its first screen, from the build manifest,
 * in bytes of the brotli copies the build writes beside each asset. (The public pages are held to
 * issue 14's own measure in the browser: e2e/scripts-sent.ts.)
 */
const BACK_OFFICE_BUDGET = 400 * KiB;
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');

function sentBytes(file: string): number {
  const br = path.join(webDist, `${file}.br`);
  // Files under 1 KiB are not precompressed (they go as they are).
  return fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(webDist, file)).size;
}

/** The script files a page lists for public/boot to preload once it has been painted (Document's SCRIPTS_ELEMENT_ID). */
function listedScripts(html: string): string[] {
  const json = /<script type="application\/json" id="ssr-scripts">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as string[]).map((src) => src.replace(/^\//, '')) : [];
}

/** The script files a server-rendered page announces, each once. */
function announcedScripts(html: string): string[] {
  const files = new Set<string>(listedScripts(html));
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<script type="module" src="\/([^"]+)"/g)) files.add(m[1]);
  return [...files];
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
const readManifest = () => JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The public pages' boot script (public/boot) and the files it imports statically, which come before the first paint. */
function bootFiles(): string[] {
  const manifest = readManifest();
  const boot = manifest['src/public/boot.ts'];
  if (!boot) throw new Error('the web build has no src/public/boot.ts');
  return [boot.file, ...(boot.imports ?? []).map((key) => manifest[key].file)];
}

interface ListedParcel {
  id: string;
  dkmc: string;
  dlname: string;
  tradeState: string;
  landAreaMu: number | null;
  startingPrice: number | null;
}

/** What the demo data holds, read from the public API before the pages are checked. */
interface DemoData {
  siteName: string;
  /** Published parcels by market state, as the public list returns them. */
  available: ListedParcel;
  listed: ListedParcel;
  deal: ListedParcel;
  /** The latest published notice. */
  notice: { id: string; title: string };
  /** A second-market listing (二级市场). */
  market: { id: string; title: string; location: string };
  /** The first parcel of the first page of 挂牌地块 and of 成交地块 (as those pages ask for it). */
  firstListed: string;
  firstDeal: string;
  regulation: { id: string; title: string };
  keyProject: { name: string };
  lease: { name: string };
  district: { areaname: string };
  /** The latest transfer announcement (出让公告, the first tab of 交易信息) and the first transaction record's parcel code. */
  transfer: string;
  transaction: string;
}

/** Numbers as the pages print them (features/public-map/format num). */
const num = (v: number | null, digits = 2) => (v === null ? '' : v.toLocaleString('zh-CN', { maximumFractionDigits: digits, minimumFractionDigits: 0 }));

/** A parcel page shows its name, area in 亩, land class and (unless dealt) its price. */
const parcelTexts = (p: ListedParcel, price = true) => [p.dkmc, `${num(p.landAreaMu)} 亩`, p.dlname, ...(price && p.startingPrice ? [num(p.startingPrice), '万元'] : [])];

interface SsrRoute {
  /** The SPEC §2 route pattern (as in PUBLIC_ROUTES, or absolute for the mobile pages). */
  route: string;
  /** The address to open. */
  url: (d: DemoData) => string;
  /** The page's main heading. */
  heading: (d: DemoData) => string;
  /** Further key data the raw HTML must show. */
  texts?: (d: DemoData) => string[];
  /** Calls the page makes on purpose once shown (not data it shows), e.g. counting a view. */
  calls?: string[];
}

/** The browser-only map's own calls once it has loaded (its tile index and base map; not data in the HTML). */
const MAP_CALLS = ['tiles/meta', 'selectBaseMapFeatures'];

const ROUTES: SsrRoute[] = [
  {
    route: 'home',
    url: () => '/home',
    heading: (d) => d.siteName,
    texts: () => ['最新地块', '通知公告', '产业片区', '亩'],
  },
  { route: 'mapMoreDetails/:id', url: (d) => `/mapMoreDetails/${d.available.id}`, heading: (d) => d.available.dkmc, texts: (d) => parcelTexts(d.available), calls: ['updateLandInfoVisitcount'] },
  { route: 'gkzzMoreDetails/:id', url: (d) => `/gkzzMoreDetails/${d.available.id}`, heading: (d) => d.available.dkmc, texts: (d) => parcelTexts(d.available), calls: ['updateLandInfoVisitcount'] },
  { route: 'mapMoreGpggDetails/:id', url: (d) => `/mapMoreGpggDetails/${d.listed.id}`, heading: (d) => d.listed.dkmc, texts: (d) => [...parcelTexts(d.listed), '挂牌信息'], calls: ['updateLandInfoVisitcount'] },
  {
    route: '/mobileindex',
    url: () => '/mobileindex',
    heading: (d) => d.siteName,
    texts: (d) => ['个地块', d.available.dkmc, '亩', '筛选', '通知公告'],
    // The map (at once on a desktop; on a phone when asked for) asks for the offline base map's features; its outlines come embedded.
    calls: ['selectBaseMapFeatures'],
  },
  {
    route: '/mobileMoreDetails/:id',
    url: (d) => `/mobileMoreDetails/${d.available.id}`,
    heading: (d) => d.available.dkmc,
    texts: (d) => [...parcelTexts(d.available), '规划指标', '招商联系人', '电脑版'],
    // The view count, and the mini map's base map when a wide screen reaches it at once (a phone asks first).
    calls: ['updateLandInfoVisitcount', 'selectBaseMapFeatures'],
  },
  {
    route: '/xcxmobileMoreDetails/:id',
    url: (d) => `/xcxmobileMoreDetails/${d.deal.id}`,
    heading: (d) => d.deal.dkmc,
    texts: (d) => [...parcelTexts(d.deal, false), '成交价', '招商联系人'],
    calls: ['updateLandInfoVisitcount', 'selectBaseMapFeatures'],
  },
  {
    route: '/mobileTzggDetail/:id',
    url: (d) => `/mobileTzggDetail/${d.notice.id}`,
    heading: (d) => d.notice.title,
    texts: () => ['公告详情', '电脑版'],
  },
  // The map search: the filters and the first parcels (all published ones at the demo data's size) come with the HTML.
  { route: 'index', url: () => '/index', heading: () => '地图找地', texts: (d) => [d.available.dkmc, d.listed.dkmc, '个地块', '全部片区', '全部地类', '保存搜索', '土地用途'], calls: MAP_CALLS },
  { route: 'gdjhMapIndex', url: () => '/gdjhMapIndex', heading: () => '供地计划', texts: () => ['计划供地', '宗，面积', '全部年度', '全部供地方向', '导出'], calls: MAP_CALLS },
  { route: 'clkcrtd', url: () => '/clkcrtd', heading: () => '存量土地', texts: () => ['存量可出让土地', '宗，合计', '存量类型', '全部片区'], calls: MAP_CALLS },
  { route: 'landListing', url: () => '/landListing', heading: () => '挂牌地块', texts: (d) => [d.firstListed, '保存搜索', '宗'] },
  { route: 'jiaoyixinxi', url: () => '/jiaoyixinxi', heading: () => '交易信息', texts: (d) => ['出让公告', '成交公示', '交易记录', d.transfer] },
  {
    route: 'jiaoyixinxi',
    url: () => '/jiaoyixinxi?tab=records',
    heading: () => '交易信息',
    texts: (d) => ['宗地编号', '挂牌期限', '竞得人', d.transaction],
  },
  // Visitor-specific: the server has no visitor token, so it renders the frame and a box of fixed
  // size; a visitor who is not signed in gets the sign-in prompt in it after mount.
  { route: 'personalCenter', url: () => '/personalCenter', heading: () => '个人中心', texts: () => ['收藏地块、保存搜索并接收提醒', '正在读取登录状态'] },
  { route: 'landDeal', url: () => '/landDeal', heading: () => '成交地块', texts: (d) => [d.firstDeal, '近五年成交情况', '成交宗数'] },
  { route: 'plotContrastTable/:plotList', url: (d) => `/plotContrastTable/${d.available.id},${d.listed.id}`, heading: () => '地块对比', texts: (d) => [d.available.dkmc, d.listed.dkmc, '基本信息', '规划指标'] },
  { route: 'search/:searchValue', url: () => `/search/${encodeURIComponent('物流')}`, heading: () => '全站搜索', texts: () => ['“物流”共找到', '物流', '全部 ('] },
  { route: 'secondMarket', url: () => '/secondMarket', heading: () => '二级市场', texts: (d) => [d.market.title, '交易类型'] },
  { route: 'secondMarketDetail/:id', url: (d) => `/secondMarketDetail/${d.market.id}`, heading: (d) => d.market.title, texts: (d) => [d.market.location, '基本信息', '联系方式'], calls: ['updateSecondMarKetVisitcount'] },
  { route: 'popularInquiries', url: () => '/popularInquiries', heading: () => '通知公告', texts: (d) => [d.notice.title, '出让公告', '成交公示'] },
  { route: 'tzggDetail/:id', url: (d) => `/tzggDetail/${d.notice.id}`, heading: (d) => d.notice.title, texts: () => ['公告详情', '次浏览'] },
  { route: 'policiesRegulations', url: () => '/policiesRegulations', heading: () => '招商政策', texts: (d) => [d.regulation.title, '省级', '开发区'] },
  { route: 'zhongdianxiangmu', url: () => '/zhongdianxiangmu', heading: () => '重点项目', texts: (d) => [d.keyProject.name, '总投资', '亿元'] },
  { route: 'tuijiejihua', url: () => '/tuijiejihua', heading: () => '公开租赁', texts: (d) => [d.lease.name, '可租面积', '层高'] },
  { route: 'pqList', url: () => '/pqList', heading: () => '片区介绍', texts: (d) => [d.district.areaname, '规划面积（km²）', '可供地块（宗）'] },
  // The district map loads its parcels once its box comes into view.
  { route: 'pqPositionDetail/:name', url: (d) => `/pqPositionDetail/${encodeURIComponent(d.district.areaname)}`, heading: (d) => d.district.areaname, texts: () => ['片区概况', '地块构成', '招商联系人', '所辖街道'], calls: ['selectLandInfoList', 'selectBaseMapFeatures'] },
  { route: 'enteringNewArea', url: () => '/enteringNewArea', heading: () => '走进新区', texts: (d) => [d.district.areaname, d.keyProject.name, '功能片区', '新区动态'] },
  { route: 'landPromotion', url: () => '/landPromotion', heading: () => '土地推介', texts: () => ['招商活动', '热门资讯', '推荐地块'] },
  // The map (near the top) loads its base map once its box is in view.
  { route: 'regionalPosition', url: () => '/regionalPosition', heading: () => '区位优势', texts: () => ['区位图', '交通与配套'], calls: ['selectBaseMapFeatures'] },
  { route: 'consultingServices', url: () => '/consultingServices', heading: () => '咨询服务', texts: () => ['我要咨询', '咨询标题', '联系电话', '咨询答复'] },
  { route: 'landTransactionDetails/:id', url: (d) => `/landTransactionDetails/${d.deal.id}`, heading: (d) => d.deal.dkmc, texts: (d) => [...parcelTexts(d.deal, false), '成交信息', '成交价'], calls: ['updateLandInfoVisitcount'] },
];

const MOBILE_ROUTES = ['/mobileindex', '/mobileMoreDetails/:id', '/xcxmobileMoreDetails/:id', '/mobileTzggDetail/:id'];

describe('server-rendered public pages', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let demo: DemoData;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const settings = await openPost<{ siteName: string }>(server, 'config', {});
    const page = await openPost<{ list: ListedParcel[] }>(server, 'selectLandInfoListPage', { pageNo: 1, pageSize: 500 });
    const withState = (state: string) => {
      const found = page.list.find((p) => p.tradeState === state && p.dkmc && p.landAreaMu && (state === 'deal' || p.startingPrice));
      if (!found) throw new Error(`the demo data has no published parcel with tradeState ${state}`);
      return found;
    };
    const latest = await openPost<{ id: string; title: string }[] | { list: { id: string; title: string }[] }>(server, 'getTzggList', { limit: 1 });
    const notices = Array.isArray(latest) ? latest : latest.list;
    if (!notices[0]) throw new Error('the demo data has no published notice');
    const market = await openPost<{ list: { id: string; title: string; location: string }[] }>(server, 'selectSecondMarketByPage', { pageNo: 1, pageSize: 10 });
    if (!market.list[0]) throw new Error('the demo data has no second-market listing');
    const firstPage = { pageNo: 1, pageSize: 12, orderBy: 'publishedAt', order: 'desc' };
    const listing = await openPost<{ list: ListedParcel[] }>(server, 'selectLandInfoByMoreGG', firstPage);
    const deals = await openPost<{ list: ListedParcel[] }>(server, 'selectLandInfosJyxt', { ...firstPage, state: 'deal' });
    if (!listing.list[0] || !deals.list[0]) throw new Error('the demo data has no listed or dealt parcel');
    const regulations = await openPost<{ list: { id: string; title: string }[] }>(server, 'getRegulationsList', { pageNo: 1, pageSize: 1 });
    const keyProjects = await openPost<{ list: { name: string }[] }>(server, 'selectKeyprojectsByPage', { pageNo: 1, pageSize: 1 });
    const leases = await openPost<{ list: { name: string }[] }>(server, 'selectKczyByPage', { pageNo: 1, pageSize: 1, status: 'available' });
    const districts = await openPost<{ list: { areaname: string }[] }>(server, 'getTAreaByPageList', { pageNo: 0, pageSize: 0 });
    const transfers = await openPost<{ list: { title: string }[] }>(server, 'selectByPage', { pageNo: 1, pageSize: 15, type: 'transfer' });
    const transactions = await openPost<{ list: { parcelCode: string }[] }>(server, 'selectLandJystByPage', { pageNo: 1, pageSize: 15 });
    if (!transfers.list[0] || !transactions.list[0]) throw new Error('the demo data has no transfer announcement or transaction record');
    demo = {
      siteName: settings.siteName,
      available: withState('none'),
      listed: withState('listed'),
      deal: withState('deal'),
      notice: notices[0],
      regulation: regulations.list[0],
      keyProject: keyProjects.list[0],
      lease: leases.list[0],
      district: districts.list[0],
      market: market.list[0],
      firstListed: listing.list[0].dkmc,
      firstDeal: deals.list[0].dkmc,
      transfer: transfers.list[0].title,
      transaction: transactions.list[0].parcelCode,
    };
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('every public and mobile route of SPEC §2 is either in the table or still pending', () => {
    const all = [...PUBLIC_ROUTES.map((r) => r.path), ...MOBILE_ROUTES];
    const covered = new Set([...ROUTES.map((r) => r.route), ...PENDING_SSR_ROUTES]);
    expect(all.filter((r) => !covered.has(r))).toEqual([]);
    // A converted route is not also listed as pending.
    expect(ROUTES.map((r) => r.route).filter((r) => PENDING_SSR_ROUTES.includes(r))).toEqual([]);
  });

  describe.each(ROUTES)('$route', (entry) => {
    it('answers with the content, the title and the share card in the HTML itself', async () => {
      const url = entry.url(demo);
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = decode(html);
      expect(html).toMatch(/^<!DOCTYPE html><html lang="zh-CN">/);
      // The heading's text (the home page's title is in phrases: <h1><span>…</span><span>…</span></h1>).
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
      expect(h1 === undefined ? undefined : decode(h1.replace(/<[^>]+>/g, ''))).toBe(entry.heading(demo));
      for (const t of entry.texts?.(demo) ?? []) expect(text).toContain(t);
      expect(text).toMatch(/<title>[^<]+<\/title>/);
      for (const og of ['og:title', 'og:description', 'og:image', 'og:url']) expect(metaContent(html, og), og).toBeTruthy();
      expect(metaContent(html, 'og:url')).toBe(`${server.url}${url.split('?')[0]}`);
      // A share card names the zone as its settings do, not the platform's generic name.
      expect(metaContent(html, 'og:site_name')).toBe(demo.siteName);
      expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toContain(demo.siteName);
      // The page's scripts are announced in the HTML, and the data comes embedded, not fetched again.
      const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      const [boot] = bootFiles();
      if (entry.route === 'index') {
        // The map search's map is drawn by script: its scripts are preloaded at once, at the
        // browser's default priority (only its boot script is low).
        expect(preloads.length).toBeGreaterThan(2);
        expect(preloads.filter((link) => link.includes('fetchPriority="low"'))).toEqual([expect.stringContaining(`href="/${boot}"`)]);
        expect(listedScripts(html)).toEqual([]);
      } else {
        // Every other page is whole in its HTML: its scripts are listed for the boot script, which
        // preloads them once the page has been painted (see the next test); the HTML preloads
        // only the boot script and what it imports, at low priority.
        expect(listedScripts(html).length).toBeGreaterThan(2);
        expect(preloads.map((link) => /href="\/([^"]+)"/.exec(link)?.[1]).sort()).toEqual(bootFiles().sort());
        expect(preloads.filter((link) => !link.includes('fetchPriority="low"'))).toEqual([]);
      }
      expect(html).toMatch(/<script type="application\/json" id="ssr-data">/);
      // No inline script: the Content-Security-Policy (script-src 'self') would block it.
      expect(html.match(/<script(?![^>]*(?:type="application\/json"|src=))[^>]*>/g) ?? []).toEqual([]);
    });

    // Bytes are deterministic (the same build sends the same files and headers), so this may fail the build.
    it('stays within its JavaScript budget as a phone downloads it', async () => {
      const url = entry.url(demo);
      const sent = await measureScriptsSent(browser.browser, `${server.url}${url}`);
      const goal = scriptBudgetOf(url);
      console.log(`${entry.route}: ${(sent.bytes / KiB).toFixed(1)} KiB of JavaScript as sent in ${sent.files.length} files; goal ${goal / KiB} KiB`);
      expect(sent.files.length).toBeGreaterThan(0);
      expect(sent.bytes).toBeLessThanOrEqual(goal);
      // No antd on the first load of a public page.
      expect(sent.files.map((f) => f.url).filter((f) => /antd|config-provider|cssinjs/i.test(f))).toEqual([]);
    });

    // Every page but the map search (whose scripts are preloaded by its HTML, checked above).
    if (entry.route !== 'index')
      it('fetches its scripts once it has been painted, all from the list in its HTML (phone)', async () => {
        const url = `${server.url}${entry.url(demo)}`;
        const listed = listedScripts(await (await fetch(url, { headers: { 'user-agent': PHONE_UA } })).text());
        const early = bootFiles();
        const afterPaint = listed.filter((file) => !early.includes(file));
        expect(afterPaint.length).toBeGreaterThan(2);
        const { page, context } = await browser.newPage({ viewport: { width: 412, height: 915 }, userAgent: PHONE_UA });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        // What asked for each script: the module that imports it, where the browser found it there.
        const initiators = new Map<string, string>();
        cdp.on('Network.requestWillBeSent', (e) => {
          if (e.type === 'Script') initiators.set(new URL(e.request.url).pathname.slice(1), e.initiator.url ?? e.initiator.type);
        });
        await page.goto(url, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
        const { fcp, started } = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          started: Object.fromEntries(performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.slice(1), e.startTime])),
        }));
        expect(fcp).toBeGreaterThan(0);
        for (const file of afterPaint) {
          expect(initiators.has(file), file).toBe(true);
          // After the first paint, and preloaded from the list (one round), not discovered in an importing module.
          expect(started[file], file).toBeGreaterThanOrEqual(fcp);
          expect(initiators.get(file), file).not.toMatch(/\/assets\//);
        }
        await context.close();
      });

    it.each(VIEWPORTS)('hydrates without errors or duplicate calls, and nothing moves, down to the bottom ($name)', async (viewport) => {
      // A phone opening /index is sent to /mobileindex (measured as its own route): the map search is measured at a phone's width with a desktop browser.
      const userAgent = viewport.name !== 'phone' ? undefined : entry.route === 'index' ? DESKTOP_UA : PHONE_UA;
      const { page, context } = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height }, userAgent });
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      const apiCalls: string[] = [];
      page.on('request', (req) => {
        const call = /\/openApi\/([^?]+)/.exec(req.url())?.[1];
        if (call && !entry.calls?.includes(call)) apiCalls.push(call);
      });
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) w.__cls += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${server.url}${entry.url(demo)}`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      expect(apiCalls).toEqual([]);
      // Blocks that fill in when scrolled into view (mini map, panorama, lazy photos, charts) must not move the page either.
      await scrollThrough(page);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(problems).toEqual([]);
      expect(cls).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
      await context.close();
    });
  });

  /**
   * /landDeal's chart (近五年成交情况) is in a phone's first screen: the server draws it as an SVG
   * (ECharts' server-side rendering), and ECharts loads only when the visitor asks for the
   * tooltips (pointer over, focus, tap), so the page stays within its budget.
   */
  describe('/landDeal: the deals chart', () => {
    const CHART_MODULE = 'src/features/public-site/trade/DealsChart.tsx';
    let chartFiles: string[];
    let years: number[];

    beforeAll(async () => {
      // The chart's own script files: its module and what it imports that the page itself does not announce.
      const manifest = readManifest();
      const announced = announcedScripts(await (await fetch(`${server.url}/landDeal`)).text());
      const seen = new Set<string>();
      const stack = [CHART_MODULE];
      while (stack.length) {
        const key = stack.pop()!;
        if (seen.has(key) || !manifest[key]) continue;
        seen.add(key);
        stack.push(...(manifest[key].imports ?? []));
      }
      chartFiles = [...seen].map((k) => manifest[k].file).filter((f) => !announced.includes(f));
      const data = await openPost<{ year: number }[] | { years: { year: number }[] }>(server, 'getRecentFiveYearsCjDK');
      years = (Array.isArray(data) ? data : data.years).map((y) => y.year);
    });

    const requestedScripts = (page: Page) => {
      const files: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') files.push(new URL(req.url()).pathname.slice(1));
      });
      return files;
    };

    it('comes drawn as SVG in the raw HTML, every year labelled, in a box that names the figures', async () => {
      expect(chartFiles.length).toBeGreaterThanOrEqual(2);
      expect(years).toHaveLength(5);
      expect(years).toContain(new Date().getFullYear());
      const html = await (await fetch(`${server.url}/landDeal`)).text();
      for (const [name, width] of [
        ['narrow', 360],
        ['wide', 720],
      ] as const) {
        const svg = new RegExp(`data-chart-svg="${name}">(<svg[\\s\\S]*?</svg>)`).exec(html)?.[1];
        expect(svg, name).toBeDefined();
        expect(svg).toContain(`viewBox="0 0 ${width} 300"`);
        for (const year of years) expect(svg, `${name} ${year}`).toMatch(new RegExp(`>${year}年</text>`));
        for (const legend of ['成交宗数', '成交面积（亩）', '成交金额（万元）']) expect(svg).toContain(`>${legend}</text>`);
        expect(svg).not.toMatch(/<script|@keyframes/);
      }
      const box = /<div[^>]*data-testid="deals-chart-box"[^>]*>/.exec(decode(html))?.[0] ?? '';
      expect(box).toContain('role="img"');
      expect(box).toContain('tabindex="0"');
      expect(box).toMatch(new RegExp(`aria-label="近五年成交情况图表：${years[0]}年 `));
    });

    it('loads ECharts only when tapped on a phone, in the same box', async () => {
      const context = await browser.browser.newContext({ locale: 'zh-CN', viewport: { width: 412, height: 915 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error' || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
        });
        page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
        const scripts = requestedScripts(page);
        await page.goto(`${server.url}/landDeal`, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        const box = page.getByTestId('deals-chart-box');
        expect(await box.locator('[data-chart-svg="narrow"] svg').isVisible()).toBe(true);
        expect(await box.locator('[data-chart-svg="wide"] svg').isVisible()).toBe(false);
        expect(await box.locator('canvas').count()).toBe(0);
        expect(scripts.filter((f) => chartFiles.includes(f)), 'chart scripts before any interaction').toEqual([]);
        const before = await box.boundingBox();

        await box.tap();
        await box.locator('canvas').first().waitFor({ timeout: 30_000 });
        expect(chartFiles.filter((f) => !scripts.includes(f)), 'chart scripts not loaded after the tap').toEqual([]);
        expect(await box.locator('[data-chart-svg]').count()).toBe(0);
        const after = await box.boundingBox();
        expect(after).toEqual(before);
        expect((await box.locator('canvas').first().boundingBox())?.height).toBe(300);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('loads ECharts when the pointer comes over it on a desktop, and draws it at once after a client-side navigation', async () => {
      const { page, context } = await browser.newPage();
      const scripts = requestedScripts(page);
      await page.goto(`${server.url}/landDeal`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const box = page.getByTestId('deals-chart-box');
      expect(await box.locator('[data-chart-svg="wide"] svg').isVisible()).toBe(true);
      expect(scripts.filter((f) => chartFiles.includes(f))).toEqual([]);
      await box.hover();
      await box.locator('canvas').first().waitFor({ timeout: 30_000 });
      // The tooltip of the year under the pointer.
      const { x, y, width } = (await box.boundingBox())!;
      await page.mouse.move(x + width * 0.62, y + 200);
      await expect.poll(() => box.getByText(`${years[3]}年`).count()).toBeGreaterThan(0);
      await context.close();

      // Reached by a link there is no server drawing: the interactive chart loads once in view.
      const linked = await browser.newPage();
      await linked.page.goto(`${server.url}/popularInquiries`, { waitUntil: 'load' });
      await linked.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      await linked.page.evaluate(() => {
        const state = { usr: null, key: 'linked', idx: 1 };
        window.history.pushState(state, '', '/landDeal');
        window.dispatchEvent(new PopStateEvent('popstate', { state }));
      });
      await linked.page.getByTestId('deals-chart-box').locator('canvas').first().waitFor({ timeout: 30_000 });
      await linked.context.close();
    });
  });

  it('brings its styles inline: no stylesheet request on first load, and client-side navigation fetches only what the next page adds', async () => {
    const { page, context } = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'stylesheet' || req.url().endsWith('.css')) requested.push(new URL(req.url()).pathname);
    });
    await page.goto(`${server.url}/home`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
    expect(requested).toEqual([]);
    const inlined = await page.evaluate(() => Array.from(document.querySelectorAll('style[data-href]')).flatMap((e) => (e.getAttribute('data-href') ?? '').split(' ')));
    expect(inlined.length).toBeGreaterThan(0);
    await page.locator('a[href="/popularInquiries"]').first().click();
    await page.getByRole('heading', { level: 1, name: '通知公告' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Vite's chunk loader neither fetches an inlined stylesheet again nor appends it after the new page's.
    expect(requested.filter((href) => inlined.includes(href))).toEqual([]);
    const appended = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="stylesheet"]:not([disabled])')).map((e) => new URL((e as HTMLLinkElement).href).pathname));
    expect(appended.filter((href) => inlined.includes(href))).toEqual([]);
    await context.close();
  });

  it('sends phones opening / or /index to the mobile home page before any desktop page loads', async () => {
    for (const path of ['/', '/index']) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'user-agent': PHONE_UA }, redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/mobileindex');
    }
    // A map search shared from a computer keeps its filters on the phone (/mobileindex reads the same ones).
    const shared = await fetch(`${server.url}/index?areacode=LJ02&state=listed`, { headers: { 'user-agent': PHONE_UA }, redirect: 'manual' });
    expect(shared.status).toBe(302);
    expect(shared.headers.get('location')).toBe('/mobileindex?areacode=LJ02&state=listed');
    const desktop = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(desktop.status).toBe(302);
    expect(desktop.headers.get('location')).toBe('/home');
  });

  it('answers a page address it cannot take with a page of its own, not the API\'s JSON; the API still answers JSON', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const path of ['/landListing?areacode=%00', '/search/%E0%A4%A']) {
      const res = await fetch(`${server.url}${path}`, { headers: html });
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      const body = await res.text();
      expect(body).toContain('<h1>无法打开此地址</h1>');
      expect(body).toContain('<a href="/">返回首页</a>');
    }
    // A backslash typed into the global search is a search like any other.
    const searched = await fetch(`${server.url}/search/a%5Cb`, { headers: html });
    expect(searched.status).toBe(200);
    expect(await searched.text()).toContain('“a\\b”的搜索结果');
    const api = await fetch(`${server.url}/openApi/selectLandInfoListPage?areacode=%00`, { headers: html });
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(((await api.json()) as { code: string }).code).toBe('A0400');
    const badUrl = await fetch(`${server.url}/openApi/x%E0%A4%A`);
    expect(await badUrl.json()).toEqual({ code: 'A0400', msg: '请求地址不正确', data: null });
  });

  it('answers an unknown public address with the not-found page and 404', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('data-testid="not-found"');
    expect(html).toMatch(/<title>页面不存在/);
  });

  it('answers an unknown notice or district with the not-found page and 404', async () => {
    for (const [url, title] of [
      ['/tzggDetail/no-such-notice', '公告不存在'],
      [`/pqPositionDetail/${encodeURIComponent('没有这个片区')}`, '片区不存在'],
    ]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      const html = decode(await res.text());
      expect(html).toContain('data-testid="not-found"');
      expect(html).toMatch(new RegExp(`<title>${title}`));
    }
  });

  it('answers an unpublished or unknown parcel with 404 and nothing of the parcel', async () => {
    const db = new SQLite(path.join(server.dataDir, 'land.db'), { readonly: true });
    const draft = db.prepare("SELECT id, dkmc, dkbh FROM t_landinfo WHERE status = 'draft' AND dkmc IS NOT NULL LIMIT 1").get() as { id: string; dkmc: string; dkbh: string };
    db.close();
    for (const url of [`/mapMoreDetails/${draft.id}`, `/landTransactionDetails/${draft.id}`, '/mapMoreDetails/no-such-parcel', `/mobileMoreDetails/${draft.id}`, `/xcxmobileMoreDetails/${draft.id}`]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      const html = decode(await res.text());
      expect(html).toContain('data-testid="not-found"');
      expect(html).toMatch(/<title>地块不存在/);
      expect(html).not.toContain(draft.dkmc);
      expect(html).not.toContain(draft.dkbh);
    }
  });

  it('shows a parcel named like a script as text, and its embedded data cannot end the data element', async () => {
    const evil = '</script><script>alert(1)</script>';
    const db = new SQLite(path.join(server.dataDir, 'land.db'));
    const original = db.prepare('SELECT dkmc FROM t_landinfo WHERE id = ?').get(demo.available.id) as { dkmc: string };
    db.prepare('UPDATE t_landinfo SET dkmc = ? WHERE id = ?').run(evil, demo.available.id);
    try {
      const res = await fetch(`${server.url}/mapMoreDetails/${demo.available.id}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      // The heading shows the name as text (escaped), the title and share card too.
      expect(html).toContain('<h1 class="');
      expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
      expect(html).not.toContain('<script>alert(1)');
      // Exactly one data element, closed once, whose content parses back to the name.
      const data = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html);
      expect(data).not.toBeNull();
      expect(data![1]).not.toMatch(/<\/?script/i);
      expect(JSON.stringify(JSON.parse(data![1]))).toContain(JSON.stringify(evil).slice(1, -1));
      // In the browser: the name is text and no script of it ran.
      const { page, context } = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`${server.url}/mapMoreDetails/${demo.available.id}`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      expect(await page.getByTestId('parcel-name').textContent()).toBe(evil);
      expect(dialogs).toEqual([]);
      await context.close();
    } finally {
      db.prepare('UPDATE t_landinfo SET dkmc = ? WHERE id = ?').run(original.dkmc, demo.available.id);
      db.close();
    }
  });

  it('keeps the back office within its JavaScript budget', () => {
    const manifest = readManifest();
    const seen = new Set<string>();
    const stack = ['index.html', 'src/app/management/ManagementLayout.tsx', 'src/features/analysis/AnalysisPage.tsx'];
    while (stack.length) {
      const key = stack.pop()!;
      if (seen.has(key)) continue;
      expect(manifest[key], key).toBeDefined();
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []));
    }
    const total = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sentBytes(f), 0);
    console.log(`back office (analysis): ${(total / KiB).toFixed(1)} KiB of JavaScript (brotli)`);
    expect(total).toBeLessThanOrEqual(BACK_OFFICE_BUDGET);
  });

  /**
   * A visitor may type or choose before the page has hydrated (its scripts come after the first
   * paint). The words stay in the box, and once the page is live its search runs with them; it
   * neither ignores them nor clears them.
   */
  describe('what a visitor types before the page hydrates', () => {
    /**
     * A page whose app arrives late, typed into while it is on its way: painted, its scripts asked
     * for (the boot script runs), the app's entry held back 1.5 s. With `held: 'boot'` the boot
     * script itself is held back instead (a slow phone types before any script has run).
     */
    const beforeHydration = async (path: string, userAgent: string | undefined, act: (page: Page) => Promise<void>, held: 'entry' | 'boot' = 'entry') => {
      const { page, context } = await browser.newPage({ viewport: { width: 412, height: 915 }, userAgent });
      let entryAsked: () => void = () => undefined;
      const asked = new Promise<void>((resolve) => (entryAsked = resolve));
      // The boot script by its name in the manifest (its hash may hold a '-', like the chunks named public-…).
      const boot = `/${readManifest()['src/public/boot.ts']!.file}`;
      await page.route(held === 'entry' ? /\/assets\/entry-client-[^/]+\.js$/ : (url) => url.pathname === boot, async (route) => {
        entryAsked();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
      await asked;
      await act(page);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'not yet')).toBe('not yet');
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      return { page, context };
    };

    it('home: the search runs with the words typed', async () => {
      const { page, context } = await beforeHydration('/home', undefined, (p) => p.getByRole('searchbox', { name: '全局搜索' }).pressSequentially('工业'));
      try {
        const box = page.getByRole('searchbox', { name: '全局搜索' });
        expect(await box.inputValue()).toBe('工业');
        await box.press('Enter');
        await page.waitForURL((u) => decodeURIComponent(u.pathname) === '/search/工业');
        expect(await page.getByRole('searchbox', { name: '全局搜索' }).inputValue()).toBe('工业');
      } finally {
        await context.close();
      }
    });

    it('home: Enter pressed before the page is live searches once it is, with the words typed', async () => {
      const { page, context } = await beforeHydration('/home', undefined, async (p) => {
        const box = p.getByRole('searchbox', { name: '全局搜索' });
        await box.pressSequentially('物流');
        await box.press('Enter');
      });
      try {
        await page.waitForURL((u) => decodeURIComponent(u.pathname) === '/search/物流');
        expect(await page.getByRole('searchbox', { name: '全局搜索' }).inputValue()).toBe('物流');
      } finally {
        await context.close();
      }
    });

    it('mobile index: the words stay in the box and the list is searched with them', async () => {
      const { page, context } = await beforeHydration('/mobileindex', PHONE_UA, (p) => p.getByTestId('mobile-keyword').pressSequentially(demo.available.dkmc));
      try {
        const box = page.getByTestId('mobile-keyword');
        await box.press('Enter');
        await page.waitForURL((u) => u.searchParams.get('keyword') === demo.available.dkmc);
        expect(await box.inputValue()).toBe(demo.available.dkmc);
      } finally {
        await context.close();
      }
    });

    it('mobile index: words pasted before any script has run stay in the box and are searched', async () => {
      const { page, context } = await beforeHydration('/mobileindex', PHONE_UA, (p) => p.getByTestId('mobile-keyword').fill(demo.available.dkmc), 'boot');
      try {
        const box = page.getByTestId('mobile-keyword');
        expect(await box.inputValue()).toBe(demo.available.dkmc);
        await box.press('Enter');
        await page.waitForURL((u) => u.searchParams.get('keyword') === demo.available.dkmc);
        expect(await box.inputValue()).toBe(demo.available.dkmc);
      } finally {
        await context.close();
      }
    });

    it('a tap on 加入对比 before the page is live takes effect once it is', async () => {
      const { page, context } = await beforeHydration(`/mapMoreDetails/${encodeURIComponent(demo.available.id)}`, undefined, (p) => p.getByTestId('compare-button').first().click());
      try {
        await page.getByTestId('compare-button').first().getByText('已加入对比').waitFor();
      } finally {
        await context.close();
      }
    });

    it('the question form: 提交咨询 tapped before the page is live sends the question once it is, as typed', async () => {
      const title = `早提交的咨询${Date.now() % 100000}`;
      const { page, context } = await beforeHydration('/consultingServices', undefined, async (p) => {
        await p.getByTestId('ask-title').pressSequentially(title);
        await p.getByTestId('ask-content').pressSequentially('请问出让金可否分期缴纳？');
        await p.getByPlaceholder('请输入姓名').pressSequentially('赵先生');
        await p.getByPlaceholder('手机或固定电话').pressSequentially('13900001234');
        await p.getByTestId('ask-submit').click();
      });
      try {
        await page.getByTestId('toasts').getByText(/提交成功/).waitFor();
        // Sent once, with every field as typed.
        const db = new SQLite(path.join(server.dataDir, 'land.db'), { readonly: true });
        try {
          const rows = db.prepare('SELECT content, askerName, askerPhone FROM t_problem WHERE title = ?').all(title);
          expect(rows).toEqual([{ content: '请问出让金可否分期缴纳？', askerName: '赵先生', askerPhone: '13900001234' }]);
        } finally {
          db.close();
        }
      } finally {
        await context.close();
      }
    });

    it('a choice in a select applies once the page is live', async () => {
      const { page, context } = await beforeHydration('/landDeal', undefined, async (p) => {
        const district = p.getByRole('combobox', { name: '片区' });
        const value = await district.locator('option').nth(1).getAttribute('value');
        await district.selectOption(value!);
      });
      try {
        const district = page.getByRole('combobox', { name: '片区' });
        const chosen = await district.inputValue();
        expect(chosen).not.toBe('');
        await page.waitForURL((u) => u.searchParams.get('areacode') === chosen);
        // The select follows the address, which the router updates a moment after the change.
        await expect.poll(() => district.inputValue()).toBe(chosen);
      } finally {
        await context.close();
      }
    });
  });

  it('sends hashed assets precompressed (brotli, else gzip) and cacheable for a year', async () => {
    const html = await (await fetch(`${server.url}/home`)).text();
    const file = announcedScripts(html).sort((a, b) => sentBytes(b) - sentBytes(a))[0];
    for (const [accept, encoding, suffix] of [
      ['br, gzip', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ]) {
      const res = await fetch(`${server.url}/${file}`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(Number(res.headers.get('content-length'))).toBe(fs.statSync(path.join(webDist, `${file}${suffix}`)).size);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
  });

  it('keeps the back office on the client-rendered app', async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('ssr-data');
  });
});
