import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_MIN_RETENTION_DAYS } from '@land/shared/audit';

export interface Config {
  /** Days the audit log is kept (env AUDIT_RETENTION_DAYS); never below 180. */
  auditRetentionDays: number;
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl?: string;
  /** A PostgreSQL read replica for the public parcel searches (DATABASE_READ_URL). */
  databaseReadUrl?: string;
  /** Password of the admin account created on first start; random when unset. */
  adminPassword?: string;
  /** Seed demo data into an empty database at start-up. */
  demoData: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** A visitor's session ends after this many days without requests (sliding; env VISITOR_SESSION_IDLE_DAYS). */
  visitorIdleDays: number;
  /** …and in any case this many days after login (env VISITOR_SESSION_ABSOLUTE_DAYS). */
  visitorAbsoluteDays: number;
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
  /** Abuse limits: counted in the database, so they hold across several server processes. */
  rateLimits: RateLimits;
  /** Failed staff logins (account + address, 15 min) after which login needs a captcha; 0 never (env LOGIN_CAPTCHA_AFTER_FAILURES). */
  loginCaptchaAfterFailures: number;
  /**
   * Addresses (or CIDR ranges, or proxy-addr names such as `loopback`) of the reverse proxies
   * whose X-Forwarded-For/-Proto is believed (env TRUST_PROXY, comma-separated; default none).
   * From any other peer the headers are ignored: req.ip is the socket's address.
   */
  trustProxy: string[];
  /**
   * WeChat development login (env WECHAT_DEV_LOGIN): a made-up code yields an openid `dev_…`.
   * Only when switched on explicitly; defaults to on with demo data and never with WECHAT_APPID.
   */
  wechatDevLogin: boolean;
  /** Worker pool for heavy file work (conversion, Excel, shapefile export, documents). */
  workers: WorkerLimits;
  /** WeChat mini-program app id (env WECHAT_APPID); unset: development login, no subscribe messages. */
  wechatAppId?: string;
  /** WeChat mini-program app secret (env WECHAT_SECRET). */
  wechatSecret?: string;
  /** WeChat server API base (env WECHAT_API_BASE); unset: https://api.weixin.qq.com. */
  wechatApiBase?: string;
  /** Time-out of one WeChat request, ms (env WECHAT_TIMEOUT_MS). */
  wechatTimeoutMs: number;
  /** Run the scheduled jobs (outbox delivery, reminders) in this process (env SCHEDULER, '0' = off). */
  schedulerEnabled: boolean;
  /** Test only (env SCHEDULER_PROBE_MS): a scheduled job that records each run, to check "once per interval" across processes. */
  schedulerProbeMs?: number;
  /** Uploaded files (env FILES_DIR; default DATA_DIR/uploads): shared storage when several servers run. */
  filesDir?: string;
  /** Seconds between outbox deliveries (env MESSAGE_DELIVERY_SECONDS). */
  messageDeliverySeconds: number;
  /** Minutes between reminder runs (env REMINDER_MINUTES). */
  reminderMinutes: number;
  /** Seconds between runs of the saved-search digest job (env SAVED_SEARCH_SECONDS, default 300). */
  savedSearchSeconds: number;
}

export interface WorkerLimits {
  /** Worker threads (env WORKER_THREADS, default 2). */
  threads: number;
  /** Old-generation heap limit of one worker, MB (env WORKER_MEMORY_MB, default 256). */
  memoryMb: number;
  /** Time limit of one job, seconds (env JOB_TIMEOUT_SECONDS, default 60): the worker is ended. */
  jobTimeoutSeconds: number;
  /** Jobs that may wait for a worker before callers get A0429 (env WORKER_QUEUE, default 8). */
  queue: number;
}

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Per address unless said otherwise; a limit of 0 switches the rule off. */
export interface RateLimits {
  /** Staff and visitor login calls per address. */
  login: RateLimit;
  /** Failed logins per account and address (on top of the account lockout). */
  loginFailures: RateLimit;
  register: RateLimit;
  /** Consulting questions (addProblem). */
  question: RateLimit;
  /** Visitor uploads on /openApi. */
  visitorUpload: RateLimit;
  /** Staff uploads and file imports per user. */
  staffUpload: RateLimit;
  /** Public file conversions (/openApi/ConvertController/*) per address. */
  conversion: RateLimit;
  /** Public GIS exports per address. */
  export: RateLimit;
  /** Public document generation per address. */
  documents: RateLimit;
  /** WeChat logins (tWxuser/wxLogin) per address. */
  wechatLogin: RateLimit;
}

