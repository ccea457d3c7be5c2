/**
 * Delivery from the message outbox. Any number of processes may deliver at once: a row is
 * taken by one conditional UPDATE (pending → sending, with who and until when), so only the
 * process whose update changed it delivers it.
 *
 * Exactly once:
 * - inbox: the t_messageuser row has the outbox row's id and is written in the transaction that
 *   marks the outbox row sent, so a repeat or a restart finds it sent (or inserts nothing new);
 * - WeChat: the row is marked sending before the request and sent after it. A process that dies
 *   in between leaves it sending; when its claim runs out the row is marked failed as "outcome
 *   unknown" and is not sent again (staff may resend it), because WeChat may already have it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { AnyDb } from '../entities/repository';
import { isoPlus, nowIso } from '../lib/time';
import { WechatError, type WechatClient } from '../integrations/wechat/index';
import type { MessageOutboxTable, OutboxChannel } from './messagingTables';
import './messagingTables';

/** What a delivery reads of its t_message_outbox row. */
export type OutboxRow = Pick<
  Selectable<MessageOutboxTable>,
  'id' | 'messageId' | 'channel' | 'visitorId' | 'openid' | 'title' | 'content' | 'type' | 'sourceId' | 'payload' | 'attempts'
>;

export interface DeliverOptions {
  /** This process in the claim columns. */
  owner: string;
  wechat: WechatClient;
  /** Rows taken in one pass; default 200. */
  limit?: number;
  /** Only this message's rows (the send call delivers its inbox rows at once). */
  messageId?: string;
  channels?: OutboxChannel[];
  /** How long a claim holds before another process may recover the row; default 2 min. */
  claimTtlMs?: number;
  /** Tries of a WeChat message before it is failed; default 5. */
  maxAttempts?: number;
  /** First retry pause; doubled per attempt up to an hour. Default 30 s. */
  retryBaseMs?: number;
  /** Called with each claimed row before it is delivered (tests interrupt a batch here). */
  beforeDeliver?: (row: OutboxRow) => void | Promise<void>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** WeChat messages that failed for now and wait for their next attempt. */
  retrying: number;
  /** Rows a stopped process had taken, made pending again (inbox) or failed as unknown (WeChat). */
  recovered: number;
}

export const UNKNOWN_OUTCOME = '发送过程中断，微信是否收到未知；为避免重复发送未自动重试';
const MAX_ERROR = 500;

