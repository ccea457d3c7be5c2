/**
 * Vector tiles of the map layers (parcels, district outlines, supply plan, stock land) for the
 * public maps and the back-office entry screen.
 *
 * - Parcels: from zoom DETAIL_ZOOM the polygons with the attributes a map colours, labels and
 *   opens a popup with; below it one point per 4-pixel cell with the count of parcels there
 *   (a parcel is a dot at that scale, and a city's worth of polygons would not fit a tile).
 *   Found through the SQLite R*Tree or the PostgreSQL GiST box index; on PostgreSQL with
 *   PostGIS the polygons are clipped and encoded by ST_AsMVT, otherwise by services/tiles/mvt.
 * - The other layers are small (hundreds of records): read once per version and cut in memory.
 *
 * Public tiles hold published parcels only and leave the lifecycle state out (as every public
 * presenter does); the staff variant holds every parcel with its state.
 */
import { gzipSync } from 'node:zlib';
import { sql, type RawBuilder } from 'kysely';
import { bbox, type ParcelGeometry } from '@land/shared/geo/index';
import type { AnyDb } from '../../entities/repository';
import { PUBLIC_PARCEL_STATE, notInDisabledDistrict } from '../publicParcels';
import { bufferedBounds, encodeTile, parsePolygons, tileBounds, tileFeatures, type LonLatFeature, type Ring, type TileCoord, type TileFeature, type TileProps } from './mvt';
import { isSqlite, pgBox, postgisSchema, tileVersions, type TileLayerName, type TileVersions } from './store';
import { tileCacheLookups } from '../../lib/metrics';
import { CELL_ZOOMS } from '../../db/ddl/tileCells';

export type TileScope = 'public' | 'staff';

/** From this zoom parcels are polygons; below it, counted points per cell. */
export const DETAIL_ZOOM = 14;
export const MAX_ZOOM = 22;
/** Cells per tile side for the counted points below DETAIL_ZOOM (4 px cells on a 256 px tile). */
const GRID = 64;
/** No tile is larger than this; detail is dropped until it fits. */
export const MAX_TILE_BYTES = 500 * 1024;
/** Bumped when the encoding changes, so browsers drop tiles cached under the old one. */
const FORMAT = 1;
const VERSION_TTL_MS = 1000;
/** From this age the versions are read again in the background (readAhead), before they expire. */
const VERSION_READ_AHEAD_MS = 700;

