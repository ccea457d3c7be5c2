import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest, openDatabase, type DbHandle } from '../src/db/database';
import { BackupError, createBackup, restoreBackup, type BackupTarget } from '../src/services/backup';
import { closeFileStore, fileStoreFor } from '../src/services/storage';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, PG_URL, createTestDb, dialectAvailable, type TestDb } from './helpers/db';
import { square } from './helpers/parcels';
import { STORES, createStoreFixture, type StoreFixture } from './helpers/stores';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const run = promisify(execFile);

async function parcelsOf(db: DbHandle['db']) {
  return (await sql<{ id: string; dkmc: string; contact: string | null; version: number }>`select id, dkmc, contact, version from t_landinfo order by id`.execute(db)).rows;
}

/**
 * Backup test (issue 10): backup, change data and files, restore: all as at the backup. On both
 * databases and both file stores (the folder and an S3-compatible bucket).
 */
for (const dialect of DIALECTS) for (const storeKind of STORES) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`backup and restore [${dialect}, ${storeKind} store]`, () => {
    let dataDir: string;
    let pgDb: TestDb | undefined;
    let target: BackupTarget;
    let store: StoreFixture;
    let storeConfig: Config;
    let t: TestApp | undefined;
    const open = (): DbHandle =>
      dialect === 'sqlite' ? openDatabase({ sqliteFile: target.sqliteFile }) : openDatabase({ databaseUrl: PG_URL, pgSchema: pgDb!.schema });
    const start = async () => {
      const handle = open();
      await migrateToLatest(handle.db, handle.schema);
      // The server's store (DATA_DIR/uploads or the bucket); stopping keeps data and files.
      const app = await createTestApp(dialect, { dataDir, ...store.config }, { ...handle, dispose: () => handle.destroy() });
      t = {
        ...app,
        close: async () => {
          await app.app.close();
          await handle.destroy();
          fs.rmSync(app.config.webDist, { recursive: true, force: true });
        },
      };
      return t;
    };
    const stop = async () => {
      await t?.close();
      t = undefined;
    };

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-backup-'));
      store = await createStoreFixture(storeKind, dataDir);
      // What npm run backup / restore build from the environment (cli/target.ts).
      storeConfig = { ...loadConfig({}), dataDir, ...store.config };
      const files = fileStoreFor(storeConfig);
      if (dialect === 'sqlite') {
        target = { dialect, sqliteFile: path.join(dataDir, 'land.db'), files };
      } else {
        pgDb = await createTestDb('postgres');
        target = { dialect, databaseUrl: PG_URL, pgSchema: pgDb.schema, files };
      }
    });
    afterAll(async () => {
      await stop();
      await pgDb?.dispose();
      closeFileStore(storeConfig);
      await store?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('restores the data and the uploaded files as they were at the backup', async () => {
      const app = await start();
      const token = await app.login();
      const must = async (url: string, body: Record<string, unknown>) => {
        const res = await app.call(url, body, { token });
        expect(res.body, res.body.msg).toMatchObject({ code: '200' });
        return res.body.data;
      };
      await must('/api/tArea/addOrUpdate', { areaname: '备份片区', areacode: 'B01', status: '1' });
      await must('/api/tDl/addOrUpdateDl', { code: '10', name: '工矿用地', scheme: '2023' });
      const kept = await must('/api/tLandinfo/addOrUpdate', { dkbh: 'BK-1', dkmc: '备份前地块', areacode: 'B01', dlcode: '10', landArea: 1000, contact: '备份时联系人', geometry: square(120.3, 30.2) });
      await store.write('images/202601/a.png', 'first image');
      await store.write('images/202601/b.png', 'second image');
      const parcelsAtBackup = await parcelsOf(app.db.db);
      const filesAtBackup = await store.snapshot();
      expect(Object.keys(filesAtBackup)).toEqual(['images/202601/a.png', 'images/202601/b.png']);

      // The server keeps running during the backup (SQLite online backup, pg_dump).
      const archive = path.join(dataDir, 'backup.tar.gz');
      const manifest = await createBackup(target, archive);
      expect(manifest).toMatchObject({ dialect, files: { count: 2 } });

      await must('/api/tLandinfo/addOrUpdate', { id: kept.id, version: kept.version, contact: '备份后改的' });
      await must('/api/tLandinfo/addOrUpdate', { dkbh: 'BK-2', dkmc: '备份后新增', areacode: 'B01', dlcode: '10', landArea: 500, geometry: square(120.31, 30.2) });
      await store.remove('images/202601/a.png');
      await store.write('images/202601/b.png', 'overwritten');
      await store.write('images/202601/c.png', 'new after backup');
      expect(await store.snapshot()).not.toEqual(filesAtBackup);
      expect(await parcelsOf(app.db.db)).not.toEqual(parcelsAtBackup);
      await stop();

      await restoreBackup(target, archive);

      const again = await start();
      expect(await parcelsOf(again.db.db)).toEqual(parcelsAtBackup);
      expect(await store.snapshot()).toEqual(filesAtBackup);
      expect((await again.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const token2 = await again.login();
      const page = await again.call('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10 }, { token: token2 });
      expect(page.body.data.list.map((p: { dkmc: string }) => p.dkmc)).toEqual(['备份前地块']);
      await stop();
    }, 120_000);

    it('refuses a damaged, foreign or wrong-database archive with a message and changes nothing', async () => {
      const app = await start();
      await store.write('images/202601/a.png', 'an image');
      const archive = path.join(dataDir, 'good.tar.gz');
      await createBackup(target, archive);
      const parcels = await parcelsOf(app.db.db);
      const files = await store.snapshot();
      await stop();

      const truncated = path.join(dataDir, 'truncated.tar.gz');
      const bytes = fs.readFileSync(archive);
      fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreBackup(target, truncated)).rejects.toThrow(/^备份文件无效或已损坏：/);

      const foreign = path.join(dataDir, 'foreign.tar.gz');
      const junk = fs.mkdtempSync(path.join(dataDir, 'junk-'));
      fs.writeFileSync(path.join(junk, 'manifest.json'), JSON.stringify({ format: 'something-else' }));
      await run('tar', ['-czf', foreign, '-C', junk, 'manifest.json']);
      await expect(restoreBackup(target, foreign)).rejects.toThrow('备份文件无效或已损坏：不是本平台的备份包');

      // A file swapped inside the archive fails its checksum.
      const tampered = path.join(dataDir, 'tampered.tar.gz');
      const unpacked = fs.mkdtempSync(path.join(dataDir, 'unpacked-'));
      await run('tar', ['-xzf', archive, '-C', unpacked]);
      fs.writeFileSync(path.join(unpacked, 'files', 'images', '202601', 'a.png'), Buffer.from('tampered'));
      await run('tar', ['-czf', tampered, '-C', unpacked, '.']);
      await expect(restoreBackup(target, tampered)).rejects.toThrow('文件 images/202601/a.png 校验失败');

      const other: BackupTarget = dialect === 'sqlite' ? { dialect: 'postgres', databaseUrl: PG_URL, files: target.files } : { dialect: 'sqlite', sqliteFile: path.join(dataDir, 'x.db'), files: target.files };
      await expect(restoreBackup(other, archive)).rejects.toBeInstanceOf(BackupError);
      await expect(restoreBackup(target, path.join(dataDir, 'missing.tar.gz'))).rejects.toThrow('找不到备份文件');

      const app2 = await start();
      expect(await parcelsOf(app2.db.db)).toEqual(parcels);
      expect(await store.snapshot()).toEqual(files);
      await stop();
    }, 120_000);
  });
}

/** The command line: npm run backup / npm run restore on the configured DATA_DIR (SQLite). */
describe('npm run backup / restore', () => {
  it('backs up DATA_DIR and refuses a broken archive with a message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-backup-cli-'));
    try {
      const handle = openDatabase({ sqliteFile: path.join(dataDir, 'land.db') });
      await migrateToLatest(handle.db);
      await handle.destroy();
      fs.mkdirSync(path.join(dataDir, 'uploads', 'docs'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', 'docs', 'x.pdf'), '%PDF-1.7');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const out = path.join(dataDir, 'cli.tar.gz');
      const backup = await run('npm', ['run', '--silent', 'backup', '--', out], { cwd: ROOT, env });
      expect(backup.stdout).toContain(`备份完成：${out}`);
      expect(backup.stdout).toContain('文件：1 个');
      expect(fs.existsSync(out)).toBe(true);
      const bad = path.join(dataDir, 'bad.tar.gz');
      fs.writeFileSync(bad, 'not an archive');
      const refused = await run('npm', ['run', '--silent', 'restore', '--', bad], { cwd: ROOT, env }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain('备份文件无效或已损坏：不是有效的 .tar.gz 备份包');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
