/**
 * The per-zoom cells of the low-zoom parcel tiles (db/tileCells.ts) follow every write: after
 * an insert, a move, a change of state or district, a delete and a restore from the recycle bin,
 * and a district disabled, the public tiles at the cell zooms count exactly the published
 * parcels of enabled districts whose centre is in each cell, and the table equals a refill from
 * the parcels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { sql } from 'kysely';
import type { AnyDb } from '../src/entities/repository';
import { CELL_DEPTH, CELL_ZOOMS, rebuildTileCells } from '../src/db/ddl/tileCells';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

const PUBLISH = ['submit', 'passFirst', 'publish'];

/** Web Mercator cell (tile of zoom z + CELL_DEPTH) of a lon-lat point. */
function cellOf(lon: number, lat: number, z: number): [number, number] {
  const scale = 2 ** (z + CELL_DEPTH);
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * scale), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * scale)];
}

/** The south-west corner of a square of `size` whose centre is the middle of a z10 cell near (lon, lat). */
function inMiddleOfCell(lon: number, lat: number, size: number, dx = 0): [number, number] {
  const scale = 2 ** (10 + CELL_DEPTH);
  const [cx, cy] = cellOf(lon, lat, 10);
  const midLon = ((cx + 0.5) / scale) * 360 - 180 + dx;
  const midLat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (cy + 0.5)) / scale))) * 180) / Math.PI;
  return [midLon - size / 2, midLat - size / 2];
}

