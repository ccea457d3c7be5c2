/** Douglas-Peucker simplification of parcels that keeps every ring valid. */
import { polygonsOf, type ParcelGeometry, type Position, type Ring } from './types';
import { validateParcelGeometry } from './validate';

const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON_EQUATOR = 111_320;

function sqSegDist(p: Position, a: Position, b: Position, kx: number): number {
  let x = a[0] * kx;
  let y = a[1] * M_PER_DEG_LAT;
  let dx = b[0] * kx - x;
  let dy = b[1] * M_PER_DEG_LAT - y;
  const px = p[0] * kx;
  const py = p[1] * M_PER_DEG_LAT;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x += dx;
      y += dy;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = px - x;
  dy = py - y;
  return dx * dx + dy * dy;
}

function dp(points: Position[], first: number, last: number, sqTol: number, kx: number, keep: boolean[]): void {
  let maxSq = sqTol;
  let index = -1;
  for (let i = first + 1; i < last; i++) {
    const d = sqSegDist(points[i], points[first], points[last], kx);
    if (d > maxSq) {
      maxSq = d;
      index = i;
    }
  }
  if (index >= 0) {
    keep[index] = true;
    dp(points, first, index, sqTol, kx, keep);
    dp(points, index, last, sqTol, kx, keep);
  }
}

function simplifyRing(ring: Ring, sqTol: number, kx: number): Ring {
  const n = ring.length - 1; // distinct vertices; ring[n] closes on ring[0]
  if (n <= 4) return ring;
  // split at the vertex farthest from the first, so both halves are open chains
  let far = 1;
  let farSq = -1;
  for (let i = 1; i < n; i++) {
    const d = sqSegDist(ring[i], ring[0], ring[0], kx);
    if (d > farSq) {
      farSq = d;
      far = i;
    }
  }
  const keep = new Array<boolean>(n + 1).fill(false);
  keep[0] = keep[far] = keep[n] = true;
  dp(ring, 0, far, sqTol, kx, keep);
  dp(ring, far, n, sqTol, kx, keep);
  let count = keep.filter(Boolean).length - 1;
  if (count < 3) {
    // keep the vertex farthest from the chord so the ring stays a triangle
    let best = -1;
    let bestSq = -1;
    for (let i = 1; i < n; i++) {
      if (keep[i]) continue;
      const d = sqSegDist(ring[i], ring[0], ring[far], kx);
      if (d > bestSq) {
        bestSq = d;
        best = i;
      }
    }
    if (best >= 0) keep[best] = true;
    count++;
  }
  return ring.filter((_, i) => keep[i]);
}

/**
 * Simplifies a lon-lat parcel with the Douglas-Peucker algorithm; `toleranceMeters` is the
 * largest distance a removed vertex may lie from the simplified outline. Every ring keeps at
 * least 3 distinct vertices; when the result would be invalid (self-intersecting or rings
 * crossing) the tolerance is halved and tried again, and the input is returned unchanged
 * when no valid simplification is found.
 */
export function simplify(g: ParcelGeometry, toleranceMeters: number): ParcelGeometry {
  if (!(toleranceMeters > 0)) return g;
  const polygons = polygonsOf(g);
  let sumLat = 0;
  let count = 0;
  for (const poly of polygons) for (const p of poly[0] ?? []) {
    sumLat += p[1];
    count++;
  }
  if (count === 0) return g;
  const kx = M_PER_DEG_LON_EQUATOR * Math.cos(((sumLat / count) * Math.PI) / 180);
  let tol = toleranceMeters;
  for (let attempt = 0; attempt < 8; attempt++, tol /= 2) {
    const sqTol = tol * tol;
    const parts = polygons.map((poly) => poly.map((ring) => simplifyRing(ring, sqTol, kx)));
    const candidate: ParcelGeometry =
      g.type === 'Polygon' ? { type: 'Polygon', coordinates: parts[0] } : { type: 'MultiPolygon', coordinates: parts };
    const checked = validateParcelGeometry(candidate, { chinaOnly: false, maxVertices: Infinity, maxRings: Infinity });
    if (checked.ok) return checked.geometry;
  }
  return g;
}
