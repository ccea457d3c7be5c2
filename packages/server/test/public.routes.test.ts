import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { publicRouteUrls } from '../src/routes/public/index';
import { unsubscribeToken } from '../src/services/savedSearches';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { HIDDEN, VISITOR_PASSWORD, publicWorld, type PublicWorld } from './helpers/publicWorld';

type Row = Record<string, unknown>;

/** SPEC §7 "Public API" and collections, less the calls other parts of the platform answer. */
const SPEC_PUBLIC_CALLS = [
  'selectXzqTrerList', 'selectDLTreeList', 'getTAreaByCantoncode', 'interestDk', 'selectLandInfoList', 'selectLandInfoListPage',
  'getTzggList', 'selectLandInfoByMore', 'selectLandInfoByMoreAll', 'selectLandInfoByMoreGG', 'selectLandInfoByMoreCR',
  'getDistanceByDkId', 'selectXZQLandInfoList', 'selectPipeNetworkByDkId', 'getLandZbptByDkId', 'selectLandInfosJyxt',
  'getLandInfoById', 'getPhotoSphereMarkerListById', 'getLandInfoAndMatchingById', 'getLandInfoByXZQ', 'getTAreaByAreacode',
  'getTAreaMoreInfoByAreacode', 'selectLandJystByPage', 'selectLandJyxtById', 'selectTAreaByPage', 'selectJdByPage',
  'getTAreaByPageList', 'getTAreaByAreaname', 'getTAreaByType', 'getRegulationsList', 'selectGyjsydByPage', 'getGyjsydByPage',
  'getGdjhByPage', 'getGdjhLandByPage', 'selectRmzxByPage', 'selectKeyprojectsByPage', 'getInvestmentLinkList',
  'tWxuser/batchSendMessage', 'getProblemList', 'addProblem', 'updateLandInfoVisitcount', 'updateSecondMarKetVisitcount',
  'selectByCityName', 'getByDkid', 'selectDkxqByPage', 'selectDkids', 'selectByPage', 'selectZshdByPage', 'selectKczyByPage',
  'selectSecondMarketByPage', 'tCollection/selectInfosByPage', 'tCollection/deleteCollectionByID', 'tCollection/addCollection',
  'tCollection/getBooleanByDkid', 'tMessage/selectByPage', 'tMessage/selectDetailByPage', 'tMessage/selectDetailByDkid',
];

/** Calls that change accounts or send things: run once in the loop, not with every leak probe. */
const NO_PROBES = new Set([
  '/openApi/register', '/openApi/visitorLogin', '/openApi/visitorLogout', '/openApi/visitor/updatePassword',
  '/openApi/addProblem', '/openApi/tWxuser/batchSendMessage', '/openApi/tMessage/addOrUpdateMessage', '/openApi/tWxuser/wxLogin',
]);

