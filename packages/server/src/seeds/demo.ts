import { ENTITIES } from '@land/shared/entities/index';
import type { AppContext } from '../context';
import type { AnyDb } from '../entities/repository';
import { nowIso } from '../lib/time';
import { addUser, findUserByAccount } from '../services/users';
import type { StaffIdentity } from '../plugins/auth';
import { fileStoreFor } from '../services/storage';
import { seedInvestment } from './investment';
import { buildZoneLayout } from './layout';
import { writeDemoPanoramas } from './panorama';
import { seedParcels } from './parcels';
import { seedLand } from './land';
import { seedPublications } from './publications';
import { anyEntityRows } from './records';
import { seedReference } from './reference';
import { seedFacilities } from './facilities';
import { seedWechat } from './wechat';
import { seedBaseMap, seedZoneMapView } from './basemap';

const MARKER = 'demo.seeded';

/**
 * Fills an empty database with a lived-in demo (embedded default). Runs once: a settings
 * marker records it, so restarts and a database with real data are left alone.
 */
export async function seedDemoData(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const done = await db.selectFrom('t_setting').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (done) {
    // A demo seeded before the base map existed gets it (and the zone's map centre) once.
    const any = db as unknown as AnyDb;
    if (await any.selectFrom('t_area').select('areacode').where('areacode', '=', 'LJ01').executeTakeFirst()) {
      await seedBaseMap(any);
      await seedZoneMapView(any);
    }
    return;
  }
  const staff = [
    { userAccount: 'zhangwei', userName: '张伟', role: 'editor', company: '开发区自然资源和规划分局', phone: '13905710001' },
    { userAccount: 'liuyang', userName: '刘洋', role: 'reviewer', company: '开发区自然资源和规划分局', phone: '13905710002' },
    { userAccount: 'chenjing', userName: '陈静', role: 'reviewer', company: '开发区管委会', phone: '13905710003' },
    { userAccount: 'wangfang', userName: '王芳', role: 'readonly', company: '开发区招商局', phone: '13905710004' },
    { userAccount: 'zhaolei', userName: '赵磊', role: 'editor', company: '开发区土地储备中心', phone: '13905710005' },
  ] as const;
  for (const s of staff) {
    if (await findUserByAccount(db, s.userAccount)) continue;
    await addUser(db, { ...s, email: `${s.userAccount}@kfq.gov.cn`, password: 'Demo@2024abc', status: '1' });
  }
  const identity = async (account: string): Promise<StaffIdentity> => {
    const u = (await findUserByAccount(db, account))!;
    return { sessionId: 'demo-seed', userId: u.id, userAccount: u.userAccount, userName: u.userName, role: u.role };
  };
  const staffOf = { editor: await identity('zhangwei'), reviewer: await identity('liuyang'), publisher: await identity('chenjing') };
  const editor = staffOf.editor.userId;
  const answerer = staffOf.reviewer.userId;
  if (await anyEntityRows(db as unknown as AnyDb, ENTITIES)) return;
  const layout = buildZoneLayout();
  // Written before the records that point at them, so no record names a missing file.
  const panoramas = await writeDemoPanoramas(fileStoreFor(ctx.config), ['全景-北侧道路.png', '全景-场地中心.png', '全景-临港.png', '全景-东侧.png', '全景-南侧.png']);
  // Records go through the engine's save (validation, hooks) and the lifecycle service in one
  // transaction: a demo row a clerk could not enter fails the start-up instead of leaving half
  // a demo behind.
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as AnyDb;
    if (await anyEntityRows(tx, ENTITIES)) return;
    await seedReference(tx, editor, layout);
    await seedBaseMap(tx);
    await seedZoneMapView(tx);
    await seedFacilities(tx);
    const parcels = await seedParcels(tx, staffOf, layout, panoramas);
    await seedLand(tx, editor, layout, parcels);
    await seedInvestment(tx, editor, answerer);
    await seedPublications(tx, editor);
    await seedWechat(tx, editor, parcels.idOf);
  });
  await db.insertInto('t_setting').values({ key: MARKER, value: nowIso(), updatedAt: nowIso() }).execute();
}
