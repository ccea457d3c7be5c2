/**
 * 保存的搜索: the visitor's saved searches (/openApi/tSavedSearch). A saved search keeps the
 * named filters of the map or list search; matching parcels that are published or change trade
 * state or price are sent to the visitor's inbox, at most once a day per search.
 */
import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDistrictOptions, useLandClasses, type ParcelQueryFilters } from '../public-map/api';
import { MARKET_STATE_LABELS } from '../public-map/format';
import { post } from '../../lib/request';
import { visitorPost } from './request';

export interface SavedSearch {
  id: string;
  name: string;
  filter: ParcelQueryFilters & { area?: unknown };
  status: 'active' | 'paused';
  lastDigestAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const savedSearchKeys = {
  list: ['visitor', 'savedSearches'] as const,
};

export const savedSearchesQuery = queryOptions({
  queryKey: savedSearchKeys.list,
  queryFn: async ({ signal }) => (await visitorPost<SavedSearch[]>('/openApi/tSavedSearch/selectSavedSearchList', {}, signal)).data,
});

export async function addSavedSearch(name: string, filter: ParcelQueryFilters): Promise<SavedSearch> {
  return (await visitorPost<SavedSearch>('/openApi/tSavedSearch/addSavedSearch', { name, filter: JSON.stringify(filter) })).data;
}

export async function renameSavedSearch(id: string, name: string): Promise<void> {
  await visitorPost('/openApi/tSavedSearch/renameSavedSearch', { id, name });
}

export async function setSavedSearchPaused(id: string, paused: boolean): Promise<void> {
  await visitorPost(`/openApi/tSavedSearch/${paused ? 'pauseSavedSearch' : 'resumeSavedSearch'}`, { id });
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await visitorPost('/openApi/tSavedSearch/deleteSavedSearchByID', { id });
}

/** The signed link of a digest: works without signing in. */
export async function unsubscribeSavedSearch(token: string): Promise<{ name: string }> {
  return (await post<{ name: string }>('/openApi/tSavedSearch/unsubscribe', { token })).data;
}

const STATE_TEXT: Record<string, string> = MARKET_STATE_LABELS;

const range = (min: unknown, max: unknown, unit: string) => {
  const has = (v: unknown) => v !== undefined && v !== null && v !== '';
  if (has(min) && has(max)) return `${String(min)}–${String(max)}${unit}`;
  if (has(min)) return `≥${String(min)}${unit}`;
  if (has(max)) return `≤${String(max)}${unit}`;
  return '';
};

/** The filter in words: 关键词“物流” · 片区 · 地类 · 10–50亩 · ≤1000万元 · 挂牌中 · 绘制范围. */
export function describeFilter(
  filter: SavedSearch['filter'],
  names: { district?: (code: string) => string | undefined; landClass?: (code: string) => string | undefined } = {},
): string {
  const parts = [
    filter.keyword ? `关键词“${filter.keyword}”` : '',
    filter.areacode ? names.district?.(filter.areacode) ?? filter.areacode : '',
    filter.dlcode ? names.landClass?.(filter.dlcode) ?? filter.dlcode : '',
    range(filter.areaMin, filter.areaMax, '亩'),
    range(filter.priceMin, filter.priceMax, '万元'),
    filter.state ? STATE_TEXT[filter.state] ?? filter.state : '',
    filter.area ? '绘制范围' : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '全部已发布地块';
}

/** describeFilter's names of districts and land classes, from the lists the public pages load anyway. */
export function useFilterNames(): NonNullable<Parameters<typeof describeFilter>[1]> {
  const districts = useDistrictOptions();
  const classes = useLandClasses();
  return useMemo(
    () => ({ district: (c: string) => districts.nameOf.get(c), landClass: (c: string) => classes.nameOf.get(c) }),
    [districts.nameOf, classes.nameOf],
  );
}

/**
 * Where 查看 opens a saved search: the map search with its filters in the address, and a drawn
 * area (too long for an address) in the navigation's state.
 */
export function savedSearchLink(filter: SavedSearch['filter']): { to: string; state?: { area: NonNullable<ParcelQueryFilters['area']> } } {
  const params = new URLSearchParams();
  for (const key of ['keyword', 'areacode', 'dlcode', 'areaMin', 'areaMax', 'priceMin', 'priceMax', 'state'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  const to = query ? `/index?${query}` : '/index';
  const area = filter.area as ParcelQueryFilters['area'];
  return area && area.type === 'Polygon' && Array.isArray(area.coordinates) ? { to, state: { area } } : { to };
}