/** Text that is in the database but must never reach a public answer. */
const INTERNAL = ['内部备注', '估价报告', '1234.56', '周某某', '13800000001', '李某', 'createdBy', 'passwordHash'];

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`public API [${dialect}]`, () => {
    let t: TestApp;
    let w: PublicWorld;

    /** A signed-in visitor with a collection and two messages of their own. */
    const equippedVisitor = async (phone: string) => {
      const v = await w.registerVisitor(phone);
      const [logistics, factory] = w.published;
      await w.open('/openApi/tCollection/addCollection', { dkid: factory.id }, v.token);
      const messages: string[] = [];
      for (const title of ['出让公告提醒', '系统通知']) {
        const res = await w.call('/api/tMessageuser/addOrUpdate', { userId: v.userId, title, type: 'system', content: `${title}内容`, sourceId: logistics.id });
        messages.push(res.body.data.id);
      }
      // Two saved searches: one to delete, one to rename, pause, resume and unsubscribe.
      const searches: string[] = [];
      for (const [name, filter] of [['物流用地', { dlcode: '1101' }], ['第二片区', { areacode: 'T02' }]] as const) {
        const res = await w.open('/openApi/tSavedSearch/addSavedSearch', { name, filter }, v.token);
        searches.push(res.body.data.id);
      }
      const unsubscribe = await unsubscribeToken(t.db.db as unknown as AnyDb, searches[1]);
      return { ...v, messages, searches, unsubscribe };
    };

    /** A payload per URL that should succeed; URLs not listed take {}. */
    const payloadsFor = (visitor: Awaited<ReturnType<typeof equippedVisitor>>): Record<string, { body: Row; token?: string }> => {
      const [logistics, factory] = w.published;
      const byId = (id: string) => ({ body: { id } });
      const parcel = { body: { dkid: logistics.id } };
      const asVisitor = (body: Row = {}) => ({ body, token: visitor.token });
      return {
        '/openApi/register': { body: { userAccount: '13900000111', password: VISITOR_PASSWORD, userName: '新访客', sqdw: '新公司' } },
        '/openApi/visitorLogin': { body: { userAccount: '13700000001', password: VISITOR_PASSWORD } },
        '/openApi/visitorLogout': { body: {}, token: leaver.token },
        '/openApi/visitor/getInfo': asVisitor(),
        '/openApi/visitor/updateInfo': asVisitor({ sqdw: '某某物流有限公司' }),
        '/openApi/visitor/updatePassword': { body: { oldPassword: VISITOR_PASSWORD, newPassword: 'New@2024abc' }, token: changer.token },
        '/openApi/tCollection/selectInfosByPage': asVisitor({ pageNo: 1, pageSize: 10 }),
        '/openApi/tCollection/addCollection': asVisitor({ dkid: logistics.id }),
        '/openApi/tCollection/deleteCollectionByID': asVisitor({ dkid: factory.id }),
        '/openApi/tCollection/getBooleanByDkid': asVisitor({ dkid: logistics.id }),
        '/openApi/tSavedSearch/addSavedSearch': asVisitor({ name: '工业用地', filter: { dlcode: '10', priceMax: 1000 } }),
        '/openApi/tSavedSearch/renameSavedSearch': asVisitor({ id: visitor.searches[1], name: '第二片区仓储' }),
        '/openApi/tSavedSearch/pauseSavedSearch': asVisitor({ id: visitor.searches[1] }),
        '/openApi/tSavedSearch/resumeSavedSearch': asVisitor({ id: visitor.searches[1] }),
        '/openApi/tSavedSearch/deleteSavedSearchByID': asVisitor({ id: visitor.searches[0] }),
        '/openApi/tSavedSearch/selectSavedSearchList': asVisitor(),
        '/openApi/tSavedSearch/unsubscribe': { body: { token: visitor.unsubscribe } },
        '/openApi/tMessage/selectByPage': asVisitor({ pageNo: 1, pageSize: 10 }),
        '/openApi/tMessage/selectDetailByPage': asVisitor({ pageNo: 1, pageSize: 10 }),
        '/openApi/tMessage/selectDetailByDkid': asVisitor({ dkid: logistics.id }),
        '/openApi/tMessage/selectDetailById': asVisitor({ id: visitor.messages[0] }),
        '/openApi/tMessage/readMessage': asVisitor({ ids: [visitor.messages[0]] }),
        '/openApi/tMessage/deleteMessage': asVisitor({ ids: [visitor.messages[1]] }),
        '/openApi/tWxuser/batchSendMessage': { body: { title: '系统维护通知', content: '周六维护', userIds: [visitor.userId] }, token: w.tokens.admin },
        '/openApi/tMessage/addOrUpdateMessage': { body: { title: '系统维护通知', content: '周日维护', userIds: [visitor.userId] }, token: w.tokens.admin },
        '/openApi/tWxuser/wxLogin': { body: { code: 'route-walk' } },
        '/openApi/tWxuser/selectMyPermission': asVisitor(),
        '/openApi/getWxvideoById': byId(w.ids.video),
        '/openApi/addProblem': { body: { title: '标准厂房可以分层租赁吗？', content: '想了解租赁政策', askerName: '张先生', askerPhone: '13912345678' } },
        '/openApi/getMyProblemList': asVisitor(),
        '/openApi/getLandInfoById': byId(logistics.id as string),
        '/openApi/getLandInfoAndMatchingById': byId(logistics.id as string),
        '/openApi/getLandInfoPageById': byId(logistics.id as string),
        '/openApi/getDistanceByDkId': parcel,
        '/openApi/getLandZbptByDkId': parcel,
        '/openApi/selectPipeNetworkByDkId': parcel,
        '/openApi/getPhotoSphereMarkerListById': parcel,
        '/openApi/getByDkid': parcel,
        '/openApi/updateLandInfoVisitcount': parcel,
        '/openApi/selectLandJyxtById': byId(logistics.id as string),
        '/openApi/interestDk': parcel,
        '/openApi/selectDkids': { body: { ids: [logistics.id, factory.id] } },
        '/openApi/getLandInfoByXZQ': { body: { code: '330176' } },
        '/openApi/selectByCityName': { body: { cityName: '临江' } },
        '/openApi/getTAreaByAreacode': { body: { areacode: 'T01' } },
        '/openApi/getTAreaMoreInfoByAreacode': { body: { areacode: 'T01' } },
        '/openApi/getTAreaByAreaname': { body: { areaname: '测试片区' } },
        '/openApi/getTAreaPageByAreaname': { body: { areaname: '测试片区' } },
        '/openApi/getTAreaByType': { body: { type: 'industry' } },
        '/openApi/getTAreaByCantoncode': { body: { cantoncode: '330176' } },
        '/openApi/selectTAreaByPage': {
          body: { pageNo: 0, pageSize: 0, params: [{ column: 'status', type: 'eq', val: '1' }, { column: 'displayorder', type: 'orderAsc' }] },
        },
        '/openApi/getTzggById': byId(w.ids.notice),
        '/openApi/getZshdById': byId(w.ids.event),
        '/openApi/getRegulationsById': byId(w.ids.regulation),
        '/openApi/getWxgzhById': byId(w.ids.article),
        '/openApi/selectSecondMarketById': byId(w.ids.secondMarket),
        '/openApi/updateSecondMarKetVisitcount': byId(w.ids.secondMarket),
        '/openApi/search': { body: { keyword: '物流' } },
      };
    };

    let leaver: { token: string; userId: string };
    let changer: { token: string; userId: string };
    let payloads: Record<string, { body: Row; token?: string }>;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await publicWorld(t);
      const visitor = await equippedVisitor('13700000001');
      leaver = await w.registerVisitor('13700000002');
      changer = await w.registerVisitor('13700000003');
      payloads = payloadsFor(visitor);
    });
    afterAll(async () => t?.close());

    it('registers every SPEC §7 public call under /openApi', () => {
      const urls = publicRouteUrls(t.app);
      for (const name of SPEC_PUBLIC_CALLS) expect(urls, name).toContain(`/openApi/${name}`);
    });

    it('answers every public call with code 200 (generated over the registered routes)', async () => {
      const urls = publicRouteUrls(t.app);
      expect(urls.length).toBeGreaterThan(SPEC_PUBLIC_CALLS.length);
      for (const url of urls) {
        const sample = payloads[url] ?? { body: {} };
        const res = await t.call(url, sample.body, { token: sample.token });
        expect(res.body, `${url}: ${res.body.msg}`).toMatchObject({ code: '200' });
      }
    });

    it('never shows a parcel that is not published, nor internal fields, in any public answer', async () => {
      const fresh = await equippedVisitor('13700000009');
      // A parcel the visitor collected and got news about, taken down since.
      const former = await w.createParcel({ dkmc: `${HIDDEN}曾发布`, dkbh: 'HID-05' });
      for (const action of ['submit', 'passFirst', 'publish']) await w.call('/api/tLandinfo/transition', { ids: [former.id], action });
      expect((await w.open('/openApi/tCollection/addCollection', { dkid: former.id }, fresh.token)).body.code).toBe('200');
      await w.call('/api/tMessageuser/addOrUpdate', { userId: fresh.userId, title: '关注地块提醒', type: 'landNotice', sourceId: former.id });
      await w.call('/api/tLandinfo/transition', { ids: [former.id], action: 'takeDown', comment: '规划调整' });

      const hiddenIds = [
        ...Object.values(w.hidden).map((p) => p.id as string),
        former.id as string,
        w.ids.draftNotice,
        w.ids.draftEvent,
        w.ids.pendingSecondMarket,
      ];
      const probePayloads = payloadsFor(fresh);
      const [logistics] = w.published;
      let probes = 0;
      for (const url of publicRouteUrls(t.app)) {
        if (NO_PROBES.has(url)) continue;
        const sample = probePayloads[url] ?? { body: {} };
        const token = sample.token;
        const variants: Row[] = [
          { ...sample.body, pageNo: 1, pageSize: 500 },
          ...hiddenIds.map((id) => ({ ...sample.body, dkid: id, id, ids: [id, logistics.id], keyword: HIDDEN, pageNo: 1, pageSize: 500 })),
          { keyword: HIDDEN.slice(0, 2), cityName: '临江', code: '330176', areacode: 'T01', pageNo: 0, pageSize: 0 },
        ];
        for (const [i, body] of variants.entries()) {
          const res = await t.call(url, body, { token });
          // The plain call must work, or the probe proves nothing.
          if (i === 0) expect(res.body, `${url}: ${res.body.msg}`).toMatchObject({ code: '200' });
          const text = JSON.stringify(res.body);
          probes += 1;
          expect(text, `${url} ${JSON.stringify(body)}`).not.toContain(HIDDEN);
          for (const id of hiddenIds) expect(text, `${url} leaks ${id}`).not.toContain(id);
          for (const s of INTERNAL) expect(text, `${url} shows ${s}`).not.toContain(s);
        }
      }
      expect(probes).toBeGreaterThan(300);
    });

    it('answers GET with query parameters and form posts alike', async () => {
      const get = await t.call('/openApi/selectLandInfoListPage', { pageNo: '1', pageSize: '2', state: 'listed', _t: String(Date.now()) }, { method: 'GET' });
      expect(get.body.code).toBe('200');
      expect(get.body.data.list.map((p: Row) => p.dkmc)).toEqual(['临港物流仓储地块']);
      const form = await t.call('/openApi/selectTAreaByPage', { pageNo: 0, pageSize: 0, params: [{ column: 'status', type: 'eq', val: '1' }] }, { form: true });
      expect(form.body.code).toBe('200');
    });

    it('serves the area dropdown query: enabled districts only, by display order', async () => {
      const res = await t.call('/openApi/selectTAreaByPage', payloads['/openApi/selectTAreaByPage'].body);
      const list = res.body.data.list as Row[];
      expect(list.map((a) => a.areacode)).toEqual(['T01', 'T02']);
      expect(list[0]).toMatchObject({ areaname: '测试片区', areacode: 'T01', status: '1' });
      expect(list[0]).not.toHaveProperty('createdBy');
    });

    it('filters the parcel list by class with its children, area in 亩, price and trade state', async () => {
      const names = async (body: Row) => {
        const res = await t.call('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 50, ...body });
        expect(res.body.code, res.body.msg).toBe('200');
        return (res.body.data.list as Row[]).map((p) => p.dkmc).sort();
      };
      expect(await names({})).toEqual(['临港物流仓储地块', '智造园标准地块', '生物医药产业地块'].sort());
      expect(await names({ dlcode: '10' })).toEqual(['智造园标准地块', '生物医药产业地块'].sort());
      expect(await names({ dlcode: '11' })).toEqual(['临港物流仓储地块']);
      expect(await names({ areaMin: 50, areaMax: 70 })).toEqual(['临港物流仓储地块']);
      expect(await names({ priceMin: 1000 })).toEqual(['临港物流仓储地块', '生物医药产业地块'].sort());
      expect(await names({ state: 'available' })).toEqual(['智造园标准地块']);
      expect(await names({ state: 'deal' })).toEqual(['生物医药产业地块']);
      expect(await names({ areacode: 'T02' })).toEqual(['智造园标准地块']);
      expect(await names({ keyword: '医药' })).toEqual(['生物医药产业地块']);
      const sorted = await t.call('/openApi/selectLandInfoListPage', { orderBy: 'landArea', order: 'asc' });
      expect((sorted.body.data.list as Row[]).map((p) => p.dkbh)).toEqual(['PUB-ZZ-02', 'PUB-WL-01', 'PUB-YY-03']);
      const first = sorted.body.data.list[0] as Row;
      expect(first).toMatchObject({ areaname: '第二片区', dlname: '一类工业用地', tradeState: 'none', tradeStateLabel: '未挂牌' });
      expect(first.landAreaMu).toBeCloseTo(20, 1);
      const bad = await t.call('/openApi/selectLandInfoListPage', { params: [{ column: 'status', type: 'eq', val: 'draft' }] });
      expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('gives the full public detail with names, and never the owner or the appraisal', async () => {
      const [logistics] = w.published;
      const res = await t.call('/openApi/getLandInfoById', { id: logistics.id });
      const d = res.body.data as Row;
      expect(d).toMatchObject({ dkmc: '临港物流仓储地块', areaname: '测试片区', dlname: '物流仓储用地', jdname: '临江街道', tradeState: 'listed' });
      expect(d.centre).toHaveLength(2);
      expect(d.bbox).toHaveLength(4);
      expect((d.indicators as Row[])[0]).toMatchObject({ indicator: 'plotRatio', indicatorLabel: '容积率' });
      expect((d.transaction as Row).status).toBe('listing');
      for (const key of ['owner', 'appraisedPrice', 'status', 'createdBy', 'updatedBy', 'version']) expect(d, key).not.toHaveProperty(key);
      const hidden = await t.call('/openApi/getLandInfoById', { id: w.hidden.takenDown.id });
      expect(hidden.body.code).toBe(ERROR_CODES.NOT_FOUND);
      const prices = await t.call('/openApi/selectDkxqByPage', { dkid: logistics.id });
      expect((prices.body.data.list as Row[]).map((p) => p.priceType)).toEqual(['starting']);
    });

    it("answers a detail page's data in one call, each part as its own call answers it", async () => {
      const data = async (url: string, body: Row) => {
        const res = await t.call(`/openApi/${url}`, body);
        expect(res.body.code, `${url}: ${res.body.msg}`).toBe('200');
        return res.body.data;
      };
      for (const parcel of w.published) {
        const dkid = parcel.id as string;
        const page = (await data('getLandInfoPageById', { id: dkid, nearby: 7 })) as Row;
        const landInfo = (await data('getLandInfoById', { id: dkid })) as Row;
        expect(page.landInfo).toEqual(landInfo);
        expect(page.matching).toEqual((await data('getLandInfoAndMatchingById', { id: dkid })).matching);
        expect(page.distances).toEqual(await data('getDistanceByDkId', { dkid }));
        expect(page.facilities).toEqual(await data('getLandZbptByDkId', { dkid }));
        expect(page.pipes).toEqual(await data('selectPipeNetworkByDkId', { dkid }));
        expect(page.markers).toEqual(await data('getPhotoSphereMarkerListById', { dkid }));
        expect(page.manual).toEqual(await data('getByDkid', { dkid }));
        expect(page.prices).toEqual((await data('selectDkxqByPage', { dkid, pageNo: 1, pageSize: 50 })).list);
        expect(page.transactions).toEqual((await data('selectLandJystByPage', { dkid, pageNo: 1, pageSize: 20 })).list);
        expect(page.contacts).toEqual((await data('getInvestmentLinkList', { areacode: landInfo.areacode })).list);
        expect(page.nearby).toEqual((await data('selectLandInfoListPage', { pageNo: 1, pageSize: 7, areacode: landInfo.areacode })).list);
        // Without `nearby` the district's parcels are not looked up.
        expect(await data('getLandInfoPageById', { dkid })).not.toHaveProperty('nearby');
      }
      // Every part has something in the test world, so the comparison above compares data.
      const [logistics] = w.published;
      const full = (await data('getLandInfoPageById', { id: logistics.id, nearby: 7 })) as Record<string, Row[] | Row>;
      for (const part of ['distances', 'facilities', 'pipes', 'markers', 'prices', 'transactions', 'contacts', 'nearby']) expect((full[part] as Row[]).length, part).toBeGreaterThan(0);
      expect(full.matching).toMatchObject({ water: 'ready' });
      expect(full.manual).toMatchObject({ title: expect.stringContaining('招商手册') });
      expect((full.prices as Row[]).map((p) => p.priceType)).toEqual(['starting']);
      // Refused like getLandInfoById: unknown, unpublished and taken-down parcels answer A0404 with nothing of them.
      for (const id of [...Object.values(w.hidden).map((p) => p.id as string), 'no-such-parcel']) {
        const res = await t.call('/openApi/getLandInfoPageById', { id, nearby: 7 });
        expect(res.body, id).toMatchObject({ code: ERROR_CODES.NOT_FOUND, data: null });
        expect(JSON.stringify(res.body)).not.toContain(HIDDEN);
      }
      expect((await t.call('/openApi/getLandInfoPageById', {})).body.code).toBe(ERROR_CODES.VALIDATION);
      expect((await t.call('/openApi/getLandInfoPageById', { id: logistics.id, nearby: 21 })).body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it("answers a district page's data in one call: the district as getTAreaByAreaname, its first parcels as selectLandInfoListPage", async () => {
      for (const [areaname, areacode] of [['测试片区', 'T01'], ['第二片区', 'T02']]) {
        const page = await t.call('/openApi/getTAreaPageByAreaname', { areaname, pageSize: 2 });
        expect(page.body.code, page.body.msg).toBe('200');
        const { parcels, ...district } = page.body.data as Row;
        expect(district).toEqual((await t.call('/openApi/getTAreaByAreaname', { areaname })).body.data);
        expect(parcels).toEqual((await t.call('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 2, areacode })).body.data);
        expect((parcels as { list: Row[] }).list.length, areaname).toBeGreaterThan(0);
        expect(JSON.stringify(parcels)).not.toContain(HIDDEN);
      }
      const byDefault = await t.call('/openApi/getTAreaPageByAreaname', { areaname: '测试片区' });
      expect(byDefault.body.data.parcels).toMatchObject({ pageNo: 1, pageSize: 12 });
      const unknown = await t.call('/openApi/getTAreaPageByAreaname', { areaname: '没有这个片区' });
      expect(unknown.body).toMatchObject({ code: ERROR_CODES.NOT_FOUND, data: null });
      expect((await t.call('/openApi/getTAreaPageByAreaname', {})).body.code).toBe(ERROR_CODES.VALIDATION);
      expect((await t.call('/openApi/getTAreaPageByAreaname', { areaname: '测试片区', pageSize: 501 })).body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('compares two to four published parcels in the order given', async () => {
      const [a, b, c] = w.published;
      const res = await t.call('/openApi/selectDkids', { ids: `${c.id},${a.id},${w.hidden.draft.id}` });
      expect(res.body.code).toBe('200');
      expect((res.body.data as Row[]).map((p) => p.id)).toEqual([c.id, a.id]);
      expect((res.body.data as Row[])[1].matching).toMatchObject({ water: 'ready' });
      expect((await t.call('/openApi/selectDkids', { ids: [a.id] })).body.code).toBe(ERROR_CODES.VALIDATION);
      expect((await t.call('/openApi/selectDkids', { ids: [a.id, b.id, c.id, a.id, b.id] })).body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('counts a parcel view once per address and hour', async () => {
      const [, , pharma] = w.published;
      const first = await t.call('/openApi/updateLandInfoVisitcount', { id: pharma.id });
      const second = await t.call('/openApi/updateLandInfoVisitcount', { id: pharma.id });
      expect(first.body.data).toMatchObject({ counted: true });
      expect(second.body.data).toMatchObject({ counted: false, visitcount: first.body.data.visitcount });
      const row = await t.db.db.selectFrom('t_landinfo' as never).select('visitcount' as never).where('id' as never, '=', pharma.id as never).executeTakeFirst();
      expect(Number((row as Row).visitcount)).toBe(first.body.data.visitcount);
      expect((await t.call('/openApi/updateLandInfoVisitcount', { id: w.hidden.draft.id })).body.code).toBe(ERROR_CODES.NOT_FOUND);
    });

    it('builds the division tree from canton codes: province, city, the zone, its street', async () => {
      const res = await t.call('/openApi/selectXzqTrerList', {});
      const [province] = res.body.data as Row[];
      expect(province).toMatchObject({ code: '330000', name: '浙江省', level: 1, count: 2 });
      const [city] = province.children as Row[];
      expect(city).toMatchObject({ code: '330100', name: '杭州市', level: 2 });
      const [county] = city.children as Row[];
      expect(county).toMatchObject({ code: '330176', level: 3, count: 2 });
      expect((county.children as Row[]).map((s) => s.name)).toEqual(['临江街道']);
      const children = await t.call('/openApi/selectXZQLandInfoList', { code: '330100' });
      expect(children.body.data.children.map((c: Row) => c.code)).toEqual(['330176']);
      const inCounty = await t.call('/openApi/getLandInfoByXZQ', { code: '330176' });
      expect(inCounty.body.data.total).toBe(2);
      const byName = await t.call('/openApi/selectByCityName', { cityName: '杭州' });
      expect(byName.body.data.total).toBe(2);
    });

    it('simplifies outlines on the map for far zoom levels', async () => {
      const ring: number[][] = [];
      for (let i = 0; i < 64; i++) {
        const a = (2 * Math.PI * i) / 64;
        ring.push([120.9 + 0.003 * Math.cos(a), 30.9 + 0.003 * Math.sin(a)]);
      }
      ring.push(ring[0]);
      const round = await w.createParcel({ dkmc: '圆形地块', dkbh: 'PUB-ROUND', geometry: { type: 'Polygon', coordinates: [ring] } });
      for (const action of ['submit', 'passFirst', 'publish']) await w.call('/api/tLandinfo/transition', { ids: [round.id], action });
      const vertices = async (zoom: number) => {
        const res = await t.call('/openApi/selectLandInfoList', { zoom, keyword: '圆形' });
        const [p] = res.body.data as Row[];
        expect(p).toMatchObject({ dkbh: 'PUB-ROUND' });
        return ((p.geometry as { coordinates: number[][][] }).coordinates[0]).length;
      };
      expect(await vertices(20)).toBe(65);
      expect(await vertices(11)).toBeLessThan(20);
      await w.call('/api/tLandinfo/transition', { ids: [round.id], action: 'takeDown', comment: '测试结束' });
    });

    it('finds a parcel by a two-character Chinese word, grouped by kind, and never a hidden one', async () => {
      const res = await t.call('/openApi/search', { keyword: '物流' });
      expect(res.body.code).toBe('200');
      const groups = Object.fromEntries((res.body.data.groups as Row[]).map((g) => [g.kind, g]));
      expect((groups.parcel.list as Row[]).map((p) => p.dkmc)).toEqual(['临港物流仓储地块']);
      expect(groups.parcel.count).toBe(1);
      for (const kind of ['notice', 'event', 'regulation', 'keyProject', 'district', 'article']) expect(groups[kind].count, kind).toBe(1);
      expect(res.body.data.total).toBe(7);
      const hidden = await t.call('/openApi/search', { keyword: HIDDEN.slice(0, 2) });
      expect(hidden.body.data.total).toBe(0);
      const literal = await t.call('/openApi/search', { keyword: '%', kinds: 'parcel' });
      expect(literal.body.data.groups).toHaveLength(1);
      expect(literal.body.data.groups[0].count).toBe(0);
      const twoTerms = await t.call('/openApi/search', { keyword: '临港 仓储', kinds: ['parcel'] });
      expect(twoTerms.body.data.groups[0].count).toBe(1);
      expect((await t.call('/openApi/search', { keyword: '' })).body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('lists content that is published only', async () => {
      const notices = await t.call('/openApi/selectByPage', { pageNo: 1, pageSize: 10 });
      expect((notices.body.data.list as Row[]).map((n) => n.title)).toEqual(['临港物流地块挂牌出让公告']);
      const draft = await t.call('/openApi/getTzggById', { id: w.ids.draftNotice });
      expect(draft.body.code).toBe(ERROR_CODES.NOT_FOUND);
      const problems = await t.call('/openApi/getProblemList', {});
      expect(problems.body.data.list[0]).toMatchObject({ title: '物流用地的出让年限是多少？', answer: '仓储用地最高出让年限为50年。' });
      expect(problems.body.data.list[0]).not.toHaveProperty('askerPhone');
      const rmzx = await t.call('/openApi/selectRmzxByPage', { pageNo: 1, pageSize: 10 });
      expect((rmzx.body.data.list as Row[]).map((n) => n.kind).sort()).toEqual(['wxgzh', 'zshd']);
      const gg = await t.call('/openApi/selectLandInfoByMoreGG', {});
      expect(gg.body.data.list).toHaveLength(1);
      expect(gg.body.data.list[0].transaction).toMatchObject({ announcementNo: '临港物流仓储地块公告' });
      const plan = await t.call('/openApi/getGdjhLandByPage', {});
      expect((plan.body.data.list as Row[]).map((p) => p.dkbh)).toEqual(['PUB-WL-01']);
      const summary = await t.call('/openApi/getGyjsydByPage', { planYear: '2024' });
      expect(summary.body.data.summary).toMatchObject({ count: 2 });
    });
  });
}