export interface Tile {
  /** null: nothing in this tile. */
  body: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

// ---------------------------------------------------------------------------------------
// Parcels
// ---------------------------------------------------------------------------------------

function parcelAttributes(scope: TileScope): RawBuilder<unknown> {
  return sql`p.id as id, p.dkmc as name, p.dlcode as dlcode, d.name as dlname, p."tradeState" as "tradeState",
    p."landAreaMu" as "areaMu", p.areacode as areacode, a.areaname as areaname${scope === 'staff' ? sql`, p.status as status` : sql``}`;
}

const parcelJoins = sql`left join t_dl d on d.code = p.dlcode left join t_area a on a.areacode = p.areacode`;

/** The public scope of publicParcels (published, district not disabled); `id` names the parcel id of `p`. */
function scopeCondition(scope: TileScope, id = 'p.id'): RawBuilder<unknown> {
  return scope === 'public' ? sql`and p.status = ${PUBLIC_PARCEL_STATE} and ${notInDisabledDistrict(sql.ref(id))}` : sql``;
}

/** The parcels whose box meets [w, s, e, n], from the dialect's spatial index. */
function parcelsInBox(db: AnyDb, box: number[]): RawBuilder<unknown> {
  const [w, s, e, n] = box;
  if (isSqlite(db)) {
    // CROSS JOIN fixes SQLite's join order: the R*Tree first, then each of its parcels by rowid
    // (left to itself, with planner statistics, it may scan every parcel and probe the R*Tree).
    return sql`t_landinfo_rtree r cross join t_landinfo p on p.rowid = r.id ${parcelJoins}
      where r."maxLon" >= ${w} and r."minLon" <= ${e} and r."maxLat" >= ${s} and r."minLat" <= ${n}`;
  }
  // The box scan stands alone ("offset 0" keeps PostgreSQL from merging the outer conditions
  // into it): it cannot estimate a box overlap (it assumes thousands of rows where a tile has a
  // few hundred), and merged with the lifecycle state it ANDed the state's index, 600,000 rows
  // at a million parcels, into every tile (≈ 60 ms for a tile of three parcels).
  return sql`(select * from t_landinfo p
      where ${pgBox('p')} && box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8)) offset 0) p
    ${parcelJoins} where true`;
}

interface ParcelRow {
  geometry: string | null;
  [key: string]: unknown;
}

function propsOf(row: Record<string, unknown>, omit: string[] = []): TileProps {
  const out: TileProps = {};
  for (const [k, v] of Object.entries(row)) {
    if (omit.includes(k) || v === null || v === undefined) continue;
    out[k] = typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
  }
  return out;
}

async function parcelPolygons(db: AnyDb, scope: TileScope, tile: TileCoord): Promise<LonLatFeature[]> {
  const rows = await sql<ParcelRow>`select p.geometry as geometry, ${parcelAttributes(scope)}
    from ${parcelsInBox(db, bufferedBounds(tile))} ${scopeCondition(scope)}`.execute(db);
  const out: LonLatFeature[] = [];
  for (const row of rows.rows) {
    const polygons = parsePolygons(row.geometry);
    if (polygons) out.push({ kind: 'polygon', polygons, props: propsOf(row, ['geometry']) });
  }
  return out;
}

/**
 * One point per occupied cell: how many parcels have their centre there, and one of them. On
 * SQLite only the R*Tree is read (its auxiliary columns hold what a cell needs); on PostgreSQL
 * the GiST index includes the same columns.
 */
async function parcelCells(db: AnyDb, scope: TileScope, tile: TileCoord): Promise<LonLatFeature[]> {
  const [w, s, e, n] = tileBounds(tile);
  // Cells are even in longitude and, within one tile, near enough even in latitude.
  const kx = GRID / (e - w);
  const ky = GRID / (n - s);
  const sqlite = isSqlite(db);
  const cell = (expr: RawBuilder<unknown>) => (sqlite ? sql`cast(${expr} as integer)` : sql`floor(${expr})::int`);
  const c = (name: string) => sql.ref(`p.${name}`);
  const from = sqlite
    ? sql`t_landinfo_rtree p where p."maxLon" >= ${w} and p."minLon" <= ${e} and p."maxLat" >= ${s} and p."minLat" <= ${n}`
    : sql`t_landinfo p where ${pgBox('p')} && box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8))`;
  const rows = await sql<{ count: number; id: string; dlcode: string | null; tradeState: string | null; lon: number; lat: number }>`
    select count(*) as count, min(${c(sqlite ? 'pid' : 'id')}) as id, min(${c('dlcode')}) as dlcode, min(${c('tradeState')}) as "tradeState",
      avg(${c('centerLon')}) as lon, avg(${c('centerLat')}) as lat
    from ${from} ${scopeCondition(scope, sqlite ? 'p.pid' : 'p.id')}
      and ${c('centerLon')} >= ${w} and ${c('centerLon')} < ${e} and ${c('centerLat')} > ${s} and ${c('centerLat')} <= ${n}
    group by ${cell(sql`(${c('centerLon')} - ${w}) * ${kx}`)}, ${cell(sql`(${n} - ${c('centerLat')}) * ${ky}`)}`.execute(db);
  return rows.rows.map((r) => {
    const count = Number(r.count);
    // A lone parcel keeps its id (click opens it); a group is coloured by one of its classes.
    const props: TileProps = count === 1 ? { count, id: r.id, dlcode: r.dlcode, tradeState: r.tradeState } : { count, dlcode: r.dlcode };
    return { kind: 'point', point: [Number(r.lon), Number(r.lat)], props };
  });
}

/**
 * The counted points of a zoom kept in t_tile_cell (db/ddl/tileCells.ts): the tile's rows are
 * one key range (the public ones one state within it), at most 64 × 64 cells per state and
 * district, read without touching a parcel row. A point is coloured by the class and trade
 * state of the parcel with the smallest id among its rows. The same points as `parcelCells`,
 * except that a cell's edges are Web Mercator ones (`parcelCells` divides a tile's latitudes
 * evenly: within a tile the two differ by a few hundredths of a cell) and a group is coloured
 * by that one parcel's class rather than the smallest class among its parcels.
 */
async function parcelCellsKept(db: AnyDb, scope: TileScope, tile: TileCoord): Promise<LonLatFeature[]> {
  const publicOnly =
    scope === 'public'
      ? sql`and c.status = ${PUBLIC_PARCEL_STATE}
        and c.areacode not in (select off_area.areacode from t_area off_area where off_area.status <> '1' and off_area.areacode is not null)`
      : sql``;
  const rows = await sql<{ cx: number; cy: number; n: number; sumLon: number; sumLat: number; pid: string; dlcode: string | null; tradeState: string | null }>`
    select c.cx as cx, c.cy as cy, c.n as n, c."sumLon" as "sumLon", c."sumLat" as "sumLat", c.pid as pid, c.dlcode as dlcode, c."tradeState" as "tradeState"
    from t_tile_cell c
    where c.z = ${tile.z} and c.tx = ${tile.x} and c.ty = ${tile.y} ${publicOnly}
    order by c.status, c.areacode, c.cx, c.cy`.execute(db);
  // A cell's rows (one per state and district) summed here, in key order on both databases.
  const cells = new Map<number, { cx: number; cy: number; n: number; lon: number; lat: number; pid: string; dlcode: string | null; tradeState: string | null }>();
  for (const r of rows.rows) {
    const cx = Number(r.cx);
    const cy = Number(r.cy);
    const key = cy * 4096 + cx;
    const c = cells.get(key);
    if (!c) {
      cells.set(key, { cx, cy, n: Number(r.n), lon: Number(r.sumLon), lat: Number(r.sumLat), pid: r.pid, dlcode: r.dlcode, tradeState: r.tradeState });
      continue;
    }
    c.n += Number(r.n);
    c.lon += Number(r.sumLon);
    c.lat += Number(r.sumLat);
    if (r.pid < c.pid) Object.assign(c, { pid: r.pid, dlcode: r.dlcode, tradeState: r.tradeState });
  }
  return [...cells.values()]
    .sort((a, b) => a.cy - b.cy || a.cx - b.cx)
    .map((c) => {
      // A lone parcel keeps its id (click opens it); a group is coloured by one of its classes.
      const props: TileProps = c.n === 1 ? { count: 1, id: c.pid, dlcode: c.dlcode, tradeState: c.tradeState } : { count: c.n, dlcode: c.dlcode };
      return { kind: 'point', point: [c.lon / c.n, c.lat / c.n], props };
    });
}

/** PostGIS: clip, simplify and encode in the database; null when the tile would be too large. */
async function parcelPolygonsPostgis(db: AnyDb, postgis: string, scope: TileScope, tile: TileCoord): Promise<Buffer | null> {
  const fn = (name: string) => sql.raw(`${JSON.stringify(postgis)}.${name}`);
  const envelope = sql`${fn('st_tileenvelope')}(${tile.z}::int, ${tile.x}::int, ${tile.y}::int)`;
  const geom = sql`${fn('st_transform')}(${fn('st_setsrid')}(${fn('st_geomfromgeojson')}(p.geometry), 4326), 3857)`;
  const r = await sql<{ tile: Buffer | null }>`with mvt as (
      select ${fn('st_asmvtgeom')}(${geom}, ${envelope}, 4096, 64, true) as geom, ${parcelAttributes(scope)}
      from ${parcelsInBox(db, bufferedBounds(tile))} ${scopeCondition(scope)} and p.geometry is not null
    )
    select ${fn('st_asmvt')}(mvt.*, 'parcels', 4096, 'geom') as tile from mvt where geom is not null`.execute(db);
  const body = r.rows[0]?.tile ?? Buffer.alloc(0);
  return body.length > MAX_TILE_BYTES ? null : body;
}

// ---------------------------------------------------------------------------------------
// Small layers, cut in memory
// ---------------------------------------------------------------------------------------

interface MemoryFeature {
  bbox: [number, number, number, number];
  polygons: Ring[][];
  props: TileProps;
}

const SMALL_LAYERS: Record<Exclude<TileLayerName, 'parcels'>, { query: (db: AnyDb, scope: TileScope) => RawBuilder<Record<string, unknown>> }> = {
  districts: {
    query: (_db, scope) =>
      sql`select id, areaname as name, areacode, boundary as geometry from t_area where boundary is not null ${scope === 'public' ? sql`and status = '1'` : sql``}`,
  },
  supplyPlan: {
    query: () =>
      sql`select id, "parcelName" as name, dlcode, gdfx, status, "planYear" as "planYear", "planAreaMu" as "areaMu", areacode, geometry
        from t_gyjsyd where geometry is not null`,
  },
  stockLand: {
    query: (_db, scope) =>
      sql`select id, name, dlcode, status, "areaMu" as "areaMu", areacode, geometry from t_cltd where geometry is not null
        ${scope === 'public' ? sql`and transferable = 1` : sql``}`,
  },
};

/**
 * The attributes each public layer's features carry (TileJSON vector_layers): what the queries
 * above put in the public tiles. Parcels below DETAIL_ZOOM are counted points (count, and the
 * id of a lone parcel).
 */
export const PUBLIC_TILE_FIELDS: Record<TileLayerName, Record<string, string>> = {
  parcels: {
    id: '地块 id', name: '地块名称', dlcode: '土地用途代码', dlname: '土地用途', tradeState: '交易状态（none 未挂牌、listed 挂牌中、deal 已成交）',
    areaMu: '面积（亩）', areacode: '片区代码', areaname: '片区', count: `该点代表的地块数（${DETAIL_ZOOM}级以下）`,
  },
  districts: { id: '片区 id', name: '片区名称', areacode: '片区代码' },
  supplyPlan: { id: '计划 id', name: '地块名称', dlcode: '土地用途代码', gdfx: '供地方向', status: '状态', planYear: '计划年度', areaMu: '计划面积（亩）', areacode: '片区代码' },
  stockLand: { id: '存量土地 id', name: '名称', dlcode: '土地用途代码', status: '状态', areaMu: '面积（亩）', areacode: '片区代码' },
};

// ---------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------

/** Least-recently-used tiles by size; a tile is valid while its layer's version is unchanged. */
class TileCache {
  private readonly entries = new Map<string, Tile & { version: number; bytes: number }>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string, version: number): Tile | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.version !== version) {
      this.bytes -= hit.bytes;
      return undefined;
    }
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, version: number, tile: Tile): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    const bytes = (tile.body?.length ?? 0) + (tile.gzip?.length ?? 0) + 200;
    this.entries.set(key, { ...tile, version, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.bytes;
    }
  }
}

