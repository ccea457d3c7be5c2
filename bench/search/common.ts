/**
 * What the search, memory and import benchmarks share: a database of generated parcels (made
 * once per size and kept: bench/.cache/search-<N>/land.db, PostgreSQL schema bench_<N>), server
 * processes started like `npm start`, and the request mix of the public parcel search.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DbHandle, type DialectName } from '@land/server/db/database';
import { createScaleIndexes, dropScaleIndexes } from '@land/server/db/migrations/007_scale';
import { BULK_LOAD_INDEXES } from '@land/server/db/migrations/016_public_figures';
import { generateParcels, layoutDistricts } from '@land/server/scale/generate';
import { spawnServer } from '../../packages/server/test/helpers/server';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const CACHE = path.join(ROOT, 'bench', '.cache');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN_PASSWORD = 'Bench@12345';

export const PARCELS = Number(process.env.BENCH_PARCELS ?? 1_000_000);
export const PER_DISTRICT = 5000;

export function benchDialects(): DialectName[] {
  return (process.env.BENCH_DB ?? 'sqlite,postgres').split(',').map((d) => d.trim()) as DialectName[];
}

export interface BenchDb {
  dialect: DialectName;
  /** Environment a server process needs to open this database. */
  env: Record<string, string>;
  handle: DbHandle;
  /** For the bare route: the SQLite file, or the PostgreSQL URL with the schema. */
  target: string;
}