/** RATE_LIMIT_MULTIPLIER scales every limit (e.g. 1000 for a load test), 0 switches them off. */
function rateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const m = int(env.RATE_LIMIT_MULTIPLIER, 1);
  const rule = (limit: number, windowSeconds: number): RateLimit => ({ limit: Math.max(0, Math.round(limit * m)), windowSeconds });
  return {
    login: rule(int(env.RATE_LIMIT_LOGIN, 100), 600),
    loginFailures: rule(int(env.RATE_LIMIT_LOGIN_FAILURES, 10), 900),
    register: rule(int(env.RATE_LIMIT_REGISTER, 10), 3600),
    question: rule(int(env.RATE_LIMIT_QUESTIONS, 5), 3600),
    visitorUpload: rule(int(env.RATE_LIMIT_VISITOR_UPLOADS, 30), 600),
    staffUpload: rule(int(env.RATE_LIMIT_STAFF_UPLOADS, 300), 600),
    conversion: rule(int(env.RATE_LIMIT_CONVERSIONS, 30), 600),
    export: rule(int(env.RATE_LIMIT_EXPORTS, 30), 600),
    documents: rule(int(env.RATE_LIMIT_DOCUMENTS, 30), 600),
    wechatLogin: rule(int(env.RATE_LIMIT_WECHAT_LOGIN, 60), 600),
  };
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

/** TRUST_PROXY: a comma-separated list; empty, `0` or `false` trust no proxy. */
function trustedProxies(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item !== '0' && item.toLowerCase() !== 'false');
  for (const item of list) {
    // `1`/`true` used to mean "any peer"; that lets every client forge its address.
    if (/^(\d+|true)$/i.test(item)) {
      throw new Error(`TRUST_PROXY=${value}: list the reverse proxy's address (e.g. 127.0.0.1 or 10.0.0.0/8), not a hop count`);
    }
  }
  return list;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const demoData = env.DEMO_DATA !== '0';
  return {
    auditRetentionDays: Math.max(AUDIT_MIN_RETENTION_DAYS, int(env.AUDIT_RETENTION_DAYS, 365)),
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
    visitorIdleDays: positive(env.VISITOR_SESSION_IDLE_DAYS, 7),
    visitorAbsoluteDays: positive(env.VISITOR_SESSION_ABSOLUTE_DAYS, 30),
    lockoutAttempts: int(env.LOGIN_LOCKOUT_ATTEMPTS, 5),
    lockoutMinutes: int(env.LOGIN_LOCKOUT_MINUTES, 15),
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    uploadMaxMb: positive(env.UPLOAD_MAX_MB, 20),
    visitorUploadMaxMb: Math.min(positive(env.VISITOR_UPLOAD_MAX_MB, 5), positive(env.UPLOAD_MAX_MB, 20)),
    jyxtBaseUrl: env.JYXT_BASE_URL || undefined,
    jyxtSyncMinutes: positive(env.JYXT_SYNC_MINUTES, 30),
    jyxtTimeoutMs: positive(env.JYXT_TIMEOUT_MS, 10_000),
    wechatAppId: env.WECHAT_APPID || undefined,
    wechatSecret: env.WECHAT_SECRET || undefined,
    wechatApiBase: env.WECHAT_API_BASE || undefined,
    wechatTimeoutMs: positive(env.WECHAT_TIMEOUT_MS, 5000),
    schedulerEnabled: env.SCHEDULER !== '0',
    schedulerProbeMs: positive(env.SCHEDULER_PROBE_MS, 0) || undefined,
    filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : undefined,
    messageDeliverySeconds: positive(env.MESSAGE_DELIVERY_SECONDS, 10),
    reminderMinutes: positive(env.REMINDER_MINUTES, 60),
    savedSearchSeconds: positive(env.SAVED_SEARCH_SECONDS, 300),
    rateLimits: rateLimits(env),
    loginCaptchaAfterFailures: int(env.LOGIN_CAPTCHA_AFTER_FAILURES, 1),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    wechatDevLogin: !env.WECHAT_APPID && flag(env.WECHAT_DEV_LOGIN, demoData),
    workers: {
      threads: positive(env.WORKER_THREADS, 2),
      memoryMb: positive(env.WORKER_MEMORY_MB, 256),
      jobTimeoutSeconds: positive(env.JOB_TIMEOUT_SECONDS, 60),
      queue: positive(env.WORKER_QUEUE, 8),
    },
  };
}
