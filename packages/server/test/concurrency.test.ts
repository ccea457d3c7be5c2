import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { registerVisitor } from '../src/services/visitors';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** Concurrency test (issue 10): concurrent staff saves and concurrent visitor collections. */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`concurrency [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const ok: ParcelWorld['ok'] = (...args) => w.ok(...args);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('two staff save the same parcel at once: one wins, the other is told, nothing is lost', async () => {
      const parcel = await w.createParcel({ contact: '原联系人' });
      const [a, b] = await Promise.all([
        w.call('/api/tLandinfo/addOrUpdate', { id: parcel.id, version: parcel.version, contact: '编辑甲', location: '甲填写的坐落' }, { token: w.tokens.admin }),
        w.call('/api/tLandinfo/addOrUpdate', { id: parcel.id, version: parcel.version, contact: '编辑乙', owner: '乙填写的权属人' }, { token: w.tokens.editor }),
      ]);
      const results = [a, b].map((r) => r.body.code).sort();
      expect(results).toEqual(['200', ERROR_CODES.CONFLICT]);
      const loser = [a, b].find((r) => r.body.code !== '200')!;
      expect(loser.status).toBe(409);
      expect(loser.body.msg).toBe('该地块已被他人修改，请刷新后再保存');
      // Told apart from other conflicts (a taken code), so that the form can merge instead of only saying so.
      expect(loser.body.data).toEqual({ reason: 'version' });
      const winner = [a, b].find((r) => r.body.code === '200')!;
      const stored = await ok('/api/tLandinfo/selectById', { id: parcel.id });
      // The winner's save is stored whole; none of the loser's fields slipped in.
      expect(stored.version).toBe((parcel.version as number) + 1);
      expect(stored.contact).toBe(winner.body.data.contact);
      expect(stored).toEqual(winner.body.data);
      if (stored.contact === '编辑甲') expect(stored).toMatchObject({ location: '甲填写的坐落', owner: null });
      else expect(stored).toMatchObject({ contact: '编辑乙', owner: '乙填写的权属人', location: null });
      // The loser reloads, sees the winner's change and saves on top of it.
      const retry = await w.call('/api/tLandinfo/addOrUpdate', { id: parcel.id, version: stored.version, introduction: '刷新后再保存' });
      expect(retry.body.code).toBe('200');
      expect(retry.body.data).toMatchObject({ contact: stored.contact, introduction: '刷新后再保存', version: stored.version + 1 });
    });

    it('many saves of one record with the same version: exactly one is stored', async () => {
      const notice = await ok('/api/tTzgg/addOrUpdate', { title: '并发公告', type: 'transfer', status: '0' });
      const saves = await Promise.all(
        Array.from({ length: 8 }, (_, i) => w.call('/api/tTzgg/addOrUpdate', { id: notice.id, version: notice.version, title: `并发公告${i}` })),
      );
      const won = saves.filter((r) => r.body.code === '200');
      expect(won).toHaveLength(1);
      expect(saves.filter((r) => r.body.code === ERROR_CODES.CONFLICT)).toHaveLength(7);
      const stored = await ok('/api/tTzgg/selectById', { id: notice.id });
      expect(stored).toMatchObject({ title: won[0].body.data.title, version: 2 });
    });

    it('many visitors collect and un-collect at once: every count stays right', async () => {
      const parcel = await w.createParcel();
      for (const action of ['submit', 'passFirst', 'publish']) await ok('/api/tLandinfo/transition', { ids: [parcel.id], action });
      const visitors = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          registerVisitor(t.db.db, t.config, { userAccount: `1390000${String(i).padStart(4, '0')}`, password: 'Visit@2024ab', userName: `访客${i}`, sqdw: '某公司' }, {}),
        ),
      );
      const open = (url: string, body: Row, token: string) => t.call(url, body, { token });
      const collected = async (token: string) => (await open('/openApi/tCollection/getBooleanByDkid', { dkid: parcel.id }, token)).body.data;
      const count = async () =>
        Number((await t.db.db.selectFrom('t_collection' as never).select((eb) => eb.fn.countAll().as('n')).where('dkid' as never, '=', parcel.id as never).executeTakeFirst() as { n: number }).n);

      // Every visitor collects twice at once: one collection each.
      const adds = await Promise.all(visitors.flatMap((v) => [0, 1].map(() => open('/openApi/tCollection/addCollection', { dkid: parcel.id }, v.token))));
      expect(adds.every((r) => r.body.code === '200')).toBe(true);
      expect(await count()).toBe(20);

      // At once: the even visitors un-collect, the odd ones collect again (a no-op).
      const mixed = await Promise.all(
        visitors.map((v, i) =>
          i % 2 === 0
            ? open('/openApi/tCollection/deleteCollectionByID', { dkid: parcel.id }, v.token)
            : open('/openApi/tCollection/addCollection', { dkid: parcel.id }, v.token),
        ),
      );
      expect(mixed.map((r) => r.body.code)).toEqual(visitors.map(() => '200'));
      expect(await count()).toBe(10);
      for (const [i, v] of visitors.entries()) expect(await collected(v.token)).toBe(i % 2 === 1);

      // Collect and un-collect rounds at once, each visitor's ops in order: end state is known.
      await Promise.all(
        visitors.map(async (v, i) => {
          for (let round = 0; round < 3; round++) {
            await open('/openApi/tCollection/addCollection', { dkid: parcel.id }, v.token);
            if (i % 3 !== 0 || round < 2) await open('/openApi/tCollection/deleteCollectionByID', { dkid: parcel.id }, v.token);
          }
        }),
      );
      const expected = visitors.filter((_, i) => i % 3 === 0).length;
      expect(await count()).toBe(expected);
      const page = (await open('/openApi/tCollection/selectInfosByPage', { pageNo: 1, pageSize: 10 }, visitors[0].token)).body.data;
      expect(page.total).toBe(1);
    });
  });
}
