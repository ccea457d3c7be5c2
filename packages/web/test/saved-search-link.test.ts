import { describe, expect, it } from 'vitest';
import { savedSearchLink } from '../src/features/visitor/savedSearches';

describe('查看 a saved search', () => {
  it('opens the map search with the saved filters in the address', () => {
    const link = savedSearchLink({ keyword: '物流 园', areacode: 'LJ01', dlcode: '1001', areaMin: 10, areaMax: 0, priceMax: 2000, state: 'listed' });
    const url = new URL(link.to, 'http://x');
    expect(url.pathname).toBe('/index');
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: '物流 园', areacode: 'LJ01', dlcode: '1001', areaMin: '10', areaMax: '0', priceMax: '2000', state: 'listed' });
    expect(link.state).toBeUndefined();
  });

  it('leaves out empty filters and anything the map search does not read', () => {
    expect(savedSearchLink({ keyword: '', areaMin: null, zylx: 'x' } as never)).toEqual({ to: '/index' });
  });

  it('carries a drawn area in the navigation state, not in the address', () => {
    const area = { type: 'Polygon' as const, coordinates: [[[120, 30], [121, 30], [121, 31], [120, 30]]] };
    expect(savedSearchLink({ state: 'listed', area })).toEqual({ to: '/index?state=listed', state: { area } });
    expect(savedSearchLink({ area: { type: 'Point', coordinates: [1, 2] } } as never)).toEqual({ to: '/index' });
  });
});
