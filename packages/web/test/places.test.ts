import { describe, expect, it } from 'vitest';
import { hasPosition } from '../src/features/public-map/format';
import { parcelPlaces } from '../src/features/public-site/parcel/places';

describe('places around a parcel', () => {
  it('are on the map only with a position: empty, zero or non-numeric coordinates are not one', () => {
    expect(hasPosition('120.31', '30.25')).toBe(true);
    expect(hasPosition(120.31, 30.25)).toBe(true);
    expect(hasPosition(null, null)).toBe(false);
    expect(hasPosition('', '')).toBe(false);
    expect(hasPosition(0, 0)).toBe(false);
    expect(hasPosition('东经120度', '30.25')).toBe(false);
  });

  it("label a place with what is known of it, never a dangling separator", () => {
    const [school, airport, unknown] = parcelPlaces(
      [{ id: '1', name: '药谷实验学校', facilityType: 'school', distanceM: 350, lon: 120.3, lat: 30.2 }],
      [
        { id: '2', placeName: '杭州萧山国际机场', placeType: 'airport', distanceKm: 18.1, driveMinutes: 30, lon: 120.4, lat: 30.2 },
        { id: '3', placeName: '临江码头', placeType: 'port', distanceKm: null, driveMinutes: null },
      ],
    );
    expect(school).toMatchObject({ id: 'f:1', name: '药谷实验学校', note: '学校 · 350 m' });
    expect(airport).toMatchObject({ id: 'd:2', note: '18.1 公里 · 车程约 30 分钟' });
    expect(unknown).toMatchObject({ id: 'd:3', note: '' });
  });
});
