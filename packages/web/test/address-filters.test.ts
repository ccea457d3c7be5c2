import { describe, expect, it } from 'vitest';
import { overLimit, KEYWORD_LIMIT, SEARCH_LIMIT } from '@land/shared/constants';
import { filtersFromParams } from '../src/features/mobile/url-filters';
import { activeFilterCount, addressCode, EMPTY_FILTERS, toQueryFilters } from '../src/features/public-map/filters';

describe('filters read from an address', () => {
  it('counts a search against its limit without the blanks at its ends, as the server does', () => {
    expect(overLimit('地'.repeat(100))).toBe(false);
    expect(overLimit(`  ${'地'.repeat(100)}  `)).toBe(false);
    expect(overLimit('地'.repeat(101))).toBe(true);
    expect(overLimit('地'.repeat(51), SEARCH_LIMIT)).toBe(true);
    expect(overLimit('地'.repeat(51), KEYWORD_LIMIT)).toBe(false);
  });

  it('leaves a keyword over the limit out of the parcel query, and keeps one within it', () => {
    const long = '江苏省南京市'.repeat(17);
    expect(toQueryFilters({ ...EMPTY_FILTERS, keyword: long, state: 'listed' })).toEqual({ state: 'listed' });
    expect(toQueryFilters({ ...EMPTY_FILTERS, keyword: ' 临港 ' })).toEqual({ keyword: '临港' });
  });

  it('counts the filters the list was filtered by: a keyword left out is not one', () => {
    const long = '江苏省南京市'.repeat(17);
    expect(activeFilterCount({ ...EMPTY_FILTERS, keyword: long, state: 'listed' })).toBe(1);
    expect(activeFilterCount({ ...EMPTY_FILTERS, keyword: long })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, keyword: ' 临港 ', areaMin: 0, priceMax: 500 })).toBe(3);
    expect(activeFilterCount({ ...EMPTY_FILTERS, keyword: '   ' })).toBe(0);
  });

  it('reads a district or class code no district or class can have as not given, and keeps the keyword for its box', () => {
    expect(addressCode('G0001')).toBe('G0001');
    expect(addressCode(null)).toBe('');
    expect(addressCode('G'.repeat(51))).toBe('');
    const long = '地'.repeat(120);
    const filters = filtersFromParams(new URLSearchParams({ areacode: 'G'.repeat(80), dlcode: '0802', areaMin: '-5', areaMax: '12', keyword: long }));
    expect(filters).toMatchObject({ areacode: '', dlcode: '0802', areaMin: null, areaMax: 12, keyword: long });
    expect(toQueryFilters(filters)).toEqual({ dlcode: '0802', areaMax: 12 });
  });
});
