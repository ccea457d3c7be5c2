import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import {
  areaMu,
  bbox,
  bboxIntersects,
  bd09ToGcj02,
  centroid,
  gaussKrugerForward,
  gaussKrugerInverse,
  gaussKrugerZone,
  gcj02ToBd09,
  gcj02ToWgs84,
  geodesicArea,
  haversineMeters,
  muToSquareMeters,
  pointInPolygon,
  simplify,
  validateParcelGeometry,
  wgs84ToGcj02,
  type ParcelGeometry,
  type Position,
  type Ring,
} from '../src/geo/index';

const square = (lon: number, lat: number, d: number): Ring => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];
const poly = (...rings: Ring[]): ParcelGeometry => ({ type: 'Polygon', coordinates: rings });

function expectInvalid(g: unknown, message: string) {
  const r = validateParcelGeometry(g);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.message).toContain(message);
}

describe('validateParcelGeometry', () => {
  it('accepts a simple polygon and normalises winding to counter-clockwise', () => {
    const cw: Ring = [...square(120.1, 30.2, 0.01)].reverse();
    const r = validateParcelGeometry(poly(cw));
    expect(r.ok).toBe(true);
    if (r.ok && r.geometry.type === 'Polygon') {
      expect(r.geometry.coordinates[0]).toEqual(square(120.1, 30.2, 0.01));
    }
  });

  it('accepts a polygon with a hole and a MultiPolygon, holes made clockwise', () => {
    const hole = square(120.103, 30.203, 0.002);
    const r = validateParcelGeometry(poly(square(120.1, 30.2, 0.01), hole));
    expect(r.ok).toBe(true);
    if (r.ok && r.geometry.type === 'Polygon') expect(r.geometry.coordinates[1]).toEqual([...hole].reverse());
    const multi = { type: 'MultiPolygon', coordinates: [[square(120.1, 30.2, 0.01)], [square(120.2, 30.2, 0.01)]] };
    expect(validateParcelGeometry(multi).ok).toBe(true);
  });

  it('drops consecutive duplicate positions and the z value', () => {
    const ring = [[120.1, 30.2, 5], [120.1, 30.2, 5], [120.11, 30.2, 5], [120.11, 30.21, 5], [120.1, 30.21, 5], [120.1, 30.2, 5]];
    const r = validateParcelGeometry({ type: 'Polygon', coordinates: [ring] });
    expect(r.ok).toBe(true);
    if (r.ok && r.geometry.type === 'Polygon') expect(r.geometry.coordinates[0]).toEqual(square(120.1, 30.2, 0.01));
  });

  it('refuses non-polygon geometry', () => {
    expectInvalid({ type: 'Point', coordinates: [120, 30] }, '几何类型必须是面（Polygon 或 MultiPolygon）');
    expectInvalid(null, '几何类型必须是面（Polygon 或 MultiPolygon）');
    expectInvalid({ type: 'LineString', coordinates: [[120, 30], [121, 30]] }, '几何类型必须是面');
  });

  it('refuses a self-intersecting bow-tie', () => {
    const bowTie: Ring = [[120.1, 30.2], [120.11, 30.21], [120.11, 30.2], [120.1, 30.21], [120.1, 30.2]];
    expectInvalid(poly(bowTie), '第1个环自相交');
  });

  it('refuses a ring touching itself at a vertex and a spike', () => {
    const figure8: Ring = [[120.1, 30.2], [120.12, 30.2], [120.11, 30.21], [120.12, 30.22], [120.1, 30.22], [120.11, 30.21], [120.1, 30.2]];
    expectInvalid(poly(figure8), '第1个环自相交');
    const spike: Ring = [[120.1, 30.2], [120.11, 30.2], [120.12, 30.2], [120.11, 30.2], [120.11, 30.21], [120.1, 30.2]];
    expectInvalid(poly(spike), '第1个环自相交');
  });

  it('refuses an open ring and a ring with too few positions', () => {
    const open = square(120.1, 30.2, 0.01).slice(0, 4);
    expectInvalid(poly(open), '第1个环未闭合：首尾坐标必须相同');
    expectInvalid(poly([[120.1, 30.2], [120.11, 30.2], [120.1, 30.2]]), '第1个环的顶点少于4个');
    expectInvalid(poly(square(120.1, 30.2, 0.01), [[120.101, 30.201], [120.102, 30.201], [120.101, 30.201]]), '第2个环的顶点少于4个');
  });

  it('refuses out-of-range, projected, swapped and foreign coordinates', () => {
    expectInvalid(poly(square(190, 30, 0.01)), '坐标超出经纬度范围（经度-180~180，纬度-90~90）');
    const projected = poly([[40500000, 3320113], [40500100, 3320113], [40500100, 3320213], [40500000, 3320213], [40500000, 3320113]]);
    const r = validateParcelGeometry(projected);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toContain('坐标超出经纬度范围（经度-180~180，纬度-90~90）');
      expect(r.message).toContain('投影坐标');
      expect(r.message).toContain('坐标系');
    }
    expectInvalid(poly(square(30.2, 120.1, 0.01)), '经纬度可能颠倒');
    expectInvalid(poly(square(2.35, 48.85, 0.01)), '坐标不在中国范围内');
    expect(validateParcelGeometry(poly(square(2.35, 48.85, 0.01)), { chinaOnly: false }).ok).toBe(true);
  });

  it('refuses holes outside the shell, crossing rings, overlapping holes and overlapping parts', () => {
    expectInvalid(poly(square(120.1, 30.2, 0.01), square(120.2, 30.2, 0.001)), '第2个环（内环）不在外环之内');
    expectInvalid(poly(square(120.1, 30.2, 0.01), square(120.105, 30.205, 0.01)), '第1个环与第2个环相交');
    expectInvalid(poly(square(120.1, 30.2, 0.01), square(120.102, 30.202, 0.004), square(120.103, 30.203, 0.001)), '重叠');
    const overlapping = { type: 'MultiPolygon', coordinates: [[square(120.1, 30.2, 0.01)], [square(120.105, 30.205, 0.01)]] };
    expectInvalid(overlapping, '第1个面与第2个面重叠');
    const nested = { type: 'MultiPolygon', coordinates: [[square(120.1, 30.2, 0.01)], [square(120.102, 30.202, 0.001)]] };
    expectInvalid(nested, '第1个面与第2个面重叠');
    const sharedEdge = { type: 'MultiPolygon', coordinates: [[square(120.1, 30.2, 0.01)], [square(120.11, 30.2, 0.01)]] };
    expectInvalid(sharedEdge, '重合的边');
  });

  it('refuses zero area and too many vertices', () => {
    expectInvalid(poly([[120.1, 30.2], [120.11, 30.2], [120.12, 30.2], [120.1, 30.2]]), '面积为零');
    const n = 50_001;
    const ring: Position[] = [];
    for (let i = 0; i < n - 1; i++) {
      const t = (2 * Math.PI * i) / (n - 1);
      ring.push([120 + 0.01 * Math.cos(t), 30 + 0.01 * Math.sin(t)]);
    }
    ring.push(ring[0]);
    expectInvalid(poly(ring), '顶点数过多');
  });

  it('checks a 20,000-vertex ring quickly (grid broad phase) and finds a crossing in it', () => {
    const n = 20_000;
    const ring: Position[] = [];
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / n;
      const r = 0.01 * (1 + 0.1 * Math.sin(7 * t));
      ring.push([120 + r * Math.cos(t), 30 + r * Math.sin(t)]);
    }
    ring.push(ring[0]);
    const t0 = Date.now();
    expect(validateParcelGeometry(poly(ring)).ok).toBe(true);
    expect(Date.now() - t0).toBeLessThan(5000);
    const broken = [...ring];
    [broken[5000], broken[5001]] = [broken[5001], broken[5000]];
    expectInvalid(poly(broken), '第1个环自相交');
  });
});

