import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart } from './helpers/multipart';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The calls of SPEC §7 around parcels, each through the API as the screens use it. */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`parcel calls [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const call = (url: string, body: Row = {}, form = false) => w.call(url, body, { form });
    const ok = async (url: string, body: Row = {}, form = false) => {
      const res = await call(url, body, form);
      expect(res.body, `${url} ${res.body.msg}`).toMatchObject({ code: '200' });
      return res.body.data;
    };
    const publish = async (id: string) => {
      for (const action of ['submit', 'passFirst', 'publish']) await ok('/api/tLandinfo/transition', { ids: [id], action });
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    describe('/api/tLandinfo', () => {
      it('selectByPage filters by state and district; selectByObj by equal fields', async () => {
        const a = await w.createParcel({ areacode: 'T02', dkmc: '分页测试甲' });
        await w.createParcel({ areacode: 'T02', dkmc: '分页测试乙' });
        await publish(a.id as string);
        const page = await ok('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10, params: [{ column: 'areacode', type: 'eq', val: 'T02' }, { column: 'status', type: 'eq', val: 'published' }] });
        expect(page).toMatchObject({ total: 1, list: [{ id: a.id, status: 'published', dkmc: '分页测试甲' }] });
        const obj = await ok('/api/tLandinfo/selectByObj', { areacode: 'T02', status: 'draft' });
        expect(obj.map((r: Row) => r.dkmc)).toEqual(['分页测试乙']);
      });

      it('selectDkByName (form) finds parcels by a part of their name', async () => {
        await w.createParcel({ dkmc: '临江名称检索地块' });
        const found = await ok('/api/tLandinfo/selectDkByName', { dkmc: '名称检索' }, true);
        expect(found.map((r: Row) => r.dkmc)).toEqual(['临江名称检索地块']);
      });

      it('addListTLandinfo creates all rows or none, naming the failing row', async () => {
        const good = [w.parcel(), w.parcel()];
        const created = await ok('/api/tLandinfo/addListTLandinfo', { list: good });
        expect(created.total).toBe(2);
        expect(created.list.every((p: Row) => p.status === 'draft' && typeof p.geometryArea === 'number')).toBe(true);
        const bad = [w.parcel(), w.parcel({ geometry: { type: 'Polygon', coordinates: [[[120, 30], [120.01, 30.01], [120.01, 30], [120, 30.01], [120, 30]]] } }), w.parcel()];
        const res = await call('/api/tLandinfo/addListTLandinfo', { list: JSON.stringify(bad) }, true);
        expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { index: 1, field: 'geometry' } });
        expect(res.body.msg).toMatch(/^第2条：地块边界不正确：.*自相交（未保存任何记录）$/);
        const none = await ok('/api/tLandinfo/selectByObj', { dkbh: bad[0].dkbh });
        expect(none).toEqual([]);
        const dup = await call('/api/tLandinfo/addListTLandinfo', { list: [w.parcel({ dkbh: 'DUP1' }), w.parcel({ dkbh: 'DUP1' })] });
        expect(dup.body).toMatchObject({ code: ERROR_CODES.CONFLICT, data: { index: 1 } });
        expect(await ok('/api/tLandinfo/selectByObj', { dkbh: 'DUP1' })).toEqual([]);
      });

      it('updateListTLandinfoById updates several parcels in one transaction, by list or by ids', async () => {
        const [a, b] = [await w.createParcel(), await w.createParcel()];
        const byList = await ok('/api/tLandinfo/updateListTLandinfoById', { list: [{ id: a.id, contact: '王工' }, { id: b.id, contact: '李工' }] });
        expect(byList.list.map((p: Row) => p.contact)).toEqual(['王工', '李工']);
        const byIds = await ok('/api/tLandinfo/updateListTLandinfoById', { ids: [a.id, b.id], zylx: 'standard' }, false);
        expect(byIds.list.map((p: Row) => p.zylx)).toEqual(['standard', 'standard']);
        const missingId = await call('/api/tLandinfo/updateListTLandinfoById', { list: [{ id: a.id, contact: '赵工' }, { contact: '钱工' }] });
        expect(missingId.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '第2条：缺少记录编号（未保存任何记录）', data: { index: 1 } });
        const stale = await call('/api/tLandinfo/updateListTLandinfoById', { list: [{ id: a.id, contact: '孙工' }, { id: b.id, version: 1, contact: '周工' }] });
        expect(stale.body).toMatchObject({ code: ERROR_CODES.CONFLICT, data: { index: 1 } });
        expect((await ok('/api/tLandinfo/selectById', { id: a.id })).contact).toBe('王工');
      });

      it('deleteById (form) deletes a draft parcel', async () => {
        const p = await w.createParcel();
        expect(await ok('/api/tLandinfo/deleteById', { id: p.id }, true)).toEqual({ deleted: 1 });
        expect((await call('/api/tLandinfo/selectById', { id: p.id })).body.code).toBe(ERROR_CODES.NOT_FOUND);
      });

      it('deleteFile (form) removes the attachment from the parcel and from the store', async () => {
        const body = multipart([{ name: 'file', filename: '规划条件.pdf', content: PDF }]);
        const up = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { ...body.headers, token: w.tokens.admin }, payload: body.payload });
        const file = up.json().data as { id: string; name: string; url: string };
        const other = { id: 'x', name: '其他.pdf', url: '/virtualPath/files/202401/01aaaaaaaaaaaaaaaaaaaaaaaa.pdf' };
        const p = await w.createParcel({ documents: [file, other] });
        await publish(p.id as string);
        const stored = path.join(t.config.dataDir, 'uploads', file.url.replace('/virtualPath/', ''));
        expect(fs.existsSync(stored)).toBe(true);
        const res = await ok('/api/tLandinfo/deleteFile', { filepath: file.url }, true);
        expect(res).toEqual({ removedFrom: 1, fileDeleted: true });
        expect(fs.existsSync(stored)).toBe(false);
        const after = await ok('/api/tLandinfo/selectById', { id: p.id });
        expect(after.documents).toEqual([other]);
        // An edit of a published parcel: logged.
        const log = await ok('/api/tLandinfo/selectLogByDkid', { dkid: p.id }, true);
        expect(log.at(-1)).toMatchObject({ action: 'edit', comment: '修改：相关文件' });
        // Again: nothing left to remove, nothing to delete, no error.
        expect(await ok('/api/tLandinfo/deleteFile', { filepath: file.url, id: p.id }, true)).toEqual({ removedFrom: 0, fileDeleted: false });
        const bad = await call('/api/tLandinfo/deleteFile', { filepath: '../../etc/passwd' }, true);
        expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
      });

      it('statisticsDk (form) counts parcels and areas by state, trade state, district and class', async () => {
        const stats = await ok('/api/tLandinfo/statisticsDk', {}, true);
        const total = (await ok('/api/tLandinfo/selectByPage', { pageNo: 0, pageSize: 0 })).list as Row[];
        expect(stats.total.count).toBe(total.length);
        expect(stats.total.landArea).toBeCloseTo(total.reduce((s, p) => s + Number(p.landArea), 0), 1);
        expect(stats.byStatus.map((s: Row) => s.status)).toEqual(['draft', 'pendingFirst', 'pendingReview', 'published', 'takenDown']);
        expect(stats.byStatus.reduce((s: number, x: Row) => s + Number(x.count), 0)).toBe(total.length);
        const published = stats.byStatus.find((s: Row) => s.status === 'published');
        expect(published).toMatchObject({ label: '已发布', count: total.filter((p) => p.status === 'published').length });
        expect(stats.byDistrict.map((d: Row) => d.areaname)).toContain('第二片区');
        // First level of the class tree (drill-down and the other figures: statistics.test.ts).
        expect(stats.byClass[0]).toMatchObject({ dlcode: '10', name: '工矿用地' });
        const t02 = await ok('/api/tLandinfo/statisticsDk', { areacode: 'T02' }, true);
        expect(t02.total.count).toBe(total.filter((p) => p.areacode === 'T02').length);
        expect(t02.total.landAreaMu).toBeCloseTo((t02.total.landArea * 3) / 2000, 1);
      });

      it('photo-sphere markers: the list replaces the parcel’s markers; read and delete by parcel (form)', async () => {
        const p = await w.createParcel({ panorama: [{ name: '全景.png', url: '/virtualPath/panorama/202401/01bbbbbbbbbbbbbbbbbbbbbbbb.png' }] });
        const dkid = p.id as string;
        const first = await ok('/api/tLandinfo/addListTphotoSphereMarkers', {
          dkid,
          list: [
            { markerId: 'north', title: '北侧道路', yaw: 0, pitch: -3 },
            { markerId: 'east', title: '东侧厂房', yaw: 90, pitch: -2, content: '已建成' },
          ],
        });
        expect(first.total).toBe(2);
        const again = await ok('/api/tLandinfo/addListTphotoSphereMarker', { dkid, list: JSON.stringify([{ title: '中心桩', yaw: 10, pitch: -30 }]) }, true);
        expect(again.list).toEqual([expect.objectContaining({ dkid, markerId: 'marker1', title: '中心桩', yaw: 10, pitch: -30, displayorder: 1 })]);
        expect((await ok('/api/tLandinfo/selectListTphotoSphereMarker', { dkid }, true)).map((m: Row) => m.title)).toEqual(['中心桩']);
        const bad = await call('/api/tLandinfo/addListTphotoSphereMarkers', { dkid, list: [{ markerId: 'a', title: '甲', yaw: 0, pitch: 0 }, { markerId: 'b', title: '乙', yaw: 200, pitch: 0 }] });
        expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { index: 1, field: 'yaw' } });
        const dup = await call('/api/tLandinfo/addListTphotoSphereMarkers', { dkid, list: [{ markerId: 'a', title: '甲', yaw: 0, pitch: 0 }, { markerId: 'a', title: '乙', yaw: 1, pitch: 0 }] });
        expect(dup.body).toMatchObject({ code: ERROR_CODES.CONFLICT, msg: '第2条：标注编号“a”在该地块已存在（未保存任何记录）' });
        expect((await ok('/api/tLandinfo/selectListTphotoSphereMarker', { dkid }, true)).map((m: Row) => m.title)).toEqual(['中心桩']);
        expect(await ok('/api/tLandinfo/deletePhotospheremarkerByDkId', { dkid }, true)).toEqual({ deleted: 1 });
        expect(await ok('/api/tLandinfo/selectListTphotoSphereMarker', { dkid }, true)).toEqual([]);
        const unknown = await call('/api/tLandinfo/addListTphotoSphereMarkers', { dkid: '01unknown', list: [] });
        expect(unknown.body.code).toBe(ERROR_CODES.NOT_FOUND);
      });

      it('a panorama is only an upload of the panorama folder (checked as 2:1): another picture is refused, nothing saved', async () => {
        const pano = { name: '全景.png', url: '/virtualPath/panorama/202401/01cccccccccccccccccccccccc.png' };
        const p = await w.createParcel({ panorama: [pano] });
        const others = [
          '/virtualPath/images/202401/01dddddddddddddddddddddddd.jpg',
          // A browser resolves the dot segments to the images folder.
          '/virtualPath/panorama/../images/202401/01dddddddddddddddddddddddd.jpg',
          'https://example.com/pano.jpg',
        ];
        for (const url of others) {
          const res = await w.call('/api/tLandinfo/addOrUpdate', { ...p, panorama: [{ name: '现场.jpg', url }] });
          expect(res.body, url).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '全景照片须为通过全景上传的 2:1 全景图，请重新上传', data: { field: 'panorama' } });
        }
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).panorama).toEqual([pano]);
        // Removing it is fine.
        expect((await ok('/api/tLandinfo/addOrUpdate', { ...(await ok('/api/tLandinfo/selectById', { id: p.id })), panorama: [] })).panorama ?? []).toEqual([]);
      });

      it('selectDisplayorderByZYLX (form) gives the next display order of a resource type', async () => {
        await w.createParcel({ zylx: 'reserve', displayorder: 7 });
        expect(await ok('/api/tLandinfo/selectDisplayorderByZYLX', { zylx: 'reserve' }, true)).toBe(8);
        expect(await ok('/api/tLandinfo/selectDisplayorderByZYLX', { zylx: 'stock' }, true)).toBe(1);
      });
    });

    describe('/api/tLandmatching', () => {
      it('addOrUpdate keeps one record per parcel and counts the items at the red line', async () => {
        const p = await w.createParcel();
        const first = await ok('/api/tLandmatching/addOrUpdate', { dkid: p.id, water: 'ready', power: 'ready', road: 'ready', gas: 'nearby', levelled: 'ready', waterNote: 'DN400' });
        expect(first).toMatchObject({ readyCount: 4, telecom: 'none' });
        const second = await ok('/api/tLandmatching/addOrUpdate', { dkid: p.id, telecom: 'ready' });
        expect(second).toMatchObject({ id: first.id, readyCount: 5, waterNote: 'DN400', version: 2 });
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).levelled).toBe(1);
      });

      it('getLandInfoAndMatchingById (form) gives the parcel and its matching; deleteByDkId and deleteById (form)', async () => {
        const p = await w.createParcel();
        expect(await ok('/api/tLandmatching/getLandInfoAndMatchingById', { id: p.id }, true)).toMatchObject({ landInfo: { id: p.id, dkmc: p.dkmc }, matching: null });
        const m = await ok('/api/tLandmatching/addOrUpdate', { dkid: p.id, water: 'ready' });
        expect(await ok('/api/tLandmatching/getLandInfoAndMatchingById', { dkid: p.id }, true)).toMatchObject({ matching: { id: m.id, water: 'ready' } });
        expect(await ok('/api/tLandmatching/deleteByDkId', { dkid: p.id }, true)).toEqual({ deleted: 1 });
        const m2 = await ok('/api/tLandmatching/addOrUpdate', { dkid: p.id, water: 'nearby' });
        expect(await ok('/api/tLandmatching/deleteById', { id: m2.id }, true)).toEqual({ deleted: 1 });
        expect((await call('/api/tLandmatching/getLandInfoAndMatchingById', { id: '01nothing' }, true)).body.code).toBe(ERROR_CODES.NOT_FOUND);
      });
    });

    it('every parcel record points at a real parcel', async () => {
      for (const [url, body] of [
        ['/api/tLandmatching/addOrUpdate', { water: 'ready' }],
        ['/api/tDistance/addOrUpdate', { placeName: '机场', placeType: 'airport' }],
        ['/api/tDkys/addOrUpdate', { title: '交通便捷' }],
        ['/api/tPipenetwork/addOrUpdate', { name: '给水管', type: 'water' }],
      ] as const) {
        const res = await call(url, { ...body, dkid: '01doesnotexist000000000000' });
        expect(res.body, url).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'dkid' } });
        expect(res.body.msg).toBe('所属地块“01doesnotexist000000000000”不存在或已删除');
      }
    });

    it('/api/tDistance/addOrUpdate', async () => {
      const p = await w.createParcel();
      const d = await ok('/api/tDistance/addOrUpdate', { dkid: p.id, placeName: '杭州萧山国际机场', placeType: 'airport', distanceKm: 18.5, driveMinutes: 25, lon: 120.4344, lat: 30.2295 });
      expect(d).toMatchObject({ dkid: p.id, placeType: 'airport', distanceKm: 18.5 });
      const bad = await call('/api/tDistance/addOrUpdate', { dkid: p.id, placeName: '港口', placeType: 'port', lat: 95 });
      expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'lat' } });
    });

    describe('/api/tYdzb/batchAddOrUpdate', () => {
      it('saves several indicators of a parcel at once and keeps the parcel’s summary in step', async () => {
        const p = await w.createParcel();
        const saved = await ok('/api/tYdzb/batchAddOrUpdate', {
          dkid: p.id,
          list: [
            { indicator: 'plotRatio', comparator: 'between', value: 1.2, valueMax: 2.5 },
            { indicator: 'buildingDensity', comparator: 'ge', value: 40 },
            { indicator: 'greenRatio', comparator: 'le', value: 15 },
            { indicator: 'heightLimit', comparator: 'le', value: 24 },
            { indicator: 'investmentIntensity', comparator: 'ge', value: 350 },
          ],
        });
        expect(saved.total).toBe(5);
        expect(saved.list[0]).toMatchObject({ unit: '', comparator: 'between' });
        expect(saved.list[1]).toMatchObject({ unit: '%' });
        expect(await ok('/api/tLandinfo/selectById', { id: p.id })).toMatchObject({
          plotRatioMin: 1.2, plotRatioMax: 2.5, buildingDensityMin: 40, buildingDensityMax: null, greenRatioMax: 15, heightLimit: 24, investmentIntensity: 350,
        });
        // Same indicator and comparator without id: updated, not added.
        const again = await ok('/api/tYdzb/batchAddOrUpdate', { dkid: p.id, list: [{ indicator: 'plotRatio', comparator: 'between', value: 1.0, valueMax: 2.0 }] });
        expect(again.list[0].id).toBe(saved.list[0].id);
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).plotRatioMin).toBe(1);
        const rows = await ok('/api/tYdzb/selectByObj', { dkid: p.id });
        expect(rows).toHaveLength(5);
      });

      it('refuses a bad row and saves none of the batch', async () => {
        const p = await w.createParcel();
        const res = await call('/api/tYdzb/batchAddOrUpdate', { dkid: p.id, list: [{ indicator: 'plotRatio', comparator: 'ge', value: 1 }, { indicator: 'greenRatio', comparator: 'between', value: 20, valueMax: 10 }] });
        expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '第2条：上限值必须大于指标值（下限）（未保存任何记录）', data: { index: 1, field: 'valueMax' } });
        const pct = await call('/api/tYdzb/batchAddOrUpdate', { dkid: p.id, list: [{ indicator: 'greenRatio', comparator: 'le', value: 120 }] });
        expect(pct.body.msg).toContain('绿地率不能超过100%');
        expect(await ok('/api/tYdzb/selectByObj', { dkid: p.id })).toEqual([]);
      });

      it('indicators are locked once the parcel is submitted', async () => {
        const p = await w.createParcel();
        await ok('/api/tLandinfo/transition', { ids: [p.id], action: 'submit' });
        const res = await call('/api/tYdzb/batchAddOrUpdate', { dkid: p.id, list: [{ indicator: 'plotRatio', comparator: 'ge', value: 1 }] });
        expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
        expect(res.body.msg).toContain('不能修改用地指标');
      });
    });

    it('/api/tDkzssc: addOrUpdate keeps one manual per parcel; getByDkid (form)', async () => {
      const p = await w.createParcel();
      expect(await ok('/api/tDkzssc/getByDkid', { dkid: p.id }, true)).toBeNull();
      const m = await ok('/api/tDkzssc/addOrUpdate', { dkid: p.id, title: '招商手册', content: '<p>概况</p><script>x</script>' });
      expect(m.content).toBe('<p>概况</p>');
      const again = await ok('/api/tDkzssc/addOrUpdate', { dkid: p.id, title: '招商手册（第二版）' });
      expect(again.id).toBe(m.id);
      expect(await ok('/api/tDkzssc/getByDkid', { dkid: p.id }, true)).toMatchObject({ id: m.id, title: '招商手册（第二版）', content: '<p>概况</p>' });
    });

    it('/api/tDkxj: standard calls and getXjReasonListByDkid', async () => {
      const p = await w.createParcel();
      const x = await ok('/api/tDkxj/addOrUpdate', { dkid: p.id, reasonType: 'other', reason: '补录的下架记录' });
      expect(x).toMatchObject({ takenDownBy: '系统管理员', takenDownAt: expect.any(String) });
      expect((await ok('/api/tDkxj/getXjReasonListByDkid', { dkid: p.id }, true)).map((r: Row) => r.id)).toEqual([x.id]);
      expect((await ok('/api/tDkxj/selectByPage', { params: [{ column: 'dkid', type: 'eq', val: p.id }] })).total).toBe(1);
      expect(await ok('/api/tDkxj/batchDelete', { ids: [x.id] }, true)).toEqual({ deleted: 1 });
    });

    it('/api/tDkxq: addPrice, updatePrice, addListTDkxq, deleteById, batchDelete', async () => {
      const p = await w.createParcel();
      const a = await ok('/api/tDkxq/addPrice', { dkid: p.id, priceType: 'starting', price: 1440, unit: 'wan', priceDate: '2025-03-01', source: '出让公告' });
      const u = await ok('/api/tDkxq/updatePrice', { id: a.id, price: 1500 });
      expect(u).toMatchObject({ price: 1500, version: 2 });
      const list = await ok('/api/tDkxq/addListTDkxq', { dkid: p.id, list: [{ priceType: 'appraised', price: 1400 }, { priceType: 'benchmark', price: 620, unit: 'yuanPerM2' }] });
      expect(list.list.map((r: Row) => [r.priceType, r.unit])).toEqual([['appraised', 'wan'], ['benchmark', 'yuanPerM2']]);
      const bad = await call('/api/tDkxq/addListTDkxq', { dkid: p.id, list: [{ priceType: 'deal', price: 1 }, { priceType: 'deal', price: -1 }] });
      expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { index: 1, field: 'price' } });
      expect(await ok('/api/tDkxq/deleteById', { id: a.id }, true)).toEqual({ deleted: 1 });
      expect(await ok('/api/tDkxq/batchDelete', { ids: list.list.map((r: Row) => r.id).join(',') }, true)).toEqual({ deleted: 2 });
      expect(await ok('/api/tDkxq/selectByObj', { dkid: p.id })).toEqual([]);
    });

    it('/api/tLandzbpt: standard calls, selectByObj and getByDkId', async () => {
      const p = await w.createParcel();
      await ok('/api/tLandzbpt/addOrUpdate', { dkid: p.id, facilityType: 'school', name: '临江实验学校', distanceM: 1200 });
      await ok('/api/tLandzbpt/addOrUpdate', { dkid: p.id, facilityType: 'bus', name: '智造大道公交站', distanceM: 300 });
      const byParcel = await ok('/api/tLandzbpt/getByDkId', { dkid: p.id }, true);
      expect(byParcel.map((f: Row) => f.name)).toEqual(['智造大道公交站', '临江实验学校']);
      expect((await ok('/api/tLandzbpt/selectByObj', { dkid: p.id, facilityType: 'school' })).map((f: Row) => f.name)).toEqual(['临江实验学校']);
    });

    it('/api/tDkys: standard calls', async () => {
      const p = await w.createParcel();
      const a = await ok('/api/tDkys/addOrUpdate', { dkid: p.id, title: '七通一平', content: '配套到红线', displayorder: 1 });
      expect((await ok('/api/tDkys/selectByPage', { params: [{ column: 'dkid', type: 'eq', val: p.id }] })).list.map((r: Row) => r.id)).toEqual([a.id]);
    });

    describe('trade state follows the transaction records', () => {
      it('listed while a listing runs, dealt after a deal, back when the records go', async () => {
        const p = await w.createParcel({ dkbh: 'JY-001' });
        await publish(p.id as string);
        // Linked by the 宗地编号 alone, as records from the transaction system are.
        const listing = await ok('/api/tLandJyst/addOrUpdate', { parcelCode: 'JY-001', transactionType: 'listing', status: 'listing', startingPrice: 1440 });
        expect(listing.dkid).toBe(p.id);
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).tradeState).toBe('listed');
        await ok('/api/tLandJyst/addOrUpdate', { id: listing.id, status: 'dealt', dealPrice: 1500, dealDate: '2025-05-01', winner: '浙江某科技有限公司' });
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).tradeState).toBe('deal');
        // A parcel with transaction records is not deleted with them.
        await ok('/api/tLandinfo/transition', { ids: [p.id], action: 'takeDown', comment: '已出让' });
        await ok('/api/tLandinfo/transition', { ids: [p.id], action: 'withdraw' });
        const del = await call('/api/tLandinfo/deleteById', { id: p.id }, true);
        expect(del.body.code).toBe(ERROR_CODES.CONFLICT);
        expect(del.body.msg).toBe('该地块已有土地交易记录（1条），不能删除');
        await ok('/api/tLandJyst/deleteById', { id: listing.id }, true);
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).tradeState).toBe('none');
      });
    });

    describe('batch calls of other entities', () => {
      it('tGyjsyd batchAddOrUpdate and updateGyjsydBatchById', async () => {
        const saved = await ok('/api/tGyjsyd/batchAddOrUpdate', { planYear: 2025, gdfx: 'industrial', list: [{ parcelName: '计划一', planArea: 6667 }, { parcelName: '计划二', planAreaMu: 30 }] });
        expect(saved.list.map((r: Row) => [r.planYear, r.planAreaMu, r.planArea])).toEqual([[2025, 10, 6667], [2025, 30, 20000]]);
        const ids = saved.list.map((r: Row) => r.id);
        const updated = await ok('/api/tGyjsyd/updateGyjsydBatchById', { ids: JSON.stringify(ids), status: 'supplied' }, true);
        expect(updated.list.map((r: Row) => r.status)).toEqual(['supplied', 'supplied']);
        const mixed = await ok('/api/tGyjsyd/batchAddOrUpdate', { list: [{ id: ids[0], parcelName: '计划一（调整）' }, { planYear: 2026, gdfx: 'storage', parcelName: '计划三' }] });
        expect(mixed.list.map((r: Row) => r.parcelName)).toEqual(['计划一（调整）', '计划三']);
        expect(mixed.list[0].id).toBe(ids[0]);
      });

      it('tMessageuser batchAddMessage sends one message to several users', async () => {
        const res = await ok('/api/tMessageuser/batchAddMessage', { title: '出让公告提醒', type: 'landNotice', content: '新地块挂牌', list: [{ userId: 'u1' }, { userId: 'u2' }] });
        expect(res.list.map((m: Row) => [m.userId, m.title, m.isRead])).toEqual([['u1', '出让公告提醒', 0], ['u2', '出让公告提醒', 0]]);
        const empty = await call('/api/tMessageuser/batchAddMessage', { title: '空', type: 'system', list: [] });
        expect(empty.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '记录列表为空' });
      });

      it('tPipenetwork addOrUpdatePipenetworkList', async () => {
        const p = await w.createParcel();
        const res = await ok('/api/tPipenetwork/addOrUpdatePipenetworkList', { dkid: p.id, list: [{ name: '给水管', type: 'water', diameter: 300 }, { name: '燃气管', type: 'gas' }] });
        expect(res.total).toBe(2);
        expect((await ok('/api/tPipenetwork/selectPipeNetworkByDkId', { dkid: p.id })).map((r: Row) => r.name).sort()).toEqual(['燃气管', '给水管']);
      });

      it('tLandJyst addListTLandJyst and batchAddOrUpdate', async () => {
        const p = await w.createParcel({ dkbh: 'JY-100' });
        const added = await ok('/api/tLandJyst/addListTLandJyst', { list: [{ parcelCode: 'JY-100', transactionType: 'listing', status: 'failed' }, { parcelCode: 'JY-100', transactionType: 'listing', status: 'listing' }] });
        expect(added.list.every((r: Row) => r.dkid === p.id)).toBe(true);
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).tradeState).toBe('listed');
        const upd = await ok('/api/tLandJyst/batchAddOrUpdate', { list: [{ id: added.list[1].id, status: 'dealt', dealPrice: 900, dealDate: '2025-06-01', winner: '临江某制造有限公司' }] });
        expect(upd.list[0]).toMatchObject({ status: 'dealt', dealPrice: 900 });
        expect((await ok('/api/tLandinfo/selectById', { id: p.id })).tradeState).toBe('deal');
        const bad = await call('/api/tLandJyst/batchAddOrUpdate', { list: 'not a list' });
        expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
      });
    });
  });
}
