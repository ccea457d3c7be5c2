/**
 * The mobile index keeps its filters in the address (?areacode=…&dlcode=…), so the back button
 * from a parcel's detail returns to the same list, and a filtered list can be shared.
 */
import { addressCode, addressNumber, EMPTY_FILTERS, type ParcelFilters } from '../public-map/filters';
import type { ParcelMarketState } from '../public-map/format';

const STATES = new Set<string>(['available', 'listed', 'deal']);

/** The main filters of SPEC's map search: district, land class, area range (亩), state, keyword. */
export function filtersFromParams(params: URLSearchParams): ParcelFilters {
  const state = params.get('state') ?? '';
  return {
    ...EMPTY_FILTERS,
    areacode: addressCode(params.get('areacode')),
    dlcode: addressCode(params.get('dlcode')),
    areaMin: addressNumber(params.get('areaMin')),
    areaMax: addressNumber(params.get('areaMax')),
    state: STATES.has(state) ? (state as ParcelMarketState) : '',
    keyword: params.get('keyword') ?? '',
  };
}

export function filtersToParams(filters: ParcelFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.areacode) params.set('areacode', filters.areacode);
  if (filters.dlcode) params.set('dlcode', filters.dlcode);
  if (filters.areaMin !== null) params.set('areaMin', String(filters.areaMin));
  if (filters.areaMax !== null) params.set('areaMax', String(filters.areaMax));
  if (filters.state) params.set('state', filters.state);
  if (filters.keyword.trim()) params.set('keyword', filters.keyword.trim());
  return params;
}
