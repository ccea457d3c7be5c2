/**
 * Figures of the statistics screen (统计分析) and of the public deal summary. Every figure is
 * one aggregate query (COUNT, SUM, CASE, GROUP BY) in the database; code only fills the gaps of
 * a time axis, joins the small aggregated results and converts units.
 *
 * Dates are ISO text on both databases: date fields ('yyyy-MM-dd', e.g. the deal date) are
 * grouped with substr(), so the same SQL runs on SQLite and PostgreSQL. Timestamps
 * (createdAt, answeredAt) are UTC; a period of China calendar days is turned into UTC bounds
 * before comparing, so a question asked at 23:59 on 31 March Beijing time stays in March.
 *
 * Definitions (one place, the screen and the Excel export use them):
 * - parcel figures (by state, trade state, district, class; the headline count and area):
 *   parcels entered (createdAt, Beijing time) within the period, in the district;
 * - available (可供) area of a district: its parcels that are published and not yet dealt;
 * - deals: land-transaction records with status 'dealt' whose deal date falls in the period,
 *   of parcels in the district; area is the parcel's land area, amount the deal price (万元);
 * - actual supply of a quarter: the deals of that quarter (a parcel counts as supplied when
 *   its deal is concluded); planned supply: supply-plan rows by plan year and quarter (the
 *   quarter of the planned supply date when no quarter is given);
 * - price trend: total deal price over total land area of the deals of a first-level land
 *   class in a quarter or year (area-weighted, 万元/亩 and 元/㎡);
 * - consulting: questions asked in the period, those answered (answeredAt set) and the mean
 *   time from question to answer; not per district (questions have none);
 * - collections: favourites added in the period (t_collection), of parcels in the district.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { PARCEL_STATES, PARCEL_STATE_LABELS, TRADE_STATES, TRADE_STATE_LABELS } from '@land/shared/lifecycle';
import { m2ToMu, round } from '@land/shared/helpers';
import type { AreaFigure, Granularity, StatisticsFilter } from '@land/shared/statistics';
import type { DialectName } from '../db/database';
import type { AnyDb } from '../entities/repository';
import { notInDisabledDistrict, PUBLIC_PARCEL_STATE } from './publicParcels';

/** Beijing time has no daylight saving: a calendar day starts at 16:00 UTC the day before. */
const CHINA_UTC_OFFSET = '+08:00';
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export type { AreaFigure, Granularity, StatisticsFilter };

// ---------------------------------------------------------------------------------------
// Dates and periods
// ---------------------------------------------------------------------------------------

/** The day after a yyyy-MM-dd date. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** UTC ISO instant at which a Beijing calendar day starts. */
export function chinaDayStartUtc(date: string): string {
  return new Date(`${date}T00:00:00${CHINA_UTC_OFFSET}`).toISOString();
}

