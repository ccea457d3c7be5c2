/**
 * A save refused because someone else saved the record meanwhile (A0409, stale version): what
 * the clerk typed stays in the form. The record as stored now is read and set against what the
 * form started from (`base`): a field only the other person changed takes their value, a field
 * only the clerk changed keeps theirs, and a field both changed keeps the clerk's input with the
 * other value shown under it. The next save goes against the version read, so it is the clerk's
 * informed choice, and nothing either person typed is lost without being shown.
 */
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { sameValues } from '../../components/form/form-dirty';
import type { EntityRecord } from './api';

type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown) => sameValues({ v: a }, { v: b });

/** A stored value as a short text for the line under a field. */
export function valueText(field: FieldDef | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '（空）';
  if (field?.options) {
    const option = field.options.find((o) => String(o.value) === String(value));
    if (option) return option.label;
  }
  if (Array.isArray(value)) return `${value.length}项`;
  if (typeof value === 'object') return '（已修改）';
  if (field?.type === 'boolean') return Number(value) ? '是' : '否';
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text || '（空）';
}

export interface ConflictMerge {
  /** Fields set to the other person's value (the clerk had not changed them). */
  taken: { name: string; value: unknown }[];
  /** Fields both changed: the clerk's input stays, the other value is shown under it. */
  both: { name: string; value: unknown }[];
}

/**
 * Sets the clerk's values (`mine`, form values and what else the save sends) against the record
 * stored now (`theirs`, in the same form) and what the form started from (`base`; without it,
 * for edits restored from an earlier session, every difference counts as changed by both).
 */
export function mergeConflict(names: readonly string[], mine: Values, theirs: Values, base: Values | undefined): ConflictMerge {
  const merge: ConflictMerge = { taken: [], both: [] };
  for (const name of names) {
    if (same(mine[name], theirs[name])) continue;
    const theirsChanged = !base || !same(theirs[name], base[name]);
    const mineChanged = !base || !same(mine[name], base[name]);
    if (!theirsChanged) continue;
    if (mineChanged) merge.both.push({ name, value: theirs[name] });
    else merge.taken.push({ name, value: theirs[name] });
  }
  return merge;
}

/** The words of the dialog after a merge. */
export function conflictText(def: EntityDef, merge: ConflictMerge): string[] {
  const label = (name: string) => def.fields.find((f) => f.name === name)?.label ?? name;
  const lines = [`你编辑期间，这条${def.label}已被他人修改并保存，你的修改仍在表单中。`];
  if (merge.taken.length > 0) lines.push(`已载入对方修改的：${merge.taken.map((t) => label(t.name)).join('、')}。`);
  if (merge.both.length > 0) lines.push(`你和对方都修改了：${merge.both.map((t) => label(t.name)).join('、')}。表单中保留了你的输入，对方保存的值见字段下方。`);
  if (merge.taken.length === 0 && merge.both.length === 0) lines.push('对方的修改与你的内容没有冲突。');
  lines.push('请检查后再次保存。');
  return lines;
}

/** The stored record in the shape the save sends (form values), for `mergeConflict`. */
export function storedValues(record: EntityRecord, formValues: Values, names: readonly string[]): Values {
  const out: Values = {};
  for (const name of names) out[name] = name in formValues ? formValues[name] : record[name];
  return out;
}
