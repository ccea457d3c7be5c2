/**
 * What keeps vector tiles correct whichever code path writes the data: triggers on the layer
 * tables raise the layer's version in t_tile_version (the tiles' ETag), and on SQLite keep the
 * R*Tree of parcel bounding boxes (t_landinfo_rtree, keyed by the parcel's rowid) in step; on
 * PostgreSQL a GiST index on the parcel's box (built-in geometric types, no extension) finds
 * the parcels of a tile. Triggers rather than service code because parcels are written by
 * forms, lifecycle transitions, transaction records, imports, seeds and the generator alike.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AnyDb } from '../../entities/repository';
import { ensureTileCells, tileCellTriggersPresent } from '../../db/ddl/tileCells';
import {
  TILE_LAYER_NAMES,
  RTREE_COLUMNS,
  createTileTriggers,
  dropTileTriggers,
  isSqlite,
  markTileIndex,
  rebuildTileIndex,
  tileIndexFingerprint,
  tileIndexMarked,
  tileTriggersPresent,
  type TileLayerName,
} from '../../db/ddl/tiles';

// The triggers, the R*Tree and the layer tables are schema: db/ddl/tiles.ts (migration 008 makes them).
export { TILE_LAYER_NAMES, isSqlite, type TileLayerName } from '../../db/ddl/tiles';

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

/**
 * At start-up: triggers present, and on SQLite the R*Tree holding exactly the parcels' boxes
 * (a bulk load without triggers, or a VACUUM that renumbered rowids, is repaired here). The
 * whole check counts and sums every parcel (seconds at a million), so it runs only when the
 * last start did not find the index complete with the same fingerprint (db/ddl/tiles.ts
 * TILE_INDEX_MARK), or a trigger is missing: a plain restart reads a few catalog rows.
 */
export async function ensureTileIndex(db: AnyDb): Promise<void> {
  const fingerprint = await tileIndexFingerprint(db);
  if ((await tileIndexMarked(db, fingerprint)) && (await tileTriggersPresent(db)) && (await tileCellTriggersPresent(db))) return;
  await checkTileIndex(db);
  await markTileIndex(db, fingerprint);
}

/** The whole check and repair of ensureTileIndex. */
async function checkTileIndex(db: AnyDb): Promise<void> {
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
