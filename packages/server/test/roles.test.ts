import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { createTestApp, markPasswordChanged, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`read-only staff [${dialect}]`, () => {
    let t: TestApp;
    let readonly: string;
    let editor: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      const admin = await t.login();
      for (const [userAccount, role] of [['lookonly', 'readonly'], ['writer01', 'editor']]) {
        await t.call('/api/tUser/addUser', { userAccount, userName: '角色测试', password: 'Role@2024x', role }, { token: admin });
        await markPasswordChanged(t, userAccount);
      }
      readonly = await t.login('lookonly', 'Role@2024x');
      editor = await t.login('writer01', 'Role@2024x');
    });
    afterAll(async () => t?.close());

    const district = { areaname: '角色片区', areacode: 'JS01', status: '1' };

    it('may read but every kind of write call is refused and writes nothing', async () => {
      expect((await t.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 }, { token: readonly })).body.code).toBe('200');
      for (const [url, body] of [
        ['/api/tArea/addOrUpdate', district],
        ['/api/tArea/addArea', district],
        ['/api/tArea/batchDeleteArea', { ids: 'x' }],
        ['/api/tArea/deleteById', { id: 'x' }],
      ] as const) {
        const res = await t.call(url, body, { token: readonly });
        expect({ url, status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ url, status: 403, code: ERROR_CODES.FORBIDDEN, msg: '只读用户不能修改数据' });
      }
      const page = await t.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10, params: [{ column: 'areacode', type: 'eq', val: 'JS01' }] }, { token: readonly });
      expect(page.body.data.total).toBe(0);
    });

    it('an editor may write', async () => {
      const res = await t.call('/api/tArea/addOrUpdate', district, { token: editor });
      expect(res.body.code).toBe('200');
    });
  });
}
