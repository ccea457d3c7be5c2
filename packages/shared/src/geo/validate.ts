/**
 * Validation of parcel geometry before it is stored: GeoJSON Polygon / MultiPolygon in lon-lat
 * degrees, simple (OGC-valid) rings, inside China. Messages are Chinese and name the ring.
 */
import { orient2d } from 'robust-predicates';
import { planarRingArea } from './area';
import { pointInRing } from './measure';
import { forEachCandidatePair, segmentRelation, type IndexedSegment } from './segments';
import type { ParcelGeometry, Position, Ring } from './types';

export const MAX_PARCEL_VERTICES = 50_000;
/** Rings (parts and holes) of one parcel geometry; bounds the work of validating one crafted shape. */
export const MAX_PARCEL_RINGS = 10_000;

/** lon 73–136°E, lat 3–54°N: a rough box around China, islands in the South China Sea included. */
export const CHINA_EXTENT = { minLon: 73, maxLon: 136, minLat: 3, maxLat: 54 } as const;

export const GEOMETRY_MESSAGES = {
  notPolygon: '几何类型必须是面（Polygon 或 MultiPolygon）',
  outOfRange: '坐标超出经纬度范围（经度-180~180，纬度-90~90）',
  notInChina: '坐标不在中国范围内',
} as const;

export interface ValidateOptions {
  /** refuse positions outside CHINA_EXTENT (default true) */
  chinaOnly?: boolean;
  /** default MAX_PARCEL_VERTICES */
  maxVertices?: number;
  /** default MAX_PARCEL_RINGS */
  maxRings?: number;
}

export type GeometryValidation =
  | { ok: true; geometry: ParcelGeometry }
  | { ok: false; message: string };

class Invalid extends Error {}

function fail(message: string): never {
  throw new Invalid(message);
}

function ringLabel(multi: boolean, p: number, r: number): string {
  return multi ? `第${p + 1}个面的第${r + 1}个环` : `第${r + 1}个环`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) >= 1000 ? 3 : 6);
}

/** Reads the raw coordinate arrays into number[][][][] (polygons → rings → positions). */
function readStructure(g: unknown, maxVertices: number, maxRings: number): { polygons: Position[][][]; multi: boolean } {
  if (!isObject(g) || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) {
    const actual = isObject(g) && typeof g.type === 'string' ? `，当前为 ${g.type}` : '';
    fail(GEOMETRY_MESSAGES.notPolygon + actual);
  }
  const multi = g.type === 'MultiPolygon';
  const coords = g.coordinates;
  if (!Array.isArray(coords) || coords.length === 0) fail('面没有坐标');
  const rawPolygons: unknown[] = multi ? coords : [coords];
  let count = 0;
  let rings = 0;
  for (const poly of rawPolygons) {
    if (!Array.isArray(poly) || poly.length === 0) fail('面没有坐标');
    rings += poly.length;
    if (rings > maxRings) fail(`面和环过多（超过${maxRings}个），请拆分或简化后再导入`);
    for (const ring of poly) {
      if (!Array.isArray(ring)) fail('坐标格式错误：环必须是坐标数组');
      count += ring.length;
    }
  }
  if (count > maxVertices) fail(`顶点数过多（共${count}个，最多${maxVertices}个），请先简化图形`);
  const polygons: Position[][][] = rawPolygons.map((poly, p) =>
    (poly as unknown[]).map((ring, r) =>
      (ring as unknown[]).map((pos, k) => {
        if (
          !Array.isArray(pos) ||
          pos.length < 2 ||
          typeof pos[0] !== 'number' ||
          typeof pos[1] !== 'number' ||
          !Number.isFinite(pos[0]) ||
          !Number.isFinite(pos[1])
        ) {
          fail(`${ringLabel(multi, p, r)}的第${k + 1}个坐标格式错误：应为 [经度, 纬度] 数字`);
        }
        return [pos[0], pos[1]] as Position;
      }),
    ),
  );
  return { polygons, multi };
}

