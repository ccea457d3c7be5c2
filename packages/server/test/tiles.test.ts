import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { EXTENT, encodeTile, projector, tileBounds, tileFeatures, tileOf, type LonLatFeature, type TileCoord } from '../src/services/tiles/mvt';
import { postgisSchema } from '../src/services/tiles/store';
import { MAX_TILE_BYTES, TileService, fitted } from '../src/services/tiles/tiles';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

const PUBLISH = ['submit', 'passFirst', 'publish'];

function decode(body: Buffer | Uint8Array): VectorTile {
  return new VectorTile(new PbfReader(body));
}

function features(tile: VectorTile, layer: string): VectorTileFeature[] {
  const l = tile.layers[layer];
  return l ? Array.from({ length: l.length }, (_, i) => l.feature(i)) : [];
}

const url = (scope: 'openApi' | 'api', layer: string, t: TileCoord) => `/${scope}/tiles/${layer}/${t.z}/${t.x}/${t.y}.pbf`;

describe('tile size', () => {
  it('drops detail until a crowded tile fits in 500 KB, keeping the largest parcels', () => {
    const tile = tileOf(120.5, 30.5, 14);
    const [w, s, e, n] = tileBounds(tile);
    const list: LonLatFeature[] = [];
    // 30,000 detailed parcels (24-sided) in one tile, with long names: over 1 MB as they are.
    for (let i = 0; i < 30_000; i++) {
      const cx = w + ((i % 200) + 0.5) * ((e - w) / 200);
      const cy = s + (Math.floor(i / 200) + 0.5) * ((n - s) / 200);
      const r = ((e - w) / 450) * (i === 20_100 ? 3 : 1);
      const ring = Array.from({ length: 25 }, (_, k) => [cx + r * Math.cos((k % 24) * (Math.PI / 12)), cy + r * Math.sin((k % 24) * (Math.PI / 12))]);
      list.push({ kind: 'polygon', polygons: [[ring]], props: { id: `P${i}`, name: `开发区第${i}号工业用地地块名称较长`, dlcode: '100101' } });
    }
    expect(encodeTile([{ name: 'parcels', features: tileFeatures(list, tile, 0) }]).length).toBeGreaterThan(MAX_TILE_BYTES);
    const body = fitted('parcels', list, tile, 0);
    expect(body.length).toBeLessThanOrEqual(MAX_TILE_BYTES);
    const kept = features(decode(body), 'parcels');
    expect(kept.length).toBeGreaterThan(1000);
    expect(kept.map((f) => f.properties.id)).toContain('P20100');
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`vector tiles [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let published: Record<string, unknown>;
    let draft: Record<string, unknown>;
    let tile: TileCoord;

    const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });
    const staff = (path: string, headers: Record<string, string> = {}) => get(path, { token: w.tokens.admin, ...headers });
    const idsIn = (body: Buffer) => features(decode(body), 'parcels').map((f) => f.properties.id);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      // Two parcels side by side, one published and one still being entered.
      published = await w.createParcel({ dkmc: '瓦片测试地块', geometry: square(120.5, 30.5, 0.003) });
      for (const action of PUBLISH) {
        const res = await w.call('/api/tLandinfo/transition', { ids: [published.id], action });
        expect(res.body.code, action).toBe('200');
      }
      draft = await w.createParcel({ dkmc: '录入中地块', geometry: square(120.5035, 30.5, 0.002) });
      tile = tileOf(Number(published.centerLon), Number(published.centerLat), 16);
    });
    afterAll(async () => t?.close());

    it('a published parcel is in the public tile of its centre, with what a map colours, labels and opens', async () => {
      const res = await get(url('openApi', 'parcels', tile));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      const found = features(decode(res.rawPayload), 'parcels').filter((f) => f.properties.id === published.id);
      expect(found).toHaveLength(1);
      const f = found[0];
      expect(f.type).toBe(3);
      expect(f.properties).toMatchObject({
        id: published.id,
        name: '瓦片测试地块',
        dlcode: '100101',
        dlname: '一类工业用地',
        areacode: 'T01',
        areaname: '测试片区',
        tradeState: 'none',
      });
      expect(Number(f.properties.areaMu)).toBeCloseTo(30, 1);
      // The public never sees the lifecycle state.
      expect(f.properties).not.toHaveProperty('status');
      // The polygon covers the parcel's centre, where the tile grid puts it.
      const [cx, cy] = projector(tile)(Number(published.centerLon), Number(published.centerLat));
      const ring = f.loadGeometry()[0];
      const xs = ring.map((p) => p.x);
      const ys = ring.map((p) => p.y);
      expect(Math.min(...xs)).toBeLessThan(cx);
      expect(Math.max(...xs)).toBeGreaterThan(cx);
      expect(Math.min(...ys)).toBeLessThan(cy);
      expect(Math.max(...ys)).toBeGreaterThan(cy);
      expect(decode(res.rawPayload).layers.parcels.extent).toBe(EXTENT);
    });

    it('an unpublished parcel is only in the staff tile, which also carries the state', async () => {
      const draftTile = tileOf(Number(draft.centerLon), Number(draft.centerLat), 16);
      const open = await get(url('openApi', 'parcels', draftTile));
      expect(open.statusCode === 204 ? [] : idsIn(open.rawPayload)).not.toContain(draft.id);

      const res = await staff(url('api', 'parcels', draftTile));
      expect(res.statusCode).toBe(200);
      const byId = new Map(features(decode(res.rawPayload), 'parcels').map((f) => [f.properties.id, f.properties]));
      expect(byId.get(draft.id as string)).toMatchObject({ name: '录入中地块', status: 'draft' });
      // Without a session the staff tiles are refused like every /api call.
      expect((await get(url('api', 'parcels', draftTile))).json().code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('below the detail zoom a parcel is a counted point in the tile of its centre', async () => {
      const low = tileOf(Number(published.centerLon), Number(published.centerLat), 10);
      const res = await get(url('openApi', 'parcels', low));
      expect(res.statusCode).toBe(200);
      const points = features(decode(res.rawPayload), 'parcels');
      expect(points.every((p) => p.type === 1)).toBe(true);
      expect(points.reduce((sum, p) => sum + Number(p.properties.count), 0)).toBe(1);
      expect(points[0].properties).toMatchObject({ count: 1, id: published.id, dlcode: '100101' });
    });

    it('a tile far away is empty (204)', async () => {
      const res = await get(url('openApi', 'parcels', tileOf(100, 40, 16)));
      expect(res.statusCode).toBe(204);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBeTruthy();
    });

    it('refuses tiles that do not exist with a clear error', async () => {
      const bad = await get('/openApi/tiles/parcels/23/0/0.pbf');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '瓦片层级应为0到22之间的整数' });
      const outside = await get('/openApi/tiles/parcels/2/4/0.pbf');
      expect(outside.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '瓦片列号应为0到3之间的整数' });
      const layer = await get('/openApi/tiles/owners/2/1/1.pbf');
      expect(layer.statusCode).toBe(404);
      expect(layer.json().code).toBe(ERROR_CODES.NOT_FOUND);
    });

    it('answers 304 while nothing changed, and a new tile with a new ETag once the parcel changes', async () => {
      const first = await get(url('openApi', 'parcels', tile));
      const etag = String(first.headers.etag);
      expect(first.headers['cache-control']).toContain('must-revalidate');
      expect((await get(url('openApi', 'parcels', tile), { 'if-none-match': etag })).statusCode).toBe(304);

      // An edit outside the map's attributes keeps every cached tile valid…
      const edit = await w.call('/api/tLandinfo/addOrUpdate', { id: published.id, introduction: '交通便利' });
      expect(edit.body.code).toBe('200');
      await w.call('/openApi/updateLandInfoVisitcount', { dkid: published.id });
      expect((await get(url('openApi', 'parcels', tile), { 'if-none-match': etag })).statusCode).toBe(304);

      // …taking the parcel down changes the tile.
      const down = await w.call('/api/tLandinfo/transition', { ids: [published.id], action: 'takeDown', comment: '规划调整' });
      expect(down.body.code).toBe('200');
      const after = await get(url('openApi', 'parcels', tile), { 'if-none-match': etag });
      expect(after.statusCode).not.toBe(304);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.statusCode === 204 ? [] : idsIn(after.rawPayload)).not.toContain(published.id);
      const back = await w.call('/api/tLandinfo/transition', { ids: [published.id], action: 'republish' });
      expect(back.body.code).toBe('200');
      expect(idsIn((await get(url('openApi', 'parcels', tile))).rawPayload)).toContain(published.id);
    });

    it('a renamed draft shows its new name in the staff tile', async () => {
      const draftTile = tileOf(Number(draft.centerLon), Number(draft.centerLat), 16);
      const before = await staff(url('api', 'parcels', draftTile));
      const res = await w.call('/api/tLandinfo/addOrUpdate', { id: draft.id, dkmc: '改名后的地块' });
      expect(res.body.code).toBe('200');
      const after = await staff(url('api', 'parcels', draftTile), { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const names = features(decode(after.rawPayload), 'parcels').map((f) => f.properties.name);
      expect(names).toContain('改名后的地块');
    });

    it('district outlines come as a layer of their own (enabled districts only on the public map)', async () => {
      const boundary = square(120.49, 30.49, 0.03);
      const area = await w.call('/api/tArea/addOrUpdate', { areaname: '瓦片片区', areacode: 'T09', status: '1', boundary });
      expect(area.body.code).toBe('200');
      const at = tileOf(120.505, 30.505, 13);
      const res = await get(url('openApi', 'districts', at));
      expect(res.statusCode).toBe(200);
      expect(features(decode(res.rawPayload), 'districts').map((f) => f.properties.name)).toContain('瓦片片区');
      await w.call('/api/tArea/addOrUpdate', { id: area.body.data.id, status: '0' });
      const hidden = await get(url('openApi', 'districts', at));
      expect(hidden.statusCode === 204 ? [] : features(decode(hidden.rawPayload), 'districts').map((f) => f.properties.name)).not.toContain('瓦片片区');
    });

    it('meta tells the map how many parcels it would draw', async () => {
      const open = await t.call('/openApi/tiles/meta', {}, { method: 'GET' });
      expect(open.body.data).toMatchObject({ parcelCount: 1, detailZoom: 14 });
      // The published parcel's box, for the map to frame (the draft beside it is left out).
      expect(open.body.data.parcelExtent).toEqual([published.minLon, published.minLat, published.maxLon, published.maxLat]);
      const inner = await t.call('/api/tiles/meta', {}, { method: 'GET', token: w.tokens.admin });
      expect(inner.body.data.parcelCount).toBe(2);
    });

    it('reads the layer versions again before they expire, so under steady traffic no tile waits for that round trip', async () => {
      const db = t.db.db as unknown as AnyDb;
      const service = new TileService(db);
      const t0 = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(t0);
        const before = await service.version('districts');
        // Another process changes the layer.
        await sql`update t_tile_version set version = version + 1 where layer = 'districts'`.execute(db);
        // Within the second the versions in hand answer; past the read-ahead age a read starts behind them.
        vi.setSystemTime(t0 + 800);
        expect(await service.version('districts')).toBe(before);
        let seen = before;
        for (let i = 0; i < 100 && seen === before; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await service.version('districts');
        }
        // Still inside the first second: the change came from the read ahead, not from an expiry.
        expect(Date.now()).toBeLessThan(t0 + 1000);
        expect(seen).toBe(before + 1);
      } finally {
        vi.useRealTimers();
      }
    });

    if (dialect === 'postgres') it('with PostGIS, ST_AsMVT and the server encoder hold the same parcels and attributes', async () => {
      const db = t.db.db as unknown as AnyDb;
      if (!(await postgisSchema(db))) {
        if (process.env.CI === 'true') throw new Error('PostGIS is not installed in the test database (CI=true: not skipping)');
        console.warn('!!! PostGIS not installed: only the server encoder was tested on PostgreSQL');
        return;
      }
      const withPostgis = new TileService(db);
      const plain = new TileService(db, { usePostgis: false });
      const props = (buf: Uint8Array) =>
        features(decode(buf), 'parcels')
          .map((f): Record<string, unknown> => ({ ...f.properties, areaMu: Math.round(Number(f.properties.areaMu)) }))
          .sort((a, b) => String(a.id).localeCompare(String(b.id)));
      for (const scope of ['public', 'staff'] as const) {
        const a = await withPostgis.render('parcels', scope, tile);
        const b = await plain.render('parcels', scope, tile);
        expect(props(a)).toEqual(props(b));
        expect(props(a).length).toBeGreaterThan(0);
      }
    });
  });
}
