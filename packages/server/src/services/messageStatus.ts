/**
 * What the back office sees of sending: the messages sent (with how many deliveries are
 * pending, sent or failed) and each delivery per recipient and channel, and the users staff
 * can choose as recipients.
 */
import { sql } from 'kysely';
import type { PageResult } from '@land/shared/api';
import type { DialectName } from '../db/database';
import type { AnyDb, Row } from '../entities/repository';
import { runPagedQuery, type PagedQueryInput, type QueryColumns } from '../lib/pagedQuery';
import './messagingTables';
import './publicTables';

const SEND_COLUMNS: QueryColumns = { title: 'text', type: 'text', kind: 'text', sourceId: 'text', createdAt: 'date', recipients: 'number' };
const OUTBOX_COLUMNS: QueryColumns = {
  messageId: 'text',
  channel: 'text',
  status: 'text',
  visitorId: 'text',
  openid: 'text',
  title: 'text',
  type: 'text',
  attempts: 'number',
  createdAt: 'date',
  sentAt: 'date',
  nextAttemptAt: 'date',
};
const RECIPIENT_COLUMNS: QueryColumns = { id: 'text', userName: 'text', userAccount: 'text', sqdw: 'text', registerType: 'text', createdAt: 'date' };

export interface StatusCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
}

const emptyCounts = (): StatusCounts => ({ pending: 0, sending: 0, sent: 0, failed: 0 });

/** Messages sent, newest first, each with its deliveries counted by status. */
export async function sendPage(db: AnyDb, dialect: DialectName, input: PagedQueryInput): Promise<PageResult<Row>> {
  const page = await runPagedQuery<Row>(
    db,
    dialect,
    { table: 't_message_send', select: ['id', 'kind', 'title', 'content', 'type', 'templateId', 'sourceId', 'senderId', 'recipients', 'createdAt'], columns: SEND_COLUMNS, defaultOrder: [{ column: 'id', direction: 'desc' }] },
    input,
  );
  const ids = page.list.map((r) => r.id as string);
  const counts = new Map<string, StatusCounts>(ids.map((id) => [id, emptyCounts()]));
  if (ids.length) {
    const rows = await db
      .selectFrom('t_message_outbox')
      .select(['messageId', 'status', sql<number>`count(*)`.as('n')])
      .where('messageId', 'in', ids)
      .groupBy(['messageId', 'status'])
      .execute();
    for (const r of rows) {
      const c = counts.get(r.messageId as string);
      if (c && (r.status as string) in c) c[r.status as keyof StatusCounts] = Number(r.n);
    }
  }
  const senders = await namesOf(db, 't_user', page.list.map((r) => r.senderId));
  return { ...page, list: page.list.map((r) => ({ ...r, senderName: senders.get(r.senderId as string) ?? null, status: counts.get(r.id as string) })) };
}

async function namesOf(db: AnyDb, table: 't_user' | 't_visitor', ids: unknown[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => typeof i === 'string' && i !== ''))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'userName']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id as string, r.userName as string]));
}

/** Deliveries per recipient and channel (of one message, or all), with the recipient's name. */
export async function outboxPage(db: AnyDb, dialect: DialectName, input: PagedQueryInput): Promise<PageResult<Row>> {
  const page = await runPagedQuery<Row>(
    db,
    dialect,
    {
      table: 't_message_outbox',
      select: ['id', 'messageId', 'channel', 'visitorId', 'openid', 'title', 'type', 'status', 'attempts', 'nextAttemptAt', 'lastError', 'sentAt', 'createdAt'],
      columns: OUTBOX_COLUMNS,
      defaultOrder: [{ column: 'id', direction: 'asc' }],
    },
    input,
  );
  const visitors = await db
    .selectFrom('t_visitor')
    .select(['id', 'userName', 'userAccount'])
    .where('id', 'in', [...new Set(page.list.map((r) => r.visitorId).filter((v): v is string => typeof v === 'string')), ''])
    .execute();
  const byId = new Map(visitors.map((v) => [v.id, v]));
  return {
    ...page,
    list: page.list.map((r) => {
      const v = byId.get(r.visitorId as string);
      // A failed WeChat send waiting for no retry shows no next attempt.
      return { ...r, recipientName: v?.userName ?? null, recipientAccount: v?.userAccount ?? null, nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null };
    }),
  };
}

/** Users staff may send to: visitors (registered by phone or signed in through WeChat). */
export async function recipientPage(db: AnyDb, dialect: DialectName, input: PagedQueryInput): Promise<PageResult<Row>> {
  const page = await runPagedQuery<Row>(
    db,
    dialect,
    {
      table: 't_visitor',
      select: ['id', 'userName', 'userAccount', 'sqdw', 'registerType', 'status', 'createdAt'],
      columns: RECIPIENT_COLUMNS,
      scope: sql`${sql.ref('status')} = '1'`,
      defaultOrder: [{ column: 'id', direction: 'desc' }],
    },
    input,
  );
  const ids = page.list.map((r) => r.id as string);
  const wx = ids.length ? await db.selectFrom('t_wxuser').select(['visitorId', 'openid', 'nickname']).where('visitorId', 'in', ids).execute() : [];
  const byVisitor = new Map(wx.map((w) => [w.visitorId, w]));
  return {
    ...page,
    list: page.list.map((r) => {
      const w = byVisitor.get(r.id as string);
      // A WeChat user's login name is internal; staff see the nickname instead.
      return { ...r, userAccount: r.registerType === 'wechat' ? '' : r.userAccount, wechat: w ? 1 : 0, nickname: w?.nickname ?? null };
    }),
  };
}
