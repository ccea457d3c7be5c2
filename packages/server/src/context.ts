import type { Config } from './config';
import type { DbHandle } from './db/database';
import type { Db } from './db/schema';

/**
 * The context every route, service and integration is given: the database, its dialect and the
 * configuration. It sits at the root of the server's layers (context -> db -> engine/services ->
 * routes -> app -> main) and imports nothing above it.
 */
export interface AppContext {
  db: Db;
  dialect: DbHandle['dialect'];
  config: Config;
  /**
   * Where the public site's read-only parcel searches go: a PostgreSQL read replica when
   * DATABASE_READ_URL is set, otherwise `db`. Writes and visitor-owned records always use `db`.
   */
  readDb?: Db;
  /** The PostgreSQL pool behind `db`, for its figures in /metrics. */
  dbPool?: Pick<import('pg').Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Route config, for the access and fuzz tests: public visitor access, declared staff permission. */
  visitor?: string;
  permission?: string;
  /** JSON schema of the input (POST body or GET query string) where the route declares one. */
  input?: Record<string, unknown>;
}

export function sessionPolicy(config: Config) {
  return { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
}
