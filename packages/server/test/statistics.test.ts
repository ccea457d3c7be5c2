import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { chinaYear } from '../src/services/statistics';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

type Row = Record<string, unknown>;

/**
 * A small data set built by hand, with every figure of the statistics calls worked out on paper
 * (areas chosen so 亩 are whole: 1 亩 = 2000/3 m²). Timestamps are UTC; Beijing is UTC+8, so
 * '2016-03-31T15:59:59Z' is 23:59:59 on 31 March and '2016-03-31T16:00:00Z' is 1 April 00:00.
 *
 * Parcels (district, class, m² = 亩, state, entered at, visits):
 *   P1 A01 100101 20000 = 30  published    2016-02-10 (BJ)        50
 *   P2 A01 1001   10000 = 15  published    2016-03-31 23:59:59 BJ 80
 *   P3 A02 1101   40000 = 60  published    2016-04-01 00:00 BJ    30   listed
 *   P4 A02 0901    6000 =  9  draft        2016-05-01              0   failed listing
 *   P5 A01 10     30000 = 45  takenDown    2016-01-01 00:00 BJ   100
 *   P6 A02 100101  2000 =  3  published    2015-12-31 23:59:59 BJ  0
 *   P7 A01 0901   12000 = 18  pendingFirst 2016-07-01              5
 *   P8 A02 1101    4000 =  6  published    2016-08-01             10
 *   P9 A01 1101    8000 = 12  published    2016-09-01              0
 * Deals (万元): J1 P1 2016-03-31 900 · J2 P2 2016-04-01 600 · J5 P5 2016-12-31 1350 ·
 *   J6 P6 (Y-4)-01-01 100 · J7 P8 (Y-5)-12-31 120 · J8 P9 Y-01-01 480 · J9 no parcel 2016-05-05 50 ·
 *   J10 P7 (Y-1)-06-30 200   (Y = this year in Beijing)
 * Supply plan (year, quarter, district, m²): G1 2016 Q1 A01 30000 · G2 2016 Q2 A02 20000 ·
 *   G3 2016 (date 2016-04-01) A01 10000 · G4 2016 (none) A02 6000 · G5 2016 Q4 A01 4000 · G6 2015 Q4 A01 2000
 * Questions: C1 asked 3-31 23:59 BJ, answered 12 h later · C2 asked 4-01 00:00 BJ, answered 48 h
 *   later · C3 waiting · C4 closed unanswered
 */
const Y = chinaYear();

const PARCELS = [
  { code: 'P1', areacode: 'A01', dlcode: '100101', landArea: 20000, status: 'published', createdAt: '2016-02-10T02:00:00.000Z', visitcount: 50 },
  { code: 'P2', areacode: 'A01', dlcode: '1001', landArea: 10000, status: 'published', createdAt: '2016-03-31T15:59:59.000Z', visitcount: 80 },
  { code: 'P3', areacode: 'A02', dlcode: '1101', landArea: 40000, status: 'published', createdAt: '2016-03-31T16:00:00.000Z', visitcount: 30 },
  { code: 'P4', areacode: 'A02', dlcode: '0901', landArea: 6000, status: 'draft', createdAt: '2016-05-01T00:00:00.000Z', visitcount: 0 },
  { code: 'P5', areacode: 'A01', dlcode: '10', landArea: 30000, status: 'takenDown', createdAt: '2015-12-31T16:00:00.000Z', visitcount: 100 },
  { code: 'P6', areacode: 'A02', dlcode: '100101', landArea: 2000, status: 'published', createdAt: '2015-12-31T15:59:59.000Z', visitcount: 0 },
  { code: 'P7', areacode: 'A01', dlcode: '0901', landArea: 12000, status: 'pendingFirst', createdAt: '2016-07-01T00:00:00.000Z', visitcount: 5 },
  { code: 'P8', areacode: 'A02', dlcode: '1101', landArea: 4000, status: 'published', createdAt: '2016-08-01T00:00:00.000Z', visitcount: 10 },
  { code: 'P9', areacode: 'A01', dlcode: '1101', landArea: 8000, status: 'published', createdAt: '2016-09-01T00:00:00.000Z', visitcount: 0 },
];

const dealt = (parcelCode: string, dealDate: string, dealPrice: number) => ({
  parcelCode,
  transactionType: 'listing',
  listingStart: dealDate,
  dealDate,
  dealPrice,
  winner: '临江某制造有限公司',
  status: 'dealt',
});

