import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Failed logins and locks per account AND client address (services/loginProtection), shared by
 * every server process: someone elsewhere who guesses wrong cannot lock the real user out.
 * `locks` drives the back-off (each lock lasts twice as long as the one before).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_login_lock')
    // kind:account|address, e.g. "staff:admin|203.0.113.7".
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locks', 'integer', (c) => c.notNull())
    .addColumn('lockedUntil', 'varchar(30)')
    // When the row is forgotten: a day after the last failure or the end of the last lock.
    .addColumn('expiresAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_login_lock_expires_idx').on('t_login_lock').column('expiresAt').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_login_lock').execute();
}
