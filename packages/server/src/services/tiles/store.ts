/**
 * What keeps vector tiles correct whichever code path writes the data: triggers on the layer
 * tables raise the layer's version in t_tile_version (the tiles' ETag), and on SQLite keep the
 * R*Tree of parcel bounding boxes (t_landinfo_rtree, keyed by the parcel's rowid) in step; on
 * PostgreSQL a GiST index on the parcel's box (built-in geometric types, no extension) finds
 * the parcels of a tile. Triggers rather than service code because parcels are written by
 * forms, lifecycle transitions, transaction records, imports, seeds and the generator alike.
 */
import { SqliteAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AnyDb } from '../../entities/repository';
import { ensureTileCells } from '../../db/tileCells';

export type TileLayerName = 'parcels' | 'districts' | 'supplyPlan' | 'stockLand';
export const TILE_LAYER_NAMES: readonly TileLayerName[] = ['parcels', 'districts', 'supplyPlan', 'stockLand'];

/** The table behind each layer and the columns whose change changes its tiles. */
export const LAYER_TABLES: Record<TileLayerName, { table: string; columns: string[] }> = {
  parcels: {
    table: 't_landinfo',
    columns: ['geometry', 'minLon', 'minLat', 'maxLon', 'maxLat', 'centerLon', 'centerLat', 'dkmc', 'dlcode', 'status', 'tradeState', 'landAreaMu', 'areacode'],
  },
  districts: { table: 't_area', columns: ['boundary', 'areaname', 'areacode', 'status'] },
  supplyPlan: { table: 't_gyjsyd', columns: ['geometry', 'parcelName', 'dlcode', 'gdfx', 'status', 'planYear', 'planAreaMu', 'areacode'] },
  stockLand: { table: 't_cltd', columns: ['geometry', 'name', 'dlcode', 'status', 'areaMu', 'areacode', 'transferable'] },
};

/**
 * The SQLite R*Tree: id is the parcel's rowid, then its box, then (auxiliary columns, not
 * indexed) what the low-zoom cells need, so counting parcels per cell never reads the wide
 * parcel rows.
 */
export const RTREE_COLUMNS = sql.raw('id, minLon, maxLon, minLat, maxLat, +pid, +status, +dlcode, +tradeState, +centerLon, +centerLat');
const RTREE_INSERT = sql.raw('id, minLon, maxLon, minLat, maxLat, pid, status, dlcode, tradeState, centerLon, centerLat');
const rtreeValues = (row: string) =>
  sql.raw(
    ['rowid', '"minLon"', '"maxLon"', '"minLat"', '"maxLat"', 'id', 'status', 'dlcode', '"tradeState"', '"centerLon"', '"centerLat"']
      .map((c) => (row ? `${row}.${c}` : c))
      .join(', '),
  );

