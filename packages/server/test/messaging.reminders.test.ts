import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_JOB, REMINDER_JOB } from '../src/services/messagingJobs';
import { expiringTerms } from '../src/services/reminders';
import type { AnyDb } from '../src/entities/repository';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

const PASSWORD = 'Visit@2024ab';
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
/** The deal date whose `years`-year term ends in `n` days. */
const dealEndingIn = (n: number, years: number) => {
  const d = new Date(Date.now() + n * DAY);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`reminders and system messages [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let db: AnyDb;

    const must = async (url: string, body: Row, token?: string) => {
      const res = token ? await t.call(url, body, { token }) : await w.call(url, body);
      if (res.body.code !== '200') throw new Error(`${url}: ${res.body.msg}`);
      return res.body.data;
    };
    const visitor = async (userAccount: string, sqdw = '甲公司') => {
      const data = await must('/openApi/register', { userAccount, password: PASSWORD, userName: '访客', sqdw }, 'none');
      return { userId: data.userId as string, token: data.token as string };
    };
    const inbox = async (token: string) => (await t.call('/openApi/tMessage/selectDetailByPage', { pageNo: 1, pageSize: 50 }, { token })).body.data.list as Row[];
    const remindAndDeliver = async () => {
      expect(await t.app.scheduler.runOnce(REMINDER_JOB)).toBe(true);
      expect(await t.app.scheduler.runOnce(OUTBOX_JOB)).toBe(true);
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      db = t.db.db as unknown as AnyDb;
    });
    afterAll(async () => t?.close());

    it('messages permitted WeChat users of expiring leases and land-use terms once, however often it runs', async () => {
      const holder = await visitor('13900000001');
      const other = await visitor('13900000002');
      const disabled = await visitor('13900000003');
      const perm = (phone: string, company: string, extra: Row = {}) =>
        must('/api/tWxuserpermission/addOrUpdate', { openid: `o_${phone}`, phone, company, permission: 'leaseExpiry', status: '1', ...extra });
      await perm('13900000001', '甲公司');
      await perm('13900000002', '乙公司');
      await perm('13900000003', '甲公司', { status: '0' });

      await must('/api/tKczy/addOrUpdate', { name: '标准厂房5号楼', type: 'factory', status: 'leased', tenant: '甲公司', leaseEnd: inDays(10) });
      await must('/api/tKczy/addOrUpdate', { name: '标准厂房6号楼', type: 'factory', status: 'leased', tenant: '甲公司', leaseEnd: inDays(60) });
      await must('/api/tKczy/addOrUpdate', { name: '已过期仓库', type: 'warehouse', status: 'leased', tenant: '甲公司', leaseEnd: inDays(-1) });
      const parcel = await w.createParcel({ dkmc: '甲公司工业地块' });
      await must('/api/tLandJyst/addOrUpdate', { dkid: parcel.id, parcelCode: parcel.dkbh, transactionType: 'listing', status: 'dealt', winner: '甲公司', dealDate: dealEndingIn(20, 50), transferYears: 50, dealPrice: 800 });

      const terms = await expiringTerms(db, 30);
      expect(terms.map((x) => [x.kind, x.name, x.holder]).sort()).toEqual([
        ['landUse', '甲公司工业地块', '甲公司'],
        ['lease', '标准厂房5号楼', '甲公司'],
      ]);

      await remindAndDeliver();
      const got = await inbox(holder.token);
      expect(got.map((m) => m.title).sort()).toEqual(['土地使用权到期提醒', '租期到期提醒']);
      expect(got.find((m) => m.title === '租期到期提醒')!.content).toContain(`标准厂房5号楼”租期将于${inDays(10)}到期`);
      expect(await inbox(other.token)).toEqual([]);
      expect(await inbox(disabled.token)).toEqual([]);

      // Running again (or on a second server) sends nothing new.
      await remindAndDeliver();
      await remindAndDeliver();
      expect(await inbox(holder.token)).toHaveLength(2);

      // Looking further ahead (system setting) finds the 60-day lease, and only that is new.
      await must('/api/config/save', { reminderDaysAhead: 90 });
      await remindAndDeliver();
      const later = await inbox(holder.token);
      expect(later).toHaveLength(3);
      expect(later.filter((m) => String(m.content).includes('标准厂房6号楼'))).toHaveLength(1);
    });

    it('tells visitors who collected a parcel when it is listed, dealt or taken down', async () => {
      const parcel = await w.createParcel({ dkmc: '收藏提醒地块' });
      for (const action of ['submit', 'passFirst', 'publish']) await must('/api/tLandinfo/transition', { ids: [parcel.id], action });
      const fan = await visitor('13900000011');
      const late = await visitor('13900000012');
      await must('/openApi/tCollection/addCollection', { dkid: parcel.id }, fan.token);
      await remindAndDeliver();
      expect(await inbox(fan.token)).toEqual([]);

      const listing = await must('/api/tLandJyst/addOrUpdate', { dkid: parcel.id, parcelCode: parcel.dkbh, transactionType: 'listing', status: 'listing', listingStart: inDays(0), listingEnd: inDays(20) });
      await remindAndDeliver();
      await remindAndDeliver();
      let got = await inbox(fan.token);
      expect(got.map((m) => m.title)).toEqual(['土地出让公告提醒']);
      expect(got[0]).toMatchObject({ type: 'landNotice', sourceId: parcel.id });
      expect(got[0].content).toContain('“收藏提醒地块”已挂牌出让');

      // Collected after the listing: not told about it.
      await must('/openApi/tCollection/addCollection', { dkid: parcel.id }, late.token);
      await remindAndDeliver();
      expect(await inbox(late.token)).toEqual([]);

      await must('/api/tLandJyst/addOrUpdate', { id: listing.id, status: 'dealt', dealPrice: 1200, dealDate: inDays(0), winner: '丙公司' });
      await remindAndDeliver();
      got = await inbox(fan.token);
      expect(got.map((m) => m.title)).toEqual(['成交公示提醒', '土地出让公告提醒']);
      expect((await inbox(late.token)).map((m) => m.title)).toEqual(['成交公示提醒']);

      await must('/api/tLandinfo/transition', { ids: [parcel.id], action: 'takeDown', comment: '规划调整' });
      await remindAndDeliver();
      await remindAndDeliver();
      got = await inbox(fan.token);
      expect(got.map((m) => m.title)).toEqual(['地块下架通知', '成交公示提醒', '土地出让公告提醒']);
      expect(got[0].content).toContain('原因：规划调整');
    });

    it('sends the answer to a consultation to the asker through the outbox, once', async () => {
      const asker = await visitor('13900000021');
      const question = await must('/openApi/addProblem', { title: '标准厂房可以分层租吗？', content: '想租二层' }, asker.token);
      await must('/api/tProblem/addOrUpdate', { id: question.id, answer: '可以分层租赁。' });
      const queued = await db.selectFrom('t_message_outbox').select(['channel', 'status', 'visitorId']).where('sourceId', '=', question.id as string).execute();
      expect(queued).toEqual([{ channel: 'inbox', status: 'pending', visitorId: asker.userId }]);
      await t.app.scheduler.runOnce(OUTBOX_JOB);
      let got = await inbox(asker.token);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: '咨询回复通知', type: 'consultReply', sourceId: question.id });
      expect(got[0].content).toContain('可以分层租赁。');

      // Saving the question again without a new answer sends nothing; a changed answer does.
      await must('/api/tProblem/addOrUpdate', { id: question.id, isPublic: 0 });
      await t.app.scheduler.runOnce(OUTBOX_JOB);
      expect(await inbox(asker.token)).toHaveLength(1);
      await must('/api/tProblem/addOrUpdate', { id: question.id, answer: '可以分层租赁，详询招商局。' });
      await t.app.scheduler.runOnce(OUTBOX_JOB);
      got = await inbox(asker.token);
      expect(got).toHaveLength(2);
      expect(got[0].content).toContain('有新的回复');

      // A guest's question has nobody to tell.
      const guest = await must('/openApi/addProblem', { title: '访客问题', content: '内容', askerName: '赵先生', askerPhone: '13800000009' }, 'none');
      await must('/api/tProblem/addOrUpdate', { id: guest.id, answer: '已回复' });
      expect(await db.selectFrom('t_message_outbox').select('id').where('sourceId', '=', guest.id as string).execute()).toEqual([]);
    });

    it('keeps what a visitor asked read-only for staff, who can still answer it', async () => {
      const asker = await visitor('13900000031');
      const question = await must('/openApi/addProblem', { title: '厂房能否分割出租？', content: '想租一半' }, asker.token);
      const guest = await must('/openApi/addProblem', { title: '保证金何时退还？', content: '多久退还', askerName: '钱先生', askerPhone: '13800000010' }, 'none');
      for (const [asked, change] of [
        [question, { content: '改过的内容' }],
        [question, { title: '改过的标题' }],
        [question, { visitorId: '' }],
        [guest, { askerPhone: '13800000011' }],
      ] as const) {
        const refused = await w.call('/api/tProblem/addOrUpdate', { id: asked.id, ...change, answer: '可以。' });
        const field = Object.keys(change)[0];
        expect(refused.body.code, JSON.stringify(change)).toBe('A0400');
        expect(refused.body.data.field).toBe(field);
        expect(refused.body.msg).toContain('由访客填写，不能修改');
      }
      // Nothing was saved by the refused requests, the answer included.
      const stored = await db.selectFrom('t_problem').selectAll().where('id', '=', question.id as string).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ title: '厂房能否分割出租？', content: '想租一半', visitorId: asker.userId, status: '0' });
      expect(stored.answer ?? null).toBeNull();

      // The drawer sends the unchanged question back with the answer: that is accepted.
      await must('/api/tProblem/addOrUpdate', { id: question.id, title: '厂房能否分割出租？', content: '想租一半', answer: '可以分割出租。' });
      await t.app.scheduler.runOnce(OUTBOX_JOB);
      const got = await inbox(asker.token);
      expect(got[0]).toMatchObject({ title: '咨询回复通知', sourceId: question.id });
      expect(got[0].content).toContain('可以分割出租。');

      // A question staff entered themselves (a phone call) stays theirs to edit.
      const entered = await must('/api/tProblem/addOrUpdate', { title: '电话咨询', content: '来电询问地价' });
      const edited = await must('/api/tProblem/addOrUpdate', { id: entered.id, content: '来电询问工业地价' });
      expect(edited.content).toBe('来电询问工业地价');
    });
  });
}
