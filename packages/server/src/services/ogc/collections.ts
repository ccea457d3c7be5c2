/**
 * The feature collections of the OGC API (routes/ogc.ts). Public collections are the public
 * API's own answers as features: published parcels through parcelCondition and presentSummary,
 * districts, supply plan and stock land through their public list specs (publicContent.ts) —
 * the same scopes and allow-listed columns, so nothing unpublished and no staff-only field.
 * The staff collection (every parcel in every lifecycle state, with the staff fields) is only
 * served with a staff session (the route checks it).
 *
 * Paging is keyset paging (runPagedQuery's cursor): the page after a cursor costs what the
 * first page costs, also at a million parcels. The parcels' bbox filter goes through the
 * spatial index (R*Tree / GiST, as the tiles do) and selects parcels whose bounding box meets
 * the box; the small layers (hundreds of records) are matched by their geometry's box in memory.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { bbox as geometryBbox, type ParcelGeometry } from '@land/shared/geo/index';
import type { DialectName } from '../../db/database';
import type { AnyDb, Row } from '../../entities/repository';
import { UNPAGED_LIMIT, runPagedQuery } from '../../lib/pagedQuery';
import { validationError } from '../../lib/errors';
import { AREAS, STOCK_LAND, SUPPLY_PLAN, type ContentSpec } from '../publicContent';
import {
  PARCEL_DETAIL_COLUMNS,
  PARCEL_SUMMARY_COLUMNS,
  loadNames,
  parcelCondition,
  parcelFilterCondition,
  presentSummary,
  publicParcelScope,
  type Names,
  type ParcelFilter,
} from '../publicParcels';
import { and, defOf, listScope, presentPublic, publicColumns, unpagedInput } from '../publicQuery';
import { parcelBoxCondition } from '../tiles/store';

export interface Feature {
  type: 'Feature';
  id: string;
  geometry: ParcelGeometry | null;
  properties: Record<string, string | number | boolean | null>;
}

export interface ItemsQuery {
  limit: number;
  cursor?: string;
  /** lon-lat [w, s, e, n] */
  bbox?: [number, number, number, number];
  /** Inclusive ISO bounds of the collection's date (`datetime`). */
  from?: string;
  to?: string;
  /** Property filters by name (only the collection's own). */
  filters: Record<string, string>;
}

export interface ItemsPage {
  features: Feature[];
  /** Absent when counting stopped at the bound (over COUNT_LIMIT matches). */
  numberMatched?: number;
  nextCursor?: string;
}

export interface Collection {
  id: string;
  title: string;
  description: string;
  /** Served only with a staff session. */
  staff: boolean;
  /** The record's date that `datetime` selects on, if it has one. */
  temporal?: { property: string; kind: 'date' | 'datetime' };
  /** Property filters (query parameters) and what they mean. */
  filters: Record<string, string>;
  items(db: AnyDb, dialect: DialectName, q: ItemsQuery): Promise<ItemsPage>;
  item(db: AnyDb, id: string): Promise<Feature | undefined>;
}

