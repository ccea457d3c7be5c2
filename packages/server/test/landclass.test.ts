import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { buildZoneLayout } from '../src/seeds/layout';
import { seedReference } from '../src/seeds/reference';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

/** The 24 first-level classes of the 2023 用地用海分类指南, in code order. */
const FIRST_LEVEL = [
  '耕地', '园地', '林地', '草地', '湿地', '农业设施建设用地', '居住用地', '公共管理与公共服务用地',
  '商业服务业用地', '工矿用地', '仓储用地', '交通运输用地', '公用设施用地', '绿地与开敞空间用地',
  '特殊用地', '留白用地', '陆地水域', '渔业用海', '工矿通信用海', '交通运输用海', '游憩用海', '特殊用海',
  '其他土地', '其他海域',
];

interface TreeNode {
  id: string;
  code: string;
  name: string;
  level: number;
  aliases: string | null;
  children: TreeNode[];
}

/** The area dropdown query of SPEC §7. */
const DROPDOWN = {
  pageNo: 0,
  pageSize: 0,
  params: [
    { column: 'status', type: 'eq', val: '1' },
    { column: 'displayorder', type: 'orderAsc' },
  ],
};

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`land classes and districts [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    const call = (url: string, body: Record<string, unknown> = {}, form = false) => t.call(url, body, { token, form });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
      await t.db.db.transaction().execute((trx) => seedReference(trx as unknown as AnyDb, null, buildZoneLayout()));
    });
    afterAll(async () => t?.close());

    it('selectDLTreeList returns the 24 first-level classes, 1001 under 10 and 100101 under 1001', async () => {
      const res = await call('/api/tDl/selectDLTreeList');
      expect(res.body.code).toBe('200');
      const roots = res.body.data as TreeNode[];
      expect(roots.map((r) => r.code)).toEqual(FIRST_LEVEL.map((_, i) => String(i + 1).padStart(2, '0')));
      expect(roots.map((r) => r.name)).toEqual(FIRST_LEVEL);
      expect(roots.every((r) => r.level === 1)).toBe(true);

      const mining = roots.find((r) => r.code === '10')!;
      const industrial = mining.children.find((c) => c.code === '1001')!;
      expect(industrial).toMatchObject({ name: '工业用地', level: 2 });
      expect(industrial.children.map((c) => [c.code, c.name, c.level])).toEqual([
        ['100101', '一类工业用地', 3],
        ['100102', '二类工业用地', 3],
        ['100103', '三类工业用地', 3],
      ]);
      for (const code of ['07', '08', '09', '10', '11', '12', '13', '14']) {
        expect(roots.find((r) => r.code === code)!.children.length, code).toBeGreaterThan(1);
      }
    });

    it('maps older codes onto the tree, each alias on one class only', async () => {
      const res = await call('/api/tDl/selectByPage', { pageNo: 0, pageSize: 0 });
      const rows = res.body.data.list as TreeNode[];
      const owner = new Map<string, string[]>();
      for (const r of rows) {
        for (const alias of (r.aliases ?? '').split(',').filter(Boolean)) owner.set(alias, [...(owner.get(alias) ?? []), r.code]);
      }
      expect([...owner].filter(([, codes]) => codes.length > 1)).toEqual([]);
      const expected: Record<string, string> = {
        '0601': '1001', '0604': '1101', '05': '09', '07': '07',
        M1: '100101', M2: '100102', M3: '100103', W: '11', R: '07', B: '09', A: '08', S: '12', U: '13', G: '14',
      };
      expect(Object.fromEntries(Object.keys(expected).map((a) => [a, owner.get(a)?.[0]]))).toEqual(expected);
    });

    it('places a new class by its parent and refuses what would break the tree', async () => {
      const added = await call('/api/tDl/addOrUpdateDl', { code: '10010101', name: '园区配套工业用地', parentCode: '100101', scheme: '2023' });
      expect(added.body.code).toBe('200');
      expect(added.body.data.level).toBe(4);

      const orphan = await call('/api/tDl/addOrUpdateDl', { code: '9901', name: '无上级地类', parentCode: '99', scheme: '2023' });
      expect(orphan.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '上级地类“99”不存在' });

      const tree = (await call('/api/tDl/selectByObj', { code: '1001' })).body.data as TreeNode[];
      const moved = await call('/api/tDl/addOrUpdateDl', { id: tree[0].id, parentCode: '11' });
      expect(moved.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '该地类下有下级地类，不能修改地类代码或上级地类' });

      const removed = await call('/api/tDl/batchDeleteDl', { ids: [tree[0].id] });
      expect(removed.body.code).toBe(ERROR_CODES.CONFLICT);
      expect((await call('/api/tDl/selectByObj', { parentCode: '1001' })).body.data).toHaveLength(3);

      const leaf = (await call('/api/tDl/selectByObj', { code: '10010101' })).body.data as TreeNode[];
      expect((await call('/api/tDl/batchDeleteDl', { ids: [leaf[0].id] })).body.data).toEqual({ deleted: 1 });
    });

    it('the area dropdown query returns only enabled districts, in displayorder', async () => {
      for (const form of [false, true]) {
        const res = await call('/api/tArea/selectByPage', DROPDOWN, form);
        expect(res.body.code).toBe('200');
        const list = res.body.data.list as { areaname: string; areacode: string; status: string; displayorder: number }[];
        expect(list.map((a) => a.areaname)).toEqual(['滨江智造园', '临港物流园', '科创走廊', '生物医药港', '综合保税区']);
        expect(list.every((a) => a.status === '1')).toBe(true);
        expect(list.map((a) => a.displayorder)).toEqual([1, 2, 3, 4, 5]);
      }
      const all = await call('/api/tArea/selectByPage', { pageNo: 0, pageSize: 0 });
      expect(all.body.data.list.map((a: { areaname: string }) => a.areaname)).toContain('高铁新城');
    });

    it('a district, street or land class that records still name is not deleted (nothing changes); once they are moved, it is', async () => {
      const district = (await call('/api/tArea/addArea', { areaname: '删除测试片区', areacode: 'DELT01', status: '1' })).body;
      expect(district.code, district.msg).toBe('200');
      const street = (await call('/api/tJd/addOrUpdate', { jdname: '删除测试街道', areacode: 'DELT01' })).body;
      expect(street.code, street.msg).toBe('200');
      const cls = (await call('/api/tDl/addOrUpdateDl', { code: '10010199', name: '删除测试地类', parentCode: '100101' })).body;
      expect(cls.code, cls.msg).toBe('200');
      const parcel = (await call('/api/tLandinfo/addOrUpdate', { dkbh: 'DEL-T-1', dkmc: '删除测试地块', areacode: 'DELT01', jdcode: street.data.id, dlcode: '10010199', landArea: 10000 })).body;
      expect(parcel.code, parcel.msg).toBe('200');
      const areaId = district.data.id as string;

      const refused = [
        [await call('/api/tArea/batchDeleteArea', { ids: [areaId] }), '该片区已有街道（1条）、地块（1条），不能删除'],
        [await call('/api/tArea/deleteById', { id: areaId }, true), '该片区已有街道（1条）、地块（1条），不能删除'],
        [await call('/api/tJd/batchDelete', { ids: [street.data.id] }), '该街道已有地块（1条），不能删除'],
        [await call('/api/tDl/batchDeleteDl', { ids: [cls.data.id] }), '该地类已有地块（1条），不能删除'],
      ] as const;
      for (const [res, msg] of refused) expect({ code: res.body.code, msg: res.body.msg }).toEqual({ code: ERROR_CODES.CONFLICT, msg });
      expect((await call('/api/tArea/selectByObj', { areacode: 'DELT01' })).body.data).toHaveLength(1);
      expect((await call('/api/tJd/selectByPage', { pageNo: 1, pageSize: 10, params: [{ column: 'areacode', type: 'eq', val: 'DELT01' }] })).body.data.total).toBe(1);
      expect((await call('/api/tDl/selectByObj', { code: '10010199' })).body.data).toHaveLength(1);

      // The parcel moved to another district, street and class: the street, then the district and the class go.
      const moved = await call('/api/tLandinfo/addOrUpdate', { id: parcel.data.id, version: parcel.data.version, areacode: 'LJ01', jdcode: null, dlcode: '100101' });
      expect(moved.body.code, moved.body.msg).toBe('200');
      expect((await call('/api/tArea/batchDeleteArea', { ids: [areaId] })).body.msg).toBe('该片区已有街道（1条），不能删除');
      expect((await call('/api/tJd/batchDelete', { ids: [street.data.id] })).body.data).toEqual({ deleted: 1 });
      expect((await call('/api/tArea/batchDeleteArea', { ids: [areaId] })).body.data).toEqual({ deleted: 1 });
      expect((await call('/api/tDl/batchDeleteDl', { ids: [cls.data.id] })).body.data).toEqual({ deleted: 1 });
    });
  });
}