export function retryDelayMs(attempts: number, baseMs = 30_000): number {
  return Math.min(3600_000, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Rows whose claim ran out while sending: the claiming process stopped mid-delivery. */
async function recoverAbandoned(db: AnyDb): Promise<number> {
  const now = nowIso();
  const inbox = await db
    .updateTable('t_message_outbox')
    .set({ status: 'pending', claimedBy: null, claimedUntil: null, updatedAt: now })
    .where('status', '=', 'sending')
    .where('channel', '=', 'inbox')
    .where('claimedUntil', '<', now)
    .executeTakeFirst();
  const wechat = await db
    .updateTable('t_message_outbox')
    .set({ status: 'failed', lastError: UNKNOWN_OUTCOME, claimedBy: null, claimedUntil: null, updatedAt: now })
    .where('status', '=', 'sending')
    .where('channel', '=', 'wechat')
    .where('claimedUntil', '<', now)
    .executeTakeFirst();
  return Number(inbox.numUpdatedRows) + Number(wechat.numUpdatedRows);
}

/** Takes one row for this owner; false when another process took it first. */
async function claim(db: AnyDb, id: string, owner: string, ttlMs: number): Promise<boolean> {
  const now = nowIso();
  const res = await db
    .updateTable('t_message_outbox')
    .set((eb) => ({ status: 'sending', claimedBy: owner, claimedUntil: isoPlus(ttlMs), attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

async function deliverInbox(db: AnyDb, row: OutboxRow, owner: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The conditional update first: it locks the row, and a lost claim writes nothing.
    const marked = await trx
      .updateTable('t_message_outbox')
      .set({ status: 'sent', sentAt: now, lastError: null, claimedBy: null, claimedUntil: null, updatedAt: now })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('claimedBy', '=', owner)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('t_messageuser')
      .values({
        id: row.id,
        userId: row.visitorId,
        title: row.title,
        content: row.content ?? '',
        type: row.type,
        isRead: 0,
        readAt: null,
        sourceId: row.sourceId,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
        version: 1,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return true;
  });
}

async function finish(db: AnyDb, row: OutboxRow, owner: string, values: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('t_message_outbox')
    .set({ ...values, claimedBy: null, claimedUntil: null, updatedAt: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('claimedBy', '=', owner)
    .execute();
}

async function deliverWechat(db: AnyDb, row: OutboxRow, options: DeliverOptions): Promise<'sent' | 'failed' | 'retrying'> {
  const maxAttempts = options.maxAttempts ?? 5;
  try {
    if (!options.wechat.configured) throw new WechatError('未配置微信小程序（WECHAT_APPID），未发送订阅消息');
    const payload = JSON.parse(row.payload ?? '{}') as { templateId?: string; page?: string; data?: Record<string, string> };
    if (!row.openid || !payload.templateId) throw new WechatError('缺少接收人 openid 或订阅消息模板');
    const result = await options.wechat.sendSubscribeMessage({ touser: row.openid, templateId: payload.templateId, page: payload.page, data: payload.data ?? {} });
    await finish(db, row, options.owner, { status: 'sent', sentAt: nowIso(), lastError: null, externalId: result.msgid ?? null });
    return 'sent';
  } catch (err) {
    const wx = err instanceof WechatError ? err : undefined;
    const reason = (wx ? wx.message : `发送出错：${(err as Error)?.message ?? String(err)}`) + (wx?.outcomeUnknown ? '；结果未知，未重试以免重复发送' : '');
    if (!wx) options.log?.error({ err, outboxId: row.id }, '微信订阅消息发送出错');
    if (wx?.retryable && !wx.outcomeUnknown && row.attempts < maxAttempts) {
      await finish(db, row, options.owner, { status: 'pending', lastError: reason.slice(0, MAX_ERROR), nextAttemptAt: isoPlus(retryDelayMs(row.attempts, options.retryBaseMs)) });
      return 'retrying';
    }
    await finish(db, row, options.owner, { status: 'failed', lastError: reason.slice(0, MAX_ERROR) });
    return 'failed';
  }
}

/**
 * One delivery pass: recovers rows of stopped processes, then claims and delivers due rows,
 * oldest first. Returns what happened; an error thrown by `beforeDeliver` stops the pass and
 * leaves the claimed row as a crash would.
 */
export async function deliverOutbox(db: AnyDb, options: DeliverOptions): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, retrying: 0, recovered: await recoverAbandoned(db) };
  let q = db
    .selectFrom('t_message_outbox')
    .select(['id', 'messageId', 'channel', 'visitorId', 'openid', 'title', 'content', 'type', 'sourceId', 'payload', 'attempts'])
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', nowIso());
  if (options.messageId) q = q.where('messageId', '=', options.messageId);
  if (options.channels?.length) q = q.where('channel', 'in', options.channels);
  const due = (await q.orderBy('id', 'asc').limit(options.limit ?? 200).execute()) as OutboxRow[];
  for (const candidate of due) {
    if (!(await claim(db, candidate.id, options.owner, options.claimTtlMs ?? 120_000))) continue;
    const row = { ...candidate, attempts: Number(candidate.attempts) + 1 };
    await options.beforeDeliver?.(row);
    if (row.channel === 'inbox') {
      if (await deliverInbox(db, row, options.owner)) report.sent++;
    } else {
      report[await deliverWechat(db, row, options)]++;
    }
  }
  return report;
}

/** Staff resend failed rows: they become pending again with a fresh count of attempts. */
export async function resendFailed(db: AnyDb, ids: string[]): Promise<number> {
  const res = await db
    .updateTable('t_message_outbox')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: nowIso(), updatedAt: nowIso() })
    .where('id', 'in', ids)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
