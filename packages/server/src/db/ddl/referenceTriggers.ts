/**
 * The triggers that raise t_cache_version's 'references' row on any change of the reference
 * tables (districts, streets, land classes), whichever code path writes; services/referenceCache.ts
 * reads the version to know when its copy in memory is stale.
 */
import { SqliteAdapter, sql } from 'kysely';
import type { AnyDb } from '../rows';

export const REFERENCE_TABLES = ['t_area', 't_jd', 't_dl'] as const;
export const VERSION_NAME = 'references';

/**
 * The version row and the triggers that raise it (SQLite: per row, the tables are small;
 * PostgreSQL: once per statement). Idempotent; the reference tables must exist.
 */
export async function createReferenceTriggers(db: AnyDb): Promise<void> {
  await sql`insert into t_cache_version (name, version) select ${VERSION_NAME}, 1
    where not exists (select 1 from t_cache_version where name = ${VERSION_NAME})`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const bump = sql`update t_cache_version set version = version + 1 where name = ${sql.lit(VERSION_NAME)};`;
    for (const table of REFERENCE_TABLES) {
      for (const [suffix, event] of [['ai', 'insert'], ['au', 'update'], ['ad', 'delete']] as const) {
        await sql`create trigger if not exists ${sql.id(`${table}_refs_${suffix}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin ${bump} end`.execute(db);
      }
    }
    return;
  }
  await sql`create or replace function cache_version_bump() returns trigger language plpgsql as $$
    begin
      update t_cache_version set version = version + 1 where name = tg_argv[0];
      return null;
    end $$`.execute(db);
  for (const table of REFERENCE_TABLES) {
    await sql`create or replace trigger ${sql.id(`${table}_refs`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function cache_version_bump(${sql.lit(VERSION_NAME)})`.execute(db);
  }
}

export async function dropReferenceTriggers(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of REFERENCE_TABLES) {
      for (const suffix of ['ai', 'au', 'ad']) await sql`drop trigger if exists ${sql.id(`${table}_refs_${suffix}`)}`.execute(db);
    }
    return;
  }
  for (const table of REFERENCE_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_refs`)} on ${sql.table(table)}`.execute(db);
}
