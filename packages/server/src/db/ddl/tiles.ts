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
