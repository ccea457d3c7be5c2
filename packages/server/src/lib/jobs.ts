import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { AppError, notFound } from './errors';

export type JobState = 'running' | 'done' | 'failed';

/** What GET /api/jobs/status answers: enough for a progress bar and the outcome. */
export interface JobStatus {
  jobId: string;
  kind: string;
  state: JobState;
  /** 0..1 */
  progress: number;
  processed: number;
  total: number;
  result?: unknown;
  error?: { code: string; msg: string; data: unknown };
}

export interface JobFile {
  buffer: Buffer;
  fileName: string;
  asciiName: string;
  contentType: string;
}

interface Job extends JobStatus {
  ownerId: string;
  file?: JobFile;
  finishedAt?: number;
}

export type ProgressFn = (processed: number, total: number) => void;

/** How long a finished job (and its file) can still be asked for. */
const KEEP_MS = 30 * 60_000;
const MAX_RUNNING_PER_OWNER = 3;
const MAX_JOBS = 500;

/**
 * Long imports and exports run in the background so the browser can poll their progress.
 * The table lives in this process's memory: a restart forgets running and finished jobs, and
 * with several server processes a status request must reach the one that started the job
 * (sticky sessions) — acceptable for the single-process deployment; a shared table (database
 * or Redis) is the step after.
 */
export class JobTable {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly log: FastifyBaseLogger) {}

  private sweep(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) if (job.finishedAt && now - job.finishedAt > KEEP_MS) this.jobs.delete(id);
  }

  /**
   * Starts `run` in the background and returns its id. `run` reports progress and resolves with
   * the result (and a file to download, for exports); an AppError it throws becomes the job's
   * error as the synchronous call would have answered it.
   */
  start(ownerId: string, kind: string, run: (progress: ProgressFn) => Promise<{ result: unknown; file?: JobFile }>): string {
    this.sweep();
    const running = [...this.jobs.values()].filter((j) => j.ownerId === ownerId && j.state === 'running').length;
    if (running >= MAX_RUNNING_PER_OWNER) throw new AppError(ERROR_CODES.RATE_LIMITED, `同时进行的导入导出任务不能超过${MAX_RUNNING_PER_OWNER}个，请等待完成后再试`, 429);
    if (this.jobs.size >= MAX_JOBS) throw new AppError(ERROR_CODES.RATE_LIMITED, '服务器繁忙，请稍后再试', 429);
    const job: Job = { jobId: randomUUID(), kind, ownerId, state: 'running', progress: 0, processed: 0, total: 0 };
    this.jobs.set(job.jobId, job);
    const progress: ProgressFn = (processed, total) => {
      job.processed = processed;
      job.total = total;
      job.progress = total > 0 ? Math.min(1, processed / total) : 0;
    };
    // Started on the next turn so the caller has the id before any work (or failure) happens.
    setImmediate(() => {
      run(progress)
        .then(({ result, file }) => {
          job.state = 'done';
          job.progress = 1;
          job.processed = job.total = Math.max(job.total, job.processed);
          job.result = file ? { ...(result as object), fileName: file.fileName, downloadUrl: `/api/jobs/download?jobId=${job.jobId}` } : result;
          job.file = file;
        })
        .catch((err: unknown) => {
          job.state = 'failed';
          if (err instanceof AppError) job.error = { code: err.code, msg: err.message, data: err.data };
          else {
            this.log.error({ err, kind }, 'background job failed');
            job.error = { code: ERROR_CODES.SERVER_ERROR, msg: '系统繁忙，请稍后再试', data: null };
          }
        })
        .finally(() => {
          job.finishedAt = Date.now();
        });
    });
    return job.jobId;
  }

  private find(jobId: string, ownerId: string): Job {
    const job = this.jobs.get(jobId);
    // Someone else's job is reported as missing, not as forbidden: ids are not to be probed.
    if (!job || job.ownerId !== ownerId) throw notFound('任务不存在或已过期');
    return job;
  }

  status(jobId: string, ownerId: string): JobStatus {
    const { ownerId: _o, file: _f, finishedAt: _t, ...status } = this.find(jobId, ownerId);
    return status;
  }

  file(jobId: string, ownerId: string): JobFile {
    const job = this.find(jobId, ownerId);
    if (job.state === 'running') throw new AppError(ERROR_CODES.CONFLICT, '任务尚未完成', 409);
    if (!job.file) throw notFound('该任务没有可下载的文件');
    return job.file;
  }
}
