/**
 * The names and the land-class tree the public search shows come from memory, yet a change is
 * seen: at once when it is made through this process, and through the version row (raised by
 * triggers, read at most once a second) when another process or a bulk load makes it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyDb } from '../src/entities/repository';
import { publicTotals } from '../src/services/publicLand';
import { invalidateReferenceData, referenceData } from '../src/services/referenceCache';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

const PUBLISH = ['submit', 'passFirst', 'publish'];

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`names and land classes of the public search from memory [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let parcel: Record<string, unknown>;
    const db = () => t.db.db as unknown as AnyDb;
    const search = async (query: Record<string, string> = {}) => {
      const res = await t.call('/openApi/selectLandInfoListPage', { pageNo: '1', pageSize: '10', ...query }, { method: 'GET' });
      expect(res.body.code).toBe('200');
      return res.body.data.list as Record<string, unknown>[];
    };
    const version = async () => Number((await db().selectFrom('t_cache_version').select('version').where('name', '=', 'references').executeTakeFirstOrThrow()).version);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      parcel = await w.createParcel({ dkmc: '缓存测试地块' });
      for (const action of PUBLISH) expect((await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action })).body.code).toBe('200');
    });
    afterAll(async () => t?.close());

    it('a district renamed in the back office has its new name in the next public answer', async () => {
      expect((await search())[0]).toMatchObject({ id: parcel.id, areaname: '测试片区', dlname: '一类工业用地' });
      const area = (await db().selectFrom('t_area').select(['id', 'version']).where('areacode', '=', 'T01').executeTakeFirstOrThrow()) as { id: string; version: number };
      const res = await w.call('/api/tArea/addOrUpdate', { id: area.id, areaname: '改名片区', areacode: 'T01', status: '1', version: area.version });
      expect(res.body.code).toBe('200');
      expect((await search())[0]).toMatchObject({ id: parcel.id, areaname: '改名片区' });
    });

    it('a change written by another process raises the version row and is seen once it is checked', async () => {
      await search();
      const before = await version();
      // As another server process or a bulk load would: straight into the table.
      await db().updateTable('t_dl').set({ name: '新型工业用地' }).where('code', '=', '100101').execute();
      expect(await version()).toBeGreaterThan(before);
      // Checked at most once a second; a write through this process checks at once.
      invalidateReferenceData();
      expect((await search())[0]).toMatchObject({ id: parcel.id, dlname: '新型工业用地' });
      expect((await referenceData(db())).names.dl.get('100101')).toBe('新型工业用地');
    });

    it('another process\'s change is seen within a second without anything telling this process', async () => {
      const t0 = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(t0);
        invalidateReferenceData();
        vi.setSystemTime(t0 + 10);
        // Checked now (after the invalidation): the name as it is.
        expect((await search())[0]).toMatchObject({ id: parcel.id, dlname: '新型工业用地' });
        await db().updateTable('t_dl').set({ name: '一秒后可见用地' }).where('code', '=', '100101').execute();
        // Within the second the version row is not read again: still the old name.
        vi.setSystemTime(t0 + 600);
        expect((await search())[0]).toMatchObject({ id: parcel.id, dlname: '新型工业用地' });
        // Past the second: the version is checked, has moved, and the names are read again.
        vi.setSystemTime(t0 + 1200);
        expect((await search())[0]).toMatchObject({ id: parcel.id, dlname: '一秒后可见用地' });
      } finally {
        vi.useRealTimers();
      }
      // The cache was checked "in the future" of the real clock: let the real one get there.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + 1300 - Date.now())));
      await db().updateTable('t_dl').set({ name: '新型工业用地' }).where('code', '=', '100101').execute();
      invalidateReferenceData();
    });

    it('a new sub-class is found under its parent class', async () => {
      // Both searches are asked before and after: their compiled statements are kept per
      // reference data, so the same input must be compiled again with the new tree.
      expect((await search({ dlcode: '11' })).map((p) => p.id)).not.toContain(parcel.id);
      expect((await search({ dlcode: '10' })).map((p) => p.id)).toContain(parcel.id);
      // 100101 moves under 11 (仓储用地): a search for 11 now finds the parcel.
      await db().updateTable('t_dl').set({ parentCode: '1101' }).where('code', '=', '100101').execute();
      invalidateReferenceData();
      expect((await search({ dlcode: '11' })).map((p) => p.id)).toContain(parcel.id);
      expect((await search({ dlcode: '10' })).map((p) => p.id)).not.toContain(parcel.id);
    });

    it('a search asked again finds a parcel published since: its statements are kept, not its answers', async () => {
      const query = { dlcode: '11', orderBy: 'landAreaMu', order: 'desc' };
      const before = (await search(query)).map((p) => p.id);
      const other = await w.createParcel({ dkmc: '缓存后发布地块', dlcode: '100101', landArea: 9_999_999 });
      for (const action of PUBLISH) expect((await w.call('/api/tLandinfo/transition', { ids: [other.id], action })).body.code).toBe('200');
      const after = (await search(query)).map((p) => p.id);
      expect(before).not.toContain(other.id);
      expect(after[0]).toBe(other.id);
    });

    it('while the version is unchanged the names are not read again', async () => {
      const cached = await referenceData(db());
      invalidateReferenceData();
      expect(await referenceData(db())).toBe(cached);
      await db().updateTable('t_area').set({ areaname: '再改名片区' }).where('areacode', '=', 'T01').execute();
      invalidateReferenceData();
      const fresh = await referenceData(db());
      expect(fresh).not.toBe(cached);
      expect(fresh.names.area.get('T01')).toBe('再改名片区');
    });

    it('the public figures are counted once and counted again when a parcel or a district changes, by any process', async () => {
      const totals = async () => {
        const res = await t.call('/openApi/selectLandInfoTotals', {});
        expect(res.body.code).toBe('200');
        return res.body.data as { count: number; landAreaMu: number };
      };
      const districts = async () => {
        const res = await t.call('/openApi/getTAreaByPageList', { pageNo: 1, pageSize: 10 });
        expect(res.body.code).toBe('200');
        return new Map((res.body.data.list as { areacode: string; statistics: { count: number } }[]).map((a) => [a.areacode, a.statistics.count]));
      };
      const first = await totals();
      expect(first.count).toBeGreaterThan(0);
      // Unchanged data: the same figures object, not counted again.
      invalidateReferenceData();
      expect(await publicTotals(db())).toBe(await publicTotals(db()));

      // Another process takes the parcel down, straight in the table: counted again once checked.
      await db().updateTable('t_landinfo').set({ status: 'takenDown' }).where('id', '=', parcel.id).execute();
      invalidateReferenceData();
      expect((await totals()).count).toBe(first.count - 1);
      expect((await districts()).get('T01')).toBe(first.count - 1);
      await db().updateTable('t_landinfo').set({ status: 'published' }).where('id', '=', parcel.id).execute();
      invalidateReferenceData();
      expect((await totals()).count).toBe(first.count);

      // A district disabled elsewhere hides its parcels from the figures as from every public answer.
      await db().updateTable('t_area').set({ status: '0' }).where('areacode', '=', 'T01').execute();
      invalidateReferenceData();
      expect((await totals()).count).toBe(0);
      expect(await search()).toHaveLength(0);
      await db().updateTable('t_area').set({ status: '1' }).where('areacode', '=', 'T01').execute();
      invalidateReferenceData();
      expect((await totals()).count).toBe(first.count);
      expect((await districts()).get('T01')).toBe(first.count);
    });
  });
}
