import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Abuse protection shared by every server process on one database: request counters per
 * fixed window (rate limits, failed logins per account and address) and the answers of
 * login captchas (hashed, one use, short-lived).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_rate_limit')
    // rule:subject:windowIndex, e.g. "login-fail:admin|127.0.0.1:29312345".
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_rate_limit_expires_idx').on('t_rate_limit').column('expiresAt').execute();

  await db.schema
    .createTable('t_captcha')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('answerHash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expiresAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_captcha_expires_idx').on('t_captcha').column('expiresAt').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_captcha').execute();
  await db.schema.dropTable('t_rate_limit').execute();
}
