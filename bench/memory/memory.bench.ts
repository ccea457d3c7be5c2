/**
 * Server memory under the public search load: the platform process's RSS idle after start,
 * at a steady 1,000 requests/s and at full throughput (50 connections), on the benchmark
 * database of bench/search (generated once). Goal: ≤ 400 MB.
 *
 *   npm run bench:memory -w @land/bench
 *   BENCH_PARCELS=100000 BENCH_DB=sqlite npm run bench:memory -w @land/bench
 */
import { benchDatabase, benchDialects, fmt, load, peakRss, searchMix, startPlatform } from '../search/common';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const route = '/openApi/selectLandInfoListPage';

for (const dialect of benchDialects()) {
  const db = await benchDatabase(dialect);
  await db.handle.destroy();
  const platform = await startPlatform(db);
  try {
    const idle = platform.rssMb();
    const mix = searchMix();
    const steady = await peakRss(platform, () => load(platform.url, route, mix, { rate: RATE, seconds: SECONDS }));
    const max = await peakRss(platform, () => load(platform.url, route, mix, { seconds: SECONDS }));
    const peak = Math.max(steady.peakMb, max.peakMb);
    console.log(`\n[${dialect}] platform RSS: idle ${fmt(idle, 0)} MB, peak at ${RATE} req/s ${fmt(steady.peakMb, 0)} MB, peak at full load ${fmt(max.peakMb, 0)} MB (${fmt(max.value.rps, 0)} req/s)`);
    console.log(`[${dialect}] goal ≤ 400 MB: ${peak <= 400 ? 'met' : 'NOT met'} (${fmt(peak / 400, 2)}× of the goal)`);
  } finally {
    await platform.stop();
  }
}
process.exit(0);
