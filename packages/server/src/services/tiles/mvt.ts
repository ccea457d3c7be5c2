/**
 * Mapbox Vector Tile (MVT 2.1) encoding of lon-lat features: Web Mercator tile maths, clipping
 * to the tile plus a buffer, quantising to the tile grid, simplification and the protobuf
 * encoding. Pure code: the tile service feeds it rows, the tests decode its output with
 * @mapbox/vector-tile.
 */
import { PbfWriter } from 'pbf';

/** Tile grid units per tile side (the MVT default). */
export const EXTENT = 4096;
/** Grid units drawn outside the tile, so strokes at tile edges join up. */
export const BUFFER = 64;

export type Ring = number[][];
export type TileValue = string | number | boolean;
export type TileProps = Record<string, TileValue | null | undefined>;

/** A lon-lat feature: a polygon (list of polygons, each a list of rings) or a point. */
export type LonLatFeature =
  | { kind: 'polygon'; polygons: Ring[][]; props: TileProps }
  | { kind: 'point'; point: number[]; props: TileProps };

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** Lon-lat bounds [west, south, east, north] of a tile. */
export function tileBounds({ z, x, y }: TileCoord): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (px: number) => (px / n) * 360 - 180;
  const lat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

/** The tile of a zoom level that contains a lon-lat point. */
export function tileOf(lon: number, lat: number, z: number): TileCoord {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

/** Projects lon-lat into the tile's grid (0…EXTENT inside the tile, y down). */
export function projector({ z, x, y }: TileCoord): (lon: number, lat: number) => [number, number] {
  const n = 2 ** z;
  return (lon, lat) => {
    const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
    const rad = (clamped * Math.PI) / 180;
    const mx = ((lon + 180) / 360) * n;
    const my = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
    return [(mx - x) * EXTENT, (my - y) * EXTENT];
  };
}

/** Lon-lat bounds of the tile grown by the buffer: what may reach the tile. */
export function bufferedBounds(tile: TileCoord): [number, number, number, number] {
  const [w, s, e, n] = tileBounds(tile);
  const dx = ((e - w) * BUFFER) / EXTENT;
  const dy = ((n - s) * BUFFER) / EXTENT;
  return [w - dx, s - dy, e + dx, n + dy];
}

// ---------------------------------------------------------------------------------------
// Geometry in tile units
// ---------------------------------------------------------------------------------------

/** Sutherland–Hodgman clipping of a closed ring (first point not repeated) to a square. */
function clipRing(ring: Ring, min: number, max: number): Ring {
  let out = ring;
  const edges: [number, boolean][] = [
    [0, false],
    [0, true],
    [1, false],
    [1, true],
  ];
  for (const [axis, upper] of edges) {
    const inside = (p: number[]) => (upper ? p[axis] <= max : p[axis] >= min);
    const bound = upper ? max : min;
    const input = out;
    out = [];
    if (input.length === 0) break;
    let prev = input[input.length - 1];
    for (const cur of input) {
      const cin = inside(cur);
      const pin = inside(prev);
      if (cin !== pin) {
        const t = (bound - prev[axis]) / (cur[axis] - prev[axis]);
        const other = 1 - axis;
        const p = [0, 0];
        p[axis] = bound;
        p[other] = prev[other] + t * (cur[other] - prev[other]);
        out.push(p);
      }
      if (cin) out.push(cur);
      prev = cur;
    }
  }
  return out;
}

function sqSegDist(p: number[], a: number[], b: number[]): number {
  let x = a[0];
  let y = a[1];
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Douglas–Peucker on an open ring (closing point not repeated), keeping the first point. */
function simplifyRing(ring: Ring, tolerance: number): Ring {
  if (tolerance <= 0 || ring.length <= 4) return ring;
  const closed = [...ring, ring[0]];
  const keep = new Uint8Array(closed.length);
  keep[0] = 1;
  keep[closed.length - 1] = 1;
  const sq = tolerance * tolerance;
  const stack: [number, number][] = [[0, closed.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let maxDist = 0;
    let index = 0;
    for (let i = first + 1; i < last; i++) {
      const d = sqSegDist(closed[i], closed[first], closed[last]);
      if (d > maxDist) {
        maxDist = d;
        index = i;
      }
    }
    if (maxDist > sq) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  const out: Ring = [];
  for (let i = 0; i < closed.length - 1; i++) if (keep[i]) out.push(closed[i]);
  return out;
}

/** Twice the signed area of a ring in tile units, by the surveyor's formula (MVT: outer rings positive). */
function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return sum;
}

/** Rounds to the grid and drops repeated points. */
function quantise(ring: Ring): Ring {
  const out: Ring = [];
  for (const p of ring) {
    const q = [Math.round(p[0]), Math.round(p[1])];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/**
 * A lon-lat polygon in tile units: clipped to the buffered tile, simplified, on the grid,
 * outer rings clockwise and holes anticlockwise (MVT 2.1). Rings that vanish are dropped;
 * null when nothing of the polygon is left.
 */
export function polygonToTile(polygons: Ring[][], project: (lon: number, lat: number) => [number, number], tolerance: number): Ring[][] | null {
  const out: Ring[][] = [];
  for (const polygon of polygons) {
    const rings: Ring[] = [];
    for (let r = 0; r < polygon.length; r++) {
      const src = polygon[r];
      // GeoJSON rings repeat their first point at the end.
      const n = src.length > 1 && src[0][0] === src[src.length - 1][0] && src[0][1] === src[src.length - 1][1] ? src.length - 1 : src.length;
      const projected: Ring = [];
      for (let i = 0; i < n; i++) projected.push(project(src[i][0], src[i][1]));
      const clipped = clipRing(projected, -BUFFER, EXTENT + BUFFER);
      let ring = quantise(simplifyRing(clipped, tolerance));
      // Simplification never makes a parcel vanish: a small one keeps its grid outline.
      if (r === 0 && tolerance > 0 && (ring.length < 3 || signedArea(ring) === 0)) ring = quantise(clipped);
      if (ring.length < 3) {
        if (r === 0) break;
        continue;
      }
      const area = signedArea(ring);
      if (area === 0) {
        if (r === 0) break;
        continue;
      }
      const outer = r === 0;
      if ((outer && area < 0) || (!outer && area > 0)) ring.reverse();
      rings.push(ring);
    }
    if (rings.length > 0) out.push(rings);
  }
  return out.length ? out : null;
}

// ---------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------

export interface TileFeature {
  type: 1 | 3;
  /** Point: [[x, y]]; polygon: polygons of rings, in tile units. */
  geometry: number[][] | Ring[][];
  props: TileProps;
}

export interface TileLayer {
  name: string;
  features: TileFeature[];
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 0x7) | (count << 3);

function geometryCommands(f: TileFeature): number[] {
  const out: number[] = [];
  let cx = 0;
  let cy = 0;
  const moveTo = (p: number[]) => {
    out.push(command(1, 1), zigzag(p[0] - cx), zigzag(p[1] - cy));
    cx = p[0];
    cy = p[1];
  };
  if (f.type === 1) {
    moveTo((f.geometry as number[][])[0]);
    return out;
  }
  for (const polygon of f.geometry as Ring[][]) {
    for (const ring of polygon) {
      moveTo(ring[0]);
      out.push(command(2, ring.length - 1));
      for (let i = 1; i < ring.length; i++) {
        out.push(zigzag(ring[i][0] - cx), zigzag(ring[i][1] - cy));
        cx = ring[i][0];
        cy = ring[i][1];
      }
      out.push(command(7, 1));
    }
  }
  return out;
}

function writeValue(value: TileValue, pbf: PbfWriter): void {
  if (typeof value === 'string') pbf.writeStringField(1, value);
  else if (typeof value === 'boolean') pbf.writeBooleanField(7, value);
  else if (Number.isInteger(value) && value >= 0) pbf.writeVarintField(5, value);
  else if (Number.isInteger(value)) pbf.writeSVarintField(6, value);
  else pbf.writeDoubleField(3, value);
}

function writeLayer(layer: TileLayer, pbf: PbfWriter): void {
  pbf.writeVarintField(15, 2);
  pbf.writeStringField(1, layer.name);
  const keys = new Map<string, number>();
  const values = new Map<string, number>();
  const valueList: TileValue[] = [];
  for (const f of layer.features) {
    const tags: number[] = [];
    for (const [k, v] of Object.entries(f.props)) {
      if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) continue;
      let ki = keys.get(k);
      if (ki === undefined) {
        ki = keys.size;
        keys.set(k, ki);
      }
      const vk = `${typeof v}:${String(v)}`;
      let vi = values.get(vk);
      if (vi === undefined) {
        vi = valueList.length;
        values.set(vk, vi);
        valueList.push(v);
      }
      tags.push(ki, vi);
    }
    pbf.writeMessage(
      2,
      (feature: TileFeature, w: PbfWriter) => {
        w.writePackedVarint(2, tags);
        w.writeVarintField(3, feature.type);
        w.writePackedVarint(4, geometryCommands(feature));
      },
      f,
    );
  }
  for (const k of keys.keys()) pbf.writeStringField(3, k);
  for (const v of valueList) pbf.writeMessage(4, writeValue, v);
  pbf.writeVarintField(5, EXTENT);
}

/** Encodes layers as one tile; layers without features are left out (an empty tile is 0 bytes). */
export function encodeTile(layers: TileLayer[]): Uint8Array {
  const pbf = new PbfWriter();
  for (const layer of layers) if (layer.features.length > 0) pbf.writeMessage(3, writeLayer, layer);
  return pbf.finish();
}

/** Lon-lat features of one layer → tile features (clipped, simplified, on the grid). */
export function tileFeatures(features: LonLatFeature[], tile: TileCoord, tolerance: number): TileFeature[] {
  const project = projector(tile);
  const out: TileFeature[] = [];
  for (const f of features) {
    if (f.kind === 'point') {
      const [px, py] = project(f.point[0], f.point[1]);
      const p = [Math.round(px), Math.round(py)];
      if (p[0] < 0 || p[0] >= EXTENT || p[1] < 0 || p[1] >= EXTENT) continue;
      out.push({ type: 1, geometry: [p], props: f.props });
      continue;
    }
    const geometry = polygonToTile(f.polygons, project, tolerance);
    if (geometry) out.push({ type: 3, geometry, props: f.props });
  }
  return out;
}

/** Polygons of a GeoJSON Polygon / MultiPolygon (object or JSON text), or null. */
export function parsePolygons(value: unknown): Ring[][] | null {
  let g = value;
  if (typeof g === 'string') {
    try {
      g = JSON.parse(g);
    } catch {
      return null;
    }
  }
  if (!g || typeof g !== 'object') return null;
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (!Array.isArray(coordinates)) return null;
  if (type === 'Polygon') return [coordinates as Ring[]];
  if (type === 'MultiPolygon') return coordinates as Ring[][];
  return null;
}
