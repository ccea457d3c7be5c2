/**
 * Well-known text (OGC WKT) of the geometries the platform keeps: points, lines and polygons.
 * It is the form a spreadsheet cell, a CSV column or a database export carries a boundary in.
 */
import type { Position } from '@land/shared/geo/index';
import { GisFileError } from './errors';

export type WktGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

const TYPES: Record<string, WktGeometry['type']> = {
  POINT: 'Point',
  LINESTRING: 'LineString',
  MULTILINESTRING: 'MultiLineString',
  POLYGON: 'Polygon',
  MULTIPOLYGON: 'MultiPolygon',
};

/** Nesting depth of the coordinate lists of each type (a point is a bare position). */
const DEPTH: Record<WktGeometry['type'], number> = { Point: 0, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

/** Whether a text looks like WKT (possibly EWKT with an SRID) rather than anything else. */
export function looksLikeWkt(text: string): boolean {
  return /^\s*(SRID=\d+;\s*)?(MULTI)?(POINT|LINESTRING|POLYGON)\b/i.test(text);
}

type Nested = Position | Nested[];

/**
 * Parses WKT (2D; Z and M values are dropped; an EWKT "SRID=4490;" prefix is accepted and
 * returned). Throws GisFileError with a Chinese message for anything malformed.
 */
export function parseWkt(text: string): { geometry: WktGeometry; srid: number | null } {
  const bad = (why: string) => new GisFileError(`WKT 格式错误：${why}`);
  let s = text.trim();
  let srid: number | null = null;
  const ewkt = /^SRID=(\d+);/i.exec(s);
  if (ewkt) {
    srid = Number(ewkt[1]);
    s = s.slice(ewkt[0].length).trim();
  }
  const head = /^([A-Za-z]+)\s*(ZM|Z|M)?\s*/.exec(s);
  const type = head ? TYPES[head[1].toUpperCase()] : undefined;
  if (!head || !type) throw bad('只支持 POINT、LINESTRING、MULTILINESTRING、POLYGON、MULTIPOLYGON');
  const body = s.slice(head[0].length).trim();
  if (/^EMPTY$/i.test(body)) throw bad('几何图形为空（EMPTY）');
  let i = 0;
  const skip = () => {
    while (i < body.length && /\s/.test(body[i])) i++;
  };
  const position = (): Position => {
    skip();
    const m = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?:\s+[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?){1,3}/.exec(body.slice(i));
    if (!m) throw bad(`第${i + 1}个字符处应为坐标`);
    i += m[0].length;
    const nums = m[0].trim().split(/\s+/).map(Number);
    return [nums[0], nums[1]];
  };
  const list = (depth: number): Nested[] => {
    skip();
    if (body[i] !== '(') throw bad(`第${i + 1}个字符处缺少“(”`);
    i++;
    const items: Nested[] = [];
    for (;;) {
      skip();
      // MULTIPOINT-style "(1 2)" members are not accepted: depth 0 items are bare positions.
      items.push(depth === 0 ? position() : list(depth - 1));
      skip();
      if (body[i] === ',') {
        i++;
        continue;
      }
      if (body[i] === ')') {
        i++;
        return items;
      }
      throw bad(`第${i + 1}个字符处应为“,”或“)”`);
    }
  };
  const depth = DEPTH[type];
  const parsed = depth === 0 ? (list(0)[0] as Position) : list(depth - 1);
  skip();
  if (i < body.length) throw bad(`第${i + 1}个字符后有多余内容`);
  if (type === 'Point') return { geometry: { type, coordinates: parsed as Position }, srid };
  return { geometry: { type, coordinates: parsed } as WktGeometry, srid };
}

function fmt(n: number, digits: number): string {
  // Fixed decimals without trailing zeros: compact, and never exponent notation.
  return Number(n.toFixed(digits)).toString();
}

/** WKT of a GeoJSON geometry, coordinates to `digits` decimals (default 9, about 0.1 mm). */
export function toWkt(g: { type: string; coordinates: unknown }, digits = 9): string {
  const pos = (p: unknown) => {
    const [x, y] = p as number[];
    return `${fmt(x, digits)} ${fmt(y, digits)}`;
  };
  const seq = (ps: unknown) => `(${(ps as unknown[]).map(pos).join(', ')})`;
  const rings = (rs: unknown) => `(${(rs as unknown[]).map(seq).join(', ')})`;
  switch (g.type) {
    case 'Point':
      return `POINT (${pos(g.coordinates)})`;
    case 'LineString':
      return `LINESTRING ${seq(g.coordinates)}`;
    case 'MultiLineString':
      return `MULTILINESTRING ${rings(g.coordinates)}`;
    case 'Polygon':
      return `POLYGON ${rings(g.coordinates)}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON (${(g.coordinates as unknown[]).map(rings).join(', ')})`;
    default:
      throw new GisFileError(`无法输出为 WKT 的几何类型：${g.type}`);
  }
}
