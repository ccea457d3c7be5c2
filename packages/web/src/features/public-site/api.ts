/**
 * The public content calls (SPEC §7 Public API): notices, events, regulations, key projects,
 * leasing, the second-hand market, consulting, districts, transactions and global search. Each
 * row arrives with the Chinese label of its coded fields beside it (type → typeLabel).
 */
import { queryOptions } from '@tanstack/react-query';
import type { PageResult } from '@land/shared/api';
import type { DistrictFigures } from '@land/shared/statistics';
import { isNotFound } from '../../lib/request';
import { listOf, openPost, pageOf, type District, type Parcel, type PublicRecord } from '../public-map/api';

export type Row = PublicRecord;

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  [filter: string]: string | number | undefined | null;
}

const clean = (q: ListQuery): ListQuery => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as ListQuery;

/** A paged public list call. */
export const pageQuery = <T extends Row = Row>(path: string, query: ListQuery) =>
  queryOptions({
    queryKey: ['public', 'page', path, clean(query)] as const,
    queryFn: async ({ signal }): Promise<PageResult<T>> => pageOf<T>(await openPost<unknown>(path, clean(query), signal), query),
  });

/** A record by id; not found is null (the page says so), not an error toast. */
export const recordQuery = <T extends Row = Row>(path: string, id: string) =>
  queryOptions({
    queryKey: ['public', 'record', path, id] as const,
    queryFn: async ({ signal }): Promise<T | null> => {
      try {
        return await openPost<T>(path, { id }, signal);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    retry: false,
  });

export const PATHS = {
  notices: 'selectByPage',
  latestNotices: 'getTzggList',
  notice: 'getTzggById',
  events: 'selectZshdByPage',
  event: 'getZshdById',
  regulations: 'getRegulationsList',
  regulation: 'getRegulationsById',
  popularNews: 'selectRmzxByPage',
  keyProjects: 'selectKeyprojectsByPage',
  leasable: 'selectKczyByPage',
  secondMarket: 'selectSecondMarketByPage',
  secondMarketItem: 'selectSecondMarketById',
  publicProblems: 'getProblemList',
  transactions: 'selectLandJystByPage',
  tradedParcels: 'selectLandInfosJyxt',
  listedParcels: 'selectLandInfoByMoreGG',
  supplyPlan: 'getGyjsydByPage',
  districtsWithFigures: 'getTAreaByPageList',
  totals: 'selectLandInfoTotals',
} as const;

export const latestNoticesQuery = (limit: number, type?: string) =>
  queryOptions({
    queryKey: ['public', 'latestNotices', limit, type ?? ''] as const,
    queryFn: async ({ signal }) => listOf<Row>(await openPost<unknown>(PATHS.latestNotices, { limit, type }, signal)),
  });

// ------------------------------------------------------------------ districts

export interface DistrictInfo extends District {
  statistics?: DistrictFigures;
  streets?: Row[];
  contacts?: Row[];
  typeLabel?: string | null;
}

/** The zone's public totals: the same parcels as the map search and the district figures. */
export const publicTotalsQuery = queryOptions({
  queryKey: ['public', 'totals'] as const,
  queryFn: ({ signal }) => openPost<DistrictFigures>(PATHS.totals, {}, signal),
  staleTime: 5 * 60_000,
});

export const districtsWithFiguresQuery = queryOptions({
  queryKey: ['public', 'districtsWithFigures'] as const,
  queryFn: async ({ signal }) => listOf<DistrictInfo>(await openPost<unknown>(PATHS.districtsWithFigures, { pageNo: 0, pageSize: 0 }, signal)),
  staleTime: 5 * 60_000,
});

/** getTAreaPageByAreaname: the district (as getTAreaByAreaname) and the first page of its parcels. */
export interface DistrictPage extends DistrictInfo {
  parcels: PageResult<Parcel>;
}

/**
 * A district's page (pqPositionDetail/{name}) in one call, its first `pageSize` parcels included:
 * the parcel list needs the district's code, which the address does not have.
 */
export const districtPageQuery = (areaname: string, pageSize: number) =>
  queryOptions({
    queryKey: ['public', 'districtPage', areaname, pageSize] as const,
    queryFn: async ({ signal }): Promise<DistrictPage | null> => {
      try {
        const page = await openPost<DistrictPage>('getTAreaPageByAreaname', { areaname, pageSize }, signal);
        return { ...page, parcels: pageOf<Parcel>(page.parcels, { pageNo: 1, pageSize }) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    retry: false,
  });

// ------------------------------------------------------------------ consulting

export interface AskRequest {
  title: string;
  content: string;
  category?: string;
  askerName?: string;
  askerPhone?: string;
  sqdw?: string;
  isPublic?: number;
}

// ------------------------------------------------------------------ deals of recent years

export interface YearDeals {
  year: number;
  count: number;
  landArea?: number;
  landAreaMu?: number;
  dealPrice?: number;
  [key: string]: unknown;
}

/** getRecentFiveYearsCjDK: deals per year of the last five years (rows, or {years:[…]}). */
export const recentDealsQuery = queryOptions({
  queryKey: ['public', 'recentDeals'] as const,
  queryFn: async ({ signal }) => {
    const data = await openPost<unknown>('getRecentFiveYearsCjDK', {}, signal);
    const d = data as { years?: unknown } | null;
    return listOf<YearDeals>(d && !Array.isArray(d) && Array.isArray(d.years) ? d.years : data);
  },
  staleTime: 5 * 60_000,
});

// ------------------------------------------------------------------ global search

export type SearchKind = 'parcel' | 'notice' | 'event' | 'regulation' | 'district' | 'keyProject' | 'article';

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  count: number;
  list: Row[];
}

export interface SearchAnswer {
  keyword: string;
  total: number;
  groups: SearchGroup[];
}

/** /search: counts and the first hits of every kind, or one kind page by page. */
export const searchQuery = (keyword: string, kind?: SearchKind, pageNo = 1, limit = 5) =>
  queryOptions({
    queryKey: ['public', 'search', keyword, kind ?? '', pageNo, limit] as const,
    queryFn: ({ signal }) => openPost<SearchAnswer>('search', { keyword, kinds: kind, pageNo, limit }, signal),
    enabled: keyword.trim() !== '',
  });

export type { Parcel };
