import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { ENTITIES } from '@land/shared/entities/index';
import { syncEntityTables } from './ddl/entityTables';

export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema when not the default one. */
  schema?: string;
  /** The PostgreSQL connection pool (for its figures in /metrics); none on SQLite. */
  pool?: pg.Pool;
  destroy(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for tests. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  poolSize?: number;
}

// PostgreSQL returns int8 (counts, sums of integers) as strings; our counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric → number: amounts are kept as double precision, numeric only appears from aggregates.
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
    });
    // No JIT compilation: the platform's statements read a page, a tile or a bounded count, and
    // PostgreSQL's cost estimate of a PostGIS call per row (ST_AsMVTGeom on a box it cannot
    // estimate) crossed jit_above_cost on every parcel tile, which then spent 30–60 ms compiling
    // for a query that runs in 1 ms. Sent before the connection's first query (a client runs
    // its queries in order).
    pool.on('connect', (client) => {
      client.query('set jit = off').catch(() => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.pgSchema, pool, destroy: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE), waiting for it
 * up to busy_timeout. Kysely's plain BEGIN is deferred: a transaction that reads and then writes,
 * after another process has written since its read, fails at once with SQLITE_BUSY (the busy
 * timeout does not apply to that upgrade), which with two server processes on one file turned a
 * clerk's transition into 系统繁忙 now and then. Within one process nothing changes: Kysely runs
 * SQLite on one connection, one transaction at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

const STATEMENT_CACHE_SIZE = 500;
/** Longer SQL (multi-row inserts of bulk loads) is compiled each time rather than kept. */
const STATEMENT_CACHE_MAX_SQL = 4000;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles a statement on every
 * prepare() — about half the CPU of an Excel import and much of a small search. The same few
 * hundred statements run again and again, so compiled ones are kept, least recently used
 * dropped first. (SQLite recompiles a kept statement by itself after a schema change; nothing
 * here streams rows, so a statement is never busy when it is handed out again.)
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      if (text.length > STATEMENT_CACHE_MAX_SQL) return sqlite.prepare(text);
      let stmt = cache.get(text);
      if (stmt) {
        cache.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, stmt);
      return stmt;
    },
  };
}

export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  // Unnamed, Kysely takes a migration table of any schema in the database for its own; a
  // PostgreSQL connection's is the one on its search_path.
  if (!schema && db.getExecutor().adapter instanceof PostgresAdapter) {
    schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0].name;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema && { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  await syncEntityTables(db, ENTITIES);
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
