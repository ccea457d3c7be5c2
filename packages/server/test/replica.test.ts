import { afterEach, describe, expect, it } from 'vitest';
import type { AnyDb } from '../src/entities/repository';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { publicWorld } from './helpers/publicWorld';

/**
 * DATABASE_READ_URL: the public parcel searches read from the replica's handle, while details,
 * visit counts and everything visitors write stay on the primary. Here the "replica" is a second
 * database holding a different zone, so each answer shows which handle it came from.
 */
describe.each(DIALECTS)('read replica for the public searches (%s)', (dialect) => {
  const open: TestApp[] = [];
  afterEach(async () => {
    // The app on the primary first: the replica's own app disposes the replica database.
    for (const t of open.reverse()) await t.close();
    open.length = 0;
  });

  it('searches answer from the replica; the detail and the visit count use the primary', async () => {
    if (!(await dialectAvailable(dialect))) return;
    const replicaApp = await createTestApp(dialect);
    open.push(replicaApp);
    const replicaWorld = await publicWorld(replicaApp);
    const primary = await createTestApp(dialect, {}, undefined, replicaApp.db);
    open.push(primary);
    const primaryWorld = await publicWorld(primary);

    const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.id).sort();
    const replicaIds = ids(replicaWorld.published);
    const primaryIds = ids(primaryWorld.published);
    expect(replicaIds).not.toEqual(primaryIds);

    for (const url of ['/openApi/selectLandInfoListPage', '/openApi/selectLandInfoByMore']) {
      const page = await primary.call(url, { pageNo: 1, pageSize: 50 });
      expect(page.body.code).toBe('200');
      expect(ids(page.body.data.list)).toEqual(replicaIds);
    }
    const map = await primary.call('/openApi/selectLandInfoList', {});
    expect(ids(map.body.data.list ?? map.body.data)).toEqual(replicaIds);

    // A parcel of the primary: its detail and visit count come from and go to the primary.
    const dkid = primaryIds[0] as string;
    const detail = await primary.call('/openApi/getLandInfoById', { dkid });
    expect(detail.body.code).toBe('200');
    const primaryDb = primary.db.db as unknown as AnyDb;
    const visits = async () => Number((await primaryDb.selectFrom('t_landinfo').select('visitcount').where('id', '=', dkid).executeTakeFirstOrThrow()).visitcount ?? 0);
    const before = await visits();
    const visit = await primary.call('/openApi/updateLandInfoVisitcount', { dkid });
    expect(visit.body).toMatchObject({ code: '200', data: { counted: true } });
    expect(await visits()).toBe(before + 1);
  });

  it('without a replica the searches read the primary', async () => {
    if (!(await dialectAvailable(dialect))) return;
    const t = await createTestApp(dialect);
    open.push(t);
    const world = await publicWorld(t);
    const page = await t.call('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 50 });
    expect(page.body.data.list.map((r: { id: string }) => r.id).sort()).toEqual(world.published.map((r) => r.id).sort());
  });
});
