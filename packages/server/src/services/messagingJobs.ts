import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app';
import type { AnyDb } from '../entities/repository';
import type { WechatClient } from '../integrations/wechat/index';
import type { Scheduler } from '../lib/scheduler';
import { deliverOutbox, type DeliveryReport } from './outbox';
import { runReminders } from './reminders';
import { loadSettings } from './settings';

export const OUTBOX_JOB = 'messages.outbox';
export const REMINDER_JOB = 'messages.reminders';

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

/** The outbox delivery and the reminders, at the configured intervals. */
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
}
