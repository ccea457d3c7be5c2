/**
 * Coordinate reference systems of the OGC API (Part 2: CRS by reference). Stored geometries
 * are longitude-latitude on CGCS2000 (the platform treats it as WGS 84 to the centimetre), so
 * CRS84 and EPSG:4490 differ only in axis order, and the Gauss-Krüger zones are projections of
 * the stored coordinates (the shared Gauss-Krüger code). Axis order follows each CRS's
 * definition, as the standard requires: EPSG:4490 is latitude, longitude; the CGCS2000
 * Gauss-Krüger systems (EPSG:4491–4554) are northing (X), easting (Y).
 */
import { crsFromEpsg, mapPositions, type CrsInfo, type ParcelGeometry, type Position } from '@land/shared/geo/index';
import { validationError } from '../../lib/errors';

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const EPSG_PREFIX = 'http://www.opengis.net/def/crs/EPSG/0/';

/** CGCS2000 geographic, then its Gauss-Krüger zones: 6° with and without zone prefix, 3° likewise. */
export const SUPPORTED_EPSG: readonly number[] = [4490, ...Array.from({ length: 4554 - 4491 + 1 }, (_, i) => 4491 + i)];

export const SUPPORTED_CRS: readonly string[] = [CRS84, ...SUPPORTED_EPSG.map((c) => `${EPSG_PREFIX}${c}`)];

export interface OutputCrs {
  uri: string;
  /** lon-lat → coordinates in this CRS, in its axis order. */
  forward(p: Position): Position;
  /** Coordinates in this CRS (its axis order) → lon-lat. */
  inverse(p: Position): Position;
  /** Whether coordinates are degrees (bbox corners can be swapped) or metres. */
  geographic: boolean;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

const CRS84_OUT: OutputCrs = { uri: CRS84, forward: (p) => [p[0], p[1]], inverse: (p) => [p[0], p[1]], geographic: true };

function gaussKruger(uri: string, info: CrsInfo): OutputCrs {
  return {
    uri,
    geographic: false,
    // Northing first; millimetres are more than enough for survey data.
    forward: (p) => {
      const [x, y] = info.fromLonLat(p[0], p[1]);
      return [round(y, 3), round(x, 3)];
    },
    inverse: (p) => info.toLonLat(p[1], p[0]),
  };
}

/**
 * The CRS a `crs` or `bbox-crs` parameter names: the URI from the collection's list (also
 * "EPSG:4490" or the URN form for convenience); undefined when not given. Unknown → A0400.
 */
export function parseCrs(value: unknown, field: string): OutputCrs | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 200) throw validationError(field, `${field} 参数不正确`);
  const s = value.trim().replace(/^\[(.*)\]$/, '$1');
  if (s === CRS84 || /^(OGC:)?CRS:?84$/i.test(s) || /^urn:ogc:def:crs:OGC:1\.3:CRS84$/i.test(s)) return CRS84_OUT;
  const m = /^(?:http:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/|EPSG:|urn:ogc:def:crs:EPSG::)(\d{4,5})$/i.exec(s);
  const code = m ? Number(m[1]) : NaN;
  if (!SUPPORTED_EPSG.includes(code)) {
    throw validationError(field, `不支持的坐标参考系：${s.slice(0, 80)}（可用 CRS84、EPSG:4490 与 CGCS2000 高斯-克吕格投影 EPSG:4491–4554）`);
  }
  const uri = `${EPSG_PREFIX}${code}`;
  if (code === 4490) return { uri, geographic: true, forward: (p) => [p[1], p[0]], inverse: (p) => [p[1], p[0]] };
  return gaussKruger(uri, crsFromEpsg(code)!);
}

export function outputCrs(value: unknown): OutputCrs {
  return parseCrs(value, 'crs') ?? CRS84_OUT;
}

export function transformGeometry(g: ParcelGeometry, crs: OutputCrs): ParcelGeometry {
  return crs === CRS84_OUT ? g : mapPositions(g, (p) => crs.forward(p));
}

/**
 * A `bbox` parameter (4 numbers, or 6 with heights, in the axis order of `bbox-crs`) as a
 * lon-lat box [w, s, e, n]. A projected box becomes the lon-lat box around its edges.
 */
export function parseBbox(value: unknown, crsValue: unknown): [number, number, number, number] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const bad = () => validationError('bbox', 'bbox 应为逗号分隔的4个数字（最小x,最小y,最大x,最大y，顺序按 bbox-crs 的坐标轴）');
  if (typeof value !== 'string' || value.length > 200) throw bad();
  const parts = value.split(',').map((v) => v.trim());
  if (parts.length !== 4 && parts.length !== 6) throw bad();
  if (!parts.every((v) => /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(v))) throw bad();
  const n = parts.map(Number);
  const [a0, a1, b0, b1] = n.length === 6 ? [n[0], n[1], n[3], n[4]] : n;
  const crs = parseCrs(crsValue, 'bbox-crs') ?? CRS84_OUT;
  if (crs === CRS84_OUT) {
    // CRS84 boxes may cross the antimeridian (w > e); the zone never does, so such a box is refused.
    if (a0 > b0 || a1 > b1 || a0 < -180 || b0 > 180 || a1 < -90 || b1 > 90) throw validationError('bbox', 'bbox 范围不正确：经度应在 -180 到 180、纬度在 -90 到 90 之间，且最小值不大于最大值');
    return [a0, a1, b0, b1];
  }
  if (a0 > b0 || a1 > b1) throw validationError('bbox', 'bbox 范围不正确：最小值不能大于最大值');
  const corners: Position[] = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    corners.push([a0 + (b0 - a0) * t, a1], [a0 + (b0 - a0) * t, b1], [a0, a1 + (b1 - a1) * t], [b0, a1 + (b1 - a1) * t]);
  }
  const lonLat = corners.map((p) => crs.inverse(p));
  const lons = lonLat.map((p) => p[0]);
  const lats = lonLat.map((p) => p[1]);
  const box: [number, number, number, number] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  if (!box.every(Number.isFinite) || box[1] < -90 || box[3] > 90) throw validationError('bbox', 'bbox 超出该坐标参考系的范围');
  return box;
}
