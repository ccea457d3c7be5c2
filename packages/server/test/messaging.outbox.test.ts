import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AnyDb } from '../src/entities/repository';
import { newId } from '../src/lib/ids';
import { nowIso } from '../src/lib/time';
import { enqueueMessage } from '../src/services/messaging';
import { OUTBOX_JOB } from '../src/services/messagingJobs';
import { deliverOutbox, UNKNOWN_OUTCOME } from '../src/services/outbox';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { FAKE_WECHAT_CONFIG, startFakeWechat, type FakeWechat } from './helpers/fakeWechat';

type Row = Record<string, unknown>;

/** Visitors made directly (no password hashing): some of them WeChat users with an openid. */
async function makeVisitors(db: AnyDb, count: number, prefix: string, wechatEvery = 2): Promise<{ id: string; openid: string | null }[]> {
  const out = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    const now = nowIso();
    await db.insertInto('t_visitor').values({ id, userAccount: `${prefix}${i}`.slice(0, 20), userName: `访客${i}`, passwordHash: 'x', registerType: 'phone', status: '1', failedLogins: 0, createdAt: now, updatedAt: now }).execute();
    let openid: string | null = null;
    if (i % wechatEvery === 0) {
      openid = `o_${prefix}${i}`;
      await db.insertInto('t_wxuser').values({ id: newId(), openid, visitorId: id, dev: 0, createdAt: now }).execute();
    }
    out.push({ id, openid });
  }
  return out;
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`message outbox: exactly once [${dialect}]`, () => {
    let wx: FakeWechat;
    let t: TestApp;
    let db: AnyDb;

    beforeAll(async () => {
      wx = await startFakeWechat();
      t = await createTestApp(dialect, { ...FAKE_WECHAT_CONFIG, wechatApiBase: wx.baseUrl, wechatTimeoutMs: 3000 });
      db = t.db.db as unknown as AnyDb;
      await t.call('/api/tMessage/addOrUpdate', { templateId: 'TPL-SYS', title: '系统通知', type: 'system', content: '通知内容：{{thing1.DATA}}\n通知时间：{{time2.DATA}}', status: '1' }, { token: await t.login() });
    });
    afterAll(async () => {
      await t?.close();
      await wx?.close();
    });

    const inboxCount = async (visitorId: string, title: string) =>
      (await db.selectFrom('t_messageuser').select('id').where('userId', '=', visitorId).where('title', '=', title).execute()).length;

    it('a batch interrupted half-way and delivered by a restarted server reaches everyone once', async () => {
      const visitors = await makeVisitors(db, 6, '1380000');
      const sent = await db.transaction().execute((trx) =>
        enqueueMessage(trx, { kind: 'system', title: '停电通知', content: '周六停电', type: 'system', idempotencyKey: 'outage-1', recipients: visitors.map((v) => ({ visitorId: v.id })) }),
      );
      expect(sent).toMatchObject({ recipients: 6, inbox: 6, wechat: 3 });

      // The first server takes rows and dies while delivering the third inbox copy.
      let inboxSeen = 0;
      const crash = deliverOutbox(db, {
        owner: 'server-1',
        wechat: t.app.messaging.wechat,
        claimTtlMs: 1,
        beforeDeliver: (row) => {
          if (row.channel === 'inbox' && ++inboxSeen === 3) throw new Error('process killed');
        },
      });
      await expect(crash).rejects.toThrow('process killed');
      // The dead process's claim (1 ms) runs out.
      await new Promise((r) => setTimeout(r, 10));
      const midway = await db.selectFrom('t_message_outbox').select(['status']).where('messageId', '=', sent.messageId).execute();
      expect(midway.filter((r) => r.status === 'sending')).toHaveLength(1);
      expect(midway.filter((r) => r.status === 'sent').length).toBeGreaterThan(0);
      expect(midway.filter((r) => r.status === 'pending').length).toBeGreaterThan(0);
      const wechatBefore = wx.sends.length;
      expect(wechatBefore).toBeGreaterThan(0);

      // The send is repeated by an impatient user: same key, nothing new.
      const again = await db.transaction().execute((trx) =>
        enqueueMessage(trx, { kind: 'system', title: '停电通知', content: '周六停电', type: 'system', idempotencyKey: 'outage-1', recipients: visitors.map((v) => ({ visitorId: v.id })) }),
      );
      expect(again).toMatchObject({ messageId: sent.messageId, duplicate: true });

      // "Restart": a new app on the same database runs the outbox job.
      const restarted = await buildApp({ db: t.db.db, dialect: t.db.dialect, config: t.config }, { logger: false });
      try {
        expect(await restarted.scheduler.runOnce(OUTBOX_JOB)).toBe(true);
        expect(await restarted.scheduler.runOnce(OUTBOX_JOB)).toBe(true);
      } finally {
        await restarted.close();
      }
      const rows = await db.selectFrom('t_message_outbox').select(['status', 'channel']).where('messageId', '=', sent.messageId).execute();
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      for (const v of visitors) expect(await inboxCount(v.id, '停电通知')).toBe(1);
      const wechatTo = wx.sends.map((s) => s.touser).sort();
      expect(wechatTo).toEqual(visitors.flatMap((v) => (v.openid ? [v.openid] : [])).sort());
      expect(wx.sends[0].data).toMatchObject({ thing1: { value: '停电通知' } });
    });

    it('a WeChat send cut off mid-request is failed as unknown, never sent twice', async () => {
      const [v] = await makeVisitors(db, 1, '1390000', 1);
      const sent = await db.transaction().execute((trx) => enqueueMessage(trx, { kind: 'system', title: '微信中断', type: 'system', recipients: [{ visitorId: v.id }] }));
      const crash = deliverOutbox(db, {
        owner: 'server-2',
        wechat: t.app.messaging.wechat,
        claimTtlMs: 1,
        channels: ['wechat'],
        beforeDeliver: () => {
          throw new Error('process killed');
        },
      });
      await expect(crash).rejects.toThrow('process killed');
      // The dead process's claim (1 ms) runs out.
      await new Promise((r) => setTimeout(r, 10));
      const before = wx.sends.length;
      const report = await deliverOutbox(db, { owner: 'server-3', wechat: t.app.messaging.wechat, messageId: sent.messageId });
      expect(report.recovered).toBe(1);
      const rows = await db.selectFrom('t_message_outbox').select(['channel', 'status', 'lastError']).where('messageId', '=', sent.messageId).orderBy('channel').execute();
      expect(rows).toEqual([
        { channel: 'inbox', status: 'sent', lastError: null },
        { channel: 'wechat', status: 'failed', lastError: UNKNOWN_OUTCOME },
      ]);
      expect(wx.sends.length).toBe(before);
    });

    it('two deliverers at once deliver each row once', async () => {
      const visitors = await makeVisitors(db, 8, '1370000');
      const sent = await db.transaction().execute((trx) => enqueueMessage(trx, { kind: 'system', title: '并发投递', type: 'system', recipients: visitors.map((v) => ({ visitorId: v.id })) }));
      const before = wx.sends.length;
      const [a, b] = await Promise.all([
        deliverOutbox(db, { owner: 'server-a', wechat: t.app.messaging.wechat, messageId: sent.messageId }),
        deliverOutbox(db, { owner: 'server-b', wechat: t.app.messaging.wechat, messageId: sent.messageId }),
      ]);
      expect(a.sent + b.sent).toBe(sent.inbox + sent.wechat);
      for (const v of visitors) expect(await inboxCount(v.id, '并发投递')).toBe(1);
      expect(wx.sends.length - before).toBe(sent.wechat);
    });

    it('batchSendMessage and batchAddMessage repeated with one key send once', async () => {
      const app2 = await buildApp({ db: t.db.db, dialect: t.db.dialect, config: t.config }, { logger: false });
      try {
        const admin = (await app2.inject({ method: 'POST', url: '/openApi/login', payload: { userAccount: 'admin', password: 'Admin@12345' } })).json().data.token as string;
        const visitors = await makeVisitors(db, 2, '1360000');
        const send = async () =>
          (await app2.inject({ method: 'POST', url: '/openApi/tWxuser/batchSendMessage', headers: { token: admin }, payload: { title: '重复提交', userIds: visitors.map((v) => v.id), idempotencyKey: 'form-42' } })).json();
        expect((await send()).data).toEqual({ sent: 2, userIds: visitors.map((v) => v.id) });
        expect((await send()).data).toEqual({ sent: 2, userIds: visitors.map((v) => v.id) });
        for (const v of visitors) expect(await inboxCount(v.id, '重复提交')).toBe(1);

        const add = async () =>
          (await app2.inject({ method: 'POST', url: '/api/tMessageuser/batchAddMessage', headers: { token: admin }, payload: { title: '批量新增', type: 'system', list: visitors.map((v) => ({ userId: v.id })), idempotencyKey: 'add-7' } })).json();
        const first = await add();
        expect(first.data.list.map((m: Row) => m.userId)).toEqual(visitors.map((v) => v.id));
        const second = await add();
        expect(second.data).toMatchObject({ duplicate: true, messageId: first.data.messageId });
        expect(second.data.list.map((m: Row) => m.id)).toEqual(first.data.list.map((m: Row) => m.id));
        for (const v of visitors) expect(await inboxCount(v.id, '批量新增')).toBe(1);
        const bad = (await app2.inject({ method: 'POST', url: '/api/tMessageuser/batchAddMessage', headers: { token: admin }, payload: { type: 'system', list: [{ userId: visitors[0].id, title: '' }] } })).json();
        expect(bad).toMatchObject({ code: 'A0400', data: { field: 'title' } });
      } finally {
        await app2.close();
      }
    });
  });
}
