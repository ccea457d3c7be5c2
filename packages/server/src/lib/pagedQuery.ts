import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  QUERY_TYPES,
  QUERY_TYPE_ALIASES,
  type PageResult,
  type QueryType,
} from '@land/shared/api';
import type { DialectName } from '../db/database';
import { validationError } from './errors';

/** How a queryable column compares: values are coerced to this before binding. */
export type ColumnKind = 'text' | 'number' | 'bool' | 'date';

/** Allow-list of columns a client may name, keyed by the API name. */
export type QueryColumns = Record<string, ColumnKind>;

const MAX_CONDITIONS = 50;
const MAX_IN_VALUES = 1000;
const MAX_PAGE_NO = 1_000_000;
/** "No paging" (pageNo 0, pageSize 0) still returns at most this many rows. */
export const UNPAGED_LIMIT = 5000;

const conditionSchema = z.object(
  {
    column: z.string({ error: '查询条件缺少字段名 column' }).max(64, '查询条件的字段名 column 过长'),
    type: z.string({ error: '查询条件缺少类型 type' }).max(32, '查询条件的类型 type 过长'),
    val: z.unknown().optional(),
  },
  { error: '查询条件格式不正确，每一项应为 {column, type, val}' },
);

function jsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Input of every selectByPage-style call: pageNo, pageSize and the params list. */
export const pagedQuerySchema = z.object({
  // Bounded so that (pageNo - 1) * pageSize stays an exact integer OFFSET on both databases.
  pageNo: z.coerce
    .number({ message: '页码必须是数字' })
    .int('页码必须是整数')
    .min(0, '页码不能为负数')
    .max(MAX_PAGE_NO, `页码不能超过${MAX_PAGE_NO}`)
    .default(1),
  pageSize: z.coerce
    .number({ message: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(0, '每页条数不能为负数')
    .max(MAX_PAGE_SIZE, `每页条数不能超过${MAX_PAGE_SIZE}`)
    .default(10),
  params: z
    .preprocess(
      jsonList,
      z.array(conditionSchema, { message: '查询条件 params 必须是数组' }).max(MAX_CONDITIONS, `查询条件不能超过${MAX_CONDITIONS}个`),
    )
    .default([]),
});

export type PagedQueryInput = z.output<typeof pagedQuerySchema>;

export interface Condition {
  column: string;
  type: QueryType;
  val?: unknown;
}

export interface CompiledQuery {
  where: Expression<SqlBool> | undefined;
  orderBy: { column: string; direction: 'asc' | 'desc' }[];
}

function normaliseType(type: string): QueryType {
  if ((QUERY_TYPES as readonly string[]).includes(type)) return type as QueryType;
  // hasOwn: 'constructor' or 'toString' must not resolve through Object.prototype (they used
  // to, and the condition was then silently dropped instead of refused).
  if (Object.hasOwn(QUERY_TYPE_ALIASES, type)) return QUERY_TYPE_ALIASES[type];
  throw validationError('params', `不支持的查询条件类型：${type}`);
}

function coerce(kind: ColumnKind, column: string, value: unknown): string | number {
  if (value === null || value === undefined) throw validationError('params', `查询条件 ${column} 缺少值`);
  if (typeof value === 'object') throw validationError('params', `查询条件 ${column} 的值格式不正确`);
  if (kind === 'number') {
    // Decimal notation only: Number() would also take '0x1A', '0b1' and ' ' (as 0).
    const text = String(value).trim();
    const n = typeof value === 'number' ? value : DECIMAL_RE.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(n)) throw validationError('params', `查询条件 ${column} 只能是数字`);
    return n;
  }
  if (kind === 'bool') {
    const s = String(value);
    if (['1', 'true'].includes(s)) return 1;
    if (['0', 'false'].includes(s)) return 0;
    throw validationError('params', `查询条件 ${column} 只能是 1（是）或 0（否）`);
  }
  const s = String(value);
  if (s.length > 500) throw validationError('params', `查询条件 ${column} 的值过长`);
  // PostgreSQL refuses NUL in text with an error; it can never match a stored value anyway.
  if (s.includes('\u0000')) throw validationError('params', `查询条件 ${column} 的值包含非法字符`);
  return s;
}

/**
 * The value as a bound parameter. Numbers are cast to double precision: otherwise PostgreSQL
 * types the parameter after an integer column and fails on 1.5 or 3000000000 (a 500, not an
 * empty result). SQLite compares 3 and 3.0 as equal, so the cast is harmless there.
 */
function bind(kind: ColumnKind, column: string, value: unknown): RawBuilder<unknown> {
  const v = coerce(kind, column, value);
  return kind === 'number' ? sql`cast(${v} as double precision)` : sql`${v}`;
}

const DECIMAL_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A value condition whose val is missing, null or '' is no condition: the search forms send an
 * untouched box that way, and the 全部片区 option of SPEC §3 has the empty value.
 */
function isEmptyVal(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const VALUE_TYPES: ReadonlySet<QueryType> = new Set(['eq', 'ne', 'like', 'gt', 'ge', 'lt', 'le', 'in', 'notIn', 'between']);

function listOf(value: unknown, column: string): unknown[] {
  const v = jsonList(value);
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  if (list.length > MAX_IN_VALUES) throw validationError('params', `查询条件 ${column} 的取值不能超过${MAX_IN_VALUES}个`);
  return list;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Turns the params list into a WHERE expression and an ORDER BY list. Columns are checked
 * against the allow-list and quoted as identifiers; every value is a bound parameter.
 */
export function compileConditions(
  conditions: { column: string; type: string; val?: unknown }[],
  columns: QueryColumns,
  dialect: DialectName,
): CompiledQuery {
  const parts: RawBuilder<SqlBool>[] = [];
  const orderBy: CompiledQuery['orderBy'] = [];
  for (const raw of conditions) {
    const kind = Object.hasOwn(columns, raw.column) ? columns[raw.column] : undefined;
    if (!kind) throw validationError('params', `不支持按字段 ${raw.column} 查询`);
    const type = normaliseType(raw.type);
    if (VALUE_TYPES.has(type) && isEmptyVal(raw.val)) continue;
    const col = sql.ref(raw.column);
    const one = () => bind(kind, raw.column, raw.val);
    switch (type) {
      case 'eq':
        parts.push(sql<SqlBool>`${col} = ${one()}`);
        break;
      case 'ne':
        parts.push(sql<SqlBool>`(${col} <> ${one()} or ${col} is null)`);
        break;
      case 'gt':
        parts.push(sql<SqlBool>`${col} > ${one()}`);
        break;
      case 'ge':
        parts.push(sql<SqlBool>`${col} >= ${one()}`);
        break;
      case 'lt':
        parts.push(sql<SqlBool>`${col} < ${one()}`);
        break;
      case 'le':
        parts.push(sql<SqlBool>`${col} <= ${one()}`);
        break;
      case 'like': {
        const pattern = `%${escapeLike(String(coerce('text', raw.column, raw.val)))}%`;
        parts.push(
          dialect === 'postgres'
            ? sql<SqlBool>`cast(${col} as text) ilike ${pattern} escape '\\'`
            : sql<SqlBool>`${col} like ${pattern} escape '\\'`,
        );
        break;
      }
      case 'in':
      case 'notIn': {
        const values = listOf(raw.val, raw.column).map((v) => bind(kind, raw.column, v));
        if (values.length === 0) {
          parts.push(type === 'in' ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`);
          break;
        }
        // notIn keeps rows without a value, like ne does: "not one of these" includes "none".
        parts.push(
          type === 'in'
            ? sql<SqlBool>`${col} in (${sql.join(values)})`
            : sql<SqlBool>`(${col} not in (${sql.join(values)}) or ${col} is null)`,
        );
        break;
      }
      case 'between': {
        const values = listOf(raw.val, raw.column);
        if (values.length !== 2) throw validationError('params', `查询条件 ${raw.column} 的区间需要两个值`);
        const [lo, hi] = values.map((v) => bind(kind, raw.column, v));
        parts.push(sql<SqlBool>`${col} between ${lo} and ${hi}`);
        break;
      }
      case 'isNull':
        parts.push(sql<SqlBool>`${col} is null`);
        break;
      case 'isNotNull':
        parts.push(sql<SqlBool>`${col} is not null`);
        break;
      case 'orderAsc':
        orderBy.push({ column: raw.column, direction: 'asc' });
        break;
      case 'orderDesc':
        orderBy.push({ column: raw.column, direction: 'desc' });
        break;
    }
  }
  const where = parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : undefined;
  return { where, orderBy };
}

/**
 * ORDER BY with empty values last in both directions. Without it the databases disagree:
 * SQLite sorts NULL first on asc, PostgreSQL last, so the same page differed per database.
 */
export function orderClause(order: { column: string; direction: 'asc' | 'desc' }[]): RawBuilder<unknown> {
  return sql.join(
    order.map((o) => sql`${sql.ref(o.column)} ${sql.raw(o.direction === 'asc' ? 'asc' : 'desc')} nulls last`),
  );
}

export interface PagedSelect {
  table: string;
  /** Columns returned (a presenter's allow-list; never select *). */
  select: string[];
  columns: QueryColumns;
  /** Fixed conditions added by the server (e.g. "published only"). */
  scope?: Expression<SqlBool>;
  /** Tie-breaker and default order. */
  defaultOrder?: { column: string; direction: 'asc' | 'desc' }[];
}

/** Runs a paged query: the page and its total, on either database. */
export async function runPagedQuery<Row>(
  // The engine addresses tables by name from an allow-list, so it works on the untyped builder.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: DialectName,
  spec: PagedSelect,
  input: PagedQueryInput,
): Promise<PageResult<Row>> {
  const { where, orderBy } = compileConditions(input.params, spec.columns, dialect);
  const filters = [spec.scope, where].filter((x): x is Expression<SqlBool> => x !== undefined);
  const whereSql = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const order = [...orderBy, ...(spec.defaultOrder ?? [{ column: 'id', direction: 'desc' as const }])];
  const orderSql = orderClause(order);
  const unpaged = input.pageNo === 0 && input.pageSize === 0;
  const pageSize = unpaged ? UNPAGED_LIMIT : input.pageSize || 10;
  const pageNo = unpaged ? 1 : Math.max(1, input.pageNo);
  const offset = (pageNo - 1) * pageSize;
  const table = sql.table(spec.table);
  const selectSql = sql.join(spec.select.map((c) => sql.ref(c)));
  const [rows, count] = await Promise.all([
    sql<Row>`select ${selectSql} from ${table} ${whereSql} order by ${orderSql} limit ${pageSize} offset ${offset}`.execute(db),
    sql<{ total: number | string }>`select count(*) as total from ${table} ${whereSql}`.execute(db),
  ]);
  return {
    list: rows.rows,
    total: Number(count.rows[0]?.total ?? 0),
    pageNo: unpaged ? 0 : pageNo,
    pageSize: unpaged ? 0 : pageSize,
  };
}
