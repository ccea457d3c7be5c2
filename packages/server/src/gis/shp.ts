/** ESRI shapefile geometry (.shp / .shx): polygon reading and writing. */
import {
  planarRingArea,
  pointInRing,
  polygonsOf,
  type BBox,
  type ParcelGeometry,
  type Position,
  type Ring,
} from '@land/shared/geo/index';
import { GisFileError, wrongLayerError } from './errors';

export const SHAPE_TYPE_NAMES: Record<number, string> = {
  0: '空',
  1: '点',
  3: '线',
  5: '面',
  8: '多点',
  11: '点',
  13: '线',
  15: '面',
  18: '多点',
  21: '点',
  23: '线',
  25: '面',
  28: '多点',
  31: '多面体（MultiPatch）',
};

const POLYGON_TYPES = new Set([5, 15, 25]);
const LINE_TYPES = new Set([3, 13, 23]);

/** Which layers a reader accepts: areas (parcels) or lines (pipes, roads). */
export type ShapeKind = 'polygon' | 'line';

const KIND_TYPES: Record<ShapeKind, Set<number>> = { polygon: POLYGON_TYPES, line: LINE_TYPES };

function wrongLayer(kind: ShapeKind, type: number): GisFileError {
  return wrongLayerError(kind, [SHAPE_TYPE_NAMES[type] ?? `未知类型 ${type}`]);
}

export interface ShpFile {
  shapeType: number;
  /**
   * one entry per record in file order: the rings (closed) of a polygon or the parts of a
   * line, or null for a null shape
   */
  records: (Ring[] | null)[];
}

/**
 * Reads the records of a polygon .shp (or, with kind 'line', a polyline one); throws
 * GisFileError for another geometry type.
 */
export function readShp(buf: Uint8Array, kind: ShapeKind = 'polygon'): ShpFile {
  const accepted = KIND_TYPES[kind];
  if (buf.length < 100) throw new GisFileError('.shp 文件已损坏（文件过短）');
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (view.getInt32(0, false) !== 9994) throw new GisFileError('.shp 文件已损坏（文件头无效）');
  const shapeType = view.getInt32(32, true);
  if (!accepted.has(shapeType) && shapeType !== 0) throw wrongLayer(kind, shapeType);
  const end = Math.min(buf.length, view.getInt32(24, false) * 2 || buf.length);
  const records: (Ring[] | null)[] = [];
  let p = 100;
  while (p + 12 <= end) {
    const contentBytes = view.getInt32(p + 4, false) * 2;
    const c = p + 8;
    if (contentBytes < 4 || c + contentBytes > buf.length) throw new GisFileError(`.shp 文件已损坏（第${records.length + 1}条记录不完整）`);
    const type = view.getInt32(c, true);
    if (type === 0) {
      records.push(null);
    } else if (!accepted.has(type)) {
      throw wrongLayer(kind, type);
    } else {
      if (contentBytes < 44) throw new GisFileError(`.shp 文件已损坏（第${records.length + 1}条记录不完整）`);
      const numParts = view.getInt32(c + 36, true);
      const numPoints = view.getInt32(c + 40, true);
      const partsAt = c + 44;
      const pointsAt = partsAt + numParts * 4;
      if (numParts < 0 || numPoints < 0 || pointsAt + numPoints * 16 > c + contentBytes) {
        throw new GisFileError(`.shp 文件已损坏（第${records.length + 1}条记录的点数无效）`);
      }
      const rings: Ring[] = [];
      for (let k = 0; k < numParts; k++) {
        const start = view.getInt32(partsAt + k * 4, true);
        const stop = k + 1 < numParts ? view.getInt32(partsAt + (k + 1) * 4, true) : numPoints;
        if (start < 0 || stop > numPoints || stop < start) throw new GisFileError(`.shp 文件已损坏（第${records.length + 1}条记录的分部无效）`);
        const ring: Ring = [];
        for (let i = start; i < stop; i++) {
          ring.push([view.getFloat64(pointsAt + i * 16, true), view.getFloat64(pointsAt + i * 16 + 8, true)]);
        }
        if (ring.length > 0) {
          const a = ring[0];
          const b = ring[ring.length - 1];
          // Polygon rings are closed; a line's parts stay open.
          if (kind === 'polygon' && (a[0] !== b[0] || a[1] !== b[1])) ring.push([a[0], a[1]]);
          rings.push(ring);
        }
      }
      records.push(rings.length ? rings : null);
    }
    p = c + contentBytes;
  }
  return { shapeType, records };
}

function ringInside(ring: Ring, other: Ring): boolean {
  for (let i = 0; i < ring.length - 1; i++) {
    const s = pointInRing(ring[i][0], ring[i][1], other);
    if (s !== 0) return s > 0;
  }
  return false;
}

/**
 * Groups shapefile rings into polygons: clockwise rings are exteriors, counter-clockwise ones
 * holes, each hole going to the smallest exterior that contains it. A hole inside no exterior
 * becomes an exterior of its own; a file whose rings are all counter-clockwise (a common
 * writer mistake) is grouped by nesting instead. Rings keep their orientation here.
 */
