/**
 * Building blocks of the public calls (/openApi): allow-listed presenters over the entity
 * definitions, keyword matching that behaves the same on SQLite and PostgreSQL, and paged
 * lists with a fixed server-side scope ("published only").
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { KEYWORD_MAX } from '@land/shared/constants';
import { entityByName } from '@land/shared/entities/index';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { zNumeric } from '@land/shared/validation';
import type { PageResult } from '@land/shared/api';
import type { DialectName } from '../db/database';
import { JSON_TYPES, QUERY_KINDS } from '../entities/columns';
import type { AnyDb, Row } from '../entities/repository';
import { validationError } from '../lib/errors';
import { pagedQuerySchema, runPagedQuery, type QueryColumns } from '../lib/pagedQuery';

const defs = new Map<string, EntityDef>();

export function defOf(entity: string): EntityDef {
  let def = defs.get(entity);
  if (!def) {
    def = entityByName(entity);
    if (!def) throw new Error(`Unknown entity ${entity}`);
    defs.set(entity, def);
  }
  return def;
}

/**
 * Checks an allow-list against the definition once, at start-up: a renamed field then fails
 * loudly instead of silently dropping out of (or, worse, into) public answers.
 */
export function publicColumns(entity: string, columns: readonly string[]): readonly string[] {
  const def = defOf(entity);
  const known = new Set(['id', 'createdAt', 'updatedAt', ...def.fields.map((f) => f.name)]);
  for (const c of columns) if (!known.has(c)) throw new Error(`${entity}: public column ${c} is not a field`);
  return columns;
}

