/**
 * Ellipsoidal area of lon-lat polygons on CGCS2000 (≈ WGS84).
 *
 * Each ring is mapped by the ellipsoidal cylindrical equal-area projection (x = λ, y = q(φ), the
 * authalic "q" function) and its planar area taken with the shoelace formula; the area element
 * of the ellipsoid is (a²/2)·dλ·dq, so the result is the exact ellipsoidal area of the polygon
 * whose edges are straight in that projection. For parcel-sized edges this differs from a
 * geodesic-edged polygon by far less than 0.01 %. Coordinates are centred before the shoelace
 * sum to keep the precision of small parcels.
 */
import { CGCS2000_ELLIPSOID, eccentricitySquared, type Ellipsoid } from './ellipsoid';
import { polygonsOf, type ParcelGeometry, type Ring } from './types';

const DEG = Math.PI / 180;

/** Authalic q(φ) (Snyder 3-12), dimensionless. */
export function authalicQ(latDeg: number, el: Ellipsoid = CGCS2000_ELLIPSOID): number {
  const e2 = eccentricitySquared(el);
  const e = Math.sqrt(e2);
  const s = Math.sin(latDeg * DEG);
  return (1 - e2) * (s / (1 - e2 * s * s) - (1 / (2 * e)) * Math.log((1 - e * s) / (1 + e * s)));
}

/**
 * Signed ellipsoidal area of a lon-lat ring in m²: positive when counter-clockwise (RFC 7946
 * exterior orientation), negative when clockwise.
 */
export function geodesicRingArea(ring: Ring, el: Ellipsoid = CGCS2000_ELLIPSOID): number {
  const n = ring.length;
  if (n < 4) return 0;
  const lon0 = ring[0][0];
  const q0 = authalicQ(ring[0][1], el);
  let sum = 0;
  let px = 0;
  let py = 0;
  for (let i = 1; i < n; i++) {
    let dl = ring[i][0] - lon0;
    if (dl > 180) dl -= 360;
    else if (dl < -180) dl += 360;
    const x = dl * DEG;
    const y = authalicQ(ring[i][1], el) - q0;
    sum += px * y - x * py;
    px = x;
    py = y;
  }
  return ((el.a * el.a) / 2) * (sum / 2);
}

/** Area in m² of a Polygon or MultiPolygon in lon-lat degrees, holes subtracted. */
export function geodesicArea(g: ParcelGeometry, el: Ellipsoid = CGCS2000_ELLIPSOID): number {
  let total = 0;
  for (const polygon of polygonsOf(g)) {
    polygon.forEach((ring, i) => {
      const a = Math.abs(geodesicRingArea(ring, el));
      total += i === 0 ? a : -a;
    });
  }
  return Math.max(0, total);
}

/** 1 亩 = 2000/3 m² (≈ 666.67 m²); 15 亩 = 1 公顷. */
export const SQUARE_METERS_PER_MU = 2000 / 3;

/** m² → 亩 */
export function areaMu(m2: number): number {
  return (m2 * 3) / 2000;
}

/** 亩 → m² */
export function muToSquareMeters(mu: number): number {
  return (mu * 2000) / 3;
}

/** Signed planar area (shoelace) of a ring in its own units²: positive when counter-clockwise. */
export function planarRingArea(ring: Ring): number {
  const n = ring.length;
  if (n < 4) return 0;
  const x0 = ring[0][0];
  const y0 = ring[0][1];
  let sum = 0;
  for (let i = 1; i < n - 1; i++) {
    const ax = ring[i][0] - x0;
    const ay = ring[i][1] - y0;
    const bx = ring[i + 1][0] - x0;
    const by = ring[i + 1][1] - y0;
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}