// ---------------------------------------------------------------- area

const A = 6378137;
const F = 1 / 298.257222101;
const E2 = F * (2 - F);

/** Independent reference: area between two parallels and meridians by Simpson integration of M·N·cosφ. */
function referenceCellArea(lon0: number, lat0: number, dLon: number, dLat: number): number {
  const steps = 2000;
  const h = ((dLat / steps) * Math.PI) / 180;
  const f = (phi: number) => {
    const w = 1 - E2 * Math.sin(phi) ** 2;
    const M = (A * (1 - E2)) / w ** 1.5;
    const N = A / Math.sqrt(w);
    return M * N * Math.cos(phi);
  };
  let sum = 0;
  const phi0 = (lat0 * Math.PI) / 180;
  for (let i = 0; i <= steps; i++) {
    const c = i === 0 || i === steps ? 1 : i % 2 ? 4 : 2;
    sum += c * f(phi0 + i * h);
  }
  return ((sum * h) / 3) * ((dLon * Math.PI) / 180);
}

describe('geodesicArea', () => {
  it('matches the ellipsoidal area of a 0.01° × 0.01° cell at 30°N within 0.1 %', () => {
    // ≈ 1108.5 m (0.01° of latitude) × 964.9 m (0.01° of longitude at 30°) ≈ 1 069 600 m²;
    // SpatiaLite's geodesic ST_Area(geom, 1) through GDAL 3.6 gives 1 069 521.173 m²
    const ref = referenceCellArea(120, 30, 0.01, 0.01);
    expect(ref).toBeGreaterThan(1_069_000);
    expect(ref).toBeLessThan(1_070_000);
    expect(Math.abs(ref - 1_069_521.173)).toBeLessThan(1);
    const area = geodesicArea(poly(square(120, 30, 0.01)));
    expect(Math.abs(area - ref) / ref).toBeLessThan(0.001);
    // in fact far better than that
    expect(Math.abs(area - ref) / ref).toBeLessThan(1e-6);
  });

  it('subtracts holes and sums the parts of a MultiPolygon', () => {
    const outer = geodesicArea(poly(square(120, 30, 0.01)));
    const hole = geodesicArea(poly(square(120.002, 30.002, 0.002)));
    const withHole = geodesicArea(poly(square(120, 30, 0.01), [...square(120.002, 30.002, 0.002)].reverse()));
    expect(withHole).toBeCloseTo(outer - hole, 3);
    const multi: ParcelGeometry = { type: 'MultiPolygon', coordinates: [[square(120, 30, 0.01)], [square(120.02, 30, 0.01)]] };
    expect(geodesicArea(multi)).toBeCloseTo(outer + geodesicArea(poly(square(120.02, 30, 0.01))), 3);
  });

  it('gives 10,000 m² ± 1 m² for a 100 m × 100 m square built in Gauss-Krüger coordinates', () => {
    const gk: [number, number][] = [[40499950, 3320000], [40500050, 3320000], [40500050, 3320100], [40499950, 3320100], [40499950, 3320000]];
    const ring = gk.map(([x, y]) => {
      const r = gaussKrugerInverse(x, y);
      return [r.lon, r.lat] as Position;
    });
    expect(Math.abs(geodesicArea(poly(ring)) - 10_000)).toBeLessThan(1);
    // 100 km off the central meridian the grid is enlarged by k ≈ 1 + x²/2R², the ground area is smaller
    const off = gk.map(([x, y]) => {
      const r = gaussKrugerInverse(x + 100_000, y);
      return [r.lon, r.lat] as Position;
    });
    const k = 1 + 100_000 ** 2 / (2 * 6_371_000 ** 2);
    expect(Math.abs(geodesicArea(poly(off)) - 10_000 / k ** 2)).toBeLessThan(1);
  });

  it('converts to 亩', () => {
    expect(areaMu(2000 / 3)).toBeCloseTo(1, 12);
    expect(areaMu(10_000)).toBeCloseTo(15, 12);
    expect(muToSquareMeters(15)).toBeCloseTo(10_000, 9);
  });
});

