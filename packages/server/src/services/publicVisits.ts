import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** How often (in counted views, on average) the rows of ended windows are deleted. */
const PURGE_EVERY = 500;

/**
 * Page-view counting for the public site, bounded: one count per client address and record
 * per window (an hour). The last counted view of each (record, address) is a row of
 * t_visit_seen, so the bound holds across several server processes behind a load balancer and
 * across restarts: a reload loop cannot inflate the "popular" lists whichever process it hits.
 */
export class VisitCounter {
  constructor(
    private readonly db: Db,
    private readonly windowMs = 3600_000,
  ) {}

  /** True when this address has not counted this record within the window (and records it now). */
  async shouldCount(kind: string, id: string, ip: string, now = Date.now()): Promise<boolean> {
    // Unit separators: PostgreSQL text cannot hold NUL.
    const key = `${kind}\u001f${id}\u001f${ip}`.slice(0, 300);
    const at = new Date(now).toISOString();
    const windowStart = new Date(now - this.windowMs).toISOString();
    // One statement decides, so two processes counting the same view at once count it once:
    // a new key is inserted; an existing one is moved on only when its window has ended.
    const res = await this.db
      .insertInto('t_visit_seen')
      .values({ key, at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ at }).where(sql.ref('t_visit_seen.at'), '<=', windowStart))
      .executeTakeFirst();
    const counted = Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    if (counted && Math.random() < 1 / PURGE_EVERY) {
      await this.db.deleteFrom('t_visit_seen').where('at', '<=', windowStart).execute();
    }
    return counted;
  }
}
