/**
 * The worker pool for heavy file work (piscina): conversions, Excel import and export,
 * shapefile export and documents run in worker threads with a heap limit each
 * (WORKER_MEMORY_MB), a time limit per job (JOB_TIMEOUT_SECONDS) and a bounded queue
 * (WORKER_QUEUE; beyond it callers get A0429). A file that exhausts a worker's memory or time
 * ends that worker — piscina starts another — and the request gets a clear answer; the server
 * and its other requests carry on.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ERROR_CODES } from '@land/shared/api';
import type { WorkerLimits } from '../config';
import { AppError } from '../lib/errors';
import type { ShapefileBuilder } from '../services/gisExchange';
import type * as Tasks from './tasks';

type TaskName = 'convert' | 'readLines' | 'readSheet' | 'writeWorkbook' | 'renderManual' | 'writeShapefile';
type Input<K extends TaskName> = Parameters<(typeof Tasks)[K]>[0];
type Output<K extends TaskName> = Awaited<ReturnType<(typeof Tasks)[K]>> extends Tasks.TaskOutcome<infer T> ? T : never;

/**
 * The worker's entry next to this module: from TypeScript sources (tsx, vitest) a small ESM
 * file that registers tsx in the worker thread first; from a compiled build tasks.js itself.
 */
function workerEntry(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), here.endsWith('.ts') ? 'tsWorker.mjs' : 'tasks.js');
}

export const BUSY_MESSAGE = '服务器繁忙，请稍后再试';

export class WorkerPool {
  private pool: Piscina | null = null;
  /** Jobs running or waiting; counted here because piscina does not bound tasks that carry an abort signal. */
  private inFlight = 0;

  constructor(private readonly limits: WorkerLimits) {}

  private get piscina(): Piscina {
    this.pool ??= new Piscina({
      filename: workerEntry(),
      minThreads: 0,
      maxThreads: this.limits.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(8, Math.round(this.limits.memoryMb / 16))) },
    });
    return this.pool;
  }

  /** Runs a task in a worker; its refusals are thrown as the AppErrors they were. */
  async run<K extends TaskName>(name: K, input: Input<K>, transferList?: Transferable[]): Promise<Output<K>> {
    const seconds = this.limits.jobTimeoutSeconds;
    if (this.inFlight >= this.limits.threads + this.limits.queue) throw new AppError(ERROR_CODES.RATE_LIMITED, BUSY_MESSAGE, 429);
    this.inFlight++;
    let outcome: Tasks.TaskOutcome<Output<K>>;
    try {
      outcome = await this.piscina.run(input, { name, signal: AbortSignal.timeout(seconds * 1000), transferList: transferList as never });
    } catch (e) {
      const err = e as Error & { code?: string };
      if (err.name === 'AbortError') {
        throw tooHeavy(`处理时间超过${seconds}秒，已停止：请拆分文件或缩小范围后分批处理`);
      }
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw tooHeavy(`处理所需内存超过${this.limits.memoryMb}MB，已停止：请拆分文件或缩小范围后分批处理`);
      }
      throw e;
    } finally {
      this.inFlight--;
    }
    if (!outcome.ok) throw new AppError(outcome.error.code, outcome.error.message, outcome.error.httpStatus, outcome.error.data);
    return outcome.value;
  }

  /**
   * A zipped shapefile written in a worker from chunks read here (from the database): memory
   * stays flat on both sides, and the encoding and compression cost the worker's time.
   */
  readonly writeShapefile: ShapefileBuilder = async (fields, options, chunks) => {
    const { port1, port2 } = new MessageChannel();
    const done = this.run('writeShapefile', { fields, options, port: port2 }, [port2]);
    let failed = false;
    done.catch(() => {
      failed = true;
    });
    try {
      for await (const chunk of chunks) {
        if (failed) break;
        port1.postMessage(chunk);
      }
      // The worker closes the channel once it has read the end mark.
      port1.postMessage(null);
    } catch (e) {
      port1.close();
      throw e;
    }
    return Buffer.from(await done);
  };

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

function tooHeavy(message: string): AppError {
  return new AppError(ERROR_CODES.TOO_LARGE, message, 413, { field: 'file', errors: [{ field: 'file', msg: message }] });
}
