import { sql, type Kysely } from 'kysely';
import type { EntityDef, FieldDef, FieldType } from '@land/shared/entity';

/** Column type per field type: the one place that decides how a field is stored. */
export const COLUMN_TYPES: Record<FieldType, (f: FieldDef) => string> = {
  string: (f) => `varchar(${f.maxLength ?? 200})`,
  text: () => 'text',
  richText: () => 'text',
  integer: () => 'integer',
  number: () => 'double precision',
  boolean: () => 'integer',
  date: () => 'varchar(10)',
  datetime: () => 'varchar(30)',
  enum: () => 'varchar(50)',
  ref: () => 'varchar(32)',
  tree: () => 'varchar(50)',
  files: () => 'text',
  images: () => 'text',
  geometry: () => 'text',
  json: () => 'text',
};

/**
 * Brings entity tables in line with their definitions, additively: missing tables are
 * created and missing columns added, with indexes on refs, unique and indexed fields.
 * Removing or retyping a column is a deliberate change and gets a hand-written migration.
 */
// Entity tables are named by definitions, so this works on the untyped builder.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function syncEntityTables(db: Kysely<any>, defs: EntityDef[]): Promise<void> {
  // PostgreSQL introspection lists every schema's tables; only the current one counts.
  const current =
    (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db).catch(() => undefined))?.rows[0]
      ?.schema ?? undefined;
  const existing = (await db.introspection.getTables()).filter((t) => !current || !t.schema || t.schema === current);
  const byName = new Map(existing.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  for (const def of defs) {
    const columns = byName.get(def.table);
    if (!columns) {
      let create = db.schema
        .createTable(def.table)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey());
      for (const f of def.fields) {
        create = create.addColumn(f.name, sql.raw(COLUMN_TYPES[f.type](f)));
      }
      await create
        .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
        .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
        .addColumn('createdBy', 'varchar(32)')
        .addColumn('updatedBy', 'varchar(32)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    } else {
      for (const f of def.fields) {
        if (!columns.has(f.name)) {
          await db.schema.alterTable(def.table).addColumn(f.name, sql.raw(COLUMN_TYPES[f.type](f))).execute();
        }
      }
    }
    for (const f of def.fields) {
      if (!(f.unique || f.index || f.type === 'ref' || f.type === 'tree')) continue;
      const name = `${def.table}_${f.name}_${f.unique ? 'uq' : 'idx'}`.toLowerCase();
      let index = db.schema.createIndex(name).ifNotExists().on(def.table).column(f.name);
      if (f.unique) index = index.unique();
      await index.execute();
    }
  }
}
