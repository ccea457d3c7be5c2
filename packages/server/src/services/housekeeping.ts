import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { purgeAudit } from './audit';
import { purgeRecycleBin } from './recycleBin';

const EVERY_MS = 6 * 3600_000;

/**
 * Retention purges: recycle-bin entries past 30 days and audit entries past the configured
 * retention (never below 180 days). Run at start and every six hours; returns a stop function.
 */
export function startHousekeeping(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      const recycled = await purgeRecycleBin(ctx.db);
      const audited = await purgeAudit(ctx.db, ctx.config.auditRetentionDays);
      if (recycled || audited) log.info({ recycled, audited }, 'retention purge');
    } catch (err) {
      log.error({ err }, 'retention purge failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
