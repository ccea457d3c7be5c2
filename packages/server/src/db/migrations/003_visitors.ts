import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Visitors of the public site (registered by mobile number) and their collections. Kept apart
 * from t_user: a visitor never reaches the back office, and staff lockout, roles and forced
 * password changes do not apply to them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_visitor')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('userAccount', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('userName', 'varchar(60)', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('registerType', 'varchar(10)', (c) => c.notNull().defaultTo('phone'))
    .addColumn('sqdw', 'varchar(200)')
    .addColumn('email', 'varchar(100)')
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('failedLogins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockedUntil', 'varchar(30)')
    .addColumn('lastLoginAt', 'varchar(30)')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('t_collection')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('visitorId', 'varchar(32)', (c) => c.notNull())
    .addColumn('dkid', 'varchar(32)', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  // One collection per visitor and parcel: a repeated add is a no-op even when two arrive at once.
  await db.schema.createIndex('t_collection_visitor_dkid_uq').on('t_collection').columns(['visitorId', 'dkid']).unique().execute();
  await db.schema.createIndex('t_collection_dkid_idx').on('t_collection').column('dkid').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_collection').execute();
  await db.schema.dropTable('t_visitor').execute();
}
