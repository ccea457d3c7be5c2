/**
 * Two server processes (packages/server/src/main.ts, as `npm start` runs it) on one database,
 * the way several servers run behind a load balancer: a staff session made on one is honoured
 * by the other, an import started on one is followed to its end on the other, a page view is
 * counted once whichever process gets the reload, and a scheduled job registered in both runs
 * once per interval, not once per process, and a saved search's alert reaches the visitor once
 * although both processes run the digest and delivery jobs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '../src/db/database';
import { generateParcels } from '../src/scale/generate';
import { parcelImportWorkbook } from '../src/scale/workbook';
import { ensureAdmin } from '../src/services/users';
import { DIALECTS, PG_URL, dialectAvailable } from './helpers/db';
import { multipart } from './helpers/multipart';
import { startChildServer, type ChildServer } from './helpers/server';

const ADMIN_PASSWORD = 'Admin@12345';
const PROBE_MS = 1500;

type Server = ChildServer;
const startServer = (env: Record<string, string>) => startChildServer({ ADMIN_PASSWORD, ...env });

// Tests read arbitrary response shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Envelope = { code: string; msg: string; data: any };

async function call(server: Server, route: string, body: Record<string, unknown>, token?: string): Promise<Envelope> {
  const res = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}

for (const dialect of DIALECTS) {
  describe(`two server processes on one ${dialect} database`, () => {
    let a: Server | undefined;
    let b: Server | undefined;
    let handle: DbHandle | undefined;
    let cleanup: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      if (!(await dialectAvailable(dialect))) return;
      let env: Record<string, string>;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-mp-'));
      if (dialect === 'postgres') {
        const schema = `mp_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        // Both processes (and this one) on the same schema, by the connection's search_path.
        const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
        env = { DATABASE_URL: url, DATA_DIR: dataDir };
        handle = openDatabase({ databaseUrl: PG_URL, pgSchema: schema, poolSize: 2 });
        await migrateToLatest(handle.db, schema);
        cleanup = async () => {
          const c = new pg.Client({ connectionString: PG_URL });
          await c.connect();
          await c.query(`drop schema if exists ${schema} cascade`);
          await c.end();
        };
      } else {
        // One SQLite file in one data folder, shared by both processes (WAL).
        env = { DATA_DIR: dataDir };
        handle = openDatabase({ sqliteFile: path.join(dataDir, 'land.db') });
        await migrateToLatest(handle.db);
      }
      const removeDir = cleanup;
      cleanup = async () => {
        await removeDir();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      // The schema and the admin account exist before the processes start (as after a first
      // deployment), so the two can start at the same time.
      await ensureAdmin(handle.db, ADMIN_PASSWORD);
      // As after the first login's password change (the forced change has its own test).
      await handle.db.updateTable('t_user').set({ mustChangePassword: 0 }).where('userAccount', '=', 'admin').execute();
      // The probe job, and the saved-search digest and the outbox every second.
      const probe = { SCHEDULER_PROBE_MS: String(PROBE_MS), SAVED_SEARCH_SECONDS: '1', MESSAGE_DELIVERY_SECONDS: '1' };
      const started = await Promise.allSettled([startServer({ ...env, ...probe }), startServer({ ...env, ...probe })]);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) {
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
        throw failed.reason;
      }
      [a, b] = started.map((s) => (s as PromiseFulfilledResult<Server>).value);
    }, 200_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await handle?.destroy();
      await cleanup();
    });

    it('a staff session made on one process is honoured, and ended, on the other', async () => {
      if (!a || !b) return;
      const login = await call(a, '/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD });
      expect(login.code, login.msg).toBe('200');
      const token = String(login.data.token);
      const me = await call(b, '/api/currentUser', {}, token);
      expect(me).toMatchObject({ code: '200', data: { userAccount: 'admin' } });
      expect((await call(b, '/api/logout', {}, token)).code).toBe('200');
      const after = await call(a, '/api/currentUser', {}, token);
      expect(after.code).not.toBe('200');
    });

    it('an import started on one process is followed to its end on the other', async () => {
      if (!a || !b || !handle) return;
      const token = String((await call(a, '/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD })).data.token);
      const file = await parcelImportWorkbook(handle.db, 30, { prefix: 'M', perDistrict: 100 });
      const body = multipart([{ name: 'async', value: '1' }, { name: 'file', filename: '地块.xlsx', content: file }]);
      const started = await fetch(`${a.url}/openApi/ExcelMainDispose/readWriterExcel`, {
        method: 'POST',
        headers: { ...body.headers, token },
        body: body.payload,
      }).then((r) => r.json() as Promise<Envelope>);
      expect(started.code, started.msg).toBe('200');
      const jobId = String(started.data.jobId);
      let status: Envelope = { code: '', msg: '', data: null };
      for (let i = 0; i < 240; i++) {
        status = await call(b, '/api/jobs/status', { jobId }, token);
        if (status.code !== '200' || status.data.state !== 'running') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status, JSON.stringify(status.data)).toMatchObject({ code: '200', data: { state: 'done', progress: 1, result: { created: 30, updated: 0 } } });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const rows = await (handle.db as unknown as Kysely<any>).selectFrom('t_landinfo').select('id').where('areacode', 'like', 'M%').execute();
      expect(rows).toHaveLength(30);
    });

    it('a page view counted on one process is not counted again on the other within the hour', async () => {
      if (!a || !b || !handle) return;
      await generateParcels(handle.db, dialect, { parcels: 40, perDistrict: 40, prefix: 'V', seed: 3 });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const parcel = await (handle.db as unknown as Kysely<any>).selectFrom('t_landinfo').select(['id', 'visitcount']).where('areacode', 'like', 'V%').where('status', '=', 'published').executeTakeFirstOrThrow();
      const first = await call(a, '/openApi/updateLandInfoVisitcount', { dkid: parcel.id });
      expect(first).toMatchObject({ code: '200', data: { counted: true, visitcount: Number(parcel.visitcount) + 1 } });
      const again = await call(b, '/openApi/updateLandInfoVisitcount', { dkid: parcel.id });
      expect(again).toMatchObject({ code: '200', data: { counted: false, visitcount: Number(parcel.visitcount) + 1 } });
    });

    it('a scheduled job registered in both processes runs once per interval', async () => {
      if (!a || !b || !handle) return;
      // Let the probe job run for a while in both processes (it records each run in t_job).
      await new Promise((r) => setTimeout(r, PROBE_MS * 5));
      const runs = await handle.db
        .selectFrom('t_job')
        .select(['ownerId', 'createdAt'])
        .where('kind', '=', 'schedulerProbe')
        .orderBy('createdAt')
        .execute();
      expect(runs.length).toBeGreaterThanOrEqual(3);
      const times = runs.map((r) => Date.parse(r.createdAt));
      const window = times[times.length - 1] - times[0];
      // Once per interval: never two runs closer than the scheduler's slack allows, and no more
      // runs in the window than intervals in it (two processes each running it would double it).
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(PROBE_MS * 0.9 - 50);
      expect(runs.length).toBeLessThanOrEqual(Math.floor(window / (PROBE_MS * 0.9)) + 1);
    });

    it('a saved search alerts its visitor once while both processes run the digest and delivery jobs', async () => {
      if (!a || !b || !handle) return;
      const [first, second] = [a, b];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = handle.db as unknown as Kysely<any>;
      const token = String((await call(first, '/openApi/login', { userAccount: 'admin', password: ADMIN_PASSWORD })).data.token);
      const must = async (server: Server, route: string, body: Record<string, unknown>, as = token) => {
        const res = await call(server, route, body, as);
        expect(res.code, `${route}: ${res.msg}`).toBe('200');
        return res.data;
      };
      const visitor = await must(first, '/openApi/register', { userAccount: '13500000001', password: 'Visit@2024ab', userName: '投资人', sqdw: '某公司' }, '');
      await must(second, '/openApi/tSavedSearch/addSavedSearch', { name: '多进程地块', filter: { keyword: '多进程' } }, visitor.token);
      // One account takes every step here; four eyes has its own tests (parcels.review.test.ts).
      await must(first, '/api/config/save', { fourEyes: 'off' });
      await must(first, '/api/tArea/addOrUpdate', { areaname: '多进程片区', areacode: 'MP01', status: '1' });
      // The land class may exist already (an earlier case imported parcels).
      const dlAdded = await call(first, '/api/tDl/addOrUpdateDl', { code: '12', name: '商业用地', scheme: '2023' }, token);
      expect(['200', 'A0409'], dlAdded.msg).toContain(dlAdded.code);
      const geometry = { type: 'Polygon', coordinates: [[[120.9, 30.9], [120.902, 30.9], [120.902, 30.902], [120.9, 30.902], [120.9, 30.9]]] };
      const parcel = await must(first, '/api/tLandinfo/addOrUpdate', { dkbh: 'MP-001', dkmc: '多进程测试地块', areacode: 'MP01', dlcode: '12', landArea: 10000, geometry });
      for (const action of ['submit', 'passFirst', 'publish']) await must(second, '/api/tLandinfo/transition', { ids: [parcel.id], action });
      // The digest job leaves changes younger than a minute for its next run (open transactions): age this one.
      await db.updateTable('t_parcel_change').set({ createdAt: new Date(Date.now() - 120_000).toISOString() }).where('dkid', '=', parcel.id).execute();

      const inbox = async () => (await must(first, '/openApi/tMessage/selectDetailByPage', { pageNo: 1, pageSize: 50 }, visitor.token)).list as { title: string }[];
      let messages = await inbox();
      for (let i = 0; i < 120 && messages.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 250));
        messages = await inbox();
      }
      // Several more intervals of both jobs in both processes: still one.
      await new Promise((r) => setTimeout(r, 4000));
      messages = await inbox();
      expect(messages.map((m) => m.title)).toEqual(['保存的搜索“多进程地块”有1个地块更新']);
      const outbox = await db.selectFrom('t_message_outbox').select(['status']).where('visitorId', '=', visitor.userId).execute();
      expect(outbox).toEqual([{ status: 'sent' }]);
    });
  });
}
