/**
 * Generated parcels at scale (a city's or a province's worth) for benchmarks and query-plan
 * tests. Districts of many cities are laid out on a grid; each district is a grid of blocks and
 * every parcel is a jittered quadrilateral or pentagon inside its own block, so parcels never
 * overlap. Rows are written directly in large multi-row INSERTs inside big transactions (the
 * engine's save path would validate and log every row: right for users, hours for a million),
 * with the same derived columns the parcel hook keeps: geodesic area, centre and bounding box.
 */
import { sql, type Kysely } from 'kysely';
import { bbox, centroid, geodesicArea, type PolygonGeometry } from '@land/shared/geo/index';
import { m2ToMu, round } from '@land/shared/helpers';
import type { DialectName } from '../db/database';
import { createTileCellTriggers, dropTileCellTriggers, rebuildTileCells } from '../db/ddl/tileCells';
import { landClassRows } from '../seeds/landClasses';
import { rng } from '../seeds/layout';

// The generator writes many tables by name, so it works on the untyped builder.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export interface GenerateOptions {
  parcels: number;
  /** Parcels per district (default 5,000): sets the number of districts. */
  perDistrict?: number;
  /** Seed of the pseudo-random sequence: the same options make the same data. */
  seed?: number;
  /** Prefix of district codes and parcel numbers, so several runs can share one database. */
  prefix?: string;
  /**
   * The clock (ms) dates and ids are counted back from; default now. The same seed and clock
   * make the same rows, on either database.
   */
  now?: number;
  /** Called after every batch. */
  onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  parcels: number;
  districts: number;
  transactions: number;
  ms: number;
}

const CITY_NAMES = ['临江', '湖州', '嘉兴', '绍兴', '金华', '衢州', '台州', '丽水', '温州', '宁波', '舟山', '义乌', '海宁', '慈溪', '余姚', '诸暨', '瑞安', '乐清', '温岭', '桐乡'];
const DISTRICT_NAMES = ['高新', '经开', '滨江', '临港', '科创', '智造', '物流', '新城', '东部', '西部', '南湖', '北岸', '湾区', '创新', '综保', '空港'];
const ROADS = ['科创路', '兴业大道', '滨江路', '临港大道', '环湖路', '振兴路', '创业路', '纬一路', '经二路', '望海路', '凤凰路', '金桥路'];
const SIDES = ['以东', '以西', '以南', '以北'];

/** Land classes parcels are given, by use (codes of the 2023 classification). */
const CLASSES: { code: string; weight: number; perMu: [number, number]; years: number; supply: string }[] = [
  { code: '100101', weight: 30, perMu: [42, 60], years: 50, supply: 'listing' },
  { code: '100102', weight: 10, perMu: [40, 55], years: 50, supply: 'listing' },
  { code: '1001', weight: 5, perMu: [42, 60], years: 50, supply: 'listing' },
  { code: '110101', weight: 8, perMu: [40, 52], years: 50, supply: 'listing' },
  { code: '0802', weight: 7, perMu: [90, 140], years: 50, supply: 'listing' },
  { code: '0901', weight: 12, perMu: [220, 380], years: 40, supply: 'auction' },
  { code: '0902', weight: 5, perMu: [220, 380], years: 40, supply: 'tender' },
  { code: '0701', weight: 8, perMu: [900, 1400], years: 70, supply: 'auction' },
  { code: '070102', weight: 7, perMu: [900, 1400], years: 70, supply: 'auction' },
  { code: '080403', weight: 8, perMu: [15, 25], years: 50, supply: 'allocation' },
];
const CLASS_WEIGHT = CLASSES.reduce((s, c) => s + c.weight, 0);

/** Lifecycle states with their share: most parcels of a mature platform are published. */
const STATES: [string, number][] = [
  ['published', 0.6],
  ['draft', 0.12],
  ['pendingFirst', 0.06],
  ['pendingReview', 0.06],
  ['takenDown', 0.16],
];
const RESOURCE_TYPES = ['transfer', 'transfer', 'transfer', 'stock', 'standard', 'reserve'];

/** Size of one block in degrees (about 180 m × 200 m at 30°N): a parcel of 20–50 亩. */
const CELL_LON = 0.0019;
const CELL_LAT = 0.0018;
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A time-ordered id like lib/ids.ts makes, for a given creation time and sequence number. */
function idAt(ms: number, seq: number, rnd: () => number): string {
  let time = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    time = ID_ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let s = '';
  let n = seq;
  for (let i = 0; i < 6; i++) {
    s = ID_ALPHABET[n % 32] + s;
    n = Math.floor(n / 32);
  }
  for (let i = 0; i < 10; i++) s += ID_ALPHABET[Math.floor(rnd() * 32)];
  return time + s;
}

