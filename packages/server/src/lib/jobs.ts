import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { JOB_STAGES, type JobStage, type JobState, type JobStatus } from '@land/shared/jobs';
import type { Updateable } from 'kysely';
import type { Db, JobTable as JobRow } from '../db/schema';
import { AppError, notFound } from './errors';
import { isoPlus, nowIso } from './time';

export { JOB_STAGES, type JobStage, type JobState, type JobStatus };

export interface JobFile {
  buffer: Buffer;
  fileName: string;
  asciiName: string;
  contentType: string;
}

export type ProgressFn = (processed: number, total: number, stage?: JobStage) => void;

/** How long a finished job (and its file) can still be asked for. */
const KEEP_MS = 30 * 60_000;
const MAX_RUNNING_PER_OWNER = 3;
const MAX_RUNNING = 100;
/** Progress is written at most this often; a running job's row is touched at least this often. */
const PROGRESS_EVERY_MS = 500;
const HEARTBEAT_MS = 30_000;
/** A running job whose row has not been touched for this long lost its process (restart, crash). */
const STALE_MS = 5 * 60_000;

const SERVER_BUSY = { code: ERROR_CODES.SERVER_ERROR, msg: '系统繁忙，请稍后再试', data: null };
/** A job still running when its process had to stop (SIGTERM past the drain deadline). */
export const SHUTDOWN_MESSAGE = '服务正在停止（更新或重启），任务未能在停止前完成，未保存任何数据，请稍后重新提交';
const SHUTDOWN_ERROR = { code: ERROR_CODES.SERVER_ERROR, msg: SHUTDOWN_MESSAGE, data: null };
/** At most this much of the drain's time is kept to stop the jobs still running (roll back, write the outcome). */
const STOP_GRACE_MS = 2000;