const TRANSACTIONS = [
  dealt('P1', '2016-03-31', 900),
  dealt('P2', '2016-04-01', 600),
  { parcelCode: 'P3', transactionType: 'listing', listingStart: '2016-05-01', status: 'listing' },
  { parcelCode: 'P4', transactionType: 'listing', listingStart: '2016-06-01', status: 'failed' },
  dealt('P5', '2016-12-31', 1350),
  dealt('P6', `${Y - 4}-01-01`, 100),
  dealt('P8', `${Y - 5}-12-31`, 120),
  dealt('P9', `${Y}-01-01`, 480),
  dealt('NOPARCEL', '2016-05-05', 50),
  dealt('P7', `${Y - 1}-06-30`, 200),
];

const PLANS = [
  { planYear: 2016, planQuarter: 1, areacode: 'A01', planArea: 30000 },
  { planYear: 2016, planQuarter: 2, areacode: 'A02', planArea: 20000 },
  { planYear: 2016, planSupplyDate: '2016-04-01', areacode: 'A01', planArea: 10000 },
  { planYear: 2016, areacode: 'A02', planArea: 6000 },
  { planYear: 2016, planQuarter: 4, areacode: 'A01', planArea: 4000 },
  { planYear: 2015, planQuarter: 4, areacode: 'A01', planArea: 2000 },
];

const QUESTIONS = [
  { title: 'C1', createdAt: '2016-03-31T15:59:00.000Z', answeredAt: '2016-04-01T03:59:00.000Z', status: '1' },
  { title: 'C2', createdAt: '2016-03-31T16:00:00.000Z', answeredAt: '2016-04-02T16:00:00.000Z', status: '1' },
  { title: 'C3', createdAt: '2016-05-01T00:00:00.000Z', answeredAt: null, status: '0' },
  { title: 'C4', createdAt: '2016-06-01T00:00:00.000Z', answeredAt: null, status: '2' },
];

const Q1_2016 = { startDate: '2016-01-01', endDate: '2016-03-31' };
const YEAR_2016 = { startDate: '2016-01-01', endDate: '2016-12-31' };

