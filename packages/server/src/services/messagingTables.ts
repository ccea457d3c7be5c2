import type { Generated } from 'kysely';

/** A mini-program user (migration 004_messaging), signed in as the visitor `visitorId`. */
export interface WxUserTable {
  id: string;
  openid: string;
  unionid: string | null;
  visitorId: string;
  nickname: string | null;
  avatarUrl: string | null;
  /** 1: made by the development login (no app id configured). */
  dev: Generated<number>;
  createdAt: string;
  lastLoginAt: string | null;
}

/** One message as sent: by staff to chosen users, by a reminder, by the system. */
export interface MessageSendTable {
  id: string;
  idempotencyKey: string | null;
  /** manual, template, batchAdd, reminder, consultReply, system */
  kind: string;
  title: string;
  content: string | null;
  type: string;
  /** The t_message template (subscription-message template) it was sent with. */
  templateId: string | null;
  sourceId: string | null;
  senderId: string | null;
  recipients: Generated<number>;
  createdAt: string;
}

export type OutboxChannel = 'inbox' | 'wechat';
/** pending → sending (claimed) → sent | failed; a retryable failure goes back to pending. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One delivery of a message to one recipient through one channel. */
export interface MessageOutboxTable {
  id: string;
  messageId: string;
  channel: OutboxChannel;
  recipientKey: string;
  visitorId: string | null;
  openid: string | null;
  title: string;
  content: string | null;
  type: string;
  sourceId: string | null;
  payload: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  lastError: string | null;
  externalId: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReminderSentTable {
  key: string;
  messageId: string | null;
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    t_wxuser: WxUserTable;
    t_message_send: MessageSendTable;
    t_message_outbox: MessageOutboxTable;
    t_reminder_sent: ReminderSentTable;
  }
}
