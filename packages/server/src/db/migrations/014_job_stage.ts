import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The stage a background job is in (an import: read, check, save), for its progress dialog. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('t_job').addColumn('stage', 'varchar(20)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('t_job').dropColumn('stage').execute();
}
