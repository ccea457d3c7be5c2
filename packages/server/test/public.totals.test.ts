import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/**
 * Issue 15, item 3: one truth for totals. A disabled district's parcels are not shown to the
 * public anywhere; home (selectLandInfoTotals), the map search, the district pages and the
 * statistics all count the same parcels.
 */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`public totals agree [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const open = async (url: string, body: Row = {}) => {
      const res = await t.call(url, body);
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe('200');
      return res.body.data;
    };
    const districtId = async (code: string) =>
      ((await w.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 })).body.data.list as Row[]).find((a) => a.areacode === code)!.id;
    const publish = async (overrides: Row) => {
      const p = await w.createParcel(overrides);
      for (const action of ['submit', 'passFirst', 'publish']) expect((await w.call('/api/tLandinfo/transition', { ids: [p.id], action })).body.code).toBe('200');
      return p;
    };

    /** What each public place says: count and 亩. */
    async function figures() {
      const home = await open('/openApi/selectLandInfoTotals');
      const search = await open('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 50 });
      const all = (await open('/openApi/selectLandInfoByMoreAll')) as Row[] | { list: Row[] };
      const allList = Array.isArray(all) ? all : all.list;
      const districts = (await open('/openApi/getTAreaByPageList', { pageNo: 1, pageSize: 50 })).list as { areacode: string; statistics?: { count: number; landAreaMu: number } }[];
      const perDistrict = await Promise.all(districts.map(async (d) => (await open('/openApi/getTAreaMoreInfoByAreacode', { areacode: d.areacode })).statistics as { count: number; landAreaMu: number }));
      const tiles = await open('/openApi/tiles/meta');
      const statistics = (await w.call('/api/statistics/overview', {})).body.data.parcels;
      const recentDeals = (await open('/openApi/getRecentFiveYearsCjDK')) as { count: number }[];
      const dealList = await open('/openApi/selectLandInfosJyxt', { state: 'deal', pageNo: 1, pageSize: 50 });
      return {
        home: { count: home.count, mu: home.landAreaMu },
        search: { count: search.total, mu: Math.round((search.list as Row[]).reduce((s, p) => s + Number(p.landAreaMu), 0) * 100) / 100 },
        searchAll: allList.length,
        districts: { count: districts.reduce((s, d) => s + (d.statistics?.count ?? 0), 0), mu: Math.round(districts.reduce((s, d) => s + (d.statistics?.landAreaMu ?? 0), 0) * 100) / 100 },
        districtPages: perDistrict.reduce((s, f) => s + f.count, 0),
        tiles: tiles.parcelCount,
        statistics,
        /** /landDeal: the five years' deals beside the list of dealt parcels. */
        deals: { recent: recentDeals.reduce((n, y) => n + y.count, 0), listed: dealList.total },
        codes: districts.map((d) => d.areacode).sort(),
      };
    }

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      const first = await publish({ areacode: 'T01', landArea: 20000 });
      await publish({ areacode: 'T01', landArea: 30000 });
      const third = await publish({ areacode: 'T02', landArea: 40000 });
      // A deal this year in each district (/landDeal's figures and its list).
      const dealDate = new Date().toISOString().slice(0, 10);
      for (const p of [first, third]) {
        const deal = { parcelCode: p.dkbh, transactionType: 'listing', listingStart: dealDate, dealDate, dealPrice: 500, winner: '临江某制造有限公司', status: 'dealt' };
        expect((await w.call('/api/tLandJyst/addOrUpdate', deal)).body.code).toBe('200');
      }
      // Not public in any case: a draft.
      await w.createParcel({ areacode: 'T02' });
    });
    afterAll(async () => t?.close());

    it('with every district enabled, every place counts the three published parcels', async () => {
      const f = await figures();
      expect(f.home).toEqual({ count: 3, mu: 135 });
      expect(f.search).toEqual(f.home);
      expect(f.searchAll).toBe(3);
      expect(f.districts).toEqual(f.home);
      expect(f.districtPages).toBe(3);
      expect(f.tiles).toBe(3);
      expect(f.statistics).toMatchObject({ published: 3, public: 3 });
      expect(f.deals).toEqual({ recent: 2, listed: 2 });
    });

    it('a disabled district hides its parcels everywhere the public looks; the back office says how many are hidden', async () => {
      const id = await districtId('T02');
      expect((await w.call('/api/tArea/addOrUpdate', { id, status: '0' })).body.code).toBe('200');
      try {
        const f = await figures();
        expect(f.codes).toEqual(['T01']);
        expect(f.home).toEqual({ count: 2, mu: 75 });
        expect(f.search).toEqual(f.home);
        expect(f.searchAll).toBe(2);
        expect(f.districts).toEqual(f.home);
        expect(f.districtPages).toBe(2);
        expect(f.tiles).toBe(2);
        expect(f.statistics).toMatchObject({ published: 3, public: 2 });
        expect(f.deals).toEqual({ recent: 1, listed: 1 });
      } finally {
        expect((await w.call('/api/tArea/addOrUpdate', { id, status: '1' })).body.code).toBe('200');
      }
      expect((await figures()).home).toEqual({ count: 3, mu: 135 });
    });
  });
}
