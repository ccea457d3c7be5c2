import { sql, type CompiledQuery as KyselyCompiled, type Expression, type Kysely, type QueryResult, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  COUNT_LIMIT,
  MAX_PAGE_SIZE,
  QUERY_TYPES,
  QUERY_TYPE_ALIASES,
  type PageResult,
  type QueryType,
} from '@land/shared/api';
import type { DialectName } from '../db/database';
import { validationError } from './errors';
import { TtlCache } from './ttlCache';

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
  /** Keyset paging: the nextCursor of the previous page; pageNo is then ignored. */
  cursor: z.string({ message: '翻页游标不正确' }).max(2000, '翻页游标不正确').optional(),
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

/** Columns that never hold NULL in any table (made in code on every write). */
const ALWAYS_SET = new Set(['id', 'createdAt', 'updatedAt']);

type OrderKey = { column: string; direction: 'asc' | 'desc' };

const orderSignature = (order: OrderKey[]) => order.map((o) => `${o.column}:${o.direction}`).join(',');

/** The cursor of the page after this row: its values of the order columns, with the order. */
function encodeCursor(order: OrderKey[], row: Record<string, unknown>): string | undefined {
  if (!order.every((o) => o.column in row)) return undefined;
  const values = order.map((o) => row[o.column] ?? null);
  return Buffer.from(JSON.stringify({ o: orderSignature(order), v: values })).toString('base64url');
}

/**
 * Rows after the cursor's row in this order (keyset paging: no OFFSET, so page 10,000 costs
 * what page 1 costs). NULLs sort last in both directions, as orderClause has it. When every
 * column is known to be set and all go the same way, one row-value comparison that an index
 * on those columns serves directly.
 */
function afterCursor(cursor: string, order: OrderKey[], notNull: ReadonlySet<string>, kinds: QueryColumns): RawBuilder<SqlBool> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const d = decoded as { o?: unknown; v?: unknown } | undefined;
  if (!d || d.o !== orderSignature(order) || !Array.isArray(d.v) || d.v.length !== order.length) {
    throw validationError('cursor', '翻页游标已失效（查询条件或排序已改变），请从第一页重新查询');
  }
  // The cursor comes back from the client: each value must be of its column's kind (PostgreSQL
  // refuses to compare a text column with a number, and any text holding NUL, with an error).
  const values = d.v.map((v, i) => {
    if (v === null) return v;
    const column = order[i].column;
    const kind = ALWAYS_SET.has(column) ? 'text' : Object.hasOwn(kinds, column) ? kinds[column] : undefined;
    const numeric = kind === 'number' || kind === 'bool';
    if (typeof v === 'number' && Number.isFinite(v) && (kind === undefined || numeric)) return v;
    if (typeof v === 'string' && !v.includes('\u0000') && (kind === undefined || !numeric)) return v;
    throw validationError('cursor', '翻页游标不正确');
  });
  const bindValue = (v: string | number) => (typeof v === 'number' ? sql`cast(${v} as double precision)` : sql`${v}`);
  const set = (o: OrderKey) => ALWAYS_SET.has(o.column) || notNull.has(o.column);
  if (values.every((v) => v !== null) && order.every(set) && order.every((o) => o.direction === order[0].direction)) {
    const op = sql.raw(order[0].direction === 'desc' ? '<' : '>');
    return sql<SqlBool>`(${sql.join(order.map((o) => sql.ref(o.column)))}) ${op} (${sql.join(values.map((v) => bindValue(v!)))})`;
  }
  const branches: RawBuilder<SqlBool>[] = [];
  for (let i = 0; i < order.length; i++) {
    const v = values[i];
    // Nothing sorts after NULL in its own column (NULLs are last); equal NULLs go on to the next column.
    if (v === null) continue;
    const col = sql.ref(order[i].column);
    const op = sql.raw(order[i].direction === 'desc' ? '<' : '>');
    const after = set(order[i]) ? sql<SqlBool>`${col} ${op} ${bindValue(v)}` : sql<SqlBool>`(${col} ${op} ${bindValue(v)} or ${col} is null)`;
    const equal = order.slice(0, i).map((o, j) => (values[j] === null ? sql<SqlBool>`${sql.ref(o.column)} is null` : sql<SqlBool>`${sql.ref(o.column)} = ${bindValue(values[j]!)}`));
    branches.push(sql<SqlBool>`(${sql.join([...equal, after], sql` and `)})`);
  }
  return branches.length ? sql<SqlBool>`(${sql.join(branches, sql` or `)})` : sql<SqlBool>`1 = 0`;
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
  /**
   * The same rows as `scope`, written so that the database reads them in the page's order (e.g.
   * without the index of a range filter); used for the page when more than WIDE_MATCH rows
   * match, where stopping after one page beats sorting every match.
   */
  wideScope?: Expression<SqlBool>;
  /** Order columns the scope guarantees to be set (e.g. publishedAt of published parcels): lets a cursor use one index range. */
  notNull?: string[];
}

/**
 * Filters that matched more than COUNT_LIMIT rows, for a few seconds: their answer is the
 * bound ("超过 N 条") whatever is added meanwhile, and counting up to the bound is most of the
 * cost of a first page over a million parcels. Exact totals are always counted afresh.
 */
