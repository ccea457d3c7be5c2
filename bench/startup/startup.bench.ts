/**
 * Start-up of the server compiled (`npm start`: node packages/server/dist/main.js) against the
 * same sources run through tsx (`npm run dev` without watch): time from spawning the process to
 * the first answered /healthz, the process's RSS once idle and its CPU while idle (ms per
 * second). Each run starts on a database that is already migrated (a restart, as in
 * production), SQLite in a temporary DATA_DIR or the PostgreSQL of BENCH_DATABASE_URL.
 *
 * BENCH_STARTUP_PARCELS=N starts on the existing benchmark databases of N generated parcels
 * instead (bench/.cache/search-N/land.db and PostgreSQL schema bench_N, made by bench:search;
 * BENCH_DB picks sqlite, postgres or both), and first prints one start after the tile index's
 * start-up mark was removed: the whole check a start makes after a bulk load.
 *
 *   npm run bench:startup -w @land/bench
 *   BENCH_RUNS=3 BENCH_IDLE_SECONDS=5 npm run bench:startup -w @land/bench
 *   BENCH_STARTUP_PARCELS=1000000 BENCH_RUNS=3 npm run bench:startup -w @land/bench
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import Database from 'better-sqlite3';
import { TILE_INDEX_MARK } from '@land/server/db/ddl/tiles';
import { freePort } from '../../packages/server/test/helpers/server';
import { CACHE, PG_URL, benchDialects } from '../search/common';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const EXISTING = process.env.BENCH_STARTUP_PARCELS ? Number(process.env.BENCH_STARTUP_PARCELS) : undefined;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Target {
  name: string;
  dataDir: string;
  databaseUrl?: string;
  /** Removes the tile index's start-up mark (the next start checks the whole index). */
  unmark?: () => Promise<void>;
  dispose(): void;
}

/** CPU time of a process so far (user and system), ms: fields 14 and 15 of /proc/<pid>/stat, in clock ticks. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(args: string[], target: Target): Promise<{ ms: number; rss: number; idleCpu: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', ADMIN_PASSWORD: 'Admin@12345', LOG_LEVEL: 'warn', SCHEDULER: '0' };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: path.join(root, 'packages/server'), env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${args.join(' ')})`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    // CPU while idle over the second half of the idle wait (after start-up's own work has settled).
    await new Promise((r) => setTimeout(r, (IDLE_SECONDS * 1000) / 2));
    const cpu0 = cpuMs(child.pid!);
    await new Promise((r) => setTimeout(r, (IDLE_SECONDS * 1000) / 2));
    return { ms, rss: rssMb(child.pid!), idleCpu: (cpuMs(child.pid!) - cpu0) / (IDLE_SECONDS / 2) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

function targets(): Target[] {
  if (EXISTING === undefined) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-startup-'));
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    return [{ name: databaseUrl ? 'PostgreSQL' : 'SQLite', dataDir, databaseUrl, dispose: () => fs.rmSync(dataDir, { recursive: true, force: true }) }];
  }
  const dataDir = path.join(CACHE, `search-${EXISTING}`);
  return benchDialects().map((dialect): Target => {
    const name = `${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${EXISTING.toLocaleString('en-US')} parcels`;
    if (dialect === 'sqlite') {
      const file = path.join(dataDir, 'land.db');
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: run bench:search with BENCH_PARCELS=${EXISTING} first`);
      return {
        name,
        dataDir,
        unmark: async () => {
          const db = new Database(file);
          db.prepare('delete from t_cache_version where name = ?').run(TILE_INDEX_MARK);
          db.close();
        },
        dispose: () => undefined,
      };
    }
    const schema = `bench_${EXISTING}`;
    return {
      name,
      dataDir,
      databaseUrl: `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      unmark: async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`delete from ${schema}.t_cache_version where name = $1`, [TILE_INDEX_MARK]);
        await c.end();
      },
      dispose: () => undefined,
    };
  });
}

console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
execFileSync('npm', ['run', 'build', '-w', '@land/server'], { cwd: root, stdio: 'inherit' });
const modes = [
  { name: 'compiled (node dist/main.js)', args: ['dist/main.js'] },
  { name: 'tsx (node --import tsx src/main.ts)', args: ['--import', 'tsx', 'src/main.ts'] },
];
for (const target of targets()) {
  try {
    // The first start creates and migrates the database (or, on an existing one, checks the
    // whole tile index when its mark is gone); the measured ones are restarts.
    await target.unmark?.();
    const first = await startOnce(modes[0].args, target);
    if (target.unmark) console.log(`\n${target.name}: first start after the tile index mark was removed (whole check), compiled: ${first.ms.toFixed(0)} ms to first /healthz`);
    const results = new Map<string, { ms: number[]; rss: number[]; idleCpu: number[] }>(modes.map((m) => [m.name, { ms: [], rss: [], idleCpu: [] }]));
    for (let i = 0; i < RUNS; i++) {
      // Alternated, so a change in the machine's load touches both the same way.
      for (const mode of modes) {
        const r = await startOnce(mode.args, target);
        results.get(mode.name)!.ms.push(r.ms);
        results.get(mode.name)!.rss.push(r.rss);
        results.get(mode.name)!.idleCpu.push(r.idleCpu);
      }
    }
    console.log(`\n${target.name}, median of ${RUNS} restarts, RSS after ${IDLE_SECONDS} s idle, CPU over its second half (load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')})`);
    console.log('| start | to first /healthz | idle RSS | idle CPU |\n|---|---|---|---|');
    for (const [name, r] of results) console.log(`| ${name} | ${median(r.ms).toFixed(0)} ms | ${median(r.rss).toFixed(0)} MB | ${median(r.idleCpu).toFixed(1)} ms/s |`);
  } finally {
    target.dispose();
  }
}
console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
