import type { Kysely } from 'kysely';
import { createTileCellTable, createTileCellTriggers, dropTileCellTriggers, rebuildTileCells } from '../ddl/tileCells';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Per-zoom cell aggregates of the parcels for the low-zoom parcel tiles (db/tileCells.ts): the
 * table, the row triggers that keep it, and its first fill from the parcels already there.
 */
export async function up(db: AnyDb): Promise<void> {
  await createTileCellTable(db);
  await createTileCellTriggers(db);
  await rebuildTileCells(db);
}

export async function down(db: AnyDb): Promise<void> {
  await dropTileCellTriggers(db);
  await db.schema.dropTable('t_tile_cell').execute();
}
