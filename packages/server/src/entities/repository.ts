import { sql } from 'kysely';
import type { EntityDef } from '@land/shared/entity';
import { recordName } from '@land/shared/entity';
import { conflict, notFound } from '../lib/errors';
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
    throw conflict(`该${def.label}已被他人修改，请刷新后再保存`);
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
