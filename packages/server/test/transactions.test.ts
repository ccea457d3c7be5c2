/**
 * Transactions with another process writing to the same database: a transaction that reads and
 * then writes still commits when another process committed a write in between (two server
 * processes on one SQLite file once failed a clerk's transition with 系统繁忙 that way), and the
 * other process's write is not lost either.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/database';
import { DIALECTS, PG_URL, createProcessDb, dialectAvailable, type ProcessDb } from './helpers/db';

const ADMIN_PASSWORD = 'Admin@12345';

/** Another process's write: 'busy' when it would have to wait for the lock (its busy timeout is 0 here). */
type OtherWrite = () => Promise<'done' | 'busy'>;

for (const dialect of DIALECTS) {
  describe(`transactions beside another process on ${dialect}`, () => {
    let procDb: ProcessDb | undefined;
    let other: { write: OtherWrite; close: () => Promise<void> } | undefined;

    beforeAll(async () => {
      if (!(await dialectAvailable(dialect))) return;
      procDb = await createProcessDb(dialect, 'tx', ADMIN_PASSWORD);
      await sql`create table t_tx_scratch (n integer)`.execute(procDb.handle.db);
      if (dialect === 'sqlite') {
        // A second connection to the file is a second process as far as SQLite's locks go.
        const conn = new SQLite(path.join(procDb.dataDir, 'land.db'));
        conn.pragma('busy_timeout = 0');
        const insert = conn.prepare('insert into t_tx_scratch (n) values (1)');
        other = {
          write: async () => {
            try {
              insert.run();
              return 'done';
            } catch (error) {
              if (String((error as { code?: string }).code).startsWith('SQLITE_BUSY')) return 'busy';
              throw error;
            }
          },
          close: async () => void conn.close(),
        };
      } else {
        const handle: DbHandle = openDatabase({ databaseUrl: PG_URL, pgSchema: procDb.handle.schema, poolSize: 1 });
        other = {
          write: async () => {
            await sql`insert into t_tx_scratch (n) values (1)`.execute(handle.db);
            return 'done';
          },
          close: () => handle.destroy(),
        };
      }
    }, 60_000);

    afterAll(async () => {
      await other?.close();
      await procDb?.dispose();
    });

    it('a transaction that reads, then writes after another process wrote, commits, and the other write is kept', async () => {
      if (!procDb || !other) return;
      const { db } = procDb.handle;
      let meanwhile: 'done' | 'busy' | undefined;
      await db.transaction().execute(async (trx) => {
        const admin = await trx.selectFrom('t_user').select(['id', 'userName']).where('userAccount', '=', 'admin').executeTakeFirstOrThrow();
        meanwhile = await other!.write();
        await trx.updateTable('t_user').set({ userName: `${admin.userName}（已核）` }).where('id', '=', admin.id).execute();
      });
      // On SQLite the transaction held the write lock from its start: the other process waits
      // for it (its busy timeout) and writes after the commit.
      expect(meanwhile).toBe(dialect === 'sqlite' ? 'busy' : 'done');
      if (meanwhile === 'busy') expect(await other.write()).toBe('done');
      const admin = await db.selectFrom('t_user').select('userName').where('userAccount', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin.userName).toMatch(/（已核）$/);
      const rows = await sql<{ n: number }>`select count(*) as n from t_tx_scratch`.execute(db);
      expect(Number(rows.rows[0].n)).toBe(1);
    });
  });
}
