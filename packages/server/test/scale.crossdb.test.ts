/**
 * The same generated data on both databases gives the same answers: the generator writes the
 * same parcels per state and class for the same seed and clock, and the public search and the
 * parcel tiles answer identically on SQLite and PostgreSQL for a sample of queries and tiles.
 * Tiles are compared as decoded features (ids, attributes, and for counted cells and the
 * server's encoder the geometry), since with PostGIS the polygons come from ST_AsMVT, which
 * clips and orders vertices its own way.
 */
import { sql } from 'kysely';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../src/db/database';
import type { AnyDb } from '../src/entities/repository';
import { generateParcels } from '../src/scale/generate';
import { tileOf, type TileCoord } from '../src/services/tiles/mvt';
import { DETAIL_ZOOM, TileService } from '../src/services/tiles/tiles';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, createTestDb, dialectAvailable } from './helpers/db';

const PARCELS = 2000;
const OPTIONS = { parcels: PARCELS, perDistrict: 500, seed: 4242, now: Date.UTC(2026, 5, 1) };

const available = (await Promise.all(DIALECTS.map((d) => dialectAvailable(d)))).every(Boolean);

type Feature = { type: number; props: Record<string, unknown>; geometry: number[][] };
const featureKey = (f: Feature) => String(f.props.id ?? '') + f.geometry.flat().join(',');

function decoded(body: Buffer | Uint8Array): Feature[] {
  if (body.length === 0) return [];
  const layer = new VectorTile(new PbfReader(body)).layers.parcels;
  if (!layer) return [];
  const list: VectorTileFeature[] = Array.from({ length: layer.length }, (_, i) => layer.feature(i));
  return list
    .map((f): Feature => ({
      type: f.type,
      // ST_AsMVT and the server encoder agree on values; 亩 rounded as tiles.test.ts does.
      props: { ...f.properties, ...(f.properties.areaMu !== undefined && { areaMu: Math.round(Number(f.properties.areaMu) * 100) / 100 }) },
      geometry: f.loadGeometry().map((ring) => ring.flatMap((p) => [p.x, p.y])),
    }))
    .sort((a, b) => featureKey(a).localeCompare(featureKey(b)));
}

const withoutGeometry = (list: Feature[]) => list.map(({ type, props }) => ({ type, props }));