export function isSqlite(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

const cols = (names: string[]) => sql.join(names.map((c) => sql.ref(c)));

async function createSqliteTriggers(db: AnyDb): Promise<void> {
  const box = rtreeValues('new');
  const bump = (layer: string) => sql`update t_tile_version set version = version + 1 where layer = ${sql.lit(layer)};`;
  await sql`create trigger if not exists t_landinfo_tiles_ai after insert on t_landinfo begin
    insert or replace into t_landinfo_rtree (${RTREE_INSERT}) select ${box} where new."minLon" is not null;
    ${bump('parcels')}
  end`.execute(db);
  await sql`create trigger if not exists t_landinfo_tiles_au after update of ${cols(LAYER_TABLES.parcels.columns)} on t_landinfo begin
    delete from t_landinfo_rtree where id = old.rowid;
    insert or replace into t_landinfo_rtree (${RTREE_INSERT}) select ${box} where new."minLon" is not null;
    ${bump('parcels')}
  end`.execute(db);
  await sql`create trigger if not exists t_landinfo_tiles_ad after delete on t_landinfo begin
    delete from t_landinfo_rtree where id = old.rowid;
    ${bump('parcels')}
  end`.execute(db);
  for (const layer of ['districts', 'supplyPlan', 'stockLand'] as const) {
    const { table, columns } = LAYER_TABLES[layer];
    const name = (suffix: string) => sql.id(`${table}_tiles_${suffix}`);
    await sql`create trigger if not exists ${name('ai')} after insert on ${sql.table(table)} begin ${bump(layer)} end`.execute(db);
    await sql`create trigger if not exists ${name('au')} after update of ${cols(columns)} on ${sql.table(table)} begin ${bump(layer)} end`.execute(db);
    await sql`create trigger if not exists ${name('ad')} after delete on ${sql.table(table)} begin ${bump(layer)} end`.execute(db);
  }
}

async function createPgTriggers(db: AnyDb): Promise<void> {
  // Statement-level: one bump per statement, however many rows a bulk write touches.
  await sql`create or replace function tile_version_bump() returns trigger language plpgsql as $$
    begin
      update t_tile_version set version = version + 1 where layer = tg_argv[0];
      return null;
    end $$`.execute(db);
  for (const layer of TILE_LAYER_NAMES) {
    const { table, columns } = LAYER_TABLES[layer];
    await sql`create or replace trigger ${sql.id(`${table}_tiles`)}
      after insert or delete or update of ${cols(columns)} on ${sql.table(table)}
      for each statement execute function tile_version_bump(${sql.lit(layer)})`.execute(db);
  }
}

/** The expression the PostgreSQL GiST index is built on, for t_landinfo under `alias`; queries repeat it. */
export function pgBox(alias: string) {
  const c = (name: string) => sql.ref(`${alias}.${name}`);
  return sql`box(point(${c('minLon')}, ${c('minLat')}), point(${c('maxLon')}, ${c('maxLat')}))`;
}

/** Above this many parcels in a box, a page is read in its own order instead of from the box index. */
export const BOX_INDEX_LIMIT = 20_000;

/**
 * Parcels of t_landinfo (unaliased) whose bounding box meets [w, s, e, n], for queries other
 * than tiles (the OGC API's bbox filter). A box holding up to BOX_INDEX_LIMIT parcels is found
 * through the spatial index (the R*Tree on SQLite, the GiST box index on PostgreSQL: a few
 * thousand rows, then sorted); a larger one (a whole city in view) as plain comparisons of the
 * box columns, checked row by row while the page is read in its order, which stops after a
 * page instead of sorting every parcel of the box for each page.
 */
export async function parcelBoxCondition(db: AnyDb, box: readonly number[], indexLimit = BOX_INDEX_LIMIT): Promise<RawBuilder<SqlBool>> {
  const [w, s, e, n] = box;
  const sqlite = isSqlite(db);
  const inIndex = sqlite
    ? sql`select 1 from t_landinfo_rtree r where r."maxLon" >= ${w} and r."minLon" <= ${e} and r."maxLat" >= ${s} and r."minLat" <= ${n}`
    : sql`select 1 from t_landinfo where ${pgBox('t_landinfo')} && box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8))`;
  const counted = await sql<{ n: number | string }>`select count(*) as n from (${inIndex} limit ${indexLimit + 1}) as hits`.execute(db);
  if (Number(counted.rows[0]?.n ?? 0) <= indexLimit) {
    if (sqlite) {
      return sql<SqlBool>`t_landinfo.rowid in (select r.id from t_landinfo_rtree r
        where r."maxLon" >= ${w} and r."minLon" <= ${e} and r."maxLat" >= ${s} and r."minLat" <= ${n})`;
    }
    return sql<SqlBool>`${pgBox('t_landinfo')} && box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8))`;
  }
  // "+column" keeps SQLite from reading the minLon index instead of the page's order.
  const c = (name: string) => (sqlite ? sql`+${sql.ref(`t_landinfo.${name}`)}` : sql.ref(`t_landinfo.${name}`));
  const num = (v: number) => sql`cast(${v} as double precision)`;
  return sql<SqlBool>`(${c('maxLon')} >= ${num(w)} and ${c('minLon')} <= ${num(e)} and ${c('maxLat')} >= ${num(s)} and ${c('minLat')} <= ${num(n)})`;
}

/** Triggers (and on PostgreSQL the GiST index); idempotent. The layer tables must exist. */
export async function createTileTriggers(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await createSqliteTriggers(db);
    return;
  }
  await createPgTriggers(db);
  // The included columns let the low-zoom cells come from the index alone (index-only scan).
  await sql`create index if not exists t_landinfo_box_gist on t_landinfo using gist (box(point("minLon", "minLat"), point("maxLon", "maxLat")))
    include ("minLon", "minLat", "maxLon", "maxLat", "centerLon", "centerLat", status, dlcode, "tradeState", id)`.execute(db);
}