function checkRanges(polygons: Position[][][], chinaOnly: boolean): void {
  for (const poly of polygons) {
    for (const ring of poly) {
      for (const [x, y] of ring) {
        if (Math.abs(x) > 180 || Math.abs(y) > 90) {
          if (Math.abs(x) > 1000 || Math.abs(y) > 1000) {
            fail(
              `${GEOMETRY_MESSAGES.outOfRange}：坐标 (${fmt(x)}, ${fmt(y)}) 看起来是投影坐标（单位米），` +
                '请指定文件的坐标系（如 CGCS2000 3度带高斯-克吕格投影，并提供 .prj 文件）以便转换为经纬度',
            );
          }
          const swapped = Math.abs(y) <= 180 && Math.abs(x) <= 90 ? '，经纬度可能颠倒（应为 [经度, 纬度]）' : '';
          fail(`${GEOMETRY_MESSAGES.outOfRange}：坐标 (${fmt(x)}, ${fmt(y)})${swapped}`);
        }
      }
    }
  }
  if (!chinaOnly) return;
  const e = CHINA_EXTENT;
  const inChina = (x: number, y: number) => x >= e.minLon && x <= e.maxLon && y >= e.minLat && y <= e.maxLat;
  for (const poly of polygons) {
    for (const ring of poly) {
      for (const [x, y] of ring) {
        if (!inChina(x, y)) {
          const swapped = inChina(y, x) ? '，经纬度可能颠倒（应为 [经度, 纬度]）' : '';
          fail(
            `${GEOMETRY_MESSAGES.notInChina}（经度${e.minLon}~${e.maxLon}，纬度${e.minLat}~${e.maxLat}）：` +
              `坐标 (${fmt(x)}, ${fmt(y)})${swapped}`,
          );
        }
      }
    }
  }
}

/** Checks closure and vertex count, drops consecutive duplicates; returns the cleaned ring. */
function cleanRing(ring: Position[], label: string): Ring {
  if (ring.length < 4) fail(`${label}的顶点少于4个`);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) fail(`${label}未闭合：首尾坐标必须相同`);
  const out: Ring = [first];
  for (let i = 1; i < ring.length; i++) {
    const p = ring[i];
    const q = out[out.length - 1];
    if (p[0] !== q[0] || p[1] !== q[1]) out.push(p);
  }
  if (out.length < 4) fail(`${label}的顶点少于4个（已去除重复点）`);
  // zero area: all vertices on one line
  const a = out[0];
  let collinear = true;
  for (let i = 1; i < out.length - 1 && collinear; i++) {
    if (orient2d(a[0], a[1], out[1][0], out[1][1], out[i][0], out[i][1]) !== 0) collinear = false;
  }
  if (collinear) fail(`${label}面积为零（所有顶点在一条直线上）`);
  return out;
}

interface RingSegment extends IndexedSegment {
  poly: number;
  ring: number;
  index: number;
  ringSize: number;
}

function checkIntersections(polygons: Ring[][], multi: boolean): void {
  const segments: RingSegment[] = [];
  polygons.forEach((poly, p) =>
    poly.forEach((ring, r) => {
      const m = ring.length - 1;
      for (let i = 0; i < m; i++) {
        segments.push({ ax: ring[i][0], ay: ring[i][1], bx: ring[i + 1][0], by: ring[i + 1][1], poly: p, ring: r, index: i, ringSize: m });
      }
    }),
  );
  let selfHit: RingSegment | null = null;
  let ringHit: [RingSegment, RingSegment] | null = null;
  let polyHit: [RingSegment, RingSegment] | null = null;
  forEachCandidatePair(segments, (i, j) => {
    const s = segments[i];
    const t = segments[j];
    const rel = segmentRelation(s.ax, s.ay, s.bx, s.by, t.ax, t.ay, t.bx, t.by);
    if (rel === 'none') return false;
    if (s.poly === t.poly && s.ring === t.ring) {
      const d = Math.abs(s.index - t.index);
      const adjacent = d === 1 || d === s.ringSize - 1;
      if (adjacent && rel === 'touch') return false;
      if (!selfHit || s.poly < selfHit.poly || (s.poly === selfHit.poly && s.ring < selfHit.ring)) selfHit = s;
      return s.poly === 0 && s.ring === 0;
    }
    if (rel === 'touch') return false;
    if (s.poly === t.poly) ringHit ??= [s, t];
    else polyHit ??= [s, t];
    return false;
  });
  const self = selfHit as RingSegment | null;
  if (self) fail(`${ringLabel(multi, self.poly, self.ring)}自相交`);
  const rh = ringHit as [RingSegment, RingSegment] | null;
  if (rh) {
    const [a, b] = rh[0].ring < rh[1].ring ? rh : [rh[1], rh[0]];
    fail(`${ringLabel(multi, a.poly, a.ring)}与第${b.ring + 1}个环相交（内环必须在外环之内且互不重叠）`);
  }
  const ph = polyHit as [RingSegment, RingSegment] | null;
  if (ph) {
    const [a, b] = ph[0].poly < ph[1].poly ? ph : [ph[1], ph[0]];
    fail(`第${a.poly + 1}个面与第${b.poly + 1}个面重叠或有重合的边，请合并为一个面`);
  }
}

