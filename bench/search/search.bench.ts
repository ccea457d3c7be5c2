/**
 * Public parcel search at scale: the platform's /openApi/selectLandInfoListPage against a bare
 * Fastify route running the same SQL on the same database with one connection or handle.
 * For each database: p99 latency at a steady rate (goal ≤ 25 ms at 1,000 requests/s) and the
 * highest throughput at 50 connections (goal: at least the bare route's), plus the platform
 * process's peak RSS under that load (goal ≤ 400 MB; bench/memory prints only that).
 *
 *   npm run bench:search -w @land/bench
 *   BENCH_PARCELS=100000 BENCH_DB=sqlite BENCH_SECONDS=10 npm run bench:search -w @land/bench
 *
 * The server CPU per request is printed for the long run and as the median of BENCH_ROUNDS (5)
 * short runs of BENCH_ROUND_SECONDS (6) taken in turn, the figure that holds on a shared machine.
 */
import path from 'node:path';
import { buildApp } from '@land/server/app';
import { loadConfig } from '@land/server/config';
import { openDatabase } from '@land/server/db/database';
import { CACHE, ROOT, benchDatabase, benchDialects, fmt, load, peakRss, searchMix, startPlatform, startProcess, type LoadFigures, type Proc } from './common';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Short maximum-throughput runs of platform and bare route taken in turn, for the CPU ratio's median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 6);
const line = (name: string, f: LoadFigures) =>
  `${name.padEnd(10)} p50 ${fmt(f.p50).padStart(7)} ms  p99 ${fmt(f.p99).padStart(7)} ms  ${fmt(f.rps, 0).padStart(6)} req/s  errors ${f.errors}  non-2xx ${f.non2xx}`;

/**
 * The platform's own work per search, without HTTP or a load generator: the app in this
 * process (Fastify inject), one search at a time over the mix, after one warm-up pass.
 */
async function inProcess(dialect: 'sqlite' | 'postgres', target: string, mix: string[]): Promise<{ median: number; cpu: number }> {
  const handle = dialect === 'postgres' ? openDatabase({ databaseUrl: target, poolSize: 4 }) : openDatabase({ sqliteFile: target });
  const app = await buildApp({ db: handle.db, dialect, config: { ...loadConfig({}), dataDir: path.join(CACHE, 'in-process'), webDist: '/nonexistent', logLevel: 'silent' } }, { logger: false });
  try {
    await app.ready();
    const search = (q: string) => app.inject({ method: 'GET', url: `/openApi/selectLandInfoListPage?${q}` });
    for (const q of mix) await search(q);
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (const q of mix) {
      const t0 = performance.now();
      await search(q);
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], cpu: (cpu.user + cpu.system) / 1000 / mix.length };
  } finally {
    await app.close();
    await handle.destroy();
  }
}

