/**
 * Initial JavaScript per route class of SPEC §2, from the Vite manifest of packages/web/dist:
 * what the browser must download (gzipped) before a route can render. That is the entry chunk
 * with its static imports (the modulepreload graph Vite writes into index.html) plus, for the
 * route, the lazily loaded layout and page modules with their static imports. Code a page loads
 * later (a map or chart component behind React.lazy) is listed apart as "on first render".
 *
 *   npm run bench:bundle -w @land/bench               # builds the web app first
 *   BUNDLE_NO_BUILD=1 npm run bench:bundle -w @land/bench   # reads an existing dist/
 *   npm run bench:bundle -w @land/bench -- --explain  # + what each route's bytes are made of
 *                                                      (a build with source maps in a temp folder)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { explainChunk, packageOf } from './explain';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../../packages/web');
const explain = process.argv.includes('--explain');
const dist = process.env.BUNDLE_DIST
  ? path.resolve(process.env.BUNDLE_DIST)
  : explain
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'land-bundle-'))
    : path.join(webRoot, 'dist');
const KiB = 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteClass {
  name: string;
  path: string;
  goalKiB: number;
  /**
   * The entry the route starts from: the server-rendered public site's browser entry (every
   * public and mobile page), or the client-rendered app of index.html (the back office).
   */
  entry: 'public' | 'app';
  /** Source modules the router loads before the route renders (layout, page); '?' = if present (a layout in a shell chunk, see packages/web/vite.config.ts, has no manifest entry of its own). */
  route: string[];
  /** Modules the page imports lazily and renders at once (maps, charts). */
  onRender?: string[];
}

const PUBLIC_GOAL = 150;
const MAP_SEARCH_GOAL = 270;
/** The public pages' script and the app it loads once the page is painted (both in every first load). */
const PUBLIC_ENTRY = 'src/public/boot.ts';
const PUBLIC_APP = 'src/public/entry-client.tsx';
const MANAGEMENT_GOAL = 400;

const ROUTES: RouteClass[] = [
  { name: '公众端首页', path: '/home', goalKiB: PUBLIC_GOAL, entry: 'public', route: ['?src/app/public/PublicLayout.tsx', 'src/features/public-site/home/HomePage.tsx'] },
  {
    name: '地图找地',
    path: '/index',
    goalKiB: MAP_SEARCH_GOAL,
    entry: 'public',
    route: ['?src/app/public/PublicLayout.tsx', 'src/features/public-map/MapSearchPage.tsx'],
    onRender: ['src/features/public-map/MapSearchMap.tsx'],
  },
  {
    name: '地块详情',
    path: '/mapMoreDetails/:id',
    goalKiB: PUBLIC_GOAL,
    entry: 'public',
    route: ['?src/app/public/PublicLayout.tsx', 'src/features/public-site/parcel/ParcelDetailPage.tsx'],
    onRender: ['src/features/public-map/ParcelMiniMap.tsx'],
  },
  {
    name: '移动端首页',
    path: '/mobileindex',
    goalKiB: PUBLIC_GOAL,
    entry: 'public',
    route: ['?src/features/mobile/MobileLayout.tsx', 'src/features/mobile/MobileIndexPage.tsx'],
  },
  {
    name: '后台（统计分析）',
    path: '/managementSystem/analysis',
    goalKiB: MANAGEMENT_GOAL,
    entry: 'app',
    route: ['src/app/management/ManagementLayout.tsx', 'src/features/analysis/AnalysisPage.tsx'],
    onRender: ['src/features/analysis/echarts.ts'],
  },
];