describe.skipIf(!available)(`the same ${PARCELS.toLocaleString()} generated parcels on SQLite and PostgreSQL`, () => {
  const apps = {} as Record<DialectName, TestApp>;

  beforeAll(async () => {
    for (const dialect of DIALECTS) {
      const db = await createTestDb(dialect);
      await generateParcels(db.db as unknown as AnyDb, dialect, OPTIONS);
      await sql.raw(dialect === 'postgres' ? 'vacuum analyze t_landinfo, t_land_jyst, t_area, t_dl' : 'analyze').execute(db.db);
      apps[dialect] = await createTestApp(dialect, {}, db);
    }
  }, 180_000);

  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
  });

  const both = async <T>(f: (app: TestApp, dialect: DialectName) => Promise<T>): Promise<[T, T]> => [await f(apps.sqlite, 'sqlite'), await f(apps.postgres, 'postgres')];
  const dbOf = (app: TestApp) => app.db.db as unknown as AnyDb;

  it('the generator yields the same counts per state and class for the same seed', async () => {
    const [a, b] = await both(async (app) => {
      const db = dbOf(app);
      const parcels = await db
        .selectFrom('t_landinfo')
        .select(['status', 'tradeState', 'dlcode', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['status', 'tradeState', 'dlcode'])
        .orderBy('status')
        .orderBy('tradeState')
        .orderBy('dlcode')
        .execute();
      const deals = await db.selectFrom('t_land_jyst').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').orderBy('status').execute();
      const districts = await db.selectFrom('t_area').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const norm = <R extends { n: unknown }>(rows: R[]) => rows.map((r) => ({ ...r, n: Number(r.n) }));
      return { parcels: norm(parcels), deals: norm(deals), districts: Number(districts.n) };
    });
    expect(a).toEqual(b);
    expect(a.parcels.reduce((s, r) => s + r.n, 0)).toBe(PARCELS);
    // Every lifecycle state and several classes and trade states: the comparison is not trivial.
    expect(new Set(a.parcels.map((r) => r.status)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(a.parcels.map((r) => r.dlcode)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(a.parcels.map((r) => r.tradeState))).toEqual(new Set(['none', 'listed', 'deal']));
    expect(a.deals.length).toBeGreaterThan(0);
    expect(a.districts).toBe(PARCELS / OPTIONS.perDistrict);
  });

  it('the public search answers the same on both databases (a sample of queries)', async () => {
    const areacodes = (await dbOf(apps.sqlite).selectFrom('t_area').select('areacode').orderBy('areacode').execute()).map((r) => String(r.areacode));
    const queries = ([
      {},
      { pageNo: '3' },
      { state: 'available' },
      { state: 'listed', pageNo: '2' },
      { state: 'deal', orderBy: 'startingPrice', order: 'desc' },
      { areacode: areacodes[0] },
      { areacode: areacodes[areacodes.length - 1], state: 'listed' },
      { dlcode: '100101' },
      // A parent class: its sub-classes come from the land-class tree.
      { dlcode: '10', pageNo: '2' },
      { dlcode: '0802', orderBy: 'visitcount', order: 'desc' },
      { priceMin: '1000', priceMax: '3000' },
      { priceMin: '2000', priceMax: '2500', orderBy: 'startingPrice', order: 'asc' },
      { areaMin: '30', areaMax: '33' },
      { areaMin: '26', areaMax: '45', orderBy: 'landAreaMu', order: 'desc', pageNo: '4' },
      { keyword: '科创路' },
      { keyword: `${areacodes[1]}-` },
    ] as Record<string, string>[]).map((q): Record<string, string> => ({ pageSize: '10', ...q }));
    for (const query of queries) {
      const [a, b] = await both(async (app) => {
        const res = await app.call('/openApi/selectLandInfoListPage', query, { method: 'GET' });
        expect(res.body.code, JSON.stringify(query)).toBe('200');
        return res.body.data as { total: number; list: Record<string, unknown>[] };
      });
      expect(b, JSON.stringify(query)).toEqual(a);
      if (!query.keyword) expect(a.list.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
    // Names come with the rows (from the reference cache).
    const first = (await apps.postgres.call('/openApi/selectLandInfoListPage', { pageSize: '1' }, { method: 'GET' })).body.data.list[0];
    expect(first.areaname).toEqual(expect.any(String));
    expect(first.dlname).toEqual(expect.any(String));
  });

  it('parcel tiles hold the same features on both databases at zooms 10–16 (a sample of tiles)', async () => {
    const centres = (await dbOf(apps.sqlite)
      .selectFrom('t_landinfo')
      .select(['centerLon', 'centerLat'])
      .where('status', '=', 'published')
      .orderBy('id')
      .execute()) as { centerLon: number; centerLat: number }[];
    const sample = [0, Math.floor(centres.length / 3), Math.floor((centres.length * 2) / 3), centres.length - 1].map((i) => centres[i]);
    const tiles = new Map<string, TileCoord>();
    for (const c of sample) for (let z = 10; z <= 16; z++) {
      const t = tileOf(c.centerLon, c.centerLat, z);
      tiles.set(`${t.z}/${t.x}/${t.y}`, t);
    }
    const plain = { sqlite: new TileService(dbOf(apps.sqlite)), postgres: new TileService(dbOf(apps.postgres), { usePostgis: false }) };
    let nonEmpty = 0;
    for (const [key, tile] of tiles) {
      // Through the public route (on PostgreSQL with PostGIS, ST_AsMVT from DETAIL_ZOOM).
      const [a, b] = await both(async (app) => {
        const res = await app.app.inject({ method: 'GET', url: `/openApi/tiles/parcels/${key}.pbf` });
        expect([200, 204], key).toContain(res.statusCode);
        return decoded(res.rawPayload);
      });
      if (tile.z < DETAIL_ZOOM) expect(b, key).toEqual(a);
      else expect(withoutGeometry(b), key).toEqual(withoutGeometry(a));
      if (a.length > 0) nonEmpty += 1;
      // The server's own encoder, staff scope: the same geometry too.
      const [s, p] = [decoded(await plain.sqlite.render('parcels', 'staff', tile)), decoded(await plain.postgres.render('parcels', 'staff', tile))];
      expect(p, `staff ${key}`).toEqual(s);
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(tiles.size - 2);
  });

  it('after the same writes on both databases, the low-zoom cells kept by the triggers still answer the same', async () => {
    // Writes straight to the table (as an import or another process would), through the triggers.
    const published = (await dbOf(apps.sqlite).selectFrom('t_landinfo').select(['id', 'centerLon', 'centerLat']).where('status', '=', 'published').orderBy('id').execute()) as {
      id: string;
      centerLon: number;
      centerLat: number;
    }[];
    const down = published.filter((_, i) => i % 7 === 0).map((p) => p.id);
    const moved = published.filter((_, i) => i % 11 === 1).map((p) => p.id);
    await both(async (app) => {
      const db = dbOf(app);
      await db.updateTable('t_landinfo').set({ status: 'takenDown' }).where('id', 'in', down).execute();
      await db
        .updateTable('t_landinfo')
        .set((eb) => ({ centerLon: eb('centerLon', '+', 0.003), centerLat: eb('centerLat', '-', 0.002), dlcode: '0802' }))
        .where('id', 'in', moved)
        .execute();
      await db.deleteFrom('t_land_jyst').where('dkid', 'in', published.slice(-5).map((p) => p.id)).execute();
      await db.deleteFrom('t_landinfo').where('id', 'in', published.slice(-5).map((p) => p.id)).execute();
    });
    // Versions are read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const tiles = new Map<string, TileCoord>();
    for (const c of published.filter((_, i) => i % 97 === 0)) for (let z = 10; z < DETAIL_ZOOM; z++) {
      const t = tileOf(c.centerLon, c.centerLat, z);
      tiles.set(`${t.z}/${t.x}/${t.y}`, t);
    }
    for (const [key, tile] of tiles) {
      const [a, b] = await both(async (app) => decoded((await app.app.inject({ method: 'GET', url: `/openApi/tiles/parcels/${key}.pbf` })).rawPayload));
      expect(b, key).toEqual(a);
      const [s, p] = await both(async (app) => decoded(await new TileService(dbOf(app)).render('parcels', 'staff', tile)));
      expect(p, `staff ${key}`).toEqual(s);
    }
  });
});
