import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema';
import { acquireLease, lastRunOf, recordRun, releaseLease, releaseLeasesOf } from '../services/jobLease';

/** What a job run reports (kept as the lease row's lastResult); nothing is fine too. */
export type JobFn = () => Promise<string | void> | string | void;

export interface JobOptions {
  /** How long one run may hold the lease before another process may take over; default max(interval, 60 s). Renewed while the run lasts. */
  leaseMs?: number;
}

export interface SchedulerOptions {
  db: Db;
  /** This process's name in the lease rows; default host:pid:random. */
  owner?: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

interface Job {
  name: string;
  intervalMs: number;
  fn: JobFn;
  leaseMs: number;
  timer?: NodeJS.Timeout;
  running?: Promise<boolean>;
}

/**
 * Named jobs run at intervals, on however many server processes: each run takes the job's
 * lease in the database first (services/jobLease), so one process runs a job at a time, and a
 * run is skipped when any process ran the job less than an interval ago. A process that dies
 * mid-run loses its lease when it runs out, and another one carries on.
 */
export class Scheduler {
  readonly owner: string;
  private readonly jobs = new Map<string, Job>();
  private started = false;

  constructor(private readonly options: SchedulerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  registerJob(name: string, intervalMs: number, fn: JobFn, options: JobOptions = {}): void {
    if (this.jobs.has(name)) throw new Error(`Job ${name} is registered twice`);
    if (!(intervalMs > 0)) throw new Error(`Job ${name}: interval must be positive`);
    const job: Job = { name, intervalMs, fn, leaseMs: options.leaseMs ?? Math.max(intervalMs, 60_000) };
    this.jobs.set(name, job);
    if (this.started) this.schedule(job);
  }

  jobNames(): string[] {
    return [...this.jobs.keys()];
  }

  /** Starts the timers; each job's first run comes within a few seconds (spread so processes do not collide). */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /**
   * Stops the timers, waits for runs in progress and gives their leases back, so another
   * process takes the jobs over at once instead of when the leases run out.
   */
  async stop(): Promise<void> {
    const wasStarted = this.started;
    this.started = false;
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.timer = undefined;
    }
    const running = [...this.jobs.values()].filter((j) => j.running);
    await Promise.all(running.map((j) => j.running?.catch(() => false)));
    if (wasStarted || running.length > 0) await releaseLeasesOf(this.options.db, this.owner).catch(() => undefined);
  }

  /**
   * Runs a job now if this process can take its lease (whether or not it is due): true when it
   * ran here, false when another process holds it.
   */
  async runOnce(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    return this.run(job, false);
  }

  private schedule(job: Job): void {
    const tick = (delay: number) => {
      job.timer = setTimeout(() => {
        void this.run(job, true).finally(() => {
          if (this.started) tick(job.intervalMs);
        });
      }, delay);
      job.timer.unref();
    };
    tick(Math.min(job.intervalMs, 1000 + Math.floor(Math.random() * 2000)));
  }

  private run(job: Job, onlyWhenDue: boolean): Promise<boolean> {
    // One run at a time in this process too; a second request waits for the first one's answer.
    if (job.running) return job.running;
    job.running = this.runLeased(job, onlyWhenDue).finally(() => {
      job.running = undefined;
    });
    return job.running;
  }

  private async runLeased(job: Job, onlyWhenDue: boolean): Promise<boolean> {
    const { db, log } = this.options;
    if (!(await acquireLease(db, job.name, this.owner, job.leaseMs))) return false;
    const renew = setInterval(() => void acquireLease(db, job.name, this.owner, job.leaseMs).catch(() => undefined), Math.max(1000, job.leaseMs / 3));
    renew.unref();
    try {
      if (onlyWhenDue) {
        const last = await lastRunOf(db, job.name);
        // 10 % slack: timers of several processes drift, and a run due in a moment is due.
        if (last && Date.now() - Date.parse(last) < job.intervalMs * 0.9) return false;
      }
      try {
        const result = await job.fn();
        await recordRun(db, job.name, typeof result === 'string' ? result : '完成');
      } catch (err) {
        log?.error({ err, job: job.name }, `定时任务 ${job.name} 失败`);
        await recordRun(db, job.name, `失败：${(err as Error)?.message ?? String(err)}`).catch(() => undefined);
      }
      return true;
    } finally {
      clearInterval(renew);
      await releaseLease(db, job.name, this.owner).catch(() => undefined);
    }
  }
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  return new Scheduler(options);
}