export class TileService {
  private readonly cache: TileCache;
  private readonly small = new Map<string, { version: number; features: MemoryFeature[] }>();
  private postgis: Promise<string | null> | undefined;

  constructor(
    private readonly db: AnyDb,
    options: { cacheBytes?: number; usePostgis?: boolean } = {},
  ) {
    this.cache = new TileCache(options.cacheBytes ?? 64 * 1024 * 1024);
    if (options.usePostgis === false) this.postgis = Promise.resolve(null);
  }

  /** The PostGIS schema in use, or null (SQLite, no extension, or switched off). */
  postgisInUse(): Promise<string | null> {
    this.postgis ??= postgisSchema(this.db).catch(() => null);
    return this.postgis;
  }

  /**
   * The layer's version, read at most once a second: writes through this process call
   * `invalidate()` (routes/tiles.ts), so only another process's write is seen up to a second late.
   */
  async version(layer: TileLayerName): Promise<number> {
    const now = Date.now();
    if (!this.versions || now - this.versions.at > VERSION_TTL_MS) this.versions = { at: now, values: tileVersions(this.db) };
    else if (now - this.versions.at > VERSION_READ_AHEAD_MS) this.readAhead(this.versions);
    const pending = this.versions;
    try {
      const values = await pending.values;
      // Disabling a district hides its parcels from the public map: parcel tiles follow both.
      return layer === 'parcels' ? values.parcels + values.districts : values[layer];
    } catch (err) {
      if (this.versions === pending) this.versions = undefined;
      throw err;
    }
  }

