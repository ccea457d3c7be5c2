import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { ensureAdmin } from '../src/services/users';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, createTestDb, dialectAvailable } from './helpers/db';

const REFUSED = { code: ERROR_CODES.FORBIDDEN, msg: '请先修改密码后再使用系统', data: { mustChangePassword: true } };

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`must change password, enforced by the server [${dialect}]`, () => {
    let t: TestApp;
    let admin: string;
    const district = { areaname: '改密前片区', areacode: 'GM01', status: '1' };
    const districts = async () =>
      (await t.db.db.selectFrom('t_area' as never).select('id' as never).where('areacode' as never, '=', district.areacode as never).execute()).length;

    /** Every kind of call but the session ones: a read, a write, an admin call and a staff call under /openApi. */
    const refusedCalls = async (token: string) => {
      const answers = [
        await t.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 }, { token }),
        await t.call('/api/tArea/addOrUpdate', district, { token }),
        await t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 10 }, { token }),
        await t.call('/api/statistics/overview', {}, { token }),
        await t.call('/openApi/ExcelMainDispose/readWriterExcel', { template: 1 }, { token }),
      ];
      return answers.map((res) => ({ status: res.status, code: res.body.code, msg: res.body.msg, data: res.body.data }));
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = await t.login();
    });
    afterAll(async () => t?.close());

    it('the built-in admin is created with a password that must be changed', async () => {
      const fresh = await createTestDb(dialect);
      try {
        await ensureAdmin(fresh.db, ADMIN_PASSWORD);
        const row = await fresh.db.selectFrom('t_user').select('mustChangePassword').where('userAccount', '=', 'admin').executeTakeFirstOrThrow();
        expect(Number(row.mustChangePassword)).toBe(1);
      } finally {
        await fresh.dispose();
      }
    });

    it('a user an admin created gets only the own profile, the password change and logout until the password is changed', async () => {
      const add = await t.call('/api/tUser/addUser', { userAccount: 'newstaff1', userName: '新同事', password: 'First@2024a', role: 'editor' }, { token: admin });
      expect(add.body.code).toBe('200');
      const login = await t.call('/openApi/login', { userAccount: 'newstaff1', password: 'First@2024a' });
      expect(login.body.data.mustChangePassword).toBe(true);
      const token = login.body.data.token as string;

      for (const answer of await refusedCalls(token)) expect(answer).toEqual({ status: 403, ...REFUSED });
      expect(await districts()).toBe(0);

      const me = await t.call('/api/currentUser', {}, { token });
      expect(me.body.data).toMatchObject({ userAccount: 'newstaff1', mustChangePassword: 1 });
      const other = await t.login('newstaff1', 'First@2024a');
      expect((await t.call('/api/logout', {}, { token: other })).body.code).toBe('200');

      const changed = await t.call('/api/tUser/updatePassword', { oldPassword: 'First@2024a', newPassword: 'Second@2024b' }, { token });
      expect(changed.body.code).toBe('200');
      expect((await t.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 }, { token })).body.code).toBe('200');
      expect((await t.call('/api/tArea/addOrUpdate', district, { token })).body.code).toBe('200');
      expect(await districts()).toBe(1);
    });

    it('the initial admin is held the same way, and so is a user whose password an admin reset', async () => {
      await t.db.db.updateTable('t_user').set({ mustChangePassword: 1 }).where('userAccount', '=', 'admin').execute();
      const first = await t.login();
      for (const answer of await refusedCalls(first)) expect(answer).toEqual({ status: 403, ...REFUSED });
      // Sessions opened before the flag was set are held too: the server reads it on every call.
      expect((await t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 10 }, { token: admin })).body).toMatchObject(REFUSED);
      const changed = await t.call('/api/tUser/updatePassword', { oldPassword: ADMIN_PASSWORD, newPassword: 'Admin@67890' }, { token: first });
      expect(changed.body.code).toBe('200');
      const users = await t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 10 }, { token: first });
      expect(users.body.code).toBe('200');

      const target = (users.body.data.list as { id: string; userAccount: string }[]).find((u) => u.userAccount === 'newstaff1')!;
      expect((await t.call('/api/tUser/updatePassword', { id: target.id, newPassword: 'Reset@2024c' }, { token: first })).body.code).toBe('200');
      const reset = await t.login('newstaff1', 'Reset@2024c');
      expect(await refusedCalls(reset)).toEqual(Array(5).fill({ status: 403, ...REFUSED }));
    });
  });
}