describe('measurements', () => {
  const L: ParcelGeometry = poly([[120, 30], [120.01, 30], [120.01, 30.001], [120.001, 30.001], [120.001, 30.01], [120, 30.01], [120, 30]]);

  it('bbox and bboxIntersects', () => {
    expect(bbox(L)).toEqual([120, 30, 120.01, 30.01]);
    expect(bboxIntersects([0, 0, 1, 1], [1, 1, 2, 2])).toBe(true);
    expect(bboxIntersects([0, 0, 1, 1], [1.1, 0, 2, 1])).toBe(false);
  });

  it('pointInPolygon handles holes and the boundary', () => {
    const g = poly(square(120, 30, 0.01), square(120.004, 30.004, 0.002));
    expect(pointInPolygon([120.001, 30.001], g)).toBe(true);
    expect(pointInPolygon([120.005, 30.005], g)).toBe(false);
    expect(pointInPolygon([120, 30.005], g)).toBe(true);
    expect(pointInPolygon([120.02, 30.005], g)).toBe(false);
  });

  it('centroid is the area centroid for a square and inside an L-shaped parcel', () => {
    const c = centroid(poly(square(120, 30, 0.01)));
    expect(c[0]).toBeCloseTo(120.005, 9);
    expect(c[1]).toBeCloseTo(30.005, 9);
    expect(pointInPolygon(centroid(L), L)).toBe(true);
  });

  it('haversine distance', () => {
    // one degree of latitude on the mean sphere
    expect(haversineMeters([120, 30], [120, 31])).toBeCloseTo(111_195, 0);
    expect(haversineMeters([116.404, 39.915], [121.4737, 31.2304])).toBeGreaterThan(1_060_000);
    expect(haversineMeters([116.404, 39.915], [121.4737, 31.2304])).toBeLessThan(1_075_000);
  });

  it('simplify removes near-collinear vertices and keeps the ring valid', () => {
    const ring: Position[] = [];
    for (let i = 0; i <= 100; i++) ring.push([120 + i * 0.0001, 30 + (i % 2) * 1e-7]);
    ring.push([120.01, 30.01], [120, 30.01], [120, 30]);
    const s = simplify(poly(ring), 1);
    expect(s.type).toBe('Polygon');
    if (s.type === 'Polygon') expect(s.coordinates[0].length).toBe(5);
    expect(validateParcelGeometry(s).ok).toBe(true);
    // a huge tolerance still leaves a valid triangle or better
    const t = simplify(L, 10_000);
    expect(validateParcelGeometry(t).ok).toBe(true);
  });
});

