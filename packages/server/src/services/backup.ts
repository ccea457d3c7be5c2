import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { listFiles, type FileStore } from './storage';

/**
 * Backup and restore of one installation: the database (SQLite through better-sqlite3's online
 * backup, PostgreSQL through pg_dump's custom format) and the uploaded files, in one .tar.gz
 * with a manifest; the files come from and go back to the configured store (the folder or the
 * S3-compatible bucket, services/storage.ts). A restore checks the whole archive (manifest, checksums, the dump itself)
 * before it changes anything, and then replaces the database and the files.
 */

export const BACKUP_FORMAT = 'land-platform-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupTarget {
  dialect: 'sqlite' | 'postgres';
  /** SQLite database file. */
  sqliteFile?: string;
  /** PostgreSQL connection string. */
  databaseUrl?: string;
  /** PostgreSQL schema (default: the connection's current schema). */
  pgSchema?: string;
  /** Where the uploaded files are (FILES_DIR or FILES_URL). */
  files: FileStore;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: { path: string; bytes: number; sha256: string; schema?: string };
  files: { path: string; count: number; bytes: number; entries: { name: string; bytes: number; sha256: string }[] };
}

/** A refused archive or a failed step, with the message the command line prints. */
export class BackupError extends Error {}

const DB_ENTRY = { sqlite: 'database/land.db', postgres: 'database/land.pgdump' } as const;
const FILES_ENTRY = 'files';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new BackupError(`无法运行 ${cmd}：${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new BackupError(`${cmd} 失败（退出码 ${code}）：${err.trim().slice(0, 2000)}`))));
  });
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}


async function currentSchema(databaseUrl: string, pgSchema?: string): Promise<string> {
  if (pgSchema) return pgSchema;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ s: string }>('select current_schema() as s')).rows[0].s;
  } finally {
    await client.end();
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new BackupError(`不支持的 PostgreSQL schema 名称：${schema}`);
  return schema;
}

/** Writes the archive to `outFile` and returns its manifest. */
export async function createBackup(target: BackupTarget, outFile: string): Promise<BackupManifest> {
  const staging = await fsp.mkdtemp(path.join(path.dirname(outFile), '.backup-'));
  try {
    await fsp.mkdir(path.join(staging, 'database'), { recursive: true });
    const dbFile = path.join(staging, DB_ENTRY[target.dialect]);
    let schema: string | undefined;
    if (target.dialect === 'sqlite') {
      if (!target.sqliteFile || !fs.existsSync(target.sqliteFile)) throw new BackupError(`找不到数据库文件：${target.sqliteFile ?? ''}`);
      // The online backup API copies a consistent snapshot while the server keeps running.
      const source = new SQLite(target.sqliteFile, { readonly: true, fileMustExist: true });
      try {
        await source.backup(dbFile);
      } finally {
        source.close();
      }
      // One self-contained file: the copy leaves write-ahead logging, which needs side files.
      const copy = new SQLite(dbFile);
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
    } else {
      if (!target.databaseUrl) throw new BackupError('未配置 DATABASE_URL');
      schema = checkSchemaName(await currentSchema(target.databaseUrl, target.pgSchema));
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${dbFile}`, `--dbname=${target.databaseUrl}`]);
    }

    const names = await target.files.list();
    const entries: BackupManifest['files']['entries'] = [];
    for (const name of names) {
      const to = path.join(staging, FILES_ENTRY, name);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await target.files.download(name, to);
      entries.push({ name, bytes: (await fsp.stat(to)).size, sha256: await sha256File(to) });
    }
    await fsp.mkdir(path.join(staging, FILES_ENTRY), { recursive: true });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      dialect: target.dialect,
      database: { path: DB_ENTRY[target.dialect], bytes: (await fsp.stat(dbFile)).size, sha256: await sha256File(dbFile), ...(schema && { schema }) },
      files: { path: FILES_ENTRY, count: entries.length, bytes: entries.reduce((n, e) => n + e.bytes, 0), entries },
    };
    await fsp.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const partial = `${outFile}.part`;
    await run('tar', ['-czf', partial, '-C', staging, 'manifest.json', 'database', FILES_ENTRY]);
    await fsp.rename(partial, outFile);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

const invalid = (why: string) => new BackupError(`备份文件无效或已损坏：${why}`);