/**
 * Drops the triggers (a bulk load without a trigger per row is much faster); call
 * `createTileTriggers` and `rebuildTileIndex` afterwards.
 */
export async function dropTileTriggers(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    for (const layer of TILE_LAYER_NAMES) {
      for (const suffix of ['ai', 'au', 'ad']) await sql`drop trigger if exists ${sql.id(`${LAYER_TABLES[layer].table}_tiles_${suffix}`)}`.execute(db);
    }
    return;
  }
  for (const layer of TILE_LAYER_NAMES) {
    await sql`drop trigger if exists ${sql.id(`${LAYER_TABLES[layer].table}_tiles`)} on ${sql.table(LAYER_TABLES[layer].table)}`.execute(db);
  }
}

/** Refills the SQLite R*Tree from the parcels and raises every layer's version. */
export async function rebuildTileIndex(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sql`delete from t_landinfo_rtree`.execute(db);
    await sql`insert into t_landinfo_rtree (${RTREE_INSERT}) select ${rtreeValues('')} from t_landinfo where "minLon" is not null`.execute(db);
  }
  await sql`update t_tile_version set version = version + 1`.execute(db);
}

/**
 * At start-up: triggers present, and on SQLite the R*Tree holding exactly the parcels' boxes
 * (a bulk load without triggers, or a VACUUM that renumbered rowids, is repaired here).
 */
export async function ensureTileIndex(db: AnyDb): Promise<void> {
  await ensureTileCells(db);
  if (!isSqlite(db)) {
    const present = await sql<{ n: number }>`select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = current_schema()::regnamespace and t.tgname like '%\\_tiles' escape '\\'`.execute(db);
    if ((present.rows[0]?.n ?? 0) < TILE_LAYER_NAMES.length) await createTileTriggers(db);
    const index = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where schemaname = current_schema() and indexname = 't_landinfo_box_gist'`.execute(db);
    if (!index.rows[0]?.n) await createTileTriggers(db);
    return;
  }
  // An R*Tree made before it had its auxiliary columns is made again.
  const columns = await sql<{ name: string }>`pragma table_info(t_landinfo_rtree)`.execute(db);
  if (!columns.rows.some((c) => c.name === 'pid')) {
    await dropTileTriggers(db);
    await sql`drop table if exists t_landinfo_rtree`.execute(db);
    await sql`create virtual table t_landinfo_rtree using rtree(${RTREE_COLUMNS})`.execute(db);
  }
  await createTileTriggers(db);
  const [index, parcels] = await Promise.all([
    sql<{ n: number; s: number | null }>`select count(*) as n, sum(id) as s from t_landinfo_rtree`.execute(db),
    sql<{ n: number; s: number | null }>`select count(*) as n, sum(rowid) as s from t_landinfo where "minLon" is not null`.execute(db),
  ]);
  const a = index.rows[0];
  const b = parcels.rows[0];
  if (Number(a?.n) !== Number(b?.n) || Number(a?.s ?? 0) !== Number(b?.s ?? 0)) await rebuildTileIndex(db);
}

export type TileVersions = Record<TileLayerName, number>;

export async function tileVersions(db: AnyDb): Promise<TileVersions> {
  const rows = await db.selectFrom('t_tile_version').select(['layer', 'version']).execute();
  const out = { parcels: 0, districts: 0, supplyPlan: 0, stockLand: 0 } as TileVersions;
  for (const r of rows) if ((TILE_LAYER_NAMES as readonly string[]).includes(r.layer as string)) out[r.layer as TileLayerName] = Number(r.version);
  return out;
}

/** The schema PostGIS is installed in, when it is (its functions are called qualified). */
export async function postgisSchema(db: AnyDb): Promise<string | null> {
  if (isSqlite(db)) return null;
  const r = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'postgis'`.execute(db);
  return r.rows[0]?.schema ?? null;
}