export function groupRings(rings: Ring[]): Ring[][] {
  const withArea = rings.map((ring) => ({ ring, area: planarRingArea(ring) })).filter((r) => r.area !== 0 && r.ring.length >= 4);
  if (withArea.length === 0) return [];
  let outers = withArea.filter((r) => r.area < 0);
  let holes = withArea.filter((r) => r.area > 0);
  if (outers.length === 0) {
    // no clockwise ring: decide by nesting depth
    const depth = withArea.map((r) => withArea.filter((o) => o !== r && Math.abs(o.area) > Math.abs(r.area) && ringInside(r.ring, o.ring)).length);
    outers = withArea.filter((_, i) => depth[i] % 2 === 0);
    holes = withArea.filter((_, i) => depth[i] % 2 === 1);
  }
  const polygons = outers
    .slice()
    .sort((a, b) => Math.abs(b.area) - Math.abs(a.area))
    .map((o) => ({ outer: o, holes: [] as Ring[] }));
  for (const h of holes) {
    let best: (typeof polygons)[number] | null = null;
    for (const p of polygons) {
      if (Math.abs(p.outer.area) > Math.abs(h.area) && ringInside(h.ring, p.outer.ring)) {
        if (!best || Math.abs(p.outer.area) < Math.abs(best.outer.area)) best = p;
      }
    }
    if (best) best.holes.push(h.ring);
    else polygons.push({ outer: h, holes: [] });
  }
  return polygons.map((p) => [p.outer.ring, ...p.holes]);
}

// ---------------------------------------------------------------- writing

function shpHeader(view: DataView, fileBytes: number, shapeType: number, box: BBox): void {
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeType, true);
  view.setFloat64(36, box[0], true);
  view.setFloat64(44, box[1], true);
  view.setFloat64(52, box[2], true);
  view.setFloat64(60, box[3], true);
}

/** Shapefile ring order: exterior clockwise, holes counter-clockwise. */
export function shapefileRings(g: ParcelGeometry): Ring[] {
  const out: Ring[] = [];
  for (const poly of polygonsOf(g)) {
    poly.forEach((ring, i) => {
      const cw = planarRingArea(ring) < 0;
      out.push(cw === (i === 0) ? ring : [...ring].reverse());
    });
  }
  return out;
}

/**
 * Writes polygon geometries (already in the output coordinates) as .shp and .shx (type 5,
 * 2D). A null geometry is written as a null shape.
 */
export function writeShp(geometries: (ParcelGeometry | null)[]): { shp: Uint8Array; shx: Uint8Array } {
  const records = geometries.map((g) => {
    if (!g) return { rings: [] as Ring[], points: 0, box: null as BBox | null };
    const rings = shapefileRings(g);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let points = 0;
    for (const r of rings) {
      for (const p of r) {
        if (p[0] < minX) minX = p[0];
        if (p[0] > maxX) maxX = p[0];
        if (p[1] < minY) minY = p[1];
        if (p[1] > maxY) maxY = p[1];
      }
      points += r.length;
    }
    return { rings, points, box: points ? ([minX, minY, maxX, maxY] as BBox) : null };
  });
  const contentBytes = records.map((r) => (r.box ? 44 + r.rings.length * 4 + r.points * 16 : 4));
  const shpBytes = 100 + contentBytes.reduce((s, c) => s + 8 + c, 0);
  const shxBytes = 100 + records.length * 8;
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(shxBytes);
  const sv = new DataView(shp.buffer);
  const xv = new DataView(shx.buffer);
  const boxes = records.map((r) => r.box).filter((b): b is BBox => b !== null);
  const all: BBox = boxes.length
    ? [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))]
    : [0, 0, 0, 0];
  shpHeader(sv, shpBytes, 5, all);
  shpHeader(xv, shxBytes, 5, all);
  let p = 100;
  records.forEach((r, i) => {
    xv.setInt32(100 + i * 8, p / 2, false);
    xv.setInt32(100 + i * 8 + 4, contentBytes[i] / 2, false);
    sv.setInt32(p, i + 1, false);
    sv.setInt32(p + 4, contentBytes[i] / 2, false);
    const c = p + 8;
    if (!r.box) {
      sv.setInt32(c, 0, true);
    } else {
      sv.setInt32(c, 5, true);
      sv.setFloat64(c + 4, r.box[0], true);
      sv.setFloat64(c + 12, r.box[1], true);
      sv.setFloat64(c + 20, r.box[2], true);
      sv.setFloat64(c + 28, r.box[3], true);
      sv.setInt32(c + 36, r.rings.length, true);
      sv.setInt32(c + 40, r.points, true);
      let start = 0;
      r.rings.forEach((ring, k) => {
        sv.setInt32(c + 44 + k * 4, start, true);
        start += ring.length;
      });
      let q = c + 44 + r.rings.length * 4;
      for (const ring of r.rings) {
        for (const pt of ring as Position[]) {
          sv.setFloat64(q, pt[0], true);
          sv.setFloat64(q + 8, pt[1], true);
          q += 16;
        }
      }
    }
    p = c + contentBytes[i];
  });
  return { shp, shx };
}
