/**
 * Parcels as the public sees them. `publicParcelScope` is the one condition that makes a
 * parcel public (lifecycle state 已发布); every parcel query of the public calls starts from
 * `publicParcels()` or filters supporting records by `publishedParcelIds()`, so a draft, a
 * parcel under review or a taken-down one cannot reach a public answer by any path.
 */
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { TRADE_STATES } from '@land/shared/lifecycle';
import { polygonsOf, simplify, validateParcelGeometry, type ParcelGeometry } from '@land/shared/geo/index';
import type { PageResult } from '@land/shared/api';
import type { DialectName } from '../db/database';
import type { AnyDb, Row } from '../entities/repository';
import { notFound } from '../lib/errors';
import { UNPAGED_LIMIT, pagedQuerySchema, planPagedQuery, runPagedPlan, type PagedPlan, type QueryColumns } from '../lib/pagedQuery';
import { TtlCache } from '../lib/ttlCache';
import { divisionPrefix } from './publicCantons';
import { referenceData, type Names, type ReferenceData } from './referenceCache';
import { and, eq, escapeLike, keywordCondition, keywordInput, optionalNumber, optionalText, parseJsonColumn, presentPublic, publicColumns, publicQueryColumns } from './publicQuery';

export const PUBLIC_PARCEL_STATE = 'published';

/**
 * A parcel of a disabled (停用) district is not shown to the public anywhere (issue 15: one truth
 * for totals). As a condition on a parcel id: not one of the parcels of a disabled district. The
 * subquery does not depend on the row, so each database evaluates it once per query.
 */
export function notInDisabledDistrict(parcelId: RawBuilder<unknown> | Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`${parcelId} not in (select hidden.id from t_landinfo hidden join t_area off_area on off_area.areacode = hidden.areacode where off_area.status <> '1')`;
}

/**
 * What makes a parcel public, as a condition on t_landinfo (qualified, so it holds in joins):
 * lifecycle state 已发布, and its district (if any) not disabled.
 */
export const publicParcelScope: Expression<SqlBool> = sql<SqlBool>`(${sql.ref('t_landinfo.status')} = ${PUBLIC_PARCEL_STATE} and ${notInDisabledDistrict(sql.ref('t_landinfo.id'))})`;

/**
 * publicParcelScope written on the parcel's district code instead of its id: the same parcels (a
 * parcel is hidden exactly when a disabled district has its areacode), but a condition an index on
 * (status, areacode, …) answers alone, without reading the parcels' rows (the public figures).
 */
export const publicParcelScopeByDistrict: Expression<SqlBool> = sql<SqlBool>`(${sql.ref('t_landinfo.status')} = ${PUBLIC_PARCEL_STATE} and (${sql.ref('t_landinfo.areacode')} is null or ${sql.ref('t_landinfo.areacode')} not in (select off_area.areacode from t_area off_area where off_area.status <> '1' and off_area.areacode is not null)))`;

/** The public parcels: the start of every public parcel query. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function publicParcels(db: AnyDb): SelectQueryBuilder<any, 't_landinfo', object> {
  return db.selectFrom('t_landinfo').where(publicParcelScope);
}

/** Ids of public parcels, for `dkid in (…)` on supporting records. */
export function publishedParcelIds(db: AnyDb) {
  return publicParcels(db).select('t_landinfo.id');
}

