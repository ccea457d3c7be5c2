import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DbHandle, type DialectName } from '../../src/db/database';
import { ensureAdmin } from '../../src/services/users';

/** Every database test runs on both (STYLE §5), looped like kysely's own suite. */
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: Promise<boolean> | undefined;

async function checkPg(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether PostgreSQL tests can run. Under CI=true an unreachable database is a failure, never
 * a silent skip; on a developer machine the PostgreSQL half is skipped with a loud warning.
 */
export async function dialectAvailable(dialect: DialectName): Promise<boolean> {
  if (dialect === 'sqlite') return true;
  pgReachable ??= checkPg();
  const ok = await pgReachable;
  if (!ok) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL is not reachable at ${PG_URL} (CI=true: not skipping)`);
    console.warn(`\n!!! PostgreSQL not reachable at ${PG_URL}: skipping its tests on this machine\n`);
  }
  return ok;
}

export interface TestDb extends DbHandle {
  dispose(): Promise<void>;
}

/** A fresh, migrated database: SQLite in memory, or a private schema in PostgreSQL. */
export async function createTestDb(dialect: DialectName, options: { migrate?: boolean } = {}): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    if (options.migrate !== false) await migrateToLatest(handle.db);
    return { ...handle, dispose: () => handle.destroy() };
  }
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: PG_URL, pgSchema: schema, poolSize: 5 });
  if (options.migrate !== false) await migrateToLatest(handle.db, schema);
  return {
    ...handle,
    dispose: async () => {
      await handle.destroy();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export interface ProcessDb {
  handle: DbHandle;
  /** What a server process needs to open the same database: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  dispose(): Promise<void>;
}

/**
 * A migrated database that server processes open as well: a SQLite file in a fresh data
 * folder (WAL, shared by every process), or a private PostgreSQL schema that the processes
 * (and this one) reach by the connection's search_path. The admin account exists with
 * `adminPassword`, already changed once (the forced first change has its own test), so
 * processes can start at the same time as after a first deployment.
 */
export async function createProcessDb(dialect: DialectName, prefix: string, adminPassword: string): Promise<ProcessDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `land-${prefix}-`));
  let handle: DbHandle;
  let env: Record<string, string>;
  let dropSchema = async () => undefined as void;
  if (dialect === 'postgres') {
    const schema = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    env = { DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`, DATA_DIR: dataDir };
    handle = openDatabase({ databaseUrl: PG_URL, pgSchema: schema, poolSize: 2 });
    await migrateToLatest(handle.db, schema);
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
  } else {
    env = { DATA_DIR: dataDir };
    handle = openDatabase({ sqliteFile: path.join(dataDir, 'land.db') });
    await migrateToLatest(handle.db);
  }
  await ensureAdmin(handle.db, adminPassword);
  await handle.db.updateTable('t_user').set({ mustChangePassword: 0 }).where('userAccount', '=', 'admin').execute();
  return {
    handle,
    env,
    dataDir,
    dispose: async () => {
      await handle.destroy();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
