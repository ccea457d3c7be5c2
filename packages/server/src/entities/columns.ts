import type { EntityDef, FieldDef, FieldType } from '@land/shared/entity';
import type { ColumnKind, QueryColumns } from '../lib/pagedQuery';

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

/** How the paged query language compares a field of this type (null: not queryable). */
export const QUERY_KINDS: Record<FieldType, ColumnKind | null> = {
  string: 'text',
  text: 'text',
  richText: null,
  integer: 'number',
  number: 'number',
  boolean: 'bool',
  date: 'date',
  datetime: 'date',
  enum: 'text',
  ref: 'text',
  tree: 'text',
  files: null,
  images: null,
  geometry: null,
  json: null,
};

/** Stored as JSON text, parsed on the way out. */
export const JSON_TYPES: ReadonlySet<FieldType> = new Set(['files', 'images', 'geometry', 'json']);

export function queryColumns(def: EntityDef): QueryColumns {
  const cols: QueryColumns = { id: 'text', createdAt: 'date', updatedAt: 'date' };
  for (const f of def.fields) {
    const kind = QUERY_KINDS[f.type];
    if (kind) cols[f.name] = kind;
  }
  return cols;
}

export function selectColumns(def: EntityDef): string[] {
  return ['id', ...def.fields.map((f) => f.name), 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version'];
}
