import type { Generated, Kysely, Transaction } from 'kysely';
import type { ParcelLogRow } from '@land/shared/lifecycle';

/**
 * Table types. Portable conventions (STYLE §5): ids are text made in code, timestamps are
 * ISO-8601 UTC strings, booleans are integers 0/1, so SQLite and PostgreSQL store the same.
 */
export interface UserTable {
  id: string;
  userAccount: string;
  userName: string;
  passwordHash: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  /** '1' enabled, '0' disabled. */
  status: string;
  role: string;
  mustChangePassword: number;
  failedLogins: Generated<number>;
  lockedUntil: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionTable {
  /** sha256 of the token; the token itself is never stored. */
  id: string;
  userId: string;
  /** 'staff' or 'visitor'. */
  kind: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Key/value settings: site configuration (peizhi) and markers such as the demo seed. */
export interface SettingTable {
  key: string;
  value: string;
  updatedAt: string;
}

/** One step in a parcel's history (t_landinfo_log). */
export type ParcelLogTable = ParcelLogRow;

/** Who runs a scheduled job until when (one process of several). */
export interface JobLeaseTable {
  name: string;
  owner: string;
  expiresAt: string;
  lastRunAt: string | null;
  lastResult: string | null;
}

/** A background import or export (lib/jobs.ts), readable from every server process. */
export interface JobTable {
  id: string;
  kind: string;
  ownerId: string;
  state: string;
  processed: number;
  total: number;
  /** What the job is doing now, e.g. an import's read, check, save (lib/jobs.ts JOB_STAGES). */
  stage: string | null;
  result: string | null;
  error: string | null;
  fileName: string | null;
  asciiName: string | null;
  contentType: string | null;
  fileData: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** The last counted page view of a record from one address (services/publicVisits.ts). */
export interface VisitSeenTable {
  key: string;
  at: string;
}

/** One audited event: a write (before/after as JSON text), a login, a logout, a failed login. */
export interface AuditLogTable {
  id: string;
  at: string;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  ip: string | null;
  action: string;
  entity: string | null;
  recordId: string | null;
  summary: string | null;
  before: string | null;
  after: string | null;
}

/** A deleted main record with what was deleted with it, restorable until purged. */
export interface RecycleBinTable {
  id: string;
  entity: string;
  recordId: string;
  name: string | null;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
  rowCount: number;
  payload: string;
}

/** A request counter of one rule, subject and fixed window (rate limits across processes). */
export interface RateLimitTable {
  key: string;
  hits: number;
  expiresAt: string;
}

/** Failed logins and the lock of one account from one address (services/loginProtection). */
export interface LoginLockTable {
  key: string;
  failures: number;
  locks: number;
  lockedUntil: string | null;
  expiresAt: string;
}

/**
 * A spent ALTCHA challenge: `id` is its nonce, `answerHash` the sha256 of the solution sent;
 * kept until the challenge expires so no solution is accepted twice.
 */
export interface CaptchaTable {
  id: string;
  answerHash: string;
  expiresAt: string;
}

export interface Database {
  t_setting: SettingTable;
  t_landinfo_log: ParcelLogTable;
  t_job_lease: JobLeaseTable;
  t_job: JobTable;
  t_visit_seen: VisitSeenTable;
  t_user: UserTable;
  t_session: SessionTable;
  t_rate_limit: RateLimitTable;
  t_captcha: CaptchaTable;
  t_login_lock: LoginLockTable;
  t_audit_log: AuditLogTable;
  t_recycle_bin: RecycleBinTable;
}

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