function pick<T>(list: readonly T[], r: number): T {
  return list[Math.min(list.length - 1, Math.floor(r * list.length))];
}

const r7 = (n: number) => Math.round(n * 1e7) / 1e7;

export interface District {
  areacode: string;
  areaname: string;
  cantoncode: string;
  /** South-west corner of its block grid. */
  lon0: number;
  lat0: number;
  side: number;
}

/** Districts of the cities, each a square grid of `side × side` blocks. */
export function layoutDistricts(count: number, perDistrict: number, prefix: string): District[] {
  const side = Math.ceil(Math.sqrt(perDistrict));
  const perCity = 12;
  const out: District[] = [];
  for (let i = 0; i < count; i++) {
    const city = Math.floor(i / perCity);
    const d = i % perCity;
    // Cities on a 10-wide grid over Zhejiang-like latitudes; districts 4 × 3 inside each city.
    const cityLon = 118 + (city % 10) * 0.6;
    const cityLat = 27.5 + Math.floor(city / 10) * 0.5;
    const lon0 = cityLon + (d % 4) * (side * CELL_LON + 0.01);
    const lat0 = cityLat + Math.floor(d / 4) * (side * CELL_LAT + 0.01);
    const cityName = CITY_NAMES[city % CITY_NAMES.length] + (city >= CITY_NAMES.length ? String(Math.floor(city / CITY_NAMES.length) + 1) : '');
    out.push({
      areacode: `${prefix}${String(city).padStart(3, '0')}${String(d).padStart(2, '0')}`,
      // Names are unique per platform: a second generated set (another prefix) is told apart.
      areaname: `${cityName}${DISTRICT_NAMES[d % DISTRICT_NAMES.length]}片区${d >= DISTRICT_NAMES.length ? d : ''}${prefix === 'G' ? '' : prefix}`,
      // 6-digit county-level code: 33 (Zhejiang), city, district.
      cantoncode: `33${String((city % 90) + 1).padStart(2, '0')}${String(d + 1).padStart(2, '0')}`,
      lon0,
      lat0,
      side,
    });
  }
  return out;
}

function districtBoundary(d: District): PolygonGeometry {
  const x1 = r7(d.lon0 + d.side * CELL_LON);
  const y1 = r7(d.lat0 + d.side * CELL_LAT);
  const x0 = r7(d.lon0);
  const y0 = r7(d.lat0);
  return { type: 'Polygon', coordinates: [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]] };
}

/** A quadrilateral or pentagon inside the block (counter-clockwise, closed). */
function parcelPolygon(d: District, cell: number, rnd: () => number): PolygonGeometry {
  const cx = d.lon0 + (cell % d.side) * CELL_LON;
  const cy = d.lat0 + Math.floor(cell / d.side) * CELL_LAT;
  // Each corner moves inside its own quarter of the block (a road's width kept free), so the
  // shape stays simple and inside the block.
  const j = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const x0 = cx + CELL_LON * j(0.04, 0.16);
  const x1 = cx + CELL_LON * j(0.84, 0.96);
  const y0 = cy + CELL_LAT * j(0.04, 0.16);
  const y1 = cy + CELL_LAT * j(0.84, 0.96);
  const ring: [number, number][] = [
    [x0, y0],
    [x1, cy + CELL_LAT * j(0.04, 0.16)],
  ];
  if (rnd() < 0.4) ring.push([cx + CELL_LON * j(0.9, 0.97), cy + CELL_LAT * j(0.45, 0.55)]);
  ring.push([cx + CELL_LON * j(0.84, 0.96), y1], [cx + CELL_LON * j(0.04, 0.16), y1 - CELL_LAT * j(0, 0.05)]);
  const closed = [...ring, ring[0]].map(([x, y]) => [r7(x), r7(y)] as [number, number]);
  return { type: 'Polygon', coordinates: [closed] };
}

export type Value = string | number | null;

