import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { loadConfig } from '../src/config';
import { DevWechatClient, HttpWechatClient, WechatError } from '../src/integrations/wechat/index';
import { OUTBOX_JOB } from '../src/services/messagingJobs';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { FAKE_WECHAT_CONFIG, startFakeWechat, type FakeWechat } from './helpers/fakeWechat';

type Row = Record<string, unknown>;

describe('WeChat HTTP client against a fake WeChat server', () => {
  let wx: FakeWechat;
  const client = (extra: Partial<ConstructorParameters<typeof HttpWechatClient>[0]> = {}) =>
    new HttpWechatClient({ appId: 'wx-test-app', secret: 'test-secret', baseUrl: wx.baseUrl, timeoutMs: 1000, retryDelayMs: 10, ...extra });
  const message = (touser: string) => ({ touser, templateId: 'TPL-1', page: 'pages/index/index', data: { thing1: '滨江智造园', date2: '2026-12-31' } });

  beforeEach(async () => {
    wx = await startFakeWechat();
  });
  afterEach(async () => wx.close());

  it('logs in: code → openid through jscode2session; a bad code is WeChat error 40029', async () => {
    const c = client();
    expect(await c.login('abc')).toEqual({ openid: 'o_abc', unionid: 'u_abc', sessionKey: 'c2Vzc2lvbmtleQ==', dev: false });
    const err = await c.login('bad-code').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WechatError);
    expect((err as WechatError).errcode).toBe(40029);
    expect((err as WechatError).message).toContain('登录凭证 code 无效');
  });

  it('caches the access token and refreshes it when WeChat answers 40001', async () => {
    const c = client();
    await c.sendSubscribeMessage(message('o_1'));
    await c.sendSubscribeMessage(message('o_2'));
    expect(wx.tokenRequests).toBe(1);
    wx.revoked.add('token-1');
    const result = await c.sendSubscribeMessage(message('o_3'));
    expect(result.msgid).toBe('1003');
    expect(wx.tokenRequests).toBe(2);
    expect(wx.sends.map((s) => [s.touser, s.token])).toEqual([['o_1', 'token-1'], ['o_2', 'token-1'], ['o_3', 'token-2']]);
    expect(wx.sends[0]).toMatchObject({ template_id: 'TPL-1', page: 'pages/index/index', data: { thing1: { value: '滨江智造园' }, date2: { value: '2026-12-31' } } });
  });

  it('fetches a new token once the cached one expires', async () => {
    wx.tokenLifetime = 1;
    const c = client();
    await c.sendSubscribeMessage(message('o_1'));
    await new Promise((r) => setTimeout(r, 700));
    await c.sendSubscribeMessage(message('o_2'));
    expect(wx.tokenRequests).toBe(2);
    expect(wx.sends.map((s) => s.token)).toEqual(['token-1', 'token-2']);
  });

  it('retries a token request that timed out, and does not resend a message whose answer timed out', async () => {
    wx.hangToken = 1;
    const c = client();
    await c.sendSubscribeMessage(message('o_1'));
    expect(wx.tokenRequests).toBe(2);
    expect(wx.sends).toHaveLength(1);

    wx.hangSend = 1;
    const err = (await c.sendSubscribeMessage(message('o_2')).catch((e: unknown) => e)) as WechatError;
    expect(err).toBeInstanceOf(WechatError);
    expect(err.outcomeUnknown).toBe(true);
    expect(wx.requests.filter((p) => p === '/cgi-bin/message/subscribe/send')).toHaveLength(2);
  });

  it('gives up on a token after its retries, with a Chinese reason', async () => {
    wx.hangToken = 5;
    const err = (await client({ retries: 1 }).sendSubscribeMessage(message('o_1')).catch((e: unknown) => e)) as WechatError;
    expect(err.message).toContain('微信接口无响应');
    expect(wx.tokenRequests).toBe(2);
    expect(wx.sends).toHaveLength(0);
  });

  it('the development login derives a stable, marked openid and cannot send', async () => {
    const dev = new DevWechatClient();
    const a = await dev.login('code-1');
    expect(a.dev).toBe(true);
    expect(a.openid).toMatch(/^dev_[0-9a-f]{24}$/);
    expect((await dev.login('code-1')).openid).toBe(a.openid);
    expect((await dev.login('code-2')).openid).not.toBe(a.openid);
    await expect(dev.sendSubscribeMessage()).rejects.toThrow('未配置微信小程序');
  });
});