async function benchOne(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const db = await benchDatabase(dialect);
  await db.handle.destroy();
  const mix = searchMix();
  const own = await inProcess(dialect, db.target, mix);
  console.log(`\n[${dialect}] in process, one search at a time: median ${fmt(own.median, 2)} ms, mean CPU ${fmt(own.cpu, 2)} ms per search (goal on SQLite: median ≤ 2 ms)`);
  const platform = await startPlatform(db);
  const bare = await startProcess(path.join(ROOT, 'bench/search/bare.ts'), { BARE_DB: db.target });
  try {
    const platformRoute = '/openApi/selectLandInfoListPage';
    // Warm-up: caches of both databases and both processes' JIT.
    await load(platform.url, platformRoute, mix, { seconds: 3 });
    await load(bare.url, '/search', mix, { seconds: 3 });

    // One request at a time: the time a search takes when nothing queues (server work + one round trip).
    const one = async (base: string, route: string) => {
      const times: number[] = [];
      for (const q of mix) {
        const t0 = performance.now();
        await (await fetch(`${base}${route}?${q}`)).arrayBuffer();
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    };
    const [oneP, oneB] = [await one(platform.url, platformRoute), await one(bare.url, '/search')];
    console.log(`\n[${dialect}] one request at a time (${mix.length} searches): median platform ${fmt(oneP, 2)} ms, bare ${fmt(oneB, 2)} ms`);

    console.log(`\n[${dialect}] steady ${RATE} req/s for ${SECONDS} s (50 connections)`);
    const steady = await peakRss(platform, () => load(platform.url, platformRoute, mix, { rate: RATE, seconds: SECONDS }));
    const bareSteady = await load(bare.url, '/search', mix, { rate: RATE, seconds: SECONDS });
    console.log(line('platform', steady.value));
    console.log(line('bare', bareSteady));

    console.log(`[${dialect}] maximum throughput, 50 connections, ${SECONDS} s`);
    let maxPeak = 0;
    // CPU per request of a server process (ms), user and system (kernel) time apart.
    const perRequest = async (proc: Proc, work: () => Promise<LoadFigures>) => {
      const cpu0 = proc.cpuSplit();
      const figures = await work();
      const cpu1 = proc.cpuSplit();
      const n = Math.max(1, figures.requests);
      const user = ((cpu1.user - cpu0.user) * 1000) / n;
      const system = ((cpu1.system - cpu0.system) * 1000) / n;
      return { figures, user, system, total: user + system };
    };
    const maxP = await perRequest(platform, async () => {
      const run = await peakRss(platform, () => load(platform.url, platformRoute, mix, { seconds: SECONDS }));
      maxPeak = run.peakMb;
      return run.value;
    });
    const maxB = await perRequest(bare, () => load(bare.url, '/search', mix, { seconds: SECONDS }));
    const max = { value: maxP.figures, peakMb: maxPeak };
    const bareMax = maxB.figures;
    console.log(line('platform', max.value));
    console.log(line('bare', bareMax));
    // CPU per request of the server process: the figure that holds when other work shares the machine.
    console.log(
      `  server CPU per request: platform ${fmt(maxP.total, 2)} ms (user ${fmt(maxP.user, 2)}, system ${fmt(maxP.system, 2)}), bare ${fmt(maxB.total, 2)} ms (user ${fmt(maxB.user, 2)}, system ${fmt(maxB.system, 2)}) = ${fmt(maxP.total / maxB.total, 2)}× (goal ≤ 1.2×: ${maxP.total <= 1.2 * maxB.total ? 'met' : 'NOT met'}); the database server's own CPU not included`,
    );

    // One long run of each, one after the other, swings by a third on this shared machine (the
    // load of the other side changes between them): short runs taken in turn, and their median.
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const p = await perRequest(platform, () => load(platform.url, platformRoute, mix, { seconds: ROUND_SECONDS }));
      const b = await perRequest(bare, () => load(bare.url, '/search', mix, { seconds: ROUND_SECONDS }));
      ratios.push(p.total / b.total);
      console.log(`  round ${round}: platform ${fmt(p.total, 2)} ms, bare ${fmt(b.total, 2)} ms per request = ${fmt(p.total / b.total, 2)}×`);
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    console.log(
      `  server CPU per request, median of ${ROUNDS} rounds taken in turn (${ROUND_SECONDS} s each): ${fmt(median, 2)}× the bare route's (goal ≤ 1.2×: ${median <= 1.2 ? 'met' : 'NOT met'}); range ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}×`,
    );

    const rss = Math.max(steady.peakMb, max.peakMb);
    console.log(`[${dialect}] figures against the goals`);
    console.log(`  p99 at ${RATE} req/s: ${fmt(steady.value.p99)} ms (goal ≤ 25 ms: ${steady.value.p99 <= 25 ? 'met' : 'NOT met'}); bare ${fmt(bareSteady.p99)} ms`);
    console.log(
      `  max throughput: ${fmt(max.value.rps, 0)} req/s vs bare ${fmt(bareMax.rps, 0)} req/s = ${fmt(max.value.rps / bareMax.rps, 2)}× (goal ≥ 1×: ${max.value.rps >= bareMax.rps ? 'met' : 'NOT met'})`,
    );
    console.log(`  platform peak RSS under load: ${fmt(rss, 0)} MB (goal ≤ 400 MB: ${rss <= 400 ? 'met' : 'NOT met'})`);
  } finally {
    await platform.stop();
    await bare.stop();
  }
}

const dialects = benchDialects();
for (const d of dialects) await benchOne(d);
process.exit(0);