/** Today's calendar year in Beijing. */
export function chinaYear(now: Date = new Date()): number {
  return new Date(now.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
}

/** Quarters are numbered year * 4 + (quarter - 1), so a range of them is a range of numbers. */
const quarterIndex = (year: number, quarter: number) => year * 4 + quarter - 1;
const quarterOfIndex = (i: number) => ({ year: Math.floor(i / 4), quarter: (i % 4) + 1 });
/** Quarters start in months 0, 3, 6, 9 (SPEC §9): month m (1-12) is in quarter ⌊(m-1)/3⌋+1. */
const indexOfDate = (date: string) => quarterIndex(Number(date.slice(0, 4)), Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1);

export const periodKey = (year: number, quarter?: number) => (quarter ? `${year}Q${quarter}` : String(year));

// ---------------------------------------------------------------------------------------
// SQL pieces. Numbers in grouping expressions are written into the SQL text (sql.lit), never
// bound: PostgreSQL matches a GROUP BY expression to the select list only when both are the
// same text, and two bound parameters are two different texts.
// ---------------------------------------------------------------------------------------

const ref = (column: string) => sql.ref(column);
const yearExpr = (column: string) => sql<string>`substr(${ref(column)}, 1, 4)`;
/** Quarter 1-4 of a yyyy-MM-dd text column; null when the column is empty. */
const quarterExpr = (column: string) => sql<number>`(cast(nullif(substr(${ref(column)}, 6, 2), '') as integer) + 2) / 3`;
const prefixExpr = (column: string, length: number) => sql<string>`substr(${ref(column)}, 1, ${sql.lit(length)})`;
const sumOf = (column: string) => sql<number>`sum(${ref(column)})`;
const countAll = sql<number>`count(*)`;
const sumWhen = (condition: Expression<SqlBool>, value: Expression<unknown> | number = 1) =>
  sql<number>`sum(case when ${condition} then ${typeof value === 'number' ? sql.lit(value) : value} else 0 end)`;

/** Hours between two ISO timestamp columns: the one expression that differs per dialect. */
function hoursBetween(dialect: DialectName, from: string, to: string) {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (cast(${ref(to)} as timestamptz) - cast(${ref(from)} as timestamptz))) / 3600`
    : sql<number>`(julianday(${ref(to)}) - julianday(${ref(from)})) * 24`;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const area = (count: unknown, m2: unknown): AreaFigure => {
  const landArea = num(m2);
  return { count: num(count), landArea: round(landArea, 2), landAreaMu: round(m2ToMu(landArea), 2) };
};

/** Parcels entered in the period (createdAt, Beijing days), in the district. */
function parcelScope(db: AnyDb, f: StatisticsFilter & { status?: string }) {
  let q = db.selectFrom('t_landinfo as p');
  if (f.startDate) q = q.where('p.createdAt', '>=', chinaDayStartUtc(f.startDate));
  if (f.endDate) q = q.where('p.createdAt', '<', chinaDayStartUtc(nextDay(f.endDate)));
  if (f.areacode) q = q.where('p.areacode', '=', f.areacode);
  if (f.status) q = q.where('p.status', '=', f.status);
  return q;
}

/** Concluded deals dated in the period, of parcels in the district (unlinked deals: no area). */
function dealScope(db: AnyDb, f: StatisticsFilter) {
  let q = db
    .selectFrom('t_land_jyst as j')
    .leftJoin('t_landinfo as p', 'p.id', 'j.dkid')
    .where('j.status', '=', 'dealt')
    .where('j.dealDate', 'is not', null)
    .where('j.dealDate', '<>', '');
  if (f.startDate) q = q.where('j.dealDate', '>=', f.startDate);
  // Exclusive upper bound: also right for a value that carries a time after the date.
  if (f.endDate) q = q.where('j.dealDate', '<', nextDay(f.endDate));
  if (f.areacode) q = q.where('p.areacode', '=', f.areacode);
  return q;
}

// ---------------------------------------------------------------------------------------
// Parcels: statisticsDk
// ---------------------------------------------------------------------------------------

export interface ParcelStatisticsFilter extends StatisticsFilter {
  status?: string;
  /** A land-class code: classes one level below it instead of the first level. */
  dlParent?: string;
}

interface KeyedRow {
  k: string | null;
  count: number | string;
  area: number | string | null;
}

/**
 * Parcel counts and land areas in total and by lifecycle state, trade state, district (with
 * the available area the map shades) and land class: the first level of the tree, or the
 * level below `dlParent`. Every state appears, with zeros.
 */
export async function parcelStatistics(db: AnyDb, f: ParcelStatisticsFilter) {
  const keyed = (key: RawBuilder<unknown>) =>
    parcelScope(db, f)
      .select([key.as('k'), countAll.as('count'), sumOf('p.landArea').as('area')])
      .groupBy(key);
  const classLength = f.dlParent ? f.dlParent.length + 2 : 2;
  const classKey = prefixExpr('p.dlcode', classLength);
  let classQuery = parcelScope(db, f)
    .leftJoin('t_dl as d', (join) => join.on(sql<SqlBool>`${ref('d.code')} = ${classKey}`))
    .select([classKey.as('k'), sql<string>`${ref('d.name')}`.as('name'), countAll.as('count'), sumOf('p.landArea').as('area')])
    .groupBy([classKey, 'd.name'])
    .orderBy('area', 'desc');
  if (f.dlParent) classQuery = classQuery.where(prefixExpr('p.dlcode', f.dlParent.length), '=', f.dlParent);
  const available = sql<SqlBool>`${ref('p.status')} = ${'published'} and ${ref('p.tradeState')} <> ${'deal'}`;

  const [byStatus, byTrade, byDistrict, byClass, parent] = await Promise.all([
    keyed(ref('p.status')).execute() as Promise<KeyedRow[]>,
    keyed(ref('p.tradeState')).execute() as Promise<KeyedRow[]>,
    parcelScope(db, f)
      .leftJoin('t_area as a', 'a.areacode', 'p.areacode')
      .select([
        'p.areacode as k',
        'a.areaname as areaname',
        'a.displayorder as displayorder',
        countAll.as('count'),
        sumOf('p.landArea').as('area'),
        sumWhen(available).as('availableCount'),
        sumWhen(available, ref('p.landArea')).as('availableArea'),
      ])
      .groupBy(['p.areacode', 'a.areaname', 'a.displayorder'])
      .orderBy('a.displayorder', 'asc')
      .orderBy('p.areacode', 'asc')
      .execute(),
    classQuery.execute(),
    f.dlParent ? db.selectFrom('t_dl').select(['code', 'name']).where('code', '=', f.dlParent).executeTakeFirst() : undefined,
  ]);
  const find = (rows: KeyedRow[], k: string) => rows.find((r) => r.k === k);
  const total = byStatus.reduce((acc, r) => ({ count: acc.count + num(r.count), area: acc.area + num(r.area) }), { count: 0, area: 0 });
  const parentName = parent ? String(parent.name) : f.dlParent;
  return {
    total: area(total.count, total.area),
    byStatus: PARCEL_STATES.map((status) => {
      const r = find(byStatus, status);
      return { status, label: PARCEL_STATE_LABELS[status], ...area(r?.count, r?.area) };
    }),
    byTradeState: TRADE_STATES.map((tradeState) => {
      const r = find(byTrade, tradeState);
      return { tradeState, label: TRADE_STATE_LABELS[tradeState], ...area(r?.count, r?.area) };
    }),
    byDistrict: byDistrict.map((r) => {
      const available = area(r.availableCount, r.availableArea);
      return {
        areacode: (r.k as string | null) ?? null,
        areaname: (r.areaname as string | null) ?? (r.k ? String(r.k) : '未指定片区'),
        ...area(r.count, r.area),
        availableCount: available.count,
        availableArea: available.landArea,
        availableAreaMu: available.landAreaMu,
      };
    }),
    classParent: f.dlParent ? { dlcode: f.dlParent, name: parentName ?? f.dlParent } : null,
    byClass: byClass.map((r) => {
      const k = (r.k as string | null) ?? null;
      // Parcels classed at the parent itself, not at one of its children.
      const name = k !== null && k === f.dlParent ? `${parentName}（未细分）` : ((r.name as string | null) ?? k ?? '未指定用途');
      return { dlcode: k, name, ...area(r.count, r.area) };
    }),
  };
}

// ---------------------------------------------------------------------------------------
// Deals, supply, prices
// ---------------------------------------------------------------------------------------

export interface DealFigure extends AreaFigure {
  /** Total deal price, 万元. */
  amount: number;
}

interface PeriodRow {
  y: string;
  q?: number | string | null;
  count: number | string;
  area: number | string | null;
  amount: number | string | null;
}

/** Deals grouped by the year (and quarter) of their deal date. */
async function dealsGrouped(db: AnyDb, f: StatisticsFilter, byQuarter: boolean): Promise<PeriodRow[]> {
  const year = yearExpr('j.dealDate');
  const quarter = quarterExpr('j.dealDate');
  const base = dealScope(db, f).select([
    year.as('y'),
    countAll.as('count'),
    sql<number>`sum(coalesce(${ref('p.landArea')}, 0))`.as('area'),
    sumOf('j.dealPrice').as('amount'),
  ]);
  const q = byQuarter ? base.select(quarter.as('q')).groupBy([year, quarter]) : base.groupBy(year);
  return (await q.execute()) as PeriodRow[];
}

const dealFigure = (r: PeriodRow | undefined): DealFigure => ({ ...area(r?.count, r?.area), amount: round(num(r?.amount), 2) });

/** The quarters from the period's first to its last, or spanning the data when no period is given. */
function quarterAxis(f: StatisticsFilter, present: number[]): number[] {
  const from = f.startDate ? indexOfDate(f.startDate) : present.length ? Math.min(...present) : undefined;
  const to = f.endDate ? indexOfDate(f.endDate) : present.length ? Math.max(...present) : undefined;
  if (from === undefined || to === undefined || to < from) return [];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function yearAxis(f: StatisticsFilter, present: number[]): number[] {
  const from = f.startDate ? Number(f.startDate.slice(0, 4)) : present.length ? Math.min(...present) : undefined;
  const to = f.endDate ? Number(f.endDate.slice(0, 4)) : present.length ? Math.max(...present) : undefined;
  if (from === undefined || to === undefined || to < from) return [];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Deals per quarter of the period: count, area and amount (万元); quarters without deals are zero. */
export async function dealsByQuarter(db: AnyDb, f: StatisticsFilter) {
  const rows = await dealsGrouped(db, f, true);
  const byIndex = new Map(rows.map((r) => [quarterIndex(Number(r.y), num(r.q)), r]));
  const quarters = quarterAxis(f, [...byIndex.keys()]).map((i) => {
    const { year, quarter } = quarterOfIndex(i);
    return { period: periodKey(year, quarter), year, quarter, ...dealFigure(byIndex.get(i)) };
  });
  const total = quarters.reduce(
    (acc, q) => ({ count: acc.count + q.count, landArea: acc.landArea + q.landArea, amount: acc.amount + q.amount }),
    { count: 0, landArea: 0, amount: 0 },
  );
  return { quarters, total: { ...area(total.count, total.landArea), amount: round(total.amount, 2) } };
}

/**
 * Planned supply (supply-plan rows by plan year and quarter) against actual supply (deals of
 * the quarter), per quarter of the period, in the district. Plan rows with neither a quarter
 * nor a planned date are reported per year as `unscheduled`.
 */
export async function supplyByQuarter(db: AnyDb, f: StatisticsFilter) {
  const quarter = sql<number | null>`coalesce(${ref('g.planQuarter')}, ${quarterExpr('g.planSupplyDate')})`;
  let planned = db
    .selectFrom('t_gyjsyd as g')
    .select([ref('g.planYear').as('y'), quarter.as('q'), countAll.as('count'), sumOf('g.planArea').as('area')])
    .groupBy(['g.planYear', quarter]);
  if (f.areacode) planned = planned.where('g.areacode', '=', f.areacode);
  if (f.startDate) {
    const from = indexOfDate(f.startDate);
    planned = planned.where('g.planYear', '>=', Math.floor(from / 4));
    planned = planned.where((eb) => eb.or([eb(quarter, 'is', null), eb(sql`${ref('g.planYear')} * 4 + ${quarter} - 1`, '>=', from)]));
  }
  if (f.endDate) {
    const to = indexOfDate(f.endDate);
    planned = planned.where('g.planYear', '<=', Math.floor(to / 4));
    planned = planned.where((eb) => eb.or([eb(quarter, 'is', null), eb(sql`${ref('g.planYear')} * 4 + ${quarter} - 1`, '<=', to)]));
  }
  const [planRows, dealRows] = await Promise.all([planned.execute() as Promise<PeriodRow[]>, dealsGrouped(db, f, true)]);
  const plannedByIndex = new Map<number, PeriodRow>();
  const unscheduled: ({ year: number } & AreaFigure)[] = [];
  for (const r of planRows) {
    if (r.q === null || r.q === undefined) unscheduled.push({ year: Number(r.y), ...area(r.count, r.area) });
    else plannedByIndex.set(quarterIndex(Number(r.y), num(r.q)), r);
  }
  const actualByIndex = new Map(dealRows.map((r) => [quarterIndex(Number(r.y), num(r.q)), r]));
  const quarters = quarterAxis(f, [...plannedByIndex.keys(), ...actualByIndex.keys()]).map((i) => {
    const { year, quarter: q } = quarterOfIndex(i);
    const plan = area(plannedByIndex.get(i)?.count, plannedByIndex.get(i)?.area);
    const actual = area(actualByIndex.get(i)?.count, actualByIndex.get(i)?.area);
    return {
      period: periodKey(year, q),
      year,
      quarter: q,
      plannedCount: plan.count,
      plannedArea: plan.landArea,
      plannedAreaMu: plan.landAreaMu,
      actualCount: actual.count,
      actualArea: actual.landArea,
      actualAreaMu: actual.landAreaMu,
      /** Actual over planned area, %; null without a plan for the quarter. */
      completionRate: plan.landArea > 0 ? round((actual.landArea / plan.landArea) * 100, 1) : null,
    };
  });
  return { quarters, unscheduled: unscheduled.sort((a, b) => a.year - b.year) };
}


/**
 * Average deal price per first-level land class and quarter (or year): total deal price over
 * total land area of the deals with both, in 万元/亩 and 元/㎡.
 */
export async function priceTrend(db: AnyDb, f: StatisticsFilter, granularity: Granularity) {
  const year = yearExpr('j.dealDate');
  const quarter = quarterExpr('j.dealDate');
  const cls = prefixExpr('p.dlcode', 2);
  let q = dealScope(db, f)
    .leftJoin('t_dl as d', (join) => join.on(sql<SqlBool>`${ref('d.code')} = ${cls}`))
    .where('p.landArea', '>', 0)
    .where('j.dealPrice', 'is not', null)
    .select([
      year.as('y'),
      cls.as('k'),
      sql<string>`${ref('d.name')}`.as('name'),
      countAll.as('count'),
      sumOf('p.landArea').as('area'),
      sumOf('j.dealPrice').as('amount'),
      // 万元 per m² × 2000/3 m² per 亩; the area sum is positive (landArea > 0 above).
      sql<number>`sum(${ref('j.dealPrice')}) * 2000.0 / (3.0 * sum(${ref('p.landArea')}))`.as('perMu'),
    ]);
  q = granularity === 'quarter' ? q.select(quarter.as('q')).groupBy([year, quarter, cls, 'd.name']) : q.groupBy([year, cls, 'd.name']);
  const rows = (await q.execute()) as (PeriodRow & { k: string | null; name: string | null; perMu: number | string })[];
  const indexOf = (r: PeriodRow) => (granularity === 'quarter' ? quarterIndex(Number(r.y), num(r.q)) : Number(r.y));
  const axis = granularity === 'quarter' ? quarterAxis(f, rows.map(indexOf)) : yearAxis(f, rows.map(indexOf));
  const keyOf = (i: number) => (granularity === 'quarter' ? periodKey(quarterOfIndex(i).year, quarterOfIndex(i).quarter) : periodKey(i));
  const classes = new Map<string, { dlcode: string | null; name: string; amount: number; points: Map<number, number> }>();
  const table = rows
    .map((r) => {
      const perMu = round(num(r.perMu), 2);
      const key = r.k ?? '';
      const entry = classes.get(key) ?? { dlcode: r.k, name: r.name ?? r.k ?? '未指定用途', amount: 0, points: new Map<number, number>() };
      entry.amount += num(r.amount);
      entry.points.set(indexOf(r), perMu);
      classes.set(key, entry);
      return {
        period: keyOf(indexOf(r)),
        index: indexOf(r),
        dlcode: r.k,
        name: entry.name,
        ...dealFigure(r),
        pricePerMu: perMu,
        // 万元/亩 → 元/㎡: ×10000 元 per 万元, ÷666.67 m² per 亩.
        pricePerM2: round((num(r.perMu) * 10000 * 3) / 2000, 0),
      };
    })
    .sort((a, b) => a.index - b.index || String(a.dlcode).localeCompare(String(b.dlcode)))
    .map(({ index: _index, ...row }) => row);
  return {
    granularity,
    periods: axis.map(keyOf),
    // Classes with the most money first: the legend reads in order of weight.
    series: [...classes.values()]
      .sort((a, b) => b.amount - a.amount)
      .map((c) => ({ dlcode: c.dlcode, name: c.name, pricePerMu: axis.map((i) => c.points.get(i) ?? null) })),
    rows: table,
  };
}

// ---------------------------------------------------------------------------------------
// Visits, consulting, collections, headline
// ---------------------------------------------------------------------------------------

/**
 * The ten most visited published parcels of the district (visit counts are cumulative, so the
 * period does not apply); parcels nobody has looked at are left out.
 */
export async function topVisited(db: AnyDb, f: StatisticsFilter, limit = 10) {
  let q = db
    .selectFrom('t_landinfo as p')
    .leftJoin('t_area as a', 'a.areacode', 'p.areacode')
    .select(['p.id', 'p.dkbh', 'p.dkmc', 'p.areacode', 'a.areaname', 'p.landArea', 'p.tradeState', 'p.visitcount'])
    .where('p.status', '=', 'published')
    .where('p.visitcount', '>', 0)
    // "nulls last" like the public lists: then both read one index in order (migration 007).
    .orderBy('p.visitcount', (ob) => ob.desc().nullsLast())
    .orderBy('p.dkbh', 'asc')
    .limit(limit);
  if (f.areacode) q = q.where('p.areacode', '=', f.areacode);
  const rows = await q.execute();
  return rows.map((r, i) => ({
    rank: i + 1,
    id: r.id as string,
    dkbh: r.dkbh as string,
    dkmc: r.dkmc as string,
    areacode: r.areacode as string | null,
    areaname: (r.areaname as string | null) ?? null,
    landArea: round(num(r.landArea), 2),
    landAreaMu: round(m2ToMu(num(r.landArea)), 2),
    tradeState: r.tradeState as string,
    visitcount: num(r.visitcount),
  }));
}

/** Questions asked in the period, how many were answered and how fast (hours, mean). */
export async function consultingStatistics(db: AnyDb, dialect: DialectName, f: StatisticsFilter) {
  const answered = sql<SqlBool>`${ref('c.answeredAt')} is not null and ${ref('c.answeredAt')} <> ''`;
  let q = db
    .selectFrom('t_problem as c')
    .select([
      countAll.as('asked'),
      sumWhen(answered).as('answered'),
      sumWhen(sql<SqlBool>`${ref('c.status')} = ${'0'}`).as('waiting'),
      sql<number>`avg(case when ${answered} then ${hoursBetween(dialect, 'c.createdAt', 'c.answeredAt')} end)`.as('avgHours'),
    ]);
  if (f.startDate) q = q.where('c.createdAt', '>=', chinaDayStartUtc(f.startDate));
  if (f.endDate) q = q.where('c.createdAt', '<', chinaDayStartUtc(nextDay(f.endDate)));
  const r = await q.executeTakeFirstOrThrow();
  const asked = num(r.asked);
  const answeredCount = num(r.answered);
  return {
    asked,
    answered: answeredCount,
    waiting: num(r.waiting),
    /** Answered over asked, %; null when nothing was asked. */
    replyRate: asked > 0 ? round((answeredCount / asked) * 100, 1) : null,
    avgAnswerHours: r.avgHours === null || r.avgHours === undefined ? null : round(num(r.avgHours), 2),
  };
}

/** Favourites (t_collection, the public site's table) added in the period, of parcels in the district. */
export async function collectionStatistics(db: AnyDb, f: StatisticsFilter): Promise<{ available: boolean; count: number }> {
  let q = db.selectFrom('t_collection as c').select(countAll.as('count'));
  if (f.startDate) q = q.where('c.createdAt', '>=', chinaDayStartUtc(f.startDate));
  if (f.endDate) q = q.where('c.createdAt', '<', chinaDayStartUtc(nextDay(f.endDate)));
  if (f.areacode) q = q.innerJoin('t_landinfo as p', 'p.id', 'c.dkid').where('p.areacode', '=', f.areacode);
  const r = await q.executeTakeFirstOrThrow();
  return { available: true, count: num(r.count) };
}

/** The headline figures of the screen. */
export async function overview(db: AnyDb, dialect: DialectName, f: StatisticsFilter) {
  const status = (s: string) => sql<SqlBool>`${ref('p.status')} = ${s}`;
  const trade = (s: string) => sql<SqlBool>`${ref('p.tradeState')} = ${s}`;
  const [parcels, deals, consulting, collections] = await Promise.all([
    parcelScope(db, f)
      .select([
        countAll.as('count'),
        sumOf('p.landArea').as('area'),
        sumWhen(status('published')).as('published'),
        sumWhen(status('published'), ref('p.landArea')).as('publishedArea'),
        sumWhen(sql<SqlBool>`${status('published')} and ${notInDisabledDistrict(ref('p.id'))}`).as('public'),
        sumWhen(trade('listed')).as('listed'),
        sumWhen(trade('deal')).as('dealt'),
      ])
      .executeTakeFirstOrThrow(),
    dealScope(db, f)
      .select([countAll.as('count'), sql<number>`sum(coalesce(${ref('p.landArea')}, 0))`.as('area'), sumOf('j.dealPrice').as('amount')])
      .executeTakeFirstOrThrow(),
    consultingStatistics(db, dialect, f),
    collectionStatistics(db, f),
  ]);
  const published = area(parcels.published, parcels.publishedArea);
  return {
    parcels: {
      ...area(parcels.count, parcels.area),
      published: published.count,
      publishedArea: published.landArea,
      publishedAreaMu: published.landAreaMu,
      /** Shown to the public: published and not in a disabled district (the public totals). */
      public: num(parcels.public),
      listed: num(parcels.listed),
      dealt: num(parcels.dealt),
    },
    deals: { ...area(deals.count, deals.area), amount: round(num(deals.amount), 2) },
    consulting,
    collections,
  };
}

// ---------------------------------------------------------------------------------------
// Public: deals of the last five years
// ---------------------------------------------------------------------------------------

/**
 * Deals of public parcels (published, not in a disabled district) per calendar year, for the five
 * years up to and including the current one (Beijing time), oldest first; years without deals are zero.
 */
export async function recentFiveYearsDeals(db: AnyDb, now: Date = new Date()) {
  const last = chinaYear(now);
  const first = last - 4;
  const year = yearExpr('j.dealDate');
  const rows = (await db
    .selectFrom('t_land_jyst as j')
    .innerJoin('t_landinfo as p', 'p.id', 'j.dkid')
    .select([year.as('y'), countAll.as('count'), sql<number>`sum(coalesce(${ref('p.landArea')}, 0))`.as('area'), sumOf('j.dealPrice').as('amount')])
    .where('j.status', '=', 'dealt')
    // The public's parcels only (issue 15: one truth): not those of a disabled district either.
    .where('p.status', '=', PUBLIC_PARCEL_STATE)
    .where(notInDisabledDistrict(ref('p.id')))
    .where('j.dealDate', '>=', `${first}-01-01`)
    .where('j.dealDate', '<', `${last + 1}-01-01`)
    .groupBy(year)
    .execute()) as PeriodRow[];
  const byYear = new Map(rows.map((r) => [Number(r.y), r]));
  return Array.from({ length: 5 }, (_, i) => ({ year: first + i, ...dealFigure(byYear.get(first + i)) }));
}
