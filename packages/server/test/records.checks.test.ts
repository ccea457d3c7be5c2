import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/**
 * The entities' two-field checks (RecordCheck): a listing that ends before it starts, a deal
 * without its price, date or winner, a planning range upside down are refused on every save
 * path with the field and the words the form shows, and nothing is stored. So is a division code
 * of the wrong length (the public divisions page could not place its parcel).
 */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`two-field checks [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const call = (url: string, body: Row = {}) => w.call(url, body);
    const count = async () => (await call('/api/tLandJyst/selectByPage', { pageNo: 1, pageSize: 1 })).body.data.total as number;
    const refused = (res: { body: unknown }, field: string, msg: string) => expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg, data: { field } });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('a listing whose end is before its start, or a deal without price, date or winner, is refused and not stored', async () => {
      await w.createParcel({ dkbh: 'CK-1' });
      const before = await count();
      const listing = { parcelCode: 'CK-1', transactionType: 'listing', status: 'listing' };
      refused(await call('/api/tLandJyst/addOrUpdate', { ...listing, listingStart: '2026-12-20', listingEnd: '2026-12-10' }), 'listingEnd', '挂牌截止日期不能早于挂牌起始日期');
      const deal = { ...listing, status: 'dealt', dealPrice: 900, dealDate: '2026-12-20', winner: '临江某制造有限公司' };
      refused(await call('/api/tLandJyst/addOrUpdate', { ...deal, dealPrice: null }), 'dealPrice', '交易状态为“已成交”时，请输入成交价');
      refused(await call('/api/tLandJyst/addOrUpdate', { ...deal, dealDate: '' }), 'dealDate', '交易状态为“已成交”时，请选择成交日期');
      refused(await call('/api/tLandJyst/addOrUpdate', { ...deal, winner: undefined }), 'winner', '交易状态为“已成交”时，请输入竞得人');
      // The batch calls are all or nothing: one such row refuses the list.
      const batch = await call('/api/tLandJyst/addListTLandJyst', { list: [listing, { ...deal, winner: '' }] });
      expect(batch.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '第2条：交易状态为“已成交”时，请输入竞得人（未保存任何记录）' });
      expect(await count()).toBe(before);

      // The same day is fine; so is a deal with all three.
      const saved = await call('/api/tLandJyst/addOrUpdate', { ...listing, listingStart: '2026-12-10', listingEnd: '2026-12-10' });
      expect(saved.body.code, saved.body.msg).toBe('200');
      expect((await call('/api/tLandJyst/addOrUpdate', deal)).body.code).toBe('200');
    });

    it('an update is checked on the record as it will be stored: the fields sent with those kept', async () => {
      await w.createParcel({ dkbh: 'CK-2' });
      const listing = (await call('/api/tLandJyst/addOrUpdate', { parcelCode: 'CK-2', transactionType: 'listing', status: 'listing', listingStart: '2026-12-01', listingEnd: '2026-12-15' })).body.data as Row;
      refused(await call('/api/tLandJyst/addOrUpdate', { id: listing.id, listingEnd: '2026-11-30' }), 'listingEnd', '挂牌截止日期不能早于挂牌起始日期');
      refused(await call('/api/tLandJyst/addOrUpdate', { id: listing.id, listingStart: '2026-12-16' }), 'listingEnd', '挂牌截止日期不能早于挂牌起始日期');
      refused(await call('/api/tLandJyst/addOrUpdate', { id: listing.id, status: 'dealt', dealPrice: 1200 }), 'dealDate', '交易状态为“已成交”时，请选择成交日期');
      const stored = (await call('/api/tLandJyst/selectById', { id: listing.id })).body.data as Row;
      expect([stored.status, stored.listingStart, stored.listingEnd, stored.dealPrice ?? null]).toEqual(['listing', '2026-12-01', '2026-12-15', null]);
      const dealt = await call('/api/tLandJyst/addOrUpdate', { id: listing.id, status: 'dealt', dealPrice: 1200, dealDate: '2026-12-15', winner: '临江某置业有限公司' });
      expect(dealt.body.code, dealt.body.msg).toBe('200');
      // A change of other fields is not held up by them.
      expect((await call('/api/tLandJyst/addOrUpdate', { id: listing.id, contractNo: 'HT-2026-01' })).body.code).toBe('200');
    });

    it("a parcel's planning range upside down (上限 below 下限) is refused under the 上限", async () => {
      refused(await call('/api/tLandinfo/addOrUpdate', w.parcel({ dkbh: 'CK-3', plotRatioMin: 5, plotRatioMax: 1 })), 'plotRatioMax', '容积率上限不能小于容积率下限');
      const p = await w.createParcel({ dkbh: 'CK-3', buildingDensityMin: 30, buildingDensityMax: 60 });
      refused(await call('/api/tLandinfo/addOrUpdate', { id: p.id, version: p.version, buildingDensityMin: 70 }), 'buildingDensityMax', '建筑密度上限不能小于建筑密度下限');
      const ok = await call('/api/tLandinfo/addOrUpdate', { id: p.id, version: p.version, greenRatioMin: 15, greenRatioMax: 15 });
      expect(ok.body.code, ok.body.msg).toBe('200');
    });

    it('a value another record already has (宗地编号, 街道名称) is refused naming its field, so that the form marks it', async () => {
      await w.createParcel({ dkbh: 'CK-U-1' });
      const dup = await call('/api/tLandinfo/addOrUpdate', w.parcel({ dkbh: 'CK-U-1' }));
      expect(dup.body).toMatchObject({ code: ERROR_CODES.CONFLICT, msg: '宗地编号“CK-U-1”已存在', data: { field: 'dkbh' } });
      expect((await call('/api/tJd/addOrUpdate', { jdname: '唯一测试街道', areacode: 'T01' })).body.code).toBe('200');
      expect((await call('/api/tJd/addOrUpdate', { jdname: '唯一测试街道', areacode: 'T01' })).body).toMatchObject({ code: ERROR_CODES.CONFLICT, data: { field: 'jdname' } });
    });

    it('a division code that is not 6 or 9 digits (行政区代码, 行政区划代码) or a street code not 9 is refused under its field', async () => {
      const county = '请输入6位县级或9位乡镇级行政区划代码';
      for (const xzqdm of ['3301760', '33017600', '33017600101']) refused(await call('/api/tLandinfo/addOrUpdate', w.parcel({ dkbh: `CK-4-${xzqdm}`, xzqdm })), 'xzqdm', county);
      refused(await call('/api/tArea/addOrUpdate', { areaname: '代码测试片区', areacode: 'CKA1', cantoncode: '33017' }), 'cantoncode', county);
      refused(await call('/api/tJd/addOrUpdate', { jdname: '代码测试街道', areacode: 'T01', jdcode: '330176' }), 'jdcode', '请输入9位乡镇级行政区划代码');
      for (const xzqdm of ['330176', '330176001']) expect((await w.createParcel({ dkbh: `CK-4-${xzqdm}`, xzqdm })).xzqdm).toBe(xzqdm);
      expect((await call('/api/tJd/addOrUpdate', { jdname: '代码测试街道', areacode: 'T01', jdcode: '330176099' })).body.code).toBe('200');
    });
  });
}
