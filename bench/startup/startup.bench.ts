/**
 * Start-up of the server compiled (`npm start`: node packages/server/dist/main.js) against the
 * same sources run through tsx (`npm run dev` without watch): time from spawning the process to
 * the first answered /healthz, and the process's RSS once idle. Each run starts on a database
 * that is already migrated (a restart, as in production), SQLite in a temporary DATA_DIR or the
 * PostgreSQL of BENCH_DATABASE_URL.
 *
 *   npm run bench:startup -w @land/bench
 *   BENCH_RUNS=3 BENCH_IDLE_SECONDS=5 npm run bench:startup -w @land/bench
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../packages/server/test/helpers/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startOnce(args: string[], dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', ADMIN_PASSWORD: 'Admin@12345', LOG_LEVEL: 'warn', SCHEDULER: '0' };
  if (DATABASE_URL) env.DATABASE_URL = DATABASE_URL;
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
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
execFileSync('npm', ['run', 'build', '-w', '@land/server'], { cwd: root, stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-startup-'));
const modes = [
  { name: 'compiled (node dist/main.js)', args: ['dist/main.js'] },
  { name: 'tsx (node --import tsx src/main.ts)', args: ['--import', 'tsx', 'src/main.ts'] },
];
try {
  // The first start creates and migrates the database; the measured ones are restarts.
  await startOnce(modes[0].args, dataDir);
  const results = new Map<string, { ms: number[]; rss: number[] }>(modes.map((m) => [m.name, { ms: [], rss: [] }]));
  for (let i = 0; i < RUNS; i++) {
    // Alternated, so a change in the machine's load touches both the same way.
    for (const mode of modes) {
      const r = await startOnce(mode.args, dataDir);
      results.get(mode.name)!.ms.push(r.ms);
      results.get(mode.name)!.rss.push(r.rss);
    }
  }
  console.log(`\n${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, median of ${RUNS} starts, RSS after ${IDLE_SECONDS} s idle`);
  console.log('| start | to first /healthz | idle RSS |\n|---|---|---|');
  for (const [name, r] of results) console.log(`| ${name} | ${median(r.ms).toFixed(0)} ms | ${median(r.rss).toFixed(0)} MB |`);
  console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
