import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { entityByName } from '@land/shared/entities/index';
import { purgeRecycleBin } from '../src/services/recycleBin';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** Supporting records of a parcel, by the call that lists them for the parcel's form. */
const SUPPORTING: [string, string, Row][] = [
  ['tDistance', '/api/tDistance/addOrUpdate', { placeName: '机场', placeType: 'airport', distanceKm: 30 }],
  ['tLandzbpt', '/api/tLandzbpt/addOrUpdate', { name: '学校', facilityType: 'school', distanceM: 800 }],
  ['tPipenetwork', '/api/tPipenetwork/addOrUpdate', { name: '给水管', type: 'water' }],
  ['tLandmatching', '/api/tLandmatching/addOrUpdate', { water: 'ready', levelled: 'ready' }],
  ['tDkzssc', '/api/tDkzssc/addOrUpdate', { title: '招商手册' }],
  ['tDkxq', '/api/tDkxq/addPrice', { priceType: 'starting', price: 900, unit: 'wan' }],
  ['tYdzb', '/api/tYdzb/addOrUpdate', { indicator: 'plotRatio', comparator: 'ge', value: 1.2 }],
  ['tDkys', '/api/tDkys/addOrUpdate', { title: '优势' }],
];

/** The recycle bin (issue 10, item 2): deletes reversible for 30 days, invisible meanwhile. */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`recycle bin [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const ok: ParcelWorld['ok'] = (...args) => w.ok(...args);
    const binEntry = async (recordId: unknown) =>
      ((await ok('/api/recycleBin/selectByPage', { pageNo: 1, pageSize: 100 })).list as Row[]).find((e) => e.recordId === recordId);
    const supportingCounts = async (dkid: unknown) => {
      const out: Record<string, number> = {};
      for (const [entity] of SUPPORTING) {
        const page = entityByName(entity)!.calls.page![0];
        out[entity] = (await ok(`/api/${entity}/${page}`, { pageNo: 1, pageSize: 50, params: [{ column: 'dkid', type: 'eq', val: dkid }] })).total;
      }
      return out;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('a deleted parcel leaves every list with its supporting records and comes back whole', async () => {
      const parcel = await w.createParcel({ dkmc: '回收站地块', contact: '王工' });
      const dkid = parcel.id;
      for (const [, url, body] of SUPPORTING) await ok(url, { dkid, ...body });
      await ok('/api/tLandinfo/addListTphotoSphereMarkers', { dkid, list: [{ title: '标注', yaw: 10, pitch: 5 }] });
      const stored = await ok('/api/tLandinfo/selectById', { id: dkid });
      const counts = await supportingCounts(dkid);
      expect(Object.values(counts).every((n) => n === 1)).toBe(true);
      const totalBefore = (await ok('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10 })).total;

      expect((await w.call('/api/tLandinfo/deleteById', { id: dkid }, { form: true })).body.code).toBe('200');

      expect((await ok('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10 })).total).toBe(totalBefore - 1);
      expect(await ok('/api/tLandinfo/selectByObj', { dkmc: '回收站地块' })).toEqual([]);
      expect(await ok('/api/tLandinfo/selectDkByName', { dkmc: '回收站' })).toEqual([]);
      expect((await w.call('/api/tLandinfo/selectById', { id: dkid })).body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect(Object.values(await supportingCounts(dkid)).every((n) => n === 0)).toBe(true);
      expect(await ok('/api/tLandinfo/selectListTphotoSphereMarker', { dkid })).toEqual([]);

      const entry = (await binEntry(dkid))!;
      expect(entry).toMatchObject({ entity: 'tLandinfo', entityLabel: '地块', name: '回收站地块', deletedByName: '系统管理员', daysLeft: 30 });
      expect(entry.rowCount).toBe(1 + SUPPORTING.length + 1);

      const restored = await ok('/api/recycleBin/restore', { id: entry.id }, w.tokens.editor);
      expect(restored).toMatchObject({ entity: 'tLandinfo', recordId: dkid, restored: entry.rowCount });
      expect(await ok('/api/tLandinfo/selectById', { id: dkid })).toEqual(stored);
      expect(await supportingCounts(dkid)).toEqual(counts);
      expect(await ok('/api/tLandinfo/selectListTphotoSphereMarker', { dkid })).toHaveLength(1);
      expect((await ok('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10 })).total).toBe(totalBefore);
      expect(await binEntry(dkid)).toBeUndefined();
      // Restored as it was: the version goes on from there, so a later save is not refused.
      expect((await w.call('/api/tLandinfo/addOrUpdate', { id: dkid, version: stored.version, contact: '李工' })).body.code).toBe('200');
    });

    it('a deleted published notice is gone from the public calls until restored', async () => {
      const notice = await ok('/api/tTzgg/addOrUpdate', { title: '回收站公告', type: 'transfer', status: '1', publishDate: '2024-05-01', content: '<p>正文</p>' });
      const publicList = async () => JSON.stringify((await t.call('/openApi/getTzggList', { pageNo: 1, pageSize: 50 })).body.data);
      expect(await publicList()).toContain('回收站公告');
      expect((await t.call('/openApi/getTzggById', { id: notice.id })).body.code).toBe('200');

      await ok('/api/tTzgg/batchDelete', { ids: [notice.id] });
      expect(await publicList()).not.toContain('回收站公告');
      expect((await t.call('/openApi/getTzggById', { id: notice.id })).body.code).toBe(ERROR_CODES.NOT_FOUND);
      const found = async () => {
        const res = await t.call('/openApi/search', { keyword: '回收站公告' });
        expect(res.body.code).toBe('200');
        return JSON.stringify(res.body.data);
      };
      expect(await found()).not.toContain(notice.id as string);

      await ok('/api/recycleBin/restore', { id: (await binEntry(notice.id))!.id });
      expect(await publicList()).toContain('回收站公告');
      expect(await found()).toContain(notice.id as string);
    });

    it('a restore that would clash with a record added since is refused and restores nothing', async () => {
      const parcel = await w.createParcel({ dkbh: 'RB-CLASH' });
      await w.call('/api/tLandinfo/deleteById', { id: parcel.id });
      await w.createParcel({ dkbh: 'RB-CLASH' });
      const entry = (await binEntry(parcel.id))!;
      const res = await w.call('/api/recycleBin/restore', { id: entry.id });
      expect(res.body.code).toBe(ERROR_CODES.CONFLICT);
      expect(res.body.msg).toContain('RB-CLASH');
      expect((await w.call('/api/tLandinfo/selectById', { id: parcel.id })).body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect(await binEntry(parcel.id)).toBeDefined();
    });

    it('only administrators delete for good; read-only staff cannot restore', async () => {
      const parcel = await w.createParcel();
      await w.call('/api/tLandinfo/deleteById', { id: parcel.id });
      const entry = (await binEntry(parcel.id))!;
      expect((await w.call('/api/recycleBin/restore', { id: entry.id }, { token: w.tokens.readonly })).body.code).toBe(ERROR_CODES.FORBIDDEN);
      expect((await w.call('/api/recycleBin/delete', { id: entry.id }, { token: w.tokens.editor })).body.code).toBe(ERROR_CODES.FORBIDDEN);
      await ok('/api/recycleBin/delete', { id: entry.id });
      expect(await binEntry(parcel.id)).toBeUndefined();
      expect((await w.call('/api/recycleBin/restore', { id: entry.id })).body.code).toBe(ERROR_CODES.NOT_FOUND);
    });

    it('the purge removes what was deleted more than 30 days ago, and only that', async () => {
      const [old, recent] = [await w.createParcel(), await w.createParcel()];
      await ok('/api/tLandinfo/batchDelete', { ids: [old.id, recent.id] });
      const day = 86_400_000;
      await t.db.db.updateTable('t_recycle_bin').set({ deletedAt: new Date(Date.now() - 31 * day).toISOString() }).where('recordId', '=', old.id as string).execute();
      await t.db.db.updateTable('t_recycle_bin').set({ deletedAt: new Date(Date.now() - 29 * day).toISOString() }).where('recordId', '=', recent.id as string).execute();
      expect((await binEntry(recent.id))!.daysLeft).toBe(1);
      expect(await purgeRecycleBin(t.db.db)).toBe(1);
      expect(await binEntry(old.id)).toBeUndefined();
      expect(await binEntry(recent.id)).toBeDefined();
    });
  });
}