function build(): void {
  console.log(`building packages/web into ${dist} …`);
  const args = ['vite', 'build', '--manifest', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'];
  if (explain) args.push('--sourcemap');
  execFileSync('npx', args, { cwd: webRoot, stdio: 'inherit' });
}

/** Raw bytes per npm package (or app folder) over a set of chunks, largest first. */
function composition(manifest: Manifest, keys: Iterable<string>): [string, number][] {
  const byPackage = new Map<string, number>();
  for (const key of keys) {
    const file = path.join(dist, manifest[key].file);
    if (!file.endsWith('.js') || !fs.existsSync(`${file}.map`)) continue;
    for (const part of explainChunk(fs.readFileSync(file, 'utf8'), fs.readFileSync(`${file}.map`, 'utf8'))) {
      const name = packageOf(part.source);
      byPackage.set(name, (byPackage.get(name) ?? 0) + part.bytes);
    }
  }
  return [...byPackage.entries()].sort((a, b) => b[1] - a[1]);
}

function readManifest(): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build with --manifest (run without BUNDLE_NO_BUILD)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

const gzCache = new Map<string, { raw: number; gz: number; br: number }>();
function sizeOf(file: string): { raw: number; gz: number; br: number } {
  let s = gzCache.get(file);
  if (!s) {
    const buf = fs.readFileSync(path.join(dist, file));
    // Brotli as the build writes it beside each asset (what the server sends to browsers that take it).
    const br = brotliCompressSync(buf, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
    s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length, br: buf.length < 1024 ? buf.length : br };
    gzCache.set(file, s);
  }
  return s;
}

/** A chunk and everything it imports statically (what loading it makes the browser fetch). */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  const stack = keys.flatMap((k) => (k.startsWith('?') ? (manifest[k.slice(1)] ? [k.slice(1)] : []) : [k]));
  while (stack.length) {
    const key = stack.pop()!;
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (renamed? update bench/bundle/bundle.bench.ts)`);
    into.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return into;
}

function jsTotal(manifest: Manifest, keys: Iterable<string>): { raw: number; gz: number; br: number; files: { file: string; gz: number }[] } {
  let raw = 0;
  let gz = 0;
  let br = 0;
  const files: { file: string; gz: number }[] = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const s = sizeOf(file);
    raw += s.raw;
    gz += s.gz;
    br += s.br;
    files.push({ file, gz: s.gz });
  }
  return { raw, gz, br, files: files.sort((a, b) => b.gz - a.gz) };
}

const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;

function main(): void {
  if (!process.env.BUNDLE_NO_BUILD) build();
  const manifest = readManifest();
  const entries = { app: 'index.html', public: PUBLIC_ENTRY };
  const entrySets = { app: closure(manifest, [entries.app]), public: closure(manifest, [entries.public, PUBLIC_APP]) };
  for (const which of ['app', 'public'] as const) {
    const entryJs = jsTotal(manifest, entrySets[which]);
    console.log(`\nentry ${manifest[entries[which]].file} + static imports: ${kib(entryJs.gz)} gzipped (${kib(entryJs.raw)} raw)`);
    for (const f of entryJs.files) console.log(`  ${kib(f.gz).padStart(10)}  ${f.file}`);
  }

  const rows: string[][] = [];
  let failed = 0;
  for (const r of ROUTES) {
    const initial = closure(manifest, r.route, new Set(entrySets[r.entry]));
    const total = jsTotal(manifest, initial);
    const later = r.onRender ? jsTotal(manifest, [...closure(manifest, r.onRender)].filter((k) => !initial.has(k))) : null;
    // The goal is on bytes as sent: brotli.
    const ratio = total.br / (r.goalKiB * KiB);
    if (ratio > 1) failed += 1;
    rows.push([r.name, r.path, r.entry === 'public' ? 'server' : 'browser', kib(total.gz), kib(total.br), `${r.goalKiB} KiB`, `${ratio.toFixed(2)}×`, ratio <= 1 ? 'met' : 'MISSED', later ? `+${kib(later.gz)}` : '–']);
    console.log(`\n${r.name} ${r.path}: ${kib(total.gz)} gzipped (${kib(total.br)} brotli) JS before first render`);
    for (const f of total.files) console.log(`  ${kib(f.gz).padStart(10)}  ${f.file}`);
    if (later) console.log(`  then on first render: ${kib(later.gz)} (${later.files.map((f) => f.file).join(', ')})`);
    if (explain) {
      console.log('  made of (raw bytes, before gzip):');
      for (const [name, bytes] of composition(manifest, initial).slice(0, 15)) console.log(`  ${kib(bytes).padStart(10)}  ${name}`);
    }
  }
  const head = ['route class', 'path', 'rendered', 'initial JS (gzip)', '(brotli)', 'goal', 'ratio', '', 'lazy on render'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(head)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const r of rows) console.log(line(r));
  console.log(failed ? `\n${failed} route class(es) over the goal` : '\nevery route class within its goal');
}

main();
