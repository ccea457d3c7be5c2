import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { MESSAGES } from '@land/shared/validation';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

const PASSWORD = 'Visit@2024ab';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`public visitors [${dialect}]`, () => {
    let t: TestApp;
    const register = (body: Record<string, unknown>) =>
      t.call('/openApi/register', { password: PASSWORD, userName: '王先生', sqdw: '临江智能装备有限公司', ...body });
    const login = (userAccount: string, password = PASSWORD) => t.call('/openApi/visitorLogin', { userAccount, password });

    beforeAll(async () => {
      t = await createTestApp(dialect, { lockoutAttempts: 5, lockoutMinutes: 15 });
    });
    afterAll(async () => t?.close());

    it('registers by mobile number and answers with exactly the SPEC §3 session fields', async () => {
      const res = await register({ userAccount: '13812345678', email: 'wang@example.com' });
      expect(res.body.code, res.body.msg).toBe('200');
      expect(Object.keys(res.body.data).sort()).toEqual(['registerType', 'sqdw', 'token', 'userAccount', 'userId', 'userName']);
      expect(res.body.data).toMatchObject({ userAccount: '13812345678', userName: '王先生', registerType: 'phone', sqdw: '临江智能装备有限公司' });
      const stored = await t.db.db.selectFrom('t_visitor').select('passwordHash').where('userAccount', '=', '13812345678').executeTakeFirstOrThrow();
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      const session = await t.db.db.selectFrom('t_session').select(['id', 'kind']).where('userId', '=', res.body.data.userId).executeTakeFirstOrThrow();
      expect(session.kind).toBe('visitor');
      expect(session.id).not.toBe(res.body.data.token);

      const again = await register({ userAccount: '13812345678' });
      expect(again.body.code).toBe(ERROR_CODES.CONFLICT);
    });

    it('refuses a landline, a weak password and missing fields with the SPEC messages', async () => {
      const landline = await register({ userAccount: '0571-86790000' });
      expect(landline.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'userAccount' } });
      const bad = await register({ userAccount: '12345' });
      expect(bad.body.msg).toBe(MESSAGES.phone);
      const weak = await register({ userAccount: '13812340000', password: 'password1' });
      expect(weak.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: MESSAGES.password, data: { field: 'password' } });
      const noCompany = await register({ userAccount: '13812340000', sqdw: '' });
      expect(noCompany.body.msg).toBe('请输入申请单位');
      const mail = await register({ userAccount: '13812340000', email: 'not-mail' });
      expect(mail.body.msg).toBe(MESSAGES.email);
    });

    it('logs in, and the visitor token opens visitor calls but not the back office', async () => {
      const res = await login('13812345678');
      expect(res.body.code).toBe('200');
      expect(Object.keys(res.body.data).sort()).toEqual(['registerType', 'sqdw', 'token', 'userAccount', 'userId', 'userName']);
      const token = res.body.data.token as string;
      expect((await t.call('/openApi/visitor/getInfo', {}, { token })).body.data).toMatchObject({ userAccount: '13812345678', email: 'wang@example.com' });
      const backOffice = await t.call('/api/currentUser', {}, { token });
      expect(backOffice.status).toBe(401);
      expect(backOffice.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const staff = await t.login();
      const asStaff = await t.call('/openApi/visitor/getInfo', {}, { token: staff });
      expect(asStaff.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const guest = await t.call('/openApi/visitor/getInfo', {});
      expect(guest.status).toBe(401);
      expect(guest.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('answers an unknown number like a wrong password, and locks after five failures', async () => {
      const unknown = await login('13900009999', 'Wrong@1234');
      expect(unknown.body).toMatchObject({ code: ERROR_CODES.BAD_CREDENTIALS, msg: '手机号或密码错误，还可尝试4次' });
      await register({ userAccount: '13812340001' });
      for (let i = 1; i <= 4; i++) {
        const r = await login('13812340001', 'Wrong@1234');
        expect(r.body.msg).toBe(`手机号或密码错误，还可尝试${5 - i}次`);
      }
      const fifth = await login('13812340001', 'Wrong@1234');
      expect(fifth.body.code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
      const right = await login('13812340001');
      expect(right.body.code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
      expect(right.body.msg).toMatch(/请1[45]分钟后再试/);
      await t.db.db.updateTable('t_login_lock').set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).where('key', 'like', 'visitor:13812340001|%').execute();
      expect((await login('13812340001')).body.code).toBe('200');
    });

    it('updates the own profile but never the login number', async () => {
      const { token } = (await login('13812345678')).body.data;
      const res = await t.call('/openApi/visitor/updateInfo', { userName: '王经理', sqdw: '临江新材料有限公司', email: '', userAccount: '13900000000' }, { token });
      expect(res.body.code, res.body.msg).toBe('200');
      expect(res.body.data).toMatchObject({ userName: '王经理', sqdw: '临江新材料有限公司', email: '', userAccount: '13812345678' });
      const blank = await t.call('/openApi/visitor/updateInfo', { userName: '   ' }, { token });
      expect(blank.body.msg).toBe(MESSAGES.blank);
      expect((await login('13812345678')).body.data).toMatchObject({ userName: '王经理', sqdw: '临江新材料有限公司' });
    });

    it('changes the password: the old one is needed, other sessions end, this one stays', async () => {
      await register({ userAccount: '13812340002' });
      const a = (await login('13812340002')).body.data.token as string;
      const b = (await login('13812340002')).body.data.token as string;
      const wrong = await t.call('/openApi/visitor/updatePassword', { oldPassword: 'Wrong@1234', newPassword: 'Next@2024ab' }, { token: a });
      expect(wrong.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '原密码不正确' });
      const weak = await t.call('/openApi/visitor/updatePassword', { oldPassword: PASSWORD, newPassword: 'short' }, { token: a });
      expect(weak.body.msg).toBe(MESSAGES.password);
      const ok = await t.call('/openApi/visitor/updatePassword', { oldPassword: PASSWORD, newPassword: 'Next@2024ab' }, { token: a });
      expect(ok.body.code).toBe('200');
      expect((await t.call('/openApi/visitor/getInfo', {}, { token: a })).body.code).toBe('200');
      const other = await t.call('/openApi/visitor/getInfo', {}, { token: b });
      expect(other.body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
      expect((await login('13812340002')).body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      expect((await login('13812340002', 'Next@2024ab')).body.code).toBe('200');
    });

    it('logs out: the token then gives A0007, and public calls still answer it as a guest', async () => {
      const { token } = (await login('13812345678')).body.data;
      expect((await t.call('/openApi/visitorLogout', {}, { token })).body.code).toBe('200');
      const after = await t.call('/openApi/visitor/getInfo', {}, { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
      const guest = await t.call('/openApi/tCollection/getBooleanByDkid', { dkid: 'none' }, { token });
      expect(guest.body).toMatchObject({ code: '200', data: false });
    });

    it('refuses a disabled visitor', async () => {
      await register({ userAccount: '13812340003' });
      const { token, userId } = (await login('13812340003')).body.data;
      await t.db.db.updateTable('t_visitor').set({ status: '0' }).where('userAccount', '=', '13812340003').execute();
      const res = await t.call('/openApi/visitor/getInfo', {}, { token });
      // 401 so the page signs the visitor out, saying why (not 请先登录).
      expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
        status: 401,
        code: ERROR_CODES.ACCOUNT_DISABLED,
        msg: '账号已停用，请联系管理员',
      });
      expect((await login('13812340003')).body.code).toBe(ERROR_CODES.ACCOUNT_DISABLED);
      // A revoked session of the disabled visitor says the same.
      await t.db.db.updateTable('t_session').set({ revokedAt: new Date().toISOString() }).where('userId', '=', userId).execute();
      expect((await t.call('/openApi/visitor/getInfo', {}, { token })).body.code).toBe(ERROR_CODES.ACCOUNT_DISABLED);
    });
  });
}
