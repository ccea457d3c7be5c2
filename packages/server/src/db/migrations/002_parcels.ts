import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The parcel log (every lifecycle transition, and edits of parcels past 录入中) and the lease
 * rows that let one of several server processes run a scheduled job.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_landinfo_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('dkid', 'varchar(32)', (c) => c.notNull())
    .addColumn('dkmc', 'varchar(60)')
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('fromState', 'varchar(20)')
    .addColumn('toState', 'varchar(20)')
    .addColumn('comment', 'varchar(2000)')
    .addColumn('actorId', 'varchar(32)')
    .addColumn('actorName', 'varchar(60)')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_landinfo_log_dkid').on('t_landinfo_log').columns(['dkid', 'at']).execute();

  await db.schema
    .createTable('t_job_lease')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('expiresAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('lastRunAt', 'varchar(30)')
    .addColumn('lastResult', 'varchar(2000)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_job_lease').execute();
  await db.schema.dropTable('t_landinfo_log').execute();
}