/** Multi-row INSERT of rows with the same keys, in chunks under both databases' parameter limits. */
async function insertRows(db: AnyDb, table: string, rows: Record<string, Value>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = sql.join(chunk.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`));
    await sql`insert into ${sql.table(table)} (${cols}) values ${values}`.execute(db);
  }
}

/** The land-class tree, when the database has none yet (a fresh platform without demo data). */
export async function ensureLandClasses(db: AnyDb, now = new Date().toISOString()): Promise<void> {
  const existing = await db.selectFrom('t_dl').select('code').where('code', 'in', CLASSES.map((c) => c.code)).execute();
  if (existing.length === CLASSES.length) return;
  const have = new Set((await db.selectFrom('t_dl').select('code').execute()).map((r) => String(r.code)));
  const rows = landClassRows();
  const depth = new Map<string, number>();
  const out: Record<string, Value>[] = [];
  for (const [i, r] of rows.entries()) {
    const level = r.parentCode ? (depth.get(r.parentCode) ?? 0) + 1 : 1;
    depth.set(r.code, level);
    if (have.has(r.code)) continue;
    out.push({
      id: idAt(Date.now(), i, Math.random),
      code: r.code,
      name: r.name,
      parentCode: r.parentCode ?? null,
      level,
      scheme: r.scheme,
      aliases: r.aliases ?? null,
      description: r.description ?? null,
      displayorder: r.displayorder,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
  }
  await insertRows(db, 't_dl', out);
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ParcelBatch {
  parcels: Record<string, Value>[];
  deals: Record<string, Value>[];
}

/**
 * Rows of parcels `from`..`to` (of `total`) with their transaction records; parcel `i` lies in
 * block `i % perDistrict` of district `floor(i / perDistrict)`.
 */
export function parcelRows(districts: District[], perDistrict: number, from: number, to: number, total: number, rnd: () => number, started: number): ParcelBatch {
  // Creation times spread over five years, increasing with the row, so id order is creation order.
  const span = 5 * 365 * DAY;
  // Ending 100 days ago: publication (up to 65 days later), listing and deal dates stay in the past.
  const t0 = started - span - 100 * DAY;
  const parcels: Record<string, Value>[] = [];
  const deals: Record<string, Value>[] = [];
  for (let i = from; i < to; i++) {
    const district = districts[Math.floor(i / perDistrict)];
    const geometry = parcelPolygon(district, i % perDistrict, rnd);
    const area = geodesicArea(geometry);
    const [minLon, minLat, maxLon, maxLat] = bbox(geometry);
    const [centerLon, centerLat] = centroid(geometry);
    let w = rnd() * CLASS_WEIGHT;
    const cls = CLASSES.find((c) => (w -= c.weight) < 0) ?? CLASSES[0];
    let s = rnd();
    const status = STATES.find(([, share]) => (s -= share) < 0)?.[0] ?? 'published';
    const createdMs = t0 + Math.floor((i / total) * span);
    const createdAt = new Date(createdMs).toISOString();
    const everPublished = status === 'published' || status === 'takenDown';
    const publishedMs = everPublished ? createdMs + Math.floor((5 + rnd() * 60) * DAY) : null;
    const t = rnd();
    const tradeState = status === 'published' ? (t < 0.5 ? 'none' : t < 0.72 ? 'listed' : 'deal') : status === 'takenDown' && t < 0.3 ? 'deal' : 'none';
    const mu = m2ToMu(area);
    const perMu = cls.perMu[0] + rnd() * (cls.perMu[1] - cls.perMu[0]);
    const price = round(mu * perMu, 2);
    const id = idAt(createdMs, i, rnd);
    const road = pick(ROADS, rnd());
    const dkbh = `${district.areacode}-${new Date(createdMs).getUTCFullYear()}-${String(i).padStart(7, '0')}`;
    const updatedMs = Math.min(started, (publishedMs ?? createdMs) + Math.floor(rnd() * 30 * DAY));
    parcels.push({
      id,
      dkbh,
      dkmc: `${district.areaname}${road}${pick(SIDES, rnd())}${String.fromCharCode(65 + (i % 26))}-${(i % 997) + 1}地块`,
      dzjgh: `3300${String(i).padStart(12, '0')}`,
      areacode: district.areacode,
      jdcode: null,
      xzqdm: district.cantoncode,
      location: `${district.areaname}${road}与${pick(ROADS, rnd())}交叉口${pick(SIDES, rnd())}`,
      landArea: round(area, 2),
      landAreaMu: round(mu, 2),
      transferArea: round(area * (0.92 + rnd() * 0.08), 2),
      geometryArea: round(area, 2),
      dlcode: cls.code,
      zylx: pick(RESOURCE_TYPES, rnd()),
      displayorder: 0,
      plotRatioMin: 1,
      plotRatioMax: round(1.2 + rnd() * 2, 1),
      buildingDensityMin: 30,
      buildingDensityMax: 60,
      greenRatioMin: 10,
      greenRatioMax: 20,
      heightLimit: round(24 + rnd() * 76, 0),
      tenureYears: cls.years,
      startingPrice: price,
      deposit: round(price * 0.2, 2),
      bidIncrement: 10,
      appraisedPrice: round(price * (0.95 + rnd() * 0.1), 2),
      supplyMethod: cls.supply,
      owner: `${district.areaname}土地储备中心`,
      levelled: rnd() < 0.6 ? 1 : 0,
      introduction: `地块位于${district.areaname}，${road}${pick(SIDES, rnd())}，交通便利，配套齐全。`,
      contact: '王磊',
      phone: '0571-88886666',
      geometry: JSON.stringify(geometry),
      centerLon: r7(centerLon),
      centerLat: r7(centerLat),
      minLon: r7(minLon),
      minLat: r7(minLat),
      maxLon: r7(maxLon),
      maxLat: r7(maxLat),
      status,
      tradeState,
      publishedAt: publishedMs === null ? null : new Date(publishedMs).toISOString(),
      visitcount: status === 'published' ? Math.floor(rnd() ** 3 * 2000) : 0,
      createdAt,
      updatedAt: new Date(updatedMs).toISOString(),
      createdBy: null,
      updatedBy: null,
      version: 1,
    });
    if (tradeState !== 'none' && publishedMs !== null) {
      const listingStart = publishedMs + 10 * DAY;
      const dealt = tradeState === 'deal';
      deals.push({
        id: idAt(listingStart, i, rnd),
        dkid: id,
        parcelCode: dkbh,
        announcementNo: `${district.areacode}告字〔${new Date(listingStart).getUTCFullYear()}〕${(i % 500) + 1}号`,
        transactionType: cls.supply === 'allocation' ? 'agreement' : cls.supply === 'auction' ? 'auction' : 'listing',
        listingStart: isoDate(listingStart),
        listingEnd: isoDate(listingStart + 20 * DAY),
        startingPrice: price,
        deposit: round(price * 0.2, 2),
        bidIncrement: 10,
        dealPrice: dealt ? round(price * (1 + rnd() * 0.3), 2) : null,
        dealDate: dealt ? isoDate(listingStart + 21 * DAY) : null,
        winner: dealt ? `${district.areaname}${pick(['智能装备', '新材料', '供应链', '置业', '生物医药'], rnd())}有限公司` : null,
        transferYears: cls.years,
        status: dealt ? 'dealt' : 'listing',
        createdAt: new Date(listingStart).toISOString(),
        updatedAt: new Date(listingStart).toISOString(),
        version: 1,
      });
    }
  }
  return { parcels, deals };
}

/** The districts' rows (with their boundary), those not yet in the database. */
export async function insertDistricts(db: AnyDb, districts: District[], rnd: () => number, started = Date.now()): Promise<void> {
  const now = new Date().toISOString();
  const have = new Set((await db.selectFrom('t_area').select('areacode').execute()).map((r) => String(r.areacode)));
  await insertRows(
    db,
    't_area',
    districts.filter((d) => !have.has(d.areacode)).map((d, i) => ({
      id: idAt(started - 400 * DAY, i, rnd),
      areaname: d.areaname,
      areacode: d.areacode,
      cantoncode: d.cantoncode,
      type: null,
      status: '1',
      displayorder: i + 1,
      planArea: round((d.side * CELL_LON * 96.5) * (d.side * CELL_LAT * 111), 2),
      leadingIndustry: '先进制造、现代物流',
      boundary: JSON.stringify(districtBoundary(d)),
      createdAt: now,
      updatedAt: now,
      version: 1,
    })),
  );

}

/**
 * Writes `parcels` parcels with their districts and, for listed and dealt ones, their
 * transaction records. Existing rows are kept (use a fresh prefix to add more to a database).
 */
export async function generateParcels(db: AnyDb, dialect: DialectName, options: GenerateOptions): Promise<GenerateResult> {
  const timer = Date.now();
  const started = options.now ?? timer;
  const total = options.parcels;
  const perDistrict = options.perDistrict ?? 5000;
  const prefix = options.prefix ?? 'G';
  const rnd = rng(options.seed ?? 20_240_601);
  const districts = layoutDistricts(Math.max(1, Math.ceil(total / perDistrict)), perDistrict, prefix);
  const now = new Date().toISOString();

  await ensureLandClasses(db, now);
  await insertDistricts(db, districts, rnd, started);

  // The per-zoom cells are refilled once after the load instead of by a trigger per row.
  await dropTileCellTriggers(db);
  const batch = dialect === 'sqlite' ? 20_000 : 10_000;
  let transactions = 0;
  for (let from = 0; from < total; from += batch) {
    const to = Math.min(total, from + batch);
    const { parcels, deals } = parcelRows(districts, perDistrict, from, to, total, rnd, started);
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 't_landinfo', parcels);
      await insertRows(trx, 't_land_jyst', deals);
    });
    transactions += deals.length;
    options.onProgress?.(to, total);
  }
  await rebuildTileCells(db);
  await createTileCellTriggers(db);
  return { parcels: total, districts: districts.length, transactions, ms: Date.now() - timer };
}