/** A vertex of `ring` not on the boundary of `other`, tested against it: 1 inside, -1 outside, 0 undecided. */
function ringSideOf(ring: Ring, other: Ring): 1 | 0 | -1 {
  for (let i = 0; i < ring.length - 1; i++) {
    const s = pointInRing(ring[i][0], ring[i][1], other);
    if (s !== 0) return s;
  }
  // every vertex on the other ring's boundary: test an edge midpoint
  for (let i = 0; i < ring.length - 1; i++) {
    const s = pointInRing((ring[i][0] + ring[i + 1][0]) / 2, (ring[i][1] + ring[i + 1][1]) / 2, other);
    if (s !== 0) return s;
  }
  return 0;
}

/** A ring's bounding box as the opposite corners of a "segment", for forEachCandidatePair. */
function ringBox(ring: Ring): IndexedSegment {
  let ax = Infinity;
  let ay = Infinity;
  let bx = -Infinity;
  let by = -Infinity;
  for (const [x, y] of ring) {
    if (x < ax) ax = x;
    if (x > bx) bx = x;
    if (y < ay) ay = y;
    if (y > by) by = y;
  }
  return { ax, ay, bx, by };
}

/** Pairs (i < j) of rings whose boxes overlap, ordered by i then j; others cannot contain each other. */
function overlappingPairs(rings: Ring[]): [number, number][] {
  const pairs: [number, number][] = [];
  forEachCandidatePair(rings.map(ringBox), (i, j) => {
    pairs.push([i, j]);
    return false;
  });
  return pairs;
}

function checkNesting(polygons: Ring[][], multi: boolean): void {
  polygons.forEach((poly, p) => {
    const shell = poly[0];
    // holes that may contain each other, listed under the later one as the checks go by h then k
    const earlier = new Map<number, number[]>();
    for (const [k, h] of overlappingPairs(poly.slice(1))) {
      const list = earlier.get(h + 1);
      if (list) list.push(k + 1);
      else earlier.set(h + 1, [k + 1]);
    }
    for (let h = 1; h < poly.length; h++) {
      if (ringSideOf(poly[h], shell) <= 0) {
        fail(`${ringLabel(multi, p, h)}（内环）不在外环之内`);
      }
      for (const k of earlier.get(h) ?? []) {
        if (ringSideOf(poly[h], poly[k]) > 0 || ringSideOf(poly[k], poly[h]) > 0) {
          fail(`${ringLabel(multi, p, k)}与第${h + 1}个环重叠（内环不能互相包含）`);
        }
      }
    }
  });
  // parts of a MultiPolygon must not lie inside each other (unless in a hole)
  const insidePart = (ring: Ring, part: Ring[]): boolean => {
    if (ringSideOf(ring, part[0]) <= 0) return false;
    for (let h = 1; h < part.length; h++) if (ringSideOf(ring, part[h]) > 0) return false;
    return true;
  };
  for (const [a, b] of overlappingPairs(polygons.map((poly) => poly[0]))) {
    if (insidePart(polygons[b][0], polygons[a]) || insidePart(polygons[a][0], polygons[b])) {
      fail(`第${a + 1}个面与第${b + 1}个面重叠或有重合的边，请合并为一个面`);
    }
  }
}

/**
 * Validates a parcel geometry. On success returns a normalised copy: 2D positions, consecutive
 * duplicate positions dropped, exteriors counter-clockwise and holes clockwise (RFC 7946).
 */
export function validateParcelGeometry(g: unknown, options: ValidateOptions = {}): GeometryValidation {
  try {
    const { polygons: raw, multi } = readStructure(g, options.maxVertices ?? MAX_PARCEL_VERTICES, options.maxRings ?? MAX_PARCEL_RINGS);
    checkRanges(raw, options.chinaOnly ?? true);
    const polygons: Ring[][] = raw.map((poly, p) => poly.map((ring, r) => cleanRing(ring, ringLabel(multi, p, r))));
    checkIntersections(polygons, multi);
    checkNesting(polygons, multi);
    const oriented = polygons.map((poly) =>
      poly.map((ring, r) => {
        const area = planarRingArea(ring);
        if (area === 0) fail(`${ringLabel(multi, polygons.indexOf(poly), r)}面积为零`);
        const wantPositive = r === 0;
        return area > 0 === wantPositive ? ring : [...ring].reverse();
      }),
    );
    const geometry: ParcelGeometry = multi
      ? { type: 'MultiPolygon', coordinates: oriented }
      : { type: 'Polygon', coordinates: oriented[0] };
    return { ok: true, geometry };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, message: e.message };
    throw e;
  }
}

/** Orients rings per RFC 7946 (exterior counter-clockwise, holes clockwise) without validating. */
export function rewindRfc7946(g: ParcelGeometry): ParcelGeometry {
  const fix = (poly: Ring[]) =>
    poly.map((ring, r) => (planarRingArea(ring) > 0 === (r === 0) ? ring : [...ring].reverse()));
  return g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: fix(g.coordinates) }
    : { type: 'MultiPolygon', coordinates: g.coordinates.map(fix) };
}
