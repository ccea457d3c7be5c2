import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * WeChat users of the mini-program, and messaging through an outbox: every message sent is a
 * t_message_send row with one t_message_outbox row per recipient and channel, written in one
 * transaction and delivered from there. t_reminder_sent keeps the reminders already planned so
 * a scheduled job that runs twice (or on two servers) sends once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_wxuser')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('openid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('unionid', 'varchar(64)')
    // The visitor account the WeChat user signs in as (inbox, collections, questions).
    .addColumn('visitorId', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(60)')
    .addColumn('avatarUrl', 'varchar(500)')
    .addColumn('dev', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('lastLoginAt', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('t_message_send')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // A repeated send with the same key is the same send (unique; several nulls allowed on both databases).
    .addColumn('idempotencyKey', 'varchar(200)', (c) => c.unique())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('templateId', 'varchar(32)')
    .addColumn('sourceId', 'varchar(32)')
    .addColumn('senderId', 'varchar(32)')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('t_message_outbox')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('messageId', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    // visitor id for the inbox, openid for WeChat: one row per recipient and channel.
    .addColumn('recipientKey', 'varchar(64)', (c) => c.notNull())
    .addColumn('visitorId', 'varchar(32)')
    .addColumn('openid', 'varchar(64)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('sourceId', 'varchar(32)')
    // WeChat: {templateId, page, data} as JSON.
    .addColumn('payload', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('claimedBy', 'varchar(64)')
    .addColumn('claimedUntil', 'varchar(30)')
    .addColumn('lastError', 'varchar(500)')
    .addColumn('externalId', 'varchar(64)')
    .addColumn('sentAt', 'varchar(30)')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_message_outbox_once').on('t_message_outbox').columns(['messageId', 'channel', 'recipientKey']).unique().execute();
  await db.schema.createIndex('t_message_outbox_due').on('t_message_outbox').columns(['status', 'nextAttemptAt']).execute();

  await db.schema
    .createTable('t_reminder_sent')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('messageId', 'varchar(32)')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_reminder_sent').execute();
  await db.schema.dropTable('t_message_outbox').execute();
  await db.schema.dropTable('t_message_send').execute();
  await db.schema.dropTable('t_wxuser').execute();
}
