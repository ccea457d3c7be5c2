/**
 * fileToGeoJson against GDAL: converts one zipped shapefile of 100,000 parcels to GeoJSON with
 * the platform's code (in process, and through the HTTP route of a running app) and with
 * `ogr2ogr -f GeoJSON`, in the same run, and prints the times and the ratio (goal: ≤ 2×).
 *
 *   npm run bench:gis -w @land/bench            (BENCH_FEATURES=20000 for a quicker look)
 *
 * The shapefile is generated once and cached under bench/.cache (gitignored).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ParcelGeometry, Position } from '@land/shared/geo/index';
import { buildApp } from '@land/server/app';
import { loadConfig } from '@land/server/config';
import { migrateToLatest, openDatabase } from '@land/server/db/database';
import { ShapefileZipWriter } from '@land/server/gis/index';
import { convertToGeoJson } from '@land/server/services/gisExchange';

const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE = path.join(here, '..', '.cache');
const COUNT = Number(process.env.BENCH_FEATURES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** A deterministic pseudo-random sequence, so the cached file is the same on every machine. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * 100,000 parcels on a grid around the zone, each an 8-vertex outline (a jittered rectangle
 * with a point on each side) — about what a surveyed industrial parcel has — with Chinese
 * attributes as a land office's layer carries them.
 */
function generate(file: string): void {
  const random = rng(20240601);
  const writer = new ShapefileZipWriter(
    [
      { key: 'DKBH', dbfName: 'DKBH', label: '宗地编号', type: 'string', width: 20 },
      { key: 'DKMC', dbfName: 'DKMC', label: '地块名称', type: 'string', width: 60 },
      { key: 'TDYT', dbfName: 'TDYT', label: '土地用途', type: 'string', width: 24 },
      { key: 'TDMJ', dbfName: 'TDMJ', label: '土地面积', type: 'number', width: 14, decimals: 2 },
      { key: 'QSJ', dbfName: 'QSJ', label: '起始价', type: 'number', width: 14, decimals: 2 },
    ],
    { baseName: 'parcels' },
  );
  const uses = ['一类工业用地', '二类工业用地', '物流仓储用地', '商业用地', '科研用地'];
  const side = Math.ceil(Math.sqrt(COUNT));
  const cell = 0.003;
  for (let i = 0; i < COUNT; i++) {
    const x0 = 119.8 + (i % side) * cell;
    const y0 = 29.8 + Math.floor(i / side) * cell;
    const j = () => (random() - 0.5) * cell * 0.1;
    const w = cell * (0.6 + random() * 0.3);
    const h = cell * (0.6 + random() * 0.3);
    const ring: Position[] = [
      [x0 + j(), y0 + j()],
      [x0 + w / 2 + j(), y0 + j()],
      [x0 + w + j(), y0 + j()],
      [x0 + w + j(), y0 + h / 2 + j()],
      [x0 + w + j(), y0 + h + j()],
      [x0 + w / 2 + j(), y0 + h + j()],
      [x0 + j(), y0 + h + j()],
      [x0 + j(), y0 + h / 2 + j()],
    ];
    ring.push(ring[0]);
    const geometry: ParcelGeometry = { type: 'Polygon', coordinates: [ring] };
    writer.add(geometry, {
      DKBH: `LJ${String(i).padStart(6, '0')}`,
      DKMC: `临江经开区第${i + 1}号地块`,
      TDYT: uses[i % uses.length],
      TDMJ: Math.round(w * h * 1.1e10) / 100,
      QSJ: Math.round(random() * 500000) / 100,
    });
  }
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, writer.finish());
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function time(label: string, fn: () => Promise<void> | void): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  const m = median(ms);
  console.log(`${label.padEnd(34)} median ${(m / 1000).toFixed(2)} s   (runs: ${ms.map((x) => (x / 1000).toFixed(2)).join(', ')})`);
  return m;
}

async function main(): Promise<void> {
  const file = path.join(CACHE, `parcels-${COUNT}.zip`);
  if (!fs.existsSync(file)) {
    console.log(`Generating ${COUNT} parcels → ${path.relative(process.cwd(), file)} …`);
    generate(file);
  }
  const buf = fs.readFileSync(file);
  const out = path.join(os.tmpdir(), `land-bench-${process.pid}`);
  fs.mkdirSync(out, { recursive: true });
  console.log(`Input: ${COUNT} polygons, ${(buf.length / 1024 / 1024).toFixed(1)} MB zipped shapefile; ${RUNS} runs each, median\n`);

  // Both sides produce a GeoJSON file on disk, as ogr2ogr does.
  let features = 0;
  const inProcess = await time('platform, in process', async () => {
    const result = await convertToGeoJson(buf, 'parcels.zip', { maxFileBytes: 100 * 1024 * 1024, maxUncompressedBytes: 500 * 1024 * 1024 });
    features = result.features.length;
    fs.writeFileSync(path.join(out, 'platform.geojson'), JSON.stringify(result));
  });
  if (features !== COUNT) throw new Error(`expected ${COUNT} features, got ${features}`);

  const handle = openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(handle.db);
  const app = await buildApp({ db: handle.db, dialect: handle.dialect, config: { ...loadConfig({}), dataDir: out, webDist: path.join(out, 'no-web'), logLevel: 'silent' } }, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let answer = '';
  const viaHttp = await time('platform, HTTP route', async () => {
    const form = new FormData();
    form.append('file', new Blob([buf]), 'parcels.zip');
    const res = await fetch(`${address}/openApi/ConvertController/fileToGeoJson`, { method: 'POST', body: form });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    answer = `${(text.length / 1024 / 1024).toFixed(1)} MB of JSON, sent with content-encoding ${res.headers.get('content-encoding') ?? 'none'}`;
    fs.writeFileSync(path.join(out, 'http.geojson'), text);
  });
  console.log(`${''.padEnd(34)} (the answer: ${answer})`);
  await app.close();
  await handle.destroy();

  const gdal = spawnSync('ogr2ogr', ['--version'], { encoding: 'utf8' });
  if (gdal.status !== 0) {
    console.log('\nogr2ogr not found (apt-get install gdal-bin): no comparison');
    return;
  }
  const target = path.join(out, 'gdal.geojson');
  const ogr = await time('ogr2ogr -f GeoJSON', () => {
    fs.rmSync(target, { force: true });
    const res = spawnSync('ogr2ogr', ['-f', 'GeoJSON', target, `/vsizip/${file}`], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`ogr2ogr failed: ${res.stderr}`);
  });
  fs.rmSync(out, { recursive: true, force: true });

  console.log(`\n${gdal.stdout.trim()}`);
  console.log(`ratio in process / ogr2ogr: ${(inProcess / ogr).toFixed(2)}×   (goal ≤ 2×)`);
  console.log(`ratio HTTP route / ogr2ogr: ${(viaHttp / ogr).toFixed(2)}×`);
}

await main();
