/**
 * What keeps vector tiles correct whichever code path writes the data: triggers on the layer
 * tables raise the layer's version in t_tile_version (the tiles' ETag), and on SQLite keep the
 * R*Tree of parcel bounding boxes (t_landinfo_rtree, keyed by the parcel's rowid) in step; on
 * PostgreSQL a GiST index on the parcel's box (built-in geometric types, no extension) finds
 * the parcels of a tile. Triggers rather than service code because parcels are written by
 * forms, lifecycle transitions, transaction records, imports, seeds and the generator alike.
 */
import { SqliteAdapter, sql } from 'kysely';
import type { AnyDb } from '../rows';

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
 * t_cache_version's row saying that start-up found the tile index complete (triggers, the
 * R*Tree or GiST index, the cells), with the fingerprint it was found with. While the triggers
 * stay in place they keep everything in step, so a restart with the same fingerprint need not
 * count a million parcels again; dropping the triggers removes the row.
 */
export const TILE_INDEX_MARK = 'tileIndexChecked';

async function cacheVersionTableExists(db: AnyDb): Promise<boolean> {
  const r = isSqlite(db)
    ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 't_cache_version'`.execute(db)
    : await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = current_schema() and tablename = 't_cache_version'`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/**
 * What the mark is checked against, cheap at any size: on SQLite the parcels' highest rowid —
 * the R*Tree is keyed by rowid, and a VACUUM may renumber the rowids of t_landinfo (it has no
 * INTEGER PRIMARY KEY), which closes the gaps left by deletions and so lowers it; on PostgreSQL
 * nothing (1).
 */
export async function tileIndexFingerprint(db: AnyDb): Promise<number> {
  if (!isSqlite(db)) return 1;
  const r = await sql<{ m: number | null }>`select max(rowid) as m from t_landinfo`.execute(db);
  return Number(r.rows[0]?.m ?? 0);
}

/** Whether start-up found the index complete before, with this fingerprint. */
export async function tileIndexMarked(db: AnyDb, fingerprint: number): Promise<boolean> {
  if (!(await cacheVersionTableExists(db))) return false;
  const r = await sql<{ version: number }>`select version from t_cache_version where name = ${TILE_INDEX_MARK}`.execute(db);
  return r.rows.length > 0 && Number(r.rows[0].version) === fingerprint;
}

export async function markTileIndex(db: AnyDb, fingerprint: number): Promise<void> {
  if (!(await cacheVersionTableExists(db))) return;
  // One statement: several processes may start at once.
  await sql`insert into t_cache_version (name, version) values (${TILE_INDEX_MARK}, ${fingerprint})
    on conflict (name) do update set version = excluded.version`.execute(db);
}

/** Writes without the triggers may follow: the next start-up checks the whole index again. */
export async function clearTileIndexMark(db: AnyDb): Promise<void> {
  if (await cacheVersionTableExists(db)) await sql`delete from t_cache_version where name = ${TILE_INDEX_MARK}`.execute(db);
}

/** Whether every layer's triggers are in place (and on PostgreSQL the GiST box index). */
export async function tileTriggersPresent(db: AnyDb): Promise<boolean> {
  if (isSqlite(db)) {
    const r = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'trigger' and name in (${sql.join(
      TILE_LAYER_NAMES.flatMap((layer) => ['ai', 'au', 'ad'].map((suffix) => `${LAYER_TABLES[layer].table}_tiles_${suffix}`)),
    )})`.execute(db);
    return Number(r.rows[0]?.n ?? 0) === TILE_LAYER_NAMES.length * 3;
  }
  const r = await sql<{ n: number; gist: number }>`select
      (select count(*)::int from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace and t.tgname in (${sql.join(TILE_LAYER_NAMES.map((layer) => `${LAYER_TABLES[layer].table}_tiles`))})) as n,
      (select count(*)::int from pg_indexes where schemaname = current_schema() and indexname = 't_landinfo_box_gist') as gist`.execute(db);
  return Number(r.rows[0]?.n ?? 0) === TILE_LAYER_NAMES.length && Number(r.rows[0]?.gist ?? 0) === 1;
}

/**
 * Drops the triggers (a bulk load without a trigger per row is much faster); call
 * `createTileTriggers` and `rebuildTileIndex` afterwards.
 */
export async function dropTileTriggers(db: AnyDb): Promise<void> {
  await clearTileIndexMark(db);
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