const pick = (rows: Row[], keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
const AREA = ['count', 'landArea', 'landAreaMu'];

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`statistics [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    const call = (url: string, body: Row = {}, form = false) => t.call(url, body, { token, form });
    const ok = async (url: string, body: Row = {}, form = false) => {
      const res = await call(url, body, form);
      expect(res.body, `${url} ${res.body.msg}`).toMatchObject({ code: '200' });
      return res.body.data;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
      const must = async (url: string, body: Row) => {
        const res = await call(url, body);
        if (res.body.code !== '200') throw new Error(`${url}: ${res.body.msg}`);
        return res.body.data as Row;
      };
      // Tables named by entity definitions are not in the static schema.
      const db = t.db.db as unknown as AnyDb;
      await must('/api/tArea/addOrUpdate', { areaname: '甲片区', areacode: 'A01', status: '1', displayorder: 1 });
      await must('/api/tArea/addOrUpdate', { areaname: '乙片区', areacode: 'A02', status: '1', displayorder: 2 });
      await must('/api/tArea/addOrUpdate', { areaname: '丙片区', areacode: 'A03', status: '1', displayorder: 3 });
      for (const [code, name, parentCode] of [
        ['09', '商业服务业用地'],
        ['0901', '商业用地', '09'],
        ['10', '工矿用地'],
        ['1001', '工业用地', '10'],
        ['100101', '一类工业用地', '1001'],
        ['11', '仓储用地'],
        ['1101', '物流仓储用地', '11'],
      ]) {
        await must('/api/tDl/addOrUpdateDl', { code, name, parentCode, scheme: '2023' });
      }
      for (const p of PARCELS) {
        await must('/api/tLandinfo/addOrUpdate', { dkbh: p.code, dkmc: `地块${p.code}`, areacode: p.areacode, dlcode: p.dlcode, landArea: p.landArea });
      }
      for (const j of TRANSACTIONS) await must('/api/tLandJyst/addOrUpdate', j);
      for (const [i, g] of PLANS.entries()) {
        await must('/api/tGyjsyd/addOrUpdateGyjsyd', { parcelName: `计划地块${i + 1}`, gdfx: 'industrial', status: 'planned', ...g });
      }
      for (const q of QUESTIONS) {
        const saved = await must('/api/tProblem/addOrUpdate', { title: q.title, content: '问题' });
        await db.updateTable('t_problem').set({ createdAt: q.createdAt, answeredAt: q.answeredAt, status: q.status }).where('id', '=', saved.id as string).execute();
      }
      // The lifecycle state, entry time and visits are the server's own columns: set as they would stand.
      for (const p of PARCELS) {
        await db.updateTable('t_landinfo').set({ status: p.status, createdAt: p.createdAt, visitcount: p.visitcount }).where('dkbh', '=', p.code).execute();
      }
      // Favourites: two of a district A01 parcel in 2016 Q1, one of an A02 parcel in May 2016.
      const parcelIn = async (areacode: string) =>
        ((await db.selectFrom('t_landinfo').select('id').where('areacode', '=', areacode).orderBy('id').executeTakeFirstOrThrow()) as Row).id as string;
      const [a01, a02] = [await parcelIn('A01'), await parcelIn('A02')];
      await db
        .insertInto('t_collection')
        .values([
          { id: 'c1', visitorId: 'v1', dkid: a01, createdAt: '2016-02-10T02:00:00.000Z' },
          { id: 'c2', visitorId: 'v2', dkid: a01, createdAt: '2016-03-20T02:00:00.000Z' },
          { id: 'c3', visitorId: 'v1', dkid: a02, createdAt: '2016-05-01T02:00:00.000Z' },
        ])
        .execute();
    });
    afterAll(async () => t?.close());

    describe('/api/tLandinfo/statisticsDk (form)', () => {
      it('counts every parcel by state, trade state, district (with the available area) and first-level class', async () => {
        const s = await ok('/api/tLandinfo/statisticsDk', {}, true);
        expect(s.total).toEqual({ count: 9, landArea: 132000, landAreaMu: 198 });
        expect(pick(s.byStatus, ['status', 'label', ...AREA])).toEqual([
          { status: 'draft', label: '录入中', count: 1, landArea: 6000, landAreaMu: 9 },
          { status: 'pendingFirst', label: '待初审', count: 1, landArea: 12000, landAreaMu: 18 },
          { status: 'pendingReview', label: '待审核', count: 0, landArea: 0, landAreaMu: 0 },
          { status: 'published', label: '已发布', count: 6, landArea: 84000, landAreaMu: 126 },
          { status: 'takenDown', label: '已下架', count: 1, landArea: 30000, landAreaMu: 45 },
        ]);
        expect(pick(s.byTradeState, ['tradeState', ...AREA])).toEqual([
          { tradeState: 'none', count: 1, landArea: 6000, landAreaMu: 9 },
          { tradeState: 'listed', count: 1, landArea: 40000, landAreaMu: 60 },
          { tradeState: 'deal', count: 7, landArea: 86000, landAreaMu: 129 },
        ]);
        expect(s.byDistrict).toEqual([
          { areacode: 'A01', areaname: '甲片区', count: 5, landArea: 80000, landAreaMu: 120, availableCount: 0, availableArea: 0, availableAreaMu: 0 },
          { areacode: 'A02', areaname: '乙片区', count: 4, landArea: 52000, landAreaMu: 78, availableCount: 1, availableArea: 40000, availableAreaMu: 60 },
        ]);
        expect(s.classParent).toBeNull();
        expect(s.byClass).toEqual([
          { dlcode: '10', name: '工矿用地', count: 4, landArea: 62000, landAreaMu: 93 },
          { dlcode: '11', name: '仓储用地', count: 3, landArea: 52000, landAreaMu: 78 },
          { dlcode: '09', name: '商业服务业用地', count: 2, landArea: 18000, landAreaMu: 27 },
        ]);
      });

      it('drills into the second level of a class with dlParent; parcels classed only at the first level stay apart', async () => {
        const s = await ok('/api/tLandinfo/statisticsDk', { dlParent: '10' }, true);
        expect(s.classParent).toEqual({ dlcode: '10', name: '工矿用地' });
        expect(s.byClass).toEqual([
          { dlcode: '1001', name: '工业用地', count: 3, landArea: 32000, landAreaMu: 48 },
          { dlcode: '10', name: '工矿用地（未细分）', count: 1, landArea: 30000, landAreaMu: 45 },
        ]);
        // The other sections do not depend on the drill-down.
        expect(s.total.count).toBe(9);
      });

      it('a district keeps only its parcels', async () => {
        const s = await ok('/api/tLandinfo/statisticsDk', { areacode: 'A02', startDate: '', endDate: '' }, true);
        expect(s.total).toEqual({ count: 4, landArea: 52000, landAreaMu: 78 });
        expect(s.byStatus.find((x: Row) => x.status === 'published')).toMatchObject({ count: 3, landArea: 46000 });
        expect(s.byDistrict.map((d: Row) => d.areacode)).toEqual(['A02']);
        expect(s.byClass.map((c: Row) => [c.dlcode, c.count])).toEqual([['11', 2], ['09', 1], ['10', 1]]);
      });

      it('a period keeps the parcels entered in it, by the Beijing calendar day', async () => {
        const q1 = await ok('/api/tLandinfo/statisticsDk', Q1_2016, true);
        // P5 (BJ 01-01 00:00), P1, P2 (BJ 03-31 23:59:59); not P6 (BJ 2015-12-31) nor P3 (BJ 04-01 00:00).
        expect(q1.total).toEqual({ count: 3, landArea: 60000, landAreaMu: 90 });
        const rest = await ok('/api/tLandinfo/statisticsDk', { startDate: '2016-04-01', endDate: '2016-12-31' }, true);
        expect(rest.total).toEqual({ count: 5, landArea: 70000, landAreaMu: 105 });
        const both = await ok('/api/tLandinfo/statisticsDk', { ...YEAR_2016, areacode: 'A01', status: 'published' }, true);
        expect(both.total).toEqual({ count: 3, landArea: 38000, landAreaMu: 57 });
      });
    });

    describe('/api/statistics/overview', () => {
      it('gives the headline figures over all time', async () => {
        const o = await ok('/api/statistics/overview');
        expect(o.parcels).toEqual({ count: 9, landArea: 132000, landAreaMu: 198, published: 6, publishedArea: 84000, publishedAreaMu: 126, public: 6, listed: 1, dealt: 7 });
        // Every concluded deal, the one without a parcel with no area.
        expect(o.deals).toEqual({ count: 8, landArea: 86000, landAreaMu: 129, amount: 3800 });
        expect(o.consulting).toEqual({ asked: 4, answered: 2, waiting: 1, replyRate: 50, avgAnswerHours: 30 });
        expect(o.collections).toEqual({ available: true, count: 3 });
      });

      it('over the first quarter of 2016: the boundary minute stays in March', async () => {
        const o = await ok('/api/statistics/overview', Q1_2016, true);
        expect(o.parcels).toEqual({ count: 3, landArea: 60000, landAreaMu: 90, published: 2, publishedArea: 30000, publishedAreaMu: 45, public: 2, listed: 0, dealt: 3 });
        expect(o.deals).toEqual({ count: 1, landArea: 20000, landAreaMu: 30, amount: 900 });
        expect(o.consulting).toEqual({ asked: 1, answered: 1, waiting: 0, replyRate: 100, avgAnswerHours: 12 });
        expect(o.collections).toEqual({ available: true, count: 2 });
      });

      it('in one district (questions have no district)', async () => {
        const a01 = await ok('/api/statistics/overview', { areacode: 'A01' });
        expect(a01.parcels).toMatchObject({ count: 5, landArea: 80000, published: 3, listed: 0, dealt: 5 });
        expect(a01.collections).toEqual({ available: true, count: 2 });
        expect(a01.deals).toEqual({ count: 5, landArea: 80000, landAreaMu: 120, amount: 3530 });
        const a02 = await ok('/api/statistics/overview', { areacode: 'A02' });
        expect(a02.parcels).toMatchObject({ count: 4, landArea: 52000, published: 3, listed: 1, dealt: 2 });
        expect(a02.deals).toEqual({ count: 2, landArea: 6000, landAreaMu: 9, amount: 220 });
        expect(a02.consulting.asked).toBe(4);
        const empty = await ok('/api/statistics/overview', { areacode: 'A03' });
        expect(empty.parcels).toMatchObject({ count: 0, landArea: 0, published: 0 });
        expect(empty.deals).toEqual({ count: 0, landArea: 0, landAreaMu: 0, amount: 0 });
      });
    });

    describe('/api/statistics/dealsByQuarter', () => {
      it('puts 31 March and 1 April in different quarters, and gives quarters without deals as zero', async () => {
        const d = await ok('/api/statistics/dealsByQuarter', YEAR_2016);
        expect(pick(d.quarters, ['period', 'count', 'landArea', 'landAreaMu', 'amount'])).toEqual([
          { period: '2016Q1', count: 1, landArea: 20000, landAreaMu: 30, amount: 900 },
          { period: '2016Q2', count: 2, landArea: 10000, landAreaMu: 15, amount: 650 },
          { period: '2016Q3', count: 0, landArea: 0, landAreaMu: 0, amount: 0 },
          { period: '2016Q4', count: 1, landArea: 30000, landAreaMu: 45, amount: 1350 },
        ]);
        expect(d.total).toEqual({ count: 4, landArea: 60000, landAreaMu: 90, amount: 2900 });
      });

      it('in a district, leaving out the deal without a parcel', async () => {
        const d = await ok('/api/statistics/dealsByQuarter', { ...YEAR_2016, areacode: 'A01' });
        expect(d.quarters.map((q: Row) => [q.period, q.count, q.amount])).toEqual([['2016Q1', 1, 900], ['2016Q2', 1, 600], ['2016Q3', 0, 0], ['2016Q4', 1, 1350]]);
      });

      it('without a period spans the quarters from the first deal to the last', async () => {
        const d = await ok('/api/statistics/dealsByQuarter');
        expect(d.quarters).toHaveLength((Y - 2016) * 4 + 1);
        expect(d.quarters[0].period).toBe('2016Q1');
        expect(d.quarters.at(-1)).toMatchObject({ period: `${Y}Q1`, count: 1, amount: 480 });
        expect(d.total).toEqual({ count: 8, landArea: 86000, landAreaMu: 129, amount: 3800 });
      });
    });

    describe('/api/statistics/supplyByQuarter', () => {
      it('sets planned supply (plan year and quarter, or the planned date) against the deals of the quarter', async () => {
        const s = await ok('/api/statistics/supplyByQuarter', YEAR_2016);
        expect(pick(s.quarters, ['period', 'plannedCount', 'plannedArea', 'plannedAreaMu', 'actualCount', 'actualArea', 'actualAreaMu', 'completionRate'])).toEqual([
          { period: '2016Q1', plannedCount: 1, plannedArea: 30000, plannedAreaMu: 45, actualCount: 1, actualArea: 20000, actualAreaMu: 30, completionRate: 66.7 },
          { period: '2016Q2', plannedCount: 2, plannedArea: 30000, plannedAreaMu: 45, actualCount: 2, actualArea: 10000, actualAreaMu: 15, completionRate: 33.3 },
          { period: '2016Q3', plannedCount: 0, plannedArea: 0, plannedAreaMu: 0, actualCount: 0, actualArea: 0, actualAreaMu: 0, completionRate: null },
          { period: '2016Q4', plannedCount: 1, plannedArea: 4000, plannedAreaMu: 6, actualCount: 1, actualArea: 30000, actualAreaMu: 45, completionRate: 750 },
        ]);
        expect(s.unscheduled).toEqual([{ year: 2016, count: 1, landArea: 6000, landAreaMu: 9 }]);
      });

      it('in a district, and across a year boundary', async () => {
        const a01 = await ok('/api/statistics/supplyByQuarter', { ...YEAR_2016, areacode: 'A01' });
        expect(a01.quarters.map((q: Row) => [q.period, q.plannedArea, q.actualArea, q.completionRate])).toEqual([
          ['2016Q1', 30000, 20000, 66.7],
          ['2016Q2', 10000, 10000, 100],
          ['2016Q3', 0, 0, null],
          ['2016Q4', 4000, 30000, 750],
        ]);
        expect(a01.unscheduled).toEqual([]);
        const across = await ok('/api/statistics/supplyByQuarter', { startDate: '2015-10-01', endDate: '2016-03-31' });
        expect(across.quarters.map((q: Row) => [q.period, q.plannedArea, q.actualArea])).toEqual([['2015Q4', 2000, 0], ['2016Q1', 30000, 20000]]);
        const q2 = await ok('/api/statistics/supplyByQuarter', { startDate: '2016-04-01', endDate: '2016-06-30' });
        expect(q2.quarters.map((q: Row) => [q.period, q.plannedCount, q.actualCount])).toEqual([['2016Q2', 2, 2]]);
      });
    });

    describe('/api/statistics/priceTrend', () => {
      it('gives the area-weighted deal price per first-level class and quarter', async () => {
        const p = await ok('/api/statistics/priceTrend', YEAR_2016);
        expect(p.granularity).toBe('quarter');
        expect(p.periods).toEqual(['2016Q1', '2016Q2', '2016Q3', '2016Q4']);
        // 900/30, 600/15, —, 1350/45 万元/亩; the deal without a parcel has no area and is left out.
        expect(p.series).toEqual([{ dlcode: '10', name: '工矿用地', pricePerMu: [30, 40, null, 30] }]);
        expect(pick(p.rows, ['period', 'dlcode', 'count', 'landAreaMu', 'amount', 'pricePerMu', 'pricePerM2'])).toEqual([
          { period: '2016Q1', dlcode: '10', count: 1, landAreaMu: 30, amount: 900, pricePerMu: 30, pricePerM2: 450 },
          { period: '2016Q2', dlcode: '10', count: 1, landAreaMu: 15, amount: 600, pricePerMu: 40, pricePerM2: 600 },
          { period: '2016Q4', dlcode: '10', count: 1, landAreaMu: 45, amount: 1350, pricePerMu: 30, pricePerM2: 450 },
        ]);
      });

      it('per year: every class over all years, the heaviest first', async () => {
        const p = await ok('/api/statistics/priceTrend', { granularity: 'year' });
        expect(p.periods).toEqual(Array.from({ length: Y - 2016 + 1 }, (_, i) => String(2016 + i)));
        const at = (year: number) => p.periods.indexOf(String(year));
        expect(p.series.map((s: Row) => s.dlcode)).toEqual(['10', '11', '09']);
        const [c10, c11, c09] = p.series as { pricePerMu: (number | null)[] }[];
        expect(c10.pricePerMu[at(2016)]).toBe(31.67); // 2850 / 90
        expect(c10.pricePerMu[at(Y - 4)]).toBe(33.33); // 100 / 3
        expect(c11.pricePerMu[at(Y - 5)]).toBe(20); // 120 / 6
        expect(c11.pricePerMu[at(Y)]).toBe(40); // 480 / 12
        expect(c09.pricePerMu[at(Y - 1)]).toBe(11.11); // 200 / 18
        expect(c09.pricePerMu.filter((x) => x !== null)).toHaveLength(1);
        const y2016 = await ok('/api/statistics/priceTrend', { ...YEAR_2016, granularity: 'year' });
        expect(y2016.rows).toEqual([{ period: '2016', dlcode: '10', name: '工矿用地', count: 3, landArea: 60000, landAreaMu: 90, amount: 2850, pricePerMu: 31.67, pricePerM2: 475 }]);
      });
    });

    it('/api/statistics/topVisited: the most visited published parcels, in a district too', async () => {
      const all = await ok('/api/statistics/topVisited');
      expect(all.map((p: Row) => [p.rank, p.dkbh, p.visitcount, p.areaname])).toEqual([
        [1, 'P2', 80, '甲片区'],
        [2, 'P1', 50, '甲片区'],
        [3, 'P3', 30, '乙片区'],
        [4, 'P8', 10, '乙片区'],
      ]);
      expect(all[0]).toMatchObject({ dkmc: '地块P2', landArea: 10000, landAreaMu: 15, tradeState: 'deal' });
      const a02 = await ok('/api/statistics/topVisited', { areacode: 'A02' });
      expect(a02.map((p: Row) => p.dkbh)).toEqual(['P3', 'P8']);
    });

    it('/api/statistics/consulting: asked, answered and the mean time to answer', async () => {
      expect(await ok('/api/statistics/consulting', { startDate: '2016-04-01', endDate: '2016-12-31' })).toEqual({ asked: 3, answered: 1, waiting: 1, replyRate: 33.3, avgAnswerHours: 48 });
      expect(await ok('/api/statistics/consulting', { startDate: '2017-01-01' })).toEqual({ asked: 0, answered: 0, waiting: 0, replyRate: null, avgAnswerHours: null });
    });

    it('/openApi/getRecentFiveYearsCjDK: deals of published parcels in the last five calendar years, without a login', async () => {
      const res = await t.call('/openApi/getRecentFiveYearsCjDK', {}, { form: true });
      expect(res.body.code).toBe('200');
      // (Y-5)-12-31 is outside, (Y-4)-01-01 inside; P7's deal (not published) does not count.
      expect(res.body.data).toEqual([
        { year: Y - 4, count: 1, landArea: 2000, landAreaMu: 3, amount: 100 },
        { year: Y - 3, count: 0, landArea: 0, landAreaMu: 0, amount: 0 },
        { year: Y - 2, count: 0, landArea: 0, landAreaMu: 0, amount: 0 },
        { year: Y - 1, count: 0, landArea: 0, landAreaMu: 0, amount: 0 },
        { year: Y, count: 1, landArea: 8000, landAreaMu: 12, amount: 480 },
      ]);
      const get = await t.call('/openApi/getRecentFiveYearsCjDK', {}, { method: 'GET' });
      expect(get.body.data).toEqual(res.body.data);
    });

    it('/api/statistics/exportExcel writes a chart’s figures with the filters above them', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/statistics/exportExcel',
        headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ section: 'deals', ...YEAR_2016, areacode: 'A01' }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('统计分析-土地成交情况.xlsx'));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
      expect(values(1)[0]).toBe('土地成交情况');
      expect(values(2)[0]).toBe('统计期间：2016-01-01 至 2016-12-31；片区：甲片区');
      expect(values(3)).toEqual(['季度', '成交宗数', '成交面积（㎡）', '成交面积（亩）', '成交金额（万元）']);
      expect([4, 5, 6, 7].map(values)).toEqual([
        ['2016Q1', 1, 20000, 30, 900],
        ['2016Q2', 1, 10000, 15, 600],
        ['2016Q3', 0, 0, 0, 0],
        ['2016Q4', 1, 30000, 45, 1350],
      ]);
      const cls = await t.app.inject({ method: 'GET', url: '/api/statistics/exportExcel?section=class&dlParent=10', headers: { token } });
      const wb2 = new ExcelJS.Workbook();
      await wb2.xlsx.load(cls.rawPayload as unknown as ArrayBuffer);
      const ws2 = wb2.worksheets[0];
      expect(ws2.getRow(1).getCell(1).value).toBe('土地用途构成（工矿用地）');
      expect((ws2.getRow(4).values as unknown[]).slice(1)).toEqual(['1001', '工业用地', 3, 32000, 48]);
    });

    it('puts a leading apostrophe before formula-like names in the export (spreadsheet injection)', async () => {
      const db = t.db.db as unknown as AnyDb;
      const rename = (areaname: string) => db.updateTable('t_area').set({ areaname }).where('areacode', '=', 'A01').execute();
      await rename('=HYPERLINK("http://evil.example","甲")');
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/statistics/exportExcel?section=district', headers: { token } });
        expect(res.statusCode).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const cells: unknown[] = [];
        wb.worksheets[0].eachRow((row) => cells.push(...(row.values as unknown[]).slice(1)));
        expect(cells).toContain('\'=HYPERLINK("http://evil.example","甲")');
        expect(cells.filter((c) => typeof c === 'string' && /^[=+\-@\t\r]/.test(c))).toEqual([]);
        expect(cells.some((c) => typeof c === 'object' && c !== null && 'formula' in c)).toBe(false);
      } finally {
        await rename('甲片区');
      }
    });

    it('refuses malformed filters with A0400 and needs a login on /api', async () => {
      const bad: [string, Row, string][] = [
        ['/api/tLandinfo/statisticsDk', { startDate: '2016-02-30' }, 'startDate'],
        ['/api/statistics/overview', { endDate: '2016/01/01' }, 'endDate'],
        ['/api/statistics/dealsByQuarter', { startDate: '2016-05-01', endDate: '2016-04-30' }, 'endDate'],
        ['/api/tLandinfo/statisticsDk', { dlParent: "10' or 1=1" }, 'dlParent'],
        ['/api/statistics/priceTrend', { granularity: 'month' }, 'granularity'],
        ['/api/statistics/exportExcel', { section: 'everything' }, 'section'],
        ['/api/statistics/supplyByQuarter', { areacode: 'x'.repeat(61) }, 'areacode'],
      ];
      for (const [url, body, field] of bad) {
        const res = await call(url, body, true);
        expect(res.body, url).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field } });
      }
      expect((await call('/api/statistics/overview', { startDate: '2016-13-01' })).body.msg).toBe('开始日期格式应为 yyyy-MM-dd');
      expect((await call('/api/statistics/overview', { startDate: '2016-05-01', endDate: '2016-04-30' })).body.msg).toBe('开始日期不能晚于结束日期');
      const anonymous = await t.call('/api/statistics/overview', {});
      expect(anonymous.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });
  });
}
