/**
 * Start-up's check of the tile index (services/tiles/store.ts ensureTileIndex): the whole check
 * (every parcel counted and summed) runs when the last start did not find the index complete —
 * after a bulk load without the triggers, or when the fingerprint moved — and repairs it; a plain
 * restart, with the triggers in place since, trusts them and reads a few catalog rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AnyDb } from '../src/entities/repository';
import { dropTileCellTriggers, createTileCellTriggers } from '../src/db/ddl/tileCells';
import { TILE_INDEX_MARK, createTileTriggers, dropTileTriggers, isSqlite } from '../src/db/ddl/tiles';
import { ensureTileIndex } from '../src/services/tiles/store';
import { DIALECTS, createTestDb, dialectAvailable, type TestDb } from './helpers/db';

let serial = 0;
/** Parcels with a box and a centre near Hangzhou, inserted by plain SQL (as a bulk load would). */
async function insertParcels(db: AnyDb, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const n = ++serial;
    const lon = 120 + n * 0.01;
    const lat = 30 + n * 0.01;
    await db
      .insertInto('t_landinfo')
      .values({ id: `P${String(n).padStart(25, '0')}`, dkbh: `TS-${n}`, status: 'published', minLon: lon, minLat: lat, maxLon: lon + 0.001, maxLat: lat + 0.001, centerLon: lon + 0.0005, centerLat: lat + 0.0005, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' })
      .execute();
  }
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`tile index at start-up [${dialect}]`, () => {
    let t: TestDb;
    const db = () => t.db as unknown as AnyDb;
    const num = async (query: ReturnType<typeof sql<{ n: number | string | null }>>) => Number((await query.execute(db())).rows[0]?.n ?? 0);
    const parcels = () => num(sql`select count(*) as n from t_landinfo where "centerLon" is not null`);
    const cells = () => num(sql`select sum(n) as n from t_tile_cell where z = 10`);
    const rtree = () => (isSqlite(db()) ? num(sql`select count(*) as n from t_landinfo_rtree`) : parcels());
    const mark = () => num(sql`select version as n from t_cache_version where name = ${TILE_INDEX_MARK}`);

    beforeAll(async () => {
      t = await createTestDb(dialect);
    });
    afterAll(async () => t?.dispose());

    it('marks the index complete, and a restart with the triggers in place since does not count the parcels again', async () => {
      await insertParcels(db(), 3);
      await ensureTileIndex(db());
      expect(await mark()).toBeGreaterThan(0);
      expect(await cells()).toBe(await parcels());
      // Cells changed behind the triggers' back (no code path does this): the marked restart trusts the triggers.
      await sql`delete from t_tile_cell`.execute(db());
      await ensureTileIndex(db());
      expect(await cells()).toBe(0);
      // A mark from another fingerprint (on SQLite: rowids renumbered) makes the whole check run again, and repair.
      await sql`update t_cache_version set version = version + 1000 where name = ${TILE_INDEX_MARK}`.execute(db());
      await ensureTileIndex(db());
      expect(await cells()).toBe(await parcels());
    });

    it('checks and repairs everything after a bulk load without the triggers', async () => {
      await ensureTileIndex(db());
      await dropTileCellTriggers(db());
      await dropTileTriggers(db());
      expect(await mark()).toBe(0);
      await insertParcels(db(), 4);
      // The loader puts the triggers back but leaves the index behind.
      await createTileCellTriggers(db());
      await createTileTriggers(db());
      expect(await cells()).toBeLessThan(await parcels());
      if (isSqlite(db())) expect(await rtree()).toBeLessThan(await parcels());
      await ensureTileIndex(db());
      expect(await cells()).toBe(await parcels());
      expect(await rtree()).toBe(await parcels());
      expect(await mark()).toBeGreaterThan(0);
    });

    it('creates missing triggers even when marked, and the parcels written afterwards are indexed', async () => {
      await ensureTileIndex(db());
      // Dropped by hand (not through the functions that clear the mark).
      if (isSqlite(db())) await sql`drop trigger t_landinfo_cells_ai`.execute(db());
      else await sql`drop trigger t_landinfo_cells on t_landinfo`.execute(db());
      await ensureTileIndex(db());
      await insertParcels(db(), 2);
      expect(await cells()).toBe(await parcels());
    });
  });
}