/** A JSON column's value: parsed from text (SQLite), as given otherwise; null when unreadable. */
export function parseJsonColumn(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** How one column of an allow-list is presented: as stored, parsed JSON, 0/1, or with its enum label. */
interface ColumnStep {
  column: string;
  kind: 'plain' | 'json' | 'boolean';
  /** `type` → `typeLabel` for enum columns, with the labels by stored value. */
  label?: { key: string; byValue: Map<unknown, string> };
}

/**
 * The steps of an allow-list, and an object with every output key, in order, that each row
 * starts as a copy of. A row filled one computed key at a time, from a call site that sees every
 * entity's rows, ended up in V8's slow dictionary mode after a dozen properties, which made
 * presenting and serialising a search's rows cost half as much again; the copies keep the
 * template's fast layout as long as no key is added to them (hence `after`).
 */
interface PresentPlan {
  steps: ColumnStep[];
  template: Row;
}

const NO_KEYS: readonly string[] = [];

/** Plans by entity, allow-list and added keys (module constants, so a few entries): built once, run per row. */
const plans = new Map<string, WeakMap<readonly string[], WeakMap<readonly string[], PresentPlan>>>();

function planOf(entity: string, columns: readonly string[], after: readonly string[]): PresentPlan {
  let byColumns = plans.get(entity);
  if (!byColumns) plans.set(entity, (byColumns = new WeakMap()));
  let byAfter = byColumns.get(columns);
  if (!byAfter) byColumns.set(columns, (byAfter = new WeakMap()));
  let plan = byAfter.get(after);
  if (plan) return plan;
  const fields = new Map(defOf(entity).fields.map((f): [string, FieldDef] => [f.name, f]));
  const steps = columns.map((column): ColumnStep => {
    const field = fields.get(column);
    const kind = field && JSON_TYPES.has(field.type) ? 'json' : field?.type === 'boolean' ? 'boolean' : 'plain';
    const label = field?.type === 'enum' ? { key: `${column}Label`, byValue: new Map<unknown, string>((field.options ?? []).map((o) => [o.value, o.label])) } : undefined;
    return { column, kind, label };
  });
  const keys = [...steps.flatMap((step) => (step.label ? [step.column, step.label.key] : [step.column])), ...after];
  plan = { steps, template: Object.fromEntries(keys.map((key) => [key, null])) };
  byAfter.set(after, plan);
  return plan;
}

/**
 * A stored row as the public sees it: only the allow-listed columns, JSON columns parsed, and
 * for every enum column its Chinese label beside it (`type` → `typeLabel`). Presenters run per
 * row of every public answer: the per-column work is planned once per allow-list. `after` names
 * the keys the caller sets next (null until then; a module constant), which come last.
 */
export function presentPublic(entity: string, columns: readonly string[], row: Row, after: readonly string[] = NO_KEYS): Row {
  const { steps, template } = planOf(entity, columns, after);
  const out: Row = { ...template };
  for (const step of steps) {
    const value = row[step.column] ?? null;
    out[step.column] = step.kind === 'json' ? parseJsonColumn(value) : step.kind === 'boolean' && value !== null ? Number(value) : value;
    if (step.label) out[step.label.key] = step.label.byValue.get(value) ?? null;
  }
  return out;
}

/** The columns of an allow-list a client may filter and sort on, with their query kind. */
export function publicQueryColumns(entity: string, columns: readonly string[]): QueryColumns {
  const def = defOf(entity);
  const out: QueryColumns = {};
  for (const c of columns) {
    if (c === 'id') out.id = 'text';
    else if (c === 'createdAt' || c === 'updatedAt') out[c] = 'date';
    const field = def.fields.find((f) => f.name === c);
    const kind = field ? QUERY_KINDS[field.type] : null;
    if (kind) out[c] = kind;
  }
  return out;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Splits what a visitor typed into at most five terms (spaces, full-width spaces, commas). */
export function keywordTerms(keyword: string | undefined | null): string[] {
  if (!keyword) return [];
  return keyword
    .split(/[\s\u3000,，]+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 5);
}

/**
 * `column contains text` for any of the columns, case-insensitive for Latin letters on both
 * databases (SQLite's LIKE is; PostgreSQL needs ILIKE). % and _ typed by the visitor are
 * literal. Chinese needs no word splitting: a two-character word is a substring like any other.
 */
export function containsAny(columns: readonly string[], text: string, dialect: DialectName, qualifier?: string): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(text)}%`;
  const parts = columns.map((c) => {
    const ref = sql.ref(qualifier ? `${qualifier}.${c}` : c);
    return dialect === 'postgres' ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'` : sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Every term must appear in one of the columns (undefined when there is no term). */
export function keywordCondition(
  columns: readonly string[],
  keyword: string | undefined | null,
  dialect: DialectName,
  qualifier?: string,
): RawBuilder<SqlBool> | undefined {
  const terms = keywordTerms(keyword);
  if (terms.length === 0 || columns.length === 0) return undefined;
  return and(terms.map((t) => containsAny(columns, t, dialect, qualifier)));
}

export function and(parts: (Expression<SqlBool> | undefined)[]): RawBuilder<SqlBool> | undefined {
  const present = parts.filter((p): p is Expression<SqlBool> => p !== undefined);
  if (present.length === 0) return undefined;
  return sql<SqlBool>`(${sql.join(present, sql` and `)})`;
}

export function eq(column: string, value: unknown): RawBuilder<SqlBool> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return sql<SqlBool>`${sql.ref(column)} = ${value}`;
}

/** Optional text filter as the search forms send it: '' and null mean "any". */
export const optionalText = (max = 100) =>
  z
    .union([z.string(), z.number()], { error: '查询条件格式不正确' })
    .transform((v) => String(v).trim())
    .refine((s) => s.length <= max, `查询条件不能超过${max}个字符`)
    .nullish();

export const keywordInput = optionalText(KEYWORD_MAX);

/** A public list: which rows (scope), which columns, which named filters. */
export interface PublicListSpec {
  entity: string;
  /** Columns of each list row. */
  list: readonly string[];
  /** Fixed condition added by the server, e.g. published only. */
  scope?: () => Expression<SqlBool> | undefined;
  /** Columns the `keyword` filter looks in. */
  keyword: readonly string[];
  /** Columns accepted as named equality filters (`{type: 'transfer'}`). */
  filters?: readonly string[];
  /** Default order; the entity's own when absent. */
  order?: { column: string; direction: 'asc' | 'desc' }[];
}