/** Unpacks and checks an archive in `workDir`; nothing else is touched. */
async function unpackAndVerify(file: string, workDir: string, dialect: BackupTarget['dialect']): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`找不到备份文件：${file}`);
  try {
    await run('tar', ['-xzf', file, '-C', workDir, '--no-same-owner', '--no-same-permissions']);
  } catch {
    throw invalid('不是有效的 .tar.gz 备份包');
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(workDir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw invalid('缺少或无法读取 manifest.json');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw invalid('不是本平台的备份包');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw invalid(`不支持的备份格式版本 ${String(manifest.formatVersion)}`);
  if (manifest.dialect !== dialect) {
    throw new BackupError(`备份来自 ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 数据库，不能恢复到当前的 ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 数据库`);
  }
  if (manifest.database?.path !== DB_ENTRY[dialect]) throw invalid('数据库文件路径不正确');
  const dbFile = path.join(workDir, manifest.database.path);
  if (!fs.existsSync(dbFile) || (await sha256File(dbFile)) !== manifest.database.sha256) throw invalid('数据库文件校验失败');
  if (dialect === 'sqlite') {
    try {
      const check = new SQLite(dbFile, { readonly: true, fileMustExist: true });
      try {
        const result = check.pragma('integrity_check', { simple: true });
        if (result !== 'ok') throw new Error(String(result));
      } finally {
        check.close();
      }
    } catch (err) {
      throw invalid(`数据库文件不完整（${(err as Error).message}）`);
    }
  } else {
    try {
      await run('pg_restore', ['--list', dbFile]);
    } catch {
      throw invalid('数据库转储文件不完整');
    }
  }
  const entries = manifest.files?.entries;
  if (!Array.isArray(entries)) throw invalid('文件清单缺失');
  const present = await listFiles(path.join(workDir, FILES_ENTRY));
  if (present.length !== entries.length) throw invalid(`文件数量与清单不符（清单${entries.length}个，实有${present.length}个）`);
  for (const e of entries) {
    const f = path.join(workDir, FILES_ENTRY, e.name);
    if (e.name.includes('..') || !fs.existsSync(f) || (await sha256File(f)) !== e.sha256) throw invalid(`文件 ${e.name} 校验失败`);
  }
  return manifest;
}

/** Checks an archive without restoring it. */
export async function verifyBackup(file: string, dialect: BackupTarget['dialect'], scratchDir: string): Promise<BackupManifest> {
  const work = await fsp.mkdtemp(path.join(scratchDir, '.verify-'));
  try {
    return await unpackAndVerify(file, work, dialect);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

async function restorePostgres(target: BackupTarget, dumpFile: string, workDir: string): Promise<void> {
  const url = target.databaseUrl!;
  const schema = checkSchemaName(await currentSchema(url, target.pgSchema));
  const toc = await run('pg_restore', ['--list', dumpFile]);
  // pg_restore's objects name their schema, so the dump's schema must be the target's.
  const source = /^\d+; \d+ \d+ TABLE (\S+) /m.exec(toc)?.[1];
  if (source && source !== schema) throw new BackupError(`备份来自 PostgreSQL schema ${source}，当前数据库为 ${schema}，不能恢复`);
  // The schema itself stays (it may hold extensions such as PostGIS); its objects are replaced.
  const listFile = path.join(workDir, 'restore.list');
  await fsp.writeFile(listFile, toc.split('\n').filter((l) => !/^\d+; \d+ \d+ SCHEMA /.test(l)).join('\n'));
  // Drop and re-create in one transaction: a failure leaves the database as it was.
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--use-list=${listFile}`,
    `--dbname=${url}`,
    dumpFile,
  ]);
}

async function restoreSqlite(target: BackupTarget, dbFile: string): Promise<void> {
  const file = target.sqliteFile!;
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.restoring`;
  await fsp.copyFile(dbFile, tmp);
  // The old write-ahead log belongs to the old file; left beside the new one it would be replayed.
  for (const ext of ['-wal', '-shm', '-journal']) await fsp.rm(`${file}${ext}`, { force: true });
  await fsp.rename(tmp, file);
}

/**
 * Restores an archive over the target (the server must be stopped). The archive is checked
 * completely first; a refused archive leaves everything as it was.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  // Unpacked beside the files folder (for the folder store the final swap is then a rename on
  // one file system).
  await fsp.mkdir(target.files.scratchDir, { recursive: true });
  const work = await fsp.mkdtemp(path.join(target.files.scratchDir, '.restore-'));
  try {
    const manifest = await unpackAndVerify(file, work, target.dialect);
    const dbFile = path.join(work, manifest.database.path);
    if (target.dialect === 'sqlite') await restoreSqlite(target, dbFile);
    else await restorePostgres(target, dbFile, work);
    await target.files.replaceAll(path.join(work, FILES_ENTRY));
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
