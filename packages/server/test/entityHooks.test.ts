import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

/** Entity-specific behaviour registered beside the engine (src/entities/hooks). */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`entity hooks [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    let adminId: string;
    const call = (url: string, body: Record<string, unknown>) => t.call(url, body, { token });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
      adminId = (await t.db.db.selectFrom('t_user').select('id').where('userAccount', '=', 'admin').executeTakeFirstOrThrow()).id;
    });
    afterAll(async () => t?.close());

    describe('area in m² and 亩 kept consistent', () => {
      const plan = { planYear: 2025, parcelName: '滨江智造园JX-03地块', gdfx: 'industrial', status: 'planned' };

      it('fills 亩 from m², and m² from 亩', async () => {
        const fromM2 = await call('/api/tGyjsyd/addOrUpdateGyjsyd', { ...plan, planArea: 46680 });
        expect(fromM2.body.data).toMatchObject({ planArea: 46680, planAreaMu: 70.02 });
        const fromMu = await call('/api/tCltd/addOrUpdate', { name: '纬二路北侧地块', status: 'unsupplied', areaMu: 15 });
        expect(fromMu.body.data).toMatchObject({ area: 10000, areaMu: 15 });
      });

      it('recomputes the other unit when an update changes one, and keeps both when both are sent', async () => {
        const created = await call('/api/tPqcrdk/addOrUpdate', { parcelName: '科创走廊KC-09地块', status: 'ready', area: 2000 });
        expect(created.body.data.areaMu).toBe(3);
        const changed = await call('/api/tPqcrdk/addOrUpdate', { id: created.body.data.id, area: 3000 });
        expect(changed.body.data).toMatchObject({ area: 3000, areaMu: 4.5 });
        const both = await call('/api/tSecondmarket/addOrUpdate', { title: '工业用地转让', transactionType: 'transfer', status: 'pending', area: 1000, areaMu: 1.6 });
        expect(both.body.data).toMatchObject({ area: 1000, areaMu: 1.6 });
        const cleared = await call('/api/tPqcrdk/addOrUpdate', { id: created.body.data.id, area: '' });
        expect(cleared.body.data).toMatchObject({ area: null, areaMu: null });
      });
    });

    describe('consultation answers', () => {
      const question = { title: '工业用地出让年限是多少年？', content: '请问工业用地最长出让多少年？', askerName: '李女士' };

      it('a new question waits for an answer', async () => {
        const res = await call('/api/tProblem/addOrUpdate', question);
        expect(res.body.data).toMatchObject({ status: '0', answeredBy: null, answeredAt: null });
      });

      it('answering a waiting question marks it answered, by whom and when', async () => {
        const asked = await call('/api/tProblem/addOrUpdate', question);
        const before = Date.now();
        const answered = await call('/api/tProblem/addOrUpdate', { id: asked.body.data.id, answer: '工业用地出让最高年限为50年。' });
        expect(answered.body.data).toMatchObject({ status: '1', answeredBy: adminId });
        expect(Date.parse(answered.body.data.answeredAt)).toBeGreaterThanOrEqual(before - 1000);
      });

      it('a closed question stays closed, and a blank answer answers nothing', async () => {
        const closed = await call('/api/tProblem/addOrUpdate', { ...question, status: '2', answer: '已电话答复。' });
        expect(closed.body.data).toMatchObject({ status: '2', answeredAt: null });
        const blank = await call('/api/tProblem/addOrUpdate', { ...question, answer: '   ' });
        expect(blank.body.data).toMatchObject({ status: '0', answeredAt: null });
      });
    });

    it('a user message goes to an active visitor only: a typed name, an unknown id or a disabled account is refused and nothing is stored', async () => {
      const visitor = await t.call('/openApi/register', { userAccount: '13722220001', password: 'Visit@2024ab', userName: '收信访客', sqdw: '某公司' });
      const userId = visitor.body.data.userId as string;
      const count = async () => (await t.db.db.selectFrom('t_messageuser' as 't_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
      const before = Number(await count());
      for (const wrong of ['收信访客', '13722220001', 'visitor01']) {
        const res = await call('/api/tMessageuser/addOrUpdate', { userId: wrong, title: '系统通知', type: 'system' });
        expect(res.status).toBe(400);
        expect(res.body.data.errors).toEqual([{ field: 'userId', msg: '接收用户不存在或已停用，请从公众用户中选择' }]);
      }
      const sent = await call('/api/tMessageuser/addOrUpdate', { userId, title: '系统通知', type: 'system' });
      expect(sent.status).toBe(200);
      // Disabled afterwards: the message already sent can still be marked read, a new one is refused.
      await t.db.db.updateTable('t_visitor').set({ status: '0' }).where('id', '=', userId).execute();
      expect((await call('/api/tMessageuser/addOrUpdate', { id: sent.body.data.id, isRead: 1 })).status).toBe(200);
      expect((await call('/api/tMessageuser/addOrUpdate', { userId, title: '系统通知', type: 'system' })).status).toBe(400);
      expect(Number(await count())).toBe(before + 1);
      await t.db.db.updateTable('t_visitor').set({ status: '1' }).where('id', '=', userId).execute();
    });

    it('marking a user message read stamps the time, unread clears it', async () => {
      const userId = (await t.db.db.selectFrom('t_visitor').select('id').where('userAccount', '=', '13722220001').executeTakeFirstOrThrow()).id;
      const msg = await call('/api/tMessageuser/addOrUpdate', { userId, title: '系统通知', type: 'system' });
      expect(msg.body.data).toMatchObject({ isRead: 0, readAt: null });
      const read = await call('/api/tMessageuser/addOrUpdate', { id: msg.body.data.id, isRead: 1 });
      expect(read.body.data.readAt).toEqual(expect.any(String));
      const unread = await call('/api/tMessageuser/addOrUpdate', { id: msg.body.data.id, isRead: 0 });
      expect(unread.body.data.readAt).toBeNull();
    });
  });
}