/** Properties as flat values (GIS clients want columns): lists and objects are left out. */
function flat(row: Row): Feature['properties'] {
  const out: Feature['properties'] = {};
  for (const [k, v] of Object.entries(row)) {
    if (v === null || v === undefined) out[k] = null;
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

function parseGeometry(value: unknown): ParcelGeometry | null {
  if (value && typeof value === 'object') return value as ParcelGeometry;
  if (typeof value !== 'string' || value === '') return null;
  try {
    return JSON.parse(value) as ParcelGeometry;
  } catch {
    return null;
  }
}

function feature(id: unknown, geometry: unknown, properties: Row): Feature {
  return { type: 'Feature', id: String(id), geometry: parseGeometry(geometry), properties: flat(properties) };
}

/** `column` within the query's datetime bounds (dates compare by their day). */
function temporalCondition(column: string, kind: 'date' | 'datetime', q: ItemsQuery): RawBuilder<SqlBool> | undefined {
  const cut = (v: string) => (kind === 'date' ? v.slice(0, 10) : v);
  return and([
    q.from === undefined ? undefined : sql<SqlBool>`${sql.ref(column)} >= ${cut(q.from)}`,
    q.to === undefined ? undefined : sql<SqlBool>`${sql.ref(column)} <= ${cut(q.to)}`,
  ]);
}

const pageInput = (q: ItemsQuery) => ({ pageNo: 1, pageSize: q.limit, params: [], cursor: q.cursor });

// ---------------------------------------------------------------------------------------
// Parcels
// ---------------------------------------------------------------------------------------

const PARCEL_FILTERS: Record<string, string> = {
  dlcode: '土地用途代码（含下级用途）',
  tradeState: '交易状态：available 未挂牌、listed 挂牌中、deal 已成交',
  areacode: '片区代码',
  jdcode: '街道',
  xzqdm: '行政区代码（6或9位）',
  supplyMethod: '供地方式',
  zylx: '资源类型',
};

const STAFF_PARCEL_FILTERS: Record<string, string> = { ...PARCEL_FILTERS, tradeState: '交易状态（none、listed、deal）', status: '生命周期状态' };

/** The staff collection's fields: the public detail plus the back office's own. */
const STAFF_PARCEL_COLUMNS = publicColumns('tLandinfo', [
  ...PARCEL_DETAIL_COLUMNS.filter((c) => !['geometry', 'photos', 'panorama', 'documents'].includes(c)),
  'owner', 'appraisedPrice', 'geometryArea', 'displayorder', 'status', 'createdAt', 'updatedAt',
]);

const tradeStateInput = z.enum(['available', 'listed', 'deal', 'none'], { error: 'tradeState 只能是 available、listed、deal 或 none' });

function parcelFilter(filters: Record<string, string>): ParcelFilter {
  const state = filters.tradeState ? tradeStateInput.safeParse(filters.tradeState) : undefined;
  if (state && !state.success) throw validationError('tradeState', state.error.issues[0].message);
  return {
    dlcode: filters.dlcode,
    tradeState: state?.data,
    areacode: filters.areacode,
    jdcode: filters.jdcode,
    xzqdm: filters.xzqdm,
    supplyMethod: filters.supplyMethod,
    zylx: filters.zylx,
  };
}

function namesOf(row: Row, names: Names): Row {
  const get = (m: Map<string, string>, k: unknown) => (typeof k === 'string' ? (m.get(k) ?? null) : null);
  return { areaname: get(names.area, row.areacode), jdname: get(names.jd, row.jdcode), dlname: get(names.dl, row.dlcode) };
}

function parcelCollection(staff: boolean): Collection {
  const columns = staff ? [...STAFF_PARCEL_COLUMNS, 'geometry'] : [...PARCEL_SUMMARY_COLUMNS, 'geometry'];
  const present = (row: Row, names: Names): Feature =>
    feature(
      row.id,
      row.geometry,
      staff ? { ...presentPublic('tLandinfo', STAFF_PARCEL_COLUMNS, row), ...namesOf(row, names) } : presentSummary(row, names),
    );
  return {
    id: staff ? 'staffParcels' : 'parcels',
    title: staff ? '全部地块（后台）' : '已发布地块',
    description: staff
      ? '全部生命周期状态的地块及后台字段（权属单位、评估价、状态等），需要后台用户登录（请求头 token）'
      : '门户公开的已发布地块，字段同公开接口的地块列表（selectLandInfoListPage）',
    staff,
    temporal: { property: 'publishedAt', kind: 'datetime' },
    filters: staff ? STAFF_PARCEL_FILTERS : PARCEL_FILTERS,
    async items(db, dialect, q) {
      const filter = parcelFilter(q.filters);
      const scope = and([
        staff ? await parcelFilterCondition(db, dialect, filter) : await parcelCondition(db, dialect, filter),
        staff && q.filters.status ? sql<SqlBool>`${sql.ref('t_landinfo.status')} = ${q.filters.status}` : undefined,
        q.bbox ? await parcelBoxCondition(db, q.bbox) : undefined,
        temporalCondition('t_landinfo.publishedAt', 'datetime', q),
      ]);
      const [page, names] = await Promise.all([
        runPagedQuery<Row>(
          db,
          dialect,
          {
            table: 't_landinfo',
            select: columns,
            // Kinds of the order columns, so that a cursor's values are checked (no params are sent).
            columns: { publishedAt: 'date' },
            scope,
            // Public: newest publication first, as the public list (published parcels always have
            // publishedAt, so a cursor reads one index range); staff: by id (time-ordered).
            defaultOrder: staff ? [{ column: 'id', direction: 'desc' }] : [{ column: 'publishedAt', direction: 'desc' }, { column: 'id', direction: 'desc' }],
            notNull: staff ? [] : ['publishedAt'],
          },
          pageInput(q),
        ),
        loadNames(db),
      ]);
      return {
        features: page.list.map((r) => present(r, names)),
        numberMatched: page.totalExact === false ? undefined : page.total,
        nextCursor: page.nextCursor,
      };
    },
    async item(db, id) {
      let query = db.selectFrom('t_landinfo').select(columns).where('t_landinfo.id', '=', id);
      if (!staff) query = query.where(publicParcelScope);
      const [row, names] = await Promise.all([query.executeTakeFirst() as Promise<Row | undefined>, loadNames(db)]);
      return row ? present(row, names) : undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------
// Small public layers: districts, supply plan, stock land
// ---------------------------------------------------------------------------------------

function layerCollection(options: {
  id: string;
  title: string;
  description: string;
  spec: ContentSpec;
  geometry: string;
  temporal?: Collection['temporal'];
  filterLabels: Record<string, string>;
}): Collection {
  const { spec, geometry } = options;
  const table = defOf(spec.entity).table;
  const columns = [...spec.list.filter((c) => c !== geometry), geometry];
  const present = (row: Row) => {
    const out = presentPublic(spec.entity, columns, row);
    const { [geometry]: shape, ...properties } = out;
    return feature(row.id, shape, properties);
  };
  const filters = Object.fromEntries((spec.filters ?? []).map((f) => [f, options.filterLabels[f] ?? f]));
  return {
    id: options.id,
    title: options.title,
    description: options.description,
    staff: false,
    temporal: options.temporal,
    filters,
    async items(db, dialect, q) {
      const named = listScope(spec, unpagedInput(q.filters), dialect);
      let inBox: Expression<SqlBool> | undefined;
      if (q.bbox) {
        const [w, s, e, n] = q.bbox;
        let rows = db.selectFrom(table).select(['id', geometry]).where(sql.ref(geometry), 'is not', null);
        if (named) rows = rows.where(named);
        const ids = ((await rows.limit(UNPAGED_LIMIT).execute()) as Row[])
          .filter((r) => {
            const g = parseGeometry(r[geometry]);
            if (!g) return false;
            const b = geometryBbox(g);
            return b[0] <= e && b[2] >= w && b[1] <= n && b[3] >= s;
          })
          .map((r) => r.id as string);
        inBox = ids.length ? sql<SqlBool>`${sql.ref('id')} in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`;
      }
      const page = await runPagedQuery<Row>(
        db,
        dialect,
        {
          table,
          select: columns,
          columns: {},
          scope: and([named, inBox, options.temporal ? temporalCondition(options.temporal.property, options.temporal.kind, q) : undefined]),
          defaultOrder: [{ column: 'id', direction: 'asc' }],
        },
        pageInput(q),
      );
      return { features: page.list.map(present), numberMatched: page.totalExact === false ? undefined : page.total, nextCursor: page.nextCursor };
    },
    async item(db, id) {
      let query = db.selectFrom(table).select(columns).where('id', '=', id);
      const scope = spec.scope?.();
      if (scope) query = query.where(scope);
      const row = (await query.executeTakeFirst()) as Row | undefined;
      return row ? present(row) : undefined;
    },
  };
}

export const COLLECTIONS: readonly Collection[] = [
  parcelCollection(false),
  layerCollection({
    id: 'districts',
    title: '片区',
    description: '启用的片区及其范围',
    spec: AREAS,
    geometry: 'boundary',
    filterLabels: { type: '片区类型', cantoncode: '行政区代码', areacode: '片区代码' },
  }),
  layerCollection({
    id: 'supplyPlan',
    title: '国有建设用地供应计划',
    description: '供地计划地块，字段同公开接口 selectGyjsydByPage；datetime 按计划供应日期',
    spec: SUPPLY_PLAN,
    geometry: 'geometry',
    temporal: { property: 'planSupplyDate', kind: 'date' },
    filterLabels: { planYear: '计划年度', gdfx: '供地方向', areacode: '片区代码', supplyMethod: '供地方式', status: '状态', planQuarter: '计划季度', dlcode: '土地用途代码' },
  }),
  layerCollection({
    id: 'stockLand',
    title: '存量可出让土地',
    description: '可出让的存量土地，字段同公开接口 selectCltdByPage',
    spec: STOCK_LAND,
    geometry: 'geometry',
    filterLabels: { areacode: '片区代码', dlcode: '土地用途代码', status: '状态' },
  }),
  parcelCollection(true),
];

export function collectionById(id: string): Collection | undefined {
  return COLLECTIONS.find((c) => c.id === id);
}
