/**
 * Public parcel answers that combine parcels with other records: transactions (挂牌 / 成交),
 * the supply plan, recommendations, comparison and district figures. Every parcel comes
 * through publicParcels / parcelCondition.
 */
import { sql, type SqlBool } from 'kysely';
import { m2ToMu, round } from '@land/shared/helpers';
import { TRADE_STATES, TRADE_STATE_LABELS } from '@land/shared/lifecycle';
import type { PageResult } from '@land/shared/api';
import type { DistrictFigures } from '@land/shared/statistics';
import type { DialectName } from '../db/database';
import type { AnyDb, Row } from '../entities/repository';
import { notFound } from '../lib/errors';
import { AREAS, CONTACTS, STREETS, transactionsSpec } from './publicContent';
import {
  CONFIDENTIAL_PRICE_TYPES,
  PARCEL_RECORD_COLUMNS,
  PARCEL_SUMMARY_COLUMNS,
  loadNames,
  ofPublicParcel,
  parcelListInput,
  parcelPage,
  presentSummary,
  publicParcelDetail,
  publicParcels,
  publicParcelScopeByDistrict,
  publicParcelsByIds,
  recordsOfPublicParcels,
  requirePublicParcelRow,
  type ParcelPageInput,
} from './publicParcels';
import { publicDataVersion } from './referenceCache';
import { listInput, presentPublic, publicList, publicRecord, unpagedInput, type ListInput, type PublicListSpec } from './publicQuery';

/** The latest transaction record of each parcel (by listing start, then entry). */
export async function latestTransactions(db: AnyDb, dkids: string[]): Promise<Map<string, Row>> {
  const rows = await recordsOfPublicParcels(db, 'tLandJyst', dkids);
  const out = new Map<string, Row>();
  // recordsOfPublicParcels orders by listingStart desc, so the first per parcel is the latest.
  for (const r of rows) if (!out.has(r.dkid as string)) out.set(r.dkid as string, r);
  return out;
}

/** A parcel page with each parcel's latest transaction record as `transaction` (null when none). */
export async function parcelPageWithTransactions(db: AnyDb, dialect: DialectName, input: ParcelPageInput): Promise<PageResult<Row>> {
  const page = await parcelPage(db, dialect, input);
  const latest = await latestTransactions(db, page.list.map((p) => p.id as string));
  return { ...page, list: page.list.map((p) => ({ ...p, transaction: latest.get(p.id as string) ?? null })) };
}

/** The full public detail of a parcel with its indicators, selling points and latest transaction. */
export async function parcelDetailWithRecords(db: AnyDb, id: string): Promise<Row> {
  const detail = await publicParcelDetail(db, id);
  const [indicators, advantages, latest] = await Promise.all([
    recordsOfPublicParcels(db, 'tYdzb', [id]),
    recordsOfPublicParcels(db, 'tDkys', [id]),
    latestTransactions(db, [id]),
  ]);
  return { ...detail, indicators, advantages, transaction: latest.get(id) ?? null };
}

/** 地块价格记录 (selectDkxqByPage): price records of public parcels; appraisals never. */
export const PRICE_RECORDS: PublicListSpec = { entity: 'tDkxq', list: PARCEL_RECORD_COLUMNS.tDkxq, keyword: [], filters: ['dkid', 'priceType'] };

export function priceRecordPage(db: AnyDb, dialect: DialectName, input: ListInput): Promise<PageResult<Row>> {
  return publicList(
    db,
    dialect,
    PRICE_RECORDS,
    { ...input, keyword: undefined },
    sql<SqlBool>`${ofPublicParcel(db)} and ${sql.ref('priceType')} not in (${sql.join(CONFIDENTIAL_PRICE_TYPES)})`,
  );
}

/**
 * What the detail pages ask the separate calls for: the first 50 price records, the first 20
 * transaction records (newest first), and with `nearby` the first parcels of the same district.
 */
export const PARCEL_PAGE_LIMITS = { prices: 50, transactions: 20, nearbyMax: 20 } as const;

/**
 * Everything a parcel's public detail page shows, in one answer (getLandInfoPageById), so that a
 * page opened by client-side navigation gets its data in one round, as the server render does.
 * Each part is what its own call answers (getLandInfoById, getLandInfoAndMatchingById's matching,
 * getDistanceByDkId, getLandZbptByDkId, selectPipeNetworkByDkId, getPhotoSphereMarkerListById,
 * getByDkid, selectDkxqByPage, selectLandJystByPage, getInvestmentLinkList of the parcel's
 * district and, when asked, selectLandInfoListPage of that district), built by the same services
 * with the same inputs. A0404 when the parcel is unknown or not published.
 */