  invalidate(): void {
    this.versions = undefined;
  }

  private versions: { at: number; values: Promise<TileVersions> } | undefined;
  private readingAhead = false;

  /**
   * Reads the versions again in the background while the ones in hand are still within their
   * second: under steady traffic no tile waits for the round trip (a warm tile on PostgreSQL
   * did, about once a second, which made the slowest warm tiles). They count as read when the
   * read began; an invalidation meanwhile wins.
   */
  private readAhead(current: { at: number; values: Promise<TileVersions> }): void {
    if (this.readingAhead) return;
    this.readingAhead = true;
    const at = Date.now();
    const values = tileVersions(this.db);
    values
      .then(
        () => {
          if (this.versions === current) this.versions = { at, values };
        },
        () => undefined,
      )
      .finally(() => {
        this.readingAhead = false;
      });
  }

  etag(layer: TileLayerName, scope: TileScope, version: number): string {
    return `"${layer}-${scope}-${version}-f${FORMAT}"`;
  }

  /** The tile at this version of the layer, from the cache or made now. */
  async tile(layer: TileLayerName, scope: TileScope, coord: TileCoord, version: number): Promise<Tile> {
    const key = `${scope}/${layer}/${coord.z}/${coord.x}/${coord.y}`;
    const hit = this.cache.get(key, version);
    tileCacheLookups.inc({ result: hit ? 'hit' : 'miss' });
    if (hit) return hit;
    const raw = await this.render(layer, scope, coord);
    const body = raw.length > 0 ? Buffer.from(raw.buffer, raw.byteOffset, raw.length) : null;
    const tile: Tile = {
      body,
      gzip: body && body.length > 1024 ? gzipSync(body, { level: 6 }) : null,
      etag: this.etag(layer, scope, version),
    };
    this.cache.set(key, version, tile);
    return tile;
  }

