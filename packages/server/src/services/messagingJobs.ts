import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { AnyDb } from '../entities/repository';
import type { WechatClient } from '../integrations/wechat/index';
import type { Scheduler } from '../lib/scheduler';
import { deliverOutbox, type DeliveryReport } from './outbox';
import { runReminders } from './reminders';
import { pruneParcelChanges, runSavedSearchDigests } from './savedSearches';
import { loadSettings } from './settings';

export const OUTBOX_JOB = 'messages.outbox';
export const REMINDER_JOB = 'messages.reminders';
export const SAVED_SEARCH_JOB = 'messages.savedSearches';

/** What delivery needs besides the database: the WeChat client and who this process is. */
export interface MessagingRuntime {
  wechat: WechatClient;
  owner: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Delivers the inbox copies of one message right after its send committed, so the sender and
 * the recipients see it at once; WeChat copies wait for the outbox job (they may be slow).
 */
export async function deliverInboxNow(ctx: Pick<AppContext, 'db'>, runtime: MessagingRuntime, messageId: string): Promise<DeliveryReport> {
  return deliverOutbox(ctx.db as unknown as AnyDb, { owner: runtime.owner, wechat: runtime.wechat, messageId, channels: ['inbox'], log: runtime.log });
}

export function describeDelivery(r: DeliveryReport): string {
  return `送达${r.sent}，失败${r.failed}，待重试${r.retrying}${r.recovered ? `，接管中断${r.recovered}` : ''}`;
}

/** The outbox delivery, the reminders and the saved-search digests, at the configured intervals. */
export function registerMessagingJobs(scheduler: Scheduler, ctx: AppContext, runtime: MessagingRuntime): void {
  const db = ctx.db as unknown as AnyDb;
  scheduler.registerJob(OUTBOX_JOB, ctx.config.messageDeliverySeconds * 1000, async () => {
    const report = await deliverOutbox(db, { owner: runtime.owner, wechat: runtime.wechat, log: runtime.log });
    return describeDelivery(report);
  });
  scheduler.registerJob(REMINDER_JOB, ctx.config.reminderMinutes * 60_000, async () => {
    const settings = await loadSettings(ctx.db);
    const r = await runReminders(db, { daysAhead: settings.reminderDaysAhead });
    return `到期${r.expiringTerms}项，收藏地块状态变化${r.stateChanges}项，新提醒${r.sent}条`;
  });
  // Digests go out at most once a day per search; new changes are looked for every few minutes.
  scheduler.registerJob(SAVED_SEARCH_JOB, ctx.config.savedSearchSeconds * 1000, async () => {
    const r = await runSavedSearchDigests(db, ctx.dialect);
    const pruned = await pruneParcelChanges(db);
    return `保存的搜索${r.searches}个，摘要${r.digests}条（${r.parcels}个地块）${pruned ? `，清理变更${pruned}条` : ''}`;
  });
}