export async function parcelPageData(db: AnyDb, dialect: DialectName, id: string, options: { nearby?: number } = {}): Promise<Row> {
  const landInfo = await parcelDetailWithRecords(db, id);
  const areacode = typeof landInfo.areacode === 'string' ? landInfo.areacode : '';
  const records = (entity: string) => recordsOfPublicParcels(db, entity, [id]);
  const nearby = Math.min(PARCEL_PAGE_LIMITS.nearbyMax, Math.max(0, Math.floor(options.nearby ?? 0)));
  const transactions = transactionsSpec(db);
  const [matching, distances, facilities, pipes, markers, manual, prices, trades, contacts, others] = await Promise.all([
    records('tLandmatching'),
    records('tDistance'),
    records('tLandzbpt'),
    records('tPipenetwork'),
    records('tPhotoSphereMarker'),
    records('tDkzssc'),
    priceRecordPage(db, dialect, listInput(PRICE_RECORDS).parse({ dkid: id, pageNo: 1, pageSize: PARCEL_PAGE_LIMITS.prices })),
    publicList(db, dialect, transactions, listInput(transactions).parse({ dkid: id, pageNo: 1, pageSize: PARCEL_PAGE_LIMITS.transactions })),
    areacode ? publicList(db, dialect, CONTACTS, unpagedInput({ areacode })) : null,
    nearby && areacode ? parcelPage(db, dialect, parcelListInput.parse({ pageNo: 1, pageSize: nearby, areacode })) : null,
  ]);
  return {
    landInfo,
    matching: matching[0] ?? null,
    distances,
    facilities,
    pipes,
    markers,
    manual: manual[0] ?? null,
    prices: prices.list,
    transactions: trades.list,
    contacts: contacts?.list ?? [],
    ...(nearby ? { nearby: others?.list ?? [] } : {}),
  };
}

/** Parcels side by side (plotContrastTable): detail, indicators, 七通一平 and latest transaction. */
export async function compareParcels(db: AnyDb, ids: string[]): Promise<Row[]> {
  const parcels = await publicParcelsByIds(db, [...new Set(ids)]);
  const found = parcels.map((p) => p.id as string);
  const [indicators, matching, latest] = await Promise.all([
    recordsOfPublicParcels(db, 'tYdzb', found),
    recordsOfPublicParcels(db, 'tLandmatching', found),
    latestTransactions(db, found),
  ]);
  return parcels.map((p) => ({
    ...p,
    indicators: indicators.filter((r) => r.dkid === p.id),
    matching: matching.find((r) => r.dkid === p.id) ?? null,
    transaction: latest.get(p.id as string) ?? null,
  }));
}

/**
 * Parcels a visitor may want to see: next to one parcel, those in the same district or of the
 * same land class (both first); for a signed-in visitor without a parcel, others in the
 * districts of their collections; otherwise the most viewed. Always public, never the parcel
 * itself or one already collected.
 */
export async function recommendParcels(db: AnyDb, options: { dkid?: string; visitorId?: string; limit: number }): Promise<Row[]> {
  let q = publicParcels(db).select([...PARCEL_SUMMARY_COLUMNS]);
  const rank: ReturnType<typeof sql>[] = [];
  if (options.dkid) {
    const base = await requirePublicParcelRow(db, options.dkid);
    q = q.where('t_landinfo.id', '<>', options.dkid);
    const sameArea = sql<SqlBool>`${sql.ref('t_landinfo.areacode')} = ${base.areacode ?? ''}`;
    const sameClass = sql<SqlBool>`${sql.ref('t_landinfo.dlcode')} = ${base.dlcode ?? ''}`;
    rank.push(sql`case when ${sameArea} and ${sameClass} then 0 when ${sameArea} then 1 when ${sameClass} then 2 else 3 end`);
  }
  if (options.visitorId) {
    const collected = db.selectFrom('t_collection').select('dkid').where('visitorId', '=', options.visitorId);
    q = q.where('t_landinfo.id', 'not in', collected);
    if (!options.dkid) {
      const areas = db
        .selectFrom('t_landinfo')
        .select('t_landinfo.areacode')
        .where('t_landinfo.id', 'in', db.selectFrom('t_collection').select('dkid').where('visitorId', '=', options.visitorId));
      rank.push(sql`case when ${sql.ref('t_landinfo.areacode')} in (${areas}) then 0 else 1 end`);
    }
  }
  // Parcels still on offer before those already dealt.
  rank.push(sql`case when ${sql.ref('t_landinfo.tradeState')} = 'deal' then 1 else 0 end`);
  for (const r of rank) q = q.orderBy(r);
  const rows = await q
    .orderBy(sql`${sql.ref('t_landinfo.visitcount')} desc nulls last`)
    .orderBy('t_landinfo.id', 'desc')
    .limit(options.limit)
    .execute();
  const names = await loadNames(db);
  return (rows as Row[]).map((r) => presentSummary(r, names));
}