const settledWithin = (work: Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ms));
    void work.finally(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function statusOf(job: { id: string; kind: string; state: string; processed: number; total: number; stage: string | null }): JobStatus {
  const total = Number(job.total);
  const processed = Number(job.processed);
  const stage = job.stage && Object.hasOwn(JOB_STAGES, job.stage) ? (job.stage as JobStage) : null;
  const fraction = total > 0 ? Math.min(1, processed / total) : 0;
  const [from, to] = stage ? JOB_STAGES[stage] : [0, 1];
  return {
    jobId: job.id,
    kind: job.kind,
    state: job.state as JobState,
    progress: job.state === 'done' ? 1 : from + (to - from) * fraction,
    processed,
    total,
    stage,
  };
}

/** Seconds from each stage's start to the next one's (or to `end`), in the order they began. */
function stageDurations(started: Map<JobStage, number>, end: number): Partial<Record<JobStage, number>> {
  const entries = [...started.entries()].sort(([, a], [, b]) => a - b);
  const out: Partial<Record<JobStage, number>> = {};
  for (const [i, [stage, at]] of entries.entries()) out[stage] = ((entries[i + 1]?.[1] ?? end) - at) / 1000;
  return out;
}

/**
 * Long imports and exports run in the background so the browser can poll their progress. The
 * work runs in the process that received the request; its state (progress, outcome, the export
 * file) lives in the database table t_job, so a poll that a load balancer sends to another
 * server process finds it, and a restart does not leave the browser waiting for ever: a job
 * whose process stopped touching its row is reported as failed.
 */
export class JobTable {
  /**
   * Jobs running in this process, with their latest progress: a poll that reaches this process
   * is answered from here, without waiting for the database (on SQLite an import's transaction
   * holds the only connection while it saves).
   */
  private readonly local = new Map<string, { ownerId: string; kind: string; latest: { processed: number; total: number; stage: JobStage | null } }>();
  /** Runs of this process: settled once the outcome is written; `stop` is the drain's last resort. */
  private readonly runs = new Map<string, { finished: Promise<unknown>; stop: () => Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async sweep(): Promise<void> {
    await this.db.deleteFrom('t_job').where('finishedAt', '<', isoPlus(-KEEP_MS)).execute();
  }

  /**
   * Starts `run` in the background and returns its id. `run` reports progress and resolves with
   * the result (and a file to download, for exports); an AppError it throws becomes the job's
   * error as the synchronous call would have answered it. `signal` is aborted when the process
   * stops before the job is done (see `drain`): a job that writes in a transaction checks it so
   * that nothing is committed after the job was reported failed.
   */
  async start(
    ownerId: string,
    kind: string,
    run: (progress: ProgressFn, signal: AbortSignal) => Promise<{ result: unknown; file?: JobFile }>,
  ): Promise<string> {
    await this.sweep();
    const running = await this.db
      .selectFrom('t_job')
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number>(eb.case().when('ownerId', '=', ownerId).then(1).else(0).end()).as('mine')])
      .where('state', '=', 'running')
      .where('updatedAt', '>', isoPlus(-STALE_MS))
      .executeTakeFirst();
    if (Number(running?.mine ?? 0) >= MAX_RUNNING_PER_OWNER) {
      throw new AppError(ERROR_CODES.RATE_LIMITED, `同时进行的导入导出任务不能超过${MAX_RUNNING_PER_OWNER}个，请等待完成后再试`, 429);
    }
    if (Number(running?.all ?? 0) >= MAX_RUNNING) throw new AppError(ERROR_CODES.RATE_LIMITED, '服务器繁忙，请稍后再试', 429);
    const jobId = randomUUID();
    const now = nowIso();
    await this.db
      .insertInto('t_job')
      .values({ id: jobId, kind, ownerId, state: 'running', processed: 0, total: 0, createdAt: now, updatedAt: now })
      .execute();

    // Progress writes are throttled and chained, so they never overtake each other or the outcome.
    let chain: Promise<unknown> = Promise.resolve();
    let lastWrite = 0;
    let latest: { processed: number; total: number; stage: JobStage | null } = { processed: 0, total: 0, stage: null };
    const local = { ownerId, kind, latest };
    this.local.set(jobId, local);
    const write = (values: Updateable<JobRow>) => {
      chain = chain
        .then(() => this.db.updateTable('t_job').set({ ...values, updatedAt: nowIso() }).where('id', '=', jobId).execute())
        .catch((err: unknown) => this.log.warn({ err, jobId }, 'job state not written'));
      return chain;
    };
    // When each stage began: a staged job's result says how long each took (stageSeconds).
    const stageStarted = new Map<JobStage, number>();
    const progress: ProgressFn = (processed, total, stage) => {
      const newStage = (stage ?? null) !== latest.stage;
      if (stage && !stageStarted.has(stage)) stageStarted.set(stage, Date.now());
      latest = { processed, total, stage: stage ?? null };
      local.latest = latest;
      const t = Date.now();
      // A new stage is written at once, so the dialog shows every stage however short.
      if (!newStage && t - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = t;
      void write(latest);
    };
    const heartbeat = setInterval(() => void write(latest), HEARTBEAT_MS);
    heartbeat.unref();
    const abort = new AbortController();
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    this.runs.set(jobId, {
      finished,
      stop: () => {
        abort.abort(new AppError(SHUTDOWN_ERROR.code, SHUTDOWN_ERROR.msg, 503));
        this.local.delete(jobId);
        return write({ state: 'failed', error: JSON.stringify(SHUTDOWN_ERROR), finishedAt: nowIso() });
      },
    });

    // Started on the next turn so the caller has the id before any work (or failure) happens.
    setImmediate(() => {
      run(progress, abort.signal)
        .then(({ result, file }) => {
          const done = Math.max(latest.total, latest.processed);
          return write({
            state: 'done',
            processed: done,
            total: done,
            result: JSON.stringify({
              ...(result as object),
              ...(file && { fileName: file.fileName, downloadUrl: `/api/jobs/download?jobId=${jobId}` }),
              ...(stageStarted.size > 0 && { stageSeconds: stageDurations(stageStarted, Date.now()) }),
            }),
            fileName: file?.fileName ?? null,
            asciiName: file?.asciiName ?? null,
            contentType: file?.contentType ?? null,
            fileData: file ? file.buffer.toString('base64') : null,
            finishedAt: nowIso(),
          });
        })
        .catch((err: unknown) => {
          let error: JobStatus['error'] = SERVER_BUSY;
          // Stopped by a shutdown: whatever broke first (the workers closing), the user is told why.
          if (abort.signal.aborted) error = SHUTDOWN_ERROR;
          else if (err instanceof AppError) error = { code: err.code, msg: err.message, data: err.data ?? null };
          else this.log.error({ err, kind }, 'background job failed');
          return write({ state: 'failed', error: JSON.stringify(error), finishedAt: nowIso() });
        })
        .finally(() => {
          clearInterval(heartbeat);
          // The outcome is written: polls read it from the table from now on.
          this.local.delete(jobId);
          this.runs.delete(jobId);
          finish();
        });
    });
    return jobId;
  }

  /**
   * Shutdown (SIGTERM): waits until `deadline` (ms since the epoch) for the jobs running in this
   * process to finish and write their outcome. A job still running then is aborted (an import
   * rolls back at its next step) and marked failed with SHUTDOWN_MESSAGE at once, so the dialog
   * polling it says so instead of waiting STALE_MS for the row to go stale.
   */
  async drain(deadline: number): Promise<void> {
    if (this.runs.size === 0) return;
    const running = () => Promise.all([...this.runs.values()].map((r) => r.finished));
    // The last part of the time is kept for stopping: the rollback and the outcome's write.
    const left = deadline - Date.now();
    if (await settledWithin(running(), left - Math.min(STOP_GRACE_MS, left / 4))) return;
    this.log.warn({ jobs: [...this.runs.keys()] }, 'shutting down: background jobs still running are stopped and marked failed');
    const stopped = [...this.runs.values()].map((r) => r.stop());
    await settledWithin(Promise.all([...stopped, running()]), deadline - Date.now());
  }

  private async find(jobId: string, ownerId: string) {
    const job = await this.db.selectFrom('t_job').selectAll().where('id', '=', jobId).executeTakeFirst();
    // Someone else's job is reported as missing, not as forbidden: ids are not to be probed.
    if (!job || job.ownerId !== ownerId) throw notFound('任务不存在或已过期');
    return job;
  }

  async status(jobId: string, ownerId: string): Promise<JobStatus> {
    const running = this.local.get(jobId);
    if (running && running.ownerId === ownerId) return statusOf({ id: jobId, kind: running.kind, state: 'running', ...running.latest });
    const job = await this.find(jobId, ownerId);
    const status = statusOf(job);
    if (job.state === 'running' && job.updatedAt < isoPlus(-STALE_MS)) {
      return { ...status, state: 'failed', error: { code: ERROR_CODES.SERVER_ERROR, msg: '任务所在的服务已重启，任务未完成，请重新提交', data: null } };
    }
    if (job.state === 'done') status.result = parse(job.result);
    if (job.state === 'failed') status.error = (parse(job.error) as JobStatus['error']) ?? SERVER_BUSY;
    return status;
  }

  async file(jobId: string, ownerId: string): Promise<JobFile> {
    const job = await this.find(jobId, ownerId);
    if (job.state === 'running') throw new AppError(ERROR_CODES.CONFLICT, '任务尚未完成', 409);
    if (job.fileData === null || !job.fileName) throw notFound('该任务没有可下载的文件');
    return {
      buffer: Buffer.from(job.fileData, 'base64'),
      fileName: job.fileName,
      asciiName: job.asciiName ?? 'download',
      contentType: job.contentType ?? 'application/octet-stream',
    };
  }
}
