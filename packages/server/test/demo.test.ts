import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '@land/shared/entities/index';
import { zoneExtent } from '../src/seeds/basemap';
import type { AnyDb } from '../src/entities/repository';
import { seedDemoData } from '../src/seeds/demo';
import { DEMO_VISITOR_PASSWORD, DEMO_VISITORS } from '../src/seeds/wechat';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`demo data [${dialect}]`, () => {
    let t: TestApp;
    const count = async (table: string) =>
      Number((await t.db.db.selectFrom(table as 't_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      // Every demo row goes through the engine's validation: a row a clerk could not enter throws here.
      await seedDemoData({ db: t.db.db, dialect: t.db.dialect, config: t.config });
    }, 120_000);
    afterAll(async () => t?.close());

    it('fills every entity', async () => {
      const empty = [];
      for (const def of ENTITIES) if ((await count(def.table)) === 0) empty.push(def.name);
      expect(empty).toEqual([]);
    });

    it('draws the zone’s roads and water and centres the maps on the zone', async () => {
      const base = await t.call('/openApi/selectBaseMapFeatures', {});
      const kinds = new Set((base.body.data.features as { properties: { kind: string } }[]).map((f) => f.properties.kind));
      expect([...kinds].sort()).toEqual(['road', 'water']);
      const config = (await t.call('/openApi/config', {})).body.data as { mapCenterLon: number; mapCenterLat: number };
      const [minLon, minLat, maxLon, maxLat] = zoneExtent();
      expect(config.mapCenterLon).toBeGreaterThan(minLon);
      expect(config.mapCenterLon).toBeLessThan(maxLon);
      expect(config.mapCenterLat).toBeGreaterThan(minLat);
      expect(config.mapCenterLat).toBeLessThan(maxLat);
    });

    it('addresses its messages to registered investors, who sign in and find them in their inbox', async () => {
      const recipients: { userId: string }[] = await (t.db.db as unknown as AnyDb).selectFrom('t_messageuser').select('userId').distinct().execute();
      const visitors = await t.db.db.selectFrom('t_visitor').select(['id', 'userAccount']).execute();
      expect(recipients.length).toBe(DEMO_VISITORS.length);
      expect(recipients.every((r) => visitors.some((v) => v.id === r.userId))).toBe(true);
      const login = await t.call('/openApi/visitorLogin', { userAccount: DEMO_VISITORS[0].userAccount, password: DEMO_VISITOR_PASSWORD });
      expect(login.status).toBe(200);
      const inbox = await t.call('/openApi/tMessage/selectDetailByPage', { pageNo: 1, pageSize: 10 }, { token: login.body.data.token as string });
      const titles = (inbox.body.data.list as { title: string }[]).map((m) => m.title).sort();
      expect(titles).toEqual(['土地出让公告提醒', '租期到期提醒']);
    });

    it("a reply notice leads to the question in the investor's 我的咨询, answered", async () => {
      for (const visitor of [DEMO_VISITORS[1], DEMO_VISITORS[3]]) {
        const login = await t.call('/openApi/visitorLogin', { userAccount: visitor.userAccount, password: DEMO_VISITOR_PASSWORD });
        const token = login.body.data.token as string;
        const inbox = await t.call('/openApi/tMessage/selectDetailByPage', { pageNo: 1, pageSize: 10 }, { token });
        const notice = (inbox.body.data.list as { type: string; content: string; sourceId: string }[]).find((m) => m.type === 'consultReply')!;
        const mine = await t.call('/openApi/getMyProblemList', { pageNo: 1, pageSize: 10 }, { token });
        const list = (mine.body.data.list ?? mine.body.data) as { id: string; title: string; answer: string | null }[];
        const asked = list.find((q) => q.id === notice.sourceId);
        expect(asked, visitor.userAccount).toBeDefined();
        expect(notice.content).toContain(`“${asked!.title}”`);
        expect(asked!.answer).toBeTruthy();
      }
    });

    it('runs once: a second start adds nothing', async () => {
      const before = await Promise.all(ENTITIES.map((d) => count(d.table)));
      await seedDemoData({ db: t.db.db, dialect: t.db.dialect, config: t.config });
      expect(await Promise.all(ENTITIES.map((d) => count(d.table)))).toEqual(before);
      expect(await count('t_visitor')).toBe(DEMO_VISITORS.length);
    });
  });
}