/** A transaction record of a public parcel with the parcel's key figures (selectLandJyxtById). */
export async function transactionWithParcel(db: AnyDb, id: string): Promise<Row> {
  let transaction = await publicRecord(
    db,
    { entity: 'tLandJyst', scope: () => ofPublicParcel(db) },
    PARCEL_RECORD_COLUMNS.tLandJyst,
    id,
  );
  // The transaction system's pages link by parcel as well: an id of a parcel gives its latest record.
  if (!transaction) transaction = (await latestTransactions(db, [id])).get(id);
  if (!transaction) throw notFound('交易记录不存在或地块未发布');
  const [parcel] = await publicParcelsByIds(db, [transaction.dkid as string]);
  return { transaction, parcel: parcel ?? null };
}

/** The supply plan's parcels that are on offer: public parcels whose code is a plan parcel's code. */
export async function planParcelPage(db: AnyDb, dialect: DialectName, input: ParcelPageInput & { planYear?: number }): Promise<PageResult<Row>> {
  let plan = db.selectFrom('t_gyjsyd').select('parcelCode').where('parcelCode', 'is not', null);
  if (input.planYear) plan = plan.where('planYear', '=', input.planYear);
  const page = await parcelPage(db, dialect, input, sql<SqlBool>`${sql.ref('t_landinfo.dkbh')} in (${plan})`);
  const codes = page.list.map((p) => p.dkbh as string);
  const plans = codes.length
    ? ((await db
        .selectFrom('t_gyjsyd')
        .select(['parcelCode', 'planYear', 'planQuarter', 'gdfx', 'planSupplyDate'])
        .where('parcelCode', 'in', codes)
        .orderBy('planYear', 'desc')
        .execute()) as Row[])
    : [];
  return {
    ...page,
    list: page.list.map((p) => {
      const row = plans.find((r) => r.parcelCode === p.dkbh);
      return { ...p, plan: row ? presentPublic('tGyjsyd', ['planYear', 'planQuarter', 'gdfx', 'planSupplyDate'], row) : null };
    }),
  };
}

/**
 * Public parcel counts and areas of some districts (all when none given), per district. With
 * `ALL_PARCELS` as the only code: one entry under that key for every public parcel, district or
 * not — the zone's totals (home page), from the same query as each district's figures.
 */
export const ALL_PARCELS = '*';

export async function publicTotals(db: AnyDb): Promise<DistrictFigures> {
  return (await districtFigures(db, [ALL_PARCELS])).get(ALL_PARCELS)!;
}

/** Figures asked for (by district list), kept per database while the public data's version holds. */
const figuresCache = new WeakMap<AnyDb, { version: string; entries: Map<string, Promise<Map<string, DistrictFigures>>> }>();
/** Different district lists kept per version at most (the home page, the district list's pages, each district). */
const FIGURES_KEPT = 256;

/**
 * The public parcels' figures per district (or of all, with [ALL_PARCELS]). Counted by the
 * database from one index, and kept in memory until a parcel, district or class changes
 * (referenceCache's version check): at a million parcels the count takes a second or more, and
 * the home page and the district list show them on every view.
 */
export async function districtFigures(db: AnyDb, areacodes?: string[]): Promise<Map<string, DistrictFigures>> {
  const version = await publicDataVersion(db);
  if (version === null) return readDistrictFigures(db, areacodes);
  let cache = figuresCache.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, entries: new Map() };
    figuresCache.set(db, cache);
  }
  const { entries } = cache;
  const key = areacodes ? JSON.stringify(areacodes) : '*';
  let figures = entries.get(key);
  if (!figures) {
    if (entries.size >= FIGURES_KEPT) entries.clear();
    const read = readDistrictFigures(db, areacodes);
    figures = read;
    entries.set(key, read);
    read.catch(() => {
      if (entries.get(key) === read) entries.delete(key);
    });
  }
  return figures;
}

