import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('userAccount', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('userName', 'varchar(60)', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(100)')
    .addColumn('company', 'varchar(200)')
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('editor'))
    .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failedLogins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockedUntil', 'varchar(30)')
    .addColumn('lastLoginAt', 'varchar(30)')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('t_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('userId', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('lastSeenAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('expiresAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('revokedAt', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('userAgent', 'varchar(300)')
    .execute();
  await db.schema
    .createTable('t_setting')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('t_session_user').on('t_session').columns(['userId', 'kind']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_setting').execute();
  await db.schema.dropTable('t_session').execute();
  await db.schema.dropTable('t_user').execute();
}
