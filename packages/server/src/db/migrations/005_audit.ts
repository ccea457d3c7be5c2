import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The audit log (every write, login, logout and failed login; append-only, purged only past
 * its retention) and the recycle bin (deleted main records with their dependants, as JSON,
 * restorable for 30 days).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_audit_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    /** 'staff', 'visitor' or 'system' (start-up, scheduled jobs, command line). */
    .addColumn('actorType', 'varchar(10)', (c) => c.notNull())
    .addColumn('actorId', 'varchar(32)')
    .addColumn('actorName', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('entity', 'varchar(60)')
    .addColumn('recordId', 'varchar(64)')
    .addColumn('summary', 'varchar(500)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('t_audit_log_at_idx').on('t_audit_log').column('at').execute();
  await db.schema.createIndex('t_audit_log_actor_idx').on('t_audit_log').columns(['actorId', 'at']).execute();
  await db.schema.createIndex('t_audit_log_entity_idx').on('t_audit_log').columns(['entity', 'recordId']).execute();

  await db.schema
    .createTable('t_recycle_bin')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('entity', 'varchar(60)', (c) => c.notNull())
    .addColumn('recordId', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('deletedAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('deletedBy', 'varchar(32)')
    .addColumn('deletedByName', 'varchar(100)')
    .addColumn('rowCount', 'integer', (c) => c.notNull())
    /** [{entity, row}] in deletion order: the record first, then what was deleted with it. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_recycle_bin_deleted_idx').on('t_recycle_bin').column('deletedAt').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_recycle_bin').execute();
  await db.schema.dropTable('t_audit_log').execute();
}
