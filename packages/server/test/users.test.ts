import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { MESSAGES } from '@land/shared/validation';
import { createTestApp, markPasswordChanged, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`user management tUser [${dialect}]`, () => {
    let t: TestApp;
    let admin: string;
    const userCount = async () => Number((await t.db.db.selectFrom('t_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = await t.login();
    });
    afterAll(async () => t?.close());

    const valid = { userAccount: 'liming01', userName: '李明', password: 'Liming@2024', phone: '13812345678', email: 'liming@kfq.gov.cn', company: '开发区管委会', role: 'editor' };

    it('adds a user and never returns the password hash', async () => {
      const res = await t.call('/api/tUser/addUser', valid, { token: admin });
      expect(res.body.code).toBe('200');
      expect(res.body.data).toMatchObject({ userAccount: 'liming01', userName: '李明', status: '1', role: 'editor', mustChangePassword: 1 });
      expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
    });

    it('refuses a duplicate account with a conflict and writes nothing', async () => {
      const before = await userCount();
      const res = await t.call('/api/tUser/addUser', { ...valid, userName: '另一个李明' }, { token: admin });
      expect(res.body.code).toBe(ERROR_CODES.CONFLICT);
      expect(res.body.msg).toBe('账号 liming01 已存在');
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['userAccount', '1abc', MESSAGES.username],
      ['userAccount', 'abc', MESSAGES.username],
      ['password', 'password1', MESSAGES.password],
      ['phone', '12345678901', MESSAGES.phone],
      ['email', 'not-an-email', MESSAGES.email],
      ['userName', '   ', MESSAGES.blank],
      ['userName', '很'.repeat(31), MESSAGES.len60],
    ])('rejects bad %s %j with the SPEC message and writes nothing', async (field, value, message) => {
      const before = await userCount();
      const res = await t.call('/api/tUser/addUser', { ...valid, userAccount: 'newuser9', [field]: value }, { token: admin, form: true });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
      expect(res.body.msg).toBe(message);
      expect(res.body.data.field).toBe(field);
      expect(await userCount()).toBe(before);
    });

    it('finds a user by account, pages, filters and sorts', async () => {
      for (const [i, name] of ['甲', '乙', '丙'].entries()) {
        await t.call('/api/tUser/addUser', { userAccount: `pager${i}`, userName: `翻页${name}`, password: 'Pager@2024', status: i === 2 ? '0' : '1' }, { token: admin });
      }
      const found = await t.call('/api/tUser/selectByUserName', { userAccount: 'pager1' }, { token: admin });
      expect(found.body.data.userName).toBe('翻页乙');
      const missing = await t.call('/api/tUser/selectByUserName', { userAccount: 'nobody99' }, { token: admin });
      expect(missing.body).toMatchObject({ code: '200', data: null });

      const params = [{ column: 'userAccount', type: 'like', val: 'pager' }, { column: 'userAccount', type: 'orderAsc' }];
      const page1 = await t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 2, params }, { token: admin });
      expect(page1.body.data.total).toBe(3);
      expect(page1.body.data.list.map((u: { userAccount: string }) => u.userAccount)).toEqual(['pager0', 'pager1']);
      const page2 = await t.call('/api/tUser/selectByPage', { pageNo: '2', pageSize: '2', params: JSON.stringify(params) }, { token: admin, form: true });
      expect(page2.body.data.list.map((u: { userAccount: string }) => u.userAccount)).toEqual(['pager2']);
      const disabled = await t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 10, params: [{ column: 'status', type: 'eq', val: '0' }] }, { token: admin });
      expect(disabled.body.data.list.map((u: { userAccount: string }) => u.userAccount)).toEqual(['pager2']);
    });

    it('refuses a query on a column outside the allow-list (no hash probing)', async () => {
      const res = await t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 10, params: [{ column: 'passwordHash', type: 'like', val: 'argon' }] }, { token: admin });
      expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
      expect(res.body.msg).toBe('不支持按字段 passwordHash 查询');
    });

    it('updates a user and validates the update', async () => {
      const u = (await t.call('/api/tUser/selectByUserName', { userAccount: 'liming01' }, { token: admin })).body.data;
      const ok = await t.call('/api/tUser/updateUser', { id: u.id, userName: '李明明', phone: '0571-87654321', company: '招商局', role: 'reviewer' }, { token: admin });
      expect(ok.body.data).toMatchObject({ userName: '李明明', phone: '0571-87654321', company: '招商局', role: 'reviewer' });
      const bad = await t.call('/api/tUser/updateUser', { id: u.id, userName: '李明明', role: 'superuser' }, { token: admin });
      expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '角色不正确' });
      const gone = await t.call('/api/tUser/updateUser', { id: 'nope', userName: '某人' }, { token: admin });
      expect(gone.body.code).toBe(ERROR_CODES.NOT_FOUND);
    });

    it('an admin resets a password: the user must change it and old sessions end', async () => {
      const u = (await t.call('/api/tUser/selectByUserName', { userAccount: 'pager0' }, { token: admin })).body.data;
      const userToken = await t.login('pager0', 'Pager@2024');
      const res = await t.call('/api/tUser/updatePassword', { id: u.id, newPassword: 'Reset@2024' }, { token: admin });
      expect(res.body.code).toBe('200');
      expect((await t.call('/api/currentUser', {}, { token: userToken })).body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
      const login = await t.call('/openApi/login', { userAccount: 'pager0', password: 'Reset@2024' });
      expect(login.body.data.mustChangePassword).toBe(true);
    });

    it('non-admin staff cannot manage users', async () => {
      await markPasswordChanged(t, 'pager1');
      const token = await t.login('pager1', 'Pager@2024');
      const res = await t.call('/api/tUser/addUser', { ...valid, userAccount: 'sneaky01' }, { token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ERROR_CODES.FORBIDDEN);
      const other = (await t.call('/api/tUser/selectByUserName', { userAccount: 'pager0' }, { token })).body.data;
      const reset = await t.call('/api/tUser/updatePassword', { id: other.id, newPassword: 'Hack@2024x' }, { token });
      expect(reset.body.code).toBe(ERROR_CODES.FORBIDDEN);
    });

    it('batch delete is all or nothing', async () => {
      const ids = await Promise.all(
        ['pager1', 'pager2'].map(async (a) => (await t.call('/api/tUser/selectByUserName', { userAccount: a }, { token: admin })).body.data.id as string),
      );
      const before = await userCount();
      const partial = await t.call('/api/tUser/batchDelete', { ids: [...ids, 'missing-id'] }, { token: admin });
      expect(partial.body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect(await userCount()).toBe(before);
      const self = (await t.call('/api/currentUser', {}, { token: admin })).body.data.id;
      const withSelf = await t.call('/api/tUser/batchDelete', { ids: `${ids[0]},${self}` }, { token: admin, form: true });
      expect(withSelf.body.msg).toBe('不能删除当前登录的账号');
      expect(await userCount()).toBe(before);
      const ok = await t.call('/api/tUser/batchDelete', { ids: ids.join(',') }, { token: admin, form: true });
      expect(ok.body.data).toEqual({ deleted: 2 });
      expect(await userCount()).toBe(before - 2);
    });
  });
}
