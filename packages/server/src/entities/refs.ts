import type { EntityDef, FieldDef } from '@land/shared/entity';
import { ENTITIES, entityByName } from '@land/shared/entities/index';
import { conflict, validationError } from '../lib/errors';
import type { AnyDb, Row } from '../db/rows';

/**
 * The table and column a ref or tree field points into (the referenced entity's id unless
 * stated); a visitor field points at an active account of t_visitor.
 */
function target(f: FieldDef): { table: string; column: string; active: boolean } | undefined {
  if (f.visitor) return { table: 't_visitor', column: 'id', active: true };
  const spec = f.type === 'ref' ? f.ref : f.type === 'tree' ? f.tree : undefined;
  const def = spec ? entityByName(spec.entity) : undefined;
  if (!spec || !def) return undefined;
  return { table: def.table, column: spec.valueField ?? 'id', active: false };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * References found inside a transaction, per transaction: an import of thousands of rows
 * naming the same few districts and classes checks each once. Only what was found is kept, and
 * a delete in the transaction forgets it all (`forgetFoundRefs`).
 */
const foundRefs = new WeakMap<AnyDb, Set<string>>();

export function forgetFoundRefs(db: AnyDb): void {
  foundRefs.delete(db);
}

/**
 * Refuses a save whose ref or tree value points at no record, or whose visitor field names no
 * active visitor (A0400 on that field). Only values the save changes are checked, so an old
 * record pointing at something since removed (or a visitor since disabled) can still be edited
 * in its other fields.
 */
export async function checkRefs(db: AnyDb, def: EntityDef, values: Row, existing: Row | undefined): Promise<void> {
  for (const f of def.fields) {
    const v = values[f.name];
    if (isEmpty(v) || (existing && existing[f.name] === v)) continue;
    const t = target(f);
    if (!t) continue;
    const key = `${t.table}\u0000${t.column}\u0000${String(v)}`;
    const known = db.isTransaction ? foundRefs.get(db) : undefined;
    if (known?.has(key)) continue;
    let query = db.selectFrom(t.table).select('id').where(t.column, '=', v);
    if (t.active) query = query.where('status', '=', '1');
    if (!(await query.executeTakeFirst())) {
      throw validationError(f.name, f.visitor ? `${f.label}不存在或已停用，请从公众用户中选择` : `${f.label}“${String(v)}”不存在或已删除`);
    }
    if (db.isTransaction) {
      if (!foundRefs.has(db)) foundRefs.set(db, new Set());
      foundRefs.get(db)!.add(key);
    }
  }
}

/** Fields of other entities (refs, and tree codes) that point at `def` with a delete rule. */
function dependents(def: EntityDef): { def: EntityDef; field: FieldDef; column: string; rule: 'cascade' | 'restrict' }[] {
  const out = [];
  for (const other of ENTITIES) {
    for (const field of other.fields) {
      const spec = field.type === 'ref' ? field.ref : field.type === 'tree' ? field.tree : undefined;
      if (spec?.entity !== def.name || !spec.onDelete) continue;
      out.push({ def: other, field, column: spec.valueField ?? 'id', rule: spec.onDelete });
    }
  }
  return out;
}

/**
 * Applies the `onDelete` rules of refs pointing at the records about to be deleted: 'restrict'
 * refuses the delete while such records exist (A0409, naming every kind with its count),
 * 'cascade' deletes them first through `remove` (so their own hooks and rules run too).
 */
export async function applyDeleteRules(
  db: AnyDb,
  def: EntityDef,
  ids: string[],
  remove: (def: EntityDef, ids: string[]) => Promise<unknown>,
): Promise<void> {
  const deps = dependents(def);
  if (deps.length === 0 || ids.length === 0) return;
  const rows = (await db.selectFrom(def.table).selectAll().where('id', 'in', ids).execute()) as Row[];
  const pointing = async (dep: (typeof deps)[number]) => {
    const keys = [...new Set(rows.map((r) => r[dep.column]).filter((v) => !isEmpty(v)))];
    if (keys.length === 0) return [];
    return (await db.selectFrom(dep.def.table).select('id').where(dep.field.name, 'in', keys).execute()).map((r) => r.id as string);
  };
  // Everything that holds the delete up, said at once (a district's streets and its parcels).
  const holding = new Map<string, number>();
  for (const dep of deps.filter((d) => d.rule === 'restrict')) {
    const n = (await pointing(dep)).length;
    if (n > 0) holding.set(dep.def.label, (holding.get(dep.def.label) ?? 0) + n);
  }
  if (holding.size > 0) {
    throw conflict(`该${def.label}已有${[...holding].map(([label, n]) => `${label}（${n}条）`).join('、')}，不能删除`);
  }
  for (const dep of deps.filter((d) => d.rule === 'cascade')) {
    const refs = await pointing(dep);
    if (refs.length > 0) await remove(dep.def, refs);
  }
}