interface Point {
  count: number;
  id?: string;
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`per-zoom tile cells [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const db = () => t.db.db as unknown as AnyDb;

    /** Public points of the tile holding each cell zoom's cells, keyed "z/cx/cy" by the point's tile and order-free. */
    async function tilePoints(z: number, x: number, y: number): Promise<Point[]> {
      const res = await t.app.inject({ method: 'GET', url: `/openApi/tiles/parcels/${z}/${x}/${y}.pbf` });
      expect([200, 204]).toContain(res.statusCode);
      if (res.statusCode === 204) return [];
      const layer = new VectorTile(new PbfReader(res.rawPayload)).layers.parcels;
      if (!layer) return [];
      return Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties).map((p) => ({
        count: Number(p.count),
        ...(p.id !== undefined && { id: String(p.id) }),
      }));
    }

    /** What the public tiles must hold, counted directly from the parcels. */
    async function expectedPoints(): Promise<Map<string, Point[]>> {
      const parcels = await sql<{ id: string; centerLon: number; centerLat: number }>`select p.id, p."centerLon", p."centerLat" from t_landinfo p
        where p.status = 'published' and p."centerLon" is not null
          and not exists (select 1 from t_area a where a.areacode = p.areacode and a.status <> '1')`.execute(db());
      const tiles = new Map<string, Map<string, string[]>>();
      for (const p of parcels.rows) {
        for (const z of CELL_ZOOMS) {
          const [cx, cy] = cellOf(Number(p.centerLon), Number(p.centerLat), z);
          const key = `${z}/${cx >> CELL_DEPTH}/${cy >> CELL_DEPTH}`;
          const cells = tiles.get(key) ?? new Map<string, string[]>();
          tiles.set(key, cells);
          cells.set(`${cx}/${cy}`, [...(cells.get(`${cx}/${cy}`) ?? []), p.id]);
        }
      }
      const out = new Map<string, Point[]>();
      for (const [key, cells] of tiles) out.set(key, [...cells.values()].map((ids) => (ids.length === 1 ? { count: 1, id: ids[0] } : { count: ids.length })));
      return out;
    }

    const sorted = (list: Point[]) => [...list].sort((a, b) => a.count - b.count || String(a.id).localeCompare(String(b.id)));
    const seen = new Set<string>();

    async function check(step: string): Promise<void> {
      const expected = await expectedPoints();
      for (const key of expected.keys()) seen.add(key);
      // Every tile that held parcels at some step: emptied tiles must come back empty.
      for (const key of seen) {
        const [z, x, y] = key.split('/').map(Number);
        expect(sorted(await tilePoints(z, x, y)), `${step}: tile ${key}`).toEqual(sorted(expected.get(key) ?? []));
      }
      // The table kept by the triggers equals a refill from the parcels.
      type Cell = { z: number; tx: number; ty: number; status: string; areacode: string; cx: number; cy: number; n: number; sumLon: number; sumLat: number; pid: string; dlcode: string | null; tradeState: string | null };
      const cells = async (q: AnyDb): Promise<Cell[]> =>
        (
          await sql<Cell>`select z, tx, ty, status, areacode, cx, cy, n, "sumLon", "sumLat", pid, dlcode, "tradeState" from t_tile_cell
            order by z, tx, ty, status, areacode, cx, cy`.execute(q)
        ).rows.map((r) => ({ ...r, z: Number(r.z), tx: Number(r.tx), ty: Number(r.ty), cx: Number(r.cx), cy: Number(r.cy), n: Number(r.n), sumLon: Number(r.sumLon), sumLat: Number(r.sumLat) }));
      // The named parcel too (the smallest id of the row) and its class and trade state, kept by the triggers as a refill makes them.
      const keyAndCount = ({ z, tx, ty, status, areacode, cx, cy, n, pid, dlcode, tradeState }: Cell) => ({ z, tx, ty, status, areacode, cx, cy, n, pid, dlcode, tradeState });
      const kept = await cells(db());
      expect(kept.length, step).toBeGreaterThan(0);
      await db()
        .transaction()
        .execute(async (trx) => {
          await rebuildTileCells(trx);
          const refilled = await cells(trx);
          expect(kept.map(keyAndCount), step).toEqual(refilled.map(keyAndCount));
          kept.forEach((k, i) => {
            expect(k.sumLon, step).toBeCloseTo(refilled[i].sumLon, 9);
            expect(k.sumLat, step).toBeCloseTo(refilled[i].sumLat, 9);
          });
          throw new Error('rolled back');
        })
        .catch((err: Error) => {
          if (err.message !== 'rolled back') throw err;
        });
    }

    const publish = async (id: unknown) => {
      for (const action of PUBLISH) expect((await w.call('/api/tLandinfo/transition', { ids: [id], action })).body.code, action).toBe('200');
    };

    let a: Record<string, unknown>;
    let b: Record<string, unknown>;
    let c: Record<string, unknown>;
    let d: Record<string, unknown>;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('counts inserted parcels, published ones only, in the cell of their centre at each cell zoom', async () => {
      // a and b share a z10 cell (same district, class and state); c is in T02 nearby; d is a draft.
      const [lon, lat] = inMiddleOfCell(120.51, 30.51, 0.0004);
      a = await w.createParcel({ dkmc: '格网甲', areacode: 'T01', dlcode: '100101', geometry: square(lon, lat, 0.0004) });
      b = await w.createParcel({ dkmc: '格网乙', areacode: 'T01', dlcode: '100101', geometry: square(lon + 0.0012, lat, 0.0004) });
      c = await w.createParcel({ dkmc: '格网丙', areacode: 'T02', dlcode: '1101', geometry: square(120.53, 30.52, 0.002) });
      d = await w.createParcel({ dkmc: '格网丁', areacode: 'T01', geometry: square(120.55, 30.5, 0.002) });
      for (const p of [a, b, c]) await publish(p.id);
      await check('inserted');
      const [cx, cy] = cellOf(Number(a.centerLon), Number(a.centerLat), 10);
      expect(cellOf(Number(b.centerLon), Number(b.centerLat), 10)).toEqual([cx, cy]);
      expect(await tilePoints(10, cx >> CELL_DEPTH, cy >> CELL_DEPTH)).toContainEqual({ count: 2 });
    });

    const act = async (id: unknown, action: string) => {
      const res = await w.call('/api/tLandinfo/transition', { ids: [id], action, ...(action === 'takeDown' && { comment: '规划调整' }) });
      expect(res.body.code, `${action}: ${res.body.msg}`).toBe('200');
    };
    const edit = async (values: Record<string, unknown>) => {
      const res = await w.call('/api/tLandinfo/addOrUpdate', values);
      expect(res.body.code, String(res.body.msg)).toBe('200');
    };

    it('follows changes of state, a move and a change of district', async () => {
      await act(c.id, 'takeDown');
      await check('taken down');
      // Only a parcel back in entry may have its boundary or district changed.
      await act(c.id, 'withdraw');
      await edit({ id: c.id, geometry: square(120.6, 30.6, 0.002) });
      await check('moved');
      await edit({ id: c.id, areacode: 'T01' });
      await check('district changed');
      await publish(c.id);
      await check('published again');
      await publish(d.id);
      await check('draft published');
      await act(c.id, 'takeDown');
      await act(c.id, 'withdraw');
      await edit({ id: c.id, areacode: 'T02' });
      await publish(c.id);
      await check('district changed back');
    });

    it('a cell left with one parcel names that parcel; a delete and a restore from the recycle bin are followed', async () => {
      // Whichever of a and b the cell row named leaves the cell: the one left is named in the tile.
      const [cx, cy] = cellOf(Number(a.centerLon), Number(a.centerLat), 10);
      const row = await sql<{ pid: string | null }>`select pid from t_tile_cell where z = 10 and cx = ${cx} and cy = ${cy} and status = 'published'`.execute(db());
      const named = row.rows[0]?.pid === b.id ? b : a;
      const other = named === a ? b : a;
      await act(named.id, 'takeDown');
      await check('named parcel taken down');
      expect(await tilePoints(10, cx >> CELL_DEPTH, cy >> CELL_DEPTH)).toContainEqual({ count: 1, id: other.id });
      await act(named.id, 'withdraw');
      expect((await w.call('/api/tLandinfo/deleteById', { id: named.id }, { form: true })).body.code).toBe('200');
      await check('deleted');
      const bin = await w.call('/api/recycleBin/selectByPage', { pageNo: 1, pageSize: 100 });
      const entry = (bin.body.data.list as { id: string; recordId: string }[]).find((e) => e.recordId === named.id)!;
      expect((await w.call('/api/recycleBin/restore', { id: entry.id })).body.code).toBe('200');
      await check('restored');
      await publish(named.id);
      await check('published again');
      expect(await tilePoints(10, cx >> CELL_DEPTH, cy >> CELL_DEPTH)).toContainEqual({ count: 2 });
    });

    it('a disabled district hides its parcels from the public cells until enabled again', async () => {
      const areas = await w.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 100 });
      const t02 = (areas.body.data.list as { id: string; areacode: string }[]).find((r) => r.areacode === 'T02')!;
      expect((await w.call('/api/tArea/addOrUpdate', { id: t02.id, status: '0' })).body.code).toBe('200');
      await check('district disabled');
      expect((await w.call('/api/tArea/addOrUpdate', { id: t02.id, status: '1' })).body.code).toBe('200');
      await check('district enabled');
    });
  });
}
