import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { areaEntity } from '@land/shared/entities/area';
import { parcelEntity } from '@land/shared/entities/parcel';
import { stockLandEntity } from '@land/shared/entities/stockLand';
import { supplyPlanEntity } from '@land/shared/entities/supplyPlan';
import { syncEntityTables } from '../ddl/entityTables';
import { RTREE_COLUMNS, createTileTriggers, dropTileTriggers, rebuildTileIndex } from '../ddl/tiles';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Vector tiles: a version per map layer (raised by triggers whenever a record of the layer
 * changes; it is the tiles' ETag), on SQLite the R*Tree of parcel bounding boxes, and on
 * PostgreSQL the PostGIS extension when the server offers it and the role may create it; the
 * triggers and the index of db/ddl/tiles.ts on the layer tables, which the entity sync
 * makes here first on a fresh database (it is additive and idempotent, as in 007).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_tile_version')
    .addColumn('layer', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .insertInto('t_tile_version')
    .values(['parcels', 'districts', 'supplyPlan', 'stockLand'].map((layer) => ({ layer, version: 1 })))
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create virtual table t_landinfo_rtree using rtree(${RTREE_COLUMNS})`.execute(db);
  }
  await syncEntityTables(db, [parcelEntity, areaEntity, supplyPlanEntity, stockLandEntity]);
  await createTileTriggers(db);
  await rebuildTileIndex(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  // Database-wide and optional: without it (not installed, or no right to create it) tiles are
  // encoded by the server from the same rows. A savepoint keeps a refusal from aborting the
  // migration's transaction.
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'postgis'`.execute(db);
  if (!available.rows[0]?.n) return;
  await sql`savepoint tiles_postgis`.execute(db);
  try {
    await sql`create extension if not exists postgis schema public`.execute(db);
    await sql`release savepoint tiles_postgis`.execute(db);
  } catch {
    await sql`rollback to savepoint tiles_postgis`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await dropTileTriggers(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sql`drop table if exists t_landinfo_rtree`.execute(db);
  await db.schema.dropTable('t_tile_version').execute();
}
