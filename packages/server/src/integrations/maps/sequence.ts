import type { FastifyBaseLogger } from 'fastify';
import { MAPS_REQUEST_DELAY_MS } from '@land/shared/constants';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Maps requests made one at a time, `delayMs` apart (SPEC §7, §9: 350 ms — web services limit
 * requests per second per key). A failed request yields null and is logged as
 * "第N个地图服务请求失败" (N counts every request of this sequence); the others go on.
 */
export class PacedRequests {
  private count = 0;
  private lastEnd = 0;
  failures = 0;

  constructor(
    private readonly delayMs: number = MAPS_REQUEST_DELAY_MS,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async run<T>(request: () => Promise<T>): Promise<T | null> {
    const n = ++this.count;
    // A timer may fire a millisecond early; the spacing is a promise to the service, so re-check.
    while (n > 1 && Date.now() < this.lastEnd + this.delayMs) await sleep(this.lastEnd + this.delayMs - Date.now());
    try {
      return await request();
    } catch (err) {
      this.failures++;
      this.log?.warn({ err: err instanceof Error ? err.message : String(err) }, `第${n}个地图服务请求失败`);
      return null;
    } finally {
      this.lastEnd = Date.now();
    }
  }
}

export interface SequenceOptions {
  /** pause between the end of one request and the start of the next; default MAPS_REQUEST_DELAY_MS */
  delayMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Runs the requests in order through one PacedRequests: results in order, null for failures. */
export async function runSequentially<T>(tasks: (() => Promise<T>)[], options: SequenceOptions = {}): Promise<(T | null)[]> {
  const paced = new PacedRequests(options.delayMs, options.log);
  const results: (T | null)[] = [];
  for (const task of tasks) results.push(await paced.run(task));
  return results;
}