async function readDistrictFigures(db: AnyDb, areacodes?: string[]): Promise<Map<string, DistrictFigures>> {
  const whole = areacodes?.length === 1 && areacodes[0] === ALL_PARCELS;
  // Counted and summed by the database, one row per district, trade state and class: at a million
  // parcels, reading every parcel into the server took seconds (the home page, the district list).
  let q = db
    .selectFrom('t_landinfo')
    .where(publicParcelScopeByDistrict)
    .select([
      't_landinfo.tradeState',
      't_landinfo.dlcode',
      sql<number>`count(*)`.as('n'),
      sql<number | null>`sum(${sql.ref('t_landinfo.landArea')})`.as('area'),
    ])
    // By district in the whole zone's figures too: so the planner reads the figures index alone
    // (t_landinfo_figures_ix, led by the district) rather than the rows in state order.
    .select('t_landinfo.areacode')
    .groupBy(['t_landinfo.areacode', 't_landinfo.tradeState', 't_landinfo.dlcode']);
  if (areacodes && !whole) {
    if (areacodes.length === 0) return new Map();
    q = q.where('t_landinfo.areacode', 'in', areacodes);
  }
  const [rows, names] = await Promise.all([q.execute(), loadNames(db)]);
  const out = new Map<string, DistrictFigures>();
  const empty = (): DistrictFigures => ({
    count: 0,
    landArea: 0,
    landAreaMu: 0,
    byTradeState: TRADE_STATES.map((t) => ({ tradeState: t, label: TRADE_STATE_LABELS[t], count: 0, landArea: 0, landAreaMu: 0 })),
    byClass: [],
  });
  for (const code of areacodes ?? []) out.set(code, empty());
  for (const r of rows as Row[]) {
    const key = whole ? ALL_PARCELS : String(r.areacode);
    const figures = out.get(key) ?? empty();
    out.set(key, figures);
    const count = Number(r.n);
    const area = Number(r.area ?? 0);
    figures.count += count;
    figures.landArea += area;
    const trade = figures.byTradeState.find((t) => t.tradeState === r.tradeState);
    if (trade) {
      trade.count += count;
      trade.landArea += area;
    }
    const dlcode = (r.dlcode as string | null) ?? null;
    let cls = figures.byClass.find((c) => c.dlcode === dlcode);
    if (!cls) {
      cls = { dlcode, name: (dlcode && names.dl.get(dlcode)) || '未指定用途', count: 0, landArea: 0, landAreaMu: 0 };
      figures.byClass.push(cls);
    }
    cls.count += count;
    cls.landArea += area;
  }
  const finish = <T extends { landArea: number; landAreaMu: number }>(b: T) => {
    b.landAreaMu = round(m2ToMu(b.landArea), 2);
    b.landArea = round(b.landArea, 2);
  };
  for (const f of out.values()) {
    finish(f);
    f.byTradeState.forEach(finish);
    f.byClass.forEach(finish);
    f.byClass.sort((a, b) => b.landArea - a.landArea);
  }
  return out;
}

/** A district's public page (pqPositionDetail): the district, its parcel figures, streets and contacts. */
export async function districtMoreInfo(db: AnyDb, area: Row): Promise<Row> {
  const code = area.areacode as string;
  const [figures, streets, contacts] = await Promise.all([
    districtFigures(db, [code]),
    db.selectFrom('t_jd').select([...STREETS.list]).where('areacode', '=', code).orderBy('displayorder').orderBy('id').execute(),
    db
      .selectFrom('t_investment_linkman')
      .select([...CONTACTS.list])
      .where('areacode', '=', code)
      .where('status', '=', '1')
      .orderBy('displayorder')
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...area,
    statistics: figures.get(code),
    streets: (streets as Row[]).map((r) => presentPublic('tJd', STREETS.list, r)),
    contacts: (contacts as Row[]).map((r) => presentPublic('tInvestmentLinkman', CONTACTS.list, r)),
  };
}

/**
 * Everything a district's public page shows, in one answer (getTAreaPageByAreaname): the district
 * as getTAreaByAreaname answers it, and the first page of its parcels as selectLandInfoListPage
 * answers {areacode, pageNo 1, pageSize} (the list needs the district's code, which the page's
 * address does not have). A0404 for an unknown or disabled district.
 */
export async function districtPageData(db: AnyDb, dialect: DialectName, areaname: string, pageSize: number): Promise<Row> {
  const area = await requireDistrict(db, { areaname });
  const [info, parcels] = await Promise.all([
    districtMoreInfo(db, area),
    parcelPage(db, dialect, parcelListInput.parse({ pageNo: 1, pageSize, areacode: area.areacode })),
  ]);
  return { ...info, parcels };
}

/** An enabled district by code or by name, with the detail columns; A0404 otherwise. */
export async function requireDistrict(db: AnyDb, by: { areacode?: string; areaname?: string }): Promise<Row> {
  let q = db.selectFrom('t_area').select([...AREAS.detail]).where(AREAS.scope!()!);
  if (by.areacode) q = q.where('areacode', '=', by.areacode);
  else q = q.where('areaname', '=', by.areaname ?? '');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('片区不存在或已停用');
  return presentPublic('tArea', AREAS.detail, row as Row);
}