  /** The encoded tile (empty when nothing is there), at most MAX_TILE_BYTES. */
  async render(layer: TileLayerName, scope: TileScope, coord: TileCoord): Promise<Uint8Array> {
    if (layer === 'parcels') {
      if (CELL_ZOOMS.includes(coord.z)) return fitted('parcels', await parcelCellsKept(this.db, scope, coord), coord, 0);
      if (coord.z < DETAIL_ZOOM) return fitted('parcels', await parcelCells(this.db, scope, coord), coord, 0);
      const postgis = await this.postgisInUse();
      if (postgis) {
        const body = await parcelPolygonsPostgis(this.db, postgis, scope, coord);
        if (body) return body;
      }
      return fitted('parcels', await parcelPolygons(this.db, scope, coord), coord, coord.z >= 15 ? 0 : 1);
    }
    const features = await this.smallLayer(layer, scope);
    const [w, s, e, n] = bufferedBounds(coord);
    const inTile = features.filter((f) => f.bbox[0] <= e && f.bbox[2] >= w && f.bbox[1] <= n && f.bbox[3] >= s);
    return fitted(layer, inTile.map((f) => ({ kind: 'polygon', polygons: f.polygons, props: f.props })), coord, coord.z >= 15 ? 0 : 1);
  }

  private async smallLayer(layer: Exclude<TileLayerName, 'parcels'>, scope: TileScope): Promise<MemoryFeature[]> {
    const version = await this.version(layer);
    const key = `${layer}/${scope}`;
    const cached = this.small.get(key);
    if (cached && cached.version === version) return cached.features;
    const rows = await SMALL_LAYERS[layer].query(this.db, scope).execute(this.db);
    const features: MemoryFeature[] = [];
    for (const row of rows.rows) {
      const polygons = parsePolygons(row.geometry);
      if (!polygons) continue;
      features.push({ bbox: bbox({ type: 'MultiPolygon', coordinates: polygons } as ParcelGeometry), polygons, props: propsOf(row, ['geometry']) });
    }
    this.small.set(key, { version, features });
    return features;
  }

