import { describe, expect, it } from 'vitest';
import type { ParcelGeometry } from '@land/shared/geo/types';
import { FAR_FROM_ZONE_KM, distanceToZoneKm, farFromZoneQuestion, zonePlace } from '../src/features/parcels/editor/geometry-check';

/** A square parcel of about 100 m around a lon-lat point. */
const square = (lon: number, lat: number): ParcelGeometry => ({
  type: 'Polygon',
  coordinates: [[[lon, lat], [lon + 0.001, lat], [lon + 0.001, lat + 0.001], [lon, lat + 0.001], [lon, lat]]],
});

const district = (minLon: number, minLat: number, maxLon: number, maxLat: number) => ({
  areaname: '片区',
  boundary: { type: 'Polygon', coordinates: [[[minLon, minLat], [maxLon, minLat], [maxLon, maxLat], [minLon, maxLat], [minLon, minLat]]] },
});

describe('how far a boundary is from the zone (the parcel editor asks before saving one far away)', () => {
  // Two districts of the zone around 120.25, 30.25 and a detached park (飞地) some 200 km away.
  const zone = zonePlace([district(120.2, 30.2, 120.3, 30.3), district(120.3, 30.25, 120.4, 30.3), district(118.2, 29.9, 118.3, 30.0), { areaname: '无范围' }], [120.25, 30.25]);

  it('is nothing inside a district, and no question is asked; a detached park counts as the zone', () => {
    expect(distanceToZoneKm(square(120.25, 30.25), zone)).toBe(0);
    expect(farFromZoneQuestion(square(120.25, 30.25), zone)).toBeNull();
    expect(farFromZoneQuestion(square(118.25, 29.95), zone)).toBeNull();
  });

  it('is measured to the nearest district, so a parcel just outside one is near', () => {
    // About 0.1° of latitude (11 km) north of the first district.
    expect(distanceToZoneKm(square(120.25, 30.4), zone)).toBeCloseTo(11.2, 0);
    expect(farFromZoneQuestion(square(120.25, 30.4), zone)).toBeNull();
  });

  it('names the distance of a boundary hundreds of kilometres away (a wrong coordinate system)', () => {
    // Beijing instead of the zone near Hangzhou: about 1,100 km.
    const question = farFromZoneQuestion(square(116.4, 39.9), zone);
    expect(question).toMatch(/^边界距园区约 1\d{3} 公里，请确认坐标系是否正确$/);
    expect(distanceToZoneKm(square(120.25, 31), zone)! > FAR_FROM_ZONE_KM).toBe(true);
  });

  it('falls back on the map centre of the settings when no district has a boundary, and asks nothing when neither is known', () => {
    const centreOnly = zonePlace([{ areaname: '无范围', boundary: null }, { boundary: '不是 JSON' }], [120.25, 30.25]);
    expect(centreOnly.boxes).toEqual([]);
    expect(farFromZoneQuestion(square(120.3, 30.3), centreOnly)).toBeNull();
    expect(farFromZoneQuestion(square(113.26, 23.13), centreOnly)).toMatch(/^边界距园区约 \d+ 公里/);
    expect(farFromZoneQuestion(square(113.26, 23.13), zonePlace(undefined, null))).toBeNull();
  });

  it('reads a district boundary stored as JSON text', () => {
    const text = zonePlace([{ boundary: JSON.stringify(district(120.2, 30.2, 120.3, 30.3).boundary) }], null);
    expect(text.boxes).toEqual([[120.2, 30.2, 120.3, 30.3]]);
  });
});
