import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { AppError } from './errors';

/**
 * At most `limit` calls per client address in `windowMs`, kept in memory: one process serves
 * the site, and this only has to keep one visitor from monopolising the expensive public calls
 * (file conversion, document rendering). Behind a proxy `req.ip` is the client (trustProxy).
 */
export function perAddressLimit(limit: number, windowMs: number, message = '请求过于频繁，请稍后再试') {
  const hits = new Map<string, number[]>();
  return (req: FastifyRequest): void => {
    const now = Date.now();
    if (hits.size > 10_000) hits.clear();
    const recent = (hits.get(req.ip) ?? []).filter((t) => now - t < windowMs);
    if (recent.length >= limit) {
      hits.set(req.ip, recent);
      throw new AppError(ERROR_CODES.RATE_LIMITED, message, 429);
    }
    recent.push(now);
    hits.set(req.ip, recent);
  };
}

/**
 * Runs at most `max` tasks at once and queues up to `queue` more; beyond that the caller gets
 * a 429 at once. Conversions hold a whole file and its features in memory, so their number —
 * not only their rate — has to be bounded.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.queue) throw new AppError(ERROR_CODES.RATE_LIMITED, '服务器繁忙，请稍后再试', 429);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // A waiting task inherits this slot, so `running` only drops when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
