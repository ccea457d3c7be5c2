import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { hashToken } from '../src/services/sessions';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`staff authentication [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { lockoutAttempts: 5, lockoutMinutes: 15 });
    });
    afterAll(async () => t?.close());

    it('logs in with the right password and returns the session fields', async () => {
      const res = await t.call('/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('200');
      expect(res.body.data).toMatchObject({ userAccount: 'admin', userName: '系统管理员', mustChangePassword: false });
      expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
      expect(res.body.data.userId).toBeTruthy();
    });

    it('accepts the login as a form post and as GET with a timestamp', async () => {
      const form = await t.call('/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD }, { form: true });
      expect(form.body.code).toBe('200');
      const get = await t.call('/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD, _t: String(Date.now()) }, { method: 'GET' });
      expect(get.body.code).toBe('200');
    });

    it('refuses a wrong password and an unknown account with the same message', async () => {
      const unknown = await t.call('/openApi/login', { userAccount: 'zhangsan_x', password: 'whatever' });
      expect(unknown.body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      expect(unknown.body.msg).toBe('用户名或密码错误，还可尝试4次');
      expect(unknown.body.data).toBeNull();
      const wrong = await t.call('/openApi/login', { userAccount: 'admin', password: 'whatever' });
      expect({ status: wrong.status, ...wrong.body }).toEqual({ status: unknown.status, ...unknown.body });
      await t.login();
    });

    it('asks for missing fields in Chinese', async () => {
      const res = await t.call('/openApi/login', { userAccount: 'admin' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
      expect(res.body.msg).toBe('请输入密码');
      expect(res.body.data.field).toBe('password');
    });

    it('locks the account from that address after five failures, even for the right password, with a clear message', async () => {
      const admin = await t.login();
      const add = await t.call(
        '/api/tUser/addUser',
        { userAccount: 'locktest', userName: '锁定测试', password: 'Lock@1234' },
        { token: admin },
      );
      expect(add.body.code).toBe('200');
      for (let i = 1; i <= 4; i++) {
        const r = await t.call('/openApi/login', { userAccount: 'locktest', password: 'Bad@12345' });
        expect(r.body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
        expect(r.body.msg).toBe(`用户名或密码错误，还可尝试${5 - i}次`);
      }
      const fifth = await t.call('/openApi/login', { userAccount: 'locktest', password: 'Bad@12345' });
      expect(fifth.body.code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
      expect(fifth.body.msg).toContain('锁定');
      const right = await t.call('/openApi/login', { userAccount: 'locktest', password: 'Lock@1234' });
      expect(right.body.code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
      expect(right.body.msg).toMatch(/请1[45]分钟后再试/);
      // Once the lock has passed the right password works again.
      await t.db.db.updateTable('t_login_lock').set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).where('key', 'like', 'staff:locktest|%').execute();
      const after = await t.call('/openApi/login', { userAccount: 'locktest', password: 'Lock@1234' });
      expect(after.body.code).toBe('200');
    });

    it('logout revokes the session: the token then gives A0007', async () => {
      const token = await t.login();
      expect((await t.call('/api/currentUser', {}, { token })).body.code).toBe('200');
      expect((await t.call('/api/logout', {}, { token })).body.code).toBe('200');
      const after = await t.call('/api/currentUser', {}, { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
      expect(after.body.msg).toBe('登录已过期，请重新登录');
    });

    it('an idle session expires with A0007, and so does one past its absolute lifetime', async () => {
      const idle = await t.login();
      const stale = new Date(Date.now() - 31 * 60_000).toISOString();
      await t.db.db.updateTable('t_session').set({ lastSeenAt: stale }).where('revokedAt', 'is', null).execute();
      expect((await t.call('/api/currentUser', {}, { token: idle })).body.code).toBe(ERROR_CODES.SESSION_EXPIRED);

      const old = await t.login();
      await t.db.db
        .updateTable('t_session')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('revokedAt', 'is', null)
        .execute();
      expect((await t.call('/api/currentUser', {}, { token: old })).body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
    });

    it('a login says when the session ends; 继续使用 starts the idle limit again but cannot revive an ended session', async () => {
      const res = await t.call('/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD });
      const { token, idleMinutes, expiresAt } = res.body.data as { token: string; idleMinutes: number; expiresAt: string };
      expect(idleMinutes).toBe(30);
      expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 12 * 3600_000))).toBeLessThan(60_000);
      const id = hashToken(token);
      const lastSeen = async () => (await t.db.db.selectFrom('t_session').select('lastSeenAt').where('id', '=', id).executeTakeFirstOrThrow()).lastSeenAt;

      // 28 minutes without a call: continuing makes the session fresh, with the same absolute end.
      await t.db.db.updateTable('t_session').set({ lastSeenAt: new Date(Date.now() - 28 * 60_000).toISOString() }).where('id', '=', id).execute();
      const before = Date.now();
      const carried = await t.call('/api/session/continue', {}, { token });
      expect(carried.body).toMatchObject({ code: '200', data: { idleMinutes: 30, expiresAt } });
      expect(Date.parse(await lastSeen())).toBeGreaterThanOrEqual(before - 1000);
      // Forty seconds later (inside the once-a-minute touch of other calls) it is noted again.
      await t.db.db.updateTable('t_session').set({ lastSeenAt: new Date(Date.now() - 40_000).toISOString() }).where('id', '=', id).execute();
      expect((await t.call('/api/session/continue', {}, { token })).body.code).toBe('200');
      expect(Date.now() - Date.parse(await lastSeen())).toBeLessThan(5_000);

      // Past the idle limit it is over: A0007, and the session stays ended.
      await t.db.db.updateTable('t_session').set({ lastSeenAt: new Date(Date.now() - 31 * 60_000).toISOString() }).where('id', '=', id).execute();
      const late = await t.call('/api/session/continue', {}, { token });
      expect({ status: late.status, code: late.body.code }).toEqual({ status: 401, code: ERROR_CODES.SESSION_EXPIRED });
      expect(Date.now() - Date.parse(await lastSeen())).toBeGreaterThan(30 * 60_000);
    });

    it('no token or an unknown token gives A0006; identity headers other than token are ignored', async () => {
      const none = await t.call('/api/currentUser', {});
      expect(none.status).toBe(401);
      expect(none.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const unknown = await t.call('/api/currentUser', {}, { token: 'not-a-real-token' });
      expect(unknown.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/currentUser',
        headers: { userinfo: JSON.stringify({ userId: 'x', userAccount: 'admin' }), sessionid: 'abc' },
      });
      expect(forged.json().code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('no token gives A0006 on every /api route in the route table', async () => {
      const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
      expect(apiRoutes.length).toBeGreaterThanOrEqual(9);
      for (const route of apiRoutes) {
        const res = await t.app.inject({ method: route.method as 'GET' | 'POST', url: route.url.replace(/:(\w+)/g, 'x') });
        expect({ route: `${route.method} ${route.url}`, code: res.json().code }).toEqual({
          route: `${route.method} ${route.url}`,
          code: ERROR_CODES.NOT_LOGGED_IN,
        });
      }
    });

    it('a disabled user cannot log in and loses its sessions', async () => {
      const admin = await t.login();
      const add = await t.call('/api/tUser/addUser', { userAccount: 'disabled1', userName: '停用测试', password: 'Abcd@1234' }, { token: admin });
      const userToken = await t.login('disabled1', 'Abcd@1234');
      expect((await t.call('/api/currentUser', {}, { token: userToken })).body.code).toBe('200');
      const off = await t.call('/api/tUser/updateStatus', { id: add.body.data.id, status: '0' }, { token: admin });
      expect(off.body.data.status).toBe('0');
      // The next call says why the session ended (not 登录已过期), still with 401 so the client signs out.
      const after = await t.call('/api/currentUser', {}, { token: userToken });
      expect({ status: after.status, code: after.body.code, msg: after.body.msg }).toEqual({
        status: 401,
        code: ERROR_CODES.ACCOUNT_DISABLED,
        msg: '账号已停用，请联系管理员',
      });
      const login = await t.call('/openApi/login', { userAccount: 'disabled1', password: 'Abcd@1234' });
      expect(login.body.code).toBe(ERROR_CODES.ACCOUNT_DISABLED);
      expect(login.body.msg).toBe('账号已停用，请联系管理员');
      // Enabled again, the old session stays ended: that token is now merely expired.
      await t.call('/api/tUser/updateStatus', { id: add.body.data.id, status: '1' }, { token: admin });
      const stale = await t.call('/api/currentUser', {}, { token: userToken });
      expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 401, code: ERROR_CODES.SESSION_EXPIRED });
    });

    it('a user disabled while a session is live (not revoked) is told the account is disabled', async () => {
      const admin = await t.login();
      await t.call('/api/tUser/addUser', { userAccount: 'disabled2', userName: '停用测试二', password: 'Abcd@1234' }, { token: admin });
      const userToken = await t.login('disabled2', 'Abcd@1234');
      // Disabled behind the service's back (another tool, a restore): the guard still says why.
      await t.db.db.updateTable('t_user').set({ status: '0' }).where('userAccount', '=', 'disabled2').execute();
      const res = await t.call('/api/currentUser', {}, { token: userToken });
      expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
        status: 401,
        code: ERROR_CODES.ACCOUNT_DISABLED,
        msg: '账号已停用，请联系管理员',
      });
    });

    it('changing the own password keeps this session, revokes the others and clears the change prompt', async () => {
      const admin = await t.login();
      await t.call('/api/tUser/addUser', { userAccount: 'pwchange', userName: '改密测试', password: 'Abcd@1234' }, { token: admin });
      const first = await t.login('pwchange', 'Abcd@1234');
      const second = await t.login('pwchange', 'Abcd@1234');
      const wrongOld = await t.call('/api/tUser/updatePassword', { oldPassword: 'Nope@1234', newPassword: 'Newp@1234' }, { token: first });
      expect(wrongOld.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '原密码不正确' });
      const weak = await t.call('/api/tUser/updatePassword', { oldPassword: 'Abcd@1234', newPassword: 'weak' }, { token: first });
      expect(weak.body.msg).toBe('请输入8-16个字符，由数字、大小写字母、特殊字符四种结合');
      const ok = await t.call('/api/tUser/updatePassword', { oldPassword: 'Abcd@1234', newPassword: 'Newp@1234' }, { token: first });
      expect(ok.body.code).toBe('200');
      expect((await t.call('/api/currentUser', {}, { token: first })).body.data.mustChangePassword).toBe(0);
      expect((await t.call('/api/currentUser', {}, { token: second })).body.code).toBe(ERROR_CODES.SESSION_EXPIRED);
      expect((await t.call('/openApi/login', { userAccount: 'pwchange', password: 'Newp@1234' })).body.code).toBe('200');
    });
  });
}
