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
import type { SheetData } from '../entities/excel';
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
  /**
   * `watch`, when given, is handed a function that starts the time limit afresh: a task that
   * reports its progress (readSheet, batch by batch) is stopped when one step, not the whole
   * of a bounded file, takes longer than the limit.
   */
  async run<K extends TaskName>(name: K, input: Input<K>, transferList?: Transferable[], watch?: (restart: () => void) => void): Promise<Output<K>> {
    const seconds = this.limits.jobTimeoutSeconds;
    if (this.inFlight >= this.limits.threads + this.limits.queue) throw new AppError(ERROR_CODES.RATE_LIMITED, BUSY_MESSAGE, 429);
    this.inFlight++;
    // The time limit starts when a worker takes the task up (it says so on this port), so time
    // spent waiting in the queue behind other jobs is not counted against it.
    const { port1: start, port2: started } = new MessageChannel();
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop.abort(), seconds * 1000);
    };
    start.once('message', () => {
      running = true;
      restart();
    });
    watch?.(() => {
      if (running) restart();
    });
    let outcome: Tasks.TaskOutcome<Output<K>>;
    try {
      const task: Input<K> & Tasks.TaskStart = { ...input, started };
      outcome = await this.piscina.run(task, { name, signal: stop.signal, transferList: [started, ...(transferList ?? [])] as never });
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
      clearTimeout(timer);
      start.close();
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

  /**
   * The rows of an import workbook, read by a streaming reader in a worker and received here in
   * batches (see tasks.ts readSheet): the worker's memory stays about a batch of rows whatever
   * the sheet's length, so a sheet of the import limit fits its heap limit. The time limit
   * applies to each step: verifying the archive, then each batch of SHEET_BATCH_ROWS rows. As
   * the rows are capped (MAX_IMPORT_ROWS), a legal file gets at most MAX_IMPORT_ROWS /
   * SHEET_BATCH_ROWS + 2 limits in all (22 minutes at the default 60 s), whatever the machine's
   * load, while a file that stalls is stopped after one limit as before. `onRead` is told the
   * rows received so far after each batch.
   */
  async readSheet(input: Omit<Input<'readSheet'>, 'port'>, onRead?: (rows: number) => void): Promise<SheetData> {
    const { port1, port2 } = new MessageChannel();
    const rows: SheetData['rows'] = [];
    let progressed = () => {};
    const ended = new Promise<void>((resolve) => {
      port1.on('message', (batch: SheetData['rows'] | null) => {
        if (batch === null) return resolve();
        progressed();
        for (const r of batch) rows.push(r);
        // The rows read so far, batch by batch as the worker streams them (the import dialog's "rows read").
        if (batch.length > 0) onRead?.(rows.length);
      });
    });
    try {
      const { columns } = await this.run('readSheet', { ...input, port: port2 }, [port2], (restart) => {
        progressed = restart;
      });
      // Posted before the worker answered, on another channel: wait for the end mark.
      await ended;
      return { columns, rows };
    } finally {
      port1.close();
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

function tooHeavy(message: string): AppError {
  return new AppError(ERROR_CODES.TOO_LARGE, message, 413, { field: 'file', errors: [{ field: 'file', msg: message }] });
}
