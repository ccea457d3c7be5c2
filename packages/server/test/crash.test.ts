import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '../src/db/database';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, PG_URL, createTestDb, dialectAvailable, type TestDb } from './helpers/db';
import { square } from './helpers/parcels';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const ROWS = 3000;
const KILL_AFTER = 300;

/** Row counts of every table and a checksum of the parcel table, in id order. */
async function fingerprint(db: DbHandle['db']): Promise<{ counts: Record<string, number>; parcels: string }> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => n.startsWith('t_')).sort();
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(row.rows[0].n);
  }
  const parcels = await sql`select * from t_landinfo order by id`.execute(db);
  return { counts, parcels: createHash('sha256').update(JSON.stringify(parcels.rows)).digest('hex') };
}

/** Starts the import child and resolves once it has saved KILL_AFTER rows (inside its transaction). */
function startImport(target: string, schema: string): Promise<{ kill: () => Promise<number | null>; seen: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'helpers/crashChild.ts'), target, schema, String(ROWS)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal === 'SIGKILL' ? null : (_code ?? -1))));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = [...out.matchAll(/progress (\d+)/g)].pop();
      if (m && Number(m[1]) >= KILL_AFTER) {
        child.stdout.removeAllListeners('data');
        resolve({
          seen: m[0],
          kill: async () => {
            child.kill('SIGKILL');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`import child ended before it was killed (exit ${code}): ${out}\n${err}`)));
  });
}

/** Crash test (issue 10): a large Excel import killed with SIGKILL half-way changes nothing. */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`crash during a large import [${dialect}]`, () => {
    let t: TestApp;
    let dataDir: string;
    let pgDb: TestDb | undefined;
    let target: string;
    let schema = '-';
    const open = () => (dialect === 'sqlite' ? openDatabase({ sqliteFile: target }) : openDatabase({ databaseUrl: PG_URL, pgSchema: schema }));

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-crash-'));
      if (dialect === 'sqlite') {
        target = path.join(dataDir, 'land.db');
        const handle = openDatabase({ sqliteFile: target });
        await migrateToLatest(handle.db);
        await handle.destroy();
        // The app's file folder is removed on close; the database stays in dataDir.
      } else {
        pgDb = await createTestDb('postgres');
        target = PG_URL;
        schema = pgDb.schema!;
      }
      // The app on that database: districts, land classes and a few parcels through the API.
      t = await appOn(open(), dataDir);
      const token = await t.login();
      const must = async (url: string, body: Record<string, unknown>) => expect((await t.call(url, body, { token })).body.code).toBe('200');
      await must('/api/tArea/addOrUpdate', { areaname: '测试片区', areacode: 'T01', status: '1' });
      await must('/api/tDl/addOrUpdateDl', { code: '10', name: '工矿用地', scheme: '2023' });
      await must('/api/tDl/addOrUpdateDl', { code: '1001', name: '工业用地', parentCode: '10', scheme: '2023' });
      await must('/api/tDl/addOrUpdateDl', { code: '100101', name: '一类工业用地', parentCode: '1001', scheme: '2023' });
      for (let i = 0; i < 5; i++) {
        await must('/api/tLandinfo/addOrUpdate', { dkbh: `BEFORE${i}`, dkmc: `原有地块${i}`, areacode: 'T01', dlcode: '100101', landArea: 20000, geometry: square(120.3 + i * 0.003, 30.2) });
      }
    });
    afterAll(async () => {
      await t?.close();
      await pgDb?.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('leaves the database exactly as before, and the server starts again on it', async () => {
      const before = await fingerprint(t.db.db);
      expect(before.counts.t_landinfo).toBe(5);
      await t.close();

      const run = await startImport(target, schema);
      expect(run.seen).toMatch(/progress \d+/);
      expect(await run.kill()).toBeNull();

      // A fresh start on the same database: migrations, then the health check.
      const handle = open();
      await migrateToLatest(handle.db, handle.schema);
      expect(await fingerprint(handle.db)).toEqual(before);
      t = await appOn(handle, dataDir);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      // And it takes writes again.
      const token = await t.login();
      const page = await t.call('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10 }, { token });
      expect(page.body.data.total).toBe(5);
    }, 150_000);
  });
}

/** The test app on the crash test's file database (closing it closes the handle, keeps the data). */
function appOn(handle: DbHandle, dataDir: string): Promise<TestApp> {
  // Each close removes dataDir; the database file lives in its own folder beside it.
  return createTestApp(handle.dialect, { dataDir: fs.mkdtempSync(path.join(dataDir, 'files-')) }, { ...handle, dispose: () => handle.destroy() });
}