// ---------------------------------------------------------------- Gauss-Krüger

const CGCS2000_LL = '+proj=longlat +ellps=GRS80 +no_defs';
const EPSG4528 = '+proj=tmerc +lat_0=0 +lon_0=120 +k=1 +x_0=40500000 +y_0=0 +ellps=GRS80 +units=m +no_defs';

describe('Gauss-Krüger', () => {
  it('zone numbers', () => {
    expect(gaussKrugerZone(120, 3)).toBe(40);
    expect(gaussKrugerZone(121.4, 3)).toBe(40);
    expect(gaussKrugerZone(118.6, 3)).toBe(40);
    expect(gaussKrugerZone(117, 6)).toBe(20);
    expect(gaussKrugerZone(120.5, 6)).toBe(21);
  });

  it('EPSG:4528 (CGCS2000 3° zone 40): lon 120, lat 30 → x 40 500 000, y 3 320 113.398', () => {
    // reference values: proj4 here, and PROJ's cs2cs (EPSG:4490 → EPSG:4528) gave 3320113.397845
    const [px, py] = proj4(CGCS2000_LL, EPSG4528, [120, 30]);
    expect(px).toBeCloseTo(40_500_000, 6);
    expect(py).toBeCloseTo(3_320_113.397845, 5);
    const r = gaussKrugerForward(120, 30);
    expect(r.zone).toBe(40);
    expect(Math.abs(r.x - 40_500_000)).toBeLessThan(1e-3);
    expect(Math.abs(r.y - 3_320_113.397845)).toBeLessThan(1e-3);
    expect(r.warnings).toEqual([]);
    const back = gaussKrugerInverse(40_500_000, 3_320_113.4);
    expect(haversineMeters([back.lon, back.lat], [120, 30])).toBeLessThan(1);
  });

  it('agrees with proj4 across the zone and round-trips under 1 mm', () => {
    for (const [lon, lat] of [[121.4, 31.2], [118.6, 29.1], [121.49, 45.3], [118.51, 18.2], [119.9, 39.9]]) {
      const r = gaussKrugerForward(lon, lat, { zone: 40 });
      const [px, py] = proj4(CGCS2000_LL, EPSG4528, [lon, lat]);
      expect(Math.abs(r.x - px)).toBeLessThan(1e-3);
      expect(Math.abs(r.y - py)).toBeLessThan(1e-3);
      const back = gaussKrugerInverse(r.x, r.y);
      const again = gaussKrugerForward(back.lon, back.lat, { zone: 40 });
      expect(Math.hypot(again.x - r.x, again.y - r.y)).toBeLessThan(1e-3);
      expect(haversineMeters([back.lon, back.lat], [lon, lat])).toBeLessThan(1e-3);
    }
  });

  it('works without the zone prefix and in 6° zones', () => {
    const r = gaussKrugerForward(121.4, 31.2, { zonePrefix: false });
    expect(r.x).toBeCloseTo(633_432.2987, 3);
    expect(() => gaussKrugerInverse(r.x, r.y, { zonePrefix: false })).toThrow(/带号/);
    const back = gaussKrugerInverse(r.x, r.y, { zonePrefix: false, centralMeridian: 120 });
    expect(back.lon).toBeCloseTo(121.4, 9);
    const six = gaussKrugerForward(119.99, 40, { width: 6 });
    expect(six.zone).toBe(20);
    const [px, py] = proj4(CGCS2000_LL, '+proj=tmerc +lon_0=117 +k=1 +x_0=20500000 +ellps=GRS80 +units=m', [119.99, 40]);
    expect(Math.abs(six.x - px)).toBeLessThan(1e-3);
    expect(Math.abs(six.y - py)).toBeLessThan(1e-3);
  });

  it("uses the Xi'an 80 and Beijing 54 ellipsoids and warns about the datum", () => {
    const x80 = gaussKrugerForward(120.3, 30.2, { datum: 'Xian80' });
    const [xx, xy] = proj4('+proj=longlat +a=6378140 +rf=298.257', '+proj=tmerc +lon_0=120 +k=1 +x_0=40500000 +a=6378140 +rf=298.257', [120.3, 30.2]);
    expect(Math.abs(x80.x - xx)).toBeLessThan(1e-3);
    expect(Math.abs(x80.y - xy)).toBeLessThan(1e-3);
    expect(x80.warnings[0]).toContain('西安80');
    expect(x80.warnings[0]).toContain('100米');
    const b54 = gaussKrugerForward(117.3, 39.9, { datum: 'Beijing54' });
    const [bx, by] = proj4('+proj=longlat +ellps=krass', '+proj=tmerc +lon_0=117 +k=1 +x_0=39500000 +ellps=krass', [117.3, 39.9]);
    expect(Math.abs(b54.x - bx)).toBeLessThan(1e-3);
    expect(Math.abs(b54.y - by)).toBeLessThan(1e-3);
    expect(b54.warnings[0]).toContain('北京54');
    const back = gaussKrugerInverse(b54.x, b54.y, { datum: 'Beijing54' });
    expect(back.lon).toBeCloseTo(117.3, 10);
    expect(back.warnings).toHaveLength(1);
  });
});

