/**
 * OGC API – Features paging at scale: the platform (as `npm start` runs it) on the generated
 * parcels, read the way GDAL and QGIS read it — a first page, then `next` link after `next`
 * link (keyset cursors, so a deep page should cost what the first costs), in a bbox (spatial
 * index) and in a Gauss-Krüger CRS. Prints per-page times (p50 / max, ms); never asserts.
 *
 *   npm run bench:ogc -w @land/bench
 *   BENCH_PARCELS=200000 BENCH_DB=sqlite npm run bench:ogc -w @land/bench
 */
import { sql } from 'kysely';
import { PARCELS, benchDatabase, benchDialects, fmt, startPlatform } from '../search/common';

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const LIMIT = 1000;

interface Walk {
  pages: number;
  features: number;
  times: number[];
}

async function page(url: string): Promise<{ ms: number; next?: string; features: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { features?: unknown[]; links?: { rel: string; href: string }[]; msg?: string };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.msg ?? ''}`);
  return { ms, next: body.links?.find((l) => l.rel === 'next')?.href, features: body.features?.length ?? 0 };
}

/** Follows `next` links from `url` for at most `pages` pages. */
async function walk(url: string, pages: number): Promise<Walk> {
  const out: Walk = { pages: 0, features: 0, times: [] };
  let next: string | undefined = url;
  while (next && out.pages < pages) {
    const p = await page(next);
    out.pages += 1;
    out.features += p.features;
    out.times.push(p.ms);
    next = p.next;
  }
  return out;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function row(name: string, w: Walk): string {
  const first = w.times[0] ?? 0;
  const last = w.times.at(-1) ?? 0;
  return `| ${name} | ${w.pages} | ${w.features.toLocaleString('en-US')} | ${fmt(first)} | ${fmt(p50(w.times))} | ${fmt(last)} | ${fmt(Math.max(...w.times))} |`;
}

async function benchOne(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const db = await benchDatabase(dialect);
  const extent = (
    await sql<{ w: number; s: number; e: number; n: number }>`select min("minLon") as w, min("minLat") as s, max("maxLon") as e, max("maxLat") as n
      from t_landinfo where status = 'published'`.execute(db.handle.db)
  ).rows[0];
  const centre = (
    await sql<{ lon: number; lat: number }>`select "centerLon" as lon, "centerLat" as lat from t_landinfo where status = 'published' order by id limit 1 offset 1000`.execute(db.handle.db)
  ).rows[0];
  await db.handle.destroy();
  const proc = await startPlatform(db);
  try {
    const items = `${proc.url}/ogc/collections/parcels/items`;
    // A box of 0.02° (about 2 km) around a published parcel: a district's worth of parcels.
    const cx = Number(centre.lon);
    const cy = Number(centre.lat);
    const box = [cx - 0.01, cy - 0.01, cx + 0.01, cy + 0.01].map((v) => v.toFixed(5)).join(',');
    await page(`${items}?limit=10`); // warm-up: the process's first query
    console.log(`\n[${dialect}] ${PARCELS.toLocaleString('en-US')} parcels, pages of ${LIMIT} (ms per page)\n`);
    console.log('| walk | pages | features | first | p50 | last | max |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('all published, CRS84', await walk(`${items}?limit=${LIMIT}`, PAGES)));
    console.log(row('land class 1101 and trade state listed', await walk(`${items}?limit=${LIMIT}&dlcode=1101&tradeState=listed`, PAGES)));
    console.log(row(`bbox ${box}`, await walk(`${items}?limit=${LIMIT}&bbox=${box}`, PAGES)));
    // The whole zone in view (a GIS client zoomed out): more parcels than the box index is used for.
    const zone = [extent.w, extent.s, extent.e, extent.n].map((v) => Number(v).toFixed(5)).join(',');
    console.log(row('bbox of the whole zone', await walk(`${items}?limit=${LIMIT}&bbox=${zone}`, PAGES)));
    console.log(row('EPSG:4528 (Gauss-Krüger zone 40)', await walk(`${items}?limit=${LIMIT}&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/4528')}`, Math.min(PAGES, 20))));
  } finally {
    await proc.stop();
  }
}

for (const dialect of benchDialects()) await benchOne(dialect as 'sqlite' | 'postgres');
