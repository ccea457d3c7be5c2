import type { Kysely } from 'kysely';
import { areaEntity } from '@land/shared/entities/area';
import { landClassEntity } from '@land/shared/entities/landClass';
import { streetEntity } from '@land/shared/entities/street';
import { syncEntityTables } from '../ddl/entityTables';
import { createReferenceTriggers, dropReferenceTriggers } from '../ddl/referenceTriggers';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Versions of data kept in memory by every server process (services/referenceCache.ts): the
 * names of districts, streets and land classes, raised by triggers on their tables, which the
 * entity sync makes here first on a fresh database (additive and idempotent, as in 008).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_cache_version')
    .addColumn('name', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await syncEntityTables(db, [areaEntity, streetEntity, landClassEntity]);
  await createReferenceTriggers(db);
}

export async function down(db: AnyDb): Promise<void> {
  await dropReferenceTriggers(db);
  await db.schema.dropTable('t_cache_version').execute();
}
