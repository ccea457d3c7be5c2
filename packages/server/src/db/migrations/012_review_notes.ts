import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The parcel log's system notes (issue 15): a step taken while the four-eyes rule was switched
 * off and would have refused it, and the reason recorded for publishing over an overlap.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('t_landinfo_log').addColumn('note', 'varchar(2000)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('t_landinfo_log').dropColumn('note').execute();
}
