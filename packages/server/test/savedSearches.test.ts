/**
 * Saved searches with alerts: a visitor saves the public search's filters (and a drawn area);
 * publishing, a trade-state change or a price change of a matching parcel puts one digest a
 * day in the visitor's inbox, through the outbox, with a link to the parcel and a signed link to
 * stop the alerts that works without signing in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { OUTBOX_JOB, SAVED_SEARCH_JOB } from '../src/services/messagingJobs';
import { runSavedSearchDigests } from '../src/services/savedSearches';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestApp } from './helpers/app';
import { FAKE_WECHAT_CONFIG, startFakeWechat, type FakeWechat } from './helpers/fakeWechat';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;
const PASSWORD = 'Visit@2024ab';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`saved searches [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let db: AnyDb;
    let phone = 13600000000;

    const open = (url: string, body: Row, token?: string) => t.call(`/openApi/tSavedSearch/${url}`, body, { token: token ?? 'none' });
    const must = async (url: string, body: Row, token?: string) => {
      const res = await open(url, body, token);
      if (res.body.code !== '200') throw new Error(`${url}: ${res.body.msg}`);
      return res.body.data;
    };
    const visitor = async () => {
      phone += 1;
      const res = await t.call('/openApi/register', { userAccount: String(phone), password: PASSWORD, userName: '投资人', sqdw: '某投资公司' });
      return { userId: res.body.data.userId as string, token: res.body.data.token as string };
    };
    const inbox = async (token: string) =>
      (await t.call('/openApi/tMessage/selectDetailByPage', { pageNo: 1, pageSize: 50 }, { token })).body.data.list.filter((m: Row) => m.type === 'savedSearch') as Row[];
    const publish = async (overrides: Row) => {
      const p = await w.createParcel(overrides);
      for (const action of ['submit', 'passFirst', 'publish']) {
        const res = await w.call('/api/tLandinfo/transition', { ids: [p.id], action });
        expect(res.body.code, res.body.msg).toBe('200');
      }
      return p;
    };
    /** One digest run (changes count at once here; the job waits a minute for open transactions) and one delivery. */
    const digestAndDeliver = async () => {
      await runSavedSearchDigests(db, dialect, { settleMs: 0 });
      expect(await t.app.scheduler.runOnce(OUTBOX_JOB)).toBe(true);
    };
    /** The day has passed since the search's last digest. */
    const nextDay = async (id: string) => {
      await db.updateTable('t_saved_search').set({ lastDigestAt: new Date(Date.now() - 25 * 3600_000).toISOString() }).where('id', '=', id).execute();
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      db = t.db.db as unknown as AnyDb;
    });
    afterAll(async () => t?.close());

    it('publishing a matching parcel gives exactly one message, with links to the parcel and to unsubscribe', async () => {
      const v = await visitor();
      const saved = await must('addSavedSearch', { name: '工业用地 1000 万以内', filter: { dlcode: '10', priceMax: 1000, state: '' } }, v.token);
      expect(saved).toMatchObject({ name: '工业用地 1000 万以内', status: 'active', filter: { dlcode: '10', priceMax: 1000 } });
      // The same conditions again (an empty value is no condition) are refused: they would alert twice.
      const again = await t.call('/openApi/tSavedSearch/addSavedSearch', { name: '又一次', filter: { priceMax: 1000, dlcode: '10' } }, { token: v.token });
      expect(again.body).toMatchObject({ code: ERROR_CODES.CONFLICT, msg: '已保存过相同条件的搜索“工业用地 1000 万以内”，可在个人中心 › 我的订阅中查看' });
      expect(await must('selectSavedSearchList', {}, v.token)).toHaveLength(1);

      const parcel = await publish({ dkmc: '东区智造地块', dlcode: '100101', startingPrice: 800 });
      await digestAndDeliver();
      await digestAndDeliver();
      expect(await t.app.scheduler.runOnce(SAVED_SEARCH_JOB)).toBe(true);
      expect(await t.app.scheduler.runOnce(OUTBOX_JOB)).toBe(true);

      const messages = await inbox(v.token);
      expect(messages).toHaveLength(1);
      expect(messages[0].title).toContain('工业用地 1000 万以内');
      expect(messages[0].content).toContain('东区智造地块');
      expect(messages[0].content).toContain(`/mapMoreDetails/${String(parcel.id)}`);
      expect(messages[0].content).toMatch(/\/personalCenter\?unsubscribe=\S+/);
      expect((await must('selectSavedSearchList', {}, v.token))[0].lastDigestAt).toBeTruthy();
    });

    it('the public search filters by a drawn area, concave or with a hole, the same on both databases', async () => {
      // An L: the square 122.00–122.10 × 32.00–32.10 without its north-east quarter, and a hole.
      const lShape = {
        type: 'Polygon',
        coordinates: [
          [[122.0, 32.0], [122.1, 32.0], [122.1, 32.05], [122.05, 32.05], [122.05, 32.1], [122.0, 32.1], [122.0, 32.0]],
          [[122.06, 32.01], [122.09, 32.01], [122.09, 32.04], [122.06, 32.04], [122.06, 32.01]],
        ],
      };
      const at = (lon: number, lat: number, dkmc: string) => publish({ dkmc, geometry: square(lon, lat, 0.002) });
      await at(122.01, 32.01, '范围西南');
      await at(122.01, 32.08, '范围西北');
      await at(122.07, 32.07, '缺口东北');
      await at(122.07, 32.02, '洞内');
      await at(122.2, 32.2, '范围之外');
      for (const area of [lShape, JSON.stringify(lShape)]) {
        const res = await t.call('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 50, area });
        expect(res.body.code, res.body.msg).toBe('200');
        expect(res.body.data.list.map((p: Row) => p.dkmc).sort()).toEqual(['范围西北', '范围西南']);
      }
      const map = await t.call('/openApi/selectLandInfoList', { area: lShape, keyword: '西北' });
      expect(map.body.data.map((p: Row) => p.dkmc)).toEqual(['范围西北']);
      const ring = Array.from({ length: 260 }, (_, i) => [122 + 0.05 * Math.cos((i / 260) * 2 * Math.PI), 32 + 0.05 * Math.sin((i / 260) * 2 * Math.PI)]);
      const tooMany = await t.call('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 5, area: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } });
      expect(tooMany.body.code).toBe(ERROR_CODES.VALIDATION);
      expect(tooMany.body.msg).toContain('搜索范围不正确');
    });

    it('a parcel that does not match, inside or outside a drawn area, gives no message', async () => {
      const v = await visitor();
      const area = square(121.0, 31.0, 0.05);
      await must('addSavedSearch', { name: '仓储用地', filter: { dlcode: '11' } }, v.token);
      await must('addSavedSearch', { name: '画出的范围', filter: { area: JSON.stringify(area) } }, v.token);
      await publish({ dkmc: '不相干的工业地块', dlcode: '100101', geometry: square(120.5, 30.5) });
      await digestAndDeliver();
      expect(await inbox(v.token)).toHaveLength(0);

      // Inside the drawn area (and a storage parcel): each search alerts once.
      await publish({ dkmc: '范围内的仓储地块', dlcode: '1101', geometry: square(121.01, 31.01) });
      await digestAndDeliver();
      const titles = (await inbox(v.token)).map((m) => m.title).sort();
      expect(titles).toEqual(['保存的搜索“仓储用地”有1个地块更新', '保存的搜索“画出的范围”有1个地块更新']);
    });

    it('a paused search gives no message; resumed, only later changes count', async () => {
      const v = await visitor();
      const s = await must('addSavedSearch', { name: '第二片区', filter: { areacode: 'T02' } }, v.token);
      expect(await must('pauseSavedSearch', { id: s.id }, v.token)).toMatchObject({ status: 'paused' });
      await publish({ dkmc: '暂停期间发布', areacode: 'T02' });
      await digestAndDeliver();
      expect(await inbox(v.token)).toHaveLength(0);

      expect(await must('resumeSavedSearch', { id: s.id }, v.token)).toMatchObject({ status: 'active' });
      await digestAndDeliver();
      expect(await inbox(v.token)).toHaveLength(0);
      await publish({ dkmc: '恢复之后发布', areacode: 'T02' });
      await digestAndDeliver();
      const messages = await inbox(v.token);
      expect(messages).toHaveLength(1);
      expect(messages[0].content).toContain('恢复之后发布');
      expect(messages[0].content).not.toContain('暂停期间发布');
    });

    it('one digest a day; trade-state and price changes alert too, each parcel once per change', async () => {
      const v = await visitor();
      const s = await must('addSavedSearch', { name: '关键词 滨江', filter: { keyword: '滨江' } }, v.token);
      const first = await publish({ dkmc: '滨江一号地块' });
      await digestAndDeliver();
      expect(await inbox(v.token)).toHaveLength(1);

      // Within the day: the second parcel waits for the next digest.
      const second = await publish({ dkmc: '滨江二号地块' });
      await w.call('/api/tLandJyst/addOrUpdate', { dkid: first.id, parcelCode: first.dkbh, transactionType: 'listing', status: 'listing', announcementNo: '滨江公告1', listingStart: '2024-05-01' });
      await digestAndDeliver();
      expect(await inbox(v.token)).toHaveLength(1);

      await nextDay(s.id);
      await digestAndDeliver();
      const messages = await inbox(v.token);
      expect(messages).toHaveLength(2);
      const latest = messages.find((m) => String(m.title).includes('2个地块'))!;
      expect(latest.content).toContain('滨江二号地块');
      expect(latest.content).toMatch(/滨江一号地块（[^）]+）交易状态变化：挂牌中/);
      expect(String(latest.content).split('滨江一号地块').length - 1).toBe(1);

      // A public price record is a price change; an appraisal (confidential) is not.
      await nextDay(s.id);
      const price = await w.call('/api/tDkxq/addPrice', { dkid: second.id, priceType: 'appraised', price: 999, unit: 'wan', priceDate: '2024-06-01' });
      expect(price.body.code, price.body.msg).toBe('200');
      await digestAndDeliver();
      expect(await inbox(v.token)).toHaveLength(2);
      await w.call('/api/tDkxq/addPrice', { dkid: second.id, priceType: 'starting', price: 1200, unit: 'wan', priceDate: '2024-06-01' });
      await digestAndDeliver();
      const third = (await inbox(v.token)).filter((m) => String(m.content).includes('价格变化'));
      expect(third).toHaveLength(1);
      expect(third[0].content).toContain('滨江二号地块');
    });

    it('unsubscribes without signing in through the signed link; a forged link is refused and changes nothing', async () => {
      const v = await visitor();
      const s = await must('addSavedSearch', { name: '退订测试', filter: { keyword: '退订' } }, v.token);
      const other = await must('addSavedSearch', { name: '另一个搜索', filter: { keyword: '退订测试' } }, v.token);
      await publish({ dkmc: '退订测试地块' });
      await digestAndDeliver();
      const message = (await inbox(v.token)).find((m) => String(m.title).includes('退订测试'))!;
      const token = decodeURIComponent(/unsubscribe=(\S+)/.exec(String(message.content))![1]);
      expect(token.startsWith(`${String(s.id)}.`)).toBe(true);

      const [, sig] = token.split('.');
      const forged = [
        `${String(other.id)}.${sig}`,
        `${String(s.id)}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
        String(s.id),
        `${String(s.id)}.`,
      ];
      for (const bad of forged) {
        const res = await open('unsubscribe', { token: bad });
        expect(res.body.code, bad).toBe(ERROR_CODES.VALIDATION);
        expect(res.body.msg).toContain('退订链接无效');
      }
      const before = await must('selectSavedSearchList', {}, v.token);
      expect(before.map((x: Row) => x.status)).toEqual(['active', 'active']);

      // No session: the token alone.
      const res = await t.call('/openApi/tSavedSearch/unsubscribe', { token }, { method: 'GET' });
      expect(res.body, res.body.msg).toMatchObject({ code: '200', data: { name: '退订测试' } });
      const after = await must('selectSavedSearchList', {}, v.token);
      expect(after.find((x: Row) => x.id === s.id).status).toBe('paused');
      expect(after.find((x: Row) => x.id === other.id).status).toBe('active');
    });

    it('a visitor sees and changes only their own searches; renames and deletes; input is checked', async () => {
      const a = await visitor();
      const b = await visitor();
      const s = await must('addSavedSearch', { name: '我的搜索', filter: { areaMin: 10, areaMax: 50 } }, a.token);
      expect(await must('selectSavedSearchList', {}, b.token)).toEqual([]);
      for (const [url, body] of [
        ['renameSavedSearch', { id: s.id, name: '别人的' }],
        ['pauseSavedSearch', { id: s.id }],
        ['deleteSavedSearchByID', { id: s.id }],
      ] as const) {
        expect((await open(url, body, b.token)).body.code).toBe(ERROR_CODES.NOT_FOUND);
      }
      expect((await open('selectSavedSearchList', {})).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      expect((await open('addSavedSearch', { name: 'x', filter: {} })).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);

      expect(await must('renameSavedSearch', { id: s.id, name: '10到50亩' }, a.token)).toMatchObject({ name: '10到50亩' });
      const bad = [
        [{ name: '', filter: {} }, '请填写搜索名称'],
        [{ name: 'x'.repeat(31), filter: {} }, '搜索名称不能超过30个字符'],
        [{ name: '价格', filter: { priceMin: 'abc' } }, 'priceMin'],
        [{ name: '状态', filter: { state: 'sold' } }, '交易状态'],
        [{ name: '范围', filter: { area: { type: 'Polygon', coordinates: [[[121, 31], [121.1, 31]]] } } }, '搜索范围不正确'],
      ] as const;
      for (const [body, text] of bad) {
        const res = await open('addSavedSearch', body, a.token);
        expect(res.body.code, JSON.stringify(body)).toBe(ERROR_CODES.VALIDATION);
        expect(res.body.msg + JSON.stringify(res.body.data ?? '')).toContain(text);
      }
      expect(await must('selectSavedSearchList', {}, a.token)).toHaveLength(1);

      // Staff see a visitor's searches.
      const staff = await w.call('/api/tSavedSearch/selectByVisitor', { visitorId: a.userId });
      expect(staff.body.data.map((x: Row) => x.name)).toEqual(['10到50亩']);

      expect(await must('deleteSavedSearchByID', { id: s.id }, a.token)).toEqual({ deleted: 1 });
      expect(await must('selectSavedSearchList', {}, a.token)).toEqual([]);
    });
  });

  describe.skipIf(!available)(`saved searches: WeChat subscribe messages [${dialect}]`, () => {
    let wx: FakeWechat;
    let t: TestApp;
    let w: ParcelWorld;
    let db: AnyDb;

    beforeAll(async () => {
      wx = await startFakeWechat();
      t = await createTestApp(dialect, { ...FAKE_WECHAT_CONFIG, wechatApiBase: wx.baseUrl, wechatTimeoutMs: 3000 });
      w = await parcelWorld(t);
      db = t.db.db as unknown as AnyDb;
      const tpl = await w.call('/api/tMessage/addOrUpdate', { templateId: 'TPL-SAVED', title: '搜索订阅提醒', type: 'savedSearch', content: '搜索：{{thing1.DATA}}\n更新：{{thing2.DATA}}\n时间：{{date3.DATA}}', status: '1' });
      expect(tpl.body.code, tpl.body.msg).toBe('200');
    });
    afterAll(async () => {
      await t?.close();
      await wx?.close();
    });

    it('a visitor signed in through WeChat gets the digest as a subscribe message too, once; others only in the inbox', async () => {
      const register = async (phone: string) => (await t.call('/openApi/register', { userAccount: phone, password: PASSWORD, userName: '投资人', sqdw: '某公司' })).body.data as { userId: string; token: string };
      const wechatUser = await register('13600009001');
      const phoneUser = await register('13600009002');
      await db.insertInto('t_wxuser').values({ id: newId(), openid: 'o_saved_1', visitorId: wechatUser.userId, dev: 0, createdAt: new Date().toISOString() }).execute();
      for (const v of [wechatUser, phoneUser]) {
        const res = await t.call('/openApi/tSavedSearch/addSavedSearch', { name: '港口物流', filter: { keyword: '港口' } }, { token: v.token });
        expect(res.body.code, res.body.msg).toBe('200');
      }
      const parcel = await w.createParcel({ dkmc: '港口物流地块' });
      for (const action of ['submit', 'passFirst', 'publish']) await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action });
      for (let i = 0; i < 2; i++) {
        await runSavedSearchDigests(db, dialect, { settleMs: 0 });
        expect(await t.app.scheduler.runOnce(OUTBOX_JOB)).toBe(true);
      }
      const sends = wx.sends.filter((s) => s.template_id === 'TPL-SAVED');
      expect(sends.map((s) => s.touser)).toEqual(['o_saved_1']);
      expect(sends[0].data.thing1.value).toBe('港口物流');
      const inbox = await db.selectFrom('t_messageuser').select('userId').where('type', '=', 'savedSearch').execute();
      expect(inbox.map((r) => r.userId).sort()).toEqual([wechatUser.userId, phoneUser.userId].sort());
    });
  });
}
