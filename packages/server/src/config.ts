import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl?: string;
  /** Password of the admin account created on first start; random when unset. */
  adminPassword?: string;
  /** Seed demo data into an empty database at start-up. */
  demoData: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
  /** Built web app served on the same port; absent folder means API only. */
  webDist: string;
  logLevel: string;
  /** Largest staff upload, MB (env UPLOAD_MAX_MB). */
  uploadMaxMb: number;
  /** Largest visitor upload on /openApi, MB (env VISITOR_UPLOAD_MAX_MB); never above uploadMaxMb. */
  visitorUploadMaxMb: number;
  /** Land-transaction system to synchronise listings and deals from (env JYXT_BASE_URL); unset: none. */
  jyxtBaseUrl?: string;
  /** Minutes between synchronisations (env JYXT_SYNC_MINUTES). */
  jyxtSyncMinutes: number;
  /** Time-out of one request to the transaction system, ms (env JYXT_TIMEOUT_MS). */
  jyxtTimeoutMs: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** A size limit: a typo such as UPLOAD_MAX_MB=0 or -5 falls back instead of refusing every upload. */
function positive(value: string | undefined, fallback: number): number {
  const n = int(value, fallback);
  return n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: env.DEMO_DATA !== '0',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
    lockoutAttempts: int(env.LOGIN_LOCKOUT_ATTEMPTS, 5),
    lockoutMinutes: int(env.LOGIN_LOCKOUT_MINUTES, 15),
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    uploadMaxMb: positive(env.UPLOAD_MAX_MB, 20),
    visitorUploadMaxMb: Math.min(positive(env.VISITOR_UPLOAD_MAX_MB, 5), positive(env.UPLOAD_MAX_MB, 20)),
    jyxtBaseUrl: env.JYXT_BASE_URL || undefined,
    jyxtSyncMinutes: positive(env.JYXT_SYNC_MINUTES, 30),
    jyxtTimeoutMs: positive(env.JYXT_TIMEOUT_MS, 10_000),
  };
}
