import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { publicWorld, type PublicWorld } from './helpers/publicWorld';

type Row = Record<string, unknown>;

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`public: what belongs to a visitor [${dialect}]`, () => {
    let t: TestApp;
    let w: PublicWorld;
    let alice: { token: string; userId: string };
    let bob: { token: string; userId: string };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await publicWorld(t);
      alice = await w.registerVisitor('13711110001', { userName: '爱丽丝', sqdw: '甲公司' });
      bob = await w.registerVisitor('13711110002', { userName: '鲍勃', sqdw: '乙公司' });
    });
    afterAll(async () => t?.close());

    it('collects published parcels only, once, and lists them with their key figures', async () => {
      const [logistics, factory] = w.published;
      const first = await w.open('/openApi/tCollection/addCollection', { dkid: logistics.id }, alice.token);
      expect(first.body.data).toMatchObject({ dkid: logistics.id, added: true });
      const again = await w.open('/openApi/tCollection/addCollection', { dkid: logistics.id }, alice.token);
      expect(again.body.data).toMatchObject({ id: first.body.data.id, added: false });
      await w.open('/openApi/tCollection/addCollection', { dkid: factory.id }, alice.token);
      for (const hidden of Object.values(w.hidden)) {
        expect((await w.open('/openApi/tCollection/addCollection', { dkid: hidden.id }, alice.token)).body.code).toBe(ERROR_CODES.NOT_FOUND);
      }
      const page = await w.open('/openApi/tCollection/selectInfosByPage', { pageNo: 1, pageSize: 10 }, alice.token);
      expect(page.body.data.total).toBe(2);
      const item = (page.body.data.list as Row[]).find((c) => c.dkid === logistics.id)!;
      expect(item.parcel).toMatchObject({ dkmc: '临港物流仓储地块', areaname: '测试片区', dlname: '物流仓储用地', tradeState: 'listed' });
      expect(await t.db.db.selectFrom('t_collection').select('id').where('visitorId', '=', alice.userId).execute()).toHaveLength(2);
      expect((await w.open('/openApi/tCollection/getBooleanByDkid', { dkid: logistics.id }, alice.token)).body.data).toBe(true);
      expect((await w.open('/openApi/tCollection/getBooleanByDkid', { dkid: logistics.id }, bob.token)).body.data).toBe(false);
      expect((await w.open('/openApi/tCollection/getBooleanByDkid', { dkid: logistics.id })).body.data).toBe(false);
      expect((await w.open('/openApi/tCollection/selectInfosByPage', {})).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it("never shows or deletes another visitor's collections, whatever the body says", async () => {
      const mine = await w.open('/openApi/tCollection/selectInfosByPage', { visitorId: alice.userId, userId: alice.userId }, bob.token);
      expect(mine.body.data.total).toBe(0);
      const aliceList = (await w.open('/openApi/tCollection/selectInfosByPage', {}, alice.token)).body.data.list as Row[];
      const steal = await w.open('/openApi/tCollection/deleteCollectionByID', { id: aliceList[0].id }, bob.token);
      expect(steal.body.code).toBe(ERROR_CODES.NOT_FOUND);
      const byParcel = await w.open('/openApi/tCollection/deleteCollectionByID', { dkid: aliceList[0].dkid }, bob.token);
      expect(byParcel.body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect((await w.open('/openApi/tCollection/selectInfosByPage', {}, alice.token)).body.data.total).toBe(2);
      const own = await w.open('/openApi/tCollection/deleteCollectionByID', { id: aliceList[0].id }, alice.token);
      expect(own.body.data).toEqual({ deleted: 1 });
      expect((await w.open('/openApi/tCollection/selectInfosByPage', {}, alice.token)).body.data.total).toBe(1);
    });

    it('drops a collected parcel from the list once it is taken down', async () => {
      const parcel = await w.createParcel({ dkmc: '即将下架地块' });
      for (const action of ['submit', 'passFirst', 'publish']) await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action });
      await w.open('/openApi/tCollection/addCollection', { dkid: parcel.id }, bob.token);
      expect((await w.open('/openApi/tCollection/selectInfosByPage', {}, bob.token)).body.data.total).toBe(1);
      await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action: 'takeDown', comment: '规划调整' });
      const after = await w.open('/openApi/tCollection/selectInfosByPage', {}, bob.token);
      expect(after.body.data.total).toBe(0);
      expect(JSON.stringify(after.body)).not.toContain('即将下架地块');
      expect((await w.open('/openApi/tCollection/getBooleanByDkid', { dkid: parcel.id }, bob.token)).body.data).toBe(false);
    });

    it("keeps messages to their owner: no reading, marking or deleting another's", async () => {
      const [logistics] = w.published;
      const sent = await w.open(
        '/openApi/tWxuser/batchSendMessage',
        { title: '出让公告提醒', content: '您关注的地块已挂牌', type: 'landNotice', sourceId: logistics.id, userIds: [alice.userId] },
        w.tokens.admin,
      );
      expect(sent.body.data).toMatchObject({ sent: 1 });
      const list = await w.open('/openApi/tMessage/selectByPage', {}, alice.token);
      expect(list.body.data).toMatchObject({ total: 1, unread: 1 });
      expect(list.body.data.list[0]).not.toHaveProperty('content');
      expect(list.body.data.list[0].parcel).toEqual({ id: logistics.id, dkmc: logistics.dkmc, tradeState: expect.any(String) });
      const id = list.body.data.list[0].id as string;

      const bobs = await w.open('/openApi/tMessage/selectDetailByPage', { params: [{ column: 'id', type: 'eq', val: id }] }, bob.token);
      expect(bobs.body.data.total).toBe(0);
      expect((await w.open('/openApi/tMessage/selectDetailById', { id }, bob.token)).body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect((await w.open('/openApi/tMessage/deleteMessage', { ids: [id] }, bob.token)).body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect((await w.open('/openApi/tMessage/readMessage', { all: 1 }, bob.token)).body.data).toEqual({ updated: 0 });
      expect((await w.open('/openApi/tMessage/selectDetailByDkid', { dkid: logistics.id }, bob.token)).body.data).toEqual([]);

      const byParcel = await w.open('/openApi/tMessage/selectDetailByDkid', { dkid: logistics.id }, alice.token);
      expect(byParcel.body.data[0]).toMatchObject({ id, content: '您关注的地块已挂牌', isRead: 0 });
      const opened = await w.open('/openApi/tMessage/selectDetailById', { id }, alice.token);
      expect(opened.body.data).toMatchObject({ id, isRead: 1 });
      expect((await w.open('/openApi/tMessage/selectByPage', {}, alice.token)).body.data.unread).toBe(0);
      expect((await w.open('/openApi/tMessage/deleteMessage', { ids: [id] }, alice.token)).body.data).toEqual({ deleted: 1 });
      expect((await w.open('/openApi/tMessage/selectByPage', {}, alice.token)).body.data.total).toBe(0);
    });

    it('a message about a parcel names it while it is published; once taken down the link is cut and the text stays', async () => {
      const parcel = await w.createParcel({ dkmc: '消息所指地块' });
      for (const action of ['submit', 'passFirst', 'publish']) await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action });
      await w.open('/openApi/tWxuser/batchSendMessage', { title: '成交公示提醒', content: '地块已成交', type: 'dealNotice', sourceId: parcel.id, userIds: [bob.userId] }, w.tokens.admin);
      const about = async () => ((await w.open('/openApi/tMessage/selectDetailByPage', { type: 'dealNotice' }, bob.token)).body.data.list as Row[])[0];
      expect(await about()).toMatchObject({ sourceId: parcel.id, parcel: { id: parcel.id, dkmc: '消息所指地块' } });
      await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action: 'takeDown', comment: '规划调整' });
      const after = await about();
      expect(after).toMatchObject({ title: '成交公示提醒', content: '地块已成交', sourceId: null, parcel: null });
      expect(JSON.stringify(after)).not.toContain('消息所指地块');
    });

    it('a message about a notice (通知) names it while it is published, for a link to it; a draft notice is never named', async () => {
      const send = (sourceId: string, title: string) =>
        w.open('/openApi/tWxuser/batchSendMessage', { title, content: '请查看公告', type: 'system', sourceId, userIds: [alice.userId] }, w.tokens.admin);
      await send(w.ids.notice, '公告通知');
      await send(w.ids.draftNotice, '草稿通知');
      const list = (await w.open('/openApi/tMessage/selectDetailByPage', { type: 'system' }, alice.token)).body.data.list as Row[];
      const about = (title: string) => list.find((m) => m.title === title)!;
      expect(about('公告通知')).toMatchObject({ sourceId: w.ids.notice, parcel: null, notice: { id: w.ids.notice, title: '临港物流地块挂牌出让公告' } });
      expect(about('草稿通知')).toMatchObject({ sourceId: null, parcel: null, notice: null });
      expect(JSON.stringify(list)).not.toContain('公告草稿');
      // The same for the messages about that notice.
      const byNotice = await w.open('/openApi/tMessage/selectDetailByDkid', { dkid: w.ids.notice }, alice.token);
      expect(byNotice.body.data[0]).toMatchObject({ notice: { id: w.ids.notice } });
    });

    it('sends to visitors only with a staff session', async () => {
      const body = { title: '系统通知', userIds: [alice.userId] };
      expect((await w.open('/openApi/tWxuser/batchSendMessage', body)).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      expect((await w.open('/openApi/tWxuser/batchSendMessage', body, alice.token)).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const unknown = await w.open('/openApi/tWxuser/batchSendMessage', { title: '系统通知', userIds: ['nobody'] }, w.tokens.admin);
      expect(unknown.body.code).toBe(ERROR_CODES.NOT_FOUND);
      // Visitors whose number holds a WeChat permission receive what is sent to that permission.
      await w.call('/api/tWxuserpermission/addOrUpdate', { openid: 'oABC', phone: '13711110002', permission: 'leaseExpiry', status: '1' });
      const byPermission = await w.open('/openApi/tWxuser/batchSendMessage', { title: '租期到期提醒', type: 'leaseExpiry', permission: 'leaseExpiry' }, w.tokens.admin);
      expect(byPermission.body.data).toEqual({ sent: 1, userIds: [bob.userId] });
    });

    it('takes questions from visitors (who asked from the session) and from guests (name and phone)', async () => {
      const guest = await w.open('/openApi/addProblem', { title: '保证金何时退还？', content: '未竞得的保证金多久退还' });
      expect(guest.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'askerName' } });
      const badPhone = await w.open('/openApi/addProblem', { title: '保证金何时退还？', content: '多久退还', askerName: '赵先生', askerPhone: '123' });
      expect(badPhone.body.msg).toBe('联系电话格式不正确');
      const asked = await w.open(
        '/openApi/addProblem',
        { title: '标准厂房能分层租吗？', content: '想租二层', visitorId: bob.userId, status: '1', answer: '可以' },
        alice.token,
      );
      expect(asked.body.code, asked.body.msg).toBe('200');
      expect(asked.body.data).toMatchObject({ askerName: '爱丽丝', askerPhone: '13711110001', sqdw: '甲公司', status: '0', answer: null });
      const stored = await t.db.db.selectFrom('t_problem' as never).select(['visitorId' as never]).where('id' as never, '=', asked.body.data.id as never).executeTakeFirst();
      expect((stored as Row).visitorId).toBe(alice.userId);
      const mine = await w.open('/openApi/getMyProblemList', {}, alice.token);
      expect((mine.body.data.list as Row[]).map((p) => p.title)).toEqual(['标准厂房能分层租吗？']);
      expect((await w.open('/openApi/getMyProblemList', {}, bob.token)).body.data.total).toBe(0);
      // Unanswered questions are not on the public list.
      const open = await w.open('/openApi/getProblemList', {});
      expect((open.body.data.list as Row[]).map((p) => p.title)).toEqual(['物流用地的出让年限是多少？']);
    });

    it('limits questions per address', async () => {
      const results: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await w.open('/openApi/addProblem', { title: `问题${i}`, content: '内容', askerName: '钱先生', askerPhone: '13900001111' });
        results.push(res.body.code);
      }
      expect(results).toContain(ERROR_CODES.RATE_LIMITED);
    });
  });
}