/** The input of a public list call: paging and params like the back office, keyword, named filters. */
export function listInput(spec: PublicListSpec) {
  return pagedQuerySchema.extend({
    keyword: keywordInput,
    ...Object.fromEntries((spec.filters ?? []).map((f) => [f, optionalText(60)])),
  });
}

export type ListInput = z.output<ReturnType<typeof listInput>>;

/** Equality conditions of the named filters sent, each value checked against its column's kind. */
function namedFilters(spec: PublicListSpec, input: Record<string, unknown>): (RawBuilder<SqlBool> | undefined)[] {
  const kinds = publicQueryColumns(spec.entity, spec.filters ?? []);
  return (spec.filters ?? []).map((f) => {
    const value = input[f];
    if (value === undefined || value === null || value === '') return undefined;
    if (kinds[f] === 'number') {
      const n = Number(value);
      if (!/^-?\d+(\.\d+)?$/.test(String(value)) || !Number.isFinite(n)) throw validationError(f, `查询条件 ${f} 只能是数字`);
      return sql<SqlBool>`${sql.ref(f)} = cast(${n} as double precision)`;
    }
    return eq(f, value);
  });
}

/** The server's scope, the keyword and the named filters of a list call, as one condition. */
export function listScope(
  spec: PublicListSpec,
  input: ListInput,
  dialect: DialectName,
  extraScope?: Expression<SqlBool>,
): RawBuilder<SqlBool> | undefined {
  return and([spec.scope?.(), extraScope, keywordCondition(spec.keyword, input.keyword, dialect), ...namedFilters(spec, input as Record<string, unknown>)]);
}

export async function publicList(
  db: AnyDb,
  dialect: DialectName,
  spec: PublicListSpec,
  input: ListInput,
  extraScope?: Expression<SqlBool>,
): Promise<PageResult<Row>> {
  const def = defOf(spec.entity);
  const scope = listScope(spec, input, dialect, extraScope);
  const order = spec.order ?? (def.defaultOrder ?? []).map((o) => ({ column: o.field, direction: o.direction }));
  const page = await runPagedQuery<Row>(
    db,
    dialect,
    {
      table: def.table,
      select: [...spec.list],
      columns: publicQueryColumns(spec.entity, spec.list),
      scope,
      defaultOrder: [...order, { column: 'id', direction: 'desc' }],
    },
    input,
  );
  return { ...page, list: page.list.map((r) => presentPublic(spec.entity, spec.list, r)) };
}

/** One record inside the scope, presented with the given columns; undefined when outside. */
export async function publicRecord(
  db: AnyDb,
  spec: Pick<PublicListSpec, 'entity' | 'scope'>,
  columns: readonly string[],
  id: string,
): Promise<Row | undefined> {
  const def = defOf(spec.entity);
  let q = db.selectFrom(def.table).select([...columns]).where('id', '=', id);
  const scope = spec.scope?.();
  if (scope) q = q.where(scope);
  const row = await q.executeTakeFirst();
  return row ? presentPublic(spec.entity, columns, row as Row) : undefined;
}

/** Adds one page view to a record inside the scope (a record outside it is left alone). */
export async function incrementVisits(db: AnyDb, entity: string, id: string, scope?: Expression<SqlBool>): Promise<void> {
  let q = db
    .updateTable(defOf(entity).table)
    .set({ visitcount: sql`coalesce(${sql.ref('visitcount')}, 0) + 1` })
    .where('id', '=', id);
  if (scope) q = q.where(scope);
  await q.execute();
}

/** The input of an internal, unpaged list (at most UNPAGED_LIMIT rows) with named filters. */
export function unpagedInput(filters: Record<string, unknown> = {}): ListInput {
  return { pageNo: 0, pageSize: 0, params: [], keyword: undefined, ...filters } as ListInput;
}

/** An optional number, from JSON or form text ('' means not given), optionally within bounds. */
export function optionalNumber(bounds?: { min: number; max: number; integer?: boolean; message: string }) {
  return zNumeric()
    .refine(
      (n) => n === undefined || !bounds || (n >= bounds.min && n <= bounds.max && (!bounds.integer || Number.isInteger(n))),
      bounds?.message ?? '只能是数字',
    )
    .optional();
}
