import type { EntityDef, FieldType } from '@land/shared/entity';
import type { ColumnKind, QueryColumns } from '../lib/pagedQuery';

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