  /** How many parcels a scope's map holds (the web switches to tiles above a threshold). */
  async parcelCount(scope: TileScope): Promise<number> {
    const version = await this.version('parcels');
    const key = `count/${scope}`;
    const cached = this.counts.get(key);
    if (cached && cached.version === version) return cached.count;
    let q = this.db.selectFrom('t_landinfo').select((eb) => eb.fn.countAll<number>().as('n')).where('minLon', 'is not', null);
    if (scope === 'public') q = q.where('status', '=', PUBLIC_PARCEL_STATE).where(notInDisabledDistrict(sql.ref('id')));
    const count = Number((await q.executeTakeFirst())?.n ?? 0);
    this.counts.set(key, { version, count });
    return count;
  }

  /** Lon-lat bounds [w, s, e, n] of the scope's parcels, or null when there are none (maps frame it). */
  async parcelExtent(scope: TileScope): Promise<number[] | null> {
    const version = await this.version('parcels');
    const cached = this.extents.get(scope);
    if (cached && cached.version === version) return cached.extent;
    let q = this.db
      .selectFrom('t_landinfo')
      .select((eb) => [eb.fn.min('minLon').as('w'), eb.fn.min('minLat').as('s'), eb.fn.max('maxLon').as('e'), eb.fn.max('maxLat').as('n')])
      .where('minLon', 'is not', null);
    if (scope === 'public') q = q.where('status', '=', PUBLIC_PARCEL_STATE).where(notInDisabledDistrict(sql.ref('id')));
    const r = await q.executeTakeFirst();
    const extent = r && r.w !== null && r.w !== undefined ? [Number(r.w), Number(r.s), Number(r.e), Number(r.n)] : null;
    this.extents.set(scope, { version, extent });
    return extent;
  }

  private readonly counts = new Map<string, { version: number; count: number }>();
  private readonly extents = new Map<TileScope, { version: number; extent: number[] | null }>();
}

/**
 * Encodes one layer, dropping detail until the tile fits MAX_TILE_BYTES: coarser
 * simplification first, then the names, then the smallest features.
 */
export function fitted(name: string, features: LonLatFeature[], coord: TileCoord, tolerance: number): Uint8Array {
  let tol = tolerance;
  let list: TileFeature[] = tileFeatures(features, coord, tol);
  let out = encodeTile([{ name, features: list }]);
  for (let i = 0; i < 3 && out.length > MAX_TILE_BYTES; i++) {
    tol = Math.max(1, tol) * 3;
    list = tileFeatures(features, coord, tol);
    out = encodeTile([{ name, features: list }]);
  }
  if (out.length > MAX_TILE_BYTES) {
    list = list.map((f) => ({ ...f, props: Object.fromEntries(Object.entries(f.props).filter(([k]) => k !== 'name' && k !== 'areaname' && k !== 'dlname')) }));
    out = encodeTile([{ name, features: list }]);
  }
  while (out.length > MAX_TILE_BYTES && list.length > 1) {
    const keep = Math.floor(list.length * Math.min(0.9, MAX_TILE_BYTES / out.length));
    list = [...list].sort((a, b) => extentOf(b) - extentOf(a)).slice(0, keep);
    out = encodeTile([{ name, features: list }]);
  }
  return out;
}

function extentOf(f: TileFeature): number {
  if (f.type === 1) return 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const polygon of f.geometry as Ring[][])
    for (const p of polygon[0]) {
      minX = Math.min(minX, p[0]);
      maxX = Math.max(maxX, p[0]);
      minY = Math.min(minY, p[1]);
      maxY = Math.max(maxY, p[1]);
    }
  return (maxX - minX) * (maxY - minY);
}
