import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Saved searches of public-site visitors and the parcel changes they are alerted of.
 * t_parcel_change is written in the transaction that publishes a parcel or changes its trade
 * state or price; the digest job reads it past each search's cursor. The key that signs the
 * unsubscribe links lives in t_setting, so every server process signs and checks alike.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_saved_search')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('visitorId', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // The public search's named filters (and a drawn area) as JSON.
    .addColumn('filter', 'text', (c) => c.notNull())
    // active | paused
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
    // The last t_parcel_change id this search has been matched against.
    .addColumn('cursor', 'varchar(32)', (c) => c.notNull())
    .addColumn('lastDigestAt', 'varchar(30)')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_saved_search_visitor').on('t_saved_search').columns(['visitorId', 'id']).execute();

  await db.schema
    .createTable('t_parcel_change')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('dkid', 'varchar(32)', (c) => c.notNull())
    // published | tradeState | price
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('detail', 'varchar(100)')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_parcel_change_created').on('t_parcel_change').columns(['createdAt']).execute();

  await db
    .insertInto('t_setting')
    .values({ key: 'savedSearch.signingKey', value: JSON.stringify(randomBytes(32).toString('hex')), updatedAt: new Date().toISOString() })
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('t_setting').where('key', '=', 'savedSearch.signingKey').execute();
  await db.schema.dropTable('t_parcel_change').execute();
  await db.schema.dropTable('t_saved_search').execute();
}
