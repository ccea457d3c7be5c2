import type { Db } from '../db/schema';
import { isoPlus, nowIso } from '../lib/time';

/**
 * Takes or renews the lease of a job for `ttlMs`: true when this owner holds it afterwards.
 * One conditional update (or the first insert) decides, so two processes asking at once never
 * both get it, on either database.
 */
export async function acquireLease(db: Db, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const now = nowIso();
  const expiresAt = isoPlus(ttlMs);
  const res = await db
    .updateTable('t_job_lease')
    .set({ owner, expiresAt })
    .where('name', '=', name)
    // A lease that ends at this very millisecond is over (a release stamps "now": the next
    // process asking within the same millisecond must get it).
    .where((eb) => eb.or([eb('owner', '=', owner), eb('expiresAt', '<=', now)]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return true;
  const exists = await db.selectFrom('t_job_lease').select('name').where('name', '=', name).executeTakeFirst();
  if (exists) return false;
  try {
    await db.insertInto('t_job_lease').values({ name, owner, expiresAt, lastRunAt: null, lastResult: null }).execute();
    return true;
  } catch {
    // Another process inserted it first.
    return false;
  }
}

export async function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  await db.updateTable('t_job_lease').set({ expiresAt: nowIso() }).where('name', '=', name).where('owner', '=', owner).execute();
}

/** Gives back every lease this owner still holds (a process shutting down). */
export async function releaseLeasesOf(db: Db, owner: string): Promise<void> {
  const now = nowIso();
  await db.updateTable('t_job_lease').set({ expiresAt: now }).where('owner', '=', owner).where('expiresAt', '>', now).execute();
}

export async function recordRun(db: Db, name: string, result: string): Promise<void> {
  await db.updateTable('t_job_lease').set({ lastRunAt: nowIso(), lastResult: result.slice(0, 2000) }).where('name', '=', name).execute();
}

/** When a job last finished a run (on any process), or null. */
export async function lastRunOf(db: Db, name: string): Promise<string | null> {
  const row = await db.selectFrom('t_job_lease').select('lastRunAt').where('name', '=', name).executeTakeFirst();
  return row?.lastRunAt ?? null;
}