/** Supporting records (dkid) of public parcels only. */
export function ofPublicParcel(db: AnyDb, column = 'dkid'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${publishedParcelIds(db)})`;
}

/**
 * Which of these ids are parcels that are not public. Records elsewhere may point at a parcel
 * (a message's sourceId): such a reference is cut when the parcel is not public.
 */
export async function nonPublicParcelIds(db: AnyDb, ids: unknown[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((i): i is string => typeof i === 'string' && i !== ''))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('t_landinfo')
    .select('t_landinfo.id')
    .where('t_landinfo.id', 'in', wanted)
    .where(sql<SqlBool>`not (${publicParcelScope})`)
    .execute();
  return new Set(rows.map((r) => r.id as string));
}

// ---------------------------------------------------------------------------------------
// Presenters: allow-lists of the columns the public may see.
// ---------------------------------------------------------------------------------------

/** The key figures of a parcel in lists, on cards and in collections. */
export const PARCEL_SUMMARY_COLUMNS = publicColumns('tLandinfo', [
  'id', 'dkbh', 'dkmc', 'areacode', 'jdcode', 'xzqdm', 'dlcode', 'zylx', 'supplyMethod', 'location',
  'landArea', 'landAreaMu', 'startingPrice', 'tenureYears', 'tradeState', 'centerLon', 'centerLat', 'photos',
  'publishedAt', 'visitcount',
]);

/**
 * Everything a visitor may read about a parcel. Left out on purpose: 权属单位 (owner), 评估价
 * (the appraisal stays confidential before the deal), the lifecycle state and ordering, the
 * derived drawing area, and the who/when of edits.
 */
export const PARCEL_DETAIL_COLUMNS = publicColumns('tLandinfo', [
  'id', 'dkbh', 'dkmc', 'dzjgh', 'areacode', 'jdcode', 'xzqdm', 'location', 'boundEast', 'boundSouth', 'boundWest', 'boundNorth',
  'landArea', 'landAreaMu', 'transferArea', 'dlcode', 'plannedUse', 'zylx',
  'plotRatioMin', 'plotRatioMax', 'buildingDensityMin', 'buildingDensityMax', 'greenRatioMin', 'greenRatioMax',
  'heightLimit', 'investmentIntensity', 'taxPerMu', 'tenureYears',
  'startingPrice', 'deposit', 'bidIncrement', 'landGrade', 'supplyMethod',
  'currentUse', 'levelled', 'siteCondition', 'introduction', 'contact', 'phone',
  'photos', 'panorama', 'documents', 'geometry',
  'centerLon', 'centerLat', 'minLon', 'minLat', 'maxLon', 'maxLat',
  'tradeState', 'publishedAt', 'visitcount',
]);

/** What the map needs of every parcel. */
const PARCEL_MAP_COLUMNS = publicColumns('tLandinfo', [
  'id', 'dkbh', 'dkmc', 'areacode', 'dlcode', 'landArea', 'landAreaMu', 'startingPrice', 'tradeState', 'publishedAt',
  'centerLon', 'centerLat', 'minLon', 'minLat', 'maxLon', 'maxLat', 'geometry',
]);

/** Columns a client may name in params (filter and sort) of a public parcel query. */
export const PARCEL_QUERY_COLUMNS: QueryColumns = publicQueryColumns(
  'tLandinfo',
  PARCEL_SUMMARY_COLUMNS.filter((c) => !['photos', 'centerLon', 'centerLat'].includes(c)),
);

export type { Names } from './referenceCache';

/** Names of districts, streets and land classes, from the in-memory reference cache. */
export async function loadNames(db: AnyDb): Promise<Names> {
  return (await referenceData(db)).names;
}

const lookup = (map: Map<string, string>, key: unknown) => (typeof key === 'string' ? (map.get(key) ?? null) : null);

function centre(row: Row): [number, number] | null {
  return typeof row.centerLon === 'number' && typeof row.centerLat === 'number' ? [row.centerLon, row.centerLat] : null;
}

function bboxOf(row: Row): [number, number, number, number] | null {
  const b = [row.minLon, row.minLat, row.maxLon, row.maxLat];
  return b.every((v) => typeof v === 'number') ? (b as [number, number, number, number]) : null;
}

/** The summary's own columns; photos and the centre are read from the row into photo and centre. */
const SUMMARY_SHOWN = PARCEL_SUMMARY_COLUMNS.filter((c) => c !== 'photos' && c !== 'centerLon' && c !== 'centerLat');
/** What presentSummary adds to the row's own columns. */
const SUMMARY_ADDED = ['areaname', 'jdname', 'dlname', 'centre', 'photo'] as const;

export function presentSummary(row: Row, names: Names): Row {
  // Built in one pass (no copy without photos and the centre: a copy per row of every search
  // was a measurable part of its CPU).
  const out = presentPublic('tLandinfo', SUMMARY_SHOWN, row, SUMMARY_ADDED);
  const photos = parseJsonColumn(row.photos);
  const first = Array.isArray(photos) ? (photos[0] as { url?: unknown } | undefined) : undefined;
  out.areaname = lookup(names.area, row.areacode);
  out.jdname = lookup(names.jd, row.jdcode);
  out.dlname = lookup(names.dl, row.dlcode);
  out.centre = centre(row);
  out.photo = typeof first?.url === 'string' ? first.url : null;
  return out;
}

export function presentDetail(row: Row, names: Names): Row {
  return {
    ...presentPublic('tLandinfo', PARCEL_DETAIL_COLUMNS, row),
    areaname: lookup(names.area, row.areacode),
    jdname: lookup(names.jd, row.jdcode),
    dlname: lookup(names.dl, row.dlcode),
    centre: centre(row),
    bbox: bboxOf(row),
  };
}

/** Metres one screen pixel covers at a web-map zoom level, at this latitude. */
export function metresPerPixel(zoom: number, lat: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom);
}

function presentMapParcel(row: Row, names: Names, toleranceMetres: number): Row {
  const out = presentPublic('tLandinfo', PARCEL_MAP_COLUMNS, row);
  let geometry = out.geometry as ParcelGeometry | null;
  if (geometry && toleranceMetres > 0) geometry = simplify(geometry, toleranceMetres);
  return {
    id: out.id,
    dkbh: out.dkbh,
    dkmc: out.dkmc,
    areacode: out.areacode,
    areaname: lookup(names.area, row.areacode),
    dlcode: out.dlcode,
    dlname: lookup(names.dl, row.dlcode),
    landArea: out.landArea,
    landAreaMu: out.landAreaMu,
    startingPrice: out.startingPrice,
    tradeState: out.tradeState,
    tradeStateLabel: out.tradeStateLabel,
    publishedAt: out.publishedAt,
    centre: centre(row),
    bbox: bboxOf(row),
    geometry,
  };
}

// ---------------------------------------------------------------------------------------
// Filters of the public parcel lists.
// ---------------------------------------------------------------------------------------

/** available = 未挂牌 (tradeState none), listed = 挂牌中, deal = 已成交. */
export const PUBLIC_TRADE_FILTERS = { available: 'none', listed: 'listed', deal: 'deal' } as const;

const stateInput = z
  .enum(['', 'available', 'listed', 'deal', ...TRADE_STATES], { error: '交易状态只能是 available、listed 或 deal' })
  .nullish();

/** Vertices a drawn search area may have (each edge is a term of the SQL condition). */
export const MAX_AREA_VERTICES = 200;

/**
 * A drawn search area: a lon-lat GeoJSON Polygon or MultiPolygon (an object or its JSON text),
 * checked like a parcel boundary. Parcels whose centre lies in it match.
 */
export const areaInput = z
  .unknown()
  .transform((value, ctx): ParcelGeometry | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    let g: unknown = value;
    if (typeof g === 'string') {
      try {
        g = JSON.parse(g);
      } catch {
        g = null;
      }
    }
    const result = validateParcelGeometry(g, { maxVertices: MAX_AREA_VERTICES });
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: `搜索范围不正确：${result.message}` });
      return z.NEVER;
    }
    return result.geometry;
  })
  .optional();

/**
 * Parcels whose centre lies in the area, as one SQL condition: the bounding box, then an
 * even-odd ray cast along +longitude, one term per edge (horizontal edges never cross; every
 * slope is computed here, so the database never divides). Holes count like any ring.
 */
export function inArea(area: ParcelGeometry): RawBuilder<SqlBool> {
  const lon = sql.ref('t_landinfo.centerLon');
  const lat = sql.ref('t_landinfo.centerLat');
  const num = (n: number) => sql`cast(${n} as double precision)`;
  const polygons = polygonsOf(area).map((rings) => {
    const xs = rings.flatMap((r) => r.map((p) => p[0]));
    const ys = rings.flatMap((r) => r.map((p) => p[1]));
    const terms = rings.flatMap((ring) =>
      ring.slice(0, -1).flatMap(([xi, yi], i) => {
        const [xj, yj] = ring[i + 1];
        if (yi === yj) return [];
        const k = (xj - xi) / (yj - yi);
        return [
          sql`case when ${lat} >= ${num(Math.min(yi, yj))} and ${lat} < ${num(Math.max(yi, yj))} and ${lon} < ${num(xi)} + (${lat} - ${num(yi)}) * ${num(k)} then 1 else 0 end`,
        ];
      }),
    );
    if (terms.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`(${lon} between ${num(Math.min(...xs))} and ${num(Math.max(...xs))} and ${lat} between ${num(Math.min(...ys))} and ${num(Math.max(...ys))} and (${sql.join(terms, sql` + `)}) % 2 = 1)`;
  });
  return sql<SqlBool>`(${sql.join(polygons, sql` or `)})`;
}

const SORTABLE = ['publishedAt', 'landArea', 'landAreaMu', 'startingPrice', 'visitcount', 'dkbh'] as const;

/** Named filters every public parcel list accepts (besides pageNo, pageSize and params). */
export const parcelFilterShape = {
  keyword: keywordInput,
  areacode: optionalText(60),
  jdcode: optionalText(32),
  /** A land class; its sub-classes are included (10 工矿用地 finds 1001 and 100101 too). */
  dlcode: optionalText(50),
  /** A canton code (6 or 9 digits); parcels in that division. */
  xzqdm: optionalText(12),
  zylx: optionalText(50),
  supplyMethod: optionalText(50),
  state: stateInput,
  tradeState: stateInput,
  /** 亩 */
  areaMin: optionalNumber(),
  areaMax: optionalNumber(),
  /** 万元 */
  priceMin: optionalNumber(),
  priceMax: optionalNumber(),
  /** A drawn area (GeoJSON Polygon, lon-lat): parcels whose centre lies in it. */
  area: areaInput,
  orderBy: z.enum(['', ...SORTABLE], { error: `排序字段只能是 ${SORTABLE.join('、')} 之一` }).nullish(),
  order: z.enum(['', 'asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).nullish(),
};

export const parcelListInput = pagedQuerySchema.extend(parcelFilterShape);
export type ParcelListInput = z.output<typeof parcelListInput>;
export type ParcelFilter = Partial<Omit<ParcelListInput, 'pageNo' | 'pageSize' | 'params'>>;
export type ParcelPageInput = ParcelFilter & Pick<ParcelListInput, 'pageNo' | 'pageSize' | 'params'>;

/** The land-class code and every code below it in the tree. */
export async function landClassWithChildren(db: AnyDb, code: string): Promise<string[]> {
  const { classChildren } = await referenceData(db);
  const out = new Set([code]);
  const queue = [code];
  while (queue.length) {
    for (const c of classChildren.get(queue.shift()!) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      queue.push(c);
    }
  }
  return [...out];
}

/** Parcels inside a division: by their own canton code, or by the canton code of their district. */
export function inDivision(code: string): RawBuilder<SqlBool> {
  const prefix = divisionPrefix(code);
  // An unknown code matches nothing rather than everything.
  if (!prefix) return sql<SqlBool>`1 = 0`;
  const pattern = `${escapeLike(prefix)}%`;
  return sql<SqlBool>`(${sql.ref('t_landinfo.xzqdm')} like ${pattern} escape '\\' or ${sql.ref('t_landinfo.areacode')} in (select ${sql.ref('areacode')} from ${sql.table('t_area')} where ${sql.ref('cantoncode')} like ${pattern} escape '\\'))`;
}

/**
 * A range condition. `filterOnly` writes the column as `+column`, which keeps SQLite from
 * choosing that column's index for it: a page sorted by publication date then reads the date
 * index in order and stops after a page, instead of sorting every parcel in a wide 亩 or price
 * band (hundreds of ms at scale). Used when the band is wide (runPagedQuery's wideScope); with a
 * chosen sort the trade-state, district and class filters are written the same way.
 */
const range = (column: string, min: number | undefined, max: number | undefined, filterOnly = false) => {
  const ref = filterOnly ? sql`+${sql.ref(column)}` : sql.ref(column);
  return and([
    min === undefined ? undefined : sql<SqlBool>`${ref} >= cast(${min} as double precision)`,
    max === undefined ? undefined : sql<SqlBool>`${ref} <= cast(${max} as double precision)`,
  ]);
};

/** publicParcelScope and the named filters, as one condition on t_landinfo. */
export async function parcelCondition(
  db: AnyDb,
  dialect: DialectName,
  filter: ParcelFilter,
  options: { rangesFilterOnly?: boolean } = {},
): Promise<RawBuilder<SqlBool>> {
  return and([publicParcelScope, await parcelFilterCondition(db, dialect, filter, options)])!;
}

/**
 * The named filters alone, as one condition on t_landinfo (undefined when none is set). Public
 * answers go through parcelCondition; the staff OGC collection (every lifecycle state) uses this.
 */
export async function parcelFilterCondition(
  db: AnyDb,
  dialect: DialectName,
  filter: ParcelFilter,
  options: { rangesFilterOnly?: boolean } = {},
): Promise<RawBuilder<SqlBool> | undefined> {
  const state = filter.state || filter.tradeState;
  const trade = state ? (PUBLIC_TRADE_FILTERS[state as keyof typeof PUBLIC_TRADE_FILTERS] ?? state) : undefined;
  const classes = filter.dlcode ? await landClassWithChildren(db, filter.dlcode) : undefined;
  // With a chosen sort, the sort's index is read in order and these are checked row by row.
  const sorted = options.rangesFilterOnly && !!filter.orderBy;
  const col = (c: string) => (sorted ? sql`+${sql.ref(c)}` : sql.ref(c));
  const is = (c: string, v: unknown) => (v === undefined || v === null || v === '' ? undefined : sql<SqlBool>`${col(c)} = ${v}`);
  return and([
    keywordCondition(['dkmc', 'dkbh', 'location'], filter.keyword, dialect, 't_landinfo'),
    is('t_landinfo.areacode', filter.areacode),
    eq('t_landinfo.jdcode', filter.jdcode),
    eq('t_landinfo.zylx', filter.zylx),
    eq('t_landinfo.supplyMethod', filter.supplyMethod),
    is('t_landinfo.tradeState', trade),
    classes ? sql<SqlBool>`${col('t_landinfo.dlcode')} in (${sql.join(classes)})` : undefined,
    filter.xzqdm ? inDivision(filter.xzqdm) : undefined,
    range('t_landinfo.landAreaMu', filter.areaMin, filter.areaMax, options.rangesFilterOnly && filter.orderBy !== 'landAreaMu'),
    range('t_landinfo.startingPrice', filter.priceMin, filter.priceMax, options.rangesFilterOnly && filter.orderBy !== 'startingPrice'),
    filter.area ? inArea(filter.area) : undefined,
  ]);
}

function orderOf(filter: ParcelFilter): { column: string; direction: 'asc' | 'desc' }[] {
  const chosen = filter.orderBy ? [{ column: filter.orderBy, direction: filter.order === 'asc' ? ('asc' as const) : ('desc' as const) }] : [];
  return [...chosen, { column: 'publishedAt', direction: 'desc' }, { column: 'id', direction: 'desc' }];
}

/**
 * Compiled searches by their validated input, per reference data (a renamed or re-parented land
 * class changes a class filter's codes, and comes with new reference data): visitors repeat the
 * same searches (a district, a trade state, the first pages), and building and compiling the
 * SQL was a tenth of a search's CPU. Bounded; a search with a cursor is not kept.
 */
const searchPlans = new WeakMap<ReferenceData, TtlCache<PagedPlan>>();
const SEARCH_PLAN_MS = 10 * 60_000;
const SEARCH_PLANS = 1000;

/** A page of public parcels with their key figures. */
export async function parcelPage(
  db: AnyDb,
  dialect: DialectName,
  input: ParcelPageInput,
  extra?: Expression<SqlBool>,
): Promise<PageResult<Row>> {
  const reference = await referenceData(db);
  const plan = async (): Promise<PagedPlan> => {
    const scope = and([await parcelCondition(db, dialect, input), extra])!;
    const ranged = [input.areaMin, input.areaMax, input.priceMin, input.priceMax].some((v) => v !== undefined);
    // SQLite only: PostgreSQL weighs a filter against the sort from its histograms by itself.
    const wideScope = dialect === 'sqlite' && (ranged || input.orderBy) ? and([await parcelCondition(db, dialect, input, { rangesFilterOnly: true }), extra]) : undefined;
    // Published parcels always have publishedAt: a cursor then reads one index range.
    const spec = { table: 't_landinfo', select: [...PARCEL_SUMMARY_COLUMNS], columns: PARCEL_QUERY_COLUMNS, scope, wideScope, defaultOrder: orderOf(input), notNull: ['publishedAt'] };
    return planPagedQuery(db, dialect, spec, input);
  };
  // Kept only for the plain search (no extra condition, not in a transaction, no cursor).
  const keep = !extra && !db.isTransaction && !input.cursor;
  let plans = keep ? searchPlans.get(reference) : undefined;
  if (keep && !plans) searchPlans.set(reference, (plans = new TtlCache<PagedPlan>(SEARCH_PLAN_MS, SEARCH_PLANS)));
  const key = plans ? JSON.stringify(input) : '';
  let compiled = plans?.get(key);
  if (!compiled) {
    compiled = await plan();
    plans?.set(key, compiled);
  }
  const page = await runPagedPlan<Row>(db, compiled);
  return { ...page, list: page.list.map((r) => presentSummary(r, reference.names)) };
}

/** Every public parcel matching the filter (bounded), with key figures. */
export async function parcelList(db: AnyDb, dialect: DialectName, filter: ParcelFilter, extra?: Expression<SqlBool>): Promise<Row[]> {
  const page = await parcelPage(db, dialect, { ...filter, pageNo: 0, pageSize: 0, params: [] }, extra);
  return page.list;
}

/** The map layer: every public parcel with its outline, simplified for far zoom levels. */
export async function parcelMapLayer(
  db: AnyDb,
  dialect: DialectName,
  filter: ParcelFilter,
  simplifyTo: { zoom?: number; toleranceMetres?: number },
): Promise<Row[]> {
  const scope = await parcelCondition(db, dialect, filter);
  const [rows, names] = await Promise.all([
    db.selectFrom('t_landinfo').select([...PARCEL_MAP_COLUMNS]).where(scope).orderBy('t_landinfo.id').limit(UNPAGED_LIMIT).execute() as Promise<Row[]>,
    loadNames(db),
  ]);
  const lat = rows.find((r) => typeof r.centerLat === 'number')?.centerLat as number | undefined;
  const tolerance =
    simplifyTo.toleranceMetres ?? (simplifyTo.zoom !== undefined && lat !== undefined ? metresPerPixel(simplifyTo.zoom, lat) : 0);
  return rows.map((r) => presentMapParcel(r, names, tolerance));
}

/** One public parcel's stored row (all detail columns), or A0404. */
export async function requirePublicParcelRow(db: AnyDb, id: string): Promise<Row> {
  const row = await publicParcels(db).select([...PARCEL_DETAIL_COLUMNS]).where('t_landinfo.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('地块不存在或未发布');
  return row as Row;
}

export async function publicParcelDetail(db: AnyDb, id: string): Promise<Row> {
  const [row, names] = await Promise.all([requirePublicParcelRow(db, id), loadNames(db)]);
  return presentDetail(row, names);
}

/** Public parcels by id, in the order asked; ids that are not public are left out. */
export async function publicParcelsByIds(db: AnyDb, ids: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const [rows, names] = await Promise.all([
    publicParcels(db).select([...PARCEL_DETAIL_COLUMNS]).where('t_landinfo.id', 'in', ids).execute(),
    loadNames(db),
  ]);
  const byId = new Map((rows as Row[]).map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [presentDetail(byId.get(id)!, names)] : []));
}

// ---------------------------------------------------------------------------------------
// Supporting records of a public parcel.
// ---------------------------------------------------------------------------------------

/** Public columns of the records that hang off a parcel (no remarks, no edit stamps). */
export const PARCEL_RECORD_COLUMNS: Record<string, readonly string[]> = {
  tDistance: publicColumns('tDistance', ['id', 'dkid', 'placeName', 'placeType', 'distanceKm', 'driveMinutes', 'lon', 'lat', 'displayorder']),
  tLandzbpt: publicColumns('tLandzbpt', ['id', 'dkid', 'facilityType', 'name', 'distanceM', 'address', 'lon', 'lat', 'displayorder']),
  tPipenetwork: publicColumns('tPipenetwork', [
    'id', 'dkid', 'name', 'type', 'diameter', 'material', 'capacity', 'pressureClass', 'buryDepth', 'accessDistance', 'ownerUnit', 'geometry',
  ]),
  tLandmatching: publicColumns('tLandmatching', [
    'id', 'dkid', 'water', 'waterNote', 'drainage', 'drainageNote', 'power', 'powerNote', 'road', 'roadNote',
    'gas', 'gasNote', 'telecom', 'telecomNote', 'heat', 'heatNote', 'levelled', 'levelledNote', 'readyCount',
  ]),
  tPhotoSphereMarker: publicColumns('tPhotoSphereMarker', ['id', 'dkid', 'markerId', 'title', 'content', 'yaw', 'pitch', 'image', 'icon', 'displayorder']),
  tDkzssc: publicColumns('tDkzssc', ['id', 'dkid', 'title', 'content', 'files']),
  tDkxq: publicColumns('tDkxq', ['id', 'dkid', 'priceType', 'price', 'unit', 'priceDate', 'source']),
  tYdzb: publicColumns('tYdzb', ['id', 'dkid', 'indicator', 'comparator', 'value', 'valueMax', 'unit', 'displayorder']),
  tDkys: publicColumns('tDkys', ['id', 'dkid', 'title', 'content', 'icon', 'displayorder']),
  tLandJyst: publicColumns('tLandJyst', [
    'id', 'dkid', 'parcelCode', 'announcementNo', 'transactionType', 'listingStart', 'listingEnd', 'startingPrice', 'deposit',
    'bidIncrement', 'dealPrice', 'dealDate', 'winner', 'transferYears', 'status',
  ]),
};

/** Appraisals stay confidential: price records of this kind never leave the back office. */
export const CONFIDENTIAL_PRICE_TYPES = ['appraised'];

const TABLES: Record<string, { table: string; order: [string, 'asc' | 'desc'][] }> = {
  tDistance: { table: 't_distance', order: [['displayorder', 'asc'], ['distanceKm', 'asc']] },
  tLandzbpt: { table: 't_landzbpt', order: [['distanceM', 'asc']] },
  tPipenetwork: { table: 't_pipenetwork', order: [['type', 'asc']] },
  tLandmatching: { table: 't_landmatching', order: [] },
  tPhotoSphereMarker: { table: 't_photosphere_marker', order: [['displayorder', 'asc']] },
  tDkzssc: { table: 't_dkzssc', order: [] },
  tDkxq: { table: 't_dkxq', order: [['priceDate', 'desc']] },
  tYdzb: { table: 't_ydzb', order: [['displayorder', 'asc']] },
  tDkys: { table: 't_dkys', order: [['displayorder', 'asc']] },
  tLandJyst: { table: 't_land_jyst', order: [['listingStart', 'desc']] },
};

/**
 * The records of one entity belonging to a public parcel (A0404 when the parcel is not
 * public), with the entity's public columns.
 */
export async function publicRecordsOfParcel(db: AnyDb, entity: keyof typeof TABLES & string, dkid: string): Promise<Row[]> {
  await requirePublicParcelRow(db, dkid);
  return recordsOfPublicParcels(db, entity, [dkid]);
}

/** Records of several parcels at once; only those of public parcels. */
export async function recordsOfPublicParcels(db: AnyDb, entity: string, dkids: string[]): Promise<Row[]> {
  const spec = TABLES[entity];
  if (dkids.length === 0) return [];
  const columns = PARCEL_RECORD_COLUMNS[entity];
  let q = db.selectFrom(spec.table).select([...columns]).where('dkid', 'in', dkids).where(ofPublicParcel(db));
  if (entity === 'tDkxq') q = q.where('priceType', 'not in', CONFIDENTIAL_PRICE_TYPES);
  for (const [column, direction] of spec.order) q = q.orderBy(sql`${sql.ref(column)} ${sql.raw(direction)} nulls last`);
  const rows = (await q.orderBy('id').execute()) as Row[];
  return rows.map((r) => presentPublic(entity, columns, r));
}
