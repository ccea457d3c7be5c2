import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { buildZoneLayout } from '../src/seeds/layout';
import { seedBaseMap, seedZoneMapView, zoneBaseMap, zoneExtent } from '../src/seeds/basemap';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;
type Ring = number[][];

/** Ray casting: is the point inside the ring? */
function inside([x, y]: number[], ring: Ring): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** Points every few metres along a line. */
function along(coords: number[][], step = 0.00005): number[][] {
  const out: number[][] = [];
  for (let i = 1; i < coords.length; i++) {
    const [ax, ay] = coords[i - 1];
    const [bx, by] = coords[i];
    const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let k = 0; k <= n; k++) out.push([ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n]);
  }
  return out;
}

describe('demo base map (geometry)', () => {
  const layout = buildZoneLayout();
  const parcels = [...layout.districts.values()].flatMap((d) => d.parcels.map((p) => p.geometry.coordinates[0] as Ring));
  const districts = [...layout.districts.values()].map((d) => d.boundary.coordinates[0] as Ring);
  const features = zoneBaseMap();

  it('has named main roads and water: a river, a canal and lakes', () => {
    const names = (kind: string) => features.filter((f) => f.kind === kind).map((f) => f.name);
    expect(names('road')).toEqual(expect.arrayContaining(['滨江大道', '科创路', '临江大道', '开发大道']));
    expect(names('water')).toEqual(expect.arrayContaining(['临江', '云谷湖', '安澜湖']));
    for (const f of features) expect(f.geometry.type).toBe(f.kind === 'road' ? 'LineString' : 'Polygon');
  });

  it('roads run between parcels, never across one', () => {
    for (const road of features.filter((f) => f.kind === 'road')) {
      const crossing = along(road.geometry.coordinates as number[][]).filter((pt) => parcels.some((ring) => inside(pt, ring)));
      expect({ road: road.name, crossing: crossing.length }).toEqual({ road: road.name, crossing: 0 });
    }
  });

  it('water covers no district', () => {
    for (const water of features.filter((f) => f.kind === 'water')) {
      const ring = (water.geometry.coordinates as Ring[])[0];
      const wet = districts.flatMap((d) => d.slice(0, 4)).filter((corner) => inside(corner, ring));
      const covered = ring.filter((pt) => districts.some((d) => inside(pt, d)));
      expect({ water: water.name, wet: wet.length, covered: covered.length }).toEqual({ water: water.name, wet: 0, covered: 0 });
    }
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`public maps: base map, district outlines, map rows, export, sessions [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let published: Row[];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      const areas = (await w.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 })).body.data.list as Row[];
      const saved = await w.call('/api/tArea/addOrUpdate', {
        ...areas.find((a) => a.areacode === 'T01'),
        boundary: { type: 'Polygon', coordinates: [[[120.29, 30.19], [120.5, 30.19], [120.5, 30.4], [120.29, 30.4], [120.29, 30.19]]] },
      });
      expect(saved.body.msg).toBe('成功');
      published = [];
      for (const overrides of [{ areacode: 'T01', dlcode: '100101' }, { areacode: 'T02', dlcode: '1101' }, { areacode: 'T01', dlcode: '1101' }]) {
        const p = await w.createParcel(overrides);
        for (const action of ['submit', 'passFirst', 'publish']) {
          const res = await w.call('/api/tLandinfo/transition', { ids: [p.id], action });
          expect(res.body.code).toBe('200');
        }
        published.push(p);
      }
      await seedBaseMap(t.db.db as unknown as AnyDb);
    }, 60_000);
    afterAll(async () => t?.close());

    it('selectBaseMapFeatures: the zone’s roads and water as a GeoJSON FeatureCollection, GET and POST alike', async () => {
      const get = await t.call('/openApi/selectBaseMapFeatures', {}, { method: 'GET' });
      const post = await t.call('/openApi/selectBaseMapFeatures', {});
      expect(get.body.code).toBe('200');
      expect(post.body.data).toEqual(get.body.data);
      const fc = get.body.data as { type: string; features: { type: string; geometry: { type: string; coordinates: unknown[] }; properties: { kind: string; name: string } }[] };
      expect(fc.type).toBe('FeatureCollection');
      expect(fc.features).toHaveLength(zoneBaseMap().length);
      const roads = fc.features.filter((f) => f.properties.kind === 'road');
      const water = fc.features.filter((f) => f.properties.kind === 'water');
      expect(roads.map((f) => f.properties.name)).toContain('滨江大道');
      expect(water.map((f) => f.properties.name)).toContain('临江');
      expect(roads.every((f) => f.type === 'Feature' && f.geometry.type === 'LineString' && f.geometry.coordinates.length >= 2)).toBe(true);
      expect(water.every((f) => f.geometry.type === 'Polygon')).toBe(true);
      // Water is listed first: it is drawn under the roads.
      expect(fc.features.findIndex((f) => f.properties.kind === 'road')).toBeGreaterThan(fc.features.findLastIndex((f) => f.properties.kind === 'water'));
      const res = await t.app.inject({ url: '/openApi/selectBaseMapFeatures' });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });

    it('filters by viewport (bbox) and kind, and refuses a malformed box in Chinese', async () => {
      const [minLon, minLat, maxLon, maxLat] = zoneExtent();
      const west = [minLon - 0.05, minLat - 0.05, minLon + 0.02, maxLat + 0.05].join(',');
      const names = ((await t.call('/openApi/selectBaseMapFeatures', { bbox: west })).body.data.features as { properties: { name: string } }[]).map((f) => f.properties.name);
      expect(names).toContain('高铁大道');
      expect(names).not.toContain('海港大道');
      const far = await t.call('/openApi/selectBaseMapFeatures', { bbox: [100, 20, 100.1, 20.1] });
      expect(far.body.data.features).toEqual([]);
      const whole = await t.call('/openApi/selectBaseMapFeatures', { bbox: [minLon, minLat, maxLon, maxLat], kind: 'water' });
      expect((whole.body.data.features as { properties: { kind: string } }[]).every((f) => f.properties.kind === 'water')).toBe(true);
      expect(whole.body.data.features.length).toBeGreaterThan(0);
      for (const bbox of ['1,2,3', 'a,b,c,d', '10,10,5,5', '0,0,200,1']) {
        const bad = await t.call('/openApi/selectBaseMapFeatures', { bbox });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '范围 bbox 应为“最小经度,最小纬度,最大经度,最大纬度”' });
      }
      const kind = await t.call('/openApi/selectBaseMapFeatures', { kind: 'railway' });
      expect(kind.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '要素类型 kind 只能是 road 或 water' });
    });

    it('seeding the base map twice adds nothing', async () => {
      await seedBaseMap(t.db.db as unknown as AnyDb);
      expect((await t.call('/openApi/selectBaseMapFeatures', {})).body.data.features).toHaveLength(zoneBaseMap().length);
    });

    it('the demo map view is centred on the zone, and an office’s own centre is kept', async () => {
      await seedZoneMapView(t.db.db as unknown as AnyDb);
      const config = (await t.call('/openApi/config', {})).body.data as { mapCenterLon: number; mapCenterLat: number };
      const [minLon, minLat, maxLon, maxLat] = zoneExtent();
      const dx = (config.mapCenterLon - (minLon + maxLon) / 2) * 96_000;
      const dy = (config.mapCenterLat - (minLat + maxLat) / 2) * 111_000;
      expect(Math.hypot(dx, dy)).toBeLessThan(1000);
      // Inside the box of the districts, not ~25 km off as the generic default is.
      expect(config.mapCenterLon).toBeGreaterThan(minLon);
      expect(config.mapCenterLon).toBeLessThan(maxLon);
      await t.call('/api/config/save', { mapCenterLon: 120.1, mapCenterLat: 30.1 }, { token: w.tokens.admin });
      await t.db.db.deleteFrom('t_setting').where('key', '=', 'site.mapZoom').execute();
      await seedZoneMapView(t.db.db as unknown as AnyDb);
      const kept = (await t.call('/openApi/config', {})).body.data as { mapCenterLon: number };
      expect(kept.mapCenterLon).toBe(120.1);
    });

    it('selectTAreaByPage (the district dropdown query) carries each district’s boundary', async () => {
      const res = await t.call('/openApi/selectTAreaByPage', {
        pageNo: 0,
        pageSize: 0,
        params: [{ column: 'status', type: 'eq', val: '1' }, { column: 'displayorder', type: 'orderAsc' }],
      });
      const list = res.body.data.list as Row[];
      const district = list.find((d) => d.areacode === 'T01')!;
      expect(district.boundary).toMatchObject({ type: 'Polygon' });
      expect(list.find((d) => d.areacode === 'T02')).toHaveProperty('boundary', null);
    });

    it('map rows name their district and land class and say when they were published', async () => {
      const rows = (await t.call('/openApi/selectLandInfoList', {})).body.data as Row[];
      expect(rows).toHaveLength(published.length);
      const row = rows.find((r) => r.id === published[1].id)!;
      expect(row).toMatchObject({ areacode: 'T02', areaname: '第二片区', dlcode: '1101', dlname: '物流仓储用地' });
      expect(String(row.publishedAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it('exportShpfile takes the map search’s named filters as well as params', async () => {
      const ids = async (body: Row) => {
        const res = await t.app.inject({ method: 'POST', url: '/openApi/exportShpfile', payload: { format: 'geojson', ...body } });
        expect(res.statusCode).toBe(200);
        return (JSON.parse(res.body) as { features: { properties: Row }[] }).features.map((f) => f.properties['记录编号'] ?? f.properties.id).sort();
      };
      const all = await ids({});
      expect(all).toHaveLength(3);
      expect(await ids({ areacode: 'T01' })).toEqual([published[0].id, published[2].id].sort());
      expect(await ids({ areacode: 'T01', dlcode: '11' })).toEqual([published[2].id]);
      expect(await ids({ dlcode: '10', params: [{ column: 'areacode', type: 'eq', val: 'T02' }] })).toEqual([]);
      const bad = await t.call('/openApi/exportShpfile', { state: 'sold' });
      expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('a visitor stays signed in for days of idleness (not the staff half hour), and not past the visitor limit', async () => {
      const res = await t.call('/openApi/register', { userAccount: '13900000777', password: 'Visit@2024ab', userName: '访客', sqdw: '某某公司' });
      const token = res.body.data.token as string;
      const setIdle = (ms: number) =>
        t.db.db.updateTable('t_session').set({ lastSeenAt: new Date(Date.now() - ms).toISOString() }).where('kind', '=', 'visitor').execute();
      await setIdle(3 * 3600_000);
      expect((await t.call('/openApi/visitor/getInfo', {}, { token })).body.code).toBe('200');
      await setIdle((t.config.visitorIdleDays * 24 + 1) * 3600_000);
      expect((await t.call('/openApi/visitor/getInfo', {}, { token })).body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
    });

    it('hashed assets are compressed on request and cached for a year; index.html is revalidated', async () => {
      const file = path.join(t.config.webDist, 'assets', 'index-Ab12Cd34.js');
      const source = `export const zone = ${JSON.stringify('临江经济技术开发区'.repeat(400))};\n`;
      fs.writeFileSync(file, source);
      const gz = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(source);
      expect(gz.rawPayload.length).toBeLessThan(Buffer.byteLength(source) / 5);
      const br = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      const plain = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const page = await t.app.inject({ url: '/index', headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = await t.app.inject({ url: '/index.html' });
      expect(html.headers['cache-control']).toBe('no-cache');
    });
  });
}
