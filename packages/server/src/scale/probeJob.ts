import type { Db } from '../db/schema';
import type { Scheduler } from '../lib/scheduler';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';

/**
 * A scheduled job that only records that it ran (a finished row of kind schedulerProbe in
 * t_job, with the process that ran it). Enabled by SCHEDULER_PROBE_MS, for the test that runs
 * several server processes on one database and checks that a job runs once per interval.
 * With `runMs` (SCHEDULER_PROBE_RUN_MS) each run lasts that long and holds a lease twenty times
 * longer, for the test that stops a process in the middle of a run.
 */
export function registerSchedulerProbe(scheduler: Scheduler, db: Db, intervalMs: number, runMs = 0): void {
  scheduler.registerJob('schedulerProbe', intervalMs, async () => {
    if (runMs > 0) await new Promise((r) => setTimeout(r, runMs));
    const now = nowIso();
    await db
      .insertInto('t_job')
      .values({ id: newId(), kind: 'schedulerProbe', ownerId: String(process.pid), state: 'done', processed: 1, total: 1, createdAt: now, updatedAt: now, finishedAt: now })
      .execute();
    return `pid ${process.pid}`;
  }, { leaseMs: Math.max(intervalMs * 4, 5000, runMs * 20) });
}
