import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { areaMu, geodesicArea, type ParcelGeometry } from '@land/shared/geo/index';
import type { AnyDb } from '../src/entities/repository';
import { postgisSchema } from '../src/services/tiles/store';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** A lon-lat rectangle, counter-clockwise. */
const rect = (w: number, s: number, e: number, n: number): number[][] => [[w, s], [e, s], [e, n], [w, n], [w, s]];
const polygon = (...rings: number[][][]) => ({ type: 'Polygon' as const, coordinates: rings });
const area = (g: unknown) => Math.round(geodesicArea(g as ParcelGeometry) * 100) / 100;

/** Issue 15, item 1: overlapping parcels, the same answers on SQLite and on PostgreSQL (PostGIS). */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`overlapping parcels [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    /** Each test works in its own column of the map, far from the others. */
    let column = 0;
    const origin = () => {
      column += 1;
      return [121 + column * 0.01, 30.5] as const;
    };
    const overlaps = async (body: Row) => {
      const res = await w.call('/api/tLandinfo/selectOverlaps', body);
      expect(res.body.code, res.body.msg).toBe('200');
      return res.body.data as { list: Row[]; total: number; toleranceM2: number };
    };
    const move = (id: unknown, action: string, extra: Row = {}) => w.call('/api/tLandinfo/transition', { ids: [id], action, ...extra });
    const publish = async (id: unknown) => {
      for (const action of ['submit', 'passFirst', 'publish']) expect((await move(id, action)).body.code).toBe('200');
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('on PostgreSQL the intersection comes from PostGIS', async () => {
      const schema = await postgisSchema(t.db.db as unknown as AnyDb);
      if (dialect === 'postgres') expect(schema).not.toBeNull();
      else expect(schema).toBeNull();
    });

    it('an identical boundary overlaps by its whole area, in m² and 亩; the parcel itself is left out', async () => {
      const [x, y] = origin();
      const a = await w.createParcel({ geometry: square(x, y) });
      const found = await overlaps({ geometry: square(x, y) });
      const m2 = area(square(x, y));
      expect(found.list).toHaveLength(1);
      expect(found.list[0]).toMatchObject({ id: a.id, dkmc: a.dkmc, dkbh: a.dkbh, status: 'draft', areaMu: Math.round(areaMu(m2) * 100) / 100 });
      expect(found.list[0].areaM2).toBeCloseTo(m2, 1);
      expect(found.toleranceM2).toBe(1);
      // By id: the stored boundary, without comparing the parcel with itself.
      expect((await overlaps({ id: a.id })).list).toEqual([]);
    });

    it('a partial overlap is measured exactly and its part is returned for the map', async () => {
      const [x, y] = origin();
      const a = await w.createParcel({ geometry: square(x, y) });
      const moved = square(x + 0.001, y + 0.0005);
      const found = await overlaps({ geometry: moved });
      expect(found.list.map((o) => o.id)).toEqual([a.id]);
      const expected = area(polygon(rect(x + 0.001, y + 0.0005, x + 0.002, y + 0.002)));
      expect(found.list[0].areaM2).toBeCloseTo(expected, 1);
      expect(area(found.list[0].geometry)).toBeCloseTo(expected, 1);
    });

    it('touching only (a shared edge or a corner) is not an overlap', async () => {
      const [x, y] = origin();
      await w.createParcel({ geometry: square(x, y) });
      expect((await overlaps({ geometry: square(x + 0.002, y) })).list).toEqual([]);
      expect((await overlaps({ geometry: square(x + 0.002, y + 0.002) })).list).toEqual([]);
      expect((await overlaps({ geometry: square(x, y - 0.002) })).list).toEqual([]);
    });

    it('a hole is not part of the parcel: inside it nothing overlaps, across it only the ring counts', async () => {
      const [x, y] = origin();
      const ring = await w.createParcel({ geometry: polygon(rect(x, y, x + 0.004, y + 0.004), rect(x + 0.001, y + 0.001, x + 0.003, y + 0.003).reverse()) });
      expect((await overlaps({ geometry: polygon(rect(x + 0.0015, y + 0.0015, x + 0.0025, y + 0.0025)) })).list).toEqual([]);
      // A band across the whole parcel: the two strips beside the hole overlap, the hole does not.
      const band = polygon(rect(x - 0.001, y + 0.0015, x + 0.005, y + 0.0025));
      const found = await overlaps({ geometry: band });
      const expected = area(polygon(rect(x, y + 0.0015, x + 0.001, y + 0.0025))) + area(polygon(rect(x + 0.003, y + 0.0015, x + 0.004, y + 0.0025)));
      expect(found.list.map((o) => o.id)).toEqual([ring.id]);
      expect(found.list[0].areaM2).toBeCloseTo(expected, 1);
      expect((found.list[0].geometry as Row).type).toBe('MultiPolygon');
    });

    it('a multipolygon overlaps with each of its parts, summed; several parcels come largest first', async () => {
      const [x, y] = origin();
      const a = await w.createParcel({ geometry: square(x, y) });
      const b = await w.createParcel({ geometry: square(x + 0.003, y) });
      const multi = {
        type: 'MultiPolygon',
        coordinates: [[rect(x + 0.001, y, x + 0.0025, y + 0.001)], [rect(x + 0.0029, y + 0.001, x + 0.0035, y + 0.0015)], [rect(x + 0.0015, y + 0.0015, x + 0.0018, y + 0.0018)]],
      };
      const found = await overlaps({ geometry: multi });
      expect(found.list.map((o) => o.id)).toEqual([a.id, b.id]);
      const forA = area(polygon(rect(x + 0.001, y, x + 0.002, y + 0.001))) + area(polygon(rect(x + 0.0015, y + 0.0015, x + 0.0018, y + 0.0018)));
      const forB = area(polygon(rect(x + 0.003, y + 0.001, x + 0.0035, y + 0.0015)));
      expect(found.list[0].areaM2).toBeCloseTo(forA, 1);
      expect(found.list[1].areaM2).toBeCloseTo(forB, 1);
    });

    it('a deleted parcel is not an overlap; a bad boundary is an A0400 on geometry', async () => {
      const [x, y] = origin();
      const gone = await w.createParcel({ geometry: square(x, y) });
      expect((await w.call('/api/tLandinfo/batchDelete', { ids: [gone.id] })).body.code).toBe('200');
      expect((await overlaps({ geometry: square(x, y) })).list).toEqual([]);
      const bad = await w.call('/api/tLandinfo/selectOverlaps', { geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 1, y]]] } });
      expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'geometry' } });
      const none = await w.call('/api/tLandinfo/selectOverlaps', {});
      expect(none.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '缺少地块边界', data: { field: 'geometry' } });
    });

    describe('publishing over a published, listed or dealt parcel', () => {
      it('over the tolerance is refused with the overlap named, unless a reason is given; the reason is logged', async () => {
        const [x, y] = origin();
        const live = await w.createParcel({ geometry: square(x, y), dkmc: '已发布的相邻地块' });
        await publish(live.id);
        const next = await w.createParcel({ geometry: square(x + 0.0019, y) });
        for (const action of ['submit', 'passFirst']) expect((await move(next.id, action)).body.code).toBe('200');
        const refused = await move(next.id, 'publish');
        expect(refused.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'overlapReason' } });
        expect(refused.body.msg).toMatch(/与已发布、挂牌或成交的地块“已发布的相邻地块”[\d,.]+ ㎡（[\d.]+ 亩）重叠，超过容差 1 ㎡；如确需发布，请填写发布理由/);
        const status = async () => (await w.call('/api/tLandinfo/selectById', { id: next.id })).body.data.status;
        expect(await status()).toBe('pendingReview');

        const ok = await move(next.id, 'publish', { overlapReason: '界址经现场复核，以新测绘为准' });
        expect(ok.body.code).toBe('200');
        expect(await status()).toBe('published');
        const log = (await w.call('/api/tLandinfo/selectLogByDkid', { dkid: next.id })).body.data as Row[];
        expect(log.at(-1)!.note).toMatch(/与地块“已发布的相邻地块”[\d,.]+ ㎡（[\d.]+ 亩）重叠，发布理由：界址经现场复核，以新测绘为准/);
      });

      for (const [jystStatus, tradeState, word] of [['listing', 'listed', '挂牌'], ['dealt', 'deal', '成交']] as const) {
        it(`over a ${tradeState} parcel (taken down from the site, so only its ${word} counts) is refused too, unless a reason is given`, async () => {
          const [x, y] = origin();
          const traded = await w.createParcel({ geometry: square(x, y), dkmc: `${word}的相邻地块` });
          await publish(traded.id);
          const deal = jystStatus === 'dealt' ? { dealPrice: 800, dealDate: '2025-05-01', winner: '临江某制造有限公司' } : {};
          const jyst = await w.call('/api/tLandJyst/addOrUpdate', { dkid: traded.id, parcelCode: `JY-${tradeState}`, transactionType: 'listing', status: jystStatus, ...deal });
          expect(jyst.body.code, jyst.body.msg).toBe('200');
          expect((await move(traded.id, 'takeDown', { comment: '交易期间暂停展示' })).body.code).toBe('200');
          const stored = (await w.call('/api/tLandinfo/selectById', { id: traded.id })).body.data as Row;
          expect([stored.status, stored.tradeState]).toEqual(['takenDown', tradeState]);

          const next = await w.createParcel({ geometry: square(x + 0.0019, y) });
          for (const action of ['submit', 'passFirst']) expect((await move(next.id, action)).body.code).toBe('200');
          const refused = await move(next.id, 'publish');
          expect(refused.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'overlapReason' } });
          expect(refused.body.msg).toContain(`与已发布、挂牌或成交的地块“${word}的相邻地块”`);
          expect((await w.call('/api/tLandinfo/selectById', { id: next.id })).body.data.status).toBe('pendingReview');
          const ok = await move(next.id, 'publish', { overlapReason: `${word}地块界址已核实` });
          expect(ok.body.code).toBe('200');
          const log = (await w.call('/api/tLandinfo/selectLogByDkid', { dkid: next.id })).body.data as Row[];
          expect(log.at(-1)!.note).toContain(`发布理由：${word}地块界址已核实`);
        });
      }

      it('within the tolerance, or over a parcel that is only a draft, it is published without a reason', async () => {
        const [x, y] = origin();
        const live = await w.createParcel({ geometry: square(x, y) });
        await publish(live.id);
        const draft = await w.createParcel({ geometry: square(x + 0.003, y) });
        // Overlaps the draft by about 10,000 m², and the published parcel by a strip of about 0.5 m²
        // (0.001° of latitude is about 111 m; 1° of longitude about 96 km here).
        const strip = 0.5 / 111 / 96_000;
        const next = await w.createParcel({ geometry: polygon(rect(x + 0.002 - strip, y, x + 0.004, y + 0.001)) });
        const found = await overlaps({ id: next.id });
        expect(found.list.map((o) => o.id)).toEqual([draft.id, live.id]);
        const sliver = found.list[1].areaM2 as number;
        expect(sliver).toBeGreaterThan(0.2);
        expect(sliver).toBeLessThan(1);
        await publish(next.id);
      });

      it('the tolerance is a system setting', async () => {
        const [x, y] = origin();
        const live = await w.createParcel({ geometry: square(x, y) });
        await publish(live.id);
        const next = await w.createParcel({ geometry: square(x + 0.001, y) });
        expect((await w.call('/api/config/save', { overlapToleranceM2: 100000 })).body.code).toBe('200');
        try {
          await publish(next.id);
        } finally {
          await w.call('/api/config/save', { overlapToleranceM2: 1 });
        }
      });
    });
  });
}
