import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES } from '@land/shared/api';
import type { Db, DbOrTrx } from '../db/schema';
import { AppError } from './errors';

/** A limit of `limit` counted events per subject in fixed windows of `windowSeconds`. */
export interface RateRule {
  /** Part of the counter key; unique per rule. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Chinese answer when the limit is reached. */
  message: string;
}

export interface RateCount {
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfter: number;
}

function windowOf(rule: RateRule, subject: string, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const index = Math.floor(now / windowMs);
  const end = (index + 1) * windowMs;
  // Keys stay short whatever the subject (an account name may be anything a client sends).
  const key = `${rule.name}:${subject.slice(0, 200)}:${index}`;
  return { key, end, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
}

let lastSweep = 0;

/**
 * Counts one event in the database, so every server process on one database shares the
 * count: one atomic upsert (SQLite and PostgreSQL both have ON CONFLICT … RETURNING).
 */
export async function countHit(db: DbOrTrx, rule: RateRule, subject: string): Promise<RateCount> {
  const now = Date.now();
  const { key, end, retryAfter } = windowOf(rule, subject, now);
  const row = await db
    .insertInto('t_rate_limit')
    .values({ key, hits: 1, expiresAt: new Date(end).toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`t_rate_limit.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    await db.deleteFrom('t_rate_limit').where('expiresAt', '<', new Date(now).toISOString()).execute();
  }
  return { hits: Number(row.hits), retryAfter };
}

/** The count of the current window without adding to it. */
export async function peekHits(db: DbOrTrx, rule: RateRule, subject: string): Promise<RateCount> {
  const { key, retryAfter } = windowOf(rule, subject, Date.now());
  const row = await db.selectFrom('t_rate_limit').select('hits').where('key', '=', key).executeTakeFirst();
  return { hits: Number(row?.hits ?? 0), retryAfter };
}

/** Forgets a subject's count of the current window (a successful login clears its failures). */
export async function resetHits(db: DbOrTrx, rule: RateRule, subject: string): Promise<void> {
  await db.deleteFrom('t_rate_limit').where('key', '=', windowOf(rule, subject, Date.now()).key).execute();
}

/** A0429 with the rule's Chinese message; Retry-After tells the client when to come back. */
export function rateLimited(reply: FastifyReply | undefined, rule: RateRule, retryAfter: number): AppError {
  reply?.header('retry-after', String(retryAfter));
  return new AppError(ERROR_CODES.RATE_LIMITED, rule.message, 429, { retryAfter });
}

/** Counts the event and refuses it once the subject is over the rule's limit. */
export async function enforceLimit(db: DbOrTrx, rule: RateRule, subject: string, reply?: FastifyReply): Promise<void> {
  if (rule.limit <= 0) return;
  const { hits, retryAfter } = await countHit(db, rule, subject);
  if (hits > rule.limit) throw rateLimited(reply, rule, retryAfter);
}

/** preHandler: at most `rule.limit` calls per client address (behind a proxy `req.ip` is the client). */
export function addressLimit(db: Db, rule: RateRule) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => enforceLimit(db, rule, req.ip, reply);
}

/**
 * At most `limit` calls per client address in `windowMs`, kept in memory: one process serves
 * the site, and this only has to keep one visitor from monopolising the expensive public calls
 * (file conversion, document rendering). Behind a proxy `req.ip` is the client (trustProxy).
 */
export function perAddressLimit(limit: number, windowMs: number, message = '请求过于频繁，请稍后再试') {
  const hits = new Map<string, number[]>();
  return (req: FastifyRequest): void => {
    const now = Date.now();
    if (hits.size > 10_000) hits.clear();
    const recent = (hits.get(req.ip) ?? []).filter((t) => now - t < windowMs);
    if (recent.length >= limit) {
      hits.set(req.ip, recent);
      throw new AppError(ERROR_CODES.RATE_LIMITED, message, 429);
    }
    recent.push(now);
    hits.set(req.ip, recent);
  };
}
