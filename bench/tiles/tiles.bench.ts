/**
 * Vector tiles at scale: random tiles at zooms 10–16 over the generated parcels, from the
 * platform's /openApi/tiles/parcels endpoint and (on PostgreSQL) from a bare Fastify route
 * running the textbook PostGIS ST_AsMVT query on the same rows (bench/tiles/bare.ts).
 * For each: cold p50/p99 (first request of each tile, fresh process, one at a time), warm
 * p50/p99 (the same tiles again), the largest tile, and throughput at 50 connections.
 * Goals: warm p99 ≤ 20 ms, cold p99 ≤ 150 ms, no tile over 500 KB, throughput ≥ PostGIS.
 *
 *   npm run bench:tiles -w @land/bench
 *   BENCH_PARCELS=100000 BENCH_DB=postgres BENCH_SECONDS=10 npm run bench:tiles -w @land/bench
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { tileOf } from '@land/server/services/tiles/mvt';
import { PARCELS, ROOT, benchDatabase, benchDialects, fmt, startPlatform, startProcess, type BenchDb } from '../search/common';

const TILES = Number(process.env.BENCH_TILES ?? 700);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LIMIT = 500 * 1024;

/** Distinct tiles around random published parcels, evenly over zooms 10–16. */
async function sampleTiles(db: BenchDb): Promise<string[]> {
  const rows = await sql<{ lon: number; lat: number }>`select "centerLon" as lon, "centerLat" as lat from t_landinfo
    where status = 'published' and "centerLon" is not null order by random() limit ${TILES * 2}`.execute(db.handle.db);
  const seen = new Set<string>();
  const out: string[] = [];
  rows.rows.forEach((r, i) => {
    if (out.length >= TILES) return;
    const t = tileOf(Number(r.lon), Number(r.lat), 10 + (i % 7));
    const key = `${t.z}/${t.x}/${t.y}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(key);
  });
  return out;
}

interface Pass {
  p50: number;
  p99: number;
  maxBytes: number;
  over: number;
  empty: number;
  errors: number;
  /** p99 per zoom level. */
  byZoom: Record<number, number>;
  /** p50/p99 of the control route asked after each tile, when there is one. */
  control?: { p50: number; p99: number };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Each tile once, one request at a time (latency without queueing). With `control`, that
 * route (/healthz) is asked after each tile: its p99 is the tail the machine adds to any
 * request, measured in the same conditions.
 */
async function pass(base: string, tiles: string[], route: (t: string) => string, control?: string): Promise<Pass> {
  const times: number[] = [];
  const controlTimes: number[] = [];
  const zoomTimes: Record<number, number[]> = {};
  let maxBytes = 0;
  let over = 0;
  let empty = 0;
  let errors = 0;
  for (const t of tiles) {
    const started = performance.now();
    const res = await fetch(`${base}${route(t)}`);
    const body = new Uint8Array(await res.arrayBuffer());
    const ms = performance.now() - started;
    times.push(ms);
    (zoomTimes[Number(t.split('/')[0])] ??= []).push(ms);
    if (res.status >= 400) errors += 1;
    if (res.status === 204 || body.length === 0) empty += 1;
    maxBytes = Math.max(maxBytes, body.length);
    if (body.length > LIMIT) over += 1;
    if (control) {
      const at = performance.now();
      await (await fetch(`${base}${control}`)).arrayBuffer();
      controlTimes.push(performance.now() - at);
    }
  }
  times.sort((a, b) => a - b);
  controlTimes.sort((a, b) => a - b);
  const byZoom = Object.fromEntries(Object.entries(zoomTimes).map(([z, list]) => [z, pct(list.sort((a, b) => a - b), 99)]));
  const controlled = control ? { control: { p50: pct(controlTimes, 50), p99: pct(controlTimes, 99) } } : {};
  return { p50: pct(times, 50), p99: pct(times, 99), maxBytes, over, empty, errors, byZoom, ...controlled };
}

async function throughput(base: string, tiles: string[], route: (t: string) => string): Promise<{ rps: number; p99: number; errors: number }> {
  let i = 0;
  const r = await autocannon({
    url: base,
    connections: 50,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: route(tiles[i++ % tiles.length]) }) }],
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

const zooms = (name: string, p: Pass) =>
  `${''.padEnd(22)} ${name} p99 by zoom: ${Object.entries(p.byZoom).map(([z, ms]) => `z${z} ${fmt(ms, 0)}`).join('  ')} ms`;

const row = (name: string, cold: Pass, warm: Pass, tp: { rps: number; p99: number; errors: number }) =>
  `${name.padEnd(22)} cold p50 ${fmt(cold.p50).padStart(6)} p99 ${fmt(cold.p99).padStart(7)} ms │ warm p50 ${fmt(warm.p50).padStart(5)} p99 ${fmt(warm.p99).padStart(6)} ms │ ` +
  `max ${fmt(cold.maxBytes / 1024).padStart(7)} KB (${cold.over} > 500 KB, ${cold.empty} empty) │ ${fmt(tp.rps, 0).padStart(6)} tiles/s (p99 ${fmt(tp.p99, 0)} ms, errors ${cold.errors + warm.errors + tp.errors})`;

async function benchOne(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const db = await benchDatabase(dialect);
  const tiles = await sampleTiles(db);
  await db.handle.destroy();
  console.log(`\n[${dialect}] ${PARCELS.toLocaleString()} parcels, ${tiles.length} distinct tiles at z10–16, throughput over ${SECONDS} s at 50 connections`);

  const platformRoute = (t: string) => `/openApi/tiles/parcels/${t}.pbf`;
  const platform = await startPlatform(db);
  try {
    const cold = await pass(platform.url, tiles, platformRoute);
    const warm = await pass(platform.url, tiles, platformRoute, '/healthz');
    const tp = await throughput(platform.url, tiles, platformRoute);
    console.log(row('platform', cold, warm, tp));
    console.log(zooms('cold', cold));
    console.log(zooms('warm', warm));
    console.log(`${''.padEnd(22)} /healthz asked after each warm tile: p50 ${fmt(warm.control?.p50 ?? 0)} p99 ${fmt(warm.control?.p99 ?? 0)} ms`);
    console.log(`${''.padEnd(22)} server RSS ${fmt(platform.rssMb(), 0)} MB`);
  } finally {
    await platform.stop();
  }
  if (dialect !== 'postgres') return;

  const bareRoute = (t: string) => `/tiles/${t}.pbf`;
  const bare = await startProcess(path.join(ROOT, 'bench/tiles/bare.ts'), { BARE_DB: db.target });
  try {
    const cold = await pass(bare.url, tiles, bareRoute);
    const warm = await pass(bare.url, tiles, bareRoute);
    const tp = await throughput(bare.url, tiles, bareRoute);
    console.log(row('bare PostGIS ST_AsMVT', cold, warm, tp));
    console.log(zooms('cold', cold));
    // The bare route keeps no cache: "warm" is the same query again (the database's pages cached).
    console.log(zooms('warm', warm));
  } finally {
    await bare.stop();
  }
}

for (const dialect of benchDialects()) await benchOne(dialect as 'sqlite' | 'postgres');
console.log('\nGoals: warm p99 ≤ 20 ms, cold p99 ≤ 150 ms, no tile over 500 KB, throughput ≥ bare PostGIS.');
process.exit(0);
