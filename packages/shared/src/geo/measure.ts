/** Bounding boxes, centroids, point-in-polygon and distances on lon-lat parcels. */
import { orient2d } from 'robust-predicates';
import { planarRingArea } from './area';
import { polygonsOf, type BBox, type ParcelGeometry, type Position, type Ring } from './types';

export function bbox(g: ParcelGeometry): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const polygon of polygonsOf(g)) {
    for (const p of polygon[0] ?? []) {
      if (p[0] < minX) minX = p[0];
      if (p[0] > maxX) maxX = p[0];
      if (p[1] < minY) minY = p[1];
      if (p[1] > maxY) maxY = p[1];
    }
  }
  return [minX, minY, maxX, maxY];
}

/** Whether two boxes share at least one point (touching counts). */
export function bboxIntersects(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** 1 inside, 0 on the boundary, -1 outside; exact orientation tests. */
export function pointInRing(x: number, y: number, ring: Ring): 1 | 0 | -1 {
  let inside = false;
  for (let i = 0, n = ring.length - 1; i < n; i++) {
    const ax = ring[i][0];
    const ay = ring[i][1];
    const bx = ring[i + 1][0];
    const by = ring[i + 1][1];
    const aAbove = ay > y;
    const bAbove = by > y;
    if (aAbove === bAbove) {
      // both on one side (or both on the line): on-segment only if horizontal through the point
      if (ay === y && by === y && x >= Math.min(ax, bx) && x <= Math.max(ax, bx)) return 0;
      if (ax === x && ay === y) return 0;
      continue;
    }
    const o = orient2d(ax, ay, bx, by, x, y);
    if (o === 0) return 0;
    if (by > ay ? o > 0 : o < 0) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** Whether a lon-lat point lies in the polygon (boundary included, holes excluded). */
export function pointInPolygon(pt: Position, g: ParcelGeometry): boolean {
  const [x, y] = pt;
  for (const polygon of polygonsOf(g)) {
    if (polygon.length === 0 || pointInRing(x, y, polygon[0]) < 0) continue;
    let inHole = false;
    for (let h = 1; h < polygon.length; h++) {
      if (pointInRing(x, y, polygon[h]) > 0) {
        inHole = true;
        break;
      }
    }
    if (!inHole) return true;
  }
  return false;
}

/**
 * Area-weighted centroid; when it falls outside the parcel (an L or U shape, or between the
 * parts of a MultiPolygon) a point on the surface of the largest part is returned instead, so
 * the result is always usable as a label or marker position.
 */
export function centroid(g: ParcelGeometry): Position {
  const c = areaCentroid(g);
  if (pointInPolygon(c, g)) return c;
  return pointOnSurface(g);
}

/** The plain area-weighted centroid (may lie outside a concave parcel). */
export function areaCentroid(g: ParcelGeometry): Position {
  const polygons = polygonsOf(g);
  const first = polygons[0]?.[0]?.[0];
  if (!first) return [NaN, NaN];
  const x0 = first[0];
  const y0 = first[1];
  let sa = 0;
  let sx = 0;
  let sy = 0;
  let vx = 0;
  let vy = 0;
  let vn = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, r) => {
      const signWanted = r === 0 ? 1 : -1;
      let a2 = 0;
      let cx = 0;
      let cy = 0;
      for (let i = 0; i < ring.length - 1; i++) {
        const ax = ring[i][0] - x0;
        const ay = ring[i][1] - y0;
        const bx = ring[i + 1][0] - x0;
        const by = ring[i + 1][1] - y0;
        const cross = ax * by - bx * ay;
        a2 += cross;
        cx += (ax + bx) * cross;
        cy += (ay + by) * cross;
        vx += ax;
        vy += ay;
        vn++;
      }
      // orient each ring's contribution: shells add, holes subtract
      const s = Math.sign(a2) === signWanted || a2 === 0 ? 1 : -1;
      sa += s * a2;
      sx += s * cx;
      sy += s * cy;
    });
  }
  if (sa === 0 || !Number.isFinite(sa)) return vn ? [x0 + vx / vn, y0 + vy / vn] : [x0, y0];
  return [x0 + sx / (3 * sa), y0 + sy / (3 * sa)];
}

/**
 * A point guaranteed inside the largest part: the midpoint of the widest interior interval of a
 * horizontal line through the part's centroid (or the middle of its box).
 */
export function pointOnSurface(g: ParcelGeometry): Position {
  const polygons = polygonsOf(g);
  let best = polygons[0];
  let bestArea = -1;
  for (const polygon of polygons) {
    let a = 0;
    polygon.forEach((ring, i) => {
      a += (i === 0 ? 1 : -1) * Math.abs(planarRingArea(ring));
    });
    if (a > bestArea) {
      bestArea = a;
      best = polygon;
    }
  }
  if (!best || best.length === 0 || best[0].length === 0) return [NaN, NaN];
  const part: ParcelGeometry = { type: 'Polygon', coordinates: best };
  const [, minY, , maxY] = bbox(part);
  const candidates = [areaCentroid(part)[1], (minY + maxY) / 2, minY + (maxY - minY) / 3, minY + (2 * (maxY - minY)) / 3];
  for (const y of candidates) {
    const xs: number[] = [];
    for (const ring of best) {
      for (let i = 0; i < ring.length - 1; i++) {
        const a = ring[i];
        const b = ring[i + 1];
        if (a[1] > y !== b[1] > y) xs.push(a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
      }
    }
    xs.sort((p, q) => p - q);
    let width = -1;
    let mid = NaN;
    for (let i = 0; i + 1 < xs.length; i += 2) {
      if (xs[i + 1] - xs[i] > width) {
        width = xs[i + 1] - xs[i];
        mid = (xs[i] + xs[i + 1]) / 2;
      }
    }
    if (width > 0) return [mid, y];
  }
  return [best[0][0][0], best[0][0][1]];
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_MEAN_RADIUS = 6371008.8;

/** Great-circle distance in metres between two lon-lat points (error ≤ 0.5 %, spherical). */
export function haversineMeters(a: Position, b: Position): number {
  const r = Math.PI / 180;
  const dLat = (b[1] - a[1]) * r;
  const dLon = (b[0] - a[0]) * r;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}
