/**
 * The public data every public page builds on: site settings, districts, the land-class tree,
 * the facility dictionary and parcels (SPEC §7 Public API). Visitors need no login for these.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PageResult, PagedQuery } from '@land/shared/api';
import type { BaseMapCollection, BaseMapFeature, BaseMapKind } from '@land/shared/baseMap';
import { ALL_DISTRICTS_LABEL } from '@land/shared/constants';
import type { PublicSettings } from '@land/shared/settings';
import { keepQuiet, post, postJson } from '../../lib/request';

export type PublicRecord = { id: string } & Record<string, unknown>;

export interface Parcel extends PublicRecord {
  dkbh?: string;
  dkmc?: string;
  areacode?: string;
  areaname?: string;
  dlcode?: string;
  dlname?: string;
  landArea?: number | null;
  landAreaMu?: number | null;
  startingPrice?: number | null;
  tradeState?: string;
  status?: string;
  location?: string;
  geometry?: unknown;
  /** [lon, lat] of the parcel's centre. */
  centre?: [number, number] | null;
  bbox?: [number, number, number, number] | null;
  tradeStateLabel?: string | null;
  publishedAt?: string;
  visitcount?: number;
  /** First photo's address (lists and cards). */
  photo?: string | null;
}

/** A list answer in any of the shapes public calls use: an array, {list}, {records}. */
export function listOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const d = data as { list?: unknown; records?: unknown; rows?: unknown };
    if (Array.isArray(d.list)) return d.list as T[];
    if (Array.isArray(d.records)) return d.records as T[];
    if (Array.isArray(d.rows)) return d.rows as T[];
  }
  return [];
}

