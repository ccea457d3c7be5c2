import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { AUDIT_MIN_RETENTION_DAYS, type AuditAction, type AuditActorType, type AuditRecord } from '@land/shared/audit';
import type { PageResult } from '@land/shared/api';
import type { AuditLogTable, Db, DbOrTrx } from '../db/schema';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';

/**
 * The audit log: who did what to which record from where, with the record before and after.
 * Writers call `writeAudit` with the transaction of the change, so a rolled-back change leaves
 * no entry; who and from where come from the request being served (one AsyncLocalStorage
 * scope per request), so no service has to pass them along. The table is append-only: the
 * application has no call that changes or deletes entries; only `purgeAudit` removes entries
 * past the retention period.
 */

interface RequestScope {
  req: FastifyRequest;
  db: DbOrTrx;
}

const scope = new AsyncLocalStorage<RequestScope>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Opens the request scope for every route. Body parsing runs outside the async context of the
 * onRequest hook, so preValidation re-enters it (as @fastify/request-context does); a GET or
 * HEAD has no body and goes on to its handler inside the scope, so it needs no re-entry.
 */
export function registerAuditContext(app: FastifyInstance, db: DbOrTrx): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      scope.run({ req, db }, done);
      return;
    }
    scope.run({ req, db }, () => {
      const resource = new AsyncResource('land-audit-request');
      resources.set(req, resource);
      resource.runInAsyncScope(done, req.raw);
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const resource = resources.get(req);
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}

export interface AuditActor {
  actorType: AuditActorType;
  actorId: string | null;
  actorName: string | null;
  ip: string | null;
}

/** Who is acting now: the signed-in staff user or visitor of the current request, or the system. */
export function currentActor(): AuditActor {
  const req = scope.getStore()?.req;
  if (!req) return { actorType: 'system', actorId: null, actorName: null, ip: null };
  const ip = req.ip?.slice(0, 64) ?? null;
  if (req.staff) return { actorType: 'staff', actorId: req.staff.userId, actorName: req.staff.userName, ip };
  if (req.visitor) return { actorType: 'visitor', actorId: req.visitor.userId, actorName: req.visitor.userName, ip };
  return { actorType: 'anonymous', actorId: null, actorName: null, ip };
}

export interface AuditEntry {
  action: AuditAction;
  entity?: string | null;
  recordId?: string | null;
  summary?: string | null;
  before?: unknown;
  after?: unknown;
  /** Overrides of the request's actor (a login names the account before any session exists). */
  actor?: Partial<AuditActor>;
}

/** Secrets never reach the log, whatever record they sit in. */
const SECRET_KEY = /password|passwordhash|token/i;

function toJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v) => (key && SECRET_KEY.test(key) ? undefined : v));
}

const cut = (s: string | null | undefined, n: number) => (s === null || s === undefined ? null : s.slice(0, n));

export async function writeAudit(db: DbOrTrx, entry: AuditEntry): Promise<void> {
  await writeAuditMany(db, [entry]);
}

/** Several entries in one statement (a batch delete of many records). */
export async function writeAuditMany(db: DbOrTrx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const base = currentActor();
  const at = nowIso();
  const rows: AuditLogTable[] = entries.map((e) => {
    const actor = { ...base, ...e.actor };
    return {
      id: newId(),
      at,
      actorType: actor.actorType,
      actorId: cut(actor.actorId, 32),
      actorName: cut(actor.actorName, 100),
      ip: cut(actor.ip, 64),
      action: e.action,
      entity: cut(e.entity, 60),
      recordId: cut(e.recordId, 64),
      summary: cut(e.summary, 500),
      before: toJson(e.before),
      after: toJson(e.after),
    };
  });
  // Bound parameters per statement stay well below both databases' limits.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('t_audit_log').values(rows.slice(i, i + 200)).execute();
}

/**
 * For writes outside the database (stored files): logged on the request's database, outside
 * any transaction. Does nothing outside a request (command line tools log their own way).
 */
export async function auditRequestEvent(entry: AuditEntry): Promise<void> {
  const current = scope.getStore();
  if (current) await writeAudit(current.db, entry);
}

export interface AuditSearch {
  pageNo: number;
  pageSize: number;
  /** A staff user's id, or part of an actor's name. */
  actor?: string;
  actorType?: AuditActorType;
  entity?: string;
  action?: AuditAction;
  recordId?: string;
  /** ISO date or time; entries at or after it. */
  from?: string;
  /** ISO date or time; entries before it (a bare date includes that whole day). */
  to?: string;
  /** Part of the summary, the record id, the actor's name or the before/after text. */
  keyword?: string;
}

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A day after a bare date, so "to 2026-01-31" includes that day. */
function upperBound(to: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : to;
}

export async function searchAudit(db: Db, q: AuditSearch): Promise<PageResult<AuditRecord>> {
  let base = db.selectFrom('t_audit_log');
  if (q.actor) {
    const like = likeEscape(q.actor);
    base = base.where((eb) => eb.or([eb('actorId', '=', q.actor!), sql<SqlBool>`${sql.ref('actorName')} like ${like} escape '\\'`]));
  }
  if (q.actorType) base = base.where('actorType', '=', q.actorType);
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.recordId) base = base.where('recordId', '=', q.recordId);
  if (q.from) base = base.where('at', '>=', q.from);
  if (q.to) base = base.where('at', '<', upperBound(q.to));
  if (q.keyword) {
    const like = likeEscape(q.keyword);
    base = base.where((eb) =>
      eb.or(
        ['summary', 'recordId', 'actorName', 'ip', 'before', 'after'].map((c) => sql<SqlBool>`${sql.ref(c)} like ${like} escape '\\'`),
      ),
    );
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    // Written only by writeAudit, so the stored action and actor type are the declared ones.
    list: rows.map((r) => ({
      ...r,
      actorType: r.actorType as AuditActorType,
      action: r.action as AuditAction,
      before: parseJson(r.before),
      after: parseJson(r.after),
    })),
    total: Number(totalRow?.n ?? 0),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Removes entries older than the retention period (never less than the legal minimum). */
export async function purgeAudit(db: DbOrTrx, retentionDays: number, now = new Date()): Promise<number> {
  const days = Math.max(AUDIT_MIN_RETENTION_DAYS, retentionDays);
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const result = await db.deleteFrom('t_audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Runs a login and logs its outcome: 'login' with the account it opened, or 'loginFailed'
 * with the account name tried and the reason shown (locked, disabled, wrong password).
 */
export async function auditedLogin<T extends { userId: string; userName: string }>(
  db: DbOrTrx,
  kind: 'staff' | 'visitor',
  userAccount: string,
  meta: { ip?: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const table = kind === 'staff' ? 't_user' : 't_visitor';
  const ip = meta.ip ?? currentActor().ip;
  try {
    const result = await attempt();
    await writeAudit(db, {
      action: 'login',
      entity: table,
      recordId: result.userId,
      summary: `${kind === 'staff' ? '后台用户' : '公众用户'}“${userAccount}”登录`,
      actor: { actorType: kind, actorId: result.userId, actorName: result.userName, ip },
    });
    return result;
  } catch (err) {
    const reason = err instanceof Error ? err.message : '';
    await writeAudit(db, {
      action: 'loginFailed',
      entity: table,
      summary: `${kind === 'staff' ? '后台用户' : '公众用户'}“${userAccount.slice(0, 50)}”登录失败：${reason}`,
      actor: { actorType: 'anonymous', actorId: null, actorName: userAccount.slice(0, 50), ip },
    });
    throw err;
  }
}
