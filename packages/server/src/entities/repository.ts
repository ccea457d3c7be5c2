import { sql } from 'kysely';
import type { EntityDef } from '@land/shared/entity';
import { recordName } from '@land/shared/entity';
import { conflict, notFound, STALE_VERSION } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import type { AnyDb, Row } from '../db/rows';
import { JSON_TYPES, selectColumns } from './columns';
import { forgetFoundRefs } from './refs';
import { writeAudit, writeAuditMany } from '../services/audit';

// The row types live in db/rows.ts (refs.ts needs them too, and this file imports refs.ts).
export type { AnyDb, Row } from '../db/rows';

/** Shapes a stored row for clients: JSON columns parsed, only declared columns. */
export function presentRow(def: EntityDef, row: Row): Row {
  const out: Row = {};
  for (const col of selectColumns(def)) out[col] = row[col] ?? null;
  for (const f of def.fields) {
    if (JSON_TYPES.has(f.type) && typeof row[f.name] === 'string') {
      try {
        out[f.name] = JSON.parse(row[f.name] as string);
      } catch {
        out[f.name] = null;
      }
    }
  }
  return out;
}

/** Turns validated input into column values (JSON columns stringified). */
export function toColumns(def: EntityDef, input: Row): Row {
  const values: Row = {};
  for (const f of def.fields) {
    if (!(f.name in input)) continue;
    const v = input[f.name];
    values[f.name] = v === undefined ? null : JSON_TYPES.has(f.type) && v !== null ? JSON.stringify(v) : v;
  }
  return values;
}

export async function findById(db: AnyDb, def: EntityDef, id: string): Promise<Row | undefined> {
  const row = await db.selectFrom(def.table).select(selectColumns(def)).where('id', '=', id).executeTakeFirst();
  return row ? presentRow(def, row as Row) : undefined;
}

export async function insertRecord(db: AnyDb, def: EntityDef, values: Row, actorId: string | null): Promise<Row> {
  const now = nowIso();
  const id = typeof values.id === 'string' && values.id ? values.id : newId();
  const row: Row = { ...toColumns(def, values), id, createdAt: now, updatedAt: now, createdBy: actorId, updatedBy: actorId, version: 1 };
  for (const f of def.fields) {
    if (row[f.name] === undefined || row[f.name] === null) {
      if (f.default !== undefined) row[f.name] = typeof f.default === 'boolean' ? (f.default ? 1 : 0) : f.default;
    }
  }
  // The stored row comes back with the insert (RETURNING, on both databases): one statement, not two.
  const stored = await db.insertInto(def.table).values(row).returning(selectColumns(def)).executeTakeFirstOrThrow();
  const saved = presentRow(def, stored as Row);
  await writeAudit(db, { action: 'create', entity: def.name, recordId: id, summary: auditName(def, saved), after: saved });
  return saved;
}

/** Bound values per multi-row insert, below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_INSERT_VALUES = 30_000;

/**
 * Inserts many new records (what insertRecord does for one, set-based): multi-row inserts
 * returning the stored rows, then their audit entries in bulk. Rows are inserted in the given
 * order, grouped by the columns they set so that a column a row leaves out gets the database's
 * default as it would one by one. Returns the stored rows in the given order.
 */
export async function insertRecords(
  db: AnyDb,
  def: EntityDef,
  list: Row[],
  actorId: string | null,
  onChunk?: (inserted: number) => void,
): Promise<Row[]> {
  const now = nowIso();
  const rows = list.map((values) => {
    const row: Row = { ...toColumns(def, values), id: newId(), createdAt: now, updatedAt: now, createdBy: actorId, updatedBy: actorId, version: 1 };
    for (const f of def.fields) {
      if ((row[f.name] === undefined || row[f.name] === null) && f.default !== undefined) {
        row[f.name] = typeof f.default === 'boolean' ? (f.default ? 1 : 0) : f.default;
      }
    }
    return row;
  });
  const stored = new Map<string, Row>();
  let inserted = 0;
  let i = 0;
  while (i < rows.length) {
    // The next run of rows setting the same columns, at most MAX_INSERT_VALUES values.
    const keys = Object.keys(rows[i]).sort().join(',');
    const size = Math.max(1, Math.floor(MAX_INSERT_VALUES / Object.keys(rows[i]).length));
    let j = i + 1;
    while (j < rows.length && j - i < size && Object.keys(rows[j]).sort().join(',') === keys) j += 1;
    const returned = await db.insertInto(def.table).values(rows.slice(i, j)).returning(selectColumns(def)).execute();
    for (const r of returned) stored.set(String(r.id), presentRow(def, r as Row));
    const saved = rows.slice(i, j).map((r) => stored.get(r.id as string)!);
    await writeAuditMany(
      db,
      saved.map((r) => ({ action: 'create', entity: def.name, recordId: r.id as string, summary: auditName(def, r), after: r })),
    );
    inserted += j - i;
    onChunk?.(inserted);
    i = j;
  }
  return rows.map((r) => stored.get(r.id as string)!);
}

/**
 * Updates the given fields. With `version` the update applies only if nobody saved the record
 * meanwhile; otherwise it is refused instead of silently overwriting the other save.
 */
export async function updateRecord(
  db: AnyDb,
  def: EntityDef,
  id: string,
  values: Row,
  actorId: string | null,
  expectedVersion?: number,
): Promise<Row> {
  const current = await findById(db, def, id);
  if (!current) throw notFound(`${def.label}不存在或已删除`);
  // A changed record may be what another one refers to: references are checked afresh.
  forgetFoundRefs(db);
  let q = db
    .updateTable(def.table)
    .set({ ...toColumns(def, values), updatedAt: nowIso(), updatedBy: actorId, version: sql`version + 1` })
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  const result = await q.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw conflict(`该${def.label}已被他人修改，请刷新后再保存`, STALE_VERSION);
  }
  const saved = (await findById(db, def, id))!;
  const changed = Object.keys(saved).filter((k) => k !== 'updatedAt' && valueDiffers(current[k], saved[k]));
  await writeAudit(db, {
    action: 'update',
    entity: def.name,
    recordId: id,
    summary: auditName(def, saved),
    before: Object.fromEntries(changed.map((k) => [k, current[k]])),
    after: Object.fromEntries(changed.map((k) => [k, saved[k]])),
  });
  return saved;
}

export async function deleteRecords(db: AnyDb, def: EntityDef, ids: string[]): Promise<number> {
  const found = (await db.selectFrom(def.table).select(selectColumns(def)).where('id', 'in', ids).execute()).map((r) => presentRow(def, r as Row));
  if (found.length !== new Set(ids).size) throw notFound(`部分${def.label}不存在或已删除，未做任何删除`);
  forgetFoundRefs(db);
  await db.deleteFrom(def.table).where('id', 'in', ids).execute();
  await writeAuditMany(
    db,
    found.map((r) => ({ action: 'delete', entity: def.name, recordId: r.id as string, summary: auditName(def, r), before: r })),
  );
  return found.length;
}

/** The record's name, for reading the log (the before/after hold the whole change). */
function auditName(def: EntityDef, row: Row): string {
  const name = recordName(def, row);
  return `${def.label}${name === '' ? '' : `“${name}”`}`;
}

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Whether a value to save differs from the stored one: empty values are equal, numbers to
 * 1e-9, structures (geometry, file lists) by their JSON.
 */
export function valueDiffers(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return false;
  if (isEmptyValue(a) || isEmptyValue(b)) return true;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) > 1e-9;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) !== JSON.stringify(b);
  return String(a) !== String(b);
}