export function pageOf<T>(data: unknown, query: Pick<PagedQuery, 'pageNo' | 'pageSize'>): PageResult<T> {
  const list = listOf<T>(data);
  const total = data && typeof data === 'object' && !Array.isArray(data) ? Number((data as { total?: unknown }).total) : NaN;
  return { list, total: Number.isFinite(total) ? total : list.length, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** POST form to an /openApi call and return `data`. */
export async function openPost<T>(path: string, data?: object, signal?: AbortSignal): Promise<T> {
  return (await post<T>(`/openApi/${path}`, data, { signal })).data;
}

/** POST JSON (paged queries with condition lists). */
export async function openPostJson<T>(path: string, data?: unknown, signal?: AbortSignal): Promise<T> {
  return (await postJson<T>(`/openApi/${path}`, data, { signal })).data;
}

export const publicKeys = {
  settings: ['public', 'settings'] as const,
  districts: ['public', 'districts'] as const,
  landClasses: ['public', 'landClasses'] as const,
  facilities: ['public', 'facilities'] as const,
  mapParcels: ['public', 'mapParcels'] as const,
};

// ------------------------------------------------------------------ settings

export type SiteSettings = PublicSettings;

export const settingsQuery = queryOptions({
  queryKey: publicKeys.settings,
  queryFn: ({ signal }) => openPost<SiteSettings>('config', {}, signal),
  staleTime: 5 * 60_000,
});

export function useSiteSettings() {
  return useQuery(settingsQuery);
}

// ------------------------------------------------------------------ districts

export interface District extends PublicRecord {
  areaname: string;
  areacode: string;
  type?: string;
  planArea?: number | null;
  leadingIndustry?: string;
  address?: string;
  introduction?: string;
  images?: unknown;
  boundary?: unknown;
  displayorder?: number;
}

/** SPEC §7 area dropdown: enabled districts by displayorder, no paging. */
export const DISTRICT_QUERY: PagedQuery = {
  pageNo: 0,
  pageSize: 0,
  params: [
    { column: 'status', type: 'eq', val: '1' },
    { column: 'displayorder', type: 'orderAsc' },
  ],
};

export const districtsQuery = queryOptions({
  queryKey: publicKeys.districts,
  // SPEC §8: on failure the dropdown quietly keeps only 全部片区 (no 网络连接失败 toast either).
  queryFn: async ({ signal }) => {
    try {
      return listOf<District>(await openPostJson<unknown>('selectTAreaByPage', DISTRICT_QUERY, signal));
    } catch (error) {
      keepQuiet(error);
      return [];
    }
  },
  staleTime: 5 * 60_000,
});

/**
 * Districts with their outlines: the list answer carries each district's boundary, so every
 * map draws them from the one (shared, cached) dropdown call.
 */
export const districtOutlinesQuery = districtsQuery;

// ------------------------------------------------------------------ offline base map

export type { BaseMapCollection, BaseMapFeature, BaseMapKind };

/** The zone's main roads and water, drawn when no tile source is configured. */
export const baseMapQuery = queryOptions({
  queryKey: ['public', 'baseMap'] as const,
  queryFn: async ({ signal }): Promise<BaseMapCollection> => {
    const data = await openPost<BaseMapCollection | null>('selectBaseMapFeatures', {}, signal);
    return { type: 'FeatureCollection', features: Array.isArray(data?.features) ? data.features : [] };
  },
  staleTime: 30 * 60_000,
});

export interface DistrictOption {
  value: string;
  label: string;
}

/**
 * The district dropdown of SPEC §3/§8: 全部片区 (empty value) first, then the districts; when the
 * list cannot be loaded only 全部片区 remains.
 */
export function useDistrictOptions(): { options: DistrictOption[]; districts: District[]; nameOf: Map<string, string>; loading: boolean } {
  const query = useQuery(districtsQuery);
  return useMemo(() => {
    const districts = query.data ?? [];
    return {
      districts,
      options: [{ value: '', label: ALL_DISTRICTS_LABEL }, ...districts.map((d) => ({ value: d.areacode, label: d.areaname }))],
      nameOf: new Map(districts.map((d) => [d.areacode, d.areaname])),
      loading: query.isPending,
    };
  }, [query.data, query.isPending]);
}

// ------------------------------------------------------------------ land classes

export interface LandClassNode {
  code: string;
  name: string;
  children?: LandClassNode[];
}

export const landClassesQuery = queryOptions({
  queryKey: publicKeys.landClasses,
  queryFn: async ({ signal }) => listOf<LandClassNode>(await openPost<unknown>('selectDLTreeList', {}, signal)),
  staleTime: 30 * 60_000,
});

export interface LandClassTree {
  treeData: { value: string; title: string; children?: LandClassTree['treeData'] }[];
  nameOf: Map<string, string>;
  /** Every code under a code (itself included), to filter by a class and its sub-classes. */
  descendantsOf: (code: string) => Set<string>;
}

export function useLandClasses(): LandClassTree & { loading: boolean } {
  const query = useQuery(landClassesQuery);
  return useMemo(() => {
    const nameOf = new Map<string, string>();
    const childrenOf = new Map<string, string[]>();
    const walk = (nodes: LandClassNode[]): LandClassTree['treeData'] =>
      nodes.map((n) => {
        nameOf.set(n.code, n.name);
        childrenOf.set(n.code, (n.children ?? []).map((c) => c.code));
        const children = n.children?.length ? walk(n.children) : undefined;
        return { value: n.code, title: `${n.code} ${n.name}`, ...(children ? { children } : {}) };
      });
    const treeData = walk(query.data ?? []);
    const descendantsOf = (code: string) => {
      const out = new Set<string>();
      const stack = [code];
      while (stack.length) {
        const c = stack.pop()!;
        if (out.has(c)) continue;
        out.add(c);
        stack.push(...(childrenOf.get(c) ?? []));
      }
      return out;
    };
    return { treeData, nameOf, descendantsOf, loading: query.isPending };
  }, [query.data, query.isPending]);
}

/** 100101 一类工业用地 — the class's own name, else the code. */
export function landClassName(nameOf: Map<string, string>, code: unknown, fallback?: unknown): string {
  const c = code === null || code === undefined ? '' : String(code);
  const fb = fallback === null || fallback === undefined ? '' : String(fallback);
  return nameOf.get(c) ?? (fb || c);
}

// ------------------------------------------------------------------ facilities

export interface Facility {
  id: string;
  name: string;
  type: string;
  lon: number;
  lat: number;
  address?: string;
  areacode?: string;
}

export interface FacilityGroup {
  type: string;
  label: string;
  list: Facility[];
}

export const facilitiesQuery = queryOptions({
  queryKey: publicKeys.facilities,
  queryFn: async ({ signal }) => listOf<FacilityGroup>(await openPost<unknown>('selectDicFacility', {}, signal)),
  staleTime: 30 * 60_000,
});

// ------------------------------------------------------------------ parcels

/** The named filters every public parcel list takes (selectLandInfoList, selectLandInfoListPage…). */
export interface ParcelQueryFilters {
  keyword?: string;
  areacode?: string;
  /** A land class; its sub-classes are included. */
  dlcode?: string;
  /** 亩 */
  areaMin?: number | null;
  areaMax?: number | null;
  /** 万元 */
  priceMin?: number | null;
  priceMax?: number | null;
  /** available / listed / deal */
  state?: string;
  zylx?: string;
  /** A drawn search area: lon-lat GeoJSON Polygon; parcels whose centre lies in it. */
  area?: { type: 'Polygon'; coordinates: number[][][] };
}

/** The published parcels matching the filters, with their boundaries: the map and its result list. */
export const mapParcelsQuery = (filters: ParcelQueryFilters) =>
  queryOptions({
    queryKey: [...publicKeys.mapParcels, filters] as const,
    queryFn: async ({ signal }) =>
      listOf<Parcel>(await openPost<unknown>('selectLandInfoList', filters, signal)),
    staleTime: 60_000,
  });

export interface ParcelPageQuery extends ParcelQueryFilters {
  pageNo: number;
  pageSize: number;
  orderBy?: 'publishedAt' | 'landArea' | 'landAreaMu' | 'startingPrice' | 'visitcount' | 'dkbh' | '';
  order?: 'asc' | 'desc' | '';
}

/** A page of published parcels with key figures (cards and lists). */
export const parcelPageQuery = (query: ParcelPageQuery, path = 'selectLandInfoListPage') =>
  queryOptions({
    queryKey: ['public', 'parcelPage', path, query] as const,
    queryFn: async ({ signal }) => pageOf<Parcel>(await openPost<unknown>(path, query, signal), query),
  });

/** Geometry as an object, whether it arrived as GeoJSON or as JSON text. */
export function geometryOf(value: unknown): { type: string; coordinates: unknown } | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string' && Array.isArray((v as { coordinates?: unknown }).coordinates)) {
    return v as { type: string; coordinates: unknown };
  }
  return null;
}
