/**
 * The map search filters. The server applies them (selectLandInfoList) for the map and the result
 * list, and the same filters become the export's conditions, so the three show the same parcels.
 */
import { KEYWORD_TOO_LONG_MESSAGE, overLimit } from '@land/shared/constants';
import type { Parcel, ParcelQueryFilters } from './api';
import { muOf, toNumber, type ParcelMarketState } from './format';

export interface ParcelFilters {
  areacode: string;
  dlcode: string;
  /** 亩 */
  areaMin: number | null;
  areaMax: number | null;
  /** 万元 */
  priceMin: number | null;
  priceMax: number | null;
  state: ParcelMarketState | '';
  keyword: string;
}

export const EMPTY_FILTERS: ParcelFilters = {
  areacode: '',
  dlcode: '',
  areaMin: null,
  areaMax: null,
  priceMin: null,
  priceMax: null,
  state: '',
  keyword: '',
};

/** At the upper box of a range below its lower one (the search refuses it or leaves it out). */
export const AREA_BELOW_MESSAGE = '不能小于最小面积';
export const PRICE_BELOW_MESSAGE = '不能低于最低起始价';

export function activeFilterCount(f: ParcelFilters): number {
  // What the list is filtered by: a keyword over the limit is left out of the search (toQueryFilters), so it is no filter.
  return Object.keys(toQueryFilters(f)).length;
}

/**
 * A keyword longer than the search takes can only come from an edited or cut-off address (the
 * boxes refuse it): the parcels are listed without it, and the page says so beside its box.
 */
export const KEYWORD_NOT_APPLIED = `${KEYWORD_TOO_LONG_MESSAGE}：下面的地块未按关键词筛选，请缩短后再搜索`;

/**
 * A district or land-class code from the address, or '' for one no district or class can have
 * (longer than the server takes: 60 characters for a district, 50 for a class), which would fail
 * the whole list.
 */
export function addressCode(value: string | null): string {
  return value !== null && value.length <= 50 ? value : '';
}

/** A figure from the address (亩, 万元): a number not below nothing, or null. */
export function addressNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The filters as the named filters of the public parcel calls (empty ones and a keyword over the limit left out). */
export function toQueryFilters(f: ParcelFilters): ParcelQueryFilters {
  const out: ParcelQueryFilters = {};
  if (f.keyword.trim() && !overLimit(f.keyword)) out.keyword = f.keyword.trim();
  if (f.areacode) out.areacode = f.areacode;
  if (f.dlcode) out.dlcode = f.dlcode;
  if (f.areaMin !== null) out.areaMin = f.areaMin;
  if (f.areaMax !== null) out.areaMax = f.areaMax;
  if (f.priceMin !== null) out.priceMin = f.priceMin;
  if (f.priceMax !== null) out.priceMax = f.priceMax;
  if (f.state) out.state = f.state;
  return out;
}

export type SortKey = 'default' | 'areaDesc' | 'areaAsc' | 'priceAsc' | 'priceDesc';

export const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'default', label: '默认排序' },
  { value: 'areaDesc', label: '面积从大到小' },
  { value: 'areaAsc', label: '面积从小到大' },
  { value: 'priceAsc', label: '起始价从低到高' },
  { value: 'priceDesc', label: '起始价从高到低' },
];

export function sortParcels(parcels: Parcel[], key: SortKey): Parcel[] {
  const area = (p: Parcel) => muOf(p.landArea, p.landAreaMu) ?? -1;
  const price = (p: Parcel) => toNumber(p.startingPrice);
  const copy = [...parcels];
  switch (key) {
    case 'areaDesc':
      return copy.sort((a, b) => area(b) - area(a));
    case 'areaAsc':
      return copy.sort((a, b) => area(a) - area(b));
    case 'priceAsc':
      return copy.sort((a, b) => (price(a) ?? Infinity) - (price(b) ?? Infinity));
    case 'priceDesc':
      return copy.sort((a, b) => (price(b) ?? -Infinity) - (price(a) ?? -Infinity));
    default: {
      // Newest first: by publication when the rows carry it, else by id (ids are time-ordered).
      // ISO timestamps and ids order by their characters; localeCompare (a collator per call) cost
      // tens of milliseconds on a phone for a hundred rows.
      const keyOf = (p: Parcel) => String(p.publishedAt ?? p.id);
      return copy.sort((a, b) => {
        const ka = keyOf(a);
        const kb = keyOf(b);
        return ka === kb ? 0 : ka < kb ? 1 : -1;
      });
    }
  }
}