const OVER_LIMIT_MS = 10_000;
/** Matches above which a page is read in order (wideScope) rather than sorted. */
const WIDE_MATCH = 1000;
const overLimit = new TtlCache<true>(OVER_LIMIT_MS);

/**
 * A paged query compiled to its statements: what runPagedPlan runs. Compiling is pure (the same
 * spec and input give the same statements), so a caller may keep plans for inputs that repeat
 * (the public parcel search does, services/publicParcels.ts).
 */
export interface PagedPlan {
  page: KyselyCompiled<Record<string, unknown>>;
  /** The page read in order (spec.wideScope), run instead of `page` when more than WIDE_MATCH rows match. */
  widePage?: KyselyCompiled<Record<string, unknown>>;
  count: KyselyCompiled<{ total: number | string }>;
  /** The count's statement and values: the key of the over-the-bound cache. */
  countKey: string;
  order: OrderKey[];
  pageNo: number;
  pageSize: number;
  unpaged: boolean;
}

/** Compiles a paged query: the page, the bounded count and, with a wide scope, the page read in order. */
export function planPagedQuery(
  // The engine addresses tables by name from an allow-list, so it works on the untyped builder.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: DialectName,
  spec: PagedSelect,
  input: PagedQueryInput,
): PagedPlan {
  const { where, orderBy } = compileConditions(input.params, spec.columns, dialect);
  const filters = [spec.scope, where].filter((x): x is Expression<SqlBool> => x !== undefined);
  const whereSql = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const order = [...orderBy, ...(spec.defaultOrder ?? [{ column: 'id', direction: 'desc' as const }])];
  const orderSql = orderClause(order);
  const unpaged = input.pageNo === 0 && input.pageSize === 0;
  const pageSize = unpaged ? UNPAGED_LIMIT : input.pageSize || 10;
  const pageNo = unpaged ? 1 : Math.max(1, input.pageNo);
  const keyset = input.cursor ? afterCursor(input.cursor, order, new Set(spec.notNull ?? []), spec.columns) : undefined;
  const offset = keyset ? 0 : (pageNo - 1) * pageSize;
  const pageWhere = keyset ? sql`where ${sql.join([...filters, keyset], sql` and `)}` : whereSql;
  const table = sql.table(spec.table);
  const selectSql = sql.join(spec.select.map((c) => sql.ref(c)));
  // The count stops at COUNT_LIMIT + 1 rows: exact for every ordinary filter, a bound (flagged)
  // for "all of a million parcels" instead of a scan of the whole table on every page.
  const count = sql<{ total: number | string }>`select count(*) as total from (select 1 as one from ${table} ${whereSql} limit ${COUNT_LIMIT + 1}) as counted`.compile(db);
  const pageQuery = (w: RawBuilder<unknown>) =>
    sql<Record<string, unknown>>`select ${selectSql} from ${table} ${w} order by ${orderSql} limit ${pageSize} offset ${offset}`.compile(db);
  const wideFilters = [spec.wideScope, where, keyset].filter((x): x is Expression<SqlBool> => x !== undefined);
  return {
    page: pageQuery(pageWhere),
    widePage: spec.wideScope ? pageQuery(sql`where ${sql.join(wideFilters, sql` and `)}`) : undefined,
    count,
    countKey: `${count.sql}\u0000${JSON.stringify(count.parameters)}`,
    order,
    pageNo,
    pageSize,
    unpaged,
  };
}

/** Runs a compiled paged query: the page and its total. */
export async function runPagedPlan<Row>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  plan: PagedPlan,
): Promise<PageResult<Row>> {
  const runCount = async () => {
    if (overLimit.get(plan.countKey)) return COUNT_LIMIT + 1;
    const n = Number((await db.executeQuery(plan.count)).rows[0]?.total ?? 0);
    if (n > COUNT_LIMIT) overLimit.set(plan.countKey, true);
    return n;
  };
  let rows: QueryResult<Record<string, unknown>>;
  let counted: number;
  if (plan.widePage) {
    // The count (cheap, from the filter's own index) decides how the page is read.
    counted = await runCount();
    rows = await db.executeQuery(counted > WIDE_MATCH ? plan.widePage : plan.page);
  } else {
    [rows, counted] = await Promise.all([db.executeQuery(plan.page), runCount()]);
  }
  const { pageSize, unpaged } = plan;
  const totalExact = counted <= COUNT_LIMIT;
  const last = rows.rows.length === pageSize && !unpaged ? rows.rows[rows.rows.length - 1] : undefined;
  const nextCursor = last ? encodeCursor(plan.order, last) : undefined;
  return {
    list: rows.rows as Row[],
    total: totalExact ? counted : COUNT_LIMIT,
    totalExact,
    pageNo: unpaged ? 0 : plan.pageNo,
    pageSize: unpaged ? 0 : pageSize,
    ...(nextCursor && { nextCursor }),
  };
}

/** Runs a paged query: the page and its total, on either database. */
export async function runPagedQuery<Row>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: DialectName,
  spec: PagedSelect,
  input: PagedQueryInput,
): Promise<PageResult<Row>> {
  return runPagedPlan<Row>(db, planPagedQuery(db, dialect, spec, input));
}
