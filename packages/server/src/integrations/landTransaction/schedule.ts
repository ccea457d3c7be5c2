import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { acquireLease, recordRun } from '../../services/jobLease';
import { syncLandTransactions } from './sync';
import type { LandTransactionClient } from './types';

export const SYNC_JOB = 'landTransaction.sync';

export interface ScheduleOptions {
  intervalMinutes: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** This process's name in the lease row. */
  owner?: string;
}

/**
 * Runs one sync if this process holds (or can take) the job's lease. The lease lasts two
 * intervals and is renewed by each run, so of several processes one runs the job, and another
 * takes over when that one stops.
 */
export async function runScheduledSync(ctx: Pick<AppContext, 'db'>, client: LandTransactionClient, options: ScheduleOptions & { owner: string }): Promise<boolean> {
  const ttlMs = 2 * options.intervalMinutes * 60_000;
  if (!(await acquireLease(ctx.db, SYNC_JOB, options.owner, ttlMs))) return false;
  try {
    const r = await syncLandTransactions(ctx, client);
    const summary = `共${r.fetched}条：新增${r.created}，更新${r.updated}，未变${r.unchanged}${r.unmatched.length ? `，未匹配地块${r.unmatched.length}` : ''}`;
    await recordRun(ctx.db, SYNC_JOB, summary);
    options.log.info({ job: SYNC_JOB, ...r, unmatched: r.unmatched.length }, `土地交易记录同步完成：${summary}`);
  } catch (err) {
    await recordRun(ctx.db, SYNC_JOB, `失败：${(err as Error).message}`.slice(0, 2000)).catch(() => undefined);
    options.log.error({ err, job: SYNC_JOB }, '土地交易记录同步失败，已有数据未改动');
  }
  return true;
}

/** Starts the periodic sync (first run right away); returns a function that stops it. */
export function startLandTransactionSync(ctx: Pick<AppContext, 'db'>, client: LandTransactionClient, options: ScheduleOptions): () => void {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let running = false;
  const tick = async () => {
    // A slow run is not overlapped by the next tick.
    if (running) return;
    running = true;
    try {
      await runScheduledSync(ctx, client, { ...options, owner });
    } catch (err) {
      options.log.error({ err, job: SYNC_JOB }, '土地交易记录同步任务出错');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, options.intervalMinutes * 60_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