describe('GCJ-02 / BD-09', () => {
  it('matches the published reference pair (coordtransform README)', () => {
    const [lon, lat] = wgs84ToGcj02([116.404, 39.915]);
    expect(lon).toBeCloseTo(116.41024449916938, 12);
    expect(lat).toBeCloseTo(39.91640428150164, 12);
    const [blon, blat] = gcj02ToBd09([116.404, 39.915]);
    expect(blon).toBeCloseTo(116.41036949371029, 12);
    expect(blat).toBeCloseTo(39.92133699351021, 12);
    // Baidu's closed-form inverse gives 116.39762729119315, 39.90865673957631; ours iterates to the exact inverse
    const g = bd09ToGcj02([116.404, 39.915]);
    expect(haversineMeters(g, [116.39762729119315, 39.90865673957631])).toBeLessThan(1);
  });

  it('round-trips within 0.5 m (in fact under 1 mm)', () => {
    for (const p of [[116.404, 39.915], [121.4737, 31.2304], [113.2644, 23.1291], [87.6168, 43.8256], [126.5349, 45.8038]] as Position[]) {
      const gcj = wgs84ToGcj02(p);
      expect(haversineMeters(gcj, p)).toBeGreaterThan(50);
      expect(haversineMeters(gcj02ToWgs84(gcj), p)).toBeLessThan(1e-3);
      const bd = gcj02ToBd09(gcj);
      expect(haversineMeters(bd09ToGcj02(bd), gcj)).toBeLessThan(1e-3);
    }
  });

  it('leaves positions outside China unchanged', () => {
    expect(wgs84ToGcj02([2.35, 48.85])).toEqual([2.35, 48.85]);
    expect(gcj02ToWgs84([-74, 40.7])).toEqual([-74, 40.7]);
  });
});