describe('WeChat development login setting', () => {
  it('is on only when switched on (on with demo data by default), never with an app id', () => {
    expect(loadConfig({}).wechatDevLogin).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).wechatDevLogin).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0', WECHAT_DEV_LOGIN: '1' }).wechatDevLogin).toBe(true);
    expect(loadConfig({ WECHAT_DEV_LOGIN: '0' }).wechatDevLogin).toBe(false);
    expect(loadConfig({ WECHAT_APPID: 'wx-real-app', WECHAT_DEV_LOGIN: '1' }).wechatDevLogin).toBe(false);
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`WeChat development login off unless switched on [${dialect}]`, () => {
    const rows = async (t: TestApp) => ({
      visitors: (await t.db.db.selectFrom('t_visitor' as never).select('id' as never).execute()).length,
      wxusers: (await t.db.db.selectFrom('t_wxuser' as never).select('id' as never).execute()).length,
    });

    it('without an app id and with the development login off, wxLogin refuses any code and creates nobody', async () => {
      const t = await createTestApp(dialect, { wechatDevLogin: false });
      try {
        const before = await rows(t);
        const res = await t.call('/openApi/tWxuser/wxLogin', { code: 'made-up-code' });
        expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status: 403, code: ERROR_CODES.FORBIDDEN, msg: '微信登录未开通：服务器未配置微信小程序' });
        expect(await rows(t)).toEqual(before);
      } finally {
        await t.close();
      }
    });

    it('switched on, a made-up code is a development login', async () => {
      const t = await createTestApp(dialect, { wechatDevLogin: true });
      try {
        const res = await t.call('/openApi/tWxuser/wxLogin', { code: 'made-up-code' });
        expect(res.body.code, res.body.msg).toBe('200');
        expect(res.body.data).toMatchObject({ devLogin: true, openid: expect.stringMatching(/^dev_/) });
      } finally {
        await t.close();
      }
    });
  });

  describe.skipIf(!available)(`mini-program login and WeChat delivery [${dialect}]`, () => {
    let wx: FakeWechat;
    let t: TestApp;
    let admin: string;

    beforeAll(async () => {
      wx = await startFakeWechat();
      t = await createTestApp(dialect, { ...FAKE_WECHAT_CONFIG, wechatApiBase: wx.baseUrl, wechatTimeoutMs: 3000 });
      admin = await t.login();
    });
    afterAll(async () => {
      await t?.close();
      await wx?.close();
    });

    const wxLogin = (code: string, extra: Row = {}) => t.call('/openApi/tWxuser/wxLogin', { code, ...extra });

    it('wxLogin creates the WeChat user once and answers a visitor session', async () => {
      const first = await wxLogin('alice', { nickName: '爱丽丝' });
      expect(first.body.code, first.body.msg).toBe('200');
      expect(first.body.data).toMatchObject({ openid: 'o_alice', devLogin: false, registerType: 'wechat', userName: '爱丽丝' });
      const again = await wxLogin('alice');
      expect(again.body.data.userId).toBe(first.body.data.userId);
      expect(again.body.data.token).not.toBe(first.body.data.token);
      const users = await t.db.db.selectFrom('t_wxuser').select(['openid', 'visitorId', 'dev']).where('openid', '=', 'o_alice').execute();
      expect(users).toEqual([{ openid: 'o_alice', visitorId: first.body.data.userId, dev: 0 }]);
      // The session opens the visitor's calls (inbox).
      const inbox = await t.call('/openApi/tMessage/selectByPage', {}, { token: again.body.data.token });
      expect(inbox.body).toMatchObject({ code: '200', data: { total: 0 } });
      // The WeChat user's account cannot be used with a password.
      const pw = await t.call('/openApi/visitorLogin', { userAccount: first.body.data.userAccount, password: 'Visit@2024ab' });
      expect(pw.body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);

      const bad = await wxLogin('bad-1');
      expect(bad.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'code' } });
      expect((await wxLogin('')).body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('serves the signed-in user their WeChat permissions', async () => {
      const session = (await wxLogin('perm')).body.data;
      await t.call('/api/tWxuserpermission/addOrUpdate', { openid: 'o_perm', permission: 'leaseExpiry', status: '1', company: '甲公司' }, { token: admin });
      await t.call('/api/tWxuserpermission/addOrUpdate', { openid: 'o_perm', permission: 'dealNotice', status: '0' }, { token: admin });
      const mine = await t.call('/openApi/tWxuser/selectMyPermission', {}, { token: session.token });
      expect((mine.body.data as Row[]).map((p) => p.permission)).toEqual(['leaseExpiry']);
      expect((await t.call('/openApi/tWxuser/selectMyPermission', {})).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('refuses a template whose placeholder the sender could not fill, naming 模板内容, and saves nothing', async () => {
      for (const content of ['资源名称：{{thing1}}', '资源名称：{{thing1.DATA}', '到期：{{date2.data}}']) {
        const bad = await t.call('/api/tMessage/addOrUpdate', { templateId: 'TPL-BAD', title: '格式错误的模板', type: 'leaseExpiry', content, status: '1' }, { token: admin });
        expect(bad.body, content).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '关键词占位符格式不正确，应如 {{thing1.DATA}}', data: { field: 'content' } });
      }
      const saved = await t.call('/api/tMessage/selectByPage', { pageNo: 1, pageSize: 50, params: [{ column: 'templateId', type: 'eq', val: 'TPL-BAD' }] }, { token: admin });
      expect(saved.body.data.total).toBe(0);
    });

    it('sends a template message: inbox always, WeChat per recipient, an error answer recorded on its recipient', async () => {
      const ok = (await wxLogin('ok')).body.data;
      const refusing = (await wxLogin('refusing')).body.data;
      const busy = (await wxLogin('busy')).body.data;
      wx.refuse.add('o_refusing');
      wx.busyOnce.add('o_busy');
      const template = await t.call('/api/tMessage/addOrUpdate', { templateId: 'TPL-LEASE', title: '租期到期提醒', type: 'leaseExpiry', content: '资源名称：{{thing1.DATA}}\n到期日期：{{date2.DATA}}', page: 'pages/lease/detail', status: '1' }, { token: admin });
      const sent = await t.call(
        '/api/tMessage/sendTemplateMessage',
        { templateId: template.body.data.id, values: ['智造园5号楼', '2026-12-31'], userIds: [ok.userId, refusing.userId, busy.userId], idempotencyKey: 'lease-1' },
        { token: admin },
      );
      expect(sent.body.code, sent.body.msg).toBe('200');
      expect(sent.body.data).toMatchObject({ duplicate: false, recipients: 3, inbox: 3, wechat: 3 });
      // The inbox copy is there at once, with the template filled in.
      const inbox = await t.call('/openApi/tMessage/selectDetailByPage', {}, { token: ok.token });
      expect(inbox.body.data.list[0]).toMatchObject({ title: '租期到期提醒', content: '资源名称：智造园5号楼\n到期日期：2026-12-31', type: 'leaseExpiry' });
      expect(wx.sends).toHaveLength(0);

      expect(await t.app.scheduler.runOnce(OUTBOX_JOB)).toBe(true);
      expect(wx.sends.map((s) => s.touser)).toEqual(['o_ok']);
      expect(wx.sends[0]).toMatchObject({ template_id: 'TPL-LEASE', page: 'pages/lease/detail', data: { thing1: { value: '智造园5号楼' }, date2: { value: '2026-12-31' } } });

      const deliveries = await t.call('/api/tMessageuser/selectDeliveryByPage', { pageNo: 1, pageSize: 50, params: [{ column: 'messageId', type: 'eq', val: sent.body.data.messageId }] }, { token: admin });
      const wechatRows = (deliveries.body.data.list as Row[]).filter((d) => d.channel === 'wechat');
      const byName = Object.fromEntries(wechatRows.map((d) => [d.openid, d]));
      expect(byName.o_ok).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(byName.o_refusing).toMatchObject({ status: 'failed', attempts: 1 });
      expect(byName.o_refusing.lastError).toContain('43101');
      expect(byName.o_busy).toMatchObject({ status: 'pending', attempts: 1 });
      expect(byName.o_busy.lastError).toContain('-1');
      expect(Date.parse(byName.o_busy.nextAttemptAt as string)).toBeGreaterThan(Date.now());
      expect((deliveries.body.data.list as Row[]).filter((d) => d.channel === 'inbox').every((d) => d.status === 'sent')).toBe(true);

      const sends = await t.call('/api/tMessageuser/selectSendByPage', { pageNo: 1, pageSize: 10 }, { token: admin });
      expect(sends.body.data.list[0]).toMatchObject({ id: sent.body.data.messageId, kind: 'template', status: { sent: 4, failed: 1, pending: 1, sending: 0 } });

      // The refusing user subscribes later: staff resend the failed delivery, once.
      wx.refuse.delete('o_refusing');
      const resend = await t.call('/api/tMessageuser/resendDelivery', { ids: [byName.o_refusing.id, byName.o_ok.id] }, { token: admin });
      expect(resend.body.data).toEqual({ queued: 1 });
      await t.app.scheduler.runOnce(OUTBOX_JOB);
      expect(wx.sends.map((s) => s.touser)).toEqual(['o_ok', 'o_refusing']);

      // Sent again with the same key: nothing new anywhere.
      const repeat = await t.call('/api/tMessage/sendTemplateMessage', { templateId: template.body.data.id, values: ['智造园5号楼', '2026-12-31'], userIds: [ok.userId], idempotencyKey: 'lease-1' }, { token: admin });
      expect(repeat.body.data).toMatchObject({ messageId: sent.body.data.messageId, duplicate: true });
      await t.app.scheduler.runOnce(OUTBOX_JOB);
      expect(wx.sends).toHaveLength(2);
      expect((await t.call('/openApi/tMessage/selectByPage', {}, { token: ok.token })).body.data.total).toBe(1);
    });

    it('refuses a send without recipients or with an unknown template, writing nothing', async () => {
      const before = await t.db.db.selectFrom('t_message_send').select('id').execute();
      const none = await t.call('/api/tMessage/sendTemplateMessage', { templateId: 'nope', userIds: [] }, { token: admin });
      expect(none.body.code).toBe(ERROR_CODES.VALIDATION);
      const unknown = await t.call('/api/tMessage/sendTemplateMessage', { templateId: 'nope', permission: 'leaseExpiry' }, { token: admin });
      expect(unknown.body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect(await t.db.db.selectFrom('t_message_send').select('id').execute()).toHaveLength(before.length);
    });
  });

  describe.skipIf(!available)(`development login without an app id [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    it('signs in with a dev openid derived from the code and plans no WeChat messages', async () => {
      const res = await t.call('/openApi/tWxuser/wxLogin', { code: 'dev-code' });
      expect(res.body.code, res.body.msg).toBe('200');
      expect(res.body.data.devLogin).toBe(true);
      expect(res.body.data.openid).toMatch(/^dev_/);
      const admin = await t.login();
      const sent = await t.call('/openApi/tWxuser/batchSendMessage', { title: '系统通知', content: '维护', userIds: [res.body.data.userId] }, { token: admin });
      expect(sent.body.data).toEqual({ sent: 1, userIds: [res.body.data.userId] });
      const rows = await t.db.db.selectFrom('t_message_outbox').select(['channel', 'status']).execute();
      expect(rows).toEqual([{ channel: 'inbox', status: 'sent' }]);
    });
  });
}
