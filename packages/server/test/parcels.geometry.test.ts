import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

/**
 * A 0.01° × 0.01° cell at 30°N. On the CGCS2000/WGS84 ellipsoid one degree of latitude there is
 * 110 852.4 m and one of longitude 96 486.3 m (published geodetic tables), so the cell measures
 * about 1 108.524 m × 964.863 m.
 */
const CELL = { type: 'Polygon', coordinates: [[[120, 30], [120.01, 30], [120.01, 30.01], [120, 30.01], [120, 30]]] };
const CELL_M2 = 1108.524 * 964.863;

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`parcel geometry [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const save = (record: Record<string, unknown>) => w.call('/api/tLandinfo/addOrUpdate', w.parcel(record));

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('a valid boundary is stored with its area, centre and bounding box', async () => {
      const res = await save({ geometry: CELL, landArea: undefined });
      expect(res.body.code).toBe('200');
      const p = res.body.data;
      expect(p.geometry).toEqual(CELL);
      expect(p.geometryArea).toBeGreaterThan(CELL_M2 * 0.999);
      expect(p.geometryArea).toBeLessThan(CELL_M2 * 1.001);
      expect(p).toMatchObject({ minLon: 120, minLat: 30, maxLon: 120.01, maxLat: 30.01 });
      expect(p.centerLon).toBeCloseTo(120.005, 4);
      expect(p.centerLat).toBeCloseTo(30.005, 4);
      // No area entered: the drawn area is the parcel's, in m² and in 亩 (1 亩 = 2000/3 m²).
      expect(p.landArea).toBe(p.geometryArea);
      expect(p.landAreaMu).toBeCloseTo((p.geometryArea * 3) / 2000, 2);
      expect(p.landAreaMu).toBeGreaterThan(1602);
      expect(p.landAreaMu).toBeLessThan(1606);
    });

    it('a clockwise ring with a repeated vertex is stored normalised (counter-clockwise, no repeat)', async () => {
      const cw = { type: 'Polygon', coordinates: [[[121, 30], [121, 30.002], [121, 30.002], [121.002, 30.002], [121.002, 30], [121, 30]]] };
      const res = await save({ geometry: JSON.stringify(cw) });
      expect(res.body.code).toBe('200');
      expect(res.body.data.geometry).toEqual({ type: 'Polygon', coordinates: [[[121, 30], [121.002, 30], [121.002, 30.002], [121, 30.002], [121, 30]]] });
    });

    it('a MultiPolygon of two parts is accepted and measured as their sum', async () => {
      const a = square(120.5, 30.5, 0.001).coordinates;
      const b = square(120.51, 30.5, 0.001).coordinates;
      const one = (await save({ geometry: { type: 'Polygon', coordinates: a } })).body.data.geometryArea as number;
      const res = await save({ geometry: { type: 'MultiPolygon', coordinates: [a, b] } });
      expect(res.body.code).toBe('200');
      expect(res.body.data.geometryArea).toBeCloseTo(2 * one, -1);
    });

    const refused: [string, unknown, RegExp][] = [
      ['a self-intersecting ring (bow tie)', { type: 'Polygon', coordinates: [[[120, 30], [120.01, 30.01], [120.01, 30], [120, 30.01], [120, 30]]] }, /自相交/],
      ['an open ring', { type: 'Polygon', coordinates: [[[120, 30], [120.01, 30], [120.01, 30.01], [120, 30.01]]] }, /未闭合/],
      ['a point', { type: 'Point', coordinates: [120, 30] }, /几何类型必须是面/],
      ['swapped longitude and latitude', { type: 'Polygon', coordinates: [[[30, 120], [30.01, 120], [30.01, 120.01], [30, 120], [30, 120]]] }, /坐标/],
      ['projected coordinates', { type: 'Polygon', coordinates: [[[40500000, 3350000], [40500100, 3350000], [40500100, 3350100], [40500000, 3350000]]] }, /投影坐标/],
      ['text that is not GeoJSON', '{not json', /几何图形|面/],
    ];
    for (const [what, geometry, message] of refused) {
      it(`${what} is refused on the field geometry with a clear message`, async () => {
        const res = await save({ geometry });
        expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
        expect(res.body.data.field).toBe('geometry');
        expect(res.body.msg).toMatch(message);
      });
    }

    it('the area units follow each other; without an area and without a boundary the save is refused', async () => {
      const mu = await save({ landArea: undefined, landAreaMu: 30 });
      expect(mu.body.data).toMatchObject({ landArea: 20000, landAreaMu: 30 });
      const m2 = await save({ landArea: 6667 });
      expect(m2.body.data).toMatchObject({ landArea: 6667, landAreaMu: 10 });
      const none = await save({ landArea: undefined, geometry: undefined });
      expect(none.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请输入土地面积', data: { field: 'landArea' } });
    });

    it('clearing the boundary clears what was derived from it', async () => {
      const p = (await save({})).body.data;
      const res = await w.call('/api/tLandinfo/addOrUpdate', { id: p.id, geometry: '' });
      expect(res.body.data).toMatchObject({ geometry: null, geometryArea: null, centerLon: null, minLon: null, landArea: 20000 });
    });

    it('derived columns cannot be sent by a client', async () => {
      const res = await save({ geometryArea: 1, centerLon: 1, minLon: 1 });
      expect(res.body.data.geometryArea).toBeGreaterThan(40000);
      expect(res.body.data.minLon).toBeGreaterThan(120);
    });
  });
}