const pgUrlWithSchema = (schema: string) => `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/** The database of `PARCELS` generated parcels, generated now if it is not there yet. */
export async function benchDatabase(dialect: DialectName, parcels = PARCELS): Promise<BenchDb> {
  let db: BenchDb;
  const dataDir = path.join(CACHE, `search-${parcels}`);
  fs.mkdirSync(dataDir, { recursive: true });
  if (dialect === 'postgres') {
    const schema = `bench_${parcels}`;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema if not exists ${schema}`);
    await c.end();
    const handle = openDatabase({ databaseUrl: PG_URL, pgSchema: schema, poolSize: 4 });
    await migrateToLatest(handle.db, schema);
    const url = pgUrlWithSchema(schema);
    db = { dialect, handle, env: { DATABASE_URL: url, DATA_DIR: dataDir }, target: url };
  } else {
    const file = path.join(dataDir, 'land.db');
    const handle = openDatabase({ sqliteFile: file });
    await migrateToLatest(handle.db);
    db = { dialect, handle, env: { DATA_DIR: dataDir }, target: file };
  }
  const have = Number(
    (await sql<{ n: number }>`select count(*) as n from t_landinfo where areacode like 'G%'`.execute(db.handle.db)).rows[0]?.n ?? 0,
  );
  if (have < parcels) {
    if (have > 0) throw new Error(`${dialect}: ${have} generated parcels found, ${parcels} wanted: delete bench/.cache/search-${parcels} or schema bench_${parcels}`);
    console.log(`[${dialect}] generating ${parcels.toLocaleString()} parcels (once; kept for later runs)…`);
    const started = Date.now();
    await dropScaleIndexes(db.handle.db, BULK_LOAD_INDEXES);
    let last = 0;
    await generateParcels(db.handle.db, dialect, {
      parcels,
      perDistrict: PER_DISTRICT,
      onProgress(done, total) {
        if (Date.now() - last < 10_000 && done < total) return;
        last = Date.now();
        console.log(`  ${done.toLocaleString()} / ${total.toLocaleString()}  ${((Date.now() - started) / 1000).toFixed(0)} s`);
      },
    });
    await createScaleIndexes(db.handle.db, BULK_LOAD_INDEXES);
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze t_landinfo, t_land_jyst, t_area' : 'analyze').execute(db.handle.db);
    console.log(`[${dialect}] generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return db;
}

export interface Proc {
  url: string;
  pid: number;
  /** Resident set size now, MB (from /proc). */
  rssMb(): number;
  /** What the process printed (stdout and stderr), for a failure report. */
  output(): string;
  /** CPU time the process has used so far, s (user + system, from /proc): comparable on a busy machine. */
  cpuSeconds(): number;
  /** The same split into user and system (kernel: sockets, syscalls) time, s. */
  cpuSplit(): { user: number; system: number };
  stop(): Promise<void>;
}

/**
 * Starts an entry point as a child process (TypeScript through tsx, `.js` with plain node) and waits for `health` to answer.
 * BENCH_NODE_ARGS adds options to its node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (not
 * allowed in NODE_OPTIONS) to find the hot spots of what a benchmark measures.
 */
export async function startProcess(entry: string, env: Record<string, string>, health = '/healthz'): Promise<Proc> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = await spawnServer({ entry, env, nodeArgs, health, timeoutMs: 180_000, pollMs: 300 });
  const cpuSplit = () => {
    // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name), in clock ticks.
    const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  };
  return {
    url: child.url,
    pid: child.pid,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    output: child.output,
    cpuSeconds() {
      const { user, system } = cpuSplit();
      return user + system;
    },
    cpuSplit,
    stop: child.stop,
  };
}

let compiled: string | undefined;

/**
 * The server's entry as `npm start` runs it: compiled to JavaScript (packages/server/dist, built
 * once per benchmark run) and run by plain node. `BENCH_SERVER=tsx` runs the TypeScript sources
 * through tsx instead (`npm run dev`), to compare.
 */
export function serverEntry(): string {
  if (process.env.BENCH_SERVER === 'tsx') return path.join(ROOT, 'packages/server/src/main.ts');
  if (!compiled) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.join(ROOT, 'packages/server'), stdio: 'inherit' });
    compiled = path.join(ROOT, 'packages/server/dist/main.js');
  }
  return compiled;
}

/** The platform as `npm start` runs it (no demo data, no web app), on a benchmark database. */
export function startPlatform(db: BenchDb, env: Record<string, string> = {}): Promise<Proc> {
  return startProcess(serverEntry(), {
    ...db.env,
    DEMO_DATA: '0',
    ADMIN_PASSWORD,
    WEB_DIST: '/nonexistent',
    SCHEDULER: '0',
    ...env,
  });
}

/** Deterministic pseudo-random sequence: both targets get the same requests. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Query strings of the public parcel search as visitors send them: a first page or a few pages
 * in, filtered by trade state, district, land class (leaf classes, so the platform's sub-class
 * expansion adds nothing), price or area, sometimes sorted by price or visits.
 */
export function searchMix(parcels = PARCELS, count = 500): string[] {
  const r = rng(42);
  const districts = layoutDistricts(Math.max(1, Math.ceil(parcels / PER_DISTRICT)), PER_DISTRICT, 'G').map((d) => d.areacode);
  const classes = ['100101', '100102', '0802', '0901', '070102'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = new URLSearchParams({ pageNo: String(1 + Math.floor(r() ** 3 * 20)), pageSize: '10' });
    const kind = r();
    if (kind < 0.25) q.set('state', ['available', 'listed', 'deal'][Math.floor(r() * 3)]);
    else if (kind < 0.5) q.set('areacode', districts[Math.floor(r() * districts.length)]);
    else if (kind < 0.65) q.set('dlcode', classes[Math.floor(r() * classes.length)]);
    else if (kind < 0.75) {
      const lo = Math.floor(r() * 20_000);
      q.set('priceMin', String(lo));
      q.set('priceMax', String(lo + 2000));
    } else if (kind < 0.85) {
      // Generated parcels measure 27–45 亩: bands of 3 亩 from narrow edges to the busy middle.
      const lo = 26 + Math.floor(r() * 18);
      q.set('areaMin', String(lo));
      q.set('areaMax', String(lo + 3));
    }
    if (r() < 0.2) {
      q.set('orderBy', r() < 0.5 ? 'startingPrice' : 'visitcount');
      q.set('order', 'desc');
    }
    out.push(q.toString());
  }
  return out;
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const CONNECTIONS = 50;

export interface LoadFigures {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon over the request mix; `rate` limits the total request rate (steady load). */
export async function load(baseUrl: string, route: string, mix: string[], options: { rate?: number; seconds: number }): Promise<LoadFigures> {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `${route}?${mix[i++ % mix.length]}` }),
      },
    ],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, requests: result.requests.total, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/** Peak RSS of a process while `work` runs, MB. */
export async function peakRss<T>(proc: Proc, work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = proc.rssMb();
  const timer = setInterval(() => (peak = Math.max(peak, proc.rssMb())), 200);
  try {
    const value = await work();
    return { value, peakMb: Math.max(peak, proc.rssMb()) };
  } finally {
    clearInterval(timer);
  }
}

