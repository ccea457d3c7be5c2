import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DbHandle, type DialectName } from '../../src/db/database';

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
